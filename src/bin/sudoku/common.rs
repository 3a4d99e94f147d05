//! What the commands share: the exit policy's error, colour and width of
//! the terminal, the number of cores.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why a command stopped before its work was done: said once, after
/// `error: `, with exit 2, or said nothing with exit 141 when stdout was
/// closed (`sudoku solve big.txt | head`) anywhere in its chain.
pub struct Failure(Box<dyn std::error::Error>);

impl Failure {
    /// A failure that is only its message.
    pub fn msg(text: impl Into<String>) -> Failure {
        Failure(text.into().into())
    }

    /// Whether a closed pipe is at the bottom of it (ripgrep's rule: walk
    /// the error's sources).
    pub fn is_broken_pipe(&self) -> bool {
        let mut next: Option<&(dyn std::error::Error + 'static)> = Some(&*self.0);
        while let Some(e) = next {
            if e.downcast_ref::<io::Error>()
                .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
            {
                return true;
            }
            next = e.source();
        }
        false
    }
}

impl<E: std::error::Error + 'static> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(Box::new(e))
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// `--problem KEY`'s values: the registry's keys, so a misspelt one is
/// refused with the list.
pub fn problem_keys() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        sudoku_workspace::judge::problem::PROBLEMS
            .iter()
            .map(|p| p.key),
    )
}

/// Colour as anstream decides it: a terminal, unless `NO_COLOR` or
/// `CLICOLOR=0`; forced by `CLICOLOR_FORCE`.
pub fn terminal() -> bool {
    anstream::AutoStream::choice(&io::stdout()) != anstream::ColorChoice::Never
}

/// Terminal width from `COLUMNS`, else 120.
pub fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(120)
}

/// `--jobs N`, or every core when it is not given (judge, solve, count).
pub fn jobs_or_cores(jobs: Option<u64>) -> usize {
    jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    )
}

/// This program, which starts the sandbox's supervisor and runner.
pub fn this_program() -> Result<std::path::PathBuf, Failure> {
    std::env::current_exe().map_err(|e| {
        Failure::msg(format!(
            "cannot find this program to start the sandbox: {e}"
        ))
    })
}

/// Rust's editions, for `--edition`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Edition {
    #[value(name = "2015")]
    E2015,
    #[value(name = "2018")]
    E2018,
    #[value(name = "2021")]
    E2021,
    #[value(name = "2024")]
    E2024,
}

impl Edition {
    /// As rustc's `--edition` takes it.
    pub fn year(self) -> &'static str {
        match self {
            Edition::E2015 => "2015",
            Edition::E2018 => "2018",
            Edition::E2021 => "2021",
            Edition::E2024 => "2024",
        }
    }
}

/// The compiler or interpreter of each language, named on the command line
/// or in the environment (judge and stress share them).
#[derive(clap::Args, Debug, Default)]
pub struct Compilers {
    /// With a Rust FILE: the rustc to compile it with, e.g. a real 1.70 as AtCoder's 2023 Rust
    /// (this machine's may be newer than the judge's)
    #[arg(long, value_name = "PATH", env = "SUDOKU_RUSTC")]
    rustc: Option<PathBuf>,
    /// With a C++ FILE: the compiler [default: LeetCode's problems the newest clang++ 18 or
    /// later on PATH (clang++-19, say) as LeetCode builds with clang 19; else g++, else clang++]
    #[arg(long, value_name = "PATH", env = "SUDOKU_CXX")]
    cxx: Option<PathBuf>,
    /// With a C FILE: the compiler [default: gcc, else clang, else cc]
    #[arg(long, value_name = "PATH", env = "SUDOKU_CC")]
    cc: Option<PathBuf>,
    /// With a Java FILE: the javac (the java beside it runs the program) [default: javac]
    #[arg(long, value_name = "PATH", env = "SUDOKU_JAVA")]
    java: Option<PathBuf>,
    /// With a Python FILE: the Python 3 [default: python3] (Python 2: SUDOKU_PYTHON2)
    #[arg(long, value_name = "PATH", env = "SUDOKU_PYTHON")]
    python: Option<PathBuf>,
    /// With a JavaScript FILE: node [default: node, else nodejs]
    #[arg(long, value_name = "PATH", env = "SUDOKU_NODE")]
    node: Option<PathBuf>,
    /// Any language's compiler as LANG=PATH (repeatable), LANG one of rust, c++, c, java,
    /// python, js: the same as its own flag above
    #[arg(long, value_name = "LANG=PATH", value_parser = parse_compiler)]
    compiler: Vec<(&'static str, PathBuf)>,
}

fn parse_compiler(arg: &str) -> Result<(&'static str, PathBuf), String> {
    sudoku_workspace::judge::language::choose::parse_compiler(arg)
}

impl Compilers {
    /// Each language's compiler once; a language named twice (by its flag
    /// and by `--compiler`, or by `--compiler` twice) is an error.
    pub fn named(self) -> Result<Vec<sudoku_workspace::judge::language::choose::Named>, Failure> {
        use sudoku_workspace::judge::language::choose::{env_var, Named};
        let mut named: Vec<Named> = Vec::new();
        let own = [
            ("rustc", self.rustc),
            ("cxx", self.cxx),
            ("cc", self.cc),
            ("java", self.java),
            ("python", self.python),
            ("node", self.node),
        ];
        for (flag, path) in own {
            if let Some(path) = path {
                named.push(Named {
                    flag,
                    path,
                    by: format!("--{flag} (or {})", env_var(flag)),
                });
            }
        }
        for (flag, path) in self.compiler {
            if let Some(before) = named.iter().find(|n| n.flag == flag) {
                return Err(Failure::msg(format!(
                    "--compiler {flag}={}: that language's compiler is already {} ({})",
                    path.display(),
                    before.path.display(),
                    before.by
                )));
            }
            named.push(Named {
                flag,
                by: format!("--compiler {flag}=…"),
                path,
            });
        }
        Ok(named)
    }
}
