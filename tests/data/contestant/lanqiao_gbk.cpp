#include <bits/stdc++.h>
using namespace std;

// 蓝桥杯 数独：深度优先搜索，逐格填数
int g[9][9]; // 棋盘，0 表示未知

bool fits(int r, int c, int d) {
    for (int i = 0; i < 9; i++)
        if (g[r][i] == d || g[i][c] == d) return false;
    int br = r / 3 * 3, bc = c / 3 * 3;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (g[br + i][bc + j] == d) return false;
    return true;
}

// 按行优先顺序搜索第 k 格
bool dfs(int k) {
    if (k == 81) return true;
    int r = k / 9, c = k % 9;
    if (g[r][c]) return dfs(k + 1);
    for (int d = 1; d <= 9; d++)
        if (fits(r, c, d)) {
            g[r][c] = d;
            if (dfs(k + 1)) return true;
            g[r][c] = 0;
        }
    return false;
}

int main() {
    char s[16];
    for (int i = 0; i < 9; i++) {
        scanf("%s", s);
        for (int j = 0; j < 9; j++) g[i][j] = s[j] - '0';
    }
    dfs(0);
    for (int i = 0; i < 9; i++) {
        for (int j = 0; j < 9; j++) printf("%d", g[i][j]);
        printf("\n");
    }
    return 0;
}
