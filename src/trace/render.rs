//! The terminal trace: each step as a line, the board as text.

use super::search::{Board, Event, Outcome, Stats, Stopped, Watch};
use std::fmt::{self, Write as _};
use std::io::{self, Write};
use std::time::Duration;

/// `(row,col)` of a cell, the write-ups' `(i, j)`.
pub fn at(cell: usize) -> String {
    format!("({},{})", cell / 9, cell % 9)
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
        }
    }
}

const GREEN: &str = "\x1b[32m";
const RED: &str = "\x1b[31;9m";
const BOLD: &str = "\x1b[1m";
const REVERSE: &str = "\x1b[7m";
const RESET: &str = "\x1b[0m";

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
                (" . ".to_string(), "")
            };
            if colour {
                let current = if board.current == Some(cell) {
                    REVERSE
                } else {
                    ""
                };
                let _ = write!(out, "{style}{current}{text}{RESET}");
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
/// The first empty cell of the board the search ended on, as `(row,col)`.
pub(super) fn stuck_at(outcome: &Outcome) -> Option<String> {
    outcome.last.0.iter().position(|&d| d == 0).map(at)
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
    pub(super) error: Option<io::Error>,
}

impl Printer<'_> {
    fn write_step(&mut self, event: &Event, board: &Board, stats: &Stats) -> io::Result<()> {
        let line = format!("step {:>5}  {event}", stats.steps);
        if self.animate {
            // Home, clear, redraw: the board animates in place.
            write!(
                self.out,
                "\x1b[H\x1b[J{}\n{line}\n",
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
        let (line, colour_on) = match event {
            Event::Complete { .. } => (line, GREEN),
            Event::Undo {
                erases_solution: true,
                ..
            } => (line, RED),
            Event::Retry { .. } | Event::NoFit { .. } => (line, BOLD),
            _ => (line, ""),
        };
        if self.colour && !colour_on.is_empty() {
            writeln!(self.out, "{colour_on}{line}{RESET}")?;
        } else {
            writeln!(self.out, "{line}")?;
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
