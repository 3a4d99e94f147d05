//! Every solver in the batch registry agrees with the reference (the
//! registry's first entry) on solution counts, limit 2, over a sample of each
//! shipped benchmark set; every solution any of them returns passes the oracle.
//!
//! Samples are evenly spaced through each file, small enough for a debug build
//! on 2 cores. The write-up approaches search row-major with no propagation
//! (seconds per 17-clue puzzle), so they run only on easy samples: the
//! unbiased puzzles with 29 givens and a slice of Serg's set; they count at
//! most 1, so they must report `min(reference, 1)`.

use sudoku_workspace::fixtures::inputs_dir;
use sudoku_workspace::format::read_puzzles;
use sudoku_workspace::grid::Grid;
use sudoku_workspace::oracle::check_solution;
use sudoku_workspace::solver::{default_solver, solvers, Solver};

const LIMIT: usize = 2;
const SERG: &str = "puzzles7_serg_benchmark";

/// Each shipped set and how many puzzles of it the counting solvers run.
const SAMPLES: [(&str, usize); 6] = [
    ("puzzles1_unbiased_first1000", 50),
    ("puzzles2_17_clue", 50),
    ("puzzles3_magictour_top1465", 30),
    ("puzzles5_forum_hardest_1905_11+", 20),
    ("puzzles6_forum_hardest_1106", 15),
    (SERG, 50),
];

/// A puzzle with where it came from, for failure messages.
struct Case {
    set: &'static str,
    line: usize,
    puzzle: Grid,
}

/// Every puzzle of a set, with its line number.
fn load(set: &'static str) -> Vec<Case> {
    let path = inputs_dir().join("bench").join(set);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    read_puzzles(&text)
        .map(|(line, puzzle)| Case {
            set,
            line,
            puzzle: puzzle.unwrap_or_else(|e| panic!("{set}: {e}")),
        })
        .collect()
}

/// `n` puzzles evenly spaced through the set, starting with the first. Only
/// the sampled lines are parsed (the big sets are 49k lines; debug builds).
fn sample(set: &'static str, n: usize) -> Vec<Case> {
    let path = inputs_dir().join("bench").join(set);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    // The batch format's skip rule, as in `grid::read_puzzles`.
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_end().is_empty() && !l.starts_with('#'))
        .collect();
    let step = (lines.len() / n).max(1);
    lines
        .into_iter()
        .step_by(step)
        .take(n)
        .map(|(i, l)| Case {
            set,
            line: i + 1,
            puzzle: Grid::from_line(l, i + 1).unwrap_or_else(|e| panic!("{set}: {e}")),
        })
        .collect()
}

/// Runs `solver` on every case and checks its count against `expected` (one
/// per case) and every solution it returns against the oracle. Its `count`
/// entry must give the same count and guesses.
fn check(solver: &Solver, cases: &[Case], expected: &[usize]) {
    for (case, &want) in cases.iter().zip(expected) {
        let out = (solver.solve)(&case.puzzle, LIMIT);
        let at = format!("{} on {}:{}", solver.name, case.set, case.line);
        assert_eq!(out.count, want, "{at}: count");
        let counted = (solver.count)(&case.puzzle, LIMIT);
        assert_eq!(
            (counted.count, counted.guesses),
            (out.count, out.guesses),
            "{at}: count entry"
        );
        match (out.count, out.solution) {
            (0, None) => {}
            (0, Some(_)) => panic!("{at}: a solution with count 0"),
            (_, None) => panic!("{at}: count {} without a solution", out.count),
            (_, Some(answer)) => {
                if let Err(why) = check_solution(&case.puzzle, &answer) {
                    panic!("{at}: not a solution: {why}\n{answer:?}");
                }
            }
        }
    }
}

/// The reference's counts, which must be 2 on Serg's set and 1 elsewhere
/// (every other shipped set is proper Sudoku).
fn reference_counts(cases: &[Case]) -> Vec<usize> {
    let reference = default_solver();
    cases
        .iter()
        .map(|case| {
            let count = (reference.solve)(&case.puzzle, LIMIT).count;
            let want = if case.set == SERG { 2 } else { 1 };
            assert_eq!(
                count, want,
                "{} on {}:{}",
                reference.name, case.set, case.line
            );
            count
        })
        .collect()
}

#[test]
fn counting_solvers_agree_with_the_reference_on_every_set() {
    assert!(default_solver().counts, "the reference must count");
    for (set, n) in SAMPLES {
        let cases = sample(set, n);
        assert_eq!(cases.len(), n, "{set}");
        let expected = reference_counts(&cases);
        for solver in solvers().iter().filter(|s| s.counts) {
            check(solver, &cases, &expected);
        }
    }
}

#[test]
fn write_ups_agree_on_easy_samples_capped_at_1() {
    let mut cases: Vec<Case> = load("puzzles1_unbiased_first1000")
        .into_iter()
        .filter(|case| case.puzzle.givens() == 29)
        .collect();
    assert_eq!(
        cases.len(),
        6,
        "the unbiased sample has 6 puzzles with 29 givens"
    );
    cases.extend(sample(SERG, 20));
    let expected: Vec<usize> = reference_counts(&cases)
        .into_iter()
        .map(|count| count.min(1))
        .collect();
    let write_ups: Vec<&Solver> = solvers().iter().filter(|s| !s.counts).collect();
    assert!(!write_ups.is_empty());
    for solver in write_ups {
        check(solver, &cases, &expected);
    }
}
