//! `sudoku judge --stats`: the search tree each order walks on each puzzle
//! (placements / undos, from the counting mirrors in `src/mirror.rs`), and the
//! CPU time per placement of each LeetCode 37 approach.

use super::checker::Answer;
use super::problem::Problem;
use super::report::{write_grid, Cell};
use super::solution::Solution;
use super::{Case, CaseResult, Verdict};
use crate::format::parse_board;
use crate::grid::Grid;
use crate::mirror::{self, Order};
use anstyle::Style;
use std::collections::HashMap;
use std::io::{self, Write};
use std::time::Duration;

/// Formats a count with thousands separators.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn puzzle_of(problem: &Problem, case: &Case) -> Option<Grid> {
    match problem.key {
        "lc37" => parse_board(&case.input).ok().map(|b| Grid::from_board(&b)),
        // Only the cases with an answer: the others are about the input or the count.
        "lanqiao" if matches!(case.answer, Answer::Fails { .. }) => None,
        "lanqiao" => crate::format::read_puzzle(&case.input).ok(),
        _ => None,
    }
}

/// Writes the `--stats` tables for `problem` (nothing for a problem without puzzles).
pub fn write(
    out: &mut dyn Write,
    problem: &Problem,
    entries: &[Solution],
    fixtures: &[Case],
    results: &[CaseResult],
    width: usize,
) -> io::Result<()> {
    let mut puzzles: Vec<(&Case, Grid)> = Vec::new();
    for f in fixtures {
        match puzzle_of(problem, f) {
            // A puzzle met before (the Lanqiao format variants of sample1) adds nothing.
            Some(g) if !puzzles.iter().any(|(_, seen)| *seen == g) => puzzles.push((f, g)),
            _ => {}
        }
    }
    if puzzles.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\n--stats, {}: the search tree of each order (placements / undos), counted by the mirrors in src/mirror.rs; the paste-ready files carry no counters",
        problem.title
    )?;
    let orders = [Order::RowMajor, Order::Rescan, Order::Fewest];
    let mut counts: HashMap<(Order, usize), mirror::Stats> = HashMap::new();
    for (k, (_, grid)) in puzzles.iter().enumerate() {
        for order in orders {
            counts.insert((order, k), mirror::count(order, grid));
        }
    }
    let headers: Vec<String> = puzzles.iter().map(|(f, _)| f.name.clone()).collect();
    let mut rows = Vec::new();
    let mut cells = Vec::new();
    for order in orders {
        let label = match order {
            Order::RowMajor => "row-major, forward (01-05, 07, 08)",
            Order::Rescan => "row-major, rescan from (0,0) (06)",
            _ => "fewest candidates first (lanqiao)",
        };
        rows.push(label.to_string());
        cells.push(
            (0..puzzles.len())
                .map(|k| {
                    let s = counts[&(order, k)];
                    Cell(
                        format!("{} / {}", thousands(s.placements), thousands(s.undos)),
                        Style::new(),
                    )
                })
                .collect(),
        );
    }
    rows.push("wrong DFS (09)".into());
    cells.push(
        puzzles
            .iter()
            .map(|_| Cell("never ends".into(), Style::new()))
            .collect(),
    );
    write_grid(out, "order", &rows, &headers, &cells, false, width)?;
    if problem.key != "lc37" {
        return Ok(());
    }
    writeln!(
        out,
        "\nTime per placement: the judge's CPU time / the placements of the order the approach follows \
         (only from 100 ms up: below, starting the process is most of it)"
    )?;
    let mut rows = Vec::new();
    let mut cells = Vec::new();
    for entry in entries {
        let Some(order) = Order::of(&entry.name) else {
            continue;
        };
        rows.push(entry.name.clone());
        cells.push(
            puzzles
                .iter()
                .enumerate()
                .map(|(k, (f, _))| {
                    let Some(r) = results
                        .iter()
                        .find(|r| r.solution == entry.name && r.fixture == f.name)
                    else {
                        return Cell("-".into(), Style::new());
                    };
                    let ms = r.cpu.as_secs_f64() * 1e3;
                    match counts.get(&(order, k)) {
                        Some(s) if s.placements > 0 && r.cpu >= Duration::from_millis(100) => {
                            let ns = r.cpu.as_nanos() as f64 / s.placements as f64;
                            let more = if r.verdict == Verdict::Tle { ">" } else { "" };
                            Cell(format!("{more}{ms:.0}ms {more}{ns:.0}ns"), Style::new())
                        }
                        _ if r.verdict == Verdict::Tle => {
                            Cell(format!("TLE >{ms:.0}ms"), Style::new())
                        }
                        _ => Cell(format!("{ms:.0}ms"), Style::new()),
                    }
                })
                .collect(),
        );
    }
    write_grid(out, "approach", &rows, &headers, &cells, false, width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }
}
