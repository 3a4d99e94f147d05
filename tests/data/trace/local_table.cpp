// A Lanqiao program whose board is a table local to main, passed to the
// search: main's frame holds it, and leaves it out of its locals as the
// trace leaves a board out everywhere.
#include <cstdio>

bool fits(int g[9][9], int r, int c, int d) {
    for (int i = 0; i < 9; i++)
        if (g[r][i] == d || g[i][c] == d || g[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
    return true;
}

bool dfs(int g[9][9], int k) {
    if (k == 81) return true;
    int r = k / 9, c = k % 9;
    if (g[r][c]) return dfs(g, k + 1);
    for (int d = 1; d <= 9; d++) {
        if (!fits(g, r, c, d)) continue;
        g[r][c] = d;
        if (dfs(g, k + 1)) return true;
        g[r][c] = 0;
    }
    return false;
}

int main() {
    int board[9][9];
    int cases = 1;
    char line[16];
    for (int r = 0; r < 9; r++) {
        if (scanf("%15s", line) != 1) return 2;
        for (int c = 0; c < 9; c++) board[r][c] = line[c] - '0';
    }
    dfs(board, 0);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) printf("%d", board[r][c]);
        printf("\n");
    }
    return cases - 1;
}
