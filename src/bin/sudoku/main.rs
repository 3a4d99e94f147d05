//! `sudoku`: the workspace's command line. With no subcommand it judges every
//! solution on every fixture (`cargo run --release`). The logic lives in the
//! library ([`sudoku_workspace::judge`], [`sudoku_workspace::trace`],
//! [`sudoku_workspace::batch`]); this file only reads the flags.

use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use sudoku_workspace::batch::{self, BatchError, Mode, Solver};
use sudoku_workspace::judge::{self, OwnCase};
use sudoku_workspace::trace;

const EXIT_CODES: &str = "\
Exit codes (each command's --help has its own):
  0    done: judge, every verdict as expected; solve, every puzzle unique
  1    judge: a verdict not as expected; solve: a puzzle without a unique solution
  2    bad command line, or an input that cannot be read or is malformed (line and column)
  141  stdout was closed early (e.g. piped into head): the run stops quietly";

const TRACE_EXIT_CODES: &str = "\
The page (--html FILE) is one file that works offline: the two searches side by side, each
with its board, the line of its source that made each step, its recursion stack, counters
and a chart of its depth; play, step, jump to the next dead end, undo or revisit. Your own
LeetCode 37 file in Python or JavaScript is run (in the judge's sandbox, under --time-limit)
and every write to its board recorded; C++, Java and Rust cannot be hooked, which the
message explains.

Exit codes:
  0    the trace is done (the search ended, looped, or --max-steps was reached; a file of
       yours that raised or ran out of time is traced up to there)
  2    bad command line, a puzzle that cannot be read, is malformed or has clashing givens
       (the message names line and column), or an approach that cannot be traced (the
       message says why: a C++/Java/Rust file, python3 or node missing, no solveSudoku, a
       file that fails before solveSudoku is called)
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
    #[command(after_help = JUDGE_HELP)]
    Judge(JudgeArgs),
    /// Watch a write-up's depth-first search (or your own file's) step by step, in the
    /// terminal or on a page.
    #[command(after_help = TRACE_EXIT_CODES)]
    Trace(TraceArgs),
    /// Solve puzzles, one per line: prints each solution, or a `#` line saying
    /// "no solution" / "multiple solutions"; exit 1 if any puzzle is not unique.
    #[command(after_help = batch_help(Mode::Solve))]
    Solve(BatchArgs),
    /// Count each puzzle's solutions, one line per puzzle, capped at --limit.
    #[command(after_help = batch_help(Mode::Count { limit: 2 }))]
    Count {
        #[command(flatten)]
        batch: BatchArgs,
        /// Count up to this many solutions (a LeetCode 37 paste file counts at most 1).
        #[arg(long, value_name = "N", default_value_t = 2)]
        limit: usize,
    },
    /// Generate puzzles with exactly one solution, the same for the same seed on every machine.
    #[command(after_help = GEN_HELP)]
    Gen(GenArgs),
    /// Find the case that breaks your solution: generated puzzles until a verdict is not AC,
    /// then the failing puzzle shrunk (givens removed while it still fails) and saved.
    #[command(after_help = STRESS_HELP)]
    Stress(StressArgs),
    /// The judge's child: run one solution on stdin, or on FILE (as `sudoku-runner`).
    #[command(hide = true)]
    RunSolution {
        /// Solution name.
        solution: String,
        /// Input file [default: stdin].
        file: Option<String>,
    },
}

const GEN_HELP: &str = "\
How it works: a random solved grid (a depth-first fill trying digits in random order), then
its cells in random order, each given removed while the puzzle keeps exactly one solution.
Without --clues that runs through all 81 cells and leaves a minimal puzzle (removing any
given makes it ambiguous).

Difficulty is measured on the puzzle, by what solves it:
  easy    naked and hidden singles alone
  medium  singles and locked candidates (pointing, claiming)
  hard    more than that, and the cell search (fast-cell) needs at most 2 guesses
  expert  the cell search (fast-cell) needs more than 2 guesses

Exit codes:
  0    every puzzle written
  1    no puzzle for the request after 100000 solved grids (e.g. --clues 17 --minimal:
       about 20 s)
  2    bad command line
  141  stdout was closed early (e.g. piped into head): the run stops quietly";

const STRESS_HELP: &str = "\
Cases: LeetCode 37, unique puzzles of 22 to 60 givens; Lanqiao, also puzzles with several
solutions and with none; LeetCode 36, boards with and without a repeated digit. The same
seed gives the same cases. The shrunk case is saved as DIR/NAME.in + NAME.out (or
DIR/fail/NAME.in + NAME.err), and the command that re-judges it is printed.

Exit codes:
  0    every case AC
  1    a case failed: shrunk, saved, and the re-judge command printed
  2    bad command line, a file that cannot be built or placed, or a missing toolchain";

#[derive(Args)]
struct StressArgs {
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
    /// The problem, when the file does not say (lc36, lc37, lanqiao).
    #[arg(long, value_name = "KEY")]
    problem: Option<String>,
    /// Where to save the shrunk case.
    #[arg(long, value_name = "DIR", default_value = "mine/cases")]
    save_dir: PathBuf,
    /// With a Rust FILE: the edition to compile it at.
    #[arg(long, value_name = "YEAR", value_parser = ["2015", "2018", "2021", "2024"], default_value = "2021")]
    edition: String,
}

fn run_stress(args: StressArgs) -> ExitCode {
    let exe = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot find this program to start the sandbox: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = judge::stress::Options {
        exe,
        file: args.file,
        problem: args.problem,
        seed: args.seed,
        cases: args.cases,
        time: Duration::from_millis(args.time_limit),
        save_dir: args.save_dir,
        rust_edition: args.edition,
    };
    match judge::stress::run(&opts) {
        Ok(judge::stress::Outcome::Passed { cases }) => {
            println!("{cases} cases, every one AC (seed {})", opts.seed);
            ExitCode::SUCCESS
        }
        Ok(judge::stress::Outcome::Broken {
            case,
            givens_before,
            givens_after,
            verdict,
            detail,
            saved,
            command,
        }) => {
            println!(
                "case {case} (seed {}): {verdict}; shrunk from {givens_before} to {givens_after} givens",
                opts.seed
            );
            println!("{}", detail.trim_end());
            println!("saved: {}", saved.display());
            println!("re-judge: {command}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

#[derive(Args)]
struct GenArgs {
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: usize,
    /// The seed: the same seed gives the same puzzles on every machine.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Stop digging at K givens (without it, dig to a minimal puzzle).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(17..=80))]
    clues: Option<u64>,
    /// Only puzzles of this difficulty (the rule is below).
    #[arg(long, value_name = "LEVEL", value_parser = ["easy", "medium", "hard", "expert"])]
    difficulty: Option<String>,
    /// With --clues: only minimal puzzles (removing any given makes them ambiguous).
    #[arg(long)]
    minimal: bool,
    /// line: 81 characters, `.` empty; lanqiao: 9 lines of digits, `0` empty, a blank
    /// line between puzzles; leetcode: the board literal, one per line.
    #[arg(long, value_name = "FORMAT", value_parser = ["line", "lanqiao", "leetcode"], default_value = "line")]
    format: String,
}

fn run_gen(args: GenArgs, stdout: &mut impl Write) -> ExitCode {
    use sudoku_workspace::gen::{self, Difficulty};
    let difficulty = args.difficulty.as_deref().map(|d| match d {
        "easy" => Difficulty::Easy,
        "medium" => Difficulty::Medium,
        "hard" => Difficulty::Hard,
        _ => Difficulty::Expert,
    });
    let clues = args.clues.map(|k| k as usize);
    let request = gen::Request {
        // --minimal with --clues: dig to minimal and keep those with K givens.
        clues: if args.minimal { None } else { clues },
        difficulty,
        minimal_with: if args.minimal { clues } else { None },
    };
    let mut rng = gen::Rng::new(args.seed);
    let mut out = BufWriter::new(stdout);
    for i in 0..args.count {
        let Some((puzzle, _)) = gen::generate(&request, &mut rng) else {
            let _ = out.flush();
            eprintln!(
                "error: no puzzle for this request in {} solved grids",
                gen::MAX_TRIES
            );
            return ExitCode::from(1);
        };
        let text = match args.format.as_str() {
            "lanqiao" => format!("{}{}", if i > 0 { "\n" } else { "" }, puzzle.to_rows()),
            "leetcode" => format!(
                "{}\n",
                sudoku_workspace::fixtures::format_board(&puzzle.to_board())
            ),
            _ => format!("{}\n", puzzle.to_line()),
        };
        if let Err(e) = out.write_all(text.as_bytes()) {
            return write_failed(&e);
        }
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => write_failed(&e),
    }
}

fn write_failed(e: &std::io::Error) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return ExitCode::from(141);
    }
    eprintln!("error: cannot write: {e}");
    ExitCode::from(2)
}

#[derive(Args)]
struct BatchArgs {
    /// The solver [default: the first one listed below].
    #[arg(long, value_name = "NAME", value_parser = parse_solver)]
    solver: Option<&'static Solver>,
    /// Puzzle file: one puzzle per line, 81 characters, `.` or `0` empty; `#` and blank
    /// lines skipped. `-` or none: stdin.
    file: Option<PathBuf>,
    /// Threads solving at once [default: the number of cores]; the output keeps the input's
    /// order whatever N is.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    jobs: Option<u64>,
    /// Print to stderr, at the end, the solve time with reading and writing excluded,
    /// puzzles per second and guesses per puzzle (and the kernel `fast` or `fast-cell` ran).
    #[arg(long)]
    stats: bool,
}

fn parse_solver(name: &str) -> Result<&'static Solver, String> {
    batch::solver(name).ok_or_else(|| {
        format!(
            "unknown solver\n{}",
            batch::solvers_help(Mode::Count { limit: 2 })
        )
    })
}

fn batch_help(mode: Mode) -> String {
    let two = match mode {
        Mode::Solve => "  1    some puzzle has no solution or several\n",
        Mode::Count { .. } => "",
    };
    format!(
        "{}\nExit codes:\n  0    every puzzle done{}\n{two}  2    bad command line, unreadable file, or a malformed line (the message names line and\n       column; the lines above it are already printed)\n  141  stdout was closed early (e.g. piped into head): the run stops quietly",
        batch::solvers_help(mode),
        if matches!(mode, Mode::Solve) { " (every one unique)" } else { "" },
    )
}

/// `--jobs N`, or every core when it is not given (judge, solve, count).
fn jobs_or_cores(jobs: Option<u64>) -> usize {
    jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    )
}

/// `sudoku solve` / `sudoku count`: the rules live in `batch::run_batch`.
fn run_batch_command(args: BatchArgs, mode: Mode, stdout: &mut impl Write) -> ExitCode {
    let solver = args.solver.unwrap_or(batch::default_solver());
    let name = match &args.file {
        Some(path) if path.as_os_str() != "-" => path.display().to_string(),
        _ => "-".to_string(),
    };
    // Streamed, a line at a time: `sudoku solve /dev/zero` and a huge file
    // both run in bounded memory, and a pipe sees each answer at once.
    let input: Box<dyn Read> = if name == "-" {
        Box::new(io::stdin())
    } else {
        match std::fs::File::open(&name) {
            Ok(file) => Box::new(file),
            Err(e) => {
                eprintln!("error: {name}: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let input = io::BufReader::with_capacity(1 << 16, input);
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    let jobs = jobs_or_cores(args.jobs);
    match batch::run_batch_reader(input, solver, mode, jobs, &mut out) {
        Ok(summary) => {
            if args.stats {
                eprintln!("{}", summary.stats_line(solver, jobs));
            }
            ExitCode::from(summary.exit_code())
        }
        // `sudoku solve big.txt | head`: the reader has gone; nothing to say.
        Err(e @ BatchError::Write(_)) if e.exit_code() == batch::EXIT_BROKEN_PIPE => {
            ExitCode::from(e.exit_code())
        }
        Err(e) => {
            eprintln!("error: {name}: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

const JUDGE_HELP: &str = "\
Limits: time is CPU time (user + sys of the solution's process), as Codeforces, AtCoder
and LeetCode count it, so a busy machine does not turn AC into TLE; the wall clock only
stops a solution that sleeps or blocks (verdict `TLE (wall)`). Memory is the peak resident
size of the solution's own process (nothing of the judge's is counted).

Output is compared the way judges do: spaces, tabs and CR at the end of a line, a missing
final newline and blank lines at the end are not differences; anything else is. LeetCode 37
boards are checked with the oracle (any solution of the puzzle), then against the answer;
where a problem accepts many answers (POJ 2676/3074/3076, SPOJ, HDU 1426: any completion;
Codeforces 1335D: any Anti-Sudoku), the output is validated against the rules instead.

Exit codes:
  0    every solution got its expected verdict (AC; TLE for the wrong DFS and the cases a
       NAME.slow file pins)
  1    some verdict was not the expected one
  2    bad command line (a limit out of its range, an unknown name), or an input, answer or
       fixture file that cannot be read or is malformed (the message names line and column)
  130  interrupted (SIGINT, Ctrl-C); 143: terminated (SIGTERM); every running case is killed first
  141  stdout was closed early (e.g. piped into head): the run stops quietly";

#[derive(Args, Default)]
struct JudgeArgs {
    /// Your own solution file instead of the built-in ones: Rust (.rs), C++ (.cpp), Java
    /// (.java), Python 3 (.py) or JavaScript (.js). A LeetCode paste (only `class Solution`)
    /// is wrapped in a harness; anything else is a stdin program (Lanqiao unless --problem
    /// names another). The problem comes from the methods it defines or from --problem.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// With FILE: also run the built-in solutions of its problem, for comparison.
    #[arg(long, requires = "file")]
    compare: bool,
    /// With a Rust FILE: the edition to compile it at (LeetCode's Rust is 1.58 at 2018).
    #[arg(long, value_name = "YEAR", value_parser = ["2015", "2018", "2021", "2024"], default_value = "2021", requires = "file")]
    edition: String,
    /// CPU-time limit per case, in ms [default: the problem's, 2000]
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(judge::ranges::TIME_MS))]
    time_limit: Option<u64>,
    /// Wall-clock backstop per case, in ms [default: 3x the CPU-time limit]
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(judge::ranges::WALL_MS))]
    wall_limit: Option<u64>,
    /// Peak resident size of the solution's process, in MB [default: the problem's, 256]
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(judge::ranges::MEMORY_MB))]
    memory_limit: Option<u64>,
    /// Only this problem (repeatable).
    #[arg(long, value_name = "KEY", value_parser = problem_keys())]
    problem: Vec<String>,
    /// Only this solution, by file name, e.g. lc37_04_bitmasks (repeatable).
    #[arg(long, value_name = "NAME")]
    solution: Vec<String>,
    /// Only this fixture, by file stem, e.g. leetcode_example; `*` matches any run of
    /// characters, e.g. 'hard_*' (repeatable).
    #[arg(long, value_name = "NAME")]
    fixture: Vec<String>,
    /// Judge on your own fixtures instead of the shipped ones: `DIR/<problem>/` for each
    /// problem that has one, or DIR itself with one --problem. Layout: NAME.in + NAME.out,
    /// and a case that must fail in fail/ with NAME.err (`# why:`, `exit:`, `stderr:`).
    #[arg(long, value_name = "DIR", conflicts_with = "input")]
    fixtures: Option<PathBuf>,
    /// Judge your own case instead of the fixtures, read once (a pipe or /dev/stdin works);
    /// the problem is read from its form, or named with --problem.
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,
    /// The expected output for --input (compared as a stream, as above); without it the
    /// problem's reference works it out.
    #[arg(long, value_name = "FILE", requires = "input")]
    expect: Option<PathBuf>,
    /// One JSON object per case on stdout instead of the tables (problem, solution, fixture,
    /// verdict, cpu_ms, wall_ms, memory_kb, first_difference, ...).
    #[arg(long, conflicts_with = "stats")]
    json: bool,
    /// Also print placements and undos of each search order, and the CPU time per placement.
    #[arg(long)]
    stats: bool,
    /// Cases run at once, each in its own sandbox [default: the number of cores]. Verdicts
    /// use CPU time, so they do not change with this; --jobs 1 gives the steadiest timings.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=judge::sandbox::MAX_RUNNING as u64))]
    jobs: Option<u64>,
}

fn problem_keys() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(judge::problem::PROBLEMS.iter().map(|p| p.key))
}

#[derive(Args)]
struct TraceArgs {
    /// The search to watch: right (000's DFS, = 01-05, 07, 08), wrong (000's wrong DFS, 09),
    /// rescan (003, 06) or fewest (lanqiao, lc37_11); a solution file's name or path, or a
    /// write-up original in examples/writeups/; or your own .py/.js LeetCode 37 file
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
    /// Stop after this many steps [default: 100000; on a page 200000, its most].
    #[arg(long, value_name = "N")]
    max_steps: Option<u64>,
    /// Print the board after every step, not only at the key ones.
    #[arg(long)]
    boards: bool,
    /// With your own file: the CPU time it may run for, in ms.
    #[arg(long, value_name = "MS", default_value_t = 5000, value_parser = clap::value_parser!(u64).range(judge::ranges::TIME_MS))]
    time_limit: u64,
    /// A puzzle file (LeetCode literal, 9 lines of 9, or one 81-character line) or
    /// an 81-character puzzle; default: LeetCode 37's example.
    puzzle: Option<String>,
}

fn main() -> ExitCode {
    // The sandbox's supervisor: before anything else, so the process whose
    // memory a solution's fork starts from stays small.
    if std::env::args_os().nth(1).is_some_and(|a| a == "sandbox") {
        let rest: Vec<OsString> = std::env::args_os().skip(2).collect();
        return judge::sandbox::supervisor_main(&rest);
    }
    Cli::parse()
        .command
        .unwrap_or(Command::Judge(JudgeArgs::default()))
        .run()
}

/// Colour as anstream decides it: a terminal, unless `NO_COLOR` or
/// `CLICOLOR=0`; forced by `CLICOLOR_FORCE`.
fn terminal() -> bool {
    anstream::AutoStream::choice(&io::stdout()) != anstream::ColorChoice::Never
}

/// Terminal width from `COLUMNS`, else 120.
fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(120)
}

impl Command {
    fn run(self) -> ExitCode {
        let mut stdout = std::io::stdout().lock();
        match self {
            Command::Judge(args) => {
                let exe = match std::env::current_exe() {
                    Ok(p) => p,
                    Err(e) => {
                        eprintln!("error: cannot find this program to start the sandbox: {e}");
                        return ExitCode::from(2);
                    }
                };
                let opts = judge::Options {
                    exe,
                    time: args.time_limit.map(Duration::from_millis),
                    wall: args.wall_limit.map(Duration::from_millis),
                    memory_mb: args.memory_limit,
                    problems: args.problem,
                    solutions: args.solution,
                    fixtures: args.fixture,
                    own: args.input.map(|input| OwnCase {
                        input,
                        expect: args.expect,
                    }),
                    fixtures_dir: args.fixtures,
                    stats: args.stats,
                    json: args.json,
                    colour: terminal(),
                    width: width(),
                    jobs: jobs_or_cores(args.jobs),
                    file: args.file,
                    compare: args.compare,
                    rust_edition: args.edition,
                };
                let mut out = BufWriter::new(stdout);
                let result = judge::run(&opts, &mut out).and_then(|r| {
                    out.flush()?;
                    Ok(r)
                });
                match result {
                    Ok(report) if report.all_as_expected() => ExitCode::SUCCESS,
                    Ok(_) => ExitCode::from(1),
                    Err(judge::Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                        ExitCode::from(141)
                    }
                    Err(e) => {
                        eprintln!("error: {e}");
                        ExitCode::from(2)
                    }
                }
            }
            Command::Trace(args) => {
                let opts = trace::Options {
                    approach: args.approach,
                    against: args.against,
                    html: args.html,
                    puzzle: args.puzzle,
                    max_steps: args.max_steps,
                    delay: args.delay.map(Duration::from_millis),
                    boards: args.boards,
                    terminal: terminal(),
                    time_limit: Duration::from_millis(args.time_limit),
                    // Without it only a user's own file fails, saying so.
                    exe: std::env::current_exe().unwrap_or_default(),
                };
                match trace::run(&opts, &mut stdout) {
                    Ok(_) => ExitCode::SUCCESS,
                    // `sudoku trace | head`: the reader has had enough; stop quietly.
                    Err(trace::Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                        ExitCode::from(batch::EXIT_BROKEN_PIPE)
                    }
                    Err(e) => {
                        eprintln!("error: {e}");
                        ExitCode::from(2)
                    }
                }
            }
            Command::Solve(args) => run_batch_command(args, Mode::Solve, &mut stdout),
            Command::Gen(args) => run_gen(args, &mut stdout),
            Command::Stress(args) => run_stress(args),
            Command::Count { batch, limit } => {
                run_batch_command(batch, Mode::Count { limit }, &mut stdout)
            }
            Command::RunSolution { solution, file } => {
                drop(stdout);
                let args: Vec<String> = std::iter::once(solution).chain(file).collect();
                judge::solution::runner_main(&args)
            }
        }
    }
}
