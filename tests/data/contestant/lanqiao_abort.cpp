#include <bits/stdc++.h>
using namespace std;

int main() {
    vector<string> rows;
    string s;
    while (cin >> s) rows.push_back(s);
    cout << rows.at(9) << "\n";
}
