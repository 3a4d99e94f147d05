//! Every registered solver on every shipped set: puzzles/s,
//! µs/puzzle, guesses/puzzle and % solved without a guess; limit 2, one thread.
//!
//! ```text
//! cargo bench --bench solvers               full run, about 2 minutes
//! cargo bench --bench solvers -- --quick    first 1,000 puzzles per set, 1 pass (or SOLVERS_BENCH_QUICK=1)
//! ```
//!
//! Counting solvers (fast, fast-portable, fast-triad, dlx): passes over the whole set, interleaved
//! solver by solver so noise hits all alike; puzzles/s and µs/puzzle come from
//! the median pass (wall clock of the whole pass / puzzles). DLX takes about
//! 0.9 ms per 1905_11+ puzzle, so its passes there use the first 5,000.
//!
//! Write-up approaches (row-major DFS, no propagation, cannot be interrupted
//! in-process): each runs in a child process (this binary again) on the
//! first 50 puzzles of a set, killed when it passes a 2 s budget, which shows
//! as "—". Their times are the sum of per-puzzle wall clocks of the
//! approach's own call on LeetCode's board (the oracle checks each answer
//! outside the clock), one pass; they report no guesses.
//!
//! Prints markdown tables and writes `target/bench/solvers.csv`, which the
//! chart reads (`bench-peer/`, `--chart`).

mod common;

use common::{grouped, markdown, Set, Stats, LIMIT, SETS};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};
use sudoku_workspace::solver::{self, Solver};
use sudoku_workspace::{grid::Grid, lc37, oracle};

/// Set in the child process: `SOLVER<TAB>FILE<TAB>N`.
const CHILD_ENV: &str = "SOLVERS_BENCH_CHILD";

/// How much of each measurement to do.
struct Plan {
    quick: bool,
    /// Most puzzles per set for every solver.
    max_puzzles: usize,
    /// Timed passes of a counting solver over a set.
    passes: usize,
    /// Puzzles of each set a write-up approach tries, and its budget.
    write_up_puzzles: usize,
    write_up_budget: Duration,
}

impl Plan {
    fn new() -> Plan {
        let quick = std::env::args().any(|a| a == "--quick")
            || std::env::var_os("SOLVERS_BENCH_QUICK").is_some();
        if quick {
            Plan {
                quick,
                max_puzzles: 1_000,
                passes: 1,
                write_up_puzzles: 5,
                write_up_budget: Duration::from_millis(500),
            }
        } else {
            Plan {
                quick,
                max_puzzles: usize::MAX,
                passes: 5,
                write_up_puzzles: 50,
                write_up_budget: Duration::from_secs(2),
            }
        }
    }

    /// Puzzles of `set` one pass of `solver` takes.
    fn puzzles(&self, solver: &Solver, set: &Set) -> usize {
        let cap = match (solver.name, set.label) {
            ("dlx", "1905_11+") => 5_000,
            _ => usize::MAX,
        };
        set.puzzles.len().min(cap)
    }

    /// Timed passes of `solver` (DLX: 3, its passes are long).
    fn passes(&self, solver: &Solver) -> usize {
        if solver.name == "dlx" {
            self.passes.min(3)
        } else {
            self.passes
        }
    }
}

/// One row of the results.
struct Row {
    set: &'static str,
    solver: &'static str,
    /// `None`: a write-up approach that went past its budget after `done` puzzles.
    stats: Option<Stats>,
    tried: usize,
    done: usize,
    counts: bool,
}

fn main() {
    if let Ok(job) = std::env::var(CHILD_ENV) {
        child(&job);
        return;
    }
    let plan = Plan::new();
    if cfg!(debug_assertions) {
        eprintln!("warning: debug build; use `cargo bench`");
    }
    let counting: Vec<&Solver> = solver::solvers().iter().filter(|s| s.counts).collect();
    let write_ups: Vec<&Solver> = solver::solvers().iter().filter(|s| !s.counts).collect();
    let mut rows = Vec::new();
    for (label, file) in SETS {
        let set = common::load(label, file, plan.max_puzzles);
        // Interleaved: pass 1 of every solver, then pass 2, ...
        let mut runs: Vec<Vec<(f64, u64, usize)>> = vec![Vec::new(); counting.len()];
        for pass in 0..plan.passes {
            for (solver, runs) in counting.iter().zip(&mut runs) {
                if pass < plan.passes(solver) {
                    let n = plan.puzzles(solver, &set);
                    let expected = common::expected_count(label);
                    runs.push(common::pass(
                        solver.name,
                        solver.count,
                        &set,
                        0..n,
                        expected,
                    ));
                }
            }
        }
        for (solver, runs) in counting.iter().zip(&runs) {
            let n = plan.puzzles(solver, &set);
            eprintln!("{label:>18} {:<24} done", solver.name);
            rows.push(Row {
                set: label,
                solver: solver.name,
                stats: Some(common::stats(n, runs)),
                tried: n,
                done: n,
                counts: true,
            });
        }
        for solver in &write_ups {
            let n = plan.write_up_puzzles.min(set.puzzles.len());
            let row = match run_write_up(solver.name, file, n, plan.write_up_budget) {
                Ok(stats) => Row {
                    set: label,
                    solver: solver.name,
                    stats: Some(stats),
                    tried: n,
                    done: n,
                    counts: false,
                },
                Err(done) => Row {
                    set: label,
                    solver: solver.name,
                    stats: None,
                    tried: n,
                    done,
                    counts: false,
                },
            };
            eprintln!("{label:>18} {:<24} {}/{n}", solver.name, row.done);
            rows.push(row);
        }
    }
    report(&plan, &rows);
}

/// Runs a write-up approach on the first `n` puzzles of `file` in a child
/// process; `Err(puzzles done)` when it is still running after `budget`.
fn run_write_up(name: &str, file: &str, n: usize, budget: Duration) -> Result<Stats, usize> {
    let exe = std::env::current_exe().expect("path of this benchmark");
    let mut child = Command::new(exe)
        .env(CHILD_ENV, format!("{name}\t{file}\t{n}"))
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the child process");
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + budget;
    let mut secs = Vec::with_capacity(n);
    while secs.len() < n {
        match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(line) => {
                let line = line.expect("read the child's output");
                secs.push(line.parse::<f64>().expect("seconds from the child"));
            }
            Err(RecvTimeoutError::Timeout) => {
                child.kill().expect("kill the child");
                child.wait().expect("reap the child");
                return Err(secs.len());
            }
            Err(RecvTimeoutError::Disconnected) => {
                panic!("{name} on {file}: child ended: {:?}", child.wait())
            }
        }
    }
    let status = child.wait().expect("reap the child");
    assert!(status.success(), "{name} on {file}: {status}");
    let total: f64 = secs.iter().sum();
    Ok(Stats {
        puzzles: n,
        passes: common::Passes(vec![total]),
        guesses: 0,
        no_guess: 0,
    })
}

/// The child: solves the first N puzzles of FILE with SOLVER, printing each
/// one's seconds as soon as it is done.
///
/// # Panics
/// If a puzzle is not solved (every shipped set has a solution per puzzle).
fn child(job: &str) {
    let mut parts = job.split('\t');
    let (Some(name), Some(file), Some(n)) = (parts.next(), parts.next(), parts.next()) else {
        panic!("{CHILD_ENV}={job:?}: expected SOLVER<TAB>FILE<TAB>N");
    };
    let n: usize = n.parse().expect("N");
    let approach = lc37::APPROACHES
        .iter()
        .find(|a| a.0 == name)
        .unwrap_or_else(|| panic!("unknown approach {name}"))
        .1;
    let set = common::load("child", file, n);
    let mut out = std::io::stdout().lock();
    for (i, p) in set.puzzles.iter().enumerate() {
        // Only the approach's own call is timed, on the board LeetCode hands
        // it: no adapter, no givens check, no oracle (what the solutions
        // do, nothing of the bench's).
        let mut board = p.to_board();
        let start = Instant::now();
        approach(std::hint::black_box(&mut board));
        let secs = start.elapsed().as_secs_f64();
        // Every shipped puzzle has a solution: the oracle must accept it.
        let answer = Grid::from_board(&board);
        assert!(
            oracle::is_solution(p, &answer),
            "{name} on {file} puzzle {}",
            i + 1
        );
        writeln!(out, "{secs}")
            .and_then(|_| out.flush())
            .expect("write");
    }
}

/// Markdown tables on stdout (the counting solvers in full, the write-ups'
/// puzzles/s per set), every row in `target/bench/solvers.csv`.
fn report(plan: &Plan, rows: &[Row]) {
    let budget = plan.write_up_budget.as_secs_f64();
    println!(
        "\n## Solvers, limit {LIMIT}, one thread{}\n",
        if plan.quick {
            " (--quick: first 1,000 puzzles per set, 1 pass; write-ups 5 puzzles, 0.5 s)"
        } else {
            ""
        }
    );
    let mut table = Vec::new();
    let mut csv = String::from(common::CSV_HEADER);
    for r in rows {
        match (&r.stats, r.counts) {
            (Some(s), true) => {
                table.push(s.cells(r.set, r.solver, true));
                csv.push_str(&s.csv_line(r.set, r.solver, true, "median pass"));
            }
            (Some(s), false) => csv.push_str(&format!(
                "{},{},{},1,{:.1},{:.3},,,first {} puzzles within {budget} s; one solution\n",
                r.solver,
                r.set,
                s.puzzles,
                s.per_sec(),
                s.micros(),
                s.puzzles
            )),
            (None, _) => csv.push_str(&format!(
                "{},{},{},,,,,,over budget: {} of the first {} puzzles in {budget} s\n",
                r.solver, r.set, r.done, r.done, r.tried
            )),
        }
    }
    println!("{}", markdown(&common::COLUMNS, 2, &table));
    println!(
        "Median of the passes over the set (whole-pass wall clock / puzzles); every count checked.\n"
    );

    // The write-ups: puzzles/s per set, "—" where they went past the budget.
    let mut header = vec!["write-up (first N puzzles, 1 solution)"];
    header.extend(SETS.iter().map(|(label, _)| *label));
    let mut summary = Vec::new();
    for solver in solver::solvers().iter().filter(|s| !s.counts) {
        let mut line = vec![solver.name.to_string()];
        for (label, _) in SETS {
            let r = rows
                .iter()
                .find(|r| r.set == label && r.solver == solver.name);
            line.push(match r.and_then(|r| r.stats.as_ref()) {
                Some(s) => grouped(s.per_sec(), 0),
                None => "—".to_string(),
            });
        }
        summary.push(line);
    }
    println!("{}", markdown(&header, 1, &summary));
    println!(
        "Write-ups: puzzles/s over the first {} puzzles of each set (sum of the per-puzzle times \
         of the approach's own call on LeetCode's board, one pass; the oracle checks each answer \
         off the clock), \"—\" when not done within {budget} s (child process killed). They stop at \
         the first solution, so they do less than a count to 2 (most of the gap on Serg's set).\n",
        plan.write_up_puzzles,
    );

    let path = common::out_dir().join("solvers.csv");
    std::fs::write(&path, csv).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // The run the chart names for these rows.
    common::write_beside_csv("solvers.run", &common::run_header());
    // Relative to the workspace, as the docs quote it.
    let shown = path
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(&path);
    println!("wrote {}", shown.display());
}
