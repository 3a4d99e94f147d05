//! The sandbox's init: the first process of the solution's namespaces (pid
//! 1 there), or, without namespaces, a child subreaper of the supervisor.
//! It builds the solution's view of the file system, starts the solution,
//! measures the whole process tree every millisecond (less often as a long
//! run goes on, or where a poll is itself slow; its end wakes init at
//! once), kills it at a limit,
//! reaps everything (orphans come to pid 1), and says how the run ended.
//!
//! ```text
//! the solution's root (a small read-only tmpfs)
//!   /usr /etc /opt …  read-only binds of the host's; /bin, /lib … as the host's symlinks
//!   /box …            read-only binds the job names (the built program, an interpreter's prefix)
//!   /proc             a fresh proc: only the sandbox's processes
//!   /dev              null, zero, full, random, urandom; fd, stdin, stdout, stderr links
//!   /tmp, /dev/shm    one empty tmpfs of --disk-bytes and TMP_FILES files: the working
//!                     directory, the only writable place
//!   WORK              a build's work folder (--work), read-write at its host path:
//!                     then the working directory
//!
//! Every bind is read-only down to its submounts; the hostname is `sandbox`.
//! ```

use super::cgroup::{self, Joining};
use super::spec::{Measured, Spec};
use super::{seccomp, sys, End, Isolation, View};
use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How often the tree is measured at the start of a run: every millisecond
/// for its first 64, then every 64th of the time the run has taken, up to
/// `POLL_MAX`, and never more than a sixteenth of the time (up to
/// `POLL_COSTLY` apart). Reading a 175 MB compiler's proportional set size
/// costs the kernel 2.5 ms; at one poll a millisecond a build's tree
/// cost as much again as the build itself. A run's end is seen at once
/// (its pidfd wakes the wait), whatever the interval.
const POLL: Duration = Duration::from_millis(1);

/// The longest interval between two polls: how far past a limit a run may
/// get before it is killed.
const POLL_MAX: Duration = Duration::from_millis(8);

/// The longest interval where a poll itself is slow: a tree of several
/// processes of hundreds of megabytes each (a compiler's), whose memory
/// a memory cgroup caps in any case, and otherwise each process's
/// address space.
const POLL_COSTLY: Duration = Duration::from_millis(40);

/// With a memory cgroup, the sockets' buffers are asked for one poll in this many.
const SOCKETS_EVERY: u32 = 32;

/// How many files and folders the private `/tmp` may hold.
pub const TMP_FILES: u64 = 16384;

/// Where the new root is assembled, inside this process's own mount
/// namespace (a tmpfs is mounted over it there; the host's folder is not touched).
const STAGING: &str = "/tmp";

/// Runs the job, once `go` has a byte; `isolation` is what the supervisor
/// set up, `uid` the run's own user id (a root judge) or `None`,
/// `cgroups` the run's cgroups the program joins.
pub fn run(
    spec: &Spec,
    isolation: &Isolation,
    uid: Option<u32>,
    cgroups: &Joining,
    go: &mut dyn std::io::Read,
) -> io::Result<Measured> {
    // Nothing of this process (its memory, its descriptors, /proc/1/exe:
    // the judge's own binary) may be read by the program, even where it
    // runs as the same user.
    // SAFETY: prctl with these arguments has no memory-safety preconditions.
    sys::check(unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) })?;
    let namespaces = matches!(isolation, Isolation::Namespaces { .. });
    enter_namespaces(namespaces)?;
    let (mut cmd, scratch) = command(spec, namespaces, uid)?;
    // The supervisor says when init is in the run's memory cgroup (`c`), or
    // that there is none (`g`): only then may the program start. The
    // cgroup caps the tree's memory; without one, each process's address
    // space is capped at 4x the limit instead, where the runtime allows.
    let mut go_byte = [0u8; 1];
    go.read_exact(&mut go_byte)?;
    let mut limits = spec.limits;
    let memory_cgroup = go_byte[0] == b'c';
    limits.address_space &= !memory_cgroup;
    // The run's own network namespace's Unix sockets: their buffers are
    // memory no resident size shows. Without a cgroup the poll is their
    // limit and asks every time; a memory cgroup caps them itself, and
    // its own count is no measure of the program (it holds page cache
    // too), so the poll asks one time in `SOCKETS_EVERY`, for the peak
    // shown: asked each millisecond, the kernel's answer cost a 400 ms
    // run 10% more wall time on a loaded 2-core machine.
    let sockets = namespaces
        .then(sys::UnixSockets::open)
        .flatten()
        .map(|s| (s, if memory_cgroup { SOCKETS_EVERY } else { 1 }));
    let asking = restrict(&mut cmd, limits, isolation, uid, cgroups)?;
    let start = Instant::now();
    let child = cmd.spawn().map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot start {}: {e}", spec.program.to_string_lossy()),
        )
    })?;
    let pid = child.id() as libc::pid_t;
    // The filter's listener, which the program sent before its exec.
    let listener = asking.and_then(|(ours, theirs)| {
        drop(theirs);
        sys::receive_fd(&ours)
    });
    let mut m = monitor(
        pid,
        &limits,
        namespaces,
        start,
        cgroups.cpu_usage.as_ref(),
        listener.as_ref(),
        sockets.as_ref().map(|(s, every)| (s, *every)),
    );
    drop(child); // reaped by the monitor
    if namespaces {
        m.disk_full = sys::free_blocks(Path::new("/tmp")).is_ok_and(|free| free == 0);
    }
    if let (Some(work), Some(_)) = (&spec.view.work, uid) {
        // What the build wrote becomes the judge's again, writable by it alone.
        give_back(work);
    }
    drop(scratch);
    m.isolation = isolation.clone();
    Ok(m)
}

/// With namespaces: a mount, network, IPC and UTS namespace of init's own
/// (the supervisor keeps the host's). Without: init becomes the subreaper
/// of the solution's orphans, so their CPU time is counted when reaped.
fn enter_namespaces(namespaces: bool) -> io::Result<()> {
    if namespaces {
        // SAFETY: unshare has no memory-safety preconditions.
        sys::check(unsafe {
            libc::unshare(
                libc::CLONE_NEWNS | libc::CLONE_NEWNET | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS,
            )
        })
        .map_err(|e| io::Error::new(e.kind(), format!("unshare (mount, net): {e}")))?;
        let name = b"sandbox";
        // SAFETY: a valid pointer and its length.
        sys::check(unsafe { libc::sethostname(name.as_ptr().cast(), name.len()) })?;
        sys::mount(
            None,
            Path::new("/"),
            None,
            libc::MS_REC | libc::MS_PRIVATE,
            None,
        )
    } else {
        // SAFETY: prctl with these arguments has no memory-safety preconditions.
        sys::check(unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
    }
}

/// What a run's working directory leaves behind, removed when dropped: an
/// empty case directory (without namespaces), or the `.tmp` a build
/// writes in its work folder there.
#[derive(Default)]
struct Scratch {
    dir: Option<tempfile::TempDir>,
    tmp: Option<PathBuf>,
}

impl Drop for Scratch {
    fn drop(&mut self) {
        drop(self.dir.take());
        if let Some(tmp) = self.tmp.take() {
            let _ = std::fs::remove_dir_all(tmp);
        }
    }
}

/// The job's command: its program and arguments as this view sees them,
/// its working directory (the work folder, the new root's `/tmp` or an
/// empty case directory) and a bare environment.
fn command(spec: &Spec, namespaces: bool, uid: Option<u32>) -> io::Result<(Command, Scratch)> {
    let View { binds, work } = &spec.view;
    // Without a mount namespace the view's paths are the host's.
    let (program, args) = if namespaces {
        (spec.program.clone(), spec.args.clone())
    } else {
        (
            spec.view
                .host_path(Path::new(&spec.program))
                .into_os_string(),
            spec.args
                .iter()
                .map(|a| spec.view.host_path(Path::new(a)).into_os_string())
                .collect(),
        )
    };
    let mut cmd = Command::new(&program);
    cmd.args(&args)
        .stdin(Stdio::inherit())
        .stdout(Stdio::inherit())
        .stderr(Stdio::inherit())
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("LANG", "C.UTF-8");
    let mut scratch = Scratch::default();
    let own = |path: &Path| match uid {
        Some(uid) => sys::chown(path, uid),
        None => Ok(()),
    };
    let cwd = match work {
        Some(work) => {
            own(work)?;
            work.clone()
        }
        None if namespaces => PathBuf::from("/tmp"),
        None => {
            // An empty working directory of the case's own.
            let dir = tempfile::Builder::new().prefix("sudoku-case-").tempdir()?;
            own(dir.path())?;
            let path = dir.path().to_path_buf();
            scratch.dir = Some(dir);
            path
        }
    };
    if namespaces {
        build_root(binds, work.as_deref(), spec.limits.disk_bytes)?;
        cmd.env("HOME", "/tmp").env("TMPDIR", "/tmp");
    } else {
        // The host's /tmp is shared: temporary files stay in the working
        // directory (removed with it however the run ends).
        let tmp = cwd.join(".tmp");
        std::fs::create_dir_all(&tmp)?;
        own(&tmp)?;
        cmd.env("HOME", &cwd).env("TMPDIR", &tmp);
        if work.is_some() {
            scratch.tmp = Some(tmp);
        }
    }
    cmd.current_dir(cwd);
    Ok((cmd, scratch))
}

/// Hands a build's work folder back to the judge: owned by root again,
/// writable by it alone, links left as links.
fn give_back(dir: &Path) {
    let _ = sys::lchown(dir, 0);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(meta) = entry.metadata() else { continue };
        let _ = sys::lchown(&path, 0);
        if meta.is_dir() {
            give_back(&path);
        }
        if !meta.file_type().is_symlink() {
            use std::os::unix::fs::PermissionsExt;
            let mode = meta.permissions().mode() & 0o755;
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode));
        }
    }
}

/// What the job's process sets on itself between fork and exec: the run's
/// cgroups joined (with namespaces, a cgroup namespace of its own rooted
/// there), no descriptor but 0-2, dies with init, without namespaces a
/// session of its own with no controlling terminal (the judge's terminal
/// is not the program's to reconfigure or write to), no core files,
/// the output, CPU-time, descriptor and (without a cgroup) address-space
/// limits, a user id of its own (a root judge) or no capabilities (a user
/// namespace) with its thread limit, and the seccomp filter (which, where
/// no cgroup counts the tree's CPU time and more than one process may
/// run, keeps `SIGCHLD`'s disposition: a child the kernel reaps unwaited
/// would take its CPU time with it).
///
/// Where the filter asks init about a signal (without namespaces, a child
/// by its pid), the program sends its listener on a socket pair before
/// its `exec`: init's end and the program's are returned (init closes the
/// program's once it has started).
fn restrict(
    cmd: &mut Command,
    limits: super::Limits,
    isolation: &Isolation,
    uid: Option<u32>,
    cgroups: &Joining,
) -> io::Result<Option<(std::os::fd::OwnedFd, std::os::fd::OwnedFd)>> {
    let namespaces = matches!(isolation, Isolation::Namespaces { .. });
    let user_ns = matches!(isolation, Isolation::Namespaces { user: true });
    let keep_sigchld = cgroups.cpu_usage.is_none();
    let mut filter = seccomp::prepare(limits.processes, !namespaces, keep_sigchld);
    let (ours, theirs) = if seccomp::asks(&filter) {
        let (ours, theirs) = sys::socket_pair()?;
        (Some(ours), Some(theirs))
    } else {
        (None, None)
    };
    let theirs_fd = theirs.as_ref().map(|fd| fd.as_raw_fd());
    let procs: Vec<libc::c_int> = cgroups.procs.iter().map(|f| f.as_raw_fd()).collect();
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    let cpu_backstop = limits.cpu.as_secs() + 2;
    let as_ceiling = address_space_ceiling(&limits);
    // Counted per user id: the run's own (a root judge), or the user
    // namespace's own (the kernel counts tasks per namespace).
    let count_threads = uid.is_some() || user_ns;
    let own_session = !namespaces;
    // A user namespace's root, or a root judge's fallback, which keeps its
    // id: no capability left. (A user's own id has none to drop.)
    // SAFETY: geteuid has no preconditions.
    let drop_caps = uid.is_none() && (user_ns || unsafe { libc::geteuid() } == 0);
    // SAFETY: the closure runs between fork and exec and calls only
    // async-signal-safe functions (write, syscall, prctl, setrlimit, setsid,
    // setgroups, setgid, setuid, capset); the filter was built before the fork.
    unsafe {
        cmd.pre_exec(move || {
            // Into the run's cgroups, before anything else it starts.
            for &fd in &procs {
                if libc::write(fd, b"0".as_ptr().cast(), 1) != 1 {
                    return Err(io::Error::last_os_error());
                }
            }
            // Where they are is the host's business: /proc/self/cgroup
            // shows `/` (a kernel without cgroup namespaces says EINVAL).
            if namespaces
                && libc::unshare(libc::CLONE_NEWCGROUP) != 0
                && *libc::__errno_location() != libc::EINVAL
            {
                return Err(io::Error::last_os_error());
            }
            // Whatever the judge was handed (an inherited descriptor)
            // closes at exec; std's own pipe already does.
            sys::cloexec_from(3)?;
            sys::die_with_parent(me)?;
            // Without namespaces, a session of its own, so no controlling
            // terminal: `/dev/tty` names none (ENXIO) and no terminal sends
            // it job-control signals. Its group is its pid, the one the
            // sandbox kills. (In a view of its own there is no `/dev/tty`
            // nor `/dev/pts`; a session there, under autogroup scheduling,
            // changed how a run shares a loaded core.)
            if own_session {
                sys::check(libc::setsid())?;
            }
            sys::setrlimit(libc::RLIMIT_CORE, 0)?;
            sys::setrlimit(libc::RLIMIT_FSIZE, limits.output_bytes)?;
            sys::setrlimit(libc::RLIMIT_CPU, cpu_backstop)?;
            sys::setrlimit(libc::RLIMIT_NOFILE, 1024)?;
            sys::setrlimit(libc::RLIMIT_MSGQUEUE, 0)?;
            sys::setrlimit(libc::RLIMIT_MEMLOCK, 64 << 10)?;
            if limits.address_space {
                sys::setrlimit(libc::RLIMIT_AS, as_ceiling)?;
            }
            if count_threads {
                sys::setrlimit(libc::RLIMIT_NPROC, limits.threads.into())?;
            }
            if let Some(uid) = uid {
                sys::check(libc::setgroups(0, std::ptr::null()))?;
                sys::check(libc::setgid(uid))?;
                sys::check(libc::setuid(uid))?;
            } else if drop_caps {
                drop_capabilities()?;
            }
            seccomp::bind_self(&mut filter, libc::getpid());
            match theirs_fd {
                Some(sock) => {
                    if let Some(listener) = seccomp::install_with_listener(&filter)? {
                        sys::send_fd(sock, listener)?;
                        libc::close(listener);
                    }
                }
                None => seccomp::install(&filter)?,
            }
            Ok(())
        });
    }
    Ok(ours.zip(theirs))
}

/// The address-space cap without a memory cgroup: 4x the memory limit,
/// plus a stack's reservation for each thread the run may start (glibc
/// reserves `RLIMIT_STACK` per thread, 8 MB by default, of which a thread
/// touches little), so threads meet the thread limit, not this cap.
fn address_space_ceiling(limits: &super::Limits) -> u64 {
    const STACK_CEILING: u64 = 64 << 20;
    let mut stack = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: a valid pointer for the call.
    let got = unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut stack) } == 0;
    let per_thread = if got && stack.rlim_cur != libc::RLIM_INFINITY {
        stack.rlim_cur.min(STACK_CEILING)
    } else {
        8 << 20
    };
    limits
        .memory_kib
        .saturating_mul(4 << 10)
        .saturating_add(u64::from(limits.threads).saturating_mul(per_thread))
}

/// No capability left, none regained at exec (root in a user namespace
/// would otherwise keep them all there).
///
/// # Safety
/// Async-signal-safe; for `pre_exec`.
unsafe fn drop_capabilities() -> io::Result<()> {
    const SECBIT_NOROOT: libc::c_ulong = 1 << 0;
    const SECBIT_NOROOT_LOCKED: libc::c_ulong = 1 << 1;
    const SECBIT_NO_SETUID_FIXUP: libc::c_ulong = 1 << 2;
    const SECBIT_NO_SETUID_FIXUP_LOCKED: libc::c_ulong = 1 << 3;
    sys::check(libc::prctl(
        libc::PR_SET_SECUREBITS,
        SECBIT_NOROOT
            | SECBIT_NOROOT_LOCKED
            | SECBIT_NO_SETUID_FIXUP
            | SECBIT_NO_SETUID_FIXUP_LOCKED,
        0,
        0,
        0,
    ))?;
    for cap in 0..64 {
        libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0);
    }
    #[repr(C)]
    struct Header {
        version: u32,
        pid: libc::c_int,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    let header = Header {
        version: 0x2008_0522, // _LINUX_CAPABILITY_VERSION_3
        pid: 0,
    };
    let data = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    sys::check(libc::syscall(libc::SYS_capset, &header, data.as_ptr()) as libc::c_int)
}

/// Measures the tree rooted at `pid` until `pid` exits (or a limit kills
/// it), then kills and reaps whatever is left. Its CPU time is what
/// `cpu_usage` (a cgroup's) says, where there is one: every process of
/// the tree, those the kernel reaped unwaited included; else the reaped
/// children's and the live processes' own. Its memory: the processes'
/// resident sizes and what `sockets` hold in their buffers (asked one
/// poll in the number beside them, the last answer kept between).
fn monitor(
    pid: libc::pid_t,
    limits: &super::Limits,
    namespaces: bool,
    start: Instant,
    cpu_usage: Option<&std::fs::File>,
    listener: Option<&std::os::fd::OwnedFd>,
    sockets: Option<(&sys::UnixSockets, u32)>,
) -> Measured {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    let mut peak_kib = 0;
    let mut killed: Option<End> = None;
    let mut cpu_at_kill = Duration::ZERO;
    let mut status = None;
    let mut wall = Duration::ZERO;
    let mut polls = 0u32;
    let mut held_kib = 0;
    // Readable once the solution has ended (none where the kernel has no pidfds).
    let ended = sys::pidfd(pid).ok();
    loop {
        let poll_start = Instant::now();
        // Reap whatever has ended; the solution's own status ends the run.
        if let Some(st) = reap_ended(pid) {
            status = Some(st);
            wall = start.elapsed();
        }
        if status.is_some() {
            break;
        }
        let live = if limits.processes <= 1 {
            vec![pid]
        } else if namespaces {
            sys::processes(me)
        } else {
            // The solution's group, which the filter does not let it leave.
            sys::group_members(pid)
        };
        let cpu = match cpu_usage.and_then(cgroup::read_usage) {
            Some(tree) => tree,
            None => {
                let (reaped, _) = sys::children_usage();
                reaped
                    + live
                        .iter()
                        .filter_map(|&p| sys::cpu_so_far(p))
                        .sum::<Duration>()
            }
        };
        // The CPU time and the process count are checked before the memory
        // is read: a tree can make that read slow (a process with tens of
        // thousands of mappings), not these.
        let mut over = None;
        if killed.is_none() {
            if cpu > limits.cpu {
                over = Some(End::CpuLimit);
            } else if live.len() > limits.processes as usize {
                over = Some(End::ProcessLimit);
            }
        }
        if over.is_none() {
            // One process: its resident size. Several: their proportional
            // shares, so a page that forks share is counted once.
            if let Some((sockets, every)) = sockets {
                if polls.is_multiple_of(every) {
                    held_kib = sockets.held_bytes().map_or(0, |b| b >> 10);
                }
            }
            polls = polls.wrapping_add(1);
            let rss: u64 = match &live[..] {
                [one] => sys::rss_kib(*one).unwrap_or(0),
                many => many.iter().filter_map(|&p| sys::pss_kib(p)).sum(),
            } + held_kib;
            peak_kib = peak_kib.max(rss);
            let elapsed = start.elapsed();
            if killed.is_none() {
                if rss > limits.memory_kib {
                    over = Some(End::MemoryLimit);
                } else if elapsed > limits.wall
                    && elapsed.saturating_sub(sys::longest_run_queue_wait(pid)) > limits.wall
                {
                    // Asleep or blocked, not waiting for a CPU: a loaded
                    // machine does not end a run here.
                    over = Some(End::WallLimit);
                }
            }
        }
        if let Some(end) = over {
            kill_tree(namespaces, me, pid, &mut status);
            if status.is_some() {
                wall = start.elapsed();
            }
            killed = Some(end);
            cpu_at_kill = cpu;
        }
        // Without a pid namespace its group is its pid: a signal to a
        // member (a child of its own by pid) is sent for it.
        let asked = listener.is_some_and(|listener| answer(listener, pid));
        // A poll costs a few microseconds for one process, milliseconds for
        // a compiler's tree (its proportional set sizes): it takes no more
        // than a sixteenth of the time between two polls.
        let interval = (start.elapsed() / 64)
            .clamp(POLL, POLL_MAX)
            .max((poll_start.elapsed() * 16).min(POLL_COSTLY));
        // A question wakes the wait only when none came this poll: a
        // program asking without end gets its answers a poll at a time.
        let wake = if asked { None } else { listener };
        sys::wait_readable(&[ended.as_ref(), wake], interval);
    }
    // The solution has ended: nothing it started outlives it.
    kill_tree(namespaces, me, pid, &mut status);
    loop {
        let mut st = 0;
        // SAFETY: a valid pointer; -1 waits for any child.
        let r = unsafe { libc::waitpid(-1, &mut st, 0) };
        if r < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break;
        }
    }
    let (reaped, maxrss) = sys::children_usage();
    let cpu = cpu_usage.and_then(cgroup::read_usage).unwrap_or(reaped);
    let st = status.unwrap_or(0);
    let end = match killed {
        Some(end) => end,
        None if libc::WIFEXITED(st) => End::Exit(libc::WEXITSTATUS(st)),
        None => match libc::WTERMSIG(st) {
            libc::SIGXFSZ => End::OutputLimit,
            libc::SIGXCPU => End::CpuLimit,
            libc::SIGSYS if limits.processes <= 1 => End::ProcessLimit,
            sig => End::Signal(sig),
        },
    };
    let cpu = cpu.max(cpu_at_kill);
    let end = match end {
        End::Exit(_) | End::Signal(_) if cpu > limits.cpu => End::CpuLimit,
        other => other,
    };
    Measured {
        end,
        cpu,
        wall,
        peak_kib: peak_kib.max(maxrss),
        disk_full: false,
        memory_cgroup: false,
        isolation: Isolation::Namespaces { user: false },
    }
}

/// Answers the filter's questions waiting on `listener`: `kill(pid, sig)`
/// of a process of group `group` is sent (through a pidfd, so a pid reused
/// meanwhile is not signalled); anything else fails with EPERM. At most
/// `ANSWERS` a poll, so threads that ask without end do not keep the
/// monitor from its limits; whether any question was there.
fn answer(listener: &std::os::fd::OwnedFd, group: libc::pid_t) -> bool {
    const ANSWERS: usize = 64;
    let fd = listener.as_raw_fd();
    let mut any = false;
    for _ in 0..ANSWERS {
        let mut ready = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd; no wait.
        if unsafe { libc::poll(&mut ready, 1, 0) } != 1 || ready.revents & libc::POLLIN == 0 {
            return any;
        }
        any = true;
        // SAFETY: an all-zero seccomp_notif is valid, and RECV requires it zeroed.
        let mut asked: libc::seccomp_notif = unsafe { std::mem::zeroed() };
        // SAFETY: the listener's ioctl with a pointer to a struct of its size.
        if unsafe { libc::ioctl(fd, libc::SECCOMP_IOCTL_NOTIF_RECV, &mut asked) } != 0 {
            // ENOENT: the caller is gone; anything else: nothing to read.
            if io::Error::last_os_error().raw_os_error() == Some(libc::ENOENT) {
                continue;
            }
            return true;
        }
        let target = asked.data.args[0] as libc::pid_t;
        let sig = asked.data.args[1] as libc::c_int;
        let result = if asked.data.nr == libc::SYS_kill as libc::c_int && target > 0 {
            sys::signal_member(target, sig, group)
        } else {
            Err(libc::EPERM)
        };
        let reply = libc::seccomp_notif_resp {
            id: asked.id,
            val: 0,
            error: result.err().map_or(0, |e| -e),
            flags: 0,
        };
        // SAFETY: as above; a caller gone meanwhile makes it fail, harmlessly.
        unsafe { libc::ioctl(fd, libc::SECCOMP_IOCTL_NOTIF_SEND, &reply) };
    }
    true
}

/// Kills the solution `pid` and everything it started: in a pid namespace
/// every process but this init; without one, its process group and then
/// this init's children, one generation at a time. The solution's status,
/// when it is reaped here, goes to `status`, so the monitor still sees it
/// end.
fn kill_tree(namespaces: bool, me: libc::pid_t, pid: libc::pid_t, status: &mut Option<i32>) {
    // SAFETY: kill has no memory-safety preconditions. In a pid namespace,
    // -1 is every process of it but this init.
    unsafe {
        if namespaces {
            libc::kill(-1, libc::SIGKILL);
        } else {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
    }
    if !namespaces {
        kill_children_of(me, pid, status);
    }
}

/// Reaps every child that has ended, without waiting; the status of
/// `pid` if it was among them.
fn reap_ended(pid: libc::pid_t) -> Option<i32> {
    let mut status = None;
    loop {
        let mut st = 0;
        // SAFETY: a valid pointer; -1 waits for any child.
        let r = unsafe { libc::waitpid(-1, &mut st, libc::WNOHANG) };
        if r <= 0 {
            return status;
        }
        if r == pid {
            status = Some(st);
        }
    }
}

/// Without a pid namespace: kills every process whose parent is `me` (the
/// orphans a subreaper inherits) until none is left, reaping them; the
/// status of `pid`, if reaped, goes to `status`.
fn kill_children_of(me: libc::pid_t, pid: libc::pid_t, status: &mut Option<i32>) {
    for _ in 0..100 {
        let children: Vec<libc::pid_t> = sys::processes(me)
            .into_iter()
            .filter(|&p| parent_of(p) == Some(me))
            .collect();
        if children.is_empty() {
            return;
        }
        for p in children {
            // SAFETY: kill has no memory-safety preconditions; p is our child.
            unsafe { libc::kill(p, libc::SIGKILL) };
        }
        if let Some(st) = reap_ended(pid) {
            *status = Some(st);
        }
    }
}

fn parent_of(pid: libc::pid_t) -> Option<libc::pid_t> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(1)?.parse().ok()
}

fn c(s: &str) -> CString {
    CString::new(s).expect("a literal without NUL")
}

/// A host file or folder held open (`O_PATH`) before the staging tmpfs is
/// mounted, since that mount may cover it; bound through `/proc/self/fd`.
struct Source {
    fd: std::os::fd::OwnedFd,
    dir: bool,
}

impl Source {
    fn open(path: &Path) -> io::Result<Source> {
        let c = sys::cstring(path.as_os_str())?;
        // SAFETY: a valid NUL-terminated path; the flags are plain bits.
        let fd = unsafe { libc::open(c.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
        if fd < 0 {
            let e = io::Error::last_os_error();
            return Err(io::Error::new(e.kind(), format!("{}: {e}", path.display())));
        }
        // SAFETY: fd was just opened and is ours alone.
        let fd = unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) };
        Ok(Source {
            fd,
            dir: path.is_dir(),
        })
    }

    fn path(&self) -> PathBuf {
        PathBuf::from(format!("/proc/self/fd/{}", self.fd.as_raw_fd()))
    }

    /// Binds it at `to` (a folder or a file made for it), read-only when asked.
    fn bind(&self, to: &Path, read_only: bool) -> io::Result<()> {
        if self.dir {
            std::fs::create_dir_all(to)?;
        } else {
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(to, b"")?;
        }
        sys::mount(
            Some(&self.path()),
            to,
            None,
            libc::MS_BIND | libc::MS_REC,
            None,
        )?;
        if !read_only {
            return Ok(());
        }
        // Every mount under it too (a container's /etc/hosts, say).
        if sys::read_only_recursive(to)? {
            return Ok(());
        }
        let keep = sys::locked_flags(to)?;
        sys::mount(
            None,
            to,
            None,
            libc::MS_REMOUNT
                | libc::MS_BIND
                | libc::MS_RDONLY
                | libc::MS_NOSUID
                | libc::MS_NODEV
                | keep,
            None,
        )
    }
}

/// Assembles the solution's root (see the module doc) and moves into it.
fn build_root(
    binds: &[(PathBuf, PathBuf)],
    work: Option<&Path>,
    disk_bytes: u64,
) -> io::Result<()> {
    // Everything the root takes from the host, opened before anything is covered.
    let mut links = Vec::new();
    let mut read_only = Vec::new();
    for name in [
        "usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "opt",
    ] {
        let host = Path::new("/").join(name);
        match std::fs::symlink_metadata(&host) {
            Ok(meta) if meta.file_type().is_symlink() => {
                links.push((std::fs::read_link(&host)?, PathBuf::from(name)));
            }
            Ok(meta) if meta.is_dir() => {
                read_only.push((Source::open(&host)?, PathBuf::from(name)))
            }
            _ => {}
        }
    }
    for (from, to) in binds {
        let inside = to.strip_prefix("/").unwrap_or(to).to_path_buf();
        read_only.push((Source::open(from)?, inside));
    }
    let work = work
        .map(|w| -> io::Result<_> {
            let inside = w.strip_prefix("/").unwrap_or(w).to_path_buf();
            Ok((Source::open(w)?, inside))
        })
        .transpose()?;
    let mut devices = Vec::new();
    for node in ["null", "zero", "full", "random", "urandom"] {
        devices.push((Source::open(&Path::new("/dev").join(node))?, node));
    }
    let root = Path::new(STAGING);
    let nosuid = libc::MS_NOSUID | libc::MS_NODEV;
    sys::mount(
        Some(Path::new("tmpfs")),
        root,
        Some(&c("tmpfs")),
        nosuid,
        Some(&c("size=4m,mode=755")),
    )?;
    for (target, name) in links {
        std::os::unix::fs::symlink(target, root.join(name))?;
    }
    // First, so that a bind under /tmp (a work folder there) sits on it.
    let tmp = root.join("tmp");
    std::fs::create_dir_all(&tmp)?;
    // Its size and its count of files both bound what it holds of the
    // machine's memory (an empty file is an inode, and inodes are memory).
    let size = format!(
        "size={},nr_inodes={TMP_FILES},mode=1777",
        disk_bytes.max(4096)
    );
    sys::mount(
        Some(Path::new("tmpfs")),
        &tmp,
        Some(&c("tmpfs")),
        nosuid,
        Some(&c(&size)),
    )?;
    for (source, inside) in &read_only {
        source.bind(&root.join(inside), true)?;
    }
    if let Some((source, inside)) = &work {
        source.bind(&root.join(inside), false)?;
    }
    let proc = root.join("proc");
    std::fs::create_dir_all(&proc)?;
    sys::mount(
        Some(Path::new("proc")),
        &proc,
        Some(&c("proc")),
        nosuid | libc::MS_NOEXEC,
        None,
    )?;
    let dev = root.join("dev");
    std::fs::create_dir_all(&dev)?;
    sys::mount(
        Some(Path::new("tmpfs")),
        &dev,
        Some(&c("tmpfs")),
        libc::MS_NOSUID | libc::MS_NOEXEC,
        Some(&c("size=64k,mode=755")),
    )?;
    for (source, node) in &devices {
        source.bind(&dev.join(node), false)?;
    }
    for (name, to) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        std::os::unix::fs::symlink(to, dev.join(name))?;
    }
    drop(read_only);
    drop(work);
    drop(devices);
    // POSIX shared memory (Python's multiprocessing) lives in /dev/shm:
    // the same tmpfs, under the same quota.
    let shm = dev.join("shm");
    std::fs::create_dir_all(&shm)?;
    sys::mount(Some(&tmp), &shm, None, libc::MS_BIND, None)?;
    std::env::set_current_dir(root)?;
    let dot = c(".");
    // SAFETY: both pointers are valid NUL-terminated strings. pivot_root(".", ".")
    // stacks the old root under the new one; the detach then drops it.
    sys::check(
        unsafe { libc::syscall(libc::SYS_pivot_root, dot.as_ptr(), dot.as_ptr()) } as libc::c_int,
    )
    .map_err(|e| io::Error::new(e.kind(), format!("pivot_root: {e}")))?;
    // SAFETY: a valid NUL-terminated string.
    sys::check(unsafe { libc::umount2(dot.as_ptr(), libc::MNT_DETACH) })?;
    std::env::set_current_dir("/")?;
    sys::mount(
        None,
        Path::new("/"),
        None,
        libc::MS_REMOUNT | libc::MS_RDONLY | nosuid,
        None,
    )
}
