//! The crates a judge installs beside Rust's std (AtCoder's), for the
//! files of its problems: fetched once by cargo from crates.io, outside the
//! sandbox and from a manifest of ours (never the user's), built by the
//! same rustc that builds the user's file, and kept in the build cache.
//! The sandboxed build then sees the folder read-only and gets
//! `--extern NAME=PATH` for each crate of the set and `-L dependency=DIR`
//! for the crates under them.
//!
//! Cargo runs as the judge's user (root, for a root judge) and runs what
//! its configuration names (`build.rustc-wrapper`, a linker, `[env]`, a
//! source replaced by a folder of build scripts), read from
//! `.cargo/config.toml` in its working folder and every folder above it
//! (`--manifest-path` changes none of that: rust-lang/cargo#2930), and
//! rustup's proxy reads `rust-toolchain.toml` the same way. So cargo is
//! started in `/`, which only root can write, on `--manifest-path` of the
//! package in the (private) cache; its environment is cleared but for
//! what finds the toolchain and the network; and its home (its own
//! `config.toml`, the downloaded crates) is the user's `$CARGO_HOME` only
//! where this user owns it and no one else can write it, else a folder of
//! the cache's own.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A judge's crate set.
#[derive(Debug)]
pub struct CrateSet {
    /// Its name in the cache and in messages.
    pub name: &'static str,
    /// The `[dependencies]` lines of our manifest, one crate a line, each
    /// pinned (`=x.y.z`).
    pub dependencies: &'static str,
    /// Each crate of `dependencies` as code names it (its library's name,
    /// which cargo's build reports and [`ensure`] checks), where that is
    /// not its package name with `-` read as `_`.
    pub renamed: &'static [(&'static str, &'static str)],
}

impl CrateSet {
    /// The crates of the set (package names, in manifest order) that a
    /// file of `text` names: `NAME::…` (a leading `::` too), `extern crate
    /// NAME`, or NAME inside a `use …;`. A file builds only those, and a
    /// file that names none needs no cargo; a crate named only in a string
    /// or a block comment is built needlessly, never missed.
    pub fn wanted_by(&self, text: &str) -> Vec<&'static str> {
        // Strings and block comments stay: where the lexer could misread,
        // a crate is built needlessly, never missed.
        let code = super::text::rust_without_line_comments(text);
        direct_names(self.dependencies)
            .into_iter()
            .filter(|package| names_crate(&code, &self.lib_name(package)))
            .collect()
    }

    /// The name code gives `package`.
    fn lib_name(&self, package: &str) -> String {
        self.renamed
            .iter()
            .find(|(p, _)| *p == package)
            .map_or_else(|| package.replace('-', "_"), |(_, lib)| lib.to_string())
    }
}

/// Words after which `::NAME` starts a path at the extern prelude
/// (`<T as::num::Zero>`), not a module of the word.
const BEFORE_A_PATH: [&str; 13] = [
    "use", "as", "dyn", "impl", "in", "return", "mut", "break", "else", "match", "if", "while",
    "where",
];

/// The identifier `text` ends with (spaces after it skipped; empty where
/// it ends otherwise), and the text before it.
fn last_word(text: &str) -> (&str, &str) {
    let text = text.trim_end();
    let start = text
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
        .last()
        .map_or(text.len(), |(at, _)| at);
    (&text[start..], &text[..start])
}

/// Whether `code` uses the crate `name` from the extern prelude.
fn names_crate(code: &str, name: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(name).any(|(at, _)| {
        let before = &code[..at];
        let after = &code[at + name.len()..];
        if before.chars().next_back().is_some_and(ident) || after.starts_with(ident) {
            return false;
        }
        // `a::name::…` is a module of `a`; a leading `::name` is the crate.
        let before = match before.trim_end().strip_suffix("::") {
            Some(rest) => {
                let (word, _) = last_word(rest);
                let module = if word.is_empty() {
                    rest.trim_end().ends_with('>')
                } else {
                    !BEFORE_A_PATH.contains(&word)
                };
                if module {
                    return false;
                }
                rest
            }
            None => before,
        };
        if after.trim_start().starts_with("::") {
            return true;
        }
        // `extern crate name`, the words apart by any space.
        let (word, rest) = last_word(before);
        if word == "crate" && last_word(rest).0 == "extern" {
            return true;
        }
        // Inside a `use` item: from the last `use` keyword before it, no `;`.
        before
            .rmatch_indices("use")
            .find(|(u, _)| {
                !before[..*u].chars().next_back().is_some_and(ident)
                    && !before[u + 3..].starts_with(ident)
            })
            .is_some_and(|(u, _)| !before[u..].contains(';'))
    })
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
    renamed: &[("ac-library-rs", "ac_library")],
};

/// LeetCode's Rust: `rand` 0.8, which its own driver for problem 470 calls
/// and whose 0.9 API a user found missing (docs/judges.md cites both).
/// Built only for a file that names it, so std-only files need no cargo.
pub static LEETCODE: CrateSet = CrateSet {
    name: "leetcode",
    dependencies: "rand = \"=0.8.5\"\n",
    renamed: &[],
};

/// A crate set built: the `rustc` arguments that make it visible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// The folder to bind read-only into the build.
    pub dir: PathBuf,
    /// `--extern` and `-L` arguments.
    pub args: Vec<String>,
}

/// The crates `wanted` of `set` (package names, from
/// [`CrateSet::wanted_by`]) built by `rustc` (`version` as it says it),
/// under `cache` (a folder [`super::secure::private_dir`] passed): built now
/// when missing, with cargo from crates.io, outside the sandbox, resolved
/// from the whole set's manifest (so each crate and the crates under it are
/// the versions and features the whole set would give). One judge builds a
/// set at a time (a lock beside it), so judges at once share one build.
pub fn ensure(
    set: &CrateSet,
    wanted: &[&str],
    rustc: &Path,
    version: &str,
    cache: &Path,
) -> Result<Built, String> {
    let mut key = super::cache::Key::default();
    key.add(set.dependencies.as_bytes()).add(version.as_bytes());
    for package in wanted {
        key.add(package.as_bytes());
    }
    let crates = cache.join("crates");
    let name = format!("{}-{}", set.name, key.name());
    let dir = crates.join(&name);
    let read_args = || {
        std::fs::read_to_string(dir.join("args"))
            .ok()
            .map(|args| Built {
                args: args.lines().map(str::to_string).collect(),
                dir: dir.clone(),
            })
    };
    if let Some(built) = read_args() {
        return Ok(built);
    }
    super::secure::private_dir(&crates)?;
    let lock_path = crates.join(format!("{name}.lock"));
    let lock = super::secure::open_no_follow_rw(&lock_path)
        .and_then(|file| file.lock().map(|()| file))
        .map_err(|e| format!("{}: {e}", lock_path.display()))?;
    // Built by another judge while this one waited.
    if let Some(built) = read_args() {
        return Ok(built);
    }
    // A build left by a judge that died: no one else holds the lock.
    if let Ok(entries) = std::fs::read_dir(&crates) {
        for e in entries.flatten() {
            if e.file_name()
                .to_string_lossy()
                .starts_with(&format!("{name}.building-"))
            {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
    let work = tempfile::Builder::new()
        .prefix(&format!("{name}.building-"))
        .tempdir_in(&crates)
        .map_err(|e| format!("{}: {e}", crates.display()))?
        .keep();
    // The sandboxed build, as a user id of its own, reads the crates there.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&work, std::fs::Permissions::from_mode(0o755));
    }
    let built = build_in(set, wanted, rustc, &work, &dir, cache);
    match &built {
        Ok(_) => {
            if let Err(e) = std::fs::rename(&work, &dir) {
                let _ = std::fs::remove_dir_all(&work);
                return Err(format!("{}: {e}", dir.display()));
            }
        }
        Err(_) => {
            let _ = std::fs::remove_dir_all(&work);
        }
    }
    drop(lock);
    built
}

/// What cargo may keep of the environment: where the toolchain is
/// (rustup's), and how to reach crates.io (a proxy, the certificates).
const CARGO_ENV: [&str; 13] = [
    "PATH",
    "HOME",
    "RUSTUP_HOME",
    "RUSTUP_TOOLCHAIN",
    "http_proxy",
    "https_proxy",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "NO_PROXY",
    "no_proxy",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
];

/// Cargo's home for the judge: the user's own (its downloaded crates, so a
/// machine offline still builds) where this user owns it and no one else
/// can write it or its `config.toml`, else the cache's own folder.
fn cargo_home(cache: &Path) -> Result<PathBuf, String> {
    let users = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    // The whole way to it checked as the cache's is, and the folder it
    // reached used by path from then on (cargo runs outside the sandbox).
    #[cfg(unix)]
    let users = users.and_then(|h| super::secure::walk_checked(&h).ok());
    if let Some(home) = users.filter(|h| owned_by_me(h)) {
        let config_ok = ["config.toml", "config"].iter().all(|name| {
            let path = home.join(name);
            std::fs::symlink_metadata(&path).is_err() || owned_by_me(&path)
        });
        if config_ok {
            return Ok(home);
        }
    }
    let own = cache.join("crates").join("cargo-home");
    super::secure::private_dir(&own)
}

/// Whether `path` (not followed) is this user's and writable by no one else.
#[cfg(unix)]
fn owned_by_me(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| {
        !m.file_type().is_symlink() && m.uid() == super::secure::euid() && m.mode() & 0o022 == 0
    })
}

#[cfg(not(unix))]
fn owned_by_me(path: &Path) -> bool {
    path.exists()
}

/// Cargo's build of the crates `wanted` of `set` in `work` (the whole
/// set's package written there), the arguments naming them as they will
/// be in `dir`.
fn build_in(
    set: &CrateSet,
    wanted: &[&str],
    rustc: &Path,
    work: &Path,
    dir: &Path,
    cache: &Path,
) -> Result<Built, String> {
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
    // `/` (Windows: the drive's root): no folder above it holds a config.
    let top = work.ancestors().last().unwrap_or(Path::new("/"));
    let mut cargo = Command::new("cargo");
    cargo
        .args(["build", "--release", "--quiet", "--message-format=json"])
        // Each crate by its pinned version: another version of the same
        // name may sit under a crate of the set.
        .args(wanted.iter().flat_map(|package| {
            let spec = match pinned_version(set.dependencies, package) {
                Some(v) => format!("{package}@{v}"),
                None => package.to_string(),
            };
            ["-p".to_string(), spec]
        }))
        .arg("--manifest-path")
        .arg(work.join("Cargo.toml"))
        .current_dir(top)
        .env_clear()
        .envs(
            CARGO_ENV
                .iter()
                .filter_map(|k| std::env::var_os(k).map(|v| (k, v))),
        )
        .env("CARGO_HOME", cargo_home(cache)?)
        .env("RUSTC", rustc)
        .env("CARGO_TARGET_DIR", work.join("target"));
    #[cfg(windows)]
    cargo.envs(
        ["SYSTEMROOT", "USERPROFILE", "TEMP", "TMP"]
            .iter()
            .filter_map(|k| std::env::var_os(k).map(|v| (k, v))),
    );
    let out = cargo
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
        if !wanted.contains(&package.as_str()) {
            continue;
        }
        let files = message["filenames"].as_array().cloned().unwrap_or_default();
        let Some(rlib) = files
            .iter()
            .filter_map(|f| f.as_str())
            .find(|f| f.ends_with(".rlib"))
        else {
            continue;
        };
        let target = message["target"]["name"]
            .as_str()
            .unwrap_or("")
            .replace('-', "_");
        // The name the file was scanned for is the one it gets.
        if target != set.lib_name(&package) {
            return Err(format!(
                "{package}'s library is `{target}`, not `{}` as {} lists it",
                set.lib_name(&package),
                set.name
            ));
        }
        // Where it will be: a crate asked for by `-p` is copied up to
        // `target/release/`, the crates under it stay in `deps/`.
        let Ok(inside) = Path::new(rlib).strip_prefix(work) else {
            return Err(format!("cargo put {package} outside its folder: {rlib}"));
        };
        args.push(format!("--extern={target}={}", dir.join(inside).display()));
    }
    args.sort();
    args.push(format!("-Ldependency={}", deps.display()));
    write("args", &args.join("\n"))?;
    // Only the built crates stay: the cache keeps what rustc reads.
    let _ = std::fs::remove_dir_all(work.join("target/release/build"));
    let _ = std::fs::remove_dir_all(work.join("target/release/.fingerprint"));
    let _ = std::fs::remove_dir_all(work.join("target/release/incremental"));
    Ok(Built {
        dir: dir.to_path_buf(),
        args,
    })
}

/// The package names of `[dependencies]` lines.
fn direct_names(dependencies: &'static str) -> Vec<&'static str> {
    dependencies
        .lines()
        .filter_map(|l| l.split_once('=').map(|(name, _)| name.trim()))
        .filter(|n| !n.is_empty())
        .collect()
}

/// The `=x.y.z` a `[dependencies]` line pins `package` to.
fn pinned_version(dependencies: &str, package: &str) -> Option<String> {
    let line = dependencies.lines().find(|l| {
        l.split_once('=')
            .is_some_and(|(name, _)| name.trim() == package)
    })?;
    let at = line.find("\"=")? + 2;
    let rest = &line[at..];
    Some(rest[..rest.find('"')?].to_string())
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
    fn manifest_names_versions_and_package_ids() {
        let names = direct_names(ATCODER_2023.dependencies);
        assert!(names.contains(&"proconio") && names.contains(&"ac-library-rs"));
        assert_eq!(names.len(), 22);
        assert_eq!(
            pinned_version(ATCODER_2023.dependencies, "proconio").as_deref(),
            Some("0.4.5")
        );
        assert_eq!(
            pinned_version(ATCODER_2023.dependencies, "rand").as_deref(),
            Some("0.8.5")
        );
        assert_eq!(
            pinned_version(ATCODER_2023.dependencies, "num").as_deref(),
            Some("0.4.0")
        );
        assert_eq!(pinned_version(ATCODER_2023.dependencies, "nalgebra"), None);
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
    fn a_file_gets_the_crates_it_names() {
        let lc = |text| LEETCODE.wanted_by(text);
        assert_eq!(lc("use rand::Rng;\nfn f() {}"), ["rand"]);
        assert_eq!(lc("let x = rand::random::<u8>();"), ["rand"]);
        assert_eq!(lc("extern crate rand;"), ["rand"]);
        assert_eq!(lc("use ::rand::Rng;"), ["rand"]);
        assert_eq!(lc("use {std::io, rand};"), ["rand"]);
        assert_eq!(lc("use rand as r;"), ["rand"]);
        assert_eq!(
            lc("let s: &'static str = \"x\"; let r = rand::random::<u8>();"),
            ["rand"]
        );
        assert!(lc("// uses rand::Rng\nfn f() {}").is_empty());
        assert!(lc("let operand = 1; my_rand::f();").is_empty());
        assert!(lc("fn rand() {} fn g() { rand() }").is_empty());
        assert!(lc("use std::io; fn g() { let rand = 1; }").is_empty());
        assert!(lc("mod m { pub mod rand {} } use m::rand;").is_empty());

        let at = |text| ATCODER_2023.wanted_by(text);
        assert!(at("fn main() {}").is_empty());
        assert!(at("fn main() { let num = 3; let either = num; }").is_empty());
        assert_eq!(at("use proconio::{input, marker::Chars};"), ["proconio"]);
        assert_eq!(
            at("use num::BigInt;\nuse ac_library::Dsu;\nuse itertools::Itertools;"),
            ["itertools", "num", "ac-library-rs"]
        );
        assert_eq!(
            at("#[macro_use]\nextern crate lazy_static;\nfn f() { let m = rustc_hash::FxHashMap::<u8, u8>::default(); }"),
            ["lazy_static", "rustc-hash"]
        );
        assert_eq!(
            at("use {proconio::input, superslice::Ext};"),
            ["proconio", "superslice"]
        );
    }

    #[test]
    fn a_crate_is_found_however_the_file_is_spaced_or_quoted() {
        let at = |text| ATCODER_2023.wanted_by(text);
        // A type or bound right after `:`, in code no formatter touched.
        assert_eq!(at("fn main(){let x:num::BigInt=1.into();}"), ["num"]);
        assert_eq!(at("fn g<T:num_traits::PrimInt>(x:T)->T{x}"), ["num-traits"]);
        assert_eq!(
            at("struct S{m:rustc_hash::FxHashMap<u8,u8>}"),
            ["rustc-hash"]
        );
        // A `//` that starts no comment, the crate later on its line.
        assert_eq!(
            at("let s=\"http://x\";let v=itertools::repeat_n(1,2);"),
            ["itertools"]
        );
        assert_eq!(
            at("let s=r#\"a//\"b\"#;let v=itertools::repeat_n(1,2);"),
            ["itertools"]
        );
        assert_eq!(at("let q='\"';let u=\"//\";num::one::<u8>();"), ["num"]);
        assert_eq!(
            at("/* see https://atcoder.jp */ use itertools::Itertools;"),
            ["itertools"]
        );
        assert_eq!(
            at("fn f<'a>(s:&'a str)->u8{0} // 'x\nuse either::Either;"),
            ["either"]
        );
        // Spaces where Rust allows them.
        assert_eq!(at("let n = itertools ::repeat_n(1, 2);"), ["itertools"]);
        assert_eq!(
            at("#[macro_use]\nextern\ncrate  maplit;\nfn f(){hashmap!{1=>2};}"),
            ["maplit"]
        );
        assert_eq!(at("<u8 as::num_traits::Zero>::zero()"), ["num-traits"]);
        assert_eq!(at("use ::proconio::input;"), ["proconio"]);
        // A module of this file or of std is no crate.
        assert!(at("mod rand { pub fn f() {} } use crate::rand::f;").is_empty());
        assert!(at("let x = self::either::f(); let y = std :: num :: Wrapping(1);").is_empty());
        assert!(at("let s = \"//\"; // num::BigInt").is_empty());
    }
}
