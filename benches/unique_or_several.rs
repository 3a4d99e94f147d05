//! `fast` (the cell search) against `fast-triad` on puzzles none of the tuning saw, some with
//! one solution and some with several: which of the two searches is the
//! faster depends on which kind you count (see the README, "Against tdoku").
//!
//! ```text
//! cargo bench --bench unique_or_several               5 passes over every set
//! cargo bench --bench unique_or_several -- --quick    1 pass, 1,000 puzzles a set
//! ```
//!
//! The sets are made here, the same on every machine (`gen`'s SplitMix64):
//! * `expert`: what `sudoku gen --count 3000 --seed 99 --difficulty expert`
//!   prints: minimal puzzles with one solution that need guesses;
//! * `one given out`: each puzzle of top1465 and 1106 with one given taken
//!   out at random, which mostly leaves two or more solutions;
//! * `K kept`: a random solved grid per puzzle, K of its cells kept at
//!   random, for K = 24 and 34 (mostly several solutions).
//!
//! Both count solutions up to 2, taking turns every 250 puzzles (the first
//! to go alternates); every puzzle's two counts must agree. Per set: the
//! puzzles with exactly one solution, the median over passes of each
//! solver's puzzles/s and of the pass's ratio, and guesses per puzzle.

use sudoku_workspace::fast;
use sudoku_workspace::gen::{self, Difficulty, Request, Rng};
use sudoku_workspace::grid::Grid;

// The shipped sets' loader and the turn-taking pass, shared with the other
// benchmarks.
mod common;
use common::{duel, load};

/// `sudoku gen --count n --seed 99 --difficulty expert`.
fn expert(n: usize) -> Vec<Grid> {
    let request = Request {
        clues: None,
        difficulty: Some(Difficulty::Expert),
        minimal_with: None,
    };
    let mut rng = Rng::new(99);
    (0..n)
        .map(|_| gen::generate(&request, &mut rng).expect("expert puzzles").0)
        .collect()
}

/// Each puzzle of top1465 and 1106 with one of its givens emptied.
fn one_given_out(n: usize) -> Vec<Grid> {
    let mut rng = Rng::new(11);
    let mut out = Vec::new();
    for (label, file) in [
        ("top1465", "puzzles3_magictour_top1465"),
        ("1106", "puzzles6_forum_hardest_1106"),
    ] {
        for mut p in load(label, file, usize::MAX).puzzles {
            let givens: Vec<usize> = (0..81).filter(|&i| p.0[i] != 0).collect();
            p.0[givens[rng.below(givens.len())]] = 0;
            out.push(p);
        }
    }
    out.truncate(n);
    out
}

/// `n` puzzles, each `k` cells of a random solved grid.
fn kept(k: usize, n: usize) -> Vec<Grid> {
    let mut rng = Rng::new(7 + k as u64);
    (0..n)
        .map(|_| {
            let solved = gen::solved_grid(&mut rng);
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let mut p = Grid([0; 81]);
            for &i in &cells[..k] {
                p.0[i] = solved.0[i];
            }
            p
        })
        .collect()
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (passes, max) = if quick { (1, 1_000) } else { (5, 20_000) };
    let sets: [(&str, Vec<Grid>); 4] = [
        ("expert", expert(max.min(3_000))),
        ("one given out", one_given_out(max)),
        ("24 kept", kept(24, max)),
        ("34 kept", kept(34, max)),
    ];
    println!(
        "| set | puzzles | with one solution | fast /s | fast guesses | fast-triad /s \
         | fast-triad guesses | fast-triad / fast |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (label, puzzles) in &sets {
        let n = puzzles.len();
        let mut unique = 0;
        let (mut c_guesses, mut t_guesses) = (0, 0);
        // Each solver's (count, guesses) per puzzle.
        let cell = |p: &Grid| {
            let o = fast::count(p, 2);
            (o.count, o.guesses)
        };
        let triad = |p: &Grid| {
            let o = fast::count_triad(p, 2);
            (o.count, o.guesses)
        };
        let duel = duel(passes, puzzles, cell, triad, |pass, i, x, y| {
            let line = || puzzles[i].to_line();
            assert_eq!(
                x.0,
                y.0,
                "{label}: {}: fast and fast-triad disagree",
                line()
            );
            if pass == 0 {
                unique += usize::from(x.0 == 1);
                c_guesses += x.1;
                t_guesses += y.1;
            }
        });
        println!(
            "| {label} | {n} | {unique} | {:.0} | {:.2} | {:.0} | {:.2} | {:.2} |",
            duel.a_rate(),
            c_guesses as f64 / n as f64,
            duel.b_rate(),
            t_guesses as f64 / n as f64,
            duel.b_over_a()
        );
    }
}
