//! The janitor (`sudoku janitor`): a small process a judge run starts once,
//! in a session of its own (so Ctrl-C on the terminal's group does not
//! reach it), that outlives the judge by a moment. The judge tells it, on a
//! pipe, each named temporary path it makes (a build's staging folder) and
//! each process group it starts outside a pid namespace; when the pipe
//! closes, however the judge ended (exit, Ctrl-C, SIGKILL), the janitor
//! kills those groups, removes those paths and the memory cgroups the
//! groups' supervisors made, then exits. A path or group
//! the judge cleaned up itself is struck off first.
//!
//! Records on its stdin: `+p PATH\0`, `-p PATH\0`, `+g PGID\0`, `-g PGID\0`.
//!
//! On Windows there are no process groups to record (a run's Job Object
//! ends with the judge's handle to it); the janitor starts in a console
//! process group of its own, out of Ctrl-C's reach, and removes the paths.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::{self, BufRead, Write};
#[cfg(unix)]
use std::os::unix::process::CommandExt;
#[cfg(windows)]
use std::os::windows::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::{Mutex, OnceLock};

/// The pipe to this run's janitor, once started.
static PIPE: OnceLock<Mutex<io::PipeWriter>> = OnceLock::new();

/// Starts this run's janitor (once; later calls do nothing). `exe` is this
/// program. Without a janitor, tracking does nothing.
pub fn start(exe: &Path) -> io::Result<()> {
    if PIPE.get().is_some() {
        return Ok(());
    }
    let (read, write) = io::pipe()?;
    let mut cmd = Command::new(exe);
    cmd.arg(super::JANITOR_COMMAND)
        .stdin(Stdio::from(read))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    #[cfg(unix)]
    // SAFETY: setsid is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    #[cfg(windows)]
    cmd.creation_flags(windows_sys::Win32::System::Threading::CREATE_NEW_PROCESS_GROUP);
    // Not waited for: it ends on its own when the pipe closes, and init reaps it.
    cmd.spawn()?;
    let _ = PIPE.set(Mutex::new(write));
    Ok(())
}

fn send(kind: &[u8], what: &[u8]) {
    if let Some(pipe) = PIPE.get() {
        if let Ok(mut pipe) = pipe.lock() {
            let mut record = kind.to_vec();
            record.extend_from_slice(what);
            record.push(0);
            let _ = pipe.write_all(&record);
        }
    }
}

/// Removes `path` (a file or a folder) if the run ends before [`untrack`].
pub fn track(path: &Path) {
    send(b"+p ", path.as_os_str().as_encoded_bytes());
}

/// `path` is gone or kept on purpose.
pub fn untrack(path: &Path) {
    send(b"-p ", path.as_os_str().as_encoded_bytes());
}

/// Kills process group `pgid` if the run ends before [`untrack_group`].
pub fn track_group(pgid: i32) {
    send(b"+g ", pgid.to_string().as_bytes());
}

/// The group has ended.
pub fn untrack_group(pgid: i32) {
    send(b"-g ", pgid.to_string().as_bytes());
}

/// The janitor's side: reads records until the pipe closes, then cleans up.
pub fn janitor_main() -> ExitCode {
    #[cfg(unix)]
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGPIPE] {
        // SAFETY: ignoring a signal has no memory-safety preconditions.
        unsafe { libc::signal(sig, libc::SIG_IGN) };
    }
    let mut paths: BTreeSet<PathBuf> = BTreeSet::new();
    let mut groups: BTreeSet<i32> = BTreeSet::new();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut record = Vec::new();
    loop {
        record.clear();
        match input.read_until(0, &mut record) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if record.last() == Some(&0) {
            record.pop();
        }
        let (kind, rest) = record.split_at(record.len().min(3));
        let rest = rest.to_vec();
        match kind {
            b"+p " => {
                paths.insert(path_of(rest));
            }
            b"-p " => {
                paths.remove(&path_of(rest));
            }
            b"+g " | b"-g " => {
                let Some(pgid) = std::str::from_utf8(&rest).ok().and_then(|s| s.parse().ok())
                else {
                    continue;
                };
                if kind[0] == b'+' {
                    groups.insert(pgid);
                } else {
                    groups.remove(&pgid);
                }
            }
            _ => {}
        }
    }
    #[cfg(unix)]
    for &pgid in &groups {
        if pgid > 1 {
            // SAFETY: kill has no memory-safety preconditions.
            unsafe { libc::kill(-pgid, libc::SIGKILL) };
        }
    }
    // A group's leader is a supervisor: its memory cgroups, once empty.
    #[cfg(target_os = "linux")]
    for &pgid in &groups {
        super::linux::cgroup::remove_left_by(pgid);
    }
    for path in paths {
        let _ = std::fs::remove_dir_all(&path).or_else(|_| std::fs::remove_file(&path));
    }
    ExitCode::SUCCESS
}

/// A path as [`track`] sent it.
fn path_of(bytes: Vec<u8>) -> PathBuf {
    // SAFETY: the bytes are `as_encoded_bytes` of a path, sent by the judge,
    // which is this same program (the same Rust version and target).
    PathBuf::from(unsafe { OsString::from_encoded_bytes_unchecked(bytes) })
}
