// LeetCode 37 that reads one cell past the end of a row (c + 1 at c = 8):
// harmless-looking where nothing checks, RE under LeetCode's AddressSanitizer.
class Solution {
    bool fits(vector<vector<char>>& b, int r, int c, char d) {
        for (int i = 0; i < 9; i++)
            if (b[r][i] == d || b[i][c] == d || b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d)
                return false;
        return true;
    }
    bool dfs(vector<vector<char>>& b, int r, int c) {
        if (r == 9) return true;
        if (b[r][c + 1] == '!') return false; // reads b[r][9] at the end of a row
        int nr = c == 8 ? r + 1 : r, nc = c == 8 ? 0 : c + 1;
        if (b[r][c] != '.') return dfs(b, nr, nc);
        for (char d = '1'; d <= '9'; d++) {
            if (!fits(b, r, c, d)) continue;
            b[r][c] = d;
            if (dfs(b, nr, nc)) return true;
        }
        b[r][c] = '.';
        return false;
    }

public:
    void solveSudoku(vector<vector<char>>& board) { dfs(board, 0, 0); }
};
