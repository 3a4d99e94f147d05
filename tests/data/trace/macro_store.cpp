// A LeetCode 37 file that writes the board through a macro, `PUT(r, c, d)`:
// the trace reads the file as written, not as the preprocessor expands it,
// so it sees none of these writes, and says so.
#define PUT(r, c, d) (board[r][c] = (d))
class Solution {
    bool fill(vector<vector<char>>& board, int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        if (board[r][c] != '.') return fill(board, k + 1);
        for (char d = '1'; d <= '9'; d++) {
            bool fits = true;
            for (int i = 0; i < 9; i++)
                if (board[r][i] == d || board[i][c] == d || board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) fits = false;
            if (!fits) continue;
            PUT(r, c, d);
            if (fill(board, k + 1)) return true;
            PUT(r, c, '.');
        }
        return false;
    }
public:
    void solveSudoku(vector<vector<char>>& board) { fill(board, 0); }
};
