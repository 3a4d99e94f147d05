// A stdin program that reads the board into a table of main's and solves
// it in a function the table is passed to (as a pointer to its rows),
// named as LeetCode names its method, though LeetCode does not call it.
#include <iostream>
using namespace std;

bool fits(int grid[9][9], int r, int c, int d) {
    for (int i = 0; i < 9; i++)
        if (grid[r][i] == d || grid[i][c] == d || grid[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
    return true;
}

bool solveSudoku(int grid[9][9], int k) {
    if (k == 81) return true;
    int r = k / 9, c = k % 9;
    if (grid[r][c]) return solveSudoku(grid, k + 1);
    for (int d = 1; d <= 9; d++) {
        if (!fits(grid, r, c, d)) continue;
        grid[r][c] = d;
        if (solveSudoku(grid, k + 1)) return true;
        grid[r][c] = 0;
    }
    return false;
}

int main() {
    int grid[9][9];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            char ch;
            cin >> ch;
            grid[r][c] = ch - '0';
        }
    solveSudoku(grid, 0);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) cout << grid[r][c];
        cout << '\n';
    }
}
