//! The `lanqiao` programs as real processes on every `inputs/lanqiao/*.in`:
//! stdout byte for byte, the exit code, and stderr where a case must fail.

use pretty_assertions::assert_eq;
use std::io::Write;
use std::process::{Command, Stdio};
use sudoku_workspace::fixtures::{self, inputs_dir};
use sudoku_workspace::grid::Grid;
use sudoku_workspace::oracle::check_solution;

const BINARIES: [&str; 2] = [
    env!("CARGO_BIN_EXE_lanqiao"),
    env!("CARGO_BIN_EXE_lanqiao-proconio"),
];

fn run(bin: &str, input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(bin)
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

/// Lanqiao's 9 lines, `0` for unknown, as a grid; None if not of that form.
fn read_rows(text: &str) -> Option<Grid> {
    let digits: String = text.split_whitespace().collect();
    Grid::from_line(&digits, 1).ok()
}

#[test]
fn every_fixture_on_both_binaries() {
    let all = fixtures::load_dir(&inputs_dir().join("lanqiao"));
    assert!(all.len() >= 15);
    for fixture in &all {
        let expected = fixture.expected.as_deref().expect(".out beside every .in");
        for bin in BINARIES {
            let (code, stdout, stderr) = run(bin, fixture.input.as_bytes());
            let what = format!("{bin} on {}", fixture.name);
            match &fixture.failure {
                None => {
                    assert_eq!((code, stderr.as_str()), (0, ""), "{what}");
                    assert_eq!(stdout, expected, "{what}");
                    let puzzle = read_rows(&fixture.input).unwrap();
                    let answer = read_rows(&stdout).unwrap();
                    check_solution(&puzzle, &answer).unwrap_or_else(|why| panic!("{what}: {why}"));
                }
                Some(fail) => {
                    assert_eq!(stdout, "", "{what}: nothing on stdout");
                    assert_eq!(code, fail.exit, "{what}: {}; stderr: {stderr}", fail.why);
                    assert!(
                        stderr.contains(&fail.stderr),
                        "{what}: stderr {stderr:?} should say {:?}",
                        fail.stderr
                    );
                    assert_eq!(stderr.lines().count(), 1, "{what}: one line on stderr");
                }
            }
        }
    }
}

#[test]
fn bytes_that_are_not_utf8_are_malformed_not_a_panic() {
    let mut input = b"005300000\n800000020\n07\xff010500\n".to_vec();
    input.extend_from_slice("000000000\n".repeat(6).as_bytes());
    for bin in BINARIES {
        let (code, stdout, stderr) = run(bin, &input);
        assert_eq!((code, stdout.as_str()), (2, ""), "{bin}");
        assert!(stderr.contains("line 3, column 3"), "{bin}: {stderr}");
    }
}

/// Every shared benchmark set, first puzzles of each, through the real binary:
/// the exit code follows the count (1 for Serg's 2+ puzzles, 0 otherwise) and
/// the answer passes the oracle. The whole sets run in the benchmark.
#[test]
fn benchmark_samples_through_the_binary() {
    for (set, take, unique) in [
        ("puzzles2_17_clue", 5, true),
        ("puzzles3_magictour_top1465", 5, true),
        ("puzzles6_forum_hardest_1106", 5, true),
        ("puzzles7_serg_benchmark", 5, false),
    ] {
        let text = std::fs::read_to_string(inputs_dir().join("bench").join(set)).unwrap();
        for (line, puzzle) in sudoku_workspace::grid::read_puzzles(&text).take(take) {
            let puzzle = puzzle.unwrap();
            let input = puzzle.to_rows();
            let (code, stdout, stderr) = run(BINARIES[0], input.as_bytes());
            if unique {
                assert_eq!(code, 0, "{set}:{line}: {stderr}");
                check_solution(&puzzle, &read_rows(&stdout).unwrap()).unwrap();
            } else {
                assert_eq!((code, stdout.as_str()), (1, ""), "{set}:{line}");
                assert!(stderr.contains("multiple solutions"));
            }
        }
    }
}
