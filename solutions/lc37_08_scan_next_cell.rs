/// LeetCode 37 — write-up 004: check-by-scan DFS that moves on with `x + (y + 1) / 9, (y + 1) % 9` and stops at the first solution.
///
/// 004 is a Lanqiao program that prints the board and calls `exit(0)` at the
/// base case; a LeetCode function cannot exit, so reaching row 9 returns
/// `true` instead and every caller keeps its digit. The moving-on arithmetic
/// and the scanning `check` are 004's. (004 reads `0` for empty; LeetCode uses `.`.)
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        dfs(board, 0, 0);
    }
}

fn dfs(ss: &mut Vec<Vec<char>>, x: usize, y: usize) -> bool {
    if x == 9 {
        return true; // 004: print(ss); exit(0);
    }
    // The next cell in row-major order, without an `if` for the row end.
    let (nx, ny) = (x + (y + 1) / 9, (y + 1) % 9);
    if ss[x][y] != '.' {
        return dfs(ss, nx, ny);
    }
    for k in b'1'..=b'9' {
        if check(ss, x, y, k as char) {
            ss[x][y] = k as char;
            if dfs(ss, nx, ny) {
                return true;
            }
        }
    }
    ss[x][y] = '.'; // 004 undoes once, after the last digit
    false
}

/// True when `k` is in neither row `i`, col `j`, nor their box (004's `check`).
fn check(ss: &[Vec<char>], i: usize, j: usize, k: char) -> bool {
    for l in 0..9 {
        if ss[i][l] == k || ss[l][j] == k {
            return false;
        }
    }
    for l in i / 3 * 3..(i / 3 + 1) * 3 {
        for m in j / 3 * 3..(j / 3 + 1) * 3 {
            if ss[l][m] == k {
                return false;
            }
        }
    }
    true
}
