// POJ 2676 as written for POJ's g++ 4.4: `fill` is an `int` whose value
// nobody reads, and it falls off its end when no digit fits (no `return`).
// g++ 4.4 returned from there; g++ 8 and later at -O2 take that path as
// unreachable, and the program runs on into whatever code follows.
#include <cstdio>
#include <cstring>

int g[9][9];
bool row[9][10], col[9][10], box[9][10];
bool done;

int fill(int k) {
    if (k == 81) {
        done = true;
        return 1;
    }
    int r = k / 9, c = k % 9;
    if (g[r][c]) return fill(k + 1);
    for (int d = 1; d <= 9; d++) {
        int b = r / 3 * 3 + c / 3;
        if (row[r][d] || col[c][d] || box[b][d]) continue;
        row[r][d] = col[c][d] = box[b][d] = true;
        g[r][c] = d;
        fill(k + 1);
        if (done) return 1;
        row[r][d] = col[c][d] = box[b][d] = false;
        g[r][c] = 0;
    }
}

int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        memset(row, 0, sizeof row);
        memset(col, 0, sizeof col);
        memset(box, 0, sizeof box);
        done = false;
        for (int r = 0; r < 9; r++) {
            char s[16];
            scanf("%s", s);
            for (int c = 0; c < 9; c++) {
                int d = s[c] - '0';
                g[r][c] = d;
                if (d) row[r][d] = col[c][d] = box[r / 3 * 3 + c / 3][d] = true;
            }
        }
        fill(0);
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) putchar('0' + g[r][c]);
            putchar('\n');
        }
    }
    return 0;
}
