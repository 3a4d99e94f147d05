//! The system-call filter a solution runs under: one process, as DMOJ's
//! judge forbids `fork` by default. Threads are allowed (`clone` with
//! `CLONE_THREAD`: a JVM or node runs a dozen); a new process kills the
//! solution with `SIGSYS`, which the sandbox reports as the process limit.
//! Calls that would rearrange what the solution sees (new namespaces,
//! mounts, tracing another process) fail with `EPERM`.
//!
//! ```text
//! arch != this one                     -> kill    (no 32-bit or x32 entry points)
//! fork, vfork, clone w/o CLONE_THREAD  -> kill    (SIGSYS: "started a process")
//! clone3                               -> ENOSYS  (glibc then falls back to clone)
//! unshare, setns, mount, umount2,
//! pivot_root, chroot, ptrace           -> EPERM
//! without a pid namespace only:
//!   kill to another than itself or its group,
//!   tgkill, tkill, rt_(tg)sigqueueinfo
//!   to another than itself,
//!   pidfd_send_signal                  -> EPERM
//! anything else                        -> allow
//! ```

use std::io;

const RET_KILL_PROCESS: u32 = 0x8000_0000;
const RET_ERRNO: u32 = 0x0005_0000;
const RET_ALLOW: u32 = 0x7fff_0000;

// offsetof(struct seccomp_data, …)
const NR: u32 = 0;
const ARCH: u32 = 4;
const ARG0_LOW: u32 = 16; // args[0], low 32 bits (little-endian)

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

/// The filter's program. `fork_allowed`: more than one process may run, so
/// only the namespace and mount calls are refused. `own_signals_only`
/// (without a pid namespace, where every process of the machine can be
/// named): signals go only to the solution itself or its process group.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
fn program(fork_allowed: bool, own_signals_only: bool) -> Vec<libc::sock_filter> {
    let refused = [
        libc::SYS_unshare,
        libc::SYS_setns,
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_chroot,
        libc::SYS_ptrace,
    ];
    let mut p = vec![
        op(LD_W_ABS, 0, 0, ARCH),
        op(JEQ_K, 1, 0, AUDIT_ARCH),
        op(RET_K, 0, 0, RET_KILL_PROCESS),
        op(LD_W_ABS, 0, 0, NR),
    ];
    #[cfg(target_arch = "x86_64")]
    {
        // x32 calls share the x86-64 arch value and set bit 30 of the number.
        p.push(op(JGE_K, 0, 1, 0x4000_0000));
        p.push(op(RET_K, 0, 0, RET_KILL_PROCESS));
    }
    for nr in refused {
        p.push(op(JEQ_K, 0, 1, nr as u32));
        p.push(op(RET_K, 0, 0, RET_ERRNO | libc::EPERM as u32));
    }
    if own_signals_only {
        // kill: only itself, its own group (0) or -its pid (its group).
        p.push(op(JEQ_K, 0, 6, libc::SYS_kill as u32));
        p.push(op(LD_W_ABS, 0, 0, ARG0_LOW));
        p.push(op(JEQ_K, 3, 0, SELF));
        p.push(op(JEQ_K, 2, 0, 0));
        p.push(op(JEQ_K, 1, 0, MINUS_SELF));
        p.push(op(RET_K, 0, 0, RET_ERRNO | libc::EPERM as u32));
        p.push(op(RET_K, 0, 0, RET_ALLOW));
        // The calls whose first argument is a thread group or a thread:
        // only its own.
        for nr in [
            libc::SYS_tgkill,
            libc::SYS_tkill,
            libc::SYS_rt_sigqueueinfo,
            libc::SYS_rt_tgsigqueueinfo,
        ] {
            p.push(op(JEQ_K, 0, 4, nr as u32));
            p.push(op(LD_W_ABS, 0, 0, ARG0_LOW));
            p.push(op(JEQ_K, 1, 0, SELF));
            p.push(op(RET_K, 0, 0, RET_ERRNO | libc::EPERM as u32));
            p.push(op(RET_K, 0, 0, RET_ALLOW));
        }
        p.push(op(JEQ_K, 0, 1, libc::SYS_pidfd_send_signal as u32));
        p.push(op(RET_K, 0, 0, RET_ERRNO | libc::EPERM as u32));
    }
    if !fork_allowed {
        p.push(op(JEQ_K, 0, 1, libc::SYS_clone3 as u32));
        p.push(op(RET_K, 0, 0, RET_ERRNO | libc::ENOSYS as u32));
        #[cfg(target_arch = "x86_64")]
        for nr in [libc::SYS_fork, libc::SYS_vfork] {
            p.push(op(JEQ_K, 0, 1, nr as u32));
            p.push(op(RET_K, 0, 0, RET_KILL_PROCESS));
        }
        // clone: a thread (CLONE_THREAD) passes, a process does not.
        p.push(op(JEQ_K, 0, 3, libc::SYS_clone as u32));
        p.push(op(LD_W_ABS, 0, 0, ARG0_LOW));
        p.push(op(JSET_K, 1, 0, libc::CLONE_THREAD as u32));
        p.push(op(RET_K, 0, 0, RET_KILL_PROCESS));
    }
    p.push(op(RET_K, 0, 0, RET_ALLOW));
    p
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

/// The program for a process limit of `processes`; empty where this
/// architecture has no filter (then only `no_new_privs` is set).
pub fn prepare(processes: u32, own_signals_only: bool) -> Vec<libc::sock_filter> {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        program(processes > 1, own_signals_only)
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let _ = (processes, own_signals_only);
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

    #[test]
    fn every_jump_lands_inside_the_program_and_it_ends_in_allow() {
        for (fork_allowed, own_signals_only) in
            [(false, false), (true, false), (false, true), (true, true)]
        {
            let p = program(fork_allowed, own_signals_only);
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
            assert!(p.len() < 128);
        }
    }
}
