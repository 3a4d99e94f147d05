//! The sandbox on Windows: each run in a Job Object of its own.
//!
//! The program starts suspended, joins the job, then runs. The job holds
//! the number of processes that may run at once, caps the committed memory
//! of all of them, kills them all when its last handle closes (so when the
//! judge ends, however it ends) and counts their CPU time; the judge polls
//! that count, the wall clock and the output's size every millisecond and
//! ends the job at a limit. When the program exits, the rest of its job is
//! ended too.
//!
//! Not held: the program runs as the judge's user, sees the host's files
//! and network and may write wherever that user may (a restricted token or
//! a low integrity level would need a `CreateProcessAsUser` of our own,
//! which std's `Command` does not offer); the thread count; the size of
//! its temporary folder.

use super::direct::{self, POLL};
use super::{End, Input, Isolation, Limits, Run, Supervisor, View};
use std::ffi::{OsStr, OsString};
use std::io;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};
use std::os::windows::process::CommandExt;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use windows_sys::Win32::Foundation::{HANDLE, STILL_ACTIVE};
use windows_sys::Win32::System::Diagnostics::ToolHelp::{
    CreateToolhelp32Snapshot, Thread32First, Thread32Next, TH32CS_SNAPTHREAD, THREADENTRY32,
};
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JobObjectBasicAccountingInformation,
    JobObjectExtendedLimitInformation, QueryInformationJobObject, SetInformationJobObject,
    TerminateJobObject, JOBOBJECT_BASIC_ACCOUNTING_INFORMATION,
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JOB_OBJECT_LIMIT_ACTIVE_PROCESS,
    JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION, JOB_OBJECT_LIMIT_JOB_MEMORY,
    JOB_OBJECT_LIMIT_JOB_TIME, JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
};
use windows_sys::Win32::System::ProcessStatus::{K32GetProcessMemoryInfo, PROCESS_MEMORY_COUNTERS};
use windows_sys::Win32::System::Threading::{
    GetExitCodeProcess, OpenProcess, OpenThread, ResumeThread, CREATE_NO_WINDOW, CREATE_SUSPENDED,
    PROCESS_QUERY_LIMITED_INFORMATION, THREAD_SUSPEND_RESUME,
};

/// The exit code a job's processes get when the judge ends the job.
const KILLED: u32 = 0xDEAD;

/// `sudoku sandbox`: no supervisor process on Windows, where the judge puts
/// each run in a Job Object itself.
pub fn supervisor_main() -> ExitCode {
    eprintln!("sandbox: on Windows the judge runs each program in a Job Object itself");
    ExitCode::from(125)
}

/// Nothing to install: Ctrl-C reaches every process of the console, and a
/// run's job ends with the judge's handle to it.
pub fn install_signal_handlers() {}

/// Whether process `pid` still runs.
pub fn process_exists(pid: u32) -> bool {
    // SAFETY: the handle, if any, is checked and closed.
    let process = unsafe { OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid) };
    if process.is_null() {
        return false;
    }
    // SAFETY: a valid process handle of ours alone.
    let process = unsafe { OwnedHandle::from_raw_handle(process) };
    let mut code = 0u32;
    // SAFETY: a valid handle and out slot.
    let ok = unsafe { GetExitCodeProcess(process.as_raw_handle() as HANDLE, &mut code) };
    ok != 0 && code == STILL_ACTIVE as u32
}

/// A Job Object, ended (its processes killed) when dropped.
struct Job(OwnedHandle);

impl Job {
    fn new(limits: &Limits) -> io::Result<Job> {
        // SAFETY: no name, default security; the handle is checked below.
        let handle = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
        if handle.is_null() {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: a fresh handle of ours alone.
        let job = Job(unsafe { OwnedHandle::from_raw_handle(handle) });
        // SAFETY: an all-zero limit information is valid (no limits).
        let mut info: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
        let basic = &mut info.BasicLimitInformation;
        basic.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
            | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION
            | JOB_OBJECT_LIMIT_ACTIVE_PROCESS
            | JOB_OBJECT_LIMIT_JOB_TIME
            | JOB_OBJECT_LIMIT_JOB_MEMORY;
        basic.ActiveProcessLimit = limits.processes.max(1);
        // A backstop to the polling, in 100 ns units of user time.
        basic.PerJobUserTimeLimit = ((limits.cpu + Duration::from_secs(2)).as_nanos() / 100) as i64;
        // Committed memory: the limit for a program that allocates what it
        // uses, 4x for runtimes that commit a heap up front (a JVM).
        let factor = if limits.address_space { 1 } else { 4 };
        info.JobMemoryLimit = (limits.memory_kib.saturating_mul(1024 * factor)) as usize;
        // SAFETY: the size is the structure's own.
        let ok = unsafe {
            SetInformationJobObject(
                job.handle(),
                JobObjectExtendedLimitInformation,
                (&info as *const JOBOBJECT_EXTENDED_LIMIT_INFORMATION).cast(),
                std::mem::size_of_val(&info) as u32,
            )
        };
        if ok == 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(job)
    }

    fn handle(&self) -> HANDLE {
        self.0.as_raw_handle() as HANDLE
    }

    /// CPU time of every process the job has held (user + kernel). The
    /// job's count, not the program's `GetProcessTimes`: it includes the
    /// processes that have ended.
    fn cpu(&self) -> Option<Duration> {
        // SAFETY: an all-zero accounting structure is valid.
        let mut info: JOBOBJECT_BASIC_ACCOUNTING_INFORMATION = unsafe { std::mem::zeroed() };
        // SAFETY: the buffer is the structure, of its own size.
        let ok = unsafe {
            QueryInformationJobObject(
                self.handle(),
                JobObjectBasicAccountingInformation,
                (&mut info as *mut JOBOBJECT_BASIC_ACCOUNTING_INFORMATION).cast(),
                std::mem::size_of_val(&info) as u32,
                std::ptr::null_mut(),
            )
        };
        (ok != 0).then(|| hundred_ns((info.TotalUserTime + info.TotalKernelTime) as u64))
    }

    /// The most memory the job's processes had committed at once, in bytes.
    fn peak_committed(&self) -> u64 {
        // SAFETY: as in `cpu`.
        let mut info: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
        // SAFETY: as in `cpu`.
        let ok = unsafe {
            QueryInformationJobObject(
                self.handle(),
                JobObjectExtendedLimitInformation,
                (&mut info as *mut JOBOBJECT_EXTENDED_LIMIT_INFORMATION).cast(),
                std::mem::size_of_val(&info) as u32,
                std::ptr::null_mut(),
            )
        };
        if ok == 0 {
            0
        } else {
            info.PeakJobMemoryUsed as u64
        }
    }

    fn end(&self) {
        // SAFETY: our own job handle.
        unsafe { TerminateJobObject(self.handle(), KILLED) };
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.end();
    }
}

fn hundred_ns(n: u64) -> Duration {
    Duration::from_nanos(n.saturating_mul(100))
}

/// The most memory one process had committed at once, in bytes.
fn process_peak(process: HANDLE) -> u64 {
    // SAFETY: an all-zero counters structure is valid; cb says its size.
    let mut counters: PROCESS_MEMORY_COUNTERS = unsafe { std::mem::zeroed() };
    counters.cb = std::mem::size_of_val(&counters) as u32;
    // SAFETY: the buffer is the structure, of the size cb says.
    let ok = unsafe { K32GetProcessMemoryInfo(process, &mut counters, counters.cb) };
    if ok == 0 {
        0
    } else {
        (counters.PeakPagefileUsage as u64).max(counters.PeakWorkingSetSize as u64)
    }
}

/// Resumes the threads of `pid`, a process started suspended.
fn resume(pid: u32) -> io::Result<()> {
    // SAFETY: a snapshot of every thread; the handle is checked and closed.
    let snapshot = unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0) };
    if snapshot.is_null() || snapshot as isize == -1 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a valid snapshot handle of ours alone.
    let snapshot = unsafe { OwnedHandle::from_raw_handle(snapshot) };
    // SAFETY: an all-zero entry is valid; dwSize says its size.
    let mut entry: THREADENTRY32 = unsafe { std::mem::zeroed() };
    entry.dwSize = std::mem::size_of_val(&entry) as u32;
    let mut resumed = 0;
    // SAFETY: the snapshot is valid and the entry's size is set.
    let mut more = unsafe { Thread32First(snapshot.as_raw_handle() as HANDLE, &mut entry) } != 0;
    while more {
        if entry.th32OwnerProcessID == pid {
            // SAFETY: a thread id from the snapshot; the handle is closed below.
            let thread = unsafe { OpenThread(THREAD_SUSPEND_RESUME, 0, entry.th32ThreadID) };
            if !thread.is_null() {
                // SAFETY: a valid thread handle of ours alone.
                let thread = unsafe { OwnedHandle::from_raw_handle(thread) };
                // SAFETY: as above.
                if unsafe { ResumeThread(thread.as_raw_handle() as HANDLE) } != u32::MAX {
                    resumed += 1;
                }
            }
        }
        // SAFETY: as for Thread32First.
        more = unsafe { Thread32Next(snapshot.as_raw_handle() as HANDLE, &mut entry) } != 0;
    }
    if resumed == 0 {
        return Err(io::Error::other(
            "the program's suspended thread was not found",
        ));
    }
    Ok(())
}

impl Supervisor {
    /// What this machine's sandbox gives: a Job Object.
    pub fn isolation(&self) -> io::Result<Isolation> {
        Ok(Isolation::JobObject)
    }

    /// Runs `program args…` with `stdin` (`None`: an empty input) under
    /// `limits` in a Job Object of its own, seeing `view`'s files at their
    /// host paths. An error is the judge's, never the program's.
    pub fn run(
        &self,
        program: &OsStr,
        args: &[OsString],
        stdin: Option<&Input>,
        limits: &Limits,
        view: &View,
    ) -> io::Result<Run> {
        let mut prepared = direct::prepare(program, args, stdin, view)?;
        let job = Job::new(limits)?;
        prepared
            .command
            .creation_flags(CREATE_SUSPENDED | CREATE_NO_WINDOW);
        let start = Instant::now();
        let mut child = prepared.command.spawn()?;
        let process = child.as_raw_handle() as HANDLE;
        // SAFETY: both handles are valid and ours.
        let joined = unsafe { AssignProcessToJobObject(job.handle(), process) } != 0;
        if !joined {
            let e = io::Error::last_os_error();
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other(format!(
                "the program could not join its job: {e}"
            )));
        }
        if let Err(e) = resume(child.id()) {
            job.end();
            let _ = child.wait();
            return Err(e);
        }
        let memory = limits.memory_kib.saturating_mul(1024);
        let mut ended_by = None;
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break status;
            }
            let cpu = job.cpu().unwrap_or_default();
            let over = if cpu > limits.cpu {
                Some(End::CpuLimit)
            } else if start.elapsed() > limits.wall {
                Some(End::WallLimit)
            } else if job.peak_committed().max(process_peak(process)) > memory {
                Some(End::MemoryLimit)
            } else if direct::output_over(&prepared, limits) {
                Some(End::OutputLimit)
            } else {
                None
            };
            if let Some(end) = over {
                ended_by = Some(end);
                job.end();
                break child.wait()?;
            }
            std::thread::sleep(POLL);
        };
        let wall = start.elapsed();
        let cpu = job.cpu().unwrap_or_default();
        let peak = job.peak_committed().max(process_peak(process));
        // Whatever the program started and left running ends with it.
        job.end();
        let end = match ended_by {
            Some(end) => end,
            // Past the limit between two polls, or at the job's own backstop.
            None if cpu > limits.cpu => End::CpuLimit,
            None => End::Exit(status.code().unwrap_or(-1)),
        };
        let (stdout, stdout_bytes, stderr, stderr_bytes) = direct::outputs(&mut prepared)?;
        Ok(Run {
            end,
            cpu,
            wall,
            peak_kib: peak / 1024,
            stdout,
            stdout_bytes,
            stderr,
            stderr_bytes,
            disk_full: false,
            memory_cgroup: false,
            isolation: Isolation::JobObject,
        })
    }
}
