//! LeetCode 36 and 37: every approach in the tables of `src/lib.rs` on every
//! fixture in `inputs/lc36` and `inputs/lc37`, and the wrong DFS pinned.

use pretty_assertions::assert_eq;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_workspace::fixtures::{self, inputs_dir};
use sudoku_workspace::format::parse_board;
use sudoku_workspace::grid::Grid;
use sudoku_workspace::judge::runner;
use sudoku_workspace::oracle::{check_solution, givens_consistent};
use sudoku_workspace::{lc36, lc37};

fn lc37_fixtures() -> Vec<fixtures::Fixture> {
    let all = fixtures::load_dir(&inputs_dir().join("lc37"));
    assert!(all.len() >= 4, "the write-ups' samples are missing");
    all
}

#[test]
fn every_lc37_approach_solves_every_fixture() {
    for fixture in lc37_fixtures() {
        let puzzle_board = parse_board(&fixture.input).unwrap();
        let puzzle = Grid::from_board(&puzzle_board);
        let expected_text = fixture
            .expected
            .as_deref()
            .expect("lc37 fixtures have a .out");
        let expected = Grid::from_board(&parse_board(expected_text).unwrap());
        // The stored answer itself must pass the oracle.
        check_solution(&puzzle, &expected).unwrap();
        // Pairs a fixture's `slow:` line lists take seconds even optimised; the
        // judge runs them under its time limit instead (tests/it/judge.rs).
        let slow = &fixture.slow.names;
        for &(name, solve) in lc37::APPROACHES {
            if slow.iter().any(|n| n == name) {
                continue;
            }
            let mut board = puzzle_board.clone();
            solve(&mut board);
            let got = Grid::from_board(&board);
            if let Err(why) = check_solution(&puzzle, &got) {
                panic!("{name} on {}: not a solution: {why}{got:?}", fixture.name);
            }
            assert_eq!(got, expected, "{name} on {}", fixture.name);
        }
    }
}

#[test]
fn every_lc36_approach_judges_every_fixture() {
    let all = fixtures::load_dir(&inputs_dir().join("lc36"));
    assert!(all.len() >= 5);
    let mut seen = [false, false];
    for fixture in all {
        let board = parse_board(&fixture.input).unwrap();
        let expected: bool = fixture.expected.as_deref().unwrap().trim().parse().unwrap();
        seen[expected as usize] = true;
        // The oracle's own reading of the rules agrees with the stored answer.
        assert_eq!(
            givens_consistent(&Grid::from_board(&board)),
            expected,
            "{}",
            fixture.name
        );
        for &(name, is_valid) in lc36::APPROACHES {
            assert_eq!(
                is_valid(board.clone()),
                expected,
                "{name} on {}",
                fixture.name
            );
        }
    }
    assert_eq!(
        seen,
        [true, true],
        "fixtures must hold both valid and invalid boards"
    );
}

/// Runs `sudoku run-solution NAME FILE` (the judge's child) and returns
/// whether it finished within `limit` (killing it otherwise), with its stdout.
fn run_with_limit(name: &str, file: &std::path::Path, limit: Duration) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg(runner::COMMAND)
        .arg(name)
        .arg(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{name} failed: {status}");
            let mut out = String::new();
            std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut out).unwrap();
            return (true, out);
        }
        if start.elapsed() >= limit {
            child.kill().unwrap();
            child.wait().unwrap();
            return (false, String::new());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn the_wrong_dfs_is_stopped_for_time_and_its_fix_is_not() {
    let fixture = inputs_dir().join("lc37/leetcode_example.in");
    // The fix (write-up 000's right DFS) solves the example in well under a second...
    let (finished, out) =
        run_with_limit("lc37_05_marks_forward", &fixture, Duration::from_secs(10));
    assert!(finished, "the right DFS should finish");
    let puzzle =
        Grid::from_board(&parse_board(&std::fs::read_to_string(&fixture).unwrap()).unwrap());
    check_solution(&puzzle, &Grid::from_board(&parse_board(&out).unwrap())).unwrap();
    // ...while the wrong one is still running when the time limit kills it.
    let (finished, _) = run_with_limit(lc37::WRONG_DFS.0, &fixture, Duration::from_millis(1500));
    assert!(
        !finished,
        "the wrong DFS returned; it is meant never to stop"
    );
}

#[test]
fn the_wrong_dfs_is_excluded_from_the_passing_table() {
    assert!(lc37::APPROACHES
        .iter()
        .all(|(n, _)| *n != lc37::WRONG_DFS.0));
    assert!(lc37::by_name(lc37::WRONG_DFS.0).is_some());
}
