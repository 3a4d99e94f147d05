//! `sudoku trace`: a write-up's depth-first search (or your own file's),
//! step by step, in the terminal or on a page ([`sudoku_workspace::trace`]).

use crate::common::{problem_keys, terminal, this_program, Failure};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use sudoku_workspace::trace;

/// The `--help` epilogue.
pub const TRACE_EXIT_CODES: &str = "\
The page (--html FILE) is one file that works offline: the two searches side by side, each
with its board, the line of its source that made each step, its recursion stack, counters
and a chart of its depth; play, step, jump to the next dead end, undo or revisit. Your own
LeetCode 37 file in C, C++, Java, Rust, Python or JavaScript, or a stdin program in the first
four, is run (in the judge's sandbox, under --time-limit) and every write to its board
recorded, with each frame's locals; C, C++, Java and Rust files need Linux or macOS.

Exit codes:
  0    the trace is done (the search ended, looped, or --max-steps was reached; a file of
       yours that raised or ran out of time is traced up to there)
  2    bad command line, a puzzle that cannot be read, is malformed or has clashing givens
       (the message names line and column), or an approach that cannot be traced (the
       message says why: its compiler or interpreter missing, no solveSudoku and no stdin,
       a file that does not compile or fails before solveSudoku is called, a stdin program
       whose board is not a table)
  141  stdout was closed early (e.g. piped into head): the run stops quietly";

#[derive(Args)]
pub struct TraceArgs {
    /// The search to watch: right (000's DFS, = 01-05, 07, 08), wrong (000's wrong DFS, 09),
    /// rescan (003, 06) or fewest (lanqiao, lc37_11); a solution file's name or path, or a
    /// write-up original in examples/writeups/; or your own LeetCode 37 file or stdin program
    /// [default: right; on a page: wrong].
    #[arg(long, value_name = "A")]
    approach: Option<String>,
    /// With --html: the second side, as for --approach [default: right; wrong when A is right].
    #[arg(long, value_name = "B", requires = "html")]
    against: Option<String>,
    /// Write a page (one self-contained HTML file) instead of the terminal trace.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["delay", "boards"])]
    html: Option<PathBuf>,
    /// Milliseconds between steps: animates the board in place on a terminal (ignored in a pipe).
    #[arg(long, value_name = "MS")]
    delay: Option<u64>,
    /// Stop after this many steps [default: ten times the right DFS's steps on the puzzle, at
    /// least 100000 and at most 2000000; on a page 200000, its most].
    #[arg(long, value_name = "N")]
    max_steps: Option<u64>,
    /// Print the board after every step, not only at the key ones.
    #[arg(long)]
    boards: bool,
    /// With your own file: the CPU time it may run for, in ms [default: 5000 and 1 for each
    /// write the right DFS makes on the puzzle, up to the step limit].
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000))]
    time_limit: Option<u64>,
    /// A puzzle file (LeetCode literal, 9 lines of 9, or one 81-character line) or
    /// an 81-character puzzle; default: LeetCode 37's example.
    puzzle: Option<String>,
    /// Run your own FILE even where the sandbox cannot hold a file nobody here wrote (no
    /// namespaces: a process group on Linux, macOS's rlimits, Windows's Job Object): it
    /// could then read your files and reach the network.
    #[arg(long)]
    trust: bool,
    /// With your own file: the problem it solves, as for `sudoku judge --problem` (a stdin
    /// program is fed the puzzle in that problem's input: lanqiao, poj2676, p1784, p1074)
    /// [default: read from its name and code, as the judge reads them].
    #[arg(long, value_name = "KEY", value_parser = problem_keys())]
    problem: Option<String>,
}

/// Exit 0 when the trace is done.
pub fn run(args: TraceArgs, stdout: &mut impl Write) -> Result<ExitCode, Failure> {
    let opts = trace::Options {
        approach: args.approach,
        against: args.against,
        html: args.html,
        puzzle: args.puzzle,
        max_steps: args.max_steps,
        delay: args.delay.map(Duration::from_millis),
        boards: args.boards,
        terminal: terminal(),
        time_limit: args.time_limit.map(Duration::from_millis),
        // Without it only a user's own file fails, saying so.
        exe: this_program().unwrap_or_default(),
        trust: args.trust,
        problem: args
            .problem
            .as_deref()
            .and_then(sudoku_workspace::judge::problem::by_key),
    };
    trace::run(&opts, stdout).map_err(|e| match e {
        // The write's own error, so the exit policy sees a closed pipe.
        trace::Error::Write(io) => Failure::from(io),
        other => Failure::from(other),
    })?;
    Ok(ExitCode::SUCCESS)
}
