// POJ 2676's program (its name says so): a count of grids first, then each
// grid as 9 lines of 9 digits, 0 empty, read into a plain int[9][9].
#include <cstdio>

int g[9][9];

bool ok(int r, int c, int d) {
    for (int i = 0; i < 9; i++) {
        if (g[r][i] == d || g[i][c] == d) return false;
        if (g[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
    }
    return true;
}

bool fill(int k) {
    if (k == 81) return true;
    int r = k / 9, c = k % 9;
    if (g[r][c]) return fill(k + 1);
    for (int d = 1; d <= 9; d++) {
        if (ok(r, c, d)) {
            g[r][c] = d;
            if (fill(k + 1)) return true;
            g[r][c] = 0;
        }
    }
    return false;
}

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) scanf("%1d", &g[r][c]);
        fill(0);
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) printf("%d", g[r][c]);
            printf("\n");
        }
    }
    return 0;
}
