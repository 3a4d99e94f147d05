/// LeetCode 37 — write-up 001, step 3: hash sets, and a DFS that returns `bool` instead of a flag.
///
/// `true` travels up the recursion as soon as the last cell is filled, so no
/// caller undoes anything on the way out; `false` means "this subtree is dead,
/// undo and try the next digit" (001 calls the box an "area").
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut seen = Seen::new(board);
        seen.dfs(board, 0, 0);
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

    /// True once every cell from `(row, col)` on is filled consistently.
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
                if self.dfs(board, row, col + 1) {
                    return true;
                }
                self.rows[row].remove(&ch);
                self.cols[col].remove(&ch);
                self.boxes[bx].remove(&ch);
                board[row][col] = '.';
            }
        }
        false // no digit fits here: the caller must undo its own try
    }
}
