// A LeetCode 37 file in C whose masks are one int[9] each, made in
// solveSudoku and passed down the recursion as pointers: every call of fill
// holds the same three arrays. The masks change before each write to the
// board, so at every write they are the masks of the board as it is then.
// Its first parameter points at a count of the calls kept in a global,
// which no frame holds: it is not shown.
static int calls;

static bool fill(int* count, char** board, int* rows, int* cols, int* boxes, int k) {
    (*count)++;
    if (k == 81) return true;
    int r = k / 9, c = k % 9, b = r / 3 * 3 + c / 3;
    if (board[r][c] != '.') return fill(count, board, rows, cols, boxes, k + 1);
    for (int d = 1; d <= 9; d++) {
        int bit = 1 << d;
        if ((rows[r] | cols[c] | boxes[b]) & bit) continue;
        rows[r] |= bit; cols[c] |= bit; boxes[b] |= bit;
        board[r][c] = '0' + d;
        if (fill(count, board, rows, cols, boxes, k + 1)) return true;
        rows[r] ^= bit; cols[c] ^= bit; boxes[b] ^= bit;
        board[r][c] = '.';
    }
    return false;
}
void solveSudoku(char** board, int boardSize, int* boardColSize) {
    int rows[9] = {0}, cols[9] = {0}, boxes[9] = {0};
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            if (board[r][c] != '.') {
                int bit = 1 << (board[r][c] - '0');
                rows[r] |= bit; cols[c] |= bit; boxes[r / 3 * 3 + c / 3] |= bit;
            }
    fill(&calls, board, rows, cols, boxes, 0);
}
