//! `sudoku trace`: a write-up's depth-first search, step by step
//! ([`sudoku_workspace::trace`]).

use crate::common::{terminal, Failure};
use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;
use sudoku_workspace::trace::{self, Order};

/// The `--help` epilogue.
pub const TRACE_EXIT_CODES: &str = "\
Exit codes:
  0    the trace is done (the search ended, or --max-steps was reached)
  2    bad command line, or a puzzle that cannot be read, is malformed or has clashing
       givens (the message names line and column)
  141  stdout was closed early (e.g. piped into head): the run stops quietly";

#[derive(Args)]
pub struct TraceArgs {
    /// The search to watch: right (000's DFS, = 01-05, 07, 08), wrong (000's wrong DFS, 09),
    /// rescan (003, 06) or fewest (lanqiao, lc37_11); a solution file name works too.
    #[arg(long, default_value = "right", value_parser = parse_order)]
    approach: Order,
    /// Milliseconds between steps: animates the board in place on a terminal (ignored in a pipe).
    #[arg(long, value_name = "MS")]
    delay: Option<u64>,
    /// Stop after this many steps [default: 40 for wrong, 100000 for the others].
    #[arg(long, value_name = "N")]
    max_steps: Option<u64>,
    /// Print the board after every step, not only at the key ones.
    #[arg(long)]
    boards: bool,
    /// A puzzle file (LeetCode literal, 9 lines of 9, or one 81-character line) or
    /// an 81-character puzzle; default: LeetCode 37's example.
    puzzle: Option<String>,
}

fn parse_order(name: &str) -> Result<Order, String> {
    Order::of(name).ok_or_else(|| {
        let keys: Vec<&str> = Order::ALL.iter().map(|o| o.key()).collect();
        format!(
            "expected one of {} or a LeetCode 37 file name",
            keys.join(", ")
        )
    })
}

/// Exit 0 when the trace is done.
pub fn run(args: TraceArgs, stdout: &mut impl Write) -> Result<ExitCode, Failure> {
    let opts = trace::Options {
        order: args.approach,
        puzzle: args.puzzle,
        max_steps: args.max_steps.unwrap_or(match args.approach {
            Order::Wrong => 40,
            _ => 100_000,
        }),
        delay: args.delay.map(Duration::from_millis),
        boards: args.boards,
        terminal: terminal(),
    };
    trace::run(&opts, stdout).map_err(|e| match e {
        // The write's own error, so the exit policy sees a closed pipe.
        trace::Error::Write(io) => Failure::from(io),
        other => Failure::from(other),
    })?;
    Ok(ExitCode::SUCCESS)
}
