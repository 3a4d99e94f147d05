/// LeetCode 37 — write-up 000: boolean marks `[9][10]`, a DFS that scans forward from `(i, j)` to the next empty cell.
///
/// `row[i][d]`, `col[j][d]` and `block[b][d]` say whether digit `d` is used
/// (index 0 unused, so a digit is its own index; 000 calls the box a "block").
/// The DFS returns `bool` and undoes a placement only when the recursion below
/// it failed: this is the author's fix of the wrong DFS in `lc37_09_wrong_dfs.rs`.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut marks = Marks {
            row: [[false; 10]; 9],
            col: [[false; 10]; 9],
            block: [[false; 10]; 9],
        };
        for i in 0..9 {
            for j in 0..9 {
                if board[i][j] != '.' {
                    let num = (board[i][j] as u8 - b'0') as usize;
                    marks.row[i][num] = true;
                    marks.col[j][num] = true;
                    marks.block[i / 3 * 3 + j / 3][num] = true;
                }
            }
        }
        marks.dfs(board, 0, 0);
    }
}

struct Marks {
    row: [[bool; 10]; 9],
    col: [[bool; 10]; 9],
    block: [[bool; 10]; 9],
}

impl Marks {
    fn dfs(&mut self, board: &mut Vec<Vec<char>>, mut i: usize, mut j: usize) -> bool {
        // Walk forward from (i, j) to the next empty cell; past the end, the board is full.
        while board[i][j] != '.' {
            j += 1;
            if j >= 9 {
                i += 1;
                j = 0;
            }
            if i >= 9 {
                return true;
            }
        }
        let b = i / 3 * 3 + j / 3;
        for num in 1..=9 {
            if !self.row[i][num] && !self.col[j][num] && !self.block[b][num] {
                board[i][j] = (b'0' + num as u8) as char;
                self.row[i][num] = true;
                self.col[j][num] = true;
                self.block[b][num] = true;
                if self.dfs(board, i, j) {
                    return true; // solved below: keep this digit
                }
                // The fix: undo only because the recursion failed.
                self.row[i][num] = false;
                self.col[j][num] = false;
                self.block[b][num] = false;
                board[i][j] = '.';
            }
        }
        false
    }
}
