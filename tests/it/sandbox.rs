//! The judge tried adversarially: concurrent cold builds, hostile
//! solutions, signals at random moments, a loaded machine. Each test says
//! what a solution tries and what it must get; where a test needs a
//! toolchain this machine lacks, it says so and skips.
//!
//! The hostile solutions are Python stdin programs for Lanqiao (`--fixture
//! sample1`): short, and Python can fork, write files and send signals.
//!
//! Every attack here is on the Linux sandbox (namespaces, seccomp, a user id
//! per run, cgroups) and its fallback: on macOS and Windows, whose sandbox
//! is a process group or a Job Object without those walls (and where the
//! judge refuses a user's file without `--trust`), this file compiles to no
//! test.

#![cfg(target_os = "linux")]

use crate::common::{self, installed};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SUDOKU: &str = env!("CARGO_BIN_EXE_sudoku");

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("sandbox")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A folder every user may enter, for the runs as user 65534: the
/// checkout may lie where only its owner enters (`/root`, a `mktemp -d`
/// folder), and there user 65534 could reach neither the judge nor its file.
fn open_base() -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let base = std::env::temp_dir().join("sudoku-it-as-another-user");
    std::fs::create_dir_all(&base).unwrap();
    std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o755)).unwrap();
    base
}

/// [`scratch`] under [`open_base`].
fn scratch_for_anyone(test: &str) -> PathBuf {
    let dir = open_base().join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of the judge under [`open_base`], which user 65534 may run (its
/// fixtures are inside it).
fn sudoku_for_anyone() -> &'static Path {
    static COPY: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    COPY.get_or_init(|| {
        // Copied beside, then renamed over the last run's: one copy stays.
        let base = open_base();
        let copy = base.join("sudoku");
        let fresh = base.join(format!("sudoku.{}", std::process::id()));
        std::fs::copy(SUDOKU, &fresh).unwrap();
        std::fs::rename(&fresh, &copy).unwrap();
        copy
    })
}

/// The judge on `file` in `dir` (cache under it), with `args` and `env`.
fn judge_in(dir: &Path, file: &Path, args: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    let out = Command::new(SUDOKU)
        .arg("judge")
        .arg(file)
        .args(args)
        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
        .env("NO_COLOR", "1")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    code_and_text(&out)
}

/// A finished judge's exit code (-1 when a signal ended it) and what it
/// printed, stdout then stderr.
fn code_and_text(out: &std::process::Output) -> (i32, String) {
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// Writes `source` as `name` in a fresh scratch folder and judges it on
/// Lanqiao's first sample.
fn hostile(test: &str, name: &str, source: &str, args: &[&str]) -> Option<(i32, String)> {
    if !common::need("python3") {
        return None;
    }
    let dir = scratch(test);
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    let mut all = vec!["--problem", "lanqiao", "--fixture", "sample1"];
    all.extend(args);
    Some(judge_in(&dir, &path, &all, &[]))
}

/// [`hostile`] without namespaces (`SUDOKU_SANDBOX=group`, the fallback),
/// with a TMPDIR of its own; also what the run left there.
fn hostile_in_group(
    test: &str,
    name: &str,
    source: &str,
    args: &[&str],
) -> Option<(i32, String, Vec<String>)> {
    if !common::need("python3") {
        return None;
    }
    let dir = scratch(test);
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    let mut all = vec!["--problem", "lanqiao", "--fixture", "sample1", "--trust"];
    all.extend(args);
    let env = [
        ("SUDOKU_SANDBOX", "group"),
        ("TMPDIR", tmp.to_str().unwrap()),
    ];
    let (code, text) = judge_in(&dir, &path, &all, &env);
    Some((code, text, leftovers_in(&tmp)))
}

/// Solves the input (Lanqiao's format) and prints it: what a hostile
/// solution does after its mischief, so a verdict other than AC is the
/// sandbox's doing.
const SOLVE: &str = r#"
import sys
def solve_and_print(text):
    g = [[int(c) for c in line.strip()] for line in text.split("\n")[:9]]
    def fits(r, c, d):
        for i in range(9):
            if g[r][i] == d or g[i][c] == d or g[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] == d:
                return False
        return True
    def dfs(k):
        if k == 81:
            return True
        r, c = divmod(k, 9)
        if g[r][c]:
            return dfs(k + 1)
        for d in range(1, 10):
            if fits(r, c, d):
                g[r][c] = d
                if dfs(k + 1):
                    return True
        g[r][c] = 0
        return False
    dfs(0)
    print("\n".join("".join(map(str, row)) for row in g))
"#;

#[test]
fn four_cold_judges_of_one_file_all_get_ac() {
    let sources: [(&str, &str, &str); 2] = [
        (
            "g++",
            "lanqiao_ok.cpp",
            "tests/data/contestant/lanqiao_ok.cpp",
        ),
        ("javac", "Main.java", "tests/data/contestant/Main.java"),
    ];
    for (tool, name, from) in sources {
        if !common::need(tool) {
            continue;
        }
        for trial in 0..3 {
            let dir = scratch(&format!("cold-{name}-{trial}"));
            let file = dir.join(name);
            std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join(from), &file).unwrap();
            let judges: Vec<_> = (0..4)
                .map(|_| {
                    Command::new(SUDOKU)
                        .arg("judge")
                        .arg(&file)
                        .args([
                            "--problem",
                            "lanqiao",
                            "--fixture",
                            "sample*",
                            "--jobs",
                            "1",
                        ])
                        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
                        .stdout(Stdio::piped())
                        .stderr(Stdio::piped())
                        .spawn()
                        .unwrap()
                })
                .collect();
            for judge in judges {
                let out = judge.wait_with_output().unwrap();
                let text = String::from_utf8_lossy(&out.stdout).into_owned()
                    + &String::from_utf8_lossy(&out.stderr);
                assert_eq!(out.status.code(), Some(0), "{name}, trial {trial}: {text}");
                assert!(text.contains("2/2 AC"), "{name}, trial {trial}: {text}");
                assert_eq!(
                    text.contains("an idle JVM holds"),
                    tool == "javac",
                    "{name}, trial {trial}: {text}"
                );
            }
            // One build (and for Java the idle JVM's measure), no staging left.
            let entries: Vec<PathBuf> = std::fs::read_dir(dir.join("cache"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.is_dir())
                .collect();
            let builds = entries
                .iter()
                .filter(|p| !p.join("idle-jvm-mb").exists())
                .count();
            assert_eq!(builds, 1, "{name}: one build, no staging left: {entries:?}");
            let measures = entries.len() - builds;
            assert_eq!(
                measures,
                usize::from(tool == "javac"),
                "{name}: {entries:?}"
            );
        }
    }
}

#[test]
fn a_child_process_is_refused_by_default_and_counted_when_allowed() {
    // The child burns 10 s of CPU time, five times the limit: TLE on any
    // CPU (and under SUDOKU_TEST_CPU_SCALE, which cannot make a program
    // that burns a fixed time faster).
    let burn = format!(
        "{SOLVE}\nimport os, time\ntext = sys.stdin.read()\nif os.fork() == 0:\n    t = time.process_time()\n    while time.process_time() - t < 10:\n        pass\n    os._exit(0)\nos.wait()\nsolve_and_print(text)\n"
    );
    let Some((code, text)) = hostile("fork-default", "burn.py", &burn, &[]) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("1/1 RE") && text.contains("started a process"),
        "{text}"
    );
    // Allowed a second process, its CPU time is the solution's.
    let (code, text) = hostile("fork-cpu", "burn.py", &burn, &["--processes", "2"]).unwrap();
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 TLE"), "{text}");
    let touch = format!(
        "{SOLVE}\nimport os\ntext = sys.stdin.read()\nif os.fork() == 0:\n    block = bytearray(700 << 20)\n    for i in range(0, len(block), 4096):\n        block[i] = 1\n    os._exit(0)\nos.wait()\nsolve_and_print(text)\n"
    );
    let (code, text) = hostile("fork-memory", "touch.py", &touch, &["--processes", "2"]).unwrap();
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 MLE"), "{text}");
}

/// Processes whose command line holds `marker`.
fn with_marker(marker: &str) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker))
        })
        .collect()
}

#[test]
fn children_that_call_setsid_do_not_survive_the_case() {
    // `sleep 30.PID`: a marker in each child's command line.
    let marker = format!("30.{}", std::process::id());
    let source = format!(
        "{SOLVE}\nimport os, subprocess\ntext = sys.stdin.read()\nfor _ in range(100):\n    subprocess.Popen(['sleep', '{marker}'], start_new_session=True)\nsolve_and_print(text)\n"
    );
    let Some((code, text)) = hostile("setsid", "spawn.py", &source, &["--processes", "200"]) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("1/1 AC"), "{text}");
    assert_eq!(
        with_marker(&marker),
        Vec::<u32>::new(),
        "children outlived the case"
    );
}

#[test]
fn a_solution_sees_only_its_case() {
    let answer = Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs/lanqiao/sample1.out");
    // A file of the judge's user, outside the checkout.
    let home = PathBuf::from(std::env::var("HOME").unwrap_or("/root".into()));
    let secret = home.join(format!(".sudoku-sandbox-test-{}", std::process::id()));
    std::fs::write(&secret, "secret").unwrap();
    let source = format!(
        r#"{SOLVE}
import os
text = sys.stdin.read()
seen = []
for path in ["{answer}", "{checkout}", "{secret}", "/etc/shadow"]:
    try:
        open(path).read() if os.path.isfile(path) else os.listdir(path)
        seen.append(path)
    except OSError:
        pass
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            if b"judge" in open("/proc/%s/cmdline" % pid, "rb").read():
                seen.append("/proc/%s" % pid)
        except OSError:
            pass
try:
    import socket
    socket.create_connection(("127.0.0.1", 22), timeout=1)
    seen.append("network")
except OSError:
    pass
if seen:
    print("LEAK", seen)
else:
    solve_and_print(text)
"#,
        answer = answer.display(),
        checkout = env!("CARGO_MANIFEST_DIR"),
        secret = secret.display(),
    );
    let result = hostile("see", "see.py", &source, &[]);
    std::fs::remove_file(&secret).unwrap();
    let Some((code, text)) = result else {
        return;
    };
    assert!(!text.contains("LEAK"), "{text}");
    assert_eq!(code, 0, "{text}");
}

#[test]
fn a_solution_cannot_change_its_input_for_the_next_one() {
    let source = format!(
        "{SOLVE}\nimport os\nfor how in (lambda: open('/proc/self/fd/0', 'w').write('0' * 90), lambda: os.ftruncate(0, 0), lambda: os.write(0, b'1')):\n    try:\n        how()\n    except OSError:\n        pass\nprint('done')\n"
    );
    // The hostile file runs first, then the built-in programs on the same case.
    let Some((_, text)) = hostile(
        "stdin",
        "rewrite.py",
        &source,
        &["--compare", "--jobs", "1"],
    ) else {
        return;
    };
    assert!(text.contains("1/1 WA"), "the hostile file itself: {text}");
    assert_eq!(
        text.matches("1/1 AC").count(),
        2,
        "lanqiao and lanqiao_proconio after it: {text}"
    );
}

#[test]
fn writing_past_the_tmp_quota_is_ole() {
    let source = format!(
        "{SOLVE}\ntext = sys.stdin.read()\nchunk = b'x' * (1 << 20)\ntry:\n    for n in range(33):\n        with open('/tmp/f%d' % n, 'wb') as f:\n            for _ in range(64):\n                f.write(chunk)\nexcept OSError:\n    pass\nsolve_and_print(text)\n"
    );
    let Some((code, text)) = hostile("tmp", "fill.py", &source, &[]) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 OLE") && text.contains("/tmp"), "{text}");
}

#[test]
fn a_solution_that_stops_or_kills_its_parent_gets_its_verdict() {
    let source = format!(
        "{SOLVE}\nimport os, signal\ntext = sys.stdin.read()\nfor sig in (signal.SIGSTOP, signal.SIGKILL):\n    try:\n        os.kill(os.getppid(), sig)\n    except OSError:\n        pass\nsolve_and_print(text)\n"
    );
    let started = Instant::now();
    let Some((code, text)) = hostile("parent", "stop.py", &source, &[]) else {
        return;
    };
    assert_eq!(
        code, 0,
        "in a pid namespace its parent is init, whom it cannot signal: {text}"
    );
    assert!(text.contains("1/1 AC"), "{text}");
    assert!(started.elapsed() < Duration::from_secs(30));
    // Without namespaces its parent is init in the host's pid space: the
    // filter refuses a signal to anything but itself or its group.
    let started = Instant::now();
    let (code, text, left) = hostile_in_group(
        "parent-group",
        "stop.py",
        &source,
        &["--time-limit", "2000"],
    )
    .unwrap();
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("1/1 AC"), "{text}");
    assert!(text.contains("a process group and seccomp only"), "{text}");
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(left, Vec::<String>::new());
}

/// Without namespaces the solution shares the machine's pid space (and,
/// under a root judge, its user): a signal to another process is refused.
#[test]
fn without_namespaces_a_solution_cannot_signal_other_processes() {
    if !common::need("python3") {
        return;
    }
    let mut victim = Command::new("sleep").arg("60").spawn().unwrap();
    let source = format!(
        "{SOLVE}\nimport os, signal\ntext = sys.stdin.read()\nfor target in ({pid}, -{pid}):\n    try:\n        os.kill(target, signal.SIGSTOP)\n        print('signalled', target, file=sys.stderr)\n    except OSError:\n        pass\nsolve_and_print(text)\n",
        pid = victim.id()
    );
    let (code, text, left) = hostile_in_group("group-signal", "victim.py", &source, &[]).unwrap();
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", victim.id())).unwrap();
    let state = stat[stat.rfind(')').unwrap() + 2..].chars().next();
    let _ = victim.kill();
    let _ = victim.wait();
    assert_eq!(state, Some('S'), "the victim is not asleep: {stat}");
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("1/1 AC"), "{text}");
    assert_eq!(left, Vec::<String>::new());
}

/// The entries of `dir` that a judge run makes (`sudoku-*`).
fn leftovers_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("sudoku-"))
        .collect()
}

/// Without namespaces (the fallback where the kernel refuses them), a
/// solution over its CPU time is ended at the limit, by CPU time, and its
/// case directory goes with it.
#[test]
fn without_namespaces_a_cpu_limit_ends_the_case_at_the_limit() {
    let spin = "while True:\n    pass\n";
    let args = ["--time-limit", "500", "--json"];
    let Some((code, text, left)) = hostile_in_group("group-cpu", "spin.py", spin, &args) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(text.contains(r#""verdict":"TLE""#), "{text}");
    // What ended it: the CPU limit, not the supervisor's backstop (which
    // fires 10 s past three times the limits and reports no such kill).
    assert!(text.contains(r#""killed_by":"cpu""#), "{text}");
    assert_eq!(left, Vec::<String>::new());
}

#[test]
fn a_solution_cannot_touch_the_build_cache() {
    if !common::need("g++") {
        return;
    }
    let dir = scratch("cache-write");
    let good = dir.join("lanqiao_ok.cpp");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/contestant/lanqiao_ok.cpp"),
        &good,
    )
    .unwrap();
    let args = ["--fixture", "sample1"];
    assert_eq!(judge_in(&dir, &good, &args, &[]).0, 0);
    let cache = dir.join("cache");
    let hostile = dir.join("lanqiao_hack.py");
    let entries: Vec<String> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    std::fs::write(
        &hostile,
        format!(
            "import os, glob\nfor root in {entries:?} + ['/box']:\n    for f in glob.glob(root + '/*'):\n        try:\n            open(f, 'w').write('HACKED')\n        except OSError:\n            pass\nprint('x')\n"
        ),
    )
    .unwrap();
    judge_in(&dir, &hostile, &args, &[]);
    let (code, text) = judge_in(&dir, &good, &args, &[]);
    assert_eq!(code, 0, "the unchanged file is still AC: {text}");
    // A deleted binary is rebuilt, not fatal.
    for entry in std::fs::read_dir(&cache).unwrap() {
        let main = entry.unwrap().path().join("main");
        if main.exists() {
            std::fs::remove_file(main).unwrap();
        }
    }
    let (code, text) = judge_in(&dir, &good, &args, &[]);
    assert_eq!(code, 0, "{text}");
}

#[test]
fn an_edited_header_rebuilds_and_a_runaway_compile_is_ce() {
    if !common::need("g++") {
        return;
    }
    let dir = scratch("header");
    let file = dir.join("lanqiao_h.cpp");
    std::fs::write(
        &file,
        "#include <cstdio>\n#include \"digit.h\"\nint main() { char s[16]; for (int i = 0; i < 9; i++) { scanf(\"%s\", s); } for (int i = 0; i < 9; i++) puts(ROW); }\n",
    )
    .unwrap();
    std::fs::write(dir.join("digit.h"), "#define ROW \"123456789\"\n").unwrap();
    let args = ["--fixture", "sample1"];
    let (_, first) = judge_in(&dir, &file, &args, &[]);
    assert!(
        first.contains("line 1 differs: expected \"145327698\", got \"123456789\""),
        "{first}"
    );
    std::fs::write(dir.join("digit.h"), "#define ROW \"987654321\"\n").unwrap();
    let (_, second) = judge_in(&dir, &file, &args, &[]);
    assert!(
        second.contains("got \"987654321\""),
        "the edited header was seen: {second}"
    );
    // A header found through -iquote (the user's folder) from a header in
    // a subfolder, and one named by a macro: edits to both rebuild.
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/a.h"), "#include \"row.h\"\n").unwrap();
    let nested = dir.join("lanqiao_n.cpp");
    std::fs::write(
        &nested,
        "#include <cstdio>\n#include \"sub/a.h\"\n#define MORE \"more.h\"\n#include MORE\nint main() { char s[16]; for (int i = 0; i < 9; i++) { scanf(\"%s\", s); } for (int i = 0; i < 9; i++) printf(\"%s%s\\n\", ROW, TAIL); }\n",
    )
    .unwrap();
    for (row, tail) in [("1234", "56789"), ("9876", "54321"), ("9876", "00000")] {
        std::fs::write(dir.join("row.h"), format!("#define ROW \"{row}\"\n")).unwrap();
        std::fs::write(dir.join("more.h"), format!("#define TAIL \"{tail}\"\n")).unwrap();
        let (_, text) = judge_in(&dir, &nested, &args, &[]);
        assert!(text.contains(&format!("got \"{row}{tail}\"")), "{text}");
    }
    let runaway = dir.join("lanqiao_zero.cpp");
    std::fs::write(&runaway, "#include \"/dev/zero\"\nint main() {}\n").unwrap();
    let started = Instant::now();
    let (code, text) = judge_in(&dir, &runaway, &args, &[("SUDOKU_BUILD_CPU_MS", "2000")]);
    assert_eq!(code, 1, "{text}");
    // g++ reading /dev/zero runs out of CPU time or of memory first,
    // depending on the machine: either is a CE that names the limit.
    assert!(
        text.contains("CE")
            && (text.contains("compilation took too long")
                || text.contains("compilation needed more than")),
        "{text}"
    );
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// What is left of a judge run under `tmp` (its TMPDIR) and `cache`, and
/// the live processes of the run: those whose command line or working
/// directory names `dir` (the judge runs there; its builds and binds do).
fn leftovers(tmp: &Path, cache: &Path, dir: &Path) -> Vec<String> {
    let mut left: Vec<String> = std::fs::read_dir(tmp)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    if let Ok(entries) = std::fs::read_dir(cache) {
        left.extend(
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with(".staging"))
                .map(|n| format!("cache/{n}")),
        );
    }
    let marker = dir.display().to_string();
    for pid in std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
    {
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let cwd = std::fs::read_link(format!("/proc/{pid}/cwd")).unwrap_or_default();
        if String::from_utf8_lossy(&cmdline).contains(&marker) || cwd.starts_with(dir) {
            left.push(format!(
                "process {pid}: {}",
                String::from_utf8_lossy(&cmdline).replace('\0', " ")
            ));
        }
    }
    left
}

#[test]
fn nothing_of_a_run_remains_after_a_signal_at_any_moment() {
    if !common::need("g++") {
        return;
    }
    // A seeded sequence of moments: during the build, between cases, mid-case.
    let mut seed: u64 = 0x5eed_2026;
    for (round, signal) in [libc::SIGINT, libc::SIGTERM, libc::SIGKILL]
        .iter()
        .cycle()
        .take(6)
        .enumerate()
    {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let delay = Duration::from_millis(100 + (seed >> 33) % 1500);
        let dir = scratch(&format!("signal-{round}"));
        let tmp = dir.join("tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        let file = dir.join("lanqiao_ok.cpp");
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/contestant/lanqiao_ok.cpp"),
            &file,
        )
        .unwrap();
        let mut child = Command::new(SUDOKU)
            .arg("judge")
            .arg(&file)
            .args(["--time-limit", "5000"])
            .current_dir(&dir)
            .env("SUDOKU_CACHE_DIR", dir.join("cache"))
            .env("TMPDIR", &tmp)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        // SAFETY: kill has no memory-safety preconditions; the pid is our child's.
        unsafe { libc::kill(child.id() as libc::pid_t, *signal) };
        let status = child.wait().unwrap();
        // The janitor cleans up after a SIGKILL; give it a moment.
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut left = leftovers(&tmp, &dir.join("cache"), &dir);
        while !left.is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
            left = leftovers(&tmp, &dir.join("cache"), &dir);
        }
        assert!(
            left.is_empty(),
            "signal {signal} after {delay:?} ({status}): left behind {left:?}"
        );
    }
}

#[test]
fn a_loaded_core_does_not_turn_ac_into_a_wall_clock_tle() {
    if !common::need("g++") {
        return;
    }
    // A solution of about 0.6 s of CPU time at a 1500 ms limit, pinned with
    // six busy loops to one core: it waits for the CPU most of the time. It
    // burns a fixed CPU time, so the limit is this machine's whatever CPU
    // SUDOKU_TEST_CPU_SCALE stands for.
    let limit = (1500.0 / common::cpu_scale()).round().to_string();
    let dir = scratch("load");
    let file = dir.join("lanqiao_slow.cpp");
    std::fs::write(
        &file,
        "#include <cstdio>\n#include <ctime>\nint main() { char s[16]; for (int i = 0; i < 9; i++) scanf(\"%s\", s); volatile unsigned long x = 0; clock_t t = clock(); while (clock() - t < CLOCKS_PER_SEC * 6 / 10) x++; puts(\"done\"); }\n",
    )
    .unwrap();
    let loops: Vec<_> = (0..6)
        .map(|_| {
            Command::new("taskset")
                .args(["-c", "0", "sh", "-c", "while :; do :; done"])
                .spawn()
        })
        .collect();
    if loops.iter().any(|l| l.is_err()) {
        common::skip("no taskset on PATH", "util-linux's taskset");
        return;
    }
    let out = Command::new("taskset")
        .args(["-c", "0", SUDOKU, "judge"])
        .arg(&file)
        .args(["--fixture", "sample1", "--time-limit", &limit])
        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
        .output()
        .unwrap();
    for l in loops {
        let mut l = l.unwrap();
        let _ = l.kill();
        let _ = l.wait();
    }
    let text = String::from_utf8_lossy(&out.stdout);
    // Wrong output ("done"), but judged on it: WA, not TLE (wall).
    assert!(text.contains("1/1 WA"), "{text}");
    assert!(!text.contains("TLE"), "{text}");
}

#[test]
fn a_200_mb_expect_of_blanks_is_compared_in_bounded_memory() {
    let dir = scratch("blanks");
    let input = dir.join("case.in");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs/lanqiao/sample1.in"),
        &input,
    )
    .unwrap();
    let expect = dir.join("case.out");
    {
        use std::io::Write;
        let mut f = std::io::BufWriter::new(std::fs::File::create(&expect).unwrap());
        let spaces = vec![b' '; 1 << 20];
        for _ in 0..200 {
            f.write_all(&spaces).unwrap();
        }
        f.write_all(b"x\n").unwrap();
    }
    let mut judge = Command::new(SUDOKU);
    judge
        .args(["judge", "--solution", "lanqiao", "--input"])
        .arg(&input)
        .arg("--expect")
        .arg(&expect)
        .env("SUDOKU_CACHE_DIR", dir.join("cache"));
    let (code, peak_mb) = exit_and_peak_mb(judge);
    let _ = std::fs::remove_file(&expect);
    assert_eq!(code, 1, "a WA");
    assert!(peak_mb < 64.0, "the judge peaked at {peak_mb:.1} MB");
}

/// Runs `cmd` and returns its exit code and its own peak resident size in
/// MB (the judge's, not its programs').
fn exit_and_peak_mb(cmd: Command) -> (i32, f64) {
    let run = crate::common::run_measured(cmd, Stdio::null(), Duration::from_secs(120));
    assert!(!run.timed_out, "{run:?}");
    (run.code.unwrap_or(-1), run.max_rss_kb as f64 / 1024.0)
}

#[test]
fn memory_taken_in_one_go_past_the_limit_is_mle() {
    if !common::need("g++") {
        return;
    }
    // 300 MB touched page by page at a 64 MB limit, in a few milliseconds;
    // the run's memory cgroup (where the machine allows one) stops it at the limit.
    let dir = scratch("one-go");
    let file = dir.join("lanqiao_big.cpp");
    std::fs::write(
        &file,
        "#include <cstdio>\n#include <cstdlib>\nint main() { size_t n = 300u << 20; volatile char* p = (char*)malloc(n); for (size_t i = 0; i < n; i += 4096) p[i] = 1; long s = 0; for (size_t i = 0; i < n; i += 4096) s += p[i]; printf(\"%ld\\n\", s); }\n",
    )
    .unwrap();
    let (code, text) = judge_in(
        &dir,
        &file,
        &["--fixture", "sample1", "--memory-limit", "64"],
        &[],
    );
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 MLE"), "{text}");
    assert!(
        text.contains("a memory cgroup per run") || text.contains("memory polled"),
        "{text}"
    );
}

// ---- a second adversary: each test is one attack and the verdict it must get ----

/// Whether this test process is root on the host (some attacks need a
/// root judge to be tried, or a user to drop to).
/// Whether the tests run as root, which the runs as another user need; the
/// calling test skips otherwise.
fn as_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    if !root {
        common::skip(
            "not root",
            "run the tests as root for the runs as another user",
        );
    }
    root
}

/// `source` as `name` in a fresh folder, judged on Lanqiao's first sample
/// by a judge that runs as user 65534 (`setpriv`), with the system's
/// python3: the unprivileged mode (a user namespace, no cgroup). `None`
/// where this is not root or has no setpriv.
fn hostile_unprivileged(
    test: &str,
    name: &str,
    source: &str,
    args: &[&str],
) -> Option<(i32, String)> {
    if !as_root() || !common::need("setpriv") {
        return None;
    }
    if !Path::new("/usr/bin/python3").exists() {
        common::skip("no /usr/bin/python3", "apt-get install python3");
        return None;
    }
    let dir = scratch_for_anyone(test);
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    let (code, text) = judge_unprivileged(
        &dir,
        &path,
        &["--problem", "lanqiao", "--fixture", "sample1"],
        args,
    );
    assert!(text.contains("in a user namespace"), "{text}");
    Some((code, text))
}

/// The judge on `path` as user 65534, which is given `dir` (from
/// [`scratch_for_anyone`]) and everything in it.
fn judge_unprivileged(dir: &Path, path: &Path, first: &[&str], args: &[&str]) -> (i32, String) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap().path();
        std::os::unix::fs::lchown(&entry, Some(65534), Some(65534)).unwrap();
    }
    std::os::unix::fs::chown(dir, Some(65534), Some(65534)).unwrap();
    let out = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(sudoku_for_anyone())
        .arg("judge")
        .arg(path)
        .args(first)
        .args(args)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", dir)
        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    code_and_text(&out)
}

/// [`hostile_in_group`] inside a throwaway pid namespace (`unshare`), so a
/// filter that fails cannot reach the machine's processes.
fn hostile_in_group_contained(
    test: &str,
    name: &str,
    source: &str,
    args: &[&str],
) -> Option<(i32, String)> {
    if !as_root() || !common::need("unshare") || !common::need("python3") {
        return None;
    }
    let dir = scratch(test);
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    let out = Command::new("unshare")
        .args(["--fork", "--pid", "--mount-proc", SUDOKU, "judge"])
        .arg(&path)
        .args(["--problem", "lanqiao", "--fixture", "sample1"])
        .args(args)
        .env("SUDOKU_SANDBOX", "group")
        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    Some(code_and_text(&out))
}

/// A C++ file that embeds `file` with the assembler's `.incbin` and prints it.
fn incbin(file: &str) -> String {
    format!(
        "#include <cstdio>\n__asm__(\".section .rodata\\n.global blob\\nblob:\\n.incbin \\\"{file}\\\"\\n.byte 0\\n.text\\n\");\nextern \"C\" const char blob[];\nint main() {{ puts(blob); }}\n"
    )
}

#[test]
fn a_build_sees_neither_the_hosts_files_nor_the_judge() {
    let home = PathBuf::from(std::env::var("HOME").unwrap_or("/root".into()));
    let secret = home.join(format!(".sudoku-build-secret-{}", std::process::id()));
    let word = format!("TOPSECRET{}", std::process::id());
    std::fs::write(&secret, &word).unwrap();
    std::fs::set_permissions(&secret, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    let dir = scratch("build-view");
    let mut tried = Vec::new();
    if installed("g++") {
        // The judge's own binary holds every expected output.
        for (name, file) in [
            ("lanqiao_secret.cpp", secret.display().to_string()),
            ("lanqiao_judge.cpp", "/proc/1/exe".to_string()),
        ] {
            tried.push((name, incbin(&file)));
        }
    }
    tried.push((
        "lanqiao_secret.rs",
        format!(
            "fn main() {{ print!(\"{{}}\", include_str!(\"{}\")); }}\n",
            secret.display()
        ),
    ));
    for (name, source) in &tried {
        let file = dir.join(name);
        std::fs::write(&file, source).unwrap();
        let (code, text) = judge_in(&dir, &file, &["--fixture", "sample1"], &[]);
        assert!(!text.contains(&word), "{name} read the secret: {text}");
        assert_eq!(code, 1, "{name}: {text}");
        assert!(text.contains("1/1 CE"), "{name}: {text}");
    }
    std::fs::remove_file(&secret).unwrap();
}

#[test]
fn descriptors_the_judge_inherits_stay_outside() {
    if !common::need("python3") {
        return;
    }
    let dir = scratch("fd7");
    let sink = dir.join("sink");
    let file = std::fs::File::create(&sink).unwrap();
    let source = format!(
        "{SOLVE}\nimport os\ntext = sys.stdin.read()\nfor fd in range(3, 64):\n    try:\n        os.write(fd, b'ESCAPED')\n    except OSError:\n        pass\nsolve_and_print(text)\n"
    );
    let path = dir.join("write7.py");
    std::fs::write(&path, source).unwrap();
    let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
    let mut cmd = Command::new(SUDOKU);
    cmd.arg("judge")
        .arg(&path)
        .args(["--problem", "lanqiao", "--fixture", "sample1"])
        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
        .env("NO_COLOR", "1");
    // SAFETY: dup2 is async-signal-safe; fd stays open in the parent until
    // the child has run. As `exec 7>>sink` in a shell: fd 7, no CLOEXEC.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut cmd, move || {
            if libc::dup2(fd, 7) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(std::fs::read(&sink).unwrap(), b"", "{text}");
    assert_eq!(out.status.code(), Some(0), "{text}");
}

#[test]
fn runs_at_once_have_user_ids_of_their_own_and_threads_are_not_processes() {
    if !as_root() {
        return;
    }
    // Two cases at once, each printing its user id while the other runs.
    let source = "import os, sys, time\nsys.stdin.read()\ntime.sleep(0.5)\nprint(os.getuid())\n";
    let dir = scratch("uids");
    let path = dir.join("uid.py");
    std::fs::write(&path, source).unwrap();
    let (_, text) = judge_in(
        &dir,
        &path,
        &[
            "--problem",
            "lanqiao",
            "--fixture",
            "sample1",
            "--fixture",
            "sample2",
            "--jobs",
            "2",
        ],
        &[],
    );
    let mut uids: Vec<u64> = text
        .split("got \"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next()?.parse().ok())
        .collect();
    uids.sort();
    uids.dedup();
    assert_eq!(uids.len(), 2, "{text}");
    assert!(uids.iter().all(|&u| u >= 2_000_000_000), "{text}");
    // 300 threads (a JVM starts a few dozen of its own): not a process
    // limit, and no key reaches a later run through the kernel's keyrings.
    let source = format!(
        "{SOLVE}\nimport ctypes, threading, time\ntext = sys.stdin.read()\nts = [threading.Thread(target=time.sleep, args=(0.3,)) for _ in range(300)]\nfor t in ts:\n    t.start()\nfor t in ts:\n    t.join()\nlibc = ctypes.CDLL(None, use_errno=True)\nif libc.syscall({add_key}, b'user', b'left', b'behind', 6, -3) >= 0:\n    print('LEAK: a key was added')\nsolve_and_print(text)\n",
        add_key = libc::SYS_add_key
    );
    let (code, text) = hostile("threads", "threads.py", &source, &[]).unwrap();
    assert!(!text.contains("LEAK"), "{text}");
    assert_eq!(code, 0, "{text}");
    // Unprivileged, without a memory cgroup: an address-space cap, which
    // 300 stacks of 8 MB must not meet.
    if let Some((code, text)) = hostile_unprivileged("threads-user", "threads.py", &source, &[]) {
        assert!(!text.contains("LEAK"), "user namespace: {text}");
        assert_eq!(code, 0, "user namespace: {text}");
    }
}

#[test]
fn without_a_cgroup_memory_hidden_from_the_resident_size_is_still_bounded() {
    // Unmapped memfds: memory that no process's resident size shows.
    let memfd = format!(
        "{SOLVE}\nimport os\ntext = sys.stdin.read()\nheld = []\ntry:\n    for i in range(20):\n        fd = os.memfd_create('x')\n        os.ftruncate(fd, 40 << 20)\n        os.pwrite(fd, b'x' * (40 << 20), 0)\n        held.append(fd)\nexcept OSError:\n    pass\nif len(held) == 20:\n    print('LEAK: 800 MB in memfds')\nsolve_and_print(text)\n"
    );
    // Empty files: inodes, which are kernel memory.
    let files = format!(
        "{SOLVE}\nimport os\ntext = sys.stdin.read()\nn = 0\ntry:\n    while n < 100000:\n        open('/tmp/f%d' % n, 'w').close()\n        n += 1\nexcept OSError:\n    pass\nif n == 100000:\n    print('LEAK: 100000 files in /tmp')\nsolve_and_print(text)\n"
    );
    for (name, source) in [("memfd.py", memfd), ("files.py", files)] {
        let Some((_, text)) = hostile_unprivileged("unpriv", name, &source, &[]) else {
            return;
        };
        assert!(!text.contains("LEAK"), "{name}: {text}");
        assert!(text.contains("1/1 AC"), "{name}: {text}");
    }
    // A worker thread holds 600 MB after the main thread has exited.
    if !common::need("g++") {
        return;
    }
    let worker = "#include <pthread.h>\n#include <cstdlib>\n#include <unistd.h>\nstatic void* hold(void*) { size_t n = 600u << 20; volatile char* p = (char*)malloc(n); for (size_t i = 0; i < n; i += 4096) p[i] = 1; sleep(5); return nullptr; }\nint main() { pthread_t t; pthread_create(&t, nullptr, hold, nullptr); pthread_exit(nullptr); }\n";
    let (code, text) =
        hostile_unprivileged("unpriv-worker", "lanqiao_worker.cpp", worker, &[]).unwrap();
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 MLE"), "{text}");
}

#[test]
fn a_second_process_cannot_make_namespaces() {
    let source = format!(
        "{SOLVE}\nimport ctypes, os\ntext = sys.stdin.read()\nlibc = ctypes.CDLL(None, use_errno=True)\nfor flag in (0x10000000, 0x40000000, 0x20000):\n    pid = libc.syscall({clone}, flag | 17, 0, 0, 0, 0)\n    if pid == 0:\n        os._exit(0)\n    if pid > 0:\n        os.waitpid(pid, 0)\n        print('LEAK: clone with', hex(flag))\nsolve_and_print(text)\n",
        clone = libc::SYS_clone
    );
    let Some((code, text)) = hostile("clone-ns", "ns.py", &source, &["--processes", "2"]) else {
        return;
    };
    assert!(!text.contains("LEAK"), "{text}");
    assert_eq!(code, 0, "{text}");
}

#[test]
fn pages_shared_after_a_fork_count_once() {
    // 30 children of a 48 MB process, all alive at once: 1.4 GB of summed
    // resident sizes, under 100 MB of memory.
    let source = format!(
        "{SOLVE}\nimport os, time\ntext = sys.stdin.read()\nblock = bytearray(48 << 20)\nfor i in range(0, len(block), 4096):\n    block[i] = 1\nkids = []\nfor _ in range(30):\n    pid = os.fork()\n    if pid == 0:\n        time.sleep(0.5)\n        os._exit(0)\n    kids.append(pid)\nfor pid in kids:\n    os.waitpid(pid, 0)\nsolve_and_print(text)\n"
    );
    let Some((code, text)) = hostile("pss", "forks.py", &source, &["--processes", "40"]) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("1/1 AC"), "{text}");
}

#[test]
fn without_namespaces_a_users_file_is_refused_unless_trusted() {
    let Some((code, text)) = hostile_in_group_contained(
        "group-refused",
        "lanqiao_ok.py",
        &format!("{SOLVE}\nsolve_and_print(sys.stdin.read())\n"),
        &[],
    ) else {
        return;
    };
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("a process group and seccomp only") && text.contains("--trust"),
        "{text}"
    );
    // The workspace's own programs still run there.
    let dir = scratch("group-builtin");
    let out = Command::new("unshare")
        .args(["--fork", "--pid", "--mount-proc", SUDOKU, "judge"])
        .args(["--problem", "lanqiao", "--fixture", "sample1"])
        .env("SUDOKU_SANDBOX", "group")
        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
}

#[test]
fn without_namespaces_a_trusted_file_still_cannot_leave_its_group_or_read_the_judge() {
    let source = format!(
        r#"{SOLVE}
import fcntl, os
text = sys.stdin.read()
leaks = []
r, w = os.pipe()
for cmd in (8, 10, 15):  # F_SETOWN, F_SETSIG, F_SETOWN_EX
    try:
        fcntl.fcntl(r, cmd, os.getppid() if cmd != 15 else 0)
        leaks.append(cmd)
    except OSError:
        pass
for call in (lambda: os.setpgid(0, 1), os.setsid):
    try:
        call()
        leaks.append(call)
    except OSError:
        pass
for pid in os.listdir('/proc'):
    if not pid.isdigit() or int(pid) == os.getpid():
        continue
    try:
        if b'judge' not in open('/proc/%s/cmdline' % pid, 'rb').read():
            continue
        start = int(open('/proc/%s/maps' % pid).readline().split('-')[0], 16)
        with open('/proc/%s/mem' % pid, 'rb') as mem:
            mem.seek(start)
            mem.read(16)
        leaks.append('mem of ' + pid)
    except (OSError, ValueError):
        pass
if leaks:
    print('LEAK', leaks)
else:
    solve_and_print(text)
"#
    );
    let Some((code, text)) =
        hostile_in_group_contained("group-hold", "hold.py", &source, &["--trust"])
    else {
        return;
    };
    assert!(!text.contains("LEAK"), "{text}");
    assert_eq!(code, 0, "{text}");
    // And its process limit holds: three children at --processes 2.
    let forks = format!(
        "{SOLVE}\nimport os, time\ntext = sys.stdin.read()\nfor _ in range(3):\n    if os.fork() == 0:\n        time.sleep(1)\n        os._exit(0)\ntime.sleep(1)\nsolve_and_print(text)\n"
    );
    let (code, text) = hostile_in_group_contained(
        "group-procs",
        "forks.py",
        &forks,
        &["--trust", "--processes", "2"],
    )
    .unwrap();
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 RE"), "{text}");
}

#[test]
fn the_view_is_read_only_everywhere_but_tmp_and_shared_memory_works() {
    let source = format!(
        r#"{SOLVE}
import os, socket
text = sys.stdin.read()
leaks = []
for line in open('/proc/self/mountinfo'):
    point = line.split()[4]
    if point in ('/tmp', '/dev/shm') or point.startswith(('/proc', '/dev')):
        continue
    target = os.path.join(point, '.w') if os.path.isdir(point) else point
    try:
        open(target, 'a').close()
        leaks.append(point)
    except OSError:
        pass
if socket.gethostname() == {host:?}:
    leaks.append('hostname')
cmdline = open('/proc/1/cmdline', 'rb').read()
if b'{marker}' in cmdline or b'{exe}' in cmdline:
    leaks.append('host path in /proc/1/cmdline')
for line in open('/proc/self/cgroup'):
    if line.rstrip('\n').split(':', 2)[2] != '/':
        leaks.append('host cgroup ' + line.strip())
if leaks:
    print('LEAK', leaks)
else:
    from multiprocessing import Pool
    with Pool(2) as pool:
        pool.map(abs, range(4))
    solve_and_print(text)
"#,
        host = String::from_utf8_lossy(&std::fs::read("/proc/sys/kernel/hostname").unwrap()).trim(),
        marker = env!("CARGO_TARGET_TMPDIR"),
        exe = SUDOKU,
    );
    let Some((code, text)) = hostile("view", "view.py", &source, &["--processes", "4"]) else {
        return;
    };
    let mut runs = vec![("namespaces", code, text)];
    if let Some((code, text)) =
        hostile_unprivileged("view-user", "view.py", &source, &["--processes", "4"])
    {
        runs.push(("user namespace", code, text));
    }
    every_mode(runs, |code, text| code == 0 && !text.contains("LEAK"));
}

#[test]
fn a_file_name_cannot_drive_the_terminal_and_an_mle_names_a_peak_past_the_limit() {
    let name = "lanqiao_\u{1b}[31mred.py";
    let Some((_, text)) = hostile("escape", name, "print('x')\n", &[]) else {
        return;
    };
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(text.contains("lanqiao_\\u{1b}[31mred.py"), "{text}");
    let eat = "import sys\nsys.stdin.read()\nblock = bytearray(300 << 20)\nfor i in range(0, len(block), 4096):\n    block[i] = 1\n";
    let (_, text) = hostile("mle-peak", "eat.py", eat, &["--memory-limit", "64"]).unwrap();
    let peak: f64 = text
        .split("peak ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no peak: {text}"));
    assert!(text.contains("1/1 MLE") && peak >= 64.0, "{text}");
}

#[test]
fn the_judge_does_not_read_a_large_binary_into_memory() {
    if !common::need("g++") {
        return;
    }
    // A 200 MB executable: the warm run's judge stays small.
    let dir = scratch("big-binary");
    let file = dir.join("lanqiao_big.cpp");
    std::fs::write(
        &file,
        "#include <cstdio>\nchar big[200 << 20] = {1};\nint main() { printf(\"%d\\n\", big[0] + big[12345]); }\n",
    )
    .unwrap();
    let args = ["--fixture", "sample1"];
    judge_in(&dir, &file, &args, &[]);
    let mut judge = Command::new(SUDOKU);
    judge
        .arg("judge")
        .arg(&file)
        .args(args)
        .env("SUDOKU_CACHE_DIR", dir.join("cache"));
    let (code, peak_mb) = exit_and_peak_mb(judge);
    let _ = std::fs::remove_dir_all(dir.join("cache"));
    assert_eq!(code, 1, "a WA, built and run");
    assert!(peak_mb < 64.0, "the judge peaked at {peak_mb:.1} MB");
}

// ---- a third adversary ----

/// Tries, on every other process it can name, what would let it signal
/// that process on I/O (`FIOSETOWN`, `SIOCSPGRP` on a socket, as the
/// refused `F_SETOWN` does) or change its limits (`prlimit64`); prints
/// `LEAK` and what worked, or solves the case.
const OWNER_AND_LIMITS: &str = r#"
import fcntl, os, resource, socket, struct
text = sys.stdin.read()
leaks = []
others = [int(p) for p in os.listdir('/proc') if p.isdigit() and int(p) != os.getpid()]
for pid in others + [1]:
    for request, target in ((0x8901, pid), (0x8902, pid), (0x8902, -pid)):
        a, b = socket.socketpair()
        try:
            fcntl.ioctl(a, request, struct.pack('i', target))
            leaks.append((hex(request), target))
        except OSError:
            pass
        a.close()
        b.close()
    try:
        limit = resource.prlimit(pid, resource.RLIMIT_NOFILE)
        resource.prlimit(pid, resource.RLIMIT_NOFILE, limit)
        leaks.append(('prlimit', pid))
    except OSError:
        pass
if leaks:
    print('LEAK', leaks)
else:
    solve_and_print(text)
"#;

#[test]
fn no_mode_lets_a_solution_name_another_process_for_sigio_or_change_its_limits() {
    let source = format!("{SOLVE}{OWNER_AND_LIMITS}");
    let Some((code, text)) =
        hostile_in_group_contained("group-owner", "owner.py", &source, &["--trust"])
    else {
        return;
    };
    assert!(text.contains("a process group and seccomp only"), "{text}");
    let mut runs = vec![("fallback", code, text)];
    let (code, text) = hostile("owner", "owner.py", &source, &[]).unwrap();
    runs.push(("namespaces", code, text));
    // Unprivileged, init shares the program's user id.
    let (code, text) = hostile_unprivileged("owner-user", "owner.py", &source, &[]).unwrap();
    runs.push(("user namespace", code, text));
    every_mode(runs, |code, text| code == 0 && !text.contains("LEAK"));
}

/// Asserts `honest` of every mode's run, naming each mode that failed.
fn every_mode(runs: Vec<(&str, i32, String)>, honest: impl Fn(i32, &str) -> bool) {
    let failed: Vec<String> = runs
        .iter()
        .filter(|(_, code, text)| !honest(*code, text))
        .map(|(mode, code, text)| format!("{mode} (exit {code}):\n{text}"))
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

/// `tests/sample1.in` and `.out` (Lanqiao's first sample) under `dir`, as
/// online-judge-tools lays out a problem's cases beside the source.
fn cases_beside(dir: &Path) -> PathBuf {
    let tests = dir.join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    for ext in ["in", "out"] {
        let from =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("inputs/lanqiao/sample1.{ext}"));
        std::fs::copy(from, tests.join(format!("sample1.{ext}"))).unwrap();
    }
    tests
}

#[test]
fn a_build_sees_its_source_and_headers_only_whatever_its_folders_mode() {
    if !as_root() || !common::need("g++") {
        return;
    }
    // A folder only its owner may enter (as `mktemp -d` makes): the
    // build's user id could not search it, and gcc's `#include_next`
    // stops at such a folder.
    let dir = scratch("build-0700");
    std::fs::set_permissions(&dir, std::os::unix::fs::PermissionsExt::from_mode(0o700)).unwrap();
    let ok = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/contestant/lanqiao_ok.cpp"),
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    std::fs::write(
        dir.join("lib/beside.hpp"),
        "#include \"../top.h\"\n#define BESIDE TOP\n",
    )
    .unwrap();
    std::fs::write(dir.join("top.h"), "#define TOP 7\n").unwrap();
    let file = dir.join("lanqiao_ok.cpp");
    std::fs::write(
        &file,
        format!("#include <climits>\n#include \"lib/beside.hpp\"\nstatic_assert(BESIDE == 7, \"the header beside\");\n{ok}"),
    )
    .unwrap();
    let (code, text) = judge_in(&dir, &file, &["--fixture", "sample*"], &[]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("2/2 AC"), "{text}");
    // The expected outputs beside the source (`--fixtures tests`) are not
    // the build's to embed, by path or by include.
    let dir = scratch("build-fixtures");
    let tests = cases_beside(&dir);
    let out = tests.join("sample1.out");
    let mut tried = vec![(
        "lanqiao_embed.rs",
        format!(
            "fn main() {{ print!(\"{{}}\", include_str!(\"{}\")); }}\n",
            out.display()
        ),
    )];
    tried.push(("lanqiao_embed.cpp", incbin(&out.display().to_string())));
    tried.push((
        "lanqiao_include.cpp",
        "#include <cstdio>\nconst char* out =\n#include \"tests/sample1.out\"\n;\nint main() { puts(out); }\n".to_string(),
    ));
    for (name, source) in &tried {
        if name.ends_with(".cpp") && !installed("g++")
            || name.ends_with(".rs") && !installed("rustc")
        {
            continue;
        }
        let file = dir.join(name);
        std::fs::write(&file, source).unwrap();
        let fixtures = tests.to_str().unwrap();
        let (code, text) = judge_in(
            &dir,
            &file,
            &["--problem", "lanqiao", "--fixtures", fixtures],
            &[],
        );
        assert_eq!(code, 1, "{name}: {text}");
        assert!(text.contains("1/1 CE"), "{name}: {text}");
    }
}

#[test]
fn unprivileged_a_build_does_not_read_the_users_other_files_beside_the_source() {
    if !as_root() || !common::need("setpriv") || !common::need("g++") {
        return;
    }
    let dir = scratch_for_anyone("build-user-secret");
    let secret = dir.join("secret.txt");
    let word = format!("PRIVATE{}", std::process::id());
    std::fs::write(&secret, &word).unwrap();
    std::fs::set_permissions(&secret, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    let file = dir.join("lanqiao_secret.cpp");
    std::fs::write(&file, incbin(&secret.display().to_string())).unwrap();
    let (code, text) = judge_unprivileged(
        &dir,
        &file,
        &["--problem", "lanqiao", "--fixture", "sample1"],
        &[],
    );
    assert!(!text.contains(&word), "{text}");
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 CE"), "{text}");
}

/// Children that each burn 30 ms of CPU time, 100 one after another
/// (3 s in all), with `SIGCHLD` ignored where it may be, so the kernel
/// reaps them unwaited; where ignoring it is refused, each is waited for.
/// Either way the tree used 3 s: at a 1 s limit, TLE by CPU time.
const REAPED_BY_THE_KERNEL: &str = r#"
import os, signal, time
text = sys.stdin.read()
try:
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    ignored = True
except OSError:
    ignored = False
for _ in range(100):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        t = time.process_time()
        while time.process_time() - t < 0.03:
            pass
        os._exit(0)
    os.close(w)
    os.read(r, 1)
    os.close(r)
    if not ignored:
        os.waitpid(pid, 0)
solve_and_print(text)
"#;

/// The `cpu_ms` of a `--json` line.
fn cpu_ms(text: &str) -> Option<f64> {
    text.split("\"cpu_ms\":")
        .nth(1)
        .and_then(|rest| rest.split(',').next()?.parse().ok())
}

#[test]
fn children_the_kernel_reaps_are_charged_and_shown() {
    let source = format!("{SOLVE}{REAPED_BY_THE_KERNEL}");
    let args = [
        "--processes",
        "3",
        "--time-limit",
        "1000",
        "--wall-limit",
        "60000",
        "--json",
    ];
    let Some((code, text)) = hostile("reaped", "reaped.py", &source, &args) else {
        return;
    };
    let mut runs = vec![("namespaces", code, text)];
    if let Some((code, text)) = hostile_unprivileged("reaped-user", "reaped.py", &source, &args) {
        runs.push(("user namespace", code, text));
    }
    let mut trusted = vec!["--trust"];
    trusted.extend(args);
    if let Some((code, text)) =
        hostile_in_group_contained("reaped-group", "reaped.py", &source, &trusted)
    {
        runs.push(("fallback", code, text));
    }
    every_mode(runs, |code, text| {
        code == 1
            && text.contains(r#""verdict":"TLE""#)
            && text.contains(r#""killed_by":"cpu""#)
            && cpu_ms(text).is_some_and(|ms| ms >= 1000.0)
    });
}

#[test]
fn sockets_are_refused_and_init_is_out_of_the_oom_killers_reach() {
    // Memory in a socket's buffers is no process's resident size: 600 MB
    // in 77 socket pairs (SO_SNDBUF raised) passed a polled limit. No
    // problem needs a socket; the JVM takes a socket pair, at its default
    // buffer sizes.
    let source = format!(
        r#"{SOLVE}
import socket
text = sys.stdin.read()
leaks = []
for family in (socket.AF_UNIX, socket.AF_INET):
    try:
        socket.socket(family)
        leaks.append(family)
    except OSError:
        pass
a, b = socket.socketpair()
try:
    a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 8 << 20)
    leaks.append('SO_SNDBUF')
except OSError:
    pass
def cgroups(pid):
    try:
        return sorted(l for l in open('/proc/%s/cgroup' % pid).read().split() if ':memory:' in l or ':cpuacct:' in l)
    except OSError:
        return None
own = cgroups('self')
if own and any('sudoku-' in l for l in own) and own == cgroups(1):
    leaks.append(('init shares the run cgroups', own))
if leaks:
    print('LEAK', leaks)
else:
    solve_and_print(text)
"#
    );
    let Some((code, text)) = hostile("sockets", "sockets.py", &source, &[]) else {
        return;
    };
    let mut runs = vec![("namespaces", code, text)];
    if let Some(run) = hostile_unprivileged("sockets-user", "sockets.py", &source, &[]) {
        runs.push(("user namespace", run.0, run.1));
    }
    if let Some(run) =
        hostile_in_group_contained("sockets-group", "sockets.py", &source, &["--trust"])
    {
        runs.push(("fallback", run.0, run.1));
    }
    every_mode(runs, |code, text| code == 0 && !text.contains("LEAK"));
}

/// 400 socket pairs filled both ways (about 160 MB of buffers, at the
/// default sizes) by a C program of 1 MB, held for 300 ms: where a memory
/// cgroup counts them, the OOM killer ends the program, never init;
/// without one, the poll counts them. Either way MLE.
const SOCKET_BUFFERS: &str = r#"#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>
#include <fcntl.h>
int main(void) {
    static char buf[65536];
    int n = 0;
    for (int i = 0; i < 400; i++) {
        int sv[2];
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) break;
        for (int k = 0; k < 2; k++) {
            fcntl(sv[k], F_SETFL, O_NONBLOCK);
            while (write(sv[k], buf, sizeof buf) > 0) {}
        }
        n++;
    }
    printf("held %d\n", n);
    fflush(stdout);
    usleep(300000);
    return 0;
}
"#;

#[test]
fn socket_buffers_past_a_memory_cgroups_limit_are_mle() {
    if !common::need("gcc") {
        return;
    }
    let args = ["--memory-limit", "16"];
    let Some((code, text)) = hostile("socket-buffers", "lanqiao_sockets.c", SOCKET_BUFFERS, &args)
    else {
        return;
    };
    let mut runs = vec![("namespaces", code, text)];
    let mut trusted = vec!["--trust"];
    trusted.extend(args);
    if let Some(run) = hostile_in_group_contained(
        "socket-buffers-group",
        "lanqiao_sockets.c",
        SOCKET_BUFFERS,
        &trusted,
    ) {
        runs.push(("fallback", run.0, run.1));
    }
    // Unprivileged, no cgroup: the poll asks the kernel what the run's
    // own network namespace's sockets hold.
    if as_root() && installed("setpriv") {
        let dir = scratch_for_anyone("socket-buffers-user");
        let file = dir.join("lanqiao_sockets.c");
        std::fs::write(&file, SOCKET_BUFFERS).unwrap();
        let first = ["--problem", "lanqiao", "--fixture", "sample1"];
        let (code, text) = judge_unprivileged(&dir, &file, &first, &args);
        assert!(text.contains("in a user namespace"), "{text}");
        runs.push(("user namespace", code, text));
    }
    runs.retain(|(mode, _, text)| {
        let counted = text.contains("a memory cgroup per run") || text.contains("user namespace");
        if !counted {
            common::skip(
                &format!("no memory cgroup for the {mode} run"),
                "a writable cgroup v1 memory controller or cgroup v2, as root",
            );
        }
        counted
    });
    every_mode(runs, |code, text| code == 1 && text.contains("1/1 MLE"));
}

#[test]
fn without_namespaces_a_solution_signals_its_own_children_and_no_one_else() {
    // A child of its own, by its pid: stopped, continued, killed; the
    // judge, init and pid 1 (outside its group) stay out of reach.
    let source = format!(
        r#"{SOLVE}
import os, signal, time
text = sys.stdin.read()
leaks = []
pid = os.fork()
if pid == 0:
    time.sleep(30)
    os._exit(0)
os.kill(pid, 0)
os.kill(pid, signal.SIGSTOP)
os.kill(pid, signal.SIGCONT)
os.kill(pid, signal.SIGKILL)
_, status = os.waitpid(pid, 0)
if not os.WIFSIGNALED(status) or os.WTERMSIG(status) != signal.SIGKILL:
    leaks.append(('child not killed', status))
for other in (os.getppid(), 1):
    try:
        os.kill(other, 0)
        leaks.append(('signalled', other))
    except OSError:
        pass
if leaks:
    print('LEAK', leaks)
else:
    solve_and_print(text)
"#
    );
    let args = ["--processes", "2"];
    let Some((code, text)) = hostile("own-child", "child.py", &source, &args) else {
        return;
    };
    let mut runs = vec![("namespaces", code, text)];
    let mut trusted = vec!["--trust"];
    trusted.extend(args);
    if let Some((code, text)) =
        hostile_in_group_contained("own-child-group", "child.py", &source, &trusted)
    {
        runs.push(("fallback", code, text));
    }
    every_mode(runs, |code, text| code == 0 && !text.contains("LEAK"));
}

// ---- a fourth adversary: what the filter's table did not name ----

/// Makes, through `ctypes`, the calls that reach past the filter or the
/// run by another road: io_uring (its queue makes sockets and sets their
/// buffers with no `socket` or `setsockopt` call), inotify (it hears the
/// host's file opens), System V IPC (segments no poll sees, which outlive a
/// run without namespaces, and the machine's own where a run shares its
/// IPC namespace), a Linux AIO context (from the machine's shared
/// count), another descriptor by pidfd, a perf counter,
/// a pipe's buffer grown to 1 MB; prints `LEAK` and what worked, or
/// solves the case.
const PAST_THE_FILTER: &str = r#"
import ctypes, fcntl, os, platform
text = sys.stdin.read()
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
numbers = {
    'x86_64': dict(io_setup=206, io_uring_setup=425, inotify_init1=294, shmget=29, msgget=68, semget=64,
                   shmctl=31, msgctl=71, semctl=66,
                   pidfd_open=434, pidfd_getfd=438, perf_event_open=298),
    'aarch64': dict(io_setup=0, io_uring_setup=425, inotify_init1=26, shmget=194, msgget=186, semget=190,
                    shmctl=195, msgctl=187, semctl=191,
                    pidfd_open=434, pidfd_getfd=438, perf_event_open=241),
}[platform.machine()]
leaks = []
def tried(name, *args):
    r = libc.syscall(numbers[name], *args)
    if r >= 0:
        leaks.append(name)
    return r
params = ctypes.create_string_buffer(120)
tried('io_uring_setup', 4, params)
context = ctypes.c_ulong(0)
tried('io_setup', 1, ctypes.byref(context))
tried('inotify_init1', 0)
IPC_PRIVATE, IPC_CREAT = 0, 0o1000
tried('shmget', IPC_PRIVATE, 1 << 20, IPC_CREAT | 0o600)
tried('msgget', IPC_PRIVATE, IPC_CREAT | 0o600)
tried('semget', IPC_PRIVATE, 1, IPC_CREAT | 0o600)
# The machine's segments, queues and sets, which exist without this run
# making any: IPC_INFO (3) reads their limits, and answers where they reach.
info = ctypes.create_string_buffer(256)
IPC_INFO = 3
tried('shmctl', 0, IPC_INFO, info)
tried('msgctl', 0, IPC_INFO, info)
tried('semctl', 0, 0, IPC_INFO, info)
pidfd = libc.syscall(numbers['pidfd_open'], os.getpid(), 0)
if pidfd >= 0:
    tried('pidfd_getfd', pidfd, 0, 0)
# perf_event_attr: a software event (type 1), the task clock (config 1), of itself.
attr = ctypes.create_string_buffer(128)
ctypes.c_uint32.from_buffer(attr, 0).value = 1
ctypes.c_uint32.from_buffer(attr, 4).value = 128
ctypes.c_uint64.from_buffer(attr, 8).value = 1
tried('perf_event_open', attr, 0, -1, -1, 0)
r, w = os.pipe()
try:
    fcntl.fcntl(w, 1031, 1 << 20)  # F_SETPIPE_SZ
    leaks.append('F_SETPIPE_SZ')
except OSError:
    pass
if leaks:
    print('LEAK', leaks)
else:
    solve_and_print(text)
"#;

#[test]
fn no_mode_lets_io_uring_inotify_or_system_v_ipc_past_the_filter() {
    let source = format!("{SOLVE}{PAST_THE_FILTER}");
    let Some((code, text)) = hostile("past-filter", "past.py", &source, &[]) else {
        return;
    };
    let mut runs = vec![("namespaces", code, text)];
    if let Some(run) = hostile_unprivileged("past-filter-user", "past.py", &source, &[]) {
        runs.push(("user namespace", run.0, run.1));
    }
    if let Some(run) =
        hostile_in_group_contained("past-filter-group", "past.py", &source, &["--trust"])
    {
        runs.push(("fallback", run.0, run.1));
    }
    every_mode(runs, |code, text| {
        code == 0 && text.contains("1/1 AC") && !text.contains("LEAK")
    });
}

/// A wrong solution that reads its case, waits 4 s and prints nothing:
/// the victim whose output another run's program writes.
const WAITS_SILENT: &str = "import sys, time\nsys.stdin.read()\ntime.sleep(4)\n";

/// For up to 6 s, looks for another run's program through `/proc/PID/fd`:
/// one whose stdin is a Lanqiao case. It solves that case and writes the
/// answer over the other's stdout, prints `FOUND` and the pid; or, having
/// found none, solves its own case.
const WRITES_ANOTHERS_ANSWER: &str = r#"
import contextlib, glob, io, os, time
text = sys.stdin.read()
# A lock kept as a file, the run could remove, and the next run with it.
for lock in glob.glob('/tmp/sudoku-fallback-*'):
    with contextlib.suppress(OSError):
        os.unlink(lock)
me = os.getpid()
found = []
end = time.time() + 6
while time.time() < end and not found:
    for p in os.listdir('/proc'):
        if not p.isdigit() or int(p) == me:
            continue
        try:
            case = open('/proc/%s/fd/0' % p).read()
        except OSError:
            continue
        rows = case.split()
        if len(rows) < 9 or not all(len(r) == 9 and r.isdigit() for r in rows[:9]):
            continue
        answer = io.StringIO()
        with contextlib.redirect_stdout(answer):
            solve_and_print(case)
        try:
            with open('/proc/%s/fd/1' % p, 'w') as out:
                out.write(answer.getvalue())
            found.append(p)
        except OSError:
            pass
    time.sleep(0.05)
if found:
    print('FOUND', found)
else:
    solve_and_print(text)
"#;

#[test]
fn without_namespaces_two_judges_runs_cannot_reach_each_others_descriptors() {
    // Two `--trust` judges at once, one throwaway pid namespace: the
    // program of one looks for the other's through /proc/PID/fd, where
    // both run as the same user.
    if !as_root() || !common::need("unshare") || !common::need("python3") {
        return;
    }
    let dir = scratch("fallback-forge");
    std::fs::write(dir.join("victim.py"), WAITS_SILENT).unwrap();
    std::fs::write(
        dir.join("thief.py"),
        format!("{SOLVE}{WRITES_ANOTHERS_ANSWER}"),
    )
    .unwrap();
    let judge = |name: &str| {
        format!(
            "\"$0\" judge {name}.py --problem lanqiao --fixture sample1 --trust --wall-limit 30000 >{name}.txt 2>&1"
        )
    };
    let both = format!("{} & {}; wait", judge("victim"), judge("thief"));
    let mut cmd = Command::new("timeout");
    cmd.args([
        "120",
        "unshare",
        "--fork",
        "--pid",
        "--mount-proc",
        "sh",
        "-c",
    ])
    .arg(&both)
    .arg(SUDOKU)
    .current_dir(&dir)
    .env("SUDOKU_SANDBOX", "group")
    .env("SUDOKU_CACHE_DIR", dir.join("cache"))
    .env("NO_COLOR", "1");
    let status = cmd.status().unwrap();
    assert!(status.success(), "{status}");
    let victim = std::fs::read_to_string(dir.join("victim.txt")).unwrap();
    let thief = std::fs::read_to_string(dir.join("thief.txt")).unwrap();
    assert!(
        thief.contains("1/1 AC") && !thief.contains("FOUND"),
        "{thief}"
    );
    assert!(victim.contains("1/1 WA"), "{victim}");
}

/// Runs `command…` with a new pty as its controlling terminal (python3's
/// `pty` machinery by hand, so the pty's name is known first), under a
/// 120 s limit; `@TTY@` in `template` becomes that name, written to
/// `source`. Prints `SAME 1` when the terminal's modes and size are
/// what they were before (`SAME 0` and both otherwise), then what the
/// command printed on the terminal.
const ON_A_TERMINAL: &str = r#"
import fcntl, os, select, signal, struct, sys, termios, time
template, source, *command = sys.argv[1:]
master, slave = os.openpty()
with open(source, 'w') as f:
    f.write(open(template).read().replace('@TTY@', os.ttyname(slave)))
fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack('HHHH', 24, 80, 0, 0))
def state():
    size = struct.unpack('HHHH', fcntl.ioctl(slave, termios.TIOCGWINSZ, b'\0' * 8))
    return (termios.tcgetattr(slave), size)
before = state()
pid = os.fork()
if pid == 0:
    os.close(master)
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    os.execvp(command[0], command)
out = b''
end = time.time() + 120
status = None
while True:
    ready, _, _ = select.select([master], [], [], 0.2)
    if ready:
        out += os.read(master, 65536)
        continue
    if status is not None:
        break
    done, st = os.waitpid(pid, os.WNOHANG)
    if done:
        status = st
    elif time.time() > end:
        os.kill(pid, signal.SIGKILL)
after = state()
print('SAME', int(before == after))
if before != after:
    print('before', before)
    print('after ', after)
sys.stdout.write(out.decode('utf-8', 'replace'))
"#;

/// Through `/dev/tty` (its controlling terminal) and the terminal's own
/// name (`@TTY@`): echo and Ctrl-C off, a 7x13 window, the foreground group.
/// Prints `LEAK` and what worked, or solves the case.
const TERMINAL: &str = r#"
import fcntl, os, signal, struct, termios
text = sys.stdin.read()
leaks = []
# A background group's change of its terminal would stop it (SIGTTOU).
signal.signal(signal.SIGTTOU, signal.SIG_IGN)
def attack(fd, how):
    try:
        a = termios.tcgetattr(fd)
        a[3] &= ~(termios.ECHO | termios.ISIG)
        termios.tcsetattr(fd, termios.TCSANOW, a)
        leaks.append(how + ': echo and Ctrl-C off')
    except (OSError, termios.error):
        pass
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', 7, 13, 0, 0))
        leaks.append(how + ': 7x13')
    except OSError:
        pass
    try:
        os.tcsetpgrp(fd, os.getpgrp())
        leaks.append(how + ': the foreground')
    except OSError:
        pass
try:
    fd = os.open('/dev/tty', os.O_RDWR)
    leaks.append('opened /dev/tty')
    attack(fd, '/dev/tty')
except OSError:
    pass
try:
    attack(os.open('@TTY@', os.O_RDWR | os.O_NOCTTY), 'by name')
except OSError:
    pass
if leaks:
    print('LEAK', leaks)
else:
    solve_and_print(text)
"#;

/// [`TERMINAL`] as `dir/terminal.py`, judged on Lanqiao's first sample by
/// `command… terminal.py first…` on a terminal of its own
/// ([`ON_A_TERMINAL`]), with `env` and a bare PATH: its exit code and
/// what the driver printed.
fn on_a_terminal(
    dir: &Path,
    command: &[&str],
    after: &[&str],
    env: &[(&str, &str)],
) -> (i32, String) {
    std::fs::write(dir.join("template.py"), format!("{SOLVE}{TERMINAL}")).unwrap();
    std::fs::write(dir.join("driver.py"), ON_A_TERMINAL).unwrap();
    let out = Command::new("/usr/bin/python3")
        .arg(dir.join("driver.py"))
        .arg(dir.join("template.py"))
        .arg(dir.join("terminal.py"))
        .args(command)
        .arg(dir.join("terminal.py"))
        .args(after)
        .args(["--problem", "lanqiao", "--fixture", "sample1"])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("SUDOKU_CACHE_DIR", dir.join("cache"))
        .env("NO_COLOR", "1")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    code_and_text(&out)
}

#[test]
fn no_mode_lets_a_solution_take_or_change_the_judges_terminal() {
    if !as_root() || !common::need("unshare") {
        return;
    }
    if !Path::new("/usr/bin/python3").exists() {
        common::skip("no /usr/bin/python3", "apt-get install python3");
        return;
    }
    let (code, text) = on_a_terminal(&scratch("terminal"), &[SUDOKU, "judge"], &[], &[]);
    let mut runs = vec![("namespaces", code, text)];
    let (code, text) = on_a_terminal(
        &scratch("terminal-group"),
        &[
            "unshare",
            "--fork",
            "--pid",
            "--mount-proc",
            SUDOKU,
            "judge",
        ],
        &["--trust"],
        &[("SUDOKU_SANDBOX", "group")],
    );
    runs.push(("fallback", code, text));
    if common::installed("setpriv") {
        let dir = scratch_for_anyone("terminal-user");
        std::os::unix::fs::chown(&dir, Some(65534), Some(65534)).unwrap();
        let anyone = sudoku_for_anyone().to_str().unwrap();
        let setpriv = [
            "setpriv",
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
        ];
        let (code, text) = on_a_terminal(
            &dir,
            &[&setpriv[..], &[anyone, "judge"]].concat(),
            &[],
            &[("HOME", dir.to_str().unwrap())],
        );
        runs.push(("user namespace", code, text));
    }
    every_mode(runs, |code, text| {
        code == 0 && text.starts_with("SAME 1") && text.contains("1/1 AC") && !text.contains("LEAK")
    });
}

/// The `memory_kb` of a `--json` line.
fn memory_kb(text: &str) -> Option<u64> {
    text.split("\"memory_kb\":").nth(1).and_then(|rest| {
        rest.split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    })
}

#[test]
fn socket_buffers_under_the_limit_show_in_the_peak() {
    // About 160 MB in 400 socket pairs, under 256 MB: not killed, and
    // the peak shown is the buffers', not the program's 1 MB.
    if !common::need("gcc") {
        return;
    }
    let args = ["--memory-limit", "256", "--json"];
    let Some((code, text)) = hostile("socket-peak", "lanqiao_sockets.c", SOCKET_BUFFERS, &args)
    else {
        return;
    };
    let mut runs = vec![("namespaces", code, text)];
    if as_root() && installed("setpriv") {
        let dir = scratch_for_anyone("socket-peak-user");
        let file = dir.join("lanqiao_sockets.c");
        std::fs::write(&file, SOCKET_BUFFERS).unwrap();
        let first = ["--problem", "lanqiao", "--fixture", "sample1"];
        let (code, text) = judge_unprivileged(&dir, &file, &first, &args);
        runs.push(("user namespace", code, text));
    }
    every_mode(runs, |_, text| {
        text.contains(r#""verdict":"WA""#) && memory_kb(text).is_some_and(|kb| kb > 80 << 10)
    });
}

#[test]
fn a_solution_asking_to_signal_without_end_does_not_keep_the_monitor_busy() {
    // Without namespaces each kill() is a question the monitor answers.
    // A child of its own asked about for 3 s without a pause, against the
    // same child slept beside for 3 s: the judge's tree may spend little
    // more CPU time on the first than on the second, beyond the
    // solution's own.
    if !as_root() || !common::need("unshare") || !common::need("python3") {
        return;
    }
    let program = |middle: &str| {
        format!(
            "{SOLVE}\nimport os, signal, time\ntext = sys.stdin.read()\npid = os.fork()\nif pid == 0:\n    time.sleep(30)\n    os._exit(0)\n{middle}\nos.kill(pid, signal.SIGKILL)\nos.waitpid(pid, 0)\nsolve_and_print(text)\n"
        )
    };
    let spam = program("end = time.time() + 3\nwhile time.time() < end:\n    os.kill(pid, 0)");
    let sleep = program("time.sleep(3)");
    let mut overheads = Vec::new();
    for (name, source) in [("spam.py", spam), ("sleep.py", sleep)] {
        let dir = scratch(&format!("asking-{name}"));
        let path = dir.join(name);
        std::fs::write(&path, source).unwrap();
        let mut judge = Command::new("unshare");
        judge
            .args(["--fork", "--pid", "--mount-proc", SUDOKU, "judge", "--json"])
            .arg(&path)
            .args(["--problem", "lanqiao", "--fixture", "sample1"])
            .args(["--trust", "--processes", "2", "--time-limit", "20000"])
            .env("SUDOKU_SANDBOX", "group")
            .env("SUDOKU_CACHE_DIR", dir.join("cache"))
            .env("NO_COLOR", "1");
        // The judge's tree's CPU time: wait4's, for the judge and every
        // descendant it waited for (its supervisor and init among them).
        let run = common::run_measured(judge, Stdio::null(), Duration::from_secs(120));
        let text = String::from_utf8_lossy(&run.stdout).into_owned() + &run.stderr;
        assert!(!run.timed_out && run.code == Some(0), "{name}: {text}");
        let tree = run.cpu.unwrap();
        let record: serde_json::Value = text
            .lines()
            .find_map(|l| serde_json::from_str(l).ok())
            .unwrap_or_else(|| panic!("{name}: no record: {text}"));
        assert_eq!(record["verdict"], "AC", "{name}: {text}");
        let solution = Duration::from_secs_f64(record["cpu_ms"].as_f64().unwrap() / 1000.0);
        overheads.push(tree.saturating_sub(solution));
    }
    assert!(
        overheads[0] < overheads[1] + Duration::from_secs(1),
        "the judge's own CPU time: {:?} beside a solution asking without end, {:?} beside one asleep",
        overheads[0],
        overheads[1]
    );
}
