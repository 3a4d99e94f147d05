// LeetCode 37's solveSudoku in a C++ class named Sudoku, not Solution: the
// trace calls it through a class of LeetCode's name derived from it.
#include <vector>
using namespace std;

class Sudoku {
    bool ok(vector<vector<char>>& b, int r, int c, char d) {
        for (int i = 0; i < 9; i++)
            if (b[r][i] == d || b[i][c] == d || b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
        return true;
    }
    bool fill(vector<vector<char>>& b, int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        if (b[r][c] != '.') return fill(b, k + 1);
        for (char d = '1'; d <= '9'; d++) {
            if (!ok(b, r, c, d)) continue;
            b[r][c] = d;
            if (fill(b, k + 1)) return true;
            b[r][c] = '.';
        }
        return false;
    }

public:
    void solveSudoku(vector<vector<char>>& board) { fill(board, 0); }
};
