use std::io::Read;

fn fits(g: &[[u8; 9]; 9], r: usize, c: usize, d: u8) -> bool {
    for i in 0..9 {
        if g[r][i] == d || g[i][c] == d || g[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d {
            return false;
        }
    }
    true
}

fn dfs(g: &mut [[u8; 9]; 9], k: usize) -> bool {
    if k == 81 {
        return true;
    }
    let (r, c) = (k / 9, k % 9);
    if g[r][c] != 0 {
        return dfs(g, k + 1);
    }
    for d in 1..=9 {
        if fits(g, r, c, d) {
            g[r][c] = d;
            if dfs(g, k + 1) {
                return true;
            }
            g[r][c] = 0;
        }
    }
    false
}

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut g = [[0u8; 9]; 9];
    for (r, line) in text.split_whitespace().take(9).enumerate() {
        for (c, ch) in line.bytes().take(9).enumerate() {
            g[r][c] = ch - b'0';
        }
    }
    dfs(&mut g, 0);
    let rows: Vec<String> = g.iter().map(|row| row.iter().map(|d| d.to_string()).collect()).collect();
    println!("{}", rows.join("\n"));
}
