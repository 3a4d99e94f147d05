//! The files a mirror stands for, and the line in each that does the job of
//! each kind of step: what the page highlights as the search runs.
//!
//! A mirror walks the same tree as its files but is not their code, so a
//! line is the statement that does that step's job in the file: the write of
//! the digit, the write of the empty mark (or, where a file searches on a
//! copy, the return that drops the copy), the test that ends the search on a
//! full board, the end of the digit loop where nothing fitted, the `while`
//! that comes back to a cell. Each is found by a piece of its text, so an
//! edit to a file moves the highlight with it; a test checks every piece is
//! there.

use crate::mirror::Event;
use crate::mirror::Order;

/// The kinds of step, as the page and the line table name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// [`Event::Place`].
    Place,
    /// [`Event::Undo`].
    Undo,
    /// [`Event::Complete`].
    Complete,
    /// [`Event::NoFit`].
    NoFit,
    /// [`Event::Retry`].
    Retry,
    /// [`Event::NoPlace`].
    NoPlace,
}

impl Kind {
    /// Every kind, in the order of their codes on the page.
    pub const ALL: [Kind; 6] = [
        Kind::Place,
        Kind::Undo,
        Kind::Complete,
        Kind::NoFit,
        Kind::Retry,
        Kind::NoPlace,
    ];

    /// The kind of `event`.
    pub fn of(event: &Event) -> Kind {
        match event {
            Event::Place { .. } => Kind::Place,
            Event::Undo { .. } => Kind::Undo,
            Event::Complete { .. } => Kind::Complete,
            Event::NoFit { .. } => Kind::NoFit,
            Event::Retry { .. } => Kind::Retry,
            Event::NoPlace { .. } => Kind::NoPlace,
        }
    }

    /// Its name on the page.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Place => "place",
            Kind::Undo => "undo",
            Kind::Complete => "complete",
            Kind::NoFit => "nofit",
            Kind::Retry => "retry",
            Kind::NoPlace => "noplace",
        }
    }
}

/// A file a mirror stands for: a paste file, or a write-up's original.
#[derive(Debug)]
pub struct Source {
    /// The path from the repository root.
    pub path: &'static str,
    /// The search it follows.
    pub order: Order,
    /// Its text.
    pub text: &'static str,
    /// A piece of the line that does each kind of step's job.
    pieces: &'static [(Kind, &'static str)],
    /// The file's recursive function, where the file recurses once per
    /// filled cell as the mirror does, so the mirror's calls are the file's;
    /// `None` where its calls differ (one call per cell, filled or not; an
    /// explicit stack; forced moves within a call).
    pub function: Option<&'static str>,
}

impl Source {
    /// The file name without its extension, which `--approach` takes.
    pub fn name(&self) -> &'static str {
        let file = self.path.rsplit('/').next().unwrap_or(self.path);
        file.split('.').next().unwrap_or(file)
    }

    /// The line (from 1) that does the job of `kind`, or 0 when the file
    /// has no such step.
    pub fn line(&self, kind: Kind) -> usize {
        self.pieces
            .iter()
            .find(|&&(k, _)| k == kind)
            .and_then(|&(_, piece)| self.text.lines().position(|l| l.contains(piece)))
            .map_or(0, |i| i + 1)
    }

    /// The kinds this file names a line for.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        self.pieces.iter().map(|&(k, _)| k)
    }

    /// The default file for `order`: the one its `--approach` key shows.
    pub fn of_order(order: Order) -> &'static Source {
        let name = match order {
            Order::RowMajor => "lc37_05_marks_forward",
            Order::Rescan => "lc37_06_marks_rescan",
            Order::Wrong => "lc37_09_wrong_dfs",
            Order::Fewest => "lanqiao",
        };
        Source::named(name).expect("every order has a file")
    }

    /// The file of that name (without extension).
    pub fn named(name: &str) -> Option<&'static Source> {
        SOURCES.iter().find(|s| s.name() == name)
    }
}

use Kind::{Complete, NoFit, NoPlace, Place, Retry, Undo};

macro_rules! source {
    ($path:literal, $order:ident, [$(($kind:ident, $piece:literal)),* $(,)?]) => {
        source!($path, $order, [$(($kind, $piece)),*], None)
    };
    ($path:literal, $order:ident, [$(($kind:ident, $piece:literal)),* $(,)?], $function:expr) => {
        Source {
            path: $path,
            order: Order::$order,
            text: include_str!(concat!("../../", $path)),
            pieces: &[$(($kind, $piece)),*],
            function: $function,
        }
    };
}

/// Every file a mirror stands for ([`Order::approaches`]), and the
/// write-ups' originals in `examples/writeups/` that follow a mirrored order.
pub static SOURCES: [Source; 16] = [
    source!(
        "solutions/lc37_01_scan_flag.rs",
        RowMajor,
        [
            (Place, "board[row][col] = d as char;"),
            (Undo, "board[row][col] = '.';"),
            (Complete, "*found = true;"),
            (NoFit, "board[row][col] = '.';"),
        ]
    ),
    source!(
        "solutions/lc37_02_hash_sets_flag.rs",
        RowMajor,
        [
            (Place, "board[row][col] = ch;"),
            (Undo, "board[row][col] = '.';"),
            (Complete, "*found = true;"),
            (NoFit, "for d in b'1'..=b'9' {"),
        ]
    ),
    source!(
        "solutions/lc37_03_hash_sets_bool.rs",
        RowMajor,
        [
            (Place, "board[row][col] = ch;"),
            (Undo, "board[row][col] = '.';"),
            (Complete, "return true;"),
            (NoFit, "false // no digit fits here"),
        ]
    ),
    source!(
        "solutions/lc37_04_bitmasks.rs",
        RowMajor,
        [
            (Place, "board[row][col] = (b'0' + d) as char;"),
            (Undo, "board[row][col] = '.';"),
            (Complete, "return true;"),
            (NoFit, "        false"),
        ]
    ),
    source!(
        "solutions/lc37_05_marks_forward.rs",
        RowMajor,
        [
            (Place, "board[i][j] = (b'0' + num as u8) as char;"),
            (Undo, "board[i][j] = '.';"),
            (Complete, "return true;"),
            (NoFit, "        false"),
        ],
        Some("dfs")
    ),
    source!(
        "solutions/lc37_06_marks_rescan.rs",
        Rescan,
        [
            (Place, "board[i][j] = (b'0' + num as u8) as char;"),
            (Undo, "board[i][j] = '.';"),
            (Complete, "true // no empty cell left"),
            (
                NoFit,
                "return false; // the first empty cell takes no digit"
            ),
        ],
        Some("backtrack")
    ),
    source!(
        "solutions/lc37_07_explicit_stack.rs",
        RowMajor,
        [
            (Place, "grid[r][c] = digit;"),
            (Undo, "grid[last.cell / 9][last.cell % 9] = 0;"),
            (Complete, "    true"),
            (NoFit, "// Dead end: back to the last placement"),
        ]
    ),
    source!(
        "solutions/lc37_08_scan_next_cell.rs",
        RowMajor,
        [
            (Place, "ss[x][y] = k as char;"),
            (Undo, "ss[x][y] = '.';"),
            (Complete, "return true; // 004: print(ss); exit(0);"),
            (NoFit, "ss[x][y] = '.';"),
        ]
    ),
    source!(
        "solutions/lc37_09_wrong_dfs.rs",
        Wrong,
        [
            (Place, "board[i][j] = (b'0' + num as u8) as char;"),
            (Undo, "board[i][j] = '.';"),
            (Complete, "while i < 9 && j < 9 {"),
            (NoFit, "// BUG: board[i][j] is '.' again"),
            (Retry, "while i < 9 && j < 9 {"),
        ],
        Some("dfs")
    ),
    source!(
        "solutions/lc37_11_bitboard.rs",
        Fewest,
        [
            (Place, "t.place(d, b, bit);"),
            (Undo, "if let Some(done) = search(t) {"),
            (Complete, "return Some(s);"),
            (NoFit, "if s.propagate()? {"),
            (NoPlace, "if s.propagate()? {"),
        ]
    ),
    source!(
        "solutions/lanqiao.rs",
        Fewest,
        [
            (Place, "t.place(d, b, bit);"),
            (Undo, "count(t, found, first);"),
            (Complete, "first.get_or_insert(s);"),
            (NoFit, "None => return, // a contradiction"),
            (NoPlace, "None => return, // a contradiction"),
        ]
    ),
    source!(
        "solutions/lanqiao_proconio.rs",
        Fewest,
        [
            (Place, "t.place(d, b, bit);"),
            (Undo, "count(t, found, first);"),
            (Complete, "first.get_or_insert(s);"),
            (NoFit, "None => return, // a contradiction"),
            (NoPlace, "None => return, // a contradiction"),
        ]
    ),
    source!(
        "examples/writeups/lc37_000_wrong_dfs.java",
        Wrong,
        [
            (Place, "board[r][c] = (char) ('0' + d);"),
            (Undo, "board[r][c] = '.';"),
            (Complete, "while (r < 9 && c < 9) {"),
            (NoFit, "// (r, c) is empty again here"),
            (Retry, "while (r < 9 && c < 9) {"),
        ],
        Some("search")
    ),
    source!(
        "examples/writeups/lc37_000_fixed.java",
        RowMajor,
        [
            (Place, "board[r][c] = (char) ('0' + d);"),
            (Undo, "board[r][c] = '.';"),
            (Complete, "while (r < 9 && c < 9) {"),
            (NoFit, "            return false;"),
        ],
        Some("search")
    ),
    source!(
        "examples/writeups/lc37_002_explicit_stack.java",
        RowMajor,
        [
            (Place, "grid[r][c] = d;"),
            (Undo, "grid[last.row][last.col] = 0;"),
            (Complete, "fillWithStack(grid);"),
            (NoFit, "if (!found && !placed.isEmpty()) {"),
        ]
    ),
    source!(
        "examples/writeups/lanqiao_004.cpp",
        RowMajor,
        [
            (Place, "grid[r][c] = static_cast<char>('0' + d);"),
            (Undo, "grid[r][c] = '0';"),
            (Complete, "if (r == 9) {"),
            (NoFit, "grid[r][c] = '0';"),
        ]
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_names_a_line_and_every_approach_has_a_file() {
        for source in &SOURCES {
            for kind in source.kinds() {
                let line = source.line(kind);
                assert!(line > 0, "{}: no line for {kind:?}", source.path);
            }
            for kind in [Kind::Place, Kind::Undo, Kind::Complete, Kind::NoFit] {
                assert!(source.line(kind) > 0, "{}: {kind:?}", source.path);
            }
        }
        for order in Order::ALL {
            assert_eq!(Source::of_order(order).order, order);
            for name in order.approaches() {
                let source = Source::named(name).unwrap_or_else(|| panic!("{name} has no file"));
                assert_eq!(source.order, order, "{name}");
            }
        }
        for source in SOURCES.iter().filter(|s| s.function.is_some()) {
            let name = source.function.unwrap();
            let declared = [
                format!("fn {name}("),
                format!("boolean {name}("),
                format!("void {name}("),
            ];
            assert!(
                declared.iter().any(|d| source.text.contains(d.as_str())),
                "{}: no function {name}",
                source.path
            );
        }
        let retry = Source::of_order(Order::Wrong).line(Kind::Retry);
        assert!(Source::of_order(Order::Wrong)
            .text
            .lines()
            .nth(retry - 1)
            .unwrap()
            .contains("while"));
    }
}
