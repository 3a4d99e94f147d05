//! The sandbox on Linux: a supervisor process, an init in a pid namespace,
//! a view of its own, seccomp, a user id per run and a memory cgroup.
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
//!   │   the tree's CPU time: a cgroup's count (cpuacct, cpu.stat) where there is
//!   │   one; else init's reaped children's (orphans come to pid 1) and the live
//!   │   processes', SIGCHLD kept at its default so no child is reaped unwaited;
//!   │   when the program exits, the rest is killed
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
//! proportional set sizes (a page shared after a fork counts once), each
//! process's own peak (`ru_maxrss`) and, without a cgroup, what the run's
//! Unix sockets hold (`sock_diag` of its network namespace). Linux starts
//! a forked child's `ru_maxrss` at its parent's resident size, so the
//! judge never forks the program: the supervisor is a fresh exec of a few
//! hundred KB, and init a fork of it.
//!
//! **Nothing leaks**: killing init kills its namespace; the supervisor and
//! init die with their parents (`PR_SET_PDEATHSIG`); the judge kills every
//! running supervisor's group on SIGINT and SIGTERM ([`install_signal_handlers`](super::install_signal_handlers)),
//! and a run's [`janitor`](super::janitor) removes its named temporary files however the
//! judge ends. A case's input is a sealed memfd and its output an unnamed
//! file, so a run leaves no file behind even when killed.
//!
//! Where the kernel refuses namespaces, the supervisor runs init as a plain
//! child in the supervisor's process group and the report says so
//! ([`Isolation::holds_untrusted`] is then false): the program sees the
//! host's files and network, runs as the judge's user, may signal only
//! itself and its group, which it cannot leave (the filter; init answers
//! for a signal to a member by its pid), and its group is what is counted
//! and killed. Its session is its own (no controlling terminal), and one
//! such run at a time runs for each user on the machine ([`FallbackLock`]):
//! two at once could open each other's stdin and stdout by `/proc/PID/fd`.

pub(super) mod cgroup;
mod init;
mod seccomp;
mod spec;
mod supervisor;
mod sys;
mod uid;

pub use supervisor::supervisor_main;

use super::groups::{forget_group, remember_group};
use super::{
    janitor, End, Input, Isolation, Limits, Run, Supervisor, View, FORCE_GROUP, STDERR_KEPT,
    THREADS,
};
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

impl Isolation {
    fn to_field(&self) -> String {
        match self {
            Isolation::Namespaces { user: false } => "ns".into(),
            Isolation::Namespaces { user: true } => "ns-user".into(),
            Isolation::ProcessGroup { why } => format!("group {}", why.replace('\n', " ")),
            Isolation::Rlimits => "rlimits".into(),
            Isolation::JobObject { not_blocked: None } => "job".into(),
            Isolation::JobObject {
                not_blocked: Some(why),
            } => format!("job-open {}", why.replace('\n', " ")),
        }
    }

    fn from_field(field: &str) -> Option<Isolation> {
        Some(match field {
            "ns" => Isolation::Namespaces { user: false },
            "ns-user" => Isolation::Namespaces { user: true },
            "rlimits" => Isolation::Rlimits,
            "job" => Isolation::JobObject { not_blocked: None },
            other => match other.strip_prefix("job-open ") {
                Some(why) => Isolation::JobObject {
                    not_blocked: Some(why.to_string()),
                },
                None => Isolation::ProcessGroup {
                    why: other.strip_prefix("group ")?.to_string(),
                },
            },
        })
    }
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
                // This program's own `--version`: no lock to take.
                self.run_alone(
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

    /// Runs `program args…` with `stdin` (`None`: `/dev/null`) under
    /// `limits`, seeing `view`. An error is the judge's (the supervisor could
    /// not be started or could not set up the run), never the program's.
    ///
    /// Without namespaces, one run at a time on the machine for each user
    /// (`FallbackLock`): there a program runs as the judge's user and
    /// stays dumpable after its `exec`, so another run's program of that
    /// user could open its stdin and stdout through `/proc/PID/fd`.
    pub fn run(
        &self,
        program: &OsStr,
        args: &[OsString],
        stdin: Option<&Input>,
        limits: &Limits,
        view: &View,
    ) -> io::Result<Run> {
        let _alone = match self.isolation() {
            Ok(isolation) if isolation.holds_untrusted() => None,
            _ => Some(FallbackLock::take()?),
        };
        self.run_alone(program, args, stdin, limits, view)
    }

    /// [`Supervisor::run`] without the fallback's lock.
    fn run_alone(
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
            limits: limits.on_test_cpu(),
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
        // Nor its own path: `/proc/1/cmdline` reads `sudoku sandbox`.
        cmd.arg0("sudoku")
            .args(&self.prefix)
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
            cpu: super::test_cpu_time(measured.cpu),
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

/// The fallback's machine-wide lock of one user: the abstract Unix socket
/// name `sudoku-fallback-UID`, bound (and listening) for the whole of a run,
/// from before its supervisor starts until it is reaped. A name, not a
/// file: the program runs as the judge's user and could remove a lock file
/// (and with it the lock), but it cannot unbind another process's socket
/// nor make one (the filter refuses `socket`). The name is the machine's
/// (the host's network namespace, where every fallback run is); one held
/// by another user is refused, by the holder's credentials.
struct FallbackLock {
    _held: std::os::fd::OwnedFd,
}

impl FallbackLock {
    fn take() -> io::Result<FallbackLock> {
        use std::os::fd::{FromRawFd, OwnedFd};
        // SAFETY: geteuid has no preconditions.
        let uid = unsafe { libc::geteuid() };
        let name = format!("sudoku-fallback-{uid}");
        // SAFETY: zeroed sockaddr_un is valid; the abstract name (a leading
        // NUL) fits in sun_path (108 bytes).
        let mut addr: libc::sockaddr_un = unsafe { std::mem::zeroed() };
        addr.sun_family = libc::AF_UNIX as libc::sa_family_t;
        for (i, b) in name.bytes().enumerate() {
            addr.sun_path[i + 1] = b as libc::c_char;
        }
        let len = (std::mem::size_of::<libc::sa_family_t>() + 1 + name.len()) as libc::socklen_t;
        let socket = || -> io::Result<OwnedFd> {
            // SAFETY: socket has no memory preconditions; the fd is owned here.
            let fd =
                unsafe { libc::socket(libc::AF_UNIX, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0) };
            if fd < 0 {
                return Err(io::Error::last_os_error());
            }
            // SAFETY: a descriptor just made, owned by nothing else.
            Ok(unsafe { OwnedFd::from_raw_fd(fd) })
        };
        loop {
            let held = socket()?;
            let addr_ptr = &addr as *const libc::sockaddr_un as *const libc::sockaddr;
            // SAFETY: addr is a valid sockaddr_un of `len` bytes.
            if unsafe { libc::bind(held.as_raw_fd(), addr_ptr, len) } == 0 {
                // SAFETY: listen on our own socket, so a waiter can ask who holds it.
                if unsafe { libc::listen(held.as_raw_fd(), 16) } != 0 {
                    return Err(io::Error::last_os_error());
                }
                return Ok(FallbackLock { _held: held });
            }
            let e = io::Error::last_os_error();
            if e.raw_os_error() != Some(libc::EADDRINUSE) {
                return Err(io::Error::new(e.kind(), format!("@{name}: bind: {e}")));
            }
            // Held: by this user (wait for it) or another (refuse).
            let probe = socket()?;
            // SAFETY: as for bind.
            if unsafe { libc::connect(probe.as_raw_fd(), addr_ptr, len) } == 0 {
                // SAFETY: a zeroed ucred is valid; the kernel fills it.
                let mut cred: libc::ucred = unsafe { std::mem::zeroed() };
                let mut size = std::mem::size_of::<libc::ucred>() as libc::socklen_t;
                // SAFETY: cred is a ucred of `size` bytes.
                let ok = unsafe {
                    libc::getsockopt(
                        probe.as_raw_fd(),
                        libc::SOL_SOCKET,
                        libc::SO_PEERCRED,
                        (&mut cred as *mut libc::ucred).cast(),
                        &mut size,
                    )
                } == 0;
                if ok && cred.uid != uid {
                    return Err(io::Error::other(format!(
                        "the fallback's lock @{name} is held by user {} (pid {}), not this user: another user's process took its name",
                        cred.uid, cred.pid
                    )));
                }
            }
            drop(probe);
            std::thread::sleep(Duration::from_millis(20));
        }
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
            Isolation::Rlimits,
            Isolation::JobObject { not_blocked: None },
            Isolation::JobObject {
                not_blocked: Some("SetNamedSecurityInfoW: denied".into()),
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
