//! The terminal trace: each step as a line, the board as text.

use crate::grid::CELLS;
use crate::mirror::{blockers, unit_cells, Board, Event, Stats, Stopped, Watch};
use anstyle::{AnsiColor, Style};
use std::fmt::{self, Write as _};
use std::io::{self, Write};
use std::time::Duration;

/// A cell as judges number it, from 1: `row 1, col 9` is the write-ups' `(0, 8)`.
pub fn at(cell: usize) -> String {
    format!("row {}, col {}", cell / 9 + 1, cell % 9 + 1)
}

/// A unit (see [`unit_cells`]) as `row 3`, `col 3` or
/// `box 3`, numbered from 1, boxes row by row.
pub fn unit_name(unit: usize) -> String {
    let kind = ["row", "col", "box"][unit / 9];
    format!("{kind} {}", unit % 9 + 1)
}

/// Why a dead end is one, from the board at that step: for a cell, which
/// cell holds each of 1-9 in its row, col or box; for a digit with no place
/// in a unit, which cell keeps it out of each empty cell there. `None` for
/// the other steps.
pub fn dead_end_why(event: &Event, cells: &[u8; CELLS]) -> Option<String> {
    let mut parts = Vec::new();
    match *event {
        Event::NoFit { cell, .. } => {
            for (i, by) in blockers(cells, cell).iter().enumerate() {
                let digit = i + 1;
                match by {
                    Some(p) => parts.push(format!("{digit} at {}", at(*p))),
                    None => parts.push(format!("{digit} not blocked")),
                }
            }
        }
        Event::NoPlace { unit, digit, .. } => {
            for cell in unit_cells(unit).into_iter().filter(|&c| cells[c] == 0) {
                match blockers(cells, cell)[usize::from(digit) - 1] {
                    Some(p) => parts.push(format!("{} sees the {digit} at {}", at(cell), at(p))),
                    None => parts.push(format!("{} not blocked", at(cell))),
                }
            }
        }
        _ => return None,
    }
    Some(parts.join("; "))
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Place { cell, digit, depth } => {
                write!(f, "place {digit} at {}  depth {depth}", at(cell))
            }
            Event::Undo {
                cell,
                digit,
                depth,
                erases_solution,
            } => {
                write!(f, "undo  {digit} at {}  depth {depth}", at(cell))?;
                if erases_solution {
                    write!(f, "  <- erases the finished board")?;
                }
                Ok(())
            }
            Event::Complete { depth } => write!(f, "the board is complete  depth {depth}"),
            Event::NoFit { cell, depth } => {
                write!(f, "no digit fits at {}  depth {depth}", at(cell))
            }
            Event::Retry { cell, depth, visit } => write!(
                f,
                "back at {} again (visit {visit}): the while loop finds the same empty cell  depth {depth}",
                at(cell)
            ),
            Event::NoPlace { unit, digit, depth } => write!(
                f,
                "no cell left for {digit} in {}  depth {depth}",
                unit_name(unit)
            ),
        }
    }
}

/// Placed digits, and a board just completed.
const GREEN: Style = AnsiColor::Green.on_default();
/// A digit just undone, and an undo that erases a solution.
const RED: Style = AnsiColor::Red.on_default().strikethrough();
/// Givens, and the events where the search turns back.
const BOLD: Style = Style::new().bold();
/// The current cell.
const REVERSE: Style = Style::new().invert();
/// Cursor home and clear the screen: the animated board redraws in place.
const CLEAR_SCREEN: &str = "\x1b[H\x1b[J";

/// The legend for [`render_board`]'s plain markers.
pub const LEGEND: &str = "5 given, [4] placed, (4) just undone (now empty), . empty";

/// The board as 11 lines. Plain: ` 5 ` given, `[4]` placed, `(4)` just
/// undone; with `colour`: givens bold, placed green, just undone red struck
/// through, the current cell reversed.
pub fn render_board(board: &Board, colour: bool) -> String {
    let mut out = String::new();
    for r in 0..9 {
        if r > 0 && r % 3 == 0 {
            out.push_str("---------+---------+---------\n");
        }
        for c in 0..9 {
            if c > 0 && c % 3 == 0 {
                out.push('|');
            }
            let cell = r * 9 + c;
            let d = board.cells[cell];
            let (text, style) = if board.given[cell] {
                (format!(" {d} "), BOLD)
            } else if d != 0 {
                (format!("[{d}]"), GREEN)
            } else if let Some((_, u)) = board.undone.filter(|&(uc, _)| uc == cell) {
                (format!("({u})"), RED)
            } else {
                (" . ".to_string(), Style::new())
            };
            if colour {
                let current = if board.current == Some(cell) {
                    REVERSE
                } else {
                    Style::new()
                };
                let _ = write!(out, "{style}{current}{text}{current:#}{style:#}");
            } else {
                out.push_str(&text);
            }
        }
        let kept = out.trim_end_matches(' ').len();
        out.truncate(kept);
        out.push('\n');
    }
    out
}
pub(super) struct Printer<'a> {
    pub(super) out: &'a mut dyn Write,
    pub(super) max: u64,
    pub(super) colour: bool,
    pub(super) animate: bool,
    pub(super) delay: Duration,
    pub(super) boards: bool,
    pub(super) last_was_complete: bool,
    pub(super) shown_retry: bool,
    /// The last step seen.
    pub(super) last: Option<Event>,
    /// The first step that completed the board, and the first that erased one.
    pub(super) complete_at: Option<u64>,
    pub(super) erased_at: Option<u64>,
    pub(super) error: Option<io::Error>,
    /// The line of the file that made the step about to be printed (a
    /// user's file), shown after it.
    pub(super) line: Option<usize>,
}

impl Printer<'_> {
    fn write_step(&mut self, event: &Event, board: &Board, stats: &Stats) -> io::Result<()> {
        let line = match self.line {
            Some(at) if at > 0 => format!("step {:>5}  {event}  (line {at})", stats.steps),
            _ => format!("step {:>5}  {event}", stats.steps),
        };
        if self.animate {
            // Home, clear, redraw: the board animates in place.
            write!(
                self.out,
                "{CLEAR_SCREEN}{}\n{line}\n",
                render_board(board, true)
            )?;
            writeln!(
                self.out,
                "placements {}  undos {}  max depth {}",
                stats.placements, stats.undos, stats.max_depth
            )?;
            self.out.flush()?;
            std::thread::sleep(self.delay);
            return Ok(());
        }
        let style = match event {
            Event::Complete { .. } => GREEN,
            Event::Undo {
                erases_solution: true,
                ..
            } => RED,
            Event::Retry { .. } | Event::NoFit { .. } | Event::NoPlace { .. } => BOLD,
            _ => Style::new(),
        };
        if self.colour {
            writeln!(self.out, "{style}{line}{style:#}")?;
        } else {
            writeln!(self.out, "{line}")?;
        }
        if let Some(why) = dead_end_why(event, &board.cells) {
            writeln!(self.out, "             why: {why}")?;
        }
        // The board at the moments that tell the story, or after every step.
        let key = match event {
            Event::Complete { .. } => true,
            Event::Undo {
                erases_solution, ..
            } => *erases_solution || self.last_was_complete,
            Event::Retry { .. } => !std::mem::replace(&mut self.shown_retry, true),
            _ => false,
        };
        if self.boards || key || stats.steps >= self.max {
            writeln!(self.out, "\n{}", render_board(board, self.colour))?;
        }
        self.last_was_complete = matches!(event, Event::Complete { .. });
        Ok(())
    }
}

impl Watch for Printer<'_> {
    fn step(&mut self, event: &Event, board: &Board, stats: &Stats) -> Result<(), Stopped> {
        self.last = Some(*event);
        match event {
            Event::Complete { .. } => {
                self.complete_at.get_or_insert(stats.steps);
            }
            Event::Undo {
                erases_solution: true,
                ..
            } => {
                self.erased_at.get_or_insert(stats.steps);
            }
            _ => {}
        }
        if let Err(e) = self.write_step(event, board, stats) {
            self.error = Some(e);
            return Err(Stopped);
        }
        if stats.steps >= self.max {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board with a given at row 1 col 1, a placed 4 at col 2, a 7 just
    /// undone at col 3, the current cell at col 4.
    fn board() -> Board {
        let mut b = Board {
            cells: [0; CELLS],
            given: [false; CELLS],
            undone: Some((2, 7)),
            current: Some(3),
        };
        (b.cells[0], b.given[0], b.cells[1]) = (5, true, 4);
        b
    }

    #[test]
    fn plain_markers_without_colour_and_styles_with_it() {
        let plain = render_board(&board(), false);
        assert!(plain.starts_with(" 5 [4](7)| . "), "{plain}");
        assert!(!plain.contains('\x1b'));
        let coloured = render_board(&board(), true);
        let first = coloured.lines().next().unwrap();
        for (style, text) in [
            (BOLD, " 5 "),
            (GREEN, "[4]"),
            (RED, "(7)"),
            (REVERSE, " . "),
        ] {
            let want = format!("{style}{text}");
            assert!(first.contains(&want), "{want:?} in {first:?}");
        }
        assert_eq!(coloured.lines().count(), 11);
    }
}
