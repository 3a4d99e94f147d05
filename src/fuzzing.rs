//! The checks the fuzz targets (`fuzz/`) run on each input, here so that
//! `tests/it/fuzz_regressions.rs` replays the committed corpus and every crash
//! once found through the same code in `cargo test`. Each panics when its
//! parser breaks a promise: a panic inside it, or an invariant below.

use crate::family::PROGRAMS;
use crate::fixtures::parse_set;
use crate::format::read_puzzle;
use crate::format::PuzzleReader;
use crate::format::{format_board, parse_board};
use crate::judge::checker::compare;
use std::collections::BTreeMap;
use std::io::{BufReader, Cursor};

/// Every stdin program's `run`: the first byte picks the program, the rest
/// is its stdin; an answer, or a failure with an exit code of the
/// programs' contract (1 or 2) and a message.
pub fn stdin_programs(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let (_, run) = PROGRAMS[usize::from(pick) % PROGRAMS.len()];
    if let Err((code, message)) = run(&String::from_utf8_lossy(rest)) {
        assert!(matches!(code, 1 | 2), "exit {code}: {message}");
        assert!(!message.is_empty());
    }
}

/// `solve`/`count`'s streaming reader: puzzles of cells 0-9 at increasing
/// lines, and an error naming a line at or after its puzzle's first.
pub fn batch_reader(data: &[u8]) {
    let mut reader = PuzzleReader::new(BufReader::with_capacity(64, data));
    let mut last = 0;
    while let Ok(Some((line, result))) = reader.next_puzzle() {
        assert!(line > last, "line {line} after {last}");
        last = line;
        match result {
            Ok(grid) => assert!(grid.0.iter().all(|&d| d <= 9)),
            Err(e) => {
                assert!(e.line >= line && e.col >= 1, "{e}");
                break;
            }
        }
    }
}

/// One puzzle in any form, and LeetCode's literal: what was read reads back
/// the same from its own rendering.
pub fn puzzle_text(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(grid) = read_puzzle(&text) {
        assert_eq!(read_puzzle(&grid.to_line()).ok(), Some(grid));
        assert_eq!(read_puzzle(&grid.to_rows()).ok(), Some(grid));
    }
    if let Ok(board) = parse_board(&text) {
        assert_eq!(parse_board(&format_board(&board)).ok(), Some(board));
    }
}

/// A fixture folder's file names, which [`fixture_files`] fills in order.
const FIXTURE_FILES: [&str; 6] = [
    "a.in",
    "a.out",
    "a.err",
    "problem",
    "fail/b.in",
    "fail/b.err",
];

/// A fixture folder from its files (the input split at 0xff bytes, in the
/// order of `FIXTURE_FILES`): it loads, or the error names a file of it.
pub fn fixture_files(data: &[u8]) {
    let mut files = BTreeMap::new();
    for (name, part) in FIXTURE_FILES.iter().zip(data.split(|&b| b == 0xff)) {
        files.insert(name.to_string(), part.to_vec());
    }
    match parse_set(&files, "DIR") {
        Ok(set) => {
            for f in set {
                let rel = f.origin.trim_start_matches("DIR/");
                assert!(
                    files.contains_key(rel),
                    "{} is not one of the files",
                    f.origin
                );
            }
        }
        Err(e) => assert!(e.path.starts_with("DIR"), "{e}"),
    }
}

/// `--expect` against an output as judges compare text (the input split in
/// two): a text equals itself and itself with blanks before its line ends,
/// CRLFs and blank lines at the end; a difference is found both ways at
/// the same line.
pub fn expect_compare(data: &[u8]) {
    let (a, b) = data.split_at(data.len() / 2);
    let differ = |x: &[u8], y: &[u8]| compare(Cursor::new(x), Cursor::new(y)).expect("in memory");
    assert_eq!(differ(a, a), None);
    let mut noisy = Vec::new();
    for line in a.split(|&c| c == b'\n') {
        noisy.extend_from_slice(line);
        noisy.extend_from_slice(b" \t\r\n");
    }
    noisy.extend_from_slice(b"\n\n");
    assert_eq!(differ(a, &noisy), None, "{:?}", String::from_utf8_lossy(a));
    if let Some(d) = differ(a, b) {
        let lines = |t: &[u8]| t.split(|&c| c == b'\n').count() + 1;
        assert!(d.line >= 1 && d.line <= lines(a).max(lines(b)), "{d:?}");
        assert_eq!(differ(b, a).map(|e| e.line), Some(d.line));
    }
}

/// One target's check of one input.
pub type Check = fn(&[u8]);

/// Every target, by the name of its folder under `fuzz/corpus/`.
pub const TARGETS: [(&str, Check); 5] = [
    ("stdin_programs", stdin_programs),
    ("batch_reader", batch_reader),
    ("puzzle_text", puzzle_text),
    ("fixture_files", fixture_files),
    ("expect_compare", expect_compare),
];
