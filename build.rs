//! Three jobs, all about noticing files:
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
//! 3. Discover the stdin problems: every `inputs/KEY/problem` (its titles,
//!    limits, checker, programs) becomes a judge problem, its programs
//!    `solutions/PROGRAM.rs` modules of `family` with their `run`, and every
//!    `inputs/KEY/` an embedded fixture set (`$OUT_DIR/family.rs`,
//!    `problems.rs`, `embedded.rs`). A new stdin problem is its folder and
//!    its file (and its `[[bin]]`, which `tests/it/family.rs` checks is there).

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
    stdin_problems(Path::new(&root), Path::new(&out));
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

/// One `inputs/KEY/problem` file: its `name: value` lines.
struct ProblemFile {
    key: String,
    fields: Vec<(String, String)>,
}

impl ProblemFile {
    fn get(&self, name: &str) -> &str {
        self.fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("inputs/{}/problem: no `{name}:` line", self.key))
    }
}

fn stdin_problems(root: &Path, out: &Path) {
    let mut sets: Vec<String> = std::fs::read_dir(root.join("inputs"))
        .expect("inputs/ is readable")
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name().to_string_lossy().into_owned();
            (e.path().is_dir() && name != "bench").then_some(name)
        })
        .collect();
    sets.sort();
    // LeetCode's problems are values in src/judge/problem.rs: their folders'
    // `problem` files hold only the lines about cases, which src/fixtures.rs reads.
    let mut problems: Vec<ProblemFile> = sets
        .iter()
        .filter(|key| !matches!(key.as_str(), "lc36" | "lc37"))
        .filter_map(|key| {
            let text =
                std::fs::read_to_string(root.join("inputs").join(key).join("problem")).ok()?;
            let fields = text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .filter_map(|l| l.split_once(':'))
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .collect();
            Some(ProblemFile {
                key: key.clone(),
                fields,
            })
        })
        .collect();
    problems.sort_by_key(|p| p.get("order").parse::<u32>().expect("`order:` is a number"));

    let mut family = String::new();
    let mut programs = String::new();
    for p in &problems {
        for program in p.get("programs").split_whitespace() {
            let path = root.join("solutions").join(format!("{program}.rs"));
            let _ = writeln!(
                family,
                "#[doc = \"`solutions/{program}.rs`.\"]\n#[allow(dead_code)]\n#[path = {:?}]\npub mod {program};",
                path.display().to_string()
            );
            let _ = writeln!(
                programs,
                "    (\"{program}\", |i| {program}::run(i).map_err(|f| (f.exit_code(), f.to_string()))),"
            );
        }
    }
    let _ = writeln!(
        family,
        "\n/// Every stdin program by name, found from `inputs/*/problem` by `build.rs`.\npub const PROGRAMS: &[(&str, Program)] = &[\n{programs}];"
    );
    std::fs::write(out.join("family.rs"), family).expect("OUT_DIR is writable");

    let mut table = String::new();
    for p in &problems {
        let java = match p.get("java_class") {
            "any" => "None".to_string(),
            class => format!("Some({class:?})"),
        };
        let solutions: Vec<String> = p
            .get("programs")
            .split_whitespace()
            .map(|s| format!("({s:?}, Verdict::Ac)"))
            .collect();
        let _ = writeln!(
            table,
            "    family!({:?}, {:?}, {:?}, {:?}, {:?}, {:?}, {:?}, {:?}, {}, {}, {}, {java}, [{}]),",
            p.key,
            p.get("short"),
            p.get("names"),
            p.get("titles"),
            p.get("title"),
            p.get("statement"),
            p.get("input"),
            p.get("output"),
            p.get("time_ms"),
            p.get("memory_mb"),
            p.get("checker"),
            solutions.join(", ")
        );
    }
    let n = 2 + problems.len();
    std::fs::write(
        out.join("problems.rs"),
        format!("/// Every problem, in table order: LeetCode's two, then the stdin problems of\n/// `inputs/*/problem`, by their `order:`.\npub static PROBLEMS: [Problem; {n}] = [\n    LC36,\n    LC37,\n{table}];\n"),
    )
    .expect("OUT_DIR is writable");

    let mut embedded = String::new();
    let problem_sets: Vec<&String> = sets
        .iter()
        .filter(|k| k.starts_with("lc3") || problems.iter().any(|p| p.key == **k))
        .collect();
    for key in &problem_sets {
        let _ = writeln!(
            embedded,
            "    ({key:?}, include_dir!(\"$CARGO_MANIFEST_DIR/inputs/{key}\")),"
        );
    }
    std::fs::write(
        out.join("embedded.rs"),
        format!("/// The shipped fixture sets, by problem key (not `inputs/bench` and `inputs/trace`:\n/// benchmark data and the trace's files).\nstatic EMBEDDED: [(&str, Dir<'static>); {}] = [\n{embedded}];\n", problem_sets.len()),
    )
    .expect("OUT_DIR is writable");
}
