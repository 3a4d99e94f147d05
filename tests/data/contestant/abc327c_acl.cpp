// AtCoder ABC327 C through the AtCoder Library, which AtCoder's g++ finds.
#include <atcoder/dsu>
#include <bits/stdc++.h>
using namespace std;

int main() {
    int a[9][9];
    for (auto& row : a)
        for (int& x : row) cin >> x;
    atcoder::dsu unused(1);
    bool ok = true;
    for (int i = 0; i < 9; i++) {
        set<int> r, c, b;
        for (int j = 0; j < 9; j++) {
            r.insert(a[i][j]);
            c.insert(a[j][i]);
            b.insert(a[i / 3 * 3 + j / 3][i % 3 * 3 + j % 3]);
        }
        ok = ok && r.size() == 9 && c.size() == 9 && b.size() == 9;
    }
    cout << (ok ? "Yes" : "No") << endl;
}
