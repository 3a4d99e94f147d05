// A user's own LeetCode 37 solution in Rust, for `sudoku trace --approach`:
// inputs/trace/marks_forward.py in Rust, searching on a copy of the board
// (a [[u8; 9]; 9] of digits, 0 empty) that is written back at the end. The
// trace follows the copy: its writes are the right DFS's placements and
// undos.
struct Search {
    grid: [[u8; 9]; 9],
    row: [[bool; 10]; 9],
    col: [[bool; 10]; 9],
    block: [[bool; 10]; 9],
}

impl Search {
    fn dfs(&mut self, mut i: usize, mut j: usize) -> bool {
        while self.grid[i][j] != 0 {
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
            if self.row[i][num] || self.col[j][num] || self.block[b][num] {
                continue;
            }
            self.grid[i][j] = num as u8;
            self.mark(i, j, num, true);
            if self.dfs(i, j) {
                return true;
            }
            self.mark(i, j, num, false);
            self.grid[i][j] = 0;
        }
        false
    }

    fn mark(&mut self, i: usize, j: usize, num: usize, on: bool) {
        self.row[i][num] = on;
        self.col[j][num] = on;
        self.block[i / 3 * 3 + j / 3][num] = on;
    }
}

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut s = Search { grid: [[0; 9]; 9], row: [[false; 10]; 9], col: [[false; 10]; 9], block: [[false; 10]; 9] };
        for i in 0..9 {
            for j in 0..9 {
                if let Some(num) = board[i][j].to_digit(10) {
                    s.grid[i][j] = num as u8;
                    s.mark(i, j, num as usize, true);
                }
            }
        }
        s.dfs(0, 0);
        for i in 0..9 {
            for j in 0..9 {
                board[i][j] = (b'0' + s.grid[i][j]) as char;
            }
        }
    }
}
