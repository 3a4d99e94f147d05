//! `sudoku judge FILE --lines`: each failure of a user's file as one line
//! an editor's problem matcher reads, `sudoku: PATH:LINE:COL: error:
//! MESSAGE`: the compiler's own errors and warnings at their lines, a crash
//! at the line of the file it names, any other failure (WA, PE, TLE, MLE) at
//! line 1 with its case and first difference; one line a kind of failure,
//! at its first case, saying how many more cases failed so. The documented VS Code task
//! (docs/judge.md) matches them with one regex.

use super::{verdict_text, Part};
use crate::judge::{CaseResult, Verdict};

/// The prefix every line starts with, so a matcher takes nothing else.
pub const PREFIX: &str = "sudoku: ";

/// The lines for `results` of `part`'s user files.
pub fn lines(part: &Part, results: &[CaseResult]) -> Vec<String> {
    let mut out = Vec::new();
    for solution in &part.solutions {
        let Some(user) = &solution.user else { continue };
        let path = user.path.display().to_string();
        let name = user
            .path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let failed: Vec<&CaseResult> = results
            .iter()
            .filter(|r| r.solution == solution.name && !r.as_expected())
            .collect();
        if let Err(ce) = &user.built {
            out.extend(compiler_lines(ce, &path));
            if !out.iter().any(|l| l.contains(": error: ")) {
                out.push(format!(
                    "{PREFIX}{path}:1:1: error: CE: {}",
                    ce.lines().next().unwrap_or("compilation error")
                ));
            }
            continue;
        }
        // One line a failure kind: the same verdict on several cases once,
        // at its first case, with how many more there are.
        let mut seen: Vec<String> = Vec::new();
        for r in &failed {
            let kind = verdict_text(r);
            if seen.contains(&kind) {
                continue;
            }
            seen.push(kind.clone());
            let more = failed.iter().filter(|o| verdict_text(o) == kind).count() - 1;
            let more = match more {
                0 => String::new(),
                1 => " and 1 more case".to_string(),
                n => format!(" and {n} more cases"),
            };
            let (line, col) = if r.verdict == Verdict::Re {
                crash_line(&r.detail, &name, &user.staged).unwrap_or((1, 1))
            } else {
                (1, 1)
            };
            let what = match &r.first {
                Some(first) => {
                    let shown = |t: &Option<String>| {
                        t.as_deref()
                            .map_or("the end of the output".to_string(), |t| format!("{t:?}"))
                    };
                    format!(
                        "line {} of the output: expected {}, got {}",
                        first.line,
                        shown(&first.expected),
                        shown(&first.got)
                    )
                }
                None => r.detail.lines().next().unwrap_or("").trim().to_string(),
            };
            out.push(format!(
                "{PREFIX}{path}:{line}:{col}: error: {kind} on {} (expected {}){more}: {what}",
                r.fixture, r.expected
            ));
        }
    }
    // Every line is shown as a terminal would not obey it: a file's name,
    // a compiler's or a program's words may hold escape codes or bidi
    // controls.
    out.into_iter().map(|l| super::printable(&l)).collect()
}

/// The compiler's `FILE:LINE:COL: error|warning: MESSAGE` lines, at the
/// user's path (the build names its own copy).
fn compiler_lines(ce: &str, path: &str) -> Vec<String> {
    ce.lines()
        .filter_map(|l| {
            let (file, rest) = l.split_once(':')?;
            if !names_own(file, path) {
                return None;
            }
            let (line, rest) = rest.split_once(':')?;
            // javac gives no column: `x.java:3: error: ...`.
            let (col, rest) = match rest.split_once(':') {
                Some((c, r)) if c.trim().parse::<u32>().is_ok() => (c, r),
                _ => ("1", rest),
            };
            let rest = rest.trim_start();
            let severity = ["error", "warning", "fatal error"]
                .into_iter()
                .find(|s| rest.starts_with(&format!("{s}:")))?;
            let message = rest[severity.len() + 1..].trim();
            let (line, col): (u32, u32) = (line.trim().parse().ok()?, col.trim().parse().ok()?);
            (!file.is_empty()).then(|| {
                let severity = if severity == "warning" {
                    "warning"
                } else {
                    "error"
                };
                format!("{PREFIX}{path}:{line}:{col}: {severity}: {message}")
            })
        })
        .chain(rustc_lines(ce, path))
        .collect()
}

/// Whether the compiler's `file` is the user's file at `path` (`x.cpp`,
/// `./x.cpp`), not a file of the judge's harness (`SudokuJudgeHarness.java`).
fn names_own(file: &str, path: &str) -> bool {
    let own = std::path::Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy());
    own.is_some_and(|own| file.rsplit('/').next() == Some(&*own))
}

/// rustc's and javac's other shape: `error[E0425]: MESSAGE` then
/// `  --> FILE:LINE:COL`.
fn rustc_lines(ce: &str, path: &str) -> Vec<String> {
    let lines: Vec<&str> = ce.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let severity = if l.starts_with("error") {
            "error"
        } else if l.starts_with("warning") {
            "warning"
        } else {
            continue;
        };
        let Some(message) = l.split_once(": ").map(|(_, m)| m) else {
            continue;
        };
        let Some(at) = lines
            .get(i + 1)
            .and_then(|n| n.trim_start().strip_prefix("--> "))
        else {
            continue;
        };
        let mut parts = at.rsplitn(3, ':');
        let (Some(col), Some(line), Some(file)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        if !names_own(file, path) {
            continue;
        }
        if let (Ok(line), Ok(col)) = (line.parse::<u32>(), col.trim().parse::<u32>()) {
            out.push(format!(
                "{PREFIX}{path}:{line}:{col}: {severity}: {message}"
            ));
        }
    }
    out
}

/// The line (and column) of the user's file a crash names: `NAME:12`,
/// `NAME:12:5`, `line 5 of NAME`, or the same at a name the build gave
/// the file (`staged`: a Java file is built as its class, `Main.java`,
/// `Solution.java`, `Anti.java`, which its frames name, whatever the user
/// called it).
fn crash_line(detail: &str, name: &str, staged: &[String]) -> Option<(u32, u32)> {
    let number = |s: &str| -> Option<u32> {
        let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    for file in std::iter::once(name).chain(staged.iter().map(String::as_str)) {
        if file.is_empty() {
            continue;
        }
        if let Some(i) = detail
            .find("line ")
            .filter(|_| detail.contains(&format!(" of {file}")))
        {
            if let Some(line) = number(&detail[i + 5..]) {
                return Some((line, 1));
            }
        }
        // The whole name, not the end of another (`MyMain.java:` is not `Main.java:`).
        let needle = format!("{file}:");
        let at = detail.match_indices(&needle).map(|(i, _)| i).find(|&i| {
            !detail[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.'))
        });
        if let Some(i) = at {
            let rest = &detail[i + needle.len()..];
            let line = number(rest)?;
            let after = &rest[line.to_string().len()..];
            let col = after.strip_prefix(':').and_then(number).unwrap_or(1);
            return Some((line, col));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_names_its_line() {
        let java = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        for (detail, name, staged, want) in [
            (
                "IndexError: list index out of range at line 5 of x.py (in check)",
                "x.py",
                java(&[]),
                (5, 1),
            ),
            (
                "panicked at x.rs:7:20: index out of bounds",
                "x.rs",
                java(&[]),
                (7, 20),
            ),
            (
                "java.lang.StringIndexOutOfBoundsException: at Main.main(Main.java:9)",
                "Main.java",
                java(&["Main.java"]),
                (9, 1),
            ),
            (
                "TypeError: at Object.<anonymous> (x.js:3:14)",
                "x.js",
                java(&[]),
                (3, 14),
            ),
            // A Java file named otherwise is built as its class.
            (
                "java.lang.ArrayIndexOutOfBoundsException: at Solution.solveSudoku(Solution.java:20)",
                "lc37.java",
                java(&["Solution.java"]),
                (20, 1),
            ),
            (
                "java.lang.NullPointerException: at Main.main(Main.java:4)",
                "poj2676.java",
                java(&["Main.java"]),
                (4, 1),
            ),
            (
                "java.lang.ArrayIndexOutOfBoundsException: Index 1 out of bounds for length 0 at Anti.main(Anti.java:8)",
                "cf1335d.java",
                java(&["Anti.java"]),
                (8, 1),
            ),
        ] {
            assert_eq!(crash_line(detail, name, &staged), Some(want), "{detail}");
        }
        assert_eq!(crash_line("Segmentation fault", "x.cpp", &[]), None);
        // The harness's own frames are not the user's file, nor is a
        // name that only ends like the staged one.
        assert_eq!(
            crash_line(
                "at SudokuJudgeHarness.main(SudokuJudgeHarness.java:19)",
                "lc37.java",
                &java(&["Solution.java"])
            ),
            None
        );
        assert_eq!(
            crash_line(
                "at MyMain.main(MyMain.java:3)",
                "x.java",
                &java(&["Main.java"])
            ),
            None
        );
    }

    #[test]
    fn compiler_errors_keep_their_place_at_the_users_path() {
        let gcc =
            "./x.cpp:3:55: error: expected expression\n    3 |   int x = ;\n1 error generated.";
        assert_eq!(
            compiler_lines(gcc, "src/x.cpp"),
            ["sudoku: src/x.cpp:3:55: error: expected expression"]
        );
        let javac = "x.java:6: error: LeetCode calls it\nSudokuJudgeHarness.java:19: error: incompatible types";
        assert_eq!(
            compiler_lines(javac, "src/x.java"),
            ["sudoku: src/x.java:6:1: error: LeetCode calls it"]
        );
        let rustc = "error[E0425]: cannot find value `y` in this scope\n --> x.rs:2:13\n  |";
        assert_eq!(
            compiler_lines(rustc, "x.rs"),
            ["sudoku: x.rs:2:13: error: cannot find value `y` in this scope"]
        );
    }
}
