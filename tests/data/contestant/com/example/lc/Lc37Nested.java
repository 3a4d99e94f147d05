package com.example.lc;

import java.util.Arrays;

// An IDE's file: a package, an outer class with a local `main`, and the
// LeetCode class inside it, without any plugin's marks.
public class Lc37Nested {
    public static void main(String[] args) {
        char[][] b = new char[9][9];
        for (char[] r : b) Arrays.fill(r, '.');
        new Lc37Nested().new Solution().solveSudoku(b);
        System.out.println(Arrays.deepToString(b));
    }

    class Solution {
        public void solveSudoku(char[][] board) {
            fill(board, 0);
        }

        private boolean fill(char[][] b, int k) {
            if (k == 81) return true;
            int r = k / 9, c = k % 9;
            if (b[r][c] != '.') return fill(b, k + 1);
            for (char d = '1'; d <= '9'; d++) {
                if (fits(b, r, c, d)) {
                    b[r][c] = d;
                    if (fill(b, k + 1)) return true;
                }
            }
            b[r][c] = '.';
            return false;
        }

        private boolean fits(char[][] b, int r, int c, char d) {
            for (int i = 0; i < 9; i++) {
                if (b[r][i] == d || b[i][c] == d) return false;
                if (b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;
            }
            return true;
        }
    }
}
