//! A C, C++, Java or Rust file, traced: a copy that reports its writes,
//! calls and locals ([`instrument`]) is built by the judge's own build (the
//! problem's compiler, flags and harness) and run in the judge's sandbox on
//! the puzzle, as LeetCode 37 (its board literal on stdin) or as Lanqiao's
//! stdin program (9 lines of 9 digits, 0 unknown).

use super::{
    board_cells, read_harness, returned, returned_solved, steps_of_writes, Board, EndKind, Error,
    Heard, Kind, Recording, Run, StackKind,
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
                max_steps: run.max_steps,
                puzzle: &puzzle_dots,
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
    let (program, args, view) = sol.command(&run.exe, memory_mb);
    let limits = Limits {
        cpu: run.time_limit,
        wall: run.time_limit * 3 + Duration::from_secs(2),
        memory_kib: memory_mb << 10,
        // A write's line with its calls and locals, and room for the rest.
        output_bytes: (run.max_steps + 16) * 1024 + (1 << 20),
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
    let heard = read_harness(
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
    finish(
        path, puzzle, run, &sol, heard, ran.end, &stderr, leetcode, &limits,
    )
    .map(|mut rec| {
        rec.title = format!(
            "your file, built by {} as {}: every write to the board, with the line that made it{}",
            user.toolchain.version.lines().next().unwrap_or(lang.tool),
            problem.short,
            if with_locals {
                ""
            } else {
                " (its locals are not shown: the copy that reads them did not build)"
            }
        );
        rec
    })
}

/// The recording, from what the copy reported.
#[allow(clippy::too_many_arguments)]
fn finish(
    path: &Path,
    puzzle: &Grid,
    run: &Run,
    sol: &solution::Solution,
    heard: Heard,
    end: End,
    stderr: &str,
    leetcode: bool,
    limits: &Limits,
) -> Result<Recording, Error> {
    let shown = path.display().to_string();
    let text = super::read_source(path)?;
    let writes = heard.writes;
    let steps = steps_of_writes(puzzle, &writes, &heard.write_ops);
    let mut ops = heard.ops;
    ops.truncate(steps.iter().map(|s| s.ops as usize).sum());
    let mut replayed = puzzle.0;
    for &(cell, digit, _) in &writes {
        replayed[cell] = digit;
    }
    // The board it printed: LeetCode's literal from the harness, or a stdin
    // program's 81 digits.
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
        (digits.len() == 81).then_some(digits)
    };
    let crash = (sol.user.as_ref().expect("a user's file").language.crash)(stderr, &shown);
    let finished = matches!(end, End::Exit(0));
    let end_kind = match (&heard.end, &printed, end) {
        (Some(kind), _, _) => *kind,
        (None, Some(board), _) if finished && returned_solved(puzzle, board) => EndKind::Solved,
        (None, _, End::CpuLimit | End::WallLimit) => EndKind::Stopped,
        _ => EndKind::Unsolved,
    };
    let ending = heard.ending.unwrap_or_else(|| match (end, &printed) {
        (End::CpuLimit | End::WallLimit, _) => format!(
            "stopped by the time limit ({} ms of CPU time) after {} writes: the program had not ended (--time-limit MS gives it more)",
            run.time_limit.as_millis(),
            writes.len()
        ),
        (End::MemoryLimit, _) => format!(
            "stopped at the memory limit ({} MB) after {} writes",
            limits.memory_kib / 1024,
            writes.len()
        ),
        (_, Some(board)) if finished && board_cells(board).is_some() => {
            let said = returned(puzzle, &replayed, board);
            if leetcode {
                said
            } else {
                said.replacen("returned: the board", "printed: the board", 1)
            }
        }
        (end, _) => format!(
            "the program ended ({end:?}) after {} writes{}",
            writes.len(),
            crash
                .as_deref()
                .or_else(|| stderr.lines().last())
                .map(|c| format!(": {c}"))
                .unwrap_or_default()
        ),
    });
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "mine".into());
    let captions = vec![
        (
            Kind::Place,
            "Your program wrote a digit into an empty cell [line L].".to_string(),
        ),
        (
            Kind::Undo,
            "Your program wrote an empty cell (or another digit) over a digit [line L]: the digit is taken back.".into(),
        ),
        (
            Kind::Complete,
            "Every cell is filled after this write (a step the trace adds: the program wrote nothing more here).".into(),
        ),
    ];
    Ok(Recording {
        key: stem,
        title: String::new(),
        path: shown,
        text,
        steps,
        ending,
        order: None,
        end: end_kind,
        end_line: heard.end_line,
        captions,
        stack: StackKind::Frames,
        names: heard.names,
        values: heard.values,
        locals: heard.locals,
        ops,
    })
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
