//! `sudoku gen` as a process: the same seed gives the same output, every
//! puzzle is unique (and minimal when asked), `--clues` and `--difficulty`
//! hold, each `--format` reads back with the matching reader.

use std::process::Command;
use sudoku_workspace::format::parse_board;
use sudoku_workspace::gen::{is_minimal, is_unique, rate};
use sudoku_workspace::grid::Grid;

use crate::common;
use common::run_with_input;

fn gen(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("gen")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn puzzles(text: &str) -> Vec<Grid> {
    text.lines()
        .map(|l| Grid::from_line(l, 1).unwrap())
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_unique_minimal_puzzles() {
    let (code, a, err) = gen(&["--count", "30", "--seed", "42"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(gen(&["--count", "30", "--seed", "42"]).1, a);
    assert_ne!(gen(&["--count", "30", "--seed", "43"]).1, a);
    let all = puzzles(&a);
    assert_eq!(all.len(), 30);
    for p in &all {
        assert!(is_unique(p) && is_minimal(p), "{}", p.to_line());
    }
}

#[test]
fn clues_minimal_and_difficulty_hold() {
    let (code, out, err) = gen(&["--count", "5", "--clues", "30"]);
    assert_eq!(code, 0, "{err}");
    for p in puzzles(&out) {
        assert_eq!(p.givens(), 30);
        assert!(is_unique(&p));
    }
    let (code, out, err) = gen(&["--count", "2", "--clues", "23", "--minimal"]);
    assert_eq!(code, 0, "{err}");
    for p in puzzles(&out) {
        assert_eq!(p.givens(), 23);
        assert!(is_unique(&p) && is_minimal(&p));
    }
    for level in ["easy", "medium", "hard", "expert"] {
        let (code, out, err) = gen(&["--count", "3", "--difficulty", level]);
        assert_eq!(code, 0, "{err}");
        for p in puzzles(&out) {
            assert_eq!(rate(&p).to_string(), level, "{}", p.to_line());
        }
    }
    let (code, _, err) = gen(&["--clues", "16"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn every_format_reads_back() {
    let (_, line, _) = gen(&["--count", "2", "--seed", "5"]);
    let want = puzzles(&line);
    let (code, lanqiao, _) = gen(&["--count", "2", "--seed", "5", "--format", "lanqiao"]);
    assert_eq!(code, 0);
    let blocks: Vec<&str> = lanqiao.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    for (block, p) in blocks.iter().zip(&want) {
        let digits: String = block.lines().collect();
        assert_eq!(digits.replace('0', "."), p.to_line());
        // The Lanqiao program takes it and solves it.
        let lanqiao = Command::new(env!("CARGO_BIN_EXE_sudoku-lanqiao"));
        assert_eq!(run_with_input(lanqiao, block.as_bytes()).0, 0);
    }
    let (_, leetcode, _) = gen(&["--count", "2", "--seed", "5", "--format", "leetcode"]);
    for (text, p) in leetcode.lines().zip(&want) {
        assert_eq!(Grid::from_board(&parse_board(text).unwrap()), *p);
    }
}
