//! `sudoku new`: a starter file for a problem in a language, in the frame
//! its judge calls (LeetCode's class and method) or reading stdin as its
//! judge feeds it, under a name `sudoku judge` places as that problem.
//!
//! A starter compiles as written and answers nothing (WA, not CE). A
//! user's own templates come first: `KEY.EXT`, then `leetcode.EXT` or
//! `stdin.EXT`, in the folder [`templates_dir`] names, with `{{key}}`,
//! `{{title}}`, `{{statement}}`, `{{input}}`, `{{output}}`, `{{limits}}`
//! filled in.

use super::problem::{by_key, Problem, PROBLEMS};
use std::path::{Path, PathBuf};

/// A language `sudoku new` writes, by its `--lang` name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Rust (`.rs`).
    Rust,
    /// C++ (`.cpp`).
    Cpp,
    /// C (`.c`).
    C,
    /// Java (`.java`).
    Java,
    /// Python 3 (`.py`).
    Python,
    /// JavaScript (`.js`).
    JavaScript,
}

impl Lang {
    /// Every language, in `--help` order.
    pub const ALL: [Lang; 6] = [
        Lang::Cpp,
        Lang::Rust,
        Lang::C,
        Lang::Java,
        Lang::Python,
        Lang::JavaScript,
    ];

    /// Its `--lang` name.
    pub fn name(self) -> &'static str {
        match self {
            Lang::Rust => "rust",
            Lang::Cpp => "cpp",
            Lang::C => "c",
            Lang::Java => "java",
            Lang::Python => "python",
            Lang::JavaScript => "javascript",
        }
    }

    /// Its file extension.
    pub fn ext(self) -> &'static str {
        match self {
            Lang::Rust => "rs",
            Lang::Cpp => "cpp",
            Lang::C => "c",
            Lang::Java => "java",
            Lang::Python => "py",
            Lang::JavaScript => "js",
        }
    }

    /// The language a `--lang` value names (`cpp`, `c++`, `py`, …).
    pub fn parse(text: &str) -> Option<Lang> {
        match text.to_ascii_lowercase().as_str() {
            "rust" | "rs" => Some(Lang::Rust),
            "cpp" | "c++" | "cxx" | "cc" => Some(Lang::Cpp),
            "c" => Some(Lang::C),
            "java" => Some(Lang::Java),
            "python" | "python3" | "py" => Some(Lang::Python),
            "javascript" | "js" | "node" => Some(Lang::JavaScript),
            _ => None,
        }
    }
}

/// What `sudoku new` writes: where, what, and from which template.
#[derive(Clone, Debug)]
pub struct Starter {
    /// The file, relative to where it is written (`poj3074.cpp`,
    /// `poj2676/Main.java`).
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// The user's template it came from, or `None` for the built-in one.
    pub template: Option<PathBuf>,
}

/// The folder of a user's own templates: `$SUDOKU_TEMPLATES`, else
/// `$XDG_CONFIG_HOME/sudoku/templates`, else `~/.config/sudoku/templates`
/// (`%APPDATA%\sudoku\templates` on Windows).
pub fn templates_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("SUDOKU_TEMPLATES") {
        return Some(dir.into());
    }
    if cfg!(windows) {
        return var("APPDATA").map(|d| PathBuf::from(d).join("sudoku").join("templates"));
    }
    var("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".config")))
        .map(|d| d.join("sudoku").join("templates"))
}

/// Whether `problem` is one of LeetCode's (a method, not a program).
fn leetcode(problem: &Problem) -> bool {
    matches!(problem.key, "lc36" | "lc37")
}

/// The file name `sudoku judge` places as `problem`: `KEY.EXT`, or for a
/// Java stdin program the class its judge requires, in a folder named
/// after the problem (`poj2676/Main.java`).
pub fn default_path(problem: &Problem, lang: Lang) -> PathBuf {
    match (lang, leetcode(problem)) {
        (Lang::Java, false) => Path::new(problem.key).join("Main.java"),
        _ => PathBuf::from(format!("{}.{}", problem.key, lang.ext())),
    }
}

/// The starter for `key` in `lang`: the user's template if there is one
/// (see [`templates_dir`]), else the built-in one.
pub fn starter(key: &str, lang: Lang) -> Result<Starter, String> {
    let problem = by_key(key).ok_or_else(|| {
        let keys: Vec<&str> = PROBLEMS.iter().map(|p| p.key).collect();
        format!(
            "unknown problem {key:?}: expected one of {}",
            keys.join(", ")
        )
    })?;
    let own = templates_dir().and_then(|dir| {
        let kind = if leetcode(problem) {
            "leetcode"
        } else {
            "stdin"
        };
        [
            format!("{key}.{}", lang.ext()),
            format!("{kind}.{}", lang.ext()),
        ]
        .into_iter()
        .map(|name| dir.join(name))
        // Whatever is there is the user's: a FIFO, a folder or a broken
        // link is said below, not passed over for the next template.
        .find(|p| std::fs::symlink_metadata(p).is_ok())
    });
    let (text, template) = match own {
        Some(path) => {
            // A template is a source: held to a source's cap, a FIFO or a
            // link of another user's refused.
            let bytes = super::secure::read_named(&path, super::secure::SOURCE_CAP)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let text =
                String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8", path.display()))?;
            (text, Some(path))
        }
        None => (built_in(problem, lang), None),
    };
    Ok(Starter {
        path: default_path(problem, lang),
        text: fill(&text, problem),
        template,
    })
}

/// What a user should know before writing `key` in `lang`: node alone
/// holds more than a 32 MB limit (HDU's, which takes no JavaScript).
pub fn note(key: &str, lang: Lang) -> Option<String> {
    let p = by_key(key)?;
    (lang == Lang::JavaScript && p.memory_mb < 64).then(|| {
        format!(
            "{} allows {} MB, and node alone holds more: a JavaScript file gets MLE there whatever it does ({} takes C, C++ and Java)",
            p.short,
            p.memory_mb,
            p.short.split(' ').next().unwrap_or(p.short)
        )
    })
}

fn fill(text: &str, p: &Problem) -> String {
    text.replace("{{key}}", p.key)
        .replace("{{title}}", p.title)
        .replace("{{statement}}", p.statement)
        .replace("{{input}}", p.input)
        .replace("{{output}}", p.output)
        .replace(
            "{{limits}}",
            &format!("{} ms, {} MB", p.time_ms, p.memory_mb),
        )
}

/// The header comment every built-in starter opens with.
fn header(lang: Lang, p: &Problem) -> String {
    let lines = if p.key == "lc37" {
        vec![
            "{{title}}: {{statement}}",
            "Limits here: {{limits}}. Judge it: sudoku judge FILE (a failing",
            "file gets the `sudoku trace` command that shows its search).",
        ]
    } else if leetcode(p) {
        vec![
            "{{title}}: {{statement}}",
            "Limits here: {{limits}}. Judge it: sudoku judge FILE",
        ]
    } else {
        vec![
            "{{title}}: {{statement}}",
            "Input: {{input}}",
            "Output: {{output}}",
            "Limits: {{limits}}. Judge it: sudoku judge FILE",
        ]
    };
    let mark = if lang == Lang::Python { "#" } else { "//" };
    lines.iter().map(|l| format!("{mark} {l}\n")).collect()
}

fn built_in(p: &Problem, lang: Lang) -> String {
    let lc = leetcode(p);
    let valid = p.key == "lc36";
    let body = match (lang, lc) {
        (Lang::Rust, true) if valid => "impl Solution {\n    pub fn is_valid_sudoku(board: Vec<Vec<char>>) -> bool {\n        let _ = board;\n        false\n    }\n}\n",
        (Lang::Rust, true) => "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        let _ = board;\n    }\n}\n",
        (Lang::Cpp, true) if valid => "class Solution {\npublic:\n    bool isValidSudoku(vector<vector<char>>& board) {\n        return false;\n    }\n};\n",
        (Lang::Cpp, true) => "class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) {\n    }\n};\n",
        (Lang::C, true) if valid => "bool isValidSudoku(char** board, int boardSize, int* boardColSize) {\n    return false;\n}\n",
        (Lang::C, true) => "void solveSudoku(char** board, int boardSize, int* boardColSize) {\n}\n",
        (Lang::Java, true) if valid => "class Solution {\n    public boolean isValidSudoku(char[][] board) {\n        return false;\n    }\n}\n",
        (Lang::Java, true) => "class Solution {\n    public void solveSudoku(char[][] board) {\n    }\n}\n",
        (Lang::Python, true) if valid => "class Solution:\n    def isValidSudoku(self, board: List[List[str]]) -> bool:\n        return False\n",
        (Lang::Python, true) => "class Solution:\n    def solveSudoku(self, board: List[List[str]]) -> None:\n        \"\"\"\n        Do not return anything, modify board in-place instead.\n        \"\"\"\n",
        (Lang::JavaScript, true) if valid => "/**\n * @param {character[][]} board\n * @return {boolean}\n */\nvar isValidSudoku = function(board) {\n    return false;\n};\n",
        (Lang::JavaScript, true) => "/**\n * @param {character[][]} board\n * @return {void} Do not return anything, modify board in-place instead.\n */\nvar solveSudoku = function(board) {\n};\n",
        (Lang::Rust, false) if p.key == "abc327c" => "use proconio::input;\n\nfn main() {\n    // AtCoder's Rust has proconio: the grid, 9 rows of 9 numbers.\n    input! {\n        a: [[u32; 9]; 9],\n    }\n    let _ = a;\n    // TODO: print Yes or No.\n}\n",
        (Lang::Rust, false) => "use std::io::{self, BufWriter, Read, Write};\n\nfn main() {\n    let mut input = String::new();\n    io::stdin().read_to_string(&mut input).unwrap();\n    let out = io::stdout();\n    let mut out = BufWriter::new(out.lock());\n    for line in input.lines() {\n        let _ = line; // TODO: solve, and write the answer to `out`.\n    }\n    out.flush().unwrap();\n}\n",
        // The headers it uses, not <bits/stdc++.h>: g++'s own, which
        // Apple's clang lacks, and most of g++'s time on a file this size.
        (Lang::Cpp, false) => "#include <iostream>\n#include <string>\nusing namespace std;\n\nint main() {\n    ios::sync_with_stdio(false);\n    cin.tie(0);\n    string line;\n    while (getline(cin, line)) {\n        // TODO: solve, and print the answer.\n    }\n    return 0;\n}\n",
        (Lang::C, false) => "#include <stdio.h>\n#include <string.h>\n\nstatic char line[1 << 16];\n\nint main(void) {\n    while (fgets(line, sizeof line, stdin)) {\n        /* TODO: solve, and print the answer. */\n    }\n    return 0;\n}\n",
        (Lang::Java, false) => "import java.io.*;\nimport java.util.*;\n\npublic class Main {\n    public static void main(String[] args) throws IOException {\n        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));\n        StringBuilder out = new StringBuilder();\n        String line;\n        while ((line = in.readLine()) != null) {\n            // TODO: solve, and append the answer to out.\n        }\n        System.out.print(out);\n    }\n}\n",
        (Lang::Python, false) => "import sys\n\n\ndef main():\n    lines = sys.stdin.buffer.read().decode().split('\\n')\n    out = []\n    for line in lines:\n        pass  # TODO: solve, and append the answer to out.\n    sys.stdout.write(''.join(out))\n\n\nmain()\n",
        (Lang::JavaScript, false) => "const lines = require('fs').readFileSync(0, 'utf8').split('\\n');\nconst out = [];\nfor (const line of lines) {\n  // TODO: solve, and push the answer to out.\n}\nprocess.stdout.write(out.join(''));\n",
    };
    header(lang, p) + "\n" + body
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_and_language_has_a_starter_named_for_its_problem() {
        for p in PROBLEMS.iter() {
            for lang in Lang::ALL {
                let s = starter(p.key, lang).unwrap();
                assert!(s.text.contains(p.statement), "{} {:?}", p.key, lang);
                assert!(!s.text.contains("{{"), "{} {:?}", p.key, lang);
                let path = s.path.to_string_lossy().replace('\\', "/");
                assert!(path.starts_with(p.key), "{path}");
                assert!(path.ends_with(lang.ext()), "{path}");
            }
        }
        assert!(starter("nope", Lang::C).unwrap_err().contains("lc37"));
    }
}
