// A LeetCode 37 file whose masks are one vector each, made in solveSudoku
// and passed down the recursion by reference: every call of fill holds the
// same three objects. The masks change before each write to the board (a
// digit's bit set before it is written, cleared before it is taken back),
// so at every write they are the masks of the board as it is then.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        vector<int> rows(9), cols(9), boxes(9);
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                if (board[r][c] != '.') {
                    int bit = 1 << (board[r][c] - '0');
                    rows[r] |= bit;
                    cols[c] |= bit;
                    boxes[r / 3 * 3 + c / 3] |= bit;
                }
            }
        }
        fill(board, rows, cols, boxes, 0);
    }

    bool fill(vector<vector<char>>& board, vector<int>& rows, vector<int>& cols, vector<int>& boxes, int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9, b = r / 3 * 3 + c / 3;
        if (board[r][c] != '.') return fill(board, rows, cols, boxes, k + 1);
        for (int d = 1; d <= 9; d++) {
            int bit = 1 << d;
            if ((rows[r] | cols[c] | boxes[b]) & bit) continue;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
            board[r][c] = '0' + d;
            if (fill(board, rows, cols, boxes, k + 1)) return true;
            rows[r] ^= bit;
            cols[c] ^= bit;
            boxes[b] ^= bit;
            board[r][c] = '.';
        }
        return false;
    }
};
