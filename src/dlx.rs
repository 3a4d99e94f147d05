//! Knuth's Algorithm X with dancing links, included for study and comparison,
//! not speed.
//!
//! Sudoku as exact cover: choose 81 of the 729 candidates "digit `d` in cell
//! `cell`" so that each of the 324 constraints is met exactly once:
//!
//! ```text
//!  column (1-based; 0 is the root)     met by candidate (cell, d), d = digit - 1
//!    1 ..=  81  cell c is filled         1 +       cell
//!   82 ..= 162  row r holds d            1 +  81 + row * 9 + d
//!  163 ..= 243  col c holds d            1 + 162 + col * 9 + d
//!  244 ..= 324  box b holds d            1 + 243 + box * 9 + d
//! ```
//!
//! Every candidate meets exactly 4 constraints, so the sparse 729 x 324 matrix
//! has 2916 ones. Each one is a node in two circular doubly linked lists,
//! kept as plain index arrays (`left`, `right`, `up`, `down`, `col`), so the
//! whole structure is five `Vec<u16>` plus the column sizes, cloned per call:
//!
//! ```text
//!  node 0           root: left/right run through the columns not yet covered
//!  nodes 1..=324    column headers: up/down run through the column's live rows
//!  nodes 325..=3240 4 per candidate row r = cell * 9 + d, at 325 + 4r + k
//!
//!   root <-> [cell 0] <-> [cell 1] <-> ... <-> [box 8 holds 9] <-> root
//!               ^|           ^|
//!               |v           |v
//!             (r0,k0) <->  ...           k-th node of row r: up/down within
//!               ^|                       its column (through the header),
//!               |v                       left/right among the row's 4 nodes
//!             (r1,k0) <-> (r1,k1) <-> (r1,k2) <-> (r1,k3) <-> (r1,k0)
//!               ^|
//!             header       (every vertical and horizontal list is circular)
//! ```
//!
//! Covering a column unlinks its header from the root list and unlinks every
//! row that meets it from the *other* columns; the removed nodes keep their
//! own links, so uncovering in reverse order puts them back exactly (the
//! "dance"). Knuth, "Dancing Links", 2000, arXiv cs/0011047.

use crate::grid::Grid;
use crate::solver::Outcome;
use std::sync::OnceLock;

/// The root node: its `right` is the first uncovered column, `0` when none is left.
const ROOT: u16 = 0;
/// Constraint columns: 81 cells + 81 row-digits + 81 col-digits + 81 box-digits.
const COLUMNS: usize = 324;
/// Candidate rows: 81 cells x 9 digits.
const ROWS: usize = 729;
/// Index of the first data node (after the root and the column headers).
const FIRST_NODE: usize = COLUMNS + 1;
/// Root + headers + 4 nodes per candidate; 3241 fits in `u16`, which halves
/// the arrays compared with `usize` and keeps them in L1 cache.
const NODES: usize = FIRST_NODE + 4 * ROWS;

/// The four columns (1-based) that candidate row `r = cell * 9 + d` meets.
fn columns_of_row(r: usize) -> [usize; 4] {
    let (cell, d) = (r / 9, r % 9);
    let (row, col) = (cell / 9, cell % 9);
    let bx = row / 3 * 3 + col / 3;
    [
        1 + cell,
        1 + 81 + row * 9 + d,
        1 + 162 + col * 9 + d,
        1 + 243 + bx * 9 + d,
    ]
}

/// First data node of candidate row `r`.
fn first_node_of_row(r: usize) -> usize {
    FIRST_NODE + 4 * r
}

/// Candidate row of data node `node` (rows are laid out 4 nodes apiece).
fn row_of_node(node: u16) -> usize {
    (node as usize - FIRST_NODE) / 4
}

/// The toroidal linked matrix. Index `i` of each array describes node `i`.
#[derive(Clone)]
struct Links {
    left: Vec<u16>,
    right: Vec<u16>,
    up: Vec<u16>,
    down: Vec<u16>,
    /// Column header of each node (headers point at themselves, root at 0).
    col: Vec<u16>,
    /// Live rows per column, indexed by header; drives the S heuristic.
    size: Vec<u16>,
}

impl Links {
    /// The full 729 x 324 matrix with nothing covered.
    fn new() -> Links {
        let mut m = Links {
            left: vec![0; NODES],
            right: vec![0; NODES],
            up: vec![0; NODES],
            down: vec![0; NODES],
            col: vec![0; NODES],
            size: vec![0; FIRST_NODE],
        };
        // Root and headers in one horizontal ring; each header starts as an
        // empty vertical ring (up = down = itself).
        for i in 0..FIRST_NODE {
            m.left[i] = ((i + FIRST_NODE - 1) % FIRST_NODE) as u16;
            m.right[i] = ((i + 1) % FIRST_NODE) as u16;
            m.up[i] = i as u16;
            m.down[i] = i as u16;
            m.col[i] = i as u16;
        }
        for r in 0..ROWS {
            let base = first_node_of_row(r);
            for (k, c) in columns_of_row(r).into_iter().enumerate() {
                let x = base + k;
                // A horizontal ring of the row's 4 nodes.
                m.left[x] = (base + (k + 3) % 4) as u16;
                m.right[x] = (base + (k + 1) % 4) as u16;
                // Append at the bottom of column c, just above its header, so
                // each column lists its rows in increasing r (digit order).
                let last = m.up[c] as usize;
                m.up[x] = last as u16;
                m.down[x] = c as u16;
                m.down[last] = x as u16;
                m.up[c] = x as u16;
                m.col[x] = c as u16;
                m.size[c] += 1;
            }
        }
        m
    }

    /// Removes column `c` from the header ring and every row meeting `c` from
    /// the other columns it meets. `c`'s own vertical ring is left intact, so
    /// the search can still walk it.
    fn cover(&mut self, c: u16) {
        let c_us = c as usize;
        let (l, r) = (self.left[c_us], self.right[c_us]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c_us];
        while i != c {
            let mut j = self.right[i as usize];
            while j != i {
                let j_us = j as usize;
                let (u, d) = (self.up[j_us], self.down[j_us]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.col[j_us] as usize] -= 1;
                j = self.right[j_us];
            }
            i = self.down[i as usize];
        }
    }

    /// Exactly undoes `cover(c)`, walking in the reverse order: the unlinked
    /// nodes still remember their neighbours, so relinking them is O(1) each.
    fn uncover(&mut self, c: u16) {
        let c_us = c as usize;
        let mut i = self.up[c_us];
        while i != c {
            let mut j = self.left[i as usize];
            while j != i {
                let j_us = j as usize;
                self.size[self.col[j_us] as usize] += 1;
                let (u, d) = (self.up[j_us], self.down[j_us]);
                self.down[u as usize] = j;
                self.up[d as usize] = j;
                j = self.left[j_us];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c_us], self.right[c_us]);
        self.right[l as usize] = c;
        self.left[r as usize] = c;
    }

    /// Knuth's S heuristic: the uncovered column with the fewest live rows
    /// (the first such in column order), or `None` when every column is covered.
    fn choose_column(&self) -> Option<u16> {
        let mut c = self.right[ROOT as usize];
        if c == ROOT {
            return None;
        }
        let mut best = c;
        let mut best_size = self.size[c as usize];
        while c != ROOT && best_size > 1 {
            // 0 is a dead end and 1 a forced move: nothing can beat either.
            let s = self.size[c as usize];
            if s < best_size {
                best = c;
                best_size = s;
            }
            c = self.right[c as usize];
        }
        Some(best)
    }
}

/// The matrix is the same for every puzzle, so it is built once per process
/// and each call clones it (about 33 KB of memcpy) instead of relinking 2916 nodes.
fn template() -> &'static Links {
    static TEMPLATE: OnceLock<Links> = OnceLock::new();
    TEMPLATE.get_or_init(Links::new)
}

/// State of one search, apart from the links.
struct Search {
    limit: usize,
    count: usize,
    guesses: u64,
    /// Candidate rows chosen on the current path (beyond the givens).
    chosen: Vec<usize>,
    /// The puzzle, completed from `chosen` at the first solution.
    grid: Grid,
    solution: Option<Grid>,
}

impl Search {
    /// Algorithm X. Returns `true` once `limit` solutions are counted, which
    /// unwinds the recursion at once. Depth is at most 81 (one per cell).
    fn run(&mut self, m: &mut Links) -> bool {
        let Some(c) = m.choose_column() else {
            // Every constraint met exactly once: a solution.
            self.count += 1;
            if self.solution.is_none() {
                let mut g = self.grid;
                for &r in &self.chosen {
                    g.0[r / 9] = (r % 9) as u8 + 1;
                }
                self.solution = Some(g);
            }
            return self.count >= self.limit;
        };
        let options = m.size[c as usize];
        if options == 0 {
            return false; // a constraint nothing can meet any more
        }
        if options >= 2 {
            self.guesses += 1;
        }
        m.cover(c);
        let mut r = m.down[c as usize];
        let mut done = false;
        while r != c {
            self.chosen.push(row_of_node(r));
            let mut j = m.right[r as usize];
            while j != r {
                m.cover(m.col[j as usize]);
                j = m.right[j as usize];
            }
            done = self.run(m);
            // Uncover right to left, the mirror image of the covers above.
            let mut j = m.left[r as usize];
            while j != r {
                m.uncover(m.col[j as usize]);
                j = m.left[j as usize];
            }
            self.chosen.pop();
            if done {
                break;
            }
            r = m.down[r as usize];
        }
        m.uncover(c);
        done
    }
}

/// Counts the solutions of `puzzle` up to `limit` by Knuth's Algorithm X with
/// dancing links, with the first solution found and the number of branch points
/// (columns chosen with 2 or more live rows).
///
/// Givens are placed up front by covering the 4 columns of their rows. Givens
/// that clash (two of them meet the same constraint, e.g. the same digit twice
/// in a row) and cells holding a value above 9 make a puzzle with no solution:
/// count 0, no panic. `limit == 0` asks for nothing and searches nothing.
///
/// ```
/// use sudoku_workspace::{dlx, grid::Grid};
/// let puzzle = Grid::from_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
///     1,
/// )
/// .unwrap();
/// let out = dlx::solve(&puzzle, 2);
/// assert_eq!(out.count, 1);
/// assert_eq!(
///     out.solution.unwrap().to_line(),
///     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
/// );
/// assert_eq!(dlx::solve(&Grid::EMPTY, 2).count, 2);
/// ```
pub fn solve(puzzle: &Grid, limit: usize) -> Outcome {
    let mut out = Outcome {
        count: 0,
        solution: None,
        guesses: 0,
    };
    if limit == 0 {
        return out;
    }
    let mut m = template().clone();
    // A given is a row chosen before the search: cover its 4 columns. If one of
    // them is already covered, an earlier given met that constraint: a clash.
    // (Rows of later givens are never unlinked by earlier covers unless they
    // share a column, so checking the columns is enough.)
    let mut covered = [false; FIRST_NODE];
    for (cell, &d) in puzzle.0.iter().enumerate() {
        match d {
            0 => continue,
            1..=9 => {}
            _ => return out,
        }
        for c in columns_of_row(cell * 9 + d as usize - 1) {
            if covered[c] {
                return out;
            }
            covered[c] = true;
            m.cover(c as u16);
        }
    }
    let mut search = Search {
        limit,
        count: 0,
        guesses: 0,
        chosen: Vec::with_capacity(81),
        grid: *puzzle,
        solution: None,
    };
    search.run(&mut m);
    out.count = search.count;
    out.solution = search.solution;
    out.guesses = search.guesses;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every column holds 9 candidates, every row 4 nodes, and the rings are
    /// consistent in both directions.
    #[test]
    fn template_is_a_consistent_torus() {
        let m = Links::new();
        for c in 1..FIRST_NODE {
            assert_eq!(m.size[c], 9, "column {c}");
            let mut n = 0;
            let mut i = m.down[c];
            while i as usize != c {
                assert_eq!(m.col[i as usize] as usize, c);
                assert_eq!(m.up[m.down[i as usize] as usize], i);
                n += 1;
                i = m.down[i as usize];
            }
            assert_eq!(n, 9);
        }
        for x in FIRST_NODE..NODES {
            let mut j = x as u16;
            for _ in 0..4 {
                assert_eq!(m.left[m.right[j as usize] as usize], j);
                j = m.right[j as usize];
            }
            assert_eq!(j as usize, x, "row ring of node {x} has 4 nodes");
        }
    }

    /// Cover then uncover leaves the matrix exactly as it was.
    #[test]
    fn uncover_undoes_cover() {
        let fresh = Links::new();
        let mut m = fresh.clone();
        for c in [1u16, 100, 324] {
            m.cover(c);
        }
        for c in [324u16, 100, 1] {
            m.uncover(c);
        }
        assert!(m.left == fresh.left && m.right == fresh.right);
        assert!(m.up == fresh.up && m.down == fresh.down && m.size == fresh.size);
    }
}
