//! The supervisor (`sudoku sandbox …`): a fresh, small process the judge
//! starts for each run. It creates the run's pid namespace (and, when not
//! root, a user namespace to do it in), forks the sandbox's init into it,
//! and waits for init's report under a backstop no solution can stop: at
//! `3 × (wall + cpu) + 10 s` it kills init, and with it, every process of
//! the namespace. Without namespaces (a kernel or container that refuses
//! them) it runs init as a plain child and says so in the report.

use super::cgroup::{CpuCgroup, Joining, MemoryCgroup};
use super::spec::{format_report, parse_report, Measured, Spec};
use super::{init, sys, uid, End, Isolation, FORCE_GROUP};
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::FromRawFd;
use std::os::unix::ffi::OsStringExt;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The supervisor's own deadline for a run with these limits.
pub fn backstop(limits: &super::Limits) -> Duration {
    (limits.wall + limits.cpu) * 3 + Duration::from_secs(10)
}

/// `sudoku sandbox`: reads the job (`SPEC… -- PROGRAM ARGS…`, each
/// argument ended by a NUL) on fd 4, runs it with this process's stdin,
/// stdout and stderr and writes one report line to fd 3. Exit 0 when the
/// report is written; 125 when the job could not be run (the reason on fd
/// 3, after `error `, and on stderr).
pub fn supervisor_main() -> ExitCode {
    // SAFETY: fds 3 and 4 are the report and spec pipes the judge put
    // there; wrapping each once makes it ours. Not inherited further: CLOEXEC.
    let (mut report, spec) = unsafe {
        libc::fcntl(3, libc::F_SETFD, libc::FD_CLOEXEC);
        libc::fcntl(4, libc::F_SETFD, libc::FD_CLOEXEC);
        (File::from_raw_fd(3), File::from_raw_fd(4))
    };
    match read_spec(spec).and_then(|spec| supervise(&spec)) {
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

/// The job the judge wrote on `pipe`.
fn read_spec(mut pipe: File) -> io::Result<Spec> {
    let mut bytes = Vec::new();
    pipe.read_to_end(&mut bytes)?;
    let args: Vec<OsString> = match bytes.strip_suffix(&[0]) {
        Some(body) => body
            .split(|&b| b == 0)
            .map(|a| OsString::from_vec(a.to_vec()))
            .collect(),
        None => Vec::new(),
    };
    Spec::parse(&args)
}

/// Enters a new pid namespace (the next fork is its init), in a user
/// namespace of its own unless this process is root; or says why not.
fn enter_namespaces() -> Isolation {
    if std::env::var_os(FORCE_GROUP).is_some_and(|v| v == "group") {
        return Isolation::ProcessGroup {
            why: format!("{FORCE_GROUP}=group"),
        };
    }
    // SAFETY: geteuid, getegid and unshare have no memory-safety preconditions.
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    let user = !is_host_root(uid);
    let flags = libc::CLONE_NEWPID | if user { libc::CLONE_NEWUSER } else { 0 };
    // SAFETY: as above.
    if let Err(e) = sys::check(unsafe { libc::unshare(flags) }) {
        return Isolation::ProcessGroup {
            why: format!("unshare: {e}"),
        };
    }
    if user {
        let maps = [
            ("/proc/self/setgroups", "deny".to_string()),
            ("/proc/self/uid_map", format!("0 {uid} 1")),
            ("/proc/self/gid_map", format!("0 {gid} 1")),
        ];
        for (file, text) in maps {
            if let Err(e) = std::fs::write(file, text) {
                return Isolation::ProcessGroup {
                    why: format!("{file}: {e}"),
                };
            }
        }
    }
    Isolation::Namespaces { user }
}

/// Root of the host itself (not root inside someone's user namespace, where
/// other user ids are not mapped): the only case that may switch to a user
/// id of its own instead of making a user namespace.
pub fn is_host_root(uid: libc::uid_t) -> bool {
    uid == 0
        && std::fs::read_to_string("/proc/self/uid_map").is_ok_and(|map| {
            let fields: Vec<&str> = map.split_whitespace().collect();
            fields == ["0", "0", "4294967295"]
        })
}

fn supervise(spec: &Spec) -> io::Result<Measured> {
    // SAFETY: geteuid has no preconditions.
    let root = is_host_root(unsafe { libc::geteuid() });
    let isolation = enter_namespaces();
    // Its memory and descriptors are the judge's business only (not
    // before the user namespace's maps are written: they are files of
    // its own /proc that only a dumpable process may write).
    // SAFETY: prctl with these arguments has no memory-safety preconditions.
    sys::check(unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) })?;
    // Held until the run's last process is gone. Without namespaces the
    // program keeps the judge's user: a toolchain under a home folder
    // would be out of another user's reach there.
    let namespaces = matches!(isolation, Isolation::Namespaces { .. });
    let uid = if root && namespaces {
        Some(uid::allocate()?)
    } else {
        None
    };
    // The tree's memory, hard-capped where the machine allows: the limit,
    // plus the private /tmp's tmpfs pages and a little for the kernel.
    let limits = &spec.limits;
    let group =
        MemoryCgroup::create((limits.memory_kib << 10) + limits.disk_bytes + (8 << 20)).ok();
    // The tree's CPU time: v2's cpu.stat of the same cgroup, else v1's cpuacct.
    let cpu_group = match group.as_ref().and_then(MemoryCgroup::cpu_stat) {
        Some(_) => None,
        None => CpuCgroup::create().ok(),
    };
    let joining = Joining::of(group.as_ref(), cpu_group.as_ref());
    let group = group.filter(|_| joining.memory);
    let (mut from_init, to_init) = io::pipe()?;
    let (mut go_read, mut go_write) = io::pipe()?;
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    // SAFETY: this process is single-threaded (a fresh exec that started no
    // thread), so the child may run any code.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(io::Error::last_os_error());
    }
    if pid == 0 {
        drop(from_init);
        drop(go_write);
        let mut to_init = to_init;
        // SAFETY: right after fork, in the child.
        let code = match unsafe { sys::die_with_parent(me) }.and_then(|()| {
            init::run(
                spec,
                &isolation,
                uid.as_ref().map(|u| u.uid),
                &joining,
                &mut go_read,
            )
        }) {
            Ok(m) => {
                let _ = to_init.write_all(format_report(&m).as_bytes());
                0
            }
            Err(e) => {
                let _ = writeln!(to_init, "error {e}");
                125
            }
        };
        // SAFETY: ends the child without running the parent's exit handlers.
        unsafe { libc::_exit(code) };
    }
    drop(to_init);
    drop(go_read);
    drop(joining);
    go_write.write_all(if group.is_some() { b"c" } else { b"g" })?;
    drop(go_write);
    let start = Instant::now();
    let deadline = backstop(&spec.limits);
    let mut killed = false;
    // Readable once init has ended (none where the kernel has no pidfds).
    let ended = sys::pidfd(pid).ok();
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value of this plain C struct.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: pid is our own unreaped child; both pointers are valid.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break (status, usage);
        }
        if r < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return Err(io::Error::last_os_error());
        }
        if !killed && start.elapsed() > deadline {
            // SAFETY: pid is still our unreaped child. Killing a pid
            // namespace's init kills every process in it.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            killed = true;
        }
        sys::wait_readable(&[ended.as_ref()], Duration::from_millis(2));
    };
    let mut line = String::new();
    from_init.read_to_string(&mut line)?;
    let memory_cgroup = group.is_some();
    let oom = group.as_ref().is_some_and(MemoryCgroup::oom_killed);
    let cgroup_peak_kib = group.as_ref().and_then(MemoryCgroup::peak_kib);
    drop(group);
    drop(cpu_group);
    // What the supervisor measured itself, when init has no report to give.
    let unreported = |end| Measured {
        end,
        cpu: sys::timeval(usage.ru_utime) + sys::timeval(usage.ru_stime),
        wall: start.elapsed(),
        peak_kib: usage.ru_maxrss.max(0) as u64,
        disk_full: false,
        memory_cgroup,
        isolation,
    };
    if killed {
        return Ok(unreported(End::WallLimit));
    }
    if line.is_empty() && libc::WIFSIGNALED(status) {
        // Init did not report because something killed it: without
        // namespaces, the program it runs can.
        return Ok(unreported(End::InitKilled(libc::WTERMSIG(status))));
    }
    if let Some(why) = line.strip_prefix("error ") {
        return Err(io::Error::other(why.trim_end().to_string()));
    }
    let mut measured = parse_report(&line).ok_or_else(|| {
        io::Error::other(format!(
            "the sandbox's init ended without a report (status {status:#x})"
        ))
    })?;
    measured.memory_cgroup = memory_cgroup;
    if oom
        && matches!(
            measured.end,
            End::Signal(libc::SIGKILL) | End::Exit(_) | End::Signal(_)
        )
    {
        // The kernel killed a process of the tree at the cgroup's limit,
        // which its polled peak may not have seen.
        measured.end = End::MemoryLimit;
        measured.peak_kib = measured.peak_kib.max(cgroup_peak_kib.unwrap_or(0));
    }
    Ok(measured)
}
