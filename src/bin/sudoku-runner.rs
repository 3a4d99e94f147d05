//! The judge's child: `sudoku-runner SOLUTION [FILE]` runs one solution on one
//! case (stdin, or FILE) in this process and prints the answer, the way a judge runs a
//! submission. `sudoku judge` starts the same code as `sudoku run-solution`
//! (so `cargo run` needs only the one binary); the tests start this one.
//!
//! Besides every solution of `src/lib.rs` it knows test-only ones that the
//! judge never lists, one per failing verdict: `test_loop` (TLE), `test_sleep`
//! (TLE by the wall clock), `test_alloc` (MLE), `test_flood` (OLE),
//! `test_panic` (RE), `test_wrong` (WA).
//!
//! Exit codes: the solution's own (0, or `lanqiao`'s 1 and 2; 101 for a
//! panic); 3 when the input cannot be read or parsed; 4 for an unknown
//! solution name or bad arguments.

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    sudoku_workspace::judge::runner::runner_main(&args)
}
