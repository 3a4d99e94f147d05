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
/// board (and at a cell, with a digit) seen before. The key is the board's
/// placements hashed (the givens are on every board alike).
pub fn mark_revisits(steps: &mut [Step]) {
    let mut hash = 0u64;
    let mut seen = HashSet::new();
    for step in steps {
        match step.event {
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
/// both; a placement that fills the board is followed by a complete board.
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
        })
    };
    for (k, &(cell, digit, line)) in writes.iter().enumerate() {
        carried += ops.get(k).copied().unwrap_or(0);
        let old = cells[cell];
        if old == digit {
            continue;
        }
        if old != 0 {
            let erases_solution = filled == CELLS;
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
            if filled == CELLS {
                push(&mut steps, Event::Complete { depth }, line, &mut carried);
            }
        }
    }
    mark_revisits(&mut steps);
    steps
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
