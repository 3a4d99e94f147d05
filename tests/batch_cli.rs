//! `sudoku solve` and `sudoku count` as real processes: the output and exit
//! rules of issue 4, end to end (the rules themselves are unit-tested in
//! `src/batch.rs`).

use pretty_assertions::assert_eq;
use std::io::Write;
use std::process::{Command, Stdio};
use sudoku_workspace::grid::Grid;
use sudoku_workspace::oracle::check_solution;

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn sudoku(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A puzzle with consistent givens and no solution: row 1 needs a 9 in
/// column 9, which already has one.
fn unsolvable() -> String {
    let mut cells = ".".repeat(81).into_bytes();
    cells[..8].copy_from_slice(b"12345678");
    cells[4 * 9 + 8] = b'9';
    String::from_utf8(cells).unwrap()
}

#[test]
fn solve_prints_one_line_per_puzzle_and_exits_1_when_one_is_not_unique() {
    let input = format!(
        "# a comment\n{LEETCODE}\r\n\n{}  \n{}\n",
        unsolvable(),
        ".".repeat(81)
    );
    let (code, stdout, stderr) = sudoku(&["solve"], &input);
    assert_eq!((code, stderr.as_str()), (1, ""));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    let puzzle = Grid::from_line(LEETCODE, 1).unwrap();
    check_solution(&puzzle, &Grid::from_line(lines[0], 1).unwrap()).unwrap();
    assert!(lines[1].starts_with('#') && lines[1].contains("no solution"));
    assert!(lines[2].starts_with('#') && lines[2].contains("multiple solutions"));
}

#[test]
fn solve_exits_0_when_every_puzzle_is_unique_with_every_counting_solver() {
    for solver in ["fast", "dlx"] {
        let zeros = LEETCODE.replace('.', "0");
        let (code, stdout, _) = sudoku(&["solve", "--solver", solver, "-"], &zeros);
        assert_eq!(code, 0, "{solver}");
        assert_eq!(stdout.lines().count(), 1);
    }
}

#[test]
fn count_caps_at_the_limit() {
    let input = format!("{LEETCODE}\n{}\n{}\n", unsolvable(), ".".repeat(81));
    let (code, stdout, _) = sudoku(&["count"], &input);
    assert_eq!((code, stdout.as_str()), (0, "1\n0\n2\n"));
    let (_, stdout, _) = sudoku(&["count", "--limit", "7"], &input);
    assert_eq!(stdout, "1\n0\n7\n");
}

#[test]
fn a_malformed_line_stops_the_run_with_line_and_column() {
    let bad = format!("{}x{}", &LEETCODE[..40], &LEETCODE[41..]);
    let input = format!("{LEETCODE}\n\n{bad}\n{LEETCODE}\n");
    let (code, stdout, stderr) = sudoku(&["solve"], &input);
    assert_eq!(code, 2);
    assert_eq!(
        stdout.lines().count(),
        1,
        "only the puzzle before the bad line"
    );
    assert!(stderr.contains("line 3, column 41"), "{stderr}");
    let (code, _, stderr) = sudoku(&["count"], &format!("{}\n", &LEETCODE[..80]));
    assert_eq!(code, 2);
    assert!(stderr.contains("line 1, column 81"), "{stderr}");
}

#[test]
fn unknown_solver_and_missing_file_exit_2() {
    let (code, _, stderr) = sudoku(&["solve", "--solver", "nope"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown solver"));
    let (code, _, stderr) = sudoku(&["count", "/no/such/file"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("/no/such/file"));
}
