//! A judge on this machine: every solution on every fixture of its problem,
//! each run in a sandbox under a CPU-time and a memory limit, the way an
//! online judge runs a submission.
//!
//! Four small kinds of thing, each a file (as DMOJ's judge-server is built):
//!
//! | file | what it is |
//! |---|---|
//! | [`problem`] | a problem as data: id, statement, formats, limits, exit codes, checker, solutions |
//! | [`solution`] | something that can be run: the built-in paste files, through the runner |
//! | [`checker`] | one function per way of comparing: text as judges do, LeetCode boards, stdin programs |
//! | [`sandbox`] | spawn, limit, measure, kill; knows nothing of Sudoku |
//! | [`report`] | the tables and the JSON lines; only renders |
//! | [`validate`] | the special judges (any completion, any Anti-Sudoku) |
//! | [`language`] | a user's own file: build and run commands, harnesses, cache |
//! | [`stress`] | generated cases until one fails, shrunk and saved |
//!
//! This file plans the run (which problems, solutions and cases), judges
//! each case and turns how the run ended into a [`Verdict`].

pub mod checker;
pub mod language;
pub mod problem;
pub mod report;
pub mod sandbox;
pub mod solution;
mod stats;
pub mod stress;
pub mod validate;

use crate::fixtures::{self, Fixture};
use checker::{Answer, Check, FirstDifference};
use problem::Problem;
use sandbox::{End, Supervisor};
use solution::{Solution, TEST_ONLY};
use std::fmt;
use std::io::{self, Read, Write};
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
    /// Time limit exceeded (CPU time, or the wall-clock backstop).
    Tle,
    /// Memory limit exceeded.
    Mle,
    /// Output limit exceeded.
    Ole,
    /// Runtime error: a panic, a signal, an exit code the problem never expects.
    Re,
    /// Compilation error: the user's file did not build.
    Ce,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Re => "RE",
            Verdict::Ce => "CE",
        })
    }
}

/// The limits of one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + sys).
    pub time: Duration,
    /// Wall clock backstop.
    pub wall: Duration,
    /// Peak resident size of the solution's process, in MB (2^20 bytes).
    pub memory_mb: u64,
}

/// The ranges the command line accepts, checked before anything runs.
pub mod ranges {
    /// `--time-limit`, ms of CPU time.
    pub const TIME_MS: std::ops::RangeInclusive<u64> = 1..=60_000;
    /// `--wall-limit`, ms.
    pub const WALL_MS: std::ops::RangeInclusive<u64> = 1..=600_000;
    /// `--memory-limit`, MB.
    pub const MEMORY_MB: std::ops::RangeInclusive<u64> = 1..=16_384;
}

/// The most bytes a solution may write to stdout or stderr (then OLE).
pub const OUTPUT_LIMIT: u64 = 64 << 20;

/// The most bytes a solution may write to its private `/tmp` (then OLE).
pub const DISK_LIMIT: u64 = 16 << 20;

/// The most bytes of a user's `--input` the judge reads (a case is a few
/// hundred bytes).
pub const INPUT_CAP: u64 = 1 << 20;

/// One judged case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The problem.
    pub problem: &'static Problem,
    /// The solution's name.
    pub solution: String,
    /// The verdict it should get.
    pub expected: Verdict,
    /// The fixture name.
    pub fixture: String,
    /// The verdict.
    pub verdict: Verdict,
    /// How the run ended (a TLE says whether CPU time or the wall clock).
    pub end: End,
    /// CPU time, user + sys.
    pub cpu: Duration,
    /// Wall clock.
    pub wall: Duration,
    /// Peak resident size of the solution's process, KiB.
    pub peak_kib: u64,
    /// Why, for anything but AC: the diff, the stderr, the signal.
    pub detail: String,
    /// For a text mismatch, the first line where the output parts.
    pub first: Option<FirstDifference>,
    /// The fixture's `NAME.slow` lists this solution: TLE is as good as AC.
    pub slow: bool,
    /// The limits it ran under.
    pub limits: Limits,
}

impl CaseResult {
    /// True when the verdict is the one the solution should get (TLE also
    /// passes where the fixture lists the solution as too slow).
    pub fn as_expected(&self) -> bool {
        self.verdict == self.expected || (self.slow && self.verdict == Verdict::Tle)
    }
}

/// A case ready to run: its input in a file (the solution's stdin) and what it expects.
pub struct Case {
    /// The fixture name.
    pub name: String,
    /// The input text.
    pub input: String,
    /// The input, opened afresh as each run's stdin.
    pub input_file: sandbox::Input,
    /// What it expects.
    pub answer: Answer,
    /// Solutions allowed TLE here, and why.
    pub slow: fixtures::Slow,
}

impl Case {
    /// A case from its input and answer.
    pub fn new(
        name: String,
        input: String,
        answer: Answer,
        slow: fixtures::Slow,
    ) -> io::Result<Case> {
        Ok(Case {
            name,
            input_file: sandbox::Input::new(input.as_bytes())?,
            input,
            answer,
            slow,
        })
    }

    /// A case from a fixture: its `.err` or `.out`, else the problem's reference answer.
    pub fn from_fixture(problem: &Problem, f: Fixture) -> Result<Case, Error> {
        let answer = match (f.failure, f.expected) {
            (Some(fail), _) => Answer::Fails {
                why: fail.why,
                exit: fail.exit,
                stderr: fail.stderr,
            },
            (None, Some(text)) => Answer::Text(text),
            (None, None) => (problem.reference)(&f.input).map_err(|why| Error::Parse {
                path: PathBuf::from(&f.origin),
                why,
            })?,
        };
        Ok(Case::new(f.name, f.input, answer, f.slow)?)
    }
}

/// Rust's message when an allocation fails (then it aborts).
const ALLOC_FAILED: &str = "memory allocation of";

/// Judges `solution` on `case` under `limits`.
pub fn judge_case(
    supervisor: &Supervisor,
    exe: &std::path::Path,
    solution: &Solution,
    case: &Case,
    limits: &Limits,
) -> io::Result<CaseResult> {
    if let Some(solution::OwnBuild::CompileError(why)) = &solution.own {
        return Ok(CaseResult {
            problem: solution.problem,
            solution: solution.name.clone(),
            expected: solution.expected,
            fixture: case.name.clone(),
            verdict: Verdict::Ce,
            end: End::Exit(1),
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            peak_kib: 0,
            detail: why.clone(),
            first: None,
            slow: false,
            limits: *limits,
        });
    }
    let (program, args, view) = solution.command(exe);
    let mut run = supervisor.run(
        &program,
        &args,
        Some(&case.input_file),
        &sandbox::Limits {
            cpu: limits.time,
            wall: limits.wall,
            memory_kib: limits.memory_mb << 10,
            output_bytes: OUTPUT_LIMIT,
            disk_bytes: DISK_LIMIT,
            processes: 1,
            address_space: solution.address_space(),
        },
        &view,
    )?;
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    let last_err = stderr.lines().last().unwrap_or("").to_string();
    let peak_mb = run.peak_kib as f64 / 1024.0;
    let (verdict, detail, first) = if run.end == End::MemoryLimit
        || run.peak_kib > limits.memory_mb << 10
        || stderr.contains(ALLOC_FAILED)
    {
        let how = if stderr.contains(ALLOC_FAILED) {
            format!("; {last_err}")
        } else {
            String::new()
        };
        let why = format!("peak {peak_mb:.1} MB > {} MB{how}", limits.memory_mb);
        (Verdict::Mle, why, None)
    } else if run.end == End::WallLimit {
        let why = format!(
            "still running at {} ms wall clock with {} ms CPU time, killed: it sleeps or waits",
            limits.wall.as_millis(),
            run.cpu.as_millis()
        );
        (Verdict::Tle, why, None)
    } else if run.end == End::CpuLimit || run.cpu > limits.time {
        let why = format!("CPU time passed {} ms, killed", limits.time.as_millis());
        (Verdict::Tle, why, None)
    } else if run.end == End::OutputLimit {
        let why = format!("wrote more than {} MB", OUTPUT_LIMIT >> 20);
        (Verdict::Ole, why, None)
    } else {
        match run.end {
            End::Exit(code) if solution.problem.exit_codes.contains(&code) => {
                let mut check_case = checker::Case {
                    input: &case.input,
                    answer: &case.answer,
                    exit: code,
                    stdout: &mut run.stdout,
                    stderr: &stderr,
                };
                match (solution.problem.checker)(&mut check_case)? {
                    Check::Accepted => (Verdict::Ac, String::new(), None),
                    Check::Wrong { why, diff, first } => {
                        let detail = match diff {
                            Some(d) => format!("{why}\n{d}"),
                            None => why,
                        };
                        (Verdict::Wa, detail, first)
                    }
                }
            }
            End::Exit(code) => (Verdict::Re, format!("exit code {code}: {last_err}"), None),
            End::Signal(sig) => (
                Verdict::Re,
                format!("killed by signal {sig}: {last_err}"),
                None,
            ),
            _ => unreachable!("the limits are handled above"),
        }
    };
    Ok(CaseResult {
        problem: solution.problem,
        solution: solution.name.clone(),
        expected: solution.expected,
        fixture: case.name.clone(),
        verdict,
        end: run.end,
        cpu: run.cpu,
        wall: run.wall,
        peak_kib: run.peak_kib,
        detail,
        first,
        slow: case.slow.names.contains(&solution.name),
        limits: *limits,
    })
}

/// A user's own case: `--input FILE [--expect FILE]`.
#[derive(Clone, Debug)]
pub struct OwnCase {
    /// The input file (read once: a pipe, a FIFO or `/dev/stdin` works).
    pub input: PathBuf,
    /// The expected output, if given (streamed, never read whole); else the
    /// problem's reference works it out.
    pub expect: Option<PathBuf>,
}

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
    /// Only these problems, by key (all when empty).
    pub problems: Vec<String>,
    /// Only these solutions (all when empty).
    pub solutions: Vec<String>,
    /// Only these fixtures (all when empty).
    pub fixtures: Vec<String>,
    /// A user's own case instead of the fixtures.
    pub own: Option<OwnCase>,
    /// Your own fixtures (`--fixtures DIR`) instead of the shipped ones: a
    /// problem's cases are `DIR/<key>/` if that folder exists, else `DIR`
    /// itself when exactly one `--problem` is named.
    pub fixtures_dir: Option<PathBuf>,
    /// Print the search-tree counts and the time per placement.
    pub stats: bool,
    /// One JSON object per case instead of the tables.
    pub json: bool,
    /// Colour (a terminal, and `NO_COLOR` unset).
    pub colour: bool,
    /// Wrap tables at this many columns.
    pub width: usize,
    /// Cases run at once, each in its own sandbox (`--jobs`).
    pub jobs: usize,
    /// A user's own file to judge instead of the built-in solutions (`FILE`).
    pub file: Option<PathBuf>,
    /// With `file`: also run the built-in solutions of its problem (`--compare`).
    pub compare: bool,
    /// Rust's `--edition` for a user's `.rs` file.
    pub rust_edition: String,
}

impl Options {
    /// The limits for `problem`: the flags where given, else the problem's.
    pub fn limits(&self, problem: &Problem) -> Limits {
        let time = self.time.unwrap_or(Duration::from_millis(problem.time_ms));
        Limits {
            time,
            wall: self.wall.unwrap_or(time * 3),
            memory_mb: self.memory_mb.unwrap_or(problem.memory_mb),
        }
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
    /// An input or fixture is malformed.
    Parse {
        /// The file.
        path: PathBuf,
        /// Where and why.
        why: String,
    },
    /// A filter matched nothing, or named something unknown.
    NoMatch(String),
    /// A child could not be started, or stdout could not be written.
    Io(io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            Error::Parse { path, why } => write!(f, "{}: {why}", path.display()),
            Error::NoMatch(why) => f.write_str(why),
            Error::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

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
}

impl Report {
    /// True when every case got its expected verdict (`sudoku judge` exits 0).
    pub fn all_as_expected(&self) -> bool {
        self.results.iter().all(CaseResult::as_expected)
    }
}

/// Reads at most [`INPUT_CAP`] bytes of `path`, once.
fn read_once(path: &std::path::Path) -> Result<String, Error> {
    let read_err = |source| Error::Read {
        path: path.into(),
        source,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(INPUT_CAP + 1).read_to_end(&mut bytes))
        .map_err(read_err)?;
    if bytes.len() as u64 > INPUT_CAP {
        return Err(Error::Parse {
            path: path.into(),
            why: format!("larger than {} KiB: not a Sudoku case", INPUT_CAP >> 10),
        });
    }
    String::from_utf8(bytes).map_err(|e| Error::Parse {
        path: path.into(),
        why: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to() + 1),
    })
}

/// The case for `--input FILE [--expect FILE]`, and its problem.
fn own_case(
    own: &OwnCase,
    named: Option<&'static Problem>,
) -> Result<(&'static Problem, Case), Error> {
    let input = read_once(&own.input)?;
    let expect_start = match &own.expect {
        Some(path) => {
            let mut head = Vec::new();
            std::fs::File::open(path)
                .and_then(|f| f.take(64).read_to_end(&mut head))
                .map_err(|source| Error::Read {
                    path: path.clone(),
                    source,
                })?;
            Some(String::from_utf8_lossy(&head).into_owned())
        }
        None => None,
    };
    let problem = named.unwrap_or_else(|| problem::detect(&input, expect_start.as_deref()));
    let reference = (problem.reference)(&input).map_err(|why| Error::Parse {
        path: own.input.clone(),
        why,
    })?;
    let answer = match &own.expect {
        Some(path) => Answer::File(path.clone()),
        None => reference,
    };
    let name = own
        .input
        .file_stem()
        .map_or("input".into(), |s| s.to_string_lossy().into_owned());
    Ok((
        problem,
        Case::new(name, input, answer, fixtures::Slow::default())?,
    ))
}

/// The solutions of `problem` that the `--solution` filter keeps.
fn chosen(problem: &'static Problem, names: &[String]) -> Vec<Solution> {
    let mut all: Vec<Solution> = Solution::builtin(problem)
        .into_iter()
        .filter(|s| names.is_empty() || names.contains(&s.name))
        .collect();
    // The verdict tests name the test-only solutions explicitly.
    all.extend(names.iter().filter_map(|n| Solution::test_only(n, problem)));
    all
}

type Plan = Vec<(&'static Problem, Vec<Solution>, Vec<Case>)>;

/// The files of a folder the judge can build (a known extension), sorted;
/// `README*` and dot files are skipped.
fn own_files_in(dir: &std::path::Path) -> Result<Vec<PathBuf>, Error> {
    let read = |e| Error::Read {
        path: dir.to_path_buf(),
        source: e,
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(read)? {
        let path = entry.map_err(read)?.path();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.is_file()
            && !name.starts_with('.')
            && !name.starts_with("README")
            && language::of(&path).is_some()
        {
            files.push(path);
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(Error::NoMatch(format!(
            "{}: no solution files here (.rs, .cpp, .java, .py, .js)",
            dir.display()
        )));
    }
    Ok(files)
}

/// A user's file as a solution: its language from the extension, its problem
/// from `--problem` or from the methods it defines (LeetCode 36/37), else a
/// stdin program of Lanqiao; built (or found in the cache) now, so a compile
/// error is a CE row, and a missing toolchain an error naming what to install.
pub(crate) fn own_file_solution(
    path: &std::path::Path,
    named: &[&'static Problem],
    rust_edition: &str,
) -> Result<Solution, Error> {
    let lang = language::of(path).ok_or_else(|| {
        let known: Vec<String> = language::LANGUAGES
            .iter()
            .map(|l| format!("{} (.{})", l.name, l.extensions.join(", .")))
            .collect();
        Error::NoMatch(format!(
            "{}: cannot tell the language from its extension; known: {}",
            path.display(),
            known.join(", ")
        ))
    })?;
    let source = std::fs::read_to_string(path).map_err(|e| Error::Read {
        path: path.to_path_buf(),
        source: e,
    })?;
    // A named problem decides what the file is; else its contents do.
    let kind = match named {
        [one] if one.key == "lc36" => language::Kind::ValidSudoku,
        [one] if one.key == "lc37" => language::Kind::SolveSudoku,
        [_] => language::Kind::Program,
        _ => language::Kind::detect(&source),
    };
    let problem = match (named, kind) {
        ([], language::Kind::ValidSudoku) => problem::by_key("lc36"),
        ([], language::Kind::SolveSudoku) => problem::by_key("lc37"),
        ([], language::Kind::Program) => problem::by_key("lanqiao"),
        ([one], _) => Some(*one),
        _ => {
            return Err(Error::NoMatch(
                "a FILE is judged on one problem: give at most one --problem".into(),
            ))
        }
    }
    .expect("the built-in problems exist");
    let own = match language::build(lang, kind, path, rust_edition) {
        Ok(b) => solution::OwnBuild::Run {
            program: b.program,
            args: b.args,
            address_space: lang.address_space,
        },
        Err(language::BuildError::Compile(why)) => solution::OwnBuild::CompileError(why),
        Err(language::BuildError::Missing(why)) | Err(language::BuildError::Io(why)) => {
            return Err(Error::NoMatch(why))
        }
    };
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok(Solution {
        name,
        problem,
        expected: Verdict::Ac,
        own: Some(own),
    })
}

fn plan(opts: &Options) -> Result<Plan, Error> {
    let mut named = Vec::new();
    for key in &opts.problems {
        named.push(problem::by_key(key).ok_or_else(|| {
            Error::NoMatch(format!("no problem {key:?}; known: {}", problem::keys()))
        })?);
    }
    let known: Vec<String> = problem::PROBLEMS
        .iter()
        .flat_map(|p| (p.solutions)().into_iter().map(|(n, _)| n.to_string()))
        .collect();
    if let Some(bad) = opts
        .solutions
        .iter()
        .find(|n| !known.contains(n) && !TEST_ONLY.contains(&n.as_str()))
    {
        return Err(Error::NoMatch(format!(
            "no solution named {bad:?}; known: {}",
            known.join(", ")
        )));
    }
    let own_files = match &opts.file {
        Some(path) if path.is_dir() => {
            let files = own_files_in(path)?;
            let mut solutions = Vec::new();
            for file in files {
                solutions.push(own_file_solution(&file, &named, &opts.rust_edition)?);
            }
            Some(solutions)
        }
        Some(path) => Some(vec![own_file_solution(path, &named, &opts.rust_edition)?]),
        None => None,
    };
    let own_file = own_files.as_ref().and_then(|v| v.first());
    let chosen = |problem: &'static Problem, names: &[String]| match &own_files {
        Some(own) => {
            let mut all: Vec<Solution> = own
                .iter()
                .filter(|s| s.problem.key == problem.key)
                .cloned()
                .collect();
            if opts.compare && !all.is_empty() {
                all.extend(chosen(problem, names));
            }
            all
        }
        None => chosen(problem, names),
    };
    let mut plan = Plan::new();
    if let Some(own) = &opts.own {
        if named.len() > 1 {
            return Err(Error::NoMatch("--input takes at most one --problem".into()));
        }
        let named_problem = named
            .first()
            .copied()
            .or(own_file.as_ref().map(|s| s.problem));
        let (problem, case) = own_case(own, named_problem)?;
        plan.push((problem, chosen(problem, &opts.solutions), vec![case]));
    } else {
        for problem in &problem::PROBLEMS {
            if !named.is_empty() && !named.iter().any(|p| p.key == problem.key) {
                continue;
            }
            let solutions = chosen(problem, &opts.solutions);
            if solutions.is_empty() {
                continue;
            }
            let source = match &opts.fixtures_dir {
                None => fixtures::Source::Embedded,
                Some(dir) if dir.join(problem.key).is_dir() => {
                    fixtures::Source::Dir(dir.join(problem.key))
                }
                Some(dir) if named.len() == 1 => fixtures::Source::Dir(dir.clone()),
                Some(_) => continue,
            };
            let set = fixtures::load_set(&source, problem.key).map_err(|e| Error::Parse {
                path: PathBuf::from(e.path),
                why: e.why,
            })?;
            let mut cases = Vec::new();
            for f in set {
                if opts.fixtures.is_empty()
                    || opts.fixtures.iter().any(|p| name_matches(p, &f.name))
                {
                    cases.push(Case::from_fixture(problem, f)?);
                }
            }
            if !cases.is_empty() {
                plan.push((problem, solutions, cases));
            }
        }
    }
    if plan.iter().all(|(_, s, _)| s.is_empty()) {
        return Err(Error::NoMatch(
            "nothing to judge: no fixture matches the --problem/--solution/--fixture filters"
                .into(),
        ));
    }
    Ok(plan)
}

/// A progress bar on stderr, drawn only once a run has taken a second and
/// only on a terminal (indicatif hides it in a pipe).
struct Progress {
    bar: indicatif::ProgressBar,
    started: Instant,
    drawn: bool,
}

impl Progress {
    fn new(total: u64) -> Progress {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total),
            indicatif::ProgressDrawTarget::hidden(),
        );
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{pos}/{len} cases {wide_bar} {msg}")
        {
            bar.set_style(style);
        }
        Progress {
            bar,
            started: Instant::now(),
            drawn: false,
        }
    }

    /// Counts the case before this one, names this one.
    fn show(&mut self, solution: &str, fixture: &str) {
        if self.bar.position() > 0 || !self.bar.message().is_empty() {
            self.bar.inc(1);
        }
        self.bar.set_message(format!("{solution} on {fixture}"));
        if !self.drawn && self.started.elapsed() > Duration::from_secs(1) {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
            self.drawn = true;
        }
    }
}

/// Does `name` match `pattern`, where `*` stands for any run of characters
/// (`hard_*`, `*sample*`) and anything else for itself?
pub fn name_matches(pattern: &str, name: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = name.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty(); // no `*`: the whole name
    };
    for part in middle {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// Judges what `opts` asks for, writing the tables (or JSON lines) to `out`.
pub fn run(opts: &Options, out: &mut dyn Write) -> Result<Report, Error> {
    let started = Instant::now();
    let plan = plan(opts)?;
    sandbox::install_signal_handlers();
    let supervisor = Supervisor {
        program: opts.exe.clone(),
        prefix: vec!["sandbox".into()],
    };
    let total: usize = plan.iter().map(|(_, s, c)| s.len() * c.len()).sum();
    let progress = Mutex::new(Progress::new(total as u64));
    let workers = opts.jobs.clamp(1, sandbox::MAX_RUNNING);
    let mut results = Vec::new();
    for (problem, solutions, cases) in &plan {
        let limits = opts.limits(problem);
        let work: Vec<(&Solution, &Case)> = solutions
            .iter()
            .flat_map(|solution| cases.iter().map(move |case| (solution, case)))
            .collect();
        // Each case in its own sandbox, `workers` at a time; results keep
        // the plan's order. CPU time is per process, so verdicts do not
        // depend on how many run at once.
        let next = AtomicUsize::new(0);
        let slots: Vec<Mutex<Option<io::Result<CaseResult>>>> =
            work.iter().map(|_| Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for _ in 0..workers.min(work.len()) {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&(solution, case)) = work.get(i) else {
                        break;
                    };
                    if let Ok(mut p) = progress.lock() {
                        p.show(&solution.name, &case.name);
                    }
                    let r = judge_case(&supervisor, &opts.exe, solution, case, &limits);
                    let failed = r.is_err();
                    if let Ok(mut slot) = slots[i].lock() {
                        *slot = Some(r);
                    }
                    if failed {
                        next.store(work.len(), Ordering::SeqCst);
                    }
                });
            }
        });
        let mut these = Vec::new();
        for slot in slots {
            match slot.into_inner().unwrap_or(None) {
                Some(r) => {
                    let r = r?;
                    if opts.json {
                        writeln!(out, "{}", report::json_line(&r))?;
                    }
                    these.push(r);
                }
                None => continue, // not run: an earlier case's error ends the run
            }
        }
        if !opts.json {
            report::write_table(out, problem, solutions, cases, &these, &limits, opts)?;
            if opts.stats {
                stats::write(out, problem, solutions, cases, &these, opts.width)?;
            }
        }
        results.extend(these);
    }
    let progress = progress.into_inner().unwrap_or_else(|e| e.into_inner());
    progress.bar.finish_and_clear();
    let report = Report {
        results,
        wall: started.elapsed(),
    };
    if !opts.json {
        report::write_summary(out, &report)?;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::name_matches as m;

    #[test]
    fn fixture_patterns() {
        assert!(m("sample1", "sample1") && !m("sample1", "sample10"));
        assert!(m("hard_*", "hard_1000") && m("hard_*", "hard_") && !m("hard_*", "a_hard_1"));
        assert!(m("*sample*", "crlf_sample1") && m("*_tle", "hard_24_tle"));
        assert!(m("a*b*c", "a__b__c") && !m("a*b*c", "a__c__b") && !m("ab*ba", "aba"));
        assert!(m("*", "anything") && !m("", "x") && m("", ""));
    }
}
