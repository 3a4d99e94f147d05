/// LeetCode 37 — write-up 002: an explicit stack of placements, no recursion.
///
/// Works on an integer grid (0 = empty, as 002 does), converted once from
/// LeetCode's `char` board. Walk the cells in row-major order; at an empty cell
/// try digits from `next` up, checking by scanning the row, col and box. When a
/// digit fits, push the placement and move on; when none fits, pop the last
/// placement, clear it, and resume at that cell from its digit + 1.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut grid = [[0u8; 9]; 9];
        for (r, line) in board.iter().enumerate() {
            for (c, &ch) in line.iter().enumerate() {
                if ch != '.' {
                    grid[r][c] = ch as u8 - b'0';
                }
            }
        }
        if solve(&mut grid) {
            for (r, line) in board.iter_mut().enumerate() {
                for (c, ch) in line.iter_mut().enumerate() {
                    *ch = (b'0' + grid[r][c]) as char;
                }
            }
        }
    }
}

/// One stack frame: the digit placed at a cell (002's `Help` class).
struct Placement {
    cell: usize,
    digit: u8,
}

/// Fills `grid`; false when the stack runs dry (the puzzle has no solution).
fn solve(grid: &mut [[u8; 9]; 9]) -> bool {
    let mut stack: Vec<Placement> = Vec::with_capacity(81);
    let mut cell = 0;
    let mut next = 1; // the first digit to try at `cell`
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        if grid[r][c] != 0 {
            cell += 1;
            continue;
        }
        match (next..=9).find(|&d| fits(grid, r, c, d)) {
            Some(digit) => {
                grid[r][c] = digit;
                stack.push(Placement { cell, digit });
                cell += 1;
                next = 1;
            }
            None => {
                // Dead end: back to the last placement, and try its next digit.
                // (A `match`, not `let ... else`: that needs Rust 1.65, and
                // LeetCode's Rust is older.)
                let last = match stack.pop() {
                    Some(last) => last,
                    None => return false, // nothing left to undo: no solution
                };
                grid[last.cell / 9][last.cell % 9] = 0;
                cell = last.cell;
                next = last.digit + 1;
            }
        }
    }
    true
}

/// True when `d` is not yet in row `r`, col `c` or their box (002's `isValid`).
fn fits(grid: &[[u8; 9]; 9], r: usize, c: usize, d: u8) -> bool {
    let (top, left) = (r / 3 * 3, c / 3 * 3);
    (0..9).all(|k| grid[r][k] != d && grid[k][c] != d && grid[top + k / 3][left + k % 3] != d)
}
