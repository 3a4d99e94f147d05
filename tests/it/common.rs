//! Child processes for the tests: `run_with_input` for a small input and
//! its output, and `run_measured`, a child under a time limit and an
//! address-space cap with its own peak RSS (`ru_maxrss` from `wait4`), for
//! the tests that feed a command hostile or huge input, where the old
//! behaviour was to read without end.

#![allow(dead_code)] // each area uses part of it

use std::collections::BTreeMap;
use std::io::Read;
#[cfg(unix)]
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Peak RSS every command must stay under on hostile or huge input.
pub const RSS_LIMIT_KB: i64 = 64 * 1024;

/// How a measured child ended.
#[derive(Debug)]
pub struct Run {
    /// The exit code; None when a signal ended it (or the time limit did).
    pub code: Option<i32>,
    /// True when the time limit ran out and the child was killed.
    pub timed_out: bool,
    /// The child's own peak resident set, in KiB.
    pub max_rss_kb: i64,
    /// Bytes on stdout (all of them, or only their count with `count_only`).
    pub stdout: Vec<u8>,
    /// Lines on stdout.
    pub stdout_lines: usize,
    /// stderr as text.
    pub stderr: String,
    /// Wall time until it ended.
    pub elapsed: Duration,
    /// CPU time (user and system) of the child and of every descendant it
    /// waited for, from `wait4` (`None` on Windows).
    pub cpu: Option<Duration>,
}

/// Runs `cmd` with `input` written to its stdin (then closed) and returns
/// its exit code, stdout and stderr. For small inputs and outputs: the whole
/// input is written before the output is read.
///
/// # Panics
/// If the child cannot start, a signal ended it, or it wrote non-UTF-8.
pub fn run_with_input(mut cmd: Command, input: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A child may end (an error on its first line, say) before it has read
    // all it was given: the rest of the write is then a broken pipe, which
    // says nothing of the run; its exit code and output do.
    if let Err(e) = child.stdin.take().unwrap().write_all(input) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().expect("exited, not killed by a signal"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs `cmd` with `stdin`, stdout and stderr piped, killing it after
/// `timeout`. On Unix the child's address space is capped at 1 GiB so that
/// a program that reads without end fails fast instead of eating the machine
/// (macOS may refuse the cap: then the time limit alone holds it).
pub fn run_measured(mut cmd: Command, stdin: Stdio, timeout: Duration) -> Run {
    #[cfg(unix)]
    // SAFETY: setrlimit is async-signal-safe; nothing else runs in pre_exec.
    unsafe {
        cmd.pre_exec(|| {
            let cap = libc::rlimit {
                rlim_cur: 1 << 30,
                rlim_max: 1 << 30,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &cap) != 0 && cfg!(target_os = "linux") {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let start = Instant::now();
    // Reaped below (wait4 on Unix, for its rusage), also when it times out.
    #[allow(clippy::zombie_processes)]
    let mut child = cmd
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_thread = std::thread::spawn(move || {
        // Keep the first MB; count every line.
        let (mut kept, mut lines, mut buf) = (Vec::new(), 0, vec![0u8; 1 << 16]);
        loop {
            match out.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    lines += buf[..n].iter().filter(|&&b| b == b'\n').count();
                    if kept.len() < 1 << 20 {
                        kept.extend_from_slice(&buf[..n]);
                    }
                }
            }
        }
        (kept, lines)
    });
    let err_thread = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        text
    });
    let (code, timed_out, max_rss_kb, cpu) = wait_measured(&mut child, start, timeout);
    let elapsed = start.elapsed();
    let (stdout, stdout_lines) = out_thread.join().unwrap();
    let stderr = err_thread.join().unwrap();
    Run {
        code,
        timed_out,
        max_rss_kb,
        stdout,
        stdout_lines,
        stderr,
        elapsed,
        cpu,
    }
}

/// Waits for `child`, killing it after `timeout`: its exit code, whether
/// it timed out, its peak resident size in KiB, and the CPU time of it and
/// the descendants it waited for.
///
/// On Linux the peak is the child's own `VmHWM`, read every millisecond
/// while it runs: wait4's `ru_maxrss` also counts the memory of the test
/// process it was forked from (the kernel records the old address space's
/// peak at `exec`), which in one test binary is whatever other tests have
/// held. Elsewhere it is `ru_maxrss`.
#[cfg(unix)]
fn wait_measured(
    child: &mut std::process::Child,
    start: Instant,
    timeout: Duration,
) -> (Option<i32>, bool, i64, Option<Duration>) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut timed_out = false;
    let mut peak_kb = 0;
    loop {
        if cfg!(target_os = "linux") {
            peak_kb = peak_kb.max(vm_hwm_kb(pid));
        }
        // SAFETY: pid is our own child, not yet reaped.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        assert_eq!(r, 0, "wait4: {}", std::io::Error::last_os_error());
        if start.elapsed() > timeout && !timed_out {
            timed_out = true;
            // SAFETY: as above; the child is killed, then reaped by this loop.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let code = if libc::WIFEXITED(status) {
        Some(libc::WEXITSTATUS(status))
    } else {
        None
    };
    // macOS gives ru_maxrss in bytes.
    let rss = if cfg!(target_os = "linux") {
        peak_kb
    } else if cfg!(target_os = "macos") {
        usage.ru_maxrss / 1024
    } else {
        usage.ru_maxrss
    };
    let time = |tv: libc::timeval| {
        Duration::from_secs(tv.tv_sec.max(0) as u64)
            + Duration::from_micros(tv.tv_usec.max(0) as u64)
    };
    let cpu = time(usage.ru_utime) + time(usage.ru_stime);
    (code, timed_out, rss, Some(cpu))
}

/// The peak resident size of process `pid` since its `exec`, in KiB
/// (`VmHWM` of `/proc/PID/status`); 0 once it has exited.
#[cfg(unix)]
fn vm_hwm_kb(pid: libc::pid_t) -> i64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}

/// Waits for `child`, killing it after `timeout`: its exit code, whether
/// it timed out, and its peak working set in KiB.
#[cfg(windows)]
fn wait_measured(
    child: &mut std::process::Child,
    start: Instant,
    timeout: Duration,
) -> (Option<i32>, bool, i64, Option<Duration>) {
    use std::os::windows::io::AsRawHandle;
    use windows_sys::Win32::System::ProcessStatus::{
        K32GetProcessMemoryInfo, PROCESS_MEMORY_COUNTERS,
    };
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > timeout && !timed_out {
            timed_out = true;
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    // SAFETY: an all-zero counters structure is valid; cb says its size;
    // the handle stays valid until `child` is dropped.
    let peak = unsafe {
        let mut counters: PROCESS_MEMORY_COUNTERS = std::mem::zeroed();
        counters.cb = std::mem::size_of_val(&counters) as u32;
        K32GetProcessMemoryInfo(child.as_raw_handle() as _, &mut counters, counters.cb);
        counters.PeakWorkingSetSize as i64 / 1024
    };
    let code = if timed_out { None } else { status.code() };
    (code, timed_out, peak, None)
}

/// `/dev/zero` as stdin.
#[cfg(unix)]
pub fn dev_zero() -> Stdio {
    Stdio::from(std::fs::File::open("/dev/zero").unwrap())
}

/// Endless zero bytes as stdin (Windows has no `/dev/zero`): a pipe a thread
/// fills until the reader is gone.
#[cfg(windows)]
pub fn dev_zero() -> Stdio {
    use std::io::Write;
    let (reader, mut writer) = std::io::pipe().unwrap();
    std::thread::spawn(move || {
        let zeros = vec![0u8; 1 << 16];
        while writer.write_all(&zeros).is_ok() {}
    });
    Stdio::from(reader)
}

/// Whether `tool` runs here (`tool --version` starts), quietly; asked once
/// a run (the tests ask about the same few tools hundreds of times, and
/// `javac --version` alone starts a JVM).
pub fn installed(tool: &str) -> bool {
    static KNOWN: Mutex<BTreeMap<String, bool>> = Mutex::new(BTreeMap::new());
    if let Some(&found) = KNOWN.lock().unwrap_or_else(|e| e.into_inner()).get(tool) {
        return found;
    }
    let found = Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    KNOWN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(tool.to_string(), found);
    found
}

/// Whether `tool` runs here; when it does not, the calling test is to
/// return at once, and [`skip`] records why.
pub fn need(tool: &str) -> bool {
    let found = installed(tool);
    if !found {
        let how = match tool {
            "g++" | "gcc" => "a C and C++ compiler (apt-get install g++, Xcode's tools, MinGW)",
            "javac" | "java" => "a JDK 17 or later (apt-get install default-jdk)",
            "python3" => "Python 3 (python.org, apt-get install python3)",
            "node" => "Node.js (nodejs.org, apt-get install nodejs)",
            _ => "install it, or put it on PATH",
        };
        skip(&format!("no {tool} on PATH"), how);
    }
    found
}

/// Records that the calling test skips its checks for want of `what`
/// (`how`: how to get it), so that one line at the end of the run names
/// each missing thing once with the number of tests it skipped; a failure
/// instead when `SUDOKU_NO_SKIP` is set (as in CI). The test is to return
/// after calling it: libtest reports it as passed, the closing lines say
/// it was skipped (on Unix, after libtest's summary; elsewhere, when the
/// thing is first found missing).
pub fn skip(what: &str, how: &str) {
    assert!(
        std::env::var_os("SUDOKU_NO_SKIP").is_none(),
        "a test would be skipped ({what}), and SUDOKU_NO_SKIP is set"
    );
    let mut skipped = SKIPPED.lock().unwrap_or_else(|e| e.into_inner());
    if skipped.is_empty() {
        #[cfg(unix)]
        // SAFETY: registers a function that takes nothing and cannot unwind.
        unsafe {
            libc::atexit(say_skipped);
        }
    }
    match skipped.iter_mut().find(|(w, _, _)| w == what) {
        Some((_, _, n)) => *n += 1,
        None => {
            skipped.push((what.to_string(), how.to_string(), 1));
            // Elsewhere than Unix no exit hook is relied on: each missing
            // thing is named once, as it is first found missing (past the
            // harness's capture).
            #[cfg(not(unix))]
            {
                use std::io::Write;
                let _ = std::io::stderr()
                    .write_all(format!("skipped, tests with {what}; {how}\n").as_bytes());
            }
        }
    }
}

/// What [`skip`] recorded: what was missing, how to get it, how many tests.
static SKIPPED: std::sync::Mutex<Vec<(String, String, usize)>> = std::sync::Mutex::new(Vec::new());

/// Prints what [`skip`] recorded, after libtest's summary.
#[cfg(unix)]
extern "C" fn say_skipped() {
    let _ = std::panic::catch_unwind(|| {
        use std::io::Write;
        let skipped = SKIPPED.lock().unwrap_or_else(|e| e.into_inner());
        let tests: usize = skipped.iter().map(|(_, _, n)| n).sum();
        let mut text = format!(
            "skipped: {tests} of the tests above passed without their checks, for want of:\n"
        );
        for (what, how, n) in skipped.iter() {
            text += &format!("  {what}: {n} test(s); {how}\n");
        }
        let _ = std::io::stderr().write_all(text.as_bytes());
    });
}

/// Whether a judge run's text says every one of its `n` cases passed, a
/// TLE on a case harder than the real judge's data apart: how fast a
/// correct file is on such a case depends on the CPU, and the judge
/// reports that TLE apart without failing the run (`1/5 TLE (TLE
/// expected)`), so a test of a correct file accepts either.
pub fn all_pass(text: &str, n: usize) -> bool {
    text.contains(&format!("{n}/{n} AC"))
        || (1..n)
            .any(|tle| text.contains(&format!("{}/{n} AC, {tle}/{n} TLE (TLE expected)", n - tle)))
}

/// `SUDOKU_TEST_CPU_SCALE`'s factor as the sandbox reads it (1 when unset
/// or out of 0.01-100): a run's CPU time as shown is this machine's
/// divided by it, so a test comparing CPU time with wall-clock time
/// multiplies by it first.
pub fn cpu_scale() -> f64 {
    std::env::var("SUDOKU_TEST_CPU_SCALE")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| (0.01..=100.0).contains(s))
        .unwrap_or(1.0)
}

/// Runs `each` on every item of `work`, two at a time, in the order given:
/// a test whose items are independent runs (a build and a judge, a trace)
/// keeps both cores busy when it is the last test left running. A panic in
/// `each` fails the test once the items under way have finished.
pub fn two_at_a_time<T: Sync>(work: &[T], each: impl Fn(&T) + Sync) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(item) = work.get(i) else {
                    break;
                };
                each(item);
            });
        }
    });
}
