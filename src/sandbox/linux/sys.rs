//! Thin wrappers over the system calls the sandbox makes, each returning
//! `io::Result`, and the `/proc` readers it measures with.

use std::ffi::{CStr, CString, OsStr};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::time::Duration;

/// `-1` from a call as the last OS error.
pub fn check(r: libc::c_int) -> io::Result<()> {
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

pub fn cstring(s: &OsStr) -> io::Result<CString> {
    CString::new(s.as_bytes()).map_err(|_| io::Error::other("a path holds a NUL byte"))
}

pub fn setrlimit(resource: libc::__rlimit_resource_t, value: u64) -> io::Result<()> {
    let lim = libc::rlimit {
        rlim_cur: value as libc::rlim_t,
        rlim_max: value as libc::rlim_t,
    };
    // SAFETY: setrlimit is async-signal-safe and reads only `lim`.
    check(unsafe { libc::setrlimit(resource, &lim) })
}

/// Between fork and exec: die with the parent, checking it has not died
/// already (`PR_SET_PDEATHSIG` alone would miss a parent gone before it).
///
/// # Safety
/// Calls async-signal-safe functions only; for `pre_exec` or right after `fork`.
pub unsafe fn die_with_parent(parent: libc::pid_t) -> io::Result<()> {
    check(libc::prctl(
        libc::PR_SET_PDEATHSIG,
        libc::SIGKILL as libc::c_ulong,
        0,
        0,
        0,
    ))?;
    // A pid namespace's init sees its parent as 0.
    let ppid = libc::getppid();
    if ppid != parent && ppid != 0 {
        libc::_exit(137);
    }
    Ok(())
}

/// `mount(2)`; `None` for an absent source, type or data.
pub fn mount(
    source: Option<&Path>,
    target: &Path,
    fstype: Option<&CStr>,
    flags: libc::c_ulong,
    data: Option<&CStr>,
) -> io::Result<()> {
    let source = source.map(|s| cstring(s.as_os_str())).transpose()?;
    let target = cstring(target.as_os_str())?;
    // SAFETY: every pointer is a valid NUL-terminated string or null.
    check(unsafe {
        libc::mount(
            source.as_ref().map_or(std::ptr::null(), |s| s.as_ptr()),
            target.as_ptr(),
            fstype.map_or(std::ptr::null(), CStr::as_ptr),
            flags,
            data.map_or(std::ptr::null(), |d| d.as_ptr().cast()),
        )
    })
    .map_err(|e| io::Error::new(e.kind(), format!("mount {}: {e}", target.to_string_lossy())))
}

/// The `MS_*` flags a read-only remount of the mount at `path` must keep
/// (the kernel refuses to drop `nosuid`, `nodev` or `noexec` a mount was
/// made with from inside a user namespace).
pub fn locked_flags(path: &Path) -> io::Result<libc::c_ulong> {
    let c = cstring(path.as_os_str())?;
    // SAFETY: an all-zero statvfs is a valid value of this plain C struct.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are valid for the call.
    check(unsafe { libc::statvfs(c.as_ptr(), &mut st) })?;
    let mut flags = 0;
    for (st_flag, ms_flag) in [
        (libc::ST_NOSUID, libc::MS_NOSUID),
        (libc::ST_NODEV, libc::MS_NODEV),
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (libc::ST_RELATIME, libc::MS_RELATIME),
    ] {
        if st.f_flag & st_flag != 0 {
            flags |= ms_flag;
        }
    }
    Ok(flags)
}

/// Free blocks of the file system at `path` (0: full).
pub fn free_blocks(path: &Path) -> io::Result<u64> {
    let c = cstring(path.as_os_str())?;
    // SAFETY: an all-zero statvfs is a valid value of this plain C struct.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are valid for the call.
    check(unsafe { libc::statvfs(c.as_ptr(), &mut st) })?;
    Ok(st.f_bfree as u64)
}

/// The page size, in KiB.
pub fn page_kib() -> u64 {
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    (page.max(4096) as u64) / 1024
}

/// Resident size of a live process, in KiB, from `/proc/PID/statm`; once
/// its main thread has exited (the others running on), from a thread's.
pub fn rss_kib(pid: libc::pid_t) -> Option<u64> {
    let of = |path: String| -> Option<u64> {
        let text = std::fs::read_to_string(path).ok()?;
        let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
        Some(pages * page_kib())
    };
    match of(format!("/proc/{pid}/statm")) {
        Some(0) => std::fs::read_dir(format!("/proc/{pid}/task"))
            .ok()?
            .filter_map(|t| of(format!("{}/statm", t.ok()?.path().display())))
            .max(),
        other => other,
    }
}

/// Proportional set size of a live process, in KiB (`Pss:` of
/// `/proc/PID/smaps_rollup`): each page shared by n processes counts 1/n.
pub fn pss_kib(pid: libc::pid_t) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
    let kib = text
        .lines()
        .find_map(|l| l.strip_prefix("Pss:"))?
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    Some(kib).filter(|&k| k > 0).or_else(|| rss_kib(pid))
}

/// The processes of process group `pgid` that `/proc` lists.
pub fn group_members(pgid: libc::pid_t) -> Vec<libc::pid_t> {
    processes(0)
        .into_iter()
        .filter(|&pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
                // `pid (comm) state ppid pgrp …`: comm may hold anything.
                stat.rfind(')')
                    .and_then(|i| stat[i + 1..].split_whitespace().nth(2)?.parse().ok())
                    == Some(pgid)
            })
        })
        .collect()
}

/// Marks every descriptor from `first` on close-on-exec.
///
/// # Safety
/// Async-signal-safe; for `pre_exec`.
pub unsafe fn cloexec_from(first: u32) -> io::Result<()> {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    let r = libc::syscall(libc::SYS_close_range, first, u32::MAX, CLOSE_RANGE_CLOEXEC);
    if r == 0 {
        return Ok(());
    }
    // Before Linux 5.11: one descriptor at a time.
    for fd in first as libc::c_int..1024 {
        libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
    }
    Ok(())
}

/// `chown(path, uid, uid)`.
pub fn chown(path: &Path, uid: u32) -> io::Result<()> {
    let c = cstring(path.as_os_str())?;
    // SAFETY: a valid NUL-terminated path.
    check(unsafe { libc::chown(c.as_ptr(), uid, uid) })
}

/// `lchown(path, uid, uid)`: a link itself, not what it names.
pub fn lchown(path: &Path, uid: u32) -> io::Result<()> {
    let c = cstring(path.as_os_str())?;
    // SAFETY: a valid NUL-terminated path.
    check(unsafe { libc::lchown(c.as_ptr(), uid, uid) })
}

/// Makes the mount at `path` and every mount below it read-only, nosuid
/// and nodev (`mount_setattr`, Linux 5.12); `false` where the kernel lacks it.
pub fn read_only_recursive(path: &Path) -> io::Result<bool> {
    #[repr(C)]
    struct MountAttr {
        attr_set: u64,
        attr_clr: u64,
        propagation: u64,
        userns_fd: u64,
    }
    const MOUNT_ATTR_RDONLY: u64 = 0x1;
    const MOUNT_ATTR_NOSUID: u64 = 0x2;
    const MOUNT_ATTR_NODEV: u64 = 0x4;
    const AT_RECURSIVE: libc::c_int = 0x8000;
    let attr = MountAttr {
        attr_set: MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    let c = cstring(path.as_os_str())?;
    // SAFETY: valid pointers to a NUL-terminated path and to `attr` of the size given.
    let r = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            c.as_ptr(),
            AT_RECURSIVE,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    if r == 0 {
        return Ok(true);
    }
    let e = io::Error::last_os_error();
    if e.raw_os_error() == Some(libc::ENOSYS) {
        return Ok(false);
    }
    Err(io::Error::new(
        e.kind(),
        format!("mount_setattr {}: {e}", path.display()),
    ))
}

/// CPU time of a live process so far (every thread, user + sys), from its
/// CPU clock.
pub fn cpu_so_far(pid: libc::pid_t) -> Option<Duration> {
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

/// The longest time any thread of `pid` has spent waiting for a CPU (the
/// second field of `/proc/PID/task/TID/schedstat`): time the process was
/// runnable, not sleeping.
pub fn longest_run_queue_wait(pid: libc::pid_t) -> Duration {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Duration::ZERO;
    };
    tasks
        .filter_map(|t| {
            let path = t.ok()?.path().join("schedstat");
            let text = std::fs::read_to_string(path).ok()?;
            text.split_whitespace().nth(1)?.parse().ok()
        })
        .max()
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// The processes `/proc` lists, but `except`.
pub fn processes(except: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .filter(|&pid| pid != except)
        .collect()
}

pub fn timeval(tv: libc::timeval) -> Duration {
    Duration::from_micros(tv.tv_sec.max(0) as u64 * 1_000_000 + tv.tv_usec.max(0) as u64)
}

/// CPU time (user + sys) and peak resident KiB of this process's children
/// that have been waited for.
pub fn children_usage() -> (Duration, u64) {
    // SAFETY: an all-zero rusage is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pointer is valid for the call.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    (
        timeval(usage.ru_utime) + timeval(usage.ru_stime),
        usage.ru_maxrss.max(0) as u64,
    )
}

/// A pair of connected Unix sockets, close-on-exec.
pub fn socket_pair() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: a valid array of two descriptors.
    check(unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_STREAM | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    })?;
    // SAFETY: both were just made and are ours alone.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Sends descriptor `fd` over socket `sock` (`SCM_RIGHTS`).
///
/// # Safety
/// Async-signal-safe (no allocation): for `pre_exec`.
pub unsafe fn send_fd(sock: libc::c_int, fd: libc::c_int) -> io::Result<()> {
    #[repr(C)]
    union Control {
        header: libc::cmsghdr,
        bytes: [u8; 64],
    }
    let mut control: Control = std::mem::zeroed();
    let mut byte = [0u8; 1];
    let mut iov = libc::iovec {
        iov_base: byte.as_mut_ptr().cast(),
        iov_len: 1,
    };
    let mut msg: libc::msghdr = std::mem::zeroed();
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = std::ptr::addr_of_mut!(control).cast();
    msg.msg_controllen = libc::CMSG_SPACE(std::mem::size_of::<libc::c_int>() as u32) as _;
    let cmsg = libc::CMSG_FIRSTHDR(&msg);
    (*cmsg).cmsg_level = libc::SOL_SOCKET;
    (*cmsg).cmsg_type = libc::SCM_RIGHTS;
    (*cmsg).cmsg_len = libc::CMSG_LEN(std::mem::size_of::<libc::c_int>() as u32) as _;
    std::ptr::write_unaligned(libc::CMSG_DATA(cmsg).cast::<libc::c_int>(), fd);
    if libc::sendmsg(sock, &msg, libc::MSG_NOSIGNAL) != 1 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// A descriptor waiting on `sock` from [`send_fd`], without waiting.
pub fn receive_fd(sock: &OwnedFd) -> Option<OwnedFd> {
    #[repr(C)]
    union Control {
        header: libc::cmsghdr,
        bytes: [u8; 64],
    }
    // SAFETY: all-zero is valid for these plain C structs; every pointer
    // handed to recvmsg is to a live local of the size given.
    unsafe {
        let mut control: Control = std::mem::zeroed();
        let mut byte = [0u8; 1];
        let mut iov = libc::iovec {
            iov_base: byte.as_mut_ptr().cast(),
            iov_len: 1,
        };
        let mut msg: libc::msghdr = std::mem::zeroed();
        msg.msg_iov = &mut iov;
        msg.msg_iovlen = 1;
        msg.msg_control = std::ptr::addr_of_mut!(control).cast();
        msg.msg_controllen = std::mem::size_of::<Control>() as _;
        let flags = libc::MSG_DONTWAIT | libc::MSG_CMSG_CLOEXEC;
        if libc::recvmsg(sock.as_raw_fd(), &mut msg, flags) != 1 {
            return None;
        }
        let cmsg = libc::CMSG_FIRSTHDR(&msg);
        if cmsg.is_null()
            || (*cmsg).cmsg_level != libc::SOL_SOCKET
            || (*cmsg).cmsg_type != libc::SCM_RIGHTS
        {
            return None;
        }
        let fd = std::ptr::read_unaligned(libc::CMSG_DATA(cmsg).cast::<libc::c_int>());
        Some(OwnedFd::from_raw_fd(fd))
    }
}

/// A pidfd of process `pid` (an error where the kernel has none, before
/// 5.3, or the process is gone).
pub fn pidfd(pid: libc::pid_t) -> io::Result<OwnedFd> {
    // SAFETY: pidfd_open takes two integers.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as libc::c_int;
    check(fd)?;
    // SAFETY: just opened, ours alone.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Waits until one of `fds` is readable or `most` has passed; without a
/// descriptor, sleeps `most`.
pub fn wait_readable(fds: &[Option<&OwnedFd>], most: Duration) {
    let mut polled: Vec<libc::pollfd> = fds
        .iter()
        .flatten()
        .map(|fd| libc::pollfd {
            fd: fd.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        })
        .collect();
    if polled.is_empty() {
        std::thread::sleep(most);
        return;
    }
    let timeout = libc::timespec {
        tv_sec: most.as_secs() as libc::time_t,
        tv_nsec: most.subsec_nanos().into(),
    };
    // SAFETY: valid pollfds and their count, a valid timespec, no signal mask.
    unsafe {
        libc::ppoll(
            polled.as_mut_ptr(),
            polled.len() as libc::nfds_t,
            &timeout,
            std::ptr::null(),
        )
    };
}

/// Sends `sig` to process `pid` if it is of process group `group`, through
/// a pidfd (a pid reused after the check is not the one signalled); the
/// errno otherwise.
pub fn signal_member(pid: libc::pid_t, sig: libc::c_int, group: libc::pid_t) -> Result<(), i32> {
    let errno = || {
        io::Error::last_os_error()
            .raw_os_error()
            .unwrap_or(libc::EPERM)
    };
    let pidfd = pidfd(pid).map_err(|e| e.raw_os_error().unwrap_or(libc::EPERM))?;
    let member = std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rfind(')')
            .and_then(|i| stat[i + 1..].split_whitespace().nth(2)?.parse().ok())
            == Some(group)
    });
    if !member {
        return Err(libc::EPERM);
    }
    // SAFETY: a live pidfd; no siginfo.
    let sent = unsafe {
        libc::syscall(
            libc::SYS_pidfd_send_signal,
            pidfd.as_raw_fd(),
            sig,
            std::ptr::null::<libc::siginfo_t>(),
            0,
        )
    };
    if sent < 0 {
        return Err(errno());
    }
    Ok(())
}

/// The Unix sockets of this network namespace, asked through the kernel's
/// `sock_diag` (what `ss -xm` reads): in a run's own namespace, the run's.
pub struct UnixSockets {
    fd: OwnedFd,
}

impl UnixSockets {
    const NETLINK_SOCK_DIAG: libc::c_int = 4;
    const SOCK_DIAG_BY_FAMILY: u16 = 20;
    const NLM_F_REQUEST: u16 = 1;
    const NLM_F_DUMP: u16 = 0x300;
    const NLMSG_ERROR: u16 = 2;
    const NLMSG_DONE: u16 = 3;
    const UDIAG_SHOW_MEMINFO: u32 = 0x20;
    const UNIX_DIAG_MEMINFO: u16 = 5;

    /// A `sock_diag` socket, or `None` where the kernel has none.
    pub fn open() -> Option<UnixSockets> {
        // SAFETY: socket takes plain integers.
        let fd = unsafe {
            libc::socket(
                libc::AF_NETLINK,
                libc::SOCK_DGRAM | libc::SOCK_CLOEXEC,
                Self::NETLINK_SOCK_DIAG,
            )
        };
        if fd < 0 {
            return None;
        }
        // SAFETY: just made, ours alone.
        let sockets = UnixSockets {
            fd: unsafe { OwnedFd::from_raw_fd(fd) },
        };
        sockets.held_bytes().map(|_| sockets)
    }

    /// Bytes queued in every Unix socket's buffers (`rmem_alloc` and
    /// `wmem_alloc` of each): memory no process's resident size shows.
    pub fn held_bytes(&self) -> Option<u64> {
        // nlmsghdr (16 bytes) and unix_diag_req (24 bytes).
        let mut request = Vec::with_capacity(40);
        request.extend_from_slice(&40u32.to_ne_bytes());
        request.extend_from_slice(&Self::SOCK_DIAG_BY_FAMILY.to_ne_bytes());
        request.extend_from_slice(&(Self::NLM_F_REQUEST | Self::NLM_F_DUMP).to_ne_bytes());
        request.extend_from_slice(&[0; 8]); // sequence, port
        request.extend_from_slice(&[libc::AF_UNIX as u8, 0, 0, 0]);
        request.extend_from_slice(&u32::MAX.to_ne_bytes()); // every state
        request.extend_from_slice(&0u32.to_ne_bytes()); // any inode
        request.extend_from_slice(&Self::UDIAG_SHOW_MEMINFO.to_ne_bytes());
        request.extend_from_slice(&[0; 8]); // cookie
        let fd = self.fd.as_raw_fd();
        // SAFETY: a valid buffer of its length; the kernel is the peer.
        if unsafe { libc::send(fd, request.as_ptr().cast(), request.len(), 0) } != 40 {
            return None;
        }
        let mut total = 0u64;
        let mut buf = vec![0u8; 32 << 10];
        loop {
            // SAFETY: a valid buffer of its length.
            let n = unsafe { libc::recv(fd, buf.as_mut_ptr().cast(), buf.len(), 0) };
            if n <= 0 {
                return None;
            }
            let mut at = 0usize;
            let n = n as usize;
            while at + 16 <= n {
                let word = |i: usize| u32::from_ne_bytes(buf[i..i + 4].try_into().unwrap());
                let len = word(at) as usize;
                let kind = u16::from_ne_bytes(buf[at + 4..at + 6].try_into().unwrap());
                if len < 16 || at + len > n {
                    return None;
                }
                match kind {
                    Self::NLMSG_DONE => return Some(total),
                    Self::NLMSG_ERROR => return None,
                    _ => total += Self::meminfo(&buf[at + 16..at + len]),
                }
                at += (len + 3) & !3;
            }
        }
    }

    /// A `unix_diag_msg` (16 bytes) and its attributes: the queued bytes
    /// its `UNIX_DIAG_MEMINFO` says.
    fn meminfo(msg: &[u8]) -> u64 {
        let mut at = 16;
        while at + 4 <= msg.len() {
            let len = u16::from_ne_bytes([msg[at], msg[at + 1]]) as usize;
            let kind = u16::from_ne_bytes([msg[at + 2], msg[at + 3]]);
            if len < 4 || at + len > msg.len() {
                return 0;
            }
            if kind == Self::UNIX_DIAG_MEMINFO && len >= 4 + 12 {
                let value = |i: usize| {
                    let from = at + 4 + i * 4;
                    u64::from(u32::from_ne_bytes(msg[from..from + 4].try_into().unwrap()))
                };
                // SK_MEMINFO_RMEM_ALLOC and SK_MEMINFO_WMEM_ALLOC.
                return value(0) + value(2);
            }
            at += (len + 3) & !3;
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unix_sockets_buffers_are_counted() {
        let Some(sockets) = UnixSockets::open() else {
            eprintln!("no sock_diag here: skipped");
            return;
        };
        let before = sockets.held_bytes().unwrap();
        let (a, _b) = socket_pair().unwrap();
        let chunk = [7u8; 4096];
        for _ in 0..16 {
            // SAFETY: a valid buffer of its length.
            unsafe { libc::send(a.as_raw_fd(), chunk.as_ptr().cast(), chunk.len(), 0) };
        }
        let after = sockets.held_bytes().unwrap();
        assert!(after >= before + 16 * 4096, "{before} -> {after}");
    }
}
