//! Rust: `rustc -O` at the chosen edition, with the judge's crates where
//! it installs some (AtCoder's: [`crate::judge::crates`]); a LeetCode paste (`impl
//! Solution`) gets `struct Solution;` when it lacks one and the harness
//! after it, its own `fn main` renamed out of the way.

use super::{methods_named, Entry, Language, Method, Options, Plan, Source, Toolchain};
use std::path::{Path, PathBuf};

pub static RUST: Language = Language {
    name: "Rust",
    extensions: &["rs"],
    tool: "rustc",
    also: &[],
    install: "the Rust toolchain (https://rustup.rs)",
    address_space: true,
    // In code, not in a comment or a string (a stdin program's comment
    // may name LeetCode's frame).
    leetcode: |text| {
        let code = super::rust_code_only(text);
        if code.contains("impl Solution") {
            methods_named(&code, "is_valid_sudoku", "solve_sudoku")
        } else {
            Vec::new()
        }
    },
    other_class: |_| None,
    reads_stdin: |text| text.contains("stdin()") || text.contains("io::stdin"),
    toolchain,
    plan,
    crash,
    frame,
    flag: "rustc",
};

const HARNESS: &str = include_str!("harness/leetcode.rs");

/// The compiler and the folders a build must see of it: its sysroot, and
/// the folder of a wrapper given as `--rustc`. rustup's proxy (which needs
/// the home folder's settings) is replaced by the compiler it stands for.
fn toolchain(tool: &Path) -> Result<Toolchain, std::io::Error> {
    let version = super::ask(tool, &["-vV"])?;
    let sysroot = super::ask(tool, &["--print", "sysroot"])?;
    let sysroot = PathBuf::from(sysroot.lines().next().unwrap_or("").trim());
    let found = super::which(tool).unwrap_or_else(|| tool.to_path_buf());
    let proxy = std::fs::canonicalize(&found)
        .is_ok_and(|real| real.file_stem().is_some_and(|s| s == "rustup"));
    let inside = sysroot.join("bin").join("rustc");
    let program = if proxy && inside.is_file() {
        inside
    } else {
        tool.to_path_buf()
    };
    let mut prefix: Vec<PathBuf> = super::outside_system(sysroot).into_iter().collect();
    if !proxy {
        let folder = found.parent().map(Path::to_path_buf).unwrap_or_default();
        prefix.extend(super::outside_system(folder).filter(|f| !f.as_os_str().is_empty()));
    }
    Ok(Toolchain {
        program,
        // `rustc 1.95.0 (59807616e 2026-04-14)`: the release and its commit.
        version: version.lines().next().unwrap_or("").trim().to_string(),
        prefix,
    })
}

fn plan(source: &Source<'_>, entry: Entry, opts: &Options<'_>) -> Result<Plan, String> {
    let mut compile = vec![
        opts.toolchain.program.clone().into_os_string(),
        "-O".into(),
        "--edition".into(),
        opts.edition.into(),
        "--crate-name".into(),
        "solution".into(),
        "-o".into(),
        "main".into(),
        source.name.into(),
    ];
    // The judge's crates (AtCoder's), built outside the sandbox from our manifest.
    compile.extend(
        opts.crates
            .iter()
            .flat_map(|c| c.args.iter().map(Into::into)),
    );
    let bytes = match (entry, std::str::from_utf8(source.bytes)) {
        (Entry::LeetCode(method), Ok(text)) => {
            if method == Method::IsValidSudoku {
                compile.extend(["--cfg".into(), "sudoku_lc36".into()]);
            }
            let code = super::without_bom(text);
            // A local test's `fn main` would clash with the harness's.
            let code = rename_main(code);
            let declare = if code.contains("struct Solution") {
                ""
            } else {
                "\nstruct Solution;\n"
            };
            let external = if opts.edition == "2024" {
                "unsafe extern"
            } else {
                "extern"
            };
            format!(
                "{code}\n{declare}{}",
                HARNESS.replace("__EXTERN__", external)
            )
            .into_bytes()
        }
        // A program as it is; and rustc reads UTF-8 only, so a file that is
        // not is rustc's own error, a CE, as at every judge.
        _ => source.bytes.to_vec(),
    };
    Ok(Plan {
        files: vec![(source.name.to_string(), bytes)],
        compile: vec![compile],
        outputs: vec!["main".into()],
        run: vec!["/box/main".into()],
        build_binds: opts.crates.iter().map(|c| c.dir.clone()).collect(),
        ..Plan::default()
    })
}

/// `fn main(` becomes `fn sudoku_user_main(`, on the same line.
fn rename_main(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("fn main") {
        let after = &rest[at + "fn main".len()..];
        let whole = after.trim_start().starts_with('(')
            && !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        out.push_str(&rest[..at]);
        out.push_str(if whole {
            "fn sudoku_user_main"
        } else {
            "fn main"
        });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// `panicked at my.rs:14:5: index out of bounds: …` from a panic's message
/// (both the 1.73+ two-line form and the older one-line form).
fn crash(stderr: &str, _name: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    if let Some(i) = lines.iter().position(|l| l.contains("panicked at ")) {
        let line = lines[i];
        let at = &line[line.find("panicked at ")?..];
        let text = match at.strip_suffix(':') {
            Some(place) => format!("{place}: {}", lines.get(i + 1).unwrap_or(&"").trim()),
            None => at.to_string(),
        };
        return Some(super::printable(&text));
    }
    if stderr.contains("has overflowed its stack") {
        return Some("stack overflow (the recursion is too deep)".into());
    }
    lines
        .iter()
        .find(|l| l.starts_with("memory allocation of"))
        .map(|l| super::printable(l))
}

/// LeetCode's Rust frame: `impl Solution` with the method's snake-case name.
fn frame(m: Method) -> String {
    format!("impl Solution with {}", m.snake())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_local_main_is_renamed_in_place() {
        assert_eq!(
            rename_main("fn main() {}\nfn main_x() {}"),
            "fn sudoku_user_main() {}\nfn main_x() {}"
        );
        assert_eq!(rename_main("fn domain() {}"), "fn domain() {}");
    }

    #[test]
    fn panics_read_as_place_and_message() {
        let new = "thread 'main' panicked at my.rs:14:5:\nindex out of bounds: the len is 9 but the index is 9\nnote: run with `RUST_BACKTRACE=1`";
        assert_eq!(
            crash(new, "my.rs").unwrap(),
            "panicked at my.rs:14:5: index out of bounds: the len is 9 but the index is 9"
        );
        let old = "thread 'main' panicked at 'boom', my.rs:3:5\nnote: run with";
        assert_eq!(
            crash(old, "my.rs").unwrap(),
            "panicked at 'boom', my.rs:3:5"
        );
    }
}
