// LeetCode 37 with `rand` (0.8's API, as LeetCode provides it): the most
// constrained cell first, its digits tried in a random order.
use rand::seq::SliceRandom;

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
        let mut rng = rand::thread_rng();
        Self::fill(board, &mut used, &mut rng);
    }

    fn fill(board: &mut Vec<Vec<char>>, used: &mut [[u16; 9]; 3], rng: &mut impl rand::Rng) -> bool {
        let mut best: Option<(usize, usize, u16)> = None;
        for r in 0..9 {
            for c in 0..9 {
                if board[r][c] != '.' {
                    continue;
                }
                let free = !(used[0][r] | used[1][c] | used[2][r / 3 * 3 + c / 3]) & 0x1FF;
                if best.map_or(true, |(_, _, m)| free.count_ones() < m.count_ones()) {
                    best = Some((r, c, free));
                }
            }
        }
        let Some((r, c, free)) = best else {
            return true;
        };
        let mut digits: Vec<u32> = (0..9).filter(|d| free >> d & 1 == 1).collect();
        digits.shuffle(rng);
        for d in digits {
            let bit = 1 << d;
            used[0][r] |= bit;
            used[1][c] |= bit;
            used[2][r / 3 * 3 + c / 3] |= bit;
            board[r][c] = char::from_digit(d + 1, 10).unwrap();
            if Self::fill(board, used, rng) {
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
