// Lanqiao (blue bridge) Sudoku, after write-up 004 (004_dedc658d49b6abd7.txt).
// Our own code following that approach: read 9 lines of 9 digits (0 = unknown) from stdin,
// depth-first search over the cells in row order, each candidate checked by scanning its row,
// column and 3x3 box; the next cell is (r + (c + 1) / 9, (c + 1) % 9); when the row index
// reaches 9 the grid is printed and the program ends with exit(0).
// Expected verdict: AC (within 2000 ms / 256 MB). Build: g++ -O2 -std=c++17.
#include <cstdlib>
#include <iostream>
#include <string>

using namespace std;

string grid[9];

void printGrid() {
    for (int r = 0; r < 9; r++) {
        cout << grid[r] << '\n';
    }
}

// Is digit d absent from row r, column c and the box around (r, c)?
bool canPlace(int r, int c, int d) {
    const char ch = static_cast<char>('0' + d);
    for (int i = 0; i < 9; i++) {
        if (grid[r][i] == ch || grid[i][c] == ch) {
            return false;
        }
    }
    const int top = r / 3 * 3;
    const int left = c / 3 * 3;
    for (int i = top; i < top + 3; i++) {
        for (int j = left; j < left + 3; j++) {
            if (grid[i][j] == ch) {
                return false;
            }
        }
    }
    return true;
}

void search(int r, int c) {
    if (r == 9) {            // every row done: this is the answer
        printGrid();
        cout.flush();        // exit() flushes cout too; kept explicit
        exit(0);
    }
    const int nextR = r + (c + 1) / 9;
    const int nextC = (c + 1) % 9;
    if (grid[r][c] != '0') {  // a given (or already filled) cell: move on
        search(nextR, nextC);
        return;
    }
    for (int d = 1; d <= 9; d++) {
        if (canPlace(r, c, d)) {
            grid[r][c] = static_cast<char>('0' + d);
            search(nextR, nextC);
        }
    }
    grid[r][c] = '0';        // every digit failed: clear the cell before going back
}

int main() {
    for (int r = 0; r < 9; r++) {
        cin >> grid[r];
    }
    search(0, 0);
    return 0;
}
