//! The vocabulary beyond 9×9: a board of `side × side` cells whose third kind
//! of unit (after rows and columns) is a *region*, the boxes of an n²×n²
//! Sudoku (`side = n²`) or the irregular regions of a Squiggly Sudoku. The
//! online-judge family (16×16 on POJ 3076 and SPOJ, HDU 4069's regions) is
//! written against this; the 9×9 [`crate::grid::Grid`] stays the fast path.
//!
//! ```text
//!  cell = row * side + col        digits 1..=side, 0 = empty
//!  region[cell] in 0..side        each region holds exactly `side` cells
//!
//!  Shape::boxes(4): side 16, box = row / 4 * 4 + col / 4
//!  Shape::regions(9, …): any partition into 9 regions of 9 cells
//! ```

use std::fmt;

/// The largest side: 25 (5×5 boxes), so that every candidate of the exact
/// cover fits the DLX engine's `u16` node indices.
pub const MAX_SIDE: usize = 25;

/// A board's geometry: its side and which region each cell is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    side: usize,
    region: Vec<u8>,
}

/// Why a region map is not a partition into `side` regions of `side` cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError {
    /// The first cell of the offending region (row-major).
    pub cell: usize,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cell {}: {}", self.cell, self.why)
    }
}

impl Shape {
    /// The n²×n² Sudoku: `n × n` boxes (n = 3 is the classic board).
    ///
    /// # Panics
    /// If `n` is 0 or `n * n` exceeds [`MAX_SIDE`].
    pub fn boxes(n: usize) -> Shape {
        let side = n * n;
        assert!((1..=MAX_SIDE).contains(&side), "box size {n} out of range");
        let region = (0..side * side)
            .map(|cell| {
                let (r, c) = (cell / side, cell % side);
                (r / n * n + c / n) as u8
            })
            .collect();
        Shape { side, region }
    }

    /// A board with the given region of each cell (row-major). Each of the
    /// `side` regions must hold `side` cells; connectedness is the caller's
    /// rule (HDU 4069 derives regions from walls, so they are connected).
    pub fn regions(side: usize, region: Vec<u8>) -> Result<Shape, ShapeError> {
        if !(1..=MAX_SIDE).contains(&side) || region.len() != side * side {
            return Err(ShapeError {
                cell: 0,
                why: format!("{} cells do not make a board of side {side}", region.len()),
            });
        }
        let mut size = vec![0usize; side];
        for (cell, &r) in region.iter().enumerate() {
            match size.get_mut(r as usize) {
                Some(n) => *n += 1,
                None => {
                    return Err(ShapeError {
                        cell,
                        why: format!("region {r} is not below {side}"),
                    })
                }
            }
        }
        if let Some(r) = size.iter().position(|&n| n != side) {
            let cell = region.iter().position(|&x| x as usize == r).unwrap_or(0);
            return Err(ShapeError {
                cell,
                why: format!("its region has {} cells, not {side}", size[r]),
            });
        }
        Ok(Shape { side, region })
    }

    /// Cells per row, column and region; also the largest digit.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// The region of `cell`.
    pub fn region_of(&self, cell: usize) -> usize {
        self.region[cell] as usize
    }

    /// The units as cell lists: every row, then every column, then every region.
    pub fn units(&self) -> Vec<Vec<usize>> {
        let s = self.side;
        let mut units: Vec<Vec<usize>> = (0..s)
            .map(|r| (0..s).map(|c| r * s + c).collect())
            .collect();
        units.extend((0..s).map(|c| (0..s).map(|r| r * s + c).collect()));
        let mut regions = vec![Vec::with_capacity(s); s];
        for cell in 0..self.cells() {
            regions[self.region_of(cell)].push(cell);
        }
        units.extend(regions);
        units
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_make_side_regions_of_side_cells() {
        for n in 1..=5 {
            let shape = Shape::boxes(n);
            let units = shape.units();
            assert_eq!(units.len(), 3 * n * n);
            assert!(units.iter().all(|u| u.len() == n * n));
            assert_eq!(Shape::regions(n * n, shape.region.clone()), Ok(shape));
        }
        assert_eq!(Shape::boxes(4).region_of(16 * 5 + 9), 4 + 2);
    }

    #[test]
    fn a_region_of_the_wrong_size_is_named_by_its_first_cell() {
        let mut region = Shape::boxes(3).region;
        region[80] = 0; // box 0 gets 10 cells, box 8 gets 8
        let err = Shape::regions(9, region).unwrap_err();
        assert_eq!(err.cell, 0);
        assert!(err.why.contains("10 cells"), "{err}");
        assert!(Shape::regions(9, vec![9; 81]).is_err());
        assert!(Shape::regions(9, vec![0; 80]).is_err());
    }
}
