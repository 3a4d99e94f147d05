// A LeetCode 37 file whose masks are made in solve_sudoku and passed down
// the recursion as `&mut` (the boxes' as a 3×3 table): every call of fill
// holds the same three objects. The masks change before each write to the board (a
// digit's bit set before it is written, cleared before it is taken back),
// so at every write they are the masks of the board as it is then.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut rows = vec![0u32; 9];
        let mut cols = vec![0u32; 9];
        let mut boxes = vec![vec![0u32; 3]; 3];
        for r in 0..9 {
            for c in 0..9 {
                if let Some(d) = board[r][c].to_digit(10) {
                    rows[r] |= 1 << d;
                    cols[c] |= 1 << d;
                    boxes[r / 3][c / 3] |= 1 << d;
                }
            }
        }
        Self::fill(board, &mut rows, &mut cols, &mut boxes, 0);
    }

    fn fill(
        board: &mut Vec<Vec<char>>,
        rows: &mut Vec<u32>,
        cols: &mut Vec<u32>,
        boxes: &mut Vec<Vec<u32>>,
        k: usize,
    ) -> bool {
        if k == 81 {
            return true;
        }
        let (r, c) = (k / 9, k % 9);
                if board[r][c] != '.' {
            return Self::fill(board, rows, cols, boxes, k + 1);
        }
        for d in 1..=9u32 {
            let bit = 1 << d;
            if (rows[r] | cols[c] | boxes[r / 3][c / 3]) & bit != 0 {
                continue;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[r / 3][c / 3] |= bit;
            board[r][c] = char::from_digit(d, 10).unwrap();
            if Self::fill(board, rows, cols, boxes, k + 1) {
                return true;
            }
            rows[r] ^= bit;
            cols[c] ^= bit;
            boxes[r / 3][c / 3] ^= bit;
            board[r][c] = '.';
        }
        false
    }
}
