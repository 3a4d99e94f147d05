/// LeetCode 36 — hash sets per row, col and box (the approach write-up 001 builds on).
///
/// One pass over the board; a digit already in its row's, col's or box's set
/// makes the board invalid. O(1) expected per cell, but every insert hashes.
impl Solution {
    pub fn is_valid_sudoku(board: Vec<Vec<char>>) -> bool {
        use std::collections::HashSet;
        let mut rows: Vec<HashSet<char>> = vec![HashSet::new(); 9];
        let mut cols: Vec<HashSet<char>> = vec![HashSet::new(); 9];
        let mut boxes: Vec<HashSet<char>> = vec![HashSet::new(); 9];
        for (row, line) in board.iter().enumerate() {
            for (col, &ch) in line.iter().enumerate() {
                if ch == '.' {
                    continue;
                }
                let bx = row / 3 * 3 + col / 3;
                // `insert` returns false when the digit is already there.
                if !rows[row].insert(ch) || !cols[col].insert(ch) || !boxes[bx].insert(ch) {
                    return false;
                }
            }
        }
        true
    }
}
