//! A wrong answer, shown the way a contestant reads it: the input board (or
//! the input's first lines), the expected answer and yours labelled, and
//! the cells (or the first line) where they differ marked.
//!
//! ```text
//! input                        expected                     yours
//!  5  3  .  .  7  .  .  .  .    5  3  4  6  7  8  9  1  2    5  3  4  6  7  8  9  1  2
//!  .  9  8  .  .  .  .  6  .    1  9  8  3  4  2  5  6  7    1  9  8  3  4  2  5 [7][6]
//! [d]: 2 cells differ: row 3 col 8, row 3 col 9
//! ```

use crate::judge::checker::Answer;
use crate::judge::plan::Case;
use crate::judge::text::printable;
use crate::judge::CaseResult;
use std::fmt::Write as _;

/// How many lines of a text input are shown.
const INPUT_LINES: usize = 9;

/// How many differing cells are named.
const SHOWN_CELLS: usize = 6;

/// The detail's first line (the checker's one-line reason).
pub fn first_line(detail: &str) -> &str {
    detail.lines().next().unwrap_or("")
}

/// A 9×9 board from any of the puzzle formats, or `None`.
fn board(text: &str) -> Option<[u8; 81]> {
    crate::format::read_puzzle(text).ok().map(|g| g.0)
}

fn cell(d: u8) -> char {
    if d == 0 {
        '.'
    } else {
        char::from(b'0' + d)
    }
}

/// Three boards side by side, the differing cells of yours in brackets.
fn boards(input: &[u8; 81], expected: &[u8; 81], yours: &[u8; 81]) -> String {
    let mut out = format!("{:<29}{:<29}{}\n", "input", "expected", "yours");
    let mut differ = Vec::new();
    for r in 0..9 {
        let mut line = String::new();
        for grid in [input, expected] {
            for c in 0..9 {
                let _ = write!(line, " {} ", cell(grid[r * 9 + c]));
            }
            line.push_str("  ");
        }
        for c in 0..9 {
            let i = r * 9 + c;
            if yours[i] != expected[i] {
                differ.push(format!("row {} col {}", r + 1, c + 1));
                let _ = write!(line, "[{}]", cell(yours[i]));
            } else {
                let _ = write!(line, " {} ", cell(yours[i]));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if !differ.is_empty() {
        let more = differ.len().saturating_sub(SHOWN_CELLS);
        let mut named = differ[..differ.len().min(SHOWN_CELLS)].join(", ");
        if more > 0 {
            let _ = write!(named, " and {more} more");
        }
        let _ = writeln!(
            out,
            "[d]: {} cell{} differ{}: {named}",
            differ.len(),
            if differ.len() == 1 { "" } else { "s" },
            if differ.len() == 1 { "s" } else { "" },
        );
    }
    out
}

/// The input's first lines, the checker's reason lines relabelled.
fn text(case: &Case, r: &CaseResult) -> String {
    let mut out = String::from("input:\n");
    let lines: Vec<&str> = case.input.lines().collect();
    for line in lines.iter().take(INPUT_LINES) {
        let _ = writeln!(out, "  {}", printable(line));
    }
    if lines.len() > INPUT_LINES {
        let _ = writeln!(out, "  … ({} lines in all)", lines.len());
    }
    if let Some(first) = &r.first {
        let shown = |l: &Option<String>| match l {
            Some(t) => format!("{t:?}"),
            None => "nothing (the output had ended)".into(),
        };
        let _ = writeln!(out, "line {}:", first.line);
        let _ = writeln!(out, "  expected: {}", shown(&first.expected));
        let _ = writeln!(out, "  yours:    {}", shown(&first.got));
    }
    let diff: Vec<&str> = r.detail.lines().skip(1).collect();
    if !diff.is_empty() {
        out.push_str("line by line (`-` expected only, `+` yours only):\n");
        for line in diff {
            let _ = writeln!(out, "  {}", printable(line));
        }
    }
    out
}

/// Everything after the reason line, for a WA on `case`.
pub fn explain(case: &Case, r: &CaseResult) -> String {
    let expected = match &case.answer {
        Answer::Text(t) => Some(t.as_str()),
        _ => None,
    };
    let grids = (
        board(&case.input),
        expected.and_then(board),
        r.output.as_deref().and_then(board),
    );
    match grids {
        (Some(i), Some(e), Some(y)) => boards(&i, &e, &y),
        (Some(i), None, Some(y)) if r.problem.key == "lc37" => {
            // No stored answer: the oracle found yours wrong; show it beside the input.
            boards(&i, &y, &y)
        }
        _ => text(case, r),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differing_cells_are_bracketed_and_named() {
        let mut e = [1u8; 81];
        e[0] = 5;
        let mut y = e;
        y[20] = 7;
        let shown = boards(&[0; 81], &e, &y);
        assert!(shown.contains("[7]"), "{shown}");
        assert!(shown.contains("1 cell differs: row 3 col 3"), "{shown}");
        assert_eq!(shown.lines().count(), 11);
    }

    #[test]
    fn control_characters_in_a_diff_are_escaped() {
        assert_eq!(printable("\u{1b}[31mred\tx"), "\\u{1b}[31mred\tx");
        assert_eq!(printable("plain 123"), "plain 123");
    }

    #[test]
    fn characters_that_reorder_or_hide_text_in_a_diff_are_escaped() {
        // Drawn raw, U+202E shows `summary 1/1 AC` for the reversed text.
        assert_eq!(
            printable("+ \u{202E}CA 1/1 yrammus\u{202C}"),
            "+ \\u{202e}CA 1/1 yrammus\\u{202c}"
        );
        assert_eq!(
            printable("a\u{2028}b\u{2029}c\u{200B}d\u{FEFF}e\u{2067}"),
            "a\\u{2028}b\\u{2029}c\\u{200b}d\\u{feff}e\\u{2067}"
        );
        assert_eq!(printable("é 数独 ü"), "é 数独 ü");
    }
}
