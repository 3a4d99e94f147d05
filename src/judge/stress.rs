//! `sudoku stress FILE`: find the case that breaks a solution. Generated
//! cases (seeded: the same seed, the same run), all inside the problem's
//! promise ([`crate::family::cases`]: unique puzzles where the statement
//! promises one, at least 24 givens for P1074, …), go to the user's program
//! in the judge's sandbox, and its answer to the problem's checker with the
//! reference answer, until a verdict is not AC. The failing case is then
//! *shrunk*: boards are dropped, then givens emptied, one at a time, each
//! step kept while the case still fails and is still inside the promise,
//! until no single step keeps the failure (at most [`SHRINK_RUNS`] runs).
//! The smallest case is saved as a fixture, `DIR/KEY/NAME.in` + `NAME.out`,
//! which `sudoku judge FILE --problem KEY --fixtures DIR` re-judges.

use super::checker::Answer;
use super::plan::Case;
use super::problem::{self, Problem};
use super::solution::{self, FileOptions, Solution};
use super::{judge_case, CaseResult, Error, Limits, Verdict};
use crate::family::cases::{self, Generated};
use crate::gen::Rng;
use crate::sandbox::Supervisor;
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
        /// The problem they were of.
        problem: &'static Problem,
    },
    /// A case failed; it was shrunk and saved.
    Broken {
        /// The case number that first failed (1-based).
        case: usize,
        /// Givens of the first failing case.
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
    /// This machine lacks what the file's judge has (a library, Python 2):
    /// no case was run.
    NotJudgedHere {
        /// What it needs, and where the file uses it.
        why: String,
    },
}

/// The most runs spent shrinking one failing case.
pub const SHRINK_RUNS: usize = 400;

/// Runs `solution` on a generated case: the result, or `None` when the
/// problem's reference refuses the input (not a case of this problem).
fn try_case(
    problem: &'static Problem,
    run: &dyn Fn(&Case) -> CaseResult,
    generated: &Generated,
) -> Result<Option<CaseResult>, Error> {
    let input = cases::render(problem.key, generated);
    let Ok(answer @ Answer::Text(_)) = (problem.reference)(&input) else {
        return Ok(None);
    };
    let case = Case::new("stress".into(), input, answer)?;
    Ok(Some(run(&case)))
}

/// The smaller cases one step from `case`: a board dropped, or a cell emptied.
fn one_step_smaller(key: &str, case: &Generated) -> Vec<Generated> {
    let mut smaller = Vec::new();
    if case.boards.len() > 1 {
        for i in 0..case.boards.len() {
            let mut less = case.clone();
            less.boards.remove(i);
            smaller.push(less);
        }
    }
    if cases::cells_shrink(key) {
        for (i, board) in case.boards.iter().enumerate() {
            for cell in (0..board.cells.len()).filter(|&c| board.cells[c] != 0) {
                let mut less = case.clone();
                less.boards[i].cells[cell] = 0;
                smaller.push(less);
            }
        }
    }
    smaller
}

/// Runs the stress test.
pub fn run(opts: &Options) -> Result<Outcome, Error> {
    let result = stress(opts);
    solution::remove_weak_cache();
    result
}

fn stress(opts: &Options) -> Result<Outcome, Error> {
    let named = match &opts.problem {
        Some(key) => Some(problem::by_key(key).ok_or_else(|| {
            Error::Usage(format!("no problem {key:?}; known: {}", problem::keys()))
        })?),
        None => None,
    };
    crate::sandbox::install_signal_handlers();
    crate::sandbox::janitor::start(&opts.exe)?;
    let solution = solution::from_file(&opts.file, named, &opts.build)?;
    let problem = solution.problem;
    if let Some(why) = solution.not_judged_here() {
        return Ok(Outcome::NotJudgedHere { why: why.into() });
    }
    if let Some(why) = solution.compile_error() {
        return Err(Error::Usage(format!(
            "{} does not compile:\n{why}",
            opts.file.display()
        )));
    }
    let supervisor = Supervisor::of(&opts.exe);
    let limits = Limits {
        time: opts.time,
        wall: opts.time * 3,
        memory_mb: problem.memory_mb,
        processes: 1,
    };
    let run = |case: &Case| judge_case(&supervisor, &opts.exe, &solution, case, &limits);
    let mut rng = Rng::new(opts.seed);
    for k in 1..=opts.cases {
        let generated = cases::generate(problem.key, k, &mut rng).ok_or_else(|| {
            Error::Usage(format!("sudoku stress has no cases for {}", problem.key))
        })?;
        let Some(result) = try_case(problem, &run, &generated)? else {
            continue;
        };
        if result.verdict == Verdict::Ac {
            continue;
        }
        let (best, last) = shrink(problem, &run, generated.clone(), result)?;
        return broken(opts, &solution, k, &generated, &best, last);
    }
    Ok(Outcome::Passed {
        cases: opts.cases,
        problem,
    })
}

/// The smallest failing case within [`SHRINK_RUNS`] runs, and its result.
fn shrink(
    problem: &'static Problem,
    run: &dyn Fn(&Case) -> CaseResult,
    mut best: Generated,
    mut last: CaseResult,
) -> Result<(Generated, CaseResult), Error> {
    // A run per step tried; a failure that is a TLE costs the whole limit
    // each time, so the shrinking stops after this many runs.
    let mut budget = SHRINK_RUNS;
    'progress: while budget > 0 {
        for less in one_step_smaller(problem.key, &best) {
            if budget == 0 {
                break 'progress;
            }
            if !cases::allowed(problem.key, &less) {
                continue;
            }
            budget -= 1;
            if let Some(r) = try_case(problem, run, &less)? {
                if r.verdict != Verdict::Ac {
                    best = less;
                    last = r;
                    continue 'progress;
                }
            }
        }
        break;
    }
    Ok((best, last))
}

fn broken(
    opts: &Options,
    solution: &Solution,
    k: usize,
    first: &Generated,
    best: &Generated,
    last: CaseResult,
) -> Result<Outcome, Error> {
    let problem = solution.problem;
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
    let input = cases::render(problem.key, best);
    let saved = save(&opts.save_dir.join(problem.key), problem, &input, &name)?;
    let command = format!(
        "sudoku judge {} --problem {} --fixtures {}",
        opts.file.display(),
        problem.key,
        opts.save_dir.display()
    );
    Ok(Outcome::Broken {
        case: k,
        givens_before: first.givens(),
        givens_after: best.givens(),
        verdict: last.verdict,
        detail: last.detail,
        saved,
        command,
    })
}

/// Writes the case as a fixture: `NAME.in` + `NAME.out`.
fn save(dir: &Path, problem: &'static Problem, input: &str, name: &str) -> Result<PathBuf, Error> {
    let Ok(Answer::Text(out)) = (problem.reference)(input) else {
        return Err(Error::Usage(format!(
            "{}: the reference refuses the shrunk case",
            problem.key
        )));
    };
    let write = |path: &Path, text: &str| -> Result<(), Error> {
        std::fs::create_dir_all(dir).map_err(|source| Error::Read {
            path: dir.to_path_buf(),
            source,
        })?;
        std::fs::File::create(path)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .map_err(|source| Error::Read {
                path: path.to_path_buf(),
                source,
            })
    };
    let base = dir.join(name);
    write(&base.with_extension("in"), input)?;
    write(&base.with_extension("out"), &out)?;
    Ok(base.with_extension("in"))
}
