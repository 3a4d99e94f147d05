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
use crate::outcome::Outcome;
use crate::shape::Shape;
use std::sync::OnceLock;

/// The root node: its `right` is the first uncovered column, `0` when none is left.
const ROOT: u16 = 0;

/// The exact cover of a [`Shape`] of side `s`: `4 s²` constraint columns
/// (cell filled, row holds d, col holds d, region holds d; 1-based, 0 is the
/// root) and `s³` candidate rows `cell * s + d`, 4 nodes each. For 9×9 that
/// is the table above; for 25×25, 65,001 nodes, the most `u16` indices allow
/// ([`crate::shape::MAX_SIDE`]).
struct Cover<'a> {
    shape: &'a Shape,
    side: usize,
}

impl Cover<'_> {
    fn columns(&self) -> usize {
        4 * self.side * self.side
    }

    fn rows(&self) -> usize {
        self.side * self.side * self.side
    }

    /// Index of the first data node (after the root and the column headers).
    fn first_node(&self) -> usize {
        self.columns() + 1
    }

    /// The four columns (1-based) that candidate row `r = cell * s + d` meets.
    fn columns_of_row(&self, r: usize) -> [usize; 4] {
        let s = self.side;
        let (cell, d) = (r / s, r % s);
        let (row, col) = (cell / s, cell % s);
        let region = self.shape.region_of(cell);
        [
            1 + cell,
            1 + s * s + row * s + d,
            1 + 2 * s * s + col * s + d,
            1 + 3 * s * s + region * s + d,
        ]
    }

    /// First data node of candidate row `r`.
    fn first_node_of_row(&self, r: usize) -> usize {
        self.first_node() + 4 * r
    }

    /// Candidate row of data node `node` (rows are laid out 4 nodes apiece).
    fn row_of_node(&self, node: u16) -> usize {
        (node as usize - self.first_node()) / 4
    }
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
    /// The full matrix of `cover` with nothing covered.
    fn new(cover: &Cover<'_>) -> Links {
        let first = cover.first_node();
        let nodes = first + 4 * cover.rows();
        let mut m = Links {
            left: vec![0; nodes],
            right: vec![0; nodes],
            up: vec![0; nodes],
            down: vec![0; nodes],
            col: vec![0; nodes],
            size: vec![0; first],
        };
        // Root and headers in one horizontal ring; each header starts as an
        // empty vertical ring (up = down = itself).
        for i in 0..first {
            m.left[i] = ((i + first - 1) % first) as u16;
            m.right[i] = ((i + 1) % first) as u16;
            m.up[i] = i as u16;
            m.down[i] = i as u16;
            m.col[i] = i as u16;
        }
        for r in 0..cover.rows() {
            let base = cover.first_node_of_row(r);
            for (k, c) in cover.columns_of_row(r).into_iter().enumerate() {
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

/// The 9×9 matrix is the same for every puzzle, so it is built once per
/// process and each call clones it (about 33 KB of memcpy) instead of
/// relinking 2916 nodes.
fn classic() -> &'static (Shape, Links) {
    static CLASSIC: OnceLock<(Shape, Links)> = OnceLock::new();
    CLASSIC.get_or_init(|| {
        let shape = Shape::boxes(3);
        let links = Links::new(&Cover {
            shape: &shape,
            side: 9,
        });
        (shape, links)
    })
}

/// What [`solve_shape`] reports: as [`Outcome`], with the board as cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Solutions found, never more than the limit asked for.
    pub count: usize,
    /// The first solution found, row-major, digits `1..=side`.
    pub solution: Option<Vec<u8>>,
    /// Branch points where the search had to try more than one candidate.
    pub guesses: u64,
}

/// State of one search, apart from the links.
struct Search<'a> {
    cover: Cover<'a>,
    limit: usize,
    count: usize,
    guesses: u64,
    /// Candidate rows chosen on the current path (beyond the givens).
    chosen: Vec<usize>,
    /// The puzzle, completed from `chosen` at the first solution.
    cells: Vec<u8>,
    solution: Option<Vec<u8>>,
}

impl Search<'_> {
    /// Algorithm X. Returns `true` once `limit` solutions are counted, which
    /// unwinds the recursion at once. Depth is at most one per cell.
    fn run(&mut self, m: &mut Links) -> bool {
        let Some(c) = m.choose_column() else {
            // Every constraint met exactly once: a solution.
            self.count += 1;
            if self.solution.is_none() {
                let s = self.cover.side;
                let mut cells = self.cells.clone();
                for &r in &self.chosen {
                    cells[r / s] = (r % s) as u8 + 1;
                }
                self.solution = Some(cells);
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
            self.chosen.push(self.cover.row_of_node(r));
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

/// Places the givens and searches: the engine behind [`solve`] and [`solve_shape`].
fn search(shape: &Shape, mut m: Links, cells: &[u8], limit: usize) -> Found {
    let mut out = Found {
        count: 0,
        solution: None,
        guesses: 0,
    };
    let side = shape.side();
    if limit == 0 || cells.len() != shape.cells() {
        return out;
    }
    let cover = Cover { shape, side };
    // A given is a row chosen before the search: cover its 4 columns. If one of
    // them is already covered, an earlier given met that constraint: a clash.
    // (Rows of later givens are never unlinked by earlier covers unless they
    // share a column, so checking the columns is enough.)
    let mut covered = vec![false; cover.first_node()];
    for (cell, &d) in cells.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if d as usize > side {
            return out;
        }
        for c in cover.columns_of_row(cell * side + d as usize - 1) {
            if covered[c] {
                return out;
            }
            covered[c] = true;
            m.cover(c as u16);
        }
    }
    let mut search = Search {
        cover,
        limit,
        count: 0,
        guesses: 0,
        chosen: Vec::with_capacity(cells.len()),
        cells: cells.to_vec(),
        solution: None,
    };
    search.run(&mut m);
    out.count = search.count;
    out.solution = search.solution;
    out.guesses = search.guesses;
    out
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
    let (shape, links) = classic();
    let found = search(shape, links.clone(), &puzzle.0, limit);
    Outcome {
        count: found.count,
        solution: found.solution.map(|cells| {
            let mut g = Grid::EMPTY;
            g.0.copy_from_slice(&cells);
            g
        }),
        guesses: found.guesses,
    }
}

/// [`solve`] for any [`Shape`]: a 16×16 or 25×25 board, or irregular
/// regions. `cells` is row-major, `0` empty, digits `1..=side`; a digit above
/// `side`, clashing givens or a wrong number of cells count 0 solutions.
///
/// ```
/// use sudoku_workspace::{dlx, shape::Shape};
/// let shape = Shape::boxes(4);
/// let found = dlx::solve_shape(&shape, &[0; 256], 1);
/// let solved = found.solution.unwrap();
/// assert_eq!(&solved[..16], &(1..=16).collect::<Vec<u8>>()[..]);
/// ```
pub fn solve_shape(shape: &Shape, cells: &[u8], limit: usize) -> Found {
    let cover = Cover {
        shape,
        side: shape.side(),
    };
    search(shape, Links::new(&cover), cells, limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every column holds 9 candidates, every row 4 nodes, and the rings are
    /// consistent in both directions.
    #[test]
    fn template_is_a_consistent_torus() {
        let (_, m) = classic();
        let (first, nodes) = (325, 325 + 4 * 729);
        assert_eq!(m.left.len(), nodes);
        for c in 1..first {
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
        for x in first..nodes {
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
        let fresh = classic().1.clone();
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
