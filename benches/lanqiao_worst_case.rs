//! Worst case of the `lanqiao` program's solver over every shared puzzle set:
//! the write-up's limit is 2000 ms per puzzle; every puzzle should take well under 10 ms.
//!
//! `cargo bench --bench lanqiao_worst_case` (single thread; wall clock per
//! puzzle, in process, parse + solve + format, as `lanqiao::run`).
//!
//! Every puzzle is timed once; on this shared machine one timing can include
//! a few milliseconds of another job. So the 20 slowest puzzles of each set
//! are timed 5 more times, and "worst" is the slowest of them by its fastest
//! run: the puzzle's own cost, with the interruptions taken out.

use std::time::Instant;
use sudoku_workspace::fixtures::inputs_dir;
use sudoku_workspace::format::read_puzzles;
use sudoku_workspace::lanqiao;

// The shipped sets, shared with the other benchmarks.
mod common;
use common::SETS;

/// Slowest puzzles of a set timed again, and how many more times.
const RETIMED: usize = 20;
const REPEATS: usize = 5;

/// One timed `lanqiao::run`, in µs; checks the outcome (Serg's puzzles have
/// 2+ solutions, every other set's are unique).
fn time(set: &str, line: usize, input: &str) -> f64 {
    let start = Instant::now();
    let result = std::hint::black_box(lanqiao::run(std::hint::black_box(input)));
    let micros = start.elapsed().as_secs_f64() * 1e6;
    let multiple = set.contains("serg");
    assert_eq!(
        result.is_err(),
        multiple,
        "{set}:{line}: unexpected outcome {result:?}"
    );
    micros
}

fn main() {
    println!(
        "{:<34} {:>7} {:>11} {:>11} {:>14} {:>11}  worst line",
        "set", "puzzles", "median µs", "p99 µs", "max once µs", "worst µs"
    );
    for (_, set) in SETS {
        let text = std::fs::read_to_string(inputs_dir().join("bench").join(set)).unwrap();
        // (µs, line, input)
        let mut runs: Vec<(f64, usize, String)> = read_puzzles(&text)
            .map(|(line, puzzle)| {
                let input = puzzle.unwrap().to_rows();
                (time(set, line, &input), line, input)
            })
            .collect();
        runs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let at = |q: f64| runs[((runs.len() - 1) as f64 * q) as usize].0;
        let max_once = runs.last().expect("a set has puzzles").0;
        let worst = runs
            .iter()
            .rev()
            .take(RETIMED)
            .map(|(once, line, input)| {
                let best = (0..REPEATS)
                    .map(|_| time(set, *line, input))
                    .fold(*once, f64::min);
                (best, *line)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .expect("a set has puzzles");
        println!(
            "{:<34} {:>7} {:>11.1} {:>11.1} {:>14.1} {:>11.1}  {}",
            set,
            runs.len(),
            at(0.5),
            at(0.99),
            max_once,
            worst.0,
            worst.1
        );
    }
}
