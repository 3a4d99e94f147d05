//! Watch the search: mirrors of the write-ups' search orders that report every
//! step, for `sudoku trace` (a log, an animation, or a page) and `sudoku judge
//! --stats` (placements and undos per order).
//!
//! The paste-ready files cannot carry counters, so the searches shown are
//! the mirrors of [`crate::mirror`], which re-walk their search orders on a
//! mask board and say which files each order stands for
//! ([`Order::approaches`]). Tests check that each mirror ends on the same board
//! as the files it stands for, on puzzles with several solutions too (where
//! only the same order finds the same first solution).
//!
//! ```text
//! ../mirror.rs  the mirrors and their steps (Event), the wrong DFS's loop found
//! render.rs   the terminal trace: a line a step, the board as text
//! source.rs   the files a mirror stands for, and the line of each kind of step
//! record.rs   a run kept step by step (a mirror's, or a user's file's writes)
//! user_file.rs  a user's file (any of the judge's languages), run in the sandbox and recorded:
//!   entry.rs    where the trace enters it, as the judge places it
//!   program.rs  the interpreter and harness, or the recording copy built; its run
//!   heard.rs    what the run said, read into writes, calls and locals
//! instrument.rs a C, C++, Java or Rust file's copy that reports its writes, calls and locals
//! html.rs     the page: page.html, page.css, page.js and the packed steps
//! ```
//!
//! ```text
//! step  event                                 board after the step
//!   1   place 1 at row 1, col 3  depth 1      [1] placed, 5 given, (4) just undone
//! ```

pub mod html;
#[cfg(unix)]
pub mod instrument;
pub mod record;
mod render;
mod source;
mod user_file;

pub use crate::mirror::{
    blockers, count, search, unit_cells, Board, End, Event, Limit, Order, Outcome, Stats, Stopped,
    Watch,
};
pub use render::{at, dead_end_why, render_board, unit_name, LEGEND};
pub use source::{Kind, Source, SOURCES};

use crate::format::read_valid_puzzle;
use crate::grid::{Grid, ParseError, ParseErrorKind, CELLS};
use record::Recording;
use render::Printer;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Why `sudoku trace` could not start.
#[derive(Debug)]
pub enum Error {
    /// The puzzle file could not be read.
    Read { path: PathBuf, source: io::Error },
    /// The puzzle is malformed.
    Parse { path: PathBuf, source: ParseError },
    /// Writing the trace failed.
    Write(io::Error),
    /// The approach is not one that can be traced (the message says why
    /// and what to do instead).
    Approach(String),
    /// An option out of its range.
    Usage(String),
    /// The page could not be written.
    Save { path: PathBuf, source: io::Error },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            Error::Parse { path, source } => write!(f, "{}: {source}", path.display()),
            Error::Write(e) => write!(f, "cannot write the trace: {e}"),
            Error::Approach(why) | Error::Usage(why) => f.write_str(why),
            Error::Save { path, source } => write!(f, "cannot write {}: {source}", path.display()),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Write(e)
    }
}

/// What `sudoku trace` was asked for.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The search to watch (see [`Approach::resolve`]); `None`: the right
    /// DFS in the terminal, the wrong one on a page.
    pub approach: Option<String>,
    /// The page's second side; `None`: the right DFS (the wrong one when
    /// the first side is the right DFS).
    pub against: Option<String>,
    /// Write the page here instead of the terminal trace.
    pub html: Option<PathBuf>,
    /// A puzzle file, or an 81-character puzzle; `None` for LeetCode's example.
    pub puzzle: Option<String>,
    /// Stop after this many steps; `None`: [`default_max_steps`] in the
    /// terminal, [`html::MAX_STEPS`] on a page (its most).
    pub max_steps: Option<u64>,
    /// Pause between steps, animating in place (terminal only).
    pub delay: Option<Duration>,
    /// Print the board after every step of the log, not only at the key ones.
    pub boards: bool,
    /// Colour and animation: true only when stdout is a terminal.
    pub terminal: bool,
    /// CPU time a user's own file may run for; `None`: [`default_time_limit`].
    pub time_limit: Option<Duration>,
    /// This program, whose sandbox runs a user's own file.
    pub exe: PathBuf,
    /// Run a user's own file even where the sandbox cannot hold untrusted
    /// code (`--trust`).
    pub trust: bool,
    /// The problem a user's own file solves (`--problem`, as `sudoku judge`
    /// takes it); `None`: read from its path and code as the judge reads it.
    pub problem: Option<&'static crate::judge::problem::Problem>,
}

/// The terminal trace's step limit when none is given: ten times the right
/// DFS's steps on the puzzle, so a correct file searching in another order
/// (a column-by-column DFS, a scan that writes more) is not cut where the
/// right DFS is not, and at least [`MIN_MAX_STEPS`], at most
/// [`MAX_MAX_STEPS`] (what the terminal prints is held as it runs).
pub fn default_max_steps(puzzle: &Grid) -> u64 {
    let right = search(Order::RowMajor, puzzle, &mut Limit(Some(MAX_MAX_STEPS))).stats;
    right
        .steps
        .saturating_mul(10)
        .clamp(MIN_MAX_STEPS, MAX_MAX_STEPS)
}

/// See [`default_max_steps`].
pub const MIN_MAX_STEPS: u64 = 100_000;

/// See [`default_max_steps`].
pub const MAX_MAX_STEPS: u64 = 2_000_000;

/// A user's file's CPU time when `--time-limit` is not given: this much to
/// start (an interpreter's or a JVM's start-up, a build's sanitiser), and
/// [`TIME_PER_WRITE`] for each write the right DFS makes on the puzzle, up
/// to the step limit.
pub const BASE_TIME: Duration = Duration::from_secs(5);

/// See [`BASE_TIME`]: the recorders cost 5 µs to 60 µs a write on the CPU
/// of docs/trace.md, and a learner's DFS that scans the board for each
/// try does a few hundred tries' work more, so a millisecond a write holds
/// a correct file on a CPU several times slower.
pub const TIME_PER_WRITE: Duration = Duration::from_millis(1);

/// The CPU time a user's file gets on `puzzle` with at most `max` writes
/// when none is given, and the writes of the right DFS it was sized from.
pub fn default_time_limit(puzzle: &Grid, max: u64) -> (Duration, u64) {
    time_limit_for(Order::RowMajor, puzzle, max)
}

/// [`default_time_limit`] sized from the search of `order`: a write-up
/// original's own mirror, the same search as the file, so an original
/// that stops writing and spins (the wrong DFS) is stopped a few seconds
/// after its last write, not after the right DFS's thousands.
pub fn time_limit_for(order: Order, puzzle: &Grid, max: u64) -> (Duration, u64) {
    /// Stops the search once it has written `.0` times.
    struct Writes(u64);
    impl Watch for Writes {
        fn step(&mut self, _: &Event, _: &Board, s: &Stats) -> Result<(), Stopped> {
            if s.placements + s.undos >= self.0 {
                Err(Stopped)
            } else {
                Ok(())
            }
        }
    }
    let done = search(order, puzzle, &mut Writes(max)).stats;
    let writes = (done.placements + done.undos).min(max);
    let per_write = TIME_PER_WRITE.saturating_mul(u32::try_from(writes).unwrap_or(u32::MAX));
    (BASE_TIME.saturating_add(per_write), writes)
}

/// A search to trace: a mirror shown with one of the files it stands for,
/// or a user's own file, run and recorded.
#[derive(Clone, Debug)]
pub enum Approach {
    /// A built-in search order; `key` is the name it was asked by.
    Mirror {
        key: String,
        source: &'static Source,
    },
    /// A user's file.
    UserFile(PathBuf),
}

impl Approach {
    /// An `--approach` value: `right`, `wrong`, `rescan` or `fewest`; a
    /// solution's or write-up original's name (`lc37_04_bitmasks`,
    /// `lc37_000_wrong_dfs`) or its path; or a file of the user's own in
    /// any language the judge takes (C, C++, Java and Rust on Unix; off
    /// Unix those are refused, saying why and what to do instead).
    pub fn resolve(arg: &str) -> Result<Approach, Error> {
        let mirror = |source| {
            Ok(Approach::Mirror {
                key: arg.to_string(),
                source,
            })
        };
        if let Some(order) = Order::ALL.into_iter().find(|o| o.key() == arg) {
            return mirror(Source::of_order(order));
        }
        if let Some(source) = Source::named(arg) {
            return mirror(source);
        }
        let path = Path::new(arg);
        if path.is_file() {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            // The file itself, unchanged: read only when its size matches.
            let same = |s: &&Source| {
                std::fs::metadata(path).is_ok_and(|m| m.len() == s.text.len() as u64)
                    && std::fs::read_to_string(path).is_ok_and(|text| text == s.text)
            };
            if let Some(source) = Source::named(stem).filter(same) {
                return Ok(Approach::Mirror {
                    key: stem.to_string(),
                    source,
                });
            }
            if user_file::is_user_file(path) {
                return Ok(Approach::UserFile(path.to_path_buf()));
            }
            return match crate::judge::language::of(path).map(|l| l.name) {
                Some(lang @ ("C" | "C++" | "Java" | "Rust")) => {
                    Err(Error::Approach(user_file::why_not(path, lang)))
                }
                _ => Err(Error::Approach(format!(
                    "{arg}: not a file the trace can run (.c, .cpp, .java, .rs, .py or .js)"
                ))),
            };
        }
        if let Ok(meta) = std::fs::metadata(path) {
            // A folder, a FIFO, a device: nothing the trace reads (a FIFO
            // would be waited on).
            return Err(Error::Approach(format!(
                "{arg}: not a regular file ({}): name a solution file",
                if meta.is_dir() {
                    "a folder"
                } else {
                    "a FIFO, a device or a socket"
                }
            )));
        }
        if arg.contains('/') || arg.contains('.') {
            return Err(Error::Read {
                path: path.into(),
                source: io::Error::new(io::ErrorKind::NotFound, "no such file"),
            });
        }
        let keys: Vec<&str> = Order::ALL.iter().map(|o| o.key()).collect();
        let files: Vec<&str> = source::SOURCES.iter().map(|s| s.name()).collect();
        Err(Error::Approach(format!(
            "unknown approach {arg:?}: expected one of {}; a file the trace mirrors ({}); or the path of a file of yours (.c, .cpp, .java, .rs, .py, .js) or a write-up's",
            keys.join(", "),
            files.join(", ")
        )))
    }
}

/// LeetCode 37's example, the default puzzle.
pub const LEETCODE_EXAMPLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The most of a puzzle file `sudoku trace` reads: every format is a few
/// hundred bytes, so a longer file is malformed where it passed the cap
/// (`sudoku trace /dev/zero` ends at once).
pub const MAX_PUZZLE_BYTES: usize = 64 * 1024;

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

/// The places in the wrong DFS and its fix that the explanation points at,
/// as `file:line`.
struct Refs {
    undo: String,
    retry: String,
    keep: String,
    fix: String,
    fail: String,
}

fn refs() -> Refs {
    const WRONG: &str = include_str!("../../solutions/lc37_09_wrong_dfs.rs");
    const RIGHT: &str = include_str!("../../solutions/lc37_05_marks_forward.rs");
    let wrong = "solutions/lc37_09_wrong_dfs.rs";
    let right = "solutions/lc37_05_marks_forward.rs";
    Refs {
        undo: line_of(wrong, WRONG, "BUG: undone"),
        retry: line_of(wrong, WRONG, "BUG: board[i][j]"),
        keep: line_of(right, RIGHT, "return true; // solved"),
        fix: line_of(right, RIGHT, "The fix:"),
        fail: line_of(right, RIGHT, "        false"),
    }
}

/// The two sentences that end a trace of the wrong DFS, pointing at lines.
pub fn wrong_dfs_explanation() -> String {
    let Refs {
        undo,
        retry,
        keep,
        fix,
        fail,
    } = refs();
    format!(
        "Why: `dfs` returns nothing, so it undoes every placement even after the board is complete ({undo}), \
         and when a cell's digits are used up the cell is empty again and the `while` loop comes back to it for ever ({retry}).\n\
         Fix: return `bool`, keep the digit when the recursion solved the board ({keep}), undo only when it failed ({fix}), \
         and return `false` when no digit fits ({fail}).\n"
    )
}

/// What the page says under each kind of step of `source`'s search, each
/// citing the line of `source` that does that step's job (`[line N]`, which
/// the page makes a link to the line). The page adds what the step itself
/// shows: the digits passed over, the cells that block a dead end.
pub fn captions(source: &Source) -> Vec<(Kind, String)> {
    let at = |kind| format!("[line {}]", source.line(kind));
    let (p, u, c, n) = (
        at(Kind::Place),
        at(Kind::Undo),
        at(Kind::Complete),
        at(Kind::NoFit),
    );
    match source.order {
        Order::Wrong => vec![
            (Kind::Place, format!("The digit goes in {p}, and `dfs` is called for the cells after it.")),
            (Kind::Undo, format!("`dfs` returns nothing, so this undo {u} runs whatever the call below did, even after a complete board.")),
            (Kind::Complete, format!("No empty cell is left: the `while` loop {c} ends, but `dfs` returns nothing to say so, and every caller goes on and undoes its digit.")),
            (Kind::NoFit, format!("Every digit is already in this cell's row, col or box: nothing is placed {n}, and the cell stays empty.")),
            (Kind::Retry, format!("This cell's digits are used up and it is empty again: the `while` loop {} comes back to it, for ever.", at(Kind::Retry))),
        ],
        Order::RowMajor | Order::Rescan => vec![
            (Kind::Place, format!("The digit goes in {p}, and the search goes one level deeper.")),
            (Kind::Undo, format!("The search below this digit failed, so the digit is taken back {u} and the next digit is tried.")),
            (Kind::Complete, format!("No empty cell is left {c}: the search stops, and every level keeps its digit.")),
            (Kind::NoFit, format!("No digit fits this cell: this level gives up {n}, and the level above takes back its digit.")),
        ],
        Order::Fewest => vec![
            (Kind::Place, format!("A forced digit (the only one a cell takes, or the only cell left for a digit in a unit), else a candidate of the cell with the fewest {p}.")),
            (Kind::Undo, format!("The branch below is done (dead, or its solution counted): the digit goes {u}, and the next candidate is tried.")),
            (Kind::Complete, format!("No empty cell is left {c}: a solution, counted; the search goes on to find whether there is a second.")),
            (Kind::NoFit, format!("This cell has no candidate left: the branch is dead {n}.")),
            (Kind::NoPlace, format!("This digit has no cell left in this unit: the branch is dead {}.", at(Kind::NoPlace))),
        ],
    }
}

/// Writes the trace `opts` asks for: the terminal trace to `out`, or the
/// page to its file (and a few lines about it to `out`).
pub fn run(opts: &Options, out: &mut dyn Write) -> Result<(), Error> {
    if let Some(file) = &opts.html {
        return run_page(opts, file, out);
    }
    let approach = Approach::resolve(opts.approach.as_deref().unwrap_or("right"))?;
    let (name, puzzle) = load_puzzle(opts.puzzle.as_deref())?;
    let max = opts.max_steps.unwrap_or_else(|| default_max_steps(&puzzle));
    match approach {
        Approach::Mirror { source, .. } => run_mirror(opts, source.order, max, &name, &puzzle, out),
        Approach::UserFile(path) => run_own(opts, &path, max, &name, &puzzle, out),
    }
}

/// The lines above the first step: what runs, on which puzzle, from which board.
fn header(
    opts: &Options,
    out: &mut dyn Write,
    title: &str,
    files: &str,
    name: &str,
    puzzle: &Grid,
) -> io::Result<()> {
    // A file's name may hold escape codes or bidi controls: shown escaped.
    let shown = crate::judge::text::printable;
    writeln!(out, "trace: {}", shown(title))?;
    writeln!(out, "files: {}", shown(files))?;
    writeln!(out, "puzzle: {}", shown(name))?;
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
    writeln!(out, "\n{}", render_board(&start, opts.terminal))
}

fn printer<'a>(opts: &Options, out: &'a mut dyn Write, max: u64) -> Printer<'a> {
    Printer {
        out,
        max,
        colour: opts.terminal,
        animate: opts.terminal && opts.delay.is_some(),
        delay: opts.delay.unwrap_or_default(),
        boards: opts.boards,
        last_was_complete: false,
        shown_retry: false,
        last: None,
        complete_at: None,
        erased_at: None,
        error: None,
        line: None,
    }
}

/// A mirror, printed as it runs.
fn run_mirror(
    opts: &Options,
    order: Order,
    max: u64,
    name: &str,
    puzzle: &Grid,
    out: &mut dyn Write,
) -> Result<(), Error> {
    header(
        opts,
        out,
        order.describe(),
        &order.approaches().join(", "),
        name,
        puzzle,
    )?;
    let mut printer = printer(opts, out, max);
    let outcome = search(order, puzzle, &mut printer);
    if let Some(e) = printer.error {
        return Err(Error::Write(e));
    }
    let (last, complete_at, erased_at) = (printer.last, printer.complete_at, printer.erased_at);
    // Time the search alone: printing dominates the traced run.
    let timer = Instant::now();
    let silent = search(order, puzzle, &mut Limit(Some(max)));
    let elapsed = timer.elapsed();
    debug_assert_eq!(silent.stats, outcome.stats);
    let s = outcome.stats;
    writeln!(out)?;
    // Only what the steps shown prove: after a step limit, a later step may
    // still change anything.
    writeln!(out, "{}", record::ending(&outcome, max))?;
    writeln!(
        out,
        "summary: {} placements, {} undos, max depth {}, {} complete board(s), time {:.3} ms (the search alone, without printing)",
        s.placements,
        s.undos,
        s.max_depth,
        s.solutions,
        elapsed.as_secs_f64() * 1e3
    )?;
    if let (End::Loop { .. }, Some(cell)) = (outcome.end, last.and_then(|e| e.cell())) {
        // A proven loop at a retry: every child of that cell returned, and the
        // wrong DFS returns only from a complete board.
        match (complete_at, erased_at) {
            (Some(done), Some(erased)) => writeln!(
                out,
                "The board was complete at step {done} and erased at step {erased}; the while loop keeps coming back to {}.",
                at(cell)
            )?,
            _ => writeln!(
                out,
                "The board was never complete: no digit fits at {}, and the while loop keeps coming back to it.",
                at(cell)
            )?,
        }
    }
    if order == Order::Wrong {
        writeln!(out, "\n{}", wrong_dfs_explanation())?;
    }
    Ok(())
}

/// A user's file: run and recorded first, then printed from the record.
fn run_own(
    opts: &Options,
    path: &Path,
    max: u64,
    name: &str,
    puzzle: &Grid,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let run = user_file::Run::new(opts, puzzle, max);
    let rec = user_file::record(path, puzzle, &run)?;
    header(opts, out, &rec.title, &rec.path, name, puzzle)?;
    // The recording holds at most `max` writes, which can make more steps
    // (a digit over another is an undo and a placement, a complete board
    // one more): every step of it is printed, as the page shows them.
    let mut noted = Noted {
        printer: printer(opts, out, u64::MAX),
        steps: &rec.steps,
        shape: rec.shape,
        k: 0,
    };
    let s = record::replay(puzzle, &rec.steps, &mut noted);
    if let Some(e) = noted.printer.error {
        return Err(Error::Write(e));
    }
    let revisits = rec.steps.iter().filter(|s| s.revisit).count();
    // A copy-back's writes are not the search's placements.
    let copied = rec.shape.copy_back.map_or(0, |(from, to)| {
        let steps = rec.steps.get(from - 1..to).unwrap_or_default();
        steps
            .iter()
            .filter(|s| matches!(s.event, Event::Place { .. }))
            .count() as u64
    });
    writeln!(out)?;
    writeln!(out, "{}", rec.ending)?;
    writeln!(
        out,
        "summary: {} placements, {} undos, max depth {}, {} complete board(s), {revisits} revisit(s){}",
        s.placements - copied,
        s.undos,
        s.max_depth,
        s.solutions,
        if copied > 0 {
            format!(", and the copy-back's {copied} writes")
        } else {
            String::new()
        }
    )?;
    for line in shape_lines(&rec.shape) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// What a user's file does besides its search, a line each (see
/// [`record::Shape`]).
pub fn shape_lines(shape: &record::Shape) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(k) = shape.never_reset {
        lines.push(format!(
            "never reset: a call returns leaving its digit on the board (first before step {k}); depth is the search function's calls holding a digit, not the digits on the board"
        ));
    }
    if let Some((complete, erased)) = shape.past_solution {
        lines.push(format!(
            "past the solution: the board is complete at step {complete}, and step {erased} takes a digit of it back: the search goes on"
        ));
    }
    if let Some((from, to)) = shape.copy_back {
        lines.push(format!(
            "copy-back: steps {from} to {to} write a saved answer back into the board, after the search (not revisits)"
        ));
    }
    if let Some(n) = shape.fills_straight {
        lines.push(format!(
            "filled straight: its {n} writes fill the board with none taken back, and none is made while a function that calls itself runs: on this puzzle it makes no search to compare (no guess undone)"
        ));
    }
    if shape.unseen {
        lines.push(
            "not all seen: the board it left holds changes that no write the trace saw made (a store the trace does not follow: docs/trace.md lists them); its steps are not its whole search, so they are not compared".into(),
        );
    }
    if let Some(n) = shape.writes_returning {
        lines.push(format!(
            "written while returning: each of its {n} writes is made by a shallower call than the one before, and none is taken back; its search ran before, on something other than the board (its own copy or tables), which the trace does not see"
        ));
    }
    lines
}

/// The terminal trace of a user's file: each step as the printer prints
/// it, and below it what the step is besides its event.
struct Noted<'a, 'b> {
    printer: Printer<'a>,
    steps: &'b [record::Step],
    shape: record::Shape,
    k: usize,
}

impl Watch for Noted<'_, '_> {
    fn step(&mut self, event: &Event, board: &Board, stats: &Stats) -> Result<(), Stopped> {
        self.printer.line = self.steps.get(self.k).map(|s| s.line);
        let done = self.printer.step(event, board, stats);
        let k = self.k;
        self.k += 1;
        if self.printer.animate || self.printer.error.is_some() {
            return done;
        }
        let Some(step) = self.steps.get(k) else {
            return done;
        };
        let note = match step.note {
            record::Note::Rewrite => Some(format!(
                "a same-digit rewrite: {} already holds this digit{}; the board does not change",
                at(event.cell().unwrap_or(0)),
                if self.shape.never_reset.is_some() {
                    ", left by a call that returned"
                } else {
                    ""
                }
            )),
            record::Note::Stale => Some(
                "a stale digit: a call that returned left it (the board is never reset); the call now at this cell writes over it"
                    .to_string(),
            ),
            record::Note::CopyBack if self.shape.copy_back.map(|c| c.0) == Some(k + 1) => {
                let (from, to) = self.shape.copy_back.unwrap_or_default();
                Some(format!(
                    "a copy-back: steps {from} to {to} write a saved answer back into the board, after the search"
                ))
            }
            _ if self.shape.past_solution.map(|p| p.1) == Some(k + 1) => Some(
                "past the solution: the board was complete, and the search goes on".to_string(),
            ),
            _ => None,
        };
        if let Some(note) = note {
            if let Err(e) = writeln!(self.printer.out, "             {note}") {
                self.printer.error = Some(e);
                return Err(Stopped);
            }
        }
        done
    }
}

/// One side of a page: `approach` run on `puzzle` for at most `max` steps.
/// Where the page's own most cut it (no `--max-steps` given), its ending
/// says so: the flag cannot raise that limit, only the terminal trace
/// goes further.
pub fn recording(
    opts: &Options,
    approach: &Approach,
    puzzle: &Grid,
    max: u64,
) -> Result<Recording, Error> {
    let mut rec = side_recording(opts, approach, puzzle, max)?;
    if opts.max_steps.is_none() && max == html::MAX_STEPS {
        rec.ending = rec.ending.replace(
            &format!("(--max-steps {max})"),
            "(a page's most a side, which --max-steps cannot raise; `sudoku trace` without --html follows it further, with --max-steps N)",
        );
    }
    Ok(rec)
}

fn side_recording(
    opts: &Options,
    approach: &Approach,
    puzzle: &Grid,
    max: u64,
) -> Result<Recording, Error> {
    match approach {
        // A write-up's original (Java, C++, JavaScript) is run as written,
        // so the page shows the run of the file it shows; where it cannot
        // run here, its mirror's steps, saying so. Its mirror is its
        // search: its time limit is sized from it.
        Approach::Mirror { key, source } if source.path.starts_with("examples/writeups/") => {
            let run = user_file::Run::sized_by(opts, puzzle, max, source.order, "its mirror");
            match run_original(source, puzzle, &run) {
                Ok(mut rec) => {
                    rec.key = key.clone();
                    Ok(rec)
                }
                Err(why) => {
                    let mut rec = record::mirror(source, key, puzzle, max, captions(source));
                    rec.title = format!(
                        "{} (the mirror of its search: the file itself could not run here: {why})",
                        rec.title
                    );
                    Ok(rec)
                }
            }
        }
        Approach::Mirror { key, source } => {
            Ok(record::mirror(source, key, puzzle, max, captions(source)))
        }
        Approach::UserFile(path) => {
            user_file::record(path, puzzle, &user_file::Run::new(opts, puzzle, max))
        }
    }
}

/// A write-up's original, run from a copy of its text (the program may be
/// installed far from the repository).
fn run_original(source: &Source, puzzle: &Grid, run: &user_file::Run) -> Result<Recording, Error> {
    let dir = tempfile::Builder::new()
        .prefix("sudoku-writeup-")
        .tempdir()
        .map_err(Error::Write)?;
    let name = source.path.rsplit('/').next().unwrap_or(source.path);
    let copy = dir.path().join(name);
    std::fs::write(&copy, source.text).map_err(Error::Write)?;
    let mut rec = user_file::record(&copy, puzzle, run)?;
    rec.path = source.path.to_string();
    rec.title = rec.title.replacen("your file", "the write-up's file", 1);
    rec.shipped = true;
    for (_, caption) in &mut rec.captions {
        *caption = caption.replacen("Your program", "The write-up", 1);
    }
    rec.ending = rec.ending.replace(&copy.display().to_string(), source.path);
    Ok(rec)
}

/// A page past this many bytes is said to be large (a file's frames holding
/// big containers at every one of 200,000 writes): a browser takes seconds
/// to open it.
const LARGE_PAGE: usize = 20 << 20;

/// The page: two sides recorded, written to `file`, and a few lines about it.
fn run_page(opts: &Options, file: &Path, out: &mut dyn Write) -> Result<(), Error> {
    let max = opts.max_steps.unwrap_or(html::MAX_STEPS);
    if max == 0 || max > html::MAX_STEPS {
        return Err(Error::Usage(format!(
            "--max-steps {max}: a page holds 1 to {} steps a side (a mirror's steps, your file's writes; more would be slow to open)",
            html::MAX_STEPS
        )));
    }
    let first = Approach::resolve(opts.approach.as_deref().unwrap_or("wrong"))?;
    let against = match &first {
        Approach::Mirror { source, .. } if source.order == Order::RowMajor => "wrong",
        _ => "right",
    };
    let second = Approach::resolve(opts.against.as_deref().unwrap_or(against))?;
    let (name, puzzle) = load_puzzle(opts.puzzle.as_deref())?;
    let mut sides = vec![
        recording(opts, &first, &puzzle, max)?,
        recording(opts, &second, &puzzle, max)?,
    ];
    if sides[0].key == sides[1].key {
        sides[1].key.push_str("-2");
    }
    let page = html::page(&name, &puzzle, &sides);
    std::fs::write(file, &page).map_err(|source| Error::Save {
        path: file.into(),
        source,
    })?;
    let counts: Vec<String> = sides
        .iter()
        .map(|s| format!("{} ({} steps)", s.key, s.steps.len()))
        .collect();
    writeln!(
        out,
        "wrote {} ({} KB): {} on {name}",
        file.display(),
        page.len().div_ceil(1024),
        counts.join(" against ")
    )?;
    if page.len() > LARGE_PAGE {
        writeln!(
            out,
            "a large page ({} MB: its frames' locals at every write): slow to open; --max-steps N keeps fewer steps",
            page.len() >> 20
        )?;
    }
    for side in &sides {
        writeln!(out, "{}: {}", side.key, side.ending)?;
        if let Some(fed) = &side.fed {
            writeln!(out, "{}: {fed}", side.key)?;
        }
        for line in shape_lines(&side.shape) {
            writeln!(out, "{}: {line}", side.key)?;
        }
    }
    let step = |s: Option<usize>| s.map_or("its end".to_string(), |s| format!("step {s}"));
    // A side that wrote nothing, or whose writes the trace did not all
    // see, has no search to compare.
    if let Some(empty) = sides.iter().find(|s| s.steps.is_empty() || s.shape.unseen) {
        let what = if empty.steps.is_empty() && empty.shape.unseen {
            "changed the board only by stores the trace does not follow"
        } else if empty.shape.unseen {
            "changed the board also by stores the trace does not follow"
        } else {
            "made no write to the board"
        };
        writeln!(
            out,
            "{} {what}, so there is no search to compare",
            empty.key
        )?;
        return Ok(());
    }
    match record::compare(&sides[0].steps, &sides[1].steps) {
        record::Comparison::Part(p) if p.matched == [0, 0] => writeln!(
            out,
            "the two differ from the first step: {} and {} do not begin with the same write",
            sides[0].key, sides[1].key
        )?,
        record::Comparison::Part(p) => writeln!(
            out,
            "the two do the same to the board until they part: {} at {}, {} at {}",
            sides[0].key,
            step(p.at[0]),
            sides[1].key,
            step(p.at[1])
        )?,
        record::Comparison::Same => writeln!(
            out,
            "the same search: the same placements and undos, in the same order"
        )?,
    }
    Ok(())
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read_puzzle;

    fn example() -> Grid {
        Grid::from_line(LEETCODE_EXAMPLE, 1).unwrap()
    }

    #[test]
    fn the_default_time_limit_grows_with_the_right_dfs_writes_up_to_the_step_limit() {
        let (limit, writes) = default_time_limit(&example(), 1_000_000);
        let right = search(Order::RowMajor, &example(), &mut Limit(None)).stats;
        assert_eq!(writes, right.placements + right.undos);
        assert_eq!(limit, BASE_TIME + TIME_PER_WRITE * writes as u32);
        assert_eq!(
            default_time_limit(&example(), 100),
            (BASE_TIME + TIME_PER_WRITE * 100, 100)
        );
    }

    #[test]
    fn the_default_step_limit_is_ten_times_the_right_dfs_within_its_bounds() {
        let lanqiao_sample2 = Grid::from_line(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            1,
        )
        .unwrap();
        let right = search(Order::RowMajor, &lanqiao_sample2, &mut Limit(None)).stats;
        assert_eq!(right.steps, 115_533);
        assert_eq!(default_max_steps(&lanqiao_sample2), 1_155_330);
        assert_eq!(default_max_steps(&example()), MIN_MAX_STEPS);
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
        assert_eq!(
            out.end,
            End::Loop {
                step: 9,
                same_as: 7
            }
        );
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
        // Complete, erase, back, complete, erase, back: the second retry is the first's state.
        assert_eq!(
            out.end,
            End::Loop {
                step: 8,
                same_as: 4
            }
        );
        assert_eq!((out.stats.solutions, erased), (2, 2));
    }

    #[test]
    fn puzzles_read_in_every_format() {
        let line = example();
        let rows: String = line.to_rows();
        assert_eq!(read_puzzle(&rows).unwrap(), line);
        let literal = crate::format::format_board(&line.to_board());
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
