//! The judge's output: one table per problem (rows = solutions, columns =
//! fixtures, then a summary column; a problem judged with one solution is
//! turned round, a case per line), or one JSON object per case. It only
//! renders what the judge found.

use super::language;
use super::plan::{Case, Part};
use super::problem::Problem;
use super::{CaseResult, Limits, Options, Report, Verdict};
use crate::sandbox::End;
use anstyle::{AnsiColor, Style};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::{Duration, Instant};

pub mod editor;
mod wrong_answer;

pub use super::text::{printable, printable_lines};

const GREEN: Style = AnsiColor::Green.on_default();
const RED: Style = AnsiColor::Red.on_default();
const YELLOW: Style = AnsiColor::Yellow.on_default();
const MAGENTA: Style = AnsiColor::Magenta.on_default();
const DIM: Style = Style::new().dimmed();
const PLAIN: Style = Style::new();

/// One table cell: plain text and its style.
pub struct Cell(pub String, pub Style);

/// The verdict as the table shows it: a TLE from the wall-clock backstop says so.
pub fn verdict_text(r: &CaseResult) -> String {
    match (r.verdict, r.end) {
        (Verdict::Tle, End::WallLimit) => "TLE (wall)".into(),
        (v, _) => v.to_string(),
    }
}

fn case_cell(r: &CaseResult) -> Cell {
    if r.verdict == Verdict::Ce {
        return Cell("CE".into(), RED);
    }
    // A TLE shows the limit that fired: the wall clock's under `TLE (wall)`.
    let time = if (r.verdict, r.end) == (Verdict::Tle, End::WallLimit) {
        format!(">{}ms", r.limits.wall.as_millis())
    } else if r.verdict == Verdict::Tle {
        format!(">{}ms", r.limits.time.as_millis())
    } else {
        format!("{}ms", r.cpu.as_millis())
    };
    let style = match (r.verdict, r.as_expected()) {
        (Verdict::Ac, _) => GREEN,
        (_, true) => YELLOW,
        (Verdict::Mle, _) => MAGENTA,
        _ => RED,
    };
    let mb = r.peak_kib as f64 / 1024.0;
    Cell(format!("{} {time} {mb:.1}MB", verdict_text(r)), style)
}

fn summary_cell(results: &[&CaseResult]) -> Cell {
    let n = results.len();
    if n == 0 {
        return Cell("not judged here".into(), YELLOW);
    }
    let mut counts: Vec<(String, usize)> = Vec::new();
    for r in results {
        let v = verdict_text(r);
        match counts.iter_mut().find(|(seen, _)| *seen == v) {
            Some((_, c)) => *c += 1,
            None => counts.push((v, 1)),
        }
    }
    // AC first, so the note after the counts reads as about the others.
    counts.sort_by_key(|(v, _)| v != "AC");
    let text: Vec<String> = counts.iter().map(|(v, c)| format!("{c}/{n} {v}")).collect();
    let ok = results.iter().all(|r| r.as_expected());
    let text = text.join(", ");
    let others: Vec<&str> = counts
        .iter()
        .map(|(v, _)| v.as_str())
        .filter(|v| *v != "AC")
        .collect();
    if ok && counts.len() == 1 && !others.is_empty() {
        Cell(format!("{text} (expected)"), YELLOW)
    } else if ok && !others.is_empty() {
        Cell(format!("{text} ({} expected)", others.join(", ")), YELLOW)
    } else if ok {
        Cell(text, GREEN)
    } else {
        Cell(format!("{text}  FAIL"), RED)
    }
}

fn styled(text: &str, style: Style, colour: bool) -> String {
    if colour && style != PLAIN {
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}

/// Writes rows × columns, wrapping the columns into blocks that fit `width`.
pub fn write_grid(
    out: &mut dyn Write,
    corner: &str,
    rows: &[String],
    headers: &[String],
    cells: &[Vec<Cell>],
    colour: bool,
    width: usize,
) -> io::Result<()> {
    let first = rows
        .iter()
        .map(String::len)
        .chain([corner.len()])
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..headers.len())
        .map(|c| {
            cells
                .iter()
                .map(|row| row[c].0.len())
                .chain([headers[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut start = 0;
    while start < headers.len() {
        let mut end = start;
        let mut used = first;
        while end < headers.len() && (end == start || used + 2 + widths[end] <= width) {
            used += 2 + widths[end];
            end += 1;
        }
        let mut line = format!("{corner:<first$}");
        for c in start..end {
            let _ = write!(line, "  {:<w$}", headers[c], w = widths[c]);
        }
        writeln!(out, "{}", line.trim_end())?;
        for (r, name) in rows.iter().enumerate() {
            let mut line = format!("{name:<first$}");
            for c in start..end {
                let Cell(text, style) = &cells[r][c];
                let padded = format!("{text:<w$}", w = widths[c]);
                let _ = write!(line, "  {}", styled(&padded, *style, colour));
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        start = end;
        if start < headers.len() {
            writeln!(out)?;
        }
    }
    Ok(())
}

/// The lines above a table: the limits, then, for a user's file, what it
/// is judged as and with which compiler, and the sandbox in force.
fn write_header(
    out: &mut dyn Write,
    part: &Part,
    results: &[CaseResult],
    limits: &Limits,
    opts: &Options,
) -> io::Result<()> {
    writeln!(
        out,
        "\n{} — limits: {} ms CPU time (wall-clock backstop {} ms), {} MB",
        part.problem.title,
        limits.time.as_millis(),
        limits.wall.as_millis(),
        limits.memory_mb
    )?;
    for solution in &part.solutions {
        let Some(user) = &solution.user else {
            continue;
        };
        writeln!(out, "{}: judged as: {}", solution.name, user.judged_as)?;
        let mut compiler = format!(
            "{} ({}): {}",
            user.toolchain.version,
            user.toolchain.program.display(),
            user.compiler_why
        );
        if let Some(note) = &user.compiler_note {
            compiler.push_str("; ");
            compiler.push_str(note);
        }
        writeln!(out, "{}: compiler: {compiler}", solution.name)?;
        for note in &user.notes {
            writeln!(out, "{}: note: {note}", solution.name)?;
        }
        let own = solution.limits(limits, opts);
        if own != *limits {
            writeln!(
                out,
                "{}: limits for {}: {} ms CPU time, {} MB{}",
                solution.name,
                user.language.name,
                own.time.as_millis(),
                own.memory_mb,
                if user.memory_extra_mb > 0 {
                    format!(
                        " ({} MB and the idle JVM's {} MB)",
                        own.memory_mb - user.memory_extra_mb,
                        user.memory_extra_mb
                    )
                } else {
                    String::new()
                }
            )?;
        }
        if let Some(why) = &user.not_judged_here {
            writeln!(
                out,
                "{}: not judged here: {}",
                solution.name,
                printable_lines(why)
            )?;
        }
        let cases = if opts.strict {
            "every case (--strict: the house cases too)"
        } else {
            "the judge's cases (--strict adds the house cases: malformed input, exit codes)"
        };
        writeln!(out, "{}: judged on {cases}", solution.name)?;
    }
    let runs = results
        .iter()
        .filter_map(|r| Some((r.isolation.as_ref()?, r.memory_cgroup)));
    for line in sandbox_lines(runs) {
        writeln!(out, "sandbox: {line}")?;
    }
    Ok(())
}

/// Each isolation that held some run (and what held its memory), once and
/// in order: a run that fell back (a folder Windows would not label, say)
/// is not hidden behind the others.
fn sandbox_lines<'a>(
    runs: impl Iterator<Item = (&'a crate::sandbox::Isolation, bool)>,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for (isolation, cgroup) in runs {
        let line = format!("{isolation}; {}", isolation.memory(cgroup));
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    lines
}

/// One problem's table, its notes, and the detail of every unexpected verdict.
pub fn write_table(
    out: &mut dyn Write,
    part: &Part,
    results: &[CaseResult],
    limits: &Limits,
    opts: &Options,
) -> io::Result<()> {
    write_header(out, part, results, limits, opts)?;
    let (solutions, cases) = (&part.solutions, &part.cases);
    // A case no solution ran (a house case, for a user's file) has no column.
    let cases: Vec<&Case> = cases
        .iter()
        .filter(|c| results.iter().any(|r| r.fixture == c.name))
        .collect();
    let mut rows_by_solution = Vec::new();
    for solution in solutions {
        let mine: Vec<&CaseResult> = results
            .iter()
            .filter(|r| r.solution == solution.name)
            .collect();
        let mut row: Vec<Cell> = cases
            .iter()
            .map(|c| {
                mine.iter()
                    .find(|r| r.fixture == c.name)
                    .map_or(Cell("-".into(), PLAIN), |r| case_cell(r))
            })
            .collect();
        row.push(summary_cell(&mine));
        rows_by_solution.push(row);
    }
    let names: Vec<String> = solutions.iter().map(|s| s.name.clone()).collect();
    let mut case_names: Vec<String> = cases.iter().map(|c| c.name.clone()).collect();
    case_names.push("summary".into());
    if let [row] = &mut rows_by_solution[..] {
        // One solution (a user's file, the online-judge family): a case per
        // line reads better than one long row wrapped into blocks.
        let cells: Vec<Vec<Cell>> = row.drain(..).map(|cell| vec![cell]).collect();
        write_grid(
            out,
            "case",
            &case_names,
            &names,
            &cells,
            opts.colour,
            opts.width,
        )?;
    } else {
        write_grid(
            out,
            "solution",
            &names,
            &case_names,
            &rows_by_solution,
            opts.colour,
            opts.width,
        )?;
    }
    let mut notes = Vec::new();
    for s in solutions.iter().filter(|s| s.expected == Verdict::Tle) {
        notes.push(format!(
            "{}: TLE is its expected verdict: write-up 000's wrong DFS never stops (watch it: sudoku trace --approach wrong)",
            s.name
        ));
    }
    for case in &cases {
        let names: Vec<&str> = case
            .slow
            .names
            .iter()
            .map(String::as_str)
            .filter(|n| solutions.iter().any(|s| s.name == *n))
            .collect();
        if !names.is_empty() {
            notes.push(format!(
                "{}: TLE is allowed for {} ({})",
                case.name,
                names.join(", "),
                case.slow.why
            ));
        }
    }
    let built_in = solutions.iter().any(|s| s.user.is_none());
    for case in cases.iter().filter(|_| built_in) {
        if let Some(limit) = opts.case_limit(case) {
            notes.push(format!(
                "{}: the built-in solutions' limit here is {} ms CPU time ({})",
                case.name, limit.ms, limit.why
            ));
        }
    }
    for r in results.iter().filter(|r| r.tle_on_hard()) {
        notes.push(format!(
            "{} on {}: slower than the hard case, which does not fail the run: {}",
            r.solution,
            r.fixture,
            r.hard.as_deref().unwrap_or("")
        ));
    }
    for line in notes {
        writeln!(out, "{}", styled(&line, DIM, opts.colour))?;
    }
    write_failures(out, part, results)
}

/// The detail of every verdict not as expected: a compile error once, the
/// same failure on several cases once with their names, and the board view
/// of a wrong answer for its first case.
fn write_failures(out: &mut dyn Write, part: &Part, results: &[CaseResult]) -> io::Result<()> {
    let failed: Vec<&CaseResult> = results.iter().filter(|r| !r.as_expected()).collect();
    let mut done = vec![false; failed.len()];
    let mut shown_wa: Vec<&str> = Vec::new();
    for (i, r) in failed.iter().enumerate() {
        if done[i] {
            continue;
        }
        if r.verdict == Verdict::Ce {
            for (j, other) in failed.iter().enumerate() {
                done[j] |= other.solution == r.solution && other.verdict == Verdict::Ce;
            }
            writeln!(
                out,
                "\n{}: CE, compilation error on every case:\n{}",
                r.solution,
                printable_lines(r.detail.trim_end())
            )?;
            continue;
        }
        if r.verdict == Verdict::Wa {
            done[i] = true;
            writeln!(
                out,
                "\n{} on {}: {} (expected {}): {}",
                r.solution,
                r.fixture,
                verdict_text(r),
                r.expected,
                wrong_answer::first_line(&r.detail)
            )?;
            if !shown_wa.contains(&r.solution.as_str()) {
                shown_wa.push(&r.solution);
                if let Some(case) = part.cases.iter().find(|c| c.name == r.fixture) {
                    write!(out, "{}", wrong_answer::explain(case, r))?;
                }
            }
            continue;
        }
        // The same verdict for the same reason on several cases: once.
        let same: Vec<usize> = (i..failed.len())
            .filter(|&j| {
                !done[j]
                    && failed[j].solution == r.solution
                    && verdict_text(failed[j]) == verdict_text(r)
                    && failed[j].detail == r.detail
            })
            .collect();
        for &j in &same {
            done[j] = true;
        }
        let cases = if same.len() == 1 {
            r.fixture.clone()
        } else {
            let names: Vec<&str> = same.iter().map(|&j| failed[j].fixture.as_str()).collect();
            format!("{} cases ({})", names.len(), names.join(", "))
        };
        writeln!(
            out,
            "\n{} on {cases}: {} (expected {}): {}",
            r.solution,
            verdict_text(r),
            r.expected,
            // The program's own words (its stderr): never raw to a terminal.
            printable_lines(r.detail.trim_end())
        )?;
    }
    write_trace_hint(out, part, &failed)
}

/// The puzzle of a case's input: LeetCode's literal, or the first grid of
/// a stdin problem's input that holds one 9×9 grid of digits.
fn case_puzzle(problem: &Problem, input: &str) -> Option<crate::grid::Grid> {
    match problem.grid_input() {
        Some(layout) => layout.first_puzzle(input),
        None => crate::format::read_puzzle(input).ok(),
    }
}

/// For a user's LeetCode 37 file, or a stdin program of a problem whose
/// input the trace can give, that failed a case (not a compile error):
/// the `sudoku trace` command that shows its search on that case, the
/// puzzle inline so the command works wherever it is run.
fn write_trace_hint(out: &mut dyn Write, part: &Part, failed: &[&CaseResult]) -> io::Result<()> {
    let key = part.problem.key;
    if key != "lc37" && part.problem.grid_input().is_none() {
        return Ok(());
    }
    let mut hinted: Vec<&str> = Vec::new();
    for r in failed {
        if !r.user || r.verdict == Verdict::Ce || hinted.contains(&r.solution.as_str()) {
            continue;
        }
        hinted.push(&r.solution);
        let Some(user) = part
            .solutions
            .iter()
            .find(|s| s.name == r.solution)
            .and_then(|s| s.user.as_ref())
        else {
            continue;
        };
        // The trace runs C, C++, Java and Rust on Unix only, a stdin
        // problem's file where it reads stdin (it is fed the case there).
        let compiled = language::COPY_TRACED.contains(&user.language.name);
        if (key != "lc37" && !(compiled && user.reads_stdin)) || (compiled && !cfg!(unix)) {
            continue;
        }
        // Of its failed cases, the one with the most givens: the shortest
        // search to watch.
        let puzzle = |c: &CaseResult| {
            part.cases
                .iter()
                .find(|k| k.name == c.fixture)
                .and_then(|k| case_puzzle(part.problem, &k.input))
        };
        let Some((case, grid)) = failed
            .iter()
            .filter(|c| c.solution == r.solution && c.verdict != Verdict::Ce)
            .filter_map(|c| puzzle(c).map(|g| (c, g)))
            .max_by_key(|(_, g)| g.givens())
        else {
            continue;
        };
        // A word starting with `-` would be read as a flag: `./` first.
        let not_a_flag = |word: String| {
            if word.starts_with('-') {
                format!("./{word}")
            } else {
                word
            }
        };
        let path = not_a_flag(user.path.display().to_string());
        let stem = not_a_flag(
            user.path
                .file_stem()
                .map_or("mine".into(), |s| s.to_string_lossy().into_owned()),
        );
        // A stdin program is traced if it reads the case into a table (a
        // program reading numbers where the case has rows of digits does
        // not: the trace then says so and what it needs); the problem is
        // named where the trace would not take it for Lanqiao's (its
        // default for a stdin program).
        let table =
            ", if it reads the case into a 9x9 table (if not, the trace says what it needs)";
        let (table, problem) = match key {
            "lc37" => ("", String::new()),
            "lanqiao" => (table, String::new()),
            _ => (table, format!(" --problem {key}")),
        };
        writeln!(
            out,
            "\nsee its search on {} ({}){table}: sudoku trace --html {} --approach {}{problem} {}",
            case.fixture,
            verdict_text(case),
            shell_word(&format!("{stem}-{}.html", case.fixture)),
            shell_word(&path),
            grid.to_line()
        )?;
    }
    Ok(())
}

/// `word` as one shell word, to paste: as it is when it holds only
/// letters, digits and `-_./+,:@`; in single quotes otherwise; in `$'…'`
/// with escapes (bash, zsh) when it holds a character a terminal would
/// obey or not draw (a control, a bidi override), so the line shows what
/// it runs.
fn shell_word(word: &str) -> String {
    use crate::judge::text::unseen;
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./+,:@".contains(c))
    {
        word.to_string()
    } else if word.chars().any(|c| c.is_control() || unseen(c)) {
        let mut out = String::from("$'");
        for c in word.chars() {
            match c {
                '\'' | '\\' => {
                    out.push('\\');
                    out.push(c);
                }
                c if c.is_ascii_control() => out += &format!("\\x{:02x}", u32::from(c)),
                c if c.is_control() || unseen(c) => out += &format!("\\u{:04x}", u32::from(c)),
                c => out.push(c),
            }
        }
        out.push('\'');
        out
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// A folder of user files: one line per file (its problem, its verdicts,
/// its slowest case), and the detail of its failures only.
pub fn write_file_lines(
    out: &mut dyn Write,
    part: &Part,
    results: &[CaseResult],
    opts: &Options,
) -> io::Result<()> {
    for solution in &part.solutions {
        let mine: Vec<&CaseResult> = results
            .iter()
            .filter(|r| r.solution == solution.name)
            .collect();
        let Cell(text, style) = summary_cell(&mine);
        let slowest = mine
            .iter()
            .filter(|r| r.verdict != Verdict::Ce)
            .map(|r| (r.cpu, r.peak_kib))
            .max();
        let cost = slowest.map_or(String::new(), |(cpu, kib)| {
            format!("  max {}ms {:.1}MB", cpu.as_millis(), kib as f64 / 1024.0)
        });
        let judged = solution
            .user
            .as_ref()
            .map_or(part.problem.short.to_string(), |u| u.judged_as.clone());
        writeln!(
            out,
            "{:<28}  {}{cost}  judged as: {judged}",
            solution.name,
            styled(&text, style, opts.colour)
        )?;
        let failed: Vec<CaseResult> = mine
            .iter()
            .filter(|r| !r.as_expected())
            .map(|r| (*r).clone())
            .collect();
        write_failures(out, part, &failed)?;
    }
    Ok(())
}

/// The closing line of a table run, after the files that could not be judged.
pub fn write_summary(out: &mut dyn Write, report: &Report, opts: &Options) -> io::Result<()> {
    for (path, why) in &report.not_judged {
        let path = printable(&path.display().to_string());
        writeln!(out, "{path}: not judged: {}", printable_lines(why))?;
    }
    for (name, why) in &report.not_judged_here {
        writeln!(out, "{name}: not judged here: {}", printable_lines(why))?;
    }
    let bad = report.results.iter().filter(|r| !r.as_expected()).count();
    let hard = report.results.iter().filter(|r| r.tle_on_hard()).count();
    let hard = if hard == 0 {
        String::new()
    } else {
        format!(" ({hard} TLE on a case harder than the real judge's, not counted)")
    };
    let nothing_judged = report.results.is_empty()
        && !(report.not_judged.is_empty() && report.not_judged_here.is_empty());
    if nothing_judged {
        let summary = format!(
            "\nno case judged: nothing above could be judged here, in {:.1} s",
            report.wall.as_secs_f64()
        );
        return writeln!(out, "{}", styled(&summary, YELLOW, opts.colour));
    }
    let summary = format!(
        "\n{} case{}, {}{hard}, in {:.1} s",
        report.results.len(),
        if report.results.len() == 1 { "" } else { "s" },
        if bad == 0 {
            "every verdict as expected".to_string()
        } else {
            format!("{bad} not as expected")
        },
        report.wall.as_secs_f64()
    );
    let style = if bad == 0 { GREEN } else { RED };
    writeln!(out, "{}", styled(&summary, style, opts.colour && bad > 0))
}

/// A progress bar on stderr, drawn only once a run has taken a second and
/// only on a terminal (indicatif hides it in a pipe).
pub struct Progress {
    bar: indicatif::ProgressBar,
    started: Instant,
    drawn: bool,
}

impl Progress {
    /// A bar for `total` cases, hidden until a second has passed.
    pub fn new(total: u64) -> Progress {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total),
            indicatif::ProgressDrawTarget::hidden(),
        );
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{pos}/{len} cases {wide_bar} {msg}")
        {
            bar.set_style(style);
        }
        Progress {
            bar,
            started: Instant::now(),
            drawn: false,
        }
    }

    /// Counts the case before this one, names this one.
    pub fn show(&mut self, solution: &str, fixture: &str) {
        if self.bar.position() > 0 || !self.bar.message().is_empty() {
            self.bar.inc(1);
        }
        self.bar.set_message(format!("{solution} on {fixture}"));
        if !self.drawn && self.started.elapsed() > Duration::from_secs(1) {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
            self.drawn = true;
        }
    }

    /// Clears the bar.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

/// Milliseconds to the microsecond.
fn ms(d: std::time::Duration) -> f64 {
    d.as_micros() as f64 / 1e3
}

/// One case as a JSON object on one line (`--json`).
pub fn json_line(r: &CaseResult) -> String {
    let first = r
        .first
        .as_ref()
        .map(|d| serde_json::json!({ "line": d.line, "expected": d.expected, "got": d.got }));
    serde_json::json!({
        "problem": r.problem.key,
        "solution": r.solution,
        "fixture": r.fixture,
        "verdict": r.verdict.to_string(),
        "expected_verdict": r.expected.to_string(),
        "as_expected": r.as_expected(),
        "killed_by": match r.end {
            End::CpuLimit => Some("cpu"),
            End::WallLimit => Some("wall"),
            End::MemoryLimit => Some("memory"),
            End::OutputLimit => Some("output"),
            End::ProcessLimit => Some("processes"),
            End::Exit(_) | End::Signal(_) | End::InitKilled(_) => None,
        },
        "cpu_ms": ms(r.cpu),
        "wall_ms": ms(r.wall),
        "memory_kb": r.peak_kib,
        "time_limit_ms": r.limits.time.as_millis() as u64,
        "wall_limit_ms": r.limits.wall.as_millis() as u64,
        "memory_limit_mb": r.limits.memory_mb,
        "first_difference": first,
        "detail": r.detail,
        "hard": r.hard,
        "isolation": r.isolation.as_ref().map(ToString::to_string),
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::sandbox_lines;
    use crate::sandbox::Isolation;

    #[test]
    fn every_isolation_that_held_a_run_is_named_once() {
        let low = Isolation::JobObject { not_blocked: None };
        let fell_back = Isolation::JobObject {
            not_blocked: Some("the folder could not be labelled".into()),
        };
        let runs = [(&low, false), (&fell_back, false), (&low, false)];
        let lines = sandbox_lines(runs.into_iter());
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(
            lines[1].contains("the folder could not be labelled"),
            "{lines:?}"
        );
    }
}
