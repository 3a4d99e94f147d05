//! Something the judge can run. Today: the built-in paste files, each run as
//! `sudoku run-solution NAME` (the same code as the `sudoku-runner` binary)
//! reading the case on stdin, the way a judge runs a submission.

use super::problem::Problem;
use super::sandbox::View;
use super::Verdict;
use crate::fixtures::{self, format_board};
use crate::{lc36, lc37};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

/// One solution of one problem.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Its name in the tables (the file stem).
    pub name: String,
    /// Its problem.
    pub problem: &'static Problem,
    /// The verdict it should get on every fixture: AC, or TLE for the wrong DFS.
    pub expected: Verdict,
    /// A user's own file: how to run what was built, or why it did not build.
    pub own: Option<OwnBuild>,
}

/// A user's file after its build (`sudoku judge FILE`).
#[derive(Clone, Debug)]
pub enum OwnBuild {
    /// It built: run this.
    Run {
        /// The program.
        program: OsString,
        /// Its arguments.
        args: Vec<OsString>,
        /// Cap the address space too (not for a JVM or node).
        address_space: bool,
    },
    /// Compilation error: every case is CE with this message.
    CompileError(String),
}

impl Solution {
    /// The built-in solutions of `problem`, in table order.
    pub fn builtin(problem: &'static Problem) -> Vec<Solution> {
        (problem.solutions)()
            .into_iter()
            .map(|(name, expected)| Solution {
                name: name.to_string(),
                problem,
                expected,
                own: None,
            })
            .collect()
    }

    /// A runner-only solution (see [`TEST_ONLY`]) judged as if it should pass.
    pub fn test_only(name: &str, problem: &'static Problem) -> Option<Solution> {
        TEST_ONLY.contains(&name).then(|| Solution {
            name: name.to_string(),
            problem,
            expected: Verdict::Ac,
            own: None,
        })
    }

    /// The program and arguments that run it, given this binary, and what
    /// it sees of the file system.
    pub fn command(&self, exe: &Path) -> (OsString, Vec<OsString>, View) {
        match &self.own {
            Some(OwnBuild::Run { program, args, .. }) => (
                program.clone(),
                args.clone(),
                View::Host {
                    cwd: std::env::temp_dir(),
                },
            ),
            _ => (
                "/box/sudoku".into(),
                vec!["run-solution".into(), self.name.clone().into()],
                View::Isolated {
                    binds: vec![(exe.to_path_buf(), "/box/sudoku".into())],
                },
            ),
        }
    }

    /// Whether the sandbox also caps its address space.
    pub fn address_space(&self) -> bool {
        !matches!(
            self.own,
            Some(OwnBuild::Run {
                address_space: false,
                ..
            })
        )
    }
}

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
            eprintln!("usage: sudoku-runner SOLUTION [FILE]");
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
    let board = match fixtures::parse_board(&input) {
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
