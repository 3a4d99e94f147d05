//! The judge: one verdict of each kind from the runner's test-only solutions
//! (tiny limits, so no test waits long), and `sudoku judge` as a process.

use std::path::Path;
use std::process::Command;
use std::time::Duration;
use sudoku_workspace::fixtures::{self, inputs_dir};
use sudoku_workspace::judge::{judge_case, Entry, Limits, Problem, Runner, Verdict};
use sudoku_workspace::lc37;

fn runner() -> Runner {
    Runner {
        program: env!("CARGO_BIN_EXE_sudoku-runner").into(),
        prefix: Vec::new(),
    }
}

/// 1 s and 64 MB: the runner needs a few ms, so a loaded CI machine still
/// leaves a wide margin, and the two TLE cases wait only a second each.
const LIMITS: Limits = Limits {
    time: Duration::from_millis(1000),
    memory_mb: 64,
};

fn judge(name: &'static str, problem: Problem, fixture: &str) -> (Verdict, String, Duration, f64) {
    let fixture = fixtures::load(
        &inputs_dir()
            .join(problem.key())
            .join(format!("{fixture}.in")),
    );
    let entry = Entry {
        name,
        problem,
        expected: Verdict::Ac,
    };
    let r = judge_case(&runner(), entry, &fixture, &LIMITS).unwrap();
    (r.verdict, r.detail, r.wall, r.peak_mb)
}

#[test]
fn a_right_solution_is_ac() {
    let (v, detail, _, mb) = judge("lc37_05_marks_forward", Problem::Lc37, "leetcode_example");
    assert_eq!(v, Verdict::Ac, "{detail}");
    assert!(mb > 0.5 && mb < 64.0, "peak {mb} MB");
}

#[test]
fn a_loop_is_tle_and_killed_at_the_limit() {
    let (v, _, wall, _) = judge("test_loop", Problem::Lc37, "leetcode_example");
    assert_eq!(v, Verdict::Tle);
    assert!(
        wall >= LIMITS.time && wall < Duration::from_secs(3),
        "{wall:?}"
    );
    let (v, _, _, _) = judge(lc37::WRONG_DFS.0, Problem::Lc37, "leetcode_example");
    assert_eq!(v, Verdict::Tle, "the wrong DFS never stops");
}

#[test]
fn allocating_past_the_limit_is_mle_not_re() {
    let (v, detail, wall, mb) = judge("test_alloc", Problem::Lc37, "leetcode_example");
    assert_eq!(v, Verdict::Mle, "{detail}");
    assert!(mb > 64.0, "peak {mb} MB");
    assert!(wall < LIMITS.time, "stopped for memory, not time: {wall:?}");
}

#[test]
fn a_panic_is_re() {
    let (v, detail, _, _) = judge("test_panic", Problem::Lc37, "leetcode_example");
    assert_eq!(v, Verdict::Re);
    assert!(detail.contains("exit code 101"), "{detail}");
}

#[test]
fn a_wrong_board_is_wa_with_a_diff() {
    let (v, detail, _, _) = judge("test_wrong", Problem::Lc37, "leetcode_example");
    assert_eq!(v, Verdict::Wa);
    assert!(detail.starts_with("not a solution"), "{detail}");
    assert!(detail.contains("\n- 534678912\n+ 531171111\n"), "{detail}");
}

#[test]
fn lanqiao_failures_are_judged_by_exit_code_and_stderr() {
    for fixture in ["no_solution", "bad_char", "sample1"] {
        let (v, detail, _, _) = judge("lanqiao", Problem::Lanqiao, fixture);
        assert_eq!(v, Verdict::Ac, "{fixture}: {detail}");
    }
}

fn sudoku(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn judge_lc36_exits_0_with_a_plain_table() {
    let (code, out, err) = sudoku(&["judge", "--problem", "lc36"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains('\x1b'), "no colour in a pipe");
    assert!(out.contains("LeetCode 36 (Valid Sudoku)"));
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
    assert!(out.contains("1/1 TLE (expected)"), "{out}");
}

#[test]
fn own_cases_with_and_without_expect() {
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
    let dir = std::env::temp_dir().join(format!("sudoku-judge-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "530070000\n60019x000\n").unwrap();
    let (code, _, err) = sudoku(&["judge", "--input", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2, column 6"), "{err}");
    let missing = Path::new(&dir).join("missing.in");
    let (code, _, err) = sudoku(&["judge", "--input", missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, err) = sudoku(&["judge", "--solution", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("no solution named \"nope\""), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
