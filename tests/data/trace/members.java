// A LeetCode 37 file whose marks and counts are fields of its class: a
// table of booleans for each row, column and box (rows[r][d]: digit d is in
// row r), the number of digits placed, and (static) the calls of fill made,
// each changed before the write it goes with.
class Solution {
    private boolean[][] rows = new boolean[9][10], cols = new boolean[9][10], boxes = new boolean[9][10];
    private int placed;
    static int calls;

    public void solveSudoku(char[][] board) {
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                if (board[r][c] != '.') {
                    int d = board[r][c] - '0';
                    rows[r][d] = cols[c][d] = boxes[r / 3 * 3 + c / 3][d] = true;
                }
        fill(board, 0);
    }

    static boolean fits(int x) { return x >= 0; }

    private boolean fill(char[][] board, int k) {
        calls++;
        if (k == 81) return true;
        int r = k / 9, c = k % 9, b = r / 3 * 3 + c / 3;
        if (board[r][c] != '.') return fill(board, k + 1);
        for (int d = 1; d <= 9; d++) {
            if (rows[r][d] || cols[c][d] || boxes[b][d] || !fits(d)) continue;
            rows[r][d] = cols[c][d] = boxes[b][d] = true;
            placed++;
            board[r][c] = (char) ('0' + d);
            if (fill(board, k + 1)) return true;
            rows[r][d] = cols[c][d] = boxes[b][d] = false;
            placed--;
            board[r][c] = '.';
        }
        return false;
    }
}
