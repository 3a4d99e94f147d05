// A user's own Lanqiao program in C, for `sudoku trace --approach`: the
// board is int a[10][10] used from 1 (a[1][1] is row 1, col 1), and each
// placement prints its call's locals to stderr in the trace's own words
// (`k = 2, r = 0, c = 2, d = 1`), so a test can hold the locals the trace
// shows to what the program itself prints.
#include <stdio.h>

int a[10][10];

static int fits(int r, int c, int d) {
    for (int i = 1; i <= 9; i++)
        if (a[r][i] == d || a[i][c] == d) return 0;
    for (int i = (r - 1) / 3 * 3 + 1; i <= (r - 1) / 3 * 3 + 3; i++)
        for (int j = (c - 1) / 3 * 3 + 1; j <= (c - 1) / 3 * 3 + 3; j++)
            if (a[i][j] == d) return 0;
    return 1;
}

static int dfs(int k) {
    if (k == 81) return 1;
    int r = k / 9, c = k % 9;
    if (a[r + 1][c + 1] != 0) return dfs(k + 1);
    for (int d = 1; d <= 9; d++) {
        if (!fits(r + 1, c + 1, d)) continue;
        a[r + 1][c + 1] = d;
        fprintf(stderr, "k = %d, r = %d, c = %d, d = %d\n", k, r, c, d);
        if (dfs(k + 1)) return 1;
        a[r + 1][c + 1] = 0;
    }
    return 0;
}

int main(void) {
    char line[16];
    for (int i = 1; i <= 9; i++) {
        if (scanf("%15s", line) != 1) return 1;
        for (int j = 1; j <= 9; j++) a[i][j] = line[j - 1] - '0';
    }
    dfs(0);
    for (int i = 1; i <= 9; i++) {
        for (int j = 1; j <= 9; j++) printf("%d", a[i][j]);
        printf("\n");
    }
    return 0;
}
