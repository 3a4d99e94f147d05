// A LeetCode 37 file in C that writes the board through a pointer to the
// cell (`char *cell = &board[r][c]; *cell = d;`).
static bool fits(char** board, int r, int c, char d) {
    for (int i = 0; i < 9; i++)
        if (board[r][i] == d || board[i][c] == d || board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
    return true;
}

static bool fill(char** board, int k) {
    if (k == 81) return true;
    int r = k / 9, c = k % 9;
    char *cell = &board[r][c];
    if (*cell != '.') return fill(board, k + 1);
    for (char d = '1'; d <= '9'; d++) {
        if (!fits(board, r, c, d)) continue;
        *cell = d;
        if (fill(board, k + 1)) return true;
        *cell = '.';
    }
    return false;
}

void solveSudoku(char** board, int boardSize, int* boardColSize) {
    fill(board, 0);
}
