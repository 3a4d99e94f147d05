/// LeetCode 37 — write-up 003: marks held as fields; `backtrack` rescans the board from `(0, 0)` on every call.
///
/// The marks live in a struct (003's class fields), so `backtrack` takes only
/// the board. Each call looks for the first empty cell from the top-left
/// corner again: up to 81 reads per node that the forward scan of write-up 000
/// avoids, for the same search tree.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut solver = Backtracker {
            row: [[false; 10]; 9],
            col: [[false; 10]; 9],
            bx: [[false; 10]; 9],
        };
        for i in 0..9 {
            for j in 0..9 {
                if board[i][j] != '.' {
                    solver.mark(i, j, (board[i][j] as u8 - b'0') as usize, true);
                }
            }
        }
        solver.backtrack(board);
    }
}

struct Backtracker {
    row: [[bool; 10]; 9],
    col: [[bool; 10]; 9],
    bx: [[bool; 10]; 9],
}

impl Backtracker {
    fn mark(&mut self, i: usize, j: usize, num: usize, used: bool) {
        self.row[i][num] = used;
        self.col[j][num] = used;
        self.bx[i / 3 * 3 + j / 3][num] = used;
    }

    fn backtrack(&mut self, board: &mut Vec<Vec<char>>) -> bool {
        for i in 0..9 {
            for j in 0..9 {
                if board[i][j] != '.' {
                    continue;
                }
                let b = i / 3 * 3 + j / 3;
                for num in 1..=9 {
                    if !self.row[i][num] && !self.col[j][num] && !self.bx[b][num] {
                        board[i][j] = (b'0' + num as u8) as char;
                        self.mark(i, j, num, true);
                        if self.backtrack(board) {
                            return true;
                        }
                        board[i][j] = '.';
                        self.mark(i, j, num, false);
                    }
                }
                return false; // the first empty cell takes no digit
            }
        }
        true // no empty cell left
    }
}
