//! Which compiler or interpreter builds a file, and why, said in the
//! header: the one the user named (`--cxx PATH`, `--compiler c++=PATH`,
//! `SUDOKU_CXX`, one flag and variable per language), else the judge's own
//! where this machine has it (LeetCode builds C++ with clang 19: the newest
//! `clang++` 18 or later on `PATH`, a versioned name such as `clang++-19`
//! included), else the language's tool as `PATH` finds it.

use super::{find_on, Language, EXE_SUFFIXES};
use crate::judge::judges::{Judge, Profile};
use std::path::{Path, PathBuf};

/// A compiler the user named for one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The language's flag ([`Language::flag`]): `cxx`, `rustc`, ….
    pub flag: &'static str,
    /// The program: a path, or a name looked up on `PATH`.
    pub path: PathBuf,
    /// Where it was named, for the header: `--cxx`, `--compiler c++=…`.
    pub by: String,
}

/// The compiler chosen for a file, and the header's reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// The program (a path, or the bare tool name when nothing is installed:
    /// the error then names what to install).
    pub program: PathBuf,
    /// Why this one.
    pub why: String,
}

/// `--compiler LANG=PATH`'s names of each language's flag.
const LANGUAGE_NAMES: [(&str, &str); 11] = [
    ("rust", "rustc"),
    ("rustc", "rustc"),
    ("c++", "cxx"),
    ("cpp", "cxx"),
    ("cxx", "cxx"),
    ("c", "cc"),
    ("cc", "cc"),
    ("java", "java"),
    ("python", "python"),
    ("js", "node"),
    ("node", "node"),
];

/// `LANG=PATH` (`--compiler`) read: the language's flag and the path; or a
/// message naming the languages it takes.
pub fn parse_compiler(arg: &str) -> Result<(&'static str, PathBuf), String> {
    let known = "rust, c++ (or cpp), c, java, python, js (or node)";
    let (lang, path) = arg
        .split_once('=')
        .ok_or_else(|| format!("`{arg}`: expected LANG=PATH, LANG one of {known}"))?;
    let lang = lang.trim().to_ascii_lowercase();
    let flag = LANGUAGE_NAMES
        .iter()
        .find(|(name, _)| *name == lang)
        .map(|(_, flag)| *flag)
        .ok_or_else(|| format!("`{lang}` in `{arg}` is no language here: one of {known}"))?;
    if path.is_empty() {
        return Err(format!("`{arg}`: no PATH after `=`"));
    }
    Ok((flag, PathBuf::from(path)))
}

/// The environment variable that names `flag`'s compiler: `SUDOKU_CXX`.
pub fn env_var(flag: &str) -> String {
    format!("SUDOKU_{}", flag.to_ascii_uppercase())
}

/// The oldest clang that builds what LeetCode's clang 19 does of C++23
/// (the explicit object parameter, `this auto&& self`).
pub const LEETCODE_CLANG: u32 = 18;

/// The compiler for a file of `language` judged by `profile`'s judge.
pub fn choose(language: &Language, profile: &Profile, named: &[Named]) -> Chosen {
    if let Some(n) = named.iter().find(|n| n.flag == language.flag) {
        return Chosen {
            program: n.path.clone(),
            why: format!("named by {}", n.by),
        };
    }
    let default = default_tool(language);
    if language.flag == "cxx" && profile.judge == Judge::LeetCode {
        let path = std::env::var_os("PATH");
        if let Some((program, major)) = newest_clang(path.as_deref(), LEETCODE_CLANG) {
            let shown = program
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            return Chosen {
                program,
                why: format!(
                    "LeetCode builds C++ with {}: {shown} (clang {major}) is the newest clang {LEETCODE_CLANG} or later on PATH",
                    profile.cpp_compiler()
                ),
            };
        }
        return Chosen {
            why: format!(
                "LeetCode builds C++ with {}, and there is no clang {LEETCODE_CLANG} or later on PATH ({}; or name one with --cxx PATH): {}",
                profile.cpp_compiler(),
                clang_install_hint(),
                default.why
            ),
            ..default
        };
    }
    default
}

/// The language's tool as `PATH` finds it: the first of its names.
pub fn default_tool(language: &Language) -> Chosen {
    let names: Vec<&str> = std::iter::once(language.tool)
        .chain(language.also.iter().copied())
        .collect();
    let found = find_on(std::env::var_os("PATH").as_deref(), &names, EXE_SUFFIXES);
    let list = if names.len() == 1 {
        format!("`{}`", names[0])
    } else {
        format!("the first of {} on PATH", names.join(", "))
    };
    match found {
        Some(program) => Chosen {
            why: if names.len() == 1 {
                format!("{list} on PATH")
            } else {
                list
            },
            program,
        },
        None => Chosen {
            program: PathBuf::from(language.tool),
            why: format!("{list}: none found"),
        },
    }
}

/// How to get a clang new enough for LeetCode's C++ here.
pub fn clang_install_hint() -> &'static str {
    if cfg!(target_os = "macos") {
        "Homebrew: brew install llvm"
    } else if cfg!(windows) {
        "LLVM's installer, llvm.org"
    } else {
        "Debian/Ubuntu: apt-get install clang-19"
    }
}

/// The newest `clang++` of major version `min` or later on `path`: a
/// versioned name (`clang++-19`) or a plain `clang++` whose `--version`
/// says its major; the program and its major.
pub fn newest_clang(path: Option<&std::ffi::OsStr>, min: u32) -> Option<(PathBuf, u32)> {
    let dirs: Vec<PathBuf> = path
        .map(|p| std::env::split_paths(p).collect())
        .unwrap_or_default();
    let mut best: Option<(PathBuf, u32)> = None;
    let mut consider = |program: PathBuf, major: u32| {
        if major >= min && best.as_ref().is_none_or(|(_, b)| major > *b) {
            best = Some((program, major));
        }
    };
    for dir in &dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut names: Vec<(String, PathBuf)> = entries
            .filter_map(|e| e.ok())
            .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
            .collect();
        names.sort();
        for (name, program) in names {
            let stem = EXE_SUFFIXES
                .iter()
                .find_map(|s| name.strip_suffix(s))
                .unwrap_or(&name);
            if let Some(major) = stem
                .strip_prefix("clang++-")
                .and_then(|v| v.parse::<u32>().ok())
            {
                consider(program, major);
            }
        }
    }
    if let Some(plain) = find_on(path, &["clang++"], EXE_SUFFIXES) {
        if let Some(major) = clang_major(&plain) {
            consider(plain, major);
        }
    }
    best
}

/// The major version `program --version` says (`clang version 19.1.7`).
fn clang_major(program: &Path) -> Option<u32> {
    let said = super::ask(program, &["--version"]).ok()?;
    major_of(&said)
}

/// The major of `… clang version 19.1.7 …`; Apple's numbers are not
/// LLVM's, so Apple's clang is not taken.
fn major_of(version: &str) -> Option<u32> {
    let line = version.lines().next()?;
    if line.contains("Apple") {
        return None;
    }
    let (_, rest) = line.split_once("clang version ")?;
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiler_flags_are_read_and_bad_ones_named() {
        assert_eq!(
            parse_compiler("c++=/usr/bin/clang++-19"),
            Ok(("cxx", PathBuf::from("/usr/bin/clang++-19")))
        );
        assert_eq!(parse_compiler("Python=py3"), Ok(("python", "py3".into())));
        let bad = parse_compiler("fortran=gfortran").unwrap_err();
        assert!(bad.contains("`fortran`") && bad.contains("c++"), "{bad}");
        assert!(parse_compiler("c++").unwrap_err().contains("LANG=PATH"));
        assert!(parse_compiler("c++=").unwrap_err().contains("no PATH"));
        assert_eq!(env_var("cxx"), "SUDOKU_CXX");
    }

    #[test]
    fn the_newest_versioned_clang_at_or_above_the_floor_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        for (folder, name) in [(&a, "clang++-14"), (&a, "clang++-19"), (&b, "clang++-20")] {
            std::fs::write(folder.join(name), b"").unwrap();
        }
        std::fs::write(b.join("clang++-tidy"), b"").unwrap();
        let path = std::env::join_paths([&a, &b]).unwrap();
        assert_eq!(
            newest_clang(Some(&path), 18),
            Some((b.join("clang++-20"), 20))
        );
        let only_a = std::env::join_paths([&a]).unwrap();
        assert_eq!(
            newest_clang(Some(&only_a), 18),
            Some((a.join("clang++-19"), 19))
        );
        assert_eq!(newest_clang(Some(&only_a), 20), None);
        assert_eq!(
            major_of("Debian clang version 19.1.7 (3~deb12u1)\n"),
            Some(19)
        );
        assert_eq!(major_of("clang version 18.1.8\nTarget: x86_64"), Some(18));
        assert_eq!(major_of("Apple clang version 16.0.0 (clang-1600)"), None);
        assert_eq!(major_of("g++ (Debian 12.2.0-14) 12.2.0"), None);
    }
}
