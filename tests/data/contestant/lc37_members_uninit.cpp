// LeetCode 37 with marks as members that have no initializer: LeetCode
// builds `new Solution()`, which value-initializes them to zero.
class Solution {
    bool row[9][10], col[9][10], box[9][10];
    int empty[81], count;

    bool dfs(vector<vector<char>>& board, int k) {
        if (k == count) return true;
        int r = empty[k] / 9, c = empty[k] % 9, b = r / 3 * 3 + c / 3;
        for (int d = 1; d <= 9; d++) {
            if (row[r][d] || col[c][d] || box[b][d]) continue;
            row[r][d] = col[c][d] = box[b][d] = true;
            board[r][c] = '0' + d;
            if (dfs(board, k + 1)) return true;
            row[r][d] = col[c][d] = box[b][d] = false;
        }
        board[r][c] = '.';
        return false;
    }

public:
    void solveSudoku(vector<vector<char>>& board) {
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) {
                if (board[r][c] == '.') {
                    empty[count++] = r * 9 + c;
                    continue;
                }
                int d = board[r][c] - '0';
                row[r][d] = col[c][d] = box[r / 3 * 3 + c / 3][d] = true;
            }
        dfs(board, 0);
    }
};
