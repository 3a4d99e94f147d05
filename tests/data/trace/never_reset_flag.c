// A LeetCode 37 solution in C in the shape of LeetCode's own: the empty
// cells in a table, masks a row, col and box reset with memset, a `solved`
// flag that ends every loop. It never writes '.' back: a call that returns
// leaves its digit, and the next call at that cell writes over it.
#include <stdbool.h>
#include <string.h>

static int rows[9], cols[9], boxes[9];
static int empty[81][2];
static int empties;
static bool solved;

static void flip(int r, int c, int d) {
    rows[r] ^= 1 << d;
    cols[c] ^= 1 << d;
    boxes[r / 3 * 3 + c / 3] ^= 1 << d;
}

static void dfs(char **board, int pos) {
    if (pos == empties) {
        solved = true;
        return;
    }
    int r = empty[pos][0], c = empty[pos][1];
    for (int d = 1; d <= 9 && !solved; d++) {
        if ((rows[r] | cols[c] | boxes[r / 3 * 3 + c / 3]) & (1 << d)) continue;
        flip(r, c, d);
        board[r][c] = (char)('0' + d);
        dfs(board, pos + 1);
        flip(r, c, d);
    }
}

void solveSudoku(char **board, int boardSize, int *boardColSize) {
    memset(rows, 0, sizeof rows);
    memset(cols, 0, sizeof cols);
    memset(boxes, 0, sizeof boxes);
    empties = 0;
    solved = false;
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            if (board[r][c] == '.') {
                empty[empties][0] = r;
                empty[empties][1] = c;
                empties++;
            } else {
                flip(r, c, board[r][c] - '0');
            }
        }
    }
    dfs(board, 0);
}
