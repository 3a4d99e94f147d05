//! A memory cgroup per run, where the machine lets the judge make one: a
//! hard limit on the whole tree's memory (anonymous pages, tmpfs, kernel
//! memory) that no allocation, however fast, gets past between two polls.
//! The kernel's OOM killer ends the run at the limit, and the cgroup's
//! `oom_kill` count says so (MLE). Made under the judge's own cgroup (v1's
//! memory hierarchy, or v2 where the memory controller is delegated) and
//! removed after the run; where neither is writable (not root, a container)
//! the run goes on with the polled limit alone, and the report says which.
//!
//! Beside it, the tree's CPU time: v2's `cpu.stat` of the same cgroup, or
//! a cgroup of v1's `cpuacct` hierarchy, made and removed the same way. It
//! counts every process the program starts, those the kernel reaps
//! unwaited (a parent that ignores `SIGCHLD`) included.
//!
//! Only the program and what it starts join them (it writes `0` to their
//! `cgroup.procs` before its `exec`): the sandbox's init stays outside,
//! so its own time is not the program's and the OOM killer cannot pick it.

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

/// Where this process's `cpuacct` cgroup of v1 is.
fn own_cpuacct() -> Option<PathBuf> {
    let table = fs::read_to_string("/proc/self/cgroup").ok()?;
    table.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        if !controllers.split(',').any(|c| c == "cpuacct") {
            return None;
        }
        let dir = Path::new("/sys/fs/cgroup/cpuacct").join(path.trim_start_matches('/'));
        dir.join("cpuacct.usage").exists().then_some(dir)
    })
}

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

    /// Its `cgroup.procs`, open for writing: the process that writes `0`
    /// to it joins, and what it starts after.
    pub fn procs(&self) -> io::Result<fs::File> {
        fs::OpenOptions::new()
            .write(true)
            .open(self.dir.join("cgroup.procs"))
    }

    /// Where v2 counts the cgroup's CPU time (`cpu.stat`, in every
    /// cgroup of v2); `None` on v1.
    pub fn cpu_stat(&self) -> Option<PathBuf> {
        self.v2.then(|| self.dir.join("cpu.stat"))
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

/// A cgroup of v1's `cpuacct` hierarchy of the run's own, counting the
/// tree's CPU time (v2 counts it in the memory cgroup's `cpu.stat`).
#[derive(Debug)]
pub struct CpuCgroup {
    dir: PathBuf,
}

impl CpuCgroup {
    /// A fresh `cpuacct` cgroup under this process's own; `Err` says why
    /// there is none.
    pub fn create() -> Result<CpuCgroup, String> {
        let parent = own_cpuacct().ok_or("no writable cpuacct cgroup")?;
        let n = MADE.fetch_add(1, Ordering::SeqCst);
        // SAFETY: getpid has no preconditions.
        let pid = unsafe { libc::getpid() };
        let dir = parent.join(format!("sudoku-{pid}-{n}"));
        fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(CpuCgroup { dir })
    }

    /// Its `cgroup.procs`, open for writing (as [`MemoryCgroup::procs`]).
    pub fn procs(&self) -> io::Result<fs::File> {
        fs::OpenOptions::new()
            .write(true)
            .open(self.dir.join("cgroup.procs"))
    }

    /// Where it counts its CPU time (`cpuacct.usage`, in nanoseconds).
    pub fn usage(&self) -> PathBuf {
        self.dir.join("cpuacct.usage")
    }
}

impl Drop for CpuCgroup {
    fn drop(&mut self) {
        remove_when_empty(&self.dir);
    }
}

/// The CPU time a cgroup's usage file says: v1's `cpuacct.usage`
/// (nanoseconds) or v2's `cpu.stat` (`usage_usec`).
pub fn read_usage(file: &fs::File) -> Option<std::time::Duration> {
    use std::os::unix::fs::FileExt;
    let mut buf = [0u8; 512];
    let n = file.read_at(&mut buf, 0).ok()?;
    let text = std::str::from_utf8(&buf[..n]).ok()?;
    parse_usage(text)
}

fn parse_usage(text: &str) -> Option<std::time::Duration> {
    match text.lines().find_map(|l| l.strip_prefix("usage_usec ")) {
        Some(usec) => Some(std::time::Duration::from_micros(usec.trim().parse().ok()?)),
        None => Some(std::time::Duration::from_nanos(text.trim().parse().ok()?)),
    }
}

/// What the program's process does with the run's cgroups before its
/// `exec`, held open by init: join them, and where init reads the tree's
/// CPU time.
#[derive(Debug, Default)]
pub struct Joining {
    /// The `cgroup.procs` of each cgroup the program joins.
    pub procs: Vec<fs::File>,
    /// The memory cgroup is among them.
    pub memory: bool,
    /// The tree's CPU time, where a cgroup counts it.
    pub cpu_usage: Option<fs::File>,
}

impl Joining {
    /// The files of `memory` and `cpu` (either may be missing, or fail to
    /// open, and is then left out).
    pub fn of(memory: Option<&MemoryCgroup>, cpu: Option<&CpuCgroup>) -> Joining {
        let mut joining = Joining::default();
        if let Some(group) = memory {
            if let Ok(procs) = group.procs() {
                joining.procs.push(procs);
                joining.memory = true;
                joining.cpu_usage = group.cpu_stat().and_then(|f| fs::File::open(f).ok());
            }
        }
        if let Some(group) = cpu {
            if let (Ok(procs), Ok(usage)) = (group.procs(), fs::File::open(group.usage())) {
                joining.procs.push(procs);
                joining.cpu_usage = Some(usage);
            }
        }
        joining
    }
}

/// Removes the cgroups a supervisor of pid `pid` made and could not remove
/// itself (it was killed): for the janitor, once their processes are gone.
pub fn remove_left_by(pid: libc::pid_t) {
    let parents = own_cgroup()
        .map(|(dir, _)| dir)
        .into_iter()
        .chain(own_cpuacct());
    let prefix = format!("sudoku-{pid}-");
    for parent in parents {
        let Ok(entries) = fs::read_dir(&parent) else {
            continue;
        };
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(&prefix) {
                remove_when_empty(&entry.path());
            }
        }
    }
}

impl Drop for MemoryCgroup {
    fn drop(&mut self) {
        remove_when_empty(&self.dir);
    }
}

/// Removes a cgroup once its last process is gone (reaped processes can
/// take a moment to leave it).
fn remove_when_empty(dir: &Path) {
    for _ in 0..200 {
        if fs::remove_dir(dir).is_ok() || !dir.exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_reads_v1_nanoseconds_and_v2_microseconds() {
        assert_eq!(
            parse_usage("1234567890\n"),
            Some(std::time::Duration::from_nanos(1_234_567_890))
        );
        assert_eq!(
            parse_usage("usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n"),
            Some(std::time::Duration::from_micros(2_500_000))
        );
        assert_eq!(parse_usage(""), None);
    }
}
