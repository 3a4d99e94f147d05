// LeetCode's usual speed-up before the class: it names cin, and reads nothing.
static const auto _ = []() {
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    return nullptr;
}();

class Solution {
    bool fits(vector<vector<char>>& b, int r, int c, char d) {
        for (int i = 0; i < 9; i++)
            if (b[r][i] == d || b[i][c] == d || b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
        return true;
    }

    bool dfs(vector<vector<char>>& b, int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        if (b[r][c] != '.') return dfs(b, k + 1);
        for (char d = '1'; d <= '9'; d++)
            if (fits(b, r, c, d)) {
                b[r][c] = d;
                if (dfs(b, k + 1)) return true;
            }
        b[r][c] = '.';
        return false;
    }

public:
    void solveSudoku(vector<vector<char>>& board) { dfs(board, 0); }
};
