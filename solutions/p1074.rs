//! Luogu P1074 靶形数独 (NOIP 2009 提高组 4, AcWing 183), std only, paste-ready; statement read at <http://zznfzx.openjudge.cn/search001/014/> (the OpenJudge copy: 2000 ms, 128 MiB).
//!
//! stdin: 9 lines of 9 integers 0-9 separated by spaces, `0` = empty. stdout:
//! one line, the highest score over all solutions (the sum of digit times the
//! weight of its cell: 6 on the outer ring, then 7, 8, 9 and 10 at the
//! centre), or `-1` when the puzzle has no solution. Givens that clash in a
//! row, column or box leave no solution either, so they print `-1` too: the
//! statement's output covers them, whatever the number of givens. Exit
//! codes: 0 = a score or `-1` printed; 1 = fewer than 24 givens (the
//! statement promises at least 24; proving the best score of a much
//! sparser grid can run far past the limit: the empty grid takes about
//! 25 s), one line on stderr; 2 = malformed
//! input (not 9 lines of 9 numbers 0-9), one line on stderr
//! naming line and column; 141 = stdout was closed early, quietly. CRLF,
//! tabs, trailing blanks and a missing final newline are accepted; at most
//! 64 KiB of stdin is read (`MAX_INPUT`).
//!
//! Method: only 17 cells decide a solution's score (`BASE`: the 16 cells
//! of the 2x2 blocks in the grid's corners and the centre), so the search
//! branches on those, digits from 9 down, and once they are placed asks
//! only whether the rest of the grid can be filled. At each node an upper
//! bound on the score cuts the branch when it cannot beat the best found:
//! the corner blocks' sum bounded by rows, columns and boxes (each part the
//! best assignment of its unit's missing digits to its open cells), and the
//! same sum taken as the ring of weight 8, bounded the same way; the
//! smaller counts. The bound only overestimates, so the answer is the
//! exact maximum. The search engine is the one of `lanqiao.rs` /
//! `lc37_11_bitboard.rs` (JCZSolve-style bitboards: one 27-bit set per
//! digit and band, band and stack permutation tables, naked singles,
//! guesses on bivalue cells), copied unchanged.

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
    /// Fewer givens than the statement's 24 (exit 1): the search over all
    /// solutions of a sparse grid can run far past the limit, so it is
    /// refused.
    TooFewGivens(usize),
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
            Failure::TooFewGivens(_) => 1,
            Failure::Malformed { .. } | Failure::Io(_) => 2,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::TooFewGivens(n) => write!(
                f,
                "outside the statement's promise: {n} givens, it promises at least {MIN_GIVENS}"
            ),
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
    let givens = cells.iter().filter(|&&d| d != 0).count();
    if givens < MIN_GIVENS && !clashes(&cells) {
        return Err(Failure::TooFewGivens(givens));
    }
    Ok(match best_score(&cells) {
        Some(score) => format!("{score}\n"),
        None => "-1\n".to_string(),
    })
}

/// The statement: "100% of the data have at least 24 non-zero numbers".
const MIN_GIVENS: usize = 24;

/// Whether two equal givens share a row, column or box.
fn clashes(cells: &[u8; 81]) -> bool {
    let mut seen = [0u16; 27];
    for (i, &d) in cells.iter().enumerate() {
        if d == 0 {
            continue;
        }
        for u in [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3] {
            if seen[u] & 1 << d != 0 {
                return true;
            }
            seen[u] |= 1 << d;
        }
    }
    false
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
#[cfg(test)]
fn weight(cell: usize) -> u32 {
    let (r, c) = ((cell / 9) as i32, (cell % 9) as i32);
    10 - (r - 4).abs().max((c - 4).abs()) as u32
}

/// Every solution scores `BASE` plus the digits of 17 cells: the 16 cells
/// of the 2x2 blocks in the grid's corners, the 4 corner cells counted
/// twice, and the centre. A cell's weight is 6, plus 1 for each of the
/// centred 7x7, 5x5 and 3x3 squares and the centre cell that holds it, so a
/// score is 6 * 405 + S7 + S5 + S3 + centre, Sk the digit sum of the k x k
/// square. Whole rows and columns sum to 45, so S3 = 45 (the centre box),
/// S7 = 225 + the 4 corner cells and S5 = 45 + the 16 corner-block cells:
/// 2430 + 225 + 45 + 45 = 2745. As S5 is also 45 + the 16 cells of the
/// ring of weight 8, those 16 cells sum to what the corner blocks sum to.
const BASE: u32 = 2745;

/// The centre cell.
const CENTRE: usize = 40;

/// A row, column or box by index; its digits differ.
#[derive(Clone, Copy)]
enum Unit {
    Row(usize),
    Col(usize),
    Box(usize),
}

/// Some cells of one unit, with their weights in a sum.
struct Part(Unit, &'static [(usize, u32)]);

/// The corner blocks' 16 cells, corners weighing 2, split by rows, by
/// columns and by boxes (the top two rows are boxes 0 and 2, and so on).
const BLOCK_ROWS: [Part; 4] = [
    Part(Unit::Row(0), &[(0, 2), (1, 1), (7, 1), (8, 2)]),
    Part(Unit::Row(1), &[(9, 1), (10, 1), (16, 1), (17, 1)]),
    Part(Unit::Row(7), &[(63, 1), (64, 1), (70, 1), (71, 1)]),
    Part(Unit::Row(8), &[(72, 2), (73, 1), (79, 1), (80, 2)]),
];
const BLOCK_COLS: [Part; 4] = [
    Part(Unit::Col(0), &[(0, 2), (9, 1), (63, 1), (72, 2)]),
    Part(Unit::Col(1), &[(1, 1), (10, 1), (64, 1), (73, 1)]),
    Part(Unit::Col(7), &[(7, 1), (16, 1), (70, 1), (79, 1)]),
    Part(Unit::Col(8), &[(8, 2), (17, 1), (71, 1), (80, 2)]),
];
const BLOCK_BOXES: [Part; 4] = [
    Part(Unit::Box(0), &[(0, 2), (1, 1), (9, 1), (10, 1)]),
    Part(Unit::Box(2), &[(7, 1), (8, 2), (16, 1), (17, 1)]),
    Part(Unit::Box(6), &[(63, 1), (64, 1), (72, 2), (73, 1)]),
    Part(Unit::Box(8), &[(70, 1), (71, 1), (79, 1), (80, 2)]),
];

/// The ring of weight 8 (rows and columns 2 and 6 of the centred 5x5
/// square), split by rows, by columns and by boxes.
const RING_ROWS: [Part; 4] = [
    Part(Unit::Row(2), &[(20, 1), (21, 1), (22, 1), (23, 1), (24, 1)]),
    Part(Unit::Row(6), &[(56, 1), (57, 1), (58, 1), (59, 1), (60, 1)]),
    Part(Unit::Col(2), &[(29, 1), (38, 1), (47, 1)]),
    Part(Unit::Col(6), &[(33, 1), (42, 1), (51, 1)]),
];
const RING_COLS: [Part; 4] = [
    Part(Unit::Col(2), &[(20, 1), (29, 1), (38, 1), (47, 1), (56, 1)]),
    Part(Unit::Col(6), &[(24, 1), (33, 1), (42, 1), (51, 1), (60, 1)]),
    Part(Unit::Row(2), &[(21, 1), (22, 1), (23, 1)]),
    Part(Unit::Row(6), &[(57, 1), (58, 1), (59, 1)]),
];
const RING_BOXES: [Part; 8] = [
    Part(Unit::Box(0), &[(20, 1)]),
    Part(Unit::Box(1), &[(21, 1), (22, 1), (23, 1)]),
    Part(Unit::Box(2), &[(24, 1)]),
    Part(Unit::Box(3), &[(29, 1), (38, 1), (47, 1)]),
    Part(Unit::Box(5), &[(33, 1), (42, 1), (51, 1)]),
    Part(Unit::Box(6), &[(56, 1)]),
    Part(Unit::Box(7), &[(57, 1), (58, 1), (59, 1)]),
    Part(Unit::Box(8), &[(60, 1)]),
];

/// The 4 corner cells, by rows and by columns.
const CORNER_ROWS: [Part; 2] = [
    Part(Unit::Row(0), &[(0, 1), (8, 1)]),
    Part(Unit::Row(8), &[(72, 1), (80, 1)]),
];
const CORNER_COLS: [Part; 2] = [
    Part(Unit::Col(0), &[(0, 1), (72, 1)]),
    Part(Unit::Col(8), &[(8, 1), (80, 1)]),
];

/// The highest score over all solutions, or `None` when there is none
/// (clashing givens included).
fn best_score(cells: &[u8; 81]) -> Option<u32> {
    if clashes(cells) {
        return None;
    }
    let mut best = None;
    if let Some(start) = Bits::new(cells) {
        dfs(start, &mut best);
    }
    best.map(|extra| BASE + extra)
}

/// Branch and bound on the 17 cells that decide the score: `best` is the
/// highest score above `BASE` of a solution found so far.
fn dfs(mut s: Bits, best: &mut Option<u32>) {
    match s.propagate() {
        None => return, // a contradiction
        Some(true) => {
            *best = (*best).max(Some(s.bound()));
            return;
        }
        Some(false) => {}
    }
    if matches!(*best, Some(b) if s.bound() <= b) {
        return; // no completion here can beat the best found
    }
    match s.scoring_cell() {
        // The 17 cells are placed, so the score is known: it counts if the
        // rest of the grid can be filled at all.
        None => {
            if s.solvable() {
                *best = Some(s.bound());
            }
        }
        Some(cell) => {
            let (b, bit) = (cell / 27, cell % 27);
            let mut digits = s.digits_at(b, bit);
            while digits != 0 {
                let d = 31 - digits.leading_zeros() as usize;
                digits &= !(1 << d);
                let mut t = s;
                t.place(d, b, bit);
                dfs(t, best);
            }
        }
    }
}

/// The highest digit in a set (bit `d` = digit `d + 1`), 0 for none.
fn top(digits: u32) -> u32 {
    32 - digits.leading_zeros()
}

/// The largest sum of weight times digit over `cells` (weight, digit set),
/// each cell given a different digit of its set, none of `used`; 0 when
/// some cell is left without one.
fn best_assignment(cells: &[(u32, u32)], used: u32) -> u32 {
    let (weight, digits, rest) = match cells.split_first() {
        Some((&(weight, digits), rest)) => (weight, digits, rest),
        None => return 0,
    };
    let mut free = digits & !used;
    let mut best = 0;
    while free != 0 {
        let d = top(free);
        free &= !(1 << (d - 1));
        let taken = used | 1 << (d - 1);
        let rest_max: u32 = rest.iter().map(|&(w, ds)| w * top(ds & !taken)).sum();
        if weight * d + rest_max <= best || rest.iter().any(|&(_, ds)| ds & !taken == 0) {
            continue;
        }
        best = best.max(weight * d + best_assignment(rest, taken));
    }
    best
}

impl Bits {
    /// The digits a cell may hold (bit `d` = digit `d + 1`), and whether it
    /// is still open.
    fn cell(&self, cell: usize) -> (u32, bool) {
        let (b, bit) = (cell / 27, cell % 27);
        (self.digits_at(b, bit), self.open[b] >> bit & 1 == 1)
    }

    /// The digits no placed cell of `unit` holds.
    fn missing(&self, unit: Unit) -> u32 {
        let mut cells = [0u32; 3];
        match unit {
            Unit::Row(r) => cells[r / 3] = ROW << (r % 3 * 9),
            Unit::Col(c) => cells = [SPREAD << c; 3],
            Unit::Box(x) => cells[x / 3] = 0o7007007 << (x % 3 * 3),
        }
        let mut missing = 0x1ff;
        for d in 0..9 {
            let mut placed = 0;
            for (b, unit_cells) in cells.iter().enumerate() {
                placed |= self.cands[d * 3 + b] & !self.open[b] & unit_cells;
            }
            if placed != 0 {
                missing &= !(1 << d);
            }
        }
        missing
    }

    /// An upper bound on a part's weighted digits, exact once its cells
    /// are placed: the placed ones, plus the best assignment of different
    /// digits the unit still misses to the open ones.
    fn part_bound(&self, part: &Part) -> u32 {
        let missing = self.missing(part.0);
        let mut fixed = 0;
        let mut open = [(0, 0); 5];
        let mut n = 0;
        for &(cell, weight) in part.1 {
            match self.cell(cell) {
                (digits, true) => {
                    open[n] = (weight, digits & missing);
                    n += 1;
                }
                (digits, false) => fixed += weight * top(digits),
            }
        }
        // Heaviest first: the search in best_assignment cuts sooner.
        open[..n].sort_unstable_by_key(|&(weight, _)| std::cmp::Reverse(weight));
        fixed + best_assignment(&open[..n], 0)
    }

    fn parts_bound(&self, parts: &[Part]) -> u32 {
        parts.iter().map(|p| self.part_bound(p)).sum()
    }

    /// An upper bound on the score above `BASE`, exact when the 17 cells
    /// that decide it are placed. Any split of cells into parts of units
    /// bounds their sum by the sum of the parts' bounds, so each sum is
    /// bounded several ways and the smallest counts: the corner blocks,
    /// half by half, by rows or boxes and by columns or boxes; the same
    /// sum as the ring of weight 8 plus the corners.
    fn bound(&self) -> u32 {
        let rows = BLOCK_ROWS.map(|p| self.part_bound(&p));
        let cols = BLOCK_COLS.map(|p| self.part_bound(&p));
        let boxes = BLOCK_BOXES.map(|p| self.part_bound(&p));
        let top_half = (rows[0] + rows[1]).min(boxes[0] + boxes[1]);
        let bottom_half = (rows[2] + rows[3]).min(boxes[2] + boxes[3]);
        let left_half = (cols[0] + cols[1]).min(boxes[0] + boxes[2]);
        let right_half = (cols[2] + cols[3]).min(boxes[1] + boxes[3]);
        let blocks = (top_half + bottom_half).min(left_half + right_half);
        let ring = self
            .parts_bound(&RING_ROWS)
            .min(self.parts_bound(&RING_COLS))
            .min(self.parts_bound(&RING_BOXES));
        let corners = self
            .parts_bound(&CORNER_ROWS)
            .min(self.parts_bound(&CORNER_COLS));
        blocks.min(ring + corners) + top(self.cell(CENTRE).0)
    }

    /// The open cell among the 17 that decide the score to branch on: a
    /// corner (weight 2) first, then the fewest candidates, then the
    /// highest; `None` when all are placed.
    fn scoring_cell(&self) -> Option<usize> {
        let cells = BLOCK_BOXES.iter().flat_map(|p| p.1.iter());
        let mut best: Option<((u32, u32, u32), usize)> = None;
        for &(cell, weight) in cells.chain(&[(CENTRE, 1)]) {
            if let (digits, true) = self.cell(cell) {
                let key = (2 - weight, digits.count_ones(), 9 - top(digits));
                if !matches!(best, Some((k, _)) if k <= key) {
                    best = Some((key, cell));
                }
            }
        }
        best.map(|(_, cell)| cell)
    }

    /// Whether the grid has any solution: the engine's search, stopping at
    /// the first.
    fn solvable(mut self) -> bool {
        match self.propagate() {
            None => false,
            Some(true) => true,
            Some(false) => {
                let (b, bit) = self.pick();
                let mut digits = self.digits_at(b, bit);
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    let mut t = self;
                    t.place(d, b, bit);
                    if t.solvable() {
                        return true;
                    }
                }
                false
            }
        }
    }
}

// From here to the end of `impl Bits` below: the engine of
// `lc37_11_bitboard.rs` (by way of `lanqiao.rs`), copied unchanged.

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

    const SAMPLE: &str = "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";

    /// A solved grid: the pattern (3r + r/3 + c) mod 9, rows and digits
    /// relabelled by `k`.
    fn solved(k: usize) -> [u8; 81] {
        let rows = [[0, 1, 2], [2, 0, 1], [1, 2, 0]][k % 3];
        let mut cells = [0u8; 81];
        for (i, cell) in cells.iter_mut().enumerate() {
            let (r, c) = (i / 9, i % 9);
            let r = r / 3 * 3 + rows[r % 3];
            *cell = ((r * 3 + r / 3 + c + k) % 9) as u8 + 1;
        }
        cells
    }

    #[test]
    fn a_score_is_base_plus_the_17_cells() {
        for k in 0..9 {
            let grid = solved(k);
            let score: u32 = (0..81).map(|i| weight(i) * u32::from(grid[i])).sum();
            let mut s = Bits::new(&grid).unwrap();
            assert_eq!(s.propagate(), Some(true), "grid {k} is solved");
            assert_eq!(BASE + s.bound(), score, "grid {k}");
            let d = |i: usize| u32::from(grid[i]);
            let blocks: u32 = BLOCK_BOXES
                .iter()
                .flat_map(|p| p.1)
                .map(|&(i, w)| w * d(i))
                .sum();
            let ring: u32 = RING_BOXES
                .iter()
                .flat_map(|p| p.1)
                .map(|&(i, _)| d(i))
                .sum();
            let corners = d(0) + d(8) + d(72) + d(80);
            assert_eq!(
                blocks,
                ring + corners,
                "grid {k}: the ring sums as the blocks"
            );
        }
    }

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
