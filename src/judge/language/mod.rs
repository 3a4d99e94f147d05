//! Your own file, in the language you write. A language is one value, in a
//! file of its own: how to tell it by extension, what the judges install,
//! how to tell a LeetCode paste from a stdin program, the plan that builds
//! it (files, compile commands, the command that runs it inside the
//! sandbox), and how to read its crashes. Adding a language is a file here
//! and a line in [`LANGUAGES`].
//!
//! | language | file | build | run |
//! |---|---|---|---|
//! | Rust | `.rs` | `rustc -O` at the judge's edition (`--edition`, `--rustc`), the judge's crates | the binary |
//! | C++ | `.cpp`, `.cc`, `.cxx` | `g++ -O2` (LeetCode: clang++ 18 or later where installed, [`choose`]), the judge's `-std`, defines, headers, sanitizers | the binary |
//! | C | `.c` | `gcc -O2 … -lm`, the judge's `-std` and defines | the binary |
//! | Java | `.java` | `javac -encoding …` (Java 17) | `java -Xss256m -Xmx<limit>m` |
//! | Python 3 (2 where the judge offers it) | `.py` | a syntax check (`compile`) | `python3` (`python2`) |
//!
//! What each judge's toolchain is: [`super::judges`].
//! | JavaScript | `.js` | `node --check` | `node --max-old-space-size=<limit>` |
//!
//! A file is compiled from its bytes ([`Source::bytes`]), UTF-8 or not, as
//! the judges' compilers take it; what is read of it here (detection,
//! headers) is its lossy UTF-8 reading ([`Source::text`]).
//!
//! A LeetCode paste (only `class Solution`, `impl Solution`, or LeetCode's
//! C and JavaScript functions) is wrapped in a harness (`harness/` here
//! holds one per language, as source files) that reads the board literal on
//! stdin, calls the method with the paste's own prints sent to stderr (LeetCode
//! shows them apart from the answer), and prints the answer. The harness
//! comes after the pasted code, or includes the paste as it is (C, C++), so
//! a compiler's line numbers, and the lines it prints under them, are the
//! user's; a `main` of the paste's own (a local test) is set aside.

pub mod c;
pub mod choose;
pub mod cpp;
pub mod java;
pub mod javascript;
pub mod python;
pub mod rust;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

pub use super::text::{code_only, has_word, python_code_only, rust_code_only};

/// What a user's file is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Reads stdin, writes stdout: Lanqiao and the online-judge family.
    Program,
    /// A LeetCode paste, called through the harness.
    LeetCode(Method),
}

/// The LeetCode method a paste defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// LeetCode 36: `isValidSudoku`.
    IsValidSudoku,
    /// LeetCode 37: `solveSudoku`.
    SolveSudoku,
}

impl Method {
    /// The problem key.
    pub fn problem(self) -> &'static str {
        match self {
            Method::IsValidSudoku => "lc36",
            Method::SolveSudoku => "lc37",
        }
    }

    /// LeetCode's camel-case name.
    pub fn camel(self) -> &'static str {
        match self {
            Method::IsValidSudoku => "isValidSudoku",
            Method::SolveSudoku => "solveSudoku",
        }
    }

    /// LeetCode's snake-case name (its Rust).
    pub fn snake(self) -> &'static str {
        match self {
            Method::IsValidSudoku => "is_valid_sudoku",
            Method::SolveSudoku => "solve_sudoku",
        }
    }
}

/// What the language makes of one file: written, compiled, then run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Files written into the build folder (name, contents).
    pub files: Vec<(String, Vec<u8>)>,
    /// Commands run in the build folder, in order (a compiler, a syntax check).
    pub compile: Vec<Vec<OsString>>,
    /// Files the compile must leave there (a binary).
    pub outputs: Vec<String>,
    /// The command inside the sandbox: `/box/…` is the build folder,
    /// `{memory_mb}` the memory limit.
    pub run: Vec<String>,
    /// Host folders the run needs beside the system's (an interpreter's prefix).
    pub binds: Vec<PathBuf>,
    /// Said under the table (a `package` line dropped, say).
    pub notes: Vec<String>,
    /// Other files the build reads (a C++ file's local headers): part of
    /// the cache key, so editing one rebuilds.
    pub depends: Vec<PathBuf>,
    /// A staged file's name and the user's, for the compiler's messages
    /// (Java's file must carry its class's name).
    pub aliases: Vec<(String, String)>,
    /// Host folders the build reads beside the system's (a judge's crates).
    pub build_binds: Vec<PathBuf>,
    /// The run reserves a large address range up front (AddressSanitizer's
    /// shadow memory): the sandbox then limits resident memory only.
    pub reserves_address_space: bool,
    /// A header the staged file begins with, compiled once for the
    /// toolchain and these flags and kept in the cache.
    pub precompiled: Option<Precompiled>,
}

/// A header precompiled (clang's `-include-pch`): the same text and flags
/// build the same program with it or without, only faster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Precompiled {
    /// The header's text: the staged file's first lines.
    pub text: &'static str,
    /// The command that compiles it read from stdin: the build's own flags,
    /// then `-x c++-header - -o` (the output's name follows).
    pub compile: Vec<OsString>,
}

/// The file, as a language sees it.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// Its bytes, as the compiler takes them (UTF-8 or not).
    pub bytes: &'a [u8],
    /// Its text for reading (detection, local headers): the bytes decoded
    /// as UTF-8, a byte that is not UTF-8 read as U+FFFD.
    pub text: &'a str,
    /// Its path.
    pub path: &'a Path,
    /// Its file name, as messages name it.
    pub name: &'a str,
}

/// What a build also depends on, beyond the file.
#[derive(Clone, Debug)]
pub struct Options<'a> {
    /// Rust's `--edition`.
    pub edition: &'a str,
    /// The compiler or interpreter, as found.
    pub toolchain: &'a Toolchain,
    /// Java: the class name the problem's judge requires of a stdin program
    /// (`Main`), or `None` where any public class is taken.
    pub java_main: Option<&'a str>,
    /// The problem's judge: its standard, defines, headers, sanitizers.
    pub profile: &'static crate::judge::judges::Profile,
    /// Rust: the judge's crates, built (`--extern` and `-L` arguments).
    pub crates: Option<&'a crate::judge::crates::Built>,
}

/// A compiler or interpreter as found on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toolchain {
    /// The program that compiles (or, for a script, runs).
    pub program: PathBuf,
    /// Its version, as it says it (part of the build cache's key).
    pub version: String,
    /// Folders outside the system's that it needs, read-only (an
    /// interpreter's prefix under a home folder, a compiler's sysroot).
    pub prefix: Vec<PathBuf>,
}

/// Where a toolchain is asked about itself: a proxy picks its toolchain
/// by files in the folder it runs in and every folder above (rustup's
/// `rust-toolchain.toml`, pyenv's `.python-version`), and the judge's own
/// folder may be one another user can write (`/tmp`), so the question is
/// asked from the root, which only root may write.
#[cfg(unix)]
pub const NEUTRAL_DIR: &str = "/";

/// See the Unix one: the system drive's root.
#[cfg(not(unix))]
pub const NEUTRAL_DIR: &str = "\\";

/// Runs `program args…` in [`NEUTRAL_DIR`] and returns its stdout (and
/// stderr), or why not.
pub fn ask(program: &Path, args: &[&str]) -> Result<String, std::io::Error> {
    let out = std::process::Command::new(program)
        .args(args)
        .current_dir(NEUTRAL_DIR)
        .stdin(std::process::Stdio::null())
        .output()?;
    if !out.status.success() {
        return Err(std::io::Error::other(format!(
            "`{} {}` failed: {}",
            program.display(),
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
}

/// The folders a compiler at `program` is installed in, outside the
/// system's (`~/gcc-13/bin/g++`: `~/gcc-13`, whose `lib/` and `libexec/`
/// it runs), for the build's sandbox to bind: the install prefix of the
/// path as given and of the file it links to (a `g++` on a `PATH` folder
/// of links); none for a bare name or a compiler under `/usr`.
pub fn install_prefix(program: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = Vec::new();
    let real = std::fs::canonicalize(program).ok();
    for path in std::iter::once(program.to_path_buf()).chain(real) {
        if !path.is_absolute() {
            continue;
        }
        let Some(dir) = path.parent() else { continue };
        let prefix = match (dir.file_name(), dir.parent()) {
            (Some(name), Some(up)) if name == "bin" && up.parent().is_some() => up,
            _ => dir,
        };
        if let Some(p) = outside_system(prefix.to_path_buf()) {
            if !found.contains(&p) {
                found.push(p);
            }
        }
    }
    found
}

/// `path` unless it lies under a folder every sandbox already sees.
pub fn outside_system(path: PathBuf) -> Option<PathBuf> {
    let system = ["/usr", "/etc", "/opt", "/bin", "/lib", "/lib64", "/sbin"];
    (!system.iter().any(|s| path.starts_with(s))).then_some(path)
}

/// Where `path` (a `PATH` value) finds the first of `names`. A name that
/// holds a folder is taken as it is; where programs end in `.exe` (Windows)
/// each name is tried with `exts` too, as the shell does.
pub fn find_on(path: Option<&std::ffi::OsStr>, names: &[&str], exts: &[&str]) -> Option<PathBuf> {
    let dirs: Vec<PathBuf> = path
        .map(|p| std::env::split_paths(p).collect())
        .unwrap_or_default();
    for name in names {
        if Path::new(name).components().count() > 1 {
            return Some(PathBuf::from(name));
        }
        for dir in &dirs {
            let plain = dir.join(name);
            if plain.is_file() {
                return Some(plain);
            }
            for ext in exts {
                let with = dir.join(format!("{name}{ext}"));
                if with.is_file() {
                    return Some(with);
                }
            }
        }
    }
    None
}

/// The languages whose files the trace follows through a copy of the file
/// that reports its writes (on Unix), LeetCode 37 solutions and stdin
/// programs alike; Python and JavaScript it follows through a harness,
/// LeetCode 37 solutions only.
pub const COPY_TRACED: [&str; 4] = ["C", "C++", "Java", "Rust"];

/// What an executable's name may end in here, besides nothing.
pub const EXE_SUFFIXES: &[&str] = if cfg!(windows) {
    &[".exe", ".cmd", ".bat"]
} else {
    &[]
};

/// `tool` as this machine's `PATH` finds it.
pub fn which(tool: &Path) -> Option<PathBuf> {
    let name = tool.to_str()?;
    find_on(std::env::var_os("PATH").as_deref(), &[name], EXE_SUFFIXES)
}

/// The language's tool as this machine has it: the first of `tool` and its
/// other names on `PATH`, or `tool` itself when none is (the message then
/// names what to install).
pub fn tool_for(language: &Language) -> PathBuf {
    let names: Vec<&str> = std::iter::once(language.tool)
        .chain(language.also.iter().copied())
        .collect();
    find_on(std::env::var_os("PATH").as_deref(), &names, EXE_SUFFIXES)
        .unwrap_or_else(|| PathBuf::from(language.tool))
}

/// One language the judge can build and run.
#[derive(Debug)]
pub struct Language {
    /// Its name in messages.
    pub name: &'static str,
    /// File extensions, without the dot.
    pub extensions: &'static [&'static str],
    /// The program that must be installed (found on `PATH`): the judges' own.
    pub tool: &'static str,
    /// Other names the same tool goes by on some systems (`clang++` on a
    /// Mac, `python` and the `py` launcher on Windows), tried after `tool`.
    pub also: &'static [&'static str],
    /// What to install when `tool` is missing.
    pub install: &'static str,
    /// False for runtimes that reserve a large address range up front (a
    /// JVM, V8): the sandbox then limits resident memory only.
    pub address_space: bool,
    /// The LeetCode method the source defines inside LeetCode's own frame
    /// (`class Solution`, `impl Solution`, a top-level function), if any.
    pub leetcode: fn(&str) -> Vec<Method>,
    /// LeetCode's method in a class of another name (`class SudokuSolver`
    /// with `solveSudoku`), for the languages whose frame is a class.
    pub other_class: fn(&str) -> Option<OtherClass>,
    /// Whether the source reads stdin (a program, not only a local test).
    pub reads_stdin: fn(&str) -> bool,
    /// Finds the tool (`tool`, or the path given) and its version.
    pub toolchain: fn(&Path) -> Result<Toolchain, std::io::Error>,
    /// The build plan.
    pub plan: fn(&Source<'_>, Entry, &Options<'_>) -> Result<Plan, String>,
    /// What a crash says, from stderr: the error and the user's own frame.
    pub crash: fn(&str, &str) -> Option<String>,
    /// LeetCode's frame for a method in this language, for the `judged
    /// as` line: `class Solution with solveSudoku`, `a function solveSudoku`.
    pub frame: fn(Method) -> String,
    /// The flag that names this language's compiler (`--cxx PATH`), its
    /// name in `--compiler LANG=PATH`'s table and, upper-cased, its
    /// environment variable's (`SUDOKU_CXX`): see [`choose`].
    pub flag: &'static str,
}

/// Every language, in `--help` order.
pub static LANGUAGES: [&Language; 6] = [
    &rust::RUST,
    &cpp::CPP,
    &c::C,
    &java::JAVA,
    &python::PYTHON,
    &javascript::JAVASCRIPT,
];

/// LeetCode's method in a class not named `Solution`: LeetCode's problem
/// still, but LeetCode calls `new Solution()`, so it cannot build there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherClass {
    /// The method.
    pub method: Method,
    /// The class that holds it.
    pub class: String,
    /// The line of `class NAME`.
    pub line: usize,
}

impl OtherClass {
    /// The `judged as` frame: `class SudokuSolver with solveSudoku, not Solution`.
    pub fn frame(&self) -> String {
        format!(
            "class {} with {}, not class Solution",
            self.class,
            self.method.camel()
        )
    }

    /// The compile error a file named `shown` gets.
    pub fn compile_error(&self, shown: &str) -> String {
        format!(
            "{shown}:{}: LeetCode calls `new Solution().{}(board)`, and the method is in `class {}`: rename the class to `Solution`",
            self.line,
            self.method.camel(),
            self.class
        )
    }
}

/// The class (`class NAME` or `struct NAME`, the last one before it) that
/// holds LeetCode's method, when it is not `Solution`; `None` where a
/// `Solution` class holds it or no class does.
pub fn other_class(text: &str, struct_too: bool) -> Option<OtherClass> {
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    // Both names: LeetCode 37's, whose solvers often have a helper named
    // `isValidSudoku` (a LeetCode 36 solution has no use for a solver).
    let method = *methods_named(text, "isValidSudoku", "solveSudoku").last()?;
    let (at, _) = text.match_indices(method.camel()).find(|(at, _)| {
        let after = text[at + method.camel().len()..].trim_start();
        after.starts_with('(') && !text[..*at].ends_with(is_name)
    })?;
    let before = &text[..at];
    let keywords: &[&str] = if struct_too {
        &["class", "struct"]
    } else {
        &["class"]
    };
    let (start, class) = keywords
        .iter()
        .filter_map(|k| {
            let found = before.match_indices(k).filter(|(i, _)| {
                !before[..*i].ends_with(is_name)
                    && before[i + k.len()..].starts_with(char::is_whitespace)
            });
            found.last().map(|(i, _)| {
                let name: String = before[i + k.len()..]
                    .trim_start()
                    .chars()
                    .take_while(|c| is_name(*c))
                    .collect();
                (i, name)
            })
        })
        .max_by_key(|(i, _)| *i)?;
    (!class.is_empty() && class != "Solution").then(|| OtherClass {
        method,
        class,
        line: before[..start].matches('\n').count() + 1,
    })
}

/// LeetCode's frame in the languages that wrap the method in a class.
pub fn class_frame(m: Method) -> String {
    format!("class Solution with {}", m.camel())
}

/// LeetCode's frame in the languages where the method is a top-level function.
pub fn function_frame(m: Method) -> String {
    format!("a function {}", m.camel())
}

/// The language of `path`, by extension.
pub fn of(path: &Path) -> Option<&'static Language> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    LANGUAGES
        .iter()
        .copied()
        .find(|l| l.extensions.contains(&ext.as_str()))
}

/// Languages the judges offer and this judge does not run, by extension:
/// a file in one is said so, not refused as an unknown extension.
const NOT_RUN: [(&str, &str); 18] = [
    ("ts", "TypeScript"),
    ("go", "Go"),
    ("cs", "C#"),
    ("kt", "Kotlin"),
    ("swift", "Swift"),
    ("dart", "Dart"),
    ("rb", "Ruby"),
    ("php", "PHP"),
    ("scala", "Scala"),
    ("hs", "Haskell"),
    ("ex", "Elixir"),
    ("erl", "Erlang"),
    ("rkt", "Racket"),
    ("lua", "Lua"),
    ("pas", "Pascal"),
    ("ml", "OCaml"),
    ("jl", "Julia"),
    ("d", "D"),
];

/// Why `path` is not judged, where its extension names a language this
/// judge does not run: `TypeScript is not a language this judge runs (it
/// runs Rust, C++, …)`.
pub fn not_run(path: &Path) -> Option<String> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    let (_, name) = NOT_RUN.iter().find(|(e, _)| *e == ext)?;
    let runs: Vec<&str> = LANGUAGES.iter().map(|l| l.name).collect();
    Some(format!(
        "{name} is not a language this judge runs (it runs {}: {})",
        runs.join(", "),
        extensions()
    ))
}

/// The known extensions, for messages: `.rs, .cpp, …`.
pub fn extensions() -> String {
    LANGUAGES
        .iter()
        .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The text without a UTF-8 byte-order mark.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The bytes without a UTF-8 byte-order mark.
pub fn bytes_without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes)
}

/// The part of a LeetCode plugin's file that the plugin submits: the lines
/// between the JetBrains leetcode-editor plugin's `leetcode submit region
/// begin(…)` and `… end(…)` comments, or between the `@lc code=start` and
/// `@lc code=end` comments of vsc-leetcode-cli (VS Code's LeetCode
/// extension). The file with every other line blanked (so each line keeps
/// its number, in errors and `--lines`), and the first and last line kept
/// (from 1); `None` for a file without both marks in that order.
pub fn submit_region(bytes: &[u8]) -> Option<(Vec<u8>, usize, usize)> {
    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    let comment = |line: &[u8]| -> Option<String> {
        let text = String::from_utf8_lossy(line);
        let text = text.trim_start_matches('\u{feff}').trim();
        let body = text
            .strip_prefix("//")
            .or_else(|| text.strip_prefix('#'))?
            .trim();
        Some(body.to_ascii_lowercase())
    };
    let marks = [
        ("leetcode submit region begin", "leetcode submit region end"),
        ("@lc code=start", "@lc code=end"),
    ];
    marks.iter().find_map(|(begin, end)| {
        let first = lines
            .iter()
            .position(|l| comment(l).is_some_and(|c| c.starts_with(begin)))?;
        let last = first
            + 1
            + lines[first + 1..]
                .iter()
                .position(|l| comment(l).is_some_and(|c| c.starts_with(end)))?;
        let kept: Vec<&[u8]> = lines
            .iter()
            .enumerate()
            .map(|(i, &l)| if i > first && i < last { l } else { &b""[..] })
            .collect();
        Some((kept.join(&b'\n'), first + 2, last))
    })
}

/// What LeetCode is given of a file where that is less than the file: a
/// plugin's submit region, else a Java `class Solution` inside an outer
/// class (not a stdin program's), the lines around blanked so each keeps
/// its number; with the note that says so. `None`: the file as it is.
pub fn as_submitted(bytes: &[u8], language: &Language) -> Option<(Vec<u8>, String)> {
    if let Some((kept, first, last)) = submit_region(bytes) {
        let note = format!(
            "lines {first}-{last}: the LeetCode plugin's submit region, judged alone as the plugin submits it (the lines around it are blanked, so each line keeps its number)"
        );
        return Some((kept, note));
    }
    if language.flag != "java" {
        return None;
    }
    let (kept, first, last, outer) = java::nested_solution(bytes)?;
    let stdin = (language.reads_stdin)(&String::from_utf8_lossy(bytes));
    let leetcode = !(language.leetcode)(&String::from_utf8_lossy(&kept)).is_empty();
    (!stdin && leetcode).then(|| {
        let note = format!(
            "lines {first}-{last}: `class Solution` inside `class {outer}`, judged alone as LeetCode takes the class (the `import` lines kept, the lines around them blanked, so each line keeps its number)"
        );
        (kept, note)
    })
}

/// Where the bytes stop being UTF-8, as `line L, column C`; `None` for
/// UTF-8 text.
pub fn not_utf8_at(bytes: &[u8]) -> Option<String> {
    let at = std::str::from_utf8(bytes).err()?.valid_up_to();
    let line_start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let column = String::from_utf8_lossy(&bytes[line_start..at])
        .chars()
        .count()
        + 1;
    Some(format!("line {line}, column {column}"))
}

/// The methods among `names` (LeetCode 36's, then 37's) that `text` holds
/// as whole words.
pub fn methods_named(text: &str, lc36: &str, lc37: &str) -> Vec<Method> {
    let mut found = Vec::new();
    if has_word(text, lc36) {
        found.push(Method::IsValidSudoku);
    }
    if has_word(text, lc37) {
        found.push(Method::SolveSudoku);
    }
    found
}

/// `text` as a C string literal: printable ASCII as itself (`\\`, `"`
/// and `?`, which could start a trigraph, escaped), every other byte an
/// octal escape of three digits, which no following digit extends. Rust's
/// `{:?}` writes `\u{200b}`, which C reads as a malformed universal name.
pub fn c_string_literal(text: &str) -> String {
    let mut out = String::from("\"");
    for &b in text.as_bytes() {
        match b {
            b'\\' | b'"' | b'?' => {
                out.push('\\');
                out.push(char::from(b));
            }
            0x20..=0x7e => out.push(char::from(b)),
            _ => out += &format!("\\{b:03o}"),
        }
    }
    out.push('"');
    out
}

/// A program's output with control characters escaped (a crash message may
/// hold anything), and the characters a terminal would not draw as
/// themselves (bidi controls, zero-width ones); tabs and line breaks kept.
pub fn printable(text: &str) -> String {
    let mut out = crate::judge::text::printable_lines(text);
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// The first error of a compiler's output, at most 12 lines: the build
/// folder's path dropped, staged file names replaced by the user's
/// (`aliases`), from the first error headline whose next line names the
/// user's file (rustc's `error[E0432]: …` above ` --> my.rs:1:5`), else the
/// first line naming it (`shown`), else the first error, without a
/// runtime's own frames.
pub fn first_error(
    output: &str,
    build_dir: &Path,
    aliases: &[(String, String)],
    shown: &str,
) -> String {
    let dir = format!("{}/", build_dir.display());
    let mut text = output.replace(&dir, "");
    for (staged, user) in aliases {
        text = text.replace(&format!("{staged}:"), &format!("{user}:"));
    }
    // A name holding a line break or an escape code is escaped where the
    // compiler wrote it, before lines are told apart: it cannot make a
    // line of its own or reach the terminal raw.
    let escaped = crate::judge::text::printable(shown);
    if escaped != shown {
        text = text.replace(shown, &escaped);
    }
    let shown = escaped.as_str();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("at ") || !l.contains("node:internal"))
        .filter(|l| !l.starts_with("Node.js v"))
        .collect();
    let errors_at = |i: usize| lines[i].contains("error") || lines[i].contains("Error");
    let start = lines
        .windows(2)
        .position(|w| w[0].starts_with("error") && w[1].contains(shown))
        .or_else(|| {
            // The first line naming the file; a note there (clang's
            // "passing argument to parameter here") comes after the error
            // it explains, which is then the start.
            let at = lines.iter().position(|l| l.contains(shown))?;
            Some(if lines[at].contains(": note:") {
                (0..at).find(|&i| errors_at(i)).unwrap_or(at)
            } else {
                at
            })
        })
        .or_else(|| (0..lines.len()).find(|&i| errors_at(i)))
        .unwrap_or(0);
    printable(
        lines[start..]
            .iter()
            .take(12)
            .copied()
            .collect::<Vec<_>>()
            .join("\n")
            .trim_end(),
    )
}

/// The last line of `stderr` that says something (not a runtime's sign-off
/// such as `Node.js v20`), for crashes no language reads better.
pub fn last_words(stderr: &str) -> Option<String> {
    stderr
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| {
            !l.is_empty()
                && !l.starts_with("Node.js v")
                && !l.starts_with("note: run with `RUST_BACKTRACE")
        })
        .map(printable)
}

#[cfg(test)]
mod tests {
    #[test]
    fn leetcodes_class_named_in_a_comment_is_not_leetcodes_frame() {
        use super::{cpp::CPP, java::JAVA, Method};
        let cpp = "// LeetCode 37 wants class Solution { void solveSudoku(...) }; this reads stdin\nint main() { int g[9][9]; /* struct Solution */ }\n";
        assert!((CPP.leetcode)(cpp).is_empty());
        let java = "/* class Solution { public void solveSudoku(char[][] b) } */\npublic class Main {\n  public static void main(String[] a) { String s = \"class Solution\"; new java.util.Scanner(System.in); }\n}\n";
        assert!((JAVA.leetcode)(java).is_empty());
        let real = "// the judge's class\nclass Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) {}\n};\n";
        assert_eq!((CPP.leetcode)(real), vec![Method::SolveSudoku]);
        assert_eq!(
            (JAVA.leetcode)("class Solution { public void solveSudoku(char[][] b) {} }"),
            vec![Method::SolveSudoku]
        );
    }

    #[test]
    fn a_plugins_submit_region_is_judged_alone_at_its_own_lines() {
        let jetbrains = b"package leetcode.editor.cn;\nimport java.util.*;\npublic class SudokuSolver {\n  //leetcode submit region begin(Prohibit modification and deletion)\nclass Solution {\n}\n//leetcode submit region end(Prohibit modification and deletion)\n  public static void main(String[] a) {}\n}\n";
        let (kept, first, last) = super::submit_region(jetbrains).unwrap();
        assert_eq!((first, last), (5, 6));
        assert_eq!(
            String::from_utf8(kept).unwrap(),
            "\n\n\n\nclass Solution {\n}\n\n\n\n"
        );
        let python = b"# @lc app=leetcode id=37 lang=python3\n# @lc code=start\nclass Solution:\n    pass\n# @lc code=end\n";
        let (kept, first, last) = super::submit_region(python).unwrap();
        assert_eq!((first, last), (3, 4));
        assert_eq!(
            String::from_utf8(kept).unwrap(),
            "\n\nclass Solution:\n    pass\n\n"
        );
        // One mark alone, the end before the begin, a mark in code: the whole file.
        assert!(super::submit_region(b"// @lc code=start\nclass Solution {};\n").is_none());
        assert!(super::submit_region(b"// @lc code=end\nx\n// @lc code=start\n").is_none());
        assert!(super::submit_region(b"s = '// @lc code=start'\n# @lc code=end\n").is_none());
    }

    use super::*;

    #[cfg(unix)] // Unix paths
    #[test]
    fn a_compiler_outside_the_system_folders_is_seen_with_its_install_prefix() {
        assert_eq!(
            install_prefix(Path::new("/home/me/gcc-13/bin/g++")),
            vec![PathBuf::from("/home/me/gcc-13")]
        );
        assert_eq!(
            install_prefix(Path::new("/home/me/tools/g++")),
            vec![PathBuf::from("/home/me/tools")]
        );
        assert!(install_prefix(Path::new("/usr/bin/g++")).is_empty());
        assert!(install_prefix(Path::new("g++")).is_empty());
    }

    #[test]
    fn a_tool_is_found_under_any_of_its_names_in_a_folder_with_spaces() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("Program Files").join("Python 3");
        std::fs::create_dir_all(&bin).unwrap();
        let empty = dir.path().join("empty");
        std::fs::create_dir_all(&empty).unwrap();
        std::fs::write(bin.join("py.exe"), b"").unwrap();
        std::fs::write(bin.join("python"), b"").unwrap();
        let path = std::env::join_paths([&empty, &bin]).unwrap();
        let names = ["python3", "python", "py"];
        // The first name found wins, in the names' order, not the folders'.
        assert_eq!(find_on(Some(&path), &names, &[]), Some(bin.join("python")));
        std::fs::remove_file(bin.join("python")).unwrap();
        assert_eq!(find_on(Some(&path), &names, &[]), None);
        assert_eq!(
            find_on(Some(&path), &names, &[".exe", ".cmd"]),
            Some(bin.join("py.exe"))
        );
        // A name with a folder is taken as it is; nothing on an empty PATH.
        assert_eq!(
            find_on(None, &["/opt/x/g++"], &[]),
            Some(PathBuf::from("/opt/x/g++"))
        );
        assert_eq!(find_on(None, &["g++"], &[]), None);
    }

    #[test]
    fn languages_by_extension() {
        assert_eq!(of(Path::new("a/b.rs")).unwrap().name, "Rust");
        assert_eq!(of(Path::new("x.CPP")).unwrap().name, "C++");
        assert_eq!(of(Path::new("x.c")).unwrap().name, "C");
        assert_eq!(of(Path::new("Main.java")).unwrap().name, "Java");
        assert!(of(Path::new("notes.txt")).is_none());
        let mut all: Vec<&str> = LANGUAGES
            .iter()
            .flat_map(|l| l.extensions.iter().copied())
            .collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(
            all.len(),
            LANGUAGES.iter().map(|l| l.extensions.len()).sum::<usize>()
        );
    }

    #[test]
    fn a_method_in_a_class_of_another_name_is_found_with_its_line() {
        let java = "import java.util.*;\n\npublic class SudokuSolver {\n    public void solveSudoku(char[][] board) {}\n}\n";
        assert_eq!(
            other_class(java, false),
            Some(OtherClass {
                method: Method::SolveSudoku,
                class: "SudokuSolver".into(),
                line: 3
            })
        );
        let helper = "public class SudokuSolverDFS {\n    public void solveSudoku(char[][] b) {}\n    private boolean isValidSudoku(char[][] b, int r, int c) { return true; }\n}\n";
        assert_eq!(
            other_class(helper, false).map(|o| o.method),
            Some(Method::SolveSudoku)
        );
        let cpp = "struct Board {};\nclass Sudoku {\npublic:\n    void solveSudoku(vector<vector<char>>& b) {}\n};\n";
        assert_eq!(other_class(cpp, true).unwrap().class, "Sudoku");
        assert_eq!(
            other_class("class Solution {\n void solveSudoku(x) {}\n}", false),
            None
        );
        // A call, not a definition inside a class: nothing.
        assert_eq!(other_class("int main() { solveSudoku(b); }", true), None);
        // The word `class` in a comment names no class: the languages pass
        // their code without comments.
        let commented = "public class Sudoku {\n    // one class of puzzles\n    public void solveSudoku(char[][] b) {}\n}\n";
        assert_eq!(
            (java::JAVA.other_class)(commented).map(|o| o.class),
            Some("Sudoku".into())
        );
        assert_eq!(
            (cpp::CPP.other_class)(&commented.replace("public ", "")).map(|o| o.class),
            Some("Sudoku".into())
        );
    }

    #[test]
    fn rust_and_python_code_is_read_apart_from_comments_and_strings() {
        let rust = "// impl Solution\nfn f<'a>(x: &'a str) -> char { let c = '\\''; /* a /* nested */ solve_sudoku */ r#\"impl \"Solution\"#; 'x' }\nfn main() {}\n";
        let code = rust_code_only(rust);
        assert_eq!(code.lines().count(), rust.lines().count());
        assert!(
            !code.contains("Solution") && !code.contains("solve_sudoku"),
            "{code}"
        );
        assert!(
            code.contains("fn f<'a>(x: &'a str) -> char") && code.contains("fn main() {}"),
            "{code}"
        );
        let python = "# class Solution: solveSudoku\ns = '#'  # a\nt = \"\"\"class Solution:\n    def solveSudoku\"\"\"\nprint(s, t)\n";
        let code = python_code_only(python);
        assert_eq!(code.lines().count(), python.lines().count());
        assert!(
            !code.contains("Solution") && !code.contains("solveSudoku"),
            "{code}"
        );
        assert!(
            code.contains("print(s, t)") && code.contains("s = ' '"),
            "{code}"
        );
        // A stdin program that names LeetCode's frame in a comment is not
        // taken for a LeetCode paste.
        let stdin_rs = "// LeetCode 37: impl Solution { pub fn solve_sudoku(board: &mut Vec<Vec<char>>) }\nuse std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); }\n";
        assert!((super::rust::RUST.leetcode)(stdin_rs).is_empty());
        let stdin_py =
            "# class Solution: def solveSudoku(self, board)\nimport sys\nprint(sys.stdin.read())\n";
        assert!((super::python::PYTHON.leetcode)(stdin_py).is_empty());
        let paste_py = "class Solution:\n    def solveSudoku(self, board):\n        pass\n";
        assert!(!(super::python::PYTHON.leetcode)(paste_py).is_empty());
    }

    #[test]
    fn comments_and_strings_are_blanked_lines_kept() {
        let code = "int a; // gets the index\nchar *s = \"scanf(\\\"x\\\")\"; /* cin >>\n x */ int b;\nchar q = '\"';";
        let blanked = code_only(code);
        assert_eq!(blanked.lines().count(), code.lines().count());
        assert!(
            !blanked.contains("gets") && !blanked.contains("scanf") && !blanked.contains("cin")
        );
        assert!(
            blanked.contains("int a;") && blanked.contains("int b;") && blanked.contains("char q")
        );
    }

    #[test]
    fn words_are_whole() {
        assert!(has_word("void solveSudoku(", "solveSudoku"));
        assert!(!has_word("void solveSudokuHelper(", "solveSudoku"));
        assert!(!has_word("mysolveSudoku", "solveSudoku"));
    }

    #[test]
    fn a_rustc_error_keeps_its_headline_and_skips_warnings_before_it() {
        let rustc = "warning: unused variable: `x`\n --> c.rs:3:9\n  |\n3 |     let x = 1;\n  |         ^\n\nerror[E0432]: unresolved import `proconio`\n --> c.rs:1:5\n  |\n1 | use proconio::input;\n  |     ^^^^^^^^ use of unresolved module or unlinked crate `proconio`\n";
        let shown = first_error(rustc, Path::new("/b"), &[], "c.rs");
        assert!(
            shown.starts_with("error[E0432]: unresolved import `proconio`\n --> c.rs:1:5"),
            "{shown}"
        );
        let gcc = "/b/a.cpp: In function 'int main()':\n/b/a.cpp:2:5: error: 'x' was not declared in this scope\n";
        assert!(first_error(gcc, Path::new("/b"), &[], "a.cpp").starts_with("a.cpp: In function"));
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("a\u{1b}[31mb\tc"), "a\\u{1b}[31mb\tc");
        assert_eq!(
            last_words("boom\n\nNode.js v20.1.0\n").as_deref(),
            Some("boom")
        );
    }
}
