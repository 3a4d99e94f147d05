//! The stdin programs, Lanqiao's and the online-judge family's: each
//! `solutions/PROGRAM.rs` (a std-only program, also a binary) as a module,
//! so the judge's runner and the tests call its `run` in memory. `build.rs`
//! finds them from the problems' `inputs/KEY/problem` files.

pub mod cases;

/// A stdin program's `run`: stdout, or the exit code and the stderr line.
pub type Program = fn(&str) -> Result<String, (u8, String)>;

include!(concat!(env!("OUT_DIR"), "/family.rs"));

/// The stdin program named `key`.
pub fn program(key: &str) -> Option<Program> {
    PROGRAMS.iter().find(|(k, _)| *k == key).map(|&(_, p)| p)
}
