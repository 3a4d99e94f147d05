//! The vocabulary of the library: cells, rows, cols, boxes, units, peers, and a
//! [`Grid`] with a line-and-column-aware parser.
//!
//! ```text
//!  cell = row * 9 + col (row-major, 0..81)      box = row / 3 * 3 + col / 3
//!
//!        col 0 1 2   3 4 5   6 7 8
//!  row 0   [ box 0 ] [ box 1 ] [ box 2 ]   <- band 0 (rows 0..3)
//!  row 3   [ box 3 ] [ box 4 ] [ box 5 ]   <- band 1
//!  row 6   [ box 6 ] [ box 7 ] [ box 8 ]   <- band 2
//! ```

use std::fmt;

/// Number of cells on the board.
pub const CELLS: usize = 81;

/// Row of a cell.
pub const fn row_of(cell: usize) -> usize {
    cell / 9
}

/// Column of a cell.
pub const fn col_of(cell: usize) -> usize {
    cell % 9
}

/// Box of a cell: `row / 3 * 3 + col / 3`.
pub const fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// The 27 units (9 rows, then 9 cols, then 9 boxes), each as its 9 cells.
pub const UNITS: [[usize; 9]; 27] = build_units();

const fn build_units() -> [[usize; 9]; 27] {
    let mut units = [[0; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            units[i][k] = i * 9 + k; // row i
            units[9 + i][k] = k * 9 + i; // col i
            units[18 + i][k] = (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3; // box i
            k += 1;
        }
        i += 1;
    }
    units
}

/// The 20 peers of every cell: the other cells of its row, col and box.
pub const PEERS: [[usize; 20]; CELLS] = build_peers();

const fn build_peers() -> [[usize; 20]; CELLS] {
    let mut peers = [[0; 20]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut n = 0;
        let mut other = 0;
        while other < CELLS {
            if other != cell
                && (row_of(other) == row_of(cell)
                    || col_of(other) == col_of(cell)
                    || box_of(other) == box_of(cell))
            {
                peers[cell][n] = other;
                n += 1;
            }
            other += 1;
        }
        // A cell with other than 20 peers fails the build (const evaluation).
        assert!(n == 20);
        cell += 1;
    }
    peers
}

/// A 9x9 board: `0` for an empty cell, `1..=9` for a digit, row-major.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid(pub [u8; CELLS]);

/// Why a puzzle could not be read; `line` and `col` are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line of the input.
    pub line: usize,
    /// 1-based column (in characters) within that line.
    pub col: usize,
    /// What is wrong there.
    pub kind: ParseErrorKind,
}

/// The kinds of malformed input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A character that is neither a digit `1`-`9` nor an empty-cell marker.
    BadChar(char),
    /// The line ends after `found` cells.
    TooShort { found: usize, expected: usize },
    /// The line goes on past `expected` cells.
    TooLong { expected: usize },
    /// The input ends after `found` lines.
    TooFewLines { found: usize, expected: usize },
    /// More lines than `expected`.
    TooManyLines { expected: usize },
    /// LeetCode's literal holds its nine rows but ends before its closing
    /// `]`.
    Unclosed,
    /// The line is still going after `max_bytes` bytes: no puzzle line is
    /// that long, so the reader stops there instead of holding it all.
    LineTooLong { max_bytes: usize },
    /// The input is still going after `max_bytes` bytes (a one-puzzle reader).
    InputTooLong { max_bytes: usize },
    /// Two givens share a row, col or box: this one (at `line`, `col`) and the
    /// one at `other_line`, `other_col`.
    Clash {
        digit: u8,
        other_line: usize,
        other_col: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.col)?;
        match &self.kind {
            ParseErrorKind::BadChar(c) => write!(f, "unexpected character {c:?}"),
            ParseErrorKind::TooShort { found, expected } => {
                let s = if *found == 1 { "" } else { "s" };
                write!(f, "the line ends after {found} cell{s}, expected {expected}")
            }
            ParseErrorKind::TooLong { expected } => {
                write!(f, "the line goes on past {expected} cells")
            }
            ParseErrorKind::TooFewLines { found, expected } => {
                let s = if *found == 1 { "" } else { "s" };
                write!(f, "the input ends after {found} line{s}, expected {expected}")
            }
            ParseErrorKind::TooManyLines { expected } => {
                write!(f, "more than {expected} lines")
            }
            ParseErrorKind::Unclosed => {
                write!(f, "the input ends before the board's closing `]`")
            }
            ParseErrorKind::LineTooLong { max_bytes } => {
                write!(f, "the line is longer than {max_bytes} bytes")
            }
            ParseErrorKind::InputTooLong { max_bytes } => {
                write!(f, "the input is longer than {max_bytes} bytes")
            }
            ParseErrorKind::Clash {
                digit,
                other_line,
                other_col,
            } => write!(
                f,
                "the given {digit} clashes with the {digit} at line {other_line}, column {other_col}"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

impl Grid {
    /// The empty board.
    pub const EMPTY: Grid = Grid([0; CELLS]);

    /// Reads one 81-character line (`1`-`9` given, `.` or `0` empty); trailing
    /// whitespace and `\r` are ignored. `line` is the 1-based line number used
    /// in the error.
    ///
    /// ```
    /// use sudoku_workspace::grid::Grid;
    /// let line = format!("5{}", ".".repeat(80));
    /// assert_eq!(Grid::from_line(&line, 1).unwrap().0[0], 5);
    /// let err = Grid::from_line("12x", 7).unwrap_err();
    /// assert!(err.to_string().starts_with("line 7, column 3"));
    /// ```
    pub fn from_line(text: &str, line: usize) -> Result<Grid, ParseError> {
        let text = text.trim_end();
        let mut cells = [0u8; CELLS];
        let mut n = 0;
        for (i, c) in text.chars().enumerate() {
            let col = i + 1;
            if n == CELLS {
                return Err(ParseError {
                    line,
                    col,
                    kind: ParseErrorKind::TooLong { expected: CELLS },
                });
            }
            cells[n] = match c {
                '.' | '0' => 0,
                '1'..='9' => c as u8 - b'0',
                _ => {
                    return Err(ParseError {
                        line,
                        col,
                        kind: ParseErrorKind::BadChar(c),
                    })
                }
            };
            n += 1;
        }
        if n < CELLS {
            return Err(ParseError {
                line,
                col: n + 1,
                kind: ParseErrorKind::TooShort {
                    found: n,
                    expected: CELLS,
                },
            });
        }
        Ok(Grid(cells))
    }

    /// The 81-character line form, `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.0
            .iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect()
    }

    /// From LeetCode's `Vec<Vec<char>>` (`.` empty).
    ///
    /// # Panics
    /// If the board is not 9x9 of `.` and `1`-`9` (LeetCode guarantees it is).
    pub fn from_board(board: &[Vec<char>]) -> Grid {
        assert_eq!(board.len(), 9, "a board has 9 rows");
        let mut cells = [0u8; CELLS];
        for (r, row) in board.iter().enumerate() {
            assert_eq!(row.len(), 9, "row {r} has 9 cells");
            for (c, &ch) in row.iter().enumerate() {
                cells[r * 9 + c] = match ch {
                    '.' => 0,
                    '1'..='9' => ch as u8 - b'0',
                    _ => panic!("bad board character {ch:?} at row {r}, col {c}"),
                };
            }
        }
        Grid(cells)
    }

    /// To LeetCode's `Vec<Vec<char>>` (`.` empty).
    pub fn to_board(&self) -> Vec<Vec<char>> {
        self.0
            .chunks(9)
            .map(|row| {
                row.iter()
                    .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
                    .collect()
            })
            .collect()
    }

    /// Number of givens (non-empty cells).
    pub fn givens(&self) -> usize {
        self.0.iter().filter(|&&d| d != 0).count()
    }

    /// The 9-line form, one row per line, `0` for an empty cell (Lanqiao's format).
    pub fn to_rows(&self) -> String {
        let mut out = String::with_capacity(90);
        for row in self.0.chunks(9) {
            out.extend(row.iter().map(|&d| (b'0' + d) as char));
            out.push('\n');
        }
        out
    }
}

impl fmt::Debug for Grid {
    /// Nine rows, so that a failed `assert_eq!` shows a board diff.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for row in self.0.chunks(9) {
            let line: String = row
                .iter()
                .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_have_27_of_9_and_every_cell_in_3() {
        let mut seen = [0; CELLS];
        for unit in UNITS {
            let mut sorted = unit;
            sorted.sort_unstable();
            assert!(sorted.windows(2).all(|w| w[0] < w[1]), "{unit:?}");
            for cell in unit {
                seen[cell] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
    }

    #[test]
    fn peers_are_20_distinct_and_symmetric() {
        for (cell, &peers) in PEERS.iter().enumerate() {
            assert!(!peers.contains(&cell));
            let mut sorted = peers;
            sorted.sort_unstable();
            assert!(sorted.windows(2).all(|w| w[0] < w[1]));
            for p in peers {
                assert!(PEERS[p].contains(&cell));
            }
        }
    }

    #[test]
    fn box_of_matches_the_formula() {
        for cell in 0..CELLS {
            assert_eq!(box_of(cell), row_of(cell) / 3 * 3 + col_of(cell) / 3);
        }
    }

    #[test]
    fn parse_errors_name_line_and_column() {
        let e = Grid::from_line(&".".repeat(80), 4).unwrap_err();
        assert_eq!((e.line, e.col), (4, 81));
        let e = Grid::from_line(&".".repeat(82), 2).unwrap_err();
        assert_eq!((e.line, e.col), (2, 82));
        let e = Grid::from_line(&format!("{}x{}", ".".repeat(10), ".".repeat(70)), 9).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::BadChar('x'));
        assert_eq!(e.col, 11);
        assert!(Grid::from_line(&format!("{} \r", "0".repeat(81)), 1).is_ok());
    }

    #[test]
    fn board_round_trip() {
        let line = format!("53..7{}", ".".repeat(76));
        let g = Grid::from_line(&line, 1).unwrap();
        assert_eq!(Grid::from_board(&g.to_board()), g);
        assert_eq!(g.to_line(), line);
        assert_eq!(g.givens(), 3);
    }
}
