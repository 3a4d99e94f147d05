//! A contestant's own files, written the usual way (C++ with
//! `bits/stdc++.h` and `scanf`, Java `public class Main` with `Scanner`,
//! Python with `input()`, …; `tests/data/contestant/`), judged the way the
//! real judge would: a correct program is AC on the judge's cases, a crash is
//! RE with the words that matter, a limit that fired is its verdict, and the
//! run says which problem it judged. A language whose toolchain this machine
//! lacks is skipped, saying so.

use crate::common::{self, installed};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use sudoku_workspace::fixtures;

const SUDOKU: &str = env!("CARGO_BIN_EXE_sudoku");

fn data(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/contestant")
        .join(file)
}

/// The build cache every test here shares (`SUDOKU_CACHE_DIR`): a build
/// is keyed by the source, the compiler and its flags, and held by a lock
/// while it is made, so a file two tests judge is built once, the AtCoder
/// crates too, and a second run of the suite, such as CI's as on a slower
/// CPU, judges without building again. No test here looks at what the
/// cache holds but one, which has a cache of its own (`no-crates`).
fn cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("contestant-cache")
}

/// A test's own folder, emptied.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("contestant")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The tool a file's language needs.
fn tool_of(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("cpp") => "g++",
        Some("c") => "gcc",
        Some("java") => "javac",
        Some("py") => "python3",
        Some("js") => "node",
        _ => "rustc",
    }
}

/// `sudoku judge PATH ARGS` with the cache under `dir`: exit code and all it printed.
fn judge_path(cache: &Path, path: &Path, args: &[&str]) -> (i32, String) {
    judge_path_env(cache, path, args, &[])
}

/// `judge_path` with more environment variables.
fn judge_path_env(
    cache: &Path,
    path: &Path,
    args: &[&str],
    env: &[(&str, &Path)],
) -> (i32, String) {
    let out = Command::new(SUDOKU)
        .arg("judge")
        .arg(path)
        .args(args)
        .envs(env.iter().copied())
        .env("SUDOKU_CACHE_DIR", cache)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// Judges a data file; `None` when its toolchain is missing here.
fn judge(file: &str, args: &[&str]) -> Option<(i32, String)> {
    let path = data(file);
    if !common::need(tool_of(&path)) {
        return None;
    }
    Some(judge_path(&cache(), &path, args))
}

/// Judges `source` written as `name` in a scratch folder.
fn judge_text(test: &str, name: &str, source: &[u8], args: &[&str]) -> Option<(i32, String)> {
    let dir = scratch(test);
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, source).unwrap();
    if !common::need(tool_of(&path)) {
        return None;
    }
    Some(judge_path(&cache(), &path, args))
}

#[test]
fn a_correct_program_gets_ac_on_every_case_in_every_language() {
    for (file, judged_as) in [
        ("lanqiao_ok.cpp", "Lanqiao (file name)"),
        ("lanqiao_ok.c", "Lanqiao (file name)"),
        ("lanqiao_ok.rs", "Lanqiao (file name)"),
        ("lanqiao_ok.js", "Lanqiao (file name)"),
        ("lanqiao_ok.py", "Lanqiao (file name)"),
        (
            "Main.java",
            "Lanqiao (a main that reads stdin; give --problem KEY for another)",
        ),
        ("abc327c_mine.py", "AtCoder ABC327 C (file name)"),
        ("poj3074.cpp", "POJ 3074 (file name)"),
    ] {
        let Some((code, text)) = judge(file, &[]) else {
            continue;
        };
        assert_eq!(code, 0, "{file}: {text}");
        assert!(
            text.contains(&format!("judged as: {judged_as}")),
            "{file}: {text}"
        );
        assert!(text.contains("every verdict as expected"), "{file}: {text}");
        for bad in ["WA", "RE ", "CE", ": exit code "] {
            assert!(!text.contains(bad), "{file}: {bad} in {text}");
        }
        // Only the judge's cases: no malformed input, no exit-code case.
        assert!(
            !text.contains("bad_char") && !text.contains("crlf"),
            "{file}: {text}"
        );
    }
}

#[test]
fn a_tle_on_a_case_harder_than_the_judges_is_reported_apart() {
    // A row-major DFS in Python: seconds on line 338 of top1465.
    let Some((code, text)) = judge("lanqiao_ok.py", &["--fixture", "hard_*"]) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("TLE"), "{text}");
    assert!(
        text.contains(
            "slower than the hard case, which does not fail the run: line 338 of magictour top1465"
        ),
        "{text}"
    );
    assert!(text.contains("not counted"), "{text}");
}

#[test]
fn strict_adds_the_house_cases() {
    let Some((code, text)) = judge("lanqiao_ok.cpp", &["--strict"]) else {
        return;
    };
    // A contestant's program does not answer malformed input with exit 2.
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("bad_char") && text.contains("crlf_and_trailing_spaces"),
        "{text}"
    );
    assert!(text.contains("--strict: the house cases too"), "{text}");
    // A filter that keeps only house cases judges nothing: said, exit 2.
    let (code, text) = judge("lanqiao_ok.cpp", &["--fixture", "crlf_*"]).unwrap();
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("nothing to judge") && text.contains("--strict adds the house cases"),
        "{text}"
    );
    let (code, text) = judge("lanqiao_ok.cpp", &["--fixture", "crlf_*", "--strict"]).unwrap();
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("1/1 AC"), "{text}");
}

/// Under `--strict` a house case expects an exit code and a message; a
/// user's program that crashes there is still RE, with its error.
#[test]
fn a_crash_on_a_house_case_is_re() {
    let Some((code, text)) = judge(
        "lanqiao_crash.py",
        &["--strict", "--fixture", "no_solution"],
    ) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("RE (expected AC)"), "{text}");
    assert!(text.contains("IndexError"), "{text}");
}

#[test]
fn leetcode_files_with_a_local_main_stay_leetcode_and_their_prints_are_not_the_answer() {
    for (file, judged_as) in [
        ("lc37_main.py", "LeetCode 37 (file name)"),
        ("lc37_main.js", "LeetCode 37 (file name)"),
        ("lc37_main.cpp", "LeetCode 37 (file name)"),
        ("lc37_main.rs", "LeetCode 37 (file name)"),
        (
            "Solution.java",
            "LeetCode 37 (class Solution with solveSudoku)",
        ),
    ] {
        let args = [
            "--fixture",
            "leetcode_example",
            "--fixture",
            "writeup002_grid",
        ];
        let Some((code, text)) = judge(file, &args) else {
            continue;
        };
        assert_eq!(code, 0, "{file}: {text}");
        assert!(common::all_pass(&text, 2), "{file}: {text}");
        assert!(
            text.contains(&format!("judged as: {judged_as}")),
            "{file}: {text}"
        );
    }
}

#[test]
fn files_with_a_byte_order_mark_build() {
    for file in ["lc37_bom.py", "lc37_bom.js", "lc37_bom.cpp"] {
        let Some((code, text)) = judge(file, &["--fixture", "leetcode_example"]) else {
            continue;
        };
        assert_eq!(code, 0, "{file}: {text}");
        assert!(common::all_pass(&text, 1), "{file}: {text}");
    }
}

/// GBK or Latin-1 comments: g++, gcc and javac build the file as the real
/// judges do, a note says it is not UTF-8; Python keeps its own rule (UTF-8
/// unless a coding line says otherwise): without one, python3 refuses to run
/// it (its `compile` of the bytes, the syntax check, lets it pass), RE.
#[test]
fn sources_that_are_not_utf8_build_as_the_compilers_take_them() {
    for (file, note) in [
        ("lanqiao_gbk.cpp", "note: line 4, column 4: not UTF-8"),
        ("lanqiao_latin1.c", "note: line 1, column 49: not UTF-8"),
        ("lanqiao_gbk.java", "javac -encoding GB18030"),
        ("lanqiao_gbk_coding.py", "note: line 2, column 3: not UTF-8"),
    ] {
        let Some((code, text)) = judge(file, &[]) else {
            continue;
        };
        assert_eq!(code, 0, "{file}: {text}");
        assert!(
            text.contains("judged as: Lanqiao (file name)"),
            "{file}: {text}"
        );
        assert!(text.contains("every verdict as expected"), "{file}: {text}");
        assert!(text.contains(note), "{file}: {text}");
    }
    let Some((code, text)) = judge("lanqiao_gbk_no_coding.py", &["--fixture", "sample1"]) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 RE"), "{text}");
    assert!(
        text.contains("SyntaxError: Non-UTF-8 code starting with '\\xc0'"),
        "{text}"
    );
}

/// A compile error reads as the compiler wrote it of the user's file: rustc's
/// headline kept above its ` --> file:line:col`, and under LeetCode's C++
/// harness the source line printed under a line number is the user's own.
#[test]
fn compile_errors_keep_their_headline_and_the_users_own_lines() {
    if let Some((code, text)) = judge("lanqiao_unresolved_import.rs", &["--fixture", "sample1"]) {
        assert_eq!(code, 1, "{text}");
        assert!(text.contains("1/1 CE"), "{text}");
        assert!(
            text.contains(
                "error[E0432]: unresolved import `proconio`\n --> lanqiao_unresolved_import.rs:3:5"
            ),
            "{text}"
        );
        assert!(!text.contains("unused variable"), "{text}");
    }
    let Some((code, text)) = judge("lc37_ce.cpp", &["--fixture", "leetcode_example"]) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("lc37_ce.cpp:10:"), "{text}");
    assert!(
        text.contains("   10 |         if (k == 81) return ture;"),
        "{text}"
    );
    assert!(!text.contains("sudoku-judge-leetcode"), "{text}");
}

/// LeetCode's frame is found whatever precedes it (the `cin.tie` speed-up
/// names cin and reads nothing), and a class of another name holding
/// `solveSudoku` is LeetCode 37 with a CE that says to rename it.
#[test]
fn leetcodes_frame_is_found_past_a_speed_up_and_under_another_class_name() {
    if let Some((code, text)) = judge("sudoku_speedup.cpp", &["--fixture", "leetcode_example"]) {
        assert_eq!(code, 0, "{text}");
        assert!(
            text.contains("judged as: LeetCode 37 (class Solution with solveSudoku)"),
            "{text}"
        );
        assert!(common::all_pass(&text, 1), "{text}");
    }
    let Some((code, text)) = judge("SudokuSolver.java", &["--fixture", "leetcode_example"]) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains(
            "judged as: LeetCode 37 (class SudokuSolver with solveSudoku, not class Solution)"
        ),
        "{text}"
    );
    assert!(text.contains("1/1 CE"), "{text}");
    assert!(
        text.contains("SudokuSolver.java:5: LeetCode calls `new Solution().solveSudoku(board)`, and the method is in `class SudokuSolver`: rename the class to `Solution`"),
        "{text}"
    );
}

/// A LeetCode plugin's file is judged as the plugin submits it: the
/// JetBrains plugin's submit region (inside an outer class with a package
/// and a `main`), VS Code's `@lc code=start`/`end` (a local test below it);
/// a compile error in the region is at the file's own line, `--lines` too.
#[test]
fn a_plugins_file_is_judged_as_the_plugin_submits_it() {
    let jetbrains = "leetcode/editor/cn/SudokuSolver.java";
    for (file, lines) in [
        (jetbrains, "lines 19-44"),
        ("lc37_vscode_marks.py", "lines 11-35"),
    ] {
        let Some((code, text)) = judge(file, &["--fixture", "leetcode_example"]) else {
            continue;
        };
        assert_eq!(code, 0, "{file}: {text}");
        assert!(common::all_pass(&text, 1), "{file}: {text}");
        assert!(
            text.contains(&format!("note: {lines}: the LeetCode plugin's submit region, judged alone as the plugin submits it")),
            "{file}: {text}"
        );
    }
    let source = std::fs::read_to_string(data(jetbrains)).unwrap();
    let broken = source.replace("return fill(b, k + 1);", "return fil(b, k + 1);");
    assert_ne!(broken, source);
    let dir = scratch("plugin-ce").join("leetcode/editor/cn");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("SudokuSolver.java");
    std::fs::write(&path, broken).unwrap();
    if !common::need("javac") {
        return;
    }
    let (code, text) = judge_path(&cache(), &path, &["--fixture", "leetcode_example"]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("SudokuSolver.java:27: error: cannot find symbol"),
        "{text}"
    );
    let (_, text) = judge_path(
        &cache(),
        &path,
        &["--fixture", "leetcode_example", "--lines"],
    );
    assert!(
        text.contains("SudokuSolver.java:27:1: error: cannot find symbol"),
        "{text}"
    );
}

/// A Java file with a `package` line and an outer class around `class
/// Solution`, no plugin marks, is judged as LeetCode takes the class: the
/// class alone (`static` or not), a compile error at the file's own line.
#[test]
fn a_solution_class_inside_an_outer_class_is_judged_as_leetcode_takes_it() {
    let file = "com/example/lc/Lc37Nested.java";
    let Some((code, text)) = judge(file, &["--fixture", "leetcode_example"]) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(common::all_pass(&text, 1), "{text}");
    assert!(
        text.contains("note: lines 15-41: `class Solution` inside `class Lc37Nested`, judged alone as LeetCode takes the class"),
        "{text}"
    );
    let source = std::fs::read_to_string(data(file)).unwrap();
    let as_static = source.replace(
        "    class Solution {",
        "    private static class Solution {",
    );
    assert_ne!(as_static, source);
    let (code, text) = judge_text(
        "nested-static",
        "Lc37Nested.java",
        as_static.as_bytes(),
        &["--fixture", "leetcode_example"],
    )
    .unwrap();
    assert_eq!(code, 0, "{text}");
    assert!(common::all_pass(&text, 1), "{text}");
    let broken = source.replace("return fill(b, k + 1);", "return fil(b, k + 1);");
    assert_ne!(broken, source);
    let (code, text) = judge_text(
        "nested-ce",
        "Lc37Nested.java",
        broken.as_bytes(),
        &["--fixture", "leetcode_example", "--lines"],
    )
    .unwrap();
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("Lc37Nested.java:23: error: cannot find symbol"),
        "{text}"
    );
    assert!(
        text.contains("Lc37Nested.java:23:1: error: cannot find symbol"),
        "{text}"
    );
}

/// LeetCode's driver calls the method from the class's own package: one
/// that is not `public` is AC; one whose signature is not LeetCode's is a
/// CE, said first at the method's own line with LeetCode's signature, in
/// each compiled language (`--lines` too).
#[test]
fn a_method_is_called_as_leetcodes_driver_calls_it() {
    let java = std::fs::read_to_string(data("SudokuSolver.java"))
        .unwrap()
        .replace("public class SudokuSolver", "class Solution")
        .replace("new SudokuSolver()", "new Solution()");
    let package_private = java.replace("    public void solveSudoku", "    void solveSudoku");
    assert_ne!(package_private, java);
    if let Some((code, text)) = judge_text(
        "driver",
        "Solution.java",
        package_private.as_bytes(),
        &["--fixture", "leetcode_example"],
    ) {
        assert_eq!(code, 0, "{text}");
        assert!(common::all_pass(&text, 1), "{text}");
    }
    let main_at = java.find("    public static void main").unwrap();
    let wrong_java = format!(
        "{}}}\n",
        &java[..main_at]
            .replace("solveSudoku(char[][] board)", "solveSudoku(char[] board)")
            .replace("dfs(board, 0)", "dfs(null, 0)")
    );
    // A private entry beside a public helper of the same name: the entry's line.
    let overloaded = java[..main_at].replace(
        "    public void solveSudoku(char[][] board) {",
        "    public boolean solveSudoku(char[][] board, int from) {\n        return dfs(board, from);\n    }\n\n    private void solveSudoku(char[][] board) {",
    ) + "}\n";
    let wrong_cpp = "class Solution {\npublic:\n    void solveSudoku(vector<vector<int>>& board) {\n        board[0][0] = 1;\n    }\n};\n";
    let wrong_rust = "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<u8>>) {\n        board[0][0] = b'1';\n    }\n}\n";
    for (name, source, line, signature) in [
        (
            "Solution.java",
            wrong_java.as_str(),
            6,
            "public void solveSudoku(char[][] board)",
        ),
        (
            "Solution.java",
            overloaded.as_str(),
            10,
            "public void solveSudoku(char[][] board)",
        ),
        (
            "lc37_sig.cpp",
            wrong_cpp,
            3,
            "void solveSudoku(vector<vector<char>>& board)",
        ),
        (
            "lc37_sig.rs",
            wrong_rust,
            2,
            "pub fn solve_sudoku(board: &mut Vec<Vec<char>>)",
        ),
    ] {
        let said = format!("{name}:{line}: error: LeetCode calls `{signature}`, and this definition does not take that call");
        let args = ["--fixture", "leetcode_example"];
        let Some((code, text)) = judge_text("driver", name, source.as_bytes(), &args) else {
            continue;
        };
        assert_eq!(code, 1, "{name}: {text}");
        assert!(text.contains("1/1 CE"), "{name}: {text}");
        assert!(
            text.contains(&format!("CE, compilation error on every case:\n{said}")),
            "{name}: {text}"
        );
        let Some((_, text)) = judge_text(
            "driver",
            name,
            source.as_bytes(),
            &["--fixture", "leetcode_example", "--lines"],
        ) else {
            continue;
        };
        let first = text
            .lines()
            .find(|l| l.starts_with("sudoku: "))
            .unwrap_or("");
        assert!(
            first.contains(&format!("{name}:{line}:1: error: LeetCode calls")),
            "{name}: {text}"
        );
    }
    // A line the parser cannot read above a right signature (a URL pasted
    // at the top): the file's own first error leads, the call is not blamed.
    let stray = "https://leetcode.com/problems/sudoku-solver/\nclass Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) {\n        board[0][2] = '4';\n    }\n};\n";
    if let Some((code, text)) = judge_text(
        "driver",
        "lc37_stray.cpp",
        stray.as_bytes(),
        &["--fixture", "leetcode_example"],
    ) {
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("CE, compilation error on every case:\n")
                && text.contains("lc37_stray.cpp:1:")
                && !text.contains("does not take that call"),
            "{text}"
        );
    }
    // LeetCode's method as a free function (beside a free check of its
    // own, LeetCode 36's name), in a file whose name says no problem and
    // which reads no stdin: judged as LeetCode 37, whose call it does not
    // take because it is not a method.
    let free = "#include <vector>\nusing namespace std;\nbool isValidSudoku(vector<vector<char>>& board) {\n    return board.size() == 9;\n}\nvoid solveSudoku(vector<vector<char>>& board) {\n    if (isValidSudoku(board)) board[0][2] = '4';\n}\n";
    if let Some((code, text)) = judge_text(
        "driver",
        "free.cpp",
        free.as_bytes(),
        &["--fixture", "leetcode_example"],
    ) {
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("judged as: LeetCode 37 (its solveSudoku, a free function)")
                && text.contains("free.cpp:6: error: LeetCode calls `void solveSudoku(vector<vector<char>>& board)` as a method (class Solution with solveSudoku), and this definition is a free function: put it there;")
                && !text.contains("does not take that call"),
            "{text}"
        );
    }
}

/// A stdin program whose name gives a judge's number that is no problem
/// here (Luogu P1001, POJ 1000) is refused, exit 2, with the problems there
/// are, never judged as Lanqiao's; a name without one (`p2.cpp`) is Lanqiao's,
/// and `--problem` judges either.
#[test]
fn an_unknown_problem_number_is_refused_not_judged_as_another() {
    let source = std::fs::read(data("lanqiao_ok.cpp")).unwrap();
    for (name, says) in [
        ("P1001.cpp", "P1001"),
        ("poj_1000.cpp", "poj_1000"),
        ("HDU 3111 Sudoku.cpp", "HDU 3111"),
        ("1352A.cpp", "Codeforces 1352A"),
        ("Luogu/P1001/main.cpp", "P1001"),
        ("hdu/1234.cpp", "hdu/1234"),
        ("abc327/d.cpp", "abc327"),
    ] {
        let Some((code, text)) =
            judge_text("unknown-number", name, &source, &["--fixture", "sample1"])
        else {
            return;
        };
        assert_eq!(code, 2, "{name}: {text}");
        assert!(
            text.contains(&format!("{name}: its name says {says}, a problem this judge does not have (it has lc36, lc37, lanqiao,")),
            "{name}: {text}"
        );
        assert!(!text.contains("AC"), "{name}: {text}");
        // `--problem` judges it: shown for a name and a folder (each name
        // is a build of its own).
        if !matches!(name, "P1001.cpp" | "hdu/1234.cpp") {
            continue;
        }
        let Some((code, text)) = judge_text(
            "unknown-number",
            name,
            &source,
            &["--fixture", "sample1", "--problem", "lanqiao"],
        ) else {
            return;
        };
        assert_eq!(code, 0, "{name} --problem lanqiao: {text}");
    }
    let Some((code, text)) = judge_text(
        "unknown-number",
        "p2.cpp",
        &source,
        &["--fixture", "sample1"],
    ) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("judged as: Lanqiao (a main that reads stdin"),
        "{text}"
    );
    // A file named for a known problem in a folder named for another (a
    // Lanqiao repository holding Luogu's P1074): the file's name decides.
    let args = ["--fixture", "sample1"];
    let Some((_, text)) = judge_text("unknown-number", "lanqiao/P1074.cpp", &source, &args) else {
        return;
    };
    assert!(
        text.contains("judged as: Luogu P1074 (file name)"),
        "{text}"
    );
    // Luogu P1784 is a problem here: its number in a name is that problem.
    for name in ["P1784.cpp", "Luogu/P1784/main.cpp"] {
        let Some((_, text)) = judge_text("unknown-number", name, &source, &args) else {
            return;
        };
        assert!(text.contains("judged as: Luogu P1784 ("), "{name}: {text}");
    }
}

/// The problem from the path, as people keep their files; the `judged as`
/// line says which part decided.
#[test]
fn the_problem_comes_from_the_path_as_people_keep_files() {
    let dir = scratch("paths");
    // (data file, its copy, judged as, fixture, AC there: the others are
    // programs of another problem, judged for the line only)
    for (file, copy, judged_as, fixture, ac) in [
        (
            "sudoku_speedup.cpp",
            "37.sudoku-solver.cpp",
            "LeetCode 37 (file name)",
            "leetcode_example",
            true,
        ),
        (
            "abc327c_mine.py",
            "abc327/c.py",
            "AtCoder ABC327 C (path abc327/c.py)",
            "sample1",
            true,
        ),
        (
            "Main.java",
            "poj/2676/Main.java",
            "POJ 2676 (folder poj/2676)",
            "sample1",
            false,
        ),
        (
            "lanqiao_ok.cpp",
            "HDU/1426.cpp",
            "HDU 1426 (path HDU/1426.cpp)",
            "sample1",
            false,
        ),
        // Competitive Companion names a file after the problem's title.
        (
            "cf1335d_online_judge.cpp",
            "D_Anti_Sudoku.cpp",
            "Codeforces 1335D (file name)",
            "sample1",
            true,
        ),
    ] {
        let path = dir.join(copy);
        if !common::need(tool_of(&path)) {
            continue;
        }
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::copy(data(file), &path).unwrap();
        let (code, text) = judge_path(&cache(), &path, &["--fixture", fixture]);
        assert!(
            text.contains(&format!("judged as: {judged_as}")),
            "{copy}: {text}"
        );
        assert_eq!(code, if ac { 0 } else { 1 }, "{copy}: {text}");
    }
    // Two problems' names in one file name: refused, naming both, exit 2.
    let two = dir.join("poj3074_lanqiao.cpp");
    std::fs::copy(data("poj3074.cpp"), &two).unwrap();
    let (code, text) = judge_path(&cache(), &two, &[]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains("could be POJ 3074 (its file name) or Lanqiao (its file name)")
            || text.contains("could be Lanqiao (its file name) or POJ 3074 (its file name)"),
        "{text}"
    );
    assert!(
        text.contains("--problem KEY") && !text.contains("panicked"),
        "{text}"
    );
}

#[test]
fn a_java_package_line_is_dropped_with_a_note_and_the_class_is_the_judges() {
    if let Some((code, text)) = judge("Solution.java", &["--fixture", "leetcode_example"]) {
        assert_eq!(code, 0, "{text}");
        assert!(
            text.contains("note: line 1: `package leetcode.sudoku;` dropped"),
            "{text}"
        );
    }
    let foo = b"import java.util.*;\n\npublic class Foo {\n    public static void main(String[] a) {\n        System.out.println(new Scanner(System.in).next());\n    }\n}\n";
    if let Some((code, text)) = judge_text("foo", "lanqiao_foo.java", foo, &[]) {
        assert_eq!(code, 1, "{text}");
        assert!(text.contains("CE"), "{text}");
        assert!(
            text.contains(
                "this judge runs `public class Main`, and the file declares `public class Foo`"
            ),
            "{text}"
        );
    }
    // Codeforces takes any public class: it builds, and its answer is judged.
    if let Some((_, text)) =
        judge_text("foo-cf", "cf1335d_foo.java", foo, &["--fixture", "sample1"])
    {
        assert!(!text.contains("CE"), "{text}");
        assert!(
            text.contains("judged as: Codeforces 1335D (file name)"),
            "{text}"
        );
    }
}

#[test]
fn crashes_are_re_with_the_error_and_the_users_own_frame() {
    for (file, words) in [
        (
            "lanqiao_crash.py",
            "IndexError: list index out of range at line 5 of lanqiao_crash.py (in check)",
        ),
        (
            "lanqiao_crash.java",
            "java.lang.StringIndexOutOfBoundsException: String index out of range: 9 at Main.main(Main.java:9)",
        ),
        (
            "lanqiao_panic.rs",
            "panicked at lanqiao_panic.rs:7:20: index out of bounds: the len is 9 but the index is 9",
        ),
        ("lanqiao_abort.cpp", "uncaught std::out_of_range: vector::_M_range_check"),
        (
            "lanqiao_crash.js",
            "TypeError: Cannot read properties of undefined (reading '0') at Object.<anonymous> (lanqiao_crash.js:3:",
        ),
    ] {
        let Some((code, text)) = judge(file, &["--fixture", "sample1"]) else {
            continue;
        };
        assert_eq!(code, 1, "{file}: {text}");
        assert!(text.contains("1/1 RE"), "{file}: {text}");
        assert!(text.contains(words), "{file}: {text}");
        // Not stderr's last line (node's version, Rust's backtrace hint).
        assert!(!text.contains("exit code 1: Node.js") && !text.contains("RUST_BACKTRACE"), "{file}: {text}");
    }
}

#[test]
fn a_crash_message_has_its_control_characters_escaped() {
    let source = b"import sys\nsys.stderr.write('\\x1b[31mboom\\x07\\n')\nsys.exit(3)\n";
    let Some((code, text)) = judge_text(
        "control",
        "lanqiao_ctl.py",
        source,
        &["--fixture", "sample1"],
    ) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("exit code 3: \\u{1b}[31mboom\\u{7}"),
        "{text}"
    );
    assert!(
        !text.contains('\u{1b}'),
        "a raw escape reached the terminal: {text}"
    );
}

#[test]
fn memory_and_output_verdicts_come_from_the_limit_that_fired() {
    // Where the run has a memory cgroup, the tree is stopped at the limit
    // (`peak … > … MB`); without one, the address-space cap makes the
    // allocation itself fail (`MemoryError`, `std::bad_alloc`). MLE either way.
    for (file, verdict, words) in [
        (
            "lanqiao_memory.py",
            "1/1 MLE",
            ["MemoryError at line 2 of lanqiao_memory.py", "MB > 256 MB"],
        ),
        (
            "lanqiao_bad_alloc.cpp",
            "1/1 MLE",
            ["uncaught std::bad_alloc", "MB > 256 MB"],
        ),
        (
            "lanqiao_flood.py",
            "1/1 OLE",
            ["wrote more than 64 MB", "wrote more than 64 MB"],
        ),
    ] {
        let Some((code, text)) = judge(file, &["--fixture", "sample1"]) else {
            continue;
        };
        assert_eq!(code, 1, "{file}: {text}");
        assert!(text.contains(verdict), "{file}: {text}");
        assert!(words.iter().any(|w| text.contains(w)), "{file}: {text}");
    }
}

#[test]
fn a_wrong_answer_shows_the_boards_with_the_differing_cells_marked() {
    let Some((code, text)) = judge("lanqiao_wa.cpp", &["--fixture", "sample1"]) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("input") && text.contains("expected") && text.contains("yours"),
        "{text}"
    );
    // Row 1 of sample1 is `005300000`, its answer `145327698`: yours fills 1s.
    assert!(text.contains(" 1 [1] 5  3 [1][1][1][1][1]"), "{text}");
    assert!(
        text.contains("51 cells differ: row 1 col 2, row 1 col 5"),
        "{text}"
    );
}

#[test]
fn a_file_that_could_be_two_problems_is_an_error_naming_both() {
    let leetcode = b"class Solution:\n    def solveSudoku(self, board):\n        pass\n";
    if let Some((code, text)) = judge_text("two-name", "poj3074_x.py", leetcode, &[]) {
        assert_eq!(code, 2, "{text}");
        assert!(
            text.contains("could be POJ 3074 (its file name) or LeetCode 37 (class Solution with solveSudoku)"),
            "{text}"
        );
    }
    let both = b"class Solution:\n    def isValidSudoku(self, b):\n        return True\n    def solveSudoku(self, b):\n        pass\n";
    if let Some((code, text)) = judge_text("two-methods", "mine.py", both, &[]) {
        assert_eq!(code, 2, "{text}");
        assert!(
            text.contains("could be LeetCode 36") && text.contains("or LeetCode 37"),
            "{text}"
        );
    }
    let stdin = b"class Solution:\n    def solveSudoku(self, b):\n        pass\n\nrows = [input() for _ in range(9)]\n";
    if let Some((code, text)) = judge_text("two-stdin", "mine.py", stdin, &[]) {
        assert_eq!(code, 2, "{text}");
        assert!(
            text.contains("or a stdin program (it reads stdin)"),
            "{text}"
        );
        assert!(text.contains("--problem KEY"), "{text}");
    }
    // Named, it is judged.
    if let Some((_, text)) = judge_text(
        "two-named",
        "mine.py",
        stdin,
        &["--problem", "lanqiao", "--fixture", "sample1"],
    ) {
        assert!(
            text.contains("judged as: Lanqiao (--problem lanqiao)"),
            "{text}"
        );
    }
}

#[test]
fn c_files_build_with_gcc_as_stdin_programs_and_leetcode_pastes() {
    let leetcode = b"bool fits(char** b, int r, int c, char d) {\n    for (int i = 0; i < 9; i++)\n        if (b[r][i] == d || b[i][c] == d || b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d) return false;\n    return true;\n}\n\nbool dfs(char** b, int k) {\n    if (k == 81) return true;\n    int r = k / 9, c = k % 9;\n    if (b[r][c] != '.') return dfs(b, k + 1);\n    for (char d = '1'; d <= '9'; d++)\n        if (fits(b, r, c, d)) {\n            b[r][c] = d;\n            if (dfs(b, k + 1)) return true;\n        }\n    b[r][c] = '.';\n    return false;\n}\n\nvoid solveSudoku(char** board, int boardSize, int* boardColSize) {\n    dfs(board, 0);\n}\n";
    let Some((code, text)) = judge_text(
        "c-leetcode",
        "mine.c",
        leetcode,
        &["--fixture", "leetcode_example"],
    ) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("judged as: LeetCode 37 (a function solveSudoku)"),
        "{text}"
    );
    assert!(text.contains("compiler: gcc"), "{text}");
}

#[test]
fn a_folder_is_one_line_per_file_with_details_only_for_failures() {
    let dir = scratch("folder");
    let files = dir.join("files");
    std::fs::create_dir_all(&files).unwrap();
    let mut expected_files = 0;
    for file in [
        "lanqiao_ok.cpp",
        "lanqiao_ok.c",
        "lanqiao_crash.py",
        "abc327c_mine.py",
        "lc37_bom.cpp",
    ] {
        if installed(tool_of(Path::new(file))) {
            std::fs::copy(data(file), files.join(file)).unwrap();
            expected_files += 1;
        }
    }
    if expected_files == 0 {
        return;
    }
    let (code, text) = judge_path(&cache(), &files, &[]);
    let failing = text.contains("lanqiao_crash.py");
    assert_eq!(code, if failing { 1 } else { 0 }, "{text}");
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("judged as:")).collect();
    assert_eq!(lines.len(), expected_files, "one line per file: {text}");
    // A screen, not a table per file: a line per file, the crash's detail once.
    assert!(text.lines().count() < expected_files + 12, "{text}");
    if failing {
        assert!(text.contains("IndexError"), "{text}");
    }
}

#[cfg(unix)] // the wrapper is a shell script
#[test]
fn rustc_names_the_compiler_it_was_given() {
    // A wrapper standing for another rustc (CI also checks the paste files
    // with a real 1.63): the header names it and its version.
    let dir = scratch("rustc");
    let wrapper = dir.join("rustc-wrapper");
    let real = String::from_utf8(
        Command::new("rustc")
            .arg("--print")
            .arg("sysroot")
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let script = format!(
        "#!/bin/sh\nif [ \"$1\" = -vV ]; then echo 'rustc 1.63.0 (wrapped for a test)'; exit 0; fi\nexec '{}/bin/rustc' \"$@\"\n",
        real.trim()
    );
    std::fs::write(&wrapper, script).unwrap();
    std::fs::set_permissions(
        &wrapper,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let out = Command::new(SUDOKU)
        .arg("judge")
        .arg(data("lc37_main.rs"))
        .args(["--fixture", "leetcode_example"])
        .env("SUDOKU_RUSTC", &wrapper)
        .env("SUDOKU_CACHE_DIR", cache())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains(&format!(
            "compiler: rustc 1.63.0 (wrapped for a test) ({})",
            wrapper.display()
        )),
        "{text}"
    );
    // A path that is not there is named as such, not "install the toolchain".
    let missing = dir.join("no-rustc-here");
    let out = Command::new(SUDOKU)
        .arg("judge")
        .arg(data("lc37_main.rs"))
        .arg("--rustc")
        .arg(&missing)
        .env("SUDOKU_CACHE_DIR", cache())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&format!("{}: no such program", missing.display())),
        "{said}"
    );
}

/// `sudoku stress` on a correct stdin program: every generated case is one
/// the statement promises (unique puzzles for Lanqiao), so it passes; and
/// on a family problem a bug that shows only with two cases is found,
/// shrunk and saved where `--fixtures` re-judges it.
#[test]
fn stress_stays_inside_the_promise_and_covers_the_family() {
    let dir = scratch("stress");
    let stress = |file: &Path, args: &[&str]| {
        let out = Command::new(SUDOKU)
            .arg("stress")
            .arg(file)
            .args(args)
            .arg("--save-dir")
            .arg(dir.join("cases"))
            .env("SUDOKU_CACHE_DIR", cache())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code().unwrap_or(-1), text)
    };
    if installed("gcc") {
        let (code, text) = stress(&data("lanqiao_ok.c"), &["--cases", "40"]);
        assert_eq!(code, 0, "{text}");
        assert!(text.contains("40 cases of Lanqiao, every one AC"), "{text}");
    }
    if !common::need("python3") {
        return;
    }
    let buggy = data("hdu1426_first_case_only.py");
    let (code, text) = stress(&buggy, &["--cases", "30"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("WA; shrunk from"), "{text}");
    let saved = dir.join("cases/hdu1426");
    let inputs: Vec<PathBuf> = std::fs::read_dir(&saved)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    assert_eq!(inputs.len(), 1, "{text}");
    // Shrunk to the two cases the bug needs, no more.
    let blocks = std::fs::read_to_string(&inputs[0]).unwrap();
    assert_eq!(blocks.trim().split("\n\n").count(), 2, "{blocks}");
    let (code, text) = judge_path(
        &cache(),
        &buggy,
        &[
            "--problem",
            "hdu1426",
            "--fixtures",
            &dir.join("cases").display().to_string(),
        ],
    );
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 WA"), "{text}");
}

/// POJ answers PE for a right answer laid out otherwise (a blank line before
/// each grid, where the statement puts one after): so does the judge, in the
/// table, the reason, `--json` and the exit code; the same program with the
/// blank line after each grid is AC.
#[test]
fn poj_presentation_error_is_pe() {
    let file = "poj3076_blank_line_before.cpp";
    let Some((code, text)) = judge(file, &["--fixture", "sample1"]) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 PE"), "{text}");
    assert!(
        text.contains("PE (expected AC): the answer is right, its whitespace is not: line 1 is \"\", where the expected output has \"FPAHMJECNLBDKOGI\"; POJ answers PE"),
        "{text}"
    );
    let (code, json) = judge(file, &["--fixture", "sample1", "--json"]).unwrap();
    assert_eq!(code, 1, "{json}");
    let record: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(record["verdict"], "PE", "{json}");
    assert_eq!(record["as_expected"], false, "{json}");
    assert_eq!(record["first_difference"]["line"], 1, "{json}");
    assert_eq!(record["first_difference"]["got"], "", "{json}");
    // The blank line after each grid, as the statement has it: AC.
    let source = std::fs::read_to_string(data(file)).unwrap();
    let after = source
        .replacen("        printf(\"\\n\");\n", "", 1)
        .replacen(
            "            putchar('\\n');\n        }\n",
            "            putchar('\\n');\n        }\n        printf(\"\\n\");\n",
            1,
        );
    assert_ne!(after, source);
    let (code, text) = judge_text(
        "poj-pe-after",
        "poj3076.cpp",
        after.as_bytes(),
        &["--fixture", "sample1", "--fixture", "two_grids"],
    )
    .unwrap();
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("2/2 AC"), "{text}");
}

/// HDU answers PE for whitespace between two non-blank characters (the
/// digits of a row written without their spaces); a blank line after the
/// last case, outside them, is not PE.
#[test]
fn hdu_presentation_error_is_pe() {
    let file = "hdu1426_no_spaces.py";
    let Some((code, text)) = judge(file, &["--fixture", "two_cases_blank_line_between"]) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 PE"), "{text}");
    assert!(
        text.contains("line 1 is \"712469358\", where the expected output has \"7 1 2 4 6 9 3 5 8\"; HDU answers PE for whitespace between two non-blank characters"),
        "{text}"
    );
    let source = std::fs::read_to_string(data(file)).unwrap();
    let spaced = source.replace("print(\"\".join", "print(\" \".join");
    assert_ne!(spaced, source);
    let (code, text) = judge_text(
        "hdu-pe-spaced",
        "hdu1426.py",
        spaced.as_bytes(),
        &[
            "--fixture",
            "two_cases_blank_line_between",
            "--fixture",
            "sample1",
        ],
    )
    .unwrap();
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("2/2 AC"), "{text}");
}

/// The `judged as` name of a problem key.
fn problem_short(key: &str) -> &'static str {
    match key {
        "cf1335d" => "Codeforces 1335D",
        _ => "POJ 2676",
    }
}

/// `sudoku judge` on a data file with one more environment variable.
fn judge_with_env(file: &str, args: &[&str], env: (&str, &str)) -> (i32, String) {
    let out = Command::new(SUDOKU)
        .arg("judge")
        .arg(data(file))
        .args(args)
        .env("SUDOKU_CACHE_DIR", cache())
        .env("NO_COLOR", "1")
        .env(env.0, env.1)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn each_judge_builds_as_it_does_online_judge_and_the_old_judges_headers() {
    for (file, problem, flag) in [
        // Codeforces defines ONLINE_JUDGE: the local freopen is skipped.
        ("cf1335d_online_judge.cpp", "cf1335d", "-DONLINE_JUDGE"),
        // POJ's old g++: `gets`, and `memset` without <cstring>.
        ("poj2676_old_gcc.cpp", "poj2676", "-std=gnu++98"),
    ] {
        let Some((code, text)) = judge(file, &[]) else {
            continue;
        };
        assert_eq!(code, 0, "{file}: {text}");
        assert!(
            text.contains(&format!("judged as: {}", problem_short(problem))),
            "{file}: {text}"
        );
        assert!(
            !text.contains("WA") && !text.contains("CE"),
            "{file} ({flag}): {text}"
        );
    }
}

#[test]
fn leetcode_cpp_is_value_initialized_and_built_with_address_sanitizer() {
    // Members without initializers start at zero under `new Solution()`.
    if let Some((code, text)) = judge("lc37_members_uninit.cpp", &[]) {
        assert_eq!(code, 0, "{text}");
        assert!(common::all_pass(&text, 5), "{text}");
    }
    // A read one past a row's end is RE under AddressSanitizer, as on
    // LeetCode, and the report (a real one, from the build with `-g`) names
    // the user's function and the line of the read: g++'s, symbolized in
    // the run, and clang's (LeetCode's compiler, where one is installed),
    // symbolized by the judge.
    let mut compilers = vec!["g++".to_string()];
    compilers.extend(newest_clang());
    for cxx in compilers {
        let Some((code, text)) = judge(
            "lc37_read_past_row.cpp",
            &["--fixture", "leetcode_example", "--cxx", &cxx],
        ) else {
            continue;
        };
        assert_eq!(code, 1, "{cxx}: {text}");
        assert!(
            text.contains("RE (expected AC)")
                && text.contains("AddressSanitizer: heap-buffer-overflow in Solution::dfs(")
                && text.contains(" at lc37_read_past_row.cpp:12"),
            "{cxx}: {text}"
        );
    }
}

/// The newest clang++ 18 or later on PATH, as the judge finds it for
/// LeetCode's C++.
fn newest_clang() -> Option<String> {
    use sudoku_workspace::judge::language::choose;
    let path = std::env::var_os("PATH");
    choose::newest_clang(path.as_deref(), choose::LEETCODE_CLANG)
        .map(|(program, _)| program.display().to_string())
}

/// Records that a test skips for want of `what` ([`common::skip`]).
fn skipped(what: &str) {
    common::skip(what, "Debian/Ubuntu: apt-get install clang-19");
}

#[test]
fn a_cpp23_leetcode_file_is_judged_ac_by_the_clang_leetcode_uses() {
    // LeetCode builds C++ with clang 19; `this auto&& self` needs clang 18.
    let Some(clang) = newest_clang() else {
        skipped("no clang++ 18 or later on PATH");
        return;
    };
    let (code, text) = judge("lc37_deducing_this.cpp", &[]).unwrap();
    assert_eq!(code, 0, "{text}");
    assert!(
        common::all_pass(&text, 5)
            && text.contains(&format!("({clang}): LeetCode builds C++ with clang 19: "))
            && text.contains("is the newest clang 18 or later on PATH"),
        "{text}"
    );
    // Another judge's C++ keeps g++, its own compiler, first.
    let (_, text) = judge("lanqiao_ok.cpp", &["--fixture", "sample1"]).unwrap();
    assert!(
        text.contains("compiler: g++") && text.contains("the first of g++, clang++ on PATH"),
        "{text}"
    );
}

#[test]
fn leetcodes_headers_are_precompiled_once_and_builds_read_as_without() {
    let Some(_) = newest_clang() else {
        skipped("no clang++ 18 or later on PATH");
        return;
    };
    let dir = scratch("precompiled");
    let cache = dir.join("cache");
    let (code, text) = judge_path(&cache, &data("lc37_deducing_this.cpp"), &[]);
    assert_eq!(code, 0, "{text}");
    assert!(common::all_pass(&text, 5), "{text}");
    // A typo, then a call the library cannot compile: the second error is
    // in a header the precompiled header read, shown with its includes as
    // a build without one shows them (clang names its own first line as
    // read from stdin, in the cache's staging folder).
    let ce = dir.join("lc37_sort.cpp");
    std::fs::write(
        &ce,
        "class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) {\n        int x = ture;\n        sort(board.begin(), board.end(), 3);\n    }\n};\n",
    )
    .unwrap();
    let (code, text) = judge_path(&cache, &ce, &["--fixture", "leetcode_example"]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("lc37_sort.cpp:4:17: error: use of undeclared identifier 'ture'")
            && text.contains("/bits/stdc++.h:")
            && text.contains("error: called object type 'int' is not a function"),
        "{text}"
    );
    assert!(
        !text.contains("<stdin>") && !text.contains(".staging-"),
        "{text}"
    );
    // One precompiled header for the two, with the headers it was made
    // from; the builds' own entries keep no copy of it.
    let mut precompiled = Vec::new();
    for entry in std::fs::read_dir(&cache).unwrap().flatten() {
        let files: Vec<String> = std::fs::read_dir(entry.path())
            .into_iter()
            .flatten()
            .flatten()
            .map(|f| f.file_name().to_string_lossy().into_owned())
            .collect();
        if files.iter().any(|f| f.ends_with(".pch")) {
            let stamps = std::fs::read_to_string(entry.path().join("stamps")).unwrap();
            assert!(stamps.contains("/bits/stdc++.h\n"), "{stamps}");
            precompiled.push(files);
        }
    }
    assert_eq!(precompiled.len(), 1, "{precompiled:?}");
}

#[test]
fn a_compiler_is_named_by_its_flag_by_compiler_or_by_the_environment() {
    let file = data("lanqiao_ok.cpp");
    if !common::need("g++") {
        return;
    }
    let gxx = installed_path("g++");
    let (code, text) = judge_path(
        &cache(),
        &file,
        &[
            "--fixture",
            "sample1",
            "--compiler",
            &format!("c++={}", gxx.display()),
        ],
    );
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("named by --compiler cxx=…"), "{text}");
    let (code, text) = judge_path_env(
        &cache(),
        &file,
        &["--fixture", "sample1"],
        &[("SUDOKU_CXX", gxx.as_path())],
    );
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("named by --cxx (or SUDOKU_CXX)"), "{text}");
    // Bad names: a clear message, exit 2, nothing judged.
    for (args, said) in [
        (
            vec!["--compiler", "fortran=gfortran"],
            "`fortran` in `fortran=gfortran` is no language here",
        ),
        (
            vec!["--cxx", "/nonexistent/g++"],
            "/nonexistent/g++: no such program",
        ),
        (
            vec!["--cxx", "no-such-compiler-here"],
            "no-such-compiler-here (--cxx (or SUDOKU_CXX)) is not on PATH here",
        ),
        (
            vec!["--cxx", "g++", "--compiler", "cpp=g++"],
            "that language's compiler is already g++",
        ),
    ] {
        let (code, text) = judge_path(&cache(), &file, &args);
        assert_eq!(code, 2, "{args:?}: {text}");
        assert!(
            text.contains(said) && !text.contains("panicked"),
            "{args:?}: {text}"
        );
    }
}

/// Where PATH finds `tool`.
fn installed_path(tool: &str) -> PathBuf {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|d| d.join(tool))
        .find(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from(tool))
}

#[test]
fn a_word_in_a_comment_reads_no_stdin() {
    let Some((code, text)) = judge("valid_sudoku_comment.c", &[]) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("judged as: LeetCode 36 (a function isValidSudoku)")
            && common::all_pass(&text, 7),
        "{text}"
    );
}

#[test]
fn python_2_runs_where_the_judge_offers_it_or_is_not_judged_here() {
    // Lanqiao offers Python 3 alone: judged so, with a note at the line.
    let source = b"rows = [raw_input() for _ in range(9)]\nprint \"\\n\".join(rows)\n";
    if let Some((code, text)) = judge_text(
        "python2-lanqiao",
        "lanqiao_py2.py",
        source,
        &["--fixture", "sample1"],
    ) {
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("1/1 CE") && text.contains("SyntaxError"),
            "{text}"
        );
        assert!(
            text.contains(
                "note: line 1 uses `raw_input` as Python 2 does: Lanqiao runs Python 3 only"
            ),
            "{text}"
        );
    }
    // LeetCode's Python 2 template, no Python 2 syntax: `i / 3` is
    // integer division there, a float in Python 3.
    let template = b"class Solution(object):\n    def isValidSudoku(self, board):\n        \"\"\"\n        :type board: List[List[str]]\n        :rtype: bool\n        \"\"\"\n        seen = set()\n        for i in range(9):\n            for j in range(9):\n                c = board[i][j]\n                if c == '.':\n                    continue\n                for key in ((i, c), (c, j), (i / 3, j / 3, c)):\n                    if key in seen:\n                        return False\n                    seen.add(key)\n        return True\n";
    if let Some((code, text)) = judge_text("python2-template", "lc36_template.py", template, &[]) {
        if text.contains("run as Python 2") {
            assert_eq!(code, 0, "{text}");
            assert!(text.contains("line 4 uses `:type`"), "{text}");
        } else {
            assert_eq!(code, 3, "{text}");
            assert!(
                text.contains("not judged here: needs Python 2")
                    && text.contains("lc36_template.py:4 uses `:type`"),
                "{text}"
            );
        }
    }
    let Some((code, text)) = judge("lc36_python2.py", &[]) else {
        return;
    };
    if text.contains("run as Python 2") {
        assert_eq!(code, 0, "{text}");
        assert!(
            common::all_pass(&text, 7) && text.contains("compiler: Python 2."),
            "{text}"
        );
    } else {
        assert_eq!(code, 3, "{text}");
        assert!(text.contains("not judged here: needs Python 2"), "{text}");
    }
    // Without a Python 2: its own outcome and exit code, no RE blamed on the file.
    let (code, text) = judge_with_env(
        "lc36_python2.py",
        &[],
        ("SUDOKU_PYTHON2", "/nonexistent/python2"),
    );
    assert_eq!(code, 3, "{text}");
    assert!(
        text.contains("not judged here: needs Python 2, which LeetCode offers")
            && text.contains("lc36_python2.py:5 uses `xrange`")
            && !text.contains("RE"),
        "{text}"
    );
    // Nothing judged is said so, not counted as verdicts as expected.
    assert!(
        text.contains("no case judged: nothing above could be judged here")
            && !text.contains("every verdict as expected"),
        "{text}"
    );
}

#[test]
fn what_this_machine_lacks_is_not_judged_here_not_a_ce() {
    let acl = data("abc327c_acl.cpp");
    if installed(tool_of(&acl)) && !Path::new("/opt/ac-library/atcoder").is_dir() {
        let dir = scratch("acl");
        let nowhere = dir.join("no-library-here");
        let (code, text) = judge_path_env(
            &cache(),
            &acl,
            &[],
            &[("SUDOKU_AC_LIBRARY", nowhere.as_path())],
        );
        assert_eq!(code, 3, "{text}");
        assert!(
            text.contains("not judged here: needs the AtCoder Library")
                && text.contains("SUDOKU_AC_LIBRARY"),
            "{text}"
        );
        assert!(!text.contains(" CE"), "{text}");
        // stress says the same, with the same exit code.
        let out = Command::new(SUDOKU)
            .args(["stress", "--cases", "2"])
            .arg(&acl)
            .env("SUDOKU_AC_LIBRARY", &nowhere)
            .env("SUDOKU_CACHE_DIR", cache())
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(3), "{said}");
        assert!(
            said.contains("not judged here: needs the AtCoder Library"),
            "{said}"
        );
    }
    // C++23 that this machine's g++ lacks (named with --cxx, so no clang is
    // taken): built where the compiler has it, else not judged here with
    // what to install.
    if let Some((code, text)) = judge("lc37_deducing_this.cpp", &["--cxx", "g++"]) {
        assert!(text.contains("named by --cxx"), "{text}");
        if code == 3 {
            assert!(
                text.contains("not judged here: needs C++23's explicit object parameter")
                    && text.contains("lc37_deducing_this.cpp:13")
                    && text.contains("name it with --cxx PATH")
                    && text.contains("install"),
                "{text}"
            );
        } else {
            assert_eq!(code, 0, "{text}");
        }
    }
}

#[test]
fn atcoder_rust_has_atcoders_crates_and_no_leetcode_note() {
    let Some((code, text)) = judge("abc327c_proconio.rs", &[]) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(common::all_pass(&text, 11), "{text}");
    assert!(!text.contains("LeetCode's Rust"), "{text}");
    // The note is LeetCode's alone.
    if let Some((_, text)) = judge("lc37_main.rs", &["--fixture", "leetcode_example"]) {
        assert!(
            text.contains("LeetCode builds Rust at edition 2024"),
            "{text}"
        );
    }
}

/// Each AtCoder Rust file gets the crates it names, built from the whole
/// set's manifest: a file naming all 22 builds all 22 (about 20 s of CPU
/// the first time on the 2-core AMD EPYC family 26), which a newcomer's
/// first `cargo test` is spared. CI runs it (`--include-ignored`).
#[test]
#[ignore = "builds all 22 of AtCoder's crates; CI runs it"]
fn atcoder_rust_builds_every_crate_of_the_set() {
    let Some((code, text)) = judge("abc327c_every_crate.rs", &[]) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(common::all_pass(&text, 11), "{text}");
    let whole = std::fs::read_dir(cache().join("crates"))
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read_to_string(e.path().join("args")).ok())
        .any(|args| args.lines().filter(|l| l.starts_with("--extern=")).count() == 22);
    assert!(whole, "no build of all 22 crates in the cache");
}

#[test]
fn the_atcoder_library_is_used_where_this_machine_has_a_copy() {
    let path = data("abc327c_acl.cpp");
    if !common::need(tool_of(&path)) {
        return;
    }
    // A stand-in of our own for the library's `atcoder/dsu`: the judge
    // finds the folder through SUDOKU_AC_LIBRARY and binds it into the build.
    let dir = scratch("acl-copy");
    let library = dir.join("library");
    std::fs::create_dir_all(library.join("atcoder")).unwrap();
    std::fs::write(
        library.join("atcoder/dsu"),
        "#include <vector>\nnamespace atcoder {\nstruct dsu {\n    explicit dsu(int n) : parent(n, -1) {}\n    std::vector<int> parent;\n};\n}\n",
    )
    .unwrap();
    let (code, text) = judge_path_env(
        &cache(),
        &path,
        &[],
        &[("SUDOKU_AC_LIBRARY", library.as_path())],
    );
    assert_eq!(code, 0, "{text}");
    assert!(common::all_pass(&text, 11), "{text}");
}

/// A `python3` in a virtual environment (its own prefix and packages) or
/// reached through a folder of links runs in the sandbox as it runs outside
/// (Unix: a venv's `bin/`, a link).
#[cfg(unix)]
#[test]
fn a_python_in_a_venv_or_behind_a_link_is_judged() {
    if !common::need("python3") {
        return;
    }
    let dir = scratch("venv");
    let venv = dir.join("venv");
    let made = Command::new("python3")
        .args(["-m", "venv", "--without-pip"])
        .arg(&venv)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    // The interpreter itself, named by a link in a folder of its own.
    let real = String::from_utf8(
        Command::new(venv.join("bin/python3"))
            .args([
                "-c",
                "import sys, os; print(os.path.realpath(sys.executable))",
            ])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let links = dir.join("links");
    std::fs::create_dir_all(&links).unwrap();
    std::os::unix::fs::symlink(real.trim(), links.join("python3")).unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    for first in [venv.join("bin"), links] {
        let mut dirs = vec![first.clone()];
        dirs.extend(std::env::split_paths(&path));
        let joined = std::env::join_paths(dirs).unwrap();
        let (code, text) = judge_path_env(
            &cache(),
            &data("lanqiao_ok.py"),
            &["--fixture", "sample*"],
            &[("PATH", Path::new(&joined))],
        );
        assert_eq!(code, 0, "{}: {text}", first.display());
        assert!(common::all_pass(&text, 2), "{}: {text}", first.display());
    }
}

#[test]
fn numpy_is_there_where_this_python_has_it() {
    let Some((code, text)) = judge("abc327c_numpy.py", &[]) else {
        return;
    };
    let has_numpy = Command::new("python3")
        .args(["-c", "import numpy"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if has_numpy {
        assert_eq!(code, 0, "{text}");
        assert!(common::all_pass(&text, 11), "{text}");
    } else {
        assert_eq!(code, 3, "{text}");
        assert!(
            text.contains("not judged here: needs numpy, which AtCoder's Python has")
                && text.contains("abc327c_numpy.py:2")
                && text.contains("install: pip install numpy"),
            "{text}"
        );
    }
    #[cfg(unix)]
    numpy_missing();
}

/// A Python without numpy, named with --python (python3 with a numpy that
/// fails to import first on its path): not judged here, saying how to
/// install it, whatever this machine's python3 has.
#[cfg(unix)]
fn numpy_missing() {
    let dir = scratch("numpy-missing");
    let stub = dir.join("stub");
    std::fs::create_dir_all(stub.join("numpy")).unwrap();
    std::fs::write(
        stub.join("numpy/__init__.py"),
        "raise ImportError('no numpy in this Python')\n",
    )
    .unwrap();
    let python = dir.join("python-without-numpy");
    std::fs::write(
        &python,
        format!(
            "#!/bin/sh\nPYTHONPATH='{}' exec python3 \"$@\"\n",
            stub.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&python, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (code, text) = judge_path(
        &cache(),
        &data("abc327c_numpy.py"),
        &["--python", &python.display().to_string()],
    );
    assert_eq!(code, 3, "{text}");
    assert!(
        text.contains("not judged here: needs numpy, which AtCoder's Python has (abc327c_numpy.py:2 uses it); install: pip install numpy")
            && text.contains("named by --python"),
        "{text}"
    );
}

#[test]
fn leetcode_rust_is_built_at_its_edition_with_its_rand() {
    // A let chain: edition 2024, LeetCode's, builds it; 2021 does not.
    let Some((code, text)) = judge("lc37_let_chain.rs", &[]) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(common::all_pass(&text, 5), "{text}");
    let (code, text) = judge("lc37_let_chain.rs", &["--edition", "2021"]).unwrap();
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("let chains are only allowed in Rust 2024"),
        "{text}"
    );
    // A std-only file needs no cargo: no crates are built for it.
    let dir = scratch("no-crates");
    let (code, text) = judge_path(
        &dir.join("cache"),
        &data("lc37_main.rs"),
        &["--fixture", "leetcode_example"],
    );
    assert_eq!(code, 0, "{text}");
    assert!(!dir.join("cache/crates").exists(), "{text}");
    // Nor does an AtCoder file that names none of AtCoder's crates (a
    // variable called `num` is not the crate).
    std::fs::write(
        dir.join("abc327c.rs"),
        "use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let a: Vec<usize> = s.split_whitespace().map(|w| w.parse().unwrap()).collect();\n    let ok = (0..9).all(|i| {\n        let mut seen = [0u32; 3];\n        for j in 0..9 {\n            for (k, num) in [a[i * 9 + j], a[j * 9 + i], a[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3]].into_iter().enumerate() {\n                seen[k] |= 1 << num;\n            }\n        }\n        seen == [0x3fe; 3]\n    });\n    println!(\"{}\", if ok { \"Yes\" } else { \"No\" });\n}\n",
    )
    .unwrap();
    let (code, text) = judge_path(&dir.join("cache"), &dir.join("abc327c.rs"), &[]);
    assert_eq!(code, 0, "{text}");
    assert!(common::all_pass(&text, 11), "{text}");
    assert!(!dir.join("cache/crates").exists(), "{text}");
    // `rand` 0.8, built once by cargo; without crates.io the run says so.
    let (code, text) = judge("lc37_rand.rs", &[]).unwrap();
    if code == 3 {
        assert!(
            text.contains("not judged here: needs LeetCode's crates"),
            "{text}"
        );
    } else {
        assert_eq!(code, 0, "{text}");
        assert!(common::all_pass(&text, 5), "{text}");
    }
}

#[test]
fn java_limits_as_each_judge_counts_them() {
    // HDU states Java's limits apart: 2000 ms and 64 MB on HDU 1426.
    let Some((_, text)) = judge(
        "Main.java",
        &["--problem", "hdu1426", "--fixture", "sample*"],
    ) else {
        return;
    };
    assert!(
        text.contains("Main.java: limits for Java: 2000 ms CPU time, 64 MB"),
        "{text}"
    );
    assert!(text.contains("an idle JVM holds"), "{text}");
    // POJ counts what a program holds above an idle JVM: the limit is raised by it.
    let Some((_, text)) = judge(
        "Main.java",
        &["--problem", "poj2676", "--fixture", "sample*"],
    ) else {
        return;
    };
    assert!(
        text.contains("POJ counts what a program holds above it")
            && text.contains("and the idle JVM's"),
        "{text}"
    );
}

#[test]
fn a_function_falling_off_its_end_is_built_as_the_old_judges_did_never_a_tle() {
    // POJ's g++ 4.4 returned from `fill`'s end; g++ 12 -O2 runs on into
    // other code. With a clang here the file is built with
    // -fno-strict-return and is AC.
    if !common::need("g++") {
        return;
    }
    let path = std::env::var_os("PATH");
    let clang = sudoku_workspace::judge::language::choose::newest_clang(path.as_deref(), 0);
    if let Some((clang, _)) = clang {
        // A clang named with --cxx builds it with -fno-strict-return too.
        let (code, text) = judge(
            "poj2676_no_return.cpp",
            &[
                "--fixture",
                "sample*",
                "--cxx",
                &clang.display().to_string(),
            ],
        )
        .unwrap();
        assert_eq!(code, 0, "{text}");
        assert!(
            common::all_pass(&text, 1) && text.contains("named by --cxx"),
            "{text}"
        );

        let (code, text) = judge("poj2676_no_return.cpp", &["--fixture", "sample*"]).unwrap();
        assert_eq!(code, 0, "{text}");
        assert!(
            common::all_pass(&text, 1)
                && text.contains("POJ's MinGW g++ 4.4 returns from a function that falls off its end (poj2676_no_return.cpp:29:1: control reaches end of non-void function)")
                && text.contains("-fno-strict-return builds it as POJ did"),
            "{text}"
        );
    } else {
        skipped("no clang++ on PATH");
    }
    #[cfg(unix)]
    off_end_without_clang(&data("poj2676_no_return.cpp"));
}

/// Without any clang (a PATH of this machine's programs but clang's): not
/// judged here, saying why and what to install; never TLE or WA.
#[cfg(unix)]
fn off_end_without_clang(file: &Path) {
    let dir = scratch("off-end-no-clang");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    for entry in std::fs::read_dir("/usr/bin").unwrap().flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().starts_with("clang") {
            let _ = std::os::unix::fs::symlink(entry.path(), bin.join(&name));
        }
    }
    let copy = dir.join("poj2676_no_return.cpp");
    std::fs::copy(file, &copy).unwrap();
    let (code, text) = judge_path_env(
        &cache(),
        &copy,
        &["--fixture", "sample*"],
        &[("PATH", bin.as_path())],
    );
    assert_eq!(code, 3, "{text}");
    assert!(
        text.contains(
            "not judged here: needs a compiler that returns where a function falls off its end, as POJ's MinGW g++ 4.4 returns"
        ) && text.contains("poj2676_no_return.cpp:29:1")
            && text.contains("Install clang (")
            && text.contains("summary  not judged here")
            && !text.contains("TLE >")
            && !text.contains("(expected AC)"),
        "{text}"
    );
}

/// `sudoku new KEY --lang LANG` for every problem and language: the file is
/// named so the judge places it as KEY, compiles as written, and answers
/// nothing (WA, not CE), where its toolchain is here; it never overwrites;
/// a user's own template comes first.
#[test]
fn every_starter_compiles_and_gets_wa() {
    let dir = scratch("new");
    let keys: Vec<String> = sudoku_workspace::judge::problem::PROBLEMS
        .iter()
        .map(|p| p.key.to_string())
        .collect();
    assert_eq!(keys.len(), 13, "{keys:?}");
    let langs = [
        ("cpp", "g++"),
        ("rust", "rustc"),
        ("c", "gcc"),
        ("java", "javac"),
        ("python", "python3"),
        ("javascript", "node"),
    ];
    let mut work = Vec::new();
    for key in &keys {
        // One of the judge's own cases (not a house case: a stdin program
        // may rightly answer an empty input with nothing) is enough to see
        // the file build and answer nothing; the first whose answer is not
        // the starter's own (LeetCode 36's `false`).
        let set = fixtures::load_set(&fixtures::Source::Embedded, key).unwrap();
        let case = set
            .iter()
            .find(|f| !f.house && f.expected.as_deref().is_some_and(|a| a.trim() != "false"))
            .map(|f| f.name.clone())
            .unwrap_or_else(|| panic!("{key}: no case"));
        for &(lang, tool) in &langs {
            if !common::need(tool) {
                continue;
            }
            let out = Command::new(SUDOKU)
                .args(["new", key, "--lang", lang])
                .current_dir(&dir)
                .output()
                .unwrap();
            let said = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(out.status.success(), "new {key} {lang}: {said}");
            let path = said
                .strip_prefix("wrote ")
                .and_then(|s| s.split(" (").next())
                .unwrap()
                .to_string();
            assert!(
                path.starts_with(key.as_str()),
                "{key} {lang}: named for its problem: {path}"
            );
            work.push((key.clone(), lang, dir.join(&path), case.clone(), said));
        }
    }
    common::two_at_a_time(&work, |(key, lang, path, case, said)| {
        let (_, text) = judge_path(&cache(), path, &["--json", "--fixture", case]);
        let verdicts: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                assert_eq!(v["problem"], key.as_str(), "{key} {lang}: {l}");
                v["verdict"].as_str().unwrap().to_string()
            })
            .collect();
        assert_eq!(verdicts.len(), 1, "{key} {lang}: {text}");
        let want = if said.contains("node alone holds more") {
            "MLE"
        } else {
            "WA"
        };
        // It builds and runs: WA, never CE or RE.
        assert_eq!(verdicts[0], want, "{key} {lang}: {text}");
    });
    // Never overwritten: the second time, exit 2 and the file as it was.
    let twice = || {
        Command::new(SUDOKU)
            .args(["new", "lc37", "--lang", "cpp", "twice.cpp"])
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    assert_eq!(twice().status.code(), Some(0));
    std::fs::write(dir.join("twice.cpp"), "mine").unwrap();
    let out = twice();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("never overwrites"));
    assert_eq!(
        std::fs::read_to_string(dir.join("twice.cpp")).unwrap(),
        "mine"
    );
    // A user's template: KEY.EXT first, filled in.
    let own = dir.join("templates");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("stdin.py"), "# {{title}} ({{limits}})\n").unwrap();
    let out = Command::new(SUDOKU)
        .args(["new", "poj3074", "--lang", "py", "mine.py"])
        .env("SUDOKU_TEMPLATES", &own)
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("from your template"));
    assert_eq!(
        std::fs::read_to_string(dir.join("mine.py")).unwrap(),
        "# POJ 3074 Sudoku (one line per puzzle, many hard ones) (1000 ms, 64 MB)\n"
    );
}

/// The problem matcher of `.vscode/tasks.json`, as written there: the
/// line regex and the background task's begin and end patterns.
fn matcher() -> (regex::Regex, regex::Regex, regex::Regex) {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(".vscode/tasks.json"))
            .unwrap();
    // JSON with comments, as VS Code reads it: the comment lines dropped.
    let json: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let tasks: serde_json::Value = serde_json::from_str(&json).unwrap();
    let tasks = tasks["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 2);
    let line = tasks[0]["problemMatcher"]["pattern"]["regexp"]
        .as_str()
        .unwrap();
    assert_eq!(
        tasks[1]["problemMatcher"]["pattern"]["regexp"], line,
        "one regex for both tasks"
    );
    let background = &tasks[1]["problemMatcher"]["background"];
    let re = |s: &str| regex::Regex::new(s).unwrap();
    (
        re(line),
        re(background["activeBegins"].as_str().unwrap()),
        re(background["endsPattern"].as_str().unwrap()),
    )
}

/// `judge FILE --lines` gives each failure as the task's problem matcher
/// reads it: a compile error at the compiler's line and column, a crash at
/// the line it names, a WA at line 1 with its case; no other line matches.
#[test]
fn the_editor_task_finds_a_ce_an_re_and_a_wa_at_their_lines() {
    let (line_re, _, _) = matcher();
    let dir = scratch("editor");
    let ce = dir.join("lc37_ce.cpp");
    std::fs::write(
        &ce,
        "class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) {\n        int x = ;\n    }\n};\n",
    )
    .unwrap();
    // The file, its flags, where the problem is, and what it says.
    type Case<'a> = (PathBuf, Vec<&'a str>, (u32, u32), &'a str);
    let cases: Vec<Case> = vec![
        (ce, vec![], (4, 17), "expected expression"),
        (
            data("lanqiao_panic.rs"),
            vec!["--fixture", "sample1"],
            (7, 20),
            "RE on sample1 (expected AC): exit code 101: panicked at lanqiao_panic.rs:7:20",
        ),
        (
            Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs/trace/forgets_undo.py"),
            vec!["--fixture", "leetcode_example"],
            (1, 1),
            "WA on leetcode_example (expected AC): line 1",
        ),
        // Five WAs are one problem, at the first case, counting the rest.
        (
            Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs/trace/forgets_undo.py"),
            vec![],
            (1, 1),
            "WA on hard_top1465_338 (expected AC) and 4 more cases: line 1",
        ),
    ];
    for (path, args, (line, col), message) in cases {
        if !common::need(tool_of(&path)) {
            continue;
        }
        let mut all = vec!["--lines"];
        all.extend(args);
        let (code, text) = judge_path(&cache(), &path, &all);
        assert_eq!(code, 1, "{text}");
        let found: Vec<regex::Captures> =
            text.lines().filter_map(|l| line_re.captures(l)).collect();
        assert_eq!(found.len(), 1, "{}: one problem: {text}", path.display());
        let c = &found[0];
        assert_eq!(&c[1], path.to_str().unwrap(), "{text}");
        assert_eq!(
            (c[2].parse::<u32>().unwrap(), c[3].parse::<u32>().unwrap()),
            (line, col),
            "{text}"
        );
        assert_eq!(&c[4], "error");
        assert!(c[5].contains(message), "{}: {text}", &c[5]);
    }
}

/// `--watch` judges, judges again after an editor's save-by-rename, and on
/// Ctrl-C ends with 130 leaving no process and no temporary file behind;
/// the background task's patterns see each run begin and end.
#[cfg(target_os = "linux")]
#[test]
fn watch_judges_on_every_save_and_ctrl_c_leaves_nothing() {
    use std::io::BufRead;
    if !common::need("python3") {
        return;
    }
    let (_, begins, ends) = matcher();
    let dir = scratch("watch");
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs/trace");
    let file = dir.join("lc37_mine.py");
    std::fs::copy(root.join("forgets_undo.py"), &file).unwrap();
    let mut child = Command::new(SUDOKU)
        .args([
            "judge",
            "--lines",
            "--watch",
            "--fixture",
            "leetcode_example",
        ])
        .arg(&file)
        .env("SUDOKU_CACHE_DIR", cache())
        .env("TMPDIR", &tmp)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Every process of the judge's tree, looked for every 2 ms: the
    // supervisor of each run names that run's cgroups.
    let seen = std::sync::Arc::new(std::sync::Mutex::new(std::collections::BTreeSet::new()));
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watcher = {
        let (seen, stop, root) = (seen.clone(), stop.clone(), child.id());
        std::thread::spawn(move || {
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                let now = crate::judge::descendants(root);
                seen.lock()
                    .unwrap()
                    .extend(now.into_iter().map(|(pid, _)| pid));
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        })
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    // One run: from its begin line to its end line, what it said.
    let run = |what: &str| -> Vec<String> {
        let mut lines = Vec::new();
        let mut begun = false;
        loop {
            let line = rx
                .recv_timeout(std::time::Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("{what}: no run ended: {lines:?}"));
            begun |= begins.is_match(&line);
            let done = begun && ends.is_match(&line);
            lines.push(line);
            if done {
                return lines;
            }
        }
    };
    let first = run("the first run");
    assert!(first.iter().any(|l| l.contains("1/1 WA")), "{first:?}");
    let family = crate::judge::descendants(child.id());
    // An editor's save: the new text written aside, then renamed over.
    let aside = dir.join("lc37_mine.py.tmp");
    std::fs::copy(root.join("marks_forward.py"), &aside).unwrap();
    std::fs::rename(&aside, &file).unwrap();
    let second = run("the run after the save");
    assert!(second.iter().any(|l| common::all_pass(l, 1)), "{second:?}");
    // SAFETY: kill has no memory-safety preconditions; the judge is our child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}");
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    watcher.join().unwrap();
    let start = std::time::Instant::now();
    while family.iter().any(|&(pid, _)| crate::judge::alive(pid)) {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "left running: {family:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let left: Vec<_> = std::fs::read_dir(&tmp)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

/// A LeetCode 37 file that fails gets the `sudoku trace` command for the
/// failed case with the most givens, and that command, run as printed,
/// writes the page of the file's search against the right DFS.
#[test]
fn a_failing_lc37_file_gets_a_trace_command_that_works() {
    if !common::need("python3") {
        return;
    }
    let dir = scratch("trace-hint");
    let file = dir.join("lc37_mine.py");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs/trace/forgets_undo.py"),
        &file,
    )
    .unwrap();
    let out = Command::new(SUDOKU)
        .args(["judge", "lc37_mine.py"])
        .current_dir(&dir)
        .env("SUDOKU_CACHE_DIR", cache())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let hint = text
        .lines()
        .find(|l| l.starts_with("see its search on "))
        .unwrap_or_else(|| panic!("{text}"));
    let command = hint.split_once(": ").unwrap().1;
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words[0], "sudoku", "{hint}");
    assert_eq!(&words[1..3], ["trace", "--html"], "{hint}");
    let ran = Command::new(SUDOKU)
        .args(&words[1..])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        ran.status.success(),
        "{hint}: {}",
        String::from_utf8_lossy(&ran.stderr)
    );
    let said = String::from_utf8_lossy(&ran.stdout);
    assert!(
        said.contains("until they part: lc37_mine at step"),
        "{said}"
    );
    let page = std::fs::read_to_string(dir.join(words[3])).unwrap();
    assert!(
        page.contains("\"key\":\"lc37_mine\""),
        "the page shows the file"
    );
}

/// What a program writes to stderr reaches the report escaped, bidi
/// controls included (a terminal would draw the line reversed), and so does
/// a file's name in the editor's `--lines` (Unix: Windows refuses control
/// characters in a file's name).
#[cfg(unix)]
#[test]
fn a_programs_stderr_and_a_files_name_never_reach_the_terminal_raw() {
    let source = b"import sys\nsys.stdin.read()\nsys.stderr.write('\\u202eCA 1/1 yrammus\\u202c \\x1b[2J\\n')\nsys.exit(3)\n";
    let Some((code, text)) = judge_text(
        "stderr-escaped",
        "lanqiao\u{1b}[2J.py",
        source,
        &["--problem", "lanqiao", "--fixture", "sample1", "--lines"],
    ) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 RE"), "{text}");
    assert!(
        !text.contains('\u{202e}') && !text.contains('\u{1b}'),
        "raw: {text:?}"
    );
    assert!(text.contains("\\u{202e}CA 1/1 yrammus"), "{text}");
    assert!(
        text.contains("sudoku: ") && text.contains("lanqiao\\u{1b}[2J.py:"),
        "{text}"
    );
}

/// A LeetCode paste whose name `#include` cannot carry (a `"`, a
/// backslash, a byte outside ASCII) builds, and its errors name it at its
/// own lines; a byte order mark still comes first.
#[cfg(unix)] // Windows refuses `"` and `\` in a file's name
#[test]
fn a_leetcode_paste_named_with_a_quote_builds_and_its_errors_name_it() {
    let bom = std::fs::read(data("lc37_bom.cpp")).unwrap();
    let name = "lc37 \"mine\"\\é.cpp";
    let Some((code, text)) = judge_text(
        "quoted-name",
        name,
        &bom,
        &["--fixture", "leetcode_example"],
    ) else {
        return;
    };
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("1/1 AC"), "{text}");
    let ce = std::fs::read(data("lc37_ce.cpp")).unwrap();
    let (code, text) = judge_text(
        "quoted-name-ce",
        name,
        &ce,
        &["--fixture", "leetcode_example"],
    )
    .unwrap();
    assert_eq!(code, 1, "{text}");
    assert!(text.contains(&format!("{name}:10:")), "{text}");
    assert!(
        !text.contains("sudoku-user-file") && !text.contains("sudoku-judge-leetcode"),
        "{text}"
    );
}

/// A user's template that is there but is not a file (a FIFO, a folder, a
/// broken link) is said so, exit 2, rather than passed over for the
/// built-in starter.
#[cfg(unix)]
#[test]
fn a_template_that_is_not_a_file_is_said_so() {
    let dir = scratch("template-fifo");
    let own = dir.join("templates");
    std::fs::create_dir_all(own.join("leetcode.py")).unwrap();
    assert!(Command::new("mkfifo")
        .arg(own.join("lc37.py"))
        .status()
        .unwrap()
        .success());
    std::os::unix::fs::symlink("nowhere.py", own.join("lanqiao.py")).unwrap();
    for (key, what) in [
        ("lc37", "a FIFO"),
        ("lc36", "a folder"),
        ("lanqiao", "a symbolic link to nothing"),
    ] {
        let out = Command::new(SUDOKU)
            .args(["new", key, "--lang", "py"])
            .env("SUDOKU_TEMPLATES", &own)
            .current_dir(&dir)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{key}: {err}");
        assert!(err.contains(what), "{key}: {err}");
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "nothing written"
    );
}

/// `sudoku new KEY PATH` writes the language PATH's extension names; a
/// `--lang` that names another, or a PATH whose extension names none, is
/// said so, exit 2, and nothing is written.
#[test]
fn new_writes_the_language_its_path_names_and_refuses_another() {
    let dir = scratch("new-path");
    let new = |args: &[&str]| {
        let out = Command::new(SUDOKU)
            .arg("new")
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code(), text)
    };
    // A folder named with a trailing `/` is made.
    let (code, text) = new(&["lc36", "--lang", "python", "d0/"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(dir.join("d0/lc36.py").is_file(), "{text}");
    let (code, text) = new(&["lc37", "d1/mine.py"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.starts_with("wrote d1/mine.py (lc37, python;"),
        "{text}"
    );
    assert!(std::fs::read_to_string(dir.join("d1/mine.py"))
        .unwrap()
        .contains("def solveSudoku"));
    let (code, text) = new(&["lc37", "--lang", "python", "d1/mine.cpp"]);
    assert_eq!(code, Some(2), "{text}");
    assert_eq!(
        text,
        "error: d1/mine.cpp: a cpp file's name, and --lang python writes python: end it in .py, or give --lang cpp\n"
    );
    let (code, text) = new(&["lc37", "d1/mine"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("d1/mine: the judge knows a file's language by its extension"),
        "{text}"
    );
    let mut left: Vec<_> = std::fs::read_dir(dir.join("d1"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    left.sort();
    assert_eq!(left, ["mine.py"]);
}

/// A failing stdin program of a problem the trace can feed (POJ 2676 here,
/// in a file whose name does not say so) gets the trace command with
/// `--problem`, and that command traces it as that problem; a Python
/// stdin program, which the trace does not run, gets none.
#[test]
#[cfg(unix)] // C++ is traced on Unix only
fn a_failing_stdin_program_gets_a_trace_command_naming_its_problem() {
    let source = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trace/poj2676_count_first.cpp"),
    )
    .unwrap();
    // It forgets to undo: a wrong answer wherever a guess fails.
    let wrong = source.replace("            g[r][c] = 0;\n", "");
    assert_ne!(wrong, source);
    let Some((code, text)) = judge_text(
        "stdin-hint",
        "mine.cpp",
        wrong.as_bytes(),
        &["--problem", "poj2676"],
    ) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    let (command, page) = run_printed_trace("stdin-hint", &text);
    assert!(
        command.starts_with("trace --html mine-")
            && command.contains(" --approach ")
            && command.contains("/mine.cpp --problem poj2676 "),
        "{command}"
    );
    let page = std::fs::read_to_string(page).unwrap();
    assert!(page.contains(" as POJ 2676: every write"), "{command}");
    // Python's stdin programs are judged, not traced: no command.
    let Some((code, text)) = judge_text(
        "stdin-hint",
        "lanqiao_wrong.py",
        b"import sys\nfor line in sys.stdin:\n    print(line.strip())\n",
        &[],
    ) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(!text.contains("sudoku trace"), "{text}");
}

/// The trace command a failing file gets is pasted as it is: its words
/// quoted for the shell (`;` and `#` in a name run nothing), and a name's
/// escape codes written as `$'\x1b…'`, never raw.
#[cfg(unix)] // Windows refuses control characters in a file's name
#[test]
fn the_trace_command_printed_for_a_failing_file_runs_as_pasted() {
    let name = "x;touch PWNED;#\u{1b}[31m.py";
    let source =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs/trace/forgets_undo.py"))
            .unwrap();
    let Some((code, text)) = judge_text(
        "paste-hint",
        name,
        &source,
        &["--problem", "lc37", "--fixture", "leetcode_example"],
    ) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(!text.contains('\u{1b}'), "raw: {text:?}");
    let line = text
        .lines()
        .find_map(|l| l.split_once("(WA): ").map(|(_, c)| c.to_string()))
        .unwrap_or_else(|| panic!("no trace command: {text}"));
    assert!(
        line.starts_with(
            "sudoku trace --html $'x;touch PWNED;#\\x1b[31m-leetcode_example.html' --approach "
        ),
        "{line}"
    );
    if !installed("bash") {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("contestant/paste-hint");
    let pasted = line.replacen("sudoku", &format!("'{SUDOKU}'"), 1);
    let out = Command::new("bash")
        .args(["-c", &pasted])
        .current_dir(&dir)
        .env("SUDOKU_CACHE_DIR", cache())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir
        .join("x;touch PWNED;#\u{1b}[31m-leetcode_example.html")
        .is_file());
    assert!(
        !dir.join("PWNED").exists(),
        "the pasted line ran another command"
    );
    // A name starting with `-` is not read as a flag.
    std::fs::write(dir.join("-x.py"), &source).unwrap();
    let (_, text) = judge_path(
        &cache(),
        &dir.join("-x.py"),
        &["--problem", "lc37", "--fixture", "leetcode_example"],
    );
    let line = text
        .lines()
        .find_map(|l| l.split_once("(WA): ").map(|(_, c)| c.to_string()))
        .unwrap_or_else(|| panic!("no trace command: {text}"));
    let out = Command::new("bash")
        .args(["-c", &line.replacen("sudoku", &format!("'{SUDOKU}'"), 1)])
        .current_dir(&dir)
        .env("SUDOKU_CACHE_DIR", cache())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A file's name that holds a line break or an escape code is escaped in
/// the compiler's words too: it cannot forge a line of the CE text of its
/// own (`#error pwn`) or recolour the terminal.
#[cfg(unix)] // Windows refuses control characters in a file's name
#[test]
fn a_compile_error_escapes_the_files_name() {
    let name = "lanqiao_nl\n#error pwn\n\u{1b}[31m.cpp";
    let Some((code, text)) = judge_text(
        "ce-name",
        name,
        b"int main() { return x; }\n",
        &["--fixture", "sample1"],
    ) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(!text.contains('\u{1b}'), "raw: {text:?}");
    assert!(
        !text.lines().any(|l| l.starts_with("#error pwn")),
        "a line forged by the name: {text}"
    );
    assert!(
        text.contains("lanqiao_nl\\n#error pwn\\n\\u{1b}[31m.cpp:1:21: error:"),
        "{text}"
    );
}

/// `--lines` puts a Java crash at the user's line whatever the file is
/// called: `lc37.java` (the name `sudoku new lc37 --lang java` writes) is
/// built as `Solution.java`, which the stack trace names.
#[test]
fn lines_puts_a_java_crash_at_its_line_whatever_the_files_name() {
    let source = "class Solution {\n    public void solveSudoku(char[][] board) {\n        int[] none = new int[0];\n        board[0][0] = (char) none[1];\n    }\n}\n";
    let Some((code, text)) = judge_text(
        "java-lines",
        "lc37.java",
        source.as_bytes(),
        &["--lines", "--fixture", "leetcode_example"],
    ) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("1/1 RE"), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("sudoku: ")
            && l.contains("lc37.java:4:1: error: RE on leetcode_example")),
        "{text}"
    );
}

/// `--lines` puts a Java crash at the user's line when the file is built
/// under a public class's name of its own (`Anti.java` for
/// `cf1335d_crash.java`: Codeforces takes any public class).
#[test]
fn lines_puts_a_crash_in_a_public_class_at_the_users_file() {
    let Some((code, text)) = judge("cf1335d_crash.java", &["--lines", "--fixture", "sample1"])
    else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("at Anti.main(Anti.java:12)"), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("sudoku: ")
            && l.contains("cf1335d_crash.java:12:1: error: RE on sample1")),
        "{text}"
    );
}

/// A failing Lanqiao program gets the trace command of its search too,
/// and the command works as printed where the program keeps its board in
/// a 9x9 table.
#[test]
fn a_failing_lanqiao_program_gets_a_trace_command_that_works() {
    let source = "#include <cstdio>\nint g[9][9];\nint main() {\n    for (int r = 0; r < 9; r++)\n        for (int c = 0; c < 9; c++)\n            if (scanf(\"%1d\", &g[r][c]) != 1) return 1;\n    for (int r = 0; r < 9; r++)\n        for (int c = 0; c < 9; c++)\n            if (g[r][c] == 0) g[r][c] = 1;\n    for (int r = 0; r < 9; r++) {\n        for (int c = 0; c < 9; c++) printf(\"%d\", g[r][c]);\n        printf(\"\\n\");\n    }\n}\n";
    let Some((code, text)) = judge_text(
        "lanqiao-hint",
        "lanqiao_ones.cpp",
        source.as_bytes(),
        &["--fixture", "sample1"],
    ) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    let (_, page) = run_printed_trace("lanqiao-hint", &text);
    assert!(page.ends_with("lanqiao_ones-sample1.html") && page.is_file());
    // A program that reads no stdin (its own grid in its source) is judged
    // as Lanqiao's by default, says so, and gets no trace command: the
    // trace could not feed it the case.
    let own_grid = "#include <cstdio>\nint g[9][9] = {{1}};\nint main() {\n    for (int r = 0; r < 9; r++) {\n        for (int c = 0; c < 9; c++) printf(\"%d\", g[r][c]);\n        printf(\"\\n\");\n    }\n}\n";
    let Some((code, text)) = judge_text(
        "grid-in-source",
        "own_grid.cpp",
        own_grid.as_bytes(),
        &["--fixture", "sample1"],
    ) else {
        return;
    };
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("judged as: Lanqiao (the default: no LeetCode method in it, and no main that reads stdin")
            && !text.contains("sudoku trace"),
        "{text}"
    );
}

/// The trace command a failing stdin program's judge printed (`… if it
/// reads the case into a 9x9 table (if not, …): sudoku trace …`), run as printed in
/// `test`'s folder: it succeeds. The command without `sudoku`, and the
/// page it wrote.
fn run_printed_trace(test: &str, text: &str) -> (String, PathBuf) {
    let command = text
        .lines()
        .find_map(|l| {
            l.split_once("(if not, the trace says what it needs): sudoku ")
                .map(|(_, c)| c.to_string())
        })
        .unwrap_or_else(|| panic!("no trace command: {text}"));
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words[..2], ["trace", "--html"], "{command}");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("contestant")
        .join(test);
    let out = Command::new(SUDOKU)
        .args(&words)
        .current_dir(&dir)
        .env("SUDOKU_CACHE_DIR", cache())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{command}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = dir.join(words[2]);
    (command, page)
}
