// LeetCode 37 with a recursive lambda through C++23's explicit object
// parameter (`this auto&& self`), which LeetCode's clang builds.
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        auto fits = [&](int r, int c, char d) {
            for (int i = 0; i < 9; i++)
                if (board[r][i] == d || board[i][c] == d ||
                    board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d)
                    return false;
            return true;
        };
        auto dfs = [&](this auto&& self, int k) -> bool {
            if (k == 81) return true;
            int r = k / 9, c = k % 9;
            if (board[r][c] != '.') return self(k + 1);
            for (char d = '1'; d <= '9'; d++) {
                if (!fits(r, c, d)) continue;
                board[r][c] = d;
                if (self(k + 1)) return true;
            }
            board[r][c] = '.';
            return false;
        };
        dfs(0);
    }
};
