//! Fixture files under `inputs/`: LeetCode's board literal and the
//! online-judge-tools layout (`NAME.in` / `NAME.out`; a case that must fail
//! has a `NAME.err` and lives in `fail/`, where `oj test -d` does not look).
//!
//! ```text
//! inputs/lc36/NAME.in   [["5","3",".",...],...]   LeetCode's literal, pastes into its testcase box
//! inputs/lc36/NAME.out  true | false
//! inputs/lc37/NAME.in   [["5","3",".",...],...]
//! inputs/lc37/NAME.out  the solved board, same literal
//! inputs/lanqiao/NAME.in        9 lines of 9 digits (0 = unknown)
//! inputs/lanqiao/NAME.out       expected stdout
//! inputs/lanqiao/fail/NAME.in   a case that must fail: nothing on stdout,
//! inputs/lanqiao/fail/NAME.err  `# why`, `exit: N`, `stderr: TEXT`
//! inputs/KEY/problem            the problem (build.rs), and lines about cases:
//!   house: NAME: why      outside the statement's promise (CRLF, stray blanks)
//!   hard: NAME: why       harder than the real judge's data, and from where
//!   slow: NAME: NAMES: why   built-in solutions allowed TLE on it
//!   limit: NAME: MS: why     the built-in solutions' CPU time limit on it
//! ```
//!
//! The lines about cases live in the `problem` file, not in files beside
//! the cases, so a folder holds nothing but `NAME.in` / `NAME.out` pairs
//! (and `problem`, `fail/`, which have no dot) and `oj test -d inputs/KEY`
//! reads it as it is. `fail/` and `house:` cases are *house cases*: the
//! workspace's own programs' contract, which a user's file is judged on
//! only with `--strict`.
//!
//! The shipped sets are compiled into the binary ([`Source::Embedded`]), so
//! `sudoku judge` works after `cargo install` or when the binary is moved;
//! [`Source::Dir`] reads a user's folder of the same layout. A malformed
//! fixture is a [`FixtureError`] naming the file (and the line), never a
//! panic.

use include_dir::{include_dir, Dir};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// The `inputs/` folder of this checkout (tests and benchmarks read it; the
/// binaries use [`Source::Embedded`]).
pub fn inputs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs")
}

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// Where a fixture set comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The sets shipped in `inputs/`, compiled into the binary.
    Embedded,
    /// A folder of the same layout: its `*.in`, and `fail/*.in` if present.
    Dir(PathBuf),
}

/// A fixture file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixtureError {
    /// The file or folder, as the user would look for it.
    pub path: String,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for FixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.why)
    }
}

impl std::error::Error for FixtureError {}

/// One `NAME.in` with what goes with it.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// File stem, e.g. `leetcode_example`.
    pub name: String,
    /// Where `NAME.in` is, for messages (`inputs/lanqiao/fail/bad_char.in`).
    pub origin: String,
    /// Contents of `NAME.in`.
    pub input: String,
    /// Contents of `NAME.out`, if present.
    pub expected: Option<String>,
    /// Parsed `NAME.err`, if present: the case must fail.
    pub failure: Option<ExpectedFailure>,
    /// Its `slow:` line (empty if none): approaches allowed TLE here.
    pub slow: Slow,
    /// A house case: in `fail/`, or with a `house:` line saying why it is
    /// outside the statement's promise. A user's file is judged on it only
    /// with `--strict`.
    pub house: bool,
    /// Its `hard:` line's why: the case is harder than the real judge's
    /// data, and where it comes from.
    pub hard: Option<String>,
    /// Its `limit:` line: the built-in solutions' CPU time limit here.
    pub limit: Option<Limit>,
}

/// A fixture's `limit:` line: the CPU time limit the built-in solutions run
/// under on it, in place of the problem's (`--time-limit` still sets every
/// case's). A user's file keeps the problem's limit.
///
/// ```text
/// limit: hard_top1465_338: 4000: 04-08 take up to 1.09 s on the CPUs measured ...
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The limit, in ms.
    pub ms: u64,
    /// Why the case needs it.
    pub why: String,
}

/// A fixture's `slow:` line: solutions known to exceed the time limit on it.
///
/// ```text
/// slow: hard_top1465_338: lc37_01_scan_flag lc37_02_hash_sets_flag: 11,470,999 placements ...
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Slow {
    /// Why they are slow.
    pub why: String,
    /// The solutions' names.
    pub names: Vec<String>,
}

/// The lines about cases in a set's `problem` file, by case name.
#[derive(Debug, Default)]
struct Marks {
    house: BTreeMap<String, String>,
    hard: BTreeMap<String, String>,
    slow: BTreeMap<String, Slow>,
    limit: BTreeMap<String, Limit>,
    /// Where each case was named, for a line naming no case.
    named: Vec<(String, usize)>,
}

/// The `house:`, `hard:`, `slow:` and `limit:` lines of a `problem` file (its other
/// lines are the problem's, for build.rs); `shown` names the file.
fn parse_marks(text: &str, shown: &str) -> Result<Marks, FixtureError> {
    let mut marks = Marks::default();
    for (i, line) in text.lines().enumerate() {
        let Some((kind, rest)) = line.split_once(':') else {
            continue;
        };
        if !matches!(kind, "house" | "hard" | "slow" | "limit") {
            continue;
        }
        let at = |column: usize, why: &str| FixtureError {
            path: shown.to_string(),
            why: format!("line {}, column {column}: {why}", i + 1),
        };
        let Some((name, why)) = rest.split_once(':') else {
            return Err(at(
                line.len() + 1,
                &format!("`{kind}: NAME: why` needs the case's name and why"),
            ));
        };
        let name = name.trim();
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(at(kind.len() + 2, "a case name (one word) goes here"));
        }
        let why_column = line.len() - why.len() + 1;
        let mut why = why.trim().to_string();
        if kind == "slow" {
            let (names, rest) = why.split_once(':').unwrap_or((why.as_str(), ""));
            let slow = Slow {
                names: names.split_whitespace().map(String::from).collect(),
                why: rest.trim().to_string(),
            };
            if slow.names.is_empty() || slow.why.is_empty() {
                return Err(at(why_column, "`slow: NAME: SOLUTIONS: why` needs both"));
            }
            marks.slow.insert(name.to_string(), slow);
        } else if kind == "limit" {
            let (ms, rest) = why.split_once(':').unwrap_or((why.as_str(), ""));
            let Ok(ms) = ms.trim().parse::<u64>() else {
                return Err(at(
                    why_column,
                    "`limit: NAME: MS: why` needs a number of ms",
                ));
            };
            if rest.trim().is_empty() {
                return Err(at(why_column, "`limit: NAME: MS: why` needs the why"));
            }
            let why = rest.trim().to_string();
            marks.limit.insert(name.to_string(), Limit { ms, why });
        } else {
            if why.is_empty() {
                return Err(at(why_column, "no reason: say why"));
            }
            let map = if kind == "house" {
                &mut marks.house
            } else {
                &mut marks.hard
            };
            map.insert(name.to_string(), std::mem::take(&mut why));
        }
        marks.named.push((name.to_string(), i + 1));
    }
    Ok(marks)
}

/// What a failing case must do, from `NAME.err`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedFailure {
    /// Why the case fails (the `# why:` line).
    pub why: String,
    /// The exit code (`exit: N`).
    pub exit: i32,
    /// Text that stderr must contain (`stderr: TEXT`).
    pub stderr: String,
}

/// The files of one set folder: relative path (`x.in`, `fail/x.err`) to bytes.
type Files = BTreeMap<String, Vec<u8>>;

fn embedded_files(key: &str) -> Option<Files> {
    let (_, dir) = EMBEDDED.iter().find(|(k, _)| *k == key)?;
    let mut files = Files::new();
    let folders = std::iter::once(dir).chain(dir.get_dir("fail"));
    for folder in folders {
        for file in folder.files() {
            let rel = file.path().strip_prefix(dir.path()).unwrap_or(file.path());
            files.insert(rel.to_string_lossy().into_owned(), file.contents().to_vec());
        }
    }
    Some(files)
}

fn dir_files(dir: &Path) -> Result<Files, FixtureError> {
    let err = |path: &Path, e: std::io::Error| FixtureError {
        path: path.display().to_string(),
        why: e.to_string(),
    };
    let mut files = Files::new();
    let fail = dir.join("fail");
    let folders = std::iter::once(dir.to_path_buf()).chain(fail.is_dir().then_some(fail));
    for folder in folders {
        for entry in std::fs::read_dir(&folder).map_err(|e| err(&folder, e))? {
            let path = entry.map_err(|e| err(&folder, e))?.path();
            if !path.is_file() {
                continue;
            }
            let bytes = std::fs::read(&path).map_err(|e| err(&path, e))?;
            let rel = path.strip_prefix(dir).unwrap_or(&path);
            files.insert(rel.to_string_lossy().into_owned(), bytes);
        }
    }
    Ok(files)
}

/// Every case of one problem's set, sorted by name: for [`Source::Embedded`]
/// the shipped `inputs/<key>/`, for [`Source::Dir`] that folder itself.
pub fn load_set(source: &Source, key: &str) -> Result<Vec<Fixture>, FixtureError> {
    let (files, shown) = match source {
        Source::Embedded => {
            let files = embedded_files(key).ok_or_else(|| FixtureError {
                path: format!("inputs/{key}"),
                why: "no such fixture set is shipped".into(),
            })?;
            (files, format!("inputs/{key}"))
        }
        Source::Dir(dir) => (dir_files(dir)?, dir.display().to_string()),
    };
    parse_set(&files, &shown)
}

/// A set from its files (relative path, `x.in` or `fail/x.err`, to bytes),
/// `shown` naming the folder in messages.
pub fn parse_set(
    files: &BTreeMap<String, Vec<u8>>,
    shown: &str,
) -> Result<Vec<Fixture>, FixtureError> {
    let shown = shown.to_string();
    let text = |rel: &str| -> Result<Option<String>, FixtureError> {
        files
            .get(rel)
            .map(|bytes| {
                String::from_utf8(bytes.clone()).map_err(|e| FixtureError {
                    path: format!("{shown}/{rel}"),
                    why: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to() + 1),
                })
            })
            .transpose()
    };
    let marks = match text("problem")? {
        Some(t) => parse_marks(&t, &format!("{shown}/problem"))?,
        None => Marks::default(),
    };
    let mut fixtures = Vec::new();
    for rel in files.keys().filter(|k| k.ends_with(".in")) {
        let stem = &rel[..rel.len() - 3];
        let name = Path::new(stem)
            .file_name()
            .map_or(stem.to_string(), |n| n.to_string_lossy().into_owned());
        let failure = match text(&format!("{stem}.err"))? {
            Some(t) => Some(parse_err_file(&t).map_err(|why| FixtureError {
                path: format!("{shown}/{stem}.err"),
                why,
            })?),
            None => None,
        };
        fixtures.push(Fixture {
            origin: format!("{shown}/{rel}"),
            input: text(rel)?.unwrap_or_default(),
            expected: text(&format!("{stem}.out"))?,
            failure,
            slow: marks.slow.get(&name).cloned().unwrap_or_default(),
            house: rel.starts_with("fail/") || marks.house.contains_key(&name),
            hard: marks.hard.get(&name).cloned(),
            limit: marks.limit.get(&name).cloned(),
            name,
        });
    }
    if let Some((name, line)) = marks
        .named
        .iter()
        .find(|(name, _)| !fixtures.iter().any(|f| &f.name == name))
    {
        return Err(FixtureError {
            path: format!("{shown}/problem"),
            why: format!("line {line}: no case {name:?} here (no {name}.in)"),
        });
    }
    if fixtures.is_empty() {
        return Err(FixtureError {
            path: shown,
            why: "no NAME.in files here".into(),
        });
    }
    fixtures.sort_by(|a, b| a.name.cmp(&b.name));
    if let Some(w) = fixtures.windows(2).find(|w| w[0].name == w[1].name) {
        return Err(FixtureError {
            path: w[1].origin.clone(),
            why: format!("a second case named {:?} (also {})", w[1].name, w[0].origin),
        });
    }
    Ok(fixtures)
}

/// Every case in a folder of this checkout (`inputs/lanqiao`, with its `fail/`).
///
/// # Panics
/// If the folder or a file is malformed: for the tests and benchmarks, which
/// read the checkout's own fixtures.
pub fn load_dir(dir: &Path) -> Vec<Fixture> {
    load_set(&Source::Dir(dir.to_path_buf()), "").unwrap_or_else(|e| panic!("{e}"))
}

/// The fixture whose `NAME.in` is `input_path`.
///
/// # Panics
/// As [`load_dir`], or if there is no such fixture.
pub fn load(input_path: &Path) -> Fixture {
    let dir = input_path.parent().expect("a file in a folder");
    let dir = if dir.ends_with("fail") {
        dir.parent().unwrap()
    } else {
        dir
    };
    let stem = input_path.file_stem().unwrap().to_string_lossy();
    load_dir(dir)
        .into_iter()
        .find(|f| f.name == stem)
        .unwrap_or_else(|| panic!("no fixture {}", input_path.display()))
}

fn parse_err_file(text: &str) -> Result<ExpectedFailure, String> {
    let (mut why, mut exit, mut stderr) = (None, None, None);
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# why:") {
            why = Some(rest.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("exit:") {
            let code = rest
                .trim()
                .parse::<i32>()
                .map_err(|e| format!("`exit:` is not a number ({e})"))?;
            exit = Some(code);
        } else if let Some(rest) = line.strip_prefix("stderr:") {
            stderr = Some(rest.trim().to_string());
        }
    }
    Ok(ExpectedFailure {
        why: why.ok_or("no `# why:` line")?,
        exit: exit.ok_or("no `exit:` line")?,
        stderr: stderr.ok_or("no `stderr:` line")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_set(test: &str, files: &[(&str, &[u8])]) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sudoku-fixtures-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (rel, bytes) in files {
            let path = dir.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, bytes).unwrap();
        }
        dir
    }

    #[test]
    fn the_shipped_sets_are_embedded_with_their_failing_cases() {
        let lanqiao = load_set(&Source::Embedded, "lanqiao").unwrap();
        let on_disk = load_dir(&inputs_dir().join("lanqiao"));
        assert_eq!(lanqiao.len(), on_disk.len());
        let bad = lanqiao.iter().find(|f| f.name == "bad_char").unwrap();
        assert_eq!(bad.origin, "inputs/lanqiao/fail/bad_char.in");
        assert_eq!(bad.failure.as_ref().map(|f| f.exit), Some(2));
        for key in ["lc36", "lc37"] {
            assert!(!load_set(&Source::Embedded, key).unwrap().is_empty());
        }
    }

    #[test]
    fn malformed_fixtures_name_the_file() {
        type Files<'a> = &'a [(&'a str, &'a [u8])];
        let cases: [(&str, Files, &str); 4] = [
            (
                "no-exit",
                &[("x.in", b"1"), ("x.err", b"# why: w\nstderr: s\n")],
                "x.err: no `exit:` line",
            ),
            (
                "bad-exit",
                &[
                    ("fail/x.in", b"1"),
                    ("fail/x.err", b"# why: w\nexit: two\nstderr: s\n"),
                ],
                "fail/x.err: `exit:` is not a number",
            ),
            (
                "non-utf8",
                &[("x.in", b"\xff\xfe")],
                "x.in: not UTF-8 text (byte 1)",
            ),
            ("empty", &[("README", b"hi")], "no NAME.in files here"),
        ];
        for (test, files, want) in cases {
            let dir = temp_set(test, files);
            let err = load_set(&Source::Dir(dir.clone()), "")
                .unwrap_err()
                .to_string();
            std::fs::remove_dir_all(&dir).unwrap();
            let want = want.replace('/', std::path::MAIN_SEPARATOR_STR);
            assert!(err.contains(&want), "{test}: {err}");
        }
        let missing = load_set(&Source::Dir("/no/such/folder".into()), "").unwrap_err();
        assert!(
            missing.to_string().starts_with("/no/such/folder: "),
            "{missing}"
        );
    }

    #[test]
    fn case_lines_in_the_problem_file_mark_house_hard_and_slow_cases() {
        let problem = b"order: 1\nhouse: a: CRLF line ends\nhard: b: made here to be slow\nslow: b: x y: y is slow\nlimit: b: 4000: x needs 1 s\n";
        let dir = temp_set(
            "marks",
            &[
                ("a.in", b"1"),
                ("a.out", b"1"),
                ("b.in", b"2"),
                ("c.in", b"3"),
                ("problem", problem),
            ],
        );
        let set = load_set(&Source::Dir(dir.clone()), "").unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let [a, b, c] = &set[..] else {
            panic!("{set:?}")
        };
        assert!(a.house && a.hard.is_none());
        assert!(!b.house && b.hard.as_deref() == Some("made here to be slow"));
        assert_eq!(b.slow.names, ["x", "y"]);
        assert_eq!(b.slow.why, "y is slow");
        let want = Limit {
            ms: 4000,
            why: "x needs 1 s".into(),
        };
        assert_eq!(b.limit.as_ref(), Some(&want));
        assert!(!c.house && c.hard.is_none() && c.slow.names.is_empty() && c.limit.is_none());
        let bad: [(&[u8], &str); 6] = [
            (
                b"order: 1\nhouse: gone: why\n",
                "problem: line 2: no case \"gone\" here",
            ),
            (
                b"house: a\n",
                "problem: line 1, column 9: `house: NAME: why`",
            ),
            (b"\nhard: a:  \n", "problem: line 2, column 9: no reason"),
            (
                b"house: two words: why\n",
                "problem: line 1, column 7: a case name",
            ),
            (b"limit: a: 4 s: why\n", "column 10: `limit: NAME: MS: why`"),
            (b"limit: a: 4000\n", "needs the why"),
        ];
        for (problem, want) in bad {
            let dir = temp_set("marks-bad", &[("a.in", b"1"), ("problem", problem)]);
            let err = load_set(&Source::Dir(dir.clone()), "").unwrap_err();
            std::fs::remove_dir_all(&dir).unwrap();
            assert!(err.to_string().contains(want), "{err}");
        }
    }

    /// What `oj test -d inputs/KEY` reads: every file with a dot in its name
    /// must be `NAME.in` or `NAME.out`, and every `NAME.out` has its `NAME.in`.
    #[test]
    fn every_shipped_folder_opens_in_online_judge_tools() {
        for entry in std::fs::read_dir(inputs_dir()).unwrap() {
            let dir = entry.unwrap().path();
            if !dir.join("problem").is_file() && !dir.ends_with("lc36") {
                continue;
            }
            for file in std::fs::read_dir(&dir).unwrap() {
                let name = file.unwrap().file_name().to_string_lossy().into_owned();
                let Some((stem, ext)) = name.rsplit_once('.') else {
                    continue;
                };
                assert!(
                    matches!(ext, "in" | "out"),
                    "{}: oj stops at {name}",
                    dir.display()
                );
                assert!(dir.join(format!("{stem}.in")).is_file(), "{name}");
            }
        }
    }

    #[test]
    fn luogu_p1074s_cases_outside_its_promise_are_house_cases() {
        let set = load_set(&Source::Embedded, "p1074").unwrap();
        for name in [
            "clashing_givens_few_givens_print_minus_one",
            "clashing_givens_print_minus_one",
        ] {
            let case = set.iter().find(|f| f.name == name).unwrap();
            assert!(case.house, "{name}");
        }
        let sample = set.iter().find(|f| f.name == "sample1").unwrap();
        assert!(!sample.house);
    }

    #[test]
    fn err_file_needs_all_three_lines() {
        let ok = parse_err_file("# why: two 5s\nexit: 2\nstderr: line 1, column 2\n").unwrap();
        assert_eq!(ok.exit, 2);
        assert!(parse_err_file("exit: 1\n").is_err());
    }
}
