//! Child processes for the tests: `run_with_input` for a small input and
//! its output, and `run_measured`, a child under a time limit and an
//! address-space cap with its own peak RSS (`ru_maxrss` from `wait4`), for
//! the tests that feed a command hostile or huge input, where the old
//! behaviour was to read without end.

#![allow(dead_code)] // each test file uses part of it

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
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
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().expect("exited, not killed by a signal"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs `cmd` with `stdin`, stdout and stderr piped, killing it after
/// `timeout`. The child's address space is capped at 1 GiB so that a
/// program that reads without end fails fast instead of eating the machine.
pub fn run_measured(mut cmd: Command, stdin: Stdio, timeout: Duration) -> Run {
    // SAFETY: setrlimit is async-signal-safe; nothing else runs in pre_exec.
    unsafe {
        cmd.pre_exec(|| {
            let cap = libc::rlimit {
                rlim_cur: 1 << 30,
                rlim_max: 1 << 30,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &cap) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let start = Instant::now();
    // Reaped below by wait4 on its pid, which also gives its rusage.
    #[allow(clippy::zombie_processes)]
    let mut child = cmd
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let pid = child.id() as libc::pid_t;
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
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut timed_out = false;
    loop {
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
        std::thread::sleep(Duration::from_millis(5));
    }
    let elapsed = start.elapsed();
    let (stdout, stdout_lines) = out_thread.join().unwrap();
    let stderr = err_thread.join().unwrap();
    let code = if libc::WIFEXITED(status) {
        Some(libc::WEXITSTATUS(status))
    } else {
        None
    };
    Run {
        code,
        timed_out,
        max_rss_kb: usage.ru_maxrss,
        stdout,
        stdout_lines,
        stderr,
        elapsed,
    }
}

/// `/dev/zero` as stdin.
pub fn dev_zero() -> Stdio {
    Stdio::from(std::fs::File::open("/dev/zero").unwrap())
}
