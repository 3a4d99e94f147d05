//! Your own file, in the language you write: one table from extension to
//! the commands that check, build and run it, and the harness that makes a
//! LeetCode paste (only `class Solution`) a program reading the judge's
//! case on stdin, as LeetCode's own wrapper does.
//!
//! | language | file | build | run |
//! |---|---|---|---|
//! | Rust | `.rs` | `rustc -O --edition 2021` (2018 with `--edition 2018`) | the binary |
//! | C++ | `.cpp`, `.cc` | `g++ -O2 -std=c++17` | the binary |
//! | Java | `.java` | `javac` (Java 17) | `java -Xss256m` |
//! | Python 3 | `.py` | a syntax check (`compile`) | `python3` |
//! | JavaScript | `.js` | `node --check` | `node` |
//!
//! Line numbers in a compiler's message are the user's: the harness comes
//! after the pasted code (Rust, Java, Python, JavaScript), or a `#line 1`
//! directive resets them (C++); Python and JavaScript run the file through
//! `compile(…, path)` / `vm.runInThisContext(…, {filename})`, so a runtime
//! error names the user's file and line too.
//!
//! Builds are cached by a hash of the language, the harness and the source
//! under `$XDG_CACHE_HOME/sudoku-workspace` (else `~/.cache/…`), so judging
//! an unchanged file again does not rebuild it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One language the judge can build and run.
#[derive(Debug)]
pub struct Language {
    /// Its name in messages.
    pub name: &'static str,
    /// File extensions, without the dot.
    pub extensions: &'static [&'static str],
    /// The program that must be installed, and what to install if it is not.
    pub tool: &'static str,
    /// What to install when `tool` is missing.
    pub install: &'static str,
    /// False for runtimes that reserve a large address range up front (the
    /// JVM): the sandbox then limits resident memory only.
    pub address_space: bool,
}

/// Every language, in `--help` order.
pub static LANGUAGES: [Language; 5] = [
    Language {
        name: "Rust",
        extensions: &["rs"],
        tool: "rustc",
        install: "the Rust toolchain (https://rustup.rs)",
        address_space: true,
    },
    Language {
        name: "C++",
        extensions: &["cpp", "cc", "cxx"],
        tool: "g++",
        install: "g++ (Debian/Ubuntu: apt-get install g++)",
        address_space: true,
    },
    Language {
        name: "Java",
        extensions: &["java"],
        tool: "javac",
        install: "a JDK 17 (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless)",
        address_space: false,
    },
    Language {
        name: "Python 3",
        extensions: &["py"],
        tool: "python3",
        install: "Python 3 (Debian/Ubuntu: apt-get install python3)",
        address_space: true,
    },
    Language {
        name: "JavaScript",
        extensions: &["js"],
        tool: "node",
        install: "Node.js (Debian/Ubuntu: apt-get install nodejs)",
        address_space: false,
    },
];

/// The language of `path`, by extension.
pub fn of(path: &Path) -> Option<&'static Language> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    LANGUAGES
        .iter()
        .find(|l| l.extensions.contains(&ext.as_str()))
}

/// What a file is for: a LeetCode paste, wrapped in a harness, or a stdin
/// program, run as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// LeetCode 36: `is_valid_sudoku` / `isValidSudoku`.
    ValidSudoku,
    /// LeetCode 37: `solve_sudoku` / `solveSudoku`.
    SolveSudoku,
    /// Reads stdin, writes stdout (Lanqiao and the online-judge family).
    Program,
}

impl Kind {
    /// The kind a source is, from the names LeetCode gives its methods.
    pub fn detect(source: &str) -> Kind {
        // A program with its own entry point reads stdin, whatever helper
        // names it uses (a stdin solver often has a `solve_sudoku`).
        let has_main = ["fn main", "int main", "static void main", "__main__"]
            .iter()
            .any(|m| source.contains(m));
        if has_main {
            Kind::Program
        } else if source.contains("is_valid_sudoku") || source.contains("isValidSudoku") {
            Kind::ValidSudoku
        } else if source.contains("solve_sudoku") || source.contains("solveSudoku") {
            Kind::SolveSudoku
        } else {
            Kind::Program
        }
    }
}

/// A built file: the command that runs it.
#[derive(Clone, Debug)]
pub struct Built {
    /// The program.
    pub program: OsString,
    /// Its arguments.
    pub args: Vec<OsString>,
}

/// Why a file could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// The compiler rejected it: its first error, in the user's line numbers.
    Compile(String),
    /// The language's tool is not installed.
    Missing(String),
    /// Something else (the cache directory, a file).
    Io(String),
}

/// FNV-1a, 64 bits: a hash that is the same on every machine and release,
/// for naming cache folders.
fn fnv(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in *part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h ^= 0xff; // parts never run together
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Where builds are cached.
pub fn cache_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("SUDOKU_CACHE_DIR") {
        return PathBuf::from(dir);
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(|| {
            // No home: a folder of this user's own under the temp dir, not a
            // shared one another user could plant a build in.
            // SAFETY: getuid has no preconditions and cannot fail.
            let uid = unsafe { libc::getuid() };
            std::env::temp_dir().join(format!("sudoku-workspace-{uid}"))
        });
    base.join("sudoku-workspace")
}

/// The harness that turns a LeetCode paste into a program: reads the board
/// literal `[["5","3",…],…]` from stdin, calls the method, prints `true` /
/// `false` or the board as the same literal. `(prefix, suffix)` around the
/// user's code; the prefix never adds a line (C++ resets with `#line`).
fn harness(lang: &Language, kind: Kind, shown: &str, source: &str) -> (String, String) {
    let lc36 = kind == Kind::ValidSudoku;
    // A file that declares the struct itself (pasted from a local project)
    // must not get a second one.
    let declare = if source.contains("struct Solution") {
        ""
    } else {
        "struct Solution;\n\n"
    };
    match lang.name {
        "Rust" => {
            let call = if lc36 {
                "println!(\"{}\", Solution::is_valid_sudoku(board));"
            } else {
                "Solution::solve_sudoku(&mut board);\n    let rows: Vec<String> = board.iter().map(|r| format!(\"[{}]\", r.iter().map(|c| format!(\"\\\"{c}\\\"\")).collect::<Vec<_>>().join(\",\"))).collect();\n    println!(\"[{}]\", rows.join(\",\"));"
            };
            (
                String::new(),
                format!(
                    "\n\n{declare}#[allow(unused_mut)]\nfn main() {{\n    let mut text = String::new();\n    std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).unwrap();\n    let cells: Vec<char> = text.split('\"').skip(1).step_by(2).filter_map(|s| s.chars().next()).collect();\n    let mut board: Vec<Vec<char>> = cells.chunks(9).map(|r| r.to_vec()).collect();\n    {call}\n}}\n"
                ),
            )
        }
        "C++" => {
            let call = if lc36 {
                "cout << (sol.isValidSudoku(b) ? \"true\" : \"false\") << \"\\n\";"
            } else {
                "sol.solveSudoku(b);\n  cout << \"[\";\n  for (int r = 0; r < 9; r++) {\n    cout << (r ? \",[\" : \"[\");\n    for (int c = 0; c < 9; c++) cout << (c ? \",\" : \"\") << '\"' << b[r][c] << '\"';\n    cout << \"]\";\n  }\n  cout << \"]\\n\";"
            };
            (
                format!(
                    "#include <bits/stdc++.h>\nusing namespace std;\n#line 1 \"{}\"\n",
                    shown.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', " ")
                ),
                format!(
                    "\n#line 1 \"sudoku-judge-harness.cpp\"\nint main() {{\n  string s((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());\n  vector<vector<char>> b(9, vector<char>(9, '.'));\n  int k = 0;\n  for (size_t i = 0; i + 2 < s.size() && k < 81; i++)\n    if (s[i] == '\"' && s[i + 2] == '\"') {{ b[k / 9][k % 9] = s[i + 1]; k++; i += 2; }}\n  Solution sol;\n  {call}\n}}\n"
                ),
            )
        }
        "Java" => {
            let call = if lc36 {
                "System.out.println(new Solution().isValidSudoku(b));"
            } else {
                "new Solution().solveSudoku(b);\n    StringBuilder out = new StringBuilder(\"[\");\n    for (int r = 0; r < 9; r++) {\n      out.append(r > 0 ? \",[\" : \"[\");\n      for (int c = 0; c < 9; c++) out.append(c > 0 ? \",\" : \"\").append('\"').append(b[r][c]).append('\"');\n      out.append(']');\n    }\n    System.out.println(out.append(']'));"
            };
            (
                // On the paste's first line: LeetCode's Java imports these.
                "import java.util.*; ".to_string(),
                format!(
                    "\n\nclass Main {{\n  public static void main(String[] args) throws Exception {{\n    String s = new String(System.in.readAllBytes());\n    char[][] b = new char[9][9];\n    int k = 0;\n    for (int i = 0; i + 2 < s.length() && k < 81; i++)\n      if (s.charAt(i) == '\"' && s.charAt(i + 2) == '\"') {{ b[k / 9][k % 9] = s.charAt(i + 1); k++; i += 2; }}\n    {call}\n  }}\n}}\n"
                ),
            )
        }
        _ => (String::new(), String::new()),
    }
}

/// Python and JavaScript: a separate runner that loads the user's file under
/// its own name, so messages carry the user's line numbers.
fn script_runner(lang: &Language, kind: Kind, user: &Path) -> String {
    let lc36 = kind == Kind::ValidSudoku;
    let path = user
        .display()
        .to_string()
        .replace('\\', "\\\\")
        .replace('"', "\\\"");
    match lang.name {
        "Python 3" => {
            let call = if lc36 {
                "print('true' if Solution().isValidSudoku(board) else 'false')"
            } else {
                "Solution().solveSudoku(board)\nprint('[' + ','.join('[' + ','.join('\"%s\"' % c for c in row) + ']' for row in board) + ']')"
            };
            format!(
                "import sys, collections, math, heapq, itertools, functools, bisect\nfrom typing import *\nfrom collections import *\nsys.setrecursionlimit(100000)\nPATH = \"{path}\"\nexec(compile(open(PATH).read(), PATH, 'exec'))\ntext = sys.stdin.read()\ncells = [p[0] for p in text.split('\"')[1::2] if p]\nboard = [cells[r * 9:r * 9 + 9] for r in range(9)]\n{call}\n"
            )
        }
        _ => {
            let call = if lc36 {
                "console.log(isValidSudoku(board) ? 'true' : 'false');"
            } else {
                "solveSudoku(board);\nconsole.log('[' + board.map(r => '[' + r.map(c => '\"' + c + '\"').join(',') + ']').join(',') + ']');"
            };
            format!(
                "const fs = require('fs');\nconst vm = require('vm');\nconst PATH = \"{path}\";\nvm.runInThisContext(fs.readFileSync(PATH, 'utf8'), {{ filename: PATH }});\nconst text = fs.readFileSync(0, 'utf8');\nconst cells = text.split('\"').filter((_, i) => i % 2 === 1).map(p => p[0]);\nconst board = [];\nfor (let r = 0; r < 9; r++) board.push(cells.slice(r * 9, r * 9 + 9));\n{call}\n"
            )
        }
    }
}

/// The first error of a compiler's output, at most 12 lines, with the build
/// folder's file names replaced by the user's.
fn first_error(output: &str, build_names: &[&str], shown: &str) -> String {
    let mut text = output.to_string();
    for name in build_names {
        text = text.replace(name, shown);
    }
    let lines: Vec<&str> = text.lines().collect();
    // Python's traceback starts in the checker; the user's part starts at
    // the line naming their file.
    let start = lines
        .iter()
        .position(|l| l.contains(&format!("File \"{shown}\"")))
        .or_else(|| lines.iter().position(|l| l.contains("error")))
        .unwrap_or(0);
    lines[start..]
        .iter()
        .take(12)
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

fn tool_present(tool: &str) -> bool {
    !matches!(
        Command::new(tool).arg("--version").output(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound
    )
}

/// The public class of a Java stdin program (its file must carry that name).
fn java_class(source: &str) -> Option<String> {
    // `public [final|abstract|strictfp]* class NAME`
    for (at, _) in source.match_indices("public ") {
        let mut words = source[at + "public ".len()..].split_whitespace();
        let mut word = words.next()?;
        while matches!(word, "final" | "abstract" | "strictfp") {
            word = words.next()?;
        }
        if word != "class" {
            continue;
        }
        let name: String = words
            .next()?
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            return Some(name);
        }
    }
    None
}

/// Builds `path` (a `kind` file in `lang`) into the cache, or finds it there.
/// `rust_edition` is Rust's `--edition`.
pub fn build(
    lang: &'static Language,
    kind: Kind,
    path: &Path,
    rust_edition: &str,
) -> Result<Built, BuildError> {
    let source = std::fs::read_to_string(path)
        .map_err(|e| BuildError::Io(format!("{}: {e}", path.display())))?;
    if !tool_present(lang.tool) {
        return Err(BuildError::Missing(format!(
            "{} files need `{}`, which is not installed here: install {}",
            lang.name, lang.tool, lang.install
        )));
    }
    let shown = path.display().to_string();
    let absolute = std::fs::canonicalize(path)
        .map_err(|e| BuildError::Io(format!("{}: {e}", path.display())))?;
    let (prefix, suffix) = match kind {
        Kind::Program => (String::new(), String::new()),
        _ => harness(lang, kind, &shown, &source),
    };
    let runner = match (lang.name, kind) {
        ("Python 3" | "JavaScript", Kind::ValidSudoku | Kind::SolveSudoku) => {
            script_runner(lang, kind, &absolute)
        }
        _ => String::new(),
    };
    let key = fnv(&[
        lang.name.as_bytes(),
        format!("{kind:?}").as_bytes(),
        rust_edition.as_bytes(),
        prefix.as_bytes(),
        suffix.as_bytes(),
        runner.as_bytes(),
        source.as_bytes(),
        absolute.to_string_lossy().as_bytes(),
    ]);
    let dir = cache_root().join(format!("{key:016x}"));
    let io = |e: std::io::Error| BuildError::Io(format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(&dir).map_err(io)?;
    let wrapped = format!("{prefix}{source}{suffix}");
    let built = |program: PathBuf, args: Vec<OsString>| Built {
        program: program.into_os_string(),
        args,
    };
    let compile = |cmd: &mut Command, names: &[&str]| -> Result<(), BuildError> {
        let out = cmd
            .output()
            .map_err(|e| BuildError::Io(format!("{}: {e}", lang.tool)))?;
        if out.status.success() {
            Ok(())
        } else {
            let text = String::from_utf8_lossy(&out.stderr).into_owned()
                + &String::from_utf8_lossy(&out.stdout);
            Err(BuildError::Compile(first_error(&text, names, &shown)))
        }
    };
    let done = dir.join("built");
    match lang.name {
        "Rust" | "C++" => {
            let binary = dir.join("main");
            if !done.exists() {
                let src = dir.join(if lang.name == "Rust" {
                    "main.rs"
                } else {
                    "main.cpp"
                });
                std::fs::write(&src, &wrapped).map_err(io)?;
                let src_name = src.display().to_string();
                if lang.name == "Rust" {
                    compile(
                        Command::new("rustc")
                            .args([
                                "-O",
                                "--edition",
                                rust_edition,
                                "--crate-name",
                                "solution",
                                "-o",
                            ])
                            .arg(&binary)
                            .arg(&src),
                        &[&src_name],
                    )?;
                } else {
                    compile(
                        Command::new("g++")
                            .args(["-O2", "-std=c++17", "-o"])
                            .arg(&binary)
                            .arg(&src),
                        &[&src_name],
                    )?;
                }
                std::fs::write(&done, "").map_err(io)?;
            }
            Ok(built(binary, Vec::new()))
        }
        "Java" => {
            let class = match kind {
                Kind::Program => java_class(&source).unwrap_or_else(|| "Main".to_string()),
                _ => "Main".to_string(),
            };
            // javac wants a public class in a file of its name: a paste with
            // `public class Solution` is compiled as Solution.java, the
            // harness's Main beside it.
            let file = match (kind, java_class(&source)) {
                (Kind::ValidSudoku | Kind::SolveSudoku, Some(public)) => public,
                _ => class.clone(),
            };
            if !done.exists() {
                let src = dir.join(format!("{file}.java"));
                std::fs::write(&src, &wrapped).map_err(io)?;
                let src_name = src.display().to_string();
                compile(
                    Command::new("javac")
                        .arg("-encoding")
                        .arg("UTF-8")
                        .arg("-d")
                        .arg(&dir)
                        .arg(&src),
                    &[&src_name],
                )?;
                std::fs::write(&done, "").map_err(io)?;
            }
            Ok(built(
                PathBuf::from("java"),
                vec![
                    "-Xss256m".into(),
                    "-XX:+UseSerialGC".into(),
                    "-cp".into(),
                    dir.into_os_string(),
                    class.into(),
                ],
            ))
        }
        _ => {
            // Python, JavaScript: a syntax check stands for the build.
            let check = if lang.name == "Python 3" {
                Command::new("python3")
                    .arg("-c")
                    .arg("import sys; compile(open(sys.argv[1]).read(), sys.argv[1], 'exec')")
                    .arg(&absolute)
                    .output()
            } else {
                Command::new("node").arg("--check").arg(&absolute).output()
            };
            let out = check.map_err(|e| BuildError::Io(format!("{}: {e}", lang.tool)))?;
            if !out.status.success() {
                let text = String::from_utf8_lossy(&out.stderr).into_owned();
                let absolute_name = absolute.display().to_string();
                return Err(BuildError::Compile(first_error(
                    &text,
                    &[&absolute_name],
                    &shown,
                )));
            }
            let script = match kind {
                Kind::Program => absolute.clone(),
                _ => {
                    let script = dir.join(if lang.name == "Python 3" {
                        "run.py"
                    } else {
                        "run.js"
                    });
                    std::fs::write(&script, &runner).map_err(io)?;
                    script
                }
            };
            Ok(built(
                PathBuf::from(lang.tool),
                vec![script.into_os_string()],
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_by_extension_and_kinds_by_method_names() {
        assert_eq!(of(Path::new("a/b.rs")).unwrap().name, "Rust");
        assert_eq!(of(Path::new("x.CPP")).unwrap().name, "C++");
        assert_eq!(of(Path::new("Main.java")).unwrap().name, "Java");
        assert!(of(Path::new("notes.txt")).is_none());
        assert_eq!(Kind::detect("pub fn is_valid_sudoku("), Kind::ValidSudoku);
        assert_eq!(
            Kind::detect("var solveSudoku = function"),
            Kind::SolveSudoku
        );
        assert_eq!(Kind::detect("int main() {}"), Kind::Program);
        assert_eq!(java_class("public class Lanqiao {"), Some("Lanqiao".into()));
        assert_eq!(java_class("public final class P{"), Some("P".into()));
        assert_eq!(java_class("public static void x() {}"), None);
        // A stdin program with a `solveSudoku` helper is still a program.
        assert_eq!(
            Kind::detect("def solveSudoku(g): pass\nif __name__ == '__main__': pass"),
            Kind::Program
        );
    }

    #[test]
    fn the_cache_key_changes_with_any_part() {
        assert_ne!(fnv(&[b"ab", b"c"]), fnv(&[b"a", b"bc"]));
        assert_eq!(fnv(&[b"x"]), fnv(&[b"x"]));
    }
}
