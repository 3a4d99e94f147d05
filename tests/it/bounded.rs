//! Every stdin program stays within its problem's memory limit, and ends
//! at once with exit 2 naming line and column, on any input: 16 MB of
//! newlines, of CRLFs, of spaces, of one digit, of single-digit tokens, of
//! random bytes, and `/dev/zero`. (A program that kept an index entry per
//! line of a 16 MB input once took 267 MB.)

use crate::common;

use common::run_measured;
use std::process::Stdio;
use std::time::Duration;
use sudoku_workspace::gen::Rng;
use sudoku_workspace::judge::problem;

/// The binary of each stdin program, by problem key.
const PROGRAMS: [(&str, &str); 11] = [
    ("lanqiao", env!("CARGO_BIN_EXE_sudoku-lanqiao")),
    ("lanqiao", env!("CARGO_BIN_EXE_sudoku-lanqiao-proconio")),
    ("poj2676", env!("CARGO_BIN_EXE_sudoku-poj2676")),
    ("poj3074", env!("CARGO_BIN_EXE_sudoku-poj3074")),
    ("poj3076", env!("CARGO_BIN_EXE_sudoku-poj3076")),
    ("spoj_sudoku", env!("CARGO_BIN_EXE_sudoku-spoj_sudoku")),
    ("p1074", env!("CARGO_BIN_EXE_sudoku-p1074")),
    ("hdu1426", env!("CARGO_BIN_EXE_sudoku-hdu1426")),
    ("hdu4069", env!("CARGO_BIN_EXE_sudoku-hdu4069")),
    ("abc327c", env!("CARGO_BIN_EXE_sudoku-abc327c")),
    ("cf1335d", env!("CARGO_BIN_EXE_sudoku-cf1335d")),
];

fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    let size = 16 << 20;
    let mut rng = Rng::new(16);
    let random: Vec<u8> = (0..size).map(|_| rng.next_u64() as u8).collect();
    vec![
        ("newlines", vec![b'\n'; size]),
        ("crlf", b"\r\n".repeat(size / 2)),
        ("spaces", vec![b' '; size]),
        ("one digit", vec![b'1'; size]),
        ("tokens", b"1 ".repeat(size / 2)),
        ("random bytes", random),
    ]
}

#[test]
fn every_program_stays_within_its_memory_limit_on_any_input() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bounded");
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for (name, bytes) in inputs() {
        let path = dir.join(name.replace(' ', "_"));
        std::fs::write(&path, bytes).unwrap();
        files.push((name, path));
    }
    files.push(("/dev/zero", "/dev/zero".into()));
    for (key, exe) in PROGRAMS {
        let limit_kb = problem::by_key(key).unwrap().memory_mb as i64 * 1024;
        for (name, path) in &files {
            let stdin = Stdio::from(std::fs::File::open(path).unwrap());
            let run = run_measured(
                std::process::Command::new(exe),
                stdin,
                Duration::from_secs(10),
            );
            assert!(!run.timed_out, "{exe} on {name}: still running after 10 s");
            assert_eq!(run.code, Some(2), "{exe} on {name}: {}", run.stderr);
            assert!(
                run.stderr.contains("line "),
                "{exe} on {name}: {}",
                run.stderr
            );
            // Well inside the limit: the judge's own measure adds the runtime's pages.
            assert!(
                run.max_rss_kb < limit_kb * 3 / 4,
                "{exe} on {name}: {} KB, the limit is {limit_kb} KB",
                run.max_rss_kb
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
