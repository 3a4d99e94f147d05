//! SPOJ SUDOKU (16x16), statement read at <https://www.spoj.com/problems/SUDOKU/>, std only, paste-ready.
//!
//! stdin: the number K of grids on the first line (the statement says
//! K <= 10), then K grids of 16 lines of 16 characters, `A`-`P` given, `-`
//! empty, the grids separated by single blank lines. stdout: the K completed
//! grids (16 lines each) in input order, separated by one blank line. The
//! statement promises a unique solution; with several, one is printed.
//! Exit codes: 0 = every grid solved and printed; 1 = a grid has no solution,
//! one line on stderr naming it, nothing on stdout; 2 = malformed input
//! (`malformed input: line L, column C: why`), also fewer or more grids than
//! K and two equal givens in a row, column or box (pointing at the second);
//! 141 = stdout was closed, quietly. CRLF, trailing spaces and tabs, a
//! missing final newline, blank lines before the count, extra blank lines
//! between grids and at the end are accepted. At most 2 MiB of stdin is read.
//!
//! Algorithm, and the point of this problem for a learner: Knuth's Algorithm X
//! with dancing links (DLX). Sudoku is an exact cover problem: 1024 columns
//! (each cell filled once; each letter once per row, column, box), one matrix
//! row per (cell, letter) with 4 ones; a given cell keeps only its own row.
//! The links are index arrays (no pointers, no `unsafe`); covering a column
//! unlinks its rows, uncovering relinks them in reverse order, and the search
//! always branches on the column with the fewest rows left (MRV), which is
//! what makes 16x16 puzzles take milliseconds instead of hours. The same
//! program as `poj3076.rs` but for the count line and the output separator.

use std::fmt;
use std::io::{self, Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut bytes = Vec::new();
    let read = io::stdin().take(MAX_INPUT + 1).read_to_end(&mut bytes);
    let result = match read {
        Ok(_) if bytes.len() as u64 > MAX_INPUT => Err(too_long(&bytes)),
        Ok(_) => run(&String::from_utf8_lossy(&bytes)),
        Err(e) => Err(Failure::Io(e.to_string())),
    };
    match result {
        Ok(out) => match io::stdout().write_all(out.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            // `spoj_sudoku < in | head -c 0`: the reader has gone; stop quietly.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(141),
            Err(e) => {
                eprintln!("error: cannot write the answer: {e}");
                ExitCode::from(2)
            }
        },
        Err(failure) => {
            eprintln!("{failure}");
            ExitCode::from(failure.exit_code())
        }
    }
}

/// The most stdin this program reads (about 7,000 grids, far past SPOJ's
/// data): any input, even one of blank lines (a line index each), stays
/// well inside the 64 MB limit; a longer input is malformed where it passed
/// the cap, so `spoj_sudoku < /dev/zero` ends at once.
const MAX_INPUT: u64 = 2 * 1024 * 1024;

/// The input went past [`MAX_INPUT`]: the parser's own error if it finds one
/// before that byte, else the line and column where the cap was passed.
fn too_long(bytes: &[u8]) -> Failure {
    let text = String::from_utf8_lossy(&bytes[..MAX_INPUT as usize]);
    let line = text.matches('\n').count() + 1;
    let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    if let Err(Failure::Malformed {
        line: l,
        col: c,
        why,
    }) = parse(&text)
    {
        if (l, c) < (line, col) {
            return malformed(l, c, why);
        }
    }
    let why = format!("the input is longer than {MAX_INPUT} bytes");
    malformed(line, col, why)
}

/// Why no answer is printed.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// Grid number `grid` (1-based), starting at input line `line`, has no
    /// solution, which the statement rules out (exit 1).
    NoSolution { grid: usize, line: usize },
    /// The input is not grids of 16 lines of 16 of `A`-`P` and `-`, or two
    /// givens clash (exit 2). `line` and `col` are 1-based.
    Malformed {
        line: usize,
        col: usize,
        why: String,
    },
    /// stdin could not be read (exit 2).
    Io(String),
}

impl Failure {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::NoSolution { .. } => 1,
            Failure::Malformed { .. } | Failure::Io(_) => 2,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::NoSolution { grid, line } => {
                write!(f, "grid {grid} (from line {line}) has no solution")
            }
            Failure::Malformed { line, col, why } => {
                write!(f, "malformed input: line {line}, column {col}: {why}")
            }
            Failure::Io(e) => write!(f, "error: cannot read stdin: {e}"),
        }
    }
}

/// One 16x16 grid: 256 cells row by row, 0 = empty, 1-16 = `A`-`P`.
pub struct Grid {
    /// The input line of its first row (1-based).
    pub line: usize,
    pub cells: [u8; 256],
}

/// Solves every grid; `Ok` holds exactly what goes to stdout.
pub fn run(input: &str) -> Result<String, Failure> {
    let grids = parse(input)?;
    let mut out = String::with_capacity(grids.len() * 16 * 17 + grids.len());
    for (g, grid) in grids.iter().enumerate() {
        let (_, first) = solve(&grid.cells, 1);
        let solved = match first {
            Some(s) => s,
            None => {
                return Err(Failure::NoSolution {
                    grid: g + 1,
                    line: grid.line,
                })
            }
        };
        if g > 0 {
            out.push('\n'); // one blank line between grids
        }
        out.push_str(&render(&solved));
    }
    Ok(out)
}

/// 16 lines of 16 letters.
fn render(cells: &[u8; 256]) -> String {
    let mut s = String::with_capacity(16 * 17);
    for row in cells.chunks(16) {
        s.extend(row.iter().map(|&v| (b'A' + v - 1) as char));
        s.push('\n');
    }
    s
}

fn malformed(line: usize, col: usize, why: String) -> Failure {
    Failure::Malformed { line, col, why }
}

/// The input's lines without their line ends and trailing spaces and tabs,
/// and without the blank lines at the very end.
fn clean_lines(input: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = input
        .split('\n')
        .map(|l| l.trim_end_matches([' ', '\t', '\r']))
        .collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// The count line, then that many grids; blank lines before the count and
/// before each grid are skipped.
fn parse(input: &str) -> Result<Vec<Grid>, Failure> {
    let lines = clean_lines(input);
    let mut i = 0;
    while i < lines.len() && lines[i].is_empty() {
        i += 1;
    }
    let count_line = match lines.get(i) {
        Some(l) => *l,
        None => {
            let why = "expected the number of grids, the input is empty".to_string();
            return Err(malformed(1, 1, why));
        }
    };
    let k = parse_count(count_line, i + 1)?;
    i += 1;
    let mut grids = Vec::new();
    while grids.len() < k {
        while i < lines.len() && lines[i].is_empty() {
            i += 1;
        }
        if i == lines.len() {
            let why = format!("expected {k} grids, the input ends after {}", grids.len());
            return Err(malformed(lines.len() + 1, 1, why));
        }
        grids.push(parse_grid(&lines, i, grids.len() + 1)?);
        i += 16;
    }
    if let Some(extra) = (i..lines.len()).find(|&j| !lines[j].is_empty()) {
        let why = format!("the first line says {k} grids, a further one starts here");
        return Err(malformed(extra + 1, 1, why));
    }
    Ok(grids)
}

/// The number of grids: a decimal integer, spaces and tabs around it allowed.
fn parse_count(line: &str, at: usize) -> Result<usize, Failure> {
    let lead = line.chars().take_while(|&c| c == ' ' || c == '\t').count();
    let mut k: usize = 0;
    for (c, ch) in line.chars().enumerate().skip(lead) {
        let digit = match ch.to_digit(10) {
            Some(d) => d as usize,
            None => {
                let why = format!("expected the number of grids, found {ch:?}");
                return Err(malformed(at, c + 1, why));
            }
        };
        k = match k.checked_mul(10).and_then(|k| k.checked_add(digit)) {
            Some(k) if k <= MAX_GRIDS => k,
            _ => {
                let why = format!("the number of grids is over {MAX_GRIDS}");
                return Err(malformed(at, c + 1, why));
            }
        };
    }
    Ok(k)
}

/// More grids than [`MAX_INPUT`] can hold are malformed at once.
const MAX_GRIDS: usize = MAX_INPUT as usize / (16 * 17);

/// Grid number `number` from `lines[start..start + 16]`, givens checked.
fn parse_grid(lines: &[&str], start: usize, number: usize) -> Result<Grid, Failure> {
    let mut cells = [0u8; 256];
    for r in 0..16 {
        let at = start + r;
        let line = match lines.get(at) {
            Some(l) if !l.is_empty() => *l,
            Some(_) => {
                let why = format!(
                    "expected row {} of grid {number}, found a blank line",
                    r + 1
                );
                return Err(malformed(at + 1, 1, why));
            }
            None => {
                let why = format!("expected row {} of grid {number}, the input ends", r + 1);
                return Err(malformed(at + 1, 1, why));
            }
        };
        let mut len = 0;
        for (c, ch) in line.chars().enumerate() {
            if c == 16 {
                let why = "expected 16 characters, the line is longer".to_string();
                return Err(malformed(at + 1, 17, why));
            }
            cells[r * 16 + c] = match ch {
                '-' => 0,
                'A'..='P' => ch as u8 - b'A' + 1,
                _ => {
                    let why = format!("expected a letter A-P or '-', found {ch:?}");
                    return Err(malformed(at + 1, c + 1, why));
                }
            };
            len += 1;
        }
        if len < 16 {
            let why = format!("expected 16 characters, the line ends after {len}");
            return Err(malformed(at + 1, len + 1, why));
        }
    }
    check_givens(&cells, start)?;
    Ok(Grid {
        line: start + 1,
        cells,
    })
}

/// Two equal givens in one row, column or box are malformed input: name the
/// second one, and the first it clashes with.
fn check_givens(cells: &[u8; 256], start: usize) -> Result<(), Failure> {
    for cell in 0..256 {
        let v = cells[cell];
        let (r, c) = (cell / 16, cell % 16);
        let same_unit =
            |o: usize| o / 16 == r || o % 16 == c || (o / 64 == r / 4 && o % 16 / 4 == c / 4);
        if let Some(other) = (0..cell).find(|&o| v != 0 && cells[o] == v && same_unit(o)) {
            let letter = (b'A' + v - 1) as char;
            let why = format!(
                "the given {letter} clashes with the {letter} at line {}, column {}",
                start + other / 16 + 1,
                other % 16 + 1
            );
            return Err(malformed(start + r + 1, c + 1, why));
        }
    }
    Ok(())
}

/// Counts the solutions of a 16x16 grid up to `limit`, returning the count
/// and the first solution found.
pub fn solve(cells: &[u8; 256], limit: usize) -> (usize, Option<[u8; 256]>) {
    // Columns: cell (256), letter in row (256), in column (256), in box (256).
    let mut dlx = Dlx::new(1024);
    for (cell, &given) in cells.iter().enumerate() {
        let (r, c) = (cell / 16, cell % 16);
        let b = r / 4 * 4 + c / 4;
        for v in 0..16 {
            if given == 0 || given as usize == v + 1 {
                let cols = [cell, 256 + r * 16 + v, 512 + c * 16 + v, 768 + b * 16 + v];
                dlx.add_row(cell * 16 + v, &cols);
            }
        }
    }
    let (found, rows) = dlx.solve(limit);
    let solved = rows.map(|rows| {
        let mut out = [0u8; 256];
        for id in rows {
            out[id / 16] = (id % 16) as u8 + 1;
        }
        out
    });
    (found, solved)
}

// From here to the end of `impl Dlx`: the same exact cover engine in
// poj3076.rs, spoj_sudoku.rs and hdu4069.rs.

/// Knuth's dancing links on index arrays. Node 0 is the root, nodes
/// `1..=columns` are the column headers, every later node is a 1 of the
/// matrix. Rows are circular through `left`/`right`, columns (with their
/// header) through `up`/`down`.
struct Dlx {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    /// The column header of each node.
    col: Vec<usize>,
    /// The caller's id of each node's matrix row.
    row: Vec<usize>,
    /// Per column header: the nodes still linked in its column.
    size: Vec<usize>,
}

impl Dlx {
    /// An empty matrix with `columns` primary columns.
    fn new(columns: usize) -> Dlx {
        let n = columns + 1;
        Dlx {
            left: (0..n).map(|i| (i + n - 1) % n).collect(),
            right: (0..n).map(|i| (i + 1) % n).collect(),
            up: (0..n).collect(),
            down: (0..n).collect(),
            col: (0..n).collect(),
            row: vec![usize::MAX; n],
            size: vec![0; n],
        }
    }

    /// Appends a matrix row with id `id` and ones in `cols` (0-based, distinct).
    fn add_row(&mut self, id: usize, cols: &[usize]) {
        let first = self.left.len();
        let n = cols.len();
        for (k, &c) in cols.iter().enumerate() {
            let (x, h) = (first + k, c + 1);
            self.left.push(first + (k + n - 1) % n);
            self.right.push(first + (k + 1) % n);
            let last = self.up[h];
            self.up.push(last);
            self.down.push(h);
            self.down[last] = x;
            self.up[h] = x;
            self.col.push(h);
            self.row.push(id);
            self.size[h] += 1;
        }
    }

    /// Takes column `c` out of the header list and every row through it out
    /// of the other columns.
    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.col[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    /// Undoes `cover(c)`, in exactly the reverse order (the dance).
    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                self.size[self.col[j]] += 1;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }

    /// Counts exact covers up to `limit`; the row ids of the first one.
    fn solve(&mut self, limit: usize) -> (usize, Option<Vec<usize>>) {
        let mut chosen = Vec::new();
        let mut found = 0;
        let mut first = None;
        self.search(limit, &mut chosen, &mut found, &mut first);
        (found, first)
    }

    fn search(
        &mut self,
        limit: usize,
        chosen: &mut Vec<usize>,
        found: &mut usize,
        first: &mut Option<Vec<usize>>,
    ) {
        if self.right[0] == 0 {
            *found += 1;
            if first.is_none() {
                *first = Some(chosen.clone());
            }
            return;
        }
        // MRV: the column with the fewest rows; 0 is a dead end, 1 forced.
        let mut best = self.right[0];
        let mut c = self.right[best];
        while c != 0 && self.size[best] > 1 {
            if self.size[c] < self.size[best] {
                best = c;
            }
            c = self.right[c];
        }
        if self.size[best] == 0 {
            return;
        }
        self.cover(best);
        let mut i = self.down[best];
        while i != best && *found < limit {
            chosen.push(self.row[i]);
            let mut j = self.right[i];
            while j != i {
                self.cover(self.col[j]);
                j = self.right[j];
            }
            self.search(limit, chosen, found, first);
            let mut j = self.left[i];
            while j != i {
                self.uncover(self.col[j]);
                j = self.left[j];
            }
            chosen.pop();
            i = self.down[i];
        }
        self.uncover(best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "1\n--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n-G-EL-H----M-J--\n----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n-E---C-B--DP--O-\nE--F-M--D--L-K-A\n-C--------O-I-L-\nH-P-C--F-A--B---\n---G-OD---J----H\nK---J----H-A-P-L\n--B--P--E--K--A-\n-H--B--K--FI-C--\n--F---C--D--H-N-\n";

    #[test]
    fn solves_the_sample() {
        let out = run(SAMPLE).unwrap();
        assert!(out.starts_with("FPAHMJECNLBDKOGI\n"));
        assert!(out.ends_with("IAFJOECGLDPBHMNK\n"));
    }

    #[test]
    fn errors_name_line_and_column() {
        let bad = SAMPLE.replacen("-J--", "-J-x", 1);
        assert!(matches!(
            run(&bad),
            Err(Failure::Malformed {
                line: 3,
                col: 4,
                ..
            })
        ));
        let clash = SAMPLE.replacen("--A-", "--AA", 1);
        assert!(matches!(
            run(&clash),
            Err(Failure::Malformed {
                line: 2,
                col: 4,
                ..
            })
        ));
    }

    #[test]
    fn grids_are_separated_by_one_blank_line() {
        let two = format!("2\n{}\n{}", &SAMPLE[2..], "----------------\n".repeat(16));
        let out = run(&two).unwrap();
        assert_eq!(out.lines().count(), 33);
        assert_eq!(out.lines().nth(16), Some(""));
        let short = format!("3\n{}\n{}", &SAMPLE[2..], &SAMPLE[2..]);
        assert!(matches!(
            run(&short),
            Err(Failure::Malformed {
                line: 35,
                col: 1,
                ..
            })
        ));
    }
}
