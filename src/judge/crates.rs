//! The crates a judge installs beside Rust's std (AtCoder's), for the
//! files of its problems: fetched once by cargo from crates.io, outside the
//! sandbox and from a manifest of ours (never the user's), built by the
//! same rustc that builds the user's file, and kept in the build cache.
//! The sandboxed build then sees the folder read-only and gets
//! `--extern NAME=PATH` for each crate of the set and `-L dependency=DIR`
//! for the crates under them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A judge's crate set.
#[derive(Debug)]
pub struct CrateSet {
    /// Its name in the cache and in messages.
    pub name: &'static str,
    /// The `[dependencies]` lines of our manifest.
    pub dependencies: &'static str,
    /// Built only for a file whose code names one of these crates (`rand::`,
    /// `use rand`); `None`: for every Rust file of the judge's problems.
    pub only_for: Option<&'static [&'static str]>,
}

impl CrateSet {
    /// Whether a file of `text` gets the set.
    pub fn wanted_by(&self, text: &str) -> bool {
        let Some(names) = self.only_for else {
            return true;
        };
        // Line comments dropped; a string or block comment that names the
        // crate only builds it needlessly. (C's blanking would read a
        // lifetime, `&'static str`, as a character literal and hide the
        // rest of its line.)
        let code: String = text
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        names.iter().any(|name| {
            code.match_indices(name).any(|(at, _)| {
                let before = code[..at].chars().next_back();
                let after = &code[at + name.len()..];
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
                    && (after.starts_with("::") || after.trim_start().starts_with(';'))
            })
        })
    }
}

/// AtCoder's 2023 language update (rustc 1.70.0), the one ABC327
/// (2023-11-04) was judged with: the crates of its list that a contest
/// file uses (docs/judges.md says which were left out and why).
pub static ATCODER_2023: CrateSet = CrateSet {
    name: "atcoder-2023",
    dependencies: r#"proconio = { version = "=0.4.5", features = ["derive"] }
itertools = "=0.11.0"
num = "=0.4.0"
num-bigint = "=0.4.3"
num-complex = "=0.4.3"
num-integer = "=0.1.45"
num-iter = "=0.1.43"
num-rational = "=0.4.1"
num-traits = "=0.2.15"
ac-library-rs = "=0.1.1"
superslice = "=1.0.0"
rand = { version = "=0.8.5", features = ["small_rng", "min_const_gen"] }
rand_chacha = "=0.3.1"
rand_core = "=0.6.4"
rand_pcg = "=0.3.1"
indexmap = "=2.0.0"
once_cell = "=1.18.0"
lazy_static = "=1.4.0"
maplit = "=1.0.2"
either = "=1.8.1"
rustc-hash = "=1.1.0"
static_assertions = "=1.1.0"
"#,
    only_for: None,
};

/// LeetCode's Rust: `rand` 0.8, which its own driver for problem 470 calls
/// and whose 0.9 API a user found missing (docs/judges.md cites both).
/// Built only for a file that names it, so std-only files need no cargo.
pub static LEETCODE: CrateSet = CrateSet {
    name: "leetcode",
    dependencies: "rand = \"=0.8.5\"\n",
    only_for: Some(&["rand"]),
};

/// A crate set built: the `rustc` arguments that make it visible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// The folder to bind read-only into the build.
    pub dir: PathBuf,
    /// `--extern` and `-L` arguments.
    pub args: Vec<String>,
}

/// The set built by `rustc` (`version` as it says it), under `cache`:
/// built now when missing, with cargo from crates.io, outside the sandbox.
pub fn ensure(set: &CrateSet, rustc: &Path, version: &str, cache: &Path) -> Result<Built, String> {
    let mut key = super::cache::Key::default();
    key.add(set.dependencies.as_bytes()).add(version.as_bytes());
    let dir = cache
        .join("crates")
        .join(format!("{}-{}", set.name, key.name()));
    let args_file = dir.join("args");
    if let Ok(args) = std::fs::read_to_string(&args_file) {
        return Ok(Built {
            args: args.lines().map(str::to_string).collect(),
            dir,
        });
    }
    let work = cache
        .join("crates")
        .join(format!("{}.building-{}", set.name, std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(work.join("src")).map_err(|e| format!("{}: {e}", work.display()))?;
    let manifest = format!(
        "[package]\nname = \"sudoku-judge-crates\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n[workspace]\n\n[profile.release]\ndebug = false\n\n[dependencies]\n{}",
        set.dependencies
    );
    let write = |name: &str, text: &str| {
        std::fs::write(work.join(name), text).map_err(|e| format!("{name}: {e}"))
    };
    write("Cargo.toml", &manifest)?;
    write("src/lib.rs", "")?;
    let out = Command::new("cargo")
        .args(["build", "--release", "--quiet", "--message-format=json"])
        .current_dir(&work)
        .env("RUSTC", rustc)
        .env("CARGO_TARGET_DIR", work.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .map_err(|e| format!("cargo could not be run: {e}"))?;
    if !out.status.success() {
        let said = String::from_utf8_lossy(&out.stderr);
        let last: Vec<&str> = said.lines().rev().take(6).collect();
        return Err(format!(
            "cargo could not build {}'s crates: {}",
            set.name,
            last.into_iter().rev().collect::<Vec<_>>().join(" | ")
        ));
    }
    let wanted = direct_names(set.dependencies);
    let deps = dir.join("target/release/deps");
    let mut args = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-artifact" {
            continue;
        }
        let package = package_name(message["package_id"].as_str().unwrap_or(""));
        if !wanted.contains(&package) {
            continue;
        }
        let target = message["target"]["name"]
            .as_str()
            .unwrap_or("")
            .replace('-', "_");
        let files = message["filenames"].as_array().cloned().unwrap_or_default();
        if let Some(rlib) = files
            .iter()
            .filter_map(|f| f.as_str())
            .find(|f| f.ends_with(".rlib"))
        {
            let file = Path::new(rlib).file_name().unwrap_or_default();
            args.push(format!("--extern={target}={}", deps.join(file).display()));
        }
    }
    args.sort();
    args.push(format!("-Ldependency={}", deps.display()));
    write("args", &args.join("\n"))?;
    // Only the built crates stay: the cache keeps what rustc reads.
    let _ = std::fs::remove_dir_all(work.join("target/release/build"));
    let _ = std::fs::remove_dir_all(work.join("target/release/.fingerprint"));
    let _ = std::fs::remove_dir_all(work.join("target/release/incremental"));
    match std::fs::rename(&work, &dir) {
        Ok(()) => {}
        // Another judge built it first: theirs is as good.
        Err(_) if dir.join("args").is_file() => {
            let _ = std::fs::remove_dir_all(&work);
        }
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    }
    Ok(Built { dir, args })
}

/// The package names of `[dependencies]` lines.
fn direct_names(dependencies: &str) -> Vec<String> {
    dependencies
        .lines()
        .filter_map(|l| l.split_once('=').map(|(name, _)| name.trim().to_string()))
        .filter(|n| !n.is_empty())
        .collect()
}

/// A cargo package id's name: `registry+…#proconio@0.4.5` or the older
/// `proconio 0.4.5 (registry+…)`.
fn package_name(id: &str) -> String {
    match id.rsplit_once('#') {
        Some((_, rest)) => rest.split('@').next().unwrap_or("").to_string(),
        None => id.split(' ').next().unwrap_or("").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_names_and_package_ids() {
        let names = direct_names(ATCODER_2023.dependencies);
        assert!(names.contains(&"proconio".to_string()));
        assert!(names.contains(&"ac-library-rs".to_string()));
        assert_eq!(
            package_name("registry+https://github.com/rust-lang/crates.io-index#proconio@0.4.5"),
            "proconio"
        );
        assert_eq!(
            package_name(
                "itertools 0.11.0 (registry+https://github.com/rust-lang/crates.io-index)"
            ),
            "itertools"
        );
    }

    #[test]
    fn a_set_for_some_files_is_built_for_those_that_name_it() {
        assert!(LEETCODE.wanted_by("use rand::Rng;\nfn f() {}"));
        assert!(LEETCODE.wanted_by("let x = rand::random::<u8>();"));
        assert!(LEETCODE.wanted_by("extern crate rand;"));
        assert!(!LEETCODE.wanted_by("// uses rand::Rng\nfn f() {}"));
        assert!(LEETCODE.wanted_by("let s: &'static str = \"x\"; let r = rand::random::<u8>();"));
        assert!(!LEETCODE.wanted_by("let operand = 1; my_rand::f();"));
        assert!(!LEETCODE.wanted_by("fn rand() {} fn g() { rand() }"));
        assert!(ATCODER_2023.wanted_by("fn main() {}"));
    }
}
