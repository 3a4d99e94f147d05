//! The one contract of the library's solvers (fast, DLX, and adapters of the
//! write-up approaches): puzzle in, solutions counted up to a limit, the first
//! solution out, and how many guesses the search made.

use crate::grid::Grid;

/// What a solver reports for one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, never more than the limit asked for: with limit 2,
    /// 0 = none, 1 = unique, 2 = two or more.
    pub count: usize,
    /// The first solution found, if any.
    pub solution: Option<Grid>,
    /// Branch points where the search had to try more than one candidate.
    pub guesses: u64,
}

/// Every library solver has this signature: `solve(puzzle, limit)`.
/// Clashing givens are a puzzle with zero solutions, not an error.
pub type SolveFn = fn(&Grid, usize) -> Outcome;
