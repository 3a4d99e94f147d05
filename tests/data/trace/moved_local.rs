// LeetCode 37 in Rust with a local moved before the search: the copy that
// reads every frame's locals cannot read it there, and is built without them.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let empties: Vec<usize> = (0..81).filter(|&k| board[k / 9][k % 9] == '.').collect();
        let order = empties;
        Self::fill(board, &order, 0);
    }

    fn fill(board: &mut Vec<Vec<char>>, order: &[usize], i: usize) -> bool {
        if i == order.len() {
            return true;
        }
        let (r, c) = (order[i] / 9, order[i] % 9);
        for d in '1'..='9' {
            let ok = (0..9).all(|j| {
                board[r][j] != d && board[j][c] != d && board[r / 3 * 3 + j / 3][c / 3 * 3 + j % 3] != d
            });
            if ok {
                board[r][c] = d;
                if Self::fill(board, order, i + 1) {
                    return true;
                }
                board[r][c] = '.';
            }
        }
        false
    }
}
