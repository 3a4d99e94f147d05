//! A user id of its own for each run that is live at once, when the judge
//! is root: a run's per-user limits (`RLIMIT_NPROC`, the threads), its
//! files and its kernel objects are then its own, whatever else runs
//! beside it, in this judge or in another.
//!
//! ```text
//! /run/sudoku-workspace-uids/   root's, 0700
//!   17                          held (flock) by the supervisor of the run
//!                               that is user 2000000017, for as long as it lives
//! ```
//!
//! A slot is free when no live process holds its lock: a supervisor that
//! is killed frees its slot with its last descriptor, and every process of
//! its run is gone by then (they die with init, and init with it).

use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// Where the locks are.
const DIR: &str = "/run/sudoku-workspace-uids";

/// The first id handed out; no system or desktop account is this high.
const BASE: u32 = 2_000_000_000;

/// How many runs can hold an id at once (far above the judge's `--jobs`
/// ceiling, for several judges at once).
const SLOTS: u32 = 4096;

/// One run's user id, held until dropped.
#[derive(Debug)]
pub struct RunUid {
    /// The id.
    pub uid: u32,
    _lock: File,
}

/// A free id, locked for this process (and what it forks) until dropped.
pub fn allocate() -> io::Result<RunUid> {
    let dir = Path::new(DIR);
    match std::fs::create_dir(dir) {
        Ok(()) => {
            std::fs::set_permissions(dir, std::os::unix::fs::PermissionsExt::from_mode(0o700))?
        }
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(io::Error::new(e.kind(), format!("{DIR}: {e}"))),
    }
    let meta = std::fs::symlink_metadata(dir)?;
    if !meta.is_dir() || meta.uid() != 0 || meta.mode() & 0o022 != 0 {
        return Err(io::Error::other(format!(
            "{DIR} is not a folder only root may write"
        )));
    }
    // SAFETY: getpid has no preconditions.
    let start = unsafe { libc::getpid() } as u32 % SLOTS;
    for i in 0..SLOTS {
        let slot = (start + i) % SLOTS;
        let path = sys_path(slot);
        // SAFETY: a valid NUL-terminated path; the flags are plain bits.
        let fd = unsafe {
            libc::open(
                path.as_ptr(),
                libc::O_RDWR | libc::O_CREAT | libc::O_CLOEXEC | libc::O_NOFOLLOW,
                0o600,
            )
        };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fd was just opened and is ours alone.
        let file = unsafe { File::from_raw_fd(fd) };
        // SAFETY: flock on our own descriptor.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
            return Ok(RunUid {
                uid: BASE + slot,
                _lock: file,
            });
        }
    }
    Err(io::Error::other(format!(
        "all {SLOTS} run user ids are in use"
    )))
}

fn sys_path(slot: u32) -> std::ffi::CString {
    std::ffi::CString::new(format!("{DIR}/{slot}")).expect("no NUL in a number")
}
