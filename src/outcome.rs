//! What a solver reports for one puzzle: the type every solver returns,
//! below the solvers and the registry that lists them.

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
