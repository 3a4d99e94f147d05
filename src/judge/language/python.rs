//! Python 3: a syntax check stands for the build; the file runs under the
//! interpreter `python3` names (a pyenv shim is resolved once, and its
//! prefix bound read-only into the sandbox). The file is its bytes, read as
//! Python reads them: UTF-8 (a byte-order mark is fine), or the encoding a
//! coding line names; other bytes are Python's own SyntaxError, a CE. A
//! LeetCode paste runs through the harness, which compiles it the same way.

use super::{methods_named, Entry, Language, Options, Plan, Source, Toolchain};
use std::path::{Path, PathBuf};

pub static PYTHON: Language = Language {
    name: "Python 3",
    extensions: &["py"],
    tool: "python3",
    // Windows installs Python 3 as `python` and the `py` launcher; elsewhere
    // `python` may be Python 2.
    also: if cfg!(windows) { &["python", "py"] } else { &[] },
    install: "Python 3 (Debian/Ubuntu: apt-get install python3; macOS: python.org or Homebrew; Windows: python.org, which adds `py`)",
    address_space: true,
    // In code, not in a comment or a string (a stdin program's comment
    // may name LeetCode's class).
    leetcode: |text| {
        let code = super::python_code_only(text);
        if code.contains("class Solution") {
            methods_named(&code, "isValidSudoku", "solveSudoku")
        } else {
            Vec::new()
        }
    },
    other_class: |text| super::other_class(text, false),
    reads_stdin: |text| {
        text.contains("input(") || text.contains("sys.stdin") || text.contains("open(0")
    },
    toolchain,
    plan,
    crash,
    frame: super::class_frame,
    flag: "python",
};

const HARNESS: &str = include_str!("harness/leetcode.py");

fn toolchain(tool: &Path) -> Result<Toolchain, std::io::Error> {
    // A pyenv shim is a shell script that runs pyenv to choose the
    // interpreter (about 70 ms of CPU a time); where its choice is plain,
    // the interpreter is asked directly.
    let version = std::env::var_os("PYENV_VERSION");
    let chosen = pyenv_choice(
        tool,
        version.as_deref(),
        std::env::var_os("PYENV_DIR").is_some(),
    );
    let said = super::ask(
        chosen.as_deref().unwrap_or(tool),
        &[
            "-c",
            "import sys; print(sys.executable); print(getattr(sys, 'base_prefix', sys.prefix)); print(sys.version.split()[0]); print(sys.prefix)",
        ],
    )?;
    let mut lines = said.lines();
    let (Some(program), Some(base), Some(version), Some(prefix)) =
        (lines.next(), lines.next(), lines.next(), lines.next())
    else {
        return Err(std::io::Error::other(format!(
            "{}: an unexpected answer: {said}",
            tool.display()
        )));
    };
    // A virtual environment (`python3 -m venv`: its own prefix, its
    // packages) runs as its `bin/python3`, with its folder bound beside the
    // base install's. Elsewhere the interpreter runs by its real path: a
    // `python3` reached through a link in a folder of links (`~/bin`) would
    // not be found in the sandbox, which binds the install, not that folder.
    let venv = (prefix != base).then(|| PathBuf::from(prefix));
    // (Windows binds nothing and would name it `\\?\C:\…`: as it is there.)
    let program = match &venv {
        None if cfg!(unix) => {
            std::fs::canonicalize(program).unwrap_or_else(|_| PathBuf::from(program))
        }
        _ => PathBuf::from(program),
    };
    Ok(Toolchain {
        program,
        version: format!("Python {version}"),
        prefix: [Some(PathBuf::from(base)), venv]
            .into_iter()
            .flatten()
            .filter_map(super::outside_system)
            .collect(),
    })
}

/// The interpreter a pyenv shim at `tool` runs when asked from
/// [`super::NEUTRAL_DIR`], found by pyenv's rules without running pyenv:
/// `PYENV_VERSION` (`env`), else a `.python-version` in that folder, else
/// the `version` file of the root the shim is in. `None`, and the shim is
/// asked, where `tool` is no shim or the choice is not one installed
/// version named in full (`system`, several, a prefix such as `3.11`, or
/// `PYENV_DIR` set, which moves where pyenv looks).
fn pyenv_choice(tool: &Path, env: Option<&std::ffi::OsStr>, pyenv_dir: bool) -> Option<PathBuf> {
    let shims = tool.parent()?;
    let root = shims.parent()?;
    if shims.file_name()? != "shims" || !root.join("versions").is_dir() || pyenv_dir {
        return None;
    }
    // pyenv splits `PYENV_VERSION` at `:` alone (an empty one is unset),
    // and reads the first word of each line of a file, `#` lines skipped.
    let env = env.filter(|env| !env.is_empty());
    let chosen = match env {
        Some(env) => env.to_str()?.to_string(),
        None => [
            Path::new(super::NEUTRAL_DIR).join(".python-version"),
            root.join("version"),
        ]
        .iter()
        .find_map(|file| std::fs::read_to_string(file).ok())?
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|word| !word.starts_with('#'))
        .collect::<Vec<_>>()
        .join(":"),
    };
    let words: Vec<&str> = chosen.split(':').filter(|w| !w.is_empty()).collect();
    let [version] = words[..] else {
        return None;
    };
    if version == "system" || version.contains(['/', '\\']) || version.starts_with('.') {
        return None;
    }
    let real = root
        .join("versions")
        .join(version)
        .join("bin")
        .join(tool.file_name()?);
    real.is_file().then_some(real)
}

/// A Python 2 interpreter, for the judges that offer Python 2: the one
/// `SUDOKU_PYTHON2` names, else `python2` or `python2.7` on `PATH`, else a
/// pyenv 2.7 (whose shim on `PATH` refuses to run without a version set).
pub fn python2() -> Option<Toolchain> {
    if let Some(named) = std::env::var_os("SUDOKU_PYTHON2") {
        return toolchain(Path::new(&named)).ok();
    }
    let pyenv = std::env::var_os("PYENV_ROOT")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".pyenv")))
        .map(|root| root.join("versions"));
    let mut candidates = vec![PathBuf::from("python2"), PathBuf::from("python2.7")];
    if let Some(Ok(versions)) = pyenv.map(std::fs::read_dir) {
        let mut found: Vec<PathBuf> = versions
            .flatten()
            .filter(|v| v.file_name().to_string_lossy().starts_with("2.7"))
            .map(|v| v.path().join("bin").join("python2.7"))
            .collect();
        found.sort();
        candidates.extend(found.into_iter().rev());
    }
    candidates
        .iter()
        .filter_map(|c| toolchain(c).ok())
        .find(|t| t.version.starts_with("Python 2"))
}

fn plan(source: &Source<'_>, entry: Entry, opts: &Options<'_>) -> Result<Plan, String> {
    let python = opts.toolchain.program.display().to_string();
    let check = vec![
        opts.toolchain.program.clone().into_os_string(),
        "-c".into(),
        "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')".into(),
        source.name.into(),
    ];
    let mut files = vec![(source.name.to_string(), source.bytes.to_vec())];
    let run = match entry {
        Entry::Program => vec![python, format!("/box/{}", source.name)],
        Entry::LeetCode(method) => {
            files.push(("leetcode.py".into(), HARNESS.as_bytes().to_vec()));
            vec![
                python,
                "/box/leetcode.py".into(),
                format!("/box/{}", source.name),
                source.name.into(),
                method.camel().into(),
            ]
        }
    };
    Ok(Plan {
        files,
        compile: vec![check],
        run,
        binds: opts.toolchain.prefix.to_vec(),
        ..Plan::default()
    })
}

/// `IndexError: list index out of range at line 12 of my.py (in dfs)`: the
/// exception and the innermost frame in the user's file.
fn crash(stderr: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    let start = lines.iter().rposition(|l| l.starts_with("Traceback"))?;
    let body = &lines[start..];
    let exception = body
        .iter()
        .rev()
        .find(|l| !l.starts_with(' ') && !l.is_empty() && !l.starts_with("Traceback"))?;
    let frame = body.iter().rev().find_map(|l| {
        let rest = l.trim().strip_prefix("File \"")?;
        let (file, rest) = rest.split_once("\", line ")?;
        if file != name && file != format!("/box/{name}") {
            return None;
        }
        let (line, func) = rest.split_once(", in ").unwrap_or((rest, ""));
        Some(format!(
            " at line {line} of {name}{}",
            if func.is_empty() || func == "<module>" {
                String::new()
            } else {
                format!(" (in {func})")
            }
        ))
    });
    Some(super::printable(&format!(
        "{exception}{}",
        frame.unwrap_or_default()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_traceback_reads_as_error_and_line() {
        let tb = "Traceback (most recent call last):\n  File \"/box/leetcode.py\", line 30, in <module>\n  File \"my.py\", line 12, in dfs\n    board[r][9]\nIndexError: list index out of range\n";
        assert_eq!(
            crash(tb, "my.py").unwrap(),
            "IndexError: list index out of range at line 12 of my.py (in dfs)"
        );
        let top = "Traceback (most recent call last):\n  File \"/box/a.py\", line 3, in <module>\n    x = int(input())\nValueError: invalid literal for int() with base 10: 'x'\n";
        assert_eq!(
            crash(top, "a.py").unwrap(),
            "ValueError: invalid literal for int() with base 10: 'x' at line 3 of a.py"
        );
    }

    #[test]
    fn a_pyenv_shim_is_read_as_pyenv_reads_it() {
        let root = tempfile::tempdir().unwrap();
        let root = root.path();
        let shim = root.join("shims/python3");
        let real = root.join("versions/3.11.7/bin/python3");
        for file in [&shim, &real, &root.join("versions/3.10.2/bin/python3")] {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, "").unwrap();
        }
        let env = |v: &str| Some(std::ffi::OsString::from(v));
        let choice = |env: Option<std::ffi::OsString>| pyenv_choice(&shim, env.as_deref(), false);
        assert_eq!(choice(env("3.11.7")), Some(real.clone()));
        // Several, the system's, a prefix, one not installed: pyenv decides.
        for v in [
            "3.11.7:3.10.2",
            "system",
            "3.11",
            "3.9.0",
            "../3.11.7",
            // No word is cut from `PYENV_VERSION` at a space: pyenv looks
            // for a version named with the space and finds none.
            " 3.11.7 ",
            "3.11.7 3.10.2",
        ] {
            assert_eq!(choice(env(v)), None, "{v}");
        }
        // The global file, unless /.python-version says otherwise.
        let here = Path::new(super::super::NEUTRAL_DIR).join(".python-version");
        if !here.exists() {
            assert_eq!(choice(None), None);
            std::fs::write(root.join("version"), "# mine\n3.11.7\n").unwrap();
            assert_eq!(choice(None), Some(real.clone()));
            std::fs::write(root.join("version"), "3.11.7\n3.10.2\n").unwrap();
            assert_eq!(choice(None), None);
            // A line's first word is its version; an empty variable is unset.
            std::fs::write(root.join("version"), "3.11.7 3.10.2\r\n").unwrap();
            assert_eq!(choice(None), Some(real.clone()));
            assert_eq!(choice(env("")), Some(real.clone()));
        }
        // PYENV_DIR moves where pyenv looks; anything but a shim is itself.
        assert_eq!(pyenv_choice(&shim, env("3.11.7").as_deref(), true), None);
        assert_eq!(pyenv_choice(&real, env("3.11.7").as_deref(), false), None);
    }
}
