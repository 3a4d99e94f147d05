#include <bits/stdc++.h>
using namespace std;

// Fewest candidates first, with bitmasks: POJ 3074's hard puzzles need it.
int rowm[9], colm[9], boxm[9];
char s[100];

bool dfs(int left) {
    if (left == 0) return true;
    int best = -1, bestc = 10;
    for (int k = 0; k < 81; k++)
        if (s[k] == '.') {
            int r = k / 9, c = k % 9, b = r / 3 * 3 + c / 3;
            int m = ~(rowm[r] | colm[c] | boxm[b]) & 0x1ff;
            int n = __builtin_popcount(m);
            if (n < bestc) { bestc = n; best = k; if (n <= 1) break; }
        }
    if (bestc == 0) return false;
    int r = best / 9, c = best % 9, b = r / 3 * 3 + c / 3;
    int m = ~(rowm[r] | colm[c] | boxm[b]) & 0x1ff;
    while (m) {
        int bit = m & -m; m -= bit;
        int d = __builtin_ctz(bit);
        s[best] = '1' + d; rowm[r] |= bit; colm[c] |= bit; boxm[b] |= bit;
        if (dfs(left - 1)) return true;
        rowm[r] ^= bit; colm[c] ^= bit; boxm[b] ^= bit; s[best] = '.';
    }
    return false;
}

int main() {
    while (scanf("%s", s) == 1 && strcmp(s, "end") != 0) {
        memset(rowm, 0, sizeof rowm); memset(colm, 0, sizeof colm); memset(boxm, 0, sizeof boxm);
        int left = 0;
        for (int k = 0; k < 81; k++) {
            if (s[k] == '.') { left++; continue; }
            int bit = 1 << (s[k] - '1'), r = k / 9, c = k % 9;
            rowm[r] |= bit; colm[c] |= bit; boxm[r / 3 * 3 + c / 3] |= bit;
        }
        dfs(left);
        puts(s);
    }
    return 0;
}
