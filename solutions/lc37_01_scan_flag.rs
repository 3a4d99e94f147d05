/// LeetCode 37 — write-up 001, step 1: every try re-scans row, col and box; a stop flag ends the search.
///
/// The simplest version: write the digit, then `check` walks the whole row, col
/// and box looking for a duplicate (27 cells per try). The DFS itself returns
/// nothing, so once the last cell is filled it raises `found` and every caller
/// returns as soon as it sees the flag. (001 names the box an "area"; here it is `bx`.)
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut found = false;
        dfs(board, 0, 0, &mut found);
    }
}

/// Fills cells from `(row, col)` on in row-major order.
fn dfs(board: &mut Vec<Vec<char>>, row: usize, col: usize, found: &mut bool) {
    if col >= 9 {
        return dfs(board, row + 1, 0, found);
    }
    if row >= 9 {
        *found = true; // every cell is filled: this board is the answer
        return;
    }
    if board[row][col] != '.' {
        return dfs(board, row, col + 1, found);
    }
    for d in b'1'..=b'9' {
        board[row][col] = d as char;
        if check(board, row, col) {
            dfs(board, row, col + 1, found);
            if *found {
                return; // keep the answer on the board
            }
        }
    }
    board[row][col] = '.';
}

/// True when the row, col and box of `(row, col)` hold no digit twice.
fn check(board: &[Vec<char>], row: usize, col: usize) -> bool {
    let (top, left) = (row / 3 * 3, col / 3 * 3);
    // Filled by a loop, not `std::array::from_fn`: that needs Rust 1.63, and
    // LeetCode's Rust is older.
    let mut units = [[(0, 0); 9]; 3];
    for k in 0..9 {
        units[0][k] = (row, k);
        units[1][k] = (k, col);
        units[2][k] = (top + k / 3, left + k % 3);
    }
    units.iter().all(|unit| {
        let mut seen = [false; 10];
        unit.iter().all(|&(r, c)| {
            let ch = board[r][c];
            if ch == '.' {
                return true;
            }
            let d = (ch as u8 - b'0') as usize;
            !std::mem::replace(&mut seen[d], true)
        })
    })
}
