/// LeetCode 36 — one `u16` bitmask per row, col and box (write-up 001's bit trick).
///
/// Bit `d` of a mask is set once digit `d` has been seen in that unit.
impl Solution {
    pub fn is_valid_sudoku(board: Vec<Vec<char>>) -> bool {
        let mut rows = [0u16; 9];
        let mut cols = [0u16; 9];
        let mut boxes = [0u16; 9];
        for (row, line) in board.iter().enumerate() {
            for (col, &ch) in line.iter().enumerate() {
                if ch == '.' {
                    continue;
                }
                let bit = 1u16 << (ch as u8 - b'0');
                let bx = row / 3 * 3 + col / 3;
                if (rows[row] | cols[col] | boxes[bx]) & bit != 0 {
                    return false;
                }
                rows[row] |= bit;
                cols[col] |= bit;
                boxes[bx] |= bit;
            }
        }
        true
    }
}
