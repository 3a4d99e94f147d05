//! What a traced program said, line by line: the harness's (Python,
//! JavaScript) or the recorder's (a compiled copy, its lines marked among
//! the program's own output), read into the writes, calls, returns and
//! locals of a recording.

use super::super::record::{EndKind, FrameOp};
use super::super::Error;
use crate::grid::CELLS;
use std::io::BufRead;

/// What the harness reported, line by line.
#[derive(Default)]
pub(super) struct Heard {
    /// `solveSudoku` was called.
    pub(super) started: bool,
    /// The file's own calls of `solveSudoku` before the harness's (a test
    /// at its bottom), and the line of the first.
    pub(super) early: Option<(u64, usize)>,
    /// (cell, digit or 0, line of the user's file) per write.
    pub(super) writes: Vec<(usize, u8, usize)>,
    /// How the run ended, when the harness said (a bad write, the step
    /// limit, an exception).
    pub(super) ending: Option<String>,
    /// The program wrote a value the board cannot hold.
    pub(super) bad: bool,
    /// The board `solveSudoku` left, when it returned.
    pub(super) last_board: Option<String>,
    /// How it ended, when the harness said.
    pub(super) end: Option<EndKind>,
    /// The line that raised, or 0.
    pub(super) end_line: usize,
    /// The calls begun and returned, in order.
    pub(super) ops: Vec<FrameOp>,
    /// How many of `ops` came before each write.
    pub(super) write_ops: Vec<u32>,
    /// Since the last write.
    pending: u32,
    /// The functions, the values and the locals `ops` name.
    pub(super) names: Vec<String>,
    pub(super) values: Vec<String>,
    pub(super) locals: Vec<String>,
    /// The last lines of the program's own output (a compiled file's
    /// protocol comes marked among them), at most [`OUTPUT_KEPT`] bytes.
    pub(super) output: std::collections::VecDeque<String>,
    /// Bytes of `output`, and whether earlier lines were let go.
    output_bytes: usize,
    pub(super) output_cut: bool,
    /// Calls reported and not yet returned: an `o N` ends at most these.
    depth: u32,
}

/// The program's own output kept for the ending (a LeetCode literal, a
/// stdin program's 9 lines): its last 64 KiB. Whatever the program prints,
/// what the trace holds of it is bounded by what it printed, byte for byte.
const OUTPUT_KEPT: usize = 64 << 10;

impl Heard {
    /// One line of the program's own output, kept among the last
    /// [`OUTPUT_KEPT`] bytes.
    fn keep_output(&mut self, line: String) {
        self.output_bytes += line.len() + 1;
        self.output.push_back(line);
        while self.output_bytes > OUTPUT_KEPT {
            let Some(first) = self.output.pop_front() else {
                break;
            };
            self.output_bytes -= first.len() + 1;
            self.output_cut = true;
        }
    }
}

/// What the board holds, for the words of a bad write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(unix), allow(dead_code))]
pub(super) enum Board {
    /// Python's and JavaScript's one-character strings.
    Strings,
    /// LeetCode's `char`s in C, C++, Java, Rust.
    Chars,
    /// A stdin program's table: 0-9 or '0'-'9'.
    Digits,
}

/// The longest line of a run's output the trace reads: a protocol line
/// with its locals is a few hundred bytes, and a longer line is cut here
/// rather than held whole.
const MAX_LINE: usize = 64 << 10;

/// Reads the next line of `out` into `line` (without its `\n`), keeping
/// its first `cap` bytes and passing over the rest; false at the end.
fn read_line_capped(
    out: &mut impl BufRead,
    line: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<bool> {
    line.clear();
    let mut any = false;
    loop {
        let buf = out.fill_buf()?;
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (part, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1),
            None => (buf, buf.len()),
        };
        let room = cap.saturating_sub(line.len());
        line.extend_from_slice(&part[..part.len().min(room)]);
        let newline = done > part.len();
        out.consume(done);
        if newline {
            return Ok(true);
        }
    }
}

/// The index of `text` in `table`, added if new (at most 128 entries, as
/// the page packs them; past that, the last stands for every other).
fn intern(table: &mut Vec<String>, text: &str) -> u8 {
    if let Some(i) = table.iter().position(|t| t == text) {
        return i as u8;
    }
    if table.len() >= 127 {
        if table.len() == 127 {
            table.push("…".into());
        }
        return 127;
    }
    table.push(text.to_string());
    (table.len() - 1) as u8
}

/// Reads the harness's lines (`start`, `c NAME`, `r VALUE`, `o N`,
/// `w R C V LINE`, `bad R C LINE V`, `cut`, `raise LINE MESSAGE`, `done
/// BOARD`); other lines are ignored.
pub(super) fn read_harness(
    out: impl BufRead,
    shown: &str,
    max_steps: u64,
    board: Board,
) -> Result<Heard, Error> {
    let mut heard = Heard::default();
    let mut out = out;
    let mut bytes = Vec::new();
    while read_line_capped(&mut out, &mut bytes, MAX_LINE).map_err(Error::Write)? {
        let line = String::from_utf8_lossy(&bytes).into_owned();
        // A compiled file's recorder marks its lines with 0x1e: what comes
        // before the mark, or a line without one, is the program's output.
        let line = if board == Board::Strings {
            line.as_str()
        } else {
            match line.split_once('\u{1e}') {
                Some((before, mine)) => {
                    if !before.is_empty() {
                        heard.keep_output(before.to_string());
                    }
                    mine
                }
                None => {
                    heard.keep_output(line);
                    continue;
                }
            }
        };
        let mut parts = line.splitn(5, ' ');
        match parts.next() {
            Some("start") => heard.started = true,
            Some("early") => {
                let mut num = || parts.next().and_then(|p| p.parse().ok());
                if let (Some(n), Some(line)) = (num(), num()) {
                    heard.early = Some((n, line as usize));
                }
            }
            Some("c") => {
                let name = parts.next().unwrap_or("?");
                let i = intern(&mut heard.names, name);
                heard.ops.push(FrameOp::Call(i));
                heard.pending += 1;
                heard.depth = heard.depth.saturating_add(1);
            }
            Some("r") => {
                let value: Vec<&str> = parts.collect();
                let i = intern(&mut heard.values, &value.join(" "));
                heard.ops.push(FrameOp::Return(i));
                heard.pending += 1;
                heard.depth = heard.depth.saturating_sub(1);
            }
            Some("o") => {
                // At most the calls still open: a line of a few bytes never
                // stands for more returns than calls were reported.
                let n = parts
                    .next()
                    .and_then(|p| p.parse::<u32>().ok())
                    .unwrap_or(0)
                    .min(heard.depth);
                let i = intern(&mut heard.values, "?");
                for _ in 0..n {
                    heard.ops.push(FrameOp::Return(i));
                    heard.pending += 1;
                }
                heard.depth -= n;
            }
            Some("v") => {
                let frame = parts.next().and_then(|p| p.parse::<u16>().ok());
                let text: Vec<&str> = parts.collect();
                if let Some(frame) = frame {
                    let text = intern_locals(&mut heard.locals, &text.join(" "));
                    heard.ops.push(FrameOp::Locals { frame, text });
                    heard.pending += 1;
                }
            }
            Some("w") => {
                let mut num = || parts.next().and_then(|p| p.parse::<usize>().ok());
                let (Some(r), Some(c)) = (num(), num()) else {
                    continue;
                };
                let value = parts.next().unwrap_or(".");
                let line_no = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
                let digit = value.parse::<u8>().unwrap_or(0);
                // Past the step limit a write is not the recorder's (it stops
                // the program there), and is not kept.
                if r < 9 && c < 9 && (heard.writes.len() as u64) < max_steps {
                    heard.writes.push((r * 9 + c, digit, line_no));
                    heard.write_ops.push(std::mem::take(&mut heard.pending));
                }
            }
            Some("bad") => {
                let rest: Vec<&str> = parts.collect();
                if let [r, c, l, rest] = rest.as_slice() {
                    let (kind, value) = rest.split_once(' ').unwrap_or(("?", rest));
                    let cell =
                        r.parse::<usize>().unwrap_or(0) * 9 + c.parse::<usize>().unwrap_or(0);
                    heard.end = Some(EndKind::Unsolved);
                    heard.bad = true;
                    heard.end_line = l.parse().unwrap_or(0);
                    let holds = match board {
                        Board::Strings => "one-character strings, '.' or '1' to '9'",
                        Board::Chars => "the characters '.' and '1' to '9'",
                        Board::Digits => "the digits 0 to 9 (or '0' to '9')",
                    };
                    heard.ending = Some(format!(
                        "{shown} line {l} wrote {value} (type {kind}) at {}: the board holds {holds}; stopped there",
                        super::super::at(cell.min(CELLS - 1))
                    ));
                }
            }
            Some("cut") => {
                heard.end = Some(EndKind::Stopped);
                heard.ending = Some(format!(
                "stopped after {} writes (--max-steps {max_steps}): the program had not returned",
                heard.writes.len(),
            ))
            }
            Some("raise") => {
                let l = parts.next().unwrap_or("0");
                heard.end = Some(EndKind::Unsolved);
                heard.end_line = l.parse().unwrap_or(0);
                let message: Vec<&str> = parts.collect();
                heard.ending = Some(format!(
                    "the program raised {} at {shown} line {l}",
                    message.join(" ")
                ));
            }
            Some("done") => heard.last_board = parts.next().map(str::to_string),
            _ => {}
        }
    }
    Ok(heard)
}

/// The index of `text` in `table`, added if new (the locals of a frame
/// recur: a table of at most a million texts, past that the last stands
/// for every other).
fn intern_locals(table: &mut Vec<String>, text: &str) -> u32 {
    if let Some(i) = table.iter().rev().take(64).position(|t| t == text) {
        return (table.len() - 1 - i) as u32;
    }
    if table.len() >= 1 << 20 {
        return (table.len() - 1) as u32;
    }
    table.push(text.to_string());
    (table.len() - 1) as u32
}
