// A LeetCode 37 file in C whose marks are tables of booleans, made in
// solveSudoku and passed down the recursion: rows[r][d] says digit d is in
// row r. A digit's marks are set before it is written and cleared before
// it is taken back, so at every write they are the board's as it is then.
static bool fill(char** board, bool rows[][10], bool cols[][10], bool boxes[][10], int k) {
    if (k == 81) return true;
    int r = k / 9, c = k % 9, b = r / 3 * 3 + c / 3;
    if (board[r][c] != '.') return fill(board, rows, cols, boxes, k + 1);
    for (int d = 1; d <= 9; d++) {
        if (rows[r][d] || cols[c][d] || boxes[b][d]) continue;
        rows[r][d] = cols[c][d] = boxes[b][d] = true;
        board[r][c] = '0' + d;
        if (fill(board, rows, cols, boxes, k + 1)) return true;
        rows[r][d] = cols[c][d] = boxes[b][d] = false;
        board[r][c] = '.';
    }
    return false;
}

void solveSudoku(char** board, int boardSize, int* boardColSize) {
    bool rows[9][10] = {{false}}, cols[9][10] = {{false}}, boxes[9][10] = {{false}};
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            if (board[r][c] != '.') {
                int d = board[r][c] - '0';
                rows[r][d] = cols[c][d] = boxes[r / 3 * 3 + c / 3][d] = true;
            }
    fill(board, rows, cols, boxes, 0);
}
