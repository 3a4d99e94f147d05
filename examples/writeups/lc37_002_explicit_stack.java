// LeetCode 37 (Sudoku Solver), after write-up 002 (002_fc03c99d9f37bad4.txt): the non-recursive solver.
// Our own code following that approach: the board is copied into an int[9][9] grid (0 = empty);
// cells are visited in row order, every placement (row, col, digit) is pushed on an explicit
// stack, each candidate is checked by scanning row, column and box; when no digit fits a cell,
// the last placement is popped, its cell cleared, and the walk resumes there from that digit + 1.
// Expected verdict: AC.
class Solution {
    // One entry of the stack: where a digit was put, and which digit.
    private static class Placement {
        final int row;
        final int col;
        final int digit;

        Placement(int row, int col, int digit) {
            this.row = row;
            this.col = col;
            this.digit = digit;
        }
    }

    public void solveSudoku(char[][] board) {
        int[][] grid = new int[9][9];
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                grid[r][c] = board[r][c] == '.' ? 0 : board[r][c] - '0';
            }
        }
        fillWithStack(grid);
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                board[r][c] = (char) ('0' + grid[r][c]);
            }
        }
    }

    private void fillWithStack(int[][] grid) {
        Stack<Placement> placed = new Stack<>();
        int resumeAfter = -1;   // -1: a fresh cell; otherwise the digit just popped from this cell
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                if (grid[r][c] != 0) {
                    continue;
                }
                // As in the write-up, a fresh cell starts at 0; 0 never fits, since the
                // empty cell itself holds 0 and the row scan finds it.
                int d = resumeAfter == -1 ? 0 : resumeAfter + 1;
                boolean found = false;
                for (; d <= 9 && !found; d++) {
                    if (fits(grid, r, c, d)) {
                        placed.push(new Placement(r, c, d));
                        grid[r][c] = d;
                        resumeAfter = -1;
                        found = true;
                    }
                }
                if (!found && !placed.isEmpty()) {
                    // Dead end: undo the latest placement and go back to its cell. The column is
                    // set one short because the for loop's c++ runs before the next visit.
                    Placement last = placed.pop();
                    r = last.row;
                    c = last.col - 1;
                    resumeAfter = last.digit;
                    grid[last.row][last.col] = 0;
                }
            }
        }
    }

    // Is digit d absent from the row, the column and the 3x3 box of (row, col)?
    private boolean fits(int[][] grid, int row, int col, int d) {
        for (int c = 0; c < 9; c++) {
            if (grid[row][c] == d) {
                return false;
            }
        }
        for (int r = 0; r < 9; r++) {
            if (grid[r][col] == d) {
                return false;
            }
        }
        int top = row / 3 * 3;
        int left = col / 3 * 3;
        for (int r = top; r < top + 3; r++) {
            for (int c = left; c < left + 3; c++) {
                if (grid[r][c] == d) {
                    return false;
                }
            }
        }
        return true;
    }
}
