//! The judge: one verdict of each kind from the runner's test-only solutions
//! (small limits, so no test waits long), verdicts under load, the
//! solution's own memory, no orphans, one input parser, judges' comparison
//! rules, input read once, limits checked, `--json`, and a closed pipe.

use crate::common;

use serde_json::Value;
use std::io::Write;
#[cfg(target_os = "linux")]
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_workspace::fixtures::{self, inputs_dir};
use sudoku_workspace::judge::problem::{self, Problem};
use sudoku_workspace::judge::solution::Solution;
use sudoku_workspace::judge::{judge_case, Case, CaseResult, Limits, Verdict};
use sudoku_workspace::lc37;
use sudoku_workspace::sandbox::{End, Supervisor};

const SUDOKU: &str = env!("CARGO_BIN_EXE_sudoku");

/// 1 s of CPU and 64 MB: the runner needs a few ms. The wall clock is only
/// a backstop, and a loaded CI machine can give a looping child a small share
/// of a core, so it is far away here (the sleeper's test sets its own).
const LIMITS: Limits = Limits {
    time: Duration::from_millis(1000),
    wall: Duration::from_secs(30),
    memory_mb: 64,
    processes: 1,
};

fn problem(key: &str) -> &'static Problem {
    problem::by_key(key).unwrap()
}

fn judge(name: &str, key: &str, fixture: &str) -> CaseResult {
    judge_with(name, key, fixture, &LIMITS)
}

fn judge_with(name: &str, key: &str, fixture: &str, limits: &Limits) -> CaseResult {
    let problem = problem(key);
    let fixture = fixtures::load(&inputs_dir().join(key).join(format!("{fixture}.in")));
    let case = Case::from_fixture(problem, fixture).unwrap();
    let solution = Solution::builtin(problem)
        .into_iter()
        .find(|s| s.name == name)
        .or_else(|| Solution::test_only(name, problem))
        .unwrap();
    let supervisor = Supervisor {
        program: SUDOKU.into(),
        prefix: vec!["sandbox".into()],
    };
    judge_case(&supervisor, Path::new(SUDOKU), &solution, &case, limits)
}

#[test]
fn a_right_solution_is_ac_with_its_own_time_and_memory() {
    let r = judge("lc37_05_marks_forward", "lc37", "leetcode_example");
    assert_eq!(r.verdict, Verdict::Ac, "{}", r.detail);
    let mb = r.peak_kib as f64 / 1024.0;
    assert!(mb > 0.5 && mb < 16.0, "peak {mb} MB");
    // The CPU time shown is the scaled CPU's; this machine's is no more than the wall clock.
    assert!(
        r.cpu.mul_f64(common::cpu_scale()) <= r.wall + Duration::from_millis(5),
        "{r:?}"
    );
}

#[test]
fn a_loop_is_tle_by_cpu_time_and_killed_at_the_limit() {
    let r = judge("test_loop", "lc37", "leetcode_example");
    assert_eq!((r.verdict, r.end), (Verdict::Tle, End::CpuLimit));
    assert!(
        r.cpu >= LIMITS.time && r.cpu < Duration::from_secs(3),
        "{:?}",
        r.cpu
    );
    let r = judge(lc37::WRONG_DFS.0, "lc37", "leetcode_example");
    assert_eq!(r.verdict, Verdict::Tle, "the wrong DFS never stops");
}

#[test]
fn a_sleeper_is_tle_by_the_wall_clock_and_says_so() {
    let limits = Limits {
        wall: Duration::from_millis(1500),
        ..LIMITS
    };
    let r = judge_with("test_sleep", "lc37", "leetcode_example", &limits);
    assert_eq!((r.verdict, r.end), (Verdict::Tle, End::WallLimit));
    assert!(r.cpu < Duration::from_millis(100), "it slept: {:?}", r.cpu);
    assert!(r.wall >= limits.wall, "{:?}", r.wall);
    assert!(r.detail.contains("wall clock"), "{}", r.detail);
}

/// Whether `end` is an abort: SIGABRT on Unix; on Windows, where a failed
/// allocation's abort is an exit code, the verdict alone says MLE.
fn abort(end: End) -> bool {
    #[cfg(unix)]
    return end == End::Signal(libc::SIGABRT);
    #[cfg(not(unix))]
    return matches!(end, End::Exit(_));
}

#[test]
fn allocating_past_the_limit_is_mle_not_re() {
    let r = judge("test_alloc", "lc37", "leetcode_example");
    assert_eq!(r.verdict, Verdict::Mle, "{}", r.detail);
    assert!(r.peak_kib > 64 << 10, "peak {} KiB", r.peak_kib);
    // Killed by the polling (MemoryLimit), or refused by RLIMIT_AS first on
    // a machine too busy to poll (an abort that says so): MLE either way.
    assert!(
        matches!(r.end, End::MemoryLimit) || abort(r.end),
        "stopped for memory, not time: {:?}",
        r.end
    );
}

#[test]
fn writing_without_end_is_ole() {
    let r = judge("test_flood", "lc37", "leetcode_example");
    assert_eq!(
        (r.verdict, r.end),
        (Verdict::Ole, End::OutputLimit),
        "{}",
        r.detail
    );
}

#[test]
fn a_panic_is_re() {
    let r = judge("test_panic", "lc37", "leetcode_example");
    assert_eq!(r.verdict, Verdict::Re);
    assert!(r.detail.contains("exit code 101"), "{}", r.detail);
}

#[test]
fn a_wrong_board_is_wa_with_a_diff() {
    let r = judge("test_wrong", "lc37", "leetcode_example");
    assert_eq!(r.verdict, Verdict::Wa);
    assert!(r.detail.starts_with("not a solution"), "{}", r.detail);
    assert!(
        r.detail.contains("\n- 534678912\n+ 531171111\n"),
        "{}",
        r.detail
    );
}

#[test]
fn lanqiao_failures_are_judged_by_exit_code_and_stderr() {
    for fixture in ["no_solution", "bad_char", "sample1"] {
        let r = judge("lanqiao", "lanqiao", fixture);
        assert_eq!(r.verdict, Verdict::Ac, "{fixture}: {}", r.detail);
    }
}

fn sudoku(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(SUDOKU)
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A fresh folder for one test's files.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-judge-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn judge_lc36_exits_0_with_a_plain_table() {
    let (code, out, err) = sudoku(&["judge", "--problem", "lc36"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains('\x1b'), "no colour in a pipe");
    assert!(out.contains("LeetCode 36 (Valid Sudoku)"));
    assert!(out.contains("ms CPU time"), "{out}");
    assert_eq!(out.matches("7/7 AC").count(), 3, "{out}");
}

#[test]
fn a_failing_solution_makes_the_judge_exit_1() {
    let args = [
        "judge",
        "--problem",
        "lc37",
        "--fixture",
        "leetcode_example",
        "--solution",
        "test_wrong",
        "--solution",
        "lc37_04_bitmasks",
    ];
    let (code, out, _) = sudoku(&args);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("test_wrong on leetcode_example: WA (expected AC)"),
        "{out}"
    );
    assert!(out.contains("lc37_04_bitmasks  AC"), "{out}");
}

#[test]
fn the_wrong_dfs_tle_is_shown_as_expected() {
    let args = [
        "judge",
        "--fixture",
        "writeup002_grid",
        "--solution",
        lc37::WRONG_DFS.0,
        "--time-limit",
        "300",
    ];
    let (code, out, _) = sudoku(&args);
    assert_eq!(code, 0, "{out}");
    // On a machine busy with other tests the wall-clock backstop may stop it
    // first: `TLE (wall)`, still its expected verdict.
    assert!(
        out.contains("1/1 TLE (expected)") || out.contains("1/1 TLE (wall) (expected)"),
        "{out}"
    );
}

/// On the hard case, every approach that must pass (04-08, 11) is AC under
/// the case's own `limit:`; `--time-limit` sets every case's.
#[test]
fn the_hard_cases_limit_is_the_built_in_solutions_and_passes_them() {
    let case = fixtures::load(&inputs_dir().join("lc37/hard_top1465_338.in"));
    let limit = case
        .limit
        .as_ref()
        .expect("a limit: line for the hard case");
    let mut args = vec!["judge", "--json", "--problem", "lc37", "--fixture"];
    args.push("hard_top1465_338");
    let must_pass: Vec<&str> = lc37::APPROACHES
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !case.slow.names.iter().any(|s| s == name))
        .collect();
    assert!(must_pass.len() >= 6, "{must_pass:?}");
    for name in &must_pass {
        args.extend(["--solution", name]);
    }
    let (code, out, err) = sudoku(&args);
    assert_eq!(code, 0, "{out}{err}");
    // AC on this CPU, whatever its speed. The margin the limit: line gives
    // on the developers' CPU is measured there and written beside it.
    for r in json_lines(&out) {
        assert_eq!(r["verdict"], "AC", "{r}");
        assert_eq!(r["time_limit_ms"], limit.ms, "{r}");
    }
    args.extend(["--time-limit", "1500"]);
    let (_, out, _) = sudoku(&args);
    assert!(
        json_lines(&out).iter().all(|r| r["time_limit_ms"] == 1500),
        "{out}"
    );
    // A user's file keeps the problem's limit there: tests/it/user_file.rs.
}

#[test]
fn cases_run_at_once_keep_their_order_and_verdicts() {
    let run = |jobs: &str| {
        let (code, out, err) = sudoku(&["judge", "--json", "--problem", "lanqiao", "--jobs", jobs]);
        assert_eq!(code, 0, "{err}");
        json_lines(&out)
            .iter()
            .map(|o| {
                let field = |k: &str| o[k].as_str().unwrap_or_default().to_string();
                (field("solution"), field("fixture"), field("verdict"))
            })
            .collect::<Vec<_>>()
    };
    let one = run("1");
    assert_eq!(one.len(), 2 * 18, "both Lanqiao programs on every case");
    assert_eq!(run("4"), one);
    let (code, _, err) = sudoku(&["judge", "--jobs", "0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--jobs"), "{err}");
}

// Linux only: sched_setaffinity.
#[cfg(target_os = "linux")]
/// Pins the calling process (between fork and exec) to CPU 0.
fn pin_to_cpu0(cmd: &mut Command) -> &mut Command {
    // SAFETY: sched_setaffinity is async-signal-safe; the set lives on the stack.
    unsafe {
        cmd.pre_exec(|| {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(0, &mut set);
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
            Ok(())
        })
    }
}

/// Kills its busy loops when dropped, also when the test fails.
#[cfg(target_os = "linux")]
struct Load(Vec<std::process::Child>);

#[cfg(target_os = "linux")]
impl Drop for Load {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

#[cfg(target_os = "linux")] // pins to one core with sched_setaffinity
#[test]
fn verdicts_do_not_flip_under_load() {
    // The solution's own CPU time on this machine, unloaded: the limit is
    // twice that, whatever the CPU's speed.
    let judge = |time_limit: &str| {
        let out = pin_to_cpu0(Command::new(SUDOKU).args([
            "judge",
            "--json",
            "--problem",
            "lc37",
            "--solution",
            "lc37_04_bitmasks",
            "--fixture",
            "hard_top1465_338",
            "--time-limit",
            time_limit,
            // The default backstop (3x) holds with the three loops alone;
            // other jobs on a CI machine can take more of the core, and the
            // point here is the CPU-time verdict, so the backstop is out of
            // the way.
            "--wall-limit",
            "60000",
        ]))
        .output()
        .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        let case = json_lines(&stdout)[0].clone();
        (out.status.code(), case, stdout)
    };
    let (_, alone, stdout) = judge("20000");
    assert_eq!(alone["verdict"], "AC", "{stdout}");
    let limit = (2.0 * alone["cpu_ms"].as_f64().unwrap()).max(50.0) as u64;
    // Three CPU-bound processes share CPU 0 with the judge and its solution:
    // the solution gets a quarter of the core, so its wall clock is about
    // four times its CPU time, twice the limit. Judged by CPU time, it is
    // still AC.
    let load = Load(
        (0..3)
            .map(|_| {
                pin_to_cpu0(Command::new("sh").args(["-c", "while :; do :; done"]))
                    .spawn()
                    .unwrap()
            })
            .collect(),
    );
    let (code, case, stdout) = judge(&limit.to_string());
    drop(load);
    assert_eq!(case["verdict"], "AC", "limit {limit} ms: {stdout}");
    assert_eq!(code, Some(0));
    let (cpu, wall) = (
        case["cpu_ms"].as_f64().unwrap(),
        case["wall_ms"].as_f64().unwrap(),
    );
    assert!(cpu < limit as f64, "{stdout}");
    // Only a wall-clock judge would have said TLE: show that the load was
    // real (the CPU time this machine spent, not the scaled CPU's).
    assert!(
        wall > 1.5 * cpu * common::cpu_scale(),
        "the load did not slow it down: {stdout}"
    );
}

#[test]
fn a_300_mb_expect_is_wa_with_the_solutions_own_memory() {
    let dir = temp_dir("big-expect");
    let expect = dir.join("big.out");
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&expect).unwrap());
        let line = "123456789\n".repeat(1000);
        for _ in 0..30_000 {
            f.write_all(line.as_bytes()).unwrap(); // 300 MB
        }
    }
    let sample = inputs_dir().join("lanqiao/sample1.in");
    let mut cmd = Command::new(SUDOKU);
    cmd.args(["judge", "--json", "--solution", "lanqiao", "--input"])
        .arg(&sample)
        .arg("--expect")
        .arg(&expect);
    let run = common::run_measured(cmd, Stdio::null(), Duration::from_secs(60));
    std::fs::remove_dir_all(&dir).unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.code, Some(1), "{stdout}{}", run.stderr);
    let case = &json_lines(&stdout)[0];
    assert_eq!(case["verdict"], "WA", "{stdout}");
    assert_eq!(case["first_difference"]["line"], 1, "{stdout}");
    let kb = case["memory_kb"].as_u64().unwrap();
    assert!(
        kb < 16 << 10,
        "the solution's own memory, not the judge's: {kb} KB"
    );
    assert!(
        run.max_rss_kb < common::RSS_LIMIT_KB,
        "the judge streamed the answer: {} KiB",
        run.max_rss_kb
    );
}

#[cfg(target_os = "linux")] // reads /proc
/// Every process whose parent chain reaches `root`, with its command line.
pub(crate) fn descendants(root: u32) -> Vec<(u32, String)> {
    let mut parent = std::collections::HashMap::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The command may hold spaces: the fields after its `)` are fixed.
        let after = &stat[stat.rfind(')').unwrap() + 2..];
        let ppid: u32 = after.split(' ').nth(1).unwrap().parse().unwrap();
        parent.insert(pid, ppid);
    }
    let mut found = Vec::new();
    for &pid in parent.keys() {
        let mut p = pid;
        while let Some(&pp) = parent.get(&p) {
            if pp == root {
                let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
                found.push((pid, String::from_utf8_lossy(&cmd).replace('\0', " ")));
                break;
            }
            p = pp;
        }
    }
    found
}

#[cfg(target_os = "linux")] // reads /proc
/// Alive: present in /proc and not a zombie.
pub(crate) fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat[stat.rfind(')').unwrap() + 2..].starts_with('Z'),
        Err(_) => false,
    }
}

#[cfg(target_os = "linux")] // reads /proc
fn no_orphans_after(signal: libc::c_int, expected_code: Option<i32>) {
    let mut judge = Command::new(SUDOKU)
        .args([
            "judge",
            "--problem",
            "lc37",
            "--solution",
            lc37::WRONG_DFS.0,
            "--fixture",
            "leetcode_example",
            "--fixture",
            "lanqiao_sample1",
            "--time-limit",
            "20000",
            "--jobs",
            "2",
        ])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    // Two cases at once, each in its own sandbox: both must go.
    let family = loop {
        let family = descendants(judge.id());
        let runners = family
            .iter()
            .filter(|(_, cmd)| cmd.contains("run-solution") && !cmd.contains(" sandbox "))
            .count();
        if runners == 2 {
            break family;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no runner started"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    // SAFETY: kill has no memory-safety preconditions; the judge is our child.
    unsafe { libc::kill(judge.id() as libc::pid_t, signal) };
    let status = judge.wait().unwrap();
    assert_eq!(status.code(), expected_code, "{status:?}");
    let start = Instant::now();
    while family.iter().any(|&(pid, _)| alive(pid)) {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "orphans left running: {family:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(target_os = "linux")] // the process tree from /proc, Unix signals
#[test]
fn no_orphans_after_sigint() {
    no_orphans_after(libc::SIGINT, Some(130));
}

#[cfg(target_os = "linux")] // the process tree from /proc, Unix signals
#[test]
fn no_orphans_after_sigterm() {
    no_orphans_after(libc::SIGTERM, Some(143));
}

#[cfg(target_os = "linux")] // the process tree from /proc, Unix signals
#[test]
fn no_orphans_after_sigkill() {
    no_orphans_after(libc::SIGKILL, None);
}

#[test]
fn judge_input_reads_lanqiao_with_the_programs_parser() {
    // `.` for unknown: the lanqiao program says exit 2, so the judge must too.
    let dots = inputs_dir().join("lanqiao/fail/dot_for_unknown.in");
    let (code, out, err) = sudoku(&["judge", "--input", dots.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("line 5, column 3"), "{err}");
    assert!(out.is_empty(), "no verdict for a malformed input: {out}");
}

/// A puzzle on one line is LeetCode 37's (as a literal is); one that is
/// malformed is said at its column by the one-line reader, exit 2.
#[test]
fn judge_input_reads_a_one_line_puzzle_and_names_its_mistake() {
    let dir = temp_dir("one-line");
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    for (name, text, said) in [
        (
            "short",
            &line[..80],
            "line 1, column 81: the line ends after 80 cells, expected 81",
        ),
        (
            "x",
            &format!("{}x", &line[..80]),
            "line 1, column 81: unexpected character 'x'",
        ),
    ] {
        let path = dir.join(format!("{name}.txt"));
        std::fs::write(&path, format!("{text}\n")).unwrap();
        let (code, out, err) = sudoku(&["judge", "--input", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert_eq!(
            err,
            format!("error: {}: {said}\n", path.display()),
            "{name}"
        );
        assert!(
            out.is_empty(),
            "{name}: no verdict for a malformed input: {out}"
        );
    }
    let path = dir.join("whole.txt");
    std::fs::write(&path, format!("{line}\n")).unwrap();
    let (code, out, err) = sudoku(&[
        "judge",
        "--input",
        path.to_str().unwrap(),
        "--solution",
        "lc37_04_bitmasks",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("LeetCode 37") && out.contains("1/1 AC"),
        "{out}"
    );
}

#[test]
fn expect_is_compared_as_judges_do() {
    let dir = temp_dir("tolerant");
    let sample = inputs_dir().join("lanqiao/sample1.in");
    let answer = std::fs::read_to_string(inputs_dir().join("lanqiao/sample1.out")).unwrap();
    let variants = [
        ("trailing_spaces", answer.replace('\n', "  \t\n")),
        ("crlf", answer.replace('\n', "\r\n")),
        ("no_final_newline", answer.trim_end().to_string()),
        ("blank_lines_at_end", format!("{answer}\n\n")),
    ];
    // sample1 judged with `lanqiao` against one answer file, as JSON.
    let against = |expect: &Path| {
        sudoku(&[
            "judge",
            "--json",
            "--solution",
            "lanqiao",
            "--input",
            sample.to_str().unwrap(),
            "--expect",
            expect.to_str().unwrap(),
        ])
    };
    for (name, text) in variants {
        let expect = dir.join(format!("{name}.out"));
        std::fs::write(&expect, text).unwrap();
        let (code, out, err) = against(&expect);
        assert_eq!(code, 0, "{name}: {out}{err}");
    }
    let wrong = dir.join("inner_space.out");
    std::fs::write(
        &wrong,
        answer
            .replacen('\n', " \n", 1)
            .replacen(|c: char| c.is_ascii_digit(), "1 ", 1),
    )
    .unwrap();
    let (code, out, _) = against(&wrong);
    assert_eq!(code, 1, "{out}");
    assert_eq!(json_lines(&out)[0]["first_difference"]["line"], 1, "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
    let (_, help, _) = sudoku(&["judge", "--help"]);
    assert!(
        help.contains("a missing\nfinal newline") || help.contains("missing final newline"),
        "{help}"
    );
}

#[cfg(unix)] // mkfifo
#[test]
fn input_is_read_once_from_stdin_and_a_fifo() {
    let puzzle = std::fs::read(inputs_dir().join("lanqiao/sample1.in")).unwrap();
    let mut child = Command::new(SUDOKU)
        .args(["judge", "--solution", "lanqiao", "--input", "/dev/stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&puzzle).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    // A pipe has no name of its own: the case is `input`, not `stdin` or `63`.
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().next() == Some("input")),
        "{text}"
    );

    let dir = temp_dir("fifo");
    let fifo = dir.join("case.in");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, puzzle).unwrap())
    };
    let (code, out, err) = sudoku(&[
        "judge",
        "--solution",
        "lanqiao",
        "--input",
        fifo.to_str().unwrap(),
    ]);
    writer.join().unwrap();
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1/1 AC"), "{out}");

    // --expect through a FIFO and through a pipe: read once, judged by
    // every solution (two here) from that one reading.
    let answer = std::fs::read(inputs_dir().join("lanqiao/sample1.out")).unwrap();
    let input = inputs_dir().join("lanqiao/sample1.in");
    let expect = dir.join("case.out");
    let c = std::ffi::CString::new(expect.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let writer = {
        let (expect, answer) = (expect.clone(), answer.clone());
        std::thread::spawn(move || std::fs::write(expect, answer).unwrap())
    };
    let (code, out, err) = sudoku(&[
        "judge",
        "--problem",
        "lanqiao",
        "--input",
        input.to_str().unwrap(),
        "--expect",
        expect.to_str().unwrap(),
    ]);
    writer.join().unwrap();
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.matches("AC").count() >= 2, "{out}");
    let mut child = Command::new(SUDOKU)
        .args(["judge", "--problem", "lanqiao", "--input"])
        .arg(&input)
        .args(["--expect", "/dev/stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&answer).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("lanqiao_proconio"),
        "both solutions judged: {text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A case whose sandbox cannot start is IE, with its reason, and is that
/// case's verdict only: the judge goes on.
#[cfg(target_os = "linux")] // a supervisor process is Linux's sandbox alone
#[test]
fn an_internal_failure_is_a_verdict_of_its_own() {
    let problem = problem("lanqiao");
    let fixture = fixtures::load(&inputs_dir().join("lanqiao/sample1.in"));
    let case = Case::from_fixture(problem, fixture).unwrap();
    let solution = Solution::builtin(problem).remove(0);
    let broken = Supervisor {
        program: "/nonexistent/sudoku".into(),
        prefix: vec!["sandbox".into()],
    };
    let r = judge_case(&broken, Path::new(SUDOKU), &solution, &case, &LIMITS);
    assert_eq!(r.verdict, Verdict::Ie);
    assert!(r.detail.starts_with("internal error:"), "{}", r.detail);
    assert!(!r.as_expected());
    let good = Supervisor {
        program: SUDOKU.into(),
        prefix: vec!["sandbox".into()],
    };
    let r = judge_case(&good, Path::new(SUDOKU), &solution, &case, &LIMITS);
    assert_eq!(r.verdict, Verdict::Ac, "{}", r.detail);
}

#[test]
fn limits_out_of_range_are_exit_2_with_the_range() {
    for (flag, value) in [
        ("--memory-limit", "4398046511104"),
        ("--time-limit", "18446744073709551615"),
        ("--time-limit", "0"),
        ("--wall-limit", "99999999999"),
    ] {
        let start = Instant::now();
        let (code, out, err) = sudoku(&["judge", "--problem", "lc36", flag, value]);
        assert_eq!(code, 2, "{flag} {value}: {out}{err}");
        assert!(err.contains("is not in 1..="), "{flag} {value}: {err}");
        assert!(start.elapsed() < Duration::from_secs(5));
    }
}

#[test]
fn json_is_one_object_per_case() {
    let (code, out, err) = sudoku(&[
        "judge",
        "--json",
        "--problem",
        "lc37",
        "--fixture",
        "leetcode_example",
        "--solution",
        "test_wrong",
        "--solution",
        "lc37_04_bitmasks",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    let cases = json_lines(&out);
    assert_eq!(cases.len(), 2, "{out}");
    for case in &cases {
        for key in [
            "problem",
            "solution",
            "fixture",
            "verdict",
            "cpu_ms",
            "wall_ms",
            "memory_kb",
        ] {
            assert!(!case[key].is_null(), "{key} missing: {case}");
        }
    }
    let verdicts: Vec<&str> = cases
        .iter()
        .map(|c| c["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["AC", "WA"]);
    // A wrong board names its first wrong row.
    let first = &cases[1]["first_difference"];
    assert_eq!(
        (
            first["line"].as_u64(),
            first["expected"].as_str(),
            first["got"].as_str()
        ),
        (Some(1), Some("534678912"), Some("531171111")),
        "{out}"
    );
}

#[test]
fn a_closed_pipe_ends_the_judge_quietly_with_141() {
    let mut child = Command::new(SUDOKU)
        .args([
            "judge",
            "--problem",
            "lc37",
            "--fixture",
            "leetcode_example",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(141));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn user_cases_with_and_without_expect() {
    let sample = inputs_dir().join("lanqiao/sample1.in");
    let sample = sample.to_str().unwrap();
    let (code, out, _) = sudoku(&["judge", "--input", sample, "--solution", "lanqiao"]);
    assert_eq!(code, 0, "{out}");
    let expect = inputs_dir().join("lanqiao/sample2.out");
    let args = [
        "judge",
        "--input",
        sample,
        "--expect",
        expect.to_str().unwrap(),
        "--solution",
        "lanqiao",
    ];
    let (code, out, _) = sudoku(&args);
    assert_eq!(code, 1, "sample2's answer is not sample1's: {out}");
    assert!(out.contains("WA"), "{out}");
    let literal = inputs_dir().join("lc37/leetcode_example.in");
    let args = [
        "judge",
        "--input",
        literal.to_str().unwrap(),
        "--solution",
        "lc37_05_marks_forward",
    ];
    let (code, out, _) = sudoku(&args);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn bad_input_is_exit_2_with_line_and_column() {
    let dir = temp_dir("bad-input");
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "530070000\n60019x000\n").unwrap();
    let (code, _, err) = sudoku(&["judge", "--input", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2, column 6"), "{err}");
    let missing = dir.join("missing.in");
    let (code, _, err) = sudoku(&["judge", "--input", missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, err) = sudoku(&["judge", "--solution", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("no solution named \"nope\""), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether `unshare -rm` can mount in a private namespace here.
fn can_hide_the_checkout() -> bool {
    Command::new("unshare")
        .args(["-rm", "true"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn a_moved_binary_still_has_its_fixtures() {
    // After `cargo install` or a copy, the checkout's inputs/ is not there:
    // the shipped fixtures are compiled in. A copy alone does not show it (a
    // binary that looked for inputs/ at the checkout's compiled-in path would
    // still find it), so where unprivileged `unshare -rm` works the checkout
    // is also hidden under an empty tmpfs, as an installed binary on another
    // machine would see it.
    let dir = temp_dir("moved");
    let moved = dir.join("sudoku");
    std::fs::copy(SUDOKU, &moved).unwrap();
    let mut cmd = if can_hide_the_checkout() {
        let script = format!(
            "mount -t tmpfs none '{}' && exec '{}' judge --problem lc36",
            env!("CARGO_MANIFEST_DIR"),
            moved.display()
        );
        let mut c = Command::new("unshare");
        c.args(["-rm", "sh", "-c", &script]);
        c
    } else {
        eprintln!("unshare -rm is not available here: the checkout stays visible");
        let mut c = Command::new(&moved);
        c.args(["judge", "--problem", "lc36"]);
        c
    };
    let out = cmd.current_dir(&dir).output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.matches("7/7 AC").count(), 3, "{stdout}");
}

#[test]
fn your_own_fixtures_folder_is_judged_and_a_bad_one_named() {
    let dir = temp_dir("own-fixtures");
    let sample = inputs_dir().join("lanqiao");
    std::fs::copy(sample.join("sample1.in"), dir.join("mine.in")).unwrap();
    std::fs::copy(sample.join("sample1.out"), dir.join("mine.out")).unwrap();
    std::fs::create_dir_all(dir.join("fail")).unwrap();
    std::fs::write(dir.join("fail/dots.in"), "53..7....\n".repeat(9)).unwrap();
    std::fs::write(
        dir.join("fail/dots.err"),
        "# why: dots\nexit: 2\nstderr: line 1, column 3\n",
    )
    .unwrap();
    let d = dir.to_str().unwrap();
    let (code, out, err) = sudoku(&["judge", "--problem", "lanqiao", "--fixtures", d]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("dots") && out.contains("mine") && out.contains("2/2 AC"),
        "{out}"
    );
    std::fs::write(dir.join("fail/dots.err"), "# why: dots\nstderr: x\n").unwrap();
    let (code, out, err) = sudoku(&["judge", "--problem", "lanqiao", "--fixtures", d]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 2, "{out}{err}");
    let want = format!("fail{}dots.err: no `exit:` line", std::path::MAIN_SEPARATOR);
    assert!(err.contains(&want), "{err}");
}

/// `--input` takes a puzzle as `sudoku gen` writes it in any format: one
/// line of 81 is LeetCode 37 (its literal built from it), 9 lines of digits
/// Lanqiao, and with a named problem each is that problem's own input.
#[test]
fn user_input_is_any_puzzle_format_gen_writes() {
    let dir = temp_dir("formats");
    for (format, title, solution) in [
        ("line", "LeetCode 37", "lc37_04_bitmasks"),
        ("leetcode", "LeetCode 37", "lc37_04_bitmasks"),
        ("lanqiao", "Lanqiao", "lanqiao"),
    ] {
        let gen = Command::new(SUDOKU)
            .args(["gen", "--seed", "3", "--format", format])
            .output()
            .unwrap();
        let path = dir.join(format!("{format}.txt"));
        std::fs::write(&path, &gen.stdout).unwrap();
        let (code, out, err) = sudoku(&[
            "judge",
            "--input",
            path.to_str().unwrap(),
            "--solution",
            solution,
        ]);
        assert_eq!(code, 0, "{format}: {out}{err}");
        assert!(
            out.contains(title) && out.contains("1/1 AC"),
            "{format}: {out}"
        );
    }
    // The one-line puzzle named as Lanqiao is given to it as 9 lines.
    let (code, out, err) = sudoku(&[
        "judge",
        "--input",
        dir.join("line.txt").to_str().unwrap(),
        "--problem",
        "lanqiao",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("2/2 AC") || out.contains("1/1 AC"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `judge --help` gives each problem's own limits from the registry (POJ
/// 3076's 10 s, HDU's 32 MB), and `sudoku --help` lists every exit code
/// any command ends with, the judge's 3, 130 and 143 among them.
#[test]
fn help_gives_each_problems_limits_and_every_exit_code() {
    let (code, help, _) = sudoku(&["judge", "--help"]);
    assert_eq!(code, 0);
    assert!(!help.contains("[default: the problem's, 2000]"), "{help}");
    for p in &problem::PROBLEMS {
        let row = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{} ", p.key)))
            .unwrap_or_else(|| panic!("no row for {}:\n{help}", p.key));
        let words: Vec<&str> = row.split_whitespace().collect();
        let ms = words.iter().position(|w| *w == "ms").unwrap();
        assert_eq!(words[ms - 1], p.time_ms.to_string(), "{row}");
        assert_eq!(words[ms + 1], p.memory_mb.to_string(), "{row}");
    }
    let (code, top, _) = sudoku(&["--help"]);
    assert_eq!(code, 0);
    for exit in ["0", "1", "2", "3", "130", "141"] {
        assert!(
            top.lines()
                .any(|l| l.trim_start().starts_with(&format!("{exit} "))),
            "exit {exit}:\n{top}"
        );
    }
    assert!(top.contains("143: terminated (SIGTERM)"), "{top}");
}
