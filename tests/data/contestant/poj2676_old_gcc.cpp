// POJ 2676 written for POJ's old g++: `gets` (gone since C++14) and
// `memset` without <cstring>, which the old headers pulled in.
#include <iostream>
#include <cstdio>
using namespace std;

char line[32];
int cell[81];
bool row[9][10], col[9][10], box[9][10];

bool dfs(int at) {
    if (at == 81) return true;
    if (cell[at]) return dfs(at + 1);
    int r = at / 9, c = at % 9, b = r / 3 * 3 + c / 3;
    for (int d = 1; d <= 9; d++) {
        if (row[r][d] || col[c][d] || box[b][d]) continue;
        row[r][d] = col[c][d] = box[b][d] = true;
        cell[at] = d;
        if (dfs(at + 1)) return true;
        row[r][d] = col[c][d] = box[b][d] = false;
    }
    cell[at] = 0;
    return false;
}

int main() {
    int t;
    gets(line);
    sscanf(line, "%d", &t);
    while (t--) {
        memset(row, 0, sizeof row);
        memset(col, 0, sizeof col);
        memset(box, 0, sizeof box);
        for (int r = 0; r < 9; r++) {
            gets(line);
            for (int c = 0; c < 9; c++) {
                int d = line[c] - '0';
                cell[r * 9 + c] = d;
                row[r][d] = col[c][d] = box[r / 3 * 3 + c / 3][d] = d != 0;
            }
        }
        dfs(0);
        for (int i = 0; i < 81; i++) {
            putchar('0' + cell[i]);
            if (i % 9 == 8) putchar('\n');
        }
    }
    return 0;
}
