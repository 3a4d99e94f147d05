import java.util.Arrays;

// LeetCode 37 kept under a class of its own name, with a local main that
// tries it on a board it builds itself (it reads no stdin).
public class SudokuSolver {
    public void solveSudoku(char[][] board) {
        dfs(board, 0);
    }

    private boolean dfs(char[][] b, int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        if (b[r][c] != '.') return dfs(b, k + 1);
        for (char d = '1'; d <= '9'; d++) {
            if (fits(b, r, c, d)) {
                b[r][c] = d;
                if (dfs(b, k + 1)) return true;
            }
        }
        b[r][c] = '.';
        return false;
    }

    private boolean fits(char[][] b, int r, int c, char d) {
        for (int i = 0; i < 9; i++) {
            if (b[r][i] == d || b[i][c] == d || b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
        }
        return true;
    }

    public static void main(String[] args) {
        char[][] board = new char[9][9];
        for (char[] row : board) Arrays.fill(row, '.');
        new SudokuSolver().solveSudoku(board);
        for (char[] row : board) System.out.println(new String(row));
    }
}
