//! Spawn, limit, measure, kill: the sandbox the judge and the trace run
//! programs in. It knows nothing of either, nor of Sudoku; it runs a
//! program on an input under limits and says how it ended, how much CPU
//! time and memory the whole process tree used, and where its output is.
//!
//! One interface, one implementation per operating system, each holding
//! what its OS offers and saying what it does not ([`Isolation`]'s text):
//!
//! - Linux ([`linux`](linux/mod.rs)): a supervisor process, pid, mount and
//!   network namespaces, seccomp, a user id per run, a memory cgroup;
//!   where namespaces are refused, a process group.
//! - macOS ([`macos`](macos.rs)): a process group and rlimits, CPU time and
//!   memory polled.
//! - Windows ([`windows`](windows.rs)): a Job Object (CPU time, memory,
//!   active processes, no desktop or clipboard, killed when the judge
//!   ends) and a low integrity level, its working folder the only one of
//!   the user's it may write.
//!
//! Only the Linux namespaces keep a program from the host's files, network
//! and user: elsewhere [`Isolation::holds_untrusted`] is false, and the
//! judge refuses a user's file unless its user vouches for it.

pub mod janitor;

#[cfg(unix)]
mod groups;
#[cfg(unix)]
pub use groups::{install_signal_handlers, process_exists};

#[cfg(target_os = "linux")]
mod linux;
#[cfg(target_os = "linux")]
pub use linux::supervisor_main;

#[cfg(not(target_os = "linux"))]
mod direct;

#[cfg(target_os = "macos")]
mod macos;
#[cfg(target_os = "macos")]
pub use macos::supervisor_main;

#[cfg(any(windows, test))]
mod wide;
#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub use windows::{install_signal_handlers, process_exists, supervisor_main};

#[cfg(not(any(target_os = "linux", target_os = "macos", windows)))]
compile_error!("the sandbox has an implementation for Linux, macOS and Windows only");

/// `sudoku sandbox …`: the hidden sub-command that is the supervisor.
pub const SUPERVISOR_COMMAND: &str = "sandbox";

/// `sudoku janitor`: the hidden sub-command that is a run's janitor.
pub const JANITOR_COMMAND: &str = "janitor";

/// `SUDOKU_SANDBOX=group` makes the Linux supervisor skip the namespaces, as
/// on a machine without them (for the tests of that fallback).
pub const FORCE_GROUP: &str = "SUDOKU_SANDBOX";

/// `SUDOKU_TEST_CPU_SCALE=S` makes this CPU stand for one `1/S` times as
/// fast, for the tests: every run's CPU limit is multiplied by `S` and the
/// CPU time it used is divided by it, so the verdicts, the times shown and
/// what ended a run are those of that CPU. `0.5` is a CPU twice as slow,
/// `2` one twice as fast. It stands for programs that do a fixed amount of
/// work: one that burns a fixed CPU time takes that time on any CPU, and a
/// test of one must keep its margin at every scale. Anything but a number
/// from 0.01 to 100 is ignored.
pub const TEST_CPU_SCALE: &str = "SUDOKU_TEST_CPU_SCALE";

/// [`TEST_CPU_SCALE`]'s factor, 1 when unset.
fn test_cpu_scale() -> f64 {
    static SCALE: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *SCALE.get_or_init(|| {
        std::env::var(TEST_CPU_SCALE)
            .ok()
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|s| (0.01..=100.0).contains(s))
            .unwrap_or(1.0)
    })
}

impl Limits {
    /// These limits on the CPU [`TEST_CPU_SCALE`] stands for.
    fn on_test_cpu(&self) -> Limits {
        Limits {
            cpu: self.cpu.mul_f64(test_cpu_scale()),
            ..*self
        }
    }
}

/// CPU time used on this machine, as the CPU [`TEST_CPU_SCALE`] stands for
/// would have used it.
fn test_cpu_time(used: Duration) -> Duration {
    used.div_f64(test_cpu_scale())
}

/// The most cases that can run at once (the judge's `--jobs` ceiling).
pub const MAX_RUNNING: usize = 64;

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::path::PathBuf;
use std::time::Duration;

/// The thread limit a run gets unless it says otherwise: room for a JVM's
/// own threads and a few hundred of the program's.
pub const THREADS: u32 = 512;

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time of the whole tree (user + sys).
    pub cpu: Duration,
    /// Wall clock, less time spent waiting for a CPU: the backstop for a
    /// program that sleeps.
    pub wall: Duration,
    /// Resident size of the whole tree, in KiB.
    pub memory_kib: u64,
    /// Bytes the program may write to any one file (its stdout and stderr are files).
    pub output_bytes: u64,
    /// Bytes the program may write to its private `/tmp`.
    pub disk_bytes: u64,
    /// Processes that may run at once, the program included (threads are
    /// not processes). 1: starting one ends the run.
    pub processes: u32,
    /// Threads of all its processes together (`RLIMIT_NPROC` of the run's
    /// own user id): a thread past it is refused, as `pthread_create`
    /// refuses it on a judge.
    pub threads: u32,
    /// Without a memory cgroup, also cap each process's address space at 4x
    /// the memory limit (`RLIMIT_AS`), plus a stack's reservation per
    /// thread of `threads`, so a program that allocates faster than the
    /// polling still stops. Off for runtimes that reserve large ranges up
    /// front (a JVM).
    pub address_space: bool,
}

/// What the program sees of the file system: a root of its own, the
/// system's folders read-only, `binds` (host path, path inside) read-only,
/// no network. A submission's run gets an empty `/tmp` as its working
/// directory; a build gets `work`, a host folder bound read-write at its
/// own path, instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Host path and where it appears, read-only.
    pub binds: Vec<(PathBuf, PathBuf)>,
    /// The working directory: a host folder seen at its own path and the
    /// only one the program may write besides its `/tmp`.
    pub work: Option<PathBuf>,
}

impl View {
    /// `path` as the host names it, where the program sees the host's own
    /// files: a bind's target prefix (`/box`) replaced by its source.
    pub fn host_path(&self, path: &std::path::Path) -> PathBuf {
        for (from, to) in &self.binds {
            if let Ok(rest) = path.strip_prefix(to) {
                return if rest.as_os_str().is_empty() {
                    from.clone()
                } else {
                    from.join(rest)
                };
            }
        }
        path.to_path_buf()
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// It exited with this code.
    Exit(i32),
    /// A signal the sandbox did not send killed it.
    Signal(i32),
    /// Killed when the tree's CPU time passed the limit.
    CpuLimit,
    /// Killed at the wall-clock backstop.
    WallLimit,
    /// Killed when the tree's resident size passed the limit.
    MemoryLimit,
    /// Stopped by `RLIMIT_FSIZE` (SIGXFSZ): it wrote more than the output limit.
    OutputLimit,
    /// It started more processes than allowed.
    ProcessLimit,
    /// The sandbox's init, its parent, was killed by this signal: only
    /// possible without namespaces, where the program can reach it.
    InitKilled(i32),
}

/// What kept the run apart from the rest of the machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// Pid, mount, network, ipc and uts namespaces; `user`: inside a user
    /// namespace (the judge is not root).
    Namespaces {
        /// In a user namespace of its own.
        user: bool,
    },
    /// Namespaces were refused: a process group, seccomp and rlimits only.
    ProcessGroup {
        /// Why namespaces could not be used.
        why: String,
    },
    /// macOS: a process group of its own and rlimits; CPU time, memory and
    /// processes polled.
    Rlimits,
    /// Windows: a Job Object holding CPU time, committed memory, the
    /// number of processes and the desktop, killed when the judge ends.
    JobObject {
        /// `None`: the program ran at a low integrity level, so of the
        /// user's folders it could write only its working folder;
        /// `Some(why)`: at the judge's own level, and why.
        not_blocked: Option<String>,
    },
}

impl Isolation {
    /// Whether a program nobody here wrote may run under it: only
    /// namespaces keep it from the host's files, network, processes and
    /// user. The rest (a process group, rlimits, a Job Object) is for the
    /// workspace's own programs, or a file its user vouches for.
    pub fn holds_untrusted(&self) -> bool {
        matches!(self, Isolation::Namespaces { .. })
    }

    /// What holds the run's memory, for the judge's header; `cgroup`: a
    /// memory cgroup of the run's own held it ([`Run::memory_cgroup`]).
    pub fn memory(&self, cgroup: bool) -> &'static str {
        match self {
            Isolation::Namespaces { .. } | Isolation::ProcessGroup { .. } if cgroup => {
                "a memory cgroup per run"
            }
            Isolation::Namespaces { .. } | Isolation::ProcessGroup { .. } => {
                "memory polled (no writable memory cgroup)"
            }
            Isolation::Rlimits => {
                "memory polled every millisecond (macOS enforces no address-space limit)"
            }
            Isolation::JobObject { .. } => "committed memory capped by the job",
        }
    }
}

impl fmt::Display for Isolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Isolation::Namespaces { user } => write!(
                f,
                "pid, mount and network namespaces{}, seccomp",
                if *user {
                    " (in a user namespace)"
                } else {
                    ", a user id per run"
                }
            ),
            Isolation::ProcessGroup { why } => write!(
                f,
                "a process group and seccomp only ({why}): the program sees the host's files and network, runs as the judge's user and may write outside its folder; it can signal only itself and its own processes, has no controlling terminal (the user's, opened by its name, takes its writes but no change of mode), and runs alone: one such run at a time for each user"
            ),
            Isolation::Rlimits => write!(
                f,
                "a process group and rlimits (CPU time, file size, processes; no sandbox-exec profile): the program sees the host's files and network, runs as the judge's user and may write outside its folder"
            ),
            Isolation::JobObject { not_blocked } => {
                write!(
                    f,
                    "a Job Object (CPU time, memory, active processes; no desktop, clipboard or global atoms; killed when the judge ends; no thread limit); writes outside the working folder: "
                )?;
                match not_blocked {
                    None => write!(
                        f,
                        "blocked by a low integrity level, but for folders labelled Low (AppData\\LocalLow, another run's): the program sees the host's files and network, as the judge's user"
                    ),
                    Some(why) => write!(
                        f,
                        "not blocked ({why}): the program sees the host's files and network, runs as the judge's user and may write wherever that user may"
                    ),
                }
            }
        }
    }
}

/// One finished run.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub end: End,
    /// CPU time of the tree, user + sys.
    pub cpu: Duration,
    /// Wall clock from spawn to exit.
    pub wall: Duration,
    /// Peak resident size in KiB: the polled tree, or the largest process's
    /// `ru_maxrss`, whichever is larger.
    pub peak_kib: u64,
    /// Its stdout, rewound to the start.
    pub stdout: File,
    /// Bytes it wrote to stdout.
    pub stdout_bytes: u64,
    /// The first 64 KiB of its stderr.
    pub stderr: Vec<u8>,
    /// Bytes it wrote to stderr.
    pub stderr_bytes: u64,
    /// Its private `/tmp` was full at the end.
    pub disk_full: bool,
    /// A memory cgroup of the run's own held the tree (else the polled limit alone).
    pub memory_cgroup: bool,
    /// What kept it apart.
    pub isolation: Isolation,
}

/// How much of stderr a run keeps.
const STDERR_KEPT: u64 = 64 << 10;

/// A case's input: a sealed memfd (no file on disk, and no run can change
/// it), opened afresh, read-only, as each run's stdin.
#[derive(Debug)]
pub struct Input {
    file: File,
    sealed: bool,
}

/// The supervisor: `program prefix… SPEC… -- PROGRAM ARGS…`.
#[derive(Clone, Debug)]
pub struct Supervisor {
    /// The executable (the `sudoku` binary).
    pub program: PathBuf,
    /// Arguments before the spec (`sandbox`).
    pub prefix: Vec<OsString>,
}

impl Supervisor {
    /// The supervisor of this program (`exe sandbox …`).
    pub fn of(exe: &std::path::Path) -> Supervisor {
        Supervisor {
            program: exe.to_path_buf(),
            prefix: vec![SUPERVISOR_COMMAND.into()],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_windows_header_says_whether_writes_outside_are_blocked() {
        let low = Isolation::JobObject { not_blocked: None }.to_string();
        assert!(
            low.contains("writes outside the working folder: blocked by a low integrity level"),
            "{low}"
        );
        assert!(
            low.contains("AppData\\LocalLow") && low.contains("no thread limit"),
            "{low}"
        );
        let why = "the token kept S-1-16-12288 when set to Low";
        let fallback = Isolation::JobObject {
            not_blocked: Some(why.into()),
        }
        .to_string();
        assert!(
            fallback.contains(&format!(
                "writes outside the working folder: not blocked ({why})"
            )),
            "{fallback}"
        );
        assert!(
            fallback.contains("may write wherever that user may"),
            "{fallback}"
        );
        for isolation in [
            Isolation::JobObject { not_blocked: None },
            Isolation::JobObject {
                not_blocked: Some(why.into()),
            },
        ] {
            assert!(
                !isolation.holds_untrusted(),
                "{isolation}: reads and network stay open"
            );
        }
    }

    #[test]
    fn a_view_path_becomes_the_host_path() {
        let view = View {
            binds: vec![(PathBuf::from("/host/build dir"), PathBuf::from("/box"))],
            work: None,
        };
        assert_eq!(
            view.host_path(std::path::Path::new("/box/main")),
            PathBuf::from("/host/build dir").join("main")
        );
        assert_eq!(
            view.host_path(std::path::Path::new("/box")),
            PathBuf::from("/host/build dir")
        );
        assert_eq!(
            view.host_path(std::path::Path::new("-O2")),
            PathBuf::from("-O2")
        );
    }
}
