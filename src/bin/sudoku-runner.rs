//! Runs one solution on one input file in this process, the way a judge runs a
//! submission: `sudoku-runner SOLUTION FILE`. Prints the answer on stdout.
//!
//! Exit codes: the solution's own (0, or `lanqiao`'s 1 and 2); 3 when the
//! input file cannot be read or parsed; 4 for an unknown solution name.

use std::process::ExitCode;
use sudoku_workspace::{fixtures, lanqiao, lc36, lc37};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, path] = args.as_slice() else {
        eprintln!("usage: sudoku-runner SOLUTION FILE");
        return ExitCode::from(4);
    };
    let input = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(3);
        }
    };
    if name == "lanqiao" {
        return match lanqiao::run(&input) {
            Ok(out) => {
                print!("{out}");
                ExitCode::SUCCESS
            }
            Err(failure) => {
                eprintln!("{failure}");
                ExitCode::from(failure.exit_code())
            }
        };
    }
    let board = match fixtures::parse_board(&input) {
        Ok(board) => board,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(3);
        }
    };
    if let Some(&(_, is_valid)) = lc36::APPROACHES.iter().find(|(n, _)| n == name) {
        println!("{}", is_valid(board));
    } else if let Some(solve) = lc37::by_name(name) {
        let mut board = board;
        solve(&mut board);
        println!("{}", fixtures::format_board(&board));
    } else {
        eprintln!("unknown solution {name:?}");
        return ExitCode::from(4);
    }
    ExitCode::SUCCESS
}
