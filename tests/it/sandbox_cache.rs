//! The judge's own files tried adversarially: the build cache another user
//! made first or sits below, the cargo config a user plants above it, the
//! headers and source a contestant links or swaps, `--watch` on links,
//! FIFOs and huge files, and judges at once in separate pid namespaces on
//! one cache. Each test says what is tried and what must hold; the judges
//! run inside a throwaway pid namespace (`unshare`) where the attack runs
//! code, and a test skips (through [`common::skip`]) where this is not
//! root or lacks a tool.

#![cfg(target_os = "linux")]

use crate::common;
use std::io::{BufRead, BufReader};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SUDOKU: &str = env!("CARGO_BIN_EXE_sudoku");

/// A small C++ stdin program for Lanqiao that echoes its input: WA, quickly
/// built. `tag` makes its text (and so its build) differ.
fn echo_cpp(tag: &str) -> String {
    format!(
        "#include <cstdio>\nint main() {{ char s[16]; for (int i = 0; i < 9; i++) if (scanf(\"%15s\", s) == 1) puts(s); return 0; }}\n// {tag}\n"
    )
}

/// A fresh folder for `test`, its mode `mode`.
fn scratch(test: &str, mode: u32) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("sandbox_cache")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(mode)).unwrap();
    dir
}

/// Whether the tests run as root (the attacks of another user need a user
/// to drop to, and `unshare` needs root); the calling test skips otherwise.
fn as_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    if !root {
        common::skip(
            "not root",
            "run the tests as root for the attacks of another user",
        );
    }
    root
}

/// `sudoku ARGS` inside a throwaway pid namespace, in `dir`, with `env`
/// set and `unset` removed (unless `env` sets it): its exit code and stdout then stderr.
fn contained(dir: &Path, args: &[&str], env: &[(&str, &str)], unset: &[&str]) -> (i32, String) {
    let mut cmd = Command::new("unshare");
    cmd.args(["--fork", "--pid", "--mount-proc", SUDOKU])
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .envs(env.iter().copied());
    for name in unset.iter().filter(|n| !env.iter().any(|(k, _)| k == *n)) {
        cmd.env_remove(name);
    }
    let run = common::run_measured(cmd, Stdio::null(), Duration::from_secs(600));
    assert!(
        !run.timed_out,
        "sudoku {args:?} did not end: {}",
        run.stderr
    );
    let text = String::from_utf8_lossy(&run.stdout).into_owned() + &run.stderr;
    (run.code.unwrap_or(-1), text)
}

/// Gives `path` (not followed) to user 65534, the other user.
fn give_away(path: &Path) {
    std::os::unix::fs::lchown(path, Some(65534), Some(65534)).unwrap();
}

/// A file of `len` bytes that takes no room (a hole).
fn sparse(path: &Path, len: u64) {
    std::fs::File::create(path).unwrap().set_len(len).unwrap();
}

/// A FIFO at `path`.
fn fifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

#[test]
fn crates_are_built_where_no_cargo_config_planted_above_runs() {
    if !as_root() || !common::need("unshare") || !common::need("cargo") {
        return;
    }
    // A shared folder as /tmp is (sticky, everyone writes), the cache in it,
    // and another user's cargo config above the cache naming a wrapper.
    let shared = scratch("cargo-config", 0o1777);
    let script = |name: &str, marker: &str| {
        let path = shared.join(name);
        std::fs::write(
            &path,
            format!(
                "#!/bin/sh\ntouch {}\nexec \"$@\"\n",
                shared.join(marker).display()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    };
    let planted = script("wrap.sh", "WRAPPED_BY_CONFIG");
    let from_env = script("env-wrap.sh", "WRAPPED_BY_ENV");
    std::fs::create_dir_all(shared.join(".cargo")).unwrap();
    std::fs::write(
        shared.join(".cargo/config.toml"),
        format!(
            "[build]\nrustc-wrapper = \"{}\"\n[env]\nSUDOKU_PLANTED = \"1\"\n",
            planted.display()
        ),
    )
    .unwrap();
    give_away(&shared.join(".cargo/config.toml"));
    give_away(&shared.join(".cargo"));
    let file = shared.join("lc37_rand.rs");
    std::fs::write(
        &file,
        "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        let _ = rand::random::<u8>();\n        let _ = board;\n    }\n}\n",
    )
    .unwrap();
    let cache = shared.join("cache");
    let wrapper = from_env.to_str().unwrap();
    let (code, text) = contained(
        &shared,
        &[
            "judge",
            file.to_str().unwrap(),
            "--fixture",
            "leetcode_example",
        ],
        &[
            ("SUDOKU_CACHE_DIR", cache.to_str().unwrap()),
            ("RUSTC_WRAPPER", wrapper),
            ("CARGO_BUILD_RUSTC_WRAPPER", wrapper),
        ],
        &[],
    );
    assert!(
        !shared.join("WRAPPED_BY_CONFIG").exists(),
        "the planted config's wrapper ran as root: {text}"
    );
    assert!(
        !shared.join("WRAPPED_BY_ENV").exists(),
        "RUSTC_WRAPPER from the environment ran: {text}"
    );
    if text.contains("not judged here") {
        common::skip(
            "crates.io (rand 0.8.5 for LeetCode's Rust)",
            "run once with network, or with rand 0.8.5 in ~/.cargo/registry",
        );
        return;
    }
    assert_eq!(code, 1, "built and judged (WA): {text}");
    assert!(text.contains("WA"), "{text}");
}

#[test]
fn a_cache_folder_another_user_made_first_is_refused() {
    if !as_root() || !common::need("unshare") || !common::need("g++") {
        return;
    }
    // No HOME: the cache is TMPDIR/sudoku-workspace-0/sudoku-workspace.
    // Another user made the first folder (0777) and put a link at the second,
    // to a folder of theirs.
    let tmp = scratch("taken-cache", 0o1777);
    let theirs = tmp.join("sudoku-workspace-0");
    let loot = tmp.join("loot");
    for dir in [&theirs, &loot] {
        std::fs::create_dir(dir).unwrap();
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o777)).unwrap();
        give_away(dir);
    }
    std::os::unix::fs::symlink(&loot, theirs.join("sudoku-workspace")).unwrap();
    give_away(&theirs.join("sudoku-workspace"));
    let work = scratch("taken-cache-file", 0o755);
    let file = work.join("lanqiao_private.cpp");
    std::fs::write(&file, echo_cpp("PRIVATE-TEXT")).unwrap();
    let judge = |env: &[(&str, &str)]| {
        contained(
            &work,
            &["judge", file.to_str().unwrap(), "--fixture", "sample1"],
            env,
            &["HOME", "XDG_CACHE_HOME", "SUDOKU_CACHE_DIR"],
        )
    };
    let (code, text) = judge(&[("TMPDIR", tmp.to_str().unwrap())]);
    let written: Vec<_> = std::fs::read_dir(&loot).unwrap().flatten().collect();
    assert!(
        written.is_empty(),
        "the judge wrote into another user's folder: {written:?}; {text}"
    );
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("sudoku-workspace-0, which belongs to another user (uid 65534)"),
        "{text}"
    );
    // Their folder without the link: the judge's own folder inside it
    // would be theirs to rename and replace.
    std::fs::remove_file(theirs.join("sudoku-workspace")).unwrap();
    let (code, text) = judge(&[("TMPDIR", tmp.to_str().unwrap())]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("sudoku-workspace-0, which belongs to another user (uid 65534)"),
        "{text}"
    );
    assert!(!theirs.join("sudoku-workspace").join("manifest").exists());
    // A folder of the judge's own user that others can write: refused too.
    let open = scratch("open-cache", 0o777);
    let (code, text) = judge(&[("SUDOKU_CACHE_DIR", open.to_str().unwrap())]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("can be written by others (mode 777)"),
        "{text}"
    );
    // A file, or a path through one: said so, not "File exists".
    let not_dir = scratch("file-cache", 0o755).join("cache");
    std::fs::write(&not_dir, "mine").unwrap();
    let (code, text) = judge(&[("SUDOKU_CACHE_DIR", not_dir.to_str().unwrap())]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("is a file, not a folder"), "{text}");
    let below = not_dir.join("sub");
    let (code, text) = judge(&[("SUDOKU_CACHE_DIR", below.to_str().unwrap())]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains(&format!(
            "cannot be made: {} is not a folder",
            not_dir.display()
        )),
        "{text}"
    );
    assert_eq!(std::fs::read_to_string(&not_dir).unwrap(), "mine");
    // A fresh one is made private: no one else lists it or writes in it.
    let fresh = scratch("fresh-cache", 0o755).join("cache");
    let (code, text) = judge(&[("SUDOKU_CACHE_DIR", fresh.to_str().unwrap())]);
    assert_eq!(code, 1, "{text}");
    assert_eq!(std::fs::metadata(&fresh).unwrap().mode() & 0o777, 0o711);
}

/// A Lanqiao C++ program that prints the bytes of `header` (`.incbin`),
/// which it names in an `#include` the compiler skips, so the judge takes
/// the header into the build.
fn prints_header(header: &str) -> String {
    format!(
        "#include <cstdio>\n#if 0\n#include \"{header}\"\n#endif\n__asm__(\".section .rodata\\n.global blob\\nblob:\\n.incbin \\\"{header}\\\"\\n.byte 0\\n.text\\n\");\nextern \"C\" const char blob[];\nint main() {{ fputs(blob, stdout); }}\n"
    )
}

/// Lanqiao's first sample's expected output, which a program must not read.
fn expected_output() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs/lanqiao/sample1.out"),
    )
    .unwrap()
}

#[test]
fn a_link_named_as_a_header_is_refused() {
    if !common::need("unshare") || !as_root() || !common::need("g++") {
        return;
    }
    // `o0.h -> tests/sample1.out`: named as a header, leading to an
    // expected output beside the file.
    let dir = scratch("header-link", 0o755);
    std::fs::create_dir(dir.join("tests")).unwrap();
    std::fs::write(dir.join("tests/sample1.out"), expected_output()).unwrap();
    std::os::unix::fs::symlink("tests/sample1.out", dir.join("o0.h")).unwrap();
    let file = dir.join("lanqiao_linked.cpp");
    std::fs::write(&file, prints_header("o0.h")).unwrap();
    let cache = dir.join("cache");
    let judged = |how: &str| {
        let (code, text) = contained(
            &dir,
            &["judge", file.to_str().unwrap(), "--fixture", "sample1"],
            &[("SUDOKU_CACHE_DIR", cache.to_str().unwrap())],
            &[],
        );
        assert!(
            !text.contains(" AC"),
            "an answer read through {how}: {text}"
        );
        assert_eq!(code, 1, "{text}");
        assert!(text.contains("1/1 CE"), "{text}");
        text
    };
    let text = judged("a link");
    assert!(text.contains("o0.h: a symbolic link"), "{text}");
    // A hard link is the expected output under a header's name too.
    std::fs::remove_file(dir.join("o0.h")).unwrap();
    std::fs::hard_link(dir.join("tests/sample1.out"), dir.join("o0.h")).unwrap();
    let text = judged("a hard link");
    assert!(text.contains("o0.h: a hard link (2 names"), "{text}");
}

#[test]
fn a_link_named_as_a_header_is_refused_by_a_judge_that_is_not_root() {
    if !common::need("unshare") || !as_root() || !common::need("setpriv") || !common::need("g++") {
        return;
    }
    // The same link, judged by user 65534 (a user namespace, no cgroup),
    // everything in the folder theirs; the judge is a copy it may run.
    let base = Path::new("/tmp/sudoku-it-cache-as-another-user");
    std::fs::create_dir_all(base).unwrap();
    std::fs::set_permissions(base, std::fs::Permissions::from_mode(0o755)).unwrap();
    let judge = base.join(format!("sudoku.{}", std::process::id()));
    std::fs::copy(SUDOKU, &judge).unwrap();
    let dir = base.join("header-link");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    std::fs::write(dir.join("tests/sample1.out"), expected_output()).unwrap();
    std::os::unix::fs::symlink("tests/sample1.out", dir.join("o0.h")).unwrap();
    let file = dir.join("lanqiao_linked.cpp");
    std::fs::write(&file, prints_header("o0.h")).unwrap();
    for path in [
        &dir,
        &dir.join("tests"),
        &dir.join("tests/sample1.out"),
        &dir.join("o0.h"),
        &file,
    ] {
        give_away(path);
    }
    let mut cmd = Command::new("unshare");
    cmd.args(["--fork", "--pid", "--mount-proc", "setpriv"])
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(&judge)
        .args(["judge", file.to_str().unwrap(), "--fixture", "sample1"])
        .current_dir(&dir)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", &dir)
        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
        .env("NO_COLOR", "1");
    let run = common::run_measured(cmd, Stdio::null(), Duration::from_secs(600));
    let _ = std::fs::remove_file(&judge);
    let text = String::from_utf8_lossy(&run.stdout).into_owned() + &run.stderr;
    assert!(
        !text.contains(" AC"),
        "an answer read through a link: {text}"
    );
    assert_eq!(run.code, Some(1), "{text}");
    assert!(text.contains("o0.h: a symbolic link"), "{text}");
}

#[test]
fn a_header_swapped_for_a_link_while_judged_is_never_read_through_it() {
    if !common::need("unshare") || !as_root() || !common::need("g++") {
        return;
    }
    // The header flips between a plain file and a link to an expected
    // output outside the folder (which no check of the path lets in),
    // as fast as renames go, while the judge reads it.
    let dir = scratch("header-race", 0o755);
    let secret = dir.join("private");
    std::fs::create_dir(&secret).unwrap();
    std::fs::write(secret.join("sample1.out"), expected_output()).unwrap();
    let src = dir.join("src");
    std::fs::create_dir(&src).unwrap();
    std::fs::write(src.join("h.h"), "x\n").unwrap();
    let file = src.join("lanqiao_race.cpp");
    std::fs::write(&file, prints_header("h.h")).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flipper = {
        let (stop, src, target) = (stop.clone(), src.clone(), secret.join("sample1.out"));
        std::thread::spawn(move || {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let _ = std::fs::remove_file(src.join(".l"));
                let _ = std::os::unix::fs::symlink(&target, src.join(".l"));
                let _ = std::fs::rename(src.join(".l"), src.join("h.h"));
                let _ = std::fs::write(src.join(".f"), "x\n");
                let _ = std::fs::rename(src.join(".f"), src.join("h.h"));
            }
        })
    };
    let cache = dir.join("cache");
    let mut seen = Vec::new();
    for _ in 0..20 {
        let (_, text) = contained(
            &src,
            &["judge", file.to_str().unwrap(), "--fixture", "sample1"],
            &[("SUDOKU_CACHE_DIR", cache.to_str().unwrap())],
            &[],
        );
        let leaked = text.contains("1/1 AC");
        seen.push(text);
        if leaked {
            break;
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    flipper.join().unwrap();
    for text in &seen {
        assert!(
            !text.contains("1/1 AC"),
            "the header was read through the link: {text}"
        );
        assert!(
            text.contains("1/1 WA") || text.contains("h.h: a symbolic link"),
            "{text}"
        );
    }
}

#[test]
fn a_source_that_is_another_users_link_is_not_read() {
    if !common::need("unshare") || !as_root() || !common::need("g++") {
        return;
    }
    // A root-only file, and another user's link to it named as a source.
    let dir = scratch("source-link", 0o755);
    let secret = dir.join("root-only");
    let word = format!("TOPSECRET{}", std::process::id());
    std::fs::write(&secret, format!("{word} first line\n")).unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    let file = dir.join("lanqiao_theirs.cpp");
    std::os::unix::fs::symlink(&secret, &file).unwrap();
    give_away(&file);
    let cache = dir.join("cache");
    let (code, text) = contained(
        &dir,
        &["judge", file.to_str().unwrap(), "--fixture", "sample1"],
        &[("SUDOKU_CACHE_DIR", cache.to_str().unwrap())],
        &[],
    );
    assert!(!text.contains(&word), "the root-only file was read: {text}");
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("owned by another user (uid 65534)"), "{text}");
}

/// `sudoku judge PATH --watch` (address space capped at 1 GiB) until it
/// says it is watching, then killed; what it printed, or a failure naming
/// what it printed when it did not get there in `limit`.
fn watch_until_watching(dir: &Path, path: &Path, limit: Duration) -> String {
    let mut cmd = Command::new(SUDOKU);
    cmd.args(["judge", "--watch", "--fixture", "sample1"])
        .arg(path)
        .current_dir(dir)
        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    // SAFETY: setrlimit is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            let cap = libc::rlimit {
                rlim_cur: 1 << 30,
                rlim_max: 1 << 30,
            };
            libc::setrlimit(libc::RLIMIT_AS, &cap);
            Ok(())
        });
    }
    let mut child = cmd.spawn().unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let start = Instant::now();
    let mut text = String::new();
    let mut watching = false;
    while !watching {
        let left = limit.saturating_sub(start.elapsed());
        match rx.recv_timeout(left) {
            Ok(line) => {
                watching = line.contains("watching for changes");
                text += &line;
                text.push('\n');
            }
            // Ended, or the time is up.
            Err(_) => break,
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    let _ = reader.join();
    assert!(
        watching,
        "--watch on {} never got to watching: {text}",
        path.display()
    );
    text
}

#[test]
fn watch_survives_link_loops_fifos_and_huge_files() {
    // A loop of links, a FIFO and a 4 GB hole are metadata to the watch
    // and refusals to the judge, each said and watched on; none of it
    // builds, so a minute is a wide margin.
    let limit = Duration::from_secs(60);
    let loops = scratch("watch-loops", 0o755);
    let folder = loops.join("solutions");
    std::fs::create_dir(&folder).unwrap();
    std::os::unix::fs::symlink(".", folder.join("a")).unwrap();
    std::os::unix::fs::symlink(".", folder.join("b")).unwrap();
    let text = watch_until_watching(&loops, &folder, limit);
    assert!(text.contains("no solution files here"), "{text}");

    let dir = scratch("watch-fifo", 0o755);
    let file = dir.join("lanqiao_fifo.cpp");
    fifo(&file);
    let text = watch_until_watching(&dir, &file, limit);
    assert!(text.contains("not a regular file (a FIFO)"), "{text}");

    let dir = scratch("watch-huge", 0o755);
    let file = dir.join("lanqiao_huge.cpp");
    sparse(&file, 4 << 30);
    let text = watch_until_watching(&dir, &file, limit);
    assert!(
        text.contains("4294967296 bytes, over the 1024 KiB"),
        "{text}"
    );
}

#[test]
fn new_refuses_a_huge_template_by_its_size() {
    let dir = scratch("huge-template", 0o755);
    sparse(&dir.join("lanqiao.cpp"), 4 << 30);
    let mut cmd = Command::new(SUDOKU);
    cmd.args(["new", "lanqiao", "--lang", "cpp"])
        .arg(dir.join("out.cpp"))
        .env("SUDOKU_TEMPLATES", &dir);
    let run = common::run_measured(cmd, Stdio::null(), Duration::from_secs(60));
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr.contains("4294967296 bytes, over the 1024 KiB"),
        "{}",
        run.stderr
    );
    assert!(run.max_rss_kb < common::RSS_LIMIT_KB, "{run:?}");
}

#[test]
fn judges_and_a_trace_at_once_in_other_pid_namespaces_share_one_cache() {
    if !common::need("unshare") || !as_root() || !common::need("g++") {
        return;
    }
    // Two judges and a trace, each in a pid namespace of its own, on one
    // cache, twenty times. The judges' files change every round, so each
    // round builds them afresh and cleans the cache up after (where one
    // could take the other's build folder for dead); the trace's file is
    // built once and then found. Pids in fresh namespaces start alike, so
    // each starts after a different number of short processes: its pid is
    // one the others' namespaces do not have, as judges started from a
    // shell or a container's init are.
    let dir = scratch("at-once", 0o755);
    let cache = dir.join("cache");
    let trace_file = dir.join("trace_me.cpp");
    std::fs::write(
        &trace_file,
        "#include <cstdio>\nint g[9][9];\nint main() { for (int i = 0; i < 9; i++) for (int j = 0; j < 9; j++) if (scanf(\"%1d\", &g[i][j]) != 1) return 0; g[0][0] = g[0][0]; return 0; }\n",
    )
    .unwrap();
    let start = Instant::now();
    for round in 0..20 {
        let mut children = Vec::new();
        for (n, before) in [("a", 10), ("b", 40), ("trace", 25)] {
            let command = if n == "trace" {
                format!(
                    "{SUDOKU} trace --approach {} --max-steps 5",
                    trace_file.display()
                )
            } else {
                let file = dir.join(format!("lanqiao_{n}.cpp"));
                std::fs::write(&file, echo_cpp(&format!("{n} {round}"))).unwrap();
                format!(
                    "{SUDOKU} judge {} --fixture sample1 --jobs 1",
                    file.display()
                )
            };
            // Not `exec`: the judge is a child of the shell, not pid 1.
            let script = format!(
                "i=0; while [ $i -lt {before} ]; do /bin/true; i=$((i+1)); done; {command}"
            );
            let child = Command::new("unshare")
                .args(["--fork", "--pid", "--mount-proc", "sh", "-c", &script])
                .env("SUDOKU_CACHE_DIR", &cache)
                .env("NO_COLOR", "1")
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            children.push((n, child));
        }
        for (n, child) in children {
            let out = child.wait_with_output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            let code = out.status.code();
            if n == "trace" {
                assert_eq!(code, Some(0), "round {round}, the trace: {text}");
            } else {
                assert_eq!(code, Some(1), "round {round}, judge {n}: {text}");
                assert!(text.contains("1/1 WA"), "round {round}, judge {n}: {text}");
            }
            assert!(
                !text.contains("No such file") && !text.contains("not found"),
                "round {round}, {n}: {text}"
            );
        }
    }
    eprintln!(
        "20 rounds of two judges and a trace at once: {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// A judge started in a folder another user can write (here its own
/// scratch folder, as `/tmp` is) never runs the toolchain that folder's
/// `rust-toolchain.toml` names: rustup's proxy reads that file from the
/// folder it runs in and every one above, so the judge asks its toolchains
/// about themselves from `/`.
#[test]
fn a_toolchain_file_where_the_judge_runs_is_never_followed() {
    if !common::installed("rustc") || !common::installed("rustup") {
        common::skip("no rustup on PATH", "rustup (rustup.rs)");
        return;
    }
    let dir = scratch("toolchain-file", 0o755);
    let real = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .unwrap();
    let sysroot = String::from_utf8_lossy(&real.stdout).trim().to_string();
    let evil = dir.join("evil");
    std::fs::create_dir_all(evil.join("bin")).unwrap();
    let log = dir.join("ran");
    for tool in ["rustc", "cargo"] {
        let script = evil.join("bin").join(tool);
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\necho \"{tool} $(id -u) $*\" >> {}\nexec {sysroot}/bin/{tool} \"$@\"\n",
                log.display()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::write(
        dir.join("rust-toolchain.toml"),
        format!("[toolchain]\npath = \"{}\"\n", evil.display()),
    )
    .unwrap();
    let file = dir.join("lanqiao.rs");
    std::fs::write(
        &file,
        "use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); print!(\"{s}\"); }\n",
    )
    .unwrap();
    let out = Command::new(SUDOKU)
        .arg("judge")
        .arg(&file)
        .args(["--fixture", "sample1"])
        .current_dir(&dir)
        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
        // cargo's run of the tests names its toolchain, which a user's
        // shell does not: without it the folder's file is what rustup reads.
        .env_remove("RUSTUP_TOOLCHAIN")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1/1 WA"), "{text}");
    assert!(
        !log.exists(),
        "the planted toolchain ran: {}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
}

/// A build cache, or a file `sudoku new` writes, reached through a link of
/// another user's (in a sticky folder anyone can write) is refused before
/// anything is made where the link leads; the judge's own cache folder
/// that others may read is made private; an empty `SUDOKU_CACHE_DIR` is
/// unset.
#[test]
fn nothing_is_made_through_another_users_link_and_the_cache_is_kept_private() {
    if !common::need("unshare") || !as_root() || !common::need("python3") {
        return;
    }
    let shared = scratch("others-link-shared", 0o1777);
    let mine = scratch("others-link-target", 0o700);
    std::os::unix::fs::symlink(&mine, shared.join("lnk")).unwrap();
    give_away(&shared.join("lnk"));
    let work = scratch("others-link-work", 0o755);
    let file = work.join("lanqiao_echo.py");
    std::fs::write(&file, "import sys\nsys.stdout.write(sys.stdin.read())\n").unwrap();
    let judge = |env: &[(&str, &str)]| {
        contained(
            &work,
            &["judge", file.to_str().unwrap(), "--fixture", "sample1"],
            env,
            &["SUDOKU_CACHE_DIR", "XDG_CACHE_HOME"],
        )
    };
    let through = shared.join("lnk/cache");
    let (code, text) = judge(&[("SUDOKU_CACHE_DIR", through.to_str().unwrap())]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains(&format!(
            "is reached through {}, a symbolic link of another user (uid 65534)",
            shared.join("lnk").display()
        )),
        "{text}"
    );
    // The link itself, named with a trailing `/` or `/.` (which a lookup
    // would follow), and a link of root's that leads through theirs.
    let theirs = shared.join("lnk");
    let ours = scratch("others-link-ours", 0o755).join("via");
    std::os::unix::fs::symlink(&theirs, &ours).unwrap();
    for named in [
        format!("{}/", theirs.display()),
        format!("{}/.", theirs.display()),
        format!("{}/cache", ours.display()),
    ] {
        let (code, text) = judge(&[("SUDOKU_CACHE_DIR", named.as_str())]);
        assert_eq!(code, 2, "{named}: {text}");
        assert!(
            text.contains("a symbolic link, not a folder")
                || text.contains("a symbolic link of another user (uid 65534)"),
            "{named}: {text}"
        );
    }
    for folder in [theirs.clone(), ours.clone(), ours.join("sub/x.cpp")] {
        let (code, text) = contained(&work, &["new", "lc37", folder.to_str().unwrap()], &[], &[]);
        assert_eq!(code, 2, "{}: {text}", folder.display());
        assert!(
            text.contains("a symbolic link of another user (uid 65534)"),
            "{text}"
        );
    }
    assert_eq!(
        std::fs::read_dir(&mine).unwrap().count(),
        0,
        "made through the link"
    );
    // A cache path inside another user's folder is refused before any
    // folder of it is made there.
    let owned = scratch("others-folder", 0o755);
    give_away(&owned);
    let deep = owned.join("a/b/c");
    let (code, text) = judge(&[("SUDOKU_CACHE_DIR", deep.to_str().unwrap())]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("which belongs to another user (uid 65534)"),
        "{text}"
    );
    assert!(!owned.join("a").exists(), "a folder made inside theirs");
    // A link of root's inside their folder: theirs to swap, so refused too.
    std::os::unix::fs::symlink(&mine, owned.join("rl")).unwrap();
    let via = owned.join("rl/c");
    let (code, text) = judge(&[("SUDOKU_CACHE_DIR", via.to_str().unwrap())]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("which belongs to another user (uid 65534)"),
        "{text}"
    );
    assert_eq!(
        std::fs::read_dir(&mine).unwrap().count(),
        0,
        "made through the link"
    );
    // `..` after their folder goes through it (they can swap it for a link).
    let back = owned.join("../others-folder-back");
    let (code, text) = judge(&[("SUDOKU_CACHE_DIR", back.to_str().unwrap())]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("which belongs to another user (uid 65534)"),
        "{text}"
    );
    assert!(!owned.parent().unwrap().join("others-folder-back").exists());
    // The cache folder named by a link of the judge's own user is taken,
    // its target made where missing.
    let target = scratch("own-cache-target", 0o700);
    let link = scratch("own-cache-link", 0o755).join("l");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let (code, text) = judge(&[("SUDOKU_CACHE_DIR", link.to_str().unwrap())]);
    assert_eq!(code, 1, "{text}");
    assert!(std::fs::read_dir(&target).unwrap().count() > 0, "{text}");
    let dangling = scratch("own-cache-dangling", 0o755);
    std::os::unix::fs::symlink(dangling.join("later"), dangling.join("l")).unwrap();
    let (code, text) = judge(&[("SUDOKU_CACHE_DIR", dangling.join("l").to_str().unwrap())]);
    assert_eq!(code, 1, "{text}");
    assert!(dangling.join("later").is_dir(), "{text}");
    // Empty is unset: the cache is XDG_CACHE_HOME's, made 0711; one of
    // the judge's own user that others may read is made so too.
    let xdg = scratch("others-link-xdg", 0o755);
    let (code, text) = judge(&[
        ("SUDOKU_CACHE_DIR", ""),
        ("XDG_CACHE_HOME", xdg.to_str().unwrap()),
    ]);
    assert_eq!(code, 1, "{text}");
    let made = xdg.join("sudoku-workspace");
    assert_eq!(std::fs::metadata(&made).unwrap().mode() & 0o777, 0o711);
    std::fs::set_permissions(&made, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (code, text) = judge(&[("XDG_CACHE_HOME", xdg.to_str().unwrap())]);
    assert_eq!(code, 1, "{text}");
    assert_eq!(std::fs::metadata(&made).unwrap().mode() & 0o777, 0o711);
}

/// Headers beside a file are capped in all, not only each: forty of 1 MiB
/// are refused by their total before anything is copied or built, and the
/// judge's memory stays bounded.
#[test]
fn headers_are_capped_in_all() {
    if !common::need("g++") {
        return;
    }
    let dir = scratch("headers-total", 0o755);
    let mut source = String::new();
    for i in 0..40 {
        sparse(&dir.join(format!("h{i}.h")), 1 << 20);
        source += &format!("#include \"h{i}.h\"\n");
    }
    source += "int main() { return 0; }\n";
    let file = dir.join("lanqiao_many.cpp");
    std::fs::write(&file, source).unwrap();
    let mut cmd = Command::new(SUDOKU);
    cmd.args(["judge", "--fixture", "sample1"])
        .arg(&file)
        .env("SUDOKU_CACHE_DIR", dir.join("cache"));
    let run = common::run_measured(cmd, Stdio::null(), Duration::from_secs(120));
    let text = String::from_utf8_lossy(&run.stdout).into_owned() + &run.stderr;
    assert_eq!(run.code, Some(1), "{text}");
    assert!(text.contains("1/1 CE"), "{text}");
    assert!(
        text.contains("come to more than 16 MiB in all, which the judge does not take"),
        "{text}"
    );
    assert!(run.max_rss_kb < common::RSS_LIMIT_KB, "{run:?}");
}
