//! Every stdin program's parser and solver (`run`, as its binary calls it):
//! the first byte picks the program, the rest is its stdin. No panic, and
//! an answer or a failure with an exit code of the program's contract.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_workspace::fuzzing::stdin_programs(data));
