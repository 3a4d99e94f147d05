// A user's own Lanqiao program in C++, for `sudoku trace --approach`: the
// board is a vector<vector<int>>, and each placement prints its call's
// locals to stderr in the trace's own words (`k = 2, r = 0, c = 2, d = 1`),
// so a test can hold the locals the trace shows to what the program prints.
#include <iostream>
#include <string>
#include <vector>
using namespace std;

vector<vector<int>> g(9, vector<int>(9));

bool fits(int r, int c, int d) {
    for (int i = 0; i < 9; i++)
        if (g[r][i] == d || g[i][c] == d || g[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
    return true;
}

bool dfs(int k) {
    if (k == 81) return true;
    int r = k / 9, c = k % 9;
    if (g[r][c] != 0) return dfs(k + 1);
    for (int d = 1; d <= 9; d++) {
        if (!fits(r, c, d)) continue;
        g[r][c] = d;
        cerr << "k = " << k << ", r = " << r << ", c = " << c << ", d = " << d << "\n";
        if (dfs(k + 1)) return true;
        g[r][c] = 0;
    }
    return false;
}

int main() {
    string s;
    for (int r = 0; r < 9; r++) {
        cin >> s;
        for (int c = 0; c < 9; c++) g[r][c] = s[c] - '0';
    }
    dfs(0);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) cout << g[r][c];
        cout << "\n";
    }
}
