//! Spawn, limit, measure, kill: the judge's sandbox. It knows nothing of
//! Sudoku; it runs a program on a file given as stdin and says how it ended,
//! how much CPU time and memory it used, and where its output is.
//!
//! ```text
//! judge ──spawn──> supervisor   (`sudoku sandbox …`: a fresh, small process;
//!   │                 │          own process group, dies with the judge)
//!   │                 └──fork/exec──> program   (dies with the supervisor;
//!   │                                  RLIMIT_FSIZE, RLIMIT_CORE, RLIMIT_CPU, RLIMIT_AS)
//!   │   supervisor, every 1 ms:  CPU clock of the program > cpu limit -> SIGKILL, TLE
//!   │                            wall clock > wall limit             -> SIGKILL, TLE (wall)
//!   │                            /proc/PID/statm resident > memory   -> SIGKILL, MLE
//!   │   at exit: wait4's rusage: cpu = user + sys, peak = ru_maxrss
//!   └─ reads the supervisor's one-line report on fd 3, kills the group, reaps
//! ```
//!
//! **Time** is CPU time (user + sys), as Codeforces, AtCoder and LeetCode
//! report it, so a busy machine does not turn AC into TLE; the wall clock is
//! only a backstop against a program that sleeps or blocks.
//!
//! **Memory** is the program's own peak. Linux starts a child's `ru_maxrss`
//! at its parent's resident size: a `fork`ed child copies the parent's pages,
//! and a `vfork`/`posix_spawn`ed one even records the parent's high-water mark
//! when it execs. A judge holding a large expected output would hand that to
//! every solution. So the judge never forks the program itself: it starts a
//! supervisor (this module's [`supervisor_main`], a fresh exec of this binary
//! whose anonymous memory is a few hundred KB), and the supervisor forks the
//! program. What the program's peak can include of anyone else is that.
//!
//! **No orphans.** The supervisor leads its own process group, which the
//! program inherits; the judge kills the group after every case and from its
//! SIGINT/SIGTERM handler ([`install_signal_handlers`], exit 130/143). If the
//! judge is killed outright (SIGKILL), `PR_SET_PDEATHSIG` takes the supervisor
//! with it, and the program goes with the supervisor the same way.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + sys).
    pub cpu: Duration,
    /// Wall clock, from spawn to exit: the backstop for a program that sleeps.
    pub wall: Duration,
    /// Peak resident size, in KiB.
    pub memory_kib: u64,
    /// Bytes the program may write to a file (its stdout and stderr are files).
    pub output_bytes: u64,
    /// Also cap the address space at 4x the memory limit (`RLIMIT_AS`), so a
    /// program that allocates faster than the polling still stops. Off for
    /// runtimes that reserve large address ranges up front (a JVM).
    pub address_space: bool,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// It exited with this code.
    Exit(i32),
    /// A signal the sandbox did not send killed it.
    Signal(i32),
    /// Killed when its CPU time passed the limit.
    CpuLimit,
    /// Killed when the wall clock passed the backstop.
    WallLimit,
    /// Killed when its resident size passed the limit.
    MemoryLimit,
    /// Stopped by `RLIMIT_FSIZE` (SIGXFSZ): it wrote more than the output limit.
    OutputLimit,
}

/// One finished run.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub end: End,
    /// CPU time, user + sys (from `wait4`, or at the kill).
    pub cpu: Duration,
    /// Wall clock from spawn to exit.
    pub wall: Duration,
    /// Peak resident size in KiB: `ru_maxrss`, or the sample that passed the
    /// limit when it was killed for memory, whichever is larger.
    pub peak_kib: u64,
    /// Its stdout, rewound to the start.
    pub stdout: File,
    /// The first 64 KiB of its stderr.
    pub stderr: Vec<u8>,
}

/// How much of stderr a run keeps.
const STDERR_KEPT: u64 = 64 << 10;

/// The supervisor: `program prefix… CPU_MS WALL_MS MEMORY_KIB OUTPUT_BYTES AS -- PROGRAM ARGS…`.
#[derive(Clone, Debug)]
pub struct Supervisor {
    /// The executable (the `sudoku` binary).
    pub program: PathBuf,
    /// Arguments before the limits (`sandbox`).
    pub prefix: Vec<OsString>,
}

/// The process groups of the cases being run (0 = a free slot), for the
/// signal handler: one slot per case the judge runs at once.
static RUNNING_GROUPS: [AtomicI32; MAX_RUNNING] = [const { AtomicI32::new(0) }; MAX_RUNNING];

/// The most cases that can run at once (the judge's `--jobs` ceiling).
pub const MAX_RUNNING: usize = 64;

/// Records `group` in a free slot; the slot is freed by [`forget_group`].
fn remember_group(group: libc::pid_t) -> Option<usize> {
    RUNNING_GROUPS.iter().position(|slot| {
        slot.compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

fn forget_group(slot: Option<usize>) {
    if let Some(i) = slot {
        RUNNING_GROUPS[i].store(0, Ordering::SeqCst);
    }
}

extern "C" fn on_signal(sig: libc::c_int) {
    // SAFETY: kill and _exit are async-signal-safe; nothing here allocates.
    unsafe {
        for slot in &RUNNING_GROUPS {
            let group = slot.load(Ordering::SeqCst);
            if group > 0 {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        libc::_exit(128 + sig);
    }
}

/// On SIGINT (Ctrl-C) or SIGTERM, kill every running case's process group and
/// exit 128 + the signal (130, 143). Call once, before the first run.
pub fn install_signal_handlers() {
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: an all-zero sigaction is valid; the handler only calls
        // async-signal-safe functions.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as *const () as usize;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
    }
}

/// Between fork and exec: die with the parent (checking it has not died
/// already), as `PR_SET_PDEATHSIG` alone would miss a parent gone before it.
///
/// # Safety
/// Only for `pre_exec`: calls async-signal-safe functions only.
unsafe fn die_with_parent(parent: libc::pid_t) -> io::Result<()> {
    if libc::prctl(
        libc::PR_SET_PDEATHSIG,
        libc::SIGKILL as libc::c_ulong,
        0,
        0,
        0,
    ) != 0
    {
        return Err(io::Error::last_os_error());
    }
    if libc::getppid() != parent {
        libc::_exit(137);
    }
    Ok(())
}

impl Supervisor {
    /// Runs `program args…` with `stdin` as its standard input under `limits`.
    pub fn run(
        &self,
        program: &OsStr,
        args: &[OsString],
        stdin: &Path,
        limits: &Limits,
    ) -> io::Result<Run> {
        let stdout = tempfile::tempfile()?;
        let mut stderr = tempfile::tempfile()?;
        let (mut report, report_w) = io::pipe()?;
        let report_fd = report_w.as_raw_fd();
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.prefix)
            .arg(limits.cpu.as_millis().to_string())
            .arg(limits.wall.as_millis().to_string())
            .arg(limits.memory_kib.to_string())
            .arg(limits.output_bytes.to_string())
            .arg(if limits.address_space { "as" } else { "no-as" })
            .arg("--")
            .arg(program)
            .args(args)
            // A judge shows no backtrace, and printing one costs the program time.
            .env_remove("RUST_BACKTRACE")
            .env_remove("RUST_LIB_BACKTRACE")
            .stdin(Stdio::from(File::open(stdin)?))
            .stdout(Stdio::from(stdout.try_clone()?))
            .stderr(Stdio::from(stderr.try_clone()?))
            .process_group(0);
        // SAFETY: getpid has no preconditions.
        let judge = unsafe { libc::getpid() };
        // SAFETY: the closure runs between fork and exec and calls only
        // dup2, prctl, getppid and _exit, which are async-signal-safe.
        unsafe {
            cmd.pre_exec(move || {
                if libc::dup2(report_fd, 3) < 0 {
                    return Err(io::Error::last_os_error());
                }
                die_with_parent(judge)
            });
        }
        let mut child = cmd.spawn()?;
        let group = child.id() as libc::pid_t;
        let slot = remember_group(group);
        drop(cmd); // its copy of the pipe's write end
        drop(report_w);
        let mut line = String::new();
        let read = report.read_to_string(&mut line);
        // SAFETY: kill has no memory-safety preconditions; the group is ours
        // (its leader is our unreaped child, so the id cannot be reused).
        unsafe { libc::kill(-group, libc::SIGKILL) };
        // Forget the group before reaping its leader, so a signal handler
        // never kills a group id that could be reused.
        forget_group(slot);
        let status = child.wait();
        read?;
        let status = status?;
        let measured = parse_report(&line).ok_or_else(|| {
            io::Error::other(format!(
                "the sandbox's supervisor failed ({status}): {}",
                line.trim()
            ))
        })?;
        let mut stdout = stdout;
        stdout.seek(SeekFrom::Start(0))?;
        stderr.seek(SeekFrom::Start(0))?;
        let mut kept = Vec::new();
        (&mut stderr).take(STDERR_KEPT).read_to_end(&mut kept)?;
        Ok(Run {
            end: measured.end,
            cpu: measured.cpu,
            wall: measured.wall,
            peak_kib: measured.peak_kib,
            stdout,
            stderr: kept,
        })
    }
}

/// The supervisor's report, one line on fd 3.
#[derive(Debug, PartialEq, Eq)]
struct Measured {
    end: End,
    cpu: Duration,
    wall: Duration,
    peak_kib: u64,
}

fn format_report(m: &Measured) -> String {
    let end = match m.end {
        End::Exit(code) => format!("exit:{code}"),
        End::Signal(sig) => format!("signal:{sig}"),
        End::CpuLimit => "cpu-limit".into(),
        End::WallLimit => "wall-limit".into(),
        End::MemoryLimit => "memory-limit".into(),
        End::OutputLimit => "output-limit".into(),
    };
    format!(
        "end={end} cpu_us={} wall_us={} peak_kib={}\n",
        m.cpu.as_micros(),
        m.wall.as_micros(),
        m.peak_kib
    )
}

fn parse_report(line: &str) -> Option<Measured> {
    let mut fields = line.split_whitespace();
    let mut field = |key: &str| fields.next()?.strip_prefix(key)?.strip_prefix('=');
    let end = match field("end")? {
        "cpu-limit" => End::CpuLimit,
        "wall-limit" => End::WallLimit,
        "memory-limit" => End::MemoryLimit,
        "output-limit" => End::OutputLimit,
        other => match other.split_once(':')? {
            ("exit", code) => End::Exit(code.parse().ok()?),
            ("signal", sig) => End::Signal(sig.parse().ok()?),
            _ => return None,
        },
    };
    let micros = |v: &str| v.parse().ok().map(Duration::from_micros);
    Some(Measured {
        end,
        cpu: micros(field("cpu_us")?)?,
        wall: micros(field("wall_us")?)?,
        peak_kib: field("peak_kib")?.parse().ok()?,
    })
}

/// Resident size of a live process, in KiB, from `/proc/PID/statm`.
fn rss_kib(pid: i32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64;
    Some(pages * page / 1024)
}

/// CPU time of a live child so far (user + sys), from its CPU clock.
fn cpu_so_far(pid: i32) -> Option<Duration> {
    let mut clock: libc::clockid_t = 0;
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: both pointers are valid for the calls' duration.
    unsafe {
        if libc::clock_getcpuclockid(pid, &mut clock) != 0
            || libc::clock_gettime(clock, &mut ts) != 0
        {
            return None;
        }
    }
    Some(Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

fn timeval(tv: libc::timeval) -> Duration {
    Duration::from_micros(tv.tv_sec as u64 * 1_000_000 + tv.tv_usec as u64)
}

fn setrlimit(resource: libc::__rlimit_resource_t, value: u64) -> io::Result<()> {
    let lim = libc::rlimit {
        rlim_cur: value as libc::rlim_t,
        rlim_max: value as libc::rlim_t,
    };
    // SAFETY: setrlimit is async-signal-safe and reads only `lim`.
    if unsafe { libc::setrlimit(resource, &lim) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The supervisor's side (`sudoku sandbox CPU_MS WALL_MS MEMORY_KIB OUTPUT_BYTES as|no-as -- PROGRAM ARGS…`):
/// runs the program with this process's stdin, stdout and stderr, enforces
/// the limits, and writes one report line to fd 3. Exit 0 when the report is
/// written; 125 for bad arguments or a program that cannot be started (with
/// the reason on fd 3 and stderr).
pub fn supervisor_main(args: &[OsString]) -> ExitCode {
    // SAFETY: fd 3 is the report pipe the judge put there; wrapping it once
    // makes it ours to write and close. Not inherited by the program: CLOEXEC.
    let mut report = unsafe {
        libc::fcntl(3, libc::F_SETFD, libc::FD_CLOEXEC);
        File::from_raw_fd(3)
    };
    match supervise(args) {
        Ok(m) => {
            let _ = report.write_all(format_report(&m).as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = writeln!(report, "error {e}");
            eprintln!("sandbox: {e}");
            ExitCode::from(125)
        }
    }
}

fn supervise(args: &[OsString]) -> io::Result<Measured> {
    let bad = || {
        io::Error::other(
            "usage: sandbox CPU_MS WALL_MS MEMORY_KIB OUTPUT_BYTES as|no-as -- PROGRAM ARGS…",
        )
    };
    let num = |i: usize| -> io::Result<u64> {
        args.get(i)
            .and_then(|a| a.to_str()?.parse().ok())
            .ok_or_else(bad)
    };
    let (cpu, wall) = (
        Duration::from_millis(num(0)?),
        Duration::from_millis(num(1)?),
    );
    let (memory_kib, output) = (num(2)?, num(3)?);
    let address_space = match args.get(4).and_then(|a| a.to_str()) {
        Some("as") => true,
        Some("no-as") => false,
        _ => return Err(bad()),
    };
    if args.get(5).is_none_or(|a| a != "--") || args.len() < 7 {
        return Err(bad());
    }
    let mut cmd = Command::new(&args[6]);
    cmd.args(&args[7..]);
    // RLIMIT_CPU is a second backstop, in whole seconds, past the polled limit.
    let cpu_backstop = cpu.as_secs() + 2;
    let as_ceiling = memory_kib.saturating_mul(4 << 10);
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    // SAFETY: the closure runs between fork and exec and calls only prctl,
    // getppid, setrlimit and _exit, which are async-signal-safe.
    unsafe {
        cmd.pre_exec(move || {
            die_with_parent(me)?;
            setrlimit(libc::RLIMIT_CORE, 0)?;
            setrlimit(libc::RLIMIT_FSIZE, output)?;
            setrlimit(libc::RLIMIT_CPU, cpu_backstop)?;
            if address_space {
                setrlimit(libc::RLIMIT_AS, as_ceiling)?;
            }
            Ok(())
        });
    }
    let start = Instant::now();
    let child = cmd
        .spawn()
        .map_err(|e| io::Error::new(e.kind(), format!("cannot start {:?}: {e}", args[6])))?;
    let pid = child.id() as libc::pid_t;
    let mut killed: Option<End> = None;
    // The kernel batches RSS counters per thread: at a kill for memory,
    // ru_maxrss can trail the sample that crossed the limit by a few pages.
    let mut sampled_kib = 0;
    let mut cpu_at_kill = Duration::ZERO;
    let (status, usage, wall) = loop {
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
            let used = cpu_so_far(pid).unwrap_or_default();
            let over = if used > cpu {
                Some(End::CpuLimit)
            } else if start.elapsed() > wall {
                Some(End::WallLimit)
            } else if let Some(kib) = rss_kib(pid).filter(|&kib| kib > memory_kib) {
                sampled_kib = kib;
                Some(End::MemoryLimit)
            } else {
                None
            };
            if let Some(end) = over {
                // SAFETY: pid is still our unreaped child (wait4 said so above).
                unsafe { libc::kill(pid, libc::SIGKILL) };
                killed = Some(end);
                cpu_at_kill = used;
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    // Reaped by wait4 above: `child` holds no more than the pid.
    drop(child);
    let used = timeval(usage.ru_utime) + timeval(usage.ru_stime);
    let end = match killed {
        Some(end) => end,
        None if libc::WIFEXITED(status) => End::Exit(libc::WEXITSTATUS(status)),
        None => match libc::WTERMSIG(status) {
            libc::SIGXFSZ => End::OutputLimit,
            libc::SIGXCPU => End::CpuLimit,
            sig => End::Signal(sig),
        },
    };
    Ok(Measured {
        end,
        cpu: used.max(cpu_at_kill),
        wall,
        peak_kib: (usage.ru_maxrss.max(0) as u64).max(sampled_kib),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_round_trip() {
        for end in [
            End::Exit(0),
            End::Exit(101),
            End::Signal(11),
            End::CpuLimit,
            End::WallLimit,
            End::MemoryLimit,
            End::OutputLimit,
        ] {
            let m = Measured {
                end,
                cpu: Duration::from_micros(1234),
                wall: Duration::from_micros(5678),
                peak_kib: 2048,
            };
            assert_eq!(parse_report(&format_report(&m)), Some(m));
        }
        assert_eq!(parse_report("error cannot start"), None);
    }
}
