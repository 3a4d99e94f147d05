/* Sudoku de Lanqiao : recherche en profondeur, écrite à la main (commentaires en Latin-1) */
#include <stdio.h>

int g[9][9];

int fits(int r, int c, int d) {
    for (int i = 0; i < 9; i++)
        if (g[r][i] == d || g[i][c] == d) return 0;
    for (int i = r / 3 * 3; i < r / 3 * 3 + 3; i++)
        for (int j = c / 3 * 3; j < c / 3 * 3 + 3; j++)
            if (g[i][j] == d) return 0;
    return 1;
}

int dfs(int k) {
    if (k == 81) return 1;
    int r = k / 9, c = k % 9;
    if (g[r][c]) return dfs(k + 1);
    for (int d = 1; d <= 9; d++)
        if (fits(r, c, d)) {
            g[r][c] = d;
            if (dfs(k + 1)) return 1;
            g[r][c] = 0;
        }
    return 0;
}

int main(void) {
    char s[16];
    for (int i = 0; i < 9; i++) {
        if (scanf("%15s", s) != 1) return 1;
        for (int j = 0; j < 9; j++) g[i][j] = s[j] - '0';
    }
    dfs(0);
    for (int i = 0; i < 9; i++) {
        for (int j = 0; j < 9; j++) putchar('0' + g[i][j]);
        putchar('\n');
    }
    return 0;
}
