// A LeetCode paste with a typo on line 10: the compiler's excerpt must
// show this file's line 10, not a line of the judge's harness.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        dfs(board, 0);
    }

    bool dfs(vector<vector<char>>& board, int k) {
        if (k == 81) return ture;
        int r = k / 9, c = k % 9;
        if (board[r][c] != '.') return dfs(board, k + 1);
        return false;
    }
};
