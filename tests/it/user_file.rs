//! `sudoku judge FILE`: a user's own file, in each language, judged as the
//! online judge would: a right one AC, a wrong one WA, a loop TLE, one that
//! does not build CE with the compiler's message in the user's line numbers;
//! an unchanged file is not rebuilt; a missing toolchain is exit 2 naming what
//! to install. A language whose toolchain this machine lacks is checked for
//! that message instead of being skipped.

use crate::common::{self, installed};
use std::path::{Path, PathBuf};
use std::process::Command;

const SUDOKU: &str = env!("CARGO_BIN_EXE_sudoku");

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("user_file")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `sudoku judge DIR/FILE ARGS` (FILE holding `source`) with the build
/// cache these tests share: a build is keyed by its source, compiler and
/// flags, so only what differs is built, and LeetCode's precompiled header
/// once.
fn judge(dir: &Path, file: &str, source: &str, args: &[&str]) -> (i32, String) {
    judge_with_cache(&shared_cache(), dir, file, source, args)
}

/// The build cache of [`judge`], which the other tests here share too
/// (none looks inside it but `an_unchanged_file_is_not_rebuilt`, which has
/// its own).
fn shared_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("user_file-cache")
}

/// [`judge`] with the build cache `cache`.
fn judge_with_cache(
    cache: &Path,
    dir: &Path,
    file: &str,
    source: &str,
    args: &[&str],
) -> (i32, String) {
    let path = dir.join(file);
    std::fs::write(&path, source).unwrap();
    let out = Command::new(SUDOKU)
        .arg("judge")
        .arg(&path)
        .args(args)
        .env("SUDOKU_CACHE_DIR", cache)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// One language: (extension, tool, right, wrong, looping, not compiling with
/// its error on line 3). Each is a LeetCode 37 paste.
struct Case {
    ext: &'static str,
    tool: &'static str,
    right: &'static str,
    wrong: &'static str,
    looping: &'static str,
    broken: &'static str,
}

const CASES: &[Case] = &[
    Case {
        ext: "rs",
        tool: "rustc",
        right: "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        Self::go(board, 0);\n    }\n    fn go(b: &mut Vec<Vec<char>>, k: usize) -> bool {\n        if k == 81 { return true; }\n        let (r, c) = (k / 9, k % 9);\n        if b[r][c] != '.' { return Self::go(b, k + 1); }\n        for d in \"123456789\".chars() {\n            if (0..9).all(|i| b[r][i] != d && b[i][c] != d && b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] != d) {\n                b[r][c] = d;\n                if Self::go(b, k + 1) { return true; }\n            }\n        }\n        b[r][c] = '.';\n        false\n    }\n}\n",
        wrong: "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        for row in board.iter_mut() { for c in row.iter_mut() { if *c == '.' { *c = '1'; } } }\n    }\n}\n",
        looping: "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        loop { std::hint::black_box(&board); }\n    }\n}\n",
        broken: "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        let x: u8 = \"not a number\";\n    }\n}\n",
    },
    Case {
        ext: "cpp",
        tool: "g++",
        right: "class Solution {\npublic:\n    bool go(vector<vector<char>>& b, int k) {\n        if (k == 81) return true;\n        int r = k / 9, c = k % 9;\n        if (b[r][c] != '.') return go(b, k + 1);\n        for (char d = '1'; d <= '9'; d++) {\n            bool ok = true;\n            for (int i = 0; i < 9; i++)\n                if (b[r][i] == d || b[i][c] == d || b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) ok = false;\n            if (ok) { b[r][c] = d; if (go(b, k + 1)) return true; }\n        }\n        b[r][c] = '.';\n        return false;\n    }\n    void solveSudoku(vector<vector<char>>& board) { go(board, 0); }\n};\n",
        wrong: "class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) {\n        for (auto& row : board) for (auto& c : row) if (c == '.') c = '1';\n    }\n};\n",
        looping: "class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) {\n        volatile int x = 0; while (true) x++;\n    }\n};\n",
        broken: "class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) { int x = ; }\n};\n",
    },
    Case {
        ext: "java",
        tool: "javac",
        right: "class Solution {\n    public void solveSudoku(char[][] b) { go(b, 0); }\n    boolean go(char[][] b, int k) {\n        if (k == 81) return true;\n        int r = k / 9, c = k % 9;\n        if (b[r][c] != '.') return go(b, k + 1);\n        for (char d = '1'; d <= '9'; d++) {\n            boolean ok = true;\n            for (int i = 0; i < 9; i++)\n                if (b[r][i] == d || b[i][c] == d || b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) ok = false;\n            if (ok) { b[r][c] = d; if (go(b, k + 1)) return true; }\n        }\n        b[r][c] = '.';\n        return false;\n    }\n}\n",
        wrong: "class Solution {\n    public void solveSudoku(char[][] b) {\n        for (char[] row : b) for (int i = 0; i < 9; i++) if (row[i] == '.') row[i] = '1';\n    }\n}\n",
        looping: "class Solution {\n    public void solveSudoku(char[][] b) {\n        while (b.length > 0) { }\n    }\n}\n",
        broken: "class Solution {\n    public void solveSudoku(char[][] b) {\n        int x = \"not a number\";\n    }\n}\n",
    },
    Case {
        ext: "py",
        tool: "python3",
        right: "class Solution:\n    def solveSudoku(self, board: List[List[str]]) -> None:\n        def go(k):\n            if k == 81:\n                return True\n            r, c = divmod(k, 9)\n            if board[r][c] != '.':\n                return go(k + 1)\n            for d in '123456789':\n                if all(board[r][i] != d and board[i][c] != d and board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] != d for i in range(9)):\n                    board[r][c] = d\n                    if go(k + 1):\n                        return True\n            board[r][c] = '.'\n            return False\n        go(0)\n",
        wrong: "class Solution:\n    def solveSudoku(self, board):\n        for row in board:\n            for i in range(9):\n                if row[i] == '.':\n                    row[i] = '1'\n",
        looping: "class Solution:\n    def solveSudoku(self, board):\n        while True:\n            pass\n",
        broken: "class Solution:\n    def solveSudoku(self, board):\n        for row in board\n            pass\n",
    },
    Case {
        ext: "js",
        tool: "node",
        right: "var solveSudoku = function(board) {\n    const go = (k) => {\n        if (k === 81) return true;\n        const r = Math.floor(k / 9), c = k % 9;\n        if (board[r][c] !== '.') return go(k + 1);\n        for (const d of '123456789') {\n            let ok = true;\n            for (let i = 0; i < 9; i++)\n                if (board[r][i] === d || board[i][c] === d || board[Math.floor(r / 3) * 3 + Math.floor(i / 3)][Math.floor(c / 3) * 3 + i % 3] === d) ok = false;\n            if (ok) { board[r][c] = d; if (go(k + 1)) return true; }\n        }\n        board[r][c] = '.';\n        return false;\n    };\n    go(0);\n};\n",
        wrong: "var solveSudoku = function(board) {\n    for (const row of board) for (let i = 0; i < 9; i++) if (row[i] === '.') row[i] = '1';\n};\n",
        looping: "var solveSudoku = function(board) {\n    while (board.length > 0) {}\n};\n",
        broken: "var solveSudoku = function(board) {\n    let n = 0;\n    for (const row of board {\n    }\n};\n",
    },
];

fn check_language(case: &Case) {
    let dir = scratch(case.ext);
    let file = |name: &str| format!("{name}.{}", case.ext);
    let base = ["--fixture", "leetcode_example", "--jobs", "1"];
    if !installed(case.tool) {
        let (code, text) = judge(&dir, &file("right"), case.right, &base);
        assert_eq!(code, 2, "{text}");
        assert!(text.contains("install"), "{text}");
        // The message was checked; the build and the verdicts were not.
        common::need(case.tool);
        return;
    }
    let (code, text) = judge(&dir, &file("right"), case.right, &base);
    assert_eq!(code, 0, "{}: {text}", case.ext);
    assert!(common::all_pass(&text, 1), "{}: {text}", case.ext);
    let (code, text) = judge(&dir, &file("wrong"), case.wrong, &base);
    assert_eq!(code, 1, "{}: {text}", case.ext);
    assert!(text.contains("1/1 WA"), "{}: {text}", case.ext);
    let mut tight = base.to_vec();
    tight.extend(["--time-limit", "500"]);
    let (code, text) = judge(&dir, &file("looping"), case.looping, &tight);
    assert_eq!(code, 1, "{}: {text}", case.ext);
    assert!(text.contains("TLE"), "{}: {text}", case.ext);
    let (code, text) = judge(&dir, &file("broken"), case.broken, &base);
    assert_eq!(code, 1, "{}: {text}", case.ext);
    assert!(text.contains("1/1 CE"), "{}: {text}", case.ext);
    // The compiler's message names the user's file and line 3, not the harness's.
    let shown = file("broken");
    assert!(
        text.contains(&format!("{shown}:3")) || text.contains(&format!("\"{shown}\", line 3")),
        "{}: {text}",
        case.ext
    );
}

#[test]
fn rust_files() {
    check_language(&CASES[0]);
}

#[test]
fn cpp_files() {
    check_language(&CASES[1]);
}

#[test]
fn java_files() {
    check_language(&CASES[2]);
}

#[test]
fn python_files() {
    check_language(&CASES[3]);
}

#[test]
fn javascript_files() {
    check_language(&CASES[4]);
}

/// A case's `limit:` line is the built-in solutions' (tests/it/judge.rs): a
/// user's file keeps the problem's limit there, even a built-in one's copy.
#[test]
fn a_users_file_keeps_the_problems_limit_on_a_case_with_a_limit_line() {
    let dir = scratch("limit_line");
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("solutions/lc37_04_bitmasks.rs"),
    )
    .unwrap();
    let args = ["--json", "--trust", "--fixture", "hard_top1465_338"];
    let (code, text) = judge(&dir, "lc37_mine.rs", &source, &args);
    assert_eq!(code, 0, "{text}");
    let limit = sudoku_workspace::judge::problem::by_key("lc37")
        .unwrap()
        .time_ms;
    assert!(
        text.contains(&format!("\"time_limit_ms\":{limit},")),
        "{text}"
    );
    let case = sudoku_workspace::fixtures::load(
        &sudoku_workspace::fixtures::inputs_dir().join("lc37/hard_top1465_338.in"),
    );
    assert_ne!(
        case.limit.map(|l| l.ms),
        Some(limit),
        "the case has a limit of its own"
    );
}

#[test]
fn an_unchanged_file_is_not_rebuilt() {
    let dir = scratch("cache");
    let (code, text) = judge_with_cache(
        &dir.join("cache"),
        &dir,
        "right.rs",
        CASES[0].right,
        &["--fixture", "leetcode_example"],
    );
    assert_eq!(code, 0, "{text}");
    let entries = |dir: &Path| -> Vec<PathBuf> {
        std::fs::read_dir(dir.join("cache"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir())
            .collect()
    };
    let built: Vec<PathBuf> = entries(&dir).iter().map(|e| e.join("main")).collect();
    assert_eq!(built.len(), 1, "one build");
    let stamp = std::fs::metadata(&built[0]).unwrap().modified().unwrap();
    let (code, _) = judge_with_cache(
        &dir.join("cache"),
        &dir,
        "right.rs",
        CASES[0].right,
        &["--fixture", "leetcode_example"],
    );
    assert_eq!(code, 0);
    assert_eq!(
        std::fs::metadata(&built[0]).unwrap().modified().unwrap(),
        stamp
    );
    // A changed file is a new build.
    let changed = format!("{}\n// changed\n", CASES[0].right);
    judge_with_cache(
        &dir.join("cache"),
        &dir,
        "right.rs",
        &changed,
        &["--fixture", "leetcode_example"],
    );
    assert_eq!(entries(&dir).len(), 2);
}

#[test]
fn a_missing_toolchain_names_what_to_install() {
    let dir = scratch("missing");
    let path = dir.join("x.cpp");
    std::fs::write(&path, CASES[1].right).unwrap();
    let out = Command::new(SUDOKU)
        .arg("judge")
        .arg(&path)
        .env("PATH", &dir) // no g++ here
        .env("SUDOKU_CACHE_DIR", shared_cache())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("g++") && err.contains("install"), "{err}");
}

#[test]
fn a_file_the_judge_cannot_place_is_exit_2_and_a_named_problem_is_obeyed() {
    let dir = scratch("unknown");
    let (code, text) = judge(&dir, "notes.txt", "hello", &[]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("extension"), "{text}");
    // A LeetCode 37 paste named as a stdin problem is built as a program:
    // without a `main`, every case is CE saying so.
    let (code, text) = judge(&dir, "x.rs", CASES[0].right, &["--problem", "poj2676"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("CE") && text.contains("main"), "{text}");
}

/// The write-ups' approaches in their own languages (`examples/writeups/`),
/// judged as their authors' judges did: write-up 000's wrong DFS is TLE and
/// its fix AC (Java), 001's four steps AC (JavaScript), 002's explicit stack
/// AC (Java), 004's program AC on the Lanqiao samples (C++).
#[test]
fn the_write_ups_get_their_authors_verdicts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/writeups");
    let run = |file: &str, args: &[&str]| {
        let out = Command::new(SUDOKU)
            .arg("judge")
            .arg(root.join(file))
            .args(args)
            .env("SUDOKU_CACHE_DIR", shared_cache())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code().unwrap_or(-1), text)
    };
    let lc37 = [
        "--fixture",
        "leetcode_example",
        "--fixture",
        "writeup002_grid",
    ];
    let mut checked = 0;
    for (file, tool, want) in [
        ("lc37_000_fixed.java", "javac", "2/2 AC"),
        ("lc37_002_explicit_stack.java", "javac", "2/2 AC"),
        ("lc37_001_step1_scan_flag.js", "node", "2/2 AC"),
        ("lc37_001_step2_hash_sets_flag.js", "node", "2/2 AC"),
        ("lc37_001_step3_hash_sets_bool.js", "node", "2/2 AC"),
        ("lc37_001_step4_bitmasks.js", "node", "2/2 AC"),
    ] {
        if !common::need(tool) {
            continue;
        }
        let (code, text) = run(file, &lc37);
        assert_eq!(code, 0, "{file}: {text}");
        assert!(text.contains(want), "{file}: {text}");
        checked += 1;
    }
    if installed("javac") {
        let (code, text) = run(
            "lc37_000_wrong_dfs.java",
            &["--fixture", "leetcode_example", "--time-limit", "1000"],
        );
        assert_eq!(code, 1, "{text}");
        assert!(text.contains("1/1 TLE"), "{text}");
        checked += 1;
    }
    if installed("g++") {
        let (code, text) = run(
            "lanqiao_004.cpp",
            &["--fixture", "sample1", "--fixture", "sample2"],
        );
        assert_eq!(code, 0, "{text}");
        assert!(common::all_pass(&text, 2), "{text}");
        checked += 1;
    }
    eprintln!("{checked} write-up files judged");
}

/// A folder is every solution file in it, each a row of its problem's table;
/// the shipped `mine/` (its example) passes.
#[test]
fn a_folder_is_every_file_in_it() {
    let dir = scratch("folder");
    let files = dir.join("files");
    std::fs::create_dir_all(&files).unwrap();
    std::fs::write(files.join("a.rs"), CASES[0].right).unwrap();
    std::fs::write(files.join("b.cpp"), CASES[1].wrong).unwrap();
    std::fs::write(files.join("README.md"), "notes").unwrap();
    let out = Command::new(SUDOKU)
        .args(["judge", "--fixture", "leetcode_example"])
        .arg(&files)
        .env("SUDOKU_CACHE_DIR", shared_cache())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "b.cpp is wrong: {text}");
    assert!(text.contains("a.rs") && text.contains("b.cpp"), "{text}");
    assert!(
        common::all_pass(&text, 1) && text.contains("1/1 WA"),
        "{text}"
    );
    if installed("python3") {
        // `mine/` as the repository ships it (git ignores the rest: the
        // user's own files there are not this test's to judge).
        let shipped = dir.join("mine");
        std::fs::create_dir_all(&shipped).unwrap();
        for name in ["README.md", "lc37_example.py"] {
            let from = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("mine")
                .join(name);
            std::fs::copy(from, shipped.join(name)).unwrap();
        }
        let out = Command::new(SUDOKU)
            .args(["judge", "--fixture", "leetcode_example", "mine"])
            .current_dir(&dir)
            .env("SUDOKU_CACHE_DIR", shared_cache())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(text.contains("lc37_example.py"), "{text}");
    }
}

/// `sudoku stress` finds a planted bug (a 9 in the last box written as 8),
/// shrinks the puzzle to fewer givens than the one that first failed, saves
/// it where `sudoku judge --fixtures` re-judges it, and does the same again
/// for the same seed; a right solution passes.
#[test]
fn stress_finds_and_shrinks_a_planted_bug() {
    let dir = scratch("stress");
    let planted = CASES[0].right.replace(
        "        Self::go(board, 0);\n",
        "        Self::go(board, 0);\n        for r in 6..9 { for c in 6..9 { if board[r][c] == '9' { board[r][c] = '8'; } } }\n",
    );
    assert_ne!(planted, CASES[0].right);
    let file = dir.join("planted.rs");
    std::fs::write(&file, &planted).unwrap();
    let stress = |save: &str| {
        let out = Command::new(SUDOKU)
            .arg("stress")
            .arg(&file)
            .args(["--cases", "30", "--seed", "9", "--save-dir"])
            .arg(dir.join(save))
            .env("SUDOKU_CACHE_DIR", shared_cache())
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code, text) = stress("cases");
    assert_eq!(code, Some(1), "{text}");
    let first = text.lines().next().unwrap();
    let numbers: Vec<usize> = first
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|s| s.parse().ok())
        .collect();
    // "case K (seed 9): WA; shrunk from A to B givens"
    let (before, after) = (numbers[numbers.len() - 2], numbers[numbers.len() - 1]);
    assert!(first.contains("WA") && after < before, "{text}");
    // Under the problem's own folder, named after the file.
    let saved: Vec<String> = std::fs::read_dir(dir.join("cases").join("lc37"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(saved.len(), 2, "NAME.in and NAME.out: {saved:?}");
    assert!(
        saved.iter().all(|n| n.starts_with("stress_planted_seed9_")),
        "{saved:?}"
    );
    // Same seed, same run, same case.
    let (_, again) = stress("cases_again");
    assert_eq!(again.lines().next(), Some(first));
    // The printed command re-judges the saved case: still WA.
    let out = Command::new(SUDOKU)
        .args(["judge"])
        .arg(&file)
        .args(["--problem", "lc37", "--fixtures"])
        .arg(dir.join("cases"))
        .env("SUDOKU_CACHE_DIR", shared_cache())
        .output()
        .unwrap();
    let judged = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{judged}");
    assert!(judged.contains("1/1 WA"), "{judged}");
    assert!(text.contains("re-judge: sudoku judge"), "{text}");
    // The right solution passes.
    let right = dir.join("right.rs");
    std::fs::write(&right, CASES[0].right).unwrap();
    let out = Command::new(SUDOKU)
        .arg("stress")
        .arg(&right)
        .args(["--cases", "10", "--save-dir"])
        .arg(dir.join("unused"))
        .env("SUDOKU_CACHE_DIR", shared_cache())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// `--compare` puts the built-in solutions beside the user's row; without
/// it only the user's file is judged.
#[test]
fn compare_adds_the_built_in_rows() {
    let dir = scratch("compare");
    let args = [
        "--fixture",
        "leetcode_example",
        "--solution",
        "lc37_04_bitmasks",
    ];
    let (code, alone) = judge(&dir, "mine.rs", CASES[0].right, &args[..2]);
    assert_eq!(code, 0, "{alone}");
    assert!(!alone.contains("lc37_04_bitmasks"), "{alone}");
    let mut with = args.to_vec();
    with.push("--compare");
    let (code, both) = judge(&dir, "mine.rs", CASES[0].right, &with);
    assert_eq!(code, 0, "{both}");
    assert!(
        both.contains("mine.rs") && both.contains("lc37_04_bitmasks"),
        "{both}"
    );
    assert!(
        !both.contains("lc37_01_scan_flag"),
        "--solution still filters: {both}"
    );
}

/// `--problem` decides what a file is: a stdin program with a `solve_sudoku`
/// helper named as Lanqiao is judged as a program, not wrapped.
#[test]
fn a_named_problem_overrides_the_guess() {
    let dir = scratch("named");
    let program = "use std::io::Read;\nfn solve_sudoku(s: &str) -> String { s.to_string() }\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    print!(\"{}\", solve_sudoku(&s));\n}\n";
    let (code, text) = judge(
        &dir,
        "echo.rs",
        program,
        &["--problem", "lanqiao", "--fixture", "sample1"],
    );
    // It echoes the puzzle: a wrong answer, but judged, not refused.
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 WA"), "{text}");
}

/// Pastes that carry a little more than LeetCode's editor holds still build:
/// a Rust file that declares `struct Solution` itself, a Java file whose
/// `Solution` is `public`.
#[test]
fn pastes_with_their_own_declarations_build() {
    let dir = scratch("declarations");
    let rust = format!("pub struct Solution;\n\n{}", CASES[0].right);
    let (code, text) = judge(
        &dir,
        "declared.rs",
        &rust,
        &["--fixture", "leetcode_example"],
    );
    assert_eq!(code, 0, "{text}");
    if installed("javac") {
        let java = CASES[2]
            .right
            .replacen("class Solution", "public class Solution", 1);
        let (code, text) = judge(
            &dir,
            "public.java",
            &java,
            &["--fixture", "leetcode_example"],
        );
        assert_eq!(code, 0, "{text}");
        assert!(common::all_pass(&text, 1), "{text}");
    }
}

/// A file in a language the judges offer and this judge does not run is
/// said so, exit 3, with a `--json` record; a folder's run lists it.
#[test]
fn a_language_this_judge_does_not_run_is_said_so() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("user_file/not-run");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ts = dir.join("lc37.ts");
    std::fs::write(&ts, "function solveSudoku(board: string[][]): void {}\n").unwrap();
    let said = "TypeScript is not a language this judge runs (it runs Rust, C++, C, Java, Python 3, JavaScript: ";
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("judge")
        .arg(&ts)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(
        text.contains(&format!("lc37.ts: not judged here: {said}")),
        "{text}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["judge", "--json"])
        .arg(&ts)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let record: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(record["verdict"], "not judged here");
    assert!(
        record["detail"].as_str().unwrap().starts_with(said),
        "{record}"
    );
    // A folder of such files: each said so.
    std::fs::write(dir.join("abc327c.go"), "package main\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("judge")
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(
        text.contains("abc327c.go: not judged here: Go is not a language"),
        "{text}"
    );
    assert!(
        text.contains("lc37.ts: not judged here: TypeScript"),
        "{text}"
    );
}
