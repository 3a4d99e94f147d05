/// LeetCode 37 — write-up 000's WRONG DFS, kept on purpose: it never stops (LeetCode: Time Limit Exceeded).
///
/// Faithful to the author's Java: `dfs` returns nothing and always undoes its
/// placement, so the finished board is erased on the way back up; and after the
/// last digit at a cell is tried, the cell is empty again, so the `while` loop
/// comes back to the same cell for ever. The fix is `lc37_05_marks_forward.rs`:
/// return `bool`, and undo only when the recursion failed.
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
            // BUG: board[i][j] is '.' again, so the while loop retries this cell for ever.
        }
    }
}
