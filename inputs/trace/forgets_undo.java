// A user's own LeetCode 37 solution in Java, for `sudoku trace --approach`:
// inputs/trace/marks_forward.java with the learner's usual slip: the digit
// stays on the board when the call below fails; its sixth write is the
// first the right DFS does not make.
class Solution {
    boolean[][] row = new boolean[9][10], col = new boolean[9][10], block = new boolean[9][10];

    public void solveSudoku(char[][] board) {
        for (int i = 0; i < 9; i++) {
            for (int j = 0; j < 9; j++) {
                if (board[i][j] != '.') {
                    int num = board[i][j] - '0';
                    row[i][num] = col[j][num] = block[i / 3 * 3 + j / 3][num] = true;
                }
            }
        }
        dfs(board, 0, 0);
    }

    boolean dfs(char[][] board, int i, int j) {
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
            board[i][j] = (char) ('0' + num);
            row[i][num] = col[j][num] = block[b][num] = true;
            if (dfs(board, i, j)) return true;
            row[i][num] = col[j][num] = block[b][num] = false;
            // BUG: the digit stays on the board: board[i][j] = '.' is missing.
        }
        return false;
    }
}
