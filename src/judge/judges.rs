//! The home judges, each a profile: how it builds C, C++, Java, Python and
//! Rust (standard, defines, headers its old library pulled in, sanitizers,
//! libraries), how it counts a JVM's memory, whether it answers PE for
//! whitespace, and what this machine lacks of it. Every line is cited in
//! `docs/judges.md`.
//!
//! A problem's judge is the first of its names (`poj 3074, acwing 166`:
//! POJ); LeetCode's two problems are LeetCode's, Lanqiao's is Lanqiao's.

use std::path::{Path, PathBuf};

use super::checker::Layout;
use super::problem::Problem;

/// The judges a problem of the workspace comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    /// leetcode.com.
    LeetCode,
    /// atcoder.jp.
    AtCoder,
    /// poj.org (OpenJudge).
    Poj,
    /// acm.hdu.edu.cn.
    Hdu,
    /// spoj.com.
    Spoj,
    /// luogu.com.cn.
    Luogu,
    /// codeforces.com.
    Codeforces,
    /// The Lanqiao (blue-bridge) contest.
    Lanqiao,
}

/// How a judge counts a Java program's memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JavaMemory {
    /// The whole JVM's resident size against the problem's limit.
    Whole,
    /// Only what the program holds above an idle JVM: the limit is raised
    /// by the JVM's baseline, measured here.
    AboveBaseline,
}

/// What a judge's toolchains are, as far as this machine can follow them.
#[derive(Debug)]
pub struct Profile {
    /// Which judge.
    pub judge: Judge,
    /// Its name in messages.
    pub name: &'static str,
    /// C++: the judge's compiler, as the header names it.
    pub cpp: &'static str,
    /// C++: the `-std=` this machine's g++ builds it with.
    pub cpp_std: &'static str,
    /// C: the `-std=`.
    pub c_std: &'static str,
    /// Macros the judge defines (`-D`).
    pub defines: &'static [&'static str],
    /// Headers the judge's older library pulled in with any other (so a
    /// file used `memset` or `atoi` without including them): `-include`d.
    pub old_headers: &'static [&'static str],
    /// C++ built with AddressSanitizer (an out-of-bounds read is RE).
    pub sanitize: bool,
    /// C++: the judge's compiler (g++ before 8, MSVC) returns from a
    /// function that falls off its end without `return`, where g++ 8 and
    /// later at `-O2` take that path as unreachable (a program that then
    /// runs on into other code: a false TLE or WA). Such a file is built
    /// with `clang++ -fno-strict-return`, which returns as the judge did.
    pub returns_off_end: bool,
    /// The judge offers Python 2 beside Python 3.
    pub python2: bool,
    /// How a JVM's memory counts.
    pub java: JavaMemory,
    /// Rust crates the judge installs beside std.
    pub rust_crates: Option<&'static super::crates::CrateSet>,
    /// Said after the Rust compiler's version, where the judge's differs.
    pub rust_note: Option<&'static str>,
    /// Rust's `--edition`, where `--edition` does not say.
    pub rust_edition: &'static str,
    /// How it weighs whitespace in a right answer: Presentation Error or not.
    pub layout: Layout,
}

impl Profile {
    /// The judge's C++ compiler without its standard and options: `clang 19`.
    pub fn cpp_compiler(&self) -> &'static str {
        self.cpp.split(',').next().unwrap_or(self.cpp)
    }
}

/// The headers older libstdc++ (g++ 4.x) pulled into every program through
/// `<iostream>` and the like, and `<cstdio>` with `gets`, which only
/// C++11 and before declare.
const OLD_HEADERS: &[&str] = &["cstdio", "cstdlib", "cstring"];

/// Every profile.
pub static PROFILES: [Profile; 8] = [
    Profile {
        judge: Judge::LeetCode,
        name: "LeetCode",
        cpp: "clang 19, C++23, AddressSanitizer",
        cpp_std: "-std=c++23",
        c_std: "-std=gnu11",
        defines: &[],
        old_headers: &[],
        sanitize: true,
        returns_off_end: false,
        python2: true,
        java: JavaMemory::Whole,
        rust_crates: Some(&super::crates::LEETCODE),
        rust_note: Some("LeetCode builds Rust at edition 2024 (so rustc 1.85 or later; its exact version is not published), with `rand` 0.8: a feature newer than LeetCode's rustc passes here (--rustc PATH checks with another)"),
        rust_edition: "2024",
        layout: Layout::Free,
    },
    Profile {
        judge: Judge::AtCoder,
        name: "AtCoder",
        cpp: "g++ 12.2, gnu++20",
        cpp_std: "-std=gnu++20",
        c_std: "-std=gnu11",
        defines: &["ONLINE_JUDGE", "ATCODER"],
        old_headers: &[],
        sanitize: false,
        returns_off_end: false,
        python2: false,
        java: JavaMemory::Whole,
        rust_crates: Some(&super::crates::ATCODER_2023),
        rust_note: None,
        rust_edition: "2021",
        layout: Layout::Free,
    },
    Profile {
        judge: Judge::Poj,
        name: "POJ",
        cpp: "MinGW g++ 4.4, gnu++98",
        cpp_std: "-std=gnu++98",
        c_std: "-std=gnu89",
        defines: &["ONLINE_JUDGE"],
        old_headers: OLD_HEADERS,
        sanitize: false,
        returns_off_end: true,
        python2: false,
        java: JavaMemory::AboveBaseline,
        rust_crates: None,
        rust_note: None,
        rust_edition: "2021",
        layout: Layout::Poj,
    },
    Profile {
        judge: Judge::Hdu,
        name: "HDU",
        cpp: "MinGW g++ 4.x, gnu++98",
        cpp_std: "-std=gnu++98",
        c_std: "-std=gnu89",
        defines: &["ONLINE_JUDGE"],
        old_headers: OLD_HEADERS,
        sanitize: false,
        returns_off_end: true,
        python2: false,
        java: JavaMemory::Whole,
        rust_crates: None,
        rust_note: None,
        rust_edition: "2021",
        layout: Layout::Hdu,
    },
    Profile {
        judge: Judge::Spoj,
        name: "SPOJ",
        cpp: "g++ 4.x (C++) or 8.3 (C++14)",
        cpp_std: "-std=gnu++14",
        c_std: "-std=gnu89",
        defines: &[],
        old_headers: OLD_HEADERS,
        sanitize: false,
        returns_off_end: false,
        python2: true,
        java: JavaMemory::Whole,
        rust_crates: None,
        rust_note: None,
        rust_edition: "2021",
        layout: Layout::Free,
    },
    Profile {
        judge: Judge::Luogu,
        name: "Luogu",
        cpp: "g++ (C++14 by default)",
        cpp_std: "-std=gnu++14",
        c_std: "-std=gnu99",
        defines: &[],
        old_headers: &[],
        sanitize: false,
        returns_off_end: false,
        python2: true,
        java: JavaMemory::Whole,
        rust_crates: None,
        rust_note: None,
        rust_edition: "2021",
        layout: Layout::Free,
    },
    Profile {
        judge: Judge::Codeforces,
        name: "Codeforces",
        cpp: "g++ (GNU G++17 and later)",
        cpp_std: "-std=gnu++17",
        c_std: "-std=gnu11",
        defines: &["ONLINE_JUDGE"],
        old_headers: &[],
        sanitize: false,
        returns_off_end: false,
        python2: true,
        java: JavaMemory::Whole,
        rust_crates: None,
        rust_note: None,
        rust_edition: "2021",
        layout: Layout::Free,
    },
    Profile {
        judge: Judge::Lanqiao,
        name: "Lanqiao",
        cpp: "g++, C++11",
        cpp_std: "-std=gnu++17",
        c_std: "-std=c11",
        defines: &[],
        old_headers: &[],
        sanitize: false,
        returns_off_end: false,
        python2: false,
        java: JavaMemory::Whole,
        rust_crates: None,
        rust_note: None,
        rust_edition: "2021",
        layout: Layout::Free,
    },
];

/// The profile of `judge`.
pub fn profile(judge: Judge) -> &'static Profile {
    PROFILES
        .iter()
        .find(|p| p.judge == judge)
        .expect("every judge has a profile")
}

/// The home judge of `problem`: LeetCode's, Lanqiao's, else the judge its
/// first name names.
pub fn of(problem: &Problem) -> &'static Profile {
    let judge = match problem.key {
        "lc36" | "lc37" => Judge::LeetCode,
        "lanqiao" => Judge::Lanqiao,
        _ => match problem.names.split_whitespace().next().unwrap_or("") {
            "atcoder" => Judge::AtCoder,
            "poj" | "openjudge" => Judge::Poj,
            "hdu" => Judge::Hdu,
            "spoj" => Judge::Spoj,
            "luogu" => Judge::Luogu,
            "codeforces" => Judge::Codeforces,
            _ => Judge::Lanqiao,
        },
    };
    profile(judge)
}

/// Java limits a judge states apart from the others' (HDU's `Memory Limit:
/// 65536/32768 K (Java/Others)`), by problem key: CPU ms, MB.
const JAVA_LIMITS: [(&str, u64, u64); 2] = [("hdu1426", 2000, 64), ("hdu4069", 4000, 64)];

/// The Java limits `problem`'s statement gives, where it gives its own.
pub fn java_limits(problem: &Problem) -> Option<(u64, u64)> {
    JAVA_LIMITS
        .iter()
        .find(|(key, _, _)| *key == problem.key)
        .map(|&(_, ms, mb)| (ms, mb))
}

/// A C++ feature newer than this machine's g++ 12, found in `text`: what
/// it needs and the line it is on. Checked only when a build failed, so a
/// file that builds is judged whatever it uses.
pub fn newer_cpp(text: &str) -> Option<(String, usize)> {
    const FEATURES: [(&str, &str); 9] = [
        (
            "this auto",
            "C++23's explicit object parameter (`this auto`): g++ 14 or clang 18",
        ),
        (
            "this const auto",
            "C++23's explicit object parameter (`this auto`): g++ 14 or clang 18",
        ),
        ("std::print", "C++23's <print>: g++ 14 or libc++ 18"),
        ("<print>", "C++23's <print>: g++ 14 or libc++ 18"),
        ("ranges::to", "C++23's std::ranges::to: g++ 14"),
        ("views::enumerate", "C++23's views::enumerate: g++ 13"),
        ("views::zip", "C++23's views::zip: g++ 13"),
        ("<generator>", "C++23's <generator>: g++ 14"),
        ("<flat_map>", "C++23's <flat_map>: g++ 15"),
    ];
    let code = super::text::code_only(text);
    FEATURES.iter().find_map(|(word, needs)| {
        // `<print>` lives in an #include line, which code_only keeps.
        let at = code.find(word).or_else(|| {
            word.starts_with('<')
                .then(|| text.find(&format!("#include {word}")))
                .flatten()
        })?;
        Some((
            needs.to_string(),
            code[..at.min(code.len())].matches('\n').count() + 1,
        ))
    })
}

/// What a judge's library is, and how to install it here, for the `not
/// judged here` line: the AtCoder Library, Boost, numpy (AtCoder's).
pub const LIBRARIES: [(&str, &str); 3] = [
    (
        "the AtCoder Library (AtCoder's -I/opt/ac-library)",
        "git clone https://github.com/atcoder/ac-library and give its folder, the one holding `atcoder/`, as SUDOKU_AC_LIBRARY",
    ),
    (
        "Boost (AtCoder's -I/opt/boost)",
        "Debian/Ubuntu: apt-get install libboost-dev",
    ),
    ("numpy, which AtCoder's Python has", "pip install numpy"),
];

/// A library the judge installs and this machine lacks, `#include`d or
/// imported by `text`: what, with how to install it, and on which line.
/// `python` is the interpreter the file runs under (numpy is asked of it).
pub fn missing_library(profile: &Profile, text: &str, python: &Path) -> Option<(String, usize)> {
    if profile.judge != Judge::AtCoder {
        return None;
    }
    text.lines().enumerate().find_map(|(i, line)| {
        let line = line.trim();
        let (needs, install) = if line.starts_with("#include")
            && line.contains("atcoder/")
            && ac_library().is_none()
        {
            LIBRARIES[0]
        } else if line.starts_with("#include")
            && line.contains("boost/")
            && !Path::new("/usr/include/boost").is_dir()
        {
            LIBRARIES[1]
        } else if (line.starts_with("import numpy") || line.starts_with("from numpy"))
            && !python_has(python, "numpy")
        {
            LIBRARIES[2]
        } else {
            return None;
        };
        Some((format!("{needs}; install: {install}"), i + 1))
    })
}

/// The AtCoder Library here: the folder holding `atcoder/`, from
/// `SUDOKU_AC_LIBRARY`, else AtCoder's own `/opt/ac-library`.
pub fn ac_library() -> Option<PathBuf> {
    std::env::var_os("SUDOKU_AC_LIBRARY")
        .map(PathBuf::from)
        .into_iter()
        .chain([PathBuf::from("/opt/ac-library")])
        .find(|dir| dir.join("atcoder").is_dir())
        .and_then(|dir| std::fs::canonicalize(dir).ok())
}

/// Whether `python` imports `module`.
fn python_has(python: &Path, module: &str) -> bool {
    std::process::Command::new(python)
        .args(["-c", &format!("import {module}")])
        .current_dir(super::language::NEUTRAL_DIR)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Python 2 in `text`, by what Python 3 lacks, else by LeetCode's Python
/// 2 templates (the `:type board:` / `:rtype:` docstring, or the older
/// `# @param` / `# @return` comments, where no method is annotated as
/// its Python 3 template's are): the mark and its line.
pub fn python2_marks(text: &str) -> Option<(&'static str, usize)> {
    python2_syntax(text).or_else(|| leetcode_python2_template(text))
}

/// LeetCode's Python 2 template, by its docstring or comments, in a file
/// whose `def` lines carry no annotation (`board: List[List[str]]`, `->`).
fn leetcode_python2_template(text: &str) -> Option<(&'static str, usize)> {
    let annotated = text.lines().any(|line| {
        let def = line.trim_start();
        def.starts_with("def ")
            && (def.contains("->")
                || def
                    .split_once('(')
                    .and_then(|(_, args)| args.split(')').next())
                    .is_some_and(|args| args.contains(':')))
    });
    if annotated {
        return None;
    }
    const MARKS: [&str; 4] = [":type ", ":rtype:", "# @param ", "# @return"];
    text.lines().enumerate().find_map(|(i, line)| {
        let trimmed = line.trim_start();
        MARKS
            .iter()
            .find(|&&mark| trimmed.starts_with(mark))
            .map(|&mark| (mark.trim_end(), i + 1))
    })
}

/// Python 2 by its syntax: what Python 3 lacks.
fn python2_syntax(text: &str) -> Option<(&'static str, usize)> {
    const MARKS: [&str; 6] = [
        "xrange(",
        "raw_input(",
        ".iteritems(",
        ".itervalues(",
        ".has_key(",
        "print ",
    ];
    text.lines().enumerate().find_map(|(i, line)| {
        let code = line.split('#').next().unwrap_or("");
        let trimmed = code.trim_start();
        MARKS.iter().find_map(|&mark| {
            let hit = if mark == "print " {
                trimmed.starts_with("print ")
                    && !trimmed["print ".len()..].trim_start().starts_with('(')
            } else {
                super::text::has_word(code, mark.trim_end_matches('(')) && code.contains(mark)
            };
            hit.then_some((mark.trim_end_matches(['(', ' ']), i + 1))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::problem::{by_key, PROBLEMS};

    #[test]
    fn every_problem_has_its_judge() {
        let judge = |key| of(by_key(key).unwrap()).judge;
        assert_eq!(judge("lc37"), Judge::LeetCode);
        assert_eq!(judge("lanqiao"), Judge::Lanqiao);
        assert_eq!(judge("poj3076"), Judge::Poj);
        assert_eq!(judge("hdu1426"), Judge::Hdu);
        assert_eq!(judge("abc327c"), Judge::AtCoder);
        assert_eq!(judge("cf1335d"), Judge::Codeforces);
        assert_eq!(judge("p1074"), Judge::Luogu);
        assert_eq!(judge("p1784"), Judge::Luogu);
        assert_eq!(judge("spoj_sudoku"), Judge::Spoj);
        // PE where the judge answers it, and only there.
        let layout = |key| of(by_key(key).unwrap()).layout;
        assert_eq!(layout("poj3076"), Layout::Poj);
        assert_eq!(layout("hdu4069"), Layout::Hdu);
        for key in [
            "lc37",
            "lanqiao",
            "abc327c",
            "cf1335d",
            "p1074",
            "spoj_sudoku",
        ] {
            assert_eq!(layout(key), Layout::Free, "{key}");
        }
        for p in &PROBLEMS {
            let _ = of(p);
        }
    }

    #[test]
    fn every_library_says_how_to_install_it() {
        for (needs, install) in LIBRARIES {
            assert!(
                install.contains("install") || install.contains("git clone"),
                "{needs}: {install}"
            );
        }
        assert_eq!(LIBRARIES[2].1, "pip install numpy");
    }

    #[test]
    fn newer_features_and_python_2_are_found_with_their_line() {
        let cpp = "#include <bits/stdc++.h>\n// this auto in a comment\nauto f = [](this auto&& self, int n) {};\n";
        let (needs, line) = newer_cpp(cpp).unwrap();
        assert!(needs.contains("explicit object parameter"), "{needs}");
        assert_eq!(line, 3);
        assert!(newer_cpp("int main() { return 0; }").is_none());
        assert_eq!(
            python2_marks("x = 1\nfor i in xrange(9):\n"),
            Some(("xrange", 2))
        );
        assert_eq!(python2_marks("print 'hi'\n"), Some(("print", 1)));
        // LeetCode's Python 2 templates, both generations; not its Python 3 one.
        let two = "class Solution(object):\n    def solveSudoku(self, board):\n        \"\"\"\n        :type board: List[List[str]]\n        :rtype: None\n        \"\"\"\n        i = 4 / 3\n";
        assert_eq!(python2_marks(two), Some((":type", 4)));
        let older = "class Solution:\n    # @param board, a 9x9 2D array\n    # @return nothing\n    def solveSudoku(self, board):\n        pass\n";
        assert_eq!(python2_marks(older), Some(("# @param", 2)));
        let three = "class Solution:\n    def solveSudoku(self, board: List[List[str]]) -> None:\n        \"\"\"\n        :type board: List[List[str]]\n        \"\"\"\n";
        assert_eq!(python2_marks(three), None);
        assert_eq!(python2_marks("print('hi')\n# xrange(3)\n"), None);
        assert_eq!(python2_marks("def myxrange(n): pass\n"), None);
    }
}
