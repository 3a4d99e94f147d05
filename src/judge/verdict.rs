//! One case: run in the sandbox, then its verdict decided from the limits
//! that fired, as a judge decides it, and only then from the output.
//!
//! | in this order | verdict |
//! |---|---|
//! | the user's file did not build | CE (the program is not run) |
//! | the sandbox could not run the case | IE, with the reason |
//! | the memory limit fired: polled, or an allocation failed under it (`MemoryError`, `std::bad_alloc`, `OutOfMemoryError`, …) | MLE |
//! | the wall-clock backstop fired | TLE (wall) |
//! | CPU time passed the limit | TLE |
//! | stdout or stderr reached the output cap, or its `/tmp` filled up | OLE |
//! | it started more processes than allowed | RE |
//! | a signal, or a user's program that crashed (an exception, a panic) | RE, with the error and the user's own frame |
//! | a case that must fail (a house case): the exit code and stderr | the checker |
//! | any other non-zero exit | RE, with the error and the user's own frame |
//! | exit 0 | the problem's checker, then the whitespace by its judge's rule: PE where the answer is right and the layout is not, on a judge that says PE ([`checker::presentation`]) |

use super::checker::{self, Answer, Check, FirstDifference};
use super::plan::Case;
use super::problem::Problem;
use super::solution::Solution;
use super::{Limits, Verdict, DISK_LIMIT, OUTPUT_LIMIT};
use crate::sandbox::{self, End, Isolation, Run, Supervisor};
use std::path::Path;
use std::time::Duration;

/// One judged case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The problem.
    pub problem: &'static Problem,
    /// The solution's name.
    pub solution: String,
    /// A user's file (not a built-in solution).
    pub user: bool,
    /// The verdict it should get.
    pub expected: Verdict,
    /// The fixture name.
    pub fixture: String,
    /// The verdict.
    pub verdict: Verdict,
    /// How the run ended (a TLE says whether CPU time or the wall clock).
    pub end: End,
    /// CPU time of every process of the run, user + sys.
    pub cpu: Duration,
    /// Wall clock.
    pub wall: Duration,
    /// Peak resident size of the run's processes, KiB.
    pub peak_kib: u64,
    /// Why, for anything but AC: the difference, the crash, the limit.
    pub detail: String,
    /// For a text mismatch, the first line where the output parts.
    pub first: Option<FirstDifference>,
    /// For a WA, the start of what it wrote (up to [`OUTPUT_KEPT`] bytes).
    pub output: Option<String>,
    /// The fixture's `slow:` line lists this solution: TLE is as good as AC.
    pub slow: bool,
    /// The case is harder than the real judge's data (where it comes from).
    pub hard: Option<String>,
    /// The limits it ran under.
    pub limits: Limits,
    /// What kept the run apart (`None`: it did not run, a CE).
    pub isolation: Option<Isolation>,
    /// A memory cgroup of its own held the run.
    pub memory_cgroup: bool,
}

impl CaseResult {
    /// True when the verdict is the one the solution should get: TLE also
    /// passes where the fixture lists the solution as too slow, and a
    /// user's TLE on a case harder than the real judge's is reported apart.
    pub fn as_expected(&self) -> bool {
        self.verdict == self.expected
            || self.verdict == Verdict::Tle && (self.slow || self.tle_on_hard())
    }

    /// A user's TLE on a case harder than the real judge's data.
    pub fn tle_on_hard(&self) -> bool {
        self.user && self.verdict == Verdict::Tle && self.hard.is_some()
    }

    fn new(solution: &Solution, case: &Case, limits: &Limits) -> CaseResult {
        CaseResult {
            problem: solution.problem,
            solution: solution.name.clone(),
            user: solution.user.is_some(),
            expected: solution.expected,
            fixture: case.name.clone(),
            verdict: Verdict::Ie,
            end: End::Exit(0),
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            peak_kib: 0,
            detail: String::new(),
            first: None,
            output: None,
            slow: case.slow.names.contains(&solution.name),
            hard: case.hard.clone(),
            limits: *limits,
            isolation: None,
            memory_cgroup: false,
        }
    }
}

/// How much of a wrong answer's output a result keeps, for the report.
pub const OUTPUT_KEPT: u64 = 8 << 10;

/// The most output (and expected output) weighed for a presentation error:
/// 1000 16×16 grids are 272 KB; a longer output keeps the checker's verdict.
const PE_CAP: u64 = 16 << 20;

/// What an allocation failure prints, by runtime.
const OUT_OF_MEMORY: [&str; 6] = [
    "MemoryError",
    "std::bad_alloc",
    "memory allocation of",
    "java.lang.OutOfMemoryError",
    "JavaScript heap out of memory",
    "Cannot allocate memory",
];

/// The name of a signal, for an RE's detail.
#[cfg(unix)]
pub(crate) fn signal_name(sig: i32) -> String {
    let name = match sig {
        libc::SIGSEGV => {
            "SIGSEGV: invalid memory access, e.g. an index out of range or a stack overflow"
        }
        libc::SIGABRT => {
            "SIGABRT: the program aborted, e.g. a failed assert or an uncaught exception"
        }
        libc::SIGFPE => "SIGFPE: arithmetic error, e.g. a division by zero",
        libc::SIGBUS => "SIGBUS: bad memory access",
        libc::SIGILL => "SIGILL: illegal instruction",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGPIPE => "SIGPIPE",
        _ => return format!("signal {sig}"),
    };
    format!("signal {sig} ({name})")
}

/// The name of a signal, for an RE's detail (no signals end a program on
/// Windows: a crash is an exit code).
#[cfg(not(unix))]
pub(crate) fn signal_name(sig: i32) -> String {
    format!("signal {sig}")
}

/// The language's reading of stderr: the error and the user's own frame,
/// if stderr shows a crash (an exception, a panic, an abort).
fn read_crash(solution: &Solution, stderr: &str) -> Option<String> {
    match &solution.user {
        Some(user) => {
            let name = user
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            // clang's AddressSanitizer report: its frames are addresses.
            let symbolized = match &user.built {
                Ok(built) if stderr.contains("(/box/main+0x") => super::language::cpp::symbolize(
                    stderr,
                    &built.entry.join("main"),
                    &user.toolchain.program,
                ),
                _ => None,
            };
            (user.language.crash)(symbolized.as_deref().unwrap_or(stderr), &name)
        }
        None => (super::language::rust::RUST.crash)(stderr, ""),
    }
}

/// The crash's words that matter: the language's reading of stderr, else
/// its last line that says something.
fn crash_words(solution: &Solution, stderr: &str) -> String {
    read_crash(solution, stderr)
        .or_else(|| super::language::last_words(stderr))
        .unwrap_or_default()
}

/// Judges `solution` on `case` under `limits`. A failure of the judge's own
/// (the sandbox could not start) is an IE result, not an error: the other
/// cases go on.
pub fn judge_case(
    supervisor: &Supervisor,
    exe: &Path,
    solution: &Solution,
    case: &Case,
    limits: &Limits,
) -> CaseResult {
    let mut result = CaseResult::new(solution, case, limits);
    if let Some(why) = solution.compile_error() {
        result.verdict = Verdict::Ce;
        result.detail = why.to_string();
        return result;
    }
    let (program, args, view) = solution.command(exe, limits.memory_mb);
    let address_space = solution.address_space();
    let run = supervisor.run(
        &program,
        &args,
        Some(&case.stdin),
        &sandbox::Limits {
            cpu: limits.time,
            wall: limits.wall,
            memory_kib: limits.memory_mb << 10,
            output_bytes: OUTPUT_LIMIT,
            disk_bytes: DISK_LIMIT,
            processes: limits.processes,
            threads: sandbox::THREADS,
            address_space,
        },
        &view,
    );
    let mut run = match run {
        Ok(run) => run,
        Err(e) => {
            result.detail = format!("internal error: {e}");
            return result;
        }
    };
    result.end = run.end;
    result.cpu = run.cpu;
    result.wall = run.wall;
    result.peak_kib = run.peak_kib;
    result.isolation = Some(run.isolation.clone());
    result.memory_cgroup = run.memory_cgroup;
    match decide(&mut run, solution, case, limits) {
        Ok((verdict, detail, first)) => {
            if verdict == Verdict::Wa {
                result.output = checker::read_capped(&mut run.stdout, OUTPUT_KEPT)
                    .ok()
                    .map(|(text, _)| text);
            }
            result.verdict = verdict;
            result.detail = detail;
            result.first = first;
        }
        Err(e) => {
            result.detail = format!("internal error: the checker could not read the output: {e}")
        }
    }
    result
}

type Decided = (Verdict, String, Option<FirstDifference>);

fn decide(
    run: &mut Run,
    solution: &Solution,
    case: &Case,
    limits: &Limits,
) -> std::io::Result<Decided> {
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    let peak_mb = run.peak_kib as f64 / 1024.0;
    let out_of_memory = OUT_OF_MEMORY.iter().find(|m| stderr.contains(*m));
    if run.end == End::MemoryLimit || run.peak_kib > limits.memory_mb << 10 {
        let why = format!("peak {peak_mb:.1} MB > {} MB, killed", limits.memory_mb);
        return Ok((Verdict::Mle, why, None));
    }
    if let Some(signature) = out_of_memory.filter(|_| run.end != End::Exit(0)) {
        // The limit fired as a failed allocation (the address-space cap, or
        // the runtime's heap limit set from the memory limit).
        let why = format!(
            "ran out of memory under the {} MB limit (peak {peak_mb:.1} MB): {}",
            limits.memory_mb,
            crash_words(solution, &stderr).if_empty(signature)
        );
        return Ok((Verdict::Mle, why, None));
    }
    if run.end == End::WallLimit {
        let why = format!(
            "still running at {} ms of wall clock (time waiting for a CPU not counted) with {} ms of CPU time, killed: it sleeps or waits",
            limits.wall.as_millis(),
            run.cpu.as_millis()
        );
        return Ok((Verdict::Tle, why, None));
    }
    if run.end == End::CpuLimit || run.cpu > limits.time {
        let why = format!("CPU time passed {} ms, killed", limits.time.as_millis());
        return Ok((Verdict::Tle, why, None));
    }
    let full = run.end == End::OutputLimit
        || run.stdout_bytes >= OUTPUT_LIMIT
        || run.stderr_bytes >= OUTPUT_LIMIT;
    if full {
        let why = format!("wrote more than {} MB", OUTPUT_LIMIT >> 20);
        return Ok((Verdict::Ole, why, None));
    }
    if run.disk_full {
        let why = format!("filled its {} MB of /tmp", DISK_LIMIT >> 20);
        return Ok((Verdict::Ole, why, None));
    }
    if run.end == End::ProcessLimit {
        let why = if limits.processes <= 1 {
            "started a process: a solution runs as one process here (--processes N allows more)"
                .to_string()
        } else {
            format!(
                "ran more than {} processes at once (--processes)",
                limits.processes
            )
        };
        return Ok((Verdict::Re, why, None));
    }
    let code = match run.end {
        End::Exit(code) => code,
        End::InitKilled(sig) => {
            let why = format!(
                "killed the sandbox's init, its parent ({}): without namespaces a solution can reach it",
                signal_name(sig)
            );
            return Ok((Verdict::Re, why, None));
        }
        End::Signal(sig) => {
            let words = crash_words(solution, &stderr);
            let why = format!("killed by {}{}", signal_name(sig), words.prefixed(": "));
            return Ok((Verdict::Re, why, None));
        }
        _ => unreachable!("every limit is handled above"),
    };
    let fails = matches!(case.answer, Answer::Fails { .. });
    // A user's program that crashed (its language's reader finds an
    // exception, a panic, an abort in stderr) is RE even on a house case,
    // which expects the workspace's own programs' exit codes.
    let user_crashed = solution.user.is_some() && read_crash(solution, &stderr).is_some();
    if code != 0 && (!fails || user_crashed) {
        let words = crash_words(solution, &stderr);
        let why = format!("exit code {code}{}", words.prefixed(": "));
        return Ok((Verdict::Re, why, None));
    }
    let mut output = checker::Output {
        input: &case.input,
        answer: &case.answer,
        exit: code,
        stdout: &mut run.stdout,
        stderr: &stderr,
    };
    let check = (solution.problem.checker)(&mut output)?;
    let layout = super::judges::of(solution.problem).layout;
    let check = checker::presentation(layout, &case.answer, &mut run.stdout, check, PE_CAP)?;
    Ok(match check {
        Check::Accepted => (Verdict::Ac, String::new(), None),
        Check::Presentation { why, first } => (Verdict::Pe, why, Some(first)),
        Check::Wrong { why, diff, first } => {
            let detail = match diff {
                Some(d) => format!("{why}\n{d}"),
                None => why,
            };
            (Verdict::Wa, detail, first)
        }
    })
}

trait Words {
    fn prefixed(&self, sep: &str) -> String;
    fn if_empty(&self, other: &str) -> String;
}

impl Words for String {
    fn prefixed(&self, sep: &str) -> String {
        if self.is_empty() {
            String::new()
        } else {
            format!("{sep}{self}")
        }
    }

    fn if_empty(&self, other: &str) -> String {
        if self.is_empty() {
            other.to_string()
        } else {
            self.clone()
        }
    }
}
