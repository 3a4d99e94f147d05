// LeetCode 37's solve_sudoku as a free function, in no impl block:
// LeetCode calls Solution::solve_sudoku; the trace calls the free function.
fn ok(board: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
    (0..9).all(|i| {
        board[r][i] != d && board[i][c] != d && board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] != d
    })
}

fn fill(board: &mut Vec<Vec<char>>, k: usize) -> bool {
    if k == 81 {
        return true;
    }
    let (r, c) = (k / 9, k % 9);
    if board[r][c] != '.' {
        return fill(board, k + 1);
    }
    for d in '1'..='9' {
        if ok(board, r, c, d) {
            board[r][c] = d;
            if fill(board, k + 1) {
                return true;
            }
            board[r][c] = '.';
        }
    }
    false
}

pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
    fill(board, 0);
}
