//! The sandbox on macOS: a process group of its own and rlimits.
//!
//! The program starts in a process group of its own with rlimits on its
//! CPU time (a backstop, in whole seconds), the size of any file it writes
//! (its stdout and stderr are files), core files, descriptors and, for a
//! run of one process, new processes (`RLIMIT_NPROC`, counted per user:
//! a fork fails). The judge polls the group every millisecond through
//! libproc (`proc_listpgrppids`, `proc_pid_rusage`): CPU time and physical
//! footprint summed over its processes, their number, the wall clock; at a
//! limit, or when the program exits, it kills the group. macOS enforces no
//! address-space limit, so memory is the poll alone, with the program's own
//! peak (`ru_maxrss`) at the end.
//!
//! Not held: the host's files and network (a `sandbox-exec` profile is not
//! used: the tool is deprecated and its profile language undocumented),
//! the judge's user; a process that leaves the group (`setsid`) is neither
//! counted nor killed.

use super::direct::{self, POLL};
use super::groups::{forget_group, remember_group};
use super::{janitor, End, Input, Isolation, Limits, Run, Supervisor, View};
use std::ffi::{OsStr, OsString};
use std::io;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `sudoku sandbox`: no supervisor process on macOS, where the judge limits
/// and watches each program's group itself.
pub fn supervisor_main() -> ExitCode {
    eprintln!("sandbox: on macOS the judge runs each program in a process group itself");
    ExitCode::from(125)
}

fn setrlimit(resource: libc::c_int, value: u64) -> io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: value,
        rlim_max: value,
    };
    // SAFETY: a valid rlimit.
    if unsafe { libc::setrlimit(resource, &limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Nanoseconds per `proc_pid_rusage` time unit (Mach absolute time: 1 on
/// Intel, 125/3 on Apple silicon), as a ratio.
#[allow(deprecated)] // libc points to the mach2 crate; the call is the same
fn timebase() -> (u64, u64) {
    let mut info = libc::mach_timebase_info { numer: 0, denom: 0 };
    // SAFETY: a valid out structure.
    let ok = unsafe { libc::mach_timebase_info(&mut info) } == 0;
    if ok && info.denom != 0 {
        (info.numer.into(), info.denom.into())
    } else {
        (1, 1)
    }
}

/// The processes of group `pgid`.
fn members(pgid: libc::pid_t) -> Vec<libc::pid_t> {
    let mut pids = vec![0 as libc::pid_t; 256];
    let bytes = (pids.len() * std::mem::size_of::<libc::pid_t>()) as libc::c_int;
    // SAFETY: the buffer holds `bytes` bytes.
    let n = unsafe { libc::proc_listpgrppids(pgid, pids.as_mut_ptr().cast(), bytes) };
    let count = (n.max(0) as usize / std::mem::size_of::<libc::pid_t>()).min(pids.len());
    pids.truncate(count);
    pids.retain(|&p| p > 0);
    pids
}

/// CPU time (Mach units) and physical footprint (bytes) of one process.
fn usage(pid: libc::pid_t) -> Option<(u64, u64)> {
    // SAFETY: an all-zero rusage_info_v2 is valid; the call fills it in.
    let mut info: libc::rusage_info_v2 = unsafe { std::mem::zeroed() };
    // SAFETY: the buffer is a rusage_info_v2, as RUSAGE_INFO_V2 asks.
    let r = unsafe {
        libc::proc_pid_rusage(
            pid,
            libc::RUSAGE_INFO_V2,
            (&mut info as *mut libc::rusage_info_v2).cast(),
        )
    };
    (r == 0).then_some((
        info.ri_user_time + info.ri_system_time,
        info.ri_phys_footprint.max(info.ri_resident_size),
    ))
}

fn timeval(tv: libc::timeval) -> Duration {
    Duration::from_secs(tv.tv_sec.max(0) as u64) + Duration::from_micros(tv.tv_usec.max(0) as u64)
}

impl Supervisor {
    /// What this machine's sandbox gives: a process group and rlimits.
    pub fn isolation(&self) -> io::Result<Isolation> {
        Ok(Isolation::Rlimits)
    }

    /// Runs `program args…` with `stdin` (`None`: an empty input) under
    /// `limits` in a process group of its own, seeing `view`'s files at
    /// their host paths. An error is the judge's, never the program's.
    pub fn run(
        &self,
        program: &OsStr,
        args: &[OsString],
        stdin: Option<&Input>,
        limits: &Limits,
        view: &View,
    ) -> io::Result<Run> {
        let limits = &limits.on_test_cpu();
        let mut prepared = direct::prepare(program, args, stdin, view)?;
        let output = limits.output_bytes;
        let cpu_backstop = limits.cpu.as_secs() + 2;
        let one_process = limits.processes <= 1;
        // SAFETY: the closure runs between fork and exec and calls only
        // setrlimit, which is async-signal-safe.
        unsafe {
            prepared.command.process_group(0).pre_exec(move || {
                setrlimit(libc::RLIMIT_CORE, 0)?;
                setrlimit(libc::RLIMIT_FSIZE, output)?;
                setrlimit(libc::RLIMIT_CPU, cpu_backstop)?;
                setrlimit(libc::RLIMIT_NOFILE, 1024)?;
                if one_process {
                    setrlimit(libc::RLIMIT_NPROC, 1)?;
                }
                Ok(())
            });
        }
        let (numer, denom) = timebase();
        let start = Instant::now();
        // Reaped by wait4 below, which also gives its rusage.
        #[allow(clippy::zombie_processes)]
        let child = prepared.command.spawn()?;
        let pid = child.id() as libc::pid_t;
        let slot = remember_group(pid);
        janitor::track_group(pid);
        let memory = limits.memory_kib.saturating_mul(1024);
        let mut peak = 0u64;
        let mut ended_by = None;
        let mut status = 0;
        // SAFETY: an all-zero rusage is valid; wait4 fills it in.
        let mut rusage: libc::rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: pid is our own child, not yet reaped.
            let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut rusage) };
            if r == pid {
                break;
            }
            if r < 0 {
                let e = io::Error::last_os_error();
                if e.kind() != io::ErrorKind::Interrupted {
                    return Err(e);
                }
            }
            let group = members(pid);
            let (mut ticks, mut footprint) = (0u64, 0u64);
            for &member in &group {
                if let Some((t, f)) = usage(member) {
                    ticks += t;
                    footprint += f;
                }
            }
            peak = peak.max(footprint);
            let cpu = Duration::from_nanos(ticks.saturating_mul(numer) / denom);
            let over = if cpu > limits.cpu {
                Some(End::CpuLimit)
            } else if start.elapsed() > limits.wall {
                Some(End::WallLimit)
            } else if footprint > memory {
                Some(End::MemoryLimit)
            } else if group.len() > limits.processes as usize {
                Some(End::ProcessLimit)
            } else {
                None
            };
            if over.is_some() {
                ended_by = over;
                // SAFETY: our own child's group; the leader is unreaped.
                unsafe { libc::kill(-pid, libc::SIGKILL) };
                // SAFETY: as above; this wait blocks until it is gone.
                unsafe { libc::wait4(pid, &mut status, 0, &mut rusage) };
                break;
            }
            std::thread::sleep(POLL);
        }
        let wall = start.elapsed();
        // Whatever the program started and left running ends with it.
        // SAFETY: the leader is reaped, but its group id stays ours until
        // the group is empty: no other group can have taken it.
        unsafe { libc::kill(-pid, libc::SIGKILL) };
        forget_group(slot);
        janitor::untrack_group(pid);
        drop(child);
        let cpu = timeval(rusage.ru_utime) + timeval(rusage.ru_stime);
        // macOS gives ru_maxrss in bytes.
        peak = peak.max(rusage.ru_maxrss.max(0) as u64);
        let exit = std::process::ExitStatus::from_raw(status);
        let end = match (ended_by, exit.code(), exit.signal()) {
            (Some(end), _, _) => end,
            (None, _, Some(libc::SIGXCPU)) => End::CpuLimit,
            (None, _, Some(libc::SIGXFSZ)) => End::OutputLimit,
            (None, _, Some(sig)) => End::Signal(sig),
            (None, Some(code), None) => End::Exit(code),
            (None, None, None) => End::Exit(-1),
        };
        let end = match end {
            End::Exit(_) | End::Signal(_) if cpu > limits.cpu => End::CpuLimit,
            end => end,
        };
        let cpu = super::test_cpu_time(cpu);
        direct::finished(&mut prepared, end, cpu, wall, peak, Isolation::Rlimits)
    }
}
