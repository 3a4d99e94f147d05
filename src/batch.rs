//! The library side of `sudoku solve` and `sudoku count`: the batch loop,
//! with the output and exit rules, tested in memory (the solvers it runs are
//! [`crate::solver`]'s registry).
//!
//! Input: every format `sudoku gen` writes, read by
//! [`grid::PuzzleReader`](crate::format::PuzzleReader): one puzzle per line, 81
//! characters, `1`-`9` a given, `.` or `0` an empty cell; LeetCode's literal on
//! one line; or 9 lines of 9; blank lines and lines starting with `#` are
//! skipped; trailing whitespace and `\r` are ignored.
//! The input is streamed a line at a time into one reused buffer, so memory
//! stays bounded whatever its size: a line longer than
//! [`MAX_LINE_BYTES`](crate::format::MAX_LINE_BYTES) is malformed at the column
//! where it passed that cap (`sudoku solve /dev/zero` stops at once), and bytes
//! that are not UTF-8 are malformed where they stand.
//!
//! ```text
//!  solve   one line per puzzle, in input order:
//!            the 81-digit solution                 exactly one solution
//!            # line N: no solution                 none
//!            # line N: multiple solutions          two or more
//!          exit 1 if any puzzle had no unique solution, else 0
//!  count   one line per puzzle: the solution count, capped at the limit; exit 0
//!  both    a malformed line stops the run: exit 2, a message naming line and column
//! ```
//!
//! A malformed line is found only when the run reaches it: the lines for the
//! puzzles before it have already been written (output is streamed, so a long
//! file shows progress and a pipe sees results at once: the output is flushed
//! whenever the input has no whole line buffered, i.e. before any read that could
//! wait), nothing is written for
//! it or for anything after it. So on exit 2 the output holds exactly one line
//! per puzzle above the malformed line.

use crate::format::PuzzleReader;
use crate::grid::{Grid, ParseError};
use crate::solver::{default_solver, registry, Outcome, Solver};
use rayon::prelude::*;
use std::fmt;
use std::io::{self, BufReader, Read, Write};
use std::time::{Duration, Instant};

/// The text for the CLI's help of `--solver` in `mode`: every name, what it
/// does there, and the cap on counting with a write-up approach. `solve`'s
/// help names no `--limit`: it has none.
/// The compiled copy of the fast solver that the solver called `name` runs
/// on this CPU (`--help` and `--stats` name it); None for the others.
fn kernel_of(name: &str) -> Option<crate::fast::Kernel> {
    match name {
        "fast" | "fast-triad" => Some(crate::fast::Kernel::best()),
        "fast-portable" => Some(crate::fast::portable_kernel()),
        _ => None,
    }
}

pub fn solvers_help(mode: Mode) -> String {
    let does = match mode {
        Mode::Solve => "tells unique from multiple",
        Mode::Count { .. } => "counts up to --limit",
    };
    let mut text = format!("solvers (default {}):\n", default_solver().name);
    for s in registry() {
        let note = match (s.counts, kernel_of(s.name)) {
            (true, Some(kernel)) => format!("{does} (kernel on this CPU: {kernel:?})"),
            (true, None) => does.to_string(),
            (false, _) => "LeetCode 37 paste file (*)".to_string(),
        };
        text.push_str(&format!("  {:<24} {note}\n", s.name));
    }
    text.push_str(
        "  fast guesses a cell; fast-triad guesses a digit's placement in a band or stack:\n  \
         fewer guesses, more work each. fast is the default as its slowest set against\n  \
         tdoku beats fast-triad's on every CPU measured: docs/benchmarks.md (Per CPU);\n  \
         fast-triad can be the faster on minimal puzzles with one solution that need\n  \
         guesses, fast on puzzles with several solutions\n",
    );
    text.push_str(match mode {
        Mode::Solve => "  (*) finds one solution and stops: it never reports multiple solutions\n",
        Mode::Count { .. } => "  (*) finds one solution and stops: the count caps at 1\n",
    });
    text
}

/// What the batch does with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Print the solution, or a `#` line; searches for up to 2 solutions.
    Solve,
    /// Print the solution count, capped at `limit`.
    Count {
        /// The most solutions to look for (the CLI's `--limit`, default 2).
        limit: usize,
    },
}

/// What a finished run saw; [`Summary::exit_code`] turns it into the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The mode the run used.
    pub mode: Mode,
    /// Puzzles read.
    pub puzzles: usize,
    /// Puzzles with count 0 (no solution).
    pub none: usize,
    /// Puzzles with count 1 (in `Solve` mode: a unique solution).
    pub one: usize,
    /// Puzzles with count 2 or more (in `Solve` mode: multiple solutions).
    pub more: usize,
    /// Guesses the solver reported, over every puzzle.
    pub guesses: u64,
    /// Time spent solving, reading and writing excluded (wall time of the
    /// solving phases, so with several jobs it is the elapsed time, not the
    /// CPU time summed over threads).
    pub solve_time: Duration,
}

impl Summary {
    /// The process exit status: in `Solve` mode 1 if any puzzle had no unique
    /// solution, else 0; in `Count` mode always 0 (the count is the answer).
    pub fn exit_code(&self) -> u8 {
        match self.mode {
            Mode::Solve if self.none + self.more > 0 => 1,
            _ => 0,
        }
    }
}

/// Why a run stopped early.
#[derive(Debug)]
pub enum BatchError {
    /// A line that is not a puzzle; carries its line and column (1-based).
    Malformed(ParseError),
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed (e.g. a closed pipe).
    Write(io::Error),
}

/// The exit status of a run whose stdout was closed early (`sudoku solve |
/// head`): 128 + SIGPIPE, what a shell reports for a program SIGPIPE killed.
pub const EXIT_BROKEN_PIPE: u8 = 141;

impl BatchError {
    /// Exit status: [`EXIT_BROKEN_PIPE`] for a write to a closed pipe, else 2
    /// (a malformed line, or any other failed read or write).
    pub fn exit_code(&self) -> u8 {
        match self {
            BatchError::Write(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_BROKEN_PIPE,
            _ => 2,
        }
    }
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Malformed(e) => write!(f, "malformed puzzle: {e}"),
            BatchError::Read(e) => write!(f, "cannot read the input: {e}"),
            BatchError::Write(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for BatchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BatchError::Malformed(e) => Some(e),
            BatchError::Read(e) | BatchError::Write(e) => Some(e),
        }
    }
}

impl From<io::Error> for BatchError {
    fn from(e: io::Error) -> Self {
        BatchError::Write(e)
    }
}

/// [`run_batch_reader`] over a string.
///
/// Runs `solve` (the solver's `solve` entry) or `count` (its `count` entry)
/// over `input`, writing one line per puzzle to `out`
/// as it goes (pass a buffered writer; it is flushed before returning).
///
/// Stops at the first malformed line with [`BatchError::Malformed`]: the lines
/// of the puzzles above it are already written, nothing is written for it.
///
/// ```
/// use sudoku_workspace::batch::{run_batch, Mode};
/// use sudoku_workspace::solver::solver;
/// let input = "# two puzzles\n\
///     53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\r\n\
///     \n\
///     .................................................................................\n";
/// let mut out = Vec::new();
/// let summary = run_batch(input, solver("dlx").unwrap(), Mode::Solve, &mut out).unwrap();
/// let out = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = out.lines().collect();
/// assert_eq!(
///     lines,
///     [
///         "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
///         "# line 4: multiple solutions",
///     ]
/// );
/// assert_eq!(summary.exit_code(), 1);
/// ```
pub fn run_batch(
    input: &str,
    solver: &Solver,
    mode: Mode,
    out: &mut impl Write,
) -> Result<Summary, BatchError> {
    run_batch_reader(BufReader::new(input.as_bytes()), solver, mode, 1, out)
}

/// Puzzles solved together: up to this many are read (while the input has
/// them buffered) before the jobs split them.
const BATCH: usize = 4096;

/// Runs the batch over a stream, one line at a time: memory stays bounded
/// whatever the input's size, and `out` is flushed whenever `input` has
/// nothing more buffered, so a reader of a pipe sees each answer before the
/// next puzzle arrives while a big file is still written in large blocks.
/// The rules are [`run_batch`]'s.
///
/// The puzzles already buffered (up to `BATCH`, 4096) are solved together,
/// with `jobs` above 1 on that many threads (a rayon pool), and written in
/// input order, so the output is the same whatever the number of jobs.
pub fn run_batch_reader<R: Read>(
    input: BufReader<R>,
    solver: &Solver,
    mode: Mode,
    jobs: usize,
    out: &mut impl Write,
) -> Result<Summary, BatchError> {
    let (solve, limit) = match mode {
        Mode::Solve => (solver.solve, 2),
        Mode::Count { limit } => (solver.count, limit),
    };
    let mut summary = Summary {
        mode,
        puzzles: 0,
        none: 0,
        one: 0,
        more: 0,
        guesses: 0,
        solve_time: Duration::ZERO,
    };
    let pool = match jobs {
        0 | 1 => None,
        n => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| BatchError::Write(io::Error::other(e)))?,
        ),
    };
    let mut reader = PuzzleReader::new(input);
    let mut batch: Vec<(usize, Grid)> = Vec::with_capacity(BATCH);
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(BATCH);
    loop {
        batch.clear();
        let mut stop = None;
        let mut ended = false;
        while batch.len() < BATCH {
            // Before a read that could wait (no whole line buffered, also
            // after blank and `#` lines): with work in hand, go and do it;
            // with none, show what is done, then wait.
            let in_hand = !batch.is_empty();
            let mut flush_failed = None;
            let mut before_wait = || {
                if in_hand {
                    return Err(io::Error::from(io::ErrorKind::WouldBlock));
                }
                out.flush().map_err(|e| {
                    let kind = e.kind();
                    flush_failed = Some(e);
                    io::Error::from(kind)
                })
            };
            let next = reader.next_puzzle_or_wait(&mut before_wait);
            if let Some(e) = flush_failed {
                return Err(BatchError::Write(e));
            }
            match next {
                Ok(Some((line, Ok(puzzle)))) => batch.push((line, puzzle)),
                Ok(Some((_, Err(e)))) => stop = Some(BatchError::Malformed(e)),
                Ok(None) => ended = true,
                Err(e) if in_hand && e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) => stop = Some(BatchError::Read(e)),
            }
            if stop.is_some() || ended {
                break;
            }
        }
        let started = Instant::now();
        match &pool {
            Some(pool) => pool.install(|| {
                batch
                    .par_iter()
                    .map(|(_, p)| solve(p, limit))
                    .collect_into_vec(&mut outcomes)
            }),
            None => outcomes.extend(batch.iter().map(|(_, p)| solve(p, limit))),
        }
        summary.solve_time += started.elapsed();
        for (&(line, _), outcome) in batch.iter().zip(outcomes.drain(..)) {
            summary.puzzles += 1;
            summary.guesses += outcome.guesses;
            match outcome.count {
                0 => summary.none += 1,
                1 => summary.one += 1,
                _ => summary.more += 1,
            }
            match (mode, outcome.count, outcome.solution) {
                (Mode::Count { .. }, count @ 0..=9, _) => {
                    out.write_all(&[b'0' + count as u8, b'\n'])?
                }
                (Mode::Count { .. }, count, _) => writeln!(out, "{count}")?,
                (Mode::Solve, 1, Some(solution)) => writeln!(out, "{}", solution.to_line())?,
                (Mode::Solve, 0, _) => writeln!(out, "# line {line}: no solution")?,
                (Mode::Solve, 1, None) => {
                    unreachable!("a solver reported one solution without it (line {line})")
                }
                (Mode::Solve, _, _) => writeln!(out, "# line {line}: multiple solutions")?,
            }
        }
        if let Some(e) = stop {
            // Show what came before the bad line; the read or parse error is
            // the one to report even if this flush fails.
            let _ = out.flush();
            return Err(e);
        }
        if ended {
            break;
        }
    }
    out.flush()?;
    Ok(summary)
}

impl Summary {
    /// `--stats`: the solve time without I/O, puzzles per second and guesses
    /// per puzzle, for comparing with another solver by solve time alone.
    pub fn stats_line(&self, solver: &Solver, jobs: usize) -> String {
        let secs = self.solve_time.as_secs_f64();
        let rate = if secs > 0.0 {
            self.puzzles as f64 / secs
        } else {
            0.0
        };
        let per = if self.puzzles > 0 {
            self.guesses as f64 / self.puzzles as f64
        } else {
            0.0
        };
        format!(
            "stats: {} puzzles, solver {}{}, {jobs} job{}: solve time {secs:.6} s (reading and writing excluded), {rate:.0} puzzles/s, {per:.2} guesses/puzzle",
            self.puzzles,
            solver.name,
            kernel_of(solver.name).map_or(String::new(), |k| format!(" (kernel {k:?})")),
            if jobs == 1 { "" } else { "s" },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::ParseErrorKind;
    use crate::lc37;
    use crate::solver::{solver, solvers};

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const LEETCODE_SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /// Row 1 needs a 9 in col 9, which col 9 already has (givens do not clash).
    const NO_SOLUTION: &str =
        "12345678....................................9....................................";
    /// Two 1s in row 1.
    const CLASHING: &str =
        "11...............................................................................";

    fn run(input: &str, solver: &str, mode: Mode) -> (String, Result<Summary, BatchError>) {
        let mut out = Vec::new();
        let result = run_batch(
            input,
            crate::solver::solver(solver).unwrap(),
            mode,
            &mut out,
        );
        (String::from_utf8(out).unwrap(), result)
    }

    fn empty() -> String {
        ".".repeat(81)
    }

    #[test]
    fn solve_prints_solutions_and_hash_lines_in_order() {
        let input = format!("{LEETCODE}\n{NO_SOLUTION}\n{}\n{CLASHING}\n", empty());
        let (out, summary) = run(&input, "dlx", Mode::Solve);
        assert_eq!(
            out,
            format!(
                "{LEETCODE_SOLVED}\n# line 2: no solution\n# line 3: multiple solutions\n# line 4: no solution\n"
            )
        );
        let summary = summary.unwrap();
        assert_eq!(
            (summary.puzzles, summary.none, summary.one, summary.more),
            (4, 2, 1, 1)
        );
        assert_eq!(summary.exit_code(), 1);
    }

    #[test]
    fn solve_exits_0_only_when_every_puzzle_is_unique() {
        let (_, summary) = run(&format!("{LEETCODE}\n{LEETCODE}\n"), "dlx", Mode::Solve);
        assert_eq!(summary.unwrap().exit_code(), 0);
        let (_, summary) = run(&format!("{LEETCODE}\n{NO_SOLUTION}\n"), "dlx", Mode::Solve);
        assert_eq!(summary.unwrap().exit_code(), 1);
        let (_, summary) = run(&format!("{}\n{LEETCODE}\n", empty()), "dlx", Mode::Solve);
        assert_eq!(summary.unwrap().exit_code(), 1);
        // No puzzles at all: nothing is wrong.
        let (out, summary) = run("# only a comment\n\n", "dlx", Mode::Solve);
        assert_eq!(out, "");
        assert_eq!(summary.unwrap().exit_code(), 0);
    }

    #[test]
    fn count_caps_at_the_limit_and_exits_0() {
        let input = format!("{LEETCODE}\n{NO_SOLUTION}\n{}\n", empty());
        for (limit, expected) in [
            (0, "0\n0\n0\n"),
            (1, "1\n0\n1\n"),
            (2, "1\n0\n2\n"),
            (5, "1\n0\n5\n"),
        ] {
            let (out, summary) = run(&input, "dlx", Mode::Count { limit });
            assert_eq!(out, expected, "limit {limit}");
            assert_eq!(summary.unwrap().exit_code(), 0);
        }
    }

    #[test]
    fn comments_blank_lines_crlf_trailing_space_and_zeros_are_accepted() {
        let zeros = LEETCODE.replace('.', "0");
        let input = format!(
            "# a comment\r\n\r\n   \n{LEETCODE}\r\n#{NO_SOLUTION}\n{zeros}  \t\n{LEETCODE}"
        );
        let (out, summary) = run(&input, "dlx", Mode::Solve);
        assert_eq!(out, format!("{LEETCODE_SOLVED}\n").repeat(3));
        assert_eq!(summary.unwrap().exit_code(), 0);
    }

    #[test]
    fn a_malformed_line_stops_the_run_after_the_lines_before_it() {
        let bad = format!("{}x{}", &LEETCODE[..9], &LEETCODE[10..]);
        let input = format!("{LEETCODE}\n# comment\n{bad}\n{LEETCODE}\n");
        for mode in [Mode::Solve, Mode::Count { limit: 2 }] {
            let (out, result) = run(&input, "dlx", mode);
            let first = match mode {
                Mode::Solve => LEETCODE_SOLVED,
                Mode::Count { .. } => "1",
            };
            assert_eq!(
                out,
                format!("{first}\n"),
                "only the puzzle above the bad line"
            );
            let err = result.unwrap_err();
            assert_eq!(err.exit_code(), 2);
            let BatchError::Malformed(e) = &err else {
                panic!("{err:?}")
            };
            assert_eq!(
                (e.line, e.col, &e.kind),
                (3, 10, &ParseErrorKind::BadChar('x'))
            );
            assert_eq!(
                err.to_string(),
                "malformed puzzle: line 3, column 10: unexpected character 'x'"
            );
        }
    }

    #[test]
    fn short_and_long_lines_name_their_column() {
        let (out, result) = run(&format!("{}\n", &LEETCODE[..80]), "dlx", Mode::Solve);
        assert_eq!(out, "");
        let Err(BatchError::Malformed(e)) = result else {
            panic!("{result:?}")
        };
        assert_eq!((e.line, e.col), (1, 81));
        let (_, result) = run(&format!("\n{LEETCODE}5\n"), "dlx", Mode::Solve);
        let Err(BatchError::Malformed(e)) = result else {
            panic!("{result:?}")
        };
        assert_eq!((e.line, e.col), (2, 82));
        // Leading whitespace is not ignored: a comment must start the line.
        let (_, result) = run(" # indented\n", "dlx", Mode::Solve);
        let Err(BatchError::Malformed(e)) = result else {
            panic!("{result:?}")
        };
        assert_eq!(
            (e.line, e.col, e.kind),
            (1, 1, ParseErrorKind::BadChar(' '))
        );
    }

    #[test]
    fn a_failed_write_is_an_error() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let result = run_batch(LEETCODE, solver("dlx").unwrap(), Mode::Solve, &mut Closed);
        assert!(matches!(result, Err(BatchError::Write(_))), "{result:?}");
        assert_eq!(result.unwrap_err().exit_code(), EXIT_BROKEN_PIPE);
    }

    #[test]
    fn an_endless_line_is_malformed_where_it_passes_the_cap() {
        use crate::format::MAX_LINE_BYTES;
        use crate::grid::ParseErrorKind;
        // An input that never ends: the run must stop at the cap, not read on.
        let endless = io::repeat(0);
        let mut out = Vec::new();
        let result = run_batch_reader(
            BufReader::new(endless),
            solver("dlx").unwrap(),
            Mode::Solve,
            4,
            &mut out,
        );
        let Err(BatchError::Malformed(e)) = result else {
            panic!("{result:?}")
        };
        assert_eq!(
            (e.line, e.col, e.kind),
            (
                1,
                MAX_LINE_BYTES + 1,
                ParseErrorKind::LineTooLong {
                    max_bytes: MAX_LINE_BYTES
                }
            )
        );
        // Bytes that are not UTF-8 are malformed at their own column.
        let mut bytes = LEETCODE.as_bytes().to_vec();
        bytes[4] = 0xff;
        let result = run_batch_reader(
            BufReader::new(&bytes[..]),
            solver("dlx").unwrap(),
            Mode::Solve,
            4,
            &mut out,
        );
        let Err(BatchError::Malformed(e)) = result else {
            panic!("{result:?}")
        };
        assert_eq!((e.line, e.col), (1, 5));
    }

    /// Several jobs: the same lines in the same order as one, the lines before
    /// a malformed one written, the same summary.
    #[test]
    fn jobs_keep_the_output_and_the_summary() {
        let mut input = String::new();
        for i in 0..3000 {
            input += &match i % 4 {
                0 => format!("{LEETCODE}\n"),
                1 => format!("{NO_SOLUTION}\n"),
                2 => format!("{}\n", empty()),
                _ => format!("# comment {i}\n{CLASHING}\n"),
            };
        }
        let bad = format!("{input}12x\n{LEETCODE}\n");
        for mode in [Mode::Solve, Mode::Count { limit: 2 }] {
            for text in [&input, &bad] {
                let run = |jobs| {
                    let mut out = Vec::new();
                    let r = run_batch_reader(
                        BufReader::new(text.as_bytes()),
                        solver("fast").unwrap(),
                        mode,
                        jobs,
                        &mut out,
                    );
                    let r = r.map(|s| (s.puzzles, s.none, s.one, s.more, s.guesses));
                    (String::from_utf8(out).unwrap(), format!("{r:?}"))
                };
                let one = run(1);
                assert_eq!(one.0.lines().count(), 3000);
                assert_eq!(run(3), one);
            }
        }
    }

    #[test]
    fn registry_names_every_write_up_once_and_the_default_counts() {
        for (name, _) in lc37::APPROACHES {
            let s = solver(name).unwrap_or_else(|| panic!("{name} is not registered"));
            assert!(!s.counts);
        }
        let mut names: Vec<_> = solvers().iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), solvers().len(), "duplicate names");
        assert!(default_solver().counts);
        assert!(solver("no such solver").is_none());
        let help = solvers_help(Mode::Count { limit: 2 });
        assert!(solvers().iter().all(|s| help.contains(s.name)));
        assert!(help.contains("the count caps at 1"));
        let solve = solvers_help(Mode::Solve);
        assert!(
            !solve.contains("--limit") && !solve.contains("count"),
            "{solve}"
        );
        let kernel = format!("kernel on this CPU: {:?}", crate::fast::Kernel::best());
        assert!(help.contains(&kernel), "{help}");
        // How fast and fast-triad differ, in both modes, and why fast is the
        // default: the benchmarks' to say, per CPU.
        for text in [&help, &solve] {
            assert!(text.contains("fewer guesses, more work"), "{text}");
            assert!(text.contains("docs/benchmarks.md (Per CPU)"), "{text}");
            assert!(text.contains("fast is the default"), "{text}");
        }
        // fast-portable names the copy it runs here (x86-64-v2 where the CPU
        // has popcnt, else the baseline's).
        let portable = format!("kernel on this CPU: {:?}", crate::fast::portable_kernel());
        assert!(
            help.lines()
                .any(|l| l.contains("fast-portable") && l.contains(&portable)),
            "{help}"
        );
    }

    #[test]
    fn write_ups_count_0_or_1_and_their_answers_pass_the_oracle() {
        let puzzle = Grid::from_line(LEETCODE, 1).unwrap();
        for s in solvers().iter().filter(|s| !s.counts) {
            let out = (s.solve)(&puzzle, 2);
            assert_eq!(out.count, 1, "{}", s.name);
            assert_eq!(
                out.solution.unwrap().to_line(),
                LEETCODE_SOLVED,
                "{}",
                s.name
            );
            assert_eq!(out.guesses, 0);
            // Many solutions, but a write-up sees only the first.
            assert_eq!((s.solve)(&Grid::EMPTY, 2).count, 1, "{}", s.name);
            assert_eq!((s.solve)(&Grid::EMPTY, 0).count, 0, "{}", s.name);
            for bad in [NO_SOLUTION, CLASHING] {
                let out = (s.solve)(&Grid::from_line(bad, 1).unwrap(), 2);
                assert_eq!((out.count, out.solution), (0, None), "{} on {bad}", s.name);
            }
        }
    }

    #[test]
    fn count_with_a_write_up_caps_at_1() {
        let input = format!("{LEETCODE}\n{}\n{NO_SOLUTION}\n", empty());
        let (out, summary) = run(&input, "lc37_04_bitmasks", Mode::Count { limit: 2 });
        assert_eq!(out, "1\n1\n0\n");
        assert_eq!(summary.unwrap().exit_code(), 0);
    }
}
