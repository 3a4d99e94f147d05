//! Every file in `solutions/` compiled alone with plain `rustc --edition 2021`,
//! the way a judge compiles a submission: LeetCode files with `struct
//! Solution;` put above them (as LeetCode does), stdin programs as they are.
//! Where the test runs nothing of the build, rustc checks the file through
//! (`--emit=metadata`: parsing, name resolution, types, borrows and lints,
//! every error a judge's compiler reports for a file that needs nothing
//! but std) without generating code.

use std::path::{Path, PathBuf};
use std::process::Command;

fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("paste_ready")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn compile(source: &Path, out: &Path, extra: &[String]) -> Result<(), String> {
    rustc_on(source, out, extra)
}

/// rustc's checks of `source` (no code generated), its metadata at `out`.
fn check(source: &Path, out: &Path) -> Result<(), String> {
    rustc_on(source, out, &["--emit=metadata".to_string()])
}

fn rustc_on(source: &Path, out: &Path, extra: &[String]) -> Result<(), String> {
    let output = Command::new(rustc())
        .args(["--edition", "2021", "--crate-type", "bin", "-o"])
        .arg(out)
        .arg(source)
        .args(extra)
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

fn solution_files(prefix: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("solutions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with(prefix) && name.ends_with(".rs")
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_leetcode_file_compiles_alone() {
    let files = solution_files("lc");
    assert!(
        files.len() >= 12,
        "expected the LeetCode 36 and 37 files, found {files:?}"
    );
    let dir = scratch_dir("leetcode");
    let mut failures = Vec::new();
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let body = std::fs::read_to_string(&file).unwrap();
        // What LeetCode's harness adds around the pasted code.
        let wrapped = format!("struct Solution;\n\n{body}\n\nfn main() {{}}\n");
        let source = dir.join(format!("{stem}.rs"));
        std::fs::write(&source, wrapped).unwrap();
        if let Err(stderr) = check(&source, &dir.join(format!("{stem}.rmeta"))) {
            failures.push(format!("{stem}:\n{stderr}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs a compiled stdin program on the first Lanqiao sample.
fn answers_sample(binary: &Path) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs/lanqiao");
    let input = std::fs::File::open(fixtures.join("sample1.in")).unwrap();
    let out = Command::new(binary).stdin(input).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = std::fs::read_to_string(fixtures.join("sample1.out")).unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

/// Every stdin program (`solutions/KEY.rs` but LeetCode's and proconio's)
/// compiles alone with nothing but std, and its binary (`sudoku-KEY`, the
/// same file as cargo built it for these tests) answers every passing
/// fixture of `inputs/KEY/` byte for byte.
#[test]
fn every_stdin_program_compiles_alone_with_std_only() {
    let files: Vec<PathBuf> = solution_files("")
        .into_iter()
        .filter(|f| {
            let stem = f.file_stem().unwrap().to_string_lossy();
            !stem.starts_with("lc3") && stem != "lanqiao_proconio"
        })
        .collect();
    assert!(files.len() >= 10, "lanqiao and the family: {files:?}");
    let dir = scratch_dir("stdin_programs");
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .iter()
            .map(|file| {
                let dir = &dir;
                scope.spawn(move || {
                    let key = file.file_stem().unwrap().to_string_lossy().into_owned();
                    check(file, &dir.join(format!("{key}.rmeta")))
                        .map_err(|e| format!("{key}: {e}"))?;
                    answers_its_fixtures(&key, &cargos_binary(&key))
                })
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().unwrap().err())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The binary cargo built of `solutions/KEY.rs` (`sudoku-KEY`), beside
/// the `sudoku` binary this test runs.
fn cargos_binary(key: &str) -> PathBuf {
    let sudoku = Path::new(env!("CARGO_BIN_EXE_sudoku"));
    let name = format!("sudoku-{key}{}", std::env::consts::EXE_SUFFIX);
    let binary = sudoku.with_file_name(name);
    assert!(binary.is_file(), "{}: not built", binary.display());
    binary
}

/// Runs a compiled stdin program on every passing fixture of its problem
/// (not one with a `slow:` line: a pinned TLE, run by the judge under its limit).
fn answers_its_fixtures(key: &str, binary: &Path) -> Result<(), String> {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("inputs")
        .join(key);
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&fixtures)
        .map_err(|e| format!("{}: {e}", fixtures.display()))?
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .filter(|p| !p.with_extension("slow").exists())
        .collect();
    inputs.sort();
    if inputs.is_empty() {
        return Err(format!("{key}: no fixtures in {}", fixtures.display()));
    }
    for input in inputs {
        let out = Command::new(binary)
            .stdin(std::fs::File::open(&input).unwrap())
            .output()
            .map_err(|e| format!("{key}: {e}"))?;
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        if !out.status.success() || out.stdout != expected.as_bytes() {
            return Err(format!(
                "{key} on {}: {}, stderr {:?}",
                input.display(),
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    Ok(())
}

#[test]
fn lanqiao_proconio_compiles_alone_against_proconio() {
    // The proconio that cargo built for this crate: the judge's pinned version.
    let deps = Path::new(env!("CARGO_BIN_EXE_sudoku-lanqiao-proconio"))
        .parent()
        .unwrap()
        .join("deps");
    let mut rlibs: Vec<PathBuf> = std::fs::read_dir(&deps)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("libproconio-") && name.ends_with(".rlib")
        })
        .collect();
    rlibs.sort_by_key(|p| std::cmp::Reverse(p.metadata().unwrap().modified().unwrap()));
    assert!(!rlibs.is_empty(), "no proconio rlib in {}", deps.display());
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("solutions/lanqiao_proconio.rs");
    let binary = scratch_dir("lanqiao_proconio").join("lanqiao_proconio");
    let mut errors = Vec::new();
    for rlib in &rlibs {
        let extra = [
            "--extern".to_string(),
            format!("proconio={}", rlib.display()),
            "-L".to_string(),
            format!("dependency={}", deps.display()),
        ];
        match compile(&file, &binary, &extra) {
            Ok(()) => return answers_sample(&binary),
            Err(e) => errors.push(e),
        }
    }
    panic!("{}", errors.join("\n"));
}

/// The two stdin programs are one program with two readers: each must paste
/// alone, so the search is written twice, and this keeps the copies equal.
#[test]
fn lanqiao_variants_share_everything_but_the_reader() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("solutions");
    let shared = |file: &str| {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let start = text.find("fn main() -> ExitCode").expect("main");
        let parse = text.find("fn parse(").expect("parse");
        let parse = text[..parse]
            .rfind("\n\n")
            .expect("blank line before parse's doc");
        let after_parse = parse + text[parse..].find("\n}\n").expect("end of parse");
        (
            text[start..parse].to_string(),
            text[after_parse..].to_string(),
        )
    };
    let std_only = shared("lanqiao.rs");
    let proconio = shared("lanqiao_proconio.rs");
    pretty_assertions::assert_eq!(std_only.0, proconio.0, "code before `parse` differs");
    pretty_assertions::assert_eq!(std_only.1, proconio.1, "code after `parse` differs");
}

/// Paste files carry their engine with them, so one engine is written out in
/// several files; this keeps each copy equal to its original, byte for byte:
/// the bitboard search of `lc37_11_bitboard.rs` and the 16×16 dancing links
/// of `poj3076.rs`.
#[test]
fn engine_copies_are_unchanged() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("solutions");
    let read = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap();
    let section = |file: &str, start: &str, end: &str| {
        let text = read(file);
        let from = text
            .find(start)
            .unwrap_or_else(|| panic!("{file}: {start}"));
        let to = from
            + text[from..]
                .find(end)
                .unwrap_or_else(|| panic!("{file}: {end}"));
        text[from..to].to_string()
    };
    let bitboard = section("lc37_11_bitboard.rs", "const BAND: u32", "/// Depth first");
    assert!(
        bitboard.contains("fn propagate"),
        "the engine holds the propagation"
    );
    let dlx = section("poj3076.rs", "struct Dlx {", "#[cfg(test)]");
    assert!(dlx.contains("fn cover"), "the engine holds cover");
    let copies = [
        (&bitboard, "lanqiao.rs"),
        (&bitboard, "lanqiao_proconio.rs"),
        (&bitboard, "poj2676.rs"),
        (&bitboard, "poj3074.rs"),
        (&bitboard, "hdu1426.rs"),
        (&bitboard, "p1784.rs"),
        (&bitboard, "p1074.rs"),
        (&dlx, "spoj_sudoku.rs"),
        (&dlx, "hdu4069.rs"),
    ];
    for (engine, file) in copies {
        assert!(
            read(file).contains(engine.as_str()),
            "{file} no longer holds its engine unchanged"
        );
    }
}

/// `build.rs` discovers the LeetCode files: each one in `solutions/` is an
/// approach (or the wrong DFS) with no other edit, so the judge, the tests
/// and `sudoku solve --solver` all see it. `.ci/paste-msrv/build.rs` lists
/// the same folder for the MSRV check.
#[test]
fn every_leetcode_file_is_discovered() {
    use sudoku_workspace::{lc36, lc37};
    let mut known: Vec<&str> = lc36::APPROACHES.iter().map(|(n, _)| *n).collect();
    known.extend(lc37::APPROACHES.iter().map(|(n, _)| *n));
    known.push(lc37::WRONG_DFS.0);
    let files: Vec<String> = solution_files("lc3")
        .iter()
        .map(|f| f.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut sorted = known.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, files);
    for name in lc37::APPROACHES.iter().map(|(n, _)| *n) {
        assert!(
            sudoku_workspace::solver::solver(name).is_some(),
            "{name} is a --solver"
        );
    }
    let msrv = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/paste-msrv/build.rs"),
    )
    .unwrap();
    assert!(
        msrv.contains("../../solutions"),
        "the MSRV check lists solutions/"
    );
}
