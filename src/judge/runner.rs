//! The child side of a built-in solution: `sudoku run-solution NAME [FILE]`
//! runs one paste file on one case, read from stdin or FILE, in this
//! process, and prints the answer, the way a judge's child runs a
//! submission.

use crate::format::format_board;
use crate::{lc36, lc37};
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// `sudoku run-solution NAME`: the hidden sub-command that runs a built-in solution.
pub const COMMAND: &str = "run-solution";

/// Solutions the runner knows but the judge never lists: each misbehaves in
/// one way, for the verdict tests.
pub const TEST_ONLY: [&str; 6] = [
    "test_loop",
    "test_alloc",
    "test_panic",
    "test_wrong",
    "test_sleep",
    "test_flood",
];

/// The most input the runner reads: a case is a few hundred bytes.
const INPUT_CAP: u64 = 16 << 20;

/// The child's side: `runner SOLUTION [FILE]` runs one solution on one case
/// (stdin, or FILE) in this process and prints the answer, as a judge's child does.
///
/// Exit codes: the solution's own (0, or a stdin program's 1 and 2; 101 for a
/// panic); 3 when the input cannot be read or parsed; 4 for an unknown
/// solution name or bad arguments. The test-only solutions in [`TEST_ONLY`]
/// loop, allocate without end, panic, print a wrong board, sleep, or write
/// without end.
pub fn runner_main(args: &[String]) -> ExitCode {
    let (name, path) = match args {
        [name] => (name, None),
        [name, path] => (name, Some(path)),
        _ => {
            eprintln!("usage: sudoku {COMMAND} SOLUTION [FILE]");
            return ExitCode::from(4);
        }
    };
    let mut bytes = Vec::new();
    let read = match path {
        Some(p) => std::fs::File::open(p).and_then(|f| f.take(INPUT_CAP).read_to_end(&mut bytes)),
        None => io::stdin().take(INPUT_CAP).read_to_end(&mut bytes),
    };
    if let Err(e) = read {
        eprintln!("{}: {e}", path.map_or("stdin", String::as_str));
        return ExitCode::from(3);
    }
    let input = String::from_utf8_lossy(&bytes);
    if let Some(run) = crate::family::program(name) {
        return match run(&input) {
            Ok(out) => {
                print!("{out}");
                ExitCode::SUCCESS
            }
            Err((code, message)) => {
                eprintln!("{message}");
                ExitCode::from(code)
            }
        };
    }
    match name.as_str() {
        "test_loop" => loop {
            std::hint::spin_loop();
        },
        "test_sleep" => loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
        },
        "test_alloc" => {
            let mut held: Vec<Vec<u8>> = Vec::new();
            loop {
                held.push(vec![1u8; 8 << 20]); // touched: resident, not just reserved
                std::hint::black_box(&held);
            }
        }
        "test_flood" => {
            let line = [b'7'; 4096];
            let mut out = io::stdout().lock();
            while out.write_all(&line).is_ok() {}
            return ExitCode::SUCCESS;
        }
        "test_panic" => panic!("test_panic: a solution that panics"),
        _ => {}
    }
    let board = match crate::format::parse_board(&input) {
        Ok(board) => board,
        Err(e) => {
            eprintln!("{}: {e}", path.map_or("stdin", String::as_str));
            return ExitCode::from(3);
        }
    };
    if let Some(&(_, is_valid)) = lc36::APPROACHES.iter().find(|(n, _)| n == name) {
        println!("{}", is_valid(board));
    } else if let Some(solve) = lc37::by_name(name) {
        let mut board = board;
        solve(&mut board);
        println!("{}", format_board(&board));
    } else if name == "test_wrong" {
        let filled: Vec<Vec<char>> = board
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&c| if c == '.' { '1' } else { c })
                    .collect()
            })
            .collect();
        println!("{}", format_board(&filled));
    } else {
        eprintln!("unknown solution {name:?}");
        return ExitCode::from(4);
    }
    ExitCode::SUCCESS
}
