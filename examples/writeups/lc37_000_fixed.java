// LeetCode 37 (Sudoku Solver), after write-up 000 (000_1541b15b48acd36a.txt), the author's fix of the wrong dfs.
// Our own code following that approach: boolean marks per row / column / box, and a dfs that
// walks forward to the next empty cell and now returns boolean ("is this path good?"),
// undoing a placement only when the deeper search failed.
// Expected verdict: AC.
class Solution {
    public void solveSudoku(char[][] board) {
        boolean[][] inRow = new boolean[9][10];
        boolean[][] inCol = new boolean[9][10];
        boolean[][] inBox = new boolean[9][10];
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                char ch = board[r][c];
                if (ch == '.') {
                    continue;
                }
                int d = ch - '0';
                inRow[r][d] = true;
                inCol[c][d] = true;
                inBox[(r / 3) * 3 + c / 3][d] = true;
            }
        }
        search(board, inRow, inCol, inBox, 0, 0);
    }

    // true once every cell is filled; false if no digit fits the first empty cell from (r, c) on.
    private boolean search(char[][] board, boolean[][] inRow, boolean[][] inCol, boolean[][] inBox,
                           int r, int c) {
        while (r < 9 && c < 9) {
            if (board[r][c] != '.') {
                // step to the next cell, row by row
                if (c < 8) {
                    c++;
                } else {
                    r++;
                    c = 0;
                }
                continue;
            }
            int box = (r / 3) * 3 + c / 3;
            for (int d = 1; d <= 9; d++) {
                if (inRow[r][d] || inCol[c][d] || inBox[box][d]) {
                    continue;
                }
                board[r][c] = (char) ('0' + d);
                inRow[r][d] = true;
                inCol[c][d] = true;
                inBox[box][d] = true;
                if (search(board, inRow, inCol, inBox, r, c)) {
                    return true;
                }
                // dead end below: take the digit back and try the next one
                inRow[r][d] = false;
                inCol[c][d] = false;
                inBox[box][d] = false;
                board[r][c] = '.';
            }
            return false;
        }
        return true;
    }
}
