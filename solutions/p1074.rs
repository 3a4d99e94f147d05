//! Luogu P1074 靶形数独 (NOIP 2009 提高组 4, AcWing 183), std only, paste-ready; statement read at http://zznfzx.openjudge.cn/search001/014/ (the OpenJudge copy: 2000 ms, 128 MiB).
//!
//! stdin: 9 lines of 9 integers 0-9 separated by spaces, `0` = empty. stdout:
//! one line, the highest score over all solutions (the sum of digit times the
//! weight of its cell: 6 on the outer ring, then 7, 8, 9 and 10 at the
//! centre), or `-1` when the puzzle has no solution. Givens that clash in a
//! row, column or box leave no solution either, so they print `-1` too: the
//! statement's output covers them. Exit codes: 0 = a score or `-1` printed;
//! 2 = malformed input (not 9 lines of 9 numbers 0-9), one line on stderr
//! naming line and column; 141 = stdout was closed early, quietly. CRLF,
//! tabs, trailing blanks and a missing final newline are accepted; at most
//! 64 KiB of stdin is read (`MAX_INPUT`).
//!
//! Method: depth-first branch and bound over all completions, with row,
//! column and box bitmasks. Each step fills the empty cell with the fewest
//! candidates (MRV), tries its digits from 9 down, and cuts a branch when the
//! score so far plus an upper bound on the rest cannot beat the best found.
//! The bound, per row: the smaller of (a) the row's missing digits paired,
//! largest with largest, with its empty cells' weights (rearrangement
//! inequality) and (b) each empty cell's weight times its largest candidate.
//! Both only overestimate, so the answer is the exact maximum.

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
            // `p1074 < in | head -c 0`: the reader has gone; stop quietly.
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
    /// The input is not 9 lines of 9 numbers 0-9 (exit 2). `line` and `col`
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

/// Scores one puzzle given as text; `Ok` holds exactly what goes to stdout.
pub fn run(input: &str) -> Result<String, Failure> {
    let cells = parse(input)?;
    Ok(match best_score(&cells) {
        Some(score) => format!("{score}\n"),
        None => "-1\n".to_string(),
    })
}

fn malformed(line: usize, col: usize, why: String) -> Failure {
    Failure::Malformed { line, col, why }
}

/// 9 lines of 9 blank-separated numbers 0-9 into 81 cells; blank lines at
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

/// One line of 9 numbers 0-9 separated by spaces or tabs (line `n`).
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
            let why = format!("expected a number 0-9, found {:?}", token[k]);
            return Err(malformed(n, start + k + 1, why));
        }
        if token.len() > 1 {
            let text: String = token.iter().collect();
            let why = format!("expected a number 0-9, found {text}");
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

/// Weight of a cell: 10 at the centre, one less per ring outwards.
fn weight(cell: usize) -> u32 {
    let (r, c) = ((cell / 9) as i32, (cell % 9) as i32);
    10 - (r - 4).abs().max((c - 4).abs()) as u32
}

/// The cells of each row, column and box.
const UNITS: [[[usize; 9]; 9]; 3] = {
    let mut t = [[[0; 9]; 9]; 3];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let b = r / 3 * 3 + c / 3;
        t[0][r][c] = i;
        t[1][c][r] = i;
        t[2][b][r % 3 * 3 + c % 3] = i;
        i += 1;
    }
    t
};

/// Bits 1..=9 set: every digit.
const ALL: u16 = 0x3fe;

struct Search {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    weights: [u32; 81],
    best: Option<u32>,
}

/// The highest score over all solutions, or `None` when there is none
/// (clashing givens included).
fn best_score(cells: &[u8; 81]) -> Option<u32> {
    let mut s = Search {
        cells: *cells,
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        weights: [0; 81],
        best: None,
    };
    let mut score = 0;
    for (i, &d) in cells.iter().enumerate() {
        s.weights[i] = weight(i);
        if d == 0 {
            continue;
        }
        let bit = 1u16 << d;
        let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
        if (s.rows[r] | s.cols[c] | s.boxes[b]) & bit != 0 {
            return None; // two equal givens in one unit
        }
        s.rows[r] |= bit;
        s.cols[c] |= bit;
        s.boxes[b] |= bit;
        score += d as u32 * s.weights[i];
    }
    s.dfs(score);
    s.best
}

impl Search {
    fn cands(&self, i: usize) -> u16 {
        let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
        ALL & !(self.rows[r] | self.cols[c] | self.boxes[b])
    }

    /// An upper bound on what the empty cells of one unit can add: the
    /// smaller of its missing digits paired largest with largest with the
    /// cells' weights (rearrangement inequality), and each cell's weight
    /// times its largest candidate.
    fn unit_bound(&self, unit: &[usize; 9], missing: u16, cands: &[u16; 81]) -> u32 {
        if missing == 0 {
            return 0;
        }
        // Weights are 6..=10: count the empty cells per weight, no sort.
        let mut per_weight = [0u32; 11];
        let mut by_cell = 0;
        for &i in unit {
            if self.cells[i] == 0 {
                by_cell += self.weights[i] * (15 - cands[i].leading_zeros());
                per_weight[self.weights[i] as usize] += 1;
            }
        }
        let mut by_unit = 0;
        let mut digits = missing;
        for w in (6..=10).rev() {
            for _ in 0..per_weight[w] {
                let d = 15 - digits.leading_zeros();
                digits &= !(1 << d);
                by_unit += w as u32 * d;
            }
        }
        by_unit.min(by_cell)
    }

    fn set(&mut self, i: usize, d: u32, on: bool) {
        let bit = 1u16 << d;
        let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
        if on {
            self.cells[i] = d as u8;
            self.rows[r] |= bit;
            self.cols[c] |= bit;
            self.boxes[b] |= bit;
        } else {
            self.cells[i] = 0;
            self.rows[r] &= !bit;
            self.cols[c] &= !bit;
            self.boxes[b] &= !bit;
        }
    }

    /// Places every cell with one candidate, unless two of them want the
    /// same digit in one unit (a dead end); searches on; takes them back.
    fn place_singles(&mut self, mut score: u32, cands: &[u16; 81]) {
        let mut placed = [0usize; 81];
        let mut n = 0;
        let mut ok = true;
        for (i, &c) in cands.iter().enumerate() {
            if self.cells[i] != 0 || c.count_ones() != 1 {
                continue;
            }
            if self.cands(i) != c {
                ok = false; // an earlier single took its digit
                break;
            }
            let d = c.trailing_zeros();
            self.set(i, d, true);
            score += d * self.weights[i];
            placed[n] = i;
            n += 1;
        }
        if ok {
            self.dfs(score);
        }
        for &i in &placed[..n] {
            let d = self.cells[i] as u32;
            self.set(i, d, false);
        }
    }

    fn dfs(&mut self, score: u32) {
        // MRV: the empty cell with the fewest candidates.
        let mut cands = [0u16; 81];
        let mut pick = None;
        let mut fewest = 10;
        for (i, slot) in cands.iter_mut().enumerate() {
            if self.cells[i] != 0 {
                continue;
            }
            *slot = self.cands(i);
            let k = slot.count_ones();
            if k == 0 {
                return; // a dead end
            }
            if k < fewest {
                fewest = k;
                pick = Some(i);
            }
        }
        if fewest == 1 {
            // Naked singles, all at once in one step; no bound check here:
            // the next branching cell checks it with these digits counted.
            self.place_singles(score, &cands);
            return;
        }
        // The bound: rows, columns and boxes each cover every empty cell
        // once, so each sum bounds the rest; take the smallest.
        let mut bound = u32::MAX;
        for (units, used) in UNITS.iter().zip([&self.rows, &self.cols, &self.boxes]) {
            let mut sum = 0;
            for (unit, &mask) in units.iter().zip(used.iter()) {
                sum += self.unit_bound(unit, ALL & !mask, &cands);
            }
            bound = bound.min(sum);
        }
        let i = match pick {
            None => {
                // Every cell is filled: a solution.
                if self.best.map_or(true, |b| score > b) {
                    self.best = Some(score);
                }
                return;
            }
            Some(i) => i,
        };
        if let Some(b) = self.best {
            if score + bound <= b {
                return; // this branch cannot beat the best found
            }
        }
        let mut left = cands[i];
        while left != 0 {
            let d = 15 - left.leading_zeros();
            left &= !(1 << d);
            self.set(i, d, true);
            self.dfs(score + d * self.weights[i]);
            self.set(i, d, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";

    #[test]
    fn scores_the_first_sample() {
        assert_eq!(run(SAMPLE).unwrap(), "2829\n");
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let bad = SAMPLE.replacen("7 0 0 9", "7 7 0 9", 1);
        assert_eq!(run(&bad).unwrap(), "-1\n");
    }

    #[test]
    fn errors_name_line_and_column() {
        let bad = SAMPLE.replacen("0 8 0", "0 x 0", 1);
        assert!(matches!(
            run(&bad),
            Err(Failure::Malformed {
                line: 3,
                col: 15,
                ..
            })
        ));
    }
}
