// LeetCode 37 with a let chain (`if let … && …`), which only edition 2024
// takes: LeetCode builds Rust at that edition.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut used = [[0u16; 9]; 3];
        for r in 0..9 {
            for c in 0..9 {
                if let Some(d) = board[r][c].to_digit(10) {
                    let bit = 1 << (d - 1);
                    used[0][r] |= bit;
                    used[1][c] |= bit;
                    used[2][r / 3 * 3 + c / 3] |= bit;
                }
            }
        }
        Self::fill(board, &mut used);
    }

    fn fill(board: &mut Vec<Vec<char>>, used: &mut [[u16; 9]; 3]) -> bool {
        let mut best: Option<(usize, usize, u16)> = None;
        for r in 0..9 {
            for c in 0..9 {
                let free = !(used[0][r] | used[1][c] | used[2][r / 3 * 3 + c / 3]) & 0x1FF;
                if board[r][c] == '.'
                    && let Some((_, _, m)) = best
                    && m.count_ones() <= free.count_ones()
                {
                    continue;
                }
                if board[r][c] == '.' {
                    best = Some((r, c, free));
                }
            }
        }
        let Some((r, c, free)) = best else {
            return true;
        };
        for d in 0..9 {
            let bit = 1 << d;
            if free & bit == 0 {
                continue;
            }
            used[0][r] |= bit;
            used[1][c] |= bit;
            used[2][r / 3 * 3 + c / 3] |= bit;
            board[r][c] = char::from_digit(d + 1, 10).unwrap();
            if Self::fill(board, used) {
                return true;
            }
            used[0][r] ^= bit;
            used[1][c] ^= bit;
            used[2][r / 3 * 3 + c / 3] ^= bit;
        }
        board[r][c] = '.';
        false
    }
}
