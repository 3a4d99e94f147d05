// A LeetCode 37 file whose marks are tables of booleans, made in
// solve_sudoku and passed down the recursion: rows[r][d] says digit d is in
// row r. A digit's marks are set before it is written and cleared before
// it is taken back, so at every write they are the board's as it is then.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut rows = vec![vec![false; 10]; 9];
        let mut cols = vec![vec![false; 10]; 9];
        let mut boxes = [[false; 10]; 9];
        for r in 0..9 {
            for c in 0..9 {
                if board[r][c] != '.' {
                    let d = board[r][c] as usize - '0' as usize;
                    rows[r][d] = true;
                    cols[c][d] = true;
                    boxes[r / 3 * 3 + c / 3][d] = true;
                }
            }
        }
        Self::fill(board, &mut rows, &mut cols, &mut boxes, 0);
    }

    fn fill(
        board: &mut Vec<Vec<char>>,
        rows: &mut Vec<Vec<bool>>,
        cols: &mut Vec<Vec<bool>>,
        boxes: &mut [[bool; 10]; 9],
        k: usize,
    ) -> bool {
        if k == 81 {
            return true;
        }
        let (r, c) = (k / 9, k % 9);
        let b = r / 3 * 3 + c / 3;
        if board[r][c] != '.' {
            return Self::fill(board, rows, cols, boxes, k + 1);
        }
        for d in 1..=9 {
            if rows[r][d] || cols[c][d] || boxes[b][d] {
                continue;
            }
            rows[r][d] = true;
            cols[c][d] = true;
            boxes[b][d] = true;
            board[r][c] = (b'0' + d as u8) as char;
            if Self::fill(board, rows, cols, boxes, k + 1) {
                return true;
            }
            rows[r][d] = false;
            cols[c][d] = false;
            boxes[b][d] = false;
            board[r][c] = '.';
        }
        false
    }
}
