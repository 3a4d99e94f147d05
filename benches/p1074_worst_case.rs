//! Worst case of the `p1074` program (Luogu P1074, the best score over all
//! solutions) on adversarial legal inputs: 24 givens, the fewest the
//! statement allows, placed where they constrain the scoring the least.
//! The limit is 2000 ms per input; the goal is under 1 s for every one.
//!
//! `cargo bench --bench p1074_worst_case [-- --quick]` (single thread; wall
//! clock per input, in process, parse + search + format, as `p1074::run`).
//!
//! Each shape draws `PER_SHAPE` puzzles (a random solved grid, 24 of its
//! cells kept, chosen inside the shape's cells) from a fixed seed, so every
//! run times the same inputs. Every answer is checked against a score
//! computed from the puzzle's own solved grid (the best cannot be lower).
//! The slowest input of each shape is timed `REPEATS` more times and its
//! fastest run reported: its own cost, another job's interruptions removed.
//!
//! Then a hill climb from the slowest input of all: `CLIMB` times, one
//! given moves to an empty cell (taking the solved grid's digit there, so
//! the input stays legal), and the move is kept when the input gets slower
//! (by the faster of two runs). The slowest input found is printed, to be
//! pinned as a fixture.

use std::time::Instant;
use sudoku_workspace::family::cases::{random_solved, rows};
use sudoku_workspace::family::program;
use sudoku_workspace::gen::Rng;

const PER_SHAPE: usize = 300;
const CLIMB: usize = 600;
const REPEATS: usize = 5;
const GIVENS: usize = 24;

/// Whether a given may go at (row, column).
type Allowed = fn(usize, usize) -> bool;

/// Where the 24 givens may go.
const SHAPES: [(&str, Allowed); 7] = [
    ("anywhere", |_, _| true),
    ("band 1 and stack 1", |r, c| r < 3 || c < 3),
    ("outside the corner boxes", |r, c| r / 3 == 1 || c / 3 == 1),
    ("outer ring", |r, c| r == 0 || r == 8 || c == 0 || c == 8),
    ("inside the outer ring", |r, c| {
        (1..8).contains(&r) && (1..8).contains(&c)
    }),
    ("bands 1 and 2", |r, _| r < 6),
    ("centre box's row and column bands", |r, c| {
        r / 3 == 1 && c / 3 != 1 || c / 3 == 1 && r / 3 != 1
    }),
];

/// The P1074 score of a solved grid: weight 6 on the outer ring up to 10 at
/// the centre.
fn score(grid: &[u8]) -> u32 {
    (0..81)
        .map(|i| {
            let (r, c) = (i / 9, i % 9);
            let ring = r.min(c).min(8 - r).min(8 - c) as u32;
            (6 + ring) * u32::from(grid[i])
        })
        .sum()
}

fn digit(d: u8) -> String {
    d.to_string()
}

fn input_of(puzzle: &[u8]) -> String {
    rows(puzzle, 9, " ", digit)
}

/// One timed run in µs, the answer checked: a number no lower than the
/// score of the grid the puzzle was cut from.
fn time(input: &str, floor: u32) -> f64 {
    let run = program("p1074").expect("p1074 is a family program");
    let start = Instant::now();
    let out = std::hint::black_box(run(std::hint::black_box(input)));
    let micros = start.elapsed().as_secs_f64() * 1e6;
    let out = out.unwrap_or_else(|(code, e)| panic!("exit {code}: {e}\n{input}"));
    let best: u32 = out.trim().parse().expect("a score");
    assert!(best >= floor, "{best} below a solution's {floor}\n{input}");
    micros
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (per_shape, climb) = if quick {
        (PER_SHAPE / 10, CLIMB / 10)
    } else {
        (PER_SHAPE, CLIMB)
    };
    println!(
        "{:<36} {:>7} {:>11} {:>11} {:>11}",
        "givens (24 of them)", "inputs", "median µs", "max once µs", "worst µs"
    );
    // (µs, puzzle, solved grid) of the slowest input so far.
    let mut slowest = (0.0, Vec::new(), Vec::new());
    for (k, (name, allowed)) in SHAPES.iter().enumerate() {
        let mut rng = Rng::new(1074 + k as u64);
        let mut runs: Vec<(f64, Vec<u8>, Vec<u8>)> = (0..per_shape)
            .map(|_| {
                let solved = random_solved(3, &mut rng);
                let mut cells: Vec<usize> = (0..81).filter(|&i| allowed(i / 9, i % 9)).collect();
                rng.shuffle(&mut cells);
                let mut puzzle = vec![0u8; 81];
                for &i in &cells[..GIVENS] {
                    puzzle[i] = solved[i];
                }
                let micros = time(&input_of(&puzzle), score(&solved));
                (micros, puzzle, solved)
            })
            .collect();
        runs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let median = runs[runs.len() / 2].0;
        let (once, puzzle, solved) = runs.pop().expect("a shape has inputs");
        let worst = (0..REPEATS)
            .map(|_| time(&input_of(&puzzle), score(&solved)))
            .fold(once, f64::min);
        println!(
            "{:<36} {:>7} {:>11.1} {:>11.1} {:>11.1}",
            name,
            runs.len() + 1,
            median,
            once,
            worst
        );
        if worst > slowest.0 {
            slowest = (worst, puzzle, solved);
        }
    }
    let (mut micros, mut puzzle, solved) = slowest;
    let floor = score(&solved);
    let mut rng = Rng::new(1074);
    for _ in 0..climb {
        let givens: Vec<usize> = (0..81).filter(|&i| puzzle[i] != 0).collect();
        let empty: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
        let (from, to) = (
            givens[rng.below(givens.len())],
            empty[rng.below(empty.len())],
        );
        let mut next = puzzle.clone();
        next[from] = 0;
        next[to] = solved[to];
        let input = input_of(&next);
        let t = time(&input, floor).min(time(&input, floor));
        if t > micros {
            (micros, puzzle) = (t, next);
        }
    }
    let input = input_of(&puzzle);
    let worst = (0..REPEATS)
        .map(|_| time(&input, floor))
        .fold(micros, f64::min);
    println!(
        "{:<36} {:>7} {:>11} {:>11.1} {:>11.1}",
        "hill climb from the slowest", climb, "", micros, worst
    );
    let rows: Vec<String> = input.lines().map(|l| l.replace(' ', "")).collect();
    println!(
        "\nslowest input found ({:.1} ms), row by row: {}",
        worst / 1000.0,
        rows.join(" ")
    );
}
