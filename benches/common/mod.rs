//! What `benches/solvers.rs` and `bench-peer/` share: the sets, timed passes
//! over a set, the markdown and CSV output. (A folder with `mod.rs`, so cargo
//! does not take it for a bench target; `bench-peer` includes it by `#[path]`.)

#![allow(dead_code)] // each includer uses its own part

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;
use sudoku_workspace::fixtures::inputs_dir;
use sudoku_workspace::format::read_puzzles;
use sudoku_workspace::grid::Grid;
use sudoku_workspace::solver::SolverFn;

/// Solutions searched for, as in tdoku's tables: 2 tells unique from not.
pub const LIMIT: usize = 2;

/// The shipped sets, easy to hardest, then Serg's: `(label, file under inputs/bench/)`.
pub const SETS: [(&str, &str); 6] = [
    ("unbiased_first1000", "puzzles1_unbiased_first1000"),
    ("17_clue", "puzzles2_17_clue"),
    ("top1465", "puzzles3_magictour_top1465"),
    ("1905_11+", "puzzles5_forum_hardest_1905_11+"),
    ("1106", "puzzles6_forum_hardest_1106"),
    ("serg", "puzzles7_serg_benchmark"),
];

/// tdoku's published puzzles/s (its README, another
/// machine; limit 2, one thread), by set label. Not measured here.
pub fn tdoku_published(set: &str) -> Option<f64> {
    match set {
        "17_clue" => Some(292_000.0),
        "top1465" => Some(111_000.0),
        "1905_11+" => Some(19_300.0),
        "1106" => Some(12_200.0),
        _ => None,
    }
}

/// The count every puzzle of a set has at limit 2: Serg's puzzles have 2 or
/// more solutions, every other shipped set is proper Sudoku.
pub fn expected_count(set: &str) -> usize {
    if set == "serg" {
        2
    } else {
        1
    }
}

/// One set, loaded: the puzzles and their lines as in the file.
pub struct Set {
    pub label: &'static str,
    pub puzzles: Vec<Grid>,
    pub lines: Vec<String>,
}

/// Loads a set, keeping at most `max` puzzles (the first ones).
///
/// # Panics
/// If the file is missing or malformed: it is part of the repository.
pub fn load(label: &'static str, file: &str, max: usize) -> Set {
    let path = inputs_dir().join("bench").join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut set = Set {
        label,
        puzzles: Vec::new(),
        lines: Vec::new(),
    };
    let all = text
        .lines()
        .filter(|l| !l.trim_end().is_empty() && !l.starts_with('#'));
    for ((_, puzzle), line) in read_puzzles(&text).zip(all).take(max) {
        set.puzzles
            .push(puzzle.unwrap_or_else(|e| panic!("{file}: {e}")));
        set.lines.push(line.trim_end().to_string());
    }
    set
}

/// Wall-clock seconds of each pass, sorted.
pub struct Passes(pub Vec<f64>);

impl Passes {
    /// The median pass (the upper one of an even count).
    pub fn median(&self) -> f64 {
        self.0[self.0.len() / 2]
    }
}

/// What one solver did on one set.
pub struct Stats {
    pub puzzles: usize,
    pub passes: Passes,
    pub guesses: u64,
    pub no_guess: usize,
}

impl Stats {
    /// Puzzles per second, from the median pass.
    pub fn per_sec(&self) -> f64 {
        self.puzzles as f64 / self.passes.median()
    }
    /// Mean µs per puzzle within the median pass.
    pub fn micros(&self) -> f64 {
        self.passes.median() * 1e6 / self.puzzles as f64
    }
    pub fn guesses_per_puzzle(&self) -> f64 {
        self.guesses as f64 / self.puzzles as f64
    }
    pub fn no_guess_pct(&self) -> f64 {
        100.0 * self.no_guess as f64 / self.puzzles as f64
    }

    /// The whole time of a puzzle divided by its guesses, in ns (what a
    /// guess costs, propagation included); `None` without guesses.
    pub fn ns_per_guess(&self) -> Option<f64> {
        let g = self.guesses_per_puzzle();
        (g > 0.0).then(|| self.micros() * 1e3 / g)
    }

    /// One markdown row in [`COLUMNS`]; `guesses` false (the peer reports
    /// none) prints `n/a` for the three guess columns.
    pub fn cells(&self, set: &str, solver: &str, guesses: bool) -> Vec<String> {
        let na = || "n/a".to_string();
        let (g, ng, per) = if guesses {
            (
                grouped(self.guesses_per_puzzle(), 2),
                grouped(self.no_guess_pct(), 1),
                self.ns_per_guess().map_or_else(na, |ns| grouped(ns, 0)),
            )
        } else {
            (na(), na(), na())
        };
        vec![
            set.to_string(),
            solver.to_string(),
            grouped(self.puzzles as f64, 0),
            self.passes.0.len().to_string(),
            grouped(self.per_sec(), 0),
            grouped(self.micros(), 2),
            g,
            ng,
            per,
        ]
    }

    /// One line of the CSV ([`CSV_HEADER`]); `guesses` false leaves the two
    /// guess columns empty.
    pub fn csv_line(&self, set: &str, solver: &str, guesses: bool, note: &str) -> String {
        let (g, ng) = if guesses {
            (
                format!("{:.3}", self.guesses_per_puzzle()),
                format!("{:.2}", self.no_guess_pct()),
            )
        } else {
            (String::new(), String::new())
        };
        format!(
            "{solver},{set},{},{},{:.1},{:.3},{g},{ng},{note}\n",
            self.puzzles,
            self.passes.0.len(),
            self.per_sec(),
            self.micros(),
        )
    }
}

/// The markdown columns both benchmarks print for a solver on a set.
pub const COLUMNS: [&str; 9] = [
    "set",
    "solver",
    "puzzles",
    "passes",
    "puzzles/s",
    "µs/puzzle",
    "guesses/puzzle",
    "% no guess",
    "ns/guess",
];

/// One timed pass of `solve` over the puzzles `range` of `set`; returns
/// (seconds, guesses, puzzles solved without a guess). Every count must be
/// `expected`.
///
/// # Panics
/// On a count other than `expected`, naming the solver and the puzzle.
pub fn pass(
    name: &str,
    solve: SolverFn,
    set: &Set,
    range: std::ops::Range<usize>,
    expected: usize,
) -> (f64, u64, usize) {
    let mut guesses = 0;
    let mut no_guess = 0;
    let mut wrong = None;
    let first = range.start;
    let start = Instant::now();
    for (i, p) in (first..).zip(&set.puzzles[range]) {
        let out = solve(black_box(p), LIMIT);
        guesses += out.guesses;
        no_guess += usize::from(out.guesses == 0);
        if out.count != expected && wrong.is_none() {
            wrong = Some((i, out.count));
        }
        black_box(out);
    }
    let secs = start.elapsed().as_secs_f64();
    if let Some((i, count)) = wrong {
        panic!(
            "{name} counts {count}, not {expected}, on {} puzzle {}: {}",
            set.label,
            i + 1,
            set.lines[i]
        );
    }
    (secs, guesses, no_guess)
}

/// Folds passes into [`Stats`] (guesses from the first pass: the solvers are
/// deterministic).
pub fn stats(puzzles: usize, runs: &[(f64, u64, usize)]) -> Stats {
    let mut secs: Vec<f64> = runs.iter().map(|r| r.0).collect();
    secs.sort_by(f64::total_cmp);
    Stats {
        puzzles,
        passes: Passes(secs),
        guesses: runs[0].1,
        no_guess: runs[0].2,
    }
}

/// Puzzles one solver runs before the other takes its turn, in the benches
/// that time two solvers against each other with [`take_turns`].
pub const TURN: usize = 250;

/// One pass of two solvers over `puzzles`, taking turns every [`TURN`]
/// puzzles (which one goes first alternates with the pass and the turn), so
/// noise on a shared machine hits both alike. `check` then sees each
/// puzzle's index and the two results. Returns the seconds of `a` and `b`.
pub fn take_turns<A: Copy + Default, B: Copy + Default>(
    pass: usize,
    puzzles: &[Grid],
    a: impl Fn(&Grid) -> A,
    b: impl Fn(&Grid) -> B,
    mut check: impl FnMut(usize, A, B),
) -> (f64, f64) {
    let (mut a_secs, mut b_secs) = (0.0, 0.0);
    for (turn, chunk) in puzzles.chunks(TURN).enumerate() {
        let (mut x, mut y) = (
            vec![A::default(); chunk.len()],
            vec![B::default(); chunk.len()],
        );
        if (pass + turn).is_multiple_of(2) {
            a_secs += timed_into(&a, chunk, &mut x);
            b_secs += timed_into(&b, chunk, &mut y);
        } else {
            b_secs += timed_into(&b, chunk, &mut y);
            a_secs += timed_into(&a, chunk, &mut x);
        }
        for (i, (x, y)) in x.into_iter().zip(y).enumerate() {
            check(turn * TURN + i, x, y);
        }
    }
    (a_secs, b_secs)
}

/// `passes` passes of [`take_turns`] over `puzzles`: each pass's seconds
/// of `a` and of `b`. `check` sees the pass, then what `take_turns` gives it.
pub fn duel<A: Copy + Default, B: Copy + Default>(
    passes: usize,
    puzzles: &[Grid],
    a: impl Fn(&Grid) -> A,
    b: impl Fn(&Grid) -> B,
    mut check: impl FnMut(usize, usize, A, B),
) -> Duel {
    let mut duel = Duel {
        puzzles: puzzles.len(),
        a_secs: Vec::with_capacity(passes),
        b_secs: Vec::with_capacity(passes),
    };
    for pass in 0..passes {
        let (a_secs, b_secs) = take_turns(pass, puzzles, &a, &b, |i, x, y| check(pass, i, x, y));
        duel.a_secs.push(a_secs);
        duel.b_secs.push(b_secs);
    }
    duel
}

/// The passes of a [`duel`], and the medians the benches print.
pub struct Duel {
    pub puzzles: usize,
    pub a_secs: Vec<f64>,
    pub b_secs: Vec<f64>,
}

impl Duel {
    /// Each pass's puzzles/s of `a` (`a_secs`) or `b`.
    pub fn rates(&self, secs: &[f64]) -> Vec<f64> {
        secs.iter().map(|s| self.puzzles as f64 / s).collect()
    }

    /// The median over passes of `a`'s puzzles/s.
    pub fn a_rate(&self) -> f64 {
        median(self.rates(&self.a_secs))
    }

    /// The median over passes of `b`'s puzzles/s.
    pub fn b_rate(&self) -> f64 {
        median(self.rates(&self.b_secs))
    }

    /// The median over passes of `b`'s speed over `a`'s in the same pass.
    pub fn b_over_a(&self) -> f64 {
        median(
            self.a_secs
                .iter()
                .zip(&self.b_secs)
                .map(|(a, b)| a / b)
                .collect(),
        )
    }

    /// The median over passes of `a`'s speed over `b`'s in the same pass.
    pub fn a_over_b(&self) -> f64 {
        median(
            self.a_secs
                .iter()
                .zip(&self.b_secs)
                .map(|(a, b)| b / a)
                .collect(),
        )
    }
}

/// Times `solve` over `puzzles`, writing each result into `out`.
fn timed_into<T>(solve: impl Fn(&Grid) -> T, puzzles: &[Grid], out: &mut [T]) -> f64 {
    let start = Instant::now();
    for (p, o) in puzzles.iter().zip(out.iter_mut()) {
        *o = solve(black_box(p));
    }
    start.elapsed().as_secs_f64()
}

/// The median of `xs` (the upper one of an even count, as [`Passes`]).
pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    Passes(xs).median()
}

/// The first line of both CSVs, which `--chart` reads back by column name.
pub const CSV_HEADER: &str =
    "solver,set,puzzles,passes,puzzles_per_sec,us_per_puzzle,guesses_per_puzzle,pct_no_guess,note\n";

/// `bench/` under the target folder (`$CARGO_TARGET_DIR`, relative to the
/// repository when relative; else `<repo>/target`), created if missing:
/// where the CSVs go, never elsewhere in the checkout.
pub fn out_dir() -> PathBuf {
    let repo = inputs_dir()
        .parent()
        .expect("inputs/ has a parent")
        .to_path_buf();
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .filter(|t| !t.is_empty())
        .map_or_else(|| repo.join("target"), |t| repo.join(t));
    let dir = target.join("bench");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// The run a CSV came from, as `scripts/readme` names a benchmark's:
/// `CPU: MODEL (family F, model M, N cores; VECTOR); commit HASH; YYYY-MM-DD`
/// (the CPU from `/proc/cpuinfo` where there is one; the machine's cores,
/// not those a pinned benchmark may use; the date UTC).
pub fn run_header() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        info.lines()
            .find(|l| l.split(':').next().is_some_and(|k| k.trim() == name))
            .and_then(|l| l.split_once(':'))
            .map_or(String::new(), |(_, v)| v.trim().to_string())
    };
    let flags = field("flags");
    let has = |f: &str| flags.split_whitespace().any(|x| x == f);
    let simd = match (has("avx2"), has("avx512f")) {
        (false, _) => "no AVX2",
        (true, false) => "AVX2",
        (true, true) => "AVX2 and AVX-512",
    };
    // The machine's CPUs, as `nproc` counts them outside a `taskset` pin.
    let cores = match info.lines().filter(|l| l.starts_with("processor")).count() {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let model = field("model name");
    let cpu = if model.is_empty() {
        format!("{} ({cores} cores)", std::env::consts::ARCH)
    } else {
        format!(
            "{model} (family {}, model {}, {cores} cores; {simd})",
            field("cpu family"),
            field("model")
        )
    };
    let root = inputs_dir()
        .parent()
        .expect("inputs/ has a parent")
        .to_path_buf();
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(&root)
            .output()
            .ok()
    };
    let mut commit = git(&["rev-parse", "--short", "HEAD"])
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| "unknown".into());
    let paths = ["src", "solutions", "benches", "bench-peer", "Cargo.toml"];
    let clean = git(&[&["diff", "--quiet", "HEAD", "--"][..], &paths[..]].concat())
        .is_some_and(|o| o.status.success());
    if !clean {
        commit.push_str(" (+ uncommitted changes)");
    }
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    format!("CPU: {cpu}; commit {commit}; {}", civil_date(days))
}

/// `YYYY-MM-DD` of a day counted from 1970-01-01 (the proleptic Gregorian
/// calendar; Howard Hinnant's `civil_from_days`).
fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Writes `text` to `target/bench/NAME` beside the CSVs.
pub fn write_beside_csv(name: &str, text: &str) {
    let path = out_dir().join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// A number with thousands separators and `decimals` decimals.
pub fn grouped(x: f64, decimals: usize) -> String {
    let text = format!("{x:.decimals$}");
    let (int, frac) = text
        .split_once('.')
        .map_or((text.as_str(), ""), |(i, f)| (i, f));
    let mut out = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if !frac.is_empty() {
        let _ = write!(out, ".{frac}");
    }
    out
}

/// A markdown table: the first `left` columns left-aligned, the rest (numbers)
/// right-aligned.
pub fn markdown(header: &[&str], left: usize, rows: &[Vec<String>]) -> String {
    let mut out = format!("| {} |\n|", header.join(" | "));
    for (i, _) in header.iter().enumerate() {
        out.push_str(if i < left { "---|" } else { "---:|" });
    }
    out.push('\n');
    for row in rows {
        let _ = writeln!(out, "| {} |", row.join(" | "));
    }
    out
}
