//! Checkers: one function each from (the case, what the program did) to a
//! verdict with a reason, as DMOJ's `checkers/` are. A problem names its
//! checker; the judge's own fixtures and a user's `--input`/`--expect` go
//! through the same one.
//!
//! | checker | accepts |
//! |---|---|
//! | [`lines`] | the expected text, up to whitespace at line ends, CRLF, and blank lines at the end (what Codeforces, AtCoder and online-judge-tools accept) |
//! | [`board`] | any LeetCode board that is a solution of the puzzle (the oracle decides), and that equals the expected board when one is given |
//! | [`program`] | a stdin program: the expected failure (exit code, nothing on stdout, the stderr text), else exit 0 and [`lines`] |
//!
//! Where the problem's judge answers Presentation Error, [`presentation`]
//! then weighs the whitespace by that judge's [`Layout`] rule: an output the
//! checker accepted whose layout is not the expected one, or a text that is
//! wrong only in its whitespace, is PE.

use crate::format::parse_board;
use crate::grid::Grid;
use crate::oracle;
use crate::sandbox::Input;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read, Seek, SeekFrom};
use std::sync::Arc;

/// What a case expects.
#[derive(Clone, Debug)]
pub enum Answer {
    /// This stdout and exit 0.
    Text(String),
    /// The stdout in this file (a user's `--expect`, read once into an
    /// unnamed file: streamed from there, never held whole).
    File(Arc<Input>),
    /// A run that must fail: this exit code, nothing on stdout, `stderr` in stderr.
    Fails {
        /// Why the case fails (the fixture's `# why`).
        why: String,
        /// The exit code.
        exit: i32,
        /// Text that stderr must contain.
        stderr: String,
    },
}

/// What a checker looks at: the case and what the program did.
pub struct Output<'a> {
    /// The input the program read.
    pub input: &'a str,
    /// What the case expects.
    pub answer: &'a Answer,
    /// The program's exit code.
    pub exit: i32,
    /// Its stdout, at the start.
    pub stdout: &'a mut File,
    /// The start of its stderr.
    pub stderr: &'a str,
}

/// The first line where output and answer part, 1-based, each cut to 200 bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstDifference {
    /// Line number.
    pub line: usize,
    /// The expected line (`None`: the expected output had ended).
    pub expected: Option<String>,
    /// The line the program wrote (`None`: its output had ended).
    pub got: Option<String>,
}

/// A checker's finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// Accepted.
    Accepted,
    /// Wrong answer.
    Wrong {
        /// Why, in one line.
        why: String,
        /// A line diff when both sides are small.
        diff: Option<String>,
        /// Where the output first differs, when it is a text comparison.
        first: Option<FirstDifference>,
    },
    /// Presentation error: the answer is right, its whitespace is not laid
    /// out as the judge's rule wants.
    Presentation {
        /// Why, in one line.
        why: String,
        /// The first line where the layouts part.
        first: FirstDifference,
    },
}

impl Check {
    pub(super) fn wrong(why: impl Into<String>) -> Check {
        Check::Wrong {
            why: why.into(),
            diff: None,
            first: None,
        }
    }
}

/// A checker: one function from the case to a verdict.
pub type Checker = fn(&mut Output<'_>) -> io::Result<Check>;

/// How much of an output the board checkers read: a board is 200 bytes.
const BOARD_CAP: u64 = 1 << 20;
/// Outputs up to this size get a full line diff in the report.
const DIFF_CAP: u64 = 64 << 10;
/// Cut lines in a [`FirstDifference`] to this many bytes.
const LINE_CAP: usize = 200;

fn blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// A byte stream as judges compare it: `\r`, spaces and tabs before a line
/// end or the end dropped, blank lines at the end dropped. Constant memory:
/// a run of blanks is counted, not kept; when a character follows it on its
/// line, the reader goes back and reads the run again.
struct Normalized<R> {
    inner: BufReader<R>,
    /// Line ends seen and not yet given (they may be trailing).
    newlines: u64,
    /// To give next: line ends, then blanks re-read from the stream, then a byte.
    out_newlines: u64,
    out_blanks: u64,
    out_byte: Option<u8>,
}

impl<R: Read + Seek> Normalized<R> {
    fn new(reader: R) -> Self {
        Normalized {
            inner: BufReader::with_capacity(64 << 10, reader),
            newlines: 0,
            out_newlines: 0,
            out_blanks: 0,
            out_byte: None,
        }
    }

    fn raw(&mut self) -> io::Result<Option<u8>> {
        let b = match self.inner.fill_buf()?.first() {
            Some(&b) => b,
            None => return Ok(None),
        };
        self.inner.consume(1);
        Ok(Some(b))
    }

    fn next_byte(&mut self) -> io::Result<Option<u8>> {
        loop {
            if self.out_newlines > 0 {
                self.out_newlines -= 1;
                return Ok(Some(b'\n'));
            }
            if self.out_blanks > 0 {
                self.out_blanks -= 1;
                return self.raw();
            }
            if let Some(b) = self.out_byte.take() {
                return Ok(Some(b));
            }
            match self.raw()? {
                None => return Ok(None),
                Some(b'\n') => self.newlines += 1,
                Some(b) if blank(b) => {
                    let start = self.inner.stream_position()? - 1;
                    let mut run = 1;
                    let after = loop {
                        match self.raw()? {
                            Some(c) if blank(c) => run += 1,
                            other => break other,
                        }
                    };
                    match after {
                        None => return Ok(None),
                        Some(b'\n') => self.newlines += 1,
                        Some(_) => {
                            // Inside a line: the run counts. Give it again from the stream.
                            self.out_newlines = std::mem::take(&mut self.newlines);
                            self.inner.seek(SeekFrom::Start(start))?;
                            self.out_blanks = run;
                        }
                    }
                }
                Some(b) => {
                    self.out_newlines = std::mem::take(&mut self.newlines);
                    self.out_byte = Some(b);
                }
            }
        }
    }

    /// The rest of the current line, up to [`LINE_CAP`] bytes.
    fn rest_of_line(&mut self, mut line: Vec<u8>) -> io::Result<String> {
        while line.len() < LINE_CAP {
            match self.next_byte()? {
                None | Some(b'\n') => break,
                Some(b) => line.push(b),
            }
        }
        Ok(String::from_utf8_lossy(&line).into_owned())
    }
}

/// Compares two streams as [`lines`] does, in constant memory: `None` when
/// they agree, else the first line where they part.
pub fn compare(
    expected: impl Read + Seek,
    got: impl Read + Seek,
) -> io::Result<Option<FirstDifference>> {
    let (mut want, mut have) = (Normalized::new(expected), Normalized::new(got));
    let (mut line, mut current) = (1, Vec::new());
    loop {
        let (a, b) = (want.next_byte()?, have.next_byte()?);
        if a == b {
            match a {
                None => return Ok(None),
                Some(b'\n') => {
                    line += 1;
                    current.clear();
                }
                Some(byte) if current.len() < LINE_CAP => current.push(byte),
                Some(_) => {}
            }
            continue;
        }
        // One side ends where the other goes on to a new line: they part on
        // that next line (the normalised streams drop the final newline).
        match (a, b) {
            (Some(b'\n'), None) => {
                return Ok(Some(FirstDifference {
                    line: line + 1,
                    expected: Some(want.rest_of_line(Vec::new())?),
                    got: None,
                }))
            }
            (None, Some(b'\n')) => {
                return Ok(Some(FirstDifference {
                    line: line + 1,
                    expected: None,
                    got: Some(have.rest_of_line(Vec::new())?),
                }))
            }
            _ => {}
        }
        let expected = side(&mut want, &current, a)?;
        let got = side(&mut have, &current, b)?;
        return Ok(Some(FirstDifference {
            line,
            expected,
            got,
        }));
    }
}

/// One side of a difference found mid-line: the line so far, the byte where
/// the sides parted, and the rest of that line.
fn side<R: Read + Seek>(
    norm: &mut Normalized<R>,
    current: &[u8],
    byte: Option<u8>,
) -> io::Result<Option<String>> {
    match byte {
        None if current.is_empty() => Ok(None),
        None | Some(b'\n') => Ok(Some(String::from_utf8_lossy(current).into_owned())),
        Some(b) => {
            let mut start = current.to_vec();
            start.push(b);
            norm.rest_of_line(start).map(Some)
        }
    }
}

/// The first `cap` bytes of `file` as text, and whether that was all of it;
/// the file is left rewound.
pub fn read_capped(file: &mut File, cap: u64) -> io::Result<(String, bool)> {
    file.seek(SeekFrom::Start(0))?;
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes)?;
    let whole = bytes.len() as u64 <= cap;
    bytes.truncate(cap as usize);
    file.seek(SeekFrom::Start(0))?;
    Ok((String::from_utf8_lossy(&bytes).into_owned(), whole))
}

/// `expected` against the program's stdout, as text.
fn text_against(expected: &Answer, stdout: &mut File) -> io::Result<Check> {
    let first = match expected {
        Answer::Text(text) => compare(Cursor::new(text.as_bytes()), &mut *stdout)?,
        Answer::File(file) => compare(file.reopen()?, &mut *stdout)?,
        // A fixture of a text problem that says the run must fail (a `.err`
        // in a user's folder): the run did not.
        Answer::Fails { why, exit, .. } => {
            return Ok(Check::wrong(format!(
                "exit 0 with an answer, expected exit {exit} ({why})"
            )))
        }
    };
    let Some(first) = first else {
        return Ok(Check::Accepted);
    };
    let diff = match expected {
        Answer::Text(text) if text.len() as u64 <= DIFF_CAP => {
            let (got, whole) = read_capped(stdout, DIFF_CAP)?;
            whole.then(|| line_diff(text, &got))
        }
        _ => None,
    };
    let shown = |line: &Option<String>| match line {
        Some(text) => format!("{text:?}"),
        None => "nothing (that output had ended)".to_string(),
    };
    Ok(Check::Wrong {
        why: format!(
            "line {} differs: expected {}, got {}",
            first.line,
            shown(&first.expected),
            shown(&first.got)
        ),
        diff,
        first: Some(first),
    })
}

/// Text, compared as judges do: trailing whitespace on a line, CRLF, and a
/// missing or extra final newline (blank lines at the end) are not WA.
pub fn lines(case: &mut Output<'_>) -> io::Result<Check> {
    text_against(case.answer, case.stdout)
}

/// A stdin program: a case that must fail wants its exit code, an empty
/// stdout and its text in stderr; any other wants exit 0 and [`lines`].
pub fn program(case: &mut Output<'_>) -> io::Result<Check> {
    let Answer::Fails { why, exit, stderr } = case.answer else {
        if case.exit != 0 {
            return Ok(Check::wrong(format!(
                "exit {}, expected 0: {}",
                case.exit,
                case.stderr.trim_end()
            )));
        }
        return lines(case);
    };
    if case.exit != *exit {
        return Ok(Check::wrong(format!(
            "exit {}, expected {exit} ({why})",
            case.exit
        )));
    }
    let (got, _) = read_capped(case.stdout, DIFF_CAP)?;
    if !got.is_empty() {
        return Ok(Check::Wrong {
            why: format!("expected nothing on stdout ({why})"),
            diff: Some(line_diff("", &got)),
            first: None,
        });
    }
    if !case.stderr.contains(stderr.as_str()) {
        return Ok(Check::wrong(format!(
            "stderr {:?} should contain {stderr:?}",
            case.stderr.trim_end()
        )));
    }
    Ok(Check::Accepted)
}

/// How a judge weighs whitespace in an output whose answer is right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Whitespace never makes a verdict: only what the checker reads counts
    /// (LeetCode, AtCoder, Luogu, Codeforces, SPOJ, Lanqiao).
    Free,
    /// POJ: spaces at a line's end and blank lines at the end of the output
    /// are not PE; any other whitespace unlike the expected output's is.
    Poj,
    /// HDU: omitted or extra whitespace between two non-blank characters is
    /// PE; whitespace before the first and after the last is not.
    Hdu,
}

impl Layout {
    /// The judge's name for it in a PE's reason, and its rule.
    fn rule(self) -> &'static str {
        match self {
            Layout::Free => "",
            Layout::Poj => "POJ answers PE for whitespace unlike the expected output's (spaces at a line's end and blank lines at the end aside)",
            Layout::Hdu => "HDU answers PE for whitespace between two non-blank characters unlike the expected output's",
        }
    }

    /// `text` as the rule compares it: `\r` before a line end dropped, then
    /// what the rule does not weigh trimmed. Also the number of lines
    /// trimmed from the front, so line numbers stay the output's own.
    fn normalize(self, text: &[u8]) -> (Vec<u8>, usize) {
        let mut plain = Vec::with_capacity(text.len());
        for (i, &b) in text.iter().enumerate() {
            if !(b == b'\r' && text.get(i + 1) == Some(&b'\n')) {
                plain.push(b);
            }
        }
        match self {
            Layout::Free => (plain, 0),
            Layout::Poj => {
                let mut lines: Vec<&[u8]> = plain
                    .split(|&b| b == b'\n')
                    .map(|line| {
                        let end = line
                            .iter()
                            .rposition(|&b| !matches!(b, b' ' | b'\t'))
                            .map_or(0, |i| i + 1);
                        &line[..end]
                    })
                    .collect();
                while lines.last().is_some_and(|l| l.is_empty()) {
                    lines.pop();
                }
                (lines.join(&b'\n'), 0)
            }
            Layout::Hdu => {
                let start = plain
                    .iter()
                    .position(|b| !b.is_ascii_whitespace())
                    .unwrap_or(plain.len());
                let end = plain
                    .iter()
                    .rposition(|b| !b.is_ascii_whitespace())
                    .map_or(start, |i| i + 1);
                let skipped = plain[..start].iter().filter(|&&b| b == b'\n').count();
                (plain[start..end].to_vec(), skipped)
            }
        }
    }
}

/// The bytes that are not whitespace.
fn ink(text: &[u8]) -> impl Iterator<Item = &u8> {
    text.iter().filter(|b| !b.is_ascii_whitespace())
}

/// Where two outputs whose answers agree part in their layout, under
/// `layout`: each non-blank byte counts as any other, so two completions
/// of a puzzle laid out alike agree.
fn layout_difference(layout: Layout, expected: &[u8], got: &[u8]) -> Option<FirstDifference> {
    let (want, want_skipped) = layout.normalize(expected);
    let (have, have_skipped) = layout.normalize(got);
    let shape = |b: &u8| if b.is_ascii_whitespace() { *b } else { b'x' };
    let at = want
        .iter()
        .map(shape)
        .zip(have.iter().map(shape))
        .position(|(a, b)| a != b)
        .or_else(|| (want.len() != have.len()).then(|| want.len().min(have.len())))?;
    let line_at = |text: &[u8], skipped: usize| -> (usize, Option<String>) {
        let at = at.min(text.len());
        let start = text[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let number = text[..at].iter().filter(|&&b| b == b'\n').count() + skipped + 1;
        let line = (start < text.len() || at < text.len()).then(|| {
            let end = text[start..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(text.len(), |i| start + i);
            let cut = &text[start..end.min(start + LINE_CAP)];
            String::from_utf8_lossy(cut).into_owned()
        });
        (number, line)
    };
    let (line, got) = line_at(&have, have_skipped);
    let (_, expected) = line_at(&want, want_skipped);
    Some(FirstDifference {
        line,
        expected,
        got,
    })
}

/// The checker's finding weighed by the judge's whitespace rule: an
/// accepted output laid out otherwise than `answer`, or a text wrong only
/// in its whitespace, is [`Check::Presentation`]. Outputs past `cap` bytes,
/// a case that must fail, and [`Layout::Free`] keep the checker's finding.
pub fn presentation(
    layout: Layout,
    answer: &Answer,
    stdout: &mut File,
    check: Check,
    cap: u64,
) -> io::Result<Check> {
    let text_mismatch = matches!(check, Check::Wrong { first: Some(_), .. });
    if layout == Layout::Free || !(check == Check::Accepted || text_mismatch) {
        return Ok(check);
    }
    let expected = match answer {
        Answer::Text(text) => (text.clone(), true),
        Answer::File(file) => read_capped(&mut file.reopen()?, cap)?,
        Answer::Fails { .. } => return Ok(check),
    };
    let got = read_capped(stdout, cap)?;
    let (Some(expected), Some(got)) = (expected.1.then_some(expected.0), got.1.then_some(got.0))
    else {
        return Ok(check);
    };
    if text_mismatch && !ink(expected.as_bytes()).eq(ink(got.as_bytes())) {
        return Ok(check);
    }
    let Some(first) = layout_difference(layout, expected.as_bytes(), got.as_bytes()) else {
        return Ok(check);
    };
    let shown = |line: &Option<String>| match line {
        Some(text) => format!("{text:?}"),
        None => "nothing (that output had ended)".to_string(),
    };
    Ok(Check::Presentation {
        why: format!(
            "the answer is right, its whitespace is not: line {} is {}, where the expected output has {}; {}",
            first.line,
            shown(&first.got),
            shown(&first.expected),
            layout.rule()
        ),
        first,
    })
}

fn rows_of(board: &[Vec<char>]) -> String {
    board
        .iter()
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}

/// LeetCode 37: the output is a board that solves the input (the oracle
/// checks the rules and the givens), and equals the expected board if given.
pub fn board(case: &mut Output<'_>) -> io::Result<Check> {
    let puzzle = match parse_board(case.input) {
        Ok(board) => Grid::from_board(&board),
        Err(e) => return Ok(Check::wrong(format!("the puzzle does not parse: {e}"))),
    };
    let (got, _) = read_capped(case.stdout, BOARD_CAP)?;
    let answer = match parse_board(&got) {
        Ok(board) => board,
        Err(e) => return Ok(Check::wrong(format!("the output is not a board: {e}"))),
    };
    let want = match case.answer {
        Answer::Text(text) => parse_board(text).ok(),
        Answer::File(file) => {
            let (text, _) = read_capped(&mut file.reopen()?, BOARD_CAP)?;
            parse_board(&text).ok()
        }
        Answer::Fails { .. } => None,
    };
    let wrong = |why: String| {
        let want = want.as_ref().map_or(String::new(), |w| rows_of(w));
        let got = rows_of(&answer);
        // Row by row, the first row that differs from the expected board.
        let first = compare(Cursor::new(want.as_bytes()), Cursor::new(got.as_bytes()))
            .ok()
            .flatten();
        Check::Wrong {
            why,
            diff: Some(line_diff(&want, &got)),
            first: first.filter(|_| !want.is_empty()),
        }
    };
    if let Err(why) = oracle::check_solution(&puzzle, &Grid::from_board(&answer)) {
        return Ok(wrong(format!("not a solution: {why}")));
    }
    match &want {
        Some(w) if *w != answer => Ok(wrong("a solution, but not the expected one".into())),
        _ => Ok(Check::Accepted),
    }
}

/// A line diff: `  ` same, `- ` expected only, `+ ` got only. Row against
/// row when both have as many lines (two boards read best that way), else
/// the `similar` crate's line diff.
///
/// ```
/// let d = sudoku_workspace::judge::checker::line_diff("a\nb\nc\n", "a\nx\nc\n");
/// assert_eq!(d, "  a\n- b\n+ x\n  c\n");
/// ```
pub fn line_diff(expected: &str, got: &str) -> String {
    use std::fmt::Write as _;
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = got.lines().collect();
    let mut out = String::new();
    if a.len() == b.len() {
        for (x, y) in a.iter().zip(&b) {
            if x == y {
                let _ = writeln!(out, "  {x}");
            } else {
                let _ = writeln!(out, "- {x}\n+ {y}");
            }
        }
        return out;
    }
    let diff = similar::TextDiff::from_slices(&a, &b);
    for change in diff.iter_all_changes() {
        let sign = match change.tag() {
            similar::ChangeTag::Equal => ' ',
            similar::ChangeTag::Delete => '-',
            similar::ChangeTag::Insert => '+',
        };
        let _ = writeln!(out, "{sign} {}", change.value());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn differ(a: &str, b: &str) -> Option<FirstDifference> {
        compare(Cursor::new(a.as_bytes()), Cursor::new(b.as_bytes())).unwrap()
    }

    /// The checker's finding `check` on `got`, weighed by `layout` against `expected`.
    fn weigh(layout: Layout, expected: &str, got: &str, check: Check) -> Check {
        let mut stdout = tempfile::tempfile().unwrap();
        std::io::Write::write_all(&mut stdout, got.as_bytes()).unwrap();
        stdout.seek(SeekFrom::Start(0)).unwrap();
        let answer = Answer::Text(expected.into());
        presentation(layout, &answer, &mut stdout, check, 1 << 20).unwrap()
    }

    fn pe_line(check: Check) -> Option<(usize, Option<String>, Option<String>)> {
        match check {
            Check::Presentation { first, .. } => Some((first.line, first.expected, first.got)),
            _ => None,
        }
    }

    #[test]
    fn poj_answers_pe_for_whitespace_but_a_lines_end_and_the_outputs_end() {
        let want = "AB\nCD\n\nAB\nCD\n\n";
        // Line ends, CRLF and blank lines at the end: AC.
        for got in [want, "AB  \r\nCD\t\n\nAB\nCD", "AB\nCD\n\nAB\nCD\n\n\n\n"] {
            assert_eq!(
                weigh(Layout::Poj, want, got, Check::Accepted),
                Check::Accepted,
                "{got:?}"
            );
        }
        // A blank line before each grid instead of after it: PE at line 1.
        let before = "\nAB\nCD\n\nAB\nCD\n";
        assert_eq!(
            pe_line(weigh(Layout::Poj, want, before, Check::Accepted)),
            Some((1, Some("AB".into()), Some("".into())))
        );
        // No blank line between, a space inside a line: PE where they part.
        assert_eq!(
            pe_line(weigh(
                Layout::Poj,
                want,
                "AB\nCD\nAB\nCD\n",
                Check::Accepted
            )),
            Some((3, Some("".into()), Some("AB".into())))
        );
        assert_eq!(
            pe_line(weigh(
                Layout::Poj,
                want,
                "AB\nC D\n\nAB\nCD\n",
                Check::Accepted
            ))
            .map(|(line, ..)| line),
            Some(2)
        );
        // Another completion laid out alike is the validator's to judge: AC.
        assert_eq!(
            weigh(Layout::Poj, want, "BA\nDC\n\nBA\nDC\n", Check::Accepted),
            Check::Accepted
        );
    }

    #[test]
    fn hdu_answers_pe_for_whitespace_between_two_non_blank_characters() {
        let want = "1 2\n3 4\n\n1 2\n3 4";
        // Before the first and after the last non-blank character: AC.
        for got in [
            want,
            "\n1 2\n3 4\n\n1 2\n3 4\n\n",
            "1 2\r\n3 4\r\n\r\n1 2\r\n3 4\r\n",
        ] {
            assert_eq!(
                weigh(Layout::Hdu, want, got, Check::Accepted),
                Check::Accepted,
                "{got:?}"
            );
        }
        // Between two of them: PE, even a space at a line's end.
        assert_eq!(
            pe_line(weigh(
                Layout::Hdu,
                want,
                "12\n34\n\n12\n34\n",
                Check::Accepted
            )),
            Some((1, Some("1 2".into()), Some("12".into())))
        );
        assert!(pe_line(weigh(
            Layout::Hdu,
            want,
            "1 2 \n3 4\n\n1 2\n3 4",
            Check::Accepted
        ))
        .is_some());
        // Leading blank lines shift no line number: the output's own line 5.
        assert_eq!(
            pe_line(weigh(
                Layout::Hdu,
                want,
                "\n\n1 2\n3 4\n1 2\n3 4",
                Check::Accepted
            ))
            .map(|(line, ..)| line),
            Some(5)
        );
    }

    #[test]
    fn a_text_wrong_only_in_its_whitespace_is_pe_and_any_other_stays_wa() {
        let text_wa = |want: &str, got: &str| {
            let first = differ(want, got).expect("the texts differ");
            Check::Wrong {
                why: "differs".into(),
                diff: None,
                first: Some(first),
            }
        };
        let want = "Case 1:\n1 2\n";
        let got = "Case 1:\n12\n";
        assert!(pe_line(weigh(Layout::Hdu, want, got, text_wa(want, got))).is_some());
        assert!(pe_line(weigh(Layout::Poj, want, got, text_wa(want, got))).is_some());
        let wrong = "Case 1:\n1 3\n";
        assert!(matches!(
            weigh(Layout::Poj, want, wrong, text_wa(want, wrong)),
            Check::Wrong { .. }
        ));
        // Judges without PE keep the checker's word, whatever the layout.
        assert!(matches!(
            weigh(Layout::Free, want, got, text_wa(want, got)),
            Check::Wrong { .. }
        ));
        assert_eq!(
            weigh(Layout::Free, "AB\n", "\nAB\n", Check::Accepted),
            Check::Accepted
        );
        // A WA that is not a text comparison (the count of cells) stays WA.
        assert!(matches!(
            weigh(Layout::Poj, want, got, Check::wrong("79 cells")),
            Check::Wrong { .. }
        ));
    }

    #[test]
    fn line_ends_crlf_and_final_newlines_are_not_differences() {
        assert_eq!(differ("1 2\n3\n", "1 2  \r\n3"), None);
        assert_eq!(differ("1\n2\n", "1\n2\n\n\n"), None);
        assert_eq!(differ("1\n2", "1\t\n2\r\n"), None);
        assert_eq!(differ("", "\n \n"), None);
    }

    #[test]
    fn inner_spaces_and_blank_lines_inside_are_differences() {
        let d = differ("1 2\n3\n", "1  2\n3\n").unwrap();
        assert_eq!(
            (d.line, d.expected.as_deref(), d.got.as_deref()),
            (1, Some("1 2"), Some("1  2"))
        );
        let d = differ("a\nb\n", "a\n\nb\n").unwrap();
        assert_eq!(
            (d.line, d.expected.as_deref(), d.got.as_deref()),
            (2, Some("b"), Some(""))
        );
    }

    #[test]
    fn a_short_output_names_the_missing_line() {
        let d = differ("a\nb\nc\n", "a\nb\n").unwrap();
        assert_eq!((d.line, d.expected.as_deref(), d.got), (3, Some("c"), None));
        let d = differ("a\n", "a\nextra\n").unwrap();
        assert_eq!(
            (d.line, d.expected, d.got.as_deref()),
            (2, None, Some("extra"))
        );
    }

    #[test]
    fn a_text_problem_expecting_a_failure_is_wrong_not_a_panic() {
        let mut stdout = tempfile::tempfile().unwrap();
        std::io::Write::write_all(&mut stdout, b"true\n").unwrap();
        stdout.seek(SeekFrom::Start(0)).unwrap();
        let answer = Answer::Fails {
            why: "w".into(),
            exit: 2,
            stderr: "s".into(),
        };
        let mut case = Output {
            input: "",
            answer: &answer,
            exit: 0,
            stdout: &mut stdout,
            stderr: "",
        };
        let check = lines(&mut case).unwrap();
        assert!(matches!(check, Check::Wrong { ref why, .. } if why.contains("expected exit 2")));
    }

    #[test]
    fn diff_marks_both_sides() {
        assert_eq!(line_diff("a\n", "a\n"), "  a\n");
        assert_eq!(line_diff("", "x\n"), "+ x\n");
        assert_eq!(line_diff("1\n2\n3\n", "1\n3\n"), "  1\n- 2\n  3\n");
    }
}
