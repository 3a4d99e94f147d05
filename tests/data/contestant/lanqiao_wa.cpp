#include <bits/stdc++.h>
using namespace std;

int main() {
    string s;
    for (int i = 0; i < 9; i++) {
        cin >> s;
        for (char& c : s)
            if (c == '0') c = '1';
        cout << s << "\n";
    }
}
