//! A fixture folder from its files (`sudoku judge --fixtures DIR`): the
//! bytes are split into up to four files (`a.in`, `a.out`, `a.err`, `a.slow`,
//! `fail/…`); any set loads or is an error naming a file of it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_workspace::fuzzing::fixture_files(data));
