//! A judge on this machine: every solution on every fixture of its problem,
//! each run in a [sandbox] under a CPU-time and a memory limit, the way an
//! online judge runs a submission; and a user's own file judged the way the
//! real judge would judge it, on the inputs the statement promises.
//!
//! Built of small files, each one kind of thing (as DMOJ's judge-server is):
//!
//! | file | what it is |
//! |---|---|
//! | [`problem`] | a problem as data: key, statement, formats, limits, checker, solutions |
//! | [`plan`] | which problems, solutions and cases a run judges |
//! | [`solution`] | something that can be run: a built-in paste file, or a user's file, placed and built |
//! | [`language`] | one file per language: build plan, harness, crash reading |
//! | [`judges`] | each home judge's toolchains: standard, defines, sanitizers, libraries, memory; its whitespace rule (PE or none) |
//! | [`crates`] | a judge's Rust crates, built once outside the sandbox |
//! | [`cache`] | the build cache: atomic, locked, checked, collected |
//! | [`runner`] | the child side of a built-in solution |
//! | [`checker`] | one function per way of comparing output; a judge's whitespace rule weighed after it (PE) |
//! | [`validate`] | the special judges (any completion, any Anti-Sudoku) |
//! | [`verdict`] | one case run and its verdict decided |
//! | [`report`] | the tables, the JSON lines, the progress bar; only renders |
//! | [`stress`] | generated cases until one fails, shrunk and saved |

pub mod cache;
pub mod checker;
pub mod crates;
pub mod judges;
pub mod language;
pub mod plan;
pub mod problem;
pub mod report;
pub mod runner;
pub mod secure;
pub mod solution;
pub mod starter;
mod stats;
pub mod stress;
pub mod text;
pub mod validate;
pub mod verdict;

pub use plan::{name_matches, Case, UserCase};
pub use verdict::{judge_case, CaseResult};

use crate::sandbox::{self, Supervisor};
use solution::Solution;
use std::fmt;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The verdicts, with the judges' own names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Accepted.
    Ac,
    /// Wrong answer.
    Wa,
    /// Presentation error: the answer is right and its whitespace is not,
    /// where the problem's judge says so (POJ, HDU: [`checker::Layout`]).
    Pe,
    /// Time limit exceeded (CPU time, or the wall-clock backstop).
    Tle,
    /// Memory limit exceeded.
    Mle,
    /// Output limit exceeded (stdout, stderr, or files in its `/tmp`).
    Ole,
    /// Runtime error: a crash, a signal, a non-zero exit, too many processes.
    Re,
    /// Compilation error: the user's file did not build.
    Ce,
    /// Internal error: the judge could not run this case (the reason says
    /// why); the other cases are judged as usual.
    Ie,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Pe => "PE",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Re => "RE",
            Verdict::Ce => "CE",
            Verdict::Ie => "IE",
        })
    }
}

/// The limits of one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + sys of every process of the run).
    pub time: Duration,
    /// Wall clock backstop (time spent waiting for a CPU not counted).
    pub wall: Duration,
    /// Resident size of the run's processes, in MB (2^20 bytes).
    pub memory_mb: u64,
    /// Processes that may run at once (threads are not processes).
    pub processes: u32,
}

/// The ranges the command line accepts, checked before anything runs.
pub mod ranges {
    /// `--time-limit`, ms of CPU time.
    pub const TIME_MS: std::ops::RangeInclusive<u64> = 1..=60_000;
    /// `--wall-limit`, ms.
    pub const WALL_MS: std::ops::RangeInclusive<u64> = 1..=600_000;
    /// `--memory-limit`, MB.
    pub const MEMORY_MB: std::ops::RangeInclusive<u64> = 1..=16_384;
    /// `--processes`.
    pub const PROCESSES: std::ops::RangeInclusive<u64> = 1..=256;
}

/// The most bytes a solution may write to stdout or stderr (then OLE).
pub const OUTPUT_LIMIT: u64 = 64 << 20;

/// The most bytes a solution may write to its private `/tmp` (then OLE).
pub const DISK_LIMIT: u64 = 16 << 20;

/// What `sudoku judge` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// This program: the sandbox's supervisor (`sandbox`) and the runner (`run-solution`).
    pub exe: PathBuf,
    /// CPU time limit; `None`: each problem's own.
    pub time: Option<Duration>,
    /// Wall-clock backstop; `None`: 3x the CPU time limit.
    pub wall: Option<Duration>,
    /// Memory limit in MB; `None`: each problem's own.
    pub memory_mb: Option<u64>,
    /// Processes a solution may run at once (1: it may start none).
    pub processes: u32,
    /// Only these problems, by key (all when empty).
    pub problems: Vec<String>,
    /// Only these solutions (all when empty).
    pub solutions: Vec<String>,
    /// Only these fixtures (all when empty).
    pub fixtures: Vec<String>,
    /// A user's own case instead of the fixtures.
    pub user_case: Option<UserCase>,
    /// Your own fixtures (`--fixtures DIR`) instead of the shipped ones: a
    /// problem's cases are `DIR/<key>/` if that folder exists, else `DIR`
    /// itself when exactly one `--problem` is named.
    pub fixtures_dir: Option<PathBuf>,
    /// A user's file is judged on the judge's cases; `--strict` adds the
    /// house cases (malformed input, exit codes), as for the built-in ones.
    pub strict: bool,
    /// Print the search-tree counts and the time per placement.
    pub stats: bool,
    /// One JSON object per case instead of the tables.
    pub json: bool,
    /// After the tables, each failure of a user's file as an editor's
    /// problem matcher reads it ([`report::editor`]).
    pub lines: bool,
    /// Colour (a terminal, and `NO_COLOR` unset).
    pub colour: bool,
    /// Wrap tables at this many columns.
    pub width: usize,
    /// Cases run at once, each in its own sandbox (`--jobs`).
    pub jobs: usize,
    /// A user's own file, or a folder of them, instead of the built-in solutions (`FILE`).
    pub file: Option<PathBuf>,
    /// With `file`: also run the built-in solutions of its problem (`--compare`).
    pub compare: bool,
    /// How to build a user's file (edition, `--rustc`).
    pub build: solution::FileOptions,
}

impl Options {
    /// The limits for `problem`: the flags where given, else the problem's.
    pub fn limits(&self, problem: &problem::Problem) -> Limits {
        let time = self.time.unwrap_or(Duration::from_millis(problem.time_ms));
        Limits {
            time,
            wall: self.wall.unwrap_or(time * 3),
            memory_mb: self.memory_mb.unwrap_or(problem.memory_mb),
            processes: self.processes,
        }
    }

    /// `case`'s own CPU time limit for the built-in solutions (its
    /// `limit:` line), unless `--time-limit` sets every case's.
    pub fn case_limit<'a>(&self, case: &'a Case) -> Option<&'a crate::fixtures::Limit> {
        case.limit.as_ref().filter(|_| self.time.is_none())
    }
}

/// Why `sudoku judge` could not judge (exit 2).
#[derive(Debug)]
pub enum Error {
    /// A file could not be read.
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// An input, answer or fixture is malformed.
    Parse {
        /// The file.
        path: PathBuf,
        /// Where and why.
        why: String,
    },
    /// The command line asks for something that is not there (an unknown
    /// name, a filter that matches nothing, a file that could be two problems).
    Usage(String),
    /// A compiler or interpreter is missing, or the build cache is unusable.
    Toolchain(String),
    /// Stdout could not be written, or the judge could not start a process.
    Io(io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            Error::Parse { path, why } => write!(f, "{}: {why}", path.display()),
            Error::Usage(why) | Error::Toolchain(why) => f.write_str(why),
            Error::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) | Error::Read { source: e, .. } => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

/// What a judge run found.
#[derive(Clone, Debug)]
pub struct Report {
    /// Every case, problem by problem.
    pub results: Vec<CaseResult>,
    /// Wall clock of the whole run.
    pub wall: Duration,
    /// Files of a folder that could not be judged, and why (a missing compiler).
    pub not_judged: Vec<(PathBuf, String)>,
    /// Files this machine cannot judge as their judge would (a compiler,
    /// interpreter or library it lacks), and what they need: none of their
    /// cases ran.
    pub not_judged_here: Vec<(String, String)>,
}

impl Report {
    /// True when every case got its expected verdict (`sudoku judge` exits 0).
    pub fn all_as_expected(&self) -> bool {
        self.results.iter().all(CaseResult::as_expected)
    }
}

/// Runs `work` (solution, case) pairs `workers` at a time, each in its own
/// sandbox; results keep `work`'s order. CPU time is per run, so verdicts do
/// not depend on how many run at once.
fn judge_all(
    supervisor: &Supervisor,
    opts: &Options,
    work: &[(&Solution, &Case)],
    limits: &Limits,
    progress: &Mutex<report::Progress>,
) -> Vec<CaseResult> {
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<CaseResult>>> = work.iter().map(|_| Mutex::new(None)).collect();
    let workers = opts.jobs.clamp(1, sandbox::MAX_RUNNING).min(work.len());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&(solution, case)) = work.get(i) else {
                    break;
                };
                if let Ok(mut p) = progress.lock() {
                    p.show(&solution.name, &case.name);
                }
                let limits = case_limits(solution, case, limits, opts);
                let r = judge_case(supervisor, &opts.exe, solution, case, &limits);
                if let Ok(mut slot) = slots[i].lock() {
                    *slot = Some(r);
                }
            });
        }
    });
    slots
        .into_iter()
        .filter_map(|slot| slot.into_inner().ok().flatten())
        .collect()
}

/// The limits `solution` runs under on `case`: its own (see
/// [`Solution::limits`]), except that a built-in solution takes the case's
/// `limit:` line where `--time-limit` did not set one.
fn case_limits(solution: &Solution, case: &Case, base: &Limits, opts: &Options) -> Limits {
    let mut limits = solution.limits(base, opts);
    if let (None, Some(limit)) = (&solution.user, opts.case_limit(case)) {
        limits.time = Duration::from_millis(limit.ms);
        limits.wall = opts.wall.unwrap_or(limits.time * 3);
    }
    limits
}

/// Judges what `opts` asks for, writing the tables (or JSON lines) to `out`.
pub fn run(opts: &Options, out: &mut dyn Write) -> Result<Report, Error> {
    let result = judge_and_report(opts, out);
    solution::remove_weak_cache();
    result
}

fn judge_and_report(opts: &Options, out: &mut dyn Write) -> Result<Report, Error> {
    let started = Instant::now();
    sandbox::install_signal_handlers();
    sandbox::janitor::start(&opts.exe)?;
    let plan = plan::plan(opts)?;
    let supervisor = Supervisor::of(&opts.exe);
    let total: usize = plan
        .problems
        .iter()
        .map(|p| p.solutions.len() * p.cases.len())
        .sum();
    let progress = Mutex::new(report::Progress::new(total as u64));
    let folder = plan.folder;
    let mut results = Vec::new();
    for part in &plan.problems {
        let limits = opts.limits(part.problem);
        let work: Vec<(&Solution, &Case)> = part
            .solutions
            .iter()
            .filter(|s| s.not_judged_here().is_none())
            .flat_map(|solution| {
                part.cases
                    .iter()
                    .filter(|case| solution.user.is_none() || opts.strict || !case.house)
                    .map(move |case| (solution, case))
            })
            .collect();
        let these = judge_all(&supervisor, opts, &work, &limits, &progress);
        if opts.json {
            for r in &these {
                writeln!(out, "{}", report::json_line(r))?;
            }
        } else if folder {
            report::write_file_lines(out, part, &these, opts)?;
        } else {
            report::write_table(out, part, &these, &limits, opts)?;
            if opts.stats {
                stats::write(
                    out,
                    part.problem,
                    &part.solutions,
                    &part.cases,
                    &these,
                    opts.width,
                )?;
            }
        }
        if opts.lines && !opts.json {
            for line in report::editor::lines(part, &these) {
                writeln!(out, "{line}")?;
            }
        }
        results.extend(these);
    }
    progress
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .finish();
    let mut not_judged_here: Vec<(String, String)> = plan
        .problems
        .iter()
        .flat_map(|p| &p.solutions)
        .filter_map(|s| Some((s.name.clone(), s.not_judged_here()?.to_string())))
        .collect();
    // A file in a language this judge does not run is not judged here,
    // with a record of its own under --json.
    for (path, why) in &plan.not_run {
        let name = path.display().to_string();
        if opts.json {
            let record = serde_json::json!({
                "file": name,
                "verdict": "not judged here",
                "detail": why,
            });
            writeln!(out, "{record}")?;
        }
        not_judged_here.push((name, why.clone()));
    }
    let report = Report {
        results,
        wall: started.elapsed(),
        not_judged: plan.not_judged,
        not_judged_here,
    };
    if !opts.json {
        report::write_summary(out, &report, opts)?;
    }
    Ok(report)
}
