//! `sudoku stress FILE`: generated cases inside the problem's promise until
//! one fails, then shrunk and saved ([`sudoku_workspace::judge::stress`]).

use crate::common::{this_program, Compilers, Edition, Failure};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use sudoku_workspace::judge;

pub const STRESS_HELP: &str = "\
Cases, for every problem (the file's, or --problem), inside its statement's promise: unique
puzzles where the statement promises one (LeetCode 37, Lanqiao, POJ 3074, HDU 1426, POJ 3076
and SPOJ at 16x16), puzzles with many solutions where any completion is accepted (POJ 2676),
at least 24 givens (P1074), squiggly regions with one, several or no solutions (HDU 4069),
filled grids (ABC327 C, Codeforces 1335D), boards with and without a repeated digit
(LeetCode 36). The same seed gives the same cases. A failing case is shrunk (boards dropped,
then givens emptied, while it fails and keeps the promise), saved as DIR/KEY/NAME.in +
NAME.out, and the command that re-judges it is printed.

Exit codes:
  0    every case AC
  1    a case failed: shrunk, saved, and the re-judge command printed
  2    bad command line, a file that cannot be built or placed, or a missing toolchain
  3    not judged here: the file needs what its judge has and this machine lacks (a library,
       Python 2), named with the way to add it";

#[derive(Args)]
pub struct StressArgs {
    /// Your solution file (as for `sudoku judge FILE`).
    file: PathBuf,
    /// The seed: the same seed, the same cases.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Cases to try before calling it passed.
    #[arg(long, value_name = "N", default_value_t = 100)]
    cases: usize,
    /// CPU-time limit per case, in ms.
    #[arg(long, value_name = "MS", default_value_t = 2000, value_parser = clap::value_parser!(u64).range(judge::ranges::TIME_MS))]
    time_limit: u64,
    /// The problem, when the file does not say (any judge problem's key).
    #[arg(long, value_name = "KEY")]
    problem: Option<String>,
    /// Where to save the shrunk case.
    #[arg(long, value_name = "DIR", default_value = "mine/cases")]
    save_dir: PathBuf,
    /// With a Rust FILE: the edition to compile it at [default: the judge's: 2024 for LeetCode,
    /// 2021 for the others]
    #[arg(long, value_name = "YEAR", value_enum)]
    edition: Option<Edition>,
    #[command(flatten)]
    compilers: Compilers,
    /// Judge a FILE even where the sandbox cannot hold a file nobody here wrote (no
    /// namespaces: a process group on Linux, macOS's rlimits, Windows's Job Object): it
    /// could then read your files and reach the network. It builds in a cache of its own.
    #[arg(long)]
    trust: bool,
}

/// Exit 0 when every case is AC, 1 with the shrunk case saved.
pub fn run(args: StressArgs) -> Result<ExitCode, Failure> {
    let exe = this_program()?;
    let opts = judge::stress::Options {
        exe: exe.clone(),
        file: args.file,
        problem: args.problem,
        seed: args.seed,
        cases: args.cases,
        time: Duration::from_millis(args.time_limit),
        save_dir: args.save_dir,
        build: judge::solution::FileOptions {
            exe,
            edition: args.edition.map(|e| e.year().into()),
            compilers: args.compilers.named()?,
            trust: args.trust,
        },
    };
    match judge::stress::run(&opts)? {
        judge::stress::Outcome::Passed { cases, problem } => {
            println!(
                "{cases} cases of {}, every one AC (seed {})",
                problem.short, opts.seed
            );
            Ok(ExitCode::SUCCESS)
        }
        judge::stress::Outcome::Broken {
            case,
            givens_before,
            givens_after,
            verdict,
            detail,
            saved,
            command,
        } => {
            println!(
                "case {case} (seed {}): {verdict}; shrunk from {givens_before} to {givens_after} givens",
                opts.seed
            );
            println!("{}", detail.trim_end());
            println!("saved: {}", saved.display());
            println!("re-judge: {command}");
            Ok(ExitCode::from(1))
        }
        judge::stress::Outcome::NotJudgedHere { why } => {
            println!("{}: not judged here: {why}", opts.file.display());
            Ok(ExitCode::from(3))
        }
    }
}
