/// LeetCode 37 — write-up 000's WRONG DFS, kept on purpose: it never stops (LeetCode: Time Limit Exceeded).
///
/// Faithful to the author's Java: `dfs` returns nothing, so a caller cannot
/// tell a dead end from a finished board. At a cell where no digit fits, the
/// `for` loop places nothing, the cell stays empty, and the `while` loop tests
/// the same cell for ever (on LeetCode's example this happens after 5
/// placements, at row 0, col 8). Where a board does get completed, every caller
/// undoes its digit on the way back, erasing it, and the search goes round
/// again. The fix is `lc37_05_marks_forward.rs`: return `bool`, and undo only
/// when the recursion failed.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut row = [[false; 10]; 9];
        let mut col = [[false; 10]; 9];
        let mut block = [[false; 10]; 9];
        for i in 0..9 {
            for j in 0..9 {
                if board[i][j] != '.' {
                    let num = (board[i][j] as u8 - b'0') as usize;
                    row[i][num] = true;
                    col[j][num] = true;
                    block[i / 3 * 3 + j / 3][num] = true;
                }
            }
        }
        dfs(board, &mut row, &mut col, &mut block, 0, 0);
    }
}

type Marks = [[bool; 10]; 9];

fn dfs(
    board: &mut Vec<Vec<char>>,
    row: &mut Marks,
    col: &mut Marks,
    block: &mut Marks,
    mut i: usize,
    mut j: usize,
) {
    while i < 9 && j < 9 {
        if board[i][j] != '.' {
            if j < 8 {
                j += 1;
            } else {
                i += 1;
                j = 0;
            }
        } else {
            for num in 1..=9 {
                let block_index = i / 3 * 3 + j / 3;
                if !row[i][num] && !col[j][num] && !block[block_index][num] {
                    board[i][j] = (b'0' + num as u8) as char;
                    row[i][num] = true;
                    col[j][num] = true;
                    block[block_index][num] = true;
                    dfs(board, row, col, block, i, j);
                    // BUG: undone whether or not the call above finished the board.
                    row[i][num] = false;
                    col[j][num] = false;
                    block[block_index][num] = false;
                    board[i][j] = '.';
                }
            }
            // BUG: board[i][j] is '.' again (nothing fitted, or every try was undone),
            // so the while loop comes back to this same cell for ever.
        }
    }
}
