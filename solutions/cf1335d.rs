//! Codeforces 1335D "Anti-Sudoku", std only, paste-ready; statement read at <https://acgo.xiaomawang.com/problemset/info/15420> (a copy of <https://codeforces.com/problemset/problem/1335/D>: 1 <= t <= 10^4).
//!
//! stdin: t, then t solved Sudokus, each 9 lines of 9 digits 1-9 with no
//! blanks. stdout: the t grids, each with at most 9 cells changed so that
//! every row, column and 3x3 block holds two equal digits (any such answer
//! is accepted). Exit codes: 0 = the grids printed; 1 = well-formed but
//! outside the promise (t outside 1..=10^4, or a grid that is not a solved
//! Sudoku), one line on stderr naming the test case, the cell and the clash;
//! 2 = malformed input, one line on stderr naming line and column; 141 =
//! stdout was closed early, quietly. CRLF, trailing blanks, a missing final
//! newline and blank lines at the very end are accepted; at most 4 MiB of
//! stdin is read (`MAX_INPUT`).
//!
//! Method: every 2 becomes a 1. A solved grid has one 2 and one 1 in each
//! row, column and block, so that is exactly 9 changes and each unit then
//! holds two 1s.

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
            // `cf1335d < in | head -c 0`: the reader has gone; stop quietly.
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

/// The most stdin this program reads: a valid input (t <= 10^4 grids of 9
/// lines) is under 1 MB even with CRLF and trailing blanks, and any input
/// up to this, even one of blank lines (a line index each), stays well
/// inside the 256 MB limit.
const MAX_INPUT: u64 = 4 * 1024 * 1024;

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
    /// Well-formed, but not what the statement promises (exit 1).
    Promise(String),
    /// The text is not t and then t grids of 9 lines of 9 digits 1-9
    /// (exit 2). `line` and `col` are 1-based, `col` counted in characters.
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
            Failure::Promise(_) => 1,
            Failure::Malformed { .. } | Failure::Io(_) => 2,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Promise(why) => write!(f, "outside the statement's promise: {why}"),
            Failure::Malformed { line, col, why } => {
                write!(f, "malformed input: line {line}, column {col}: {why}")
            }
            Failure::Io(e) => write!(f, "error: cannot read stdin: {e}"),
        }
    }
}

/// The statement's bound on t.
const MAX_T: u64 = 10_000;

/// Answers every test case; `Ok` holds exactly what goes to stdout.
pub fn run(input: &str) -> Result<String, Failure> {
    let grids = parse(input)?;
    for (k, grid) in grids.iter().enumerate() {
        check_solved(grid, k)?;
    }
    let mut out = String::with_capacity(grids.len() * 90);
    for grid in &grids {
        for row in grid.chunks(9) {
            // Every 2 becomes a 1: one change per row, column and block.
            out.extend(
                row.iter()
                    .map(|&d| (b'0' + if d == 2 { 1 } else { d }) as char),
            );
            out.push('\n');
        }
    }
    Ok(out)
}

fn malformed(line: usize, col: usize, why: String) -> Failure {
    Failure::Malformed { line, col, why }
}

/// t, then t grids of 9 lines of 9 digits 1-9; blank lines at the very end
/// are ignored.
fn parse(input: &str) -> Result<Vec<[u8; 81]>, Failure> {
    let mut lines: Vec<&str> = input
        .split('\n')
        .map(|l| l.trim_end_matches([' ', '\t', '\r']))
        .collect();
    while lines.last() == Some(&"") {
        lines.pop(); // the final newline, and any blank lines after the grids
    }
    let t = parse_t(lines.first().copied().unwrap_or(""))?;
    let needed = 1 + 9 * t as usize;
    if lines.len() > needed {
        let why = format!("t = {t} asks for {needed} lines, the input has more");
        return Err(malformed(needed + 1, 1, why));
    }
    let mut grids = Vec::with_capacity(t as usize);
    for k in 0..t as usize {
        let mut grid = [0u8; 81];
        for r in 0..9 {
            let n = 1 + 9 * k + r; // 0-based index of this line
            let line = match lines.get(n) {
                Some(line) => line,
                None => {
                    let why = format!(
                        "test case {} needs 9 lines, the input ends after {}",
                        k + 1,
                        r
                    );
                    return Err(malformed(n + 1, 1, why));
                }
            };
            let mut len = 0;
            for (c, ch) in line.chars().enumerate() {
                if c == 9 {
                    let why = "expected 9 digits, the line is longer".to_string();
                    return Err(malformed(n + 1, 10, why));
                }
                if !('1'..='9').contains(&ch) {
                    let why = format!("expected a digit 1-9, found {ch:?}");
                    return Err(malformed(n + 1, c + 1, why));
                }
                grid[r * 9 + c] = ch as u8 - b'0';
                len += 1;
            }
            if len < 9 {
                let why = format!("expected 9 digits, the line ends after {len}");
                return Err(malformed(n + 1, len + 1, why));
            }
        }
        grids.push(grid);
    }
    Ok(grids)
}

/// The first line: t, between 1 and [`MAX_T`] (exit 1 outside it).
fn parse_t(line: &str) -> Result<u64, Failure> {
    let lead = line.chars().take_while(|&c| c == ' ' || c == '\t').count();
    let digits: Vec<char> = line.chars().skip(lead).collect();
    if digits.is_empty() {
        let why = "expected the number of test cases t".to_string();
        return Err(malformed(1, lead + 1, why));
    }
    let mut t: u64 = 0;
    for (k, &ch) in digits.iter().enumerate() {
        match ch.to_digit(10) {
            Some(d) => t = t.saturating_mul(10).saturating_add(d as u64),
            None => {
                let why = format!("expected the number of test cases t, found {ch:?}");
                return Err(malformed(1, lead + k + 1, why));
            }
        }
    }
    if t == 0 || t > MAX_T {
        let shown: String = digits.iter().collect();
        let why = format!("line 1: t = {shown}, the statement has 1 <= t <= {MAX_T}");
        return Err(Failure::Promise(why));
    }
    Ok(t)
}

/// Exit 1 unless grid `k` (0-based) is a solved Sudoku: name the second cell
/// of the first clash, and the first.
fn check_solved(grid: &[u8; 81], k: usize) -> Result<(), Failure> {
    let first_line = 2 + 9 * k;
    for cell in 0..81 {
        let d = grid[cell];
        let (r, c) = (cell / 9, cell % 9);
        for (other, &e) in grid[..cell].iter().enumerate() {
            let (or, oc) = (other / 9, other % 9);
            let unit = if or == r {
                "row"
            } else if oc == c {
                "column"
            } else if or / 3 == r / 3 && oc / 3 == c / 3 {
                "block"
            } else {
                continue;
            };
            if e == d {
                let why = format!(
                    "test case {}: line {}, column {}: the {d} repeats the {d} at line {}, column {} in its {unit}, so the grid is not a solved Sudoku",
                    k + 1,
                    first_line + r,
                    c + 1,
                    first_line + or,
                    oc + 1
                );
                return Err(Failure::Promise(why));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "1\n154873296\n386592714\n729641835\n863725149\n975314628\n412968357\n631457982\n598236471\n247189563\n";

    #[test]
    fn changes_every_two_into_a_one() {
        let out = run(SAMPLE).unwrap();
        assert!(out.starts_with("154873196\n386591714\n"));
        assert_eq!(out.matches('2').count(), 0);
    }

    #[test]
    fn errors_name_line_and_column() {
        let bad = SAMPLE.replacen("729641835", "7296418x5", 1);
        assert!(matches!(
            run(&bad),
            Err(Failure::Malformed {
                line: 4,
                col: 8,
                ..
            })
        ));
        let clash = SAMPLE.replacen("729641835", "729641853", 1);
        assert_eq!(run(&clash).unwrap_err().exit_code(), 1);
    }
}
