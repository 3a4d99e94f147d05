//! Every puzzle text format the workspace reads and writes, in one place:
//!
//! | form | reader | writer |
//! |---|---|---|
//! | one puzzle, 81 characters on a line (`.` or `0` empty) | [`Grid::from_line`] | [`Grid::to_line`] |
//! | 9 lines of 9 (Lanqiao's, `0` empty) | [`read_puzzle`] | [`Grid::to_rows`] |
//! | LeetCode's board literal `[["5","3",".",…],…]` | [`parse_board`] | [`format_board`] |
//! | any of the three, one puzzle (`trace`, `judge --input`) | [`read_puzzle`], [`read_valid_puzzle`] | |
//! | a stream of them (`solve`, `count`) | [`PuzzleReader`], [`read_puzzles`] | |
//!
//! Every error is a [`ParseError`] naming line and column.

use crate::grid::{Grid, ParseError, ParseErrorKind, CELLS};

/// Reads a puzzle in any of the workspace's formats: LeetCode's literal
/// (`[["5","3",".",…],…]`), one 81-character line (`#` comments allowed), or
/// 9 lines of 9 (`0` or `.` empty). Errors carry line and column.
///
/// ```
/// use sudoku_workspace::format::read_puzzle;
/// let rows = "530070000\n".repeat(1) + &"000000000\n".repeat(8);
/// assert_eq!(read_puzzle(&rows).unwrap().givens(), 3);
/// let err = read_puzzle("53x\n").unwrap_err();
/// assert_eq!((err.line, err.col), (1, 3));
/// ```
pub fn read_puzzle(text: &str) -> Result<Grid, ParseError> {
    if text.trim_start().starts_with('[') {
        return parse_board(text).map(|b| Grid::from_board(&b));
    }
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if let [(n, line)] = lines.as_slice() {
        return Grid::from_line(line, *n);
    }
    let mut cells = [0u8; CELLS];
    for (r, &(n, line)) in lines.iter().enumerate() {
        if r == 9 {
            let kind = ParseErrorKind::TooManyLines { expected: 9 };
            return Err(ParseError {
                line: n,
                col: 1,
                kind,
            });
        }
        cells[r * 9..r * 9 + 9].copy_from_slice(&parse_row(line, n)?);
    }
    if lines.len() < 9 {
        let line = lines.last().map_or(1, |&(n, _)| n + 1);
        let kind = ParseErrorKind::TooFewLines {
            found: lines.len(),
            expected: 9,
        };
        return Err(ParseError { line, col: 1, kind });
    }
    Ok(Grid(cells))
}

/// Line `n`, one row of a 9-line puzzle: nine cells (`1`-`9`, `.` or `0`
/// empty), or where and why not.
fn parse_row(line: &str, n: usize) -> Result<[u8; 9], ParseError> {
    let err = |col, kind| ParseError { line: n, col, kind };
    let mut row = [0u8; 9];
    let mut len = 0;
    for (k, ch) in line.chars().enumerate() {
        if k == 9 {
            return Err(err(10, ParseErrorKind::TooLong { expected: 9 }));
        }
        row[k] = match ch {
            '.' | '0' => 0,
            '1'..='9' => ch as u8 - b'0',
            _ => return Err(err(k + 1, ParseErrorKind::BadChar(ch))),
        };
        len += 1;
    }
    if len < 9 {
        let kind = ParseErrorKind::TooShort {
            found: len,
            expected: 9,
        };
        return Err(err(len + 1, kind));
    }
    Ok(row)
}

/// [`read_puzzle`], then the check every other command makes: two equal
/// givens in a row, col or box are malformed, at the second one's line and
/// column, naming the first one's.
///
/// ```
/// use sudoku_workspace::grid::ParseErrorKind;
/// use sudoku_workspace::format::read_valid_puzzle;
/// let rows = "550000000\n".to_string() + &"000000000\n".repeat(8);
/// let err = read_valid_puzzle(&rows).unwrap_err();
/// assert_eq!((err.line, err.col), (1, 2));
/// assert_eq!(err.kind, ParseErrorKind::Clash { digit: 5, other_line: 1, other_col: 1 });
/// ```
pub fn read_valid_puzzle(text: &str) -> Result<Grid, ParseError> {
    let grid = read_puzzle(text)?;
    match crate::oracle::first_clash(&grid) {
        None => Ok(grid),
        Some((first, second)) => {
            let (other_line, other_col) = cell_position(text, first);
            let (line, col) = cell_position(text, second);
            let kind = ParseErrorKind::Clash {
                digit: grid.0[second],
                other_line,
                other_col,
            };
            Err(ParseError { line, col, kind })
        }
    }
}

/// Line and column (1-based) of `cell` in a text [`read_puzzle`] accepted: the
/// cell-th character that names a cell, outside blank and `#` lines (in
/// LeetCode's literal only `.` and `1`-`9` appear as characters, so the
/// brackets and quotes are passed over).
fn cell_position(text: &str, cell: usize) -> (usize, usize) {
    let literal = text.trim_start().starts_with('[');
    let mut seen = 0;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_end();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        for (k, ch) in trimmed.chars().enumerate() {
            let names_a_cell = matches!(ch, '.' | '1'..='9') || (ch == '0' && !literal);
            if names_a_cell {
                if seen == cell {
                    return (i + 1, k + 1);
                }
                seen += 1;
            }
        }
    }
    (1, 1) // unreachable for a text read_puzzle accepted
}

/// Reads LeetCode's board literal `[["5","3",".",...],...]` (whitespace and
/// newlines anywhere are fine). Errors carry the line and column of the text.
///
/// ```
/// use sudoku_workspace::format::{format_board, parse_board};
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
    if board.len() < 9 {
        let kind = ParseErrorKind::TooFewLines {
            found: board.len(),
            expected: 9,
        };
        return Err(err(line, col + 1, kind));
    }
    if depth != 0 {
        return Err(err(line, col + 1, ParseErrorKind::Unclosed));
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

/// Reads puzzles in the batch format (see [`PuzzleReader`]): one per line
/// as 81 characters or LeetCode's literal, or as 9 lines of 9; blank lines
/// and lines starting with `#` are skipped. Yields `(line_number, result)`,
/// the number of a puzzle's first line.
pub fn read_puzzles(text: &str) -> impl Iterator<Item = (usize, Result<Grid, ParseError>)> + '_ {
    let mut rows = Rows::default();
    let mut lines = text.lines().enumerate();
    let end = text.lines().count() + 1;
    std::iter::from_fn(move || {
        for (i, line) in lines.by_ref() {
            if let Some(found) = rows.take(parse_batch_line(line, i + 1), i + 1) {
                return Some(found);
            }
        }
        rows.finish(end)
    })
}

/// What one line of the batch format is.
#[derive(Debug, PartialEq, Eq)]
enum BatchLine {
    /// Blank, or a `#` comment.
    Skip,
    /// A whole puzzle (81 characters, or LeetCode's literal), or why not.
    Puzzle(Result<Grid, ParseError>),
    /// One row of a 9-line puzzle.
    Row([u8; 9]),
    /// Neither: why not as a whole puzzle, and why not as a row (which is
    /// said when the line is inside a 9-line puzzle).
    Malformed { puzzle: ParseError, row: ParseError },
}

/// One line of the batch format.
fn parse_batch_line(line: &str, n: usize) -> BatchLine {
    let trimmed = line.trim_end();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return BatchLine::Skip;
    }
    if trimmed.trim_start().starts_with('[') {
        // LeetCode's literal on one line (`sudoku gen --format leetcode`).
        return BatchLine::Puzzle(
            crate::format::parse_board(trimmed)
                .map(|b| Grid::from_board(&b))
                .map_err(|e| ParseError { line: n, ..e }),
        );
    }
    if trimmed.chars().count() == 9 {
        let mut row = [0u8; 9];
        let fits = trimmed.chars().zip(row.iter_mut()).all(|(c, cell)| {
            *cell = match c {
                '.' | '0' => 0,
                '1'..='9' => c as u8 - b'0',
                _ => return false,
            };
            true
        });
        if fits {
            return BatchLine::Row(row);
        }
    }
    match (Grid::from_line(trimmed, n), parse_row(trimmed, n)) {
        (Err(puzzle), Err(row)) => BatchLine::Malformed { puzzle, row },
        (parsed, _) => BatchLine::Puzzle(parsed),
    }
}

/// The rows of a 9-line puzzle being read.
#[derive(Default)]
struct Rows {
    cells: Vec<u8>,
    first: usize,
}

impl Rows {
    /// Takes line `n`: a finished puzzle (or an error) to yield, or nothing yet.
    fn take(&mut self, line: BatchLine, n: usize) -> Option<(usize, Result<Grid, ParseError>)> {
        match line {
            BatchLine::Skip => None,
            BatchLine::Row(row) => {
                if self.cells.is_empty() {
                    self.first = n;
                }
                self.cells.extend_from_slice(&row);
                if self.cells.len() < CELLS {
                    return None;
                }
                let mut cells = [0u8; CELLS];
                cells.copy_from_slice(&self.cells);
                self.cells.clear();
                Some((self.first, Ok(Grid(cells))))
            }
            BatchLine::Puzzle(_) if !self.cells.is_empty() => Some(self.cut_short(n)),
            BatchLine::Puzzle(result) => Some((n, result)),
            // Inside a 9-line puzzle, a bad row, said at its own column.
            BatchLine::Malformed { row, .. } if !self.cells.is_empty() => {
                self.cells.clear();
                Some((self.first, Err(row)))
            }
            BatchLine::Malformed { puzzle, .. } => Some((n, Err(puzzle))),
        }
    }

    /// A 9-line puzzle that stopped before its ninth row, at line `n`.
    fn cut_short(&mut self, n: usize) -> (usize, Result<Grid, ParseError>) {
        let found = self.cells.len() / 9;
        self.cells.clear();
        let err = ParseError {
            line: n,
            col: 1,
            kind: ParseErrorKind::TooFewLines { found, expected: 9 },
        };
        (self.first, Err(err))
    }

    /// At the end of the input.
    fn finish(&mut self, n: usize) -> Option<(usize, Result<Grid, ParseError>)> {
        (!self.cells.is_empty()).then(|| self.cut_short(n))
    }
}

/// The longest batch line [`PuzzleReader`] reads: a puzzle is 81 characters
/// plus trailing whitespace, so a longer line is malformed, and the reader
/// stops at this byte instead of holding the whole line (`/dev/zero` has none).
pub const MAX_LINE_BYTES: usize = 4096;

/// The batch format read from a stream, one line at a time into one reused
/// buffer: memory stays bounded whatever the input's size, and each puzzle
/// can be answered before the next line arrives.
///
/// ```
/// use std::io::BufReader;
/// use sudoku_workspace::format::{PuzzleReader, MAX_LINE_BYTES};
/// let input = format!("# comment\n{}\n{}", ".".repeat(81), "0".repeat(MAX_LINE_BYTES + 10));
/// let mut reader = PuzzleReader::new(BufReader::new(input.as_bytes()));
/// let (line, puzzle) = reader.next_puzzle().unwrap().unwrap();
/// assert_eq!((line, puzzle.unwrap().givens()), (2, 0));
/// let (line, puzzle) = reader.next_puzzle().unwrap().unwrap();
/// let err = puzzle.unwrap_err();
/// assert_eq!((line, err.line, err.col), (3, 3, MAX_LINE_BYTES + 1));
/// ```
pub struct PuzzleReader<R> {
    reader: std::io::BufReader<R>,
    buf: Vec<u8>,
    line: usize,
    rows: Rows,
}

impl<R: std::io::Read> PuzzleReader<R> {
    /// Reads from `reader`; a whole line in its buffer is read without waiting.
    pub fn new(reader: std::io::BufReader<R>) -> Self {
        PuzzleReader {
            reader,
            buf: Vec::with_capacity(128),
            line: 0,
            rows: Rows::default(),
        }
    }

    /// The next puzzle line as `(line_number, result)`, skipping blank and `#`
    /// lines; `Ok(None)` at the end of the input, `Err` if reading failed.
    /// A line longer than [`MAX_LINE_BYTES`] is malformed at the column where
    /// it passed the cap; bytes that are not UTF-8 are malformed where they are.
    pub fn next_puzzle(&mut self) -> std::io::Result<Option<(usize, Result<Grid, ParseError>)>> {
        self.next_puzzle_or_wait(&mut || Ok(()))
    }

    /// [`next_puzzle`](Self::next_puzzle), calling `before_wait` before any
    /// read that could wait for input (no whole line buffered), also after
    /// skipped blank and `#` lines. `before_wait` may flush output, or fail
    /// (say with `WouldBlock`) to return at once with the lines read so far
    /// consumed.
    pub fn next_puzzle_or_wait(
        &mut self,
        before_wait: &mut dyn FnMut() -> std::io::Result<()>,
    ) -> std::io::Result<Option<(usize, Result<Grid, ParseError>)>> {
        use std::io::{BufRead, Read};
        loop {
            // A whole line already buffered, of a length the cap allows, is
            // parsed where it lies: no copy, no UTF-8 pass for a puzzle line.
            let buffered = self.reader.buffer();
            if let Some(end) = buffered.iter().position(|&b| b == b'\n') {
                if end < MAX_LINE_BYTES {
                    self.line += 1;
                    let parsed = parse_batch_bytes(&buffered[..end], self.line);
                    self.reader.consume(end + 1);
                    match self.rows.take(parsed, self.line) {
                        Some(found) => return Ok(Some(found)),
                        None => continue,
                    }
                }
            } else {
                before_wait()?;
            }
            self.buf.clear();
            let cap = MAX_LINE_BYTES as u64 + 1;
            let n = (&mut self.reader)
                .take(cap)
                .read_until(b'\n', &mut self.buf)?;
            if n == 0 {
                return Ok(self.rows.finish(self.line + 1));
            }
            self.line += 1;
            if self.buf.len() > MAX_LINE_BYTES && self.buf.last() != Some(&b'\n') {
                let err = ParseError {
                    line: self.line,
                    col: MAX_LINE_BYTES + 1,
                    kind: ParseErrorKind::LineTooLong {
                        max_bytes: MAX_LINE_BYTES,
                    },
                };
                return Ok(Some((self.line, Err(err))));
            }
            let parsed = parse_batch_bytes(&self.buf, self.line);
            if let Some(found) = self.rows.take(parsed, self.line) {
                return Ok(Some(found));
            }
        }
    }
}

/// One line of the batch format as bytes (its `\n` may be there or not):
/// an 81-byte puzzle line, trailing blanks aside, is read directly; any
/// other line (a row of nine, a literal, a mistake) goes through
/// [`parse_batch_line`], bytes that are not UTF-8
/// becoming U+FFFD, which the parser reports at its own column.
fn parse_batch_bytes(bytes: &[u8], n: usize) -> BatchLine {
    let mut end = bytes.len();
    while end > 0 && matches!(bytes[end - 1], b'\n' | b'\r' | b' ' | b'\t') {
        end -= 1;
    }
    if end == CELLS {
        let mut cells = [0u8; CELLS];
        let mut bad = false;
        for (cell, &b) in cells.iter_mut().zip(bytes) {
            let v = b.wrapping_sub(b'0');
            bad |= v > 9 && b != b'.';
            *cell = if b == b'.' { 0 } else { v };
        }
        if !bad {
            return BatchLine::Puzzle(Ok(Grid(cells)));
        }
    }
    parse_batch_line(&String::from_utf8_lossy(bytes), n)
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
        // Nine rows and no closing bracket: said as such, not as too few rows.
        let open = &good[..good.len() - 1];
        let e = parse_board(open).unwrap_err();
        assert_eq!((e.line, e.kind.clone()), (1, ParseErrorKind::Unclosed));
        assert_eq!(e.col, good.len());
        assert!(e.to_string().contains("closing `]`"), "{e}");
    }

    #[test]
    fn byte_fast_path_agrees_with_the_text_parser() {
        let puzzle = format!("{}{}", "12345678.".repeat(8), "000000000");
        let mut lines: Vec<Vec<u8>> = ["", "#", "# x", "\r\n", " \t\r\n"]
            .iter()
            .map(|l| l.as_bytes().to_vec())
            .collect();
        for tail in ["", "\n", "\r\n", " \t\n", "x\n", "1\n", "\u{a0}\n"] {
            lines.push(format!("{puzzle}{tail}").into_bytes());
            lines.push(format!("{}{tail}", &puzzle[1..]).into_bytes());
        }
        for at in [0, 40, 80] {
            for bad in [b'x', b'#', b':', b'/', 0xff, b' '] {
                let mut line = puzzle.clone().into_bytes();
                line[at] = bad;
                lines.push(line);
            }
        }
        for line in &lines {
            assert_eq!(
                parse_batch_bytes(line, 7),
                parse_batch_line(&String::from_utf8_lossy(line), 7),
                "{:?}",
                String::from_utf8_lossy(line)
            );
        }
        assert_eq!(
            parse_batch_bytes(puzzle.as_bytes(), 1),
            BatchLine::Puzzle(Grid::from_line(&puzzle, 1))
        );
        assert_eq!(
            parse_batch_bytes(b"530070000\r\n", 1),
            BatchLine::Row([5, 3, 0, 0, 7, 0, 0, 0, 0])
        );
    }
}
