// A user's own Lanqiao program in Rust, for `sudoku trace --approach`: the
// board is a Vec<Vec<u8>>, and each placement prints its call's locals to
// stderr in the trace's own words (`k = 2, r = 0, c = 2, d = 1`), so a test
// can hold the locals the trace shows to what the program itself prints.
use std::io::Read;

fn fits(g: &Vec<Vec<u8>>, r: usize, c: usize, d: u8) -> bool {
    (0..9).all(|i| g[r][i] != d && g[i][c] != d && g[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] != d)
}

fn dfs(g: &mut Vec<Vec<u8>>, k: usize) -> bool {
    if k == 81 {
        return true;
    }
    let r = k / 9;
    let c = k % 9;
    if g[r][c] != 0 {
        return dfs(g, k + 1);
    }
    for d in 1..=9u8 {
        if !fits(g, r, c, d) {
            continue;
        }
        g[r][c] = d;
        eprintln!("k = {}, r = {}, c = {}, d = {}", k, r, c, d);
        if dfs(g, k + 1) {
            return true;
        }
        g[r][c] = 0;
    }
    false
}

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut g = vec![vec![0u8; 9]; 9];
    for (r, line) in text.lines().take(9).enumerate() {
        for (c, b) in line.trim().bytes().take(9).enumerate() {
            g[r][c] = b - b'0';
        }
    }
    dfs(&mut g, 0);
    for row in &g {
        let line: String = row.iter().map(|d| char::from(b'0' + d)).collect();
        println!("{}", line);
    }
}
