/* A stdin program (Lanqiao's input) that never takes a digit back: a
   digit is written over by the next one tried, and the search prints the
   board when it is full, then goes on trying the digits left, writing
   over the board it printed. */
#include <stdio.h>

int g[9][9];
int fixed_cell[9][9];
int row_has[9][10], col_has[9][10], box_has[9][10];

void search(int p) {
    if (p == 81) {
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) printf("%d", g[r][c]);
            printf("\n");
        }
        return;
    }
    int r = p / 9, c = p % 9, b = r / 3 * 3 + c / 3;
    if (fixed_cell[r][c]) {
        search(p + 1);
        return;
    }
    for (int d = 1; d <= 9; d++) {
        if (row_has[r][d] || col_has[c][d] || box_has[b][d]) continue;
        g[r][c] = d;
        row_has[r][d] = col_has[c][d] = box_has[b][d] = 1;
        search(p + 1);
        row_has[r][d] = col_has[c][d] = box_has[b][d] = 0;
    }
}

int main(void) {
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            if (scanf("%1d", &g[r][c]) != 1) return 1;
            int d = g[r][c];
            if (d) {
                fixed_cell[r][c] = 1;
                row_has[r][d] = col_has[c][d] = box_has[r / 3 * 3 + c / 3][d] = 1;
            }
        }
    }
    search(0);
    return 0;
}
