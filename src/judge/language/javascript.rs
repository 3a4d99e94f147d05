//! JavaScript: `node --check` stands for the build; the file runs under
//! `node` with the memory limit as `--max-old-space-size`. A LeetCode paste
//! (`var solveSudoku = function …`) runs through the harness.

use super::{methods_named, Entry, Language, Options, Plan, Source, Toolchain};
use std::path::{Path, PathBuf};

pub static JAVASCRIPT: Language = Language {
    name: "JavaScript",
    extensions: &["js"],
    tool: "node",
    also: &["nodejs"],
    install: "Node.js (Debian/Ubuntu: apt-get install nodejs; macOS and Windows: nodejs.org)",
    address_space: false,
    leetcode: |text| methods_named(text, "isValidSudoku", "solveSudoku"),
    other_class: |_| None,
    reads_stdin: |text| {
        ["process.stdin", "readFileSync(0", "/dev/stdin", "readline"]
            .iter()
            .any(|s| text.contains(s))
    },
    toolchain,
    plan,
    crash,
    frame: super::function_frame,
    flag: "node",
};

const HARNESS: &str = include_str!("harness/leetcode.js");

fn toolchain(tool: &Path) -> Result<Toolchain, std::io::Error> {
    let said = super::ask(tool, &["-p", "process.execPath + '\\n' + process.version"])?;
    let mut lines = said.lines();
    let (Some(program), Some(version)) = (lines.next(), lines.next()) else {
        return Err(std::io::Error::other(format!(
            "{}: an unexpected answer: {said}",
            tool.display()
        )));
    };
    let program = PathBuf::from(program);
    let prefix = program
        .parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf);
    Ok(Toolchain {
        version: format!("Node.js {version}"),
        prefix: prefix.and_then(super::outside_system).into_iter().collect(),
        program,
    })
}

fn plan(source: &Source<'_>, entry: Entry, opts: &Options<'_>) -> Result<Plan, String> {
    let node = opts.toolchain.program.display().to_string();
    let check = vec![
        opts.toolchain.program.clone().into_os_string(),
        "--check".into(),
        source.name.into(),
    ];
    let mut files = vec![(source.name.to_string(), source.bytes.to_vec())];
    let mut run = vec![node, "--max-old-space-size={memory_mb}".into()];
    match entry {
        Entry::Program => run.push(format!("/box/{}", source.name)),
        Entry::LeetCode(method) => {
            files.push(("leetcode.js".into(), HARNESS.as_bytes().to_vec()));
            run.extend([
                "/box/leetcode.js".into(),
                format!("/box/{}", source.name),
                source.name.into(),
                method.camel().into(),
            ]);
        }
    }
    Ok(Plan {
        files,
        compile: vec![check],
        run,
        binds: opts.toolchain.prefix.to_vec(),
        ..Plan::default()
    })
}

/// `TypeError: Cannot read properties of undefined (reading '0') at
/// solveSudoku (my.js:12:20)`: the error and the first frame in the user's file.
fn crash(stderr: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    let i = lines.iter().position(|l| {
        let word: String = l.chars().take_while(|c| c.is_alphanumeric()).collect();
        (word.ends_with("Error") || word == "Uncaught") && l[word.len()..].starts_with([':', ' '])
            || l.starts_with("Error")
    })?;
    let frame = lines[i + 1..]
        .iter()
        .map(|l| l.trim())
        .filter_map(|l| l.strip_prefix("at "))
        .find(|f| f.contains(name))
        .map(|f| f.replace(&format!("/box/{name}"), name));
    let text = match frame {
        Some(f) => format!("{} at {f}", lines[i].trim()),
        None => lines[i].trim().to_string(),
    };
    Some(super::printable(&text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_reads_with_the_users_frame() {
        let node = "/box/my.js:12\n    return b[r][c];\n               ^\n\nTypeError: Cannot read properties of undefined (reading '0')\n    at dfs (my.js:12:16)\n    at solveSudoku (my.js:3:5)\n    at Object.<anonymous> (/box/leetcode.js:20:15)\n\nNode.js v20.20.2\n";
        assert_eq!(
            crash(node, "my.js").unwrap(),
            "TypeError: Cannot read properties of undefined (reading '0') at dfs (my.js:12:16)"
        );
    }
}
