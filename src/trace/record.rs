//! A search kept step by step, for the page: a mirror's run, or the writes
//! a user's own program made to its board. Either can be replayed into a
//! [`Watch`], which is how the terminal shows a user's file and how tests
//! read the board at any step.

use super::source::{Kind, Source};
use crate::grid::{Grid, CELLS};
use crate::mirror::{self as search, Board, End, Event, Outcome, Returned, Stats, Stopped, Watch};
use std::collections::HashSet;

/// One step as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// What happened.
    pub event: Event,
    /// The source line that did it (from 1; 0 when no line is known).
    pub line: usize,
    /// The search is back where it has been: a retry of the `while` loop, or
    /// a digit placed at a cell from a board it was placed from before.
    pub revisit: bool,
    /// A dead end: a mirror's "no digit fits" or "no cell left"; in a user's
    /// file, where the search turns back (a write of `.` right after a digit).
    pub dead_end: bool,
    /// How many of [`Recording::ops`] happened just before this step (calls
    /// begun, calls returned), after the step before it.
    pub ops: u32,
    /// What else a user's file's write is ([`Note::Search`] for a mirror's
    /// steps): a copy-back, a same-digit rewrite, a stale digit taken back.
    pub note: Note,
}

/// What a step of a user's file is besides its event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Note {
    /// A step of the search, nothing more.
    #[default]
    Search,
    /// A placement of the digit the cell already holds (a call writing the
    /// digit a returned call left there): the board does not change.
    Rewrite,
    /// An undo of a digit left by a call that has returned: the file never
    /// resets its board, and the call now at that cell writes over it.
    Stale,
    /// A write of a saved answer back into the board, after the search
    /// ended: not a step of the search (a rewrite in the copy stays
    /// [`Note::Rewrite`]; [`Shape::copy_back`] holds the copy's steps).
    CopyBack,
}

/// A change to the call stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameOp {
    /// A call of the function [`Recording::names`]`[i]` begins.
    Call(u8),
    /// The innermost call returns the value [`Recording::values`]`[i]`.
    Return(u8),
    /// The live frame `frame` (0 the outermost) now holds the locals
    /// [`Recording::locals`]`[text]` (`i = 0, c = '5'`).
    Locals { frame: u16, text: u32 },
}

/// What the page's stack shows for a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StackKind {
    /// The real calls: the mirror's recursion where its file recurses the
    /// same way, or the interpreter's frames of a user's file.
    Frames,
    /// Only the board is known: the cells filled, in the order filled.
    Filled,
}

/// How a side ended, for the colour and the links of its last line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndKind {
    /// A solved board (a mirror's first solution, or a checked return).
    Solved,
    /// The search ended without a solved board.
    Unsolved,
    /// Step `step` is the state of step `same_as`.
    Loop { step: u64, same_as: u64 },
    /// The step limit or the time limit cut it.
    Stopped,
}

/// One side of the page: a search, its file and how it ended.
#[derive(Clone, Debug)]
pub struct Recording {
    /// Its name in the page's URL (`side=KEY`).
    pub key: String,
    /// One line saying what it is.
    pub title: String,
    /// The file shown beside it, as the user knows it.
    pub path: String,
    /// That file's text.
    pub text: String,
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// How it ended, as the terminal trace's last line says it.
    pub ending: String,
    /// The search order it mirrors; `None` for a user's own file.
    pub order: Option<crate::mirror::Order>,
    /// How it ended, as a kind.
    pub end: EndKind,
    /// The line of the file where it ended (a user's file that raised), or 0.
    pub end_line: usize,
    /// The caption for each kind of step; `[line N]` in it names a line of
    /// the file shown.
    pub captions: Vec<(Kind, String)>,
    /// Whether [`StackKind::Frames`] are known.
    pub stack: StackKind,
    /// The functions that [`FrameOp::Call`] names.
    pub names: Vec<String>,
    /// The values that [`FrameOp::Return`] names.
    pub values: Vec<String>,
    /// The locals that [`FrameOp::Locals`] names.
    pub locals: Vec<String>,
    /// Every change to the call stack, in order; [`Step::ops`] says which
    /// belong to each step.
    pub ops: Vec<FrameOp>,
    /// What the search does besides searching (a user's file's; a mirror's
    /// is the default, nothing).
    pub shape: Shape,
    /// A file the project ships (a write-up, a file of `inputs/trace/`),
    /// named "the write-up" rather than "your file".
    pub shipped: bool,
    /// A stdin program fed another input than the judge feeds it, and why
    /// (said in the title too): `None` where it was fed its problem's.
    pub fed: Option<String>,
}

/// What a user's file does around its search, read from its steps and
/// calls (see [`shape`]). Steps are numbered from 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// The file never resets its board: a call of its search returns
    /// leaving its digit on the board, before the board is complete (the
    /// first step after such a return). Its depths are then its calls'
    /// (the search function's frames holding a digit), not the digits on
    /// the board.
    pub never_reset: Option<usize>,
    /// The search went on past a complete board: `(complete, erased)`, the
    /// step the board was first complete and the undo that took a digit of
    /// it back.
    pub past_solution: Option<(usize, usize)>,
    /// A saved answer written back into the board after the search: the
    /// first and last step of that copy.
    pub copy_back: Option<(usize, usize)>,
    /// The file writes its answer as its calls return, its search done
    /// elsewhere: every write a placement, each made by a shallower call
    /// than the one before; the number of those writes.
    pub writes_returning: Option<usize>,
    /// The file fills the board straight, with no search the trace can
    /// compare: every write a placement, none made while a function that
    /// calls itself is running (deductions, a cell's only candidate); the
    /// number of those writes.
    pub fills_straight: Option<usize>,
    /// The board the file left holds changes that no write the trace saw
    /// made (a store the recorder does not follow): its steps are not its
    /// whole search.
    pub unseen: bool,
}

/// The values a mirror's calls return, in [`FrameOp::Return`]'s numbering.
const RETURNED: [Returned; 3] = [Returned::True, Returned::False, Returned::Nothing];

/// Collects a mirror's steps up to a limit.
struct Recorder<'a> {
    source: &'a Source,
    max: u64,
    steps: Vec<Step>,
    ops: Vec<FrameOp>,
    pending: u32,
}

impl Watch for Recorder<'_> {
    fn call(&mut self) {
        self.ops.push(FrameOp::Call(0));
        self.pending += 1;
    }

    fn ret(&mut self, value: Returned) {
        let i = RETURNED.iter().position(|&v| v == value).unwrap_or(2);
        self.ops.push(FrameOp::Return(i as u8));
        self.pending += 1;
    }

    fn step(&mut self, event: &Event, _: &Board, stats: &Stats) -> Result<(), Stopped> {
        self.steps.push(Step {
            event: *event,
            line: self.source.line(Kind::of(event)),
            revisit: false,
            dead_end: event.is_dead_end(),
            ops: std::mem::take(&mut self.pending),
            note: Note::Search,
        });
        if stats.steps >= self.max {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
}

/// The last line of a mirror's trace: what the steps shown prove.
pub fn ending(outcome: &Outcome, max_steps: u64) -> String {
    match outcome.end {
        End::Stopped => format!(
            "stopped after {} steps (--max-steps {max_steps}): the search had not ended",
            outcome.stats.steps
        ),
        End::Loop { step, same_as } => {
            format!("step {step} is the state of step {same_as}: the search is in a loop")
        }
        End::Finished => match outcome.first {
            Some(first) => format!("solved: {}", first.to_line()),
            None => "no solution".to_string(),
        },
    }
}

/// Runs the mirror of `source` on `puzzle` for at most `max_steps` steps.
pub fn mirror(
    source: &'static Source,
    key: &str,
    puzzle: &Grid,
    max_steps: u64,
    captions: Vec<(Kind, String)>,
) -> Recording {
    let mut recorder = Recorder {
        source,
        max: max_steps,
        steps: Vec::new(),
        ops: Vec::new(),
        pending: 0,
    };
    let outcome = search::search(source.order, puzzle, &mut recorder);
    let mut steps = recorder.steps;
    let mut ops = recorder.ops;
    // Calls and returns after the last step belong to no step.
    ops.truncate(steps.iter().map(|s| s.ops as usize).sum());
    mark_revisits(&mut steps);
    let end = match outcome.end {
        End::Stopped => EndKind::Stopped,
        End::Loop { step, same_as } => EndKind::Loop { step, same_as },
        End::Finished if outcome.first.is_some() => EndKind::Solved,
        End::Finished => EndKind::Unsolved,
    };
    let (stack, names) = match source.function {
        Some(name) => (StackKind::Frames, vec![name.to_string()]),
        None => (StackKind::Filled, Vec::new()),
    };
    if stack == StackKind::Filled {
        ops.clear();
        steps.iter_mut().for_each(|s| s.ops = 0);
    }
    Recording {
        key: key.to_string(),
        title: source.order.describe().to_string(),
        path: source.path.to_string(),
        text: source.text.to_string(),
        steps,
        ending: ending(&outcome, max_steps),
        order: Some(source.order),
        end,
        end_line: 0,
        captions,
        stack,
        names,
        values: RETURNED.iter().map(|v| v.text().to_string()).collect(),
        locals: Vec::new(),
        ops,
        shape: Shape::default(),
        shipped: false,
        fed: None,
    }
}

/// A board's key as the revisit check keeps it: 64 bits from each cell's digit.
fn zobrist(cell: usize, digit: u8) -> u64 {
    // splitmix64 of the (cell, digit) pair: fixed, and the same everywhere.
    let mut z = (cell as u64 * 10 + u64::from(digit) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Sets [`Step::revisit`]: every retry, and every placement made from a
/// board (and at a cell, with a digit) seen before, but a same-digit
/// rewrite (the board does not change). The key is the board's placements
/// hashed (the givens are on every board alike).
pub fn mark_revisits(steps: &mut [Step]) {
    let mut hash = 0u64;
    let mut seen = HashSet::new();
    for step in steps {
        match step.event {
            // The board does not change: nothing to revisit.
            Event::Place { .. } if step.note == Note::Rewrite => {}
            Event::Place { cell, digit, .. } => {
                step.revisit = !seen.insert((hash, cell, digit));
                hash ^= zobrist(cell, digit);
            }
            Event::Undo { cell, digit, .. } => hash ^= zobrist(cell, digit),
            Event::Retry { .. } => step.revisit = true,
            _ => {}
        }
    }
}

/// Replays `steps` from `puzzle` into `watch`, with the board and counts
/// after each step as the search had them; returns the counts at the end
/// (or where `watch` stopped).
pub fn replay<W: Watch>(puzzle: &Grid, steps: &[Step], watch: &mut W) -> Stats {
    let mut board = Board {
        cells: puzzle.0,
        given: puzzle.0.map(|d| d != 0),
        undone: None,
        current: None,
    };
    let mut stats = Stats::default();
    for step in steps {
        let event = step.event;
        board.undone = None;
        board.current = event.cell();
        match event {
            Event::Place { cell, digit, .. } => {
                board.cells[cell] = digit;
                stats.placements += 1;
            }
            Event::Undo { cell, digit, .. } => {
                board.cells[cell] = 0;
                board.undone = Some((cell, digit));
                stats.undos += 1;
            }
            Event::Complete { .. } => stats.solutions += 1,
            _ => {}
        }
        stats.max_depth = stats.max_depth.max(event.depth());
        stats.steps += 1;
        if watch.step(&event, &board, &stats).is_err() {
            break;
        }
    }
    stats
}

/// The board, counts and revisits after step `n` of `steps` (0: the start).
pub fn at_step(puzzle: &Grid, steps: &[Step], n: usize) -> (Board, Stats, u64) {
    struct Keep(Option<Board>);
    impl Watch for Keep {
        fn step(&mut self, _: &Event, board: &Board, _: &Stats) -> Result<(), Stopped> {
            self.0 = Some(board.clone());
            Ok(())
        }
    }
    let mut keep = Keep(None);
    let shown = &steps[..n.min(steps.len())];
    let stats = replay(puzzle, shown, &mut keep);
    let board = keep.0.unwrap_or(Board {
        cells: puzzle.0,
        given: puzzle.0.map(|d| d != 0),
        undone: None,
        current: None,
    });
    let revisits = shown.iter().filter(|s| s.revisit).count() as u64;
    (board, stats, revisits)
}

/// The steps a program's writes to its board make: a digit into an empty
/// cell is a placement, `.` over a digit an undo, a digit over another digit
/// both, a digit over the same digit a placement noted [`Note::Rewrite`]
/// (over a given, or `.` over an empty cell, nothing); a placement that
/// fills the board with a solution is followed by a complete board (a
/// full board that breaks a rule is only full: a search that writes first
/// and checks after fills one on its way).
/// `writes` are `(cell, digit or 0, line)`; `ops[k]` is the number of
/// frame changes before write `k` (none when `ops` is shorter), which go to
/// the first step the write makes, or to the next write's when it makes none.
pub fn steps_of_writes(puzzle: &Grid, writes: &[(usize, u8, usize)], ops: &[u32]) -> Vec<Step> {
    let givens = puzzle.givens();
    let mut cells = puzzle.0;
    let mut filled = givens;
    let mut steps = Vec::with_capacity(writes.len());
    let mut carried = 0u32;
    let push = |steps: &mut Vec<Step>, event: Event, line: usize, ops: &mut u32| {
        steps.push(Step {
            event,
            line,
            revisit: false,
            dead_end: false,
            ops: std::mem::take(ops),
            note: Note::Search,
        })
    };
    let given = puzzle.0.map(|d| d != 0);
    let solved = |cells: &[u8; CELLS]| crate::oracle::is_solution(puzzle, &Grid(*cells));
    for (k, &(cell, digit, line)) in writes.iter().enumerate() {
        carried += ops.get(k).copied().unwrap_or(0);
        let old = cells[cell];
        if old == digit {
            if digit != 0 && !given[cell] {
                let depth = filled.saturating_sub(givens);
                push(
                    &mut steps,
                    Event::Place { cell, digit, depth },
                    line,
                    &mut carried,
                );
                steps.last_mut().expect("just pushed").note = Note::Rewrite;
            }
            continue;
        }
        if old != 0 {
            let erases_solution = filled == CELLS && solved(&cells);
            filled -= 1;
            cells[cell] = 0;
            let depth = filled.saturating_sub(givens) + 1;
            let undo = Event::Undo {
                cell,
                digit: old,
                depth,
                erases_solution,
            };
            // The search turns back: its first undo after going forward.
            let turns = matches!(
                steps.last(),
                Some(Step {
                    event: Event::Place { .. } | Event::Complete { .. },
                    ..
                })
            );
            push(&mut steps, undo, line, &mut carried);
            steps.last_mut().expect("just pushed").dead_end = turns;
        }
        if digit != 0 {
            cells[cell] = digit;
            filled += 1;
            let depth = filled.saturating_sub(givens);
            push(
                &mut steps,
                Event::Place { cell, digit, depth },
                line,
                &mut carried,
            );
            if filled == CELLS && solved(&cells) {
                push(&mut steps, Event::Complete { depth }, line, &mut carried);
            }
        }
    }
    mark_revisits(&mut steps);
    steps
}

/// Reads what a user's file does besides searching from its `steps` and
/// its calls (`ops`, [`Step::ops`] of them before each step; `names` the
/// functions [`FrameOp::Call`] names), and notes it in the steps:
///
/// - A board never reset: a call of the search function (a function that
///   recurses; the writer is the innermost of them, so a helper's write is
///   its caller's) returns holding a digit it wrote, before the board is
///   complete; a write over such a digit takes back a stale one
///   ([`Note::Stale`]). The depths are then the calls': how many frames of
///   the search function hold a digit they wrote.
/// - Past the solution: an undo after the board was first complete.
/// - A copy-back: after a complete board, the last steps writing that
///   board's digits from lines that made no placement before it (the loop
///   `board[i][j] = saved[i][j]`), each a placement (or a digit written
///   over another, or a rewrite); they are [`Note::CopyBack`] (a rewrite
///   stays [`Note::Rewrite`]) and never revisits.
/// - An answer written while returning: two or more writes, all
///   placements, each made with fewer calls on the stack than the one
///   before (a search on its own copy or tables that writes each cell as
///   its call returns). Its depths stay the digits on the board.
/// - A board filled straight: every write a placement, none made while a
///   function that calls itself runs.
pub fn shape(puzzle: &Grid, steps: &mut [Step], ops: &[FrameOp], names: &[String]) -> Shape {
    let mut shape = Shape::default();
    // Past a complete board, a frame's digit left is the answer kept.
    let first_complete = steps
        .iter()
        .position(|s| matches!(s.event, Event::Complete { .. }));
    let searching = |k: usize| first_complete.is_none_or(|c| k < c);
    // The functions that recurse: on the stack twice at once.
    let mut recursive = vec![false; names.len().max(128)];
    {
        let (mut stack, mut on) = (Vec::new(), vec![0u32; recursive.len()]);
        for op in ops {
            match *op {
                FrameOp::Call(n) => {
                    let n = usize::from(n);
                    on[n] += 1;
                    recursive[n] |= on[n] > 1;
                    stack.push(n);
                }
                FrameOp::Return(_) => {
                    if let Some(n) = stack.pop() {
                        on[n] -= 1;
                    }
                }
                FrameOp::Locals { .. } => {}
            }
        }
    }
    // The live frames: an id (increasing), whether its function recurses,
    // and how many cells hold a digit it wrote.
    struct Frame {
        id: u64,
        search: bool,
        holds: u32,
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut next_id = 1u64;
    let mut owner = [0u64; CELLS];
    let mut holding = 0u32;
    let mut depths = Vec::with_capacity(steps.len());
    // The calls on the stack at each write, while they keep falling.
    let mut falling = (0usize, usize::MAX, true);
    // Whether every write so far is a placement outside any recursion.
    let mut straight = true;
    let mut op = ops.iter();
    for (k, step) in steps.iter_mut().enumerate() {
        for o in op.by_ref().take(step.ops as usize) {
            match *o {
                FrameOp::Call(n) => {
                    stack.push(Frame {
                        id: next_id,
                        search: recursive[usize::from(n)],
                        holds: 0,
                    });
                    next_id += 1;
                }
                FrameOp::Return(_) => {
                    if let Some(f) = stack.pop() {
                        holding -= u32::from(f.holds > 0);
                        // A call of the search returns leaving its digit,
                        // and the search writes on.
                        if f.holds > 0 && searching(k) {
                            shape.never_reset.get_or_insert(k + 1);
                        }
                    }
                }
                FrameOp::Locals { .. } => {}
            }
        }
        let live = |stack: &[Frame], id: u64| stack.binary_search_by_key(&id, |f| f.id).ok();
        let writer = stack.iter().rposition(|f| f.search);
        match step.event {
            Event::Place { .. } => {
                falling.2 &= stack.len() < falling.1;
                falling.0 += 1;
                falling.1 = stack.len();
                straight &= writer.is_none();
            }
            Event::Undo { .. } => {
                falling.2 = false;
                straight = false;
            }
            _ => {}
        }
        match step.event {
            Event::Undo { cell, .. } => {
                let was = owner[cell];
                owner[cell] = 0;
                match live(&stack, was) {
                    Some(i) => {
                        depths.push(holding);
                        stack[i].holds -= 1;
                        holding -= u32::from(stack[i].holds == 0);
                    }
                    None => {
                        // A returned call's digit (or a digit of no known
                        // call): the call writing now holds nothing yet.
                        if was != 0 && writer.is_some() && searching(k) {
                            step.note = Note::Stale;
                        }
                        depths.push(holding + 1);
                    }
                }
            }
            Event::Place { cell, .. } => {
                if let Some(i) = live(&stack, owner[cell]) {
                    stack[i].holds -= 1;
                    holding -= u32::from(stack[i].holds == 0);
                }
                owner[cell] = 0;
                if let Some(w) = writer {
                    holding += u32::from(stack[w].holds == 0);
                    stack[w].holds += 1;
                    owner[cell] = stack[w].id;
                }
                depths.push(holding);
            }
            _ => depths.push(holding),
        }
    }
    if straight && falling.0 >= 1 {
        shape.fills_straight = Some(falling.0);
    } else if falling.2 && falling.0 >= 2 {
        // No call returns before its write: nothing is left stale.
        shape.writes_returning = Some(falling.0);
        shape.never_reset = None;
    }
    if shape.never_reset.is_some() {
        for (step, &d) in steps.iter_mut().zip(&depths) {
            let d = d as usize;
            match &mut step.event {
                Event::Place { depth, .. } | Event::Complete { depth } => *depth = d,
                Event::Undo { depth, .. } => *depth = d.max(1),
                _ => {}
            }
        }
    }
    // Past the solution, and the copy-back.
    let Some(first_complete) = first_complete else {
        return shape;
    };
    let erased = steps[first_complete..]
        .iter()
        .position(|s| matches!(s.event, Event::Undo { .. }))
        .map(|i| first_complete + i);
    let search_lines: HashSet<usize> = steps[..first_complete]
        .iter()
        .filter(|s| matches!(s.event, Event::Place { .. }))
        .map(|s| s.line)
        .collect();
    // The complete board a copy would write: the last before the final
    // step (the copy's own complete board, where it fills the board).
    let ends_complete =
        matches!(steps.last(), Some(s) if matches!(s.event, Event::Complete { .. }));
    let saved_at = steps[..steps.len() - usize::from(ends_complete)]
        .iter()
        .rposition(|t| matches!(t.event, Event::Complete { .. }))
        .unwrap_or(first_complete);
    let mut saved = puzzle.0;
    for step in &steps[..saved_at] {
        match step.event {
            Event::Place { cell, digit, .. } => saved[cell] = digit,
            Event::Undo { cell, .. } => saved[cell] = 0,
            _ => {}
        }
    }
    // From the end back: the copy's writes, each of that board's digits,
    // from a line that placed nothing before the board was first complete.
    let mut start = steps.len();
    while start > saved_at + 1 {
        let s = &steps[start - 1];
        let copied = match s.event {
            Event::Complete { .. } => start == steps.len(),
            Event::Place { cell, digit, .. } => {
                !search_lines.contains(&s.line) && saved[cell] == digit
            }
            // A digit written over another: the copy's place follows.
            Event::Undo { cell, .. } => {
                start < steps.len()
                    && matches!(steps[start].event, Event::Place { .. })
                    && steps[start].event.cell() == Some(cell)
                    && steps[start].line == s.line
            }
            _ => false,
        };
        if !copied {
            break;
        }
        start -= 1;
    }
    // A copy is of places; a complete step alone is the search's own. A
    // rewrite in the copy stays a rewrite (the copy is `Shape::copy_back`).
    let copied = steps[start..]
        .iter()
        .any(|s| matches!(s.event, Event::Place { .. }));
    if copied && start > first_complete {
        for s in &mut steps[start..] {
            s.revisit = false;
            if s.note == Note::Search {
                s.note = Note::CopyBack;
            }
        }
        shape.copy_back = Some((start + 1, steps.len()));
    }
    if let Some(e) = erased.filter(|&e| e < start) {
        shape.past_solution = Some((first_complete + 1, e + 1));
    }
    shape
}

/// The subscript stores on `line` as the code spells them (`sudu[x][y]`,
/// `self.board[r][c]`, `row[j]`, `(*grid)[r][c]`): a name (or `(*name)`)
/// with one or more `[...]` after it and then `=` (not `==`); and a store
/// through a pointer, `*cell =`.
fn stores_on(line: &str) -> Vec<&str> {
    let b = line.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    let assigns = |k: usize| {
        let mut k = k;
        while k < b.len() && b[k] == b' ' {
            k += 1;
        }
        b.get(k) == Some(&b'=') && b.get(k + 1) != Some(&b'=')
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let after_word = i > 0 && (word(b[i - 1]) || b[i - 1] == b'.' || b[i - 1] == b')');
        // `*cell = d`: a pointer's store (not a product: nothing before
        // it but a statement's start).
        if b[i] == b'*' && !after_word && b.get(i + 1).is_some_and(|&c| word(c)) {
            let before = line[..i].trim_end();
            let mut k = i + 1;
            while k < b.len() && word(b[k]) {
                k += 1;
            }
            if (before.is_empty() || before.ends_with([';', '{', '}', ')'])) && assigns(k) {
                out.push(&line[i..k]);
                i = k;
                continue;
            }
        }
        // `(*grid)[r][c]`: a pointer's array, subscripted.
        let deref = b[i] == b'(' && b.get(i + 1) == Some(&b'*') && !after_word;
        let starts = (b[i].is_ascii_alphabetic() || b[i] == b'_' || b[i] == b'$' || deref)
            && (i == 0 || !(word(b[i - 1]) || b[i - 1] == b'.'));
        if !starts {
            i += 1;
            continue;
        }
        let start = i;
        if deref {
            let mut k = i + 2;
            while k < b.len() && word(b[k]) {
                k += 1;
            }
            if b.get(k) != Some(&b')') || b.get(k + 1) != Some(&b'[') {
                i += 1;
                continue;
            }
            i = k + 1;
        }
        while i < b.len() && (word(b[i]) || b[i] == b'.') {
            i += 1;
        }
        let mut end = i;
        while end < b.len() && b[end] == b'[' {
            let mut depth = 0;
            let mut k = end;
            while k < b.len() {
                depth += i32::from(b[k] == b'[') - i32::from(b[k] == b']');
                k += 1;
                if depth == 0 {
                    break;
                }
            }
            if depth != 0 {
                return out;
            }
            end = k;
        }
        if end > i {
            let mut k = end;
            while k < b.len() && b[k] == b' ' {
                k += 1;
            }
            if b.get(k) == Some(&b'=') && b.get(k + 1) != Some(&b'=') {
                out.push(&line[start..end]);
            }
            i = end;
        }
    }
    out
}

/// A line that wrote with no subscript or pointer store on it stores
/// through a C++ reference (`cell = d;`): its plain assignment at the
/// statement's start.
fn plain_store(line: &str) -> Vec<&str> {
    let t = line.trim_start();
    let name = t
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    let rest = t[name.len()..].trim_start();
    if !name.is_empty() && rest.starts_with('=') && !rest.starts_with("==") {
        vec![name]
    } else {
        Vec::new()
    }
}

/// For each line of a user's file that wrote to the board, the store
/// there as the code spells it (`sudu[x][y]`), for the captions: where a
/// line holds several stores, the one into the array most of the file's
/// writing lines store into. Empty for a mirror (its captions index
/// `board`).
pub fn stores(rec: &Recording) -> std::collections::BTreeMap<usize, String> {
    let mut out = std::collections::BTreeMap::new();
    if rec.order.is_some() {
        return out;
    }
    let lines: Vec<&str> = rec.text.lines().collect();
    let written: std::collections::BTreeSet<usize> = rec
        .steps
        .iter()
        .map(|s| s.line)
        .filter(|&l| l > 0 && l <= lines.len())
        .collect();
    let on: Vec<(usize, Vec<&str>)> = written
        .into_iter()
        .map(|l| {
            let found = stores_on(lines[l - 1]);
            (
                l,
                if found.is_empty() {
                    plain_store(lines[l - 1])
                } else {
                    found
                },
            )
        })
        .filter(|(_, s)| !s.is_empty())
        .collect();
    let name = |store: &str| store.split('[').next().unwrap_or("").to_string();
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for (_, found) in &on {
        let names: HashSet<String> = found.iter().map(|s| name(s)).collect();
        for n in names {
            *counts.entry(n).or_default() += 1;
        }
    }
    let board = counts
        .iter()
        .max_by_key(|(_, &n)| n)
        .map(|(n, _)| n.clone())
        .unwrap_or_default();
    for (line, found) in on {
        let pick = found.iter().find(|s| name(s) == board).unwrap_or(&found[0]);
        out.insert(line, pick.to_string());
    }
    out
}

/// What a step does to the board, for comparing two searches: a placement
/// or an undo (its cell and digit), or a complete board; `None` for the
/// steps that change nothing (a dead end, the `while` loop back at a cell).
pub fn action(step: &Step) -> Option<(Kind, usize, u8)> {
    match step.event {
        Event::Place { cell, digit, .. } => Some((Kind::Place, cell, digit)),
        Event::Undo { cell, digit, .. } => Some((Kind::Undo, cell, digit)),
        Event::Complete { .. } => Some((Kind::Complete, 0, 0)),
        _ => None,
    }
}

/// A step as compared: its kind, cell (or unit) and digit.
fn what(step: &Step) -> (Kind, Option<usize>, u8) {
    let digit = match step.event {
        Event::Place { digit, .. } | Event::Undo { digit, .. } => digit,
        Event::NoPlace { digit, .. } => digit,
        _ => 0,
    };
    let cell = match step.event {
        Event::NoPlace { unit, .. } => Some(unit),
        e => e.cell(),
    };
    (Kind::of(&step.event), cell, digit)
}

/// Where two searches part, each side with its own step numbers (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parting {
    /// Each side's first step that the other does not match: its first
    /// write the other does not make, or where it has no such write, its
    /// first step after the last matched one (`None`: it had ended there).
    pub at: [Option<usize>; 2],
    /// The steps matched on each side before that (the last matched step).
    pub matched: [usize; 2],
}

/// How two searches compare by what they do to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// The same placements, undos and complete boards in the same order.
    Same,
    /// They part there.
    Part(Parting),
}

/// Walks `a` and `b` together by what they do to the board: equal steps
/// match; a step that changes nothing on one side, against a write on the
/// other, is passed over (a traced file has no "no digit fits" steps).
/// Calls `page(i, j)` with the steps shown after each move, and returns
/// where the two first do different things.
fn walk(a: &[Step], b: &[Step], mut page: impl FnMut(usize, usize)) -> Comparison {
    let (mut i, mut j) = (0, 0);
    let mut last = (0, 0);
    loop {
        let (x, y) = (a.get(i), b.get(j));
        let (move_a, move_b) = match (x, y) {
            (None, None) => return Comparison::Same,
            (Some(x), Some(y)) if what(x) == what(y) => (true, true),
            (Some(x), Some(y)) => match (action(x).is_some(), action(y).is_some()) {
                (false, true) => (true, false),
                (true, false) => (false, true),
                _ => break,
            },
            (Some(x), None) if action(x).is_none() => (true, false),
            (None, Some(y)) if action(y).is_none() => (false, true),
            _ => break,
        };
        i += usize::from(move_a);
        j += usize::from(move_b);
        if move_a && move_b {
            last = (i, j);
        }
        page(i, j);
    }
    // Each side's parting step: its differing write, else the step after
    // its last match.
    let side = |k: usize, last: usize, s: &[Step]| {
        if k < s.len() && action(&s[k]).is_some() {
            Some(k + 1)
        } else {
            (last < s.len()).then_some(last + 1)
        }
    };
    Comparison::Part(Parting {
        at: [side(i, last.0, a), side(j, last.1, b)],
        matched: [last.0, last.1],
    })
}

/// How `a` and `b` compare (see `walk`), with the steps where they part.
pub fn compare(a: &[Step], b: &[Step]) -> Comparison {
    walk(a, b, |_, _| {})
}

/// The page's positions: the step each side shows at each, from `(0, 0)`.
/// Up to where the two part, they move as `walk` matches them; from the
/// last matched pair each side moves alone to its parting step, and from
/// there both move together (a side that has ended stays on its last step).
pub fn timeline(a: &[Step], b: &[Step]) -> Vec<(usize, usize)> {
    let mut pages = vec![(0, 0)];
    let Comparison::Part(p) = walk(a, b, |i, j| pages.push((i, j))) else {
        return pages;
    };
    // Back to the last matched pair: the moves after it are redone below.
    let kept = pages
        .iter()
        .position(|&(i, j)| (i, j) == (p.matched[0], p.matched[1]))
        .unwrap_or(0);
    pages.truncate(kept + 1);
    let (mut i, mut j) = (p.matched[0], p.matched[1]);
    let parting = p.at;
    let to = |at: Option<usize>, len: usize| at.map_or(len, |s| s - 1);
    let (stop_i, stop_j) = (to(parting[0], a.len()), to(parting[1], b.len()));
    while i < stop_i {
        i += 1;
        pages.push((i, j));
    }
    while j < stop_j {
        j += 1;
        pages.push((i, j));
    }
    while i < a.len() || j < b.len() {
        i = (i + 1).min(a.len());
        j = (j + 1).min(b.len());
        pages.push((i, j));
    }
    pages
}

/// The first step (from 1) where `a` and `b` do different things to the
/// board, on `a`'s side, if any (see [`compare`]).
pub fn first_difference(a: &[Step], b: &[Step]) -> Option<usize> {
    match compare(a, b) {
        Comparison::Same => None,
        Comparison::Part(p) => Some(p.at[0].unwrap_or(a.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{Order, LEETCODE_EXAMPLE};

    fn example() -> Grid {
        Grid::from_line(LEETCODE_EXAMPLE, 1).unwrap()
    }

    /// The replay's board after each step is the board the search itself had.
    #[test]
    fn the_replay_is_the_search() {
        for order in Order::ALL {
            struct All(Vec<(Board, Stats)>);
            impl Watch for All {
                fn step(&mut self, _: &Event, b: &Board, s: &Stats) -> Result<(), Stopped> {
                    self.0.push((b.clone(), *s));
                    if s.steps >= 3000 {
                        Err(Stopped)
                    } else {
                        Ok(())
                    }
                }
            }
            let mut live = All(Vec::new());
            search::search(order, &example(), &mut live);
            let rec = mirror(Source::of_order(order), "x", &example(), 3000, Vec::new());
            let mut again = All(Vec::new());
            replay(&example(), &rec.steps, &mut again);
            assert_eq!(live.0.len(), again.0.len(), "{order:?}");
            for (n, ((a, sa), (b, sb))) in live.0.iter().zip(&again.0).enumerate() {
                assert_eq!(a.cells, b.cells, "{order:?} step {}", n + 1);
                assert_eq!(
                    (a.undone, a.current),
                    (b.undone, b.current),
                    "{order:?} step {}",
                    n + 1
                );
                assert_eq!(
                    (sa.placements, sa.undos, sa.steps, sa.solutions),
                    (sb.placements, sb.undos, sb.steps, sb.solutions),
                    "{order:?} step {}",
                    n + 1
                );
            }
        }
    }

    /// The writes of the right DFS are its placements and undos, so the
    /// steps made from them are the mirror's, without its dead ends.
    #[test]
    fn writes_make_the_mirrors_steps() {
        let rec = mirror(
            Source::of_order(Order::RowMajor),
            "right",
            &example(),
            100_000,
            Vec::new(),
        );
        let writes: Vec<(usize, u8, usize)> = rec
            .steps
            .iter()
            .filter_map(|s| match s.event {
                Event::Place { cell, digit, .. } => Some((cell, digit, 7)),
                Event::Undo { cell, .. } => Some((cell, 0, 9)),
                _ => None,
            })
            .collect();
        let from_writes = steps_of_writes(&example(), &writes, &[]);
        let want: Vec<Event> = rec
            .steps
            .iter()
            .map(|s| s.event)
            .filter(|e| !e.is_dead_end())
            .collect();
        let got: Vec<Event> = from_writes.iter().map(|s| s.event).collect();
        assert_eq!(got, want);
        assert!(from_writes.iter().all(|s| !s.revisit));
        assert!(from_writes.iter().any(|s| s.dead_end));
    }

    /// A search that writes first and checks after fills the board with a
    /// digit that breaks a rule on its way: that full board is no complete
    /// board, and taking its digit back erases no solution.
    #[test]
    fn a_full_board_that_breaks_a_rule_is_not_complete() {
        let solved = crate::trace::search(Order::RowMajor, &example(), &mut search::Limit(None))
            .first
            .unwrap();
        let mut nearly = solved;
        nearly.0[79] = 0;
        nearly.0[80] = 0;
        let (right79, right80) = (solved.0[79], solved.0[80]);
        // 80 first with 79's digit (a clash in the row), checked and taken
        // back; then the right digits.
        let writes = [
            (79, right80, 1),
            (80, right79, 2),
            (80, 0, 3),
            (79, 0, 4),
            (79, right79, 5),
            (80, right80, 6),
        ];
        let steps = steps_of_writes(&nearly, &writes, &[]);
        let kinds: Vec<Kind> = steps.iter().map(|s| Kind::of(&s.event)).collect();
        assert_eq!(
            kinds,
            [
                Kind::Place,
                Kind::Place,
                Kind::Undo,
                Kind::Undo,
                Kind::Place,
                Kind::Place,
                Kind::Complete
            ]
        );
        assert!(steps.iter().all(|s| !matches!(
            s.event,
            Event::Undo {
                erases_solution: true,
                ..
            }
        )));
    }

    #[test]
    fn retries_and_repeated_placements_are_revisits() {
        let mut nearly = example();
        let solved = crate::trace::search(Order::RowMajor, &nearly, &mut search::Limit(None));
        nearly = solved.first.unwrap();
        nearly.0[80] = 0;
        let rec = mirror(
            Source::of_order(Order::Wrong),
            "wrong",
            &nearly,
            100,
            Vec::new(),
        );
        let kinds: Vec<(Kind, bool)> = rec
            .steps
            .iter()
            .map(|s| (Kind::of(&s.event), s.revisit))
            .collect();
        assert_eq!(
            kinds,
            [
                (Kind::Place, false),
                (Kind::Complete, false),
                (Kind::Undo, false),
                (Kind::Retry, true),
                (Kind::Place, true),
                (Kind::Complete, false),
                (Kind::Undo, false),
                (Kind::Retry, true),
            ]
        );
        assert!(rec.ending.contains("is in a loop"), "{}", rec.ending);
    }

    #[test]
    fn the_default_sides_part_at_step_7() {
        let wrong = mirror(
            Source::of_order(Order::Wrong),
            "wrong",
            &example(),
            1000,
            Vec::new(),
        );
        let right = mirror(
            Source::of_order(Order::RowMajor),
            "right",
            &example(),
            1000,
            Vec::new(),
        );
        assert_eq!(first_difference(&wrong.steps, &right.steps), Some(7));
        assert_eq!(first_difference(&right.steps, &right.steps), None);
        // A side that ended: its parting is none, the other's its next write.
        assert_eq!(
            compare(&right.steps[..5], &right.steps[..9]),
            Comparison::Part(Parting {
                at: [None, Some(7)],
                matched: [5, 5]
            })
        );
        // Wrong's loop steps face the right DFS's undo on one position.
        let line = timeline(&wrong.steps, &right.steps);
        assert_eq!(
            &line[..8],
            &[
                (0, 0),
                (1, 1),
                (2, 2),
                (3, 3),
                (4, 4),
                (5, 5),
                (6, 6),
                (7, 7)
            ]
        );
        assert_eq!(line.last(), Some(&(wrong.steps.len(), right.steps.len())));
    }

    /// The right DFS's writes, without its dead ends, are the same search as
    /// the right DFS; leave out an undo and they part at the first write
    /// the right DFS does not make.
    #[test]
    fn searches_compare_by_what_they_do_to_the_board() {
        let right = mirror(
            Source::of_order(Order::RowMajor),
            "right",
            &example(),
            100_000,
            Vec::new(),
        );
        let writes: Vec<(usize, u8, usize)> = right
            .steps
            .iter()
            .filter_map(|s| match s.event {
                Event::Place { cell, digit, .. } => Some((cell, digit, 1)),
                Event::Undo { cell, .. } => Some((cell, 0, 2)),
                _ => None,
            })
            .collect();
        let own = steps_of_writes(&example(), &writes, &[]);
        assert_eq!(compare(&own, &right.steps), Comparison::Same);
        let line = timeline(&own, &right.steps);
        assert_eq!(line.last(), Some(&(own.len(), right.steps.len())));
        assert!(line
            .windows(2)
            .all(|w| w[1].0 >= w[0].0 && w[1].1 >= w[0].1));
        // Forget the first undo: the next write goes over a digit.
        let first_undo = writes.iter().position(|w| w.1 == 0).unwrap();
        let mut forgot = writes.clone();
        forgot.remove(first_undo);
        let own = steps_of_writes(&example(), &forgot, &[]);
        let Comparison::Part(p) = compare(&own, &right.steps) else {
            panic!("a forgotten undo is another search")
        };
        assert_eq!(p.matched, [5, 5]);
        assert_eq!(p.at, [Some(6), Some(7)]);
        assert!(matches!(
            own[5].event,
            Event::Undo {
                cell: 6,
                digit: 8,
                ..
            }
        ));
        assert!(matches!(
            right.steps[6].event,
            Event::Undo {
                cell: 7,
                digit: 9,
                ..
            }
        ));
    }

    /// A call of the search that returns holding its digit: the board is
    /// never reset, the depth is the calls', and the next call there
    /// writing the same digit is a rewrite.
    #[test]
    fn a_call_returning_with_its_digit_is_a_board_never_reset() {
        let names = vec!["solveSudoku".to_string(), "dfs".to_string()];
        // solveSudoku, dfs at row 1, col 3 writes 1; dfs at col 4 writes 2
        // and returns; the first writes 4 over its 1; a new dfs at col 4
        // writes 2 over the 2 left there.
        let ops = [
            FrameOp::Call(0),
            FrameOp::Call(1),
            FrameOp::Call(1),
            FrameOp::Return(0),
            FrameOp::Call(1),
        ];
        let writes = [(2, 1, 9), (3, 2, 9), (2, 4, 9), (3, 2, 9)];
        let mut steps = steps_of_writes(&example(), &writes, &[2, 1, 1, 1]);
        let shape = shape(&example(), &mut steps, &ops, &names);
        assert_eq!(shape.never_reset, Some(3));
        let got: Vec<(Event, Note)> = steps.iter().map(|s| (s.event, s.note)).collect();
        let place = |cell, digit, depth| Event::Place { cell, digit, depth };
        let undo = Event::Undo {
            cell: 2,
            digit: 1,
            depth: 1,
            erases_solution: false,
        };
        assert_eq!(
            got,
            [
                (place(2, 1, 1), Note::Search),
                (place(3, 2, 2), Note::Search),
                (undo, Note::Search),
                (place(2, 4, 1), Note::Search),
                (place(3, 2, 2), Note::Rewrite),
            ]
        );
    }

    /// A store is a name with subscripts and then `=`, as the code spells it.
    #[test]
    fn stores_are_read_as_the_code_spells_them() {
        assert_eq!(
            stores_on("        num[d]++; sudu[x][y] = d;"),
            ["sudu[x][y]"]
        );
        assert_eq!(
            stores_on("row[i][b[k]] = col[j][n] = true; self.board[r][c]='5'"),
            ["row[i][b[k]]", "col[j][n]", "self.board[r][c]"]
        );
        assert!(stores_on("if (board[i][j] == c) return; x = a[i];").is_empty());
        assert!(stores_on("board[i][j] += 1; a[i").is_empty());
        assert_eq!(
            stores_on("    (*boardPtr)[row][col] = c; x = a * b;"),
            ["(*boardPtr)[row][col]"]
        );
        assert_eq!(stores_on("        *cell = d;"), ["*cell"]);
        assert!(stores_on("int n = a * b; if (x) *p == 1;").is_empty());
        // A reference's store, read where a writing line has no other.
        assert_eq!(plain_store("            cell = d;"), ["cell"]);
        assert!(plain_store("            if (cell == d) return;").is_empty());
    }

    /// The mirror's calls: one per level, each returning what the search did.
    #[test]
    fn a_mirror_records_its_calls_and_returns() {
        let right = mirror(
            Source::of_order(Order::RowMajor),
            "right",
            &example(),
            7,
            Vec::new(),
        );
        assert_eq!(right.stack, StackKind::Frames);
        // Step 1 follows the first call; step 6 (no digit fits at row 1,
        // col 9) the sixth; step 7's undo follows its return of false.
        let ops: Vec<u32> = right.steps.iter().map(|s| s.ops).collect();
        assert_eq!(ops, [1, 1, 1, 1, 1, 1, 1]);
        assert_eq!(right.ops[6], FrameOp::Return(1));
        assert_eq!(right.values[1], "false");
    }
}
