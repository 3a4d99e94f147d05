//! The write-ups' search orders, mirrored: each reports every step to a
//! [`Watch`] and counts what it does ([`Stats`]), and a step can say what it
//! means on the board (which cells block a dead end). The trace shows these
//! steps; the judge's `--stats` prints their counts. Neither of those is
//! imported here, and they do not import each other.
//!
//! The wrong DFS never ends on its own, so the mirror watches for its loop:
//! the program's state when its `while` loop comes back to a cell is the
//! path of placements below it and that cell. When such a state comes round
//! a second time, the program, being deterministic, will go round for ever,
//! and the search ends with [`End::Loop`].

use crate::grid::{Grid, CELLS};
use std::collections::HashMap;

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
    /// `digit` has no empty cell left in `unit` (see [`unit_cells`]).
    NoPlace {
        unit: usize,
        digit: u8,
        depth: usize,
    },
}

impl Event {
    /// The cell the step is about (none for a complete board or a unit).
    pub fn cell(&self) -> Option<usize> {
        match *self {
            Event::Place { cell, .. }
            | Event::Undo { cell, .. }
            | Event::NoFit { cell, .. }
            | Event::Retry { cell, .. } => Some(cell),
            Event::Complete { .. } | Event::NoPlace { .. } => None,
        }
    }

    /// The placements on the path after the step.
    pub fn depth(&self) -> usize {
        match *self {
            Event::Undo { depth, .. } => depth - 1,
            Event::Place { depth, .. }
            | Event::Complete { depth }
            | Event::NoFit { depth, .. }
            | Event::Retry { depth, .. }
            | Event::NoPlace { depth, .. } => depth,
        }
    }

    /// A dead end: no digit for a cell, or no cell for a digit.
    pub fn is_dead_end(&self) -> bool {
        matches!(self, Event::NoFit { .. } | Event::NoPlace { .. })
    }
}

/// The 9 cells of `unit`: 0-8 the rows, 9-17 the cols, 18-26 the boxes.
pub fn unit_cells(unit: usize) -> [usize; 9] {
    std::array::from_fn(|k| match unit / 9 {
        0 => unit * 9 + k,
        1 => k * 9 + unit % 9,
        _ => (unit % 9 / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3,
    })
}

/// For each digit 1-9 (index `digit - 1`), the first cell in the row, then
/// the col, then the box of `cell` that holds it: what keeps that digit out.
pub fn blockers(cells: &[u8; CELLS], cell: usize) -> [Option<usize>; 9] {
    let (r, c) = (cell / 9, cell % 9);
    let units = [r, 9 + c, 18 + r / 3 * 3 + c / 3];
    std::array::from_fn(|i| {
        let digit = i as u8 + 1;
        units
            .iter()
            .flat_map(|&u| unit_cells(u))
            .find(|&p| p != cell && cells[p] == digit)
    })
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

    /// A call of the search's recursive function begins (before its first step).
    fn call(&mut self) {}

    /// The innermost call returns `value` (not seen when the watcher stopped the search).
    fn ret(&mut self, _value: Returned) {}
}

/// What a call of a mirror's recursive function returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Returned {
    /// `true`: the board below is solved.
    True,
    /// `false`: no digit worked below.
    False,
    /// No value: the wrong DFS's `dfs` and the `lanqiao` search return nothing.
    Nothing,
}

impl Returned {
    /// As the page writes it.
    pub fn text(self) -> &'static str {
        match self {
            Returned::True => "true",
            Returned::False => "false",
            Returned::Nothing => "nothing",
        }
    }

    fn of(solved: bool) -> Returned {
        if solved {
            Returned::True
        } else {
            Returned::False
        }
    }
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

/// Why a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// It returned: the tree is walked (or the first solution kept).
    Finished,
    /// The step limit (or the watcher) stopped it before it ended.
    Stopped,
    /// Step `step` is the state of step `same_as`: it goes round for ever.
    Loop { step: u64, same_as: u64 },
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
    /// Why it ended.
    pub end: End,
}

/// What ends a search early: the watcher, or a state seen before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    Stopped,
    Loop { step: u64, same_as: u64 },
}

impl From<Stopped> for Halt {
    fn from(_: Stopped) -> Halt {
        Halt::Stopped
    }
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
    /// The placements on the path, in order.
    path: Vec<(usize, u8)>,
    /// The wrong DFS's states at its retries (path and cell), with their step.
    retries: HashMap<Vec<u8>, u64>,
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
        path: Vec::new(),
        retries: HashMap::new(),
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
        end: match result {
            Ok(()) => End::Finished,
            Err(Halt::Stopped) => End::Stopped,
            Err(Halt::Loop { step, same_as }) => End::Loop { step, same_as },
        },
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

    fn event(&mut self, event: Event) -> Result<(), Halt> {
        self.stats.steps += 1;
        Ok(self.watch.step(&event, &self.board, &self.stats)?)
    }

    fn place(&mut self, cell: usize, digit: u8, depth: usize) -> Result<(), Halt> {
        self.board.cells[cell] = digit;
        self.toggle(cell, digit);
        self.empty -= 1;
        self.stats.placements += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        self.board.undone = None;
        self.board.current = Some(cell);
        self.path.push((cell, digit));
        self.event(Event::Place { cell, digit, depth })
    }

    fn undo(&mut self, cell: usize, digit: u8, depth: usize) -> Result<(), Halt> {
        let erases_solution = self.empty == 0;
        self.board.cells[cell] = 0;
        self.toggle(cell, digit);
        self.empty += 1;
        self.stats.undos += 1;
        self.board.undone = Some((cell, digit));
        self.board.current = Some(cell);
        self.path.pop();
        self.event(Event::Undo {
            cell,
            digit,
            depth,
            erases_solution,
        })
    }

    fn complete(&mut self, depth: usize) -> Result<(), Halt> {
        self.stats.solutions += 1;
        if self.first.is_none() {
            self.first = Some(Grid(self.board.cells));
        }
        self.board.undone = None;
        self.board.current = None;
        self.event(Event::Complete { depth })
    }

    fn no_fit(&mut self, cell: usize, depth: usize) -> Result<(), Halt> {
        self.board.undone = None;
        self.board.current = Some(cell);
        self.event(Event::NoFit { cell, depth })
    }

    /// Tries 1..=9 at `cell`, recursing with `next`; true when solved below.
    fn try_digits(
        &mut self,
        cell: usize,
        depth: usize,
        next: fn(&mut Self, usize, usize) -> Result<bool, Halt>,
    ) -> Result<bool, Halt> {
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
    fn forward(&mut self, cell: usize, depth: usize) -> Result<bool, Halt> {
        self.watch.call();
        let solved = self.forward_body(cell, depth)?;
        self.watch.ret(Returned::of(solved));
        Ok(solved)
    }

    fn forward_body(&mut self, cell: usize, depth: usize) -> Result<bool, Halt> {
        let cell = self.next_empty(cell);
        if cell == CELLS {
            self.complete(depth)?;
            return Ok(true);
        }
        self.try_digits(cell, depth, Self::forward)
    }

    /// `lc37_06`: look for the first empty cell from `(0, 0)` on every call.
    fn rescan(&mut self, depth: usize) -> Result<bool, Halt> {
        self.watch.call();
        let solved = self.rescan_body(depth)?;
        self.watch.ret(Returned::of(solved));
        Ok(solved)
    }

    fn rescan_body(&mut self, depth: usize) -> Result<bool, Halt> {
        let cell = self.next_empty(0);
        if cell == CELLS {
            self.complete(depth)?;
            return Ok(true);
        }
        self.try_digits(cell, depth, |s, _, depth| s.rescan(depth))
    }

    /// `lc37_09`, line for line: the `while` loop, the unconditional undo.
    fn wrong(&mut self, i: usize, j: usize, depth: usize) -> Result<(), Halt> {
        self.watch.call();
        self.wrong_body(i, j, depth)?;
        self.watch.ret(Returned::Nothing);
        Ok(())
    }

    fn wrong_body(&mut self, mut i: usize, mut j: usize, depth: usize) -> Result<(), Halt> {
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
                    self.retry(cell, depth, visits)?;
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

    /// The `while` loop back at `cell`; a state seen at an earlier retry ends
    /// the search with [`Halt::Loop`].
    fn retry(&mut self, cell: usize, depth: usize, visit: u64) -> Result<(), Halt> {
        self.board.undone = None;
        self.board.current = Some(cell);
        // A loop proven at the step where the watcher stops is still a loop.
        let reported = self.event(Event::Retry { cell, depth, visit });
        let step = self.stats.steps;
        let mut state: Vec<u8> = self.path.iter().flat_map(|&(c, d)| [c as u8, d]).collect();
        state.push(cell as u8);
        match self.retries.insert(state, step) {
            Some(same_as) => Err(Halt::Loop { step, same_as }),
            None => reported,
        }
    }

    /// The `lanqiao` search, counting solutions up to 2.
    fn fewest(&mut self, depth: usize) -> Result<(), Halt> {
        self.watch.call();
        self.fewest_body(depth)?;
        self.watch.ret(Returned::Nothing);
        Ok(())
    }

    fn fewest_body(&mut self, depth: usize) -> Result<(), Halt> {
        match self.choose() {
            Choice::Solved => self.complete(depth),
            Choice::NoFit(cell) => self.no_fit(cell, depth),
            Choice::NoPlace(unit, digit) => {
                self.board.undone = None;
                self.board.current = None;
                self.event(Event::NoPlace { unit, digit, depth })
            }
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
                return Choice::NoFit(cell);
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
            let (mut once, mut twice, mut placed) = (0 as Mask, 0 as Mask, 0 as Mask);
            for cell in unit_cells(unit) {
                twice |= once & cand[cell];
                once |= cand[cell];
                placed |= (1 << cells[cell]) & ALL;
            }
            let missing = ALL & !(once | placed);
            if missing != 0 {
                return Choice::NoPlace(unit, missing.trailing_zeros() as u8);
            }
            let single = once & !twice;
            if single != 0 {
                let bit = single & single.wrapping_neg();
                let cell = unit_cells(unit).into_iter().find(|&c| cand[c] & bit != 0);
                return Choice::Branch(cell.expect("a single has a place"), bit);
            }
        }
        best
    }
}

enum Choice {
    Solved,
    /// No digit fits this cell.
    NoFit(usize),
    /// This digit has no place left in this unit.
    NoPlace(usize, u8),
    Branch(usize, Mask),
}
