/* POJ 2676's program in C89 (declarations first, as POJ's gcc -std=gnu89
 * takes them): a count of grids first, then 9 lines of 9 digits each. */
#include <stdio.h>

int g[9][9];

int ok(int r, int c, int d) {
    int i;
    for (i = 0; i < 9; i++) {
        if (g[r][i] == d || g[i][c] == d) return 0;
        if (g[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return 0;
    }
    return 1;
}

int fill(int k) {
    int r = k / 9, c = k % 9, d;
    if (k == 81) return 1;
    if (g[r][c]) return fill(k + 1);
    for (d = 1; d <= 9; d++) {
        if (ok(r, c, d)) {
            g[r][c] = d;
            if (fill(k + 1)) return 1;
            g[r][c] = 0;
        }
    }
    return 0;
}

int main(void) {
    int t, r, c;
    scanf("%d", &t);
    while (t--) {
        for (r = 0; r < 9; r++)
            for (c = 0; c < 9; c++) scanf("%1d", &g[r][c]);
        fill(0);
        for (r = 0; r < 9; r++) {
            for (c = 0; c < 9; c++) printf("%d", g[r][c]);
            printf("\n");
        }
    }
    return 0;
}
