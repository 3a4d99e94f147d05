//! The independent oracle: does an answer solve a puzzle?
//!
//! Written from the rules alone (every row, col and box holds 1..=9 once; every
//! given kept), sharing no code with any solver, so a solver bug cannot hide
//! behind the check.

use crate::grid::Grid;

/// Why an answer is not a solution of a puzzle.
pub fn check_solution(puzzle: &Grid, answer: &Grid) -> Result<(), String> {
    for cell in 0..81 {
        let (r, c) = (cell / 9 + 1, cell % 9 + 1);
        let d = answer.0[cell];
        if !(1..=9).contains(&d) {
            return Err(format!("row {r}, col {c} is not a digit 1-9"));
        }
        if puzzle.0[cell] != 0 && puzzle.0[cell] != d {
            return Err(format!(
                "row {r}, col {c}: the given {} became {d}",
                puzzle.0[cell]
            ));
        }
    }
    for i in 0..9 {
        let row: Vec<u8> = (0..9).map(|k| answer.0[i * 9 + k]).collect();
        let col: Vec<u8> = (0..9).map(|k| answer.0[k * 9 + i]).collect();
        let bx: Vec<u8> = (0..9)
            .map(|k| answer.0[(i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3])
            .collect();
        for (what, digits) in [("row", row), ("col", col), ("box", bx)] {
            let mut sorted = digits.clone();
            sorted.sort_unstable();
            if sorted != [1, 2, 3, 4, 5, 6, 7, 8, 9] {
                return Err(format!("{what} {} holds {digits:?}", i + 1));
            }
        }
    }
    Ok(())
}

/// True when `answer` is complete, obeys the rules and keeps every given of `puzzle`.
///
/// ```
/// use sudoku_workspace::{grid::Grid, oracle::is_solution};
/// let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// let answer = Grid::from_line(solved, 1).unwrap();
/// let mut puzzle = answer;
/// puzzle.0[0] = 0;
/// assert!(is_solution(&puzzle, &answer));
/// let mut wrong = answer;
/// wrong.0.swap(0, 1);
/// assert!(!is_solution(&puzzle, &wrong));
/// ```
pub fn is_solution(puzzle: &Grid, answer: &Grid) -> bool {
    check_solution(puzzle, answer).is_ok()
}

/// True when no two givens clash in a row, col or box (empty cells ignored):
/// LeetCode 36's rule, written independently of the LeetCode 36 solutions.
pub fn givens_consistent(puzzle: &Grid) -> bool {
    first_clash(puzzle).is_none()
}

/// The first clash in reading order, as `(earlier, later)` cells holding the
/// same given in one row, col or box: `later` is the first given that clashes
/// with one before it, `earlier` the first one it clashes with.
///
/// ```
/// use sudoku_workspace::{grid::Grid, oracle::first_clash};
/// let mut puzzle = Grid::EMPTY;
/// puzzle.0[3] = 7;
/// puzzle.0[30] = 7; // row 3, col 3: same col as cell 3
/// assert_eq!(first_clash(&puzzle), Some((3, 30)));
/// ```
pub fn first_clash(puzzle: &Grid) -> Option<(usize, usize)> {
    for b in 0..81 {
        for a in 0..b {
            let same_unit =
                a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
            if same_unit && puzzle.0[a] != 0 && puzzle.0[a] == puzzle.0[b] {
                return Some((a, b));
            }
        }
    }
    None
}
