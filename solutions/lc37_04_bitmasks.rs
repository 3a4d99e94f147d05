/// LeetCode 37 — write-up 001, step 4: bitmasks instead of sets (`1 << d` to mark, `&= !bit` to undo).
///
/// Bit `d` of `rows[r]` is set when digit `d` is in row `r`; likewise for cols
/// and boxes. A try is one OR and one AND; nothing is hashed or allocated.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut masks = Masks {
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for row in 0..9 {
            for col in 0..9 {
                let ch = board[row][col];
                if ch != '.' {
                    masks.set(row, col, 1 << (ch as u8 - b'0'));
                }
            }
        }
        masks.dfs(board, 0, 0);
    }
}

type Mask = u16;

struct Masks {
    rows: [Mask; 9],
    cols: [Mask; 9],
    boxes: [Mask; 9],
}

impl Masks {
    fn set(&mut self, row: usize, col: usize, bit: Mask) {
        self.rows[row] |= bit;
        self.cols[col] |= bit;
        self.boxes[row / 3 * 3 + col / 3] |= bit;
    }

    fn clear(&mut self, row: usize, col: usize, bit: Mask) {
        self.rows[row] &= !bit;
        self.cols[col] &= !bit;
        self.boxes[row / 3 * 3 + col / 3] &= !bit;
    }

    fn dfs(&mut self, board: &mut Vec<Vec<char>>, row: usize, col: usize) -> bool {
        if col >= 9 {
            return self.dfs(board, row + 1, 0);
        }
        if row >= 9 {
            return true;
        }
        if board[row][col] != '.' {
            return self.dfs(board, row, col + 1);
        }
        let used = self.rows[row] | self.cols[col] | self.boxes[row / 3 * 3 + col / 3];
        for d in 1..=9u8 {
            let bit: Mask = 1 << d;
            if used & bit == 0 {
                board[row][col] = (b'0' + d) as char;
                self.set(row, col, bit);
                if self.dfs(board, row, col + 1) {
                    return true;
                }
                self.clear(row, col, bit);
                board[row][col] = '.';
            }
        }
        false
    }
}
