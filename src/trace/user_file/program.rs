//! The program the trace runs for a user's file, and its run: Python and
//! JavaScript through the interpreter with the harness as its argument
//! (`-c`, `-e`), so no file is left behind; C, C++, Java and Rust as a copy
//! that reports its writes, calls and locals
//! ([`instrument`](super::super::instrument)), built by the judge's own
//! build (the problem's compiler, flags and harness). Either runs in the
//! judge's sandbox on the puzzle, given as the problem gives it.

use super::entry::{Call, Found};
use super::heard::{read_harness, Board, Heard};
use super::{output_limit, Error, Run};
use crate::grid::Grid;
use crate::sandbox::{self, End, Input, Limits, Supervisor, View};
use std::ffi::OsString;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The memory the traced program may use, MB.
const MEMORY_MB: u64 = 512;

/// A user's file, ready to run.
pub(super) struct Program {
    program: OsString,
    args: Vec<OsString>,
    view: View,
    address_space: bool,
    /// How a run's puzzle and step limit reach the program.
    pass: Pass,
    /// What the board holds, for the words of a bad write.
    board: Board,
    /// What runs it, for the header: `run by python3`, `built by g++ … as
    /// Lanqiao`.
    pub(super) by: String,
    /// What the header says of a build that is not the judge's own (an
    /// older standard than the recorder needs), or of locals left out.
    pub(super) built_as: String,
    pub(super) no_locals: String,
    /// A copy the trace built, with its recorder's calls.
    pub(super) copy: bool,
    /// The copy's folder, kept while the program may run.
    #[cfg(unix)]
    _dir: Option<tempfile::TempDir>,
}

/// How the puzzle and the step limit reach the program: the harness's
/// arguments (with the class to call), a JVM property before the class,
/// or an argument after the rest (the recorders read it, the file's own
/// code never does).
#[cfg_attr(not(unix), allow(dead_code))]
enum Pass {
    Harness { class: String },
    JavaProperty,
    Argument,
}

/// What a run of the program gave.
pub(super) struct Ran {
    pub(super) sandbox: sandbox::Run,
    pub(super) heard: Heard,
    pub(super) stderr: String,
    pub(super) limits: Limits,
    /// What the header says of the input fed, where it is not the
    /// problem's (POJ 2676's count for a program taken for Lanqiao's).
    pub(super) fed: String,
}

/// The interpreter's flags and the harness for a language the trace can
/// hook: the harness is the interpreter's own argument (`-c`, `-e`), so no
/// file is left behind. Node's `--expose-internals` lends the harness the
/// parser node carries (acorn), with which it instruments the file.
pub(super) fn harness(
    lang: &crate::judge::language::Language,
) -> Option<(&'static [&'static str], &'static str)> {
    match lang.name {
        "Python 3" => Some((&["-c"], include_str!("../harness.py"))),
        "JavaScript" => Some((&["--expose-internals", "-e"], include_str!("../harness.js"))),
        _ => None,
    }
}

/// The program that runs `found` (the user's `path`): the interpreter
/// with the harness, or the recording copy, built.
pub(super) fn build(path: &Path, found: &Found, run: &Run) -> Result<Program, Error> {
    match &found.call {
        Call::Harness { class } => interpreted(path, found, run, class),
        #[cfg(unix)]
        _ => copy::build(path, found, run),
        #[cfg(not(unix))]
        _ => Err(Error::Approach(super::why_not(path, found.lang.name))),
    }
}

/// The interpreter and the harness, the user's file bound read-only at
/// `/box`.
fn interpreted(path: &Path, found: &Found, run: &Run, class: &str) -> Result<Program, Error> {
    let cannot = |why: String| Error::Approach(why);
    let lang = found.lang;
    crate::judge::solution::check_sandbox(&run.exe, run.trust)
        .map_err(|e| cannot(format!("{}: {e}", path.display())))?;
    let absolute = std::fs::canonicalize(path).map_err(|source| Error::Read {
        path: path.into(),
        source,
    })?;
    let toolchain = (lang.toolchain)(&crate::judge::language::tool_for(lang))
        .map_err(|e| cannot(format!("{}: {} ({})", path.display(), e, lang.install)))?;
    let (flags, harness) = harness(lang).expect("a language with a harness");
    let inside = PathBuf::from("/box").join(super::file_name(path));
    let mut args: Vec<OsString> = flags.iter().map(OsString::from).collect();
    args.extend([harness.into(), inside.clone().into()]);
    let mut binds = vec![(absolute, inside)];
    binds.extend(toolchain.prefix.iter().map(|p| (p.clone(), p.clone())));
    Ok(Program {
        program: toolchain.program.into_os_string(),
        args,
        view: View { binds, work: None },
        address_space: lang.address_space,
        pass: Pass::Harness {
            class: class.to_string(),
        },
        board: Board::Strings,
        by: format!("run by {}", lang.tool),
        built_as: String::new(),
        no_locals: String::new(),
        copy: false,
        #[cfg(unix)]
        _dir: None,
    })
}

impl Program {
    /// The arguments of a run on `puzzle` of at most `max_steps` writes.
    fn args(&self, puzzle: &Grid, max_steps: u64) -> Vec<OsString> {
        let dots: String = puzzle
            .0
            .iter()
            .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
            .collect();
        let mut args = self.args.clone();
        match &self.pass {
            Pass::Harness { class } => {
                args.extend([dots.into(), max_steps.to_string().into(), class.into()])
            }
            Pass::JavaProperty => {
                args.insert(0, format!("-Dsudoku.trace={max_steps}:{dots}").into())
            }
            Pass::Argument => args.push(format!("--sudoku-trace={max_steps}:{dots}").into()),
        }
        args
    }

    /// Runs it on `puzzle` as `found`'s problem gives it, in the judge's
    /// sandbox, and reads what it said. A program the judge takes for
    /// Lanqiao's by default (its name says no problem) that wrote no table
    /// holding the puzzle on Lanqiao's 9 lines may read a count of grids
    /// first, as POJ 2676's does: it is given that input too.
    pub(super) fn run(
        &self,
        path: &Path,
        found: &Found,
        puzzle: &Grid,
        run: &Run,
    ) -> Result<Ran, Error> {
        let limits = Limits {
            cpu: run.time_limit,
            wall: run.time_limit * 3 + Duration::from_secs(2),
            memory_kib: MEMORY_MB << 10,
            // A write's line with its calls and locals, and room for the rest.
            output_bytes: output_limit(run.max_steps),
            disk_bytes: crate::judge::DISK_LIMIT,
            processes: 1,
            threads: crate::sandbox::THREADS,
            address_space: self.address_space,
        };
        let stdin = match &found.call {
            Call::Harness { .. } => None,
            Call::LeetCode { .. } => Some(leetcode_literal(puzzle)),
            Call::Stdin { input } => Some(input.of(puzzle)),
        };
        let ran =
            |stdin: Option<&str>, limits: &Limits| self.once(path, puzzle, run, stdin, limits);
        let retry = match &found.call {
            Call::Stdin { .. } if found.problem.key == "lanqiao" && !found.named => {
                crate::judge::problem::by_key("poj2676")
            }
            _ => None,
        };
        let Some(poj) = retry else {
            return ran(stdin.as_deref(), &limits);
        };
        // Each input is tried with at most FIRST_TRY of CPU time, so a
        // program that took the first row for the count and searches a
        // garbled board is not held for the whole limit; an input on which
        // it wrote its table and was cut runs again with the whole limit,
        // and where neither input gave a table and a limit cut the first,
        // Lanqiao's runs again with the whole limit (a program may work
        // long before its first write).
        let short = Limits {
            cpu: limits.cpu.min(FIRST_TRY),
            wall: limits.wall.min(FIRST_TRY * 3 + Duration::from_secs(2)),
            ..limits
        };
        let shortened = short.cpu < limits.cpu;
        let cut = |ran: &Ran| matches!(ran.sandbox.end, End::CpuLimit | End::WallLimit);
        let attempt = |stdin: &str| -> Result<Ran, Error> {
            if !shortened {
                return ran(Some(stdin), &limits);
            }
            let tried = ran(Some(stdin), &short)?;
            if tried.heard.started && cut(&tried) {
                return ran(Some(stdin), &limits);
            }
            Ok(tried)
        };
        let lanqiao = stdin.expect("a stdin program's input");
        let first = attempt(&lanqiao)?;
        if first.heard.started {
            return Ok(first);
        }
        let layout = poj.grid_input().expect("POJ 2676's input is one grid");
        let mut again = attempt(&layout.of(puzzle))?;
        if again.heard.started {
            again.fed = format!(
                " (fed {}'s input, a count of grids first: on Lanqiao's 9 lines, the input `sudoku judge` gives a stdin program its name does not place, it wrote no table holding the puzzle (the copy the trace built ended: {}; `sudoku judge` shows how the judge's build ends); if {} is its problem, name it so, with --problem {} or in its file name)",
                poj.short,
                super::end_words(first.sandbox.end),
                poj.short,
                poj.key
            );
            Ok(again)
        } else if shortened && cut(&first) {
            ran(Some(&lanqiao), &limits)
        } else {
            Ok(first)
        }
    }

    /// One run, on `stdin` under `limits`.
    fn once(
        &self,
        path: &Path,
        puzzle: &Grid,
        run: &Run,
        stdin: Option<&str>,
        limits: &Limits,
    ) -> Result<Ran, Error> {
        let shown = path.display().to_string();
        let input = stdin
            .map(|s| Input::new(s.as_bytes()))
            .transpose()
            .map_err(Error::Write)?;
        let sandbox = Supervisor::of(&run.exe)
            .run(
                &self.program,
                &self.args(puzzle, run.max_steps),
                input.as_ref(),
                limits,
                &self.view,
            )
            .map_err(|e| Error::Approach(format!("cannot run {shown}: {e}")))?;
        let stderr = String::from_utf8_lossy(&sandbox.stderr).into_owned();
        let heard = read_harness(
            BufReader::new(&sandbox.stdout),
            &shown,
            run.max_steps,
            self.board,
        )?;
        Ok(Ran {
            sandbox,
            heard,
            stderr,
            limits: *limits,
            fed: String::new(),
        })
    }
}

/// The CPU time of the first run of a stdin program taken for Lanqiao's
/// by default: see [`Program::run`].
const FIRST_TRY: Duration = Duration::from_secs(2);

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

/// The copy that reports its writes, built as the judge builds the file.
#[cfg(unix)]
mod copy {
    use super::super::entry::{Call, Found};
    use super::super::heard::Board;
    use super::super::{Error, Run};
    use super::{Pass, Program, MEMORY_MB};
    use crate::judge::judges;
    use crate::judge::language::choose;
    use crate::judge::problem::{self, Problem};
    use crate::judge::solution::{self, FileOptions};
    use crate::trace::instrument::{self, Lang, Options};
    use std::path::Path;

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

    /// Builds the copy of `found` with every frame's locals; where some
    /// cannot be read where they are snapped (a moved value in Rust, say),
    /// without them; where neither builds, says whether the file itself
    /// does.
    pub(super) fn build(path: &Path, found: &Found, run: &Run) -> Result<Program, Error> {
        let shown = path.display().to_string();
        let cannot = |why: String| Error::Approach(why);
        let (lang, problem) = (found.lang, found.problem);
        let ilang = Lang::of(lang.name).expect("a language the trace builds a copy in");
        let tail = match &found.call {
            Call::LeetCode { tail } => tail.as_str(),
            _ => "",
        };
        let name = super::super::file_name(path);
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
        let options = FileOptions {
            exe: run.exe.clone(),
            edition: None,
            compilers: named_compilers(),
            trust: run.trust,
        };
        let mut last_error = String::new();
        let mut locals_error = String::new();
        for locals in [true, false] {
            let text = instrument::instrument(
                &found.text,
                &Options {
                    lang: ilang,
                    file_name: &name,
                    locals,
                    leetcode: found.leetcode(),
                },
            )
            .map_err(|why| cannot(format!("{shown}: {why}")))?;
            std::fs::write(&copy, text + tail).map_err(Error::Write)?;
            let sol = solution::from_file(&copy, Some(build_as), &options)
                .map_err(|e| cannot(format!("{shown}: {e}")))?;
            let user = sol.user.as_ref().expect("a user's file");
            if let Some(why) = &user.not_judged_here {
                return Err(cannot(format!("{shown}: {why}")));
            }
            match &user.built {
                Ok(_) => {
                    let (program, args, view) = sol.command(&run.exe, MEMORY_MB);
                    let no_locals = if locals {
                        String::new()
                    } else {
                        format!(
                            " (its locals are not shown: the copy that reads them did not build: {})",
                            first_error(&locals_error)
                        )
                    };
                    return Ok(Program {
                        program,
                        args,
                        view,
                        address_space: sol.address_space(),
                        pass: if ilang == Lang::Java {
                            Pass::JavaProperty
                        } else {
                            Pass::Argument
                        },
                        board: if found.leetcode() {
                            Board::Chars
                        } else {
                            Board::Digits
                        },
                        by: format!(
                            "built by {} as {}",
                            user.toolchain.version.lines().next().unwrap_or(lang.tool),
                            problem.short
                        ),
                        built_as,
                        no_locals,
                        copy: true,
                        _dir: Some(dir),
                    });
                }
                Err(why) if locals => locals_error = why.clone(),
                Err(why) => last_error = why.clone(),
            }
        }
        // The file itself, unchanged: does it build?
        std::fs::write(&copy, format!("{}{tail}", found.text)).map_err(Error::Write)?;
        let own = solution::from_file(&copy, Some(problem), &options)
            .map_err(|e| cannot(format!("{shown}: {e}")))?;
        let why = match own.compile_error() {
            Some(ce) if tail.is_empty() => {
                format!("{shown} does not compile ({}): {ce}", problem.short)
            }
            Some(ce) => format!(
                "{shown}, with what the trace puts after its last line so that LeetCode's call reaches it ({}), does not compile ({}): {ce}\n{}",
                tail.trim(),
                problem.short,
                found.note.trim_start_matches(". ")
            ),
            None => format!(
                "{shown} compiles, but the copy the trace makes of it{built_as} does not (please report it with the file): {last_error}"
            ),
        };
        Err(cannot(why))
    }

    /// The first line of a compiler's words that says error, else its first.
    fn first_error(said: &str) -> &str {
        said.lines()
            .find(|l| l.contains("error"))
            .or_else(|| said.lines().next())
            .unwrap_or("(no message)")
            .trim()
    }
}
