//! The problems the judge knows, as data: id, statement, formats, limits,
//! which exit codes are answers, the checker, and the built-in solutions.
//!
//! Adding a problem is one more [`Problem`] value in [`PROBLEMS`], its
//! fixtures in `inputs/<key>/`, and its solutions in the runner
//! ([`super::runner::runner_main`]); the sandbox and the report do not change.

use super::checker::{self, Answer, Checker};
use super::validate;
use super::Verdict;
use crate::format::{format_board, parse_board};
use crate::grid::Grid;
use crate::{dlx, lc36, lc37, oracle};

/// One judge problem.
#[derive(Debug)]
pub struct Problem {
    /// The `--problem` value and the folder under `inputs/`.
    pub key: &'static str,
    /// The table title.
    pub title: &'static str,
    /// Its short name, as `judged as:` says it (`LeetCode 37`, `POJ 3074`).
    pub short: &'static str,
    /// Its names on the judges, for telling it from a file's path:
    /// `JUDGE ID` each, comma-separated (`poj 2676, luogu p10481`); an ID
    /// may be `CONTEST/TASK` (`atcoder abc327/c`), and words after it are
    /// the title (`leetcode 37 sudoku solver`).
    pub names: &'static str,
    /// Its title and the title's short forms, as a file is named after it
    /// (Competitive Companion's `D_Anti_Sudoku.cpp`), comma-separated
    /// (`squiggly sudoku, squiggly`): read from a path only where no key
    /// or name is. Empty where the title is every problem's (`Sudoku`).
    pub titles: &'static str,
    /// Java: the class a stdin program must be (`Main`), or `None` where the
    /// judge takes any public class (Codeforces).
    pub java_main: Option<&'static str>,
    /// Where the statement is.
    pub statement: &'static str,
    /// The input format, in one line.
    pub input: &'static str,
    /// The output format, in one line.
    pub output: &'static str,
    /// Default CPU time limit, ms.
    pub time_ms: u64,
    /// Default memory limit, MB.
    pub memory_mb: u64,
    /// How an output is judged.
    pub checker: Checker,
    /// The built-in solutions and the verdict each should get.
    pub solutions: fn() -> Vec<(&'static str, Verdict)>,
    /// For a user's `--input` without `--expect`: checks the input with the
    /// problem's own parser (a malformed one is an error naming line and
    /// column) and works out the expected answer.
    pub reference: fn(&str) -> Result<Answer, String>,
    /// For a user's `--input`: does this input (and the start of its
    /// `--expect`, if any) look like this problem? Asked in table order.
    pub claims: fn(&str, Option<&str>) -> bool,
}

/// How a stdin problem's input holds one 9×9 puzzle of digits, 0 for an
/// empty cell: what the trace feeds a stdin program, and where the judge's
/// hint finds a failed case's puzzle to trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridInput {
    /// A count of grids on the first line (POJ 2676's `1`).
    pub count_first: bool,
    /// Between a row's digits (Luogu's space).
    pub separator: &'static str,
}

impl GridInput {
    /// The input holding `puzzle` alone.
    pub fn of(&self, puzzle: &Grid) -> String {
        let rows: String = puzzle
            .0
            .chunks(9)
            .map(|row| {
                let digits: Vec<String> = row.iter().map(u8::to_string).collect();
                digits.join(self.separator) + "\n"
            })
            .collect();
        if self.count_first {
            format!("1\n{rows}")
        } else {
            rows
        }
    }

    /// The first puzzle of an input in this layout, if it holds one.
    pub fn first_puzzle(&self, input: &str) -> Option<Grid> {
        let rows: String = input
            .lines()
            .skip(usize::from(self.count_first))
            .filter(|l| !l.trim().is_empty())
            .take(9)
            .map(|l| l.split_whitespace().collect::<String>() + "\n")
            .collect();
        crate::format::read_puzzle(&rows).ok()
    }
}

impl Problem {
    /// How this problem's input holds one puzzle, where it is a stdin
    /// problem of one 9×9 grid of digits (Lanqiao's, POJ 2676's, Luogu
    /// P1784's and P1074's).
    pub fn grid_input(&self) -> Option<GridInput> {
        let (count_first, separator) = match self.key {
            "lanqiao" => (false, ""),
            "poj2676" => (true, ""),
            "p1784" | "p1074" => (false, " "),
            _ => return None,
        };
        Some(GridInput {
            count_first,
            separator,
        })
    }
}

/// Looks a problem up by its key.
pub fn by_key(key: &str) -> Option<&'static Problem> {
    PROBLEMS.iter().find(|p| p.key == key)
}

/// The keys, for messages: `lc36, lc37, lanqiao`.
pub fn keys() -> String {
    PROBLEMS
        .iter()
        .map(|p| p.key)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The problem a user's case belongs to: the first that claims it, else
/// Lanqiao (the family's formats overlap too much to guess; name them with
/// `--problem`).
pub fn detect(input: &str, expect: Option<&str>) -> &'static Problem {
    PROBLEMS
        .iter()
        .find(|p| (p.claims)(input, expect))
        .or_else(|| by_key("lanqiao"))
        .expect("Lanqiao is a problem")
}

/// A stdin program's result as the expected answer: its stdout, or the
/// failure it must show (exit 1: outside the problem's promise), or, for
/// exit 2, the malformed-input message (a user's `--input` is refused).
fn from_program(result: Result<String, (u8, String)>) -> Result<Answer, String> {
    match result {
        Ok(out) => Ok(Answer::Text(out)),
        Err((2, message)) => Err(message),
        Err((code, message)) => Ok(Answer::Fails {
            why: message.clone(),
            exit: i32::from(code),
            stderr: message,
        }),
    }
}

/// A problem of the online-judge family: a std-only stdin program
/// `solutions/KEY.rs` (binary `sudoku-KEY`), exit 0 answer / 1 outside the
/// statement's promise / 2 malformed, judged by `checker`.
macro_rules! family {
    ($key:literal, $short:literal, $names:literal, $titles:literal, $title:literal, $url:literal, $input:literal, $output:literal,
     $time:literal, $memory:literal, $checker:expr, $java:expr, [$($solution:expr),*]) => {
        Problem {
            key: $key,
            title: $title,
            short: $short,
            names: $names,
            titles: $titles,
            java_main: $java,
            statement: $url,
            input: $input,
            output: $output,
            time_ms: $time,
            memory_mb: $memory,
            checker: $checker,
            solutions: || vec![$($solution),*],
            // The answer of the program named like the problem, through the
            // runner's own table, so the failure mapping is written once.
            reference: |input| {
                let run = crate::family::program($key)
                    .expect("every stdin problem has a program of its key");
                from_program(run(input))
            },
            claims: |_, _| false,
        }
    };
}

fn is_literal(input: &str) -> bool {
    input.trim_start().starts_with('[')
}

/// One puzzle on one line (81 characters, what `sudoku gen` writes), or a
/// single line meant as one: longer than a row, which the one-line reader
/// then says is malformed at its column.
fn is_one_line(input: &str) -> bool {
    let mut lines = input
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    lines.next().is_some_and(|l| l.chars().count() > 9) && lines.next().is_none()
}

/// A user's `--input` in `problem`'s own format: a single 9×9 puzzle given
/// as LeetCode's literal, one 81-character line or 9 lines of 9 becomes the
/// literal for LeetCode and 9 lines of digits for Lanqiao; anything else is
/// left as it is, for the problem's own parser to judge. A puzzle on one
/// line, or anything but a literal for LeetCode, that the puzzle reader
/// refuses is an error naming its line and column.
pub fn as_input_of(problem: &Problem, input: &str) -> Result<String, String> {
    let literal = is_literal(input);
    let read = || crate::format::read_puzzle(input).map_err(|e| e.to_string());
    Ok(match problem.key {
        "lc36" | "lc37" if !literal => format_board(&read()?.to_board()),
        "lanqiao" if literal || is_one_line(input) => read()?.to_rows(),
        _ => input.to_string(),
    })
}

const LC36: Problem = Problem {
    key: "lc36",
    title: "LeetCode 36 (Valid Sudoku)",
    short: "LeetCode 36",
    names: "leetcode 36 valid sudoku",
    // "Valid Sudoku" alone names any checker: only with the number (`names`).
    titles: "",
    java_main: None,
    statement: "https://leetcode.com/problems/valid-sudoku/",
    input: "LeetCode's board literal [[\"5\",\"3\",\".\",…],…]",
    output: "true or false",
    time_ms: 2000,
    memory_mb: 256,
    checker: checker::lines,
    solutions: || {
        lc36::APPROACHES
            .iter()
            .map(|&(n, _)| (n, Verdict::Ac))
            .collect()
    },
    reference: |input| {
        let board = parse_board(input).map_err(|e| e.to_string())?;
        let valid = oracle::givens_consistent(&Grid::from_board(&board));
        Ok(Answer::Text(format!("{valid}\n")))
    },
    claims: |input, expect| {
        (is_literal(input) || is_one_line(input))
            && matches!(expect.map(str::trim), Some("true" | "false"))
    },
};

const LC37: Problem = Problem {
    key: "lc37",
    title: "LeetCode 37 (Sudoku Solver)",
    short: "LeetCode 37",
    names: "leetcode 37 sudoku solver",
    // "Sudoku Solver" alone names any solver: only with the number (`names`).
    titles: "",
    java_main: None,
    statement: "https://leetcode.com/problems/sudoku-solver/",
    input: "LeetCode's board literal, `.` for an empty cell; exactly one solution",
    output: "the solved board, as a literal",
    time_ms: 2000,
    memory_mb: 256,
    checker: checker::board,
    solutions: || {
        lc37::APPROACHES
            .iter()
            .map(|&(n, _)| (n, Verdict::Ac))
            .chain([(lc37::WRONG_DFS.0, Verdict::Tle)])
            .collect()
    },
    reference: |input| {
        let board = parse_board(input).map_err(|e| e.to_string())?;
        let outcome = dlx::solve(&Grid::from_board(&board), 2);
        match (outcome.count, outcome.solution) {
            (1, Some(s)) => Ok(Answer::Text(format_board(&s.to_board()))),
            (n, _) => Err(format!(
                "LeetCode 37 promises one solution; this puzzle has {}",
                if n == 0 { "none" } else { "more than one" }
            )),
        }
    },
    claims: |input, _| is_literal(input) || is_one_line(input),
};

include!(concat!(env!("OUT_DIR"), "/problems.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_detection_falls_back_to_the_last() {
        let mut keys: Vec<&str> = PROBLEMS.iter().map(|p| p.key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), PROBLEMS.len());
        assert_eq!(detect("[[\".\"]]", Some(" true\n")).key, "lc36");
        assert_eq!(detect("[[\".\"]]", None).key, "lc37");
        assert_eq!(detect("000000000\n", None).key, "lanqiao");
    }

    #[test]
    fn every_reference_runs_on_any_input_without_panicking() {
        // The family's references look their program up by key.
        for p in &PROBLEMS {
            let _ = (p.reference)("");
            let _ = (p.reference)("not a puzzle\n");
        }
    }

    /// Each layout reads back the puzzle it writes, and only the grid
    /// problems have one.
    #[test]
    fn a_grid_input_reads_back_the_puzzle_it_holds() {
        let puzzle = crate::format::read_puzzle(
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
        )
        .unwrap();
        let mut laid = 0;
        for p in &PROBLEMS {
            let Some(layout) = p.grid_input() else {
                continue;
            };
            laid += 1;
            let input = layout.of(&puzzle);
            assert_eq!(layout.first_puzzle(&input), Some(puzzle), "{}", p.key);
            // The problem's own reader takes it.
            assert!((p.reference)(&input).is_ok(), "{}: {input}", p.key);
        }
        assert_eq!(laid, 4);
        assert!(by_key("lc37").unwrap().grid_input().is_none());
        let poj = by_key("poj2676").unwrap().grid_input().unwrap();
        assert!(poj.of(&puzzle).starts_with("1\n53007"));
    }

    #[test]
    fn the_lanqiao_reference_uses_the_programs_reader() {
        // `.` is not a Lanqiao digit: the program says exit 2, so must the judge.
        let dots = "53..7....\n".repeat(9);
        let err = (by_key("lanqiao").unwrap().reference)(&dots).unwrap_err();
        assert!(err.contains("line 1, column 3"), "{err}");
    }
}
