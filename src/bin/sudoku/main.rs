//! `sudoku`: the workspace's command line, a file per command. With no
//! subcommand it judges every solution on every fixture (`cargo run
//! --release`). The logic lives in the library; these files read the flags,
//! and this one maps how a command ended to its exit code, in one place.

mod batch;
mod common;
mod gen;
mod judge;
mod new;
mod stress;
mod trace;

use clap::{Parser, Subcommand};
use common::Failure;
use std::process::ExitCode;
use sudoku_workspace::batch::Mode;
use sudoku_workspace::judge::runner;
use sudoku_workspace::sandbox;

const EXIT_CODES: &str = "\
Exit codes, of every command (each command's --help says which it uses):
  0    done: judge, every verdict as expected; solve, every puzzle unique; new, the file written
  1    judge and stress: a verdict not as expected; solve: a puzzle without a unique solution;
       gen: no puzzle for the request
  2    bad command line, or an input that cannot be read or is malformed (line and column);
       new: a file already there (never overwritten)
  3    judge and stress: a file this machine cannot judge as its judge would (not judged here)
  130  interrupted (SIGINT, Ctrl-C; judge --watch ends only so); 143: terminated (SIGTERM);
       running cases are killed first
  141  stdout was closed early (e.g. piped into head): the run stops quietly";

/// Sudoku for competitive programmers (LeetCode 36/37, Lanqiao, the online-judge family): a
/// local judge for the built-in solutions and your own files, a DFS trace, a generator and a
/// stress tester.
#[derive(Parser)]
#[command(name = "sudoku", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Judge every solution (or your own FILE) on every fixture, each in a sandboxed child process
    /// (the default).
    #[command(after_help = judge::judge_help())]
    Judge(judge::JudgeArgs),
    /// Start a file for a problem: LeetCode's frame, or a stdin program as its judge feeds it,
    /// named so `sudoku judge` knows the problem.
    #[command(after_help = new::NEW_HELP)]
    New(new::NewArgs),
    /// Watch a write-up's depth-first search (or your own file's) step by step, in the
    /// terminal or on a page.
    #[command(after_help = trace::TRACE_EXIT_CODES)]
    Trace(trace::TraceArgs),
    /// Solve puzzles, one per line: prints each solution, or a `#` line saying
    /// "no solution" / "multiple solutions"; exit 1 if any puzzle is not unique.
    #[command(after_help = batch::batch_help(Mode::Solve))]
    Solve(batch::BatchArgs),
    /// Count each puzzle's solutions, one line per puzzle, capped at --limit.
    #[command(after_help = batch::batch_help(Mode::Count { limit: 2 }))]
    Count {
        #[command(flatten)]
        batch: batch::BatchArgs,
        /// Count up to this many solutions, at least 1 (a LeetCode 37 paste file counts at most 1).
        #[arg(long, value_name = "N", default_value_t = 2,
              value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
        limit: u64,
    },
    /// Generate puzzles with exactly one solution, the same for the same seed on every machine.
    #[command(after_help = gen::GEN_HELP)]
    Gen(gen::GenArgs),
    /// Find the case that breaks your solution: generated cases inside the problem's promise until
    /// a verdict is not AC, then the failing case shrunk and saved.
    #[command(after_help = stress::STRESS_HELP)]
    Stress(stress::StressArgs),
    /// The judge's child: run one solution on stdin, or on FILE.
    #[command(name = runner::COMMAND, hide = true)]
    RunSolution {
        /// Solution name.
        solution: String,
        /// Input file [default: stdin].
        file: Option<String>,
    },
}

fn main() -> ExitCode {
    // The sandbox's own processes, before anything else, so the process a
    // solution's fork starts from stays small.
    match std::env::args_os().nth(1) {
        Some(a) if a == sandbox::SUPERVISOR_COMMAND => return sandbox::supervisor_main(),
        Some(a) if a == sandbox::JANITOR_COMMAND => return sandbox::janitor::janitor_main(),
        _ => {}
    }
    let command = match Cli::parse().command {
        Some(command) => command,
        // No subcommand is `sudoku judge`, with judge's own defaults.
        None => match Cli::parse_from(["sudoku", "judge"]).command {
            Some(command) => command,
            None => unreachable!("`judge` is a subcommand"),
        },
    };
    let mut stdout = std::io::stdout().lock();
    let result = match command {
        Command::Judge(args) => judge::run(args, &mut stdout),
        Command::Trace(args) => trace::run(args, &mut stdout),
        Command::New(args) => new::run(args, &mut stdout),
        Command::Solve(args) => batch::run(args, Mode::Solve, &mut stdout),
        Command::Count { batch, limit } => {
            // At most 10^9: a usize on every platform.
            let limit = limit as usize;
            batch::run(batch, Mode::Count { limit }, &mut stdout)
        }
        Command::Gen(args) => gen::run(args, &mut stdout),
        Command::Stress(args) => stress::run(args),
        Command::RunSolution { solution, file } => {
            drop(stdout);
            let args: Vec<String> = std::iter::once(solution).chain(file).collect();
            Ok(runner::runner_main(&args))
        }
    };
    exit_code(result)
}

/// The one exit policy: the command's own code; for a failure, nothing and
/// 141 when stdout was closed, else its message and 2.
fn exit_code(result: Result<ExitCode, Failure>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(failure) if failure.is_broken_pipe() => ExitCode::from(141),
        Err(failure) => {
            let text = sudoku_workspace::judge::report::printable_lines(&failure.to_string());
            eprintln!("error: {text}");
            ExitCode::from(2)
        }
    }
}
