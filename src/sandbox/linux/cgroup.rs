//! A memory cgroup per run, where the machine lets the judge make one: a
//! hard limit on the whole tree's memory (anonymous pages, tmpfs, kernel
//! memory) that no allocation, however fast, gets past between two polls.
//! The kernel's OOM killer ends the run at the limit, and the cgroup's
//! `oom_kill` count says so (MLE). Made under the judge's own cgroup (v1's
//! memory hierarchy, or v2 where the memory controller is delegated) and
//! removed after the run; where neither is writable (not root, a container)
//! the run goes on with the polled limit alone, and the report says which.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One run's memory cgroup.
#[derive(Debug)]
pub struct MemoryCgroup {
    dir: PathBuf,
    v2: bool,
}

static MADE: AtomicUsize = AtomicUsize::new(0);

/// Where this process's memory cgroup is: the folder, and whether it is v2.
fn own_cgroup() -> Option<(PathBuf, bool)> {
    let table = fs::read_to_string("/proc/self/cgroup").ok()?;
    for line in table.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let path = path.trim_start_matches('/');
        if controllers.split(',').any(|c| c == "memory") {
            let dir = Path::new("/sys/fs/cgroup/memory").join(path);
            if dir.join("memory.limit_in_bytes").exists() {
                return Some((dir, false));
            }
        }
        if controllers.is_empty() {
            let dir = Path::new("/sys/fs/cgroup").join(path);
            let delegated = fs::read_to_string(dir.join("cgroup.subtree_control"))
                .is_ok_and(|c| c.split_whitespace().any(|w| w == "memory"));
            if delegated {
                return Some((dir, true));
            }
        }
    }
    None
}

impl MemoryCgroup {
    /// A fresh cgroup under this process's own, limited to `limit_bytes`;
    /// `Err` says why there is none.
    pub fn create(limit_bytes: u64) -> Result<MemoryCgroup, String> {
        let (parent, v2) = own_cgroup().ok_or("no writable memory cgroup")?;
        let n = MADE.fetch_add(1, Ordering::SeqCst);
        // SAFETY: getpid has no preconditions.
        let pid = unsafe { libc::getpid() };
        let dir = parent.join(format!("sudoku-{pid}-{n}"));
        fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let group = MemoryCgroup { dir, v2 };
        let limit = limit_bytes.to_string();
        let set = if v2 {
            group
                .write("memory.max", &limit)
                .and_then(|()| group.write("memory.swap.max", "0"))
        } else {
            group.write("memory.limit_in_bytes", &limit)
        };
        set.map_err(|e| format!("{}: {e}", group.dir.display()))?;
        Ok(group)
    }

    fn write(&self, file: &str, value: &str) -> io::Result<()> {
        fs::write(self.dir.join(file), value)
    }

    fn read(&self, file: &str) -> Option<String> {
        fs::read_to_string(self.dir.join(file)).ok()
    }

    /// Moves process `pid` (and what it starts after) into the cgroup.
    pub fn add(&self, pid: libc::pid_t) -> io::Result<()> {
        self.write("cgroup.procs", &pid.to_string())
    }

    /// The most memory the cgroup held, in KiB, where the kernel says.
    pub fn peak_kib(&self) -> Option<u64> {
        let file = if self.v2 {
            "memory.peak"
        } else {
            "memory.max_usage_in_bytes"
        };
        let bytes: u64 = self.read(file)?.trim().parse().ok()?;
        Some(bytes >> 10)
    }

    /// Whether the kernel killed a process of the cgroup at its limit.
    pub fn oom_killed(&self) -> bool {
        let file = if self.v2 {
            "memory.events"
        } else {
            "memory.oom_control"
        };
        self.read(file).is_some_and(|text| {
            text.lines()
                .filter_map(|l| l.strip_prefix("oom_kill "))
                .any(|n| n.trim().parse::<u64>().is_ok_and(|n| n > 0))
        })
    }
}

/// Removes the cgroups a supervisor of pid `pid` made and could not remove
/// itself (it was killed): for the janitor, once their processes are gone.
pub fn remove_left_by(pid: libc::pid_t) {
    let Some((parent, _)) = own_cgroup() else {
        return;
    };
    let Ok(entries) = fs::read_dir(&parent) else {
        return;
    };
    let prefix = format!("sudoku-{pid}-");
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with(&prefix) {
            drop(MemoryCgroup {
                dir: entry.path(),
                v2: false,
            });
        }
    }
}

impl Drop for MemoryCgroup {
    /// Removes the cgroup once its last process is gone (reaped
    /// processes can take a moment to leave it).
    fn drop(&mut self) {
        for _ in 0..200 {
            if fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}
