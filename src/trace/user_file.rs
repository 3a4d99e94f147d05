//! A user's own file, traced by recording every write it makes to the
//! board: a LeetCode 37 solution (its `solveSudoku`'s board), or in C, C++,
//! Java and Rust also a stdin program (Lanqiao's 9 lines of 9 digits), whose
//! board is the table found holding the puzzle once it is read.
//!
//! Python and JavaScript hand the solution a board the harness owns: a list
//! subclass (`harness.py`) or a Proxy (`harness.js`) that reports each item
//! assignment with the line of the user's file that made it. C, C++, Java
//! and Rust files are built from a copy that reports its own writes, calls
//! and locals ([`super::instrument`]), with the judge's own build (its
//! compiler, flags and harness), so the file on disk is never changed and
//! every line keeps its number. Either runs in the judge's sandbox, a child
//! process with a CPU-time, wall-clock, memory and output limit, and stops
//! itself at the step limit.

#[cfg(unix)]
mod compiled;

use super::record::{shape, steps_of_writes, EndKind, FrameOp, Recording, StackKind};
use super::source::Kind;
use super::Error;
use crate::grid::{Grid, CELLS};
use crate::judge::language::{self, Entry, Language, Method};
use crate::sandbox::{self, End, Limits, Supervisor, View};
use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::time::Duration;

const PYTHON: &str = include_str!("harness.py");
const JAVASCRIPT: &str = include_str!("harness.js");

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

/// The interpreter's flags and the harness for a language the trace can
/// hook: the harness is the interpreter's own argument (`-c`, `-e`), so no
/// file is left behind. Node's `--expose-internals` lends the harness the
/// parser node carries (acorn), with which it instruments the file.
fn harness(lang: &Language) -> Option<(&'static [&'static str], &'static str)> {
    match lang.name {
        "Python 3" => Some((&["-c"], PYTHON)),
        "JavaScript" => Some((&["--expose-internals", "-e"], JAVASCRIPT)),
        _ => None,
    }
}

/// Whether `path` names a file in a language the trace can hook: Python
/// and JavaScript everywhere, C, C++, Java and Rust where the recorder's
/// Unix calls are (Linux, macOS).
pub fn is_user_file(path: &Path) -> bool {
    language::of(path).is_some_and(|l| harness(l).is_some() || compiled_here(l))
}

/// Whether a file in `lang` is traced by building a copy that reports its
/// writes (C, C++, Java, Rust), which needs Unix.
#[cfg(unix)]
fn compiled_here(lang: &Language) -> bool {
    super::instrument::Lang::of(lang.name).is_some()
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
    if let Some(_lang) = language::of(path).filter(|l| harness(l).is_none()) {
        #[cfg(unix)]
        return compiled::record(path, puzzle, run);
        #[cfg(not(unix))]
        return Err(Error::Approach(why_not(path, _lang.name)));
    }
    let (lang, text, entry) = leetcode_37_file(path, run.problem)?;
    crate::judge::solution::check_sandbox(&run.exe, run.trust)
        .map_err(|e| Error::Approach(format!("{}: {e}", path.display())))?;
    let shown = path.display().to_string();
    let (ran, limits) = run_in_sandbox(path, lang, puzzle, run, &entry.class)?;
    let stderr = String::from_utf8_lossy(&ran.stderr).into_owned();
    let mut heard = read_harness(
        BufReader::new(ran.stdout),
        &shown,
        run.max_steps,
        Board::Strings,
    )?;
    if !heard.started {
        let why = stderr.trim();
        return Err(Error::Approach(format!(
            "{shown} failed before solveSudoku was called:\n{}",
            if why.is_empty() { "(no message)" } else { why }
        )));
    }
    let replayed = replay(puzzle, &heard.writes);
    let writes = heard.writes.len();
    let end = match (&heard.end, &heard.last_board, ran.end) {
        (Some(end), _, _) => *end,
        (None, Some(board), _) if returned_solved(puzzle, board) => EndKind::Solved,
        (None, Some(_), _) => EndKind::Unsolved,
        (None, None, End::CpuLimit | End::WallLimit) => EndKind::Stopped,
        _ => EndKind::Unsolved,
    };
    let ending = match (heard.ending.take(), &heard.last_board) {
        (Some(ending), _) => ending,
        (None, Some(board)) => returned(puzzle, &replayed, board),
        (None, None) => cut_by_limit(
            (ran.end, ran.cpu, ran.stdout_bytes),
            run,
            &limits,
            writes,
            "returned",
        )
        .unwrap_or_else(|| {
            format!(
                "the program ended ({:?}) after {writes} writes: {}",
                ran.end,
                stderr.lines().last().unwrap_or("")
            )
        }),
    };
    let early = heard.early.map_or(String::new(), |(n, line)| {
        format!(
            " (before it, the file's own code at line {line} called solveSudoku {}: {} not recorded, nor {} output; what is traced is the trace's own call on the puzzle)",
            if n == 1 { "once".to_string() } else { format!("{n} times") },
            if n == 1 { "that call is" } else { "those calls are" },
            if n == 1 { "its" } else { "their" }
        )
    });
    let title = format!(
        "your file, run by {}: every write to the board, with the line that made it{}{early}",
        lang.tool, entry.note
    );
    Ok(recording(
        path, text, title, puzzle, heard, end, ending, "'.'",
    ))
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

/// The language and text of `path`, refused unless it is a Python or
/// JavaScript file that `sudoku judge` places as LeetCode 37
/// ([`crate::judge::solution::place`], one rule for both), and the class
/// holding `solveSudoku` where it is not LeetCode's `Solution`, with the
/// header's words for it.
fn leetcode_37_file(
    path: &Path,
    named: Option<&'static crate::judge::problem::Problem>,
) -> Result<(&'static Language, String, Entry37), Error> {
    let cannot = |why: String| Error::Approach(why);
    let lang = language::of(path)
        .filter(|_| is_user_file(path))
        .ok_or_else(|| {
            cannot(format!(
                "{}: not a Python or JavaScript file",
                path.display()
            ))
        })?;
    match named.map(|p| p.key) {
        None | Some("lc37") => {}
        Some("lc36") => {
            return Err(cannot(format!(
                "{}: --problem lc36: a LeetCode 36 solution checks a board and writes nothing to it; the trace follows a search (LeetCode 37's solveSudoku, or a stdin program's)",
                path.display()
            )))
        }
        Some(key) => {
            return Err(cannot(format!(
                "{}: --problem {key}: the trace runs a {} file as LeetCode 37's solveSudoku, not as a program reading stdin (stdin programs are traced in C, C++, Java and Rust); without --problem, or with --problem lc37, it traces its solveSudoku",
                path.display(),
                lang.name
            )))
        }
    }
    let text = read_source(path)?;
    let methods = (lang.leetcode)(&text);
    let solution = Entry37 {
        class: "Solution".into(),
        note: String::new(),
    };
    let judged = match crate::judge::solution::place(path, &text, lang, named) {
        Ok((_, Entry::LeetCode(Method::SolveSudoku), _))
            if methods.contains(&Method::SolveSudoku) =>
        {
            return Ok((lang, text, solution))
        }
        Ok((_, Entry::LeetCode(Method::SolveSudoku), judged)) => {
            if let Some(other) = (lang.other_class)(&text) {
                let note = format!(
                    ". `sudoku judge` judges it as {judged}: LeetCode calls `Solution().solveSudoku(board)` and would not find it (line {}: rename the class to Solution); the trace calls class {}'s",
                    other.line, other.class
                );
                return Ok((
                    lang,
                    text,
                    Entry37 {
                        class: other.class,
                        note,
                    },
                ));
            }
            judged
        }
        // Two problems: LeetCode 37's method beside another's.
        Err(_) if methods.contains(&Method::SolveSudoku) => return Ok((lang, text, solution)),
        // A Python function at the top level, in no class.
        Ok((_, Entry::Program, judged))
            if lang.name == "Python 3"
                && text.lines().any(|l| l.starts_with("def solveSudoku(")) =>
        {
            let note = format!(
                ". `sudoku judge` judges it as {judged}: its solveSudoku is a function at the top level, and LeetCode calls `Solution().solveSudoku(board)` (put it in class Solution, with self first); the trace calls the function"
            );
            return Ok((
                lang,
                text,
                Entry37 {
                    class: String::new(),
                    note,
                },
            ));
        }
        Ok((_, _, judged)) => judged,
        Err(e) => e.to_string(),
    };
    Err(cannot(format!(
        "{}: it has no solveSudoku where LeetCode looks for it ({}), and the trace runs a {} file's solveSudoku only (a stdin program is traced in C, C++, Java and Rust); `sudoku judge` judges it as {judged}",
        path.display(),
        (lang.frame)(Method::SolveSudoku),
        lang.name
    )))
}

/// The class whose `solveSudoku` the Python harness calls (none: the
/// module's own function), and what the header says of it where it is not
/// LeetCode's `Solution`.
struct Entry37 {
    class: String,
    note: String,
}

/// Runs the harness on `path` in the judge's sandbox: the user's file bound
/// read-only at `/box`, the puzzle and the step limit as arguments.
fn run_in_sandbox(
    path: &Path,
    lang: &Language,
    puzzle: &Grid,
    run: &Run,
    class: &str,
) -> Result<(sandbox::Run, Limits), Error> {
    let cannot = |why: String| Error::Approach(why);
    let absolute = std::fs::canonicalize(path).map_err(|source| Error::Read {
        path: path.into(),
        source,
    })?;
    let toolchain = (lang.toolchain)(&crate::judge::language::tool_for(lang))
        .map_err(|e| cannot(format!("{}: {} ({})", path.display(), e, lang.install)))?;
    let (flags, harness) = harness(lang).expect("leetcode_37_file checked the language");
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "solution".into());
    let inside = PathBuf::from("/box").join(&name);
    let puzzle_text: String = puzzle
        .0
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect();
    let mut args: Vec<OsString> = flags.iter().map(OsString::from).collect();
    args.extend([
        harness.into(),
        inside.clone().into(),
        puzzle_text.into(),
        run.max_steps.to_string().into(),
        class.into(),
    ]);
    let limits = Limits {
        cpu: run.time_limit,
        wall: run.time_limit * 3 + Duration::from_secs(2),
        memory_kib: 512 * 1024,
        // A line a write, "w 8 8 9 12345\n", with the calls and returns
        // around it, the locals of the frames that changed (a line of at
        // most 160 characters of values each; mostly the innermost's and
        // the container's holder), and room for the rest.
        output_bytes: output_limit(run.max_steps),
        disk_bytes: crate::judge::DISK_LIMIT,
        processes: 1,
        threads: crate::sandbox::THREADS,
        address_space: lang.address_space,
    };
    let mut binds = vec![(absolute, inside)];
    binds.extend(toolchain.prefix.iter().map(|p| (p.clone(), p.clone())));
    let tool = toolchain.program.clone();
    let ran = Supervisor::of(&run.exe)
        .run(
            tool.as_os_str(),
            &args,
            None,
            &limits,
            &View { binds, work: None },
        )
        .map_err(|e| {
            cannot(format!(
                "cannot run {} ({}): {e}",
                path.display(),
                lang.install
            ))
        })?;
    Ok((ran, limits))
}

/// What the harness reported, line by line.
#[derive(Default)]
struct Heard {
    /// `solveSudoku` was called.
    started: bool,
    /// The file's own calls of `solveSudoku` before the harness's (a test
    /// at its bottom), and the line of the first.
    early: Option<(u64, usize)>,
    /// (cell, digit or 0, line of the user's file) per write.
    writes: Vec<(usize, u8, usize)>,
    /// How the run ended, when the harness said (a bad write, the step
    /// limit, an exception).
    ending: Option<String>,
    /// The board `solveSudoku` left, when it returned.
    last_board: Option<String>,
    /// How it ended, when the harness said.
    end: Option<EndKind>,
    /// The line that raised, or 0.
    end_line: usize,
    /// The calls begun and returned, in order.
    ops: Vec<FrameOp>,
    /// How many of `ops` came before each write.
    write_ops: Vec<u32>,
    /// Since the last write.
    pending: u32,
    /// The functions, the values and the locals `ops` name.
    names: Vec<String>,
    values: Vec<String>,
    locals: Vec<String>,
    /// The last lines of the program's own output (a compiled file's
    /// protocol comes marked among them), at most [`OUTPUT_KEPT`] bytes.
    output: std::collections::VecDeque<String>,
    /// Bytes of `output`, and whether earlier lines were let go.
    output_bytes: usize,
    output_cut: bool,
    /// Calls reported and not yet returned: an `o N` ends at most these.
    depth: u32,
}

/// The program's own output kept for the ending (a LeetCode literal, a
/// stdin program's 9 lines): its last 64 KiB. Whatever the program prints,
/// what the trace holds of it is bounded by what it printed, byte for byte.
const OUTPUT_KEPT: usize = 64 << 10;

impl Heard {
    /// One line of the program's own output, kept among the last
    /// [`OUTPUT_KEPT`] bytes.
    fn keep_output(&mut self, line: String) {
        self.output_bytes += line.len() + 1;
        self.output.push_back(line);
        while self.output_bytes > OUTPUT_KEPT {
            let Some(first) = self.output.pop_front() else {
                break;
            };
            self.output_bytes -= first.len() + 1;
            self.output_cut = true;
        }
    }
}

/// What the board holds, for the words of a bad write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(unix), allow(dead_code))]
enum Board {
    /// Python's and JavaScript's one-character strings.
    Strings,
    /// LeetCode's `char`s in C, C++, Java, Rust.
    Chars,
    /// A stdin program's table: 0-9 or '0'-'9'.
    Digits,
}

/// The longest line of a run's output the trace reads: a protocol line
/// with its locals is a few hundred bytes, and a longer line is cut here
/// rather than held whole.
const MAX_LINE: usize = 64 << 10;

/// Reads the next line of `out` into `line` (without its `\n`), keeping
/// its first `cap` bytes and passing over the rest; false at the end.
fn read_line_capped(
    out: &mut impl BufRead,
    line: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<bool> {
    line.clear();
    let mut any = false;
    loop {
        let buf = out.fill_buf()?;
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (part, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1),
            None => (buf, buf.len()),
        };
        let room = cap.saturating_sub(line.len());
        line.extend_from_slice(&part[..part.len().min(room)]);
        let newline = done > part.len();
        out.consume(done);
        if newline {
            return Ok(true);
        }
    }
}

/// The index of `text` in `table`, added if new (at most 128 entries, as
/// the page packs them; past that, the last stands for every other).
fn intern(table: &mut Vec<String>, text: &str) -> u8 {
    if let Some(i) = table.iter().position(|t| t == text) {
        return i as u8;
    }
    if table.len() >= 127 {
        if table.len() == 127 {
            table.push("…".into());
        }
        return 127;
    }
    table.push(text.to_string());
    (table.len() - 1) as u8
}

/// Reads the harness's lines (`start`, `c NAME`, `r VALUE`, `o N`,
/// `w R C V LINE`, `bad R C LINE V`, `cut`, `raise LINE MESSAGE`, `done
/// BOARD`); other lines are ignored.
fn read_harness(
    out: impl BufRead,
    shown: &str,
    max_steps: u64,
    board: Board,
) -> Result<Heard, Error> {
    let mut heard = Heard::default();
    let mut out = out;
    let mut bytes = Vec::new();
    while read_line_capped(&mut out, &mut bytes, MAX_LINE).map_err(Error::Write)? {
        let line = String::from_utf8_lossy(&bytes).into_owned();
        // A compiled file's recorder marks its lines with 0x1e: what comes
        // before the mark, or a line without one, is the program's output.
        let line = if board == Board::Strings {
            line.as_str()
        } else {
            match line.split_once('\u{1e}') {
                Some((before, mine)) => {
                    if !before.is_empty() {
                        heard.keep_output(before.to_string());
                    }
                    mine
                }
                None => {
                    heard.keep_output(line);
                    continue;
                }
            }
        };
        let mut parts = line.splitn(5, ' ');
        match parts.next() {
            Some("start") => heard.started = true,
            Some("early") => {
                let mut num = || parts.next().and_then(|p| p.parse().ok());
                if let (Some(n), Some(line)) = (num(), num()) {
                    heard.early = Some((n, line as usize));
                }
            }
            Some("c") => {
                let name = parts.next().unwrap_or("?");
                let i = intern(&mut heard.names, name);
                heard.ops.push(FrameOp::Call(i));
                heard.pending += 1;
                heard.depth = heard.depth.saturating_add(1);
            }
            Some("r") => {
                let value: Vec<&str> = parts.collect();
                let i = intern(&mut heard.values, &value.join(" "));
                heard.ops.push(FrameOp::Return(i));
                heard.pending += 1;
                heard.depth = heard.depth.saturating_sub(1);
            }
            Some("o") => {
                // At most the calls still open: a line of a few bytes never
                // stands for more returns than calls were reported.
                let n = parts
                    .next()
                    .and_then(|p| p.parse::<u32>().ok())
                    .unwrap_or(0)
                    .min(heard.depth);
                let i = intern(&mut heard.values, "?");
                for _ in 0..n {
                    heard.ops.push(FrameOp::Return(i));
                    heard.pending += 1;
                }
                heard.depth -= n;
            }
            Some("v") => {
                let frame = parts.next().and_then(|p| p.parse::<u16>().ok());
                let text: Vec<&str> = parts.collect();
                if let Some(frame) = frame {
                    let text = intern_locals(&mut heard.locals, &text.join(" "));
                    heard.ops.push(FrameOp::Locals { frame, text });
                    heard.pending += 1;
                }
            }
            Some("w") => {
                let mut num = || parts.next().and_then(|p| p.parse::<usize>().ok());
                let (Some(r), Some(c)) = (num(), num()) else {
                    continue;
                };
                let value = parts.next().unwrap_or(".");
                let line_no = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
                let digit = value.parse::<u8>().unwrap_or(0);
                // Past the step limit a write is not the recorder's (it stops
                // the program there), and is not kept.
                if r < 9 && c < 9 && (heard.writes.len() as u64) < max_steps {
                    heard.writes.push((r * 9 + c, digit, line_no));
                    heard.write_ops.push(std::mem::take(&mut heard.pending));
                }
            }
            Some("bad") => {
                let rest: Vec<&str> = parts.collect();
                if let [r, c, l, rest] = rest.as_slice() {
                    let (kind, value) = rest.split_once(' ').unwrap_or(("?", rest));
                    let cell =
                        r.parse::<usize>().unwrap_or(0) * 9 + c.parse::<usize>().unwrap_or(0);
                    heard.end = Some(EndKind::Unsolved);
                    heard.end_line = l.parse().unwrap_or(0);
                    let holds = match board {
                        Board::Strings => "one-character strings, '.' or '1' to '9'",
                        Board::Chars => "the characters '.' and '1' to '9'",
                        Board::Digits => "the digits 0 to 9 (or '0' to '9')",
                    };
                    heard.ending = Some(format!(
                        "{shown} line {l} wrote {value} (type {kind}) at {}: the board holds {holds}; stopped there",
                        super::at(cell.min(CELLS - 1))
                    ));
                }
            }
            Some("cut") => {
                heard.end = Some(EndKind::Stopped);
                heard.ending = Some(format!(
                "stopped after {} writes (--max-steps {max_steps}): the program had not returned",
                heard.writes.len(),
            ))
            }
            Some("raise") => {
                let l = parts.next().unwrap_or("0");
                heard.end = Some(EndKind::Unsolved);
                heard.end_line = l.parse().unwrap_or(0);
                let message: Vec<&str> = parts.collect();
                heard.ending = Some(format!(
                    "the program raised {} at {shown} line {l}",
                    message.join(" ")
                ));
            }
            Some("done") => heard.last_board = parts.next().map(str::to_string),
            _ => {}
        }
    }
    Ok(heard)
}

/// The index of `text` in `table`, added if new (the locals of a frame
/// recur: a table of at most a million texts, past that the last stands
/// for every other).
fn intern_locals(table: &mut Vec<String>, text: &str) -> u32 {
    if let Some(i) = table.iter().rev().take(64).position(|t| t == text) {
        return (table.len() - 1 - i) as u32;
    }
    if table.len() >= 1 << 20 {
        return (table.len() - 1) as u32;
    }
    table.push(text.to_string());
    (table.len() - 1) as u32
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
    } else {
        " (some of its changes to the board were not writes the harness could see)"
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
