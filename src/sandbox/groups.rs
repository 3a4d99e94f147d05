//! The process groups of the running cases, killed on SIGINT and SIGTERM
//! (Linux and macOS: each run is a process group of its own).

use super::MAX_RUNNING;
use std::sync::atomic::{AtomicI32, Ordering};

/// The process groups of the cases being run (0 = a free slot), for the
/// signal handler: one slot per case the judge runs at once.
static RUNNING_GROUPS: [AtomicI32; MAX_RUNNING] = [const { AtomicI32::new(0) }; MAX_RUNNING];

/// Records `group` in a free slot; the slot is freed by [`forget_group`].
pub(super) fn remember_group(group: libc::pid_t) -> Option<usize> {
    RUNNING_GROUPS.iter().position(|slot| {
        slot.compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

pub(super) fn forget_group(slot: Option<usize>) {
    if let Some(i) = slot {
        RUNNING_GROUPS[i].store(0, Ordering::SeqCst);
    }
}

extern "C" fn on_signal(sig: libc::c_int) {
    // SAFETY: kill and _exit are async-signal-safe; nothing here allocates.
    unsafe {
        for slot in &RUNNING_GROUPS {
            let group = slot.load(Ordering::SeqCst);
            if group > 0 {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        libc::_exit(128 + sig);
    }
}

/// On SIGINT (Ctrl-C) or SIGTERM, kill every running case's process group and
/// exit 128 + the signal (130, 143). Call once, before the first run.
pub fn install_signal_handlers() {
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: an all-zero sigaction is valid; the handler only calls
        // async-signal-safe functions.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as *const () as usize;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
    }
}

/// Whether process `pid` still exists.
pub fn process_exists(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: kill with signal 0 only checks the process exists.
    unsafe { libc::kill(pid, 0) == 0 }
}
