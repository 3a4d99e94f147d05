//! C++: `g++ -O2` (or the compiler [`super::choose`] takes: LeetCode's
//! clang) with the problem's judge's `-std`, defines
//! (`ONLINE_JUDGE`), the headers its older library pulled in, and
//! AddressSanitizer where it builds with it (LeetCode), from the file's
//! bytes as they are (g++ takes comments in GBK or Latin-1). A
//! LeetCode paste (`class Solution`) is compiled as it is, included by a
//! file of the judge's that puts LeetCode's headers before it and the
//! harness after it, so the compiler's line numbers and the source lines
//! it prints are the user's own.

use super::{methods_named, Entry, Language, Method, Options, Plan, Source, Toolchain};
use std::path::Path;

pub static CPP: Language = Language {
    name: "C++",
    extensions: &["cpp", "cc", "cxx"],
    tool: "g++",
    also: &["clang++"],
    install: "g++ or clang++ (Debian/Ubuntu: apt-get install g++; macOS: xcode-select --install; Windows: MSYS2's mingw-w64 g++, or LLVM's clang++)",
    address_space: true,
    // In code, not in a comment or a string (a stdin program's comment
    // may name LeetCode's class).
    leetcode: |text| {
        let code = super::code_only(text);
        if code.contains("class Solution") || code.contains("struct Solution") {
            methods_named(&code, "isValidSudoku", "solveSudoku")
        } else {
            Vec::new()
        }
    },
    other_class: |text| super::other_class(&super::code_only(text), true),
    reads_stdin,
    toolchain,
    plan,
    crash,
    frame: super::class_frame,
    flag: "cxx",
};

const HARNESS: &str = include_str!("harness/leetcode.cpp");

/// C and C++ read stdin the same ways, from a `main`: a file without one
/// is no program, whatever it mentions. `cin.tie(…)` and
/// `sync_with_stdio(…)`, LeetCode's usual speed-up before `class Solution`,
/// read nothing; nor does a word in a comment or a string.
pub fn reads_stdin(text: &str) -> bool {
    let text = &super::code_only(text);
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    let calls = |word: &str| {
        text.match_indices(word).any(|(at, _)| {
            !text[..at].ends_with(is_name) && text[at + word.len()..].trim_start().starts_with('(')
        })
    };
    let reads_cin = text.match_indices("cin").any(|(at, _)| {
        let after = &text[at + "cin".len()..];
        !text[..at].ends_with(is_name)
            && !after.starts_with(is_name)
            && !after.starts_with(".tie")
            && !after.starts_with(".sync_with_stdio")
    });
    calls("main")
        && (reads_cin
            || [
                "scanf", "getchar", "fgets", "fread", "getline", "gets", "read",
            ]
            .iter()
            .any(|w| calls(w)))
}

/// `--version`'s first line; the compiler's install folder where it is
/// outside the system's, for the build's sandbox to see.
pub fn toolchain(tool: &Path) -> Result<Toolchain, std::io::Error> {
    let version = super::ask(tool, &["--version"])?;
    Ok(Toolchain {
        program: tool.to_path_buf(),
        version: version.lines().next().unwrap_or("").to_string(),
        prefix: super::install_prefix(tool),
    })
}

/// `-iquote .`: `#include "x.h"` from a header in a subfolder still finds
/// the headers beside the user's file, which the build copies into its
/// folder (the compiler's working directory) at the same relative paths.
pub fn beside(_source: &Source<'_>) -> Vec<std::ffi::OsString> {
    vec!["-iquote".into(), ".".into()]
}

/// The largest local header followed (and hashed into the cache key).
pub const HEADER_CAP: u64 = 4 << 20;

/// The most a build takes of local headers in all: each is copied into
/// the build folder and held in the judge's memory while it is.
pub const HEADERS_TOTAL_CAP: u64 = 16 << 20;

/// The headers `#include "…"` names, looked up as the compiler does (the
/// including file's folder, then the user's folder, which `-iquote .` is in the build),
/// and theirs in turn (system headers come with the compiler's version).
/// An `#include` of a macro cannot be followed without preprocessing: it
/// brings in every header-like file of the user's folder instead, so an
/// edit there still rebuilds.
pub fn local_headers(source: &Source<'_>) -> Vec<std::path::PathBuf> {
    let home = source
        .path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let mut found: Vec<std::path::PathBuf> = Vec::new();
    let mut todo = vec![(source.path.to_path_buf(), source.text.to_string())];
    // Past HEADERS_TOTAL_CAP read, a header is listed unread, and the build
    // refuses the lot by its size.
    let mut total = 0;
    let mut follow = |header: std::path::PathBuf,
                      found: &mut Vec<std::path::PathBuf>,
                      todo: &mut Vec<(std::path::PathBuf, String)>| {
        if found.len() < 256 && !found.contains(&header) {
            // A link is listed unread: the build refuses it by name.
            if crate::judge::secure::is_link(&header) || total > HEADERS_TOTAL_CAP {
                found.push(header);
                return;
            }
            let read = crate::judge::secure::read_named(&header, HEADER_CAP);
            if let Ok(text) = read.map(|b| String::from_utf8_lossy(&b).into_owned()) {
                total += text.len() as u64;
                found.push(header.clone());
                todo.push((header, text));
            }
        }
    };
    while let Some((file, text)) = todo.pop() {
        let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
        for line in text.lines() {
            let rest = line.trim_start();
            let Some(rest) = rest.strip_prefix('#') else {
                continue;
            };
            let Some(operand) = rest.trim_start().strip_prefix("include") else {
                continue;
            };
            let operand = operand.trim_start();
            if operand.starts_with('<') {
                continue;
            }
            let Some(name) = operand.strip_prefix('"').and_then(|r| r.split('"').next()) else {
                for header in header_like_files(&home) {
                    follow(header, &mut found, &mut todo);
                }
                continue;
            };
            let header = [&dir, &home]
                .into_iter()
                .map(|d| d.join(name))
                .find(|h| is_header_file(h));
            if let Some(header) = header {
                follow(header, &mut found, &mut todo);
            }
        }
    }
    found.sort();
    found
}

/// A regular file of a sane size (not `/dev/zero`, which the compiler
/// itself is left to choke on, under its limits), or a link (which the
/// build refuses by name).
fn is_header_file(path: &Path) -> bool {
    crate::judge::secure::is_link(path)
        || std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() <= HEADER_CAP)
}

/// What a header's name ends in.
const EXTENSIONS: [&str; 7] = ["h", "hh", "hpp", "hxx", "inc", "ipp", "tcc"];

/// Whether `path` is named as a header is (`x.h`, `x.hpp`, …): the only
/// files beside the user's that a build takes.
pub fn is_header_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.contains(&e))
}

/// The files of `dir` with a header's extension.
fn header_like_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| is_header_name(p) && is_header_file(p))
        .collect();
    files.sort();
    files
}

/// The file of the judge's that a LeetCode paste is compiled through.
pub const LEETCODE_MAIN: &str = "sudoku-judge-leetcode";

/// The name a LeetCode paste is staged under when `#include` cannot carry
/// its own (a `"`, a backslash, a byte outside printable ASCII).
const USER_FILE: &str = "sudoku-user-file";

/// What LeetCode's C++ puts before a paste.
const LEETCODE_PREFIX: &str =
    "#include <bits/stdc++.h>\n#include <unistd.h>\nusing namespace std;\n";

/// The user's file as it is and, for a LeetCode paste, the judge's file
/// that includes it between `prefix` (LeetCode's headers) and `harness`;
/// the name to compile.
pub fn staged(
    source: &Source<'_>,
    entry: Entry,
    prefix: &str,
    harness: &str,
    extension: &str,
) -> (Vec<(String, Vec<u8>)>, String) {
    let mut files = vec![(source.name.to_string(), source.bytes.to_vec())];
    match entry {
        Entry::Program => (files, source.name.to_string()),
        Entry::LeetCode(_) => {
            // `#include "NAME"` has no escapes: a name it cannot carry is
            // staged as one it can, whose `#line` names the file as it is.
            let carried = source
                .name
                .bytes()
                .all(|b| (0x20..=0x7e).contains(&b) && b != b'"' && b != b'\\');
            let mut included = source.name.to_string();
            if !carried {
                included = format!("{USER_FILE}.{extension}");
                let bom = source.bytes.starts_with(b"\xEF\xBB\xBF");
                let (head, rest) = source.bytes.split_at(if bom { 3 } else { 0 });
                let mut bytes = head.to_vec();
                bytes.extend(format!("#line 1 {}\n", super::c_string_literal(source.name)).bytes());
                bytes.extend_from_slice(rest);
                files[0] = (included.clone(), bytes);
            }
            let main = format!("{LEETCODE_MAIN}.{extension}");
            let text = format!(
                "{prefix}#define main sudoku_user_main\n#include \"{included}\"\n{harness}"
            );
            files.push((main.clone(), text.into_bytes()));
            (files, main)
        }
    }
}

fn plan(source: &Source<'_>, entry: Entry, opts: &Options<'_>) -> Result<Plan, String> {
    let profile = opts.profile;
    let mut compile = vec![
        opts.toolchain.program.clone().into_os_string(),
        "-O2".into(),
        profile.cpp_std.into(),
    ];
    compile.extend(judge_flags(profile));
    if profile.sanitize {
        // `-g`: the report names the user's function and line, not an address.
        compile.extend([
            "-g".into(),
            "-fsanitize=address".into(),
            "-fno-omit-frame-pointer".into(),
        ]);
    }
    if profile.returns_off_end {
        // clang returns from there as the judge did; g++ cannot, so a
        // function that falls off its end is an error here, which the
        // judge answers by building with clang (see `off_end`).
        compile.push(if is_clang(opts.toolchain) {
            "-fno-strict-return".into()
        } else {
            "-Werror=return-type".into()
        });
    }
    compile.extend(beside(source));
    // AtCoder's g++ finds the AtCoder Library; a copy here is bound read-only.
    let ac_library = (profile.judge == crate::judge::judges::Judge::AtCoder)
        .then(crate::judge::judges::ac_library)
        .flatten();
    if let Some(dir) = &ac_library {
        compile.extend(["-I".into(), dir.clone().into_os_string()]);
    }
    if entry == Entry::LeetCode(Method::IsValidSudoku) {
        compile.push("-DSUDOKU_LC36=1".into());
    }
    let (files, main) = staged(source, entry, LEETCODE_PREFIX, HARNESS, "cpp");
    // LeetCode's headers are the same for every paste: clang reads them
    // precompiled, built once into the cache.
    let precompiled = (entry != Entry::Program && is_clang(opts.toolchain)).then(|| {
        let mut command = compile.clone();
        command.extend(["-x", "c++-header", "-", "-o"].map(Into::into));
        super::Precompiled {
            text: LEETCODE_PREFIX,
            compile: command,
        }
    });
    compile.extend(["-o".into(), "main".into(), main.into()]);
    Ok(Plan {
        files,
        compile: vec![compile],
        outputs: vec!["main".into()],
        run: vec!["/box/main".into()],
        depends: local_headers(source),
        build_binds: ac_library.into_iter().collect(),
        reserves_address_space: profile.sanitize,
        precompiled,
        ..Plan::default()
    })
}

/// Whether the compiler is clang (its `--version` says so).
pub fn is_clang(toolchain: &Toolchain) -> bool {
    toolchain.version.contains("clang")
}

/// The compiler's words when g++ refused a function that falls off its end
/// (`-Werror=return-type`, on the judges whose compiler returns from there):
/// the error line, `file.cpp:29:1: error: control reaches end of non-void
/// function`.
pub fn off_end(error: &str) -> Option<&str> {
    error
        .lines()
        .find(|l| l.contains("[-Werror=return-type]"))
        .map(|l| l.trim_end_matches("[-Werror=return-type]").trim_end())
}

/// The judge's defines (`-DONLINE_JUDGE`) and the headers its older
/// library pulled in (`-include cstring`), for C and C++ alike.
pub fn judge_flags(profile: &crate::judge::judges::Profile) -> Vec<std::ffi::OsString> {
    let mut flags: Vec<std::ffi::OsString> = profile
        .defines
        .iter()
        .map(|d| format!("-D{d}").into())
        .collect();
    for header in profile.old_headers {
        flags.extend(["-include".into(), (*header).into()]);
    }
    flags
}

/// An uncaught exception (`terminate called after throwing …` and its
/// `what()`), or a failed `assert`.
pub fn crash(stderr: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    // AddressSanitizer (LeetCode's C++): the error and the user's frame.
    if let Some(i) = lines
        .iter()
        .position(|l| l.contains("ERROR: AddressSanitizer: "))
    {
        let error = &lines[i][lines[i].find("AddressSanitizer: ")?..];
        let error = error.split(" on address").next().unwrap_or(error);
        let frame = lines[i..]
            .iter()
            .map(|l| l.trim())
            .filter(|l| l.starts_with('#') && l.contains(name))
            .find_map(|l| {
                let (_, rest) = l.split_once(" in ")?;
                let (function, place) = rest.rsplit_once(' ')?;
                let place = place.rsplit('/').next().unwrap_or(place);
                Some(format!(" in {function} at {place}"))
            })
            .unwrap_or_default();
        return Some(super::printable(&format!("{error}{frame}")));
    }
    if let Some(i) = lines
        .iter()
        .position(|l| l.starts_with("terminate called after throwing"))
    {
        let what = lines
            .get(i + 1)
            .and_then(|l| l.trim().strip_prefix("what():"))
            .map(|w| format!(": {}", w.trim()))
            .unwrap_or_default();
        let kind = lines[i].split('\'').nth(1).unwrap_or("an exception");
        return Some(super::printable(&format!("uncaught {kind}{what}")));
    }
    lines
        .iter()
        .find(|l| l.contains("Assertion `"))
        .map(|l| super::printable(l.trim()))
}

/// An AddressSanitizer report whose frames are addresses (clang's, built
/// to symbolize nothing in the sandbox: `#0 0x55… (/box/main+0x11015a)`)
/// with each frame's function and line, read from `binary` (the build's,
/// at `/box/main` in the run) by the symbolizer beside `compiler`
/// (`llvm-symbolizer`), else on `PATH`, else `addr2line`; `None` when the
/// report has no such frame or no symbolizer answers.
pub fn symbolize(stderr: &str, binary: &Path, compiler: &Path) -> Option<String> {
    let offset = |line: &str| -> Option<String> {
        let rest = line.trim_start().strip_prefix('#')?;
        let at = rest.find("(/box/main+0x")?;
        let hex = &rest[at + "(/box/main+".len()..];
        Some(hex[..hex.find(')')?].to_string())
    };
    let offsets: Vec<String> = stderr.lines().filter_map(offset).collect();
    if offsets.is_empty() {
        return None;
    }
    let beside = std::fs::canonicalize(compiler)
        .ok()
        .and_then(|c| Some(c.parent()?.join("llvm-symbolizer")))
        .filter(|s| s.is_file());
    let answer = |program: &Path, args: Vec<std::ffi::OsString>| {
        let out = std::process::Command::new(program)
            .args(args)
            .args(&offsets)
            .current_dir(super::NEUTRAL_DIR)
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let llvm = |program: &Path| {
        let obj = format!("--obj={}", binary.display());
        let said = answer(program, vec![obj.into(), "--no-inlines".into()])?;
        // A function line and a place line per address, a blank line after.
        let pairs: Vec<(String, String)> = said
            .split("\n\n")
            .filter_map(|block| {
                let mut lines = block.lines().filter(|l| !l.is_empty());
                Some((lines.next()?.to_string(), lines.next()?.to_string()))
            })
            .collect();
        (pairs.len() == offsets.len()).then_some(pairs)
    };
    let pairs = beside
        .as_deref()
        .and_then(llvm)
        .or_else(|| llvm(Path::new("llvm-symbolizer")))
        .or_else(|| {
            let args = vec!["-f".into(), "-C".into(), "-e".into(), binary.into()];
            let said = answer(Path::new("addr2line"), args)?;
            let lines: Vec<&str> = said.lines().collect();
            let pairs: Vec<(String, String)> = lines
                .chunks(2)
                .filter(|c| c.len() == 2)
                .map(|c| (c[0].to_string(), c[1].to_string()))
                .collect();
            (pairs.len() == offsets.len()).then_some(pairs)
        })?;
    let mut pairs = pairs.into_iter();
    let lines: Vec<String> = stderr
        .lines()
        .map(|line| match (offset(line), line.find("(/box/main+")) {
            (Some(_), Some(at)) => {
                let (function, place) = pairs.next().unwrap_or_default();
                format!("{}in {function} {place}", &line[..at])
            }
            _ => line.to_string(),
        })
        .collect();
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_speed_up_or_a_main_that_reads_nothing_is_no_stdin_program() {
        let speed_up = "static const auto _ = []() { std::ios::sync_with_stdio(false); std::cin.tie(nullptr); return nullptr; }();\nclass Solution {};\n";
        assert!(!reads_stdin(speed_up));
        assert!(!reads_stdin("int main() { Solution().solveSudoku(b); }"));
        assert!(!reads_stdin("// no main: scanf(\"%d\", &x) in a comment"));
        // A LeetCode C file: no main; and the word in its comment reads nothing.
        assert!(!reads_stdin(
            "bool isValidSudoku(char** b, int n, int* m) { // gets numerical index\n return 1; }\nint main() { puts(\"gets\"); }"
        ));
        assert!(reads_stdin("int main() { int x; std::cin >> x; }"));
        assert!(reads_stdin(
            "int main(void) { char s[9]; scanf(\"%s\", s); }"
        ));
        assert!(reads_stdin(
            "int main() { string s; while (getline(cin, s)) {} }"
        ));
    }

    #[test]
    fn an_address_sanitizer_report_reads_as_error_and_frame() {
        let asan = "=================================================================\n==12==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602 at pc 0x5 bp 0x7 sp 0x7\nREAD of size 1 at 0x602 thread T0\n    #0 0x55 in Solution::dfs(std::vector<std::vector<char> >&, int) /b/lc37_oob.cpp:9\n    #1 0x56 in main /b/sudoku-judge-harness.cpp:20\n";
        assert_eq!(
            crash(asan, "lc37_oob.cpp").unwrap(),
            "AddressSanitizer: heap-buffer-overflow in Solution::dfs(std::vector<std::vector<char> >&, int) at lc37_oob.cpp:9"
        );
    }

    #[test]
    fn uncaught_exceptions_and_asserts() {
        let thrown = "terminate called after throwing an instance of 'std::out_of_range'\n  what():  vector::_M_range_check: __n (which is 9) >= this->size() (which is 9)\n";
        assert_eq!(
            crash(thrown, "a.cpp").unwrap(),
            "uncaught std::out_of_range: vector::_M_range_check: __n (which is 9) >= this->size() (which is 9)"
        );
        let assert = "main: a.cpp:12: int main(): Assertion `x < 9' failed.\n";
        assert_eq!(
            crash(assert, "a.cpp").unwrap(),
            "main: a.cpp:12: int main(): Assertion `x < 9' failed."
        );
    }
}
