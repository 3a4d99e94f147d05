//! Integration tests of the fast solver: every solution it returns
//! passes the oracle, and its counts agree with a small independent counter
//! on a sample of each benchmark set, on every kernel the CPU can run.

use pretty_assertions::assert_eq;
use sudoku_workspace::fast::{self, Kernel};
use sudoku_workspace::format::read_puzzles;
use sudoku_workspace::grid::Grid;
use sudoku_workspace::oracle::is_solution;
use sudoku_workspace::solver::Outcome;

/// The first `take` puzzles of a benchmark set's text.
fn bench_set(text: &str, take: usize) -> Vec<Grid> {
    read_puzzles(text)
        .take(take)
        .map(|(line, g)| g.unwrap_or_else(|e| panic!("line {line}: {e}")))
        .collect()
}

/// A benchmark file's text, read when the test runs (the big sets are not
/// worth embedding in the test binary).
macro_rules! bench_file {
    ($name:literal) => {
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/inputs/bench/", $name))
            .expect(concat!("inputs/bench/", $name))
    };
}

/// The 9 cells of unit `u`: rows 0-8, cols 9-17, boxes 18-26.
fn unit_cell(u: usize, k: usize) -> usize {
    match u / 9 {
        0 => u * 9 + k,
        1 => k * 9 + u % 9,
        _ => (u % 9 / 3 * 3 + k / 3) * 9 + u % 9 % 3 * 3 + k % 3,
    }
}

/// The row, col and box units of a cell.
fn units_of(i: usize) -> [usize; 3] {
    [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3]
}

/// The reference: plain depth-first search with bitmasks of the digits used
/// per unit and no propagation, sharing no code with the fast solver. Each
/// node branches on the smallest choice, as DLX would: the empty cell with
/// fewest candidates, or, if fewer, the places left for a digit in a unit.
/// Counts solutions up to `limit`; clashing givens count 0.
fn reference_count(puzzle: &Grid, limit: usize) -> usize {
    let mut used = [0u16; 27];
    let mut cells = puzzle.0;
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            for u in units_of(i) {
                if used[u] & 1 << v != 0 {
                    return 0;
                }
                used[u] |= 1 << v;
            }
        }
    }
    count_from(&mut cells, &mut used, limit)
}

fn count_from(cells: &mut [u8; 81], used: &mut [u16; 27], limit: usize) -> usize {
    let mut free = [0u16; 81];
    // The choice: (size, cell or unit, digit mask or place mask, is_unit).
    let mut best = (usize::MAX, 0, 0u16, false);
    for i in 0..81 {
        if cells[i] == 0 {
            let [r, c, b] = units_of(i);
            free[i] = !(used[r] | used[c] | used[b]) & 0x3fe;
            let n = free[i].count_ones() as usize;
            if n < best.0 {
                best = (n, i, free[i], false);
            }
        }
    }
    if best.0 == usize::MAX {
        return 1; // no empty cell: solved
    }
    if best.0 > 1 {
        for u in 0..27 {
            for v in 1..=9 {
                if used[u] & 1 << v == 0 {
                    let mut places = 0u16;
                    for k in 0..9 {
                        if free[unit_cell(u, k)] & 1 << v != 0 {
                            places |= 1 << k;
                        }
                    }
                    let n = places.count_ones() as usize;
                    if n < best.0 {
                        best = (n, u * 16 + v, places, true);
                    }
                }
            }
        }
    }
    let (_, at, mask, is_unit) = best;
    let mut found = 0;
    for k in 0..16 {
        if mask & 1 << k == 0 {
            continue;
        }
        let (i, v) = if is_unit {
            (unit_cell(at / 16, k), (at % 16) as u8)
        } else {
            (at, k as u8)
        };
        cells[i] = v;
        for u in units_of(i) {
            used[u] |= 1 << v;
        }
        found += count_from(cells, used, limit - found);
        for u in units_of(i) {
            used[u] &= !(1 << v);
        }
        cells[i] = 0;
        if found >= limit {
            break;
        }
    }
    found
}

/// `fast::solve_with` on every kernel this CPU can run (the portable one
/// always): they must agree on everything, guesses included, since they are
/// one search compiled once per kernel; `fast::count_with` must give the same
/// count and guesses without a grid. The triad search (`fast-triad`) the
/// same way: its own guesses, the same count, a valid first solution.
/// Returns the default search's outcome.
fn solve(puzzle: &Grid, limit: usize) -> Outcome {
    let kernels = || Kernel::ALL.into_iter().filter(|k| k.available());
    let portable = fast::solve_with(puzzle, limit, Kernel::Portable);
    for kernel in kernels() {
        let out = fast::solve_with(puzzle, limit, kernel);
        assert_eq!(out, portable, "{kernel:?} on {}", puzzle.to_line());
        // Counting only: the same search, no grid.
        let counted = fast::count_with(puzzle, limit, kernel);
        assert_eq!(counted.solution, None);
        assert_eq!(
            (counted.count, counted.guesses),
            (portable.count, portable.guesses)
        );
    }
    assert_eq!(fast::solve(puzzle, limit), portable);
    assert_eq!(fast::solve_portable(puzzle, limit), portable);
    let triad = fast::solve_triad_with(puzzle, limit, Kernel::Portable);
    assert_eq!(triad.count, portable.count, "triad on {}", puzzle.to_line());
    if let Some(answer) = &triad.solution {
        assert!(is_solution(puzzle, answer), "triad on {}", puzzle.to_line());
    }
    for kernel in kernels() {
        assert_eq!(fast::solve_triad_with(puzzle, limit, kernel), triad);
        let counted = fast::count_triad_with(puzzle, limit, kernel);
        assert_eq!(
            (counted.count, counted.guesses, counted.solution),
            (triad.count, triad.guesses, None)
        );
    }
    assert_eq!(fast::solve_triad(puzzle, limit), triad);
    portable
}

/// Solve every puzzle with limit 2: every solution passes the oracle, and on
/// the first `with_reference` puzzles the count agrees with the reference
/// (which is slow in debug builds on the hard sets). Returns the counts.
fn check(puzzles: &[Grid], with_reference: usize) -> Vec<usize> {
    puzzles
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let out = solve(p, 2);
            if k < with_reference {
                assert_eq!(out.count, reference_count(p, 2), "count of {}", p.to_line());
            }
            match &out.solution {
                Some(s) => assert!(is_solution(p, s), "{} -> {}", p.to_line(), s.to_line()),
                None => assert_eq!(out.count, 0),
            }
            out.count
        })
        .collect()
}

#[test]
fn seventeen_clue_sample() {
    let set = bench_set(bench_file!("puzzles2_17_clue"), 200);
    assert_eq!(set.len(), 200);
    assert!(check(&set, 100).iter().all(|&n| n == 1));
}

#[test]
fn magictour_top1465_sample() {
    let set = bench_set(bench_file!("puzzles3_magictour_top1465"), 100);
    assert!(check(&set, 40).iter().all(|&n| n == 1));
}

#[test]
fn forum_hardest_1905_sample() {
    let set = bench_set(bench_file!("puzzles5_forum_hardest_1905_11+"), 50);
    assert!(check(&set, 20).iter().all(|&n| n == 1));
}

#[test]
fn forum_hardest_1106_sample() {
    let set = bench_set(bench_file!("puzzles6_forum_hardest_1106"), 50);
    assert!(check(&set, 15).iter().all(|&n| n == 1));
}

#[test]
fn serg_puzzles_have_two_solutions() {
    let set = bench_set(bench_file!("puzzles7_serg_benchmark"), 200);
    assert!(check(&set, 200).iter().all(|&n| n == 2));
    // With limit 1 the search stops at the first solution.
    for p in &set[..20] {
        assert_eq!(solve(p, 1).count, 1);
    }
}

/// Guesses over a whole set, per kernel, for the triad search
/// (`fast-triad`) and the cell search (`fast`).
fn total_guesses(set: &[Grid], limit: usize, kernel: Kernel) -> (u64, u64) {
    set.iter().fold((0, 0), |(triad, cell), p| {
        let t = fast::count_triad_with(p, limit, kernel);
        let c = fast::count_with(p, limit, kernel);
        (triad + t.guesses, cell + c.guesses)
    })
}

/// The search is the same on every target and every kernel: the guesses it
/// makes on whole sets are pinned here. `.ci/aarch64` runs this file on
/// aarch64 under qemu-user, where the portable kernel is the only one. A
/// change to the search that changes its guesses changes these numbers on
/// purpose; one that changes them on one target only is a bug.
#[test]
fn guesses_are_the_same_on_every_target_and_kernel() {
    let sets = [
        (
            bench_set(bench_file!("puzzles3_magictour_top1465"), usize::MAX),
            2,
            (TOP1465_TRIAD, TOP1465_CELL),
        ),
        (
            bench_set(bench_file!("puzzles7_serg_benchmark"), 2_000),
            2,
            (SERG_TRIAD, SERG_CELL),
        ),
    ];
    for (set, limit, want) in &sets {
        for kernel in Kernel::ALL.into_iter().filter(|k| k.available()) {
            assert_eq!(
                total_guesses(set, *limit, kernel),
                *want,
                "{kernel:?}, {} puzzles",
                set.len()
            );
        }
    }
}

/// Guesses over all of top1465 and Serg's first 2,000, counting to 2.
const TOP1465_TRIAD: u64 = 12_868;
const TOP1465_CELL: u64 = 14_694;
const SERG_TRIAD: u64 = 11_866;
const SERG_CELL: u64 = 11_699;

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn grid(line: &str) -> Grid {
    Grid::from_line(line, 1).unwrap()
}

#[test]
fn singles_only_puzzle_needs_no_guess() {
    let out = solve(&grid(WIKI), 2);
    assert_eq!(out.count, 1);
    assert_eq!(out.guesses, 0);
    assert_eq!(fast::solve_triad(&grid(WIKI), 2).guesses, 0);
    assert_eq!(out.solution, Some(grid(WIKI_SOLVED)));
    // A full grid is its own only solution.
    let out = solve(&grid(WIKI_SOLVED), 2);
    assert_eq!((out.count, out.guesses), (1, 0));
    assert_eq!(out.solution, Some(grid(WIKI_SOLVED)));
}

#[test]
fn empty_grid_counts_two_with_limit_two() {
    let empty = Grid([0; 81]);
    let out = solve(&empty, 2);
    assert_eq!(out.count, 2);
    assert!(is_solution(&empty, &out.solution.unwrap()));
    assert!(out.guesses > 0);
    assert_eq!(solve(&empty, 1).count, 1);
}

#[test]
fn limit_zero_counts_nothing() {
    assert_eq!(solve(&grid(WIKI), 0).count, 0);
}

#[test]
fn clashing_givens_count_zero() {
    let at = |cells: &[(usize, u8)]| {
        let mut g = Grid([0; 81]);
        for &(cell, v) in cells {
            g.0[cell] = v;
        }
        g
    };
    let clashes = [
        at(&[(0, 5), (8, 5)]),   // row
        at(&[(4, 7), (76, 7)]),  // column, first and last band
        at(&[(0, 3), (20, 3)]),  // box
        at(&[(30, 9), (31, 9)]), // row in the middle band
        at(&[(12, 1), (39, 1)]), // column, adjacent bands
    ];
    for g in &clashes {
        let out = solve(g, 2);
        assert_eq!((out.count, out.solution), (0, None), "{}", g.to_line());
        assert_eq!(reference_count(g, 2), 0);
    }
    // A clash with a solved grid's given: change one given of the solution.
    let mut g = grid(WIKI_SOLVED);
    g.0[0] = g.0[1];
    assert_eq!(solve(&g, 2).count, 0);
}

#[test]
fn no_solution_without_a_clash() {
    // Row 0 holds 1..8 and its last cell sees a 9 in its column: no givens
    // clash, yet that cell has no candidate.
    let mut g = Grid([0; 81]);
    for (c, v) in (1..=8).enumerate() {
        g.0[c] = v;
    }
    g.0[9 * 4 + 8] = 9;
    assert_eq!(reference_count(&g, 2), 0);
    assert_eq!(solve(&g, 2).count, 0);
}

#[test]
fn first_solution_matches_the_reference_on_a_unique_puzzle() {
    let set = bench_set(bench_file!("puzzles3_magictour_top1465"), 5);
    for p in &set {
        let a = solve(p, 1);
        let b = solve(p, 2);
        assert_eq!(a.solution, b.solution);
        assert!(a.guesses <= b.guesses);
        // The triad search: its first solution is the only one too.
        let (a, b) = (fast::solve_triad(p, 1), fast::solve_triad(p, 2));
        assert_eq!(a.solution, b.solution);
        assert!(a.guesses <= b.guesses);
    }
}

/// No more guesses per puzzle (limit 2) than tdoku makes on top1465 and
/// forum hardest 1106 (8.94 and 110.4, its run_benchmark's figures): the
/// triad search (`fast-triad`) does that; the cell search (`fast`) makes
/// 10.03 and 138.1.
#[test]
fn guesses_at_most_tdokus() {
    for (text, tdoku) in [
        (bench_file!("puzzles3_magictour_top1465"), 8.94),
        (bench_file!("puzzles6_forum_hardest_1106"), 110.4),
    ] {
        let set = bench_set(text, usize::MAX);
        let guesses: u64 = set.iter().map(|p| fast::count_triad(p, 2).guesses).sum();
        let per_puzzle = guesses as f64 / set.len() as f64;
        assert!(per_puzzle <= tdoku, "{per_puzzle} > {tdoku}");
    }
}
