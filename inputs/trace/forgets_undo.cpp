// A user's own LeetCode 37 solution in C++, for `sudoku trace --approach`:
// inputs/trace/marks_forward.cpp with the learner's usual slip: when the
// call below fails, the marks are cleared but the digit stays on the board
// (remove forgets board[i][j] = '.'): its sixth write, 9 over the 8 at row 1,
// col 7, is the first the right DFS does not make.
class Solution {
    bool row[9][10] = {}, col[9][10] = {}, block[9][10] = {};

    void place(vector<vector<char>>& board, int i, int j, int num) {
        board[i][j] = '0' + num;
        row[i][num] = col[j][num] = block[i / 3 * 3 + j / 3][num] = true;
    }

    void remove(vector<vector<char>>& board, int i, int j, int num) {
        row[i][num] = col[j][num] = block[i / 3 * 3 + j / 3][num] = false;
        // BUG: the digit stays on the board: board[i][j] = '.' is missing.
    }

    bool dfs(vector<vector<char>>& board, int i, int j) {
        while (board[i][j] != '.') {
            if (++j >= 9) { i++; j = 0; }
            if (i >= 9) return true;
        }
        int b = i / 3 * 3 + j / 3;
        for (int num = 1; num <= 9; num++) {
            if (row[i][num] || col[j][num] || block[b][num]) continue;
            place(board, i, j, num);
            if (dfs(board, i, j)) return true;
            remove(board, i, j, num);
        }
        return false;
    }

public:
    void solveSudoku(vector<vector<char>>& board) {
        for (int i = 0; i < 9; i++)
            for (int j = 0; j < 9; j++)
                if (board[i][j] != '.') {
                    int num = board[i][j] - '0';
                    row[i][num] = col[j][num] = block[i / 3 * 3 + j / 3][num] = true;
                }
        dfs(board, 0, 0);
    }
};
