// A stdin program that reads the board into a table of main's and solves
// it in a function the table is passed to (as a pointer to its rows).
#include <stdio.h>


static int fits(int grid[9][9], int r, int c, int d) {
    for (int i = 0; i < 9; i++)
        if (grid[r][i] == d || grid[i][c] == d || grid[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return 0;
    return 1;
}

static int solve(int grid[9][9], int k) {
    if (k == 81) return 1;
    int r = k / 9, c = k % 9;
    if (grid[r][c]) return solve(grid, k + 1);
    for (int d = 1; d <= 9; d++) {
        if (!fits(grid, r, c, d)) continue;
        grid[r][c] = d;
        if (solve(grid, k + 1)) return 1;
        grid[r][c] = 0;
    }
    return 0;
}

int main(void) {
    int grid[9][9];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            if (scanf("%1d", &grid[r][c]) != 1) return 1;
        }
    solve(grid, 0);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) printf("%d", grid[r][c]);
        printf("\n");
    }
    return 0;
}
