//! The independent oracle: does an answer solve a puzzle?
//!
//! Written from the rules alone (every row, col and box holds 1..=9 once; every
//! given kept), sharing no code with any solver, so a solver bug cannot hide
//! behind the check.

use crate::grid::Grid;
use crate::shape::Shape;

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

/// [`check_solution`] for any [`Shape`]: `answer` holds `1..=side` in every
/// cell, keeps every given of `puzzle`, and each row, column and region holds
/// every digit once. Messages count rows and columns from 1.
///
/// ```
/// use sudoku_workspace::{oracle::check_completion, shape::Shape};
/// let shape = Shape::boxes(2);
/// let answer = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// let mut puzzle = answer;
/// puzzle[5] = 0;
/// assert_eq!(check_completion(&shape, &puzzle, &answer), Ok(()));
/// let mut wrong = answer;
/// wrong.swap(0, 1);
/// assert!(check_completion(&shape, &puzzle, &wrong).is_err());
/// ```
pub fn check_completion(shape: &Shape, puzzle: &[u8], answer: &[u8]) -> Result<(), String> {
    let side = shape.side();
    if puzzle.len() != shape.cells() || answer.len() != shape.cells() {
        return Err(format!(
            "{} cells in the puzzle and {} in the answer, not {}",
            puzzle.len(),
            answer.len(),
            shape.cells()
        ));
    }
    for (cell, (&given, &d)) in puzzle.iter().zip(answer).enumerate() {
        let (r, c) = (cell / side + 1, cell % side + 1);
        if d == 0 || d as usize > side {
            return Err(format!("row {r}, col {c} is not a digit 1-{side}"));
        }
        if given != 0 && given != d {
            return Err(format!("row {r}, col {c}: the given {given} became {d}"));
        }
    }
    let names = ["row", "col", "region"];
    for (i, unit) in shape.units().iter().enumerate() {
        let mut seen = vec![false; side + 1];
        for &cell in unit {
            let d = answer[cell] as usize;
            if seen[d] {
                let (what, which) = (names[i / side], i % side + 1);
                return Err(format!("{what} {which} holds {d} twice"));
            }
            seen[d] = true;
        }
    }
    Ok(())
}

/// Codeforces 1335D's rule: `answer` differs from the solved `grid` in at most
/// 9 cells, holds digits 1-9, and every row, column and box has some digit twice.
///
/// ```
/// use sudoku_workspace::oracle::check_anti_sudoku;
/// let solved: Vec<u8> = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
///     .bytes().map(|b| b - b'0').collect();
/// let anti: Vec<u8> = solved.iter().map(|&d| if d == 2 { 1 } else { d }).collect();
/// assert_eq!(check_anti_sudoku(&solved, &anti), Ok(()));
/// assert!(check_anti_sudoku(&solved, &solved).is_err());
/// ```
pub fn check_anti_sudoku(grid: &[u8], answer: &[u8]) -> Result<(), String> {
    if grid.len() != 81 || answer.len() != 81 {
        return Err(format!("{} cells, not 81", answer.len()));
    }
    if let Some(cell) = answer.iter().position(|d| !(1..=9).contains(d)) {
        return Err(format!(
            "row {}, col {} is not a digit 1-9",
            cell / 9 + 1,
            cell % 9 + 1
        ));
    }
    let changed = grid.iter().zip(answer).filter(|(a, b)| a != b).count();
    if changed > 9 {
        return Err(format!("{changed} cells changed, at most 9 may be"));
    }
    for (i, unit) in Shape::boxes(3).units().iter().enumerate() {
        let mut seen = [false; 10];
        let repeats = unit.iter().any(|&cell| {
            let d = answer[cell] as usize;
            std::mem::replace(&mut seen[d], true)
        });
        if !repeats {
            let what = ["row", "col", "box"][i / 9];
            return Err(format!("{what} {} has no digit twice", i % 9 + 1));
        }
    }
    Ok(())
}
