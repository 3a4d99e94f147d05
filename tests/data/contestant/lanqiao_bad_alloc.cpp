#include <bits/stdc++.h>
using namespace std;

int main() {
    vector<long long> table(2000000000LL);
    cout << table.size() << "\n";
}
