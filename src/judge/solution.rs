//! Something the judge can run: a built-in paste file (run as `sudoku
//! run-solution NAME`, see [`super::runner`]) or a user's own file, built
//! through the [`cache`](super::cache) in the sandbox, with the problem it is
//! judged as said out loud.
//!
//! Which problem a user's file is, in order:
//! 1. `--problem KEY`;
//! 2. its path, as people keep files (see [`problem_by_path`]): the file
//!    name (`poj3074.cpp`, `abc327c_mine.py`, `POJ2676.cpp`, `1335D.py`,
//!    `37.sudoku-solver.cpp`), or folders with it (`poj/2676/Main.java`,
//!    `HDU/1426.cpp`, `abc327/src/bin/c.rs`, `0037.Sudoku Solver/Solution.java`),
//!    else a problem's title in it (`D_Anti_Sudoku.cpp`);
//! 3. LeetCode's frame in the file (`class Solution` with `solveSudoku`,
//!    `impl Solution` with `solve_sudoku`, …): LeetCode 36 or 37, a local
//!    test `main` of its own and a speed-up before it notwithstanding;
//! 4. LeetCode's method in a class of another name, in a file that reads no
//!    stdin: LeetCode's problem, a CE saying to rename the class;
//! 5. else a stdin program: Lanqiao.
//!
//! The `judged as` line says which part of the path decided. A file that
//! could be two problems (its path says one and its LeetCode frame another,
//! or two parts of its path two; both LeetCode methods; a LeetCode frame
//! and a `main` that reads stdin) is an error naming both, never a guess.

use super::cache::{Cache, Key};
use super::judges;
use super::language::{self, Entry, Language, Method, Plan, Source, Toolchain};
use super::problem::{self, Problem};
use super::{Error, Verdict};
use crate::sandbox::{self, Supervisor, View};
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// One solution of one problem.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Its name in the tables (the file stem, or a user's file name).
    pub name: String,
    /// Its problem.
    pub problem: &'static Problem,
    /// The verdict it should get on every fixture: AC, or TLE for the wrong DFS.
    pub expected: Verdict,
    /// A user's file, or `None` for a built-in one.
    pub user: Option<UserFile>,
}

/// A user's file after its build (`sudoku judge FILE`).
#[derive(Clone, Debug)]
pub struct UserFile {
    /// The file.
    pub path: PathBuf,
    /// Its language.
    pub language: &'static Language,
    /// `LeetCode 37 (class Solution with solveSudoku)`, `POJ 3074 (file name)`, …
    pub judged_as: String,
    /// Something in it reads stdin (a stdin program's `main` does).
    pub reads_stdin: bool,
    /// The compiler or interpreter used, with its version.
    pub toolchain: Toolchain,
    /// Why that one ([`language::choose`]): named by a flag, the judge's
    /// own, the first on `PATH`.
    pub compiler_why: String,
    /// Said after the compiler's version, where the judge's differs in a
    /// way a user should know (LeetCode's older Rust).
    pub compiler_note: Option<String>,
    /// Notes from the build (a `package` line dropped).
    pub notes: Vec<String>,
    /// What was built, or the compiler's first error (CE on every case).
    pub built: Result<Built, String>,
    /// Why this machine cannot judge the file as its judge would (a
    /// compiler, interpreter or library it lacks): its cases are not run.
    pub not_judged_here: Option<String>,
    /// MB added to the memory limit: the idle JVM a judge does not count.
    pub memory_extra_mb: u64,
    /// The problem's own limits for this language (HDU's Java), ms and MB.
    pub own_limits: Option<(u64, u64)>,
    /// The names the build gave the file (Java's `CLASS.java`), which a
    /// compiler's message or a crash's frame names in place of the user's.
    pub staged: Vec<String>,
}

/// A built file: its cache entry and how to run it.
#[derive(Clone, Debug)]
pub struct Built {
    /// The entry, seen as `/box` by the run.
    pub entry: PathBuf,
    /// The command inside the sandbox (`{memory_mb}` still to fill in).
    pub run: Vec<String>,
    /// Host folders bound read-only at the same path.
    pub binds: Vec<PathBuf>,
    /// Built now (not found in the cache).
    pub fresh: bool,
    /// The run reserves a large address range (AddressSanitizer).
    pub reserves_address_space: bool,
}

impl Solution {
    /// The built-in solutions of `problem`, in table order.
    pub fn builtin(problem: &'static Problem) -> Vec<Solution> {
        (problem.solutions)()
            .into_iter()
            .map(|(name, expected)| Solution {
                name: name.to_string(),
                problem,
                expected,
                user: None,
            })
            .collect()
    }

    /// A runner-only solution (see [`super::runner::TEST_ONLY`]) judged as
    /// if it should pass.
    pub fn test_only(name: &str, problem: &'static Problem) -> Option<Solution> {
        super::runner::TEST_ONLY.contains(&name).then(|| Solution {
            name: name.to_string(),
            problem,
            expected: Verdict::Ac,
            user: None,
        })
    }

    /// The program and arguments that run it under a memory limit of
    /// `memory_mb`, and what it sees; `exe` is this binary (the built-in
    /// solutions' runner).
    pub fn command(&self, exe: &Path, memory_mb: u64) -> (OsString, Vec<OsString>, View) {
        match self.user.as_ref().map(|u| &u.built) {
            Some(Ok(built)) => {
                // The heap a JVM gets is the judge's limit, without the
                // baseline the limit was raised by.
                let extra = self.user.as_ref().map_or(0, |u| u.memory_extra_mb);
                let heap = memory_mb.saturating_sub(extra).max(1);
                let mut words = built
                    .run
                    .iter()
                    .map(|w| OsString::from(w.replace("{memory_mb}", &heap.to_string())));
                let program = words.next().unwrap_or_default();
                let mut binds = vec![(built.entry.clone(), PathBuf::from("/box"))];
                binds.extend(built.binds.iter().map(|b| (b.clone(), b.clone())));
                (program, words.collect(), View { binds, work: None })
            }
            _ => (
                "/box/sudoku".into(),
                vec![super::runner::COMMAND.into(), self.name.clone().into()],
                View {
                    binds: vec![(exe.to_path_buf(), "/box/sudoku".into())],
                    work: None,
                },
            ),
        }
    }

    /// Whether the sandbox also caps its address space (not for a JVM or node).
    pub fn address_space(&self) -> bool {
        self.user.as_ref().is_none_or(|u| {
            u.language.address_space && !u.built.as_ref().is_ok_and(|b| b.reserves_address_space)
        })
    }

    /// This solution's limits: `base`, or the problem's own for its
    /// language where the flags did not set them, raised by what its
    /// judge does not count.
    pub fn limits(&self, base: &super::Limits, flags: &super::Options) -> super::Limits {
        let mut limits = *base;
        let Some(user) = &self.user else {
            return limits;
        };
        if let Some((ms, mb)) = user.own_limits {
            if flags.time.is_none() {
                limits.time = Duration::from_millis(ms);
                limits.wall = flags.wall.unwrap_or(limits.time * 3);
            }
            if flags.memory_mb.is_none() {
                limits.memory_mb = mb;
            }
        }
        limits.memory_mb += user.memory_extra_mb;
        limits
    }

    /// The compiler's first error, when a user's file did not build.
    pub fn compile_error(&self) -> Option<&str> {
        self.user.as_ref()?.built.as_ref().err().map(String::as_str)
    }

    /// Why a user's file is not judged here (what its judge has and this
    /// machine lacks), when it is not.
    pub fn not_judged_here(&self) -> Option<&str> {
        self.user.as_ref()?.not_judged_here.as_deref()
    }
}

/// What building a user's file needs besides the file.
#[derive(Clone, Debug)]
pub struct FileOptions {
    /// This program: the sandbox's supervisor.
    pub exe: PathBuf,
    /// Rust's `--edition`; `None`: the judge's.
    pub edition: Option<String>,
    /// The compilers the user named (`--rustc`, `--cxx`, `--compiler
    /// LANG=PATH`, `SUDOKU_CXX`, …), at most one per language.
    pub compilers: Vec<language::choose::Named>,
    /// `--trust`: build and run the file even where the sandbox cannot
    /// hold untrusted code (no namespaces), with a build cache of its own.
    pub trust: bool,
}

/// Refuses a user's file where the sandbox is a process group only,
/// unless its user vouches for it (`--trust`); `Ok(true)`: weak, trusted.
pub fn check_sandbox(exe: &Path, trust: bool) -> Result<bool, Error> {
    let isolation = Supervisor::of(exe)
        .isolation()
        .map_err(|e| Error::Toolchain(format!("the sandbox cannot start here: {e}")))?;
    if isolation.holds_untrusted() {
        return Ok(false);
    }
    if trust {
        return Ok(true);
    }
    // At a low integrity level (Windows) a program writes only its own folder.
    let could = match isolation {
        crate::sandbox::Isolation::JobObject { not_blocked: None } => {
            "read your files and reach the network"
        }
        _ => "read your files, reach the network and change what you own, the build cache included",
    };
    Err(Error::Usage(format!(
        "the sandbox here is {isolation}.\n\
         A file you did not write could {could}. Judge it only if you trust it: add \
         --trust (it then builds in a cache of its own, removed at the end)."
    )))
}

/// The build cache of a run whose sandbox is weak, once made.
static WEAK_CACHE: std::sync::OnceLock<Result<PathBuf, String>> = std::sync::OnceLock::new();

/// Where a trusted file's builds go when the sandbox is weak: a folder of
/// this run's own, removed by [`remove_weak_cache`] or, if the judge dies
/// first, by the janitor.
fn weak_cache_root() -> Result<PathBuf, Error> {
    WEAK_CACHE
        .get_or_init(|| {
            let dir = tempfile::Builder::new()
                .prefix("sudoku-cache-")
                .tempdir()
                .map_err(|e| e.to_string())?;
            let path = dir.keep();
            crate::sandbox::janitor::track(&path);
            Ok(path)
        })
        .clone()
        .map_err(|e| Error::Toolchain(format!("a build cache of this run's own: {e}")))
}

/// Removes the weak sandbox's build cache, if this run made one.
pub fn remove_weak_cache() {
    if let Some(Ok(path)) = WEAK_CACHE.get() {
        let _ = std::fs::remove_dir_all(path);
        crate::sandbox::janitor::untrack(path);
    }
}

/// The build cache's folder, checked private ([`super::secure::private_dir`]):
/// the run's own where the sandbox is `weak`, else the user's.
fn cache_root(weak: bool) -> Result<PathBuf, Error> {
    let root = if weak {
        weak_cache_root()?
    } else {
        super::cache::root()
    };
    // The folder the path reached, checked: used from here on.
    super::secure::private_dir(&root).map_err(Error::Toolchain)
}

/// How long and how much a compiler may take (`SUDOKU_BUILD_CPU_MS`
/// lowers or raises the CPU time; the wall clock is twice it).
pub const BUILD_LIMITS: sandbox::Limits = sandbox::Limits {
    cpu: Duration::from_secs(60),
    wall: Duration::from_secs(120),
    memory_kib: 2 << 20,
    output_bytes: 512 << 20,
    disk_bytes: 256 << 20,
    processes: 64,
    threads: sandbox::THREADS,
    address_space: false,
};

/// Each toolchain asked once per run.
static TOOLCHAINS: Mutex<Option<HashMap<PathBuf, Toolchain>>> = Mutex::new(None);

fn toolchain_of(
    language: &Language,
    tool: &Path,
    named_by: Option<&str>,
) -> Result<Toolchain, Error> {
    if let Ok(mut known) = TOOLCHAINS.lock() {
        if let Some(t) = known.get_or_insert_with(HashMap::new).get(tool) {
            return Ok(t.clone());
        }
    }
    let found = (language.toolchain)(tool).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound && tool.components().count() > 1 {
            // A path the user gave (`--rustc PATH`): that path is missing.
            Error::Toolchain(format!("{}: no such program", tool.display()))
        } else if let (std::io::ErrorKind::NotFound, Some(by)) = (e.kind(), named_by) {
            Error::Toolchain(format!("{} ({by}) is not on PATH here", tool.display()))
        } else if e.kind() == std::io::ErrorKind::NotFound {
            Error::Toolchain(format!(
                "{} files need `{}`, which is not installed here: install {}",
                language.name,
                tool.display(),
                language.install
            ))
        } else {
            Error::Toolchain(format!("{}: {e}", tool.display()))
        }
    })?;
    if let Ok(mut known) = TOOLCHAINS.lock() {
        known
            .get_or_insert_with(HashMap::new)
            .insert(tool.to_path_buf(), found.clone());
    }
    Ok(found)
}

/// Judges' names in paths besides their own.
const JUDGE_ALIASES: [(&str, &str); 4] = [
    ("leetcode", "lc"),
    ("codeforces", "cf"),
    ("luogu", "lg"),
    ("hdu", "hdoj"),
];

/// Folders that cargo-compete and the like put between a contest and its task.
const BETWEEN: [&str; 2] = ["src", "bin"];

/// How many folders above the file count.
const FOLDERS: usize = 4;

/// One part of a path: as written, and its alphanumeric runs lowercased, a
/// number's leading zeros dropped (`0037.Sudoku Solver`: `37`, `sudoku`,
/// `solver`).
struct Part {
    shown: String,
    runs: Vec<String>,
    /// The runs that start a word (`poj3074_lanqiao`: `poj` and `lanqiao`,
    /// not `3074`).
    word_starts: Vec<usize>,
}

impl Part {
    fn of(shown: &str, name: &str) -> Part {
        // Runs of letters and of digits apart, so a number followed by a
        // title in another script (`166数独`) is still a number.
        let mut word_starts = Vec::new();
        let mut count = 0;
        let runs = name
            .split(|c: char| !c.is_alphanumeric())
            .filter(|r| !r.is_empty())
            .flat_map(|r| {
                let mut pieces = Vec::new();
                let mut piece = String::new();
                for c in r.chars() {
                    if piece
                        .chars()
                        .last()
                        .is_some_and(|l| l.is_ascii_digit() != c.is_ascii_digit())
                    {
                        pieces.push(std::mem::take(&mut piece));
                    }
                    piece.push(c);
                }
                pieces.push(piece);
                word_starts.push(count);
                count += pieces.len();
                pieces
            })
            .map(|r| {
                let r = r.to_lowercase();
                if r.chars().all(|c| c.is_ascii_digit()) {
                    let t = r.trim_start_matches('0');
                    if t.is_empty() {
                        "0".into()
                    } else {
                        t.to_string()
                    }
                } else {
                    r
                }
            })
            .collect();
        Part {
            shown: shown.to_string(),
            runs,
            word_starts,
        }
    }

    /// Whether its first runs spell `word` (`hdu_1426_mine`: `hdu1426`).
    fn starts_with(&self, word: &str) -> bool {
        self.spells_from(0, word)
    }

    /// Whether the runs of one of its words and those after spell `word`
    /// (`mine_hdu_1426`, `D_Anti_Sudoku`: `antisudoku`).
    fn has_word(&self, word: &str) -> bool {
        self.word_starts.iter().any(|&i| self.spells_from(i, word))
    }

    /// Whether its runs from the `from`th spell `word`.
    fn spells_from(&self, from: usize, word: &str) -> bool {
        let mut spelled = String::new();
        for run in &self.runs[from.min(self.runs.len())..] {
            spelled.push_str(run);
            if spelled == word {
                return true;
            }
            if !word.starts_with(&spelled) {
                return false;
            }
        }
        false
    }

    /// Whether its runs spell `word` and nothing more (`poj`, `abc327`).
    fn is(&self, word: &str) -> bool {
        self.runs.concat() == word
    }

    /// Whether it is a judge's folder: the judge's name alone, or one of
    /// its words, as a repository of solutions is named (`poj-solutions`,
    /// `POJSolutions`, `twilight-poj-solution`).
    fn names_judge(&self, judge: &str) -> bool {
        self.is(judge) || words(&self.shown).iter().any(|w| w == judge)
    }
}

/// `name`'s words, lowercased: split at anything but letters and digits, at
/// a lower-case letter followed by a capital (`pojSolutions`), and at the
/// last capital of a run before a lower-case letter (`POJSolutions`).
fn words(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    for run in name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|r| !r.is_empty())
    {
        let chars: Vec<char> = run.chars().collect();
        let mut word = String::new();
        for (i, &c) in chars.iter().enumerate() {
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            let prev = i.checked_sub(1).map(|p| chars[p]);
            let boundary = c.is_uppercase()
                && prev.is_some_and(|p| p.is_lowercase() || (p.is_uppercase() && next_lower));
            if boundary && !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            word.extend(c.to_lowercase());
        }
        if !word.is_empty() {
            out.push(word);
        }
    }
    out
}

/// A name of `problem` found in the parts `first..=last` of the path.
struct Found {
    problem: &'static Problem,
    first: usize,
    last: usize,
}

/// `s` lowercased, letters and digits only.
fn squash(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The parts of `path` a problem is read from: its last [`FOLDERS`]
/// folders, then the file (shown by its name, read from its stem); and the
/// stem. `None` for a path without a file name.
fn path_parts(path: &Path) -> Option<(Vec<Part>, String)> {
    let full = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let file = full.file_name()?.to_string_lossy().into_owned();
    let stem = full
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let mut parts: Vec<Part> = full
        .parent()
        .into_iter()
        .flat_map(Path::components)
        .filter_map(|c| match c {
            std::path::Component::Normal(n) => Some(n.to_string_lossy().into_owned()),
            _ => None,
        })
        .map(|n| Part::of(&n, &n))
        .collect();
    parts.drain(..parts.len().saturating_sub(FOLDERS));
    parts.push(Part::of(&file, &stem));
    Some((parts, stem))
}

/// The problem a file's path names, and which part of it: `file name`,
/// `folder poj/2676`, `path HDU/1426.cpp`; or an error naming two.
///
/// The parts are the file name and up to four folders above it, each read
/// as its alphanumeric runs, lowercased (a number's leading zeros dropped).
/// A problem's names are its key and its `JUDGE ID [TITLE]` names
/// ([`Problem::names`]; `leetcode` also reads `lc`, `codeforces` `cf`,
/// `luogu` `lg`, `hdu` `hdoj`). A part whose first runs spell one of these names it:
/// - its key (`poj3074_mine`, `lanqiao_ok`, `spoj_sudoku`);
/// - a judge and an ID (`POJ2676`, `hdu_1426`, `cf1335d`, `luogu-P1074`);
/// - an ID that has letters and digits, alone (`P1074`, `1335D`, `abc327_c`);
/// - LeetCode's number and title (`37.sudoku-solver`, `0037.Sudoku Solver`).
///
/// So do two parts, the first above the second:
/// - a folder that is a judge's name or has it as a word (a repository of
///   solutions: `poj-solutions`, `POJSolutions`), and a part below whose
///   first runs spell the ID (`poj/2676/Main.java`, `HDU/1426.cpp`,
///   `leetcode/37.cpp`, `POJSolutions/123234345/3074/9245450_AC.cc`);
/// - a folder that is a contest with letters in it (or any contest under
///   its judge's folder), and the next part but `src` and `bin` starting
///   with the task (`abc327/c.py`, `abc327/src/bin/c.rs`,
///   `codeforces/1335/D.cpp`).
///
/// A name may start any word of a part, not only its first
/// (`mine_poj3074.cpp`). Where no part has a key or a name, a part whose
/// words spell a problem's title ([`Problem::titles`]: `D_Anti_Sudoku.cpp`,
/// `C_Number_Place.py`, `靶形数独.cpp`) names it.
///
/// Where names of two problems are found (`poj3074_lanqiao.cpp`), it is an
/// error naming both.
pub fn problem_by_path(path: &Path) -> Result<Option<(&'static Problem, String)>, Error> {
    let Some((parts, _)) = path_parts(path) else {
        return Ok(None);
    };
    // Titles only where no key or name is: a title is words people use
    // for other things too.
    let mut found = names_in(&parts);
    if found.is_empty() {
        found = titles_in(&parts);
    }
    let decided = |f: &Found| {
        let last = parts.len() - 1;
        let shown: Vec<&str> = parts[f.first..=f.last]
            .iter()
            .map(|p| p.shown.as_str())
            .collect();
        match (f.first == last, f.last == last) {
            (true, _) => "file name".to_string(),
            (false, true) => format!("path {}", shown.join("/")),
            (false, false) => format!("folder {}", shown.join("/")),
        }
    };
    let Some(nearest) = found.iter().max_by_key(|f| (f.last, f.first)) else {
        return Ok(None);
    };
    // Two problems are an error, unless the file's own name says one and
    // a single folder's name above it the other (`lanqiao/P1074.cpp`, a
    // repository named for one problem holding another's file): the name is
    // the file's. A judge's folder above a number (`poj/2676/hdu1426.cpp`)
    // still makes two.
    let last = parts.len() - 1;
    let in_name = |f: &&Found| f.first == last;
    let one_folder = |f: &&Found| f.first == f.last && f.last < last;
    if let Some(other) = found
        .iter()
        .filter(|f| f.problem.key != nearest.problem.key)
        .filter(|f| !(in_name(&nearest) && one_folder(f)))
        .max_by_key(|f| (f.last, f.first))
    {
        return Err(Error::Usage(format!(
            "{}: could be {} (its {}) or {} (its {}); say which with --problem KEY",
            path.display(),
            nearest.problem.short,
            decided(nearest),
            other.problem.short,
            decided(other)
        )));
    }
    Ok(Some((nearest.problem, decided(nearest))))
}

/// Every name of a problem in `parts` (outermost first, the file last).
fn names_in(parts: &[Part]) -> Vec<Found> {
    let aliases = |judge: &str| {
        let mut all = vec![judge.to_string()];
        all.extend(
            JUDGE_ALIASES
                .iter()
                .filter(|(j, _)| *j == judge)
                .map(|(_, a)| a.to_string()),
        );
        all
    };
    let below =
        |at: usize| (at + 1..parts.len()).find(|&k| !BETWEEN.iter().any(|b| parts[k].is(b)));
    let mut found = Vec::new();
    for problem in problem::PROBLEMS.iter() {
        let mut alone = vec![squash(problem.key)];
        let mut pairs: Vec<(String, String)> = Vec::new();
        let mut contests: Vec<(Option<Vec<String>>, String, String)> = Vec::new();
        for name in problem.names.split(',') {
            let mut words = name.split_whitespace();
            let (Some(judge), Some(id)) = (words.next(), words.next()) else {
                continue;
            };
            let title: String = words.map(squash).collect();
            let whole = squash(id);
            let has_letters = whole.chars().any(|c| c.is_alphabetic());
            for alias in aliases(judge) {
                alone.push(format!("{alias}{whole}"));
                pairs.push((alias, whole.clone()));
            }
            if has_letters && whole.chars().any(|c| c.is_ascii_digit()) {
                alone.push(whole.clone());
            }
            if !title.is_empty() {
                alone.push(format!("{whole}{title}"));
            }
            if let Some((contest, task)) = id.split_once('/') {
                let contest = squash(contest);
                let letters = contest.chars().any(|c| c.is_alphabetic());
                let judges = (!letters).then(|| aliases(judge));
                contests.push((judges, contest, squash(task)));
            }
        }
        for (i, part) in parts.iter().enumerate() {
            if alone.iter().any(|name| part.has_word(name)) {
                found.push(Found {
                    problem,
                    first: i,
                    last: i,
                });
            }
            for (judge, id) in &pairs {
                if part.names_judge(judge) && i + 1 < parts.len() {
                    if let Some(j) = (i + 1..parts.len()).find(|&j| parts[j].starts_with(id)) {
                        found.push(Found {
                            problem,
                            first: i,
                            last: j,
                        });
                    }
                }
            }
            for (judges, contest, task) in &contests {
                if !part.is(contest) {
                    continue;
                }
                let Some(k) = below(i).filter(|&k| parts[k].starts_with(task)) else {
                    continue;
                };
                let first = match judges {
                    None => Some(i),
                    Some(judges) => (0..i)
                        .rev()
                        .find(|&h| judges.iter().any(|j| parts[h].names_judge(j))),
                };
                if let Some(first) = first {
                    found.push(Found {
                        problem,
                        first,
                        last: k,
                    });
                }
            }
        }
    }
    found
}

/// A judge's problem number in the path that is none of the problems here,
/// as written: in the file's name (`P1001.cpp`, `poj_1000.c`, `HDU 3111
/// Sudoku.cpp`, Codeforces' `1352A.cpp`), or in a folder that starts with
/// one (`Luogu/P1001/main.cpp`, `abc327/d.py`), or a judge's folder above a
/// number (`poj/1000/main.cpp`, `hdu/1234.cpp`, `codeforces/1234/A.cpp`);
/// `None` when the path has none (a stdin program's file is then
/// Lanqiao's). Luogu's `P`/`B` numbers count with 4 or 5 digits, so
/// `p2.cpp` is no one's. SPOJ's codes are letters and not told apart.
fn unknown_number(path: &Path) -> Option<String> {
    const JUDGES: [&str; 18] = [
        "poj",
        "hdu",
        "hdoj",
        "lc",
        "leetcode",
        "cf",
        "codeforces",
        "luogu",
        "lg",
        "uva",
        "acwing",
        "spoj",
        "zoj",
        "abc",
        "arc",
        "agc",
        "cses",
        "timus",
    ];
    let is_number = |run: &str| run.chars().all(|c| c.is_ascii_digit());
    let judge_number = |w: &[String]| {
        let luogu = matches!(w[0].as_str(), "p" | "b") && (4..=5).contains(&w[1].len());
        is_number(&w[1]) && (luogu || JUDGES.contains(&w[0].as_str()))
    };
    // The part as written from its judge's name through the number and
    // what follows it without a space (`HDU 3111`, `CF1234A`, `poj_1000`).
    let shown_from = |text: &str, word: &str| -> Option<String> {
        // ASCII lowercase keeps every byte where it is (`İ` lowercased
        // is longer), so the index found is the text's own.
        let at = text.to_ascii_lowercase().find(word)?;
        let rest = &text[at..];
        let letters = rest.len() - rest.trim_start_matches(char::is_alphabetic).len();
        let after = &rest[letters..];
        let gap = after.len()
            - after
                .trim_start_matches(|c: char| !c.is_alphanumeric())
                .len();
        let id = after[gap..]
            .chars()
            .take_while(|c| c.is_alphanumeric())
            .map(char::len_utf8)
            .sum::<usize>();
        Some(rest[..letters + gap + id].to_string())
    };
    let (parts, stem) = path_parts(path)?;
    let (file, folders) = parts.split_last()?;
    if let Some(w) = file.runs.windows(2).find(|w| judge_number(w)) {
        return shown_from(&stem, &w[0]);
    }
    // Codeforces' `1352A`: the whole name a contest number and a task letter.
    if let [number, task] = &file.runs[..] {
        if is_number(number)
            && (3..=4).contains(&number.len())
            && task.len() == 1
            && task.chars().all(|c| c.is_ascii_alphabetic())
        {
            return Some(format!("Codeforces {stem}"));
        }
    }
    for (i, folder) in folders.iter().enumerate() {
        if folder.runs.len() >= 2 && judge_number(&folder.runs[..2]) {
            return shown_from(&folder.shown, &folder.runs[0]);
        }
        // A judge's folder, then a number: the next folder's, else the file's.
        let below = &parts[i + 1];
        if folder.runs.len() == 1
            && JUDGES.contains(&folder.runs[0].as_str())
            && below.runs.first().is_some_and(|r| is_number(r))
        {
            let next = if i + 1 == folders.len() {
                &stem
            } else {
                &below.shown
            };
            return Some(format!("{}/{next}", folder.shown));
        }
    }
    None
}

/// Every problem whose title (or its short form, [`Problem::titles`]) a
/// part of `parts` has as its words (`D_Anti_Sudoku`, `靶形数独`).
fn titles_in(parts: &[Part]) -> Vec<Found> {
    let mut found = Vec::new();
    for problem in problem::PROBLEMS.iter() {
        let titles: Vec<String> = problem
            .titles
            .split(',')
            .map(squash)
            .filter(|t| !t.is_empty())
            .collect();
        for (i, part) in parts.iter().enumerate() {
            if titles.iter().any(|t| part.has_word(t)) {
                found.push(Found {
                    problem,
                    first: i,
                    last: i,
                });
            }
        }
    }
    found
}

fn title(key: &str) -> &'static str {
    problem::by_key(key).map_or("", |p| p.short)
}

/// The problem a user's file is judged as, what the harness calls, and the
/// `judged as` line; or why it cannot be told (an error naming both
/// candidates).
pub fn place(
    path: &Path,
    text: &str,
    language: &Language,
    named: Option<&'static Problem>,
) -> Result<(&'static Problem, Entry, String), Error> {
    let methods = (language.leetcode)(text);
    let frame = language.frame;
    let entry_for = |p: &Problem| match p.key {
        "lc36" => Entry::LeetCode(Method::IsValidSudoku),
        "lc37" => Entry::LeetCode(Method::SolveSudoku),
        _ => Entry::Program,
    };
    if let Some(p) = named {
        return Ok((
            p,
            entry_for(p),
            format!("{} (--problem {})", p.short, p.key),
        ));
    }
    let two = |a: String, b: String| {
        Error::Usage(format!(
            "{}: could be {a} or {b}; say which with --problem KEY (or start the file name with the key)",
            path.display()
        ))
    };
    if let [a, b] = methods[..] {
        return Err(two(
            format!("{} ({})", title(a.problem()), frame(a)),
            format!("{} ({})", title(b.problem()), frame(b)),
        ));
    }
    let leetcode = methods.first().copied();
    if let Some((p, decided)) = problem_by_path(path)? {
        return match leetcode {
            Some(m) if m.problem() != p.key && !(language.reads_stdin)(text) => Err(two(
                format!("{} (its {decided})", p.short),
                format!("{} ({})", title(m.problem()), frame(m)),
            )),
            _ => Ok((p, entry_for(p), format!("{} ({decided})", p.short))),
        };
    }
    // LeetCode's method in a class of another name: LeetCode's problem when
    // nothing reads stdin (else a program that has such a helper).
    let other = leetcode
        .is_none()
        .then(|| (language.other_class)(text))
        .flatten()
        .filter(|_| !(language.reads_stdin)(text));
    match (leetcode, other) {
        (Some(m), _) if (language.reads_stdin)(text) => Err(two(
            format!("{} ({})", title(m.problem()), frame(m)),
            "a stdin program (it reads stdin)".into(),
        )),
        (Some(m), _) => {
            let p = problem::by_key(m.problem()).expect("LeetCode's problems exist");
            Ok((p, Entry::LeetCode(m), format!("{} ({})", p.short, frame(m))))
        }
        (None, Some(other)) => {
            let p = problem::by_key(other.method.problem()).expect("LeetCode's problems exist");
            Ok((
                p,
                Entry::LeetCode(other.method),
                format!("{} ({})", p.short, other.frame()),
            ))
        }
        (None, None) => {
            if let Some(id) = unknown_number(path) {
                return Err(Error::Usage(format!(
                    "{}: its name says {id}, a problem this judge does not have (it has {}); give --problem KEY to judge it as one of them",
                    path.display(),
                    problem::PROBLEMS
                        .iter()
                        .map(|p| p.key)
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
            // LeetCode's method as a free function (a C++ or Rust file
            // with no class Solution or impl Solution, and no main that
            // reads stdin): LeetCode's problem, whose call it does not
            // take, rather than a stdin program's.
            let free = match language.extensions[0] {
                "cpp" | "cc" | "cxx" => language::methods_named(
                    &language::code_only(text),
                    "isValidSudoku",
                    "solveSudoku",
                ),
                "rs" => language::methods_named(
                    &language::rust_code_only(text),
                    "is_valid_sudoku",
                    "solve_sudoku",
                ),
                _ => Vec::new(),
            };
            // Both: LeetCode 37's, the solver beside its own check.
            let free = free.last().copied();
            if let (Some(m), false) = (free, (language.reads_stdin)(text)) {
                let p = problem::by_key(m.problem()).expect("LeetCode's problems exist");
                return Ok((
                    p,
                    Entry::LeetCode(m),
                    format!(
                        "{} (its {}, a free function)",
                        p.short,
                        if language.extensions[0] == "rs" {
                            m.snake()
                        } else {
                            m.camel()
                        },
                    ),
                ));
            }
            let p = problem::by_key("lanqiao").expect("Lanqiao exists");
            let why = if (language.reads_stdin)(text) {
                "a main that reads stdin"
            } else {
                "the default: no LeetCode method in it, and no main that reads stdin"
            };
            Ok((
                p,
                Entry::Program,
                format!("{} ({why}; give --problem KEY for another)", p.short),
            ))
        }
    }
}

/// A compile error at the judge's own call of LeetCode's method (the file
/// defines it with another signature, so LeetCode's call does not compile
/// there either): said first at the method's line of the file, with
/// LeetCode's signature, then the compiler's words at the call. Any other
/// compile error is returned as it is.
fn at_leetcodes_call(
    ce: String,
    method: Method,
    language: &Language,
    text: &str,
    name: &str,
) -> String {
    let extension = language.extensions[0];
    // Defined outside LeetCode's frame (a free function): the call finds
    // no method, whatever its signature.
    let in_frame = (language.leetcode)(text).contains(&method);
    let own_lines = text.lines().count();
    // The line number after `NAME:` in a compiler's line, if any.
    let line_in = |l: &str| -> Option<usize> {
        let at = l.find(&format!("{name}:"))? + name.len() + 1;
        l[at..]
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    // An error anywhere at the call, the first or after the body's own.
    let at_call = ce.lines().any(|l| {
        l.contains("SudokuJudgeHarness.java:")
            || l.contains("sudoku-judge-harness.")
            || line_in(l).is_some_and(|n| n > own_lines)
    });
    // The first error's line in the file (`NAME:LINE: error`, or rustc's
    // `error…` then ` --> NAME:LINE`): where the file's own lines fail
    // first (a stray line the parser cannot read), the call is not blamed.
    let lines: Vec<&str> = ce.lines().collect();
    let first_error_at = lines
        .iter()
        .position(|l| l.contains("error"))
        .and_then(|i| {
            line_in(lines[i]).or_else(|| {
                lines[i + 1..]
                    .iter()
                    .take(2)
                    .find(|l| l.trim_start().starts_with("-->"))
                    .and_then(|l| line_in(l))
            })
        });
    let own_first = first_error_at.is_some_and(|n| n <= own_lines);
    // Rust's harness follows the file's last line in the one file rustc
    // reads: its lines are named as the harness's, not the file's.
    let ce: String = ce
        .lines()
        .map(|l| match line_in(l) {
            Some(n) if n > own_lines => l.replacen(
                &format!("{name}:{n}"),
                &format!("the judge's harness after {name}, line {n}"),
                1,
            ),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let called = if extension == "rs" {
        method.snake()
    } else {
        method.camel()
    };
    let signature = match (extension, method) {
        ("java", Method::SolveSudoku) => "public void solveSudoku(char[][] board)",
        ("java", Method::IsValidSudoku) => "public boolean isValidSudoku(char[][] board)",
        ("rs", Method::SolveSudoku) => "pub fn solve_sudoku(board: &mut Vec<Vec<char>>)",
        ("rs", Method::IsValidSudoku) => "pub fn is_valid_sudoku(board: Vec<Vec<char>>) -> bool",
        ("c", Method::SolveSudoku) => {
            "void solveSudoku(char** board, int boardSize, int* boardColSize)"
        }
        ("c", Method::IsValidSudoku) => {
            "bool isValidSudoku(char** board, int boardSize, int* boardColSize)"
        }
        (_, Method::SolveSudoku) => "void solveSudoku(vector<vector<char>>& board)",
        (_, Method::IsValidSudoku) => "bool isValidSudoku(vector<vector<char>>& board)",
    };
    // The method's definitions (a name after a type, `fn` or a modifier, not
    // a call after `return`, `=` or `.`); the one with LeetCode's number of
    // parameters first, where the file overloads the name.
    let arity = if extension == "c" { 3 } else { 1 };
    let definitions: Vec<(usize, usize)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let (at, _) = l.match_indices(called).find(|(at, _)| {
                let before = l[..*at].trim_end();
                let word = before
                    .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next();
                l[at + called.len()..].trim_start().starts_with('(')
                    && before.ends_with(|c: char| c.is_alphanumeric() || "_*&>:]".contains(c))
                    && !before.ends_with("->")
                    && !matches!(word, Some("return" | "if" | "while" | "new" | "await"))
            })?;
            let params = l[at + called.len()..].split(')').next().unwrap_or("");
            let count = if params
                .trim_start_matches(|c: char| c == '(' || c.is_whitespace())
                .is_empty()
            {
                0
            } else {
                params.matches(',').count() + 1
            };
            Some((i, count))
        })
        .collect();
    let defined = definitions
        .iter()
        .find(|&&(_, count)| count == arity)
        .or(definitions.first())
        .map(|&(i, _)| i);
    match defined {
        Some(line) if at_call && !own_first && !in_frame => format!(
            "{name}:{}: error: LeetCode calls `{signature}` as a method ({}), and this definition is a free function: put it there; the compiler, at the judge's call:\n{ce}",
            line + 1,
            (language.frame)(method)
        ),
        Some(line) if at_call && !own_first => format!(
            "{name}:{}: error: LeetCode calls `{signature}`, and this definition does not take that call; the compiler, at the judge's call:\n{ce}",
            line + 1
        ),
        _ => ce,
    }
}

/// A user's file as a solution of its problem: placed, then built (or
/// found in the cache) in the sandbox, so a compile error is a CE row.
pub fn from_file(
    path: &Path,
    named: Option<&'static Problem>,
    opts: &FileOptions,
) -> Result<Solution, Error> {
    let language = language::of(path).ok_or_else(|| {
        Error::Usage(format!(
            "{}: cannot tell the language from its extension; known: {}",
            path.display(),
            language::extensions()
        ))
    })?;
    // Read once, capped, a link only of the judge's own user followed, a
    // FIFO or device refused (not waited on).
    let bytes =
        super::secure::read_named(path, super::secure::SOURCE_CAP).map_err(|why| Error::Read {
            path: path.to_path_buf(),
            source: match why {
                super::secure::Refused::Io(e) => e,
                other => std::io::Error::other(other.to_string()),
            },
        })?;
    // A plugin's file, or a Java `class Solution` inside an outer class, is
    // judged as LeetCode is given it.
    let (bytes, submitted) = match language::as_submitted(&bytes, language) {
        Some((kept, note)) => (kept, Some(note)),
        None => (bytes, None),
    };
    // The compiler takes the bytes; what is read or shown of the file here
    // is their UTF-8 reading, a byte that is not UTF-8 read as U+FFFD.
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let not_utf8 = language::not_utf8_at(&bytes).map(|at| {
        format!(
            "{at}: not UTF-8 (GBK or Latin-1, say): the file is built from its bytes as they are, and what is shown of it here reads such bytes as U+FFFD"
        )
    });
    let (problem, entry, judged_as) = place(path, &text, language, named)?;
    let weak = check_sandbox(&opts.exe, opts.trust)?;
    let profile = judges::of(problem);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "solution".into());
    let chosen = language::choose::choose(language, profile, &opts.compilers);
    let named_by = opts
        .compilers
        .iter()
        .find(|n| n.flag == language.flag)
        .map(|n| n.by.as_str());
    let tool = chosen.program;
    let mut compiler_why = chosen.why;
    let mut early_notes: Vec<String> = submitted.into_iter().collect();
    // What the judge has and this machine lacks: the file is not judged.
    let mut not_judged_here =
        judges::missing_library(profile, &text, &tool).map(|(needs, line)| {
            let (what, install) = needs.split_once("; install: ").unwrap_or((&needs, ""));
            format!("needs {what} ({name}:{line} uses it); install: {install}")
        });
    let python2 = (language.extensions == ["py"] && profile.python2)
        .then(|| judges::python2_marks(&text))
        .flatten();
    if language.extensions == ["py"] && !profile.python2 {
        // Judged as Python 3, as this judge would: the error it gets is
        // Python 3's, so the note says where the Python 2 is.
        if let Some((mark, line)) = judges::python2_marks(&text) {
            early_notes.push(format!(
                "line {line} uses `{mark}` as Python 2 does: {} runs Python 3 only (print(...), input(), range)",
                profile.name
            ));
        }
    }
    let mut toolchain = match python2 {
        Some((mark, line)) => match language::python::python2() {
            Some(found) => {
                early_notes.push(format!(
                    "line {line} uses `{mark}`: run as Python 2, which {} offers beside Python 3",
                    profile.name
                ));
                compiler_why = format!(
                    "{} offers Python 2 beside Python 3 (SUDOKU_PYTHON2, else python2 on PATH)",
                    profile.name
                );
                found
            }
            None => {
                not_judged_here = Some(format!(
                    "needs Python 2, which {} offers beside Python 3 ({name}:{line} uses `{mark}`) and this machine lacks; install: Python 2.7 (pyenv install 2.7.18, say; Debian/Ubuntu before Debian 11: apt-get install python2) and give its path as SUDOKU_PYTHON2",
                    profile.name
                ));
                toolchain_of(language, &tool, named_by)?
            }
        },
        None => toolchain_of(language, &tool, named_by)?,
    };
    let is_rust = language.flag == "rustc";
    let compiler_note = is_rust
        .then_some(profile.rust_note)
        .flatten()
        .map(str::to_string);
    // The judge's crates, built once outside the sandbox.
    let crates = match profile
        .rust_crates
        .filter(|_| is_rust)
        .map(|set| (set, set.wanted_by(&text)))
        .filter(|(_, wanted)| !wanted.is_empty())
    {
        Some((set, wanted)) if not_judged_here.is_none() => {
            let root = cache_root(weak)?;
            match super::crates::ensure(set, &wanted, &toolchain.program, &toolchain.version, &root)
            {
                Ok(built) => Some(built),
                Err(why) => {
                    not_judged_here = Some(format!(
                        "needs {}'s crates: {why}; install: cargo fetches them from crates.io once, so run once with network (or from a machine with a filled ~/.cargo/registry)",
                        profile.name
                    ));
                    None
                }
            }
        }
        _ => None,
    };
    // How the judge counts a JVM, and the limits it states for Java.
    let (memory_extra_mb, own_limits) = if language.extensions == ["java"] {
        let baseline = jvm_baseline(&opts.exe, &toolchain, weak);
        if let Some(mb) = baseline {
            early_notes.push(format!(
                "an idle JVM holds {mb} MB here (`java -version`, measured); {}",
                match profile.java {
                    judges::JavaMemory::AboveBaseline => format!(
                        "{} counts what a program holds above it, so the limit is raised by it (-Xmx stays the problem's limit)",
                        profile.name
                    ),
                    judges::JavaMemory::Whole => format!("{} counts the whole JVM", profile.name),
                }
            ));
        }
        let extra = match profile.java {
            judges::JavaMemory::AboveBaseline => baseline.unwrap_or(0),
            judges::JavaMemory::Whole => 0,
        };
        (extra, judges::java_limits(problem))
    } else {
        (0, None)
    };
    let source = Source {
        bytes: &bytes,
        text: &text,
        path,
        name: &name,
    };
    let options = language::Options {
        edition: opts.edition.as_deref().unwrap_or(profile.rust_edition),
        toolchain: &toolchain,
        java_main: problem.java_main,
        profile,
        crates: crates.as_ref(),
    };
    // LeetCode calls `new Solution()`: a method in another class cannot build there.
    let other = match entry {
        Entry::LeetCode(_) if (language.leetcode)(&text).is_empty() => {
            (language.other_class)(&text)
        }
        _ => None,
    };
    let (mut notes, built, staged) = match (other, (language.plan)(&source, entry, &options)) {
        (_, _) if not_judged_here.is_some() => {
            (Vec::new(), Err("not judged here".into()), Vec::new())
        }
        (Some(other), _) => (Vec::new(), Err(other.compile_error(&name)), Vec::new()),
        (None, Err(why)) => (Vec::new(), Err(why), Vec::new()),
        (None, Ok(plan)) => {
            let notes = plan.notes.clone();
            let staged = plan
                .aliases
                .iter()
                .map(|(staged, _)| staged.clone())
                .collect();
            let built = build(language, entry, &plan, &toolchain, opts, &source, weak)?;
            let built = match entry {
                Entry::LeetCode(method) => {
                    built.map_err(|ce| at_leetcodes_call(ce, method, language, &text, &name))
                }
                Entry::Program => built,
            };
            (notes, built, staged)
        }
    };
    // g++ refused a function that falls off its end, which the judge's
    // compiler returns from: clang++ -fno-strict-return builds it as the
    // judge did, else it is not judged here (never a false TLE).
    let mut built = built;
    let off_end = match &built {
        Err(error) if profile.returns_off_end && language.flag == "cxx" => {
            language::cpp::off_end(error).map(|l| l.replacen("error: ", "", 1))
        }
        _ => None,
    };
    if let Some(said) = off_end {
        let path = std::env::var_os("PATH");
        let judge_does = format!(
            "{}'s {} returns from a function that falls off its end ({said})",
            profile.name,
            profile.cpp_compiler(),
        );
        let here = format!(
            "{} at -O2 takes that path as unreachable",
            toolchain.version
        );
        match language::choose::newest_clang(path.as_deref(), 0) {
            Some((clang, _)) => {
                let found = toolchain_of(language, &clang, None)?;
                let options = language::Options {
                    toolchain: &found,
                    ..options.clone()
                };
                built = match (language.plan)(&source, entry, &options) {
                    Ok(plan) => build(language, entry, &plan, &found, opts, &source, weak)?,
                    Err(why) => Err(why),
                };
                compiler_why = format!(
                    "{judge_does}, where {here}: {} -fno-strict-return builds it as {} did",
                    clang.file_name().unwrap_or_default().to_string_lossy(),
                    profile.name
                );
                toolchain = found;
            }
            None => {
                not_judged_here = Some(format!(
                    "needs a compiler that returns where a function falls off its end, as {judge_does}: {here}, so its verdict here could be a false TLE or WA. Install clang ({}), which builds it with -fno-strict-return as {} did, or add the missing `return`",
                    language::choose::clang_install_hint(),
                    profile.name
                ));
            }
        }
    }
    // A build that failed on a feature newer than this machine's compiler
    // is not the user's error.
    if let (Err(error), None, true) = (&built, &not_judged_here, language.extensions[0] == "cpp") {
        if let Some((needs, line)) = judges::newer_cpp(&text) {
            not_judged_here = Some(format!(
                "needs {needs} ({name}:{line}), newer than this machine's {}; {} builds it with {}. Install one ({}) and name it with --cxx PATH (LeetCode's problems find clang++ {} or later on PATH themselves). The compiler here said: {}",
                toolchain.version,
                profile.name,
                profile.cpp,
                language::choose::clang_install_hint(),
                language::choose::LEETCODE_CLANG,
                error
                    .lines()
                    .find(|l| l.contains("error"))
                    .or_else(|| error.lines().next())
                    .unwrap_or("")
            ));
        }
    }
    notes.splice(0..0, not_utf8.into_iter().chain(early_notes));
    Ok(Solution {
        // As the tables show it: no control character of a file's name
        // reaches the terminal.
        name: super::text::printable(&name),
        problem,
        expected: Verdict::Ac,
        user: Some(UserFile {
            path: path.to_path_buf(),
            language,
            judged_as,
            reads_stdin: (language.reads_stdin)(&text),
            toolchain,
            compiler_why,
            compiler_note,
            notes,
            built,
            not_judged_here,
            memory_extra_mb,
            own_limits,
            staged,
        }),
    })
}

/// What an idle JVM holds here, in MB rounded up: `java -version` run in
/// the sandbox with the flags a run has, measured once per toolchain and
/// kept in the build cache beside the builds (keyed by the `java` binary's
/// path, size, change time and version), so a judge of a Java file starts
/// no JVM of its own before the build.
fn jvm_baseline(exe: &Path, toolchain: &Toolchain, weak: bool) -> Option<u64> {
    static MEASURED: Mutex<Option<HashMap<PathBuf, Option<u64>>>> = Mutex::new(None);
    if let Some(known) = MEASURED
        .lock()
        .ok()
        .and_then(|m| m.as_ref().and_then(|m| m.get(&toolchain.program).copied()))
    {
        return known;
    }
    let java = toolchain.program.with_file_name("java");
    let measured = jvm_baseline_cached(exe, toolchain, &java, weak)
        .unwrap_or_else(|| measure_jvm(exe, toolchain, &java));
    if let Ok(mut m) = MEASURED.lock() {
        m.get_or_insert_with(HashMap::new)
            .insert(toolchain.program.clone(), measured);
    }
    measured
}

/// [`measure_jvm`] through the build cache (a failed measure is not
/// kept): `None` where there is no cache to use (its folder refused) or no
/// `java` to key it by.
fn jvm_baseline_cached(
    exe: &Path,
    toolchain: &Toolchain,
    java: &Path,
    weak: bool,
) -> Option<Option<u64>> {
    const FILE: &str = "idle-jvm-mb";
    let meta = std::fs::metadata(java).ok()?;
    let changed = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let mut key = Key::default();
    key.add(b"idle JVM")
        .add(java.as_os_str().as_encoded_bytes())
        .add(&meta.len().to_le_bytes())
        .add(&changed.to_le_bytes())
        .add(toolchain.version.as_bytes());
    let cache = Cache::at(cache_root(weak).ok()?).ok()?;
    let built = cache
        .entry(&key, |dir| match measure_jvm(exe, toolchain, java) {
            Some(mb) => std::fs::write(dir.join(FILE), mb.to_string()).map_err(|_| ()),
            None => Err(()),
        })
        .ok()?;
    Some(built.ok().and_then(|(entry, _)| {
        std::fs::read_to_string(entry.join(FILE))
            .ok()?
            .trim()
            .parse()
            .ok()
    }))
}

/// `java -version` in the sandbox with a run's flags: its peak in MB.
fn measure_jvm(exe: &Path, toolchain: &Toolchain, java: &Path) -> Option<u64> {
    let args: Vec<OsString> = [
        "-Xss256m",
        "-Xmx64m",
        "-XX:+UseSerialGC",
        "-XX:-UsePerfData",
        "-version",
    ]
    .iter()
    .map(Into::into)
    .collect();
    let mut limits = BUILD_LIMITS;
    limits.cpu = Duration::from_secs(10);
    limits.wall = Duration::from_secs(20);
    let view = View {
        binds: toolchain
            .prefix
            .iter()
            .map(|p| (p.clone(), p.clone()))
            .collect(),
        work: None,
    };
    Supervisor::of(exe)
        .run(java.as_os_str(), &args, None, &limits, &view)
        .ok()
        .filter(|run| run.end == sandbox::End::Exit(0))
        .map(|run| run.peak_kib.div_ceil(1024))
}

/// The cache entry for `plan` (of the user's `source`), built in the
/// sandbox when missing (in a cache of the run's own where the sandbox is
/// `weak`); `Ok(Err)` is a compile error.
fn build(
    language: &Language,
    entry: Entry,
    plan: &Plan,
    toolchain: &Toolchain,
    opts: &FileOptions,
    source: &Source<'_>,
    weak: bool,
) -> Result<Result<Built, String>, Error> {
    let (path, name) = (source.path, source.name);
    // What the compiler sees besides the system's folders and its work
    // folder: the toolchain's own prefix, read-only. Of the user's folder,
    // only the file and the headers it includes, copied into the work
    // folder: never the folder's other files (the expected outputs beside
    // it, a private file), and whatever the folder's mode.
    let mut binds: Vec<(PathBuf, PathBuf)> = toolchain
        .prefix
        .iter()
        .map(|p| (p.clone(), p.clone()))
        .collect();
    binds.extend(plan.build_binds.iter().map(|b| (b.clone(), b.clone())));
    // Each header read once (the bytes hashed are the bytes built).
    let headers = match headers_to_copy(path, &plan.depends) {
        Ok(headers) => headers,
        Err(why) => return Ok(Err(why)),
    };
    let mut key = Key::default();
    key.add(language.name.as_bytes())
        .add(format!("{entry:?}").as_bytes())
        .add(toolchain.program.as_os_str().as_encoded_bytes())
        .add(toolchain.version.as_bytes());
    for (name, bytes) in &plan.files {
        key.add(name.as_bytes()).add(bytes);
    }
    for word in plan.compile.iter().flatten() {
        key.add(word.as_encoded_bytes());
    }
    for word in &plan.run {
        key.add(word.as_bytes());
    }
    for (inside, bytes) in &headers {
        key.add(inside.as_os_str().as_encoded_bytes()).add(bytes);
    }
    let cache = Cache::at(cache_root(weak)?).map_err(Error::Toolchain)?;
    let supervisor = Supervisor::of(&opts.exe);
    let result = cache
        .entry(&key, |dir| -> Result<(), String> {
            // Only a build that runs reads the precompiled header: a cached
            // entry neither checks nor makes it.
            let precompiled = plan
                .precompiled
                .as_ref()
                .and_then(|pre| precompile(&cache, &supervisor, &binds, pre, toolchain));
            for (name, bytes) in &plan.files {
                std::fs::write(dir.join(name), bytes).map_err(|e| format!("{name}: {e}"))?;
            }
            for (inside, bytes) in &headers {
                let to = dir.join(inside);
                if let Some(parent) = to.parent() {
                    std::fs::create_dir_all(parent)
                        .map_err(|e| format!("{}: {e}", inside.display()))?;
                }
                std::fs::write(&to, bytes).map_err(|e| format!("{}: {e}", inside.display()))?;
            }
            for (i, command) in plan.compile.iter().enumerate() {
                if let (0, Some(pch)) = (i, &precompiled) {
                    // Linked in for the compile: the entry keeps no copy,
                    // and another judge's clean-up of the cache cannot
                    // take it away mid-build.
                    let local = dir.join(PRECOMPILED);
                    if std::fs::hard_link(pch, &local).is_ok() {
                        let mut with = command.clone();
                        with.extend(["-include-pch".into(), PRECOMPILED.into()]);
                        let built =
                            compile(&supervisor, &with, None, dir, &binds, &plan.aliases, name);
                        let _ = std::fs::remove_file(&local);
                        // A header it was built from changed mid-run: as if it were not there.
                        match built {
                            Err(why) if why.contains("precompiled header") => {}
                            built => {
                                built?;
                                continue;
                            }
                        }
                    }
                }
                compile(&supervisor, command, None, dir, &binds, &plan.aliases, name)?;
            }
            for output in &plan.outputs {
                if !dir.join(output).exists() {
                    return Err(format!("the compiler left no {output}"));
                }
            }
            Ok(())
        })
        .map_err(|e| Error::Toolchain(format!("the build cache: {e}")))?;
    Ok(result.map(|(entry, fresh)| Built {
        entry,
        run: plan.run.clone(),
        binds: plan.binds.clone(),
        fresh,
        reserves_address_space: plan.reserves_address_space,
    }))
}

/// The headers of `depends` a build of `source` takes, each with its path
/// below the source's folder and its bytes: files named as headers at or
/// below that folder, each read once through a descriptor, no link
/// followed at any part of its path below the folder. The rest (a header
/// outside the folder, a `tests/1.out` included) the compiler does not
/// find; a link named as a header (`o0.h -> tests/1.out`, or a hard link
/// to it) is a CE saying so, as a link could lead to an expected output or
/// a private file.
fn headers_to_copy(source: &Path, depends: &[PathBuf]) -> Result<Vec<(PathBuf, Vec<u8>)>, String> {
    let home = source.parent().unwrap_or(Path::new(""));
    let mut taken: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    let mut total = 0;
    for header in depends {
        let Some(inside) = header
            .strip_prefix(home)
            .ok()
            .and_then(super::secure::below)
        else {
            continue;
        };
        if !language::cpp::is_header_name(&inside) || taken.iter().any(|(p, _)| p == &inside) {
            continue;
        }
        match super::secure::read_beneath(home, &inside, language::cpp::HEADER_CAP) {
            Ok(bytes) => {
                total += bytes.len() as u64;
                if total > language::cpp::HEADERS_TOTAL_CAP {
                    return Err(format!(
                        "{}: the headers beside the file come to more than {} MiB in all, which the judge does not take",
                        inside.display(),
                        language::cpp::HEADERS_TOTAL_CAP >> 20
                    ));
                }
                taken.push((inside, bytes));
            }
            Err(super::secure::Refused::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(why) => {
                return Err(format!(
                "{}: {why}; the judge takes the headers beside a file only as regular files there",
                inside.display()
            ))
            }
        }
    }
    Ok(taken)
}

/// Runs one compile command in `dir`, in the sandbox; a failure is the
/// compiler's first error.
/// The name a precompiled header has in the folder of a build that uses it.
const PRECOMPILED: &str = "sudoku-precompiled.pch";

/// `pre`'s precompiled header, from the cache: built there (in the sandbox,
/// as the user's build is) when missing, or when a header it was built from
/// or the compiler has changed since (clang checks its own input, not the
/// system's headers). `None` where it cannot be built: the build then reads
/// the headers as they are.
fn precompile(
    cache: &Cache,
    supervisor: &Supervisor,
    binds: &[(PathBuf, PathBuf)],
    pre: &language::Precompiled,
    toolchain: &Toolchain,
) -> Option<PathBuf> {
    const DEPENDS: &str = "depends.d";
    const STAMPS: &str = "stamps";
    let mut key = Key::default();
    key.add(b"precompiled header")
        .add(toolchain.version.as_bytes())
        .add(pre.text.as_bytes());
    for word in &pre.compile {
        key.add(word.as_encoded_bytes());
    }
    let (entry, _) = cache
        .entry_if(
            &key,
            |entry| stamps_hold(&entry.join(STAMPS)),
            |dir| -> Result<(), String> {
                let input = sandbox::Input::new(pre.text.as_bytes()).map_err(|e| e.to_string())?;
                let mut command = pre.compile.clone();
                command.extend([PRECOMPILED, "-MD", "-MF", DEPENDS].map(OsString::from));
                compile(supervisor, &command, Some(&input), dir, binds, &[], "")?;
                let depends =
                    std::fs::read_to_string(dir.join(DEPENDS)).map_err(|e| e.to_string())?;
                std::fs::remove_file(dir.join(DEPENDS)).map_err(|e| e.to_string())?;
                let compiler = pre
                    .compile
                    .first()
                    .map(PathBuf::from)
                    .and_then(|p| std::fs::canonicalize(p).ok());
                let listed = stamps(
                    make_prerequisites(&depends)
                        .iter()
                        .map(PathBuf::as_path)
                        .chain(compiler.as_deref()),
                );
                std::fs::write(dir.join(STAMPS), listed).map_err(|e| e.to_string())
            },
        )
        .ok()?
        .ok()?;
    Some(entry.join(PRECOMPILED))
}

/// Whether the files a [`stamps`] file names are as it says.
fn stamps_hold(file: &Path) -> bool {
    std::fs::read_to_string(file).is_ok_and(|listed| {
        let paths = listed.lines().filter_map(|l| l.split_once(' '));
        stamps(paths.map(|(_, path)| Path::new(path))) == listed
    })
}

/// Each file's size and modification time, a line each (`SIZE:NANOS PATH`,
/// the time as nanoseconds since the epoch); a file gone reads `-`.
fn stamps<'a>(paths: impl Iterator<Item = &'a Path>) -> String {
    let mut out = String::new();
    for path in paths {
        let stamp = std::fs::metadata(path)
            .ok()
            .and_then(|m| {
                let since = m
                    .modified()
                    .ok()?
                    .duration_since(std::time::UNIX_EPOCH)
                    .ok()?;
                Some(format!("{}:{}", m.len(), since.as_nanos()))
            })
            .unwrap_or_else(|| "-".into());
        out.push_str(&format!("{stamp} {}\n", path.display()));
    }
    out
}

/// The absolute paths a make rule (`-MD`'s `target: a b \` lines) names
/// after its colon; a space inside a path is written `\ `.
fn make_prerequisites(rule: &str) -> Vec<PathBuf> {
    let joined = rule.replace("\\\n", " ");
    let rest = joined.split_once(": ").map_or("", |(_, r)| r);
    let mut paths = Vec::new();
    let mut word = String::new();
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&' ') => word.push(chars.next().unwrap_or(' ')),
            c if c.is_whitespace() => {
                if word.starts_with('/') {
                    paths.push(PathBuf::from(&word));
                }
                word.clear();
            }
            c => word.push(c),
        }
    }
    if word.starts_with('/') {
        paths.push(PathBuf::from(word));
    }
    paths
}

fn compile(
    supervisor: &Supervisor,
    command: &[OsString],
    stdin: Option<&sandbox::Input>,
    dir: &Path,
    binds: &[(PathBuf, PathBuf)],
    aliases: &[(String, String)],
    shown: &str,
) -> Result<(), String> {
    let (program, args) = command.split_first().ok_or("an empty compile command")?;
    let mut limits = BUILD_LIMITS;
    if let Some(ms) = std::env::var("SUDOKU_BUILD_CPU_MS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        limits.cpu = Duration::from_millis(ms);
        limits.wall = limits.cpu * 2;
    }
    let run = supervisor
        .run(
            program,
            args,
            stdin,
            &limits,
            &View {
                binds: binds.to_vec(),
                work: Some(dir.to_path_buf()),
            },
        )
        .map_err(|e| format!("the compiler could not be run: {e}"))?;
    let mut stdout = String::new();
    let _ = std::io::Read::read_to_string(&mut { run.stdout }, &mut stdout);
    // Clang names a precompiled header's own lines as read from stdin.
    let said: String = (String::from_utf8_lossy(&run.stderr).into_owned() + &stdout)
        .lines()
        .filter(|l| !(l.starts_with("In file included from ") && l.ends_with("<stdin>:1:")))
        .flat_map(|l| [l, "\n"])
        .collect();
    match run.end {
        sandbox::End::Exit(0) => Ok(()),
        sandbox::End::CpuLimit | sandbox::End::WallLimit => Err(format!(
            "compilation took too long (over {:.1} s of CPU time, or {:.1} s asleep)",
            limits.cpu.as_secs_f64(),
            limits.wall.as_secs_f64()
        )),
        sandbox::End::MemoryLimit => Err(format!(
            "compilation needed more than {} MB",
            BUILD_LIMITS.memory_kib >> 10
        )),
        _ => Err(language::first_error(&said, dir, aliases, shown)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_make_rule_lists_its_absolute_prerequisites() {
        let rule =
            "out.pch: <stdin> /usr/include/a.h \\\n  /opt/my\\ dir/b.h rel.h \\\n /usr/c.h\n";
        assert_eq!(
            make_prerequisites(rule),
            ["/usr/include/a.h", "/opt/my dir/b.h", "/usr/c.h"].map(PathBuf::from)
        );
        assert!(make_prerequisites("no rule here").is_empty());
    }

    #[test]
    fn stamps_hold_until_a_file_listed_changes_or_goes() {
        let dir = tempfile::tempdir().unwrap();
        let header = dir.path().join("a b.h");
        std::fs::write(&header, "int a;").unwrap();
        let file = dir.path().join("stamps");
        std::fs::write(&file, stamps([header.as_path()].into_iter())).unwrap();
        assert!(stamps_hold(&file));
        std::fs::write(&header, "int ab;").unwrap();
        assert!(!stamps_hold(&file), "a header grown");
        std::fs::write(&file, stamps([header.as_path()].into_iter())).unwrap();
        let earlier = std::time::SystemTime::now() - Duration::from_secs(60);
        std::fs::File::options()
            .write(true)
            .open(&header)
            .unwrap()
            .set_modified(earlier)
            .unwrap();
        assert!(
            !stamps_hold(&file),
            "a header of the same size, written at another time"
        );
        std::fs::write(&file, stamps([header.as_path()].into_iter())).unwrap();
        std::fs::remove_file(&header).unwrap();
        assert!(!stamps_hold(&file), "a header gone");
        assert!(!stamps_hold(&dir.path().join("none")), "no stamps");
    }

    #[test]
    fn a_header_path_stays_below_the_sources_folder() {
        use crate::judge::secure::below;
        assert_eq!(
            below(Path::new("lib/../top.h")),
            Some(PathBuf::from("top.h"))
        );
        assert_eq!(
            below(Path::new("./lib/x.hpp")),
            Some(PathBuf::from("lib/x.hpp"))
        );
        assert_eq!(below(Path::new("../x.h")), None);
        assert_eq!(below(Path::new("lib/../../x.h")), None);
        assert_eq!(below(Path::new("/etc/x.h")), None);
        assert_eq!(below(Path::new(".")), None);
    }

    #[test]
    fn the_problem_from_the_path_as_people_keep_files() {
        for (path, key, decided) in [
            ("37.sudoku-solver.cpp", "lc37", "file name"),
            (
                "leetcode/0037.Sudoku Solver/Solution.java",
                "lc37",
                "folder 0037.Sudoku Solver",
            ),
            ("36.valid-sudoku.py", "lc36", "file name"),
            ("lc/37.cpp", "lc37", "path lc/37.cpp"),
            ("abc327/src/bin/c.rs", "abc327c", "path abc327/src/bin/c.rs"),
            ("contests/abc327/c.py", "abc327c", "path abc327/c.py"),
            ("atcoder/abc327_c.py", "abc327c", "file name"),
            ("poj/2676/Main.java", "poj2676", "folder poj/2676"),
            (
                "poj-solutions/2676/5609040_AC_641MS_128K.cpp",
                "poj2676",
                "folder poj-solutions/2676",
            ),
            (
                "POJSolutions/123234345/3076/9247542_AC_4204MS_1072K.cc",
                "poj3076",
                "folder POJSolutions/123234345/3076",
            ),
            (
                "twilight-poj-solution/3074/4441283_AC_63MS_400K.cc",
                "poj3074",
                "folder twilight-poj-solution/3074",
            ),
            ("POJ2676.cpp", "poj2676", "file name"),
            ("poj_2676_dfs.cpp", "poj2676", "file name"),
            ("HDU/1426.cpp", "hdu1426", "path HDU/1426.cpp"),
            ("my_hdoj_code/1426.c", "hdu1426", "path my_hdoj_code/1426.c"),
            ("1335D.py", "cf1335d", "file name"),
            (
                "codeforces/1335/D.cpp",
                "cf1335d",
                "path codeforces/1335/D.cpp",
            ),
            ("luogu/P1074.cpp", "p1074", "file name"),
            ("acwing/166.cpp", "poj3074", "path acwing/166.cpp"),
            (
                "acwing/hl2-2/166数独.cpp",
                "poj3074",
                "path acwing/hl2-2/166数独.cpp",
            ),
            ("luogu/P10481/Main.java", "poj2676", "folder P10481"),
            ("spoj_sudoku_mine.py", "spoj_sudoku", "file name"),
            ("lanqiao_ok.cpp", "lanqiao", "file name"),
            ("lanqiao/sudoku.cpp", "lanqiao", "folder lanqiao"),
            ("mine_poj3074.cpp", "poj3074", "file name"),
            ("D_Anti_Sudoku.cpp", "cf1335d", "file name"),
            ("contest/1335/D_Anti_Sudoku.cpp", "cf1335d", "file name"),
            ("C_Number_Place.py", "abc327c", "file name"),
            ("Sudoku_Killer.java", "hdu1426", "file name"),
            ("squiggly.cpp", "hdu4069", "file name"),
            ("SquigglySudoku.cpp", "hdu4069", "file name"),
            ("靶形数独.cpp", "p1074", "file name"),
            (
                "acwing/183靶形数独.cpp",
                "p1074",
                "path acwing/183靶形数独.cpp",
            ),
            // A key or a name wins over a title.
            ("poj2676/Anti_Sudoku.cpp", "poj2676", "folder poj2676"),
        ] {
            let found = problem_by_path(Path::new(path)).unwrap();
            let (p, said) = found.unwrap_or_else(|| panic!("{path}: no problem"));
            assert_eq!((p.key, said.as_str()), (key, decided), "{path}");
        }
        for path in [
            "mine.py",
            "sudoku_solver.cpp",
            "37.cpp",
            "1426.cpp",
            "abc327/d.py",
            "1335/d.py",
            "work/wt-30/target/tmp/two-name/main.cpp",
            "poj/notes/Main.java",
            "project/2676/Main.java",
            "pojo/2676/Main.java",
            "antisudokus.cpp",
            "sudoku.cpp",
            "valid_sudoku.py",
            "x1335d9f/main.cpp",
        ] {
            assert!(
                problem_by_path(Path::new(path)).unwrap().is_none(),
                "{path}"
            );
        }
        // A name shown as written, whatever letters stand before it.
        for (name, shown) in [
            ("İ_poj1000.cpp", "poj1000"),
            ("ǅ_İİ_HDU 3111 x.cpp", "HDU 3111"),
        ] {
            assert_eq!(unknown_number(Path::new(name)).as_deref(), Some(shown));
        }
        let two = problem_by_path(Path::new("poj/2676/hdu1426.cpp"))
            .unwrap_err()
            .to_string();
        assert!(
            two.contains("could be HDU 1426 (its file name) or POJ 2676 (its folder poj/2676)"),
            "{two}"
        );
        // Two names, or two titles, in one name.
        for (path, a, b) in [
            ("poj3074_lanqiao.cpp", "POJ 3074", "Lanqiao"),
            ("Sudoku_Killer_vs_Squiggly.cpp", "HDU 1426", "HDU 4069"),
        ] {
            let two = problem_by_path(Path::new(path)).unwrap_err().to_string();
            assert!(
                two.contains(&format!(
                    "could be {a} (its file name) or {b} (its file name)"
                )) || two.contains(&format!(
                    "could be {b} (its file name) or {a} (its file name)"
                )),
                "{path}: {two}"
            );
        }
    }
}
