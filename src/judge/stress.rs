//! `sudoku stress FILE`: find the case that breaks a solution. Generated
//! puzzles (seeded: the same seed, the same run) go to the user's program in
//! the judge's sandbox, and its answer to the problem's checker with the
//! reference answer, until a verdict is not AC. The failing puzzle is then
//! *shrunk*: givens are removed one at a time, each removal kept when the
//! case still fails and is still one the problem allows (LeetCode 37: one
//! solution), until no single removal keeps the failure. The minimal case
//! is saved as a fixture (`NAME.in` + `NAME.out`, or `fail/` with a
//! `NAME.err`) under `DIR/KEY/` that `sudoku judge FILE --problem KEY
//! --fixtures DIR` re-judges. Shrinking stops after [`SHRINK_RUNS`] runs.
//!
//! | problem | generated cases |
//! |---|---|
//! | lc37 | unique puzzles, 22 to 60 givens |
//! | lanqiao | unique, several solutions, no solution (malformed input is the fixtures' job) |
//! | lc36 | boards with and without a repeated digit |

use super::checker::Answer;
use super::problem::{self, Problem};
use super::sandbox::Supervisor;
use super::solution::{self, FileOptions};
use super::{judge_case, Case, CaseResult, Error, Limits, Verdict};
use crate::fixtures::format_board;
use crate::gen::{self, Rng};
use crate::grid::Grid;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What `sudoku stress` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// This program (the sandbox's supervisor).
    pub exe: PathBuf,
    /// The user's file.
    pub file: PathBuf,
    /// `--problem`, if named.
    pub problem: Option<String>,
    /// The seed.
    pub seed: u64,
    /// Cases to try before giving up.
    pub cases: usize,
    /// CPU time per case.
    pub time: Duration,
    /// Where the shrunk case is saved.
    pub save_dir: PathBuf,
    /// How to build the file.
    pub build: FileOptions,
}

/// How a stress run ended.
#[derive(Debug)]
pub enum Outcome {
    /// Every case was AC.
    Passed {
        /// Cases tried.
        cases: usize,
    },
    /// A case failed; it was shrunk and saved.
    Broken {
        /// The case number that first failed (1-based).
        case: usize,
        /// Givens of the first failing puzzle.
        givens_before: usize,
        /// Givens after shrinking.
        givens_after: usize,
        /// The verdict and its detail on the shrunk case.
        verdict: Verdict,
        /// Why, for the shrunk case.
        detail: String,
        /// The saved `NAME.in`.
        saved: PathBuf,
        /// The command that re-judges it.
        command: String,
    },
}

/// The input text of `puzzle` in `problem`'s format.
fn input_of(problem: &Problem, puzzle: &Grid) -> String {
    match problem.key {
        "lc36" | "lc37" => format_board(&puzzle.to_board()),
        _ => puzzle.to_rows(),
    }
}

/// A puzzle of the kind case `k` should be, for `problem`.
fn puzzle_for(problem: &Problem, k: usize, rng: &mut Rng) -> Grid {
    let solved = gen::solved_grid(rng);
    let givens = 22 + rng.below(39);
    let unique = gen::dig(&solved, Some(givens), rng)
        .or_else(|| gen::dig(&solved, None, rng))
        .expect("digging without a target always ends");
    match (problem.key, k % 4) {
        ("lc36", 0) | ("lanqiao", 1) => {
            // Several solutions: remove a given past uniqueness.
            let mut p = unique;
            let cells: Vec<usize> = (0..81).filter(|&c| p.0[c] != 0).collect();
            for &c in cells.iter().take(6) {
                p.0[c] = 0;
            }
            p
        }
        ("lanqiao", 2) => {
            // No solution, no clash: a wrong digit where it fits its peers.
            let mut p = unique;
            for c in 0..81 {
                if p.0[c] != 0 {
                    continue;
                }
                let fits = (1..=9u8).find(|&d| {
                    d != solved.0[c] && crate::grid::PEERS[c].iter().all(|&q| p.0[q] != d)
                });
                if let Some(d) = fits {
                    p.0[c] = d;
                    if crate::fast::count(&p, 1).count == 0 {
                        return p;
                    }
                    p.0[c] = 0;
                }
            }
            p
        }
        ("lc36", 1) => {
            // Two equal givens in one row.
            let mut p = unique;
            let row = rng.below(9);
            let (a, b) = (row * 9 + rng.below(4), row * 9 + 5 + rng.below(4));
            let d = solved.0[a];
            p.0[a] = d;
            p.0[b] = d;
            p
        }
        _ => unique,
    }
}

/// Judges `solution` on `puzzle`: the result, or `None` when the problem's
/// reference refuses the input (not a case of this problem).
fn try_case(
    problem: &'static Problem,
    run: &dyn Fn(&Case) -> Result<CaseResult, Error>,
    puzzle: &Grid,
    name: &str,
) -> Result<Option<(CaseResult, Case)>, Error> {
    let input = input_of(problem, puzzle);
    let Ok(answer) = (problem.reference)(&input) else {
        return Ok(None);
    };
    let case = Case::new(name.to_string(), input, answer)?;
    Ok(Some((run(&case)?, case)))
}

/// The most runs spent shrinking one failing case.
pub const SHRINK_RUNS: usize = 400;

/// Runs the stress test.
pub fn run(opts: &Options) -> Result<Outcome, Error> {
    let named: Option<&'static Problem> = match &opts.problem {
        Some(key) => Some(problem::by_key(key).ok_or_else(|| {
            Error::Usage(format!("no problem {key:?}; known: {}", problem::keys()))
        })?),
        None => None,
    };
    let solution = solution::from_file(&opts.file, named, &opts.build)?;
    let problem = solution.problem;
    if !matches!(problem.key, "lc36" | "lc37" | "lanqiao") {
        return Err(Error::Usage(format!(
            "sudoku stress generates cases for lc36, lc37 and lanqiao, not {}",
            problem.key
        )));
    }
    super::sandbox::install_signal_handlers();
    let supervisor = Supervisor {
        program: opts.exe.clone(),
        prefix: vec!["sandbox".into()],
    };
    let limits = Limits {
        time: opts.time,
        wall: opts.time * 3,
        memory_mb: problem.memory_mb,
        processes: 1,
    };
    let run = |case: &Case| -> Result<CaseResult, Error> {
        Ok(judge_case(&supervisor, &opts.exe, &solution, case, &limits))
    };
    if let Some(why) = solution.compile_error() {
        return Err(Error::Usage(format!(
            "{} does not compile:\n{why}",
            opts.file.display()
        )));
    }
    let mut rng = Rng::new(opts.seed);
    for k in 1..=opts.cases {
        let puzzle = puzzle_for(problem, k, &mut rng);
        let Some((result, _)) = try_case(problem, &run, &puzzle, "stress")? else {
            continue;
        };
        if result.verdict == Verdict::Ac {
            continue;
        }
        // Shrink: drop givens while the case still fails and is still valid.
        let mut best = puzzle;
        let mut last = result;
        let mut progress = true;
        // A run per removal tried; a failure that is a TLE costs the whole
        // limit each time, so the shrinking stops after this many runs.
        let mut budget = SHRINK_RUNS;
        while progress && budget > 0 {
            progress = false;
            for cell in 0..81 {
                if best.0[cell] == 0 || budget == 0 {
                    continue;
                }
                budget -= 1;
                let mut less = best;
                less.0[cell] = 0;
                if let Some((r, _)) = try_case(problem, &run, &less, "stress")? {
                    if r.verdict != Verdict::Ac {
                        best = less;
                        last = r;
                        progress = true;
                    }
                }
            }
        }
        let stem: String = opts
            .file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let name = format!("stress_{stem}_seed{}_case{k}", opts.seed);
        // One folder per problem: `judge --fixtures DIR` reads DIR/<key>/.
        let saved = save(&opts.save_dir.join(problem.key), problem, &best, &name)?;
        let command = format!(
            "sudoku judge {} --problem {} --fixtures {}",
            opts.file.display(),
            problem.key,
            opts.save_dir.display()
        );
        return Ok(Outcome::Broken {
            case: k,
            givens_before: puzzle.givens(),
            givens_after: best.givens(),
            verdict: last.verdict,
            detail: last.detail,
            saved,
            command,
        });
    }
    Ok(Outcome::Passed { cases: opts.cases })
}

/// Writes the case as a fixture: `NAME.in` + `NAME.out`, or for a case
/// that must fail, `fail/NAME.in` + `fail/NAME.err`.
fn save(
    dir: &Path,
    problem: &'static Problem,
    puzzle: &Grid,
    name: &str,
) -> Result<PathBuf, Error> {
    let input = input_of(problem, puzzle);
    let answer = (problem.reference)(&input).map_err(Error::Usage)?;
    let write = |path: &Path, text: &str| -> Result<(), Error> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|source| Error::Read {
                path: parent.to_path_buf(),
                source,
            })?;
        }
        std::fs::File::create(path)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .map_err(|source| Error::Read {
                path: path.to_path_buf(),
                source,
            })
    };
    match answer {
        Answer::Fails { why, exit, stderr } => {
            let base = dir.join("fail").join(name);
            write(&base.with_extension("in"), &input)?;
            write(&base.with_extension("out"), "")?;
            let err =
                format!("# why: {why} (found by sudoku stress)\nexit: {exit}\nstderr: {stderr}\n");
            write(&base.with_extension("err"), &err)?;
            Ok(base.with_extension("in"))
        }
        Answer::Text(out) => {
            let base = dir.join(name);
            write(&base.with_extension("in"), &input)?;
            write(&base.with_extension("out"), &out)?;
            Ok(base.with_extension("in"))
        }
        Answer::File(_) => unreachable!("a reference answers with text"),
    }
}
