//! Two jobs, both about noticing files:
//!
//! 1. Rebuild when a shipped fixture is added or removed. `include_dir!`
//!    embeds `inputs/<set>/` through `include_bytes!`, so cargo notices an
//!    edited file, but on stable Rust nothing tells it about a new or
//!    deleted one; `inputs/` is watched whole (sub-folders included).
//! 2. Discover the LeetCode paste files: every `solutions/lc36_*.rs` and
//!    `solutions/lc37_*.rs` becomes a module, an entry of `lc36::APPROACHES`
//!    or `lc37::APPROACHES` (a `*wrong*` file is `lc37::WRONG_DFS` instead),
//!    and so a judge row, a test case and a `sudoku solve --solver` name,
//!    with no other edit (`$OUT_DIR/lc36.rs`, `lc37.rs`, `write_ups.rs`).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=inputs");
    println!("cargo:rerun-if-changed=solutions");
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let mut stems: Vec<String> = std::fs::read_dir(Path::new(&root).join("solutions"))
        .expect("solutions/ is readable")
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            let stem = name.strip_suffix(".rs")?.to_string();
            let ok = (stem.starts_with("lc36_") || stem.starts_with("lc37_"))
                && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            ok.then_some(stem)
        })
        .collect();
    stems.sort();
    for (problem, method, kind) in [
        ("lc36", "is_valid_sudoku", "IsValidFn"),
        ("lc37", "solve_sudoku", "SolveFn"),
    ] {
        let mine: Vec<&String> = stems.iter().filter(|s| s.starts_with(problem)).collect();
        let mut code = String::new();
        for stem in &mine {
            let path = Path::new(&root)
                .join("solutions")
                .join(format!("{stem}.rs"));
            let _ = writeln!(
                code,
                "leetcode_file!({stem}, {:?}, \"{stem}.rs\");",
                path.display().to_string()
            );
        }
        let _ = writeln!(
            code,
            "\n/// Every approach, by the name of its file, found in `solutions/` by\n/// `build.rs`: a new file is a new entry, with no other edit.\npub const APPROACHES: &[(&str, {kind})] = &["
        );
        for stem in mine.iter().filter(|s| !s.contains("wrong")) {
            let _ = writeln!(code, "    (\"{stem}\", {stem}::Solution::{method}),");
        }
        code.push_str("];\n");
        if let Some(wrong) = mine.iter().find(|s| s.contains("wrong")) {
            let _ = writeln!(
                code,
                "\n/// Write-up 000's wrong DFS: never returns. Kept out of [`APPROACHES`];\n/// only ever run in a child process under a time limit.\npub const WRONG_DFS: (&str, {kind}) = (\"{wrong}\", {wrong}::Solution::{method});"
            );
        }
        std::fs::write(Path::new(&out).join(format!("{problem}.rs")), code)
            .expect("OUT_DIR is writable");
        if problem == "lc37" {
            let n = mine.iter().filter(|s| !s.contains("wrong")).count();
            let list: Vec<String> = (0..n).map(|i| format!("write_up::<{i}>()")).collect();
            std::fs::write(
                Path::new(&out).join("write_ups.rs"),
                format!("[{}]\n", list.join(", ")),
            )
            .expect("OUT_DIR is writable");
        }
    }
}
