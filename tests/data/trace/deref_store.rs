// A LeetCode 37 file that writes the board through a `&mut` to the cell
// (`let cell = &mut board[r][c]; *cell = d;`).
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::fill(board, 0);
    }
    fn fill(board: &mut Vec<Vec<char>>, k: usize) -> bool {
        if k == 81 {
            return true;
        }
        let (r, c) = (k / 9, k % 9);
        if board[r][c] != '.' {
            return Self::fill(board, k + 1);
        }
        for d in '1'..='9' {
            let fits = (0..9).all(|i| board[r][i] != d && board[i][c] != d && board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] != d);
            if !fits {
                continue;
            }
            let cell = &mut board[r][c];
            *cell = d;
            if Self::fill(board, k + 1) {
                return true;
            }
            let cell = &mut board[r][c];
            *cell = '.';
        }
        false
    }
}
