// A LeetCode 37 file whose marks and count are members of its class: a
// table of booleans for each row, column and box (rows[r][d]: digit d is in
// row r) and the number of digits placed, each changed before the write it
// goes with, so that at every write they are the board's as it is then.
class Solution {
    bool rows[9][10] = {}, cols[9][10] = {}, boxes[9][10] = {};
    int placed = 0;
    bool fill(vector<vector<char>>& board, int k) {
        if (!inside(k)) return true;
        int r = k / 9, c = k % 9, b = r / 3 * 3 + c / 3;
        if (board[r][c] != '.') return fill(board, k + 1);
        for (int d = 1; d <= 9; d++) {
            if (rows[r][d] || cols[c][d] || boxes[b][d]) continue;
            rows[r][d] = cols[c][d] = boxes[b][d] = true;
            placed++;
            board[r][c] = '0' + d;
            if (fill(board, k + 1)) return true;
            rows[r][d] = cols[c][d] = boxes[b][d] = false;
            placed--;
            board[r][c] = '.';
        }
        return false;
    }
    // A static member function: no object's members to name.
    static bool inside(int k) { return k < 81; }
public:
    void solveSudoku(vector<vector<char>>& board) {
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                if (board[r][c] != '.') {
                    int d = board[r][c] - '0';
                    rows[r][d] = cols[c][d] = boxes[r / 3 * 3 + c / 3][d] = true;
                }
        fill(board, 0);
    }
};
