//! `sudoku solve` and `sudoku count`: puzzles streamed in, answers out in
//! input order ([`sudoku_workspace::batch`]).

use crate::common::{jobs_or_cores, Failure};
use clap::Args;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use sudoku_workspace::batch::{self, Mode};
use sudoku_workspace::solver::{self, Solver};

#[derive(Args)]
pub struct BatchArgs {
    /// The solver [default: the first one listed below].
    #[arg(long, value_name = "NAME", value_parser = parse_solver)]
    solver: Option<&'static Solver>,
    /// Puzzle file, in any format `sudoku gen` writes: one puzzle per line (81 characters, `.`
    /// or `0` empty), LeetCode's literal, or 9 lines of 9; `#` and blank lines skipped. `-` or
    /// none: stdin.
    file: Option<PathBuf>,
    /// Threads solving at once [default: the number of cores]; the output keeps the input's
    /// order whatever N is.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    jobs: Option<u64>,
    /// Print to stderr, at the end, the solve time with reading and writing excluded,
    /// puzzles per second and guesses per puzzle (and the kernel `fast`, `fast-triad` or `fast-portable` ran).
    #[arg(long)]
    stats: bool,
}

/// A solver by name; an unknown one is an error listing every name (the
/// same for `solve` and `count`, whose --help says what each does there).
fn parse_solver(name: &str) -> Result<&'static Solver, String> {
    solver::solver(name).ok_or_else(|| {
        let names: Vec<&str> = solver::solvers().iter().map(|s| s.name).collect();
        format!(
            "unknown solver; the solvers are {} (--help says what each does)",
            names.join(", ")
        )
    })
}

/// The `--help` epilogue: the solvers, then the exit codes.
pub fn batch_help(mode: Mode) -> String {
    let two = match mode {
        Mode::Solve => "  1    some puzzle has no solution or several\n",
        Mode::Count { .. } => "",
    };
    format!(
        "{}\nExit codes:\n  0    every puzzle done{}\n{two}  2    bad command line, unreadable file, a malformed line (the message names line and\n       column; the lines above it are already printed), or no puzzle in the input\n  141  stdout was closed early (e.g. piped into head): the run stops quietly",
        batch::solvers_help(mode),
        if matches!(mode, Mode::Solve) { " (every one unique)" } else { "" },
    )
}

/// Exit 0 when every puzzle is done (`solve`: and unique), 1 when one is
/// not unique; a malformed line is a failure naming it.
pub fn run(args: BatchArgs, mode: Mode, stdout: &mut impl Write) -> Result<ExitCode, Failure> {
    let solver = args.solver.unwrap_or(solver::default_solver());
    let name = match &args.file {
        Some(path) if path.as_os_str() != "-" => path.display().to_string(),
        _ => "-".to_string(),
    };
    // Streamed, a line at a time: `sudoku solve /dev/zero` and a huge file
    // both run in bounded memory, and a pipe sees each answer at once.
    let input: Box<dyn Read> = if name == "-" {
        Box::new(io::stdin())
    } else {
        let file = std::fs::File::open(&name).map_err(|e| Failure::msg(format!("{name}: {e}")))?;
        Box::new(file)
    };
    let input = io::BufReader::with_capacity(1 << 16, input);
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    let jobs = jobs_or_cores(args.jobs);
    let summary =
        batch::run_batch_reader(input, solver, mode, jobs, &mut out).map_err(|e| match e {
            // A closed stdout stays what it is, for the exit policy to see.
            e @ batch::BatchError::Write(_) => Failure::from(e),
            e => Failure::msg(format!("{name}: {e}")),
        })?;
    if summary.puzzles == 0 {
        return Err(Failure::msg(format!(
            "{name}: no puzzle in the input (only blank lines and # comments, or nothing)"
        )));
    }
    if args.stats {
        eprintln!("{}", summary.stats_line(solver, jobs));
    }
    Ok(ExitCode::from(summary.exit_code()))
}
