//! Which problems, solutions and cases a judge run takes: the built-in
//! solutions on the shipped fixtures (or `--fixtures DIR`), a user's file (or
//! a folder of them) on its problem's cases, or a user's own `--input`.
//!
//! A problem's fixtures are of two kinds. **The judge's cases** are inside
//! the statement's promise: samples, and cases of the kind the real judge's
//! data has. **House cases** test the workspace's own programs' contract:
//! malformed input, exit codes, stderr (`fail/`), and leniency the promise
//! does not ask for (CRLF, stray blanks: a `house:` line of the set's
//! `problem` file says why). A user's file is judged on the judge's cases;
//! `--strict` adds the house cases. Cases harder than the real judge's data
//! have a `hard:` line that says where they come from: a user's TLE there is
//! reported apart.

use super::checker::Answer;
use super::language;
use super::problem::{self, Problem};
use super::runner::TEST_ONLY;
use super::solution::{self, Solution};
use super::{Error, Options};
use crate::fixtures::{self, Fixture};
use crate::sandbox::Input;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The most bytes of a user's `--input` the judge reads (a case is a few
/// hundred bytes; the family's largest shipped input is under 100 KiB).
pub const USER_INPUT_CAP: u64 = 1 << 20;

/// A case ready to run: its input (each run's stdin) and what it expects.
#[derive(Debug)]
pub struct Case {
    /// The fixture name.
    pub name: String,
    /// The input text.
    pub input: String,
    /// The input, opened afresh as each run's stdin.
    pub stdin: Input,
    /// What it expects.
    pub answer: Answer,
    /// Solutions allowed TLE here, and why.
    pub slow: fixtures::Slow,
    /// A house case: the workspace's own contract, not the statement's promise.
    pub house: bool,
    /// Harder than the real judge's data: where it comes from.
    pub hard: Option<String>,
    /// The built-in solutions' CPU time limit here, in place of the problem's.
    pub limit: Option<fixtures::Limit>,
}

impl Case {
    /// A judge's case from its input and answer.
    pub fn new(name: String, input: String, answer: Answer) -> io::Result<Case> {
        Ok(Case {
            name,
            stdin: Input::new(input.as_bytes())?,
            input,
            answer,
            slow: fixtures::Slow::default(),
            house: false,
            hard: None,
            limit: None,
        })
    }

    /// A case from a fixture: its `.err` or `.out`, else the problem's reference answer.
    pub fn from_fixture(problem: &Problem, f: Fixture) -> Result<Case, Error> {
        let answer = match (f.failure, f.expected) {
            (Some(fail), _) => Answer::Fails {
                why: fail.why,
                exit: fail.exit,
                stderr: fail.stderr,
            },
            (None, Some(text)) => Answer::Text(text),
            (None, None) => (problem.reference)(&f.input).map_err(|why| Error::Parse {
                path: PathBuf::from(&f.origin),
                why,
            })?,
        };
        let mut case = Case::new(f.name, f.input, answer)?;
        case.slow = f.slow;
        case.house = f.house;
        case.hard = f.hard;
        case.limit = f.limit;
        Ok(case)
    }
}

/// A user's own case: `--input FILE [--expect FILE]`.
#[derive(Clone, Debug)]
pub struct UserCase {
    /// The input file (read once: a pipe, a FIFO or `/dev/stdin` works).
    pub input: PathBuf,
    /// The expected output, if given (read once into an unnamed file and
    /// streamed from there); else the problem's reference works it out.
    pub expect: Option<PathBuf>,
}

/// One problem's part of a run.
#[derive(Debug)]
pub struct Part {
    /// The problem.
    pub problem: &'static Problem,
    /// Its solutions, in table order.
    pub solutions: Vec<Solution>,
    /// Its cases, by name.
    pub cases: Vec<Case>,
}

/// What a run judges.
#[derive(Debug, Default)]
pub struct Plan {
    /// Problem by problem.
    pub problems: Vec<Part>,
    /// `FILE` was a folder: one line per file.
    pub folder: bool,
    /// Files of that folder that could not be judged, and why.
    pub not_judged: Vec<(PathBuf, String)>,
    /// Files in a language this judge does not run (`lc37.ts`), and why.
    pub not_run: Vec<(PathBuf, String)>,
}

/// Reads at most [`USER_INPUT_CAP`] bytes of `path`, once.
fn read_once(path: &Path) -> Result<String, Error> {
    let read_err = |source| Error::Read {
        path: path.into(),
        source,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(USER_INPUT_CAP + 1).read_to_end(&mut bytes))
        .map_err(read_err)?;
    if bytes.len() as u64 > USER_INPUT_CAP {
        return Err(Error::Parse {
            path: path.into(),
            why: format!(
                "larger than {} KiB: not a Sudoku case",
                USER_INPUT_CAP >> 10
            ),
        });
    }
    String::from_utf8(bytes).map_err(|e| Error::Parse {
        path: path.into(),
        why: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to() + 1),
    })
}

/// Copies `path` (a file, a pipe, a FIFO, `/dev/stdin`) once into an
/// unnamed file, which every check then streams from.
fn copy_once(path: &Path) -> Result<Input, Error> {
    let read_err = |source| Error::Read {
        path: path.into(),
        source,
    };
    let mut from = std::fs::File::open(path).map_err(read_err)?;
    Input::from_reader(&mut from).map_err(read_err)
}

/// The case for `--input FILE [--expect FILE]`, and its problem.
fn user_case(
    own: &UserCase,
    named: Option<&'static Problem>,
) -> Result<(&'static Problem, Case), Error> {
    let input = read_once(&own.input)?;
    let expect = own.expect.as_deref().map(copy_once).transpose()?;
    let expect_start = match &expect {
        Some(file) => {
            let mut head = Vec::new();
            let mut f = file.reopen()?;
            (&mut f).take(64).read_to_end(&mut head)?;
            f.seek(SeekFrom::Start(0))?;
            Some(String::from_utf8_lossy(&head).into_owned())
        }
        None => None,
    };
    let problem = named.unwrap_or_else(|| problem::detect(&input, expect_start.as_deref()));
    let input = problem::as_input_of(problem, &input).map_err(|why| Error::Parse {
        path: own.input.clone(),
        why,
    })?;
    let reference = (problem.reference)(&input).map_err(|why| Error::Parse {
        path: own.input.clone(),
        why,
    })?;
    let answer = match expect {
        Some(file) => Answer::File(Arc::new(file)),
        None => reference,
    };
    // A pipe (`--input <(…)` is /dev/fd/63, `/dev/stdin`) has no name of its own.
    let pipe = own.input.starts_with("/dev") || own.input.starts_with("/proc");
    let name = own
        .input
        .file_stem()
        .filter(|_| !pipe)
        .map_or("input".into(), |s| s.to_string_lossy().into_owned());
    Ok((problem, Case::new(name, input, answer)?))
}

/// The built-in solutions of `problem` that the `--solution` filter keeps.
fn builtin(problem: &'static Problem, names: &[String]) -> Vec<Solution> {
    let mut all: Vec<Solution> = Solution::builtin(problem)
        .into_iter()
        .filter(|s| names.is_empty() || names.contains(&s.name))
        .collect();
    // The verdict tests name the test-only solutions explicitly.
    all.extend(names.iter().filter_map(|n| Solution::test_only(n, problem)));
    all
}

/// The files of a folder in a language this judge does not run, sorted,
/// each with why.
fn not_run_in(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut found: Vec<(PathBuf, String)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter_map(|p| language::not_run(&p).map(|why| (p, why)))
        .collect();
    found.sort();
    found
}

/// The files of a folder the judge can build (a known extension), sorted;
/// `README*` and dot files are skipped.
fn files_in(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let read = |e| Error::Read {
        path: dir.to_path_buf(),
        source: e,
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(read)? {
        let path = entry.map_err(read)?.path();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.is_file()
            && !name.starts_with('.')
            && !name.starts_with("README")
            && super::language::of(&path).is_some()
        {
            files.push(path);
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(Error::Usage(format!(
            "{}: no solution files here ({})",
            dir.display(),
            super::language::extensions()
        )));
    }
    Ok(files)
}

/// The fixtures of `problem` that the `--fixture` filter keeps.
fn cases_of(problem: &'static Problem, opts: &Options, named: usize) -> Result<Vec<Case>, Error> {
    let source = match &opts.fixtures_dir {
        None => fixtures::Source::Embedded,
        Some(dir) if dir.join(problem.key).is_dir() => fixtures::Source::Dir(dir.join(problem.key)),
        Some(dir) if named == 1 => fixtures::Source::Dir(dir.clone()),
        Some(_) => return Ok(Vec::new()),
    };
    let set = fixtures::load_set(&source, problem.key).map_err(|e| Error::Parse {
        path: PathBuf::from(e.path),
        why: e.why,
    })?;
    let mut cases = Vec::new();
    for f in set {
        if opts.fixtures.is_empty() || opts.fixtures.iter().any(|p| name_matches(p, &f.name)) {
            cases.push(Case::from_fixture(problem, f)?);
        }
    }
    Ok(cases)
}

/// Plans the run `opts` asks for.
pub fn plan(opts: &Options) -> Result<Plan, Error> {
    let mut named = Vec::new();
    for key in &opts.problems {
        named.push(problem::by_key(key).ok_or_else(|| {
            Error::Usage(format!("no problem {key:?}; known: {}", problem::keys()))
        })?);
    }
    let known: Vec<String> = problem::PROBLEMS
        .iter()
        .flat_map(|p| (p.solutions)().into_iter().map(|(n, _)| n.to_string()))
        .collect();
    if let Some(bad) = opts
        .solutions
        .iter()
        .find(|n| !known.contains(n) && !TEST_ONLY.contains(&n.as_str()))
    {
        return Err(Error::Usage(format!(
            "no solution named {bad:?}; known: {}",
            known.join(", ")
        )));
    }
    if named.len() > 1 && (opts.file.is_some() || opts.user_case.is_some()) {
        return Err(Error::Usage(
            "a FILE or an --input is judged on one problem: give at most one --problem".into(),
        ));
    }
    let mut plan = Plan::default();
    let mut users: Option<Vec<Solution>> = None;
    if let Some(path) = &opts.file {
        if path.is_dir() {
            plan.folder = true;
            let mut found = Vec::new();
            plan.not_run = not_run_in(path);
            // A folder of files this judge does not run alone says so for each.
            let files = match files_in(path) {
                Err(_) if !plan.not_run.is_empty() => Vec::new(),
                files => files?,
            };
            for file in files {
                match solution::from_file(&file, named.first().copied(), &opts.build) {
                    Ok(s) => found.push(s),
                    Err(e @ (Error::Toolchain(_) | Error::Usage(_) | Error::Parse { .. })) => {
                        plan.not_judged.push((file, e.to_string()));
                    }
                    Err(e) => return Err(e),
                }
            }
            users = Some(found);
        } else if let Some(why) = language::not_run(path) {
            plan.not_run.push((path.clone(), why));
            users = Some(Vec::new());
        } else {
            users = Some(vec![solution::from_file(
                path,
                named.first().copied(),
                &opts.build,
            )?]);
        }
    }
    let solutions_of = |problem: &'static Problem| match &users {
        Some(users) => {
            let mut all: Vec<Solution> = users
                .iter()
                .filter(|s| s.problem.key == problem.key)
                .cloned()
                .collect();
            if opts.compare && !all.is_empty() {
                all.extend(builtin(problem, &opts.solutions));
            }
            all
        }
        None => builtin(problem, &opts.solutions),
    };
    if let Some(own) = &opts.user_case {
        let from_file = users.as_ref().and_then(|u| u.first()).map(|s| s.problem);
        let (problem, case) = user_case(own, named.first().copied().or(from_file))?;
        plan.problems.push(Part {
            problem,
            solutions: solutions_of(problem),
            cases: vec![case],
        });
    } else {
        for problem in &problem::PROBLEMS {
            if !named.is_empty() && !named.iter().any(|p| p.key == problem.key) {
                continue;
            }
            let solutions = solutions_of(problem);
            if solutions.is_empty() {
                continue;
            }
            let mut cases = cases_of(problem, opts, named.len())?;
            if users.is_some() && !opts.strict && !opts.compare {
                // A user's file is judged on the judge's cases alone.
                cases.retain(|case| !case.house);
            }
            if !cases.is_empty() {
                plan.problems.push(Part {
                    problem,
                    solutions,
                    cases,
                });
            }
        }
    }
    if plan.problems.iter().all(|p| p.solutions.is_empty())
        && plan.not_judged.is_empty()
        && plan.not_run.is_empty()
    {
        let house = if opts.file.is_some() && !opts.strict {
            " (a FILE is judged on the judge's cases; --strict adds the house cases)"
        } else {
            ""
        };
        return Err(Error::Usage(format!(
            "nothing to judge: no fixture matches the --problem/--solution/--fixture filters{house}"
        )));
    }
    Ok(plan)
}

/// Does `name` match `pattern`, where `*` stands for any run of characters
/// (`hard_*`, `*sample*`) and anything else for itself?
pub fn name_matches(pattern: &str, name: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = name.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty(); // no `*`: the whole name
    };
    for part in middle {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

#[cfg(test)]
mod tests {
    use super::name_matches as m;

    #[test]
    fn fixture_patterns() {
        assert!(m("sample1", "sample1") && !m("sample1", "sample10"));
        assert!(m("hard_*", "hard_1000") && m("hard_*", "hard_") && !m("hard_*", "a_hard_1"));
        assert!(m("*sample*", "crlf_sample1") && m("*_tle", "hard_24_tle"));
        assert!(m("a*b*c", "a__b__c") && !m("a*b*c", "a__c__b") && !m("ab*ba", "aba"));
        assert!(m("*", "anything") && !m("", "x") && m("", ""));
    }
}
