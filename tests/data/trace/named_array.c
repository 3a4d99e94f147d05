// A stdin program (Lanqiao's input: 9 lines of 9 digits, 0 unknown) whose
// board is `sudu`, searched row by row and printed; `num` counts the
// digits placed, a table the trace must not take for the board.
#include <stdio.h>

int sudu[9][9];
int num[10];

int fits(int x, int y, int d) {
    for (int i = 0; i < 9; i++)
        if (sudu[x][i] == d || sudu[i][y] == d) return 0;
    for (int i = x / 3 * 3; i < x / 3 * 3 + 3; i++)
        for (int j = y / 3 * 3; j < y / 3 * 3 + 3; j++)
            if (sudu[i][j] == d) return 0;
    return 1;
}

int dfs(int k) {
    if (k == 81) return 1;
    int x = k / 9, y = k % 9;
    if (sudu[x][y]) return dfs(k + 1);
    for (int d = 1; d <= 9; d++) {
        if (!fits(x, y, d)) continue;
        num[d]++; sudu[x][y] = d;
        if (dfs(k + 1)) return 1;
        sudu[x][y] = 0;
    }
    return 0;
}

int main(void) {
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) scanf("%1d", &sudu[i][j]);
    dfs(0);
    for (int i = 0; i < 9; i++) {
        for (int j = 0; j < 9; j++) printf("%d", sudu[i][j]);
        printf("\n");
    }
    return 0;
}
