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
use crate::judge::judges;
use crate::judge::language::{self, choose, Entry, Language, Method};
use crate::judge::problem::{self, Problem};
use crate::judge::solution::{self, FileOptions};
use crate::sandbox::{End, Input, Limits, Supervisor};
use std::io::BufReader;
use std::path::Path;
use std::time::Duration;

use crate::trace::instrument::{self, Lang, Options};

/// The CPU time of the first run of a stdin program taken for Lanqiao's
/// by default: see [`record`].
const FIRST_TRY: Duration = Duration::from_secs(2);

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
    let placed =
        placed(path, &text, lang, run.problem).map_err(|why| cannot(format!("{shown}: {why}")))?;
    let (problem, leetcode) = (placed.problem, placed.leetcode);
    // The input, before anything is built: a problem whose input the trace
    // cannot give is refused at once.
    let stdin = if leetcode {
        leetcode_literal(puzzle)
    } else {
        stdin_of(problem, puzzle).map_err(|why| cannot(format!("{shown}: {why}")))?
    };
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
    // The recorders are C++11 and C99: where the problem's judge builds
    // C++98 or C89 (POJ, HDU; SPOJ's C), the copy is built as Lanqiao's
    // judge builds it, and the header says so.
    let std_of = |p: &Problem| match ilang {
        Lang::Cpp => Some(judges::of(p).cpp_std),
        Lang::C => Some(judges::of(p).c_std),
        _ => None,
    };
    let older = std_of(problem).filter(|std| std.ends_with("++98") || std.ends_with("89"));
    let build_as = if older.is_some() {
        problem::by_key("lanqiao").expect("Lanqiao exists")
    } else {
        problem
    };
    let built_as = match (older, std_of(build_as)) {
        (Some(old), Some(new)) => format!(
            " (built as {}'s judge builds {}, {new}: {}'s judge builds {old}, and the trace's recorder needs {})",
            build_as.short,
            lang.name,
            problem.short,
            if ilang == Lang::Cpp { "C++11" } else { "C99" }
        ),
        _ => String::new(),
    };
    let build = FileOptions {
        exe: run.exe.clone(),
        edition: None,
        compilers: named_compilers(),
        trust: run.trust,
    };
    // With every frame's locals; where some cannot be read where they are
    // snapped (a moved value in Rust, say), without them.
    let mut last_error = String::new();
    let mut locals_error = String::new();
    let mut built = None;
    let mut with_locals = true;
    for locals in [true, false] {
        let mut text = instrument::instrument(
            &text,
            &Options {
                lang: ilang,
                file_name: &name,
                locals,
            },
        )
        .map_err(|why| cannot(format!("{shown}: {why}")))?;
        text += &placed.tail;
        std::fs::write(&copy, text).map_err(Error::Write)?;
        let sol = solution::from_file(&copy, Some(build_as), &build)
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
            Err(why) if locals => locals_error = why.clone(),
            Err(why) => last_error = why.clone(),
        }
    }
    let Some(sol) = built else {
        // The file itself, unchanged: does it build?
        std::fs::write(&copy, format!("{text}{}", placed.tail)).map_err(Error::Write)?;
        let own = solution::from_file(&copy, Some(problem), &build)
            .map_err(|e| cannot(format!("{shown}: {e}")))?;
        let why = match own.compile_error() {
            Some(ce) if placed.tail.is_empty() => {
                format!("{shown} does not compile ({}): {ce}", problem.short)
            }
            Some(ce) => format!(
                "{shown}, with what the trace puts after its last line so that LeetCode's call reaches it ({}), does not compile ({}): {ce}\n{}",
                placed.tail.trim(),
                problem.short,
                placed.note.trim_start_matches(". ")
            ),
            None => format!(
                "{shown} compiles, but the copy the trace makes of it{built_as} does not (please report it with the file): {last_error}"
            ),
        };
        return Err(cannot(why));
    };
    let user = sol.user.as_ref().expect("a user's file");
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
    let board_kind = if leetcode {
        Board::Chars
    } else {
        Board::Digits
    };
    let run_on =
        |stdin: &str, limits: &Limits| -> Result<(crate::sandbox::Run, Heard, String), Error> {
            let input = Input::new(stdin.as_bytes()).map_err(Error::Write)?;
            let ran = Supervisor::of(&run.exe)
                .run(&program, &args, Some(&input), limits, &view)
                .map_err(|e| cannot(format!("cannot run {shown}: {e}")))?;
            let stderr = String::from_utf8_lossy(&ran.stderr).into_owned();
            let heard = read_harness(
                BufReader::new(&ran.stdout),
                &shown,
                run.max_steps,
                board_kind,
            )?;
            Ok((ran, heard, stderr))
        };
    // A program the judge takes for Lanqiao's by default (its name says no
    // problem) that finds no puzzle in Lanqiao's 9 lines may read a count
    // of grids first, as POJ 2676's does: it is given that input too. Each
    // input is tried with at most FIRST_TRY of CPU time, so a program that
    // took the first row for the count and searches a garbled board is not
    // held for the whole limit; an input on which it wrote its table and
    // was cut runs again with the whole limit, and where neither input
    // gave a table and a limit cut the first, Lanqiao's runs again with
    // the whole limit (a program may work long before its first write).
    let may_retry = !leetcode && problem.key == "lanqiao" && !placed.named;
    let short = Limits {
        cpu: limits.cpu.min(FIRST_TRY),
        wall: limits.wall.min(FIRST_TRY * 3 + Duration::from_secs(2)),
        ..limits
    };
    let shortened = may_retry && short.cpu < limits.cpu;
    let cut = |ran: &crate::sandbox::Run| matches!(ran.end, End::CpuLimit | End::WallLimit);
    let attempt = |stdin: &str| -> Result<_, Error> {
        if !shortened {
            return run_on(stdin, &limits);
        }
        let tried = run_on(stdin, &short)?;
        if tried.1.started && cut(&tried.0) {
            return run_on(stdin, &limits);
        }
        Ok(tried)
    };
    let (mut ran, mut heard, mut stderr) = attempt(&stdin)?;
    let mut fed = built_as;
    if !heard.started && may_retry {
        let poj = problem::by_key("poj2676").expect("POJ 2676 exists");
        let lanqiao_cut = cut(&ran);
        let (again, heard_again, stderr_again) =
            attempt(&stdin_of(poj, puzzle).expect("POJ 2676's input"))?;
        if heard_again.started {
            fed += &format!(
                " (fed {}'s input, a count of grids first: on Lanqiao's 9 lines it wrote no table holding the puzzle)",
                poj.short
            );
            (ran, heard, stderr) = (again, heard_again, stderr_again);
        } else if shortened && lanqiao_cut {
            (ran, heard, stderr) = run_on(&stdin, &limits)?;
        }
    }
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
            let tried = if problem.key == "lanqiao" && !placed.named {
                "Lanqiao's input (9 lines of 9 digits, 0 unknown), then POJ 2676's (a count of grids, 1, first)".to_string()
            } else {
                format!("{}'s input ({})", problem.short, problem.input)
            };
            format!(
                "{shown}: fed {tried}, it wrote no table holding the puzzle ({:?}). The trace takes a stdin program's board to be the table (int a[9][9], char g[10][10], string s[9], vector<vector<int>>, …) whose cells are the puzzle's once it is read, and follows the stores into it; a program that reads another problem's input needs that problem in its file name (poj2676_mine.cpp, as `sudoku judge` reads it), and one that keeps the board otherwise (one array of 81, bitmasks) cannot be traced. Its stderr:\n{said}",
                ran.end
            )
        }));
    }
    let title = format!(
        "your file, built by {} as {}: every write to the board, with the line that made it{}{fed}{}",
        user.toolchain.version.lines().next().unwrap_or(lang.tool),
        problem.short,
        placed.note,
        if with_locals {
            String::new()
        } else {
            format!(
                " (its locals are not shown: the copy that reads them did not build: {})",
                first_error(&locals_error)
            )
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

/// What the trace runs a file as: the problem `sudoku judge` places it in
/// ([`solution::place`], the one rule for both), and what the copy needs
/// after its last line so that the judge's harness can call it where
/// LeetCode could not.
struct Placed {
    problem: &'static Problem,
    /// LeetCode 37's `solveSudoku` is called (else `main` reads stdin).
    leetcode: bool,
    /// The file's name or folder names its problem.
    named: bool,
    /// Lines put after the copy's last: a `Solution` extending the file's
    /// own class, or one calling its free function.
    tail: String,
    /// What the header says of `tail`, or nothing.
    note: String,
}

/// Where `sudoku judge` would place `text` ([`solution::place`]), and how
/// the trace calls it there: as it stands, through a `Solution` the copy
/// adds (LeetCode's method in a class of another name, or a free Rust or
/// C++ function, which LeetCode does not call), or refused with the reason.
fn placed(
    path: &Path,
    text: &str,
    lang: &'static Language,
    named: Option<&'static Problem>,
) -> Result<Placed, String> {
    let methods = (lang.leetcode)(text);
    let as_is = |problem, leetcode, named| Placed {
        problem,
        leetcode,
        named,
        tail: String::new(),
        note: String::new(),
    };
    let lc37 = problem::by_key("lc37").expect("LeetCode 37 exists");
    let (problem, entry, judged) = match solution::place(path, text, lang, named) {
        Ok(found) => found,
        // Two problems: LeetCode 37's method beside a `main` that reads
        // stdin (a local test), or beside a helper named `isValidSudoku`.
        Err(_) if methods.contains(&Method::SolveSudoku) => return Ok(as_is(lc37, true, false)),
        Err(e) => return Err(e.to_string()),
    };
    let named = named.is_some() || matches!(solution::problem_by_path(path), Ok(Some(_)));
    // A free function, called from the `Solution` the copy adds.
    let through = |free: Free, problem, named| {
        Placed {
        tail: free.tail.into(),
        note: format!(
            ". `sudoku judge` judges it as {judged}: its {} is a free function, and LeetCode calls `{}` (put it in {}); the trace calls the free function from the {} it adds",
            free.name,
            free.call,
            (lang.frame)(Method::SolveSudoku),
            free.adds
        ),
        ..as_is(problem, true, named)
    }
    };
    match entry {
        Entry::LeetCode(Method::SolveSudoku) if methods.contains(&Method::SolveSudoku) => {
            Ok(as_is(problem, true, named))
        }
        Entry::LeetCode(Method::SolveSudoku) => {
            // Named for LeetCode 37: its method as a free function, called
            // as it would be in a file not named so.
            if let (None, Some(free)) = ((lang.other_class)(text), free_function(lang, text)) {
                return Ok(through(free, problem, named));
            }
            let other = (lang.other_class)(text).ok_or_else(|| {
                format!(
                    "judged as {judged}, and LeetCode's method is not in it ({}), as a free function or in a class of another name",
                    (lang.frame)(Method::SolveSudoku)
                )
            })?;
            let tail = if lang.extensions[0] == "java" {
                format!("\nclass Solution extends {} {{}}\n", other.class)
            } else {
                format!("\nstruct Solution : public {} {{}};\n", other.class)
            };
            Ok(Placed {
                tail,
                note: format!(
                    ". `sudoku judge` judges it as {judged}: LeetCode calls `new Solution().solveSudoku(board)` and would not build it (line {}: rename the class to Solution); the trace calls it through a class Solution that extends class {}",
                    other.line, other.class
                ),
                ..as_is(problem, true, named)
            })
        }
        Entry::LeetCode(Method::IsValidSudoku) => Err(format!(
            "judged as {judged}: a LeetCode 36 solution checks a board and writes nothing to it; the trace follows a search (LeetCode 37's solveSudoku, or a stdin program's)"
        )),
        Entry::Program if (lang.reads_stdin)(text) => Ok(as_is(problem, false, named)),
        Entry::Program => match free_function(lang, text) {
            Some(free) => Ok(through(free, lc37, false)),
            None => Err(format!(
                "neither a LeetCode 37 solution (no solveSudoku in LeetCode's frame: {}) nor a program that reads stdin (`sudoku judge` judges it as {judged})",
                (lang.frame)(Method::SolveSudoku)
            )),
        },
    }
}

/// LeetCode 37's method as a free function, and how the trace calls it.
struct Free {
    /// The function's name.
    name: &'static str,
    /// What the copy gets after its last line so that LeetCode's call
    /// reaches the function.
    tail: &'static str,
    /// LeetCode's call.
    call: &'static str,
    /// What `tail` is, in words.
    adds: &'static str,
}

/// LeetCode 37's method as a free function of a Rust or C++ file (no
/// `impl Solution`, no class), which the judge takes for a stdin program.
fn free_function(lang: &Language, text: &str) -> Option<Free> {
    let defines = |names: (&str, &str)| {
        language::methods_named(text, names.0, names.1).contains(&Method::SolveSudoku)
    };
    match lang.extensions[0] {
        "rs" if defines(("is_valid_sudoku", "solve_sudoku")) => Some(Free {
            name: "solve_sudoku",
            tail: "\nimpl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        solve_sudoku(board)\n    }\n}\n",
            call: "Solution::solve_sudoku(&mut board)",
            adds: "`impl Solution`",
        }),
        "cpp" | "cc" | "cxx" if defines(("isValidSudoku", "solveSudoku")) => Some(Free {
            name: "solveSudoku",
            tail: "\nstruct Solution {\n    void solveSudoku(std::vector<std::vector<char>>& board) { ::solveSudoku(board); }\n};\n",
            call: "new Solution()->solveSudoku(board)",
            adds: "`struct Solution`",
        }),
        _ => None,
    }
}

/// A stdin program's input holding `puzzle` in `problem`'s format: the
/// problems whose input is 9×9 digits, 0 for an empty cell.
fn stdin_of(problem: &Problem, puzzle: &Grid) -> Result<String, String> {
    let rows = |sep: &str| -> String {
        puzzle
            .0
            .chunks(9)
            .map(|row| {
                let digits: Vec<String> = row.iter().map(u8::to_string).collect();
                digits.join(sep) + "\n"
            })
            .collect()
    };
    match problem.key {
        "lanqiao" => Ok(rows("")),
        "poj2676" => Ok(format!("1\n{}", rows(""))),
        "p1784" | "p1074" => Ok(rows(" ")),
        _ => Err(format!(
            "`sudoku judge` judges it as {}, whose input is {}: the trace feeds a stdin program one 9×9 puzzle of digits, 0 for an empty cell, as Lanqiao's, POJ 2676's (a count first), Luogu P1784's and P1074's inputs hold it",
            problem.short, problem.input
        )),
    }
}

/// The first line of a compiler's words that says error, else its first.
fn first_error(said: &str) -> &str {
    said.lines()
        .find(|l| l.contains("error"))
        .or_else(|| said.lines().next())
        .unwrap_or("(no message)")
        .trim()
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
            // A signal in the copy: a fault of the program's own, or
            // undefined behaviour (a function falling off its end, an
            // index past an array) that the copy's recorder calls make
            // come out otherwise than in the judge's build of the file.
            _ if matches!(end, End::Signal(_)) => format!(
                "the program ended ({end:?}) after {writes} writes{} (in the copy the trace built, with its recorder's calls: where the file has undefined behaviour, the judge's build of it may run otherwise; `sudoku judge FILE` shows how that one ends)",
                said.map(|c| format!(": {c}")).unwrap_or_default()
            ),
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
