//! Peer comparison: the `sudoku` crate 0.8 (Emerentius, a port of
//! JCZSolve; AGPL-3.0, which is why it lives in this separate crate and never
//! in the main one) against this workspace's counting solvers, in the same
//! run, limit 2, one thread.
//!
//! ```text
//! cargo run --release --manifest-path bench-peer/Cargo.toml                 the comparison, about 1.5 minutes
//! cargo run --release --manifest-path bench-peer/Cargo.toml -- --quick      first 1,000 puzzles per set, 1 pass
//! cargo run --release --manifest-path bench-peer/Cargo.toml -- --summary    the same run, only the README's summary table
//! cargo run --release --manifest-path bench-peer/Cargo.toml -- --chart docs/throughput.svg
//! ```
//!
//! The comparison checks that every solver reports the set's count (1, or 2
//! for Serg's) for every puzzle, so all of them agree puzzle by puzzle; it
//! prints markdown tables and writes `target/bench/peer.csv`. `--chart` draws
//! the SVG from `target/bench/peer.csv` and `target/bench/solvers.csv` (the
//! latter from `cargo bench --bench solvers`, for the write-up approaches).

mod chart;
#[path = "../../benches/common/mod.rs"]
mod common;

use common::{grouped, markdown, Set, Stats, LIMIT, SETS};
use std::hint::black_box;
use std::time::Instant;
use sudoku::Sudoku;
use sudoku_workspace::solver::{self, Solver};

/// The peer's name in tables, CSV and chart.
pub const PEER: &str = "sudoku crate 0.8";

/// `--help`: every flag, as the module doc lists them.
const HELP: &str = "\
bench-peer: the `sudoku` crate against this workspace's counting solvers, same run, limit 2,
one thread; markdown tables on stdout, every row in target/bench/peer.csv.

Usage: cargo run --release --manifest-path bench-peer/Cargo.toml -- [FLAG]

  (none)          the whole comparison: every shipped set, 5 passes, medians (about 1.5
                  minutes on a 2-core AMD EPYC family 26)
  --quick         the first 1,000 puzzles of each set, 1 pass: a check that it runs, not
                  figures to quote
  --summary       the same run as with no flag, only the README's summary table
  --chart OUT     draw the SVG chart from target/bench/peer.csv and target/bench/solvers.csv
  --help          this text

The CSVs go under $CARGO_TARGET_DIR/bench when it is set.
Exit codes: 0 done; 2 bad command line; 101 a solver reported a wrong count (the message
names the set and the puzzle).";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{HELP}");
        return;
    }
    if let Some(bad) = args.iter().enumerate().find(|(i, a)| {
        !matches!(a.as_str(), "--quick" | "--summary" | "--chart")
            && !(*i > 0 && args[i - 1] == "--chart")
    }) {
        eprintln!("bench-peer: unknown argument {:?}\n\n{HELP}", bad.1);
        std::process::exit(2);
    }
    if let Some(i) = args.iter().position(|a| a == "--chart") {
        let Some(path) = args.get(i + 1) else {
            eprintln!("usage: bench-peer --chart OUT.svg");
            std::process::exit(2);
        };
        chart::write(std::path::Path::new(path));
        return;
    }
    let quick = args.iter().any(|a| a == "--quick");
    let summary_only = args.iter().any(|a| a == "--summary");
    if cfg!(debug_assertions) {
        eprintln!("warning: debug build; use `cargo run --release`");
    }
    compare(quick, summary_only);
}

/// Puzzles of `set` one pass of `solver` takes: DLX needs about 0.9 ms per
/// 1905_11+ puzzle, so it runs the first 5,000 there (as in `benches/solvers.rs`).
fn puzzles(solver: &Solver, set: &Set) -> usize {
    let cap = match (solver.name, set.label) {
        ("dlx", "1905_11+") => 5_000,
        _ => usize::MAX,
    };
    set.puzzles.len().min(cap)
}

/// One timed pass of the peer over the puzzles `range` of a set; every
/// count must be `expected`.
fn peer_pass(
    set: &Set,
    sudokus: &[Sudoku],
    range: std::ops::Range<usize>,
    expected: usize,
) -> (f64, u64, usize) {
    let mut wrong = None;
    let first = range.start;
    let start = Instant::now();
    for (i, s) in (first..).zip(&sudokus[range]) {
        let count = black_box(*s).solutions_count_up_to(LIMIT);
        if count != expected && wrong.is_none() {
            wrong = Some((i, count));
        }
    }
    let secs = start.elapsed().as_secs_f64();
    if let Some((i, count)) = wrong {
        panic!(
            "{PEER} counts {count}, not {expected}, on {} puzzle {}: {}",
            set.label,
            i + 1,
            set.lines[i]
        );
    }
    (secs, 0, 0)
}

/// Puzzles per slice of the head-to-head: within a pass, the solvers take
/// turns slice by slice (the one to start rotates), so a slow spell of this
/// shared machine lands on all of them alike instead of on one whole pass.
const SLICE: usize = 250;

/// One row of the report: set, solver, stats, and its speed over the
/// peer's (for the interleaved solvers, the median over passes of the
/// ratio within a pass).
type Row<'a> = (&'a str, &'a str, Stats, f64);

/// Runs every set; `summary_only` prints the one-table summary (the
/// README's) instead of the full report.
fn compare(quick: bool, summary_only: bool) {
    let (max, passes) = if quick { (1_000, 1) } else { (usize::MAX, 5) };
    let ours: Vec<&Solver> = solver::solvers().iter().filter(|s| s.counts).collect();
    // DLX is ten times slower than the rest: it runs on its own (at most 3
    // passes, capped on 1905_11+) and its ratio is of medians.
    let head: Vec<&Solver> = ours.iter().copied().filter(|s| s.name != "dlx").collect();
    let mut rows: Vec<Row> = Vec::new();
    for (label, file) in SETS {
        let set = common::load(label, file, max);
        let sudokus: Vec<Sudoku> = set
            .lines
            .iter()
            .map(|l| Sudoku::from_str_line(l).unwrap_or_else(|e| panic!("{label}: {l}: {e:?}")))
            .collect();
        let expected = common::expected_count(label);
        let n = set.puzzles.len();
        // by_pass[pass][k]: the head solvers, then the peer last.
        let mut by_pass = vec![vec![(0.0, 0, 0); head.len() + 1]; passes];
        for (pass, totals) in by_pass.iter_mut().enumerate() {
            for (slice, from) in (0..n).step_by(SLICE).enumerate() {
                let range = from..(from + SLICE).min(n);
                for turn in 0..=head.len() {
                    let k = (turn + slice + pass) % (head.len() + 1);
                    let (secs, guesses, no_guess) = match head.get(k) {
                        Some(s) => common::pass(s.name, s.count, &set, range.clone(), expected),
                        None => peer_pass(&set, &sudokus, range.clone(), expected),
                    };
                    let t = &mut totals[k];
                    *t = (t.0 + secs, t.1 + guesses, t.2 + no_guess);
                }
            }
        }
        // runs[k]: solver k's passes.
        let runs: Vec<Vec<_>> = (0..=head.len())
            .map(|k| by_pass.iter().map(|totals| totals[k]).collect())
            .collect();
        let peer_runs = &runs[head.len()];
        let peer = common::stats(n, peer_runs);
        for (solver, runs) in head.iter().zip(&runs) {
            let mut ratios: Vec<f64> = peer_runs.iter().zip(runs).map(|(p, r)| p.0 / r.0).collect();
            ratios.sort_by(f64::total_cmp);
            let ratio = ratios[ratios.len() / 2];
            rows.push((label, solver.name, common::stats(n, runs), ratio));
        }
        for solver in ours.iter().filter(|s| s.name == "dlx") {
            let n = puzzles(solver, &set);
            let runs: Vec<_> = (0..passes.min(3))
                .map(|_| common::pass(solver.name, solver.count, &set, 0..n, expected))
                .collect();
            let stats = common::stats(n, &runs);
            let ratio = stats.per_sec() / peer.per_sec();
            rows.push((label, solver.name, stats, ratio));
        }
        rows.push((label, PEER, peer, 1.0));
        eprintln!("{label:>18} done; every count {expected}");
    }
    report(quick, summary_only, &ours, &rows);
}

fn report(quick: bool, summary_only: bool, ours: &[&Solver], rows: &[Row]) {
    let mut csv = String::from(common::CSV_HEADER);
    for (set, solver, s, _) in rows {
        let is_peer = *solver == PEER;
        let note = format!("median pass; same run as {PEER}");
        csv.push_str(&s.csv_line(set, solver, !is_peer, &note));
    }
    let quick_note = if quick {
        " (--quick: first 1,000 puzzles per set, 1 pass)"
    } else {
        ""
    };
    // The summary's own note, so that the README quotes the full run's
    // Summary section as it is (scripts/readme).
    let summary_note = format!(
        "Limit {LIMIT}, one thread{quick_note}; every solver reported the set's count for \
         every puzzle. ÷ crate: the median over the passes of the speed over the {PEER}'s \
         in the same pass, taking turns every {SLICE} puzzles (dlx: of the medians). \
         `fast` and `fast-triad` ran the {:?} kernel, `fast-portable` the {:?} one.",
        sudoku_workspace::fast::Kernel::best(),
        sudoku_workspace::fast::portable_kernel()
    );
    if summary_only {
        println!("{}", summary(ours, rows));
        println!("{summary_note}");
    } else {
        println!("\n## Peer comparison, limit {LIMIT}, one thread, same run{quick_note}\n");
        println!(
            "`fast` and `fast-triad` ran the {:?} kernel, the best this CPU has; `fast-portable` the {:?} one.\n",
            sudoku_workspace::fast::Kernel::best(),
            sudoku_workspace::fast::portable_kernel()
        );
        let mut header = common::COLUMNS.to_vec();
        header.push("÷ peer");
        let mut table = Vec::new();
        for (set, solver, s, ratio) in rows {
            let mut cells = s.cells(set, solver, *solver != PEER);
            cells.push(format!("{ratio:.2}"));
            table.push(cells);
        }
        println!("{}", markdown(&header, 2, &table));
        println!(
            "Median of the passes (a pass's time / puzzles; for the solvers that take turns, \
             the sum of their slices). Every solver reported the \
             set's count for every puzzle it ran. The solvers other than dlx and the {PEER} \
             take turns every {SLICE} puzzles within a pass; their ÷ peer is the median over the \
             passes of their speed over the peer's in the same pass. dlx runs alone; its ÷ peer \
             is of the medians (on 1905_11+, dlx's first 5,000 puzzles against the peer's whole \
             set).\n"
        );
        println!("### Summary\n\n{}", summary(ours, rows));
        println!("{summary_note}");
    }

    let path = common::out_dir().join("peer.csv");
    std::fs::write(&path, csv).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // The run the chart names for these rows.
    common::write_beside_csv("peer.run", &common::run_header());
    eprintln!("wrote {}", path.display());
}

/// One line per set: the peer's speed and each of ours over it.
fn summary(ours: &[&Solver], rows: &[Row]) -> String {
    let row = |set: &str, solver: &str| rows.iter().find(|r| r.0 == set && r.1 == solver);
    let mut header = vec!["set".to_string(), format!("{PEER} /s")];
    header.extend(ours.iter().map(|s| format!("{} ÷ crate", s.name)));
    let mut lines = Vec::new();
    for (label, _) in SETS {
        let peer = row(label, PEER).expect("the peer ran on every set");
        let mut line = vec![label.to_string(), grouped(peer.2.per_sec(), 0)];
        for s in ours {
            line.push(row(label, s.name).map_or("—".into(), |r| format!("{:.2}", r.3)));
        }
        lines.push(line);
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    markdown(&header, 1, &lines)
}
