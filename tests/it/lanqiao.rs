//! The `lanqiao` programs as real processes on every `inputs/lanqiao/*.in`:
//! stdout byte for byte, the exit code, and stderr where a case must fail.

use pretty_assertions::assert_eq;
use std::io::Write;
use std::process::{Command, Stdio};
use sudoku_workspace::fixtures::{self, inputs_dir};
use sudoku_workspace::grid::Grid;
use sudoku_workspace::oracle::check_solution;

const BINARIES: [&str; 2] = [
    env!("CARGO_BIN_EXE_sudoku-lanqiao"),
    env!("CARGO_BIN_EXE_sudoku-lanqiao-proconio"),
];

fn run(bin: &str, input: &[u8]) -> (i32, String, String) {
    run_with_input(Command::new(bin), input)
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
        for (line, puzzle) in sudoku_workspace::format::read_puzzles(&text).take(take) {
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

use crate::common;
use common::{dev_zero, run_measured, run_with_input, RSS_LIMIT_KB};
use std::time::Duration;

/// `lanqiao < /dev/zero`: the read is capped, so it ends at once in bounded
/// memory with exit 2 and a positioned message (the parser's own, for the
/// NUL at line 1, column 1). Before, it read until memory ran out.
#[test]
fn dev_zero_ends_at_once_in_bounded_memory() {
    for bin in BINARIES {
        let run = run_measured(Command::new(bin), dev_zero(), Duration::from_secs(10));
        assert!(!run.timed_out, "{bin}: {run:?}");
        assert_eq!(run.code, Some(2), "{bin}: {}", run.stderr);
        assert!(
            run.stderr.starts_with("malformed input: line 1, column "),
            "{bin}: {}",
            run.stderr
        );
        assert!(
            run.max_rss_kb < RSS_LIMIT_KB,
            "{bin}: {} KiB",
            run.max_rss_kb
        );
    }
}

/// The first Lanqiao fixture that has an answer.
fn a_passing_case() -> fixtures::Fixture {
    fixtures::load_dir(&inputs_dir().join("lanqiao"))
        .into_iter()
        .find(|f| f.failure.is_none())
        .unwrap()
}

/// Nine good rows and then endless blank space: nothing is wrong before the
/// cap, so the message names the line and column where the cap was passed.
#[test]
fn an_input_past_the_cap_is_malformed_where_it_passed() {
    let fixture = a_passing_case();
    let mut input = fixture.input.trim_end().as_bytes().to_vec();
    input.push(b'\n');
    let line = input.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = 64 * 1024 - input.len() + 1;
    input.resize(64 * 1024 + 100, b' ');
    for bin in BINARIES {
        let (code, stdout, stderr) = run(bin, &input);
        assert_eq!((code, stdout.as_str()), (2, ""), "{bin}");
        assert!(
            stderr.contains(&format!(
                "line {line}, column {col}: the input is longer than 65536 bytes"
            )),
            "{bin}: {stderr}"
        );
    }
}

/// `lanqiao < in | head -c 0`: the answer's write fails on a closed pipe, and
/// the program stops quietly with exit 141 (before: exit 2 and a message).
#[test]
fn a_closed_pipe_ends_quietly_with_141() {
    let fixture = a_passing_case();
    for bin in BINARIES {
        let mut child = Command::new(bin)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the read end is gone before the answer
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(fixture.input.as_bytes()).unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(141), "{bin}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{bin}");
    }
}
