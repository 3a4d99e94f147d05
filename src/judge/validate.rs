//! Validating checkers: for problems where many outputs are right (any
//! completion of a puzzle with several solutions, any Anti-Sudoku), the
//! output is checked against the rules by the oracle, not compared with a
//! stored answer. A special judge, as the online judges run for these.
//!
//! | checker | problem | accepts |
//! |---|---|---|
//! | [`poj2676`] | POJ 2676 | T grids of 9×9 digits, each a completion of its puzzle |
//! | [`poj3074`] | POJ 3074 | one completion per puzzle line |
//! | [`poj3076`] | POJ 3076 | 16×16 completions, letters `A`–`P` |
//! | [`spoj_sudoku`] | SPOJ SUDOKU | as POJ 3076, after the count line |
//! | [`hdu1426`] | HDU 1426 | 9×9 completions of `?` puzzles |
//! | [`cf1335d`] | Codeforces 1335D | Anti-Sudokus: ≤ 9 cells changed, a repeat in every unit |
//!
//! Layout is read as the judges' checkers read it: cell after cell, any
//! whitespace between (so a missing blank line between grids is not WA, a
//! missing or extra cell is). A case that must fail (`NAME.err`) goes to
//! [`checker::program`].

use super::checker::{self, read_capped, Answer, Check, Output};
use crate::oracle;
use crate::shape::Shape;
use std::io;

/// The most output a validating checker reads: 1000 16×16 grids are 272 KB.
const OUTPUT_CAP: u64 = 16 << 20;

/// A symbol of a problem's alphabet: a digit value, `0` for empty.
type Symbol = fn(char) -> Option<u8>;

/// The rule one output grid must meet, given its input grid: `Err` says why not.
type GridRule<'a> = &'a dyn Fn(&[u8], &[u8]) -> Result<(), String>;

fn digit(c: char) -> Option<u8> {
    c.to_digit(10).map(|d| d as u8)
}

fn digit_or_dot(c: char) -> Option<u8> {
    if c == '.' {
        Some(0)
    } else {
        digit(c)
    }
}

fn digit_or_question(c: char) -> Option<u8> {
    if c == '?' {
        Some(0)
    } else {
        digit(c)
    }
}

fn letter(c: char) -> Option<u8> {
    match c {
        '-' => Some(0),
        'A'..='P' => Some(c as u8 - b'A' + 1),
        _ => None,
    }
}

/// The cells of `text` in reading order, whitespace skipped; the error names
/// the first character outside the alphabet.
fn symbols(text: &str, symbol: Symbol) -> Result<Vec<u8>, String> {
    let mut cells = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for (j, c) in line.chars().enumerate() {
            if c.is_whitespace() {
                continue;
            }
            match symbol(c) {
                Some(d) => cells.push(d),
                None => return Err(format!("line {}, column {}: {c:?}", i + 1, j + 1)),
            }
        }
    }
    Ok(cells)
}

/// `text` after its first token (the count of POJ 2676, SPOJ, CF 1335D).
fn after_count(text: &str) -> &str {
    let text = text.trim_start();
    text.find(char::is_whitespace)
        .map_or("", |end| &text[end..])
}

/// The program's stdout as cells, or why it cannot be.
fn output_cells(case: &mut Output<'_>, symbol: Symbol) -> io::Result<Result<Vec<u8>, String>> {
    let (text, whole) = read_capped(case.stdout, OUTPUT_CAP)?;
    if !whole {
        return Ok(Err(format!("more than {OUTPUT_CAP} bytes of output")));
    }
    Ok(symbols(&text, symbol).map_err(|e| format!("unexpected character at {e}")))
}

/// One output grid per input grid, `n` cells each, every pair passing
/// `check`: the frame of every checker here.
fn each_grid(
    case: &mut Output<'_>,
    input: &str,
    symbol: Symbol,
    n: usize,
    check: GridRule<'_>,
) -> io::Result<Check> {
    if let Answer::Fails { .. } = case.answer {
        return checker::program(case);
    }
    if case.exit != 0 {
        return Ok(Check::wrong(format!("exit {}, expected 0", case.exit)));
    }
    let grids = match symbols(input, symbol) {
        Ok(cells) => cells,
        Err(e) => {
            return Ok(Check::wrong(format!(
                "the input is not this problem's: {e}"
            )))
        }
    };
    let got = match output_cells(case, symbol)? {
        Ok(cells) => cells,
        Err(e) => return Ok(Check::wrong(e)),
    };
    if got.len() != grids.len() {
        return Ok(Check::wrong(format!(
            "{} cells for {} grids of {n}: expected {}",
            got.len(),
            grids.len() / n,
            grids.len()
        )));
    }
    for (k, (grid, answer)) in grids.chunks(n).zip(got.chunks(n)).enumerate() {
        if let Err(why) = check(grid, answer) {
            return Ok(Check::wrong(format!("grid {}: {why}", k + 1)));
        }
    }
    Ok(Check::Accepted)
}

/// Every output grid completes its puzzle, one grid per puzzle.
fn completions(
    case: &mut Output<'_>,
    shape: &Shape,
    input: &str,
    symbol: Symbol,
) -> io::Result<Check> {
    let check = |puzzle: &[u8], answer: &[u8]| oracle::check_completion(shape, puzzle, answer);
    each_grid(case, input, symbol, shape.cells(), &check)
}

/// POJ 2676: a count line, then 9×9 grids of digits, `0` empty.
pub fn poj2676(case: &mut Output<'_>) -> io::Result<Check> {
    let input = after_count(case.input);
    completions(case, &Shape::boxes(3), input, digit)
}

/// POJ 3074: 81-character lines, `.` empty, up to a line `end`.
pub fn poj3074(case: &mut Output<'_>) -> io::Result<Check> {
    let input: String = case
        .input
        .lines()
        .map(str::trim)
        .take_while(|l| *l != "end")
        .collect::<Vec<_>>()
        .join("\n");
    completions(case, &Shape::boxes(3), &input, digit_or_dot)
}

/// POJ 3076: 16×16 grids of `A`–`P`, `-` empty.
pub fn poj3076(case: &mut Output<'_>) -> io::Result<Check> {
    let input = case.input;
    completions(case, &Shape::boxes(4), input, letter)
}

/// SPOJ SUDOKU: POJ 3076's grids after a count line.
pub fn spoj_sudoku(case: &mut Output<'_>) -> io::Result<Check> {
    let input = after_count(case.input);
    completions(case, &Shape::boxes(4), input, letter)
}

/// HDU 1426: 9×9 grids of space-separated digits, `?` empty.
pub fn hdu1426(case: &mut Output<'_>) -> io::Result<Check> {
    let input = case.input;
    completions(case, &Shape::boxes(3), input, digit_or_question)
}

/// Codeforces 1335D: for each solved grid, an Anti-Sudoku at most 9 cells away.
pub fn cf1335d(case: &mut Output<'_>) -> io::Result<Check> {
    let input = after_count(case.input);
    each_grid(case, input, digit, 81, &oracle::check_anti_sudoku)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::checker::Checker;
    use std::io::Write;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn check(checker: Checker, input: &str, stdout: &str) -> Check {
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(stdout.as_bytes()).unwrap();
        let answer = Answer::Text(String::new());
        let mut case = Output {
            input,
            answer: &answer,
            exit: 0,
            stdout: &mut file,
            stderr: "",
        };
        checker(&mut case).unwrap()
    }

    fn why(check: Check) -> String {
        match check {
            Check::Wrong { why, .. } => why,
            other => panic!("{other:?}"),
        }
    }

    fn lines9(line: &str) -> String {
        line.as_bytes()
            .chunks(9)
            .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
            .collect()
    }

    #[test]
    fn a_completion_passes_and_each_kind_of_wrong_one_is_named() {
        let mut puzzle = SOLVED.to_string();
        puzzle.replace_range(0..2, "00");
        let input = format!("1\n{}", lines9(&puzzle));
        assert_eq!(check(poj2676, &input, &lines9(SOLVED)), Check::Accepted);
        // Any layout of the cells: one line is as good as nine.
        assert_eq!(check(poj2676, &input, SOLVED), Check::Accepted);
        let swapped = format!("35{}", &SOLVED[2..]);
        assert!(why(check(poj2676, &input, &swapped)).starts_with("grid 1: col 1"));
        let changed = format!("{}8", &SOLVED[..80]);
        assert!(why(check(poj2676, &input, &changed)).contains("the given 9 became 8"));
        assert!(why(check(poj2676, &input, &SOLVED[..79])).contains("79 cells"));
        assert!(why(check(poj2676, &input, &format!("{SOLVED}x"))).contains("'x'"));
    }

    #[test]
    fn poj3074_reads_puzzles_up_to_end() {
        let puzzle = format!(".{}", &SOLVED[1..]);
        let input = format!("{puzzle}\n{puzzle}\nend\n{puzzle}\n");
        let two = format!("{SOLVED}\n{SOLVED}\n");
        assert_eq!(check(poj3074, &input, &two), Check::Accepted);
        assert!(why(check(poj3074, &input, SOLVED)).contains("for 2 grids"));
    }

    #[test]
    fn anti_sudoku_needs_a_repeat_in_every_unit_and_at_most_nine_changes() {
        let input = format!("1\n{}", lines9(SOLVED));
        let anti: String = SOLVED.replace('2', "1");
        assert_eq!(check(cf1335d, &input, &anti), Check::Accepted);
        assert!(why(check(cf1335d, &input, SOLVED)).contains("has no digit twice"));
        let too_many: String = SOLVED.replace(['2', '3'], "1");
        assert!(why(check(cf1335d, &input, &too_many)).contains("18 cells changed"));
    }

    #[test]
    fn sixteen_by_sixteen_letters() {
        let shape = Shape::boxes(4);
        let solved = crate::dlx::solve_shape(&shape, &[0; 256], 1)
            .solution
            .unwrap();
        let text: String = solved
            .chunks(16)
            .map(|row| {
                row.iter()
                    .map(|&d| (b'A' + d - 1) as char)
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        let puzzle = text.replacen('A', "-", 3);
        assert_eq!(check(poj3076, &puzzle, &text), Check::Accepted);
        let spoj = format!("1\n{puzzle}");
        assert_eq!(
            check(spoj_sudoku, &spoj, &(text.clone() + "\n")),
            Check::Accepted
        );
        let wrong = text.replacen('A', "B", 1);
        assert!(why(check(poj3076, &puzzle, &wrong)).starts_with("grid 1: "));
    }
}
