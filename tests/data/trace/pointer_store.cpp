// A LeetCode 37 file that writes the board through a pointer to the cell
// (`char* cell = &board[r][c]; *cell = d;`).
class Solution {
    bool fill(vector<vector<char>>& board, int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        char* cell = &board[r][c];
        if (*cell != '.') return fill(board, k + 1);
        for (char d = '1'; d <= '9'; d++) {
            bool fits = true;
            for (int i = 0; i < 9; i++)
                if (board[r][i] == d || board[i][c] == d || board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) fits = false;
            if (!fits) continue;
            *cell = d;
            if (fill(board, k + 1)) return true;
            *cell = '.';
        }
        return false;
    }
public:
    void solveSudoku(vector<vector<char>>& board) { fill(board, 0); }
};
