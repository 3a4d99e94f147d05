//! Where the trace enters a user's file: the problem `sudoku judge` places
//! it in ([`solution::place`], one rule for both), and how the trace calls
//! it there, also where LeetCode could not (LeetCode's method in a class of
//! another name, or as a free function); or the true reason it cannot.

use super::super::Error;
use crate::judge::language::{self, Entry, Language, Method};
use crate::judge::problem::{self, GridInput, Problem};
use crate::judge::solution;
use std::path::Path;

/// A user's file, and where the trace enters it.
pub(super) struct Found {
    pub(super) lang: &'static Language,
    /// Its text, as LeetCode is given it.
    pub(super) text: String,
    /// The problem it is run as.
    pub(super) problem: &'static Problem,
    /// How the trace calls it.
    pub(super) call: Call,
    /// The file's name or folder, or `--problem`, names its problem.
    pub(super) named: bool,
    /// What the header says of how it is called, where LeetCode would not
    /// call it so; or nothing.
    pub(super) note: String,
}

/// How the trace calls a user's file.
#[cfg_attr(not(unix), allow(dead_code))]
pub(super) enum Call {
    /// Python, JavaScript: the harness calls `class`'s `solveSudoku` (an
    /// empty `class`: the module's own function).
    Harness { class: String },
    /// C, C++, Java, Rust: the judge's LeetCode harness calls
    /// `Solution`'s, with `tail` put after the copy's last line.
    LeetCode { tail: String },
    /// C, C++, Java, Rust: `main` reads one puzzle in `input`'s layout.
    Stdin { input: GridInput },
}

impl Found {
    /// Whether LeetCode 37's `solveSudoku` is called (else `main` reads
    /// stdin).
    pub(super) fn leetcode(&self) -> bool {
        !matches!(self.call, Call::Stdin { .. })
    }
}

/// The user's `path`, and where the trace enters it (`named`: the problem
/// given with `--problem`).
pub(super) fn find(path: &Path, named: Option<&'static Problem>) -> Result<Found, Error> {
    let shown = path.display().to_string();
    let cannot = |why: String| Error::Approach(format!("{shown}: {why}"));
    let lang = language::of(path).ok_or_else(|| cannot("not a source file".into()))?;
    if super::program::harness(lang).is_some() {
        leetcode_37(path, lang, named)
    } else if super::is_user_file(path) {
        let text = super::read_source(path)?;
        compiled(path, lang, text, named).map_err(cannot)
    } else if language::COPY_TRACED.contains(&lang.name) {
        Err(Error::Approach(super::why_not(path, lang.name)))
    } else {
        Err(cannot(
            "not a file the trace can run (.c, .cpp, .java, .rs, .py or .js)".into(),
        ))
    }
}

/// A Python or JavaScript file: its `solveSudoku` where LeetCode calls it,
/// in a class of another name, or at the module's top level (Python);
/// refused otherwise, and where `--problem` names another problem.
fn leetcode_37(
    path: &Path,
    lang: &'static Language,
    named: Option<&'static Problem>,
) -> Result<Found, Error> {
    let cannot = |why: String| Error::Approach(why);
    match named.map(|p| p.key) {
        None | Some("lc37") => {}
        Some("lc36") => {
            return Err(cannot(format!(
                "{}: --problem lc36: a LeetCode 36 solution checks a board and writes nothing to it; the trace follows a search (LeetCode 37's solveSudoku, or a stdin program's)",
                path.display()
            )))
        }
        Some(key) => {
            return Err(cannot(format!(
                "{}: --problem {key}: the trace runs a {} file as LeetCode 37's solveSudoku, not as a program reading stdin (stdin programs are traced in C, C++, Java and Rust); without --problem, or with --problem lc37, it traces its solveSudoku",
                path.display(),
                lang.name
            )))
        }
    }
    let text = super::read_source(path)?;
    let methods = (lang.leetcode)(&text);
    let lc37 = problem::by_key("lc37").expect("LeetCode 37 exists");
    let found = |class: String, note: String, text: String| Found {
        lang,
        text,
        problem: lc37,
        call: Call::Harness { class },
        named: named.is_some(),
        note,
    };
    let judged = match solution::place(path, &text, lang, named) {
        Ok((_, Entry::LeetCode(Method::SolveSudoku), _))
            if methods.contains(&Method::SolveSudoku) =>
        {
            return Ok(found("Solution".into(), String::new(), text))
        }
        Ok((_, Entry::LeetCode(Method::SolveSudoku), judged)) => {
            if let Some(other) = (lang.other_class)(&text) {
                let note = format!(
                    ". `sudoku judge` judges it as {judged}: LeetCode calls `Solution().solveSudoku(board)` and would not find it (line {}: rename the class to Solution); the trace calls class {}'s",
                    other.line, other.class
                );
                return Ok(found(other.class, note, text));
            }
            judged
        }
        // Two problems: LeetCode 37's method beside another's.
        Err(_) if methods.contains(&Method::SolveSudoku) => {
            return Ok(found("Solution".into(), String::new(), text))
        }
        // A Python function at the top level, in no class.
        Ok((_, Entry::Program, judged))
            if lang.name == "Python 3"
                && text.lines().any(|l| l.starts_with("def solveSudoku(")) =>
        {
            let note = format!(
                ". `sudoku judge` judges it as {judged}: its solveSudoku is a function at the top level, and LeetCode calls `Solution().solveSudoku(board)` (put it in class Solution, with self first); the trace calls the function"
            );
            return Ok(found(String::new(), note, text));
        }
        Ok((_, _, judged)) => judged,
        Err(e) => e.to_string(),
    };
    Err(cannot(format!(
        "{}: it has no solveSudoku where LeetCode looks for it ({}), and the trace runs a {} file's solveSudoku only (a stdin program is traced in C, C++, Java and Rust); `sudoku judge` judges it as {judged}. To trace its search, call it from a solveSudoku there{} that takes LeetCode's board and writes into it",
        path.display(),
        (lang.frame)(Method::SolveSudoku),
        lang.name,
        if lang.name == "Python 3" {
            " (or a `def solveSudoku(board)` at the top level)"
        } else {
            ""
        }
    )))
}

/// A C, C++, Java or Rust file: as it stands (LeetCode 37's method, or a
/// `main` reading a stdin problem's one puzzle), through a `Solution` the
/// copy adds (LeetCode's method in a class of another name, or a free Rust
/// or C++ function, which LeetCode does not call), or refused with the
/// reason.
fn compiled(
    path: &Path,
    lang: &'static Language,
    text: String,
    named: Option<&'static Problem>,
) -> Result<Found, String> {
    let methods = (lang.leetcode)(&text);
    let lc37 = problem::by_key("lc37").expect("LeetCode 37 exists");
    let leetcode = |tail: String| Call::LeetCode { tail };
    let (problem, entry, judged) = match solution::place(path, &text, lang, named) {
        Ok(found) => found,
        // Two problems: LeetCode 37's method beside a `main` that reads
        // stdin (a local test), or beside a helper named `isValidSudoku`.
        Err(_) if methods.contains(&Method::SolveSudoku) => {
            return Ok(Found {
                lang,
                text,
                problem: lc37,
                call: leetcode(String::new()),
                named: false,
                note: String::new(),
            })
        }
        Err(e) => return Err(e.to_string()),
    };
    let named = named.is_some() || matches!(solution::problem_by_path(path), Ok(Some(_)));
    // A free function, called from the `Solution` the copy adds.
    let through = |free: Free| {
        (
            leetcode(free.tail.into()),
            format!(
                ". `sudoku judge` judges it as {judged}: its {} is a free function, and LeetCode calls `{}` (put it in {}); the trace calls the free function from the {} it adds",
                free.name,
                free.call,
                (lang.frame)(Method::SolveSudoku),
                free.adds
            ),
        )
    };
    let (problem, named, (call, note)) = match entry {
        Entry::LeetCode(Method::SolveSudoku) if methods.contains(&Method::SolveSudoku) => {
            (problem, named, (leetcode(String::new()), String::new()))
        }
        Entry::LeetCode(Method::SolveSudoku) => {
            // Named for LeetCode 37: its method as a free function, called
            // as it would be in a file not named so.
            let other = (lang.other_class)(&text);
            if let (None, Some(free)) = (&other, free_function(lang, &text)) {
                (problem, named, through(free))
            } else {
                let other = other.ok_or_else(|| {
                    format!(
                        "judged as {judged}, and LeetCode's method is not in it ({}), as a free function or in a class of another name",
                        (lang.frame)(Method::SolveSudoku)
                    )
                })?;
                let tail = if lang.extensions[0] == "java" {
                    format!("\nclass Solution extends {} {{}}\n", other.class)
                } else {
                    format!("\nstruct Solution : public {} {{}};\n", other.class)
                };
                let note = format!(
                    ". `sudoku judge` judges it as {judged}: LeetCode calls `new Solution().solveSudoku(board)` and would not build it (line {}: rename the class to Solution); the trace calls it through a class Solution that extends class {}",
                    other.line, other.class
                );
                (problem, named, (leetcode(tail), note))
            }
        }
        Entry::LeetCode(Method::IsValidSudoku) => return Err(format!(
            "judged as {judged}: a LeetCode 36 solution checks a board and writes nothing to it; the trace follows a search (LeetCode 37's solveSudoku, or a stdin program's)"
        )),
        // The input, before anything is built: a problem whose input the
        // trace cannot give is refused at once.
        Entry::Program if (lang.reads_stdin)(&text) => {
            let input = problem.grid_input().ok_or_else(|| {
                format!(
                    "`sudoku judge` judges it as {}, whose input is {}: the trace feeds a stdin program one 9×9 puzzle of digits, 0 for an empty cell, as Lanqiao's, POJ 2676's (a count first), Luogu P1784's and P1074's inputs hold it",
                    problem.short, problem.input
                )
            })?;
            (problem, named, (Call::Stdin { input }, String::new()))
        }
        Entry::Program => match free_function(lang, &text) {
            Some(free) => (lc37, false, through(free)),
            None => return Err(format!(
                "neither a LeetCode 37 solution (no solveSudoku in LeetCode's frame: {}) nor a program that reads stdin (`sudoku judge` judges it as {judged}). To trace it, give it LeetCode's solveSudoku, or a main that reads the puzzle from stdin: Lanqiao's 9 lines of 9 digits, or another problem's input named with --problem KEY",
                (lang.frame)(Method::SolveSudoku)
            )),
        },
    };
    Ok(Found {
        lang,
        text,
        problem,
        call,
        named,
        note,
    })
}

/// LeetCode 37's method as a free function, and how the trace calls it.
struct Free {
    /// The function's name.
    name: &'static str,
    /// What the copy gets after its last line so that LeetCode's call
    /// reaches the function.
    tail: &'static str,
    /// LeetCode's call.
    call: &'static str,
    /// What `tail` is, in words.
    adds: &'static str,
}

/// LeetCode 37's method as a free function of a Rust or C++ file (no
/// `impl Solution`, no class), which the judge takes for a stdin program.
fn free_function(lang: &Language, text: &str) -> Option<Free> {
    let defines = |names: (&str, &str)| {
        language::methods_named(text, names.0, names.1).contains(&Method::SolveSudoku)
    };
    match lang.extensions[0] {
        "rs" if defines(("is_valid_sudoku", "solve_sudoku")) => Some(Free {
            name: "solve_sudoku",
            tail: "\nimpl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        solve_sudoku(board)\n    }\n}\n",
            call: "Solution::solve_sudoku(&mut board)",
            adds: "`impl Solution`",
        }),
        "cpp" | "cc" | "cxx" if defines(("isValidSudoku", "solveSudoku")) => Some(Free {
            name: "solveSudoku",
            tail: "\nstruct Solution {\n    void solveSudoku(std::vector<std::vector<char>>& board) { ::solveSudoku(board); }\n};\n",
            call: "new Solution()->solveSudoku(board)",
            adds: "`struct Solution`",
        }),
        _ => None,
    }
}
