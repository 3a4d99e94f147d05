//Write a program to solve a Sudoku puzzle by filling the empty cells.
// (The JetBrains leetcode-editor plugin's layout: the problem as comments, a
// package, an outer class named for the problem with a main to try it, and
// the submit region, the only part the plugin sends to LeetCode.)

package leetcode.editor.cn;

import java.util.Arrays;

public class SudokuSolver {
    public static void main(String[] args) {
        Solution solution = new SudokuSolver().new Solution();
        char[][] board = new char[9][9];
        for (char[] row : board) Arrays.fill(row, '.');
        solution.solveSudoku(board);
        for (char[] row : board) System.out.println(new String(row));
    }
//leetcode submit region begin(Prohibit modification and deletion)
class Solution {
    public void solveSudoku(char[][] board) {
        fill(board, 0);
    }

    private boolean fill(char[][] b, int k) {
        if (k == 81) return true;
        int r = k / 9, c = k % 9;
        if (b[r][c] != '.') return fill(b, k + 1);
        for (char d = '1'; d <= '9'; d++) {
            if (free(b, r, c, d)) {
                b[r][c] = d;
                if (fill(b, k + 1)) return true;
            }
        }
        b[r][c] = '.';
        return false;
    }

    private boolean free(char[][] b, int r, int c, char d) {
        for (int i = 0; i < 9; i++) {
            if (b[r][i] == d || b[i][c] == d || b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
        }
        return true;
    }
}
//leetcode submit region end(Prohibit modification and deletion)

}
