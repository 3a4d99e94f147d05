//! Fixture files under `inputs/`: LeetCode's board literal and the
//! online-judge-tools layout (`NAME.in` / `NAME.out`, plus `NAME.err` for a
//! case that must fail).
//!
//! ```text
//! inputs/lc36/NAME.in   [["5","3",".",...],...]   LeetCode's literal, pastes into its testcase box
//! inputs/lc36/NAME.out  true | false
//! inputs/lc37/NAME.in   [["5","3",".",...],...]
//! inputs/lc37/NAME.out  the solved board, same literal
//! inputs/lc37/NAME.slow optional: `# why`, `slow: NAMES` (approaches allowed TLE here)
//! inputs/lanqiao/NAME.in   9 lines of 9 digits (0 = unknown)
//! inputs/lanqiao/NAME.out  expected stdout (empty when the case must fail)
//! inputs/lanqiao/NAME.err  only for failing cases: `# why`, `exit: N`, `stderr: TEXT`
//! ```

use crate::grid::{ParseError, ParseErrorKind};
use std::path::{Path, PathBuf};

/// The `inputs/` folder of this checkout.
pub fn inputs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs")
}

/// One `NAME.in` with what goes with it.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// File stem, e.g. `leetcode_example`.
    pub name: String,
    /// Path of `NAME.in`.
    pub input_path: PathBuf,
    /// Contents of `NAME.in`.
    pub input: String,
    /// Contents of `NAME.out`, if present.
    pub expected: Option<String>,
    /// Parsed `NAME.err`, if present: the case must fail.
    pub failure: Option<ExpectedFailure>,
    /// Parsed `NAME.slow` (empty if absent): approaches allowed TLE here.
    pub slow: Slow,
}

/// A fixture's `NAME.slow`: solutions known to exceed the time limit on it.
///
/// ```text
/// # why: 11,470,999 placements in row-major order; ...
/// slow: lc37_01_scan_flag lc37_02_hash_sets_flag
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Slow {
    /// The `# why:` line.
    pub why: String,
    /// The `slow:` names.
    pub names: Vec<String>,
}

/// Reads `NAME.slow` beside an input file (empty if there is none).
pub fn load_slow(input_path: &Path) -> Slow {
    let Ok(text) = std::fs::read_to_string(input_path.with_extension("slow")) else {
        return Slow::default();
    };
    let mut slow = Slow::default();
    for line in text.lines() {
        if let Some(why) = line.strip_prefix("# why:") {
            slow.why = why.trim().to_string();
        } else if let Some(names) = line.strip_prefix("slow:") {
            slow.names
                .extend(names.split_whitespace().map(String::from));
        }
    }
    slow
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

/// Every `*.in` in `dir`, sorted by name, with its `.out` and `.err`.
///
/// # Panics
/// If the folder or a file cannot be read, or a `.err` file is malformed:
/// fixtures are part of the repository, so that is a broken checkout.
pub fn load_dir(dir: &Path) -> Vec<Fixture> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    paths.sort();
    paths.into_iter().map(|p| load(&p)).collect()
}

/// One fixture from the path of its `NAME.in`.
///
/// # Panics
/// As [`load_dir`].
pub fn load(input_path: &Path) -> Fixture {
    let read = |p: &Path| std::fs::read_to_string(p).ok();
    let input = read(input_path).unwrap_or_else(|| panic!("cannot read {}", input_path.display()));
    let failure = read(&input_path.with_extension("err")).map(|text| {
        parse_err_file(&text)
            .unwrap_or_else(|why| panic!("{}: {why}", input_path.with_extension("err").display()))
    });
    Fixture {
        name: input_path
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned(),
        input_path: input_path.to_path_buf(),
        input,
        expected: read(&input_path.with_extension("out")),
        failure,
        slow: load_slow(input_path),
    }
}

fn parse_err_file(text: &str) -> Result<ExpectedFailure, String> {
    let (mut why, mut exit, mut stderr) = (None, None, None);
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# why:") {
            why = Some(rest.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("exit:") {
            exit = Some(rest.trim().parse::<i32>().map_err(|e| e.to_string())?);
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

/// Reads LeetCode's board literal `[["5","3",".",...],...]` (whitespace and
/// newlines anywhere are fine). Errors carry the line and column of the text.
///
/// ```
/// use sudoku_workspace::fixtures::{format_board, parse_board};
/// let text = format!("[{}]", vec![format!("[{}]", vec!["\".\""; 9].join(",")); 9].join(","));
/// let board = parse_board(&text).unwrap();
/// assert_eq!(board.len(), 9);
/// assert_eq!(format_board(&board), text);
/// ```
pub fn parse_board(text: &str) -> Result<Vec<Vec<char>>, ParseError> {
    let mut board: Vec<Vec<char>> = Vec::new();
    let mut depth = 0;
    let (mut line, mut col) = (1, 0);
    let mut chars = text.chars().peekable();
    let err = |line, col, kind| ParseError { line, col, kind };
    while let Some(ch) = chars.next() {
        col += 1;
        match ch {
            '\n' => {
                line += 1;
                col = 0;
            }
            c if c.is_whitespace() || c == ',' => {}
            '[' if depth < 2 => {
                depth += 1;
                if depth == 2 {
                    if board.len() == 9 {
                        return Err(err(line, col, ParseErrorKind::TooManyLines { expected: 9 }));
                    }
                    board.push(Vec::new());
                }
            }
            ']' if depth > 0 => {
                if depth == 2 {
                    let found = board.last().map_or(0, Vec::len);
                    if found < 9 {
                        let kind = ParseErrorKind::TooShort { found, expected: 9 };
                        return Err(err(line, col, kind));
                    }
                }
                depth -= 1;
            }
            '"' if depth == 2 => {
                let start = col;
                let cell = chars.next();
                let close = chars.next();
                col += 2;
                match (cell, close) {
                    (Some(c @ ('.' | '1'..='9')), Some('"')) => {
                        let row = board.last_mut().expect("depth 2 has a row");
                        if row.len() == 9 {
                            return Err(err(line, start, ParseErrorKind::TooLong { expected: 9 }));
                        }
                        row.push(c);
                    }
                    (Some(c), _) => return Err(err(line, start + 1, ParseErrorKind::BadChar(c))),
                    (None, _) => break,
                }
            }
            c => return Err(err(line, col, ParseErrorKind::BadChar(c))),
        }
    }
    if board.len() < 9 || depth != 0 {
        let kind = ParseErrorKind::TooFewLines {
            found: board.len(),
            expected: 9,
        };
        return Err(err(line, col + 1, kind));
    }
    Ok(board)
}

/// LeetCode's literal for a board, on one line.
pub fn format_board(board: &[Vec<char>]) -> String {
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|c| format!("\"{c}\"")).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_errors_point_at_the_cell() {
        let good = format_board(&vec![vec!['.'; 9]; 9]);
        assert!(parse_board(&good).is_ok());
        let bad = good.replacen("\".\"", "\"x\"", 1);
        let e = parse_board(&bad).unwrap_err();
        assert_eq!(
            (e.line, e.col, e.kind),
            (1, 4, ParseErrorKind::BadChar('x'))
        );
        let short = good.replacen("\".\",", "", 1);
        assert!(matches!(
            parse_board(&short).unwrap_err().kind,
            ParseErrorKind::TooShort { found: 8, .. }
        ));
    }

    #[test]
    fn err_file_needs_all_three_lines() {
        let ok = parse_err_file("# why: two 5s\nexit: 2\nstderr: line 1, column 2\n").unwrap();
        assert_eq!(ok.exit, 2);
        assert!(parse_err_file("exit: 1\n").is_err());
    }
}
