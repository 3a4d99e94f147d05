// An AtCoder habit: proconio's input! macro. A judge without the crate
// (this one, for a Lanqiao file) answers with rustc's unresolved import.
use proconio::input;

fn main() {
    input! {
        rows: [String; 9],
    }
    let unused = 0;
    for row in rows {
        println!("{row}");
    }
}
