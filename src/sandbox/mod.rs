//! Spawn, limit, measure, kill: the sandbox the judge and the trace run
//! programs in. It knows nothing of either, nor of Sudoku; it runs a
//! program on an input under limits and says how it ended, how much CPU
//! time and memory the whole process tree used, and where its output is.
//!
//! ```text
//! judge ──spawn──> supervisor   (`sudoku sandbox`: a fresh, small process; its own
//!   │   fd 4: the job     │      process group; dies with the judge; not dumpable)
//!   │                     │ a root judge: a user id of its own, locked (uid.rs)
//!   │                     │ unshare: a pid namespace (in a user namespace when not root)
//!   │                     └──fork──> init  (pid 1 there; dies with the supervisor; not dumpable)
//!   │                                  │ unshare: mount, net, ipc, uts namespaces
//!   │                                  │ a root of its own: read-only /usr, /etc…, the job's
//!   │                                  │ read-only binds, a build's work folder, a fresh /proc,
//!   │                                  │ /dev, an empty tmpfs /tmp (and /dev/shm)
//!   │                                  └──fork/exec──> program   (fds 0-2 only; the run's user id
//!   │                                       or no capabilities; seccomp; RLIMIT_FSIZE, CORE, CPU,
//!   │                                       NOFILE, NPROC (threads), AS without a cgroup)
//!   │   init, every 1 ms: CPU of the tree > cpu limit          -> kill all, TLE
//!   │                     processes > the process limit         -> kill all, RE
//!   │                     memory of the tree > memory limit     -> kill all, MLE
//!   │                     wall clock, less the time spent waiting
//!   │                     for a CPU, > wall limit               -> kill all, TLE (wall)
//!   │   init reaps every process (orphans come to pid 1), so its children's
//!   │   rusage is the tree's CPU time; when the program exits, the rest is killed
//!   └─ reads the one-line report on fd 3 (with a deadline), kills the group, reaps
//! ```
//!
//! **Time** is CPU time (user + sys of every process of the run), as
//! Codeforces, AtCoder and LeetCode report it, so a busy machine does not
//! turn AC into TLE; the wall clock is a backstop against a program that
//! sleeps or blocks, and it does not count time spent waiting for a CPU
//! (`/proc/PID/task/*/schedstat`), so load does not trip it either.
//!
//! **Memory** is capped by a memory cgroup per run where the judge may make
//! one; it is also polled: one process's resident size, several processes'
//! proportional set sizes (a page shared after a fork counts once), and
//! each process's own peak (`ru_maxrss`). Linux starts a forked child's
//! `ru_maxrss` at its parent's resident size, so the judge never forks the
//! program: the supervisor is a fresh exec of a few hundred KB, and init a
//! fork of it.
//!
//! **Nothing leaks**: killing init kills its namespace; the supervisor and
//! init die with their parents (`PR_SET_PDEATHSIG`); the judge kills every
//! running supervisor's group on SIGINT and SIGTERM ([`install_signal_handlers`]),
//! and a run's [`janitor`] removes its named temporary files however the
//! judge ends. A case's input is a sealed memfd and its output an unnamed
//! file, so a run leaves no file behind even when killed.
//!
//! Where the kernel refuses namespaces, the supervisor runs init as a plain
//! child in the supervisor's process group and the report says so
//! ([`Isolation::holds_untrusted`] is then false): the program sees the
//! host's files and network, runs as the judge's user, may signal only
//! itself and its group, which it cannot leave (the filter), and its group
//! is what is counted and killed.

pub(crate) mod cgroup;
mod init;
pub mod janitor;
mod seccomp;
mod spec;
mod supervisor;
mod sys;
mod uid;

pub use supervisor::{supervisor_main, FORCE_GROUP};

/// `sudoku sandbox …`: the hidden sub-command that is the supervisor.
pub const SUPERVISOR_COMMAND: &str = "sandbox";

/// `sudoku janitor`: the hidden sub-command that is a run's janitor.
pub const JANITOR_COMMAND: &str = "janitor";

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

/// The thread limit a run gets unless it says otherwise: room for a JVM's
/// own threads and a few hundred of the program's.
pub const THREADS: u32 = 512;

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time of the whole tree (user + sys).
    pub cpu: Duration,
    /// Wall clock, less time spent waiting for a CPU: the backstop for a
    /// program that sleeps.
    pub wall: Duration,
    /// Resident size of the whole tree, in KiB.
    pub memory_kib: u64,
    /// Bytes the program may write to any one file (its stdout and stderr are files).
    pub output_bytes: u64,
    /// Bytes the program may write to its private `/tmp`.
    pub disk_bytes: u64,
    /// Processes that may run at once, the program included (threads are
    /// not processes). 1: starting one ends the run.
    pub processes: u32,
    /// Threads of all its processes together (`RLIMIT_NPROC` of the run's
    /// own user id): a thread past it is refused, as `pthread_create`
    /// refuses it on a judge.
    pub threads: u32,
    /// Without a memory cgroup, also cap each process's address space at 4x
    /// the memory limit (`RLIMIT_AS`), so a program that allocates faster
    /// than the polling still stops. Off for runtimes that reserve large
    /// ranges up front (a JVM).
    pub address_space: bool,
}

/// What the program sees of the file system: a root of its own, the
/// system's folders read-only, `binds` (host path, path inside) read-only,
/// no network. A submission's run gets an empty `/tmp` as its working
/// directory; a build gets `work`, a host folder bound read-write at its
/// own path, instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Host path and where it appears, read-only.
    pub binds: Vec<(PathBuf, PathBuf)>,
    /// The working directory: a host folder seen at its own path and the
    /// only one the program may write besides its `/tmp`.
    pub work: Option<PathBuf>,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// It exited with this code.
    Exit(i32),
    /// A signal the sandbox did not send killed it.
    Signal(i32),
    /// Killed when the tree's CPU time passed the limit.
    CpuLimit,
    /// Killed at the wall-clock backstop.
    WallLimit,
    /// Killed when the tree's resident size passed the limit.
    MemoryLimit,
    /// Stopped by `RLIMIT_FSIZE` (SIGXFSZ): it wrote more than the output limit.
    OutputLimit,
    /// It started more processes than allowed.
    ProcessLimit,
    /// The sandbox's init, its parent, was killed by this signal: only
    /// possible without namespaces, where the program can reach it.
    InitKilled(i32),
}

/// What kept the run apart from the rest of the machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// Pid, mount, network, ipc and uts namespaces; `user`: inside a user
    /// namespace (the judge is not root).
    Namespaces {
        /// In a user namespace of its own.
        user: bool,
    },
    /// Namespaces were refused: a process group, seccomp and rlimits only.
    ProcessGroup {
        /// Why namespaces could not be used.
        why: String,
    },
}

impl Isolation {
    fn to_field(&self) -> String {
        match self {
            Isolation::Namespaces { user: false } => "ns".into(),
            Isolation::Namespaces { user: true } => "ns-user".into(),
            Isolation::ProcessGroup { why } => format!("group {}", why.replace('\n', " ")),
        }
    }

    fn from_field(field: &str) -> Option<Isolation> {
        Some(match field {
            "ns" => Isolation::Namespaces { user: false },
            "ns-user" => Isolation::Namespaces { user: true },
            other => Isolation::ProcessGroup {
                why: other.strip_prefix("group ")?.to_string(),
            },
        })
    }
}

impl Isolation {
    /// Whether a program nobody here wrote may run under it: only
    /// namespaces keep it from the host's files, network, processes and
    /// user. The process group is for the workspace's own programs, or a
    /// file its user vouches for.
    pub fn holds_untrusted(&self) -> bool {
        matches!(self, Isolation::Namespaces { .. })
    }
}

impl fmt::Display for Isolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Isolation::Namespaces { user } => write!(
                f,
                "pid, mount and network namespaces{}, seccomp",
                if *user {
                    " (in a user namespace)"
                } else {
                    ", a user id per run"
                }
            ),
            Isolation::ProcessGroup { why } => write!(
                f,
                "a process group and seccomp only ({why}): the program sees the host's files and network, runs as the judge's user and may write outside its folder; it can signal only itself"
            ),
        }
    }
}

/// One finished run.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub end: End,
    /// CPU time of the tree, user + sys.
    pub cpu: Duration,
    /// Wall clock from spawn to exit.
    pub wall: Duration,
    /// Peak resident size in KiB: the polled tree, or the largest process's
    /// `ru_maxrss`, whichever is larger.
    pub peak_kib: u64,
    /// Its stdout, rewound to the start.
    pub stdout: File,
    /// Bytes it wrote to stdout.
    pub stdout_bytes: u64,
    /// The first 64 KiB of its stderr.
    pub stderr: Vec<u8>,
    /// Bytes it wrote to stderr.
    pub stderr_bytes: u64,
    /// Its private `/tmp` was full at the end.
    pub disk_full: bool,
    /// A memory cgroup of the run's own held the tree (else the polled limit alone).
    pub memory_cgroup: bool,
    /// What kept it apart.
    pub isolation: Isolation,
}

/// How much of stderr a run keeps.
const STDERR_KEPT: u64 = 64 << 10;

/// A case's input: a sealed memfd (no file on disk, and no run can change
/// it), opened afresh, read-only, as each run's stdin.
#[derive(Debug)]
pub struct Input {
    file: File,
    sealed: bool,
}

impl Input {
    /// The input holding `bytes`.
    pub fn new(bytes: &[u8]) -> io::Result<Input> {
        // SAFETY: a valid NUL-terminated name; the flags are plain bits.
        let fd = unsafe {
            libc::memfd_create(
                c"sudoku-case".as_ptr(),
                libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING,
            )
        };
        if fd < 0 {
            // No memfd: an unnamed file, copied for each run instead.
            let mut file = tempfile::tempfile()?;
            file.write_all(bytes)?;
            return Ok(Input {
                file,
                sealed: false,
            });
        }
        // SAFETY: fd was just created and is ours alone.
        let mut file = unsafe { File::from_raw_fd(fd) };
        file.write_all(bytes)?;
        let seals =
            libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_WRITE | libc::F_SEAL_SEAL;
        // SAFETY: fcntl on our own descriptor.
        sys::check(unsafe { libc::fcntl(fd, libc::F_ADD_SEALS, seals) })?;
        Ok(Input { file, sealed: true })
    }

    /// An input copied from `reader` (a pipe, a FIFO: read once) into an
    /// unnamed file, for the judge's own reading: an `--expect` of any size.
    pub fn from_reader(reader: &mut dyn Read) -> io::Result<Input> {
        let mut file = tempfile::tempfile()?;
        io::copy(reader, &mut file)?;
        Ok(Input {
            file,
            sealed: false,
        })
    }

    /// A read-only descriptor of its own, at the start, sharing the data
    /// (for the judge's reading, never a run's stdin unless sealed).
    pub fn reopen(&self) -> io::Result<File> {
        File::open(format!("/proc/self/fd/{}", self.file.as_raw_fd()))
    }

    /// A read-only descriptor of its own (its own offset) for one run.
    pub fn open(&self) -> io::Result<File> {
        if self.sealed {
            return self.reopen();
        }
        let mut copy = tempfile::tempfile()?;
        let mut from = self.file.try_clone()?;
        from.seek(SeekFrom::Start(0))?;
        io::copy(&mut from, &mut copy)?;
        copy.seek(SeekFrom::Start(0))?;
        Ok(copy)
    }
}

/// The supervisor: `program prefix… SPEC… -- PROGRAM ARGS…`.
#[derive(Clone, Debug)]
pub struct Supervisor {
    /// The executable (the `sudoku` binary).
    pub program: PathBuf,
    /// Arguments before the spec (`sandbox`).
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

/// What the first probe found, for this process's later asks.
static PROBED: std::sync::OnceLock<Result<Isolation, String>> = std::sync::OnceLock::new();

impl Supervisor {
    /// What this machine's sandbox gives, found once by a run of this
    /// program's `--version` (the kernel may refuse namespaces).
    pub fn isolation(&self) -> io::Result<Isolation> {
        PROBED
            .get_or_init(|| {
                let limits = Limits {
                    cpu: Duration::from_secs(2),
                    wall: Duration::from_secs(4),
                    memory_kib: 256 << 10,
                    output_bytes: 1 << 20,
                    disk_bytes: 1 << 20,
                    processes: 1,
                    threads: THREADS,
                    address_space: false,
                };
                let view = View {
                    binds: vec![(self.program.clone(), "/box/probe".into())],
                    work: None,
                };
                self.run(
                    OsStr::new("/box/probe"),
                    &["--version".into()],
                    None,
                    &limits,
                    &view,
                )
                .map(|run| run.isolation)
                .map_err(|e| e.to_string())
            })
            .clone()
            .map_err(io::Error::other)
    }

    /// The supervisor of this program (`exe sandbox …`).
    pub fn of(exe: &std::path::Path) -> Supervisor {
        Supervisor {
            program: exe.to_path_buf(),
            prefix: vec![SUPERVISOR_COMMAND.into()],
        }
    }

    /// Runs `program args…` with `stdin` (`None`: `/dev/null`) under
    /// `limits`, seeing `view`. An error is the judge's (the supervisor could
    /// not be started or could not set up the run), never the program's.
    pub fn run(
        &self,
        program: &OsStr,
        args: &[OsString],
        stdin: Option<&Input>,
        limits: &Limits,
        view: &View,
    ) -> io::Result<Run> {
        // A program that shares the judge's user (without namespaces) may
        // not read the judge's memory (every expected output is in it).
        // SAFETY: prctl with these arguments has no memory-safety preconditions.
        unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) };
        let spec = spec::Spec {
            limits: *limits,
            view: view.clone(),
            program: program.to_os_string(),
            args: args.to_vec(),
        };
        let stdout = tempfile::tempfile()?;
        let mut stderr = tempfile::tempfile()?;
        let (report, report_w) = io::pipe()?;
        let report_fd = report_w.as_raw_fd();
        let stdin = match stdin {
            Some(input) => Stdio::from(input.open()?),
            None => Stdio::null(),
        };
        // The supervisor's and init's temporary folder: without namespaces,
        // init makes the case's working directory in it. Removed below and,
        // if this judge dies first, by the janitor, so a supervisor or init
        // killed mid-run leaves nothing behind.
        let scratch = tempfile::Builder::new().prefix("sudoku-run-").tempdir()?;
        janitor::track(scratch.path());
        // The spec goes on fd 4, not the command line: the run's init is a
        // fork of the supervisor, and its /proc/1/cmdline would show the
        // host's paths.
        let (spec_r, mut spec_w) = io::pipe()?;
        let mut encoded = Vec::new();
        for arg in spec.to_args() {
            encoded.extend_from_slice(arg.as_encoded_bytes());
            encoded.push(0);
        }
        if encoded.len() > 60_000 {
            return Err(io::Error::other("the run's spec is over 60,000 bytes"));
        }
        spec_w.write_all(&encoded)?; // within a pipe's buffer: no reader needed yet
        drop(spec_w);
        let spec_fd = spec_r.as_raw_fd();
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.prefix)
            .env("TMPDIR", scratch.path())
            // A judge shows no backtrace, and printing one costs the program time.
            .env_remove("RUST_BACKTRACE")
            .env_remove("RUST_LIB_BACKTRACE")
            .stdin(stdin)
            .stdout(Stdio::from(stdout.try_clone()?))
            .stderr(Stdio::from(stderr.try_clone()?))
            .process_group(0);
        // SAFETY: getpid has no preconditions.
        let judge = unsafe { libc::getpid() };
        // SAFETY: the closure runs between fork and exec and calls only
        // dup2, prctl, getppid and _exit, which are async-signal-safe.
        unsafe {
            cmd.pre_exec(move || {
                // Out of the way first, so neither lands on the other.
                let report = libc::fcntl(report_fd, libc::F_DUPFD, 10);
                let spec = libc::fcntl(spec_fd, libc::F_DUPFD, 10);
                if report < 0 || spec < 0 || libc::dup2(report, 3) < 0 || libc::dup2(spec, 4) < 0 {
                    return Err(io::Error::last_os_error());
                }
                // Nothing else the judge holds (or was handed) goes further.
                sys::cloexec_from(5)?;
                sys::die_with_parent(judge)
            });
        }
        let start = Instant::now();
        let mut child = cmd.spawn()?;
        let group = child.id() as libc::pid_t;
        let slot = remember_group(group);
        janitor::track_group(group);
        drop(cmd); // its copy of the pipe's write end
        drop(report_w);
        drop(spec_r);
        // The supervisor has its own backstop; this one is for a supervisor
        // that is itself stopped or killed.
        let deadline = supervisor::backstop(limits) + Duration::from_secs(5);
        let line = read_until(report, start + deadline);
        // SAFETY: kill has no memory-safety preconditions; the group is ours
        // (its leader is our unreaped child, so the id cannot be reused).
        unsafe { libc::kill(-group, libc::SIGKILL) };
        // Forget the group before reaping its leader, so a signal handler
        // never kills a group id that could be reused.
        forget_group(slot);
        let status = child.wait()?;
        janitor::untrack_group(group);
        let scratch_path = scratch.path().to_path_buf();
        let _ = scratch.close();
        janitor::untrack(&scratch_path);
        let line = line?;
        let measured = match spec::parse_report(&line) {
            Some(m) => m,
            None if line.is_empty() => {
                let why = match status.signal() {
                    Some(sig) => format!("killed by signal {sig}"),
                    None if start.elapsed() >= deadline => {
                        format!("silent for {} s, killed", deadline.as_secs())
                    }
                    None => format!("{status}"),
                };
                return Err(io::Error::other(format!(
                    "the sandbox's supervisor ended without a report ({why})"
                )));
            }
            None => {
                let why = line.trim_end();
                let why = why.strip_prefix("error ").unwrap_or(why);
                return Err(io::Error::other(format!("the sandbox failed: {why}")));
            }
        };
        let mut stdout = stdout;
        let stdout_bytes = stdout.metadata()?.len();
        stdout.seek(SeekFrom::Start(0))?;
        let stderr_bytes = stderr.metadata()?.len();
        stderr.seek(SeekFrom::Start(0))?;
        let mut kept = Vec::new();
        (&mut stderr).take(STDERR_KEPT).read_to_end(&mut kept)?;
        Ok(Run {
            end: measured.end,
            cpu: measured.cpu,
            wall: measured.wall,
            peak_kib: measured.peak_kib,
            stdout,
            stdout_bytes,
            stderr: kept,
            stderr_bytes,
            disk_full: measured.disk_full,
            memory_cgroup: measured.memory_cgroup,
            isolation: measured.isolation,
        })
    }
}

/// Reads `pipe` to its end or until `deadline`, whichever comes first.
fn read_until(pipe: io::PipeReader, deadline: Instant) -> io::Result<String> {
    let mut bytes = Vec::new();
    let mut buf = [0u8; 512];
    let fd = pipe.as_raw_fd();
    let mut pipe = pipe;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        let mut pfd = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = left.as_millis().min(i32::MAX as u128) as libc::c_int;
        // SAFETY: one valid pollfd.
        let r = unsafe { libc::poll(&mut pfd, 1, ms) };
        if r < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        if r == 0 {
            continue;
        }
        match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => bytes.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
        if bytes.len() > 64 << 10 {
            break;
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isolation_fields_round_trip() {
        for i in [
            Isolation::Namespaces { user: true },
            Isolation::Namespaces { user: false },
            Isolation::ProcessGroup {
                why: "unshare: EPERM".into(),
            },
        ] {
            assert_eq!(Isolation::from_field(&i.to_field()), Some(i));
        }
    }

    #[test]
    fn a_sealed_input_cannot_be_written_through_any_descriptor() {
        let input = Input::new(b"530070000\n").unwrap();
        let mut one = input.open().unwrap();
        let mut text = String::new();
        one.read_to_string(&mut text).unwrap();
        assert_eq!(text, "530070000\n");
        let fd = one.as_raw_fd();
        let writable = std::fs::OpenOptions::new()
            .write(true)
            .open(format!("/proc/self/fd/{fd}"));
        if let Ok(mut w) = writable {
            assert!(w.write_all(b"x").is_err(), "a sealed input took a write");
        }
        let mut two = String::new();
        input.open().unwrap().read_to_string(&mut two).unwrap();
        assert_eq!(two, "530070000\n");
    }
}
