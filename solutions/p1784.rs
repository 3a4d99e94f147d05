//! Luogu P1784 数独 (Sudoku), statement at <https://www.luogu.com.cn/problem/P1784> — std only, paste-ready.
//!
//! stdin: "an unfilled Sudoku": 9 lines of 9 numbers separated by spaces
//! (the sample's lines end in a space), `1`-`9` a given and `0` a cell to
//! fill; every puzzle "has one and only one answer". stdout: "the filled
//! Sudoku", 9 lines of 9 digits separated by single spaces. 1000 ms.
//! Tolerated like a `cin >>` reader of rows: CRLF, leading and trailing
//! spaces or tabs, several spaces or tabs between cells, blank lines before
//! or after the puzzle, a missing final newline. Not tolerated: a blank line
//! inside the puzzle, a cell that is not one character, anything after the
//! 9th row.
//!
//! Exit codes: 0 = solved and printed; 1 = the puzzle has no solution, or
//! more than one (outside the promise), one line on stderr saying so,
//! nothing on stdout; 2 = malformed input (a bad cell, a line without 9
//! cells, fewer or more than 9 rows, two givens that clash), one line on
//! stderr: `malformed input: line L, column C: why`; 141 = stdout closed
//! early, quietly.
//!
//! Algorithm: the bitboard search of our `lanqiao.rs` (from
//! `lc37_11_bitboard.rs`, JCZSolve-style: one 27-bit set per digit and band,
//! band and stack permutation tables, naked singles, guesses on bivalue cells),
//! counting solutions up to 2 so that a second one is caught.

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
            // `p1784 < in | head -c 0`: the reader has gone; stop quietly.
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

/// The most stdin this program reads: a puzzle is 9 lines of about 18
/// characters; past 64 KiB the input is not the statement's.
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
    /// The puzzle, whose first row is on input line `line`, has no
    /// solution (exit 1).
    NoSolution { line: usize },
    /// It has two or more solutions (exit 1).
    MultipleSolutions { line: usize },
    /// Not the statement's format, or two givens clash (exit 2). `line` and
    /// `col` are 1-based, `col` in characters.
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
            Failure::NoSolution { .. } | Failure::MultipleSolutions { .. } => 1,
            Failure::Malformed { .. } | Failure::Io(_) => 2,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::NoSolution { line } => {
                write!(f, "no solution (the puzzle's first row is line {line})")
            }
            Failure::MultipleSolutions { line } => write!(
                f,
                "more than one solution, the statement promises exactly one (the puzzle's first row is line {line})"
            ),
            Failure::Malformed { line, col, why } => {
                write!(f, "malformed input: line {line}, column {col}: {why}")
            }
            Failure::Io(e) => write!(f, "error: cannot read stdin: {e}"),
        }
    }
}

/// Solves the puzzle; `Ok` holds exactly what goes to stdout.
pub fn run(input: &str) -> Result<String, Failure> {
    let (line, cells) = parse(input)?;
    let grid = match solve(&cells, 2) {
        (1, Some(grid)) => grid,
        (0, _) => return Err(Failure::NoSolution { line }),
        _ => return Err(Failure::MultipleSolutions { line }),
    };
    let mut out = String::with_capacity(162);
    for row in grid.chunks(9) {
        for (c, &d) in row.iter().enumerate() {
            if c > 0 {
                out.push(' ');
            }
            out.push((b'0' + d) as char);
        }
        out.push('\n');
    }
    Ok(out)
}

/// `1 row`, `8 rows`.
fn rows(n: usize) -> String {
    format!("{n} row{}", if n == 1 { "" } else { "s" })
}

fn malformed(line: usize, col: usize, why: String) -> Failure {
    Failure::Malformed { line, col, why }
}

/// The puzzle, with the 1-based line number of its first row: 9 non-blank
/// lines of 9 cells, blank lines allowed before and after.
fn parse(input: &str) -> Result<(usize, [u8; 81]), Failure> {
    let mut all: Vec<&str> = input
        .split('\n')
        .map(|l| l.trim_end_matches([' ', '\t', '\r']))
        .collect();
    while all.last() == Some(&"") {
        all.pop(); // the final newline, and any blank lines at the end
    }
    let mut cells = [0u8; 81];
    let mut row_lines = [0usize; 9];
    let mut row = 0; // rows read so far
    for (i, line) in all.iter().enumerate() {
        let n = i + 1;
        if row == 9 {
            let why = "expected the end of the input after the puzzle's 9 rows".to_string();
            return Err(malformed(n, 1, why));
        }
        if line.is_empty() {
            if row > 0 {
                let why = format!("the puzzle ends after {}, expected 9", rows(row));
                return Err(malformed(n, 1, why));
            }
            continue;
        }
        row_lines[row] = n;
        parse_row(n, line, &mut cells[row * 9..row * 9 + 9])?;
        row += 1;
    }
    if row < 9 {
        let why = format!(
            "the input ends after {} of the puzzle, expected 9",
            rows(row)
        );
        return Err(malformed(all.len() + 1, 1, why));
    }
    if let Some((cell, other)) = clash(&cells) {
        let d = cells[cell];
        let why = format!(
            "the given {d} (row {}, column {}) clashes with the {d} in row {}, column {} (line {})",
            cell / 9 + 1,
            cell % 9 + 1,
            other / 9 + 1,
            other % 9 + 1,
            row_lines[other / 9]
        );
        let col = cell_column(all[row_lines[cell / 9] - 1], cell % 9);
        return Err(malformed(row_lines[cell / 9], col, why));
    }
    Ok((row_lines[0], cells))
}

/// One row: 9 cells, each `0`-`9` (`0` a cell to fill), separated by spaces or tabs.
fn parse_row(n: usize, line: &str, row: &mut [u8]) -> Result<(), Failure> {
    let mut count = 0;
    let mut prev_blank = true;
    let mut len = 0;
    for (c, ch) in line.chars().enumerate() {
        len = c + 1;
        if ch == ' ' || ch == '\t' {
            prev_blank = true;
            continue;
        }
        if !prev_blank {
            let why = format!("expected a space between two cells, found {ch:?}");
            return Err(malformed(n, c + 1, why));
        }
        prev_blank = false;
        if count == 9 {
            let why = "expected 9 cells, the line has more".to_string();
            return Err(malformed(n, c + 1, why));
        }
        row[count] = match ch {
            '0'..='9' => ch as u8 - b'0',
            _ => {
                let why = format!("expected a digit 0-9, found {ch:?}");
                return Err(malformed(n, c + 1, why));
            }
        };
        count += 1;
    }
    if count < 9 {
        let why = format!("expected 9 cells, the line ends after {count}");
        return Err(malformed(n, len + 1, why));
    }
    Ok(())
}

/// The 1-based character column of cell `k` (0-based) of a valid row.
fn cell_column(line: &str, k: usize) -> usize {
    line.chars()
        .enumerate()
        .filter(|&(_, ch)| ch != ' ' && ch != '\t')
        .nth(k)
        .map_or(1, |(c, _)| c + 1)
}

/// The first given (in reading order) equal to an earlier given in its row,
/// column or box, and that earlier given.
fn clash(cells: &[u8; 81]) -> Option<(usize, usize)> {
    for cell in 0..81 {
        let d = cells[cell];
        let (r, c) = (cell / 9, cell % 9);
        let same_unit =
            |o: usize| o / 9 == r || o % 9 == c || (o / 27 == r / 3 && o % 9 / 3 == c / 3);
        if let Some(other) = (0..cell).find(|&o| d != 0 && cells[o] == d && same_unit(o)) {
            return Some((cell, other));
        }
    }
    None
}

/// Searches `cells` (givens that do not clash) for up to `limit` solutions:
/// how many were found, and the first.
fn solve(cells: &[u8; 81], limit: usize) -> (usize, Option<[u8; 81]>) {
    let mut found = 0;
    let mut first = None;
    if let Some(start) = Bits::new(cells) {
        search(start, limit, &mut found, &mut first);
    }
    (found, first.map(|s: Bits| s.digits()))
}

/// Depth first over copies of the state, counting solutions up to `limit`
/// and keeping the first.
fn search(mut s: Bits, limit: usize, found: &mut usize, first: &mut Option<Bits>) {
    match s.propagate() {
        None => return, // a contradiction
        Some(true) => {
            *found += 1;
            first.get_or_insert(s);
            return;
        }
        Some(false) => {}
    }
    let (b, bit) = s.pick();
    let mut digits = s.digits_at(b, bit);
    while digits != 0 && *found < limit {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        let mut t = s;
        t.place(d, b, bit);
        search(t, limit, found, first);
    }
}

impl Bits {
    /// The solved board as 81 digits.
    fn digits(&self) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut a = self.cands[d * 3 + b];
                while a != 0 {
                    let bit = a.trailing_zeros() as usize;
                    a &= a - 1;
                    cells[b * 27 + bit] = d as u8 + 1;
                }
            }
        }
        cells
    }
}

// From here to the end of `impl Bits` below: the engine of
// `lc37_11_bitboard.rs`, copied unchanged from `lanqiao.rs`.

const BAND: u32 = (1 << 27) - 1;
const ROW: u32 = 0x1ff;
/// Bits 0, 9, 18: times a 9-bit column set, those columns in all three rows.
const SPREAD: u32 = 1 | 1 << 9 | 1 << 18;
/// The low 8 bits of each row, and the top bit of each.
const LOW8: u32 = 0xff * SPREAD;
const TOP8: u32 = 0x100 * SPREAD;

/// Row `r` uses box (or column) `PERMS[p][r]`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For a 9-bit set of a 3x3 grid (bit `r * 3 + k`): the bits on some
/// permutation inside the set.
const fn perm_keep(s: usize) -> u32 {
    let mut keep = 0;
    let mut p = 0;
    while p < 6 {
        let q = PERMS[p];
        let bits = 1 << q[0] | 1 << (3 + q[1]) | 1 << (6 + q[2]);
        if s & bits == bits {
            keep |= bits as u32;
        }
        p += 1;
    }
    keep
}

/// Per occupied-triad set: the band cells of the triads to keep.
static TRIAD_KEEP: [u32; 512] = {
    let mut t = [0; 512];
    let mut s = 0;
    while s < 512 {
        let k = perm_keep(s);
        let mut j = 0;
        while j < 9 {
            if k >> j & 1 == 1 {
                t[s] |= 7 << (j / 3 * 9 + j % 3 * 3);
            }
            j += 1;
        }
        s += 1;
    }
    t
};

/// Per stack occupancy (bit `band * 3 + col`): the kept bits spread 9 apart.
static STACK_KEEP: [u32; 512] = {
    let mut t = [0; 512];
    let mut s = 0;
    while s < 512 {
        let k = perm_keep(s);
        t[s] = (k & 7) | (k >> 3 & 7) << 9 | (k >> 6 & 7) << 18;
        s += 1;
    }
    t
};

/// For a 9-bit row: which of its three boxes are occupied.
static ROW_TRIADS: [u8; 512] = {
    let mut t = [0; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = (x & 7 != 0) as u8 | ((x >> 3 & 7 != 0) as u8) << 1 | ((x >> 6 != 0) as u8) << 2;
        x += 1;
    }
    t
};

/// Per band bit: its row (`.0`), its column (`.1`), and its row, column and
/// box (`.2`). 32 entries, so a `trailing_zeros` index needs no bounds check.
static PEERS: [(u32, u32, u32); 32] = {
    let mut t = [(0, 0, 0); 32];
    let mut i = 0;
    while i < 27 {
        let row = ROW << (i / 9 * 9);
        let col = (1 << (i % 9)) * SPREAD;
        t[i] = (row, col, row | col | 0o7007007 << (i % 9 / 3 * 3));
        i += 1;
    }
    t
};

/// Occupied triads of a band set (the mask drops TRIAD_KEEP's bounds check).
fn triads(a: u32) -> usize {
    (ROW_TRIADS[(a & ROW) as usize] as usize
        | (ROW_TRIADS[(a >> 9 & ROW) as usize] as usize) << 3
        | (ROW_TRIADS[(a >> 18 & ROW) as usize] as usize) << 6)
        & 0x1ff
}

fn cols_of(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & ROW
}

/// Cells of `a` in rows holding exactly one (every row non-empty): SWAR,
/// `a - SPREAD` borrows inside each row only.
fn placed(a: u32) -> u32 {
    let rest = a & a.wrapping_sub(SPREAD);
    let crowded = (rest | ((rest & LOW8) + LOW8)) & TOP8;
    a & !((crowded >> 8) * ROW)
}

#[derive(Clone, Copy)]
struct Bits {
    cands: [u32; 27],
    /// Bit `d`: a set of digit `d` lost a cell since its last update.
    dirty: u32,
    /// Per digit, its bands' column sets as the stack rule last left them.
    cols_seen: [u32; 9],
    /// Cells not yet placed, per band.
    open: [u32; 3],
    /// Bivalue cells found by the last naked-singles pass.
    pairs: [u32; 3],
}

impl Bits {
    /// None when two givens of a digit share a row (the rest is left to
    /// propagation). Branch-free: `givens[v * 3 + b]` holds band `b`'s
    /// cells of value `v`, the empty ones in slots 0-2.
    fn new(cells: &[u8; 81]) -> Option<Bits> {
        let mut givens = [0u32; 30];
        for (b, band) in cells.chunks_exact(27).enumerate() {
            for (bit, &v) in band.iter().enumerate() {
                givens[usize::from(v).min(9) * 3 + b] |= 1 << bit;
            }
        }
        let mut s = Bits {
            cands: [0; 27],
            dirty: 0x1ff,
            cols_seen: [0; 9],
            open: [0; 3],
            pairs: [0; 3],
        };
        let mut clash = 0;
        for b in 0..3 {
            let taken = (1..10).fold(0, |t, v| t | givens[v * 3 + b]);
            s.open[b] = BAND & !taken;
            for d in 0..9 {
                // Bit 9r + 8 of `filled`: row r holds a given; g minus 1 in
                // those rows leaves a second given in one.
                let g = givens[d * 3 + 3 + b];
                let filled = (((g & LOW8) + LOW8) | g) & TOP8;
                clash |= g & g.wrapping_sub(filled >> 8);
                s.cands[d * 3 + b] = (s.open[b] & !((filled >> 8) * ROW)) | g;
            }
        }
        if clash != 0 {
            return None;
        }
        Some(s)
    }

    fn place(&mut self, d: usize, b: usize, bit: usize) {
        self.cands[d * 3 + b] &= !PEERS[bit].0 | 1 << bit;
        self.dirty |= 1 << d;
    }

    /// Rows of each band, then columns of each stack, to a fixed point for
    /// digit `d`; new placements leave the other digits. False: dead end.
    fn update(&mut self, d: usize) -> bool {
        let i = d * 3;
        let (mut a0, mut a1, mut a2) = (self.cands[i], self.cands[i + 1], self.cands[i + 2]);
        a0 &= TRIAD_KEEP[triads(a0)];
        a1 &= TRIAD_KEEP[triads(a1)];
        a2 &= TRIAD_KEEP[triads(a2)];
        loop {
            if (a0 == 0) | (a1 == 0) | (a2 == 0) {
                return false;
            }
            let cols = cols_of(a0) | cols_of(a1) << 9 | cols_of(a2) << 18;
            if cols == self.cols_seen[d] {
                break;
            }
            let mut keep = 0;
            for s in [0, 3, 6] {
                let x = cols >> s & 0o7007007;
                keep |= STACK_KEEP[((x | x >> 6 | x >> 12) & ROW) as usize] << s;
            }
            let kept = cols & keep;
            self.cols_seen[d] = kept;
            if kept == cols {
                break;
            }
            let n0 = a0 & ((kept & ROW) * SPREAD);
            let n1 = a1 & ((kept >> 9 & ROW) * SPREAD);
            let n2 = a2 & ((kept >> 18) * SPREAD);
            a0 = n0 & TRIAD_KEEP[triads(n0)];
            a1 = n1 & TRIAD_KEEP[triads(n1)];
            a2 = n2 & TRIAD_KEEP[triads(n2)];
        }
        let placed = [placed(a0), placed(a1), placed(a2)];
        self.cands[i] = a0;
        self.cands[i + 1] = a1;
        self.cands[i + 2] = a2;
        for (b, &p) in placed.iter().enumerate() {
            let fresh = p & self.open[b];
            if fresh != 0 {
                self.open[b] &= !fresh;
                self.strike(d, b, fresh);
            }
        }
        true
    }

    /// Takes `fresh` (placed digit `d`) out of every other digit's set of
    /// band `b`, branch-free; the digits that lose a cell become dirty.
    fn strike(&mut self, d: usize, b: usize, fresh: u32) {
        let mut dirty = 0;
        for k in 0..9 {
            let c = &mut self.cands[k * 3 + b];
            let hit = *c & fresh;
            *c ^= hit;
            // Bit 31 of hit | -hit: hit != 0.
            dirty |= ((hit | hit.wrapping_neg()) >> 31) << k;
        }
        self.cands[d * 3 + b] |= fresh;
        self.dirty |= dirty & !(1 << d);
    }

    fn digits_at(&self, b: usize, bit: usize) -> u32 {
        let mut m = 0;
        for d in 0..9 {
            m |= (self.cands[d * 3 + b] >> bit & 1) << d;
        }
        m
    }

    /// Some(true) solved, Some(false) stuck, None dead end.
    fn propagate(&mut self) -> Option<bool> {
        loop {
            while self.dirty != 0 {
                let d = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if !self.update(d) {
                    return None;
                }
            }
            if self.open == [0; 3] {
                return Some(true);
            }
            // Naked singles, bit-sliced over the nine digits.
            let (mut once, mut twice, mut thrice) = ([0u32; 3], [0u32; 3], [0u32; 3]);
            for d in 0..9 {
                for b in 0..3 {
                    let x = self.cands[d * 3 + b];
                    thrice[b] |= twice[b] & x;
                    twice[b] |= once[b] & x;
                    once[b] |= x;
                }
            }
            let mut any = false;
            for b in 0..3 {
                let open = self.open[b];
                if open & !once[b] != 0 {
                    return None;
                }
                self.pairs[b] = open & twice[b] & !thrice[b];
                let mut singles = open & !twice[b];
                while singles != 0 {
                    let bit = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let digits = self.digits_at(b, bit);
                    if digits == 0 {
                        return None;
                    }
                    self.place(digits.trailing_zeros() as usize, b, bit);
                    // No other digit has the cell: nothing to strike.
                    self.open[b] &= !(1 << bit);
                    any = true;
                }
            }
            if !any {
                return Some(false);
            }
        }
    }

    /// The bivalue cell with most open peers, else the fewest candidates.
    fn pick(&self) -> (usize, usize) {
        let mut best = (0, 0, 0);
        for b in 0..3 {
            let mut p = self.pairs[b];
            while p != 0 {
                let bit = p.trailing_zeros() as usize;
                p &= p - 1;
                let (_, col, near) = PEERS[bit];
                let far = (self.open[(b + 1) % 3] & col) | (self.open[(b + 2) % 3] & col) << 1;
                // One popcount of both masks.
                let score = (u64::from(self.open[b] & near) | u64::from(far) << 27).count_ones();
                if score >= best.2 {
                    best = (b, bit, score);
                }
            }
        }
        if best.2 != 0 {
            return (best.0, best.1);
        }
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let bit = open.trailing_zeros() as usize;
                open &= open - 1;
                let n = self.digits_at(b, bit).count_ones();
                if n < best.2 {
                    best = (b, bit, n);
                }
            }
        }
        (best.0, best.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The statement's sample: its lines end in a space.
    const SAMPLE: &str = "8 0 0 0 0 0 0 0 0 \n0 0 3 6 0 0 0 0 0 \n0 7 0 0 9 0 2 0 0 \n0 5 0 0 0 7 0 0 0 \n0 0 0 0 4 5 7 0 0 \n0 0 0 1 0 0 0 3 0 \n0 0 1 0 0 0 0 6 8 \n0 0 8 5 0 0 0 1 0 \n0 9 0 0 0 0 4 0 0\n";
    const ANSWER: &str = "8 1 2 7 5 3 6 4 9\n9 4 3 6 8 2 1 7 5\n6 7 5 4 9 1 2 8 3\n1 5 4 2 3 7 8 9 6\n3 6 9 8 4 5 7 2 1\n2 8 7 1 6 9 5 3 4\n5 2 1 9 7 4 3 6 8\n4 3 8 5 2 6 9 1 7\n7 9 6 3 1 8 4 5 2\n";

    #[test]
    fn solves_the_sample() {
        assert_eq!(run(SAMPLE).unwrap(), ANSWER);
        let blank_lines_around = format!("\n\n{}\n\n", SAMPLE.replace('\n', "\r\n"));
        assert_eq!(run(&blank_lines_around).unwrap(), ANSWER);
    }

    #[test]
    fn errors_name_line_and_column() {
        let bad = SAMPLE.replacen("0 0 3", "0 ? 3", 1);
        assert_eq!(
            run(&bad),
            Err(malformed(2, 3, "expected a digit 0-9, found '?'".into()))
        );
        let cut: String = SAMPLE.lines().take(8).map(|l| format!("{l}\n")).collect();
        assert!(matches!(
            run(&cut),
            Err(Failure::Malformed {
                line: 9,
                col: 1,
                ..
            })
        ));
        let twice = format!("{SAMPLE}{SAMPLE}");
        assert!(matches!(
            run(&twice),
            Err(Failure::Malformed {
                line: 10,
                col: 1,
                ..
            })
        ));
        let gap = SAMPLE.replacen('\n', "\n\n", 1);
        assert!(matches!(
            run(&gap),
            Err(Failure::Malformed {
                line: 2,
                col: 1,
                ..
            })
        ));
        let empty = "0 0 0 0 0 0 0 0 0\n".repeat(9);
        assert_eq!(run(&empty), Err(Failure::MultipleSolutions { line: 1 }));
    }
}
