// LeetCode 37's solveSudoku in a class not named Solution: LeetCode calls
// new Solution() and cannot build it; the trace calls it through a Solution
// that extends this class.
public class SudokuSolver {
    private boolean ok(char[][] board, int r, int c, char d) {
        for (int i = 0; i < 9; i++) {
            if (board[r][i] == d || board[i][c] == d) return false;
            if (board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
        }
        return true;
    }

    private boolean fill(char[][] board, int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        if (board[r][c] != '.') return fill(board, k + 1);
        for (char d = '1'; d <= '9'; d++) {
            if (ok(board, r, c, d)) {
                board[r][c] = d;
                if (fill(board, k + 1)) return true;
                board[r][c] = '.';
            }
        }
        return false;
    }

    public void solveSudoku(char[][] board) {
        fill(board, 0);
    }
}
