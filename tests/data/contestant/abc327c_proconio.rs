// AtCoder ABC327 C with the crates AtCoder installs: proconio reads the
// grid, itertools checks that each unit holds 1..=9 once.
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        a: [[u8; 9]; 9],
    }
    let units = (0..9).flat_map(|i| {
        [
            (0..9).map(|j| a[i][j]).collect_vec(),
            (0..9).map(|j| a[j][i]).collect_vec(),
            (0..9)
                .map(|j| a[i / 3 * 3 + j / 3][i % 3 * 3 + j % 3])
                .collect_vec(),
        ]
    });
    let ok = units
        .map(|u| u.into_iter().sorted().collect_vec())
        .all(|u| u == (1..=9).collect_vec());
    println!("{}", if ok { "Yes" } else { "No" });
}
