//! The sandbox on Windows: each run in a Job Object of its own, at a low
//! integrity level.
//!
//! The program starts suspended, joins the job, then runs. The job holds
//! the number of processes that may run at once, caps the committed memory
//! of all of them, keeps them from the desktop, the clipboard, global atoms
//! and logging off, kills them all when its last handle closes (so when the
//! judge ends, however it ends) and counts their CPU time; the judge polls
//! that count, the wall clock and the output's size every millisecond and
//! ends the job at a limit. When the program exits, the rest of its job is
//! ended too.
//!
//! It starts with a restricted copy of the judge's token (no privileges but
//! traversing folders, `BUILTIN\Administrators` for deny only) lowered to
//! the Low integrity level, and its working folder is labelled Low: Windows
//! keeps a Low process from writing what is labelled higher, and a user's
//! files are Medium, so that folder is the only one of the user's it may
//! write (`TEMP` and `TMP` point into it). Where the level cannot be
//! lowered (the token reads back another level), the program runs with
//! the restricted token at the judge's level; where the folder cannot be
//! labelled or the spawn fails, as std's `Command` starts it. The run's
//! [`Isolation`] then says writes outside are not blocked, and why.
//!
//! Not held: the program sees the host's files and network, as the judge's
//! user; it may write where a folder is labelled Low (`AppData\LocalLow`,
//! another run's working folder while that runs); no thread count (a job
//! has no such limit); no size of its temporary folder.

use super::direct::{self, Prepared, POLL};
use super::{wide, End, Input, Isolation, Limits, Run, Supervisor, View};
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io;
use std::os::windows::ffi::OsStrExt;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};
use std::os::windows::process::CommandExt;
use std::path::Path;
use std::process::ExitCode;
use std::ptr::{null, null_mut};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use windows_sys::Win32::Foundation::{
    DuplicateHandle, DUPLICATE_SAME_ACCESS, HANDLE, STILL_ACTIVE, WAIT_OBJECT_0, WAIT_TIMEOUT,
};
use windows_sys::Win32::Security::Authorization::{SetNamedSecurityInfoW, SE_FILE_OBJECT};
use windows_sys::Win32::Security::{
    CreateRestrictedToken, GetLengthSid, GetTokenInformation, SetTokenInformation,
    TokenIntegrityLevel, DISABLE_MAX_PRIVILEGE, LABEL_SECURITY_INFORMATION, SID_AND_ATTRIBUTES,
    TOKEN_ADJUST_DEFAULT, TOKEN_ASSIGN_PRIMARY, TOKEN_DUPLICATE, TOKEN_MANDATORY_LABEL,
    TOKEN_QUERY,
};
use windows_sys::Win32::System::Diagnostics::ToolHelp::{
    CreateToolhelp32Snapshot, Thread32First, Thread32Next, TH32CS_SNAPTHREAD, THREADENTRY32,
};
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JobObjectBasicAccountingInformation,
    JobObjectBasicUIRestrictions, JobObjectExtendedLimitInformation, QueryInformationJobObject,
    SetInformationJobObject, TerminateJobObject, JOBOBJECTINFOCLASS,
    JOBOBJECT_BASIC_ACCOUNTING_INFORMATION, JOBOBJECT_BASIC_UI_RESTRICTIONS,
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JOB_OBJECT_LIMIT_ACTIVE_PROCESS,
    JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION, JOB_OBJECT_LIMIT_JOB_MEMORY,
    JOB_OBJECT_LIMIT_JOB_TIME, JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, JOB_OBJECT_UILIMIT_DESKTOP,
    JOB_OBJECT_UILIMIT_DISPLAYSETTINGS, JOB_OBJECT_UILIMIT_EXITWINDOWS,
    JOB_OBJECT_UILIMIT_GLOBALATOMS, JOB_OBJECT_UILIMIT_HANDLES, JOB_OBJECT_UILIMIT_READCLIPBOARD,
    JOB_OBJECT_UILIMIT_SYSTEMPARAMETERS, JOB_OBJECT_UILIMIT_WRITECLIPBOARD,
};
use windows_sys::Win32::System::ProcessStatus::{K32GetProcessMemoryInfo, PROCESS_MEMORY_COUNTERS};
use windows_sys::Win32::System::SystemServices::SE_GROUP_INTEGRITY;
use windows_sys::Win32::System::Threading::{
    CreateProcessAsUserW, DeleteProcThreadAttributeList, GetCurrentProcess, GetExitCodeProcess,
    GetProcessId, InitializeProcThreadAttributeList, OpenProcess, OpenProcessToken, OpenThread,
    ResumeThread, TerminateProcess, UpdateProcThreadAttribute, WaitForSingleObject,
    CREATE_NO_WINDOW, CREATE_SUSPENDED, CREATE_UNICODE_ENVIRONMENT, EXTENDED_STARTUPINFO_PRESENT,
    INFINITE, LPPROC_THREAD_ATTRIBUTE_LIST, PROCESS_INFORMATION, PROCESS_QUERY_LIMITED_INFORMATION,
    PROC_THREAD_ATTRIBUTE_HANDLE_LIST, STARTF_USESTDHANDLES, STARTUPINFOEXW, THREAD_SUSPEND_RESUME,
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
        job.set(JobObjectExtendedLimitInformation, &info)?;
        let ui = JOBOBJECT_BASIC_UI_RESTRICTIONS {
            UIRestrictionsClass: JOB_OBJECT_UILIMIT_DESKTOP
                | JOB_OBJECT_UILIMIT_DISPLAYSETTINGS
                | JOB_OBJECT_UILIMIT_EXITWINDOWS
                | JOB_OBJECT_UILIMIT_GLOBALATOMS
                | JOB_OBJECT_UILIMIT_HANDLES
                | JOB_OBJECT_UILIMIT_READCLIPBOARD
                | JOB_OBJECT_UILIMIT_WRITECLIPBOARD
                | JOB_OBJECT_UILIMIT_SYSTEMPARAMETERS,
        };
        job.set(JobObjectBasicUIRestrictions, &ui)?;
        Ok(job)
    }

    fn handle(&self) -> HANDLE {
        self.0.as_raw_handle() as HANDLE
    }

    /// Sets the job's information of `class` to `info`, that class's
    /// structure.
    fn set<T>(&self, class: JOBOBJECTINFOCLASS, info: &T) -> io::Result<()> {
        // SAFETY: `info` is `class`'s structure, passed with its own size.
        let ok = unsafe {
            SetInformationJobObject(
                self.handle(),
                class,
                (info as *const T).cast(),
                std::mem::size_of::<T>() as u32,
            )
        };
        if ok == 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    /// The job's information of `class`, that class's structure `T`.
    ///
    /// # Safety
    /// `T` is `class`'s structure, plain integers for which all-zero is a
    /// valid value.
    unsafe fn query<T>(&self, class: JOBOBJECTINFOCLASS) -> Option<T> {
        // SAFETY: all-zero is a valid `T` (the caller's promise).
        let mut info: T = unsafe { std::mem::zeroed() };
        // SAFETY: the buffer is `class`'s structure, of its own size.
        let ok = unsafe {
            QueryInformationJobObject(
                self.handle(),
                class,
                (&mut info as *mut T).cast(),
                std::mem::size_of::<T>() as u32,
                std::ptr::null_mut(),
            )
        };
        (ok != 0).then_some(info)
    }

    /// CPU time of every process the job has held (user + kernel). The
    /// job's count, not the program's `GetProcessTimes`: it includes the
    /// processes that have ended.
    fn cpu(&self) -> Option<Duration> {
        // SAFETY: the accounting class's structure, plain integers.
        let info: JOBOBJECT_BASIC_ACCOUNTING_INFORMATION =
            unsafe { self.query(JobObjectBasicAccountingInformation)? };
        Some(hundred_ns(
            (info.TotalUserTime + info.TotalKernelTime) as u64,
        ))
    }

    /// The most memory the job's processes had committed at once, in bytes.
    fn peak_committed(&self) -> u64 {
        // SAFETY: the extended limit class's structure, plain integers.
        let info: Option<JOBOBJECT_EXTENDED_LIMIT_INFORMATION> =
            unsafe { self.query(JobObjectExtendedLimitInformation) };
        info.map_or(0, |info| info.PeakJobMemoryUsed as u64)
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

fn raw(handle: &OwnedHandle) -> HANDLE {
    handle.as_raw_handle() as HANDLE
}

fn last_error(call: &str) -> String {
    format!("{call}: {}", io::Error::last_os_error())
}

/// The token programs start with: a restricted copy of the judge's (no
/// privilege but traversing folders, `BUILTIN\Administrators` for deny
/// only) at the Low integrity level where Windows keeps it.
struct Token {
    handle: OwnedHandle,
    /// `Err(why)`: the level stayed the judge's.
    low: Result<(), String>,
}

/// The token, made once for every run; `Err(why)`: none could be made.
fn token() -> &'static Result<Token, String> {
    static TOKEN: OnceLock<Result<Token, String>> = OnceLock::new();
    TOKEN.get_or_init(|| {
        let mut own = null_mut();
        let access = TOKEN_DUPLICATE | TOKEN_QUERY | TOKEN_ASSIGN_PRIMARY | TOKEN_ADJUST_DEFAULT;
        // SAFETY: our own process's pseudo-handle and an out slot.
        if unsafe { OpenProcessToken(GetCurrentProcess(), access, &mut own) } == 0 {
            return Err(last_error("OpenProcessToken"));
        }
        // SAFETY: a fresh handle of ours alone.
        let own = unsafe { OwnedHandle::from_raw_handle(own) };
        let mut admins = wide::administrators_sid();
        let deny = SID_AND_ATTRIBUTES {
            Sid: admins.as_mut_ptr().cast(),
            Attributes: 0,
        };
        let mut restricted = null_mut();
        // SAFETY: one SID to deny for the array of one, alive through the
        // call; no privilege or restricting SID arrays; an out slot. The
        // new token has the access `own` was opened with.
        let ok = unsafe {
            CreateRestrictedToken(
                raw(&own),
                DISABLE_MAX_PRIVILEGE,
                1,
                &deny,
                0,
                null(),
                0,
                null(),
                &mut restricted,
            )
        };
        if ok == 0 {
            return Err(last_error("CreateRestrictedToken"));
        }
        // SAFETY: a fresh handle of ours alone.
        let handle = unsafe { OwnedHandle::from_raw_handle(restricted) };
        let low = lower(&handle);
        Ok(Token { handle, low })
    })
}

/// Sets `token`'s integrity level to Low and reads it back: a system that
/// takes the call but keeps the level is caught here.
fn lower(token: &OwnedHandle) -> Result<(), String> {
    let mut low = wide::label_sid(wide::LOW);
    let label = TOKEN_MANDATORY_LABEL {
        Label: SID_AND_ATTRIBUTES {
            Sid: low.as_mut_ptr().cast(),
            Attributes: SE_GROUP_INTEGRITY as u32,
        },
    };
    // SAFETY: the label and the SID it points to live through the call;
    // the length counts both, as the call documents.
    let ok = unsafe {
        SetTokenInformation(
            raw(token),
            TokenIntegrityLevel,
            (&label as *const TOKEN_MANDATORY_LABEL).cast(),
            (std::mem::size_of_val(&label) + low.len()) as u32,
        )
    };
    if ok == 0 {
        return Err(last_error("setting the token's integrity level"));
    }
    let level = integrity_level(token)?;
    if level != low {
        let level = wide::sid_text(&level).unwrap_or_else(|| format!("{level:?}"));
        return Err(format!(
            "the token's integrity level read {level} after it was set to Low, S-1-16-4096"
        ));
    }
    Ok(())
}

/// `token`'s integrity level, its SID's bytes.
fn integrity_level(token: &OwnedHandle) -> Result<Vec<u8>, String> {
    // A TOKEN_MANDATORY_LABEL and the SID it points to, aligned for both.
    let mut buffer = [0u64; 16];
    let mut len = 0;
    // SAFETY: the buffer is writable for the size given; an out slot.
    let ok = unsafe {
        GetTokenInformation(
            raw(token),
            TokenIntegrityLevel,
            buffer.as_mut_ptr().cast(),
            std::mem::size_of_val(&buffer) as u32,
            &mut len,
        )
    };
    if ok == 0 {
        return Err(last_error("reading the token's integrity level"));
    }
    // SAFETY: on success the buffer starts with the label, whose SID is
    // valid while the buffer lives and GetLengthSid bytes long.
    Ok(unsafe {
        let sid = (*buffer.as_ptr().cast::<TOKEN_MANDATORY_LABEL>()).Label.Sid;
        std::slice::from_raw_parts(sid.cast::<u8>(), GetLengthSid(sid) as usize).to_vec()
    })
}

/// Labels `folder`, and what is or will be made in it, integrity `level`.
fn label(folder: &Path, level: u32) -> Result<(), String> {
    let path: Vec<u16> = folder.as_os_str().encode_wide().chain([0]).collect();
    let acl = wide::label_acl(level);
    // SAFETY: a NUL-terminated path and a well-formed ACL, both alive
    // through the call; only the label is set.
    let error = unsafe {
        SetNamedSecurityInfoW(
            path.as_ptr(),
            SE_FILE_OBJECT,
            LABEL_SECURITY_INFORMATION,
            null_mut(),
            null_mut(),
            null(),
            acl.0.as_ptr().cast(),
        )
    };
    if error != 0 {
        return Err(format!(
            "its working folder could not be labelled: SetNamedSecurityInfoW: {}",
            io::Error::from_raw_os_error(error as i32)
        ));
    }
    Ok(())
}

/// An inheritable copy of `file`'s handle, for the program's standard handles.
fn inheritable(file: &File) -> io::Result<OwnedHandle> {
    let mut copy = null_mut();
    // SAFETY: a valid handle of ours, copied into this process; an out slot.
    let ok = unsafe {
        DuplicateHandle(
            GetCurrentProcess(),
            file.as_raw_handle() as HANDLE,
            GetCurrentProcess(),
            &mut copy,
            0,
            1,
            DUPLICATE_SAME_ACCESS,
        )
    };
    if ok == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a fresh handle of ours alone.
    Ok(unsafe { OwnedHandle::from_raw_handle(copy) })
}

/// A process started suspended, and its first thread.
struct Started {
    process: OwnedHandle,
    thread: OwnedHandle,
}

/// Starts `prepared`'s command with `token`, suspended, without a window,
/// inheriting its stdin, stdout and stderr and no other handle.
fn start_as(token: &Token, prepared: &Prepared) -> io::Result<Started> {
    let command = &prepared.command;
    let wide_os = |s: &OsStr| -> Vec<u16> { s.encode_wide().collect() };
    let program = wide_os(command.get_program());
    let args: Vec<Vec<u16>> = command.get_args().map(wide_os).collect();
    let mut line = wide::command_line(&program, &args);
    let environment = wide::environment_block(
        std::env::vars_os().map(|(k, v)| (wide_os(&k), wide_os(&v))),
        command
            .get_envs()
            .map(|(k, v)| (wide_os(k), v.map(wide_os))),
    );
    let cwd = command
        .get_current_dir()
        .ok_or_else(|| io::Error::other("the command has no working folder"))?;
    let cwd: Vec<u16> = cwd.as_os_str().encode_wide().chain([0]).collect();
    let stdin = match &prepared.stdin {
        Some(file) => file.try_clone()?,
        None => File::open("NUL")?,
    };
    let stdio = [
        inheritable(&stdin)?,
        inheritable(&prepared.stdout)?,
        inheritable(&prepared.stderr)?,
    ];
    let handles = stdio.each_ref().map(raw);

    let mut size = 0;
    // SAFETY: no list: the call only says the size it needs.
    unsafe { InitializeProcThreadAttributeList(null_mut(), 1, 0, &mut size) };
    let mut list = vec![0usize; size.div_ceil(std::mem::size_of::<usize>())];
    let attributes: LPPROC_THREAD_ATTRIBUTE_LIST = list.as_mut_ptr().cast();
    // SAFETY: a buffer of at least `size` bytes, aligned for pointers.
    if unsafe { InitializeProcThreadAttributeList(attributes, 1, 0, &mut size) } == 0 {
        return Err(io::Error::last_os_error());
    }
    let started = (|| {
        // SAFETY: the list is initialised; `handles` outlives its use
        // (the CreateProcessAsUserW below) and is of the size given.
        let ok = unsafe {
            UpdateProcThreadAttribute(
                attributes,
                0,
                PROC_THREAD_ATTRIBUTE_HANDLE_LIST as usize,
                handles.as_ptr().cast(),
                std::mem::size_of_val(&handles),
                null_mut(),
                null(),
            )
        };
        if ok == 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: all-zero startup information is valid (no fields set).
        let mut startup: STARTUPINFOEXW = unsafe { std::mem::zeroed() };
        startup.StartupInfo.cb = std::mem::size_of_val(&startup) as u32;
        startup.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
        startup.StartupInfo.hStdInput = handles[0];
        startup.StartupInfo.hStdOutput = handles[1];
        startup.StartupInfo.hStdError = handles[2];
        startup.lpAttributeList = attributes;
        // SAFETY: all-zero process information is valid; the call fills it.
        let mut info: PROCESS_INFORMATION = unsafe { std::mem::zeroed() };
        // SAFETY: the command line is writable and NUL-terminated, as the
        // call requires; the environment block, working folder, startup
        // information and its attribute list live through the call.
        let ok = unsafe {
            CreateProcessAsUserW(
                raw(&token.handle),
                null(),
                line.as_mut_ptr(),
                null(),
                null(),
                1,
                CREATE_SUSPENDED
                    | CREATE_NO_WINDOW
                    | CREATE_UNICODE_ENVIRONMENT
                    | EXTENDED_STARTUPINFO_PRESENT,
                environment.as_ptr().cast(),
                cwd.as_ptr(),
                &startup.StartupInfo,
                &mut info,
            )
        };
        if ok == 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fresh handles of ours alone.
        Ok(unsafe {
            Started {
                process: OwnedHandle::from_raw_handle(info.hProcess),
                thread: OwnedHandle::from_raw_handle(info.hThread),
            }
        })
    })();
    // SAFETY: initialised above and no longer used.
    unsafe { DeleteProcThreadAttributeList(attributes) };
    started
}

/// `process`'s exit code once it has ended, waiting up to `ms`.
fn exit_code(process: &OwnedHandle, ms: u32) -> io::Result<Option<i32>> {
    // SAFETY: a valid process handle of ours.
    match unsafe { WaitForSingleObject(raw(process), ms) } {
        WAIT_OBJECT_0 => {
            let mut code = 0u32;
            // SAFETY: a valid handle and out slot.
            if unsafe { GetExitCodeProcess(raw(process), &mut code) } == 0 {
                return Err(io::Error::last_os_error());
            }
            Ok(Some(code as i32))
        }
        WAIT_TIMEOUT => Ok(None),
        _ => Err(io::Error::last_os_error()),
    }
}

/// `process`'s exit code, once it has ended.
fn wait(process: &OwnedHandle) -> io::Result<i32> {
    exit_code(process, INFINITE)?.ok_or_else(|| io::Error::other("an endless wait ended"))
}

/// A view's own working folder (a build's), labelled Low for a run: it
/// outlives the run, so it goes back to Medium when dropped, and no later
/// run may write it.
struct Medium<'a>(Option<&'a Path>);

impl Drop for Medium<'_> {
    fn drop(&mut self) {
        if let Some(folder) = self.0 {
            let _ = label(folder, wide::MEDIUM);
        }
    }
}

/// Starts `prepared` suspended, in `job`, then lets it run; with it, why
/// writes outside its working folder are not blocked, if they are not.
/// `lowered`: its working folder was labelled Low.
fn launch(
    prepared: &mut Prepared,
    job: &Job,
    lowered: &mut bool,
) -> io::Result<(OwnedHandle, Option<String>)> {
    let cwd = prepared
        .command
        .get_current_dir()
        .map(Path::to_path_buf)
        .ok_or_else(|| io::Error::other("the command has no working folder"))?;
    let mut not_blocked = None;
    let mut started = None;
    match token() {
        Err(why) => not_blocked = Some(why.clone()),
        Ok(token) => {
            // A Low token needs its folder labelled; a token left at the
            // judge's level runs without, and says so.
            let ready = match &token.low {
                Err(why) => {
                    not_blocked = Some(why.clone());
                    true
                }
                Ok(()) => match label(&cwd, wide::LOW) {
                    Ok(()) => {
                        *lowered = true;
                        true
                    }
                    Err(why) => {
                        not_blocked = Some(why);
                        false
                    }
                },
            };
            if ready {
                match start_as(token, prepared) {
                    Ok(s) => started = Some(s),
                    Err(e) => {
                        let failed = format!("CreateProcessAsUserW: {e}");
                        not_blocked = Some(match not_blocked {
                            Some(why) => format!("{why}; {failed}"),
                            None => failed,
                        });
                    }
                }
            }
        }
    }
    let (process, thread) = match started {
        Some(Started { process, thread }) => (process, Some(thread)),
        None => {
            prepared
                .command
                .creation_flags(CREATE_SUSPENDED | CREATE_NO_WINDOW);
            (OwnedHandle::from(prepared.command.spawn()?), None)
        }
    };
    // SAFETY: both handles are valid and ours.
    if unsafe { AssignProcessToJobObject(job.handle(), raw(&process)) } == 0 {
        let e = io::Error::last_os_error();
        job.end();
        // SAFETY: a process of ours, still suspended.
        unsafe { TerminateProcess(raw(&process), KILLED) };
        return Err(io::Error::other(format!(
            "the program could not join its job: {e}"
        )));
    }
    let resumed = match &thread {
        // SAFETY: the suspended thread's own handle.
        Some(thread) if unsafe { ResumeThread(raw(thread)) } == u32::MAX => {
            Err(io::Error::last_os_error())
        }
        Some(_) => Ok(()),
        // SAFETY: a valid process handle.
        None => resume(unsafe { GetProcessId(raw(&process)) }),
    };
    if let Err(e) = resumed {
        job.end();
        return Err(e);
    }
    Ok((process, not_blocked))
}

impl Supervisor {
    /// What this machine's sandbox gives: a Job Object, at a low integrity
    /// level where the token could be lowered.
    pub fn isolation(&self) -> io::Result<Isolation> {
        let not_blocked = match token() {
            Ok(token) => token.low.clone().err(),
            Err(why) => Some(why.clone()),
        };
        Ok(Isolation::JobObject { not_blocked })
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
        let limits = &limits.on_test_cpu();
        let mut prepared = direct::prepare(program, args, stdin, view)?;
        let job = Job::new(limits)?;
        let start = Instant::now();
        let mut lowered = false;
        let launched = launch(&mut prepared, &job, &mut lowered);
        let _medium = Medium(view.work.as_deref().filter(|_| lowered));
        let (process, not_blocked) = launched?;
        let memory = limits.memory_kib.saturating_mul(1024);
        let mut ended_by = None;
        let code = loop {
            if let Some(code) = exit_code(&process, 0)? {
                break code;
            }
            let cpu = job.cpu().unwrap_or_default();
            let over = if cpu > limits.cpu {
                Some(End::CpuLimit)
            } else if start.elapsed() > limits.wall {
                Some(End::WallLimit)
            } else if job.peak_committed().max(process_peak(raw(&process))) > memory {
                Some(End::MemoryLimit)
            } else if direct::output_over(&prepared, limits) {
                Some(End::OutputLimit)
            } else {
                None
            };
            if let Some(end) = over {
                ended_by = Some(end);
                job.end();
                break wait(&process)?;
            }
            std::thread::sleep(POLL);
        };
        let wall = start.elapsed();
        let cpu = job.cpu().unwrap_or_default();
        let peak = job.peak_committed().max(process_peak(raw(&process)));
        // Whatever the program started and left running ends with it.
        job.end();
        let end = match ended_by {
            Some(end) => end,
            // Past the limit between two polls, or at the job's own backstop.
            None if cpu > limits.cpu => End::CpuLimit,
            None => End::Exit(code),
        };
        let isolation = Isolation::JobObject { not_blocked };
        let cpu = super::test_cpu_time(cpu);
        direct::finished(&mut prepared, end, cpu, wall, peak, isolation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use windows_sys::Win32::Security::{
        AddMandatoryAce, InitializeAcl, IsValidAcl, ACL, ACL_REVISION, CONTAINER_INHERIT_ACE,
        OBJECT_INHERIT_ACE,
    };
    use windows_sys::Win32::System::SystemServices::{
        SECURITY_MANDATORY_LOW_RID, SECURITY_MANDATORY_MEDIUM_RID,
        SYSTEM_MANDATORY_LABEL_NO_WRITE_UP,
    };

    /// This test binary run in the sandbox as the program: `probe write
    /// PATH` writes in its working folder (exit 3 if it cannot), then to
    /// PATH (exit 2 if it can, 0 if refused); `probe echo ARGS…` writes its
    /// arguments, working folder, `TEMP` and stdin, a line each.
    fn probe_run(words: &[&str], stdin: Option<&Input>) -> Run {
        let exe = std::env::current_exe().unwrap();
        let mut args: Vec<OsString> = ["--ignored", "--exact", "sandbox::windows::tests::probe"]
            .map(OsString::from)
            .into();
        args.extend(words.iter().map(OsString::from));
        let limits = Limits {
            cpu: Duration::from_secs(10),
            wall: Duration::from_secs(30),
            memory_kib: 512 << 10,
            output_bytes: 1 << 20,
            disk_bytes: 1 << 20,
            processes: 1,
            threads: super::super::THREADS,
            address_space: true,
        };
        let view = View {
            binds: Vec::new(),
            work: None,
        };
        Supervisor::of(&exe)
            .run(exe.as_os_str(), &args, stdin, &limits, &view)
            .unwrap()
    }

    #[test]
    #[ignore = "the program the tests beside it run in the sandbox"]
    fn probe() {
        let args: Vec<String> = std::env::args().collect();
        let Some(at) = args.iter().position(|a| a.ends_with("tests::probe")) else {
            return;
        };
        let code = match &args[at + 1..] {
            [what, path] if what == "write" => {
                if std::fs::write("inside.txt", "x").is_err() {
                    3
                } else if std::fs::write(path, "x").is_ok() {
                    2
                } else {
                    0
                }
            }
            [what, rest @ ..] if what == "echo" => {
                let mut out = String::new();
                for arg in rest {
                    out += &format!("arg: {arg}\n");
                }
                let cwd = std::env::current_dir().unwrap();
                out += &format!("cwd: {}\n", cwd.display());
                out += &format!("TEMP: {}\n", std::env::var("TEMP").unwrap_or_default());
                let mut input = String::new();
                std::io::stdin().read_to_string(&mut input).unwrap();
                out += &format!("stdin: {input}\n");
                // Past the test harness's capture, which print! goes through.
                std::io::stdout().write_all(out.as_bytes()).unwrap();
                std::io::stdout().flush().unwrap();
                0
            }
            _ => return,
        };
        std::process::exit(code);
    }

    #[test]
    fn a_program_writes_outside_its_folder_only_where_the_header_says() {
        let outside = tempfile::tempdir().unwrap();
        let target = outside.path().join("outside.txt");
        let run = probe_run(&["write", target.to_str().unwrap()], None);
        let header = run.isolation.to_string();
        // The spawn of our own worked, whatever the integrity level.
        assert!(!header.contains("CreateProcessAsUserW"), "{header}");
        match &run.isolation {
            Isolation::JobObject { not_blocked: None } => {
                assert_eq!(run.end, End::Exit(0), "{header}");
                assert!(!target.exists(), "{header}");
            }
            Isolation::JobObject {
                not_blocked: Some(why),
            } => {
                assert!(
                    header.contains(&format!(
                        "writes outside the working folder: not blocked ({why})"
                    )),
                    "{header}"
                );
                assert_eq!(run.end, End::Exit(2), "{header}");
                assert!(target.exists(), "{header}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn arguments_environment_and_stdin_reach_the_program() {
        let input = Input::new(b"530070000\n").unwrap();
        let words = ["echo", "two words", r#"say "hi""#, r"C:\dir\", r"a\\b"];
        let mut run = probe_run(&words, Some(&input));
        assert_eq!(
            run.end,
            End::Exit(0),
            "{:?}",
            String::from_utf8_lossy(&run.stderr)
        );
        let mut out = String::new();
        run.stdout.read_to_string(&mut out).unwrap();
        for word in &words[1..] {
            assert!(out.contains(&format!("arg: {word}\n")), "{word:?} in {out}");
        }
        let cwd = out.lines().find_map(|l| l.strip_prefix("cwd: ")).unwrap();
        let temp = out.lines().find_map(|l| l.strip_prefix("TEMP: ")).unwrap();
        assert_eq!(Path::new(temp), Path::new(cwd).join(".tmp"), "{out}");
        assert!(out.contains("stdin: 530070000\n"), "{out}");
    }

    #[test]
    fn the_label_acl_is_the_one_windows_builds() {
        assert_eq!(wide::LOW, SECURITY_MANDATORY_LOW_RID as u32);
        assert_eq!(wide::MEDIUM, SECURITY_MANDATORY_MEDIUM_RID as u32);
        let mut sid = wide::label_sid(wide::LOW);
        let mut built = [0u32; 7];
        let acl: *mut ACL = built.as_mut_ptr().cast();
        // SAFETY: a 28-byte, 4-aligned buffer for an ACL of that size, and
        // a valid SID; both live through the calls.
        let ok = unsafe {
            InitializeAcl(acl, 28, ACL_REVISION) != 0
                && AddMandatoryAce(
                    acl,
                    ACL_REVISION,
                    OBJECT_INHERIT_ACE | CONTAINER_INHERIT_ACE,
                    SYSTEM_MANDATORY_LABEL_NO_WRITE_UP,
                    sid.as_mut_ptr().cast(),
                ) != 0
        };
        assert!(ok, "{}", io::Error::last_os_error());
        let ours = wide::label_acl(wide::LOW);
        // SAFETY: the ACL's own bytes.
        assert!(unsafe { IsValidAcl(ours.0.as_ptr().cast()) } != 0);
        let built: Vec<u8> = built.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(built, ours.0);
    }
}
