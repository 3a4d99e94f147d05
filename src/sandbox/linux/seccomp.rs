//! The system-call filter a solution runs under: one process, as DMOJ's
//! judge forbids `fork` by default. Threads are allowed (`clone` with
//! `CLONE_THREAD`: a JVM or node runs a dozen); a new process kills the
//! solution with `SIGSYS`, which the sandbox reports as the process limit.
//! Calls that would rearrange what the solution sees (new namespaces,
//! mounts), reach into another process (tracing, its memory, its limits),
//! keep something past the run (the kernel's keyrings, System V IPC),
//! hold memory no limit sees (an unmapped memfd; a socket, which no
//! problem needs: only `socketpair`, which the JVM's NIO takes one of, at
//! its default buffer sizes), hear the rest of the machine (inotify and
//! fanotify hear files opened outside the run) or aim signals at others
//! fail; so does io_uring, whose queue does what the calls refused here
//! do (`IORING_OP_SOCKET`, a socket's options) without making them, as
//! Docker's default profile refuses it.
//!
//! ```text
//! arch != this one                     -> kill    (no 32-bit or x32 entry points)
//! unshare, setns, mount, umount2, pivot_root, chroot, the new mount API,
//! ptrace, process_vm_readv/writev, kcmp,
//! keyctl, add_key, request_key, bpf,
//! ioctl(TIOCSTI, FIOSETOWN, SIOCSPGRP, a terminal's
//!   TCSETS*, TCXONC, TCFLSH, TIOCSWINSZ, TIOCSETD,
//!   TIOCSCTTY, TIOCSPGRP, TIOCCONS, TIOCVHANGUP),
//! fcntl(F_SETOWN, F_SETOWN_EX, F_SETSIG, F_SETPIPE_SZ),
//! prlimit64 on another than itself,
//! socket, setsockopt,
//! pidfd_getfd, process_madvise, perf_event_open
//!                                      -> EPERM
//! memfd_create, memfd_secret, clone3   -> ENOSYS  (glibc then falls back to clone)
//! io_uring_setup/enter/register,
//! inotify_init(1), fanotify_init,
//! shmget, msgget, semget               -> ENOSYS  (as a kernel built without them)
//! clone with a CLONE_NEW* flag         -> EPERM
//! fork, vfork, clone w/o CLONE_THREAD  -> kill    (SIGSYS: "started a process";
//!                                                  only at a process limit of 1)
//! without a pid namespace only:
//!   kill to another than itself or its group
//!                                      -> EPERM, or, where it may start
//!                                         processes, asks init (`USER_NOTIF`),
//!                                         which signals a member of its group
//!   tgkill, tkill, rt_(tg)sigqueueinfo
//!   to another than itself,
//!   pidfd_send_signal, setpgid, setsid -> EPERM
//! where no cgroup counts the tree's CPU time and more than one process
//! may run: rt_sigaction(SIGCHLD, a new action)
//!                                      -> EPERM   (a child the kernel reaps
//!                                                  unwaited takes its CPU time along)
//! anything else                        -> allow
//! ```

use std::io;

const RET_KILL_PROCESS: u32 = 0x8000_0000;
const RET_ERRNO: u32 = 0x0005_0000;
const RET_ALLOW: u32 = 0x7fff_0000;
const RET_USER_NOTIF: u32 = 0x7fc0_0000;

// offsetof(struct seccomp_data, …)
const NR: u32 = 0;
const ARCH: u32 = 4;
const ARG0_LOW: u32 = 16; // args[0], low 32 bits (little-endian)
const ARG1_LOW: u32 = 24; // args[1], low 32 bits
const ARG1_HIGH: u32 = 28; // args[1], high 32 bits

const LD_W_ABS: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ_K: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
#[cfg(target_arch = "x86_64")]
const JGE_K: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JSET_K: u16 = 0x45; // BPF_JMP | BPF_JSET | BPF_K
const RET_K: u16 = 0x06; // BPF_RET | BPF_K

#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: u32 = 0xC000_003E;
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: u32 = 0xC000_00B7;

fn op(code: u16, jt: u8, jf: u8, k: u32) -> libc::sock_filter {
    libc::sock_filter { code, jt, jf, k }
}

/// Stand-ins for the solution's own pid and its negation (its process
/// group) in a program made before the fork: no pid is this large.
/// [`bind_self`] writes the real values in, in the child.
const SELF: u32 = 0x7fff_fff0;
const MINUS_SELF: u32 = 0x8000_0010;

/// Every `CLONE_NEW*` flag `clone` takes (`CLONE_NEWTIME` shares its bit
/// with the exit signal there, and `unshare` is refused whole).
const CLONE_NEW_ANY: u32 = (libc::CLONE_NEWNS
    | libc::CLONE_NEWCGROUP
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET) as u32;

/// `ioctl`'s request that pushes bytes into a terminal's input.
const TIOCSTI: u32 = 0x5412;
/// `ioctl`'s requests that change a terminal: its modes (echo, signals on
/// Ctrl-C), size, line discipline, flow and foreground group, or take it
/// as the controlling one. The program has no controlling terminal, but
/// without namespaces the user's own (`/dev/pts/N`) is a file it may open.
const TERMINAL_CHANGES: [u32; 17] = [
    libc::TCSETS as u32,
    libc::TCSETSW as u32,
    libc::TCSETSF as u32,
    libc::TCSETA as u32,
    libc::TCSETAW as u32,
    libc::TCSETAF as u32,
    libc::TCSETS2 as u32,
    libc::TCSETSW2 as u32,
    libc::TCSETSF2 as u32,
    libc::TCXONC as u32,
    libc::TCFLSH as u32,
    libc::TIOCSWINSZ as u32,
    libc::TIOCSETD as u32,
    libc::TIOCSCTTY as u32,
    libc::TIOCSPGRP as u32,
    libc::TIOCCONS as u32,
    libc::TIOCVHANGUP as u32,
];
/// `ioctl`'s requests that name a process or group to signal on I/O (as
/// `F_SETOWN` does): with `FIOASYNC`, `SIGIO` would go to any process.
const FIOSETOWN: u32 = 0x8901;
const SIOCSPGRP: u32 = 0x8902;
/// `fcntl`'s commands that name a process to signal on I/O.
const F_SETOWN: u32 = 8;
const F_SETSIG: u32 = 10;
const F_SETOWN_EX: u32 = 15;
/// `fcntl`'s command that grows a pipe's buffer (to 1 MB unprivileged):
/// memory no resident size shows, as a socket's `SO_SNDBUF` would be.
const F_SETPIPE_SZ: u32 = 1031;

/// A filter program, built a rule at a time; each rule ends in its own
/// return, so the program is a flat list of checks of the call number.
struct Program(Vec<libc::sock_filter>);

impl Program {
    fn ret(&mut self, action: u32) {
        self.0.push(op(RET_K, 0, 0, action));
    }

    /// `nr` returns `action`.
    fn call(&mut self, nr: libc::c_long, action: u32) {
        self.0.push(op(JEQ_K, 0, 1, nr as u32));
        self.ret(action);
    }

    /// `nr` returns `matched` when argument `arg` (its low 32 bits) is one
    /// of `values`, `otherwise` when it is none of them.
    fn arg_in(&mut self, nr: libc::c_long, arg: u32, values: &[u32], matched: u32, otherwise: u32) {
        let n = values.len() as u8;
        self.0.push(op(JEQ_K, 0, n + 3, nr as u32));
        self.0.push(op(LD_W_ABS, 0, 0, arg));
        for (i, &v) in values.iter().enumerate() {
            self.0.push(op(JEQ_K, n - i as u8, 0, v));
        }
        self.ret(otherwise);
        self.ret(matched);
    }

    /// `nr` with any bit of `mask` set in argument `arg` returns
    /// `action`; any call else goes on to the next rule.
    fn arg_any_bit(&mut self, nr: libc::c_long, arg: u32, mask: u32, action: u32) {
        self.0.push(op(JEQ_K, 0, 4, nr as u32));
        self.0.push(op(LD_W_ABS, 0, 0, arg));
        self.0.push(op(JSET_K, 0, 1, mask));
        self.ret(action);
        self.0.push(op(LD_W_ABS, 0, 0, NR));
    }

    /// `nr` with argument 0 `first` and a second argument that is not
    /// null (a pointer: both halves) returns `action`; any call else goes
    /// on to the next rule.
    fn first_and_pointer(&mut self, nr: libc::c_long, first: u32, action: u32) {
        self.0.push(op(JEQ_K, 0, 8, nr as u32));
        self.0.push(op(LD_W_ABS, 0, 0, ARG0_LOW));
        self.0.push(op(JEQ_K, 0, 5, first));
        self.0.push(op(LD_W_ABS, 0, 0, ARG1_LOW));
        self.0.push(op(JEQ_K, 0, 2, 0));
        self.0.push(op(LD_W_ABS, 0, 0, ARG1_HIGH));
        self.0.push(op(JEQ_K, 1, 0, 0));
        self.ret(action);
        self.0.push(op(LD_W_ABS, 0, 0, NR));
    }

    /// `nr` with any bit of `mask` set in argument `arg` returns
    /// `action`; `otherwise` else.
    fn arg_bits(&mut self, nr: libc::c_long, arg: u32, mask: u32, action: u32, otherwise: u32) {
        self.0.push(op(JEQ_K, 0, 4, nr as u32));
        self.0.push(op(LD_W_ABS, 0, 0, arg));
        self.0.push(op(JSET_K, 0, 1, mask));
        self.ret(action);
        self.ret(otherwise);
    }
}

fn errno(e: libc::c_int) -> u32 {
    RET_ERRNO | e as u32
}

/// Calls answered as by a kernel built without them (ENOSYS): io_uring
/// (its queue makes sockets and sets their options with no `socket` or
/// `setsockopt` call), inotify and fanotify (they hear files opened outside
/// the run), System V IPC, every call of it (its segments and queues
/// outlive the run without namespaces, no poll sees them, and without an
/// IPC namespace of its own a run would reach the machine's), Linux AIO
/// (its contexts come from a count the whole machine shares,
/// `fs.aio-max-nr`).
const MISSING: [libc::c_long; 18] = [
    libc::SYS_io_setup,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_inotify_init1,
    libc::SYS_fanotify_init,
    libc::SYS_shmget,
    libc::SYS_shmat,
    libc::SYS_shmctl,
    libc::SYS_shmdt,
    libc::SYS_msgget,
    libc::SYS_msgsnd,
    libc::SYS_msgrcv,
    libc::SYS_msgctl,
    libc::SYS_semget,
    libc::SYS_semop,
    libc::SYS_semtimedop,
    libc::SYS_semctl,
];

/// The filter's program. `fork_allowed`: more than one process may run.
/// `own_signals_only` (without a pid namespace, where every process of the
/// machine can be named): signals go only to the solution itself or its
/// process group, which it cannot leave. `keep_sigchld` (no cgroup counts
/// the tree's CPU time): with more than one process, `SIGCHLD`'s
/// disposition stays the default, so every child is waited for, by its
/// parent or init, and its CPU time counted.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
fn program(
    fork_allowed: bool,
    own_signals_only: bool,
    keep_sigchld: bool,
) -> Vec<libc::sock_filter> {
    let eperm = errno(libc::EPERM);
    let mut p = Program(vec![
        op(LD_W_ABS, 0, 0, ARCH),
        op(JEQ_K, 1, 0, AUDIT_ARCH),
        op(RET_K, 0, 0, RET_KILL_PROCESS),
        op(LD_W_ABS, 0, 0, NR),
    ]);
    #[cfg(target_arch = "x86_64")]
    {
        // x32 calls share the x86-64 arch value and set bit 30 of the number.
        p.0.push(op(JGE_K, 0, 1, 0x4000_0000));
        p.ret(RET_KILL_PROCESS);
    }
    for nr in [
        libc::SYS_unshare,
        libc::SYS_setns,
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_chroot,
        libc::SYS_open_tree,
        libc::SYS_move_mount,
        libc::SYS_fsopen,
        libc::SYS_fsconfig,
        libc::SYS_fsmount,
        libc::SYS_fspick,
        libc::SYS_mount_setattr,
        libc::SYS_ptrace,
        libc::SYS_process_vm_readv,
        libc::SYS_process_vm_writev,
        libc::SYS_kcmp,
        libc::SYS_keyctl,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_bpf,
        libc::SYS_socket,
        libc::SYS_setsockopt,
        libc::SYS_pidfd_getfd,
        libc::SYS_process_madvise,
        libc::SYS_perf_event_open,
    ] {
        p.call(nr, eperm);
    }
    // As a kernel built without them: MISSING, and inotify's older call.
    #[cfg(target_arch = "x86_64")]
    p.call(libc::SYS_inotify_init, errno(libc::ENOSYS));
    for nr in MISSING {
        p.call(nr, errno(libc::ENOSYS));
    }
    if fork_allowed && keep_sigchld {
        p.first_and_pointer(libc::SYS_rt_sigaction, libc::SIGCHLD as u32, eperm);
    }
    for nr in [libc::SYS_memfd_create, libc::SYS_memfd_secret] {
        p.call(nr, errno(libc::ENOSYS));
    }
    p.call(libc::SYS_clone3, errno(libc::ENOSYS));
    let mut ioctls = vec![TIOCSTI, FIOSETOWN, SIOCSPGRP];
    ioctls.extend(TERMINAL_CHANGES);
    p.arg_in(libc::SYS_ioctl, ARG1_LOW, &ioctls, eperm, RET_ALLOW);
    // Another process's limits (the judge's descriptors, say) are not its own.
    p.arg_in(libc::SYS_prlimit64, ARG0_LOW, &[0, SELF], RET_ALLOW, eperm);
    p.arg_in(
        libc::SYS_fcntl,
        ARG1_LOW,
        &[F_SETOWN, F_SETOWN_EX, F_SETSIG, F_SETPIPE_SZ],
        eperm,
        RET_ALLOW,
    );
    if own_signals_only {
        // kill: itself, its own group (0) or -its pid (its group); where it
        // may have children, init answers for the rest (a child by its pid).
        p.arg_in(
            libc::SYS_kill,
            ARG0_LOW,
            &[SELF, 0, MINUS_SELF],
            RET_ALLOW,
            if fork_allowed { RET_USER_NOTIF } else { eperm },
        );
        // The calls whose first argument is a thread group or a thread:
        // only its own.
        for nr in [
            libc::SYS_tgkill,
            libc::SYS_tkill,
            libc::SYS_rt_sigqueueinfo,
            libc::SYS_rt_tgsigqueueinfo,
        ] {
            p.arg_in(nr, ARG0_LOW, &[SELF], RET_ALLOW, eperm);
        }
        // Its group is the one the sandbox kills: it may not leave it.
        for nr in [
            libc::SYS_pidfd_send_signal,
            libc::SYS_setpgid,
            libc::SYS_setsid,
        ] {
            p.call(nr, eperm);
        }
    }
    p.arg_any_bit(libc::SYS_clone, ARG0_LOW, CLONE_NEW_ANY, eperm);
    if !fork_allowed {
        #[cfg(target_arch = "x86_64")]
        for nr in [libc::SYS_fork, libc::SYS_vfork] {
            p.call(nr, RET_KILL_PROCESS);
        }
        // clone: a thread (CLONE_THREAD) passes, a process does not.
        p.arg_bits(
            libc::SYS_clone,
            ARG0_LOW,
            libc::CLONE_THREAD as u32,
            RET_ALLOW,
            RET_KILL_PROCESS,
        );
    }
    p.ret(RET_ALLOW);
    p.0
}

/// Installs the filter on this thread and its future children
/// (`no_new_privs` first, which an unprivileged filter requires).
///
/// # Safety
/// Async-signal-safe apart from building the program, which the caller
/// must do before `fork` with [`prepare`]; call after `fork`, before `exec`.
pub unsafe fn install(prog: &[libc::sock_filter]) -> io::Result<()> {
    super::sys::check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))?;
    if prog.is_empty() {
        return Ok(());
    }
    let fprog = libc::sock_fprog {
        len: prog.len() as u16,
        filter: prog.as_ptr() as *mut libc::sock_filter,
    };
    super::sys::check(libc::prctl(
        libc::PR_SET_SECCOMP,
        libc::SECCOMP_MODE_FILTER,
        &fprog as *const libc::sock_fprog,
    ))
}

/// [`install`], with a listener for the program's `RET_USER_NOTIF`
/// answers: its descriptor, or `None` where the kernel has none to give
/// (such a call then fails with ENOSYS).
///
/// # Safety
/// As [`install`].
pub unsafe fn install_with_listener(prog: &[libc::sock_filter]) -> io::Result<Option<libc::c_int>> {
    if prog.is_empty() {
        return install(prog).map(|()| None);
    }
    super::sys::check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))?;
    let fprog = libc::sock_fprog {
        len: prog.len() as u16,
        filter: prog.as_ptr() as *mut libc::sock_filter,
    };
    let fd = libc::syscall(
        libc::SYS_seccomp,
        libc::SECCOMP_SET_MODE_FILTER,
        libc::SECCOMP_FILTER_FLAG_NEW_LISTENER,
        &fprog as *const libc::sock_fprog,
    );
    if fd >= 0 {
        return Ok(Some(fd as libc::c_int));
    }
    install(prog).map(|()| None)
}

/// Whether a program from [`prepare`] asks a listener anything.
pub fn asks(prog: &[libc::sock_filter]) -> bool {
    prog.iter()
        .any(|ins| ins.code == RET_K && ins.k == RET_USER_NOTIF)
}

/// The program for a process limit of `processes`; empty where this
/// architecture has no filter (then only `no_new_privs` is set).
pub fn prepare(
    processes: u32,
    own_signals_only: bool,
    keep_sigchld: bool,
) -> Vec<libc::sock_filter> {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        program(processes > 1, own_signals_only, keep_sigchld)
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let _ = (processes, own_signals_only, keep_sigchld);
        Vec::new()
    }
}

/// Writes the process's own pid into a program from [`prepare`].
/// Async-signal-safe (no allocation): for `pre_exec`.
pub fn bind_self(prog: &mut [libc::sock_filter], pid: libc::pid_t) {
    for ins in prog.iter_mut() {
        if ins.code == JEQ_K && ins.k == SELF {
            ins.k = pid as u32;
        } else if ins.code == JEQ_K && ins.k == MINUS_SELF {
            ins.k = pid.wrapping_neg() as u32;
        }
    }
}

#[cfg(all(test, any(target_arch = "x86_64", target_arch = "aarch64")))]
mod tests {
    use super::*;

    /// Runs `p` on a call the way the kernel would: the action it returns.
    fn run(p: &[libc::sock_filter], nr: libc::c_long, args: [u32; 2]) -> u32 {
        run_wide(p, nr, [args[0], args[1], 0])
    }

    /// [`run`], with the high half of the second argument.
    fn run_wide(p: &[libc::sock_filter], nr: libc::c_long, args: [u32; 3]) -> u32 {
        let word = |offset: u32| match offset {
            NR => nr as u32,
            ARCH => AUDIT_ARCH,
            ARG0_LOW => args[0],
            ARG1_LOW => args[1],
            ARG1_HIGH => args[2],
            other => panic!("load of offset {other}"),
        };
        let (mut pc, mut acc) = (0usize, 0u32);
        loop {
            let ins = p[pc];
            pc += 1;
            let jump = |taken: bool| usize::from(if taken { ins.jt } else { ins.jf });
            match ins.code {
                LD_W_ABS => acc = word(ins.k),
                JEQ_K => pc += jump(acc == ins.k),
                JSET_K => pc += jump(acc & ins.k != 0),
                #[cfg(target_arch = "x86_64")]
                JGE_K => pc += jump(acc >= ins.k),
                RET_K => return ins.k,
                other => panic!("opcode {other:#x}"),
            }
        }
    }

    #[test]
    fn the_filter_refuses_what_its_table_says_and_allows_the_rest() {
        let eperm = errno(libc::EPERM);
        let enosys = errno(libc::ENOSYS);
        let thread = (libc::CLONE_VM | libc::CLONE_THREAD | libc::CLONE_SIGHAND) as u32;
        let process = libc::SIGCHLD as u32;
        let new_user = process | libc::CLONE_NEWUSER as u32;
        for (fork_allowed, own_signals_only, keep_sigchld) in [
            (false, false, false),
            (true, false, false),
            (false, true, false),
            (true, true, false),
            (false, false, true),
            (true, false, true),
            (true, true, true),
        ] {
            let mut p = program(fork_allowed, own_signals_only, keep_sigchld);
            bind_self(&mut p, 4242);
            let case = format!(
                "fork {fork_allowed}, own signals {own_signals_only}, keep SIGCHLD {keep_sigchld}"
            );
            let check = |nr, args, want: u32| {
                assert_eq!(run(&p, nr, args), want, "{case}: call {nr} {args:?}");
            };
            check(libc::SYS_read, [0, 0], RET_ALLOW);
            // x32's numbers (bit 30 set) reach the same handlers by another
            // number: none passes.
            #[cfg(target_arch = "x86_64")]
            for nr in [libc::SYS_read, libc::SYS_socket, libc::SYS_io_uring_setup] {
                check(0x4000_0000 | nr, [0, 0], RET_KILL_PROCESS);
            }
            check(libc::SYS_clone, [thread, 0], RET_ALLOW);
            check(libc::SYS_clone, [new_user, 0], eperm);
            check(
                libc::SYS_clone,
                [thread | libc::CLONE_NEWNET as u32, 0],
                eperm,
            );
            let fork = if fork_allowed {
                RET_ALLOW
            } else {
                RET_KILL_PROCESS
            };
            check(libc::SYS_clone, [process, 0], fork);
            check(libc::SYS_clone3, [0, 0], enosys);
            check(libc::SYS_memfd_create, [0, 0], enosys);
            check(libc::SYS_memfd_secret, [0, 0], enosys);
            for nr in [
                libc::SYS_unshare,
                libc::SYS_ptrace,
                libc::SYS_process_vm_readv,
                libc::SYS_process_vm_writev,
                libc::SYS_keyctl,
                libc::SYS_add_key,
            ] {
                check(nr, [0, 0], eperm);
            }
            check(libc::SYS_fcntl, [3, F_SETOWN], eperm);
            check(libc::SYS_fcntl, [3, F_SETSIG], eperm);
            check(libc::SYS_fcntl, [3, F_SETOWN_EX], eperm);
            check(libc::SYS_fcntl, [3, F_SETPIPE_SZ], eperm);
            check(libc::SYS_fcntl, [3, libc::F_GETPIPE_SZ as u32], RET_ALLOW);
            check(libc::SYS_fcntl, [3, libc::F_GETFL as u32], RET_ALLOW);
            check(libc::SYS_ioctl, [0, TIOCSTI], eperm);
            check(libc::SYS_ioctl, [3, FIOSETOWN], eperm);
            check(libc::SYS_ioctl, [3, SIOCSPGRP], eperm);
            check(libc::SYS_ioctl, [3, libc::FIOASYNC as u32], RET_ALLOW);
            check(libc::SYS_prlimit64, [0, libc::RLIMIT_NOFILE], RET_ALLOW);
            check(libc::SYS_prlimit64, [4242, libc::RLIMIT_NOFILE], RET_ALLOW);
            check(libc::SYS_prlimit64, [1, libc::RLIMIT_NOFILE], eperm);
            check(libc::SYS_prlimit64, [4243, libc::RLIMIT_NOFILE], eperm);
            check(libc::SYS_ioctl, [0, libc::TCGETS as u32], RET_ALLOW);
            for request in TERMINAL_CHANGES {
                check(libc::SYS_ioctl, [3, request], eperm);
            }
            let other = if own_signals_only { eperm } else { RET_ALLOW };
            let asked = match (own_signals_only, fork_allowed) {
                (false, _) => RET_ALLOW,
                (true, false) => eperm,
                (true, true) => RET_USER_NOTIF,
            };
            assert_eq!(asks(&p), own_signals_only && fork_allowed, "{case}");
            check(libc::SYS_kill, [4242, 9], RET_ALLOW);
            check(libc::SYS_kill, [0, 9], RET_ALLOW);
            check(libc::SYS_kill, [4242u32.wrapping_neg(), 9], RET_ALLOW);
            check(libc::SYS_kill, [1, 9], asked);
            check(libc::SYS_kill, [u32::MAX, 9], asked);
            check(libc::SYS_tgkill, [4242, 4243], RET_ALLOW);
            check(libc::SYS_tgkill, [1, 1], other);
            check(libc::SYS_setpgid, [0, 0], other);
            check(libc::SYS_setsid, [0, 0], other);
            check(libc::SYS_pidfd_send_signal, [3, 9], other);
            check(libc::SYS_socket, [libc::AF_UNIX as u32, 1], eperm);
            check(libc::SYS_setsockopt, [3, libc::SOL_SOCKET as u32], eperm);
            check(libc::SYS_socketpair, [libc::AF_UNIX as u32, 1], RET_ALLOW);
            for nr in MISSING {
                check(nr, [0, 0], enosys);
            }
            #[cfg(target_arch = "x86_64")]
            check(libc::SYS_inotify_init, [0, 0], enosys);
            for nr in [
                libc::SYS_pidfd_getfd,
                libc::SYS_process_madvise,
                libc::SYS_perf_event_open,
            ] {
                check(nr, [0, 0], eperm);
            }
            let chld = libc::SIGCHLD as u32;
            let kept = if fork_allowed && keep_sigchld {
                eperm
            } else {
                RET_ALLOW
            };
            let wide = |args, want: u32| {
                assert_eq!(
                    run_wide(&p, libc::SYS_rt_sigaction, args),
                    want,
                    "{case}: rt_sigaction {args:?}"
                );
            };
            wide([chld, 0x1000, 0], kept);
            wide([chld, 0, 0x7fff], kept);
            wide([chld, 0, 0], RET_ALLOW);
            wide([libc::SIGINT as u32, 0x1000, 0x7fff], RET_ALLOW);
        }
    }

    #[test]
    fn every_jump_lands_inside_the_program_and_it_ends_in_allow() {
        for (fork_allowed, own_signals_only) in
            [(false, false), (true, false), (false, true), (true, true)]
        {
            let p = program(fork_allowed, own_signals_only, true);
            for (i, ins) in p.iter().enumerate() {
                if ins.code & 0x07 == 0x05 {
                    assert!(
                        i + 1 + usize::from(ins.jt.max(ins.jf)) < p.len(),
                        "jump at {i}"
                    );
                }
            }
            let last = p.last().unwrap();
            assert_eq!((last.code, last.k), (RET_K, RET_ALLOW));
            assert!(p.len() < 256);
        }
    }
}
