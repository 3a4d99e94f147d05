// Codeforces 1335D as kept locally: the input file is read only off the
// judge, which defines ONLINE_JUDGE. Every 2 becomes a 1: one change in
// each row, column and box, so each of them holds a digit twice.
#include <bits/stdc++.h>
using namespace std;

int main() {
#ifndef ONLINE_JUDGE
    freopen("input.txt", "r", stdin);
    freopen("output.txt", "w", stdout);
#endif
    int t;
    cin >> t;
    while (t--) {
        for (int r = 0; r < 9; r++) {
            string row;
            cin >> row;
            for (char &c : row)
                if (c == '2') c = '1';
            cout << row << '\n';
        }
    }
}
