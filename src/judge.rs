//! A judge on this machine: every solution on every fixture of its problem,
//! each run in a child process under a time and a memory limit, the way an
//! online judge runs a submission.
//!
//! ```text
//! judge ──fork/exec──> runner SOLUTION FILE     (sudoku-runner, or `sudoku run-solution`)
//!   │  every 1 ms: wait4(WNOHANG); wall clock > limit  -> SIGKILL, TLE
//!   │              /proc/PID/statm resident > limit    -> SIGKILL, MLE
//!   └─ at exit:    wait4's ru_maxrss = peak resident size (MB column)
//! ```
//!
//! Time is wall clock from spawn to exit. Memory is the peak resident set size
//! that the kernel reports in `wait4`'s `ru_maxrss` (exact, not sampled); the
//! 1 ms polling of `/proc/PID/statm` only stops a child early. `RLIMIT_AS` is
//! set to 4x the limit as a safety net against a child that grows faster than
//! the polling; an allocation refused by it is MLE too. Linux starts a forked
//! child's `ru_maxrss` with the parent's anonymous memory copied at fork, so
//! no run reads below that (see [`own_rss_mb`]; about 1 MB here).

use crate::fixtures::{self, format_board, parse_board, Fixture, Slow};
use crate::grid::Grid;
use crate::trace::{self, Order};
use crate::{lanqiao, lanqiao_proconio, lc36, lc37, oracle};
use std::collections::HashMap;
use std::ffi::OsString;
use std::fmt::{self, Write as _};
use std::io::{self, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// The three problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
pub enum Problem {
    /// LeetCode 36, Valid Sudoku: `true` / `false`.
    Lc36,
    /// LeetCode 37, Sudoku Solver: the solved board.
    Lc37,
    /// Lanqiao (blue-bridge) Sudoku: stdin/stdout program, exit codes.
    Lanqiao,
}

impl Problem {
    /// In table order.
    pub const ALL: [Problem; 3] = [Problem::Lc36, Problem::Lc37, Problem::Lanqiao];

    /// The folder under `inputs/` and the `--problem` value.
    pub fn key(self) -> &'static str {
        match self {
            Problem::Lc36 => "lc36",
            Problem::Lc37 => "lc37",
            Problem::Lanqiao => "lanqiao",
        }
    }

    /// The table title.
    pub fn title(self) -> &'static str {
        match self {
            Problem::Lc36 => "LeetCode 36 (Valid Sudoku)",
            Problem::Lc37 => "LeetCode 37 (Sudoku Solver)",
            Problem::Lanqiao => "Lanqiao Sudoku (stdin/stdout, exit codes)",
        }
    }
}

/// The five verdicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Accepted.
    Ac,
    /// Wrong answer.
    Wa,
    /// Time limit exceeded.
    Tle,
    /// Memory limit exceeded.
    Mle,
    /// Runtime error: a panic, a signal, an exit code the problem never expects.
    Re,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Re => "RE",
        })
    }
}

/// A solution the judge knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The runner's name for it (the file stem).
    pub name: &'static str,
    /// Its problem.
    pub problem: Problem,
    /// The verdict it should get on every fixture: AC, or TLE for the wrong DFS.
    pub expected: Verdict,
}

/// Every solution of `problem`, in the order of the tables in `src/lib.rs`.
pub fn solutions(problem: Problem) -> Vec<Entry> {
    let entry = |name, expected| Entry {
        name,
        problem,
        expected,
    };
    match problem {
        Problem::Lc36 => lc36::APPROACHES
            .iter()
            .map(|&(n, _)| entry(n, Verdict::Ac))
            .collect(),
        Problem::Lc37 => lc37::APPROACHES
            .iter()
            .map(|&(n, _)| entry(n, Verdict::Ac))
            .chain([entry(lc37::WRONG_DFS.0, Verdict::Tle)])
            .collect(),
        Problem::Lanqiao => vec![
            entry("lanqiao", Verdict::Ac),
            entry("lanqiao_proconio", Verdict::Ac),
        ],
    }
}

/// The judge's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall clock, from spawn to exit.
    pub time: Duration,
    /// Peak resident size, in MB (2^20 bytes).
    pub memory_mb: u64,
}

impl Default for Limits {
    /// Write-up 004's limits: 2000 ms and 256 MB.
    fn default() -> Self {
        Limits {
            time: Duration::from_millis(2000),
            memory_mb: 256,
        }
    }
}

/// How to start a child: `program prefix… SOLUTION FILE`.
#[derive(Clone, Debug)]
pub struct Runner {
    /// The executable.
    pub program: PathBuf,
    /// Arguments before the solution name (e.g. `run-solution`).
    pub prefix: Vec<OsString>,
}

/// How a child ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// It exited with this code.
    Exit(i32),
    /// A signal the judge did not send killed it.
    Signal(i32),
    /// Killed at the time limit.
    TimeLimit,
    /// Killed when its resident size passed the memory limit.
    MemoryLimit,
}

/// One child run.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub end: End,
    /// Its stdout (the first 16 MiB).
    pub stdout: Vec<u8>,
    /// Its stderr (the first 16 MiB).
    pub stderr: Vec<u8>,
    /// Wall clock from spawn to exit (or to the kill).
    pub wall: Duration,
    /// `ru_maxrss` from `wait4`, in KiB.
    pub peak_kib: u64,
}

const OUTPUT_CAP: usize = 16 << 20;

fn read_capped(mut pipe: impl Read) -> Vec<u8> {
    let (mut kept, mut buf) = (Vec::new(), [0u8; 8192]);
    while let Ok(n) = pipe.read(&mut buf) {
        if n == 0 {
            break;
        }
        let room = OUTPUT_CAP.saturating_sub(kept.len());
        kept.extend_from_slice(&buf[..n.min(room)]);
    }
    kept
}

/// Resident size of a live process, in KiB, from `/proc/PID/statm`.
fn rss_kib(pid: i32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64;
    Some(pages * page / 1024)
}

/// The judge's own anonymous resident memory in MB (`RssAnon`): a forked
/// child's `ru_maxrss` starts with a copy of it, before its `exec`.
pub fn own_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("RssAnon:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    kib as f64 / 1024.0
}

/// Runs `runner … solution input` under `limits`.
pub fn run_child(
    runner: &Runner,
    solution: &str,
    input: &Path,
    limits: &Limits,
) -> io::Result<Run> {
    let mut cmd = Command::new(&runner.program);
    cmd.args(&runner.prefix)
        .arg(solution)
        .arg(input)
        // A judge shows no backtrace, and printing one costs the child time.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let limit_kib = limits.memory_mb * 1024;
    let ceiling = (limits.memory_mb.saturating_mul(4) << 20) as libc::rlim_t;
    // SAFETY: the closure runs between fork and exec and calls only setrlimit,
    // which is async-signal-safe; it allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: ceiling,
                rlim_max: ceiling,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    let out = child.stdout.take().expect("piped");
    let err = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || read_capped(out));
    let err = std::thread::spawn(move || read_capped(err));
    let mut killed: Option<(End, Duration)> = None;
    // The last resident size sampled from /proc: the kernel's RSS counters are
    // batched per thread, so at a kill for memory `ru_maxrss` can trail the
    // sample that crossed the limit by a few pages; the peak is the larger.
    let mut sampled_kib = 0;
    let (status, usage, exited_at) = loop {
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value of this plain C struct.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: pid is our own unreaped child; both pointers are valid.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break (status, usage, start.elapsed());
        }
        if r < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        if killed.is_none() {
            let elapsed = start.elapsed();
            let over = if elapsed >= limits.time {
                Some(End::TimeLimit)
            } else if let Some(kib) = rss_kib(pid).filter(|&kib| kib > limit_kib) {
                sampled_kib = kib;
                Some(End::MemoryLimit)
            } else {
                None
            };
            if let Some(end) = over {
                // SAFETY: pid is still our unreaped child (wait4 said so just above).
                unsafe { libc::kill(pid, libc::SIGKILL) };
                killed = Some((end, elapsed));
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    // The child was reaped by wait4, not by std: `child` holds no more than the pid.
    drop(child);
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    let (end, wall) = match killed {
        Some((end, at)) => (end, at),
        None if libc::WIFEXITED(status) => (End::Exit(libc::WEXITSTATUS(status)), exited_at),
        None => (End::Signal(libc::WTERMSIG(status)), exited_at),
    };
    Ok(Run {
        end,
        stdout,
        stderr,
        wall,
        peak_kib: (usage.ru_maxrss.max(0) as u64).max(sampled_kib),
    })
}

/// One judged case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The solution.
    pub entry: Entry,
    /// The fixture name.
    pub fixture: String,
    /// The verdict.
    pub verdict: Verdict,
    /// Wall clock.
    pub wall: Duration,
    /// Peak resident size, MB.
    pub peak_mb: f64,
    /// Why, for anything but AC: the diff, the stderr, the signal.
    pub detail: String,
    /// The fixture's `NAME.slow` lists this solution: TLE is as good as AC.
    pub slow: bool,
}

impl CaseResult {
    /// True when the verdict is the one the solution should get (TLE also
    /// passes where the fixture lists the solution as too slow).
    pub fn as_expected(&self) -> bool {
        self.verdict == self.entry.expected || (self.slow && self.verdict == Verdict::Tle)
    }
}

/// Rust's message when an allocation fails (then it aborts).
const ALLOC_FAILED: &str = "memory allocation of";

/// The verdict of `run` on `fixture` for `problem`, with its detail.
pub fn verdict(
    problem: Problem,
    fixture: &Fixture,
    run: &Run,
    limits: &Limits,
) -> (Verdict, String) {
    let stderr = String::from_utf8_lossy(&run.stderr);
    let last_err = stderr.lines().last().unwrap_or("").to_string();
    let peak_mb = run.peak_kib as f64 / 1024.0;
    if run.end == End::MemoryLimit
        || peak_mb > limits.memory_mb as f64
        || stderr.contains(ALLOC_FAILED)
    {
        let how = if stderr.contains(ALLOC_FAILED) {
            format!("; {last_err}")
        } else {
            String::new()
        };
        return (
            Verdict::Mle,
            format!("peak {peak_mb:.1} MB > {} MB{how}", limits.memory_mb),
        );
    }
    if run.end == End::TimeLimit || run.wall > limits.time {
        return (
            Verdict::Tle,
            format!("still running at {} ms, killed", limits.time.as_millis()),
        );
    }
    let expected_codes: &[i32] = match problem {
        Problem::Lanqiao => &[0, 1, 2],
        _ => &[0],
    };
    let code = match run.end {
        End::Exit(code) if expected_codes.contains(&code) => code,
        End::Exit(code) => return (Verdict::Re, format!("exit code {code}: {last_err}")),
        End::Signal(sig) => return (Verdict::Re, format!("killed by signal {sig}: {last_err}")),
        End::TimeLimit | End::MemoryLimit => unreachable!("handled above"),
    };
    let got = String::from_utf8_lossy(&run.stdout);
    match problem {
        Problem::Lc36 => {
            let want = fixture.expected.as_deref().unwrap_or("").trim();
            if got.trim() == want {
                (Verdict::Ac, String::new())
            } else {
                (Verdict::Wa, line_diff(want, got.trim()))
            }
        }
        Problem::Lc37 => judge_board(fixture, &got),
        Problem::Lanqiao => judge_lanqiao(fixture, code, &got, &stderr),
    }
}

fn rows_of(board: &[Vec<char>]) -> String {
    board
        .iter()
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}

fn judge_board(fixture: &Fixture, got: &str) -> (Verdict, String) {
    let puzzle = match parse_board(&fixture.input) {
        Ok(board) => Grid::from_board(&board),
        Err(e) => return (Verdict::Wa, format!("the puzzle does not parse: {e}")),
    };
    let answer = match parse_board(got) {
        Ok(board) => board,
        Err(e) => return (Verdict::Wa, format!("the output is not a board: {e}")),
    };
    let want = fixture
        .expected
        .as_deref()
        .and_then(|text| parse_board(text).ok());
    let diff = |why: &str| {
        let want = want.as_ref().map_or(String::new(), |w| rows_of(w));
        format!("{why}\n{}", line_diff(&want, &rows_of(&answer)))
    };
    if let Err(why) = oracle::check_solution(&puzzle, &Grid::from_board(&answer)) {
        return (Verdict::Wa, diff(&format!("not a solution: {why}")));
    }
    match &want {
        Some(w) if *w != answer => (Verdict::Wa, diff("a solution, but not the expected one")),
        _ => (Verdict::Ac, String::new()),
    }
}

fn judge_lanqiao(fixture: &Fixture, code: i32, got: &str, stderr: &str) -> (Verdict, String) {
    let want = fixture.expected.as_deref().unwrap_or("");
    match &fixture.failure {
        None if code != 0 => (
            Verdict::Wa,
            format!("exit {code}, expected 0: {}", stderr.trim_end()),
        ),
        None if got != want => (Verdict::Wa, line_diff(want, got)),
        None => (Verdict::Ac, String::new()),
        Some(fail) if code != fail.exit => (
            Verdict::Wa,
            format!("exit {code}, expected {} ({})", fail.exit, fail.why),
        ),
        Some(fail) if !got.is_empty() => (
            Verdict::Wa,
            format!(
                "expected nothing on stdout ({})\n{}",
                fail.why,
                line_diff("", got)
            ),
        ),
        Some(fail) if !stderr.contains(&fail.stderr) => (
            Verdict::Wa,
            format!(
                "stderr {:?} should contain {:?}",
                stderr.trim_end(),
                fail.stderr
            ),
        ),
        Some(_) => (Verdict::Ac, String::new()),
    }
}

/// A line diff: `  ` same, `- ` expected only, `+ ` got only: row against row
/// when both have as many lines, else by longest common subsequence.
///
/// ```
/// let d = sudoku_workspace::judge::line_diff("a\nb\nc\n", "a\nx\nc\n");
/// assert_eq!(d, "  a\n- b\n+ x\n  c\n");
/// ```
pub fn line_diff(expected: &str, got: &str) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = got.lines().collect();
    if a.len() == b.len() {
        // Same shape (two boards): row against row reads best.
        let mut out = String::new();
        for (x, y) in a.iter().zip(&b) {
            if x == y {
                let _ = writeln!(out, "  {x}");
            } else {
                let _ = writeln!(out, "- {x}\n+ {y}");
            }
        }
        return out;
    }
    // lcs[i][j]: common lines of a[i..] and b[j..].
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            let _ = writeln!(out, "  {}", a[i]);
            i += 1;
            j += 1;
        } else if j == b.len() || (i < a.len() && lcs[i + 1][j] >= lcs[i][j + 1]) {
            let _ = writeln!(out, "- {}", a[i]);
            i += 1;
        } else {
            let _ = writeln!(out, "+ {}", b[j]);
            j += 1;
        }
    }
    out
}

/// Judges one solution on one fixture.
pub fn judge_case(
    runner: &Runner,
    entry: Entry,
    fixture: &Fixture,
    limits: &Limits,
) -> io::Result<CaseResult> {
    let run = run_child(runner, entry.name, &fixture.input_path, limits)?;
    let (verdict, detail) = verdict(entry.problem, fixture, &run, limits);
    Ok(CaseResult {
        entry,
        fixture: fixture.name.clone(),
        verdict,
        wall: run.wall,
        peak_mb: run.peak_kib as f64 / 1024.0,
        detail,
        slow: fixture.slow.names.iter().any(|n| n == entry.name),
    })
}

// ---------------------------------------------------------------- the runner

/// Solutions the runner knows but the judge never lists: each misbehaves in
/// one way, for the verdict tests.
pub const TEST_ONLY: [&str; 4] = ["test_loop", "test_alloc", "test_panic", "test_wrong"];

/// The child's side: `runner SOLUTION FILE` runs one solution on one input
/// file in this process and prints the answer, as a judge's child does.
///
/// Exit codes: the solution's own (0, or `lanqiao`'s 1 and 2; 101 for a
/// panic); 3 when the input file cannot be read or parsed; 4 for an unknown
/// solution name or bad arguments. The test-only solutions in [`TEST_ONLY`]
/// loop, allocate without end, panic, or print a wrong board.
pub fn runner_main(args: &[String]) -> ExitCode {
    let [name, path] = args else {
        eprintln!("usage: sudoku-runner SOLUTION FILE");
        return ExitCode::from(4);
    };
    let input = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(3);
        }
    };
    type Program = fn(&str) -> Result<String, (u8, String)>;
    let lanqiao_run: Option<Program> = match name.as_str() {
        "lanqiao" => Some(|i| lanqiao::run(i).map_err(|f| (f.exit_code(), f.to_string()))),
        "lanqiao_proconio" => {
            Some(|i| lanqiao_proconio::run(i).map_err(|f| (f.exit_code(), f.to_string())))
        }
        _ => None,
    };
    if let Some(run) = lanqiao_run {
        return match run(&input) {
            Ok(out) => {
                print!("{out}");
                ExitCode::SUCCESS
            }
            Err((code, message)) => {
                eprintln!("{message}");
                ExitCode::from(code)
            }
        };
    }
    match name.as_str() {
        "test_loop" => loop {
            std::hint::spin_loop();
        },
        "test_alloc" => {
            let mut held: Vec<Vec<u8>> = Vec::new();
            loop {
                held.push(vec![1u8; 8 << 20]); // touched: resident, not just reserved
                std::hint::black_box(&held);
            }
        }
        "test_panic" => panic!("test_panic: a solution that panics"),
        _ => {}
    }
    let board = match fixtures::parse_board(&input) {
        Ok(board) => board,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(3);
        }
    };
    if let Some(&(_, is_valid)) = lc36::APPROACHES.iter().find(|(n, _)| n == name) {
        println!("{}", is_valid(board));
    } else if let Some(solve) = lc37::by_name(name) {
        let mut board = board;
        solve(&mut board);
        println!("{}", format_board(&board));
    } else if name == "test_wrong" {
        let filled: Vec<Vec<char>> = board
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&c| if c == '.' { '1' } else { c })
                    .collect()
            })
            .collect();
        println!("{}", format_board(&filled));
    } else {
        eprintln!("unknown solution {name:?}");
        return ExitCode::from(4);
    }
    ExitCode::SUCCESS
}

// ---------------------------------------------------------------- the run

/// A user's own case: `--input FILE [--expect FILE]`.
#[derive(Clone, Debug)]
pub struct OwnCase {
    /// The input file.
    pub input: PathBuf,
    /// The expected output, if given; else the judge works it out.
    pub expect: Option<PathBuf>,
}

/// What `sudoku judge` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// How to start a child.
    pub runner: Runner,
    /// The limits.
    pub limits: Limits,
    /// Only these problems (all when empty).
    pub problems: Vec<Problem>,
    /// Only these solutions (all when empty).
    pub solutions: Vec<String>,
    /// Only these fixtures (all when empty).
    pub fixtures: Vec<String>,
    /// A user's own case instead of the fixtures.
    pub own: Option<OwnCase>,
    /// Print the search-tree counts and the time per placement.
    pub stats: bool,
    /// Colour (stdout is a terminal and `NO_COLOR` is unset).
    pub colour: bool,
    /// Wrap tables at this many columns.
    pub width: usize,
    /// The `inputs/` folder.
    pub inputs: PathBuf,
}

/// Why `sudoku judge` could not judge.
#[derive(Debug)]
pub enum Error {
    /// A file could not be read.
    Read { path: PathBuf, source: io::Error },
    /// A puzzle or expected answer is malformed.
    Parse { path: PathBuf, why: String },
    /// A filter matched nothing.
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

fn read(path: &Path) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: path.into(),
        source,
    })
}

/// Builds the fixture for `--input FILE [--expect FILE]`: the problem from
/// `--problem` or the file's form, and without `--expect` the expected answer
/// from the oracle and the DLX solver.
fn own_fixture(own: &OwnCase, problem: Option<Problem>) -> Result<(Problem, Fixture), Error> {
    let input = read(&own.input)?;
    let expected = own.expect.as_deref().map(read).transpose()?;
    let parse_err = |why: String| Error::Parse {
        path: own.input.clone(),
        why,
    };
    let literal = input.trim_start().starts_with('[');
    let problem = problem.unwrap_or(match (literal, expected.as_deref().map(str::trim)) {
        (true, Some("true" | "false")) => Problem::Lc36,
        (true, _) => Problem::Lc37,
        (false, _) => Problem::Lanqiao,
    });
    let name = own
        .input
        .file_stem()
        .map_or("input".into(), |s| s.to_string_lossy().into_owned());
    let mut fixture = Fixture {
        name,
        input_path: own.input.clone(),
        input: input.clone(),
        expected: expected.clone(),
        failure: None,
        slow: fixtures::load_slow(&own.input),
    };
    match problem {
        Problem::Lc36 | Problem::Lc37 => {
            let board = parse_board(&input).map_err(|e| parse_err(e.to_string()))?;
            let grid = Grid::from_board(&board);
            if expected.is_none() {
                fixture.expected = Some(if problem == Problem::Lc36 {
                    oracle::givens_consistent(&grid).to_string()
                } else {
                    let outcome = crate::dlx::solve(&grid, 2);
                    match (outcome.count, outcome.solution) {
                        (1, Some(s)) => format_board(&s.to_board()),
                        (n, _) => {
                            return Err(parse_err(format!(
                                "LeetCode 37 promises one solution; this puzzle has {}",
                                if n == 0 { "none" } else { "more than one" }
                            )))
                        }
                    }
                });
            } else if problem == Problem::Lc37 {
                let text = expected.as_deref().unwrap_or("");
                parse_board(text).map_err(|e| Error::Parse {
                    path: own.expect.clone().unwrap_or_default(),
                    why: e.to_string(),
                })?;
            }
        }
        Problem::Lanqiao => {
            if let Some(text) = &expected {
                if text.is_empty() {
                    return Err(parse_err(
                        "an empty --expect for Lanqiao needs the exit code and stderr: put the case in inputs/lanqiao with a NAME.err".into(),
                    ));
                }
            } else {
                let grid = trace::read_puzzle(&input).map_err(|e| parse_err(e.to_string()))?;
                let outcome = crate::dlx::solve(&grid, 2);
                let (exit, stderr, why) = match (outcome.count, outcome.solution) {
                    _ if !oracle::givens_consistent(&grid) => {
                        (2, "malformed input", "two givens clash")
                    }
                    (1, Some(s)) => {
                        fixture.expected = Some(s.to_rows());
                        return Ok((problem, fixture));
                    }
                    (0, _) => (1, "no solution", "no solution"),
                    _ => (1, "multiple solutions", "more than one solution"),
                };
                fixture.expected = Some(String::new());
                fixture.failure = Some(fixtures::ExpectedFailure {
                    why: why.into(),
                    exit,
                    stderr: stderr.into(),
                });
            }
        }
    }
    Ok((problem, fixture))
}

/// Judges what `opts` asks for, writing the tables to `out`.
pub fn run(opts: &Options, out: &mut dyn Write) -> Result<Report, Error> {
    let started = Instant::now();
    let mut plan: Vec<(Problem, Vec<Entry>, Vec<Fixture>)> = Vec::new();
    if let Some(own) = &opts.own {
        let (problem, fixture) = own_fixture(own, opts.problems.first().copied())?;
        plan.push((
            problem,
            filter_entries(problem, &opts.solutions),
            vec![fixture],
        ));
    } else {
        for problem in Problem::ALL {
            if !opts.problems.is_empty() && !opts.problems.contains(&problem) {
                continue;
            }
            let entries = filter_entries(problem, &opts.solutions);
            let fixtures: Vec<Fixture> = fixtures::load_dir(&opts.inputs.join(problem.key()))
                .into_iter()
                .filter(|f| opts.fixtures.is_empty() || opts.fixtures.contains(&f.name))
                .collect();
            if !entries.is_empty() && !fixtures.is_empty() {
                plan.push((problem, entries, fixtures));
            }
        }
    }
    check_filters(opts, &plan)?;
    let floor = own_rss_mb();
    writeln!(
        out,
        "judge: limits {} ms wall clock, {} MB peak resident size (wait4's ru_maxrss, which starts from the judge's {floor:.1} MB copied at fork)",
        opts.limits.time.as_millis(),
        opts.limits.memory_mb
    )?;
    let mut results = Vec::new();
    for (problem, entries, fixtures) in &plan {
        let mut these = Vec::new();
        for entry in entries {
            for fixture in fixtures {
                these.push(judge_case(&opts.runner, *entry, fixture, &opts.limits)?);
            }
        }
        write_table(out, *problem, entries, fixtures, &these, opts)?;
        if opts.stats && *problem != Problem::Lc36 {
            write_stats(out, *problem, entries, fixtures, &these, opts)?;
        }
        results.extend(these);
    }
    let report = Report {
        results,
        wall: started.elapsed(),
    };
    let bad = report.results.iter().filter(|r| !r.as_expected()).count();
    writeln!(
        out,
        "\n{} cases, {}, in {:.1} s",
        report.results.len(),
        if bad == 0 {
            "every verdict as expected".to_string()
        } else {
            format!("{bad} not as expected")
        },
        report.wall.as_secs_f64()
    )?;
    Ok(report)
}

fn filter_entries(problem: Problem, names: &[String]) -> Vec<Entry> {
    let mut entries: Vec<Entry> = solutions(problem)
        .into_iter()
        .filter(|e| names.is_empty() || names.iter().any(|n| n == e.name))
        .collect();
    // The verdict tests name the test-only solutions explicitly.
    for name in names {
        if let Some(&t) = TEST_ONLY.iter().find(|&&t| t == name) {
            entries.push(Entry {
                name: t,
                problem,
                expected: Verdict::Ac,
            });
        }
    }
    entries
}

fn check_filters(
    opts: &Options,
    plan: &[(Problem, Vec<Entry>, Vec<Fixture>)],
) -> Result<(), Error> {
    let known: Vec<&str> = Problem::ALL
        .into_iter()
        .flat_map(solutions)
        .map(|e| e.name)
        .chain(TEST_ONLY)
        .collect();
    if let Some(bad) = opts.solutions.iter().find(|n| !known.contains(&n.as_str())) {
        return Err(Error::NoMatch(format!(
            "no solution named {bad:?}; known: {}",
            known[..known.len() - TEST_ONLY.len()].join(", ")
        )));
    }
    if plan.is_empty() {
        return Err(Error::NoMatch(
            "nothing to judge: no fixture matches the --problem/--solution/--fixture filters"
                .into(),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------- the tables

const GREEN: &str = "\x1b[32m";
const RED: &str = "\x1b[31m";
const YELLOW: &str = "\x1b[33m";
const MAGENTA: &str = "\x1b[35m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// One table cell: plain text and its colour.
struct Cell(String, &'static str);

fn case_cell(r: &CaseResult, limits: &Limits) -> Cell {
    let ms = r.wall.as_millis();
    let time = if r.verdict == Verdict::Tle {
        format!(">{}ms", limits.time.as_millis())
    } else {
        format!("{ms}ms")
    };
    let colour = match (r.verdict, r.as_expected()) {
        (Verdict::Ac, _) => GREEN,
        (_, true) => YELLOW,
        (Verdict::Mle, _) => MAGENTA,
        _ => RED,
    };
    Cell(format!("{} {time} {:.1}MB", r.verdict, r.peak_mb), colour)
}

fn summary_cell(results: &[&CaseResult]) -> Cell {
    let n = results.len();
    let mut counts: Vec<(Verdict, usize)> = Vec::new();
    for r in results {
        match counts.iter_mut().find(|(v, _)| *v == r.verdict) {
            Some((_, c)) => *c += 1,
            None => counts.push((r.verdict, 1)),
        }
    }
    let text: Vec<String> = counts.iter().map(|(v, c)| format!("{c}/{n} {v}")).collect();
    let ok = results.iter().all(|r| r.as_expected());
    let text = text.join(", ");
    if ok && results.iter().any(|r| r.verdict != Verdict::Ac) {
        Cell(format!("{text} (expected)"), YELLOW)
    } else if ok {
        Cell(text, GREEN)
    } else {
        Cell(format!("{text}  FAIL"), RED)
    }
}

/// Writes rows × columns, wrapping the columns into blocks that fit `width`.
fn write_grid(
    out: &mut dyn Write,
    corner: &str,
    rows: &[String],
    headers: &[String],
    cells: &[Vec<Cell>],
    colour: bool,
    width: usize,
) -> io::Result<()> {
    let first = rows
        .iter()
        .map(String::len)
        .chain([corner.len()])
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..headers.len())
        .map(|c| {
            cells
                .iter()
                .map(|row| row[c].0.len())
                .chain([headers[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut start = 0;
    while start < headers.len() {
        let mut end = start;
        let mut used = first;
        while end < headers.len() && (end == start || used + 2 + widths[end] <= width) {
            used += 2 + widths[end];
            end += 1;
        }
        let mut line = format!("{corner:<first$}");
        for c in start..end {
            let _ = write!(line, "  {:<w$}", headers[c], w = widths[c]);
        }
        writeln!(out, "{}", line.trim_end())?;
        for (r, name) in rows.iter().enumerate() {
            let mut line = format!("{name:<first$}");
            for c in start..end {
                let Cell(text, style) = &cells[r][c];
                let padded = format!("{text:<w$}", w = widths[c]);
                if colour && !style.is_empty() {
                    let _ = write!(line, "  {style}{padded}{RESET}");
                } else {
                    let _ = write!(line, "  {padded}");
                }
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        start = end;
        if start < headers.len() {
            writeln!(out)?;
        }
    }
    Ok(())
}

fn write_table(
    out: &mut dyn Write,
    problem: Problem,
    entries: &[Entry],
    all_fixtures: &[Fixture],
    results: &[CaseResult],
    opts: &Options,
) -> io::Result<()> {
    writeln!(out, "\n{}", problem.title())?;
    let fixtures: Vec<&str> = all_fixtures.iter().map(|f| f.name.as_str()).collect();
    let fixture_slow: Vec<(&str, &Slow)> = all_fixtures
        .iter()
        .map(|f| (f.name.as_str(), &f.slow))
        .filter(|(_, s)| s.names.iter().any(|n| entries.iter().any(|e| e.name == n)))
        .collect();
    let mut headers: Vec<String> = fixtures.iter().map(|s| s.to_string()).collect();
    headers.push("summary".into());
    let mut cells = Vec::new();
    for entry in entries {
        let mine: Vec<&CaseResult> = results.iter().filter(|r| r.entry == *entry).collect();
        let mut row: Vec<Cell> = fixtures
            .iter()
            .map(|f| {
                mine.iter()
                    .find(|r| r.fixture == *f)
                    .map_or(Cell("-".into(), ""), |r| case_cell(r, &opts.limits))
            })
            .collect();
        row.push(summary_cell(&mine));
        cells.push(row);
    }
    let rows: Vec<String> = entries.iter().map(|e| e.name.to_string()).collect();
    write_grid(
        out,
        "solution",
        &rows,
        &headers,
        &cells,
        opts.colour,
        opts.width,
    )?;
    for entry in entries.iter().filter(|e| e.expected == Verdict::Tle) {
        let line = format!(
            "{}: TLE is its expected verdict: write-up 000's wrong DFS never stops (watch it: sudoku trace --approach wrong)",
            entry.name
        );
        if opts.colour {
            writeln!(out, "{DIM}{line}{RESET}")?;
        } else {
            writeln!(out, "{line}")?;
        }
    }
    for (fixture, slow) in fixture_slow {
        let line = format!(
            "{fixture}: TLE is allowed for {} ({})",
            slow.names.join(", "),
            slow.why
        );
        if opts.colour {
            writeln!(out, "{DIM}{line}{RESET}")?;
        } else {
            writeln!(out, "{line}")?;
        }
    }
    for r in results.iter().filter(|r| !r.as_expected()) {
        writeln!(
            out,
            "\n{} on {}: {} (expected {}): {}",
            r.entry.name,
            r.fixture,
            r.verdict,
            r.entry.expected,
            r.detail.trim_end()
        )?;
    }
    Ok(())
}

/// Formats a count with thousands separators.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn puzzle_of(problem: Problem, fixture: &Fixture) -> Option<Grid> {
    match problem {
        Problem::Lc36 => None,
        Problem::Lc37 => parse_board(&fixture.input)
            .ok()
            .map(|b| Grid::from_board(&b)),
        // Only the cases with an answer: the others are about the input or the count.
        Problem::Lanqiao if fixture.failure.is_some() => None,
        Problem::Lanqiao => trace::read_puzzle(&fixture.input).ok(),
    }
}

fn write_stats(
    out: &mut dyn Write,
    problem: Problem,
    entries: &[Entry],
    fixtures: &[Fixture],
    results: &[CaseResult],
    opts: &Options,
) -> io::Result<()> {
    let mut puzzles: Vec<(&Fixture, Grid)> = Vec::new();
    for f in fixtures {
        match puzzle_of(problem, f) {
            // A puzzle met before (the Lanqiao format variants of sample1) adds nothing.
            Some(g) if !puzzles.iter().any(|(_, seen)| *seen == g) => puzzles.push((f, g)),
            _ => {}
        }
    }
    if puzzles.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\n--stats, {}: the search tree of each order (placements / undos), counted by the mirrors in src/trace.rs; the paste-ready files carry no counters",
        problem.title()
    )?;
    let orders = [Order::RowMajor, Order::Rescan, Order::Fewest];
    let mut counts: HashMap<(Order, usize), trace::Stats> = HashMap::new();
    for (k, (_, grid)) in puzzles.iter().enumerate() {
        for order in orders {
            counts.insert((order, k), trace::count(order, grid));
        }
    }
    let headers: Vec<String> = puzzles.iter().map(|(f, _)| f.name.clone()).collect();
    let mut rows = Vec::new();
    let mut cells = Vec::new();
    for order in orders {
        let label = match order {
            Order::RowMajor => "row-major, forward (01-05, 07, 08)",
            Order::Rescan => "row-major, rescan from (0,0) (06)",
            _ => "fewest candidates first (lanqiao)",
        };
        rows.push(label.to_string());
        cells.push(
            (0..puzzles.len())
                .map(|k| {
                    let s = counts[&(order, k)];
                    Cell(
                        format!("{} / {}", thousands(s.placements), thousands(s.undos)),
                        "",
                    )
                })
                .collect(),
        );
    }
    rows.push("wrong DFS (09)".into());
    cells.push(
        puzzles
            .iter()
            .map(|_| Cell("never ends".into(), ""))
            .collect(),
    );
    write_grid(out, "order", &rows, &headers, &cells, false, opts.width)?;
    if problem != Problem::Lc37 {
        return Ok(());
    }
    writeln!(
        out,
        "\nTime per placement: the judge's wall clock / the placements of the order the approach follows \
         (only from 100 ms up: below, starting the process is most of it)"
    )?;
    let mut rows = Vec::new();
    let mut cells = Vec::new();
    for entry in entries {
        let Some(order) = Order::of(entry.name) else {
            continue;
        };
        rows.push(entry.name.to_string());
        cells.push(
            puzzles
                .iter()
                .enumerate()
                .map(|(k, (f, _))| {
                    let Some(r) = results
                        .iter()
                        .find(|r| r.entry == *entry && r.fixture == f.name)
                    else {
                        return Cell("-".into(), "");
                    };
                    let ms = r.wall.as_secs_f64() * 1e3;
                    match counts.get(&(order, k)) {
                        Some(s) if s.placements > 0 && r.wall >= Duration::from_millis(100) => {
                            let ns = r.wall.as_nanos() as f64 / s.placements as f64;
                            let more = if r.verdict == Verdict::Tle { ">" } else { "" };
                            Cell(format!("{more}{ms:.0}ms {more}{ns:.0}ns"), "")
                        }
                        _ if r.verdict == Verdict::Tle => Cell(format!("TLE >{ms:.0}ms"), ""),
                        _ => Cell(format!("{ms:.0}ms"), ""),
                    }
                })
                .collect(),
        );
    }
    write_grid(out, "approach", &rows, &headers, &cells, false, opts.width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_marks_both_sides() {
        assert_eq!(line_diff("a\n", "a\n"), "  a\n");
        assert_eq!(line_diff("", "x\n"), "+ x\n");
        assert_eq!(line_diff("1\n2\n3\n", "1\n3\n"), "  1\n- 2\n  3\n");
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }

    #[test]
    fn every_approach_is_listed_once_and_only_the_wrong_dfs_expects_tle() {
        let all: Vec<Entry> = Problem::ALL.into_iter().flat_map(solutions).collect();
        assert_eq!(
            all.len(),
            lc36::APPROACHES.len() + lc37::APPROACHES.len() + 1 + 2
        );
        let tle: Vec<&str> = all
            .iter()
            .filter(|e| e.expected == Verdict::Tle)
            .map(|e| e.name)
            .collect();
        assert_eq!(tle, [lc37::WRONG_DFS.0]);
    }
}
