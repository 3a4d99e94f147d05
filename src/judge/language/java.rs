//! Java: `javac -encoding UTF-8` (Java 17; for a file that is not UTF-8,
//! the encoding that reads it), run with `-Xss256m` and
//! the memory limit as `-Xmx`, as the judges run it. A stdin program's class is the judge's:
//! `public class Main` where the problem's judge requires that name. A
//! `package` line is dropped, with a note: judges compile the file alone.
//! A LeetCode paste is compiled beside the harness, with LeetCode's usual
//! imports put on its first line.

use super::{methods_named, Entry, Language, Method, Options, Plan, Source, Toolchain};
use std::path::Path;

pub static JAVA: Language = Language {
    name: "Java",
    extensions: &["java"],
    tool: "javac",
    also: &[],
    install: "a JDK 17 (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless; macOS and Windows: Eclipse Temurin 17)",
    address_space: false,
    // In code, not in a comment or a string.
    leetcode: |text| {
        let code = super::code_only(text);
        if code.contains("class Solution") {
            methods_named(&code, "isValidSudoku", "solveSudoku")
        } else {
            Vec::new()
        }
    },
    other_class: |text| super::other_class(&super::code_only(text), false),
    reads_stdin: |text| super::code_only(text).contains("System.in"),
    toolchain,
    plan,
    crash,
    frame: super::class_frame,
    flag: "java",
};

const HARNESS: &str = include_str!("harness/SudokuJudgeHarness.java");

/// The harness calling `method` by name, as LeetCode's driver does (a
/// boolean for LeetCode 36, the board for 37).
fn harness(method: Method) -> String {
    let call = match method {
        Method::IsValidSudoku => {
            "boolean valid = new Solution().isValidSudoku(b); answer = String.valueOf(valid);"
        }
        Method::SolveSudoku => "new Solution().solveSudoku(b); answer = board(b);",
    };
    HARNESS.replace("/*CALL*/", call)
}

/// The JDK's home (two folders above the real `javac`), its `java`, and the
/// version from its `release` file: no JVM is started to ask.
fn toolchain(tool: &Path) -> Result<Toolchain, std::io::Error> {
    let found = super::which(tool).ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("{} not found", tool.display()),
        )
    })?;
    let real = std::fs::canonicalize(&found)?;
    let home = real
        .parent()
        .and_then(Path::parent)
        .ok_or_else(|| std::io::Error::other(format!("{}: no JDK around it", real.display())))?;
    let release = std::fs::read_to_string(home.join("release")).unwrap_or_default();
    let version = release
        .lines()
        .find_map(|l| l.strip_prefix("JAVA_VERSION="))
        .map_or_else(
            || real.display().to_string(),
            |v| format!("Java {}", v.trim_matches('"')),
        );
    Ok(Toolchain {
        program: real.clone(),
        version,
        prefix: super::outside_system(home.to_path_buf())
            .into_iter()
            .collect(),
    })
}

/// The source with its `package` line blanked (line numbers kept), and the
/// note saying so; bytes in, bytes out, whatever their encoding.
fn without_package(bytes: &[u8]) -> (Vec<u8>, Option<String>) {
    let mut note = None;
    let lines: Vec<&[u8]> = bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, line)| {
            let t = String::from_utf8_lossy(line);
            let t = t.trim_start_matches('\u{feff}').trim();
            if note.is_none() && t.starts_with("package ") && t.ends_with(';') {
                note = Some(format!(
                    "line {}: `{t}` dropped: the judges compile the file without a package",
                    i + 1
                ));
                return &b""[..];
            }
            line
        })
        .collect();
    (lines.join(&b'\n'), note)
}

/// The `-encoding` javac reads the file with: UTF-8 when the bytes are
/// UTF-8; else GB18030 (GBK's superset) when they are GB18030, as javac on
/// Chinese Windows reads a file by default (POJ and HDU judge on Windows);
/// else ISO-8859-1, which maps every byte. javac 17 refuses a byte its
/// encoding cannot map, in a comment too (an error, not a warning), so the
/// encoding is the one that reads the file, and a note says which.
fn encoding(bytes: &[u8]) -> (&'static str, Option<String>) {
    if std::str::from_utf8(bytes).is_ok() {
        return ("UTF-8", None);
    }
    let (encoding, read_as) = if is_gb18030(bytes) {
        (
            "GB18030",
            "GBK/GB18030, as javac on Chinese Windows reads it",
        )
    } else {
        ("ISO-8859-1", "Latin-1, which maps every byte")
    };
    (
        encoding,
        Some(format!(
            "javac -encoding {encoding}: the file is not UTF-8 and reads as {read_as}; a judge that passes -encoding UTF-8 refuses such bytes, in comments too"
        )),
    )
}

/// Whether the bytes are GB18030 by its byte ranges: ASCII, two bytes
/// (81-FE, then 40-7E or 80-FE), or four (81-FE, 30-39, 81-FE, 30-39).
fn is_gb18030(bytes: &[u8]) -> bool {
    let lead = |b: u8| (0x81..=0xfe).contains(&b);
    let digit = |b: u8| b.is_ascii_digit();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i..] {
            [b, ..] if b < 0x80 => i += 1,
            [a, b, c, d, ..] if lead(a) && digit(b) && lead(c) && digit(d) => i += 4,
            [a, b, ..] if lead(a) && (0x40..=0xfe).contains(&b) && b != 0x7f => i += 2,
            _ => return false,
        }
    }
    true
}

/// A `class Solution` declared inside another class (an IDE's file: a
/// `package` line, an outer class with a `main`, no plugin marks) as
/// LeetCode takes it, the class alone: the file's `import` lines and the
/// class kept, its modifiers (`static`, `private`) and every other line
/// blanked, so each line keeps its number. The kept bytes, the class's
/// first and last lines (from 1) and the outer class's name; `None` where
/// `class Solution` is top-level or absent.
pub fn nested_solution(bytes: &[u8]) -> Option<(Vec<u8>, usize, usize, String)> {
    let text = String::from_utf8_lossy(bytes);
    // Char for char the file's text, comments and literals blanked.
    let code: Vec<char> = super::code_only(&text).chars().collect();
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let class_at = |i: usize| {
        code[i..].starts_with(&['c', 'l', 'a', 's', 's'])
            && (i == 0 || !is_name(code[i - 1]))
            && code.get(i + 5).is_some_and(|c| c.is_whitespace())
    };
    // The class each open brace belongs to (`None` for a method's, a block's).
    let mut open: Vec<Option<String>> = Vec::new();
    let mut pending = None;
    let mut found: Option<(usize, usize, String)> = None;
    let mut end = None;
    let mut i = 0;
    while i < code.len() {
        if class_at(i) {
            let name: String = code[i + 5..]
                .iter()
                .skip_while(|c| c.is_whitespace())
                .take_while(|&&c| is_name(c))
                .collect();
            if name == "Solution" && found.is_none() {
                let outer = open.iter().rev().find_map(Clone::clone)?;
                found = Some((i, open.len(), outer));
            }
            pending = Some(name);
            i += 5;
            continue;
        }
        match code[i] {
            '{' => open.push(pending.take()),
            '}' => {
                open.pop();
                if found
                    .as_ref()
                    .is_some_and(|(_, depth, _)| open.len() == *depth)
                {
                    end = Some(i);
                    break;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let (start, _, outer) = found?;
    let end = end?;
    let line_of = |at: usize| code[..at].iter().filter(|&&c| c == '\n').count();
    let column_of = |at: usize| {
        at - code[..at]
            .iter()
            .rposition(|&c| c == '\n')
            .map_or(0, |n| n + 1)
    };
    let (first, last) = (line_of(start), line_of(end));
    let kept: Vec<Vec<u8>> = bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(n, line)| {
            if n < first || n > last {
                let keep = n < first
                    && String::from_utf8_lossy(line)
                        .trim_start()
                        .starts_with("import ");
                return if keep { line.to_vec() } else { Vec::new() };
            }
            if n != first && n != last {
                return line.to_vec();
            }
            let mut chars: Vec<char> = String::from_utf8_lossy(line).chars().collect();
            if n == last {
                chars.truncate(column_of(end) + 1);
            }
            if n == first {
                for c in chars.iter_mut().take(column_of(start)) {
                    *c = ' ';
                }
            }
            chars.into_iter().collect::<String>().into_bytes()
        })
        .collect();
    Some((kept.join(&b'\n'), first + 1, last + 1, outer))
}

/// The name and line of the first top-level `public class NAME` (also
/// `public final class`, `public abstract class`).
fn public_class(text: &str) -> Option<(String, usize)> {
    for (at, _) in text.match_indices("public ") {
        let mut words = text[at + "public ".len()..].split_whitespace();
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
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
            .collect();
        if !name.is_empty() {
            return Some((name, text[..at].matches('\n').count() + 1));
        }
    }
    None
}

/// The class whose body holds `static void main`, by the last `class NAME`
/// before it.
fn main_class(text: &str) -> Option<String> {
    let at = text.find("static void main")?;
    let before = &text[..at];
    let class = before.rfind("class ")?;
    let name: String = before[class + "class ".len()..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
        .collect();
    (!name.is_empty()).then_some(name)
}

fn plan(source: &Source<'_>, entry: Entry, opts: &Options<'_>) -> Result<Plan, String> {
    let (bytes, note) = without_package(source.bytes);
    let (encoding, read_as) = encoding(&bytes);
    // For finding the classes: the names are ASCII whatever the encoding.
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let javac = opts.toolchain.program.clone();
    let java = javac.with_file_name("java");
    let public = public_class(&text);
    let (files, class) = match entry {
        Entry::Program => {
            let class = match (&public, opts.java_main) {
                (Some((name, line)), Some(required)) if name != required => {
                    return Err(format!(
                        "{}:{line}: this judge runs `public class {required}`, and the file declares `public class {name}`",
                        source.name
                    ))
                }
                (Some((name, _)), _) => name.clone(),
                (None, Some(required)) => match main_class(&text) {
                    Some(name) if name != required => {
                        return Err(format!(
                            "{}: this judge runs `class {required}`; `main` is in `class {name}`",
                            source.name
                        ))
                    }
                    _ => required.to_string(),
                },
                (None, None) => main_class(&text).unwrap_or_else(|| "Main".into()),
            };
            (vec![(format!("{class}.java"), bytes)], class)
        }
        Entry::LeetCode(method) => {
            // On the first line, so the paste's line numbers stay its own.
            let mut staged =
                b"import java.util.*; import java.util.stream.*; import java.util.function.*; "
                    .to_vec();
            staged.extend_from_slice(super::bytes_without_bom(&bytes));
            let file = public.map_or("Solution".to_string(), |(name, _)| name);
            (
                vec![
                    (format!("{file}.java"), staged),
                    (
                        "SudokuJudgeHarness.java".into(),
                        harness(method).into_bytes(),
                    ),
                ],
                "SudokuJudgeHarness".to_string(),
            )
        }
    };
    let staged = files[0].0.clone();
    let mut compile = vec![
        javac.into_os_string(),
        // No /tmp/hsperfdata file (builds run side by side in pid namespaces).
        "-J-XX:-UsePerfData".into(),
        // javac's own JVM with its quick compiler alone and one GC thread:
        // a small file's build takes 0.4 s of CPU, not 0.7 (the classes
        // it writes are the same).
        "-J-XX:TieredStopAtLevel=1".into(),
        "-J-XX:+UseSerialGC".into(),
        "-encoding".into(),
        encoding.into(),
        "-d".into(),
        "classes".into(),
    ];
    compile.extend(files.iter().map(|(name, _)| name.into()));
    let run = vec![
        java.display().to_string(),
        "-Xss256m".into(),
        "-Xmx{memory_mb}m".into(),
        "-XX:+UseSerialGC".into(),
        "-XX:-UsePerfData".into(),
        "-cp".into(),
        "/box/classes".into(),
        class,
    ];
    Ok(Plan {
        files,
        compile: vec![compile],
        outputs: vec!["classes".into()],
        run,
        binds: opts.toolchain.prefix.to_vec(),
        notes: note.into_iter().chain(read_as).collect(),
        depends: Vec::new(),
        aliases: vec![(staged, source.name.to_string())],
        ..Plan::default()
    })
}

/// `java.lang.ArrayIndexOutOfBoundsException: Index 9 … at
/// Solution.dfs(Solution.java:21)`: the exception and the first frame of the
/// user's code.
fn crash(stderr: &str, _name: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    let i = lines.iter().position(|l| {
        l.starts_with("Exception in thread") || l.starts_with("java.") || l.contains("Error: ")
    })?;
    let exception = lines[i]
        .split_once("\" ")
        .filter(|_| lines[i].starts_with("Exception in thread"))
        .map_or(lines[i], |(_, rest)| rest);
    let frame = lines[i + 1..]
        .iter()
        .map(|l| l.trim())
        .filter_map(|l| l.strip_prefix("at "))
        .find(|f| {
            !["java.", "jdk.", "sun.", "SudokuJudgeHarness", "java.base/"]
                .iter()
                .any(|p| f.starts_with(p))
        });
    let text = match frame {
        Some(f) => format!("{exception} at {f}"),
        None => exception.to_string(),
    };
    Some(super::printable(&text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nested_solution_is_cut_out_with_its_lines_kept() {
        assert!(nested_solution(b"class Solution { void f() {} }").is_none());
        let file = b"package p;\nimport java.util.*;\npublic class A {\n  static class Solution { int x = '{';\n  } void g() {}\n}";
        let (kept, first, last, outer) = nested_solution(file).unwrap();
        assert_eq!((first, last, outer.as_str()), (4, 5, "A"));
        assert_eq!(
            String::from_utf8(kept).unwrap(),
            "\nimport java.util.*;\n\n         class Solution { int x = '{';\n  }\n"
        );
    }

    #[test]
    fn classes_and_packages() {
        assert_eq!(public_class("public class Lanqiao {").unwrap().0, "Lanqiao");
        assert_eq!(
            public_class("\n\npublic final class P{").unwrap(),
            ("P".into(), 3)
        );
        assert_eq!(public_class("public static void x() {}"), None);
        assert_eq!(
            main_class("class A {}\nclass Main {\n public static void main(String[] a) {}"),
            Some("Main".into())
        );
        let (text, note) = without_package(b"package a.b;\npublic class Main {}");
        assert_eq!(text, b"\npublic class Main {}");
        assert!(note.unwrap().starts_with("line 1: `package a.b;` dropped"));
    }

    #[test]
    fn the_encoding_is_the_one_that_reads_the_file() {
        assert_eq!(encoding("// 中文\n".as_bytes()).0, "UTF-8");
        // 中文 in GBK; a GB18030 four-byte sequence; é in Latin-1 before a space.
        assert_eq!(encoding(b"// \xd6\xd0\xce\xc4\n").0, "GB18030");
        assert_eq!(encoding(b"// \x81\x30\x81\x30\n").0, "GB18030");
        let (latin1, note) = encoding(b"// caf\xe9 au lait\n");
        assert_eq!(latin1, "ISO-8859-1");
        assert!(note.unwrap().contains("Latin-1"));
    }

    #[test]
    fn an_exception_reads_with_the_users_frame() {
        let trace = "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 9 out of bounds for length 9\n\tat Solution.dfs(Solution.java:21)\n\tat Solution.solveSudoku(Solution.java:5)\n\tat SudokuJudgeHarness.main(SudokuJudgeHarness.java:17)\n";
        assert_eq!(
            crash(trace, "Solution.java").unwrap(),
            "java.lang.ArrayIndexOutOfBoundsException: Index 9 out of bounds for length 9 at Solution.dfs(Solution.java:21)"
        );
    }
}
