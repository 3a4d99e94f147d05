//! Watch the search: mirrors of the write-ups' search orders that report every
//! step, for `sudoku trace` (a log or an animation) and `sudoku judge --stats`
//! (placements and undos per order).
//!
//! The paste-ready files cannot carry counters, so this module re-walks their
//! search orders on a mask board and says which files each order stands for
//! ([`Order::approaches`]). Tests check that each mirror ends on the same board
//! as the files it stands for, on puzzles with several solutions too (where
//! only the same order finds the same first solution).
//!
//! ```text
//! step  event                       board after the step
//!   1   place 1 at (0,2) depth 1     [1] placed, 5 given, (4) just undone
//! ```

use crate::fixtures::parse_board;
use crate::grid::{Grid, ParseError, ParseErrorKind, CELLS};
use std::fmt::{self, Write as _};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The search orders of the write-ups, each mirrored here step by step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// Write-up 000's right DFS (`lc37_05`): next empty cell scanning forward,
    /// digits 1..=9, undo only when the recursion failed. 01–05, 07 and 08
    /// walk this same tree.
    RowMajor,
    /// Write-up 003 (`lc37_06`): the same tree, but every call rescans from
    /// `(0, 0)` for the first empty cell.
    Rescan,
    /// Write-up 000's wrong DFS (`lc37_09`): returns nothing, always undoes,
    /// and its `while` loop comes back to a cell whose digits are used up.
    Wrong,
    /// The `lanqiao` search: forced moves first (naked and hidden singles),
    /// else the cell with the fewest candidates; counts solutions up to 2.
    Fewest,
}

impl Order {
    /// Every order, for `--approach` and the stats table.
    pub const ALL: [Order; 4] = [Order::RowMajor, Order::Rescan, Order::Wrong, Order::Fewest];

    /// The `--approach` name.
    pub fn key(self) -> &'static str {
        match self {
            Order::RowMajor => "right",
            Order::Rescan => "rescan",
            Order::Wrong => "wrong",
            Order::Fewest => "fewest",
        }
    }

    /// One line for a title.
    pub fn describe(self) -> &'static str {
        match self {
            Order::RowMajor => {
                "row-major DFS, scan forward to the next empty cell (write-up 000's right DFS)"
            }
            Order::Rescan => "row-major DFS, rescan from (0,0) on every call (write-up 003)",
            Order::Wrong => "write-up 000's wrong DFS: returns nothing, always undoes",
            Order::Fewest => {
                "fewest candidates first, forced moves first, counting to 2 (lanqiao; lc37_11_bitboard stops at the first)"
            }
        }
    }

    /// The solution files whose search this order mirrors.
    pub fn approaches(self) -> &'static [&'static str] {
        match self {
            Order::RowMajor => &[
                "lc37_01_scan_flag",
                "lc37_02_hash_sets_flag",
                "lc37_03_hash_sets_bool",
                "lc37_04_bitmasks",
                "lc37_05_marks_forward",
                "lc37_07_explicit_stack",
                "lc37_08_scan_next_cell",
            ],
            Order::Rescan => &["lc37_06_marks_rescan"],
            Order::Wrong => &["lc37_09_wrong_dfs"],
            // lc37_11 is lanqiao's engine, stopping at the first solution.
            Order::Fewest => &["lanqiao", "lanqiao_proconio", "lc37_11_bitboard"],
        }
    }

    /// The order a solution (by file name) follows, or by `--approach` name.
    pub fn of(name: &str) -> Option<Order> {
        Order::ALL
            .into_iter()
            .find(|o| o.key() == name || o.approaches().contains(&name))
    }
}

/// One step of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `digit` written at `cell`; `depth` counts the placements on the path, this one included.
    Place {
        cell: usize,
        digit: u8,
        depth: usize,
    },
    /// `digit` erased from `cell`. `erases_solution`: the board was complete.
    Undo {
        cell: usize,
        digit: u8,
        depth: usize,
        erases_solution: bool,
    },
    /// No empty cell is left.
    Complete { depth: usize },
    /// No digit fits at `cell`.
    NoFit { cell: usize, depth: usize },
    /// The wrong DFS's `while` loop is back at `cell`, for the `visit`-th time.
    Retry {
        cell: usize,
        depth: usize,
        visit: u64,
    },
}

/// Counts of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Digits written.
    pub placements: u64,
    /// Digits erased.
    pub undos: u64,
    /// Deepest path, in placements.
    pub max_depth: usize,
    /// Cells read to find the next empty cell (where rescan and forward differ).
    pub scanned: u64,
    /// Times the board was complete.
    pub solutions: u64,
    /// Steps reported (every [`Event`]).
    pub steps: u64,
}

/// The search was stopped at the step limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// What watches the search: called after every step, with the board after it.
pub trait Watch {
    /// Sees one step; `Err(Stopped)` ends the search.
    fn step(&mut self, event: &Event, board: &Board, stats: &Stats) -> Result<(), Stopped>;
}

/// A watcher that only enforces a step limit.
pub struct Limit(pub Option<u64>);

impl Watch for Limit {
    fn step(&mut self, _: &Event, _: &Board, stats: &Stats) -> Result<(), Stopped> {
        match self.0 {
            Some(max) if stats.steps >= max => Err(Stopped),
            _ => Ok(()),
        }
    }
}

/// The board as the search sees it, with what a picture needs.
#[derive(Clone, Debug)]
pub struct Board {
    /// Digits, 0 empty.
    pub cells: [u8; CELLS],
    /// Which cells are givens.
    pub given: [bool; CELLS],
    /// The cell and digit erased by the last step, if it was an undo.
    pub undone: Option<(usize, u8)>,
    /// The cell the last step was about.
    pub current: Option<usize>,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The counts.
    pub stats: Stats,
    /// The first complete board, if one was reached.
    pub first: Option<Grid>,
    /// The board at the end.
    pub last: Grid,
    /// True when the step limit stopped it.
    pub stopped: bool,
}

type Mask = u16;
const ALL: Mask = 0x3FE; // bit d stands for digit d

struct Search<'w, W: Watch> {
    board: Board,
    rows: [Mask; 9],
    cols: [Mask; 9],
    boxes: [Mask; 9],
    empty: usize,
    stats: Stats,
    first: Option<Grid>,
    watch: &'w mut W,
}

/// Runs `order` on `puzzle`, reporting every step to `watch`. Clashing givens
/// simply leave no digit to place somewhere.
pub fn search<W: Watch>(order: Order, puzzle: &Grid, watch: &mut W) -> Outcome {
    let mut s = Search {
        board: Board {
            cells: puzzle.0,
            given: puzzle.0.map(|d| d != 0),
            undone: None,
            current: None,
        },
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        empty: puzzle.0.iter().filter(|&&d| d == 0).count(),
        stats: Stats::default(),
        first: None,
        watch,
    };
    for cell in 0..CELLS {
        let d = puzzle.0[cell];
        if d != 0 {
            s.toggle(cell, d);
        }
    }
    let result = match order {
        Order::RowMajor => s.forward(0, 0).map(drop),
        Order::Rescan => s.rescan(0).map(drop),
        Order::Wrong => s.wrong(0, 0, 0),
        Order::Fewest => s.fewest(0),
    };
    Outcome {
        stats: s.stats,
        first: s.first,
        last: Grid(s.board.cells),
        stopped: result.is_err(),
    }
}

/// Counts for `order` on `puzzle`, with no step limit.
///
/// # Panics
/// For [`Order::Wrong`], which never ends.
pub fn count(order: Order, puzzle: &Grid) -> Stats {
    assert!(order != Order::Wrong, "the wrong DFS never ends");
    search(order, puzzle, &mut Limit(None)).stats
}

impl<W: Watch> Search<'_, W> {
    fn fits(&self, cell: usize, d: u8) -> bool {
        let (r, c) = (cell / 9, cell % 9);
        (self.rows[r] | self.cols[c] | self.boxes[r / 3 * 3 + c / 3]) & (1 << d) == 0
    }

    fn toggle(&mut self, cell: usize, d: u8) {
        let (r, c) = (cell / 9, cell % 9);
        self.rows[r] ^= 1 << d;
        self.cols[c] ^= 1 << d;
        self.boxes[r / 3 * 3 + c / 3] ^= 1 << d;
    }

    fn event(&mut self, event: Event) -> Result<(), Stopped> {
        self.stats.steps += 1;
        self.watch.step(&event, &self.board, &self.stats)
    }

    fn place(&mut self, cell: usize, digit: u8, depth: usize) -> Result<(), Stopped> {
        self.board.cells[cell] = digit;
        self.toggle(cell, digit);
        self.empty -= 1;
        self.stats.placements += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        self.board.undone = None;
        self.board.current = Some(cell);
        self.event(Event::Place { cell, digit, depth })
    }

    fn undo(&mut self, cell: usize, digit: u8, depth: usize) -> Result<(), Stopped> {
        let erases_solution = self.empty == 0;
        self.board.cells[cell] = 0;
        self.toggle(cell, digit);
        self.empty += 1;
        self.stats.undos += 1;
        self.board.undone = Some((cell, digit));
        self.board.current = Some(cell);
        self.event(Event::Undo {
            cell,
            digit,
            depth,
            erases_solution,
        })
    }

    fn complete(&mut self, depth: usize) -> Result<(), Stopped> {
        self.stats.solutions += 1;
        if self.first.is_none() {
            self.first = Some(Grid(self.board.cells));
        }
        self.board.undone = None;
        self.board.current = None;
        self.event(Event::Complete { depth })
    }

    fn no_fit(&mut self, cell: usize, depth: usize) -> Result<(), Stopped> {
        self.board.undone = None;
        self.board.current = Some(cell);
        self.event(Event::NoFit { cell, depth })
    }

    /// Tries 1..=9 at `cell`, recursing with `next`; true when solved below.
    fn try_digits(
        &mut self,
        cell: usize,
        depth: usize,
        next: fn(&mut Self, usize, usize) -> Result<bool, Stopped>,
    ) -> Result<bool, Stopped> {
        let mut tried = false;
        for d in 1..=9 {
            if self.fits(cell, d) {
                tried = true;
                self.place(cell, d, depth + 1)?;
                if next(self, cell, depth + 1)? {
                    return Ok(true); // solved below: keep this digit
                }
                self.undo(cell, d, depth + 1)?;
            }
        }
        if !tried {
            self.no_fit(cell, depth)?;
        }
        Ok(false)
    }

    /// The first empty cell from `cell` on (`CELLS` if none), counting the
    /// filled cells read on the way.
    fn next_empty(&mut self, mut cell: usize) -> usize {
        while cell < CELLS && self.board.cells[cell] != 0 {
            cell += 1;
            self.stats.scanned += 1;
        }
        cell
    }

    /// `lc37_05`: walk forward from `cell` to the next empty cell.
    fn forward(&mut self, cell: usize, depth: usize) -> Result<bool, Stopped> {
        let cell = self.next_empty(cell);
        if cell == CELLS {
            self.complete(depth)?;
            return Ok(true);
        }
        self.try_digits(cell, depth, Self::forward)
    }

    /// `lc37_06`: look for the first empty cell from `(0, 0)` on every call.
    fn rescan(&mut self, depth: usize) -> Result<bool, Stopped> {
        let cell = self.next_empty(0);
        if cell == CELLS {
            self.complete(depth)?;
            return Ok(true);
        }
        self.try_digits(cell, depth, |s, _, depth| s.rescan(depth))
    }

    /// `lc37_09`, line for line: the `while` loop, the unconditional undo.
    fn wrong(&mut self, mut i: usize, mut j: usize, depth: usize) -> Result<(), Stopped> {
        let mut visits = 0;
        while i < 9 && j < 9 {
            if self.board.cells[i * 9 + j] != 0 {
                self.stats.scanned += 1;
                if j < 8 {
                    j += 1;
                } else {
                    i += 1;
                    j = 0;
                }
            } else {
                let cell = i * 9 + j;
                visits += 1;
                if visits > 1 {
                    self.board.undone = None;
                    self.board.current = Some(cell);
                    self.event(Event::Retry {
                        cell,
                        depth,
                        visit: visits,
                    })?;
                }
                let mut tried = false;
                for d in 1..=9 {
                    if self.fits(cell, d) {
                        tried = true;
                        self.place(cell, d, depth + 1)?;
                        self.wrong(i, j, depth + 1)?;
                        self.undo(cell, d, depth + 1)?; // the bug: undone even after a complete board
                    }
                }
                if !tried {
                    self.no_fit(cell, depth)?;
                }
            }
        }
        // The loop ends only past the last cell: the board is complete.
        self.complete(depth)
    }

    /// The `lanqiao` search, counting solutions up to 2.
    fn fewest(&mut self, depth: usize) -> Result<(), Stopped> {
        match self.choose() {
            Choice::Solved => self.complete(depth),
            Choice::DeadEnd(cell) => match cell {
                Some(cell) => self.no_fit(cell, depth),
                None => Ok(()), // a digit with no place left in a unit
            },
            Choice::Branch(cell, mut mask) => {
                while mask != 0 && self.stats.solutions < 2 {
                    let d = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    self.place(cell, d, depth + 1)?;
                    self.fewest(depth + 1)?;
                    self.undo(cell, d, depth + 1)?;
                }
                Ok(())
            }
        }
    }

    fn used(&self, cell: usize) -> Mask {
        let (r, c) = (cell / 9, cell % 9);
        self.rows[r] | self.cols[c] | self.boxes[r / 3 * 3 + c / 3]
    }

    /// `solutions/lanqiao.rs`'s `choose`, rule for rule.
    #[allow(clippy::needless_range_loop)] // `cell` indexes `cells` and `cand` alike
    fn choose(&self) -> Choice {
        let cells = &self.board.cells;
        let mut cand = [0 as Mask; CELLS];
        let mut best = Choice::Solved;
        let mut fewest = 10;
        for cell in 0..CELLS {
            if cells[cell] != 0 {
                continue;
            }
            cand[cell] = ALL & !self.used(cell);
            let n = cand[cell].count_ones();
            if n == 0 {
                return Choice::DeadEnd(Some(cell));
            }
            if n < fewest {
                fewest = n;
                best = Choice::Branch(cell, cand[cell]);
            }
        }
        if fewest <= 1 {
            return best;
        }
        for unit in 0..27 {
            let cell_at = |k: usize| match unit / 9 {
                0 => unit * 9 + k,
                1 => k * 9 + unit % 9,
                _ => (unit % 9 / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3,
            };
            let (mut once, mut twice, mut placed) = (0 as Mask, 0 as Mask, 0 as Mask);
            for k in 0..9 {
                let cell = cell_at(k);
                twice |= once & cand[cell];
                once |= cand[cell];
                placed |= (1 << cells[cell]) & ALL;
            }
            if once | placed != ALL {
                return Choice::DeadEnd(None);
            }
            let single = once & !twice;
            if single != 0 {
                let bit = single & single.wrapping_neg();
                let cell = (0..9).map(cell_at).find(|&c| cand[c] & bit != 0);
                return Choice::Branch(cell.expect("a single has a place"), bit);
            }
        }
        best
    }
}

enum Choice {
    Solved,
    DeadEnd(Option<usize>),
    Branch(usize, Mask),
}

/// `(row,col)` of a cell, the write-ups' `(i, j)`.
pub fn at(cell: usize) -> String {
    format!("({},{})", cell / 9, cell % 9)
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Place { cell, digit, depth } => {
                write!(f, "place {digit} at {}  depth {depth}", at(cell))
            }
            Event::Undo {
                cell,
                digit,
                depth,
                erases_solution,
            } => {
                write!(f, "undo  {digit} at {}  depth {depth}", at(cell))?;
                if erases_solution {
                    write!(f, "  <- erases the finished board")?;
                }
                Ok(())
            }
            Event::Complete { depth } => write!(f, "the board is complete  depth {depth}"),
            Event::NoFit { cell, depth } => {
                write!(f, "no digit fits at {}  depth {depth}", at(cell))
            }
            Event::Retry { cell, depth, visit } => write!(
                f,
                "back at {} again (visit {visit}): the while loop finds the same empty cell  depth {depth}",
                at(cell)
            ),
        }
    }
}

const GREEN: &str = "\x1b[32m";
const RED: &str = "\x1b[31;9m";
const BOLD: &str = "\x1b[1m";
const REVERSE: &str = "\x1b[7m";
const RESET: &str = "\x1b[0m";

/// The legend for [`render_board`]'s plain markers.
pub const LEGEND: &str = "5 given, [4] placed, (4) just undone (now empty), . empty";

/// The board as 11 lines. Plain: ` 5 ` given, `[4]` placed, `(4)` just
/// undone; with `colour`: givens bold, placed green, just undone red struck
/// through, the current cell reversed.
pub fn render_board(board: &Board, colour: bool) -> String {
    let mut out = String::new();
    for r in 0..9 {
        if r > 0 && r % 3 == 0 {
            out.push_str("---------+---------+---------\n");
        }
        for c in 0..9 {
            if c > 0 && c % 3 == 0 {
                out.push('|');
            }
            let cell = r * 9 + c;
            let d = board.cells[cell];
            let (text, style) = if board.given[cell] {
                (format!(" {d} "), BOLD)
            } else if d != 0 {
                (format!("[{d}]"), GREEN)
            } else if let Some((_, u)) = board.undone.filter(|&(uc, _)| uc == cell) {
                (format!("({u})"), RED)
            } else {
                (" . ".to_string(), "")
            };
            if colour {
                let current = if board.current == Some(cell) {
                    REVERSE
                } else {
                    ""
                };
                let _ = write!(out, "{style}{current}{text}{RESET}");
            } else {
                out.push_str(&text);
            }
        }
        let kept = out.trim_end_matches(' ').len();
        out.truncate(kept);
        out.push('\n');
    }
    out
}

/// Why `sudoku trace` could not start.
#[derive(Debug)]
pub enum Error {
    /// The puzzle file could not be read.
    Read { path: PathBuf, source: io::Error },
    /// The puzzle is malformed.
    Parse { path: PathBuf, source: ParseError },
    /// Writing the trace failed.
    Write(io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            Error::Parse { path, source } => write!(f, "{}: {source}", path.display()),
            Error::Write(e) => write!(f, "cannot write the trace: {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Write(e)
    }
}

/// Reads a puzzle in any of the workspace's formats: LeetCode's literal
/// (`[["5","3",".",…],…]`), one 81-character line (`#` comments allowed), or
/// 9 lines of 9 (`0` or `.` empty). Errors carry line and column.
///
/// ```
/// use sudoku_workspace::trace::read_puzzle;
/// let rows = "530070000\n".repeat(1) + &"000000000\n".repeat(8);
/// assert_eq!(read_puzzle(&rows).unwrap().givens(), 3);
/// let err = read_puzzle("53x\n").unwrap_err();
/// assert_eq!((err.line, err.col), (1, 3));
/// ```
pub fn read_puzzle(text: &str) -> Result<Grid, ParseError> {
    if text.trim_start().starts_with('[') {
        return parse_board(text).map(|b| Grid::from_board(&b));
    }
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if let [(n, line)] = lines.as_slice() {
        return Grid::from_line(line, *n);
    }
    let mut cells = [0u8; CELLS];
    for (r, &(n, line)) in lines.iter().enumerate() {
        let err = |col, kind| ParseError { line: n, col, kind };
        if r == 9 {
            return Err(err(1, ParseErrorKind::TooManyLines { expected: 9 }));
        }
        let mut len = 0;
        for (k, ch) in line.chars().enumerate() {
            if k == 9 {
                return Err(err(10, ParseErrorKind::TooLong { expected: 9 }));
            }
            cells[r * 9 + k] = match ch {
                '.' | '0' => 0,
                '1'..='9' => ch as u8 - b'0',
                _ => return Err(err(k + 1, ParseErrorKind::BadChar(ch))),
            };
            len += 1;
        }
        if len < 9 {
            let kind = ParseErrorKind::TooShort {
                found: len,
                expected: 9,
            };
            return Err(err(len + 1, kind));
        }
    }
    if lines.len() < 9 {
        let line = lines.last().map_or(1, |&(n, _)| n + 1);
        let kind = ParseErrorKind::TooFewLines {
            found: lines.len(),
            expected: 9,
        };
        return Err(ParseError { line, col: 1, kind });
    }
    Ok(Grid(cells))
}

/// What `sudoku trace` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// The search order to watch.
    pub order: Order,
    /// A puzzle file, or an 81-character puzzle; `None` for LeetCode's example.
    pub puzzle: Option<String>,
    /// Stop after this many steps.
    pub max_steps: u64,
    /// Pause between steps, animating in place (terminal only).
    pub delay: Option<Duration>,
    /// Print the board after every step of the log, not only at the key ones.
    pub boards: bool,
    /// Colour and animation: true only when stdout is a terminal.
    pub terminal: bool,
}

/// LeetCode 37's example, the default puzzle.
pub const LEETCODE_EXAMPLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The most of a puzzle file `sudoku trace` reads: every format is a few
/// hundred bytes, so a longer file is malformed where it passed the cap
/// (`sudoku trace /dev/zero` ends at once).
pub const MAX_PUZZLE_BYTES: usize = 64 * 1024;

/// [`read_puzzle`], then the check every other command makes: two equal
/// givens in a row, col or box are malformed, at the second one's line and
/// column, naming the first one's.
///
/// ```
/// use sudoku_workspace::grid::ParseErrorKind;
/// use sudoku_workspace::trace::read_valid_puzzle;
/// let rows = "550000000\n".to_string() + &"000000000\n".repeat(8);
/// let err = read_valid_puzzle(&rows).unwrap_err();
/// assert_eq!((err.line, err.col), (1, 2));
/// assert_eq!(err.kind, ParseErrorKind::Clash { digit: 5, other_line: 1, other_col: 1 });
/// ```
pub fn read_valid_puzzle(text: &str) -> Result<Grid, ParseError> {
    let grid = read_puzzle(text)?;
    match crate::oracle::first_clash(&grid) {
        None => Ok(grid),
        Some((first, second)) => {
            let (other_line, other_col) = cell_position(text, first);
            let (line, col) = cell_position(text, second);
            let kind = ParseErrorKind::Clash {
                digit: grid.0[second],
                other_line,
                other_col,
            };
            Err(ParseError { line, col, kind })
        }
    }
}

/// Line and column (1-based) of `cell` in a text [`read_puzzle`] accepted: the
/// cell-th character that names a cell, outside blank and `#` lines (in
/// LeetCode's literal only `.` and `1`-`9` appear as characters, so the
/// brackets and quotes are passed over).
fn cell_position(text: &str, cell: usize) -> (usize, usize) {
    let literal = text.trim_start().starts_with('[');
    let mut seen = 0;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_end();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        for (k, ch) in trimmed.chars().enumerate() {
            let names_a_cell = matches!(ch, '.' | '1'..='9') || (ch == '0' && !literal);
            if names_a_cell {
                if seen == cell {
                    return (i + 1, k + 1);
                }
                seen += 1;
            }
        }
    }
    (1, 1) // unreachable for a text read_puzzle accepted
}

/// Reads at most [`MAX_PUZZLE_BYTES`] of `path`; past that, the line and
/// column where the cap was passed. Bytes that are not UTF-8 become U+FFFD,
/// which the parser reports at its own column.
fn read_bounded(path: &Path) -> Result<String, Error> {
    use std::io::Read;
    let read_err = |source| Error::Read {
        path: path.into(),
        source,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_PUZZLE_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(read_err)?;
    if bytes.len() > MAX_PUZZLE_BYTES {
        let text = String::from_utf8_lossy(&bytes[..MAX_PUZZLE_BYTES]);
        let line = text.matches('\n').count() + 1;
        let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let kind = ParseErrorKind::InputTooLong {
            max_bytes: MAX_PUZZLE_BYTES,
        };
        return Err(Error::Parse {
            path: path.into(),
            source: ParseError { line, col, kind },
        });
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Loads the puzzle named by `--puzzle`: a file, or an inline 81-character
/// line. Either is read bounded and checked like every other command's input:
/// a wrong length or clashing givens are [`Error::Parse`] with the position.
pub fn load_puzzle(arg: Option<&str>) -> Result<(String, Grid), Error> {
    let Some(arg) = arg else {
        let grid = Grid::from_line(LEETCODE_EXAMPLE, 1).expect("the example parses");
        return Ok(("LeetCode 37's example".into(), grid));
    };
    let path = Path::new(arg);
    let inline = arg.trim();
    // Not a file, 81 characters or made of cell characters: a puzzle line,
    // perhaps malformed (which the parser then names), not a missing file.
    let looks_inline = !inline.is_empty()
        && !inline.contains('/')
        && (inline.chars().count() == CELLS
            || inline.chars().all(|c| c == '.' || c.is_ascii_digit()));
    if !path.exists() && looks_inline {
        let grid = Grid::from_line(inline, 1)
            .and_then(|_| read_valid_puzzle(inline))
            .map_err(|source| Error::Parse {
                path: "<argument>".into(),
                source,
            })?;
        return Ok(("the puzzle given on the command line".into(), grid));
    }
    let text = read_bounded(path)?;
    let grid = read_valid_puzzle(&text).map_err(|source| Error::Parse {
        path: path.into(),
        source,
    })?;
    Ok((path.display().to_string(), grid))
}

/// `(file, line)` of the first line of `text` containing `needle`.
fn line_of(file: &'static str, text: &str, needle: &str) -> String {
    let n = text
        .lines()
        .position(|l| l.contains(needle))
        .map_or(0, |i| i + 1);
    format!("{file}:{n}")
}

/// The two sentences that end a trace of the wrong DFS, pointing at lines.
pub fn wrong_dfs_explanation() -> String {
    const WRONG: &str = include_str!("../solutions/lc37_09_wrong_dfs.rs");
    const RIGHT: &str = include_str!("../solutions/lc37_05_marks_forward.rs");
    let undo = line_of("solutions/lc37_09_wrong_dfs.rs", WRONG, "BUG: undone");
    let retry = line_of("solutions/lc37_09_wrong_dfs.rs", WRONG, "BUG: board[i][j]");
    let keep = line_of(
        "solutions/lc37_05_marks_forward.rs",
        RIGHT,
        "return true; // solved",
    );
    let fix = line_of("solutions/lc37_05_marks_forward.rs", RIGHT, "The fix:");
    let fail = line_of("solutions/lc37_05_marks_forward.rs", RIGHT, "        false");
    format!(
        "Why: `dfs` returns nothing, so it undoes every placement even after the board is complete ({undo}), \
         and when a cell's digits are used up the cell is empty again and the `while` loop comes back to it for ever ({retry}).\n\
         Fix: return `bool`, keep the digit when the recursion solved the board ({keep}), undo only when it failed ({fix}), \
         and return `false` when no digit fits ({fail}).\n"
    )
}

/// Writes the trace of `opts` to `out`.
pub fn run(opts: &Options, out: &mut dyn Write) -> Result<Outcome, Error> {
    let (name, puzzle) = load_puzzle(opts.puzzle.as_deref())?;
    let animate = opts.terminal && opts.delay.is_some();
    writeln!(out, "trace: {}", opts.order.describe())?;
    writeln!(out, "files: {}", opts.order.approaches().join(", "))?;
    writeln!(out, "puzzle: {name}")?;
    writeln!(out, "        {}", puzzle.to_line())?;
    if !opts.terminal {
        writeln!(out, "legend: {LEGEND}")?;
    }
    let start = Board {
        cells: puzzle.0,
        given: puzzle.0.map(|d| d != 0),
        undone: None,
        current: None,
    };
    writeln!(out, "\n{}", render_board(&start, opts.terminal))?;
    let mut printer = Printer {
        out,
        max: opts.max_steps,
        colour: opts.terminal,
        animate,
        delay: opts.delay.unwrap_or_default(),
        boards: opts.boards,
        last_was_complete: false,
        shown_retry: false,
        error: None,
    };
    let outcome = search(opts.order, &puzzle, &mut printer);
    if let Some(e) = printer.error {
        return Err(Error::Write(e));
    }
    // Time the search alone: printing dominates the traced run.
    let timer = Instant::now();
    let silent = search(opts.order, &puzzle, &mut Limit(Some(opts.max_steps)));
    let elapsed = timer.elapsed();
    debug_assert_eq!(silent.stats, outcome.stats);
    let s = outcome.stats;
    writeln!(out)?;
    if outcome.stopped {
        writeln!(
            out,
            "stopped after {} steps (--max-steps {}): the search had not ended",
            s.steps, opts.max_steps
        )?;
    } else if let Some(first) = outcome.first {
        writeln!(out, "solved: {}", first.to_line())?;
    } else {
        writeln!(out, "no solution")?;
    }
    writeln!(
        out,
        "summary: {} placements, {} undos, max depth {}, {} complete board(s), time {:.3} ms (the search alone, without printing)",
        s.placements,
        s.undos,
        s.max_depth,
        s.solutions,
        elapsed.as_secs_f64() * 1e3
    )?;
    if opts.order == Order::Wrong {
        if s.solutions == 0 {
            if let Some(cell) = stuck_at(&outcome) {
                writeln!(
                    out,
                    "The board was never complete: no digit fits at {cell}, and the while loop keeps coming back to it."
                )?;
            }
        }
        writeln!(out, "\n{}", wrong_dfs_explanation())?;
    }
    Ok(outcome)
}

/// The first empty cell of the board the search ended on, as `(row,col)`.
fn stuck_at(outcome: &Outcome) -> Option<String> {
    outcome.last.0.iter().position(|&d| d == 0).map(at)
}

struct Printer<'a> {
    out: &'a mut dyn Write,
    max: u64,
    colour: bool,
    animate: bool,
    delay: Duration,
    boards: bool,
    last_was_complete: bool,
    shown_retry: bool,
    error: Option<io::Error>,
}

impl Printer<'_> {
    fn write_step(&mut self, event: &Event, board: &Board, stats: &Stats) -> io::Result<()> {
        let line = format!("step {:>5}  {event}", stats.steps);
        if self.animate {
            // Home, clear, redraw: the board animates in place.
            write!(
                self.out,
                "\x1b[H\x1b[J{}\n{line}\n",
                render_board(board, true)
            )?;
            writeln!(
                self.out,
                "placements {}  undos {}  max depth {}",
                stats.placements, stats.undos, stats.max_depth
            )?;
            self.out.flush()?;
            std::thread::sleep(self.delay);
            return Ok(());
        }
        let (line, colour_on) = match event {
            Event::Complete { .. } => (line, GREEN),
            Event::Undo {
                erases_solution: true,
                ..
            } => (line, RED),
            Event::Retry { .. } | Event::NoFit { .. } => (line, BOLD),
            _ => (line, ""),
        };
        if self.colour && !colour_on.is_empty() {
            writeln!(self.out, "{colour_on}{line}{RESET}")?;
        } else {
            writeln!(self.out, "{line}")?;
        }
        // The board at the moments that tell the story, or after every step.
        let key = match event {
            Event::Complete { .. } => true,
            Event::Undo {
                erases_solution, ..
            } => *erases_solution || self.last_was_complete,
            Event::Retry { .. } => !std::mem::replace(&mut self.shown_retry, true),
            _ => false,
        };
        if self.boards || key || stats.steps >= self.max {
            writeln!(self.out, "\n{}", render_board(board, self.colour))?;
        }
        self.last_was_complete = matches!(event, Event::Complete { .. });
        Ok(())
    }
}

impl Watch for Printer<'_> {
    fn step(&mut self, event: &Event, board: &Board, stats: &Stats) -> Result<(), Stopped> {
        if let Err(e) = self.write_step(event, board, stats) {
            self.error = Some(e);
            return Err(Stopped);
        }
        if stats.steps >= self.max {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> Grid {
        Grid::from_line(LEETCODE_EXAMPLE, 1).unwrap()
    }

    #[test]
    fn row_major_and_rescan_walk_the_same_tree() {
        let (a, b) = (
            count(Order::RowMajor, &example()),
            count(Order::Rescan, &example()),
        );
        assert_eq!(
            (a.placements, a.undos, a.max_depth),
            (b.placements, b.undos, b.max_depth)
        );
        assert!(b.scanned > a.scanned);
        assert_eq!(
            a.placements - a.undos,
            51,
            "51 empty cells, all kept at the end"
        );
    }

    #[test]
    fn the_wrong_dfs_spins_at_a_dead_end_on_the_example() {
        let out = search(Order::Wrong, &example(), &mut Limit(Some(50)));
        assert!(out.stopped);
        assert_eq!(out.stats.solutions, 0);
        assert_eq!(out.stats.placements, 5, "five digits, then (0,8) has none");
    }

    #[test]
    fn the_wrong_dfs_erases_a_finished_board() {
        // The example's solution with its last cell emptied: one digit fits.
        let mut puzzle = Grid::from_line(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            1,
        )
        .unwrap();
        puzzle.0[80] = 0;
        let mut erased = 0;
        struct Count<'a>(&'a mut u64);
        impl Watch for Count<'_> {
            fn step(&mut self, e: &Event, _: &Board, s: &Stats) -> Result<(), Stopped> {
                if let Event::Undo {
                    erases_solution: true,
                    ..
                } = e
                {
                    *self.0 += 1;
                }
                if s.steps >= 30 {
                    Err(Stopped)
                } else {
                    Ok(())
                }
            }
        }
        let out = search(Order::Wrong, &puzzle, &mut Count(&mut erased));
        assert!(out.stopped && out.stats.solutions >= 5 && erased >= 5);
    }

    #[test]
    fn puzzles_read_in_every_format() {
        let line = example();
        let rows: String = line.to_rows();
        assert_eq!(read_puzzle(&rows).unwrap(), line);
        let literal = crate::fixtures::format_board(&line.to_board());
        assert_eq!(read_puzzle(&literal).unwrap(), line);
        assert_eq!(read_puzzle(LEETCODE_EXAMPLE).unwrap(), line);
        let short = rows.replacen("530070000", "53007000", 1);
        let e = read_puzzle(&short).unwrap_err();
        assert_eq!((e.line, e.col), (1, 9));
        let e = read_puzzle(&rows[..50]).unwrap_err();
        assert!(matches!(
            e.kind,
            ParseErrorKind::TooShort { .. } | ParseErrorKind::TooFewLines { .. }
        ));
    }

    #[test]
    fn the_explanation_points_at_real_lines() {
        let text = wrong_dfs_explanation();
        assert!(!text.contains(":0"), "{text}");
        assert_eq!(text.lines().count(), 2);
    }

    #[test]
    fn order_of_names() {
        assert_eq!(Order::of("lc37_06_marks_rescan"), Some(Order::Rescan));
        assert_eq!(Order::of("wrong"), Some(Order::Wrong));
        assert_eq!(Order::of("lanqiao"), Some(Order::Fewest));
        assert_eq!(Order::of("nope"), None);
    }
}
