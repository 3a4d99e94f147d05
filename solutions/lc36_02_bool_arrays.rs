/// LeetCode 36 — boolean arrays `seen[unit][digit]` instead of hash sets.
///
/// The same single pass as the hash-set version; a lookup is an index, not a hash.
impl Solution {
    pub fn is_valid_sudoku(board: Vec<Vec<char>>) -> bool {
        let mut rows = [[false; 9]; 9];
        let mut cols = [[false; 9]; 9];
        let mut boxes = [[false; 9]; 9];
        for (row, line) in board.iter().enumerate() {
            for (col, &ch) in line.iter().enumerate() {
                if ch == '.' {
                    continue;
                }
                let d = (ch as u8 - b'1') as usize;
                let bx = row / 3 * 3 + col / 3;
                if rows[row][d] || cols[col][d] || boxes[bx][d] {
                    return false;
                }
                rows[row][d] = true;
                cols[col][d] = true;
                boxes[bx][d] = true;
            }
        }
        true
    }
}
