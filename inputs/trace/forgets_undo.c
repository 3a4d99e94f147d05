// A user's own LeetCode 37 solution in C, for `sudoku trace --approach`:
// inputs/trace/marks_forward.c with the learner's usual slip: the digit
// stays on the board when the call below fails; its sixth write is the
// first the right DFS does not make.
static bool row[9][10], col[9][10], block[9][10];

static bool dfs(char** board, int i, int j) {
    while (board[i][j] != '.') {
        if (++j >= 9) {
            i++;
            j = 0;
        }
        if (i >= 9) return true;
    }
    int b = i / 3 * 3 + j / 3;
    for (int num = 1; num <= 9; num++) {
        if (row[i][num] || col[j][num] || block[b][num]) continue;
        board[i][j] = '0' + num;
        row[i][num] = col[j][num] = block[b][num] = true;
        if (dfs(board, i, j)) return true;
        row[i][num] = col[j][num] = block[b][num] = false;
        // BUG: the digit stays on the board: board[i][j] = '.' is missing.
    }
    return false;
}

void solveSudoku(char** board, int boardSize, int* boardColSize) {
    memset(row, 0, sizeof row);
    memset(col, 0, sizeof col);
    memset(block, 0, sizeof block);
    for (int i = 0; i < boardSize; i++) {
        for (int j = 0; j < boardColSize[i]; j++) {
            if (board[i][j] != '.') {
                int num = board[i][j] - '0';
                row[i][num] = col[j][num] = block[i / 3 * 3 + j / 3][num] = true;
            }
        }
    }
    dfs(board, 0, 0);
}
