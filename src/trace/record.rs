//! A search kept step by step, for the page: a mirror's run, or the writes
//! a user's own program made to its board. Either can be replayed into a
//! [`Watch`], which is how the terminal shows a user's file and how tests
//! read the board at any step.

use super::source::{Kind, Source};
use crate::grid::{Grid, CELLS};
use crate::mirror::{self as search, Board, End, Event, Outcome, Stats, Stopped, Watch};
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
    /// The caption for each kind of step.
    pub captions: Vec<(Kind, String)>,
}

/// Collects a mirror's steps up to a limit.
struct Recorder<'a> {
    source: &'a Source,
    max: u64,
    steps: Vec<Step>,
}

impl Watch for Recorder<'_> {
    fn step(&mut self, event: &Event, _: &Board, stats: &Stats) -> Result<(), Stopped> {
        self.steps.push(Step {
            event: *event,
            line: self.source.line(Kind::of(event)),
            revisit: false,
            dead_end: event.is_dead_end(),
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
    };
    let outcome = search::search(source.order, puzzle, &mut recorder);
    let mut steps = recorder.steps;
    mark_revisits(&mut steps);
    Recording {
        key: key.to_string(),
        title: source.order.describe().to_string(),
        path: source.path.to_string(),
        text: source.text.to_string(),
        steps,
        ending: ending(&outcome, max_steps),
        captions,
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
/// `writes` are `(cell, digit or 0, line)`.
pub fn steps_of_writes(puzzle: &Grid, writes: &[(usize, u8, usize)]) -> Vec<Step> {
    let givens = puzzle.givens();
    let mut cells = puzzle.0;
    let mut filled = givens;
    let mut steps = Vec::with_capacity(writes.len());
    let push = |steps: &mut Vec<Step>, event: Event, line: usize| {
        steps.push(Step {
            event,
            line,
            revisit: false,
            dead_end: false,
        })
    };
    for &(cell, digit, line) in writes {
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
            push(&mut steps, undo, line);
            steps.last_mut().expect("just pushed").dead_end = turns;
        }
        if digit != 0 {
            cells[cell] = digit;
            filled += 1;
            let depth = filled.saturating_sub(givens);
            push(&mut steps, Event::Place { cell, digit, depth }, line);
            if filled == CELLS {
                push(&mut steps, Event::Complete { depth }, line);
            }
        }
    }
    mark_revisits(&mut steps);
    steps
}

/// The first step (from 1) where `a` and `b` do different things, if any:
/// a step one has and the other has not counts as a difference.
pub fn first_difference(a: &[Step], b: &[Step]) -> Option<usize> {
    let same = a
        .iter()
        .zip(b)
        .take_while(|(x, y)| x.event == y.event)
        .count();
    (same < a.len().max(b.len())).then_some(same + 1)
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
        let from_writes = steps_of_writes(&example(), &writes);
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
        assert_eq!(
            first_difference(&right.steps[..5], &right.steps[..9]),
            Some(6)
        );
    }
}
