// A LeetCode 37 solution whose search holds a string with a line break, a
// quote and a backslash in it, and an int after it: the trace shows both,
// the string as a C++ literal.
class Solution {
public:
    bool fits(vector<vector<char>>& b, int r, int c, char d) {
        for (int i = 0; i < 9; i++) {
            if (b[r][i] == d || b[i][c] == d || b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
        }
        return true;
    }
    bool go(vector<vector<char>>& b, int pos) {
        if (pos == 81) return true;
        int r = pos / 9, c = pos % 9;
        if (b[r][c] != '.') return go(b, pos + 1);
        string note = "row\nend \"q\" \\";
        int after = 42;
        for (char d = '1'; d <= '9'; d++) {
            if (!fits(b, r, c, d)) continue;
            b[r][c] = d;
            if (go(b, pos + 1)) return true;
            b[r][c] = '.';
        }
        return false;
    }
    void solveSudoku(vector<vector<char>>& board) { go(board, 0); }
};
