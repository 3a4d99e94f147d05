//! One puzzle in any form (`sudoku trace`'s and `judge --input`'s reader,
//! LeetCode's literal): a puzzle read back from its own rendering is the
//! same puzzle.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_workspace::fuzzing::puzzle_text(data));
