//! Lists every file of `solutions/` for `src/lib.rs`, so a new paste file is
//! in the MSRV check with no edit: LeetCode files (`lc36_*`, `lc37_*`) as
//! LeetCode wraps them, at the crate's MSRV (1.58, LeetCode's Rust of 2023, the files' floor); stdin
//! programs as modules held to 1.63, the rustc `.ci/old-rustc` builds them with.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let solutions = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"))
        .join("../../solutions")
        .canonicalize()
        .expect("solutions/ exists");
    println!("cargo:rerun-if-changed={}", solutions.display());
    let mut files: Vec<(String, String)> = std::fs::read_dir(&solutions)
        .expect("solutions/ is readable")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let stem = path.file_stem()?.to_str()?.to_string();
            (path.extension()? == "rs").then(|| (stem, path.display().to_string()))
        })
        .collect();
    files.sort();
    let mut code = String::new();
    for (stem, path) in files {
        if stem.starts_with("lc36_") || stem.starts_with("lc37_") {
            let _ = writeln!(
                code,
                "pub mod {stem} {{\n    pub struct Solution;\n    include!({path:?});\n}}"
            );
        } else {
            let _ = writeln!(code, "#[clippy::msrv = \"1.63\"]\n#[path = {path:?}]\npub mod {stem};");
        }
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("set by cargo")).join("solutions.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
