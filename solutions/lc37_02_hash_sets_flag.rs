/// LeetCode 37 — write-up 001, step 2: hash sets per row, col and box, still with the stop flag.
///
/// The sets are filled from the givens once; a try is three `contains`, a
/// placement three `insert`s, an undo three `remove`s. The DFS still returns
/// nothing and relies on `found` to stop (001 calls the box an "area").
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut seen = Seen::new(board);
        let mut found = false;
        seen.dfs(board, 0, 0, &mut found);
    }
}

use std::collections::HashSet;

/// The digits already used in each row, col and box.
struct Seen {
    rows: Vec<HashSet<char>>,
    cols: Vec<HashSet<char>>,
    boxes: Vec<HashSet<char>>,
}

impl Seen {
    fn new(board: &[Vec<char>]) -> Seen {
        let mut seen = Seen {
            rows: vec![HashSet::new(); 9],
            cols: vec![HashSet::new(); 9],
            boxes: vec![HashSet::new(); 9],
        };
        for row in 0..9 {
            for col in 0..9 {
                let ch = board[row][col];
                if ch != '.' {
                    seen.rows[row].insert(ch);
                    seen.cols[col].insert(ch);
                    seen.boxes[row / 3 * 3 + col / 3].insert(ch);
                }
            }
        }
        seen
    }

    fn dfs(&mut self, board: &mut Vec<Vec<char>>, row: usize, col: usize, found: &mut bool) {
        if col >= 9 {
            return self.dfs(board, row + 1, 0, found);
        }
        if row >= 9 {
            *found = true;
            return;
        }
        if board[row][col] != '.' {
            return self.dfs(board, row, col + 1, found);
        }
        let bx = row / 3 * 3 + col / 3;
        for d in b'1'..=b'9' {
            let ch = d as char;
            if !(self.rows[row].contains(&ch)
                || self.cols[col].contains(&ch)
                || self.boxes[bx].contains(&ch))
            {
                board[row][col] = ch;
                self.rows[row].insert(ch);
                self.cols[col].insert(ch);
                self.boxes[bx].insert(ch);
                self.dfs(board, row, col + 1, found);
                if *found {
                    return;
                }
                // The subtree failed: take the digit back before the next try.
                self.rows[row].remove(&ch);
                self.cols[col].remove(&ch);
                self.boxes[bx].remove(&ch);
                board[row][col] = '.';
            }
        }
    }
}
