//! AtCoder ABC327 C "Number Place", std only, paste-ready; statement read at <https://problem.rmj.ac/problem/abc327_c> (a copy of <https://atcoder.jp/contests/abc327/tasks/abc327_c>: 2000 ms, 1 <= A_ij <= 9).
//!
//! stdin: 9 lines of 9 integers 1-9 separated by spaces, a full grid.
//! stdout: `Yes` if every row, column and 3x3 box holds each of 1-9 exactly
//! once, else `No`. Exit codes: 0 = `Yes` or `No` printed; 2 = malformed
//! input (not 9 lines of 9 numbers, or a number outside 1-9, which the
//! constraints rule out), one line on stderr naming line and column;
//! 141 = stdout was closed early, quietly. CRLF, tabs, trailing blanks and a
//! missing final newline are accepted; at most 64 KiB of stdin is read
//! (`MAX_INPUT`).
//!
//! Method: one pass over the 81 cells with a 9-bit "seen" mask per row,
//! column and box; nine digits from 1-9 with no repeat are exactly 1-9 once.

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
            // `abc327c < in | head -c 0`: the reader has gone; stop quietly.
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

/// The most stdin this program reads: a valid input is 9 short lines.
const MAX_INPUT: u64 = 64 * 1024;

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
    /// The input is not 9 lines of 9 numbers 1-9 (exit 2). `line` and `col`
    /// are 1-based, `col` counted in characters.
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

/// Checks one grid given as text; `Ok` holds exactly what goes to stdout.
pub fn run(input: &str) -> Result<String, Failure> {
    let cells = parse(input)?;
    Ok(if is_solved(&cells) { "Yes\n" } else { "No\n" }.to_string())
}

/// Whether each row, column and box holds 1-9 exactly once: nine cells
/// of digits 1-9 hold each once exactly when all nine are different.
fn is_solved(cells: &[u8; 81]) -> bool {
    let mut seen = [0u16; 27];
    for (i, &d) in cells.iter().enumerate() {
        let bit = 1u16 << d;
        for u in [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3] {
            if seen[u] & bit != 0 {
                return false;
            }
            seen[u] |= bit;
        }
    }
    true
}

fn malformed(line: usize, col: usize, why: String) -> Failure {
    Failure::Malformed { line, col, why }
}

/// 9 lines of 9 blank-separated numbers 1-9 into 81 cells; blank lines at
/// the very end are ignored.
fn parse(input: &str) -> Result<[u8; 81], Failure> {
    let mut lines: Vec<&str> = input
        .split('\n')
        .map(|l| l.trim_end_matches([' ', '\t', '\r']))
        .collect();
    while lines.last() == Some(&"") {
        lines.pop(); // the final newline, and any blank lines after the grid
    }
    if lines.len() > 9 {
        let why = format!("expected 9 lines, found {}", lines.len());
        return Err(malformed(10, 1, why));
    }
    let mut cells = [0u8; 81];
    for (r, line) in lines.iter().enumerate() {
        let row = parse_row(line, r + 1)?;
        cells[r * 9..r * 9 + 9].copy_from_slice(&row);
    }
    if lines.len() < 9 {
        let why = format!("expected 9 lines, the input ends after {}", lines.len());
        return Err(malformed(lines.len() + 1, 1, why));
    }
    Ok(cells)
}

/// One line of 9 numbers 1-9 separated by spaces or tabs (line `n`).
fn parse_row(line: &str, n: usize) -> Result<[u8; 9], Failure> {
    let chars: Vec<char> = line.chars().collect();
    let mut row = [0u8; 9];
    let mut count = 0;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ' ' || chars[i] == '\t' {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i] != ' ' && chars[i] != '\t' {
            i += 1;
        }
        let token = &chars[start..i];
        if count == 9 {
            let why = "expected 9 numbers, the line has more".to_string();
            return Err(malformed(n, start + 1, why));
        }
        if let Some(k) = token.iter().position(|c| !c.is_ascii_digit()) {
            let why = format!("expected a number 1-9, found {:?}", token[k]);
            return Err(malformed(n, start + k + 1, why));
        }
        if token.len() > 1 || token[0] == '0' {
            let text: String = token.iter().collect();
            let why = format!("expected a number 1-9, found {text}");
            return Err(malformed(n, start + 1, why));
        }
        row[count] = token[0] as u8 - b'0';
        count += 1;
    }
    if count < 9 {
        let why = format!("expected 9 numbers, the line ends after {count}");
        return Err(malformed(n, chars.len() + 1, why));
    }
    Ok(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE1: &str = "1 2 3 4 5 6 7 8 9\n4 5 6 7 8 9 1 2 3\n7 8 9 1 2 3 4 5 6\n2 3 4 5 6 7 8 9 1\n5 6 7 8 9 1 2 3 4\n8 9 1 2 3 4 5 6 7\n3 4 5 6 7 8 9 1 2\n6 7 8 9 1 2 3 4 5\n9 1 2 3 4 5 6 7 8\n";

    #[test]
    fn checks_the_first_sample() {
        assert_eq!(run(SAMPLE1).unwrap(), "Yes\n");
        let swapped = SAMPLE1.replacen("1 2 3", "2 1 3", 1);
        assert_eq!(run(&swapped).unwrap(), "No\n");
    }

    #[test]
    fn errors_name_line_and_column() {
        let zero = SAMPLE1.replacen("\n4 5 6 7", "\n4 0 6 7", 1);
        assert!(matches!(
            run(&zero),
            Err(Failure::Malformed {
                line: 2,
                col: 3,
                ..
            })
        ));
    }
}
