//! HDU 4069 Squiggly Sudoku, statement read at <http://acm.hdu.edu.cn/showproblem.php?pid=4069>, std only, paste-ready.
//!
//! stdin: T (1 <= T <= 2500), then per case 81 integers (nine lines of nine in
//! the statement; read here as whitespace-separated numbers, as `scanf` does).
//! Each is a digit (low 4 bits: 0 = empty, 1-9 = given) plus walls: 16 = up,
//! 32 = right, 64 = down, 128 = left. The walls cut the grid into nine
//! regions of nine cells ("I promise"). stdout: per case `Case N:` and then
//! the nine solution lines of nine digits, or `No solution`, or
//! `Multiple Solutions`. Exit codes: 0 = every case answered (no solution and
//! several solutions are answers here, so clashing givens are too); 2 =
//! malformed input (`malformed input: line L, column C: why`, the position of
//! the offending number, or the line after the last one if numbers are
//! missing): a token that is not a number in 0-255, a low nibble over 9, two
//! neighbours that disagree about the wall between them (pointing at the
//! right or lower one), a region without exactly nine cells (pointing at its
//! first cell), fewer or more cases than T; 141 = stdout was closed, quietly.
//! CRLF, spaces and tabs anywhere, a missing final newline and blank lines
//! are accepted. At most 1 MiB of stdin is read.
//!
//! Algorithm, and the point of this problem for a learner: regions by flood
//! fill through the cells with no wall between them, then Knuth's Algorithm X
//! with dancing links (DLX). Squiggly Sudoku is an exact cover problem: 324
//! columns (each cell filled once; each digit once per row, column, region),
//! one matrix row per (cell, digit) with 4 ones; a given cell keeps only its
//! own row. The links are index arrays (no pointers, no `unsafe`); covering a
//! column unlinks its rows, uncovering relinks them in reverse order, and the
//! search branches on the column with the fewest rows left (MRV). It stops
//! at the second solution: one tells the unique answer, two "multiple".

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
            // `hdu4069 < in | head -c 0`: the reader has gone; stop quietly.
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

/// The most stdin this program reads (about 2,900 cases, far past HDU
/// 4069's data): any input, even one of single-digit numbers (a token
/// each), stays well inside the 32 MB limit; a longer input is malformed
/// where it passed the cap, so `hdu4069 < /dev/zero` ends at once.
const MAX_INPUT: u64 = 1024 * 1024;

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
    /// The input is not T and T cases of 81 numbers, or the walls do not make
    /// nine regions of nine cells (exit 2). `line` and `col` are 1-based.
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
            Failure::Malformed { .. } | Failure::Io(_) => 2,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Malformed { line, col, why } => {
                write!(f, "malformed input: line {line}, column {col}: {why}")
            }
            Failure::Io(e) => write!(f, "error: cannot read stdin: {e}"),
        }
    }
}

const UP: u16 = 16;
const RIGHT: u16 = 32;
const DOWN: u16 = 64;
const LEFT: u16 = 128;

/// One case: per cell its digit (0 = empty) and its region (0-8).
pub struct Case {
    pub digits: [u8; 81],
    pub regions: [u8; 81],
}

/// Answers every case; `Ok` holds exactly what goes to stdout.
pub fn run(input: &str) -> Result<String, Failure> {
    let cases = parse(input)?;
    let mut out = String::with_capacity(cases.len() * 100);
    for (n, case) in cases.iter().enumerate() {
        out.push_str(&format!("Case {}:\n", n + 1));
        match solve(case, 2) {
            (1, Some(solved)) => {
                for row in solved.chunks(9) {
                    out.extend(row.iter().map(|&d| (b'0' + d) as char));
                    out.push('\n');
                }
            }
            (0, _) => out.push_str("No solution\n"),
            _ => out.push_str("Multiple Solutions\n"),
        }
    }
    Ok(out)
}

fn malformed(line: usize, col: usize, why: String) -> Failure {
    Failure::Malformed { line, col, why }
}

/// A whitespace-separated word of the input and where it starts (1-based).
struct Token<'a> {
    text: &'a str,
    line: usize,
    col: usize,
}

/// The words of the input, and the line after the last non-blank one (where
/// a missing number is reported).
fn tokenize(input: &str) -> (Vec<Token<'_>>, usize) {
    let mut tokens = Vec::new();
    let mut end = 1;
    for (l, line) in input.split('\n').enumerate() {
        let mut start: Option<(usize, usize)> = None; // byte, char column
        for (chars, (b, ch)) in line.char_indices().enumerate() {
            if ch.is_whitespace() {
                if let Some((sb, sc)) = start.take() {
                    tokens.push(Token {
                        text: &line[sb..b],
                        line: l + 1,
                        col: sc + 1,
                    });
                }
            } else if start.is_none() {
                start = Some((b, chars));
            }
        }
        if let Some((sb, sc)) = start {
            tokens.push(Token {
                text: &line[sb..],
                line: l + 1,
                col: sc + 1,
            });
        }
        if tokens.last().map(|t| t.line) == Some(l + 1) {
            end = l + 2;
        }
    }
    (tokens, end)
}

/// A decimal number of at most `max`; malformed at the token otherwise.
fn number(t: &Token, max: u64, what: &str) -> Result<u64, Failure> {
    let mut v: u64 = 0;
    for (i, ch) in t.text.chars().enumerate() {
        let d = match ch.to_digit(10) {
            Some(d) => d as u64,
            None => {
                let why = format!("expected {what}, found {ch:?}");
                return Err(malformed(t.line, t.col + i, why));
            }
        };
        v = v * 10 + d;
        if v > max {
            let why = format!("expected {what}, {} is over {max}", t.text);
            return Err(malformed(t.line, t.col, why));
        }
    }
    Ok(v)
}

/// More cases than [`MAX_INPUT`] can hold are malformed at once.
const MAX_CASES: u64 = MAX_INPUT / (81 * 2);

/// T, then T cases of 81 numbers, each checked.
fn parse(input: &str) -> Result<Vec<Case>, Failure> {
    let (tokens, end) = tokenize(input);
    let first = match tokens.first() {
        Some(t) => t,
        None => {
            let why = "expected the number of cases, the input is empty".to_string();
            return Err(malformed(1, 1, why));
        }
    };
    let t = number(first, MAX_CASES, "the number of cases")? as usize;
    let mut cases = Vec::with_capacity(t);
    for n in 0..t {
        let at = 1 + n * 81;
        if tokens.len() < at + 81 {
            let why = format!(
                "expected 81 numbers for case {}, the input ends after {}",
                n + 1,
                tokens.len().saturating_sub(at)
            );
            return Err(malformed(end, 1, why));
        }
        cases.push(parse_case(&tokens[at..at + 81], n + 1)?);
    }
    if let Some(extra) = tokens.get(1 + t * 81) {
        let why = format!("the first number says {t} cases, a further number follows");
        return Err(malformed(extra.line, extra.col, why));
    }
    Ok(cases)
}

/// One case's 81 numbers into digits and regions.
fn parse_case(tokens: &[Token], n: usize) -> Result<Case, Failure> {
    let mut values = [0u16; 81];
    for (i, t) in tokens.iter().enumerate() {
        let v = number(t, 255, "a number 0-255 (digit plus walls)")? as u16;
        if v & 15 > 9 {
            let why = format!("{v} has digit part {}, over 9", v & 15);
            return Err(malformed(t.line, t.col, why));
        }
        values[i] = v;
    }
    // Both sides of an inner edge must agree on its wall.
    for cell in 0..81 {
        let (r, c) = (cell / 9, cell % 9);
        let t = &tokens[cell];
        if c > 0 && (values[cell - 1] & RIGHT != 0) != (values[cell] & LEFT != 0) {
            let why = format!(
                "case {n}, row {}, columns {c} and {}: one side has the wall between them, the other not",
                r + 1,
                c + 1
            );
            return Err(malformed(t.line, t.col, why));
        }
        if r > 0 && (values[cell - 9] & DOWN != 0) != (values[cell] & UP != 0) {
            let why = format!(
                "case {n}, column {}, rows {r} and {}: one side has the wall between them, the other not",
                c + 1,
                r + 1
            );
            return Err(malformed(t.line, t.col, why));
        }
    }
    let mut regions = [u8::MAX; 81];
    let mut next = 0u8;
    for start in 0..81 {
        if regions[start] != u8::MAX {
            continue;
        }
        let mut stack = vec![start];
        let mut size = 0;
        regions[start] = next;
        while let Some(cell) = stack.pop() {
            size += 1;
            let (r, c) = (cell / 9, cell % 9);
            let v = values[cell];
            let mut open = Vec::with_capacity(4);
            if r > 0 && v & UP == 0 {
                open.push(cell - 9);
            }
            if c < 8 && v & RIGHT == 0 {
                open.push(cell + 1);
            }
            if r < 8 && v & DOWN == 0 {
                open.push(cell + 9);
            }
            if c > 0 && v & LEFT == 0 {
                open.push(cell - 1);
            }
            for o in open {
                if regions[o] == u8::MAX {
                    regions[o] = next;
                    stack.push(o);
                }
            }
        }
        if size != 9 {
            let t = &tokens[start];
            let why = format!(
                "case {n}: the region of row {}, column {} has {size} cells, not 9",
                start / 9 + 1,
                start % 9 + 1
            );
            return Err(malformed(t.line, t.col, why));
        }
        next += 1;
    }
    let mut digits = [0u8; 81];
    for (d, v) in digits.iter_mut().zip(values.iter()) {
        *d = (v & 15) as u8;
    }
    Ok(Case { digits, regions })
}

/// Counts the solutions of a case up to `limit`, returning the count and the
/// first solution found. Clashing givens simply have none.
pub fn solve(case: &Case, limit: usize) -> (usize, Option<[u8; 81]>) {
    // Columns: cell (81), digit in row (81), in column (81), in region (81).
    let mut dlx = Dlx::new(324);
    for cell in 0..81 {
        let (r, c, g) = (cell / 9, cell % 9, case.regions[cell] as usize);
        let given = case.digits[cell] as usize;
        for v in 0..9 {
            if given == 0 || given == v + 1 {
                let cols = [cell, 81 + r * 9 + v, 162 + c * 9 + v, 243 + g * 9 + v];
                dlx.add_row(cell * 9 + v, &cols);
            }
        }
    }
    let (found, rows) = dlx.solve(limit);
    let solved = rows.map(|rows| {
        let mut out = [0u8; 81];
        for id in rows {
            out[id / 9] = (id % 9) as u8 + 1;
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

    const CASE1: &str = "144 18 112 208 80 25 54 144 48
135 38 147 80 121 128 97 130 32
137 32 160 144 114 167 208 0 32
192 100 160 160 208 96 183 192 101
209 80 39 192 86 48 136 80 114
152 48 226 144 112 160 160 149 48
128 0 112 166 215 96 160 128 41
128 39 153 32 209 80 101 136 35
192 96 200 67 80 112 208 68 96
";

    #[test]
    fn solves_the_first_sample_case() {
        let out = run(&format!("1\n{CASE1}")).unwrap();
        assert!(out.starts_with("Case 1:\n521439678\n763895124\n"));
        assert!(out.ends_with("698351247\n"));
    }

    #[test]
    fn no_givens_is_multiple_and_clashes_are_no_solution() {
        let empty: String = CASE1
            .split_whitespace()
            .map(|t| (t.parse::<u16>().unwrap() & !15).to_string() + " ")
            .collect();
        let out = run(&format!("1\n{empty}")).unwrap();
        assert_eq!(out, "Case 1:\nMultiple Solutions\n");
        // 144 18 112: row 1 gets a second 9 (it has 25 = 9 + 16 at column 6).
        let clash = CASE1.replacen("144 18 112", "153 18 112", 1);
        let out = run(&format!("1\n{clash}")).unwrap();
        assert_eq!(out, "Case 1:\nNo solution\n");
    }

    #[test]
    fn errors_name_line_and_column() {
        let bad = CASE1.replacen("135 38", "135 3x", 1);
        assert!(matches!(
            run(&format!("1\n{bad}")),
            Err(Failure::Malformed {
                line: 3,
                col: 6,
                ..
            })
        ));
        // 18 = 2 + up wall: dropping the 64 below it is fine, dropping the
        // right wall of 144 (none) is fine; 112 -> 240 adds a left wall.
        let walls = CASE1.replacen("18 112", "18 240", 1);
        assert!(matches!(
            run(&format!("1\n{walls}")),
            Err(Failure::Malformed {
                line: 2,
                col: 8,
                ..
            })
        ));
        assert!(matches!(
            run(&format!("2\n{CASE1}")),
            Err(Failure::Malformed {
                line: 11,
                col: 1,
                ..
            })
        ));
    }
}
