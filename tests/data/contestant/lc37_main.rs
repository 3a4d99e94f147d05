impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        fn fits(b: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
            (0..9).all(|i| b[r][i] != d && b[i][c] != d && b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] != d)
        }
        fn dfs(b: &mut Vec<Vec<char>>, k: usize) -> bool {
            if k == 81 {
                return true;
            }
            let (r, c) = (k / 9, k % 9);
            if b[r][c] != '.' {
                return dfs(b, k + 1);
            }
            for d in "123456789".chars() {
                if fits(b, r, c, d) {
                    b[r][c] = d;
                    if dfs(b, k + 1) {
                        return true;
                    }
                }
            }
            b[r][c] = '.';
            false
        }
        println!("debug: solving");
        dfs(board, 0);
    }
}

struct Solution;

fn main() {
    let mut board = vec![vec!['.'; 9]; 9];
    Solution::solve_sudoku(&mut board);
    println!("{:?}", board[0]);
}
