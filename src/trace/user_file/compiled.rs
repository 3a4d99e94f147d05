//! A C, C++, Java or Rust file, traced: a copy that reports its writes,
//! calls and locals ([`instrument`]) is built by the judge's own build (the
//! problem's compiler, flags and harness) and run in the judge's sandbox on
//! the puzzle, as LeetCode 37 (its board literal on stdin) or as Lanqiao's
//! stdin program (9 lines of 9 digits, 0 unknown).

use super::{
    board_cells, cut_by_limit, read_harness, replay, returned, returned_solved, Board, EndKind,
    Error, Heard, Recording, Run,
};
use crate::grid::Grid;
use crate::judge::language::{self, choose, Method};
use crate::judge::problem;
use crate::judge::solution::{self, FileOptions};
use crate::sandbox::{End, Input, Limits, Supervisor};
use std::io::BufReader;
use std::path::Path;
use std::time::Duration;

use crate::trace::instrument::{self, Lang, Options};

/// The compilers named in the environment (`SUDOKU_CXX`, …), as `sudoku
/// judge` takes them.
fn named_compilers() -> Vec<choose::Named> {
    ["rustc", "cxx", "cc", "java"]
        .into_iter()
        .filter_map(|flag| {
            let var = choose::env_var(flag);
            std::env::var_os(&var).map(|path| choose::Named {
                flag,
                path: path.into(),
                by: var,
            })
        })
        .collect()
}

/// Runs `path` on `puzzle` and keeps its writes as steps.
pub fn record(path: &Path, puzzle: &Grid, run: &Run) -> Result<Recording, Error> {
    let cannot = |why: String| Error::Approach(why);
    let shown = path.display().to_string();
    let lang = language::of(path).ok_or_else(|| cannot(format!("{shown}: not a source file")))?;
    let Some(ilang) = Lang::of(lang.name).filter(|_| cfg!(unix)) else {
        return Err(cannot(super::why_not(path, lang.name)));
    };
    let text = super::read_source(path)?;
    let leetcode = (lang.leetcode)(&text).contains(&Method::SolveSudoku);
    if !leetcode && !(lang.reads_stdin)(&text) {
        return Err(cannot(format!(
            "{shown}: neither a LeetCode 37 solution (no solveSudoku in it) nor a program that reads stdin"
        )));
    }
    let problem =
        problem::by_key(if leetcode { "lc37" } else { "lanqiao" }).expect("both problems exist");
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "solution".into());
    let puzzle_dots: String = puzzle
        .0
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect();
    let dir = tempfile::Builder::new()
        .prefix("sudoku-trace-")
        .tempdir()
        .map_err(Error::Write)?;
    let copy = dir.path().join(&name);
    let build = FileOptions {
        exe: run.exe.clone(),
        edition: None,
        compilers: named_compilers(),
        trust: run.trust,
    };
    // With every frame's locals; where some cannot be read where they are
    // snapped (a moved value in Rust, say), without them.
    let mut last_error = String::new();
    let mut built = None;
    let mut with_locals = true;
    for locals in [true, false] {
        let text = instrument::instrument(
            &text,
            &Options {
                lang: ilang,
                file_name: &name,
                locals,
            },
        )
        .map_err(|why| cannot(format!("{shown}: {why}")))?;
        std::fs::write(&copy, text).map_err(Error::Write)?;
        let sol = solution::from_file(&copy, Some(problem), &build)
            .map_err(|e| cannot(format!("{shown}: {e}")))?;
        let user = sol.user.as_ref().expect("a user's file");
        if let Some(why) = &user.not_judged_here {
            return Err(cannot(format!("{shown}: {why}")));
        }
        match &user.built {
            Ok(_) => {
                with_locals = locals;
                built = Some(sol);
                break;
            }
            Err(why) => last_error = why.clone(),
        }
    }
    let Some(sol) = built else {
        // The file itself, unchanged: does it build?
        std::fs::write(&copy, &text).map_err(Error::Write)?;
        let own = solution::from_file(&copy, Some(problem), &build)
            .map_err(|e| cannot(format!("{shown}: {e}")))?;
        let why = match own.compile_error() {
            Some(ce) => format!("{shown} does not compile ({}): {ce}", problem.short),
            None => format!(
                "{shown} compiles, but the copy the trace makes of it does not (please report it with the file): {last_error}"
            ),
        };
        return Err(cannot(why));
    };
    let user = sol.user.as_ref().expect("a user's file");
    let stdin = if leetcode {
        leetcode_literal(puzzle)
    } else {
        lanqiao_lines(puzzle)
    };
    let memory_mb = 512;
    let (program, mut args, view) = sol.command(&run.exe, memory_mb);
    // The step limit and the puzzle are the run's, not the build's: a JVM
    // property before the class for Java, an argument after the rest for
    // the others (the recorders read it, the file's own code never does).
    let options = format!("{}:{puzzle_dots}", run.max_steps);
    if ilang == Lang::Java {
        args.insert(0, format!("-Dsudoku.trace={options}").into());
    } else {
        args.push(format!("--sudoku-trace={options}").into());
    }
    let limits = Limits {
        cpu: run.time_limit,
        wall: run.time_limit * 3 + Duration::from_secs(2),
        memory_kib: memory_mb << 10,
        // A write's line with its calls and locals, and room for the rest.
        output_bytes: super::output_limit(run.max_steps),
        disk_bytes: crate::judge::DISK_LIMIT,
        processes: 1,
        threads: crate::sandbox::THREADS,
        address_space: sol.address_space(),
    };
    let input = Input::new(stdin.as_bytes()).map_err(Error::Write)?;
    let ran = Supervisor::of(&run.exe)
        .run(&program, &args, Some(&input), &limits, &view)
        .map_err(|e| cannot(format!("cannot run {shown}: {e}")))?;
    let stderr = String::from_utf8_lossy(&ran.stderr).into_owned();
    let board_kind = if leetcode {
        Board::Chars
    } else {
        Board::Digits
    };
    let mut heard = read_harness(
        BufReader::new(ran.stdout),
        &shown,
        run.max_steps,
        board_kind,
    )?;
    if !heard.started {
        let said = stderr.trim();
        let said = if said.is_empty() {
            "(nothing on stderr)"
        } else {
            said
        };
        return Err(cannot(if leetcode {
            format!(
                "{shown} ended before solveSudoku was called ({:?}):\n{said}",
                ran.end
            )
        } else {
            format!(
                "{shown}: no table holding the puzzle was written ({:?}). The trace takes a stdin program's board to be the table (int a[9][9], char g[10][10], string s[9], vector<vector<int>>, …) whose cells are the puzzle's once it is read, and follows the stores into it; a program that keeps the board otherwise (one array of 81, bitmasks) cannot be traced. Its stderr:\n{said}",
                ran.end
            )
        }));
    }
    let title = format!(
        "your file, built by {} as {}: every write to the board, with the line that made it{}",
        user.toolchain.version.lines().next().unwrap_or(lang.tool),
        problem.short,
        if with_locals {
            ""
        } else {
            " (its locals are not shown: the copy that reads them did not build)"
        }
    );
    let crash = (user.language.crash)(&stderr, &shown);
    let (end, ending) = ending(
        puzzle,
        run,
        &limits,
        &mut heard,
        (ran.end, ran.cpu, ran.stdout_bytes),
        crash.as_deref().or_else(|| stderr.lines().last()),
        leetcode,
    );
    Ok(super::recording(
        path,
        text,
        title,
        puzzle,
        heard,
        end,
        ending,
        "an empty cell",
    ))
}

/// How the run ended: the recorder's word, else the board the program
/// printed (LeetCode's literal from the harness, or a stdin program's 81
/// digits), checked, else the limit that cut it, else its exit and `said`
/// (the crash, or stderr's last line).
fn ending(
    puzzle: &Grid,
    run: &Run,
    limits: &Limits,
    heard: &mut Heard,
    (end, cpu, written): (End, Duration, u64),
    said: Option<&str>,
    leetcode: bool,
) -> (EndKind, String) {
    let printed = if leetcode {
        heard
            .output
            .iter()
            .rev()
            .find(|l| l.trim_start().starts_with("[["))
            .map(|l| {
                l.split('"')
                    .skip(1)
                    .step_by(2)
                    .filter_map(|s| s.chars().next())
                    .collect::<String>()
            })
    } else {
        let digits: String = heard
            .output
            .iter()
            .flat_map(|l| l.chars())
            .filter(char::is_ascii_digit)
            .collect();
        // Past the output kept, the program printed more than a board.
        (!heard.output_cut && digits.len() == 81).then_some(digits)
    };
    let finished = matches!(end, End::Exit(0));
    let kind = match (&heard.end, &printed, end) {
        (Some(kind), _, _) => *kind,
        (None, Some(board), _) if finished && returned_solved(puzzle, board) => EndKind::Solved,
        (None, _, End::CpuLimit | End::WallLimit) => EndKind::Stopped,
        _ => EndKind::Unsolved,
    };
    let writes = heard.writes.len();
    let text = heard.ending.take().unwrap_or_else(|| {
        if let Some(cut) = cut_by_limit((end, cpu, written), run, limits, writes, "ended") {
            return cut;
        }
        match &printed {
            Some(board) if finished && board_cells(board).is_some() => {
                let said = returned(puzzle, &replay(puzzle, &heard.writes), board);
                if leetcode {
                    said
                } else {
                    said.replacen("returned: the board", "printed: the board", 1)
                }
            }
            _ => format!(
                "the program ended ({end:?}) after {writes} writes{}",
                said.map(|c| format!(": {c}")).unwrap_or_default()
            ),
        }
    });
    (kind, text)
}

/// LeetCode's board literal of `puzzle`, as the judge's harness reads it.
fn leetcode_literal(puzzle: &Grid) -> String {
    let rows: Vec<String> = puzzle
        .0
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&d| format!("\"{}\"", if d == 0 { '.' } else { char::from(b'0' + d) }))
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]\n", rows.join(","))
}

/// Lanqiao's input: 9 lines of 9 digits, 0 unknown.
fn lanqiao_lines(puzzle: &Grid) -> String {
    puzzle
        .0
        .chunks(9)
        .map(|row| {
            let mut line: String = row.iter().map(|&d| char::from(b'0' + d)).collect();
            line.push('\n');
            line
        })
        .collect()
}
