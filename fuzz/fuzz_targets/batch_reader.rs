//! `sudoku solve`/`count`'s reader, streaming: every puzzle it yields is 81
//! cells of 0-9, an error names a line at or after the puzzle's first.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_workspace::fuzzing::batch_reader(data));
