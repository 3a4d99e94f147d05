//! A user's own file, traced by recording every write it makes to the
//! board: a LeetCode 37 solution (its `solveSudoku`'s board), or in C, C++,
//! Java and Rust also a stdin program (Lanqiao's 9 lines of 9 digits, or
//! another problem's one 9×9 grid), whose board is the table found holding
//! the puzzle once it is read.
//!
//! [`record`] is the whole route, one step after another: the entry found
//! as `sudoku judge` places the file ([`entry`]); the program built (the
//! interpreter with the harness, or a copy that reports its writes, built
//! as the judge builds the file) and run in the judge's sandbox on the
//! puzzle ([`program`]); what it said read ([`heard`]); how it ended; the
//! steps replayed from its writes.
//!
//! Python and JavaScript hand the solution a board the harness owns: a list
//! subclass (`harness.py`) or a Proxy (`harness.js`) that reports each item
//! assignment with the line of the user's file that made it. C, C++, Java
//! and Rust files are built from a copy that reports its own writes, calls
//! and locals ([`super::instrument`]), so the file on disk is never changed
//! and every line keeps its number. Either runs as a child process with a
//! CPU-time, wall-clock, memory and output limit, and stops itself at the
//! step limit.

mod entry;
mod heard;
mod program;

use super::record::{shape, steps_of_writes, EndKind, Recording, StackKind};
use super::source::Kind;
use super::Error;
use crate::grid::{Grid, CELLS};
use crate::judge::language::{self, Language};
use crate::sandbox::{End, Limits};
use entry::{Call, Found};
use heard::Heard;
use program::{Program, Ran};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The largest solution file read: the judge's.
const MAX_SOURCE_BYTES: u64 = crate::judge::secure::SOURCE_CAP;

/// What running a user's file needs besides the file.
#[derive(Clone, Debug)]
pub struct Run {
    /// This program, whose `sandbox` subcommand supervises the child.
    pub exe: PathBuf,
    /// CPU time the program may use.
    pub time_limit: Duration,
    /// How [`Run::time_limit`] was sized, where the user did not give it:
    /// the writes of a search on the puzzle, and which search ("the right
    /// DFS", or a write-up original's own mirror).
    pub sized_from: Option<(u64, &'static str)>,
    /// Writes recorded at most.
    pub max_steps: u64,
    /// Run it even where the sandbox is a process group only.
    pub trust: bool,
    /// The problem it solves, named by the user; `None`: as the judge
    /// places it.
    pub problem: Option<&'static crate::judge::problem::Problem>,
}

impl Run {
    /// A run of `opts`'s user file on `puzzle` for at most `max` writes:
    /// its time limit given, or [`super::default_time_limit`].
    pub fn new(opts: &super::Options, puzzle: &Grid, max: u64) -> Run {
        Run::sized_by(opts, puzzle, max, super::Order::RowMajor, "the right DFS")
    }

    /// [`Run::new`] with the time limit, where none is given, sized from
    /// the search of `order` ([`super::time_limit_for`]), named `by`.
    pub fn sized_by(
        opts: &super::Options,
        puzzle: &Grid,
        max: u64,
        order: super::Order,
        by: &'static str,
    ) -> Run {
        let (time_limit, sized_from) = match opts.time_limit {
            Some(limit) => (limit, None),
            None => {
                let (limit, writes) = super::time_limit_for(order, puzzle, max);
                (limit, Some((writes, by)))
            }
        };
        Run {
            exe: opts.exe.clone(),
            time_limit,
            sized_from,
            max_steps: max,
            trust: opts.trust,
            problem: opts.problem,
        }
    }
}

/// Whether `path` names a file in a language the trace can hook: Python
/// and JavaScript everywhere, C, C++, Java and Rust where the recorder's
/// Unix calls are (Linux, macOS).
pub fn is_user_file(path: &Path) -> bool {
    language::of(path).is_some_and(|l| program::harness(l).is_some() || compiled_here(l))
}

/// Whether a file in `lang` is traced by building a copy that reports its
/// writes (C, C++, Java, Rust), which needs Unix.
#[cfg(unix)]
fn compiled_here(lang: &Language) -> bool {
    language::COPY_TRACED.contains(&lang.name)
}

#[cfg(not(unix))]
fn compiled_here(_: &Language) -> bool {
    false
}

/// Why a file in `language` cannot be traced here, and what to do instead.
pub fn why_not(path: &Path, language: &str) -> String {
    format!(
        "{}: tracing a {language} file needs Unix (Linux or macOS): its recorder tells the \
         trace each write through a file descriptor kept at start-up. Trace it on Linux or \
         macOS, or port it to Python or JavaScript (`sudoku trace --approach my.py --html \
         trace.html`); `sudoku judge {}` still judges it here.",
        path.display(),
        path.display()
    )
}

/// Runs the user's `path` on `puzzle` and keeps its writes as steps.
pub fn record(path: &Path, puzzle: &Grid, run: &Run) -> Result<Recording, Error> {
    let found = entry::find(path, run.problem)?;
    let program = program::build(path, &found, run)?;
    let mut ran = program.run(path, &found, puzzle, run)?;
    if !ran.heard.started {
        return Err(not_started(path, &found, &program, &ran));
    }
    let (end, ending, unseen) = ending(path, puzzle, run, &found, &program, &mut ran);
    let title = format!(
        "your file, {}: every write to the board, with the line that made it{}{}{}{}{}",
        program.by,
        found.note,
        program.built_as,
        ran.fed,
        early(&ran.heard),
        program.no_locals
    );
    let empty = if program.copy { "an empty cell" } else { "'.'" };
    let mut rec = recording(
        path, found.text, title, puzzle, ran.heard, end, ending, empty,
    );
    rec.shape.unseen = unseen;
    rec.fed = (!ran.fed.is_empty()).then(|| ran.fed.trim().trim_matches(['(', ')']).to_string());
    Ok(rec)
}

/// Why a program that never reached its board (no `solveSudoku` called,
/// no table holding the puzzle written) cannot be traced.
fn not_started(path: &Path, found: &Found, program: &Program, ran: &Ran) -> Error {
    let shown = path.display();
    let said = match ran.stderr.trim() {
        "" => "(nothing on stderr)",
        said => said,
    };
    let end = ran.sandbox.end;
    // A compiled file ran as the trace's copy, whose recorder's calls can
    // make undefined behaviour come out otherwise than in the judge's build.
    let ended = if program.copy {
        format!(
            "the copy the trace built ended: {}; `sudoku judge` shows how the judge's build ends",
            end_words(end)
        )
    } else {
        format!("it ended: {}", end_words(end))
    };
    Error::Approach(match &found.call {
        Call::Stdin { .. } => {
            let problem = found.problem;
            let tried = if problem.key == "lanqiao" && !found.named {
                "Lanqiao's input (9 lines of 9 digits, 0 unknown), then POJ 2676's (a count of grids, 1, first)".to_string()
            } else {
                format!("{}'s input ({})", problem.short, problem.input)
            };
            format!(
                "{shown}: fed {tried}, it wrote no table holding the puzzle ({ended}). The trace takes a stdin program's board to be the table (int a[9][9], char g[10][10], string s[9], vector<vector<int>>, …) whose cells are the puzzle's once it is read, and follows the stores into it; a program that reads another problem's input needs that problem named, with --problem KEY (p1784 for Luogu's rows of digits with spaces between; keys: {}) or in its file name (poj2676_mine.cpp), as `sudoku judge` takes it, and one that keeps the board otherwise (one array of 81, bitmasks) cannot be traced. Its stderr:\n{said}",
                crate::judge::problem::PROBLEMS
                    .iter()
                    .filter(|p| p.grid_input().is_some())
                    .map(|p| p.key)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
        _ => format!("{shown} failed before solveSudoku was called ({ended}):\n{said}"),
    })
}

/// What the header says of the file's own calls of `solveSudoku` before
/// the trace's (a test at its bottom), or nothing.
fn early(heard: &Heard) -> String {
    heard.early.map_or(String::new(), |(n, line)| {
        format!(
            " (before it, the file's own code at line {line} called solveSudoku {}: {} not recorded, nor {} output; what is traced is the trace's own call on the puzzle)",
            if n == 1 { "once".to_string() } else { format!("{n} times") },
            if n == 1 { "that call is" } else { "those calls are" },
            if n == 1 { "its" } else { "their" }
        )
    })
}

/// How the run ended: the recorder's word, else the board the program left
/// (the harness's as `solveSudoku` returned; a copy's printed: LeetCode's
/// literal from the judge's harness, a stdin program's 81 digits),
/// checked, else the limit that cut it, else its exit and what it said
/// (a copy's crash, or stderr's last line); and whether that board holds
/// changes no write the trace saw made.
fn ending(
    path: &Path,
    puzzle: &Grid,
    run: &Run,
    found: &Found,
    program: &Program,
    ran: &mut Ran,
) -> (EndKind, String, bool) {
    let end = ran.sandbox.end;
    let heard = &mut ran.heard;
    let finished = matches!(end, End::Exit(0));
    // A stdin program prints its board when it likes, and may write on
    // after (a search that does not stop at its solution): how many of its
    // writes had been made when the board last held the board it printed.
    let mut printed_at = None;
    let left = if !program.copy {
        heard.last_board.clone()
    } else if !finished {
        None
    } else if found.leetcode() {
        heard
            .output
            .iter()
            .rev()
            .find(|l| l.trim_start().starts_with("[["))
            .map(|l| {
                l.split('"')
                    .skip(1)
                    .step_by(2)
                    .filter_map(|s| s.chars().next())
                    .collect::<String>()
            })
    } else {
        let digits: String = heard
            .output
            .iter()
            .flat_map(|l| l.chars())
            .filter(char::is_ascii_digit)
            .collect();
        // Its 81 digits; or, after a prompt with digits of its own
        // (`0 for empty cells`), its last 81 where they are a board its
        // writes made. Past the output kept, it printed more than a board.
        let last = (!heard.output_cut)
            .then(|| digits.len().checked_sub(81).map(|from| &digits[from..]))
            .flatten();
        printed_at = last
            .and_then(board_cells)
            .and_then(|b| writes_holding(puzzle, &heard.writes, &b));
        last.filter(|_| digits.len() == 81 || printed_at.is_some())
            .map(str::to_string)
    };
    let kind = match (heard.end, &left, end) {
        (Some(kind), _, _) => kind,
        (None, Some(board), _) if returned_solved(puzzle, board) => EndKind::Solved,
        (None, None, End::CpuLimit | End::WallLimit) => EndKind::Stopped,
        _ => EndKind::Unsolved,
    };
    let writes = heard.writes.len();
    // The board the writes the trace saw made: all of them, or those made
    // when a stdin program printed its board (which is that board).
    let left_cells = left.as_deref().and_then(board_cells);
    let made = match (printed_at, left_cells) {
        (Some(_), Some(printed)) => printed,
        _ => replay(puzzle, &heard.writes),
    };
    let unseen = left_cells.is_some_and(|b| b != made);
    if let (true, true, Some(ending)) = (program.copy, heard.bad, &mut heard.ending) {
        // Undefined behaviour (a function falling off its end, an index
        // past an array) may write a bad value in one build and not in
        // another.
        ending.push_str(" (in the copy the trace built, with its recorder's calls: where the file has undefined behaviour, the judge's build of it may run otherwise; `sudoku judge FILE` shows how that one ends)");
    }
    let text = heard.ending.take().unwrap_or_else(|| {
        if let Some(board) = left.as_deref().filter(|b| !program.copy || board_cells(b).is_some()) {
            let said = returned(puzzle, &made, board);
            if found.leetcode() {
                return said;
            }
            let mut said = said.replacen("returned: the board", "printed: the board", 1);
            if let Some(k) = printed_at.filter(|&k| k < writes) {
                said.push_str(&format!(
                    " (the board as it was after {k} of its {writes} writes: it wrote on after printing it)"
                ));
            }
            return said;
        }
        let what = if found.leetcode() { "returned" } else { "ended" };
        let stats = (end, ran.sandbox.cpu, ran.sandbox.stdout_bytes);
        if let Some(cut) = cut_by_limit(stats, run, &ran.limits, writes, what) {
            return cut;
        }
        let shown = path.display().to_string();
        let crash = program
            .copy
            .then(|| (found.lang.crash)(&ran.stderr, &shown))
            .flatten();
        let said = crash
            .as_deref()
            .or_else(|| ran.stderr.lines().last())
            .map(|c| format!(": {c}"))
            .unwrap_or_default();
        if program.copy && matches!(end, End::Signal(_)) {
            // A signal in the copy: a fault of the program's own, or
            // undefined behaviour that the copy's recorder calls make come
            // out otherwise than in the judge's build of the file.
            format!(
                "the program ended ({}) after {writes} writes{said} (in the copy the trace built, with its recorder's calls: where the file has undefined behaviour, the judge's build of it may run otherwise; `sudoku judge FILE` shows how that one ends)",
                end_words(end)
            )
        } else {
            format!(
                "the program ended ({}) after {writes} writes{said}",
                end_words(end)
            )
        }
    });
    (kind, text, unseen)
}

/// How a run ended, in words.
fn end_words(end: End) -> String {
    match end {
        End::Exit(code) => format!("exit code {code}"),
        End::Signal(sig) | End::InitKilled(sig) => {
            format!("killed by {}", crate::judge::verdict::signal_name(sig))
        }
        End::CpuLimit => "the time limit".into(),
        End::WallLimit => "the wall-clock backstop".into(),
        End::MemoryLimit => "the memory limit".into(),
        End::OutputLimit => "the output limit".into(),
        End::ProcessLimit => "the process limit".into(),
    }
}

/// The name of the user's file, for its copy or its place in the sandbox.
fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "solution".into())
}

/// How many of `writes`, replayed on `puzzle`, had been made when the board
/// last held `board`; `None` if it never did.
fn writes_holding(
    puzzle: &Grid,
    writes: &[(usize, u8, usize)],
    board: &[u8; CELLS],
) -> Option<usize> {
    let mut cells = puzzle.0;
    let mut differ = cells.iter().zip(board).filter(|(a, b)| a != b).count();
    let mut last = (differ == 0).then_some(0);
    for (k, &(cell, digit, _)) in writes.iter().enumerate() {
        let was = cells[cell] != board[cell];
        cells[cell] = digit;
        let is = cells[cell] != board[cell];
        differ = differ + usize::from(is) - usize::from(was);
        if differ == 0 {
            last = Some(k + 1);
        }
    }
    last
}

/// The board after `writes`.
fn replay(puzzle: &Grid, writes: &[(usize, u8, usize)]) -> [u8; CELLS] {
    let mut cells = puzzle.0;
    for &(cell, digit, _) in writes {
        cells[cell] = digit;
    }
    cells
}

/// The recorder's room a write, for the line of the write with the calls,
/// returns and locals around it: a frame's locals are sent when they
/// changed, at most 160 characters a value.
pub(crate) const OUTPUT_PER_WRITE: u64 = 2048;

/// The output limit of a run of at most `max_steps` writes: room for each,
/// and at most 256 MiB on disk.
pub(crate) fn output_limit(max_steps: u64) -> u64 {
    (max_steps + 16)
        .saturating_mul(OUTPUT_PER_WRITE)
        .saturating_add(1 << 20)
        .min(256 << 20)
}

/// How a run that a limit cut ended, in words (`what`: what the program
/// had not done, "returned" or "ended"); `None` where no limit cut it.
fn cut_by_limit(
    (end, cpu, written): (End, Duration, u64),
    run: &Run,
    limits: &Limits,
    writes: usize,
    what: &str,
) -> Option<String> {
    let sized = run.sized_from.map_or(String::new(), |(writes, by)| {
        format!(
            ", {} ms and {} ms for each of the {writes} writes {by} makes on this puzzle",
            super::BASE_TIME.as_millis(),
            super::TIME_PER_WRITE.as_millis()
        )
    });
    // An interpreter that ignores SIGXFSZ ends by its own error on the
    // write the limit refused: the bytes written tell.
    if end == End::OutputLimit || written >= limits.output_bytes {
        let each = written / (writes as u64).max(1);
        let why = if each > OUTPUT_PER_WRITE {
            format!(
                "its frames hold more than the recorder's room of {OUTPUT_PER_WRITE} bytes a write: {each} here"
            )
        } else {
            format!(
                "{each} bytes a write with its calls and locals: the limit, the trace's most, holds no more of them; a puzzle with more givens takes fewer writes"
            )
        };
        return Some(format!(
            "stopped at the trace's output limit ({} MB of the recorder's lines, its calls and locals) after {writes} writes: the program had not {what} ({why})",
            limits.output_bytes >> 20,
        ));
    }
    match end {
        End::CpuLimit => Some(format!(
            "stopped by the time limit ({} ms of CPU time{sized}) after {writes} writes, having used {} ms: the program had not {what} (--time-limit MS gives it more)",
            run.time_limit.as_millis(),
            cpu.as_millis()
        )),
        End::WallLimit => Some(format!(
            "stopped by the wall-clock backstop ({} ms, for {} ms of CPU time{sized}) after {writes} writes, having used {} ms of CPU: the program had not {what}, and was mostly waiting (--time-limit MS raises both)",
            limits.wall.as_millis(),
            run.time_limit.as_millis(),
            cpu.as_millis()
        )),
        End::MemoryLimit => Some(format!(
            "stopped at the memory limit ({} MB) after {writes} writes",
            limits.memory_kib / 1024
        )),
        _ => None,
    }
}

/// A user's file's recording, from what its harness or recorder said:
/// the steps of its writes, with their calls and locals; `empty` is how the
/// undo caption names the empty cell's value.
#[allow(clippy::too_many_arguments)]
fn recording(
    path: &Path,
    text: String,
    title: String,
    puzzle: &Grid,
    heard: Heard,
    end: EndKind,
    ending: String,
    empty: &str,
) -> Recording {
    let mut steps = steps_of_writes(puzzle, &heard.writes, &heard.write_ops);
    let mut ops = heard.ops;
    ops.truncate(steps.iter().map(|s| s.ops as usize).sum());
    let shape = shape(puzzle, &mut steps, &ops, &heard.names);
    let shipped = shipped(path);
    let who = if shipped {
        "The write-up"
    } else {
        "Your program"
    };
    let title = if shipped {
        title.replacen("your file", "the write-up", 1)
    } else {
        title
    };
    let key = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "mine".into());
    Recording {
        key,
        title,
        path: path.display().to_string(),
        text,
        steps,
        ending,
        order: None,
        end,
        end_line: heard.end_line,
        captions: vec![
            (Kind::Place, format!("{who} wrote a digit into an empty cell [line L].")),
            (Kind::Undo, format!("{who} wrote {empty} (or another digit) over a digit [line L]: the digit is taken back.")),
            (Kind::Complete, "Every cell is filled after this write, and the board is a solution (a step the trace adds: the program wrote nothing more here).".into()),
        ],
        stack: StackKind::Frames,
        names: heard.names,
        values: heard.values,
        locals: heard.locals,
        ops,
        shape,
        shipped,
        fed: None,
    }
}

/// Whether `path` is a file this project ships, in its own checkout: a
/// solution, a write-up original, a file of `inputs/trace/`.
fn shipped(path: &Path) -> bool {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (Ok(file), Ok(root)) = (std::fs::canonicalize(path), std::fs::canonicalize(root)) else {
        return false;
    };
    ["solutions", "examples/writeups", "inputs/trace"]
        .iter()
        .any(|dir| file.parent() == Some(&root.join(dir)))
}

/// The cells of a board the harness sent, if it is 81 of them.
fn board_cells(board: &str) -> Option<[u8; CELLS]> {
    let cells: Vec<u8> = board
        .chars()
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    <[u8; CELLS]>::try_from(cells).ok()
}

/// Whether the board a program returned solves `puzzle`.
fn returned_solved(puzzle: &Grid, board: &str) -> bool {
    board_cells(board)
        .is_some_and(|last| crate::oracle::check_solution(puzzle, &Grid(last)).is_ok())
}

/// The ending of a program that returned: its board, checked.
fn returned(puzzle: &Grid, replayed: &[u8; CELLS], board: &str) -> String {
    let Some(last) = board_cells(board) else {
        return "the program returned a board that is not 9 rows of 9".into();
    };
    let unseen = if last == *replayed {
        ""
    } else if replayed == &puzzle.0 {
        " (none of its changes to the board were writes the trace could see: it stores into the board in a way the trace does not follow)"
    } else {
        " (some of its changes to the board were not writes the trace could see: it stores into the board in a way the trace does not follow, so these steps are not its whole search)"
    };
    match crate::oracle::check_solution(puzzle, &Grid(last)) {
        Ok(()) => format!("returned: the board is solved (checked){unseen}"),
        Err(e) => format!("returned: the board is not a solution ({e}){unseen}"),
    }
}

/// The user's file, read as `sudoku judge` reads a source: a regular file
/// of at most [`MAX_SOURCE_BYTES`], never waited on (a FIFO is refused), a
/// link followed only where the trace's own user owns it.
fn read_source(path: &Path) -> Result<String, Error> {
    use crate::judge::secure::{self, Refused};
    let bytes = secure::read_named(path, MAX_SOURCE_BYTES).map_err(|why| match why {
        Refused::Io(source) => Error::Read {
            path: path.into(),
            source,
        },
        Refused::TooBig { size, .. } => Error::Approach(format!(
            "{}: {size} bytes, longer than the {MAX_SOURCE_BYTES} a traced file may hold; a LeetCode solution is a few KB",
            path.display()
        )),
        other => Error::Approach(format!("{}: {other}", path.display())),
    })?;
    // What LeetCode is given of the file, as the judge takes it (a plugin's
    // submit region: the copy the trace builds then has no marks for the
    // judge to find, and the recorder put after its last line is kept).
    use crate::judge::language;
    let bytes = language::of(path)
        .and_then(|lang| language::as_submitted(&bytes, lang))
        .map_or(bytes, |(kept, _)| kept);
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The output limit's reason is the one that held: the room a write
    /// (its frames hold more), or the limit's cap (each write fits, and
    /// the cap holds no more of them).
    #[test]
    fn a_cut_at_the_output_limit_says_which_room_ran_out() {
        let run = Run {
            exe: PathBuf::new(),
            time_limit: Duration::from_secs(5),
            sized_from: None,
            max_steps: 1_155_330,
            trust: false,
            problem: None,
        };
        let limits = Limits {
            cpu: run.time_limit,
            wall: run.time_limit * 3,
            memory_kib: 512 << 10,
            output_bytes: output_limit(run.max_steps),
            disk_bytes: 0,
            processes: 1,
            threads: 1,
            address_space: false,
        };
        assert_eq!(limits.output_bytes, 256 << 20);
        let cut = |written: u64, writes: usize| {
            cut_by_limit(
                (End::OutputLimit, Duration::ZERO, written),
                &run,
                &limits,
                writes,
                "returned",
            )
            .unwrap()
        };
        let capped = cut(256 << 20, 806_759);
        assert!(
            capped.starts_with("stopped at the trace's output limit (256 MB of the recorder's lines, its calls and locals) after 806759 writes: the program had not returned (332 bytes a write with its calls and locals: the limit, the trace's most, holds no more of them"),
            "{capped}"
        );
        let deep = cut(256 << 20, 50_000);
        assert!(
            deep.ends_with(
                "(its frames hold more than the recorder's room of 2048 bytes a write: 5368 here)"
            ),
            "{deep}"
        );
    }
}
