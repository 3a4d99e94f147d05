//! `sudoku gen`: puzzles with exactly one solution, the same for the same
//! seed on every machine ([`sudoku_workspace::gen`]).

use crate::common::Failure;
use clap::{Args, ValueEnum};
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use sudoku_workspace::gen::{self, Difficulty};

pub const GEN_HELP: &str = "\
How it works: a random solved grid (a depth-first fill trying digits in random order), then
its cells in random order, each given removed while the puzzle keeps exactly one solution.
Without --clues that runs through all 81 cells and leaves a minimal puzzle (removing any
given makes it ambiguous).

Difficulty is measured on the puzzle, by what solves it:
  easy    naked and hidden singles alone
  medium  singles and locked candidates (pointing, claiming)
  hard    more than that, and the cell search (fast) needs at most 2 guesses
  expert  the cell search (fast) needs more than 2 guesses

Exit codes:
  0    every puzzle written
  1    no puzzle for the request after 100000 solved grids (e.g. --clues 17 --minimal:
       about 20 s)
  2    bad command line
  141  stdout was closed early (e.g. piped into head): the run stops quietly";

/// `--difficulty`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
}

/// `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Line,
    Lanqiao,
    Leetcode,
}

#[derive(Args)]
pub struct GenArgs {
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: usize,
    /// The seed: the same seed gives the same puzzles on every machine.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Stop digging at K givens (without it, dig to a minimal puzzle).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(17..=80))]
    clues: Option<u64>,
    /// Only puzzles of this difficulty (the rule is below).
    #[arg(long, value_name = "LEVEL")]
    difficulty: Option<Level>,
    /// With --clues: only minimal puzzles (removing any given makes them ambiguous).
    #[arg(long)]
    minimal: bool,
    /// line: 81 characters, `.` empty; lanqiao: 9 lines of digits, `0` empty, a blank
    /// line between puzzles; leetcode: the board literal, one per line.
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = Format::Line)]
    format: Format,
}

/// Writes the puzzles; exit 1 when a request finds none.
pub fn run(args: GenArgs, stdout: &mut impl Write) -> Result<ExitCode, Failure> {
    let difficulty = args.difficulty.map(|d| match d {
        Level::Easy => Difficulty::Easy,
        Level::Medium => Difficulty::Medium,
        Level::Hard => Difficulty::Hard,
        Level::Expert => Difficulty::Expert,
    });
    let clues = args.clues.map(|k| k as usize);
    let request = gen::Request {
        // --minimal with --clues: dig to minimal and keep those with K givens.
        clues: if args.minimal { None } else { clues },
        difficulty,
        minimal_with: if args.minimal { clues } else { None },
    };
    let mut rng = gen::Rng::new(args.seed);
    let mut out = BufWriter::new(stdout);
    for i in 0..args.count {
        let Some((puzzle, _)) = gen::generate(&request, &mut rng) else {
            out.flush()?;
            eprintln!(
                "error: no puzzle for this request in {} solved grids",
                gen::MAX_TRIES
            );
            return Ok(ExitCode::from(1));
        };
        let text = match args.format {
            Format::Lanqiao => format!("{}{}", if i > 0 { "\n" } else { "" }, puzzle.to_rows()),
            Format::Leetcode => format!(
                "{}\n",
                sudoku_workspace::format::format_board(&puzzle.to_board())
            ),
            Format::Line => format!("{}\n", puzzle.to_line()),
        };
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
