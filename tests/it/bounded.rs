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
const PROGRAMS: [(&str, &str); 12] = [
    ("lanqiao", env!("CARGO_BIN_EXE_sudoku-lanqiao")),
    ("lanqiao", env!("CARGO_BIN_EXE_sudoku-lanqiao-proconio")),
    ("poj2676", env!("CARGO_BIN_EXE_sudoku-poj2676")),
    ("poj3074", env!("CARGO_BIN_EXE_sudoku-poj3074")),
    ("poj3076", env!("CARGO_BIN_EXE_sudoku-poj3076")),
    ("spoj_sudoku", env!("CARGO_BIN_EXE_sudoku-spoj_sudoku")),
    ("p1074", env!("CARGO_BIN_EXE_sudoku-p1074")),
    ("hdu1426", env!("CARGO_BIN_EXE_sudoku-hdu1426")),
    ("p1784", env!("CARGO_BIN_EXE_sudoku-p1784")),
    ("hdu4069", env!("CARGO_BIN_EXE_sudoku-hdu4069")),
    ("abc327c", env!("CARGO_BIN_EXE_sudoku-abc327c")),
    ("cf1335d", env!("CARGO_BIN_EXE_sudoku-cf1335d")),
];

/// Writes each input to a file under `dir`, 64 KiB at a time: the test
/// process shares one integration-test binary with the tests that measure
/// a child's peak resident size, which counts the parent's high-water mark
/// too (the child starts in its address space), so it holds no input whole.
fn inputs(dir: &std::path::Path) -> Vec<(&'static str, std::path::PathBuf)> {
    use std::io::Write;
    let size = 16 << 20;
    let chunk = 64 << 10;
    let mut rng = Rng::new(16);
    let patterns: [(&str, &[u8]); 5] = [
        ("newlines", b"\n"),
        ("crlf", b"\r\n"),
        ("spaces", b" "),
        ("one digit", b"1"),
        ("tokens", b"1 "),
    ];
    let mut files = Vec::new();
    for (name, pattern) in patterns
        .iter()
        .map(|&(n, p)| (n, Some(p)))
        .chain([("random bytes", None)])
    {
        let path = dir.join(name.replace(' ', "_"));
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        for _ in 0..size / chunk {
            let bytes: Vec<u8> = match pattern {
                Some(p) => p.repeat(chunk / p.len()),
                None => (0..chunk).map(|_| rng.next_u64() as u8).collect(),
            };
            out.write_all(&bytes).unwrap();
        }
        out.flush().unwrap();
        files.push((name, path));
    }
    files
}

#[test]
fn every_program_stays_within_its_memory_limit_on_any_input() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bounded");
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = inputs(&dir);
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
