//! The dancing-links solver against the oracle, known answers, the benchmark
//! sets, and an independent brute-force counter written here.

use pretty_assertions::assert_eq;
use sudoku_workspace::dlx::solve;
use sudoku_workspace::format::read_puzzles;
use sudoku_workspace::grid::Grid;
use sudoku_workspace::oracle::is_solution;

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEETCODE_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn grid(line: &str) -> Grid {
    Grid::from_line(line, 1).unwrap()
}

/// The first `n` puzzles of a benchmark set in `inputs/bench/`.
fn bench_set(name: &str, n: usize) -> Vec<Grid> {
    let path = format!("{}/inputs/bench/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzles: Vec<Grid> = read_puzzles(&text)
        .take(n)
        .map(|(line, p)| p.unwrap_or_else(|e| panic!("{path}:{line}: {e}")))
        .collect();
    assert_eq!(puzzles.len(), n, "{path} has fewer than {n} puzzles");
    puzzles
}

/// Brute force sharing nothing with the DLX code: fill the empty cell with the
/// fewest legal digits (bitmasks over rows, cols, boxes), count up to `limit`.
fn brute_count(puzzle: &Grid, limit: usize) -> (usize, Option<Grid>) {
    fn go(g: &mut [u8; 81], limit: usize, count: &mut usize, first: &mut Option<Grid>) {
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..81 {
            if g[cell] != 0 {
                continue;
            }
            let (r, c) = (cell / 9, cell % 9);
            let mut used = 0u16;
            for k in 0..9 {
                used |= 1 << g[r * 9 + k];
                used |= 1 << g[k * 9 + c];
                used |= 1 << g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3];
            }
            let free = !used & 0b11_1111_1110;
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
            }
        }
        let Some((cell, free)) = best else {
            *count += 1;
            first.get_or_insert(Grid(*g));
            return;
        };
        for d in 1..=9u8 {
            if free & (1 << d) != 0 && *count < limit {
                g[cell] = d;
                go(g, limit, count, first);
                g[cell] = 0;
            }
        }
    }
    let (mut count, mut first) = (0, None);
    let mut g = puzzle.0;
    go(&mut g, limit, &mut count, &mut first);
    (count, first)
}

/// `solution` with `holes` cells emptied, chosen by a fixed-seed LCG.
fn with_holes(solution: &Grid, holes: usize, seed: u64) -> Grid {
    let mut g = *solution;
    let mut state = seed;
    let mut removed = 0;
    while removed < holes {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let cell = (state >> 33) as usize % 81;
        if g.0[cell] != 0 {
            g.0[cell] = 0;
            removed += 1;
        }
    }
    g
}

#[test]
fn leetcode_example() {
    let puzzle = grid(LEETCODE);
    let out = solve(&puzzle, 2);
    assert_eq!(out.count, 1);
    let answer = out.solution.unwrap();
    assert!(is_solution(&puzzle, &answer));
    assert_eq!(answer, grid(LEETCODE_SOLVED));
}

#[test]
fn solved_grid_counts_one_without_guessing() {
    let solved = grid(LEETCODE_SOLVED);
    let out = solve(&solved, 2);
    assert_eq!((out.count, out.guesses), (1, 0));
    assert_eq!(out.solution, Some(solved));
}

#[test]
fn empty_grid_counts_up_to_the_limit() {
    for limit in [1, 2, 5] {
        let out = solve(&Grid::EMPTY, limit);
        assert_eq!(out.count, limit);
        assert!(is_solution(&Grid::EMPTY, &out.solution.unwrap()));
        assert!(out.guesses > 0);
    }
    let none = solve(&Grid::EMPTY, 0);
    assert_eq!((none.count, none.solution, none.guesses), (0, None, 0));
}

#[test]
fn clashing_givens_count_zero() {
    let mut row = Grid::EMPTY;
    row.0[0] = 5;
    row.0[8] = 5;
    let mut col = Grid::EMPTY;
    col.0[4] = 7;
    col.0[76] = 7;
    let mut bx = Grid::EMPTY;
    bx.0[30] = 2;
    bx.0[50] = 2;
    let mut leetcode = grid(LEETCODE);
    leetcode.0[2] = 5; // a second 5 in row 0
    for puzzle in [row, col, bx, leetcode] {
        let out = solve(&puzzle, 2);
        assert_eq!((out.count, out.solution), (0, None), "{}", puzzle.to_line());
    }
}

#[test]
fn bad_digit_counts_zero() {
    let mut puzzle = Grid::EMPTY;
    puzzle.0[40] = 10;
    assert_eq!(solve(&puzzle, 2).count, 0);
}

#[test]
fn consistent_givens_without_a_solution_count_zero() {
    // Row 0 holds 1..=8 in cols 1..=8, so cell 0 must be 9, but col 0 has a 9.
    let mut puzzle = grid(&format!(".12345678{}", ".".repeat(72)));
    puzzle.0[9 * 5] = 9;
    assert!(sudoku_workspace::oracle::givens_consistent(&puzzle));
    let out = solve(&puzzle, 2);
    assert_eq!((out.count, out.solution), (0, None));
}

#[test]
fn seventeen_clue_puzzles_are_unique() {
    for puzzle in bench_set("puzzles2_17_clue", 20) {
        let out = solve(&puzzle, 2);
        assert_eq!(out.count, 1, "{}", puzzle.to_line());
        assert!(is_solution(&puzzle, &out.solution.unwrap()));
    }
}

#[test]
fn hard_puzzles_are_unique() {
    let mut puzzles = bench_set("puzzles3_magictour_top1465", 20);
    puzzles.extend(bench_set("puzzles6_forum_hardest_1106", 10));
    for puzzle in puzzles {
        let out = solve(&puzzle, 2);
        assert_eq!(out.count, 1, "{}", puzzle.to_line());
        let answer = out.solution.unwrap();
        assert!(is_solution(&puzzle, &answer));
    }
}

#[test]
fn serg_puzzles_have_two_or_more() {
    for puzzle in bench_set("puzzles7_serg_benchmark", 20) {
        let out = solve(&puzzle, 2);
        assert_eq!(out.count, 2, "{}", puzzle.to_line());
        assert!(is_solution(&puzzle, &out.solution.unwrap()));
        assert!(out.guesses > 0);
    }
}

#[test]
fn counts_match_brute_force_on_holed_solutions() {
    let limit = 1000;
    let mut several = 0;
    for (i, &holes) in [40, 48, 52, 55, 58].iter().enumerate() {
        for seed in 0..4u64 {
            let puzzle = with_holes(&grid(LEETCODE_SOLVED), holes, seed * 31 + i as u64);
            let (expected, brute_first) = brute_count(&puzzle, limit);
            let out = solve(&puzzle, limit);
            assert_eq!(out.count, expected, "{}", puzzle.to_line());
            let answer = out.solution.unwrap();
            assert!(is_solution(&puzzle, &answer));
            if expected == 1 {
                assert_eq!(Some(answer), brute_first);
            }
            several += usize::from(expected > 1);
        }
    }
    // The check means something only if some puzzles have many solutions.
    assert!(
        several >= 5,
        "only {several} holed puzzles had 2+ solutions"
    );
}
