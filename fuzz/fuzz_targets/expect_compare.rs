//! `--expect` against an output, as judges compare text: a stream equals
//! itself, and blanks before line ends, CRLFs and blank lines at the end do
//! not make a difference; a difference names a line inside both texts.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_workspace::fuzzing::expect_compare(data));
