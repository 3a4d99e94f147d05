// A LeetCode 37 file whose search is a lambda held in a std::function,
// capturing by reference the board, three tables of flags and a count of
// the writes to the board, made one before each.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        vector<vector<bool>> inRow(9, vector<bool>(10)), inCol(9, vector<bool>(10)), inBox(9, vector<bool>(10));
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                if (board[r][c] != '.') {
                    int d = board[r][c] - '0';
                    inRow[r][d] = inCol[c][d] = inBox[r / 3 * 3 + c / 3][d] = true;
                }
        int writes = 0;
        function<bool(int)> place = [&](int k) {
            if (k == 81) return true;
            int r = k / 9, c = k % 9, b = r / 3 * 3 + c / 3;
            if (board[r][c] != '.') return place(k + 1);
            for (int d = 1; d <= 9; d++) {
                if (inRow[r][d] || inCol[c][d] || inBox[b][d]) continue;
                inRow[r][d] = inCol[c][d] = inBox[b][d] = true;
                writes++;
                board[r][c] = '0' + d;
                if (place(k + 1)) return true;
                inRow[r][d] = inCol[c][d] = inBox[b][d] = false;
                writes++;
                board[r][c] = '.';
            }
            return false;
        };
        place(0);
    }
};
