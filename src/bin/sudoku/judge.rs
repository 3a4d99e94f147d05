//! `sudoku judge`, the default: the built-in solutions on every case, or
//! your own file ([`sudoku_workspace::judge`]).

use crate::common::{
    jobs_or_cores, problem_keys, terminal, this_program, width, Compilers, Edition, Failure,
};
use clap::Args;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use sudoku_workspace::judge::{self, UserCase};
use sudoku_workspace::sandbox;

pub const JUDGE_HELP: &str = "\
Limits: time is CPU time (user + sys of every process the solution starts), as Codeforces,
AtCoder and LeetCode count it, so a busy machine does not turn AC into TLE; the wall clock
only stops a solution that sleeps or blocks (verdict `TLE (wall)`). Memory is the peak
resident size of the solution's whole process tree (nothing of the judge's is counted).

Output is compared the way judges do: spaces, tabs and CR at the end of a line, a missing
final newline and blank lines at the end are not differences; anything else is. LeetCode 37
boards are checked with the oracle (any solution of the puzzle), then against the answer;
where a problem accepts many answers (POJ 2676/3074/3076, SPOJ, HDU 1426: any completion;
Codeforces 1335D: any Anti-Sudoku), the output is validated against the rules instead.

Exit codes:
  0    every solution got its expected verdict (AC; TLE for the wrong DFS and the cases a
       slow: line pins)
  1    some verdict was not the expected one
  2    bad command line (a limit out of its range, an unknown name), or an input, answer or
       fixture file that cannot be read or is malformed (the message names line and column);
       a source over 1 MiB, not a regular file (a FIFO) or another user's link; a build cache
       folder that is a link, another user's or writable by others (the message says which)
  3    a file this machine cannot judge as its judge would (a compiler, interpreter or
       library the judge has and this machine lacks: 'not judged here: needs ...'), or in
       a language this judge does not run (TypeScript, Go, C#, ...), every other verdict
       as expected
  130  interrupted (SIGINT, Ctrl-C); 143: terminated (SIGTERM); every running case is killed first
  141  stdout was closed early (e.g. piped into head): the run stops quietly";

/// [`JUDGE_HELP`], then each problem's own limits, from the registry.
pub fn judge_help() -> String {
    let mut text = String::from(JUDGE_HELP);
    text +=
        "\n\nLimits by problem (--time-limit and --memory-limit set every case's; a case's own\n";
    text += "limit: line applies to the built-in solutions):\n";
    for p in &judge::problem::PROBLEMS {
        text += &format!(
            "  {:<12} {:<16} {:>6} ms  {:>4} MB\n",
            p.key, p.short, p.time_ms, p.memory_mb
        );
    }
    text.truncate(text.trim_end().len());
    text
}

#[derive(Args)]
pub struct JudgeArgs {
    /// Your own solution file instead of the built-in ones: Rust (.rs), C++ (.cpp, .cc, .cxx),
    /// C (.c), Java (.java), Python 3 (.py) or JavaScript (.js). A LeetCode paste (only `class
    /// Solution`) is wrapped in a harness; anything else is a stdin program. The problem comes
    /// from --problem, else the path (poj3074.cpp, 37.sudoku-solver.cpp, poj/2676/Main.java,
    /// abc327/src/bin/c.rs, D_Anti_Sudoku.cpp), else the LeetCode method it defines, else Lanqiao (the rule in
    /// full: docs/judge.md#which-problem-a-file-is-judged-as).
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// With FILE: also run the built-in solutions of its problem, for comparison.
    #[arg(long, requires = "file")]
    compare: bool,
    /// With a Rust FILE: the edition to compile it at [default: the judge's: 2024 for LeetCode,
    /// 2021 for the others]
    #[arg(long, value_name = "YEAR", value_enum, requires = "file")]
    edition: Option<Edition>,
    #[command(flatten)]
    compilers: Compilers,
    /// Judge a FILE even where the sandbox cannot hold a file nobody here wrote (no
    /// namespaces: a process group on Linux, macOS's rlimits, Windows's Job Object): it
    /// could then read your files and reach the network. It builds in a cache of its own.
    #[arg(long, requires = "file")]
    trust: bool,
    /// With FILE: also judge the house cases (malformed input, exit codes, stderr), which the
    /// workspace's own programs answer; by default a file is judged on the judge's cases only.
    #[arg(long, requires = "file")]
    strict: bool,
    /// Processes a solution may run at once; 1 (the default, as DMOJ): it may start none.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(judge::ranges::PROCESSES))]
    processes: u64,
    /// CPU-time limit per case, in ms [default: the problem's; see "Limits by problem" below]
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(judge::ranges::TIME_MS))]
    time_limit: Option<u64>,
    /// Wall-clock backstop per case, in ms [default: 3x the CPU-time limit]
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(judge::ranges::WALL_MS))]
    wall_limit: Option<u64>,
    /// Peak resident size of the solution's process tree, in MB [default: the problem's; see
    /// "Limits by problem" below]
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(judge::ranges::MEMORY_MB))]
    memory_limit: Option<u64>,
    /// Only this problem (repeatable).
    #[arg(long, value_name = "KEY", value_parser = problem_keys())]
    problem: Vec<String>,
    /// Only this solution, by file name, e.g. lc37_04_bitmasks (repeatable).
    #[arg(long, value_name = "NAME")]
    solution: Vec<String>,
    /// Only this fixture, by file stem, e.g. leetcode_example; `*` matches any run of
    /// characters, e.g. 'hard_*' (repeatable).
    #[arg(long, value_name = "NAME")]
    fixture: Vec<String>,
    /// Judge on your own fixtures instead of the shipped ones: `DIR/<problem>/` for each
    /// problem that has one, or DIR itself with one --problem. Layout: NAME.in + NAME.out,
    /// and a case that must fail in fail/ with NAME.err (`# why:`, `exit:`, `stderr:`).
    #[arg(long, value_name = "DIR", conflicts_with = "input")]
    fixtures: Option<PathBuf>,
    /// Judge your own case instead of the fixtures, read once (a pipe or /dev/stdin works);
    /// the problem is read from its form, or named with --problem.
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,
    /// The expected output for --input (compared as a stream, as above); without it the
    /// problem's reference works it out.
    #[arg(long, value_name = "FILE", requires = "input")]
    expect: Option<PathBuf>,
    /// One JSON object per case on stdout instead of the tables (problem, solution, fixture,
    /// verdict, cpu_ms, wall_ms, memory_kb, first_difference, ...).
    #[arg(long, conflicts_with = "stats")]
    json: bool,
    /// With FILE (or a folder of files): after the report, each failure as one line an
    /// editor's problem matcher reads, `sudoku: PATH:LINE:COL: error: MESSAGE` (the compiler's
    /// errors at their lines, a crash at the line it names, WA/PE/TLE/MLE at line 1 with the
    /// case and first difference); docs/judge.md has a VS Code task that reads them.
    #[arg(long, conflicts_with = "json")]
    lines: bool,
    /// With FILE (a file or a folder of files): judge it again on every save, until Ctrl-C.
    /// The screen is cleared before each run (on a terminal); a save is taken once the file
    /// has been still for 150 ms, an editor's save-by-rename included; the build is reused
    /// when only --fixtures changed. Ends with 130 on Ctrl-C, leaving nothing running.
    #[arg(long, requires = "file", conflicts_with = "input")]
    watch: bool,
    /// Also print placements and undos of each search order, and the CPU time per placement.
    #[arg(long)]
    stats: bool,
    /// Cases run at once, each in its own sandbox [default: the number of cores]. Verdicts
    /// use CPU time, so they do not change with this; --jobs 1 gives the steadiest timings.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=sandbox::MAX_RUNNING as u64))]
    jobs: Option<u64>,
}

/// Exit 0 when every case got its expected verdict, 1 when one did not,
/// 3 when a file could not be judged here as its judge would.
pub fn run(args: JudgeArgs, stdout: &mut impl Write) -> Result<ExitCode, Failure> {
    let exe = this_program()?;
    let opts = judge::Options {
        exe: exe.clone(),
        time: args.time_limit.map(Duration::from_millis),
        wall: args.wall_limit.map(Duration::from_millis),
        memory_mb: args.memory_limit,
        problems: args.problem,
        solutions: args.solution,
        fixtures: args.fixture,
        user_case: args.input.map(|input| UserCase {
            input,
            expect: args.expect,
        }),
        processes: args.processes as u32,
        strict: args.strict,
        fixtures_dir: args.fixtures,
        stats: args.stats,
        json: args.json,
        lines: args.lines,
        colour: terminal(),
        width: width(),
        jobs: jobs_or_cores(args.jobs),
        file: args.file,
        compare: args.compare,
        build: judge::solution::FileOptions {
            exe,
            edition: args.edition.map(|e| e.year().into()),
            compilers: args.compilers.named()?,
            trust: args.trust,
        },
    };
    let mut out = BufWriter::new(stdout);
    if args.watch {
        return watch(&opts, &mut out);
    }
    let report = judge::run(&opts, &mut out)?;
    out.flush()?;
    if !report.not_judged.is_empty() {
        return Err(Failure::msg(format!(
            "{} file(s) could not be judged (above)",
            report.not_judged.len()
        )));
    }
    Ok(if !report.all_as_expected() {
        ExitCode::from(1)
    } else if !report.not_judged_here.is_empty() {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}

/// Most files the watch looks at: a folder past it is watched in part
/// (its first files by name, each look), never read without end.
const WATCHED_FILES: usize = 10_000;

/// What the watch compares between two looks: each file's path, size and
/// modification time, under the judged FILE (or folder) and --fixtures.
/// Below those, a link is looked at as itself and never followed (a link
/// to its own folder would make the walk endless), and a FIFO or device
/// only by its metadata (never opened).
fn snapshot(paths: &[PathBuf]) -> Vec<(PathBuf, u64, Option<std::time::SystemTime>)> {
    let mut out = Vec::new();
    let mut stack: Vec<(PathBuf, bool)> = paths.iter().map(|p| (p.clone(), true)).collect();
    while let Some((p, named)) = stack.pop() {
        if out.len() >= WATCHED_FILES {
            break;
        }
        // What the user named is followed; what is found below it is not.
        let meta = if named {
            std::fs::metadata(&p)
        } else {
            std::fs::symlink_metadata(&p)
        };
        let Ok(meta) = meta else {
            // Gone for a moment: an editor's save-by-rename.
            out.push((p, u64::MAX, None));
            continue;
        };
        if meta.is_dir() {
            if let Ok(entries) = std::fs::read_dir(&p) {
                let mut names: Vec<_> = entries.flatten().map(|e| e.file_name()).collect();
                names.sort();
                for name in names.into_iter().rev() {
                    let shown = name.to_string_lossy();
                    // An editor's swap and backup files, and build folders.
                    if !shown.starts_with('.') && !shown.ends_with('~') && shown != "target" {
                        stack.push((p.join(&name), false));
                    }
                }
            }
        } else {
            out.push((p, meta.len(), meta.modified().ok()));
        }
    }
    out.sort();
    out
}

/// `--watch`: judge, then again at every save, until Ctrl-C (exit 130; the
/// judge's signal handler kills any running case first).
fn watch(opts: &judge::Options, out: &mut impl Write) -> Result<ExitCode, Failure> {
    let mut watched: Vec<PathBuf> = opts.file.iter().cloned().collect();
    watched.extend(opts.fixtures_dir.iter().cloned());
    sandbox::install_signal_handlers();
    let tick = Duration::from_millis(50);
    let settle = Duration::from_millis(150);
    loop {
        let before = snapshot(&watched);
        if opts.colour {
            write!(out, "\x1b[2J\x1b[H")?;
        }
        let shown: Vec<String> = watched
            .iter()
            .map(|p| sudoku_workspace::judge::text::printable(&p.display().to_string()))
            .collect();
        writeln!(
            out,
            "sudoku: judging {} ({})",
            shown.join(" "),
            clock_time()
        )?;
        out.flush()?;
        match judge::run(opts, out) {
            Ok(_) => {}
            // A file mid-save, or not there yet: said, and watched on.
            Err(e) => writeln!(out, "error: {e}")?,
        }
        writeln!(out, "watching for changes; Ctrl-C to stop")?;
        out.flush()?;
        // Wait for a change, then for the files to be still.
        let mut last = before;
        loop {
            std::thread::sleep(tick);
            let now = snapshot(&watched);
            if now != last {
                let mut still = now;
                loop {
                    std::thread::sleep(settle);
                    let again = snapshot(&watched);
                    if again == still && again.iter().all(|f| f.2.is_some()) {
                        break;
                    }
                    still = again;
                }
                break;
            }
            last = now;
        }
    }
}

/// The local time of day as HH:MM:SS (UTC where the offset is unknown).
fn clock_time() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let day = secs % 86_400;
    format!(
        "{:02}:{:02}:{:02} UTC",
        day / 3600,
        day % 3600 / 60,
        day % 60
    )
}
