//! `sudoku new`: a starter file for a problem, in a language, under a name
//! `sudoku judge` places as that problem.

use crate::common::Failure;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use sudoku_workspace::judge::starter::{self, Lang};

/// The `--help` epilogue.
pub const NEW_HELP: &str = "\
The file is LeetCode's frame for lc36 and lc37 (class Solution and its method, as LeetCode
shows it for the language), else a program that reads stdin as its judge feeds it (Java's
`public class Main` in a folder named after the problem, AtCoder's Rust with proconio). It
compiles and answers nothing: `sudoku judge FILE` gives WA until you solve it.

Your own templates come first, from $SUDOKU_TEMPLATES, else $XDG_CONFIG_HOME/sudoku/templates
(~/.config/sudoku/templates; %APPDATA%\\sudoku\\templates on Windows): KEY.EXT for one problem,
then leetcode.EXT or stdin.EXT; {{key}}, {{title}}, {{statement}}, {{input}}, {{output}} and
{{limits}} are filled in.

Exit codes:
  0    the file is written
  2    an unknown problem or language, a PATH whose extension names no language or
       another than --lang, a file already there (never overwritten), or a folder that
       cannot be written";

#[derive(Args)]
pub struct NewArgs {
    /// The problem: lc36, lc37, lanqiao, poj2676, poj3074, poj3076, spoj_sudoku, p1074,
    /// hdu1426, hdu4069, abc327c, cf1335d.
    #[arg(value_name = "KEY")]
    key: String,
    /// cpp, rust, c, java, python or javascript (or the extension: rs, py, js)
    /// [default: the language of PATH's extension, else cpp].
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
    /// Where to write it: a folder (one ending in `/` is made if missing; the file gets its usual name there), or a file path
    /// [default: the usual name in the current folder: KEY.EXT, KEY/Main.java].
    #[arg(value_name = "PATH")]
    path: Option<PathBuf>,
}

pub fn run(args: NewArgs, out: &mut dyn Write) -> Result<ExitCode, Failure> {
    // A file PATH (not a folder) names its language by its extension, as
    // `sudoku judge` reads it.
    // A PATH ending in a separator is a folder, made if missing.
    let folder = |p: &PathBuf| {
        p.is_dir()
            || p.as_os_str()
                .to_string_lossy()
                .ends_with(['/', std::path::MAIN_SEPARATOR])
    };
    let file = args.path.as_ref().filter(|p| !folder(p));
    let named = file.map(|p| {
        p.extension()
            .and_then(|e| e.to_str())
            .and_then(|e| Lang::parse(&e.to_ascii_lowercase()))
            .ok_or_else(|| {
                Failure::msg(format!(
                    "{}: the judge knows a file's language by its extension: end it in .cpp, .rs, .c, .java, .py or .js",
                    p.display()
                ))
            })
    });
    let named = named.transpose()?;
    let lang = match &args.lang {
        Some(text) => Lang::parse(text).ok_or_else(|| {
            let names: Vec<&str> = Lang::ALL.iter().map(|l| l.name()).collect();
            Failure::msg(format!(
                "--lang {text}: expected one of {}",
                names.join(", ")
            ))
        })?,
        None => named.unwrap_or(Lang::Cpp),
    };
    if let (Some(path), Some(by_name)) = (file, named) {
        if by_name != lang {
            return Err(Failure::msg(format!(
                "{}: a {} file's name, and --lang {} writes {}: end it in .{}, or give --lang {}",
                path.display(),
                by_name.name(),
                lang.name(),
                lang.name(),
                lang.ext(),
                by_name.name()
            )));
        }
    }
    let made = starter::starter(&args.key, lang).map_err(Failure::msg)?;
    let path = match args.path {
        Some(p) if folder(&p) => p.join(&made.path),
        Some(p) => p,
        None => made.path.clone(),
    };
    if path.exists() {
        return Err(Failure::msg(format!(
            "{}: already there; `sudoku new` never overwrites a file (give another PATH)",
            path.display()
        )));
    }
    // A folder on the way that is another user's link would put the file
    // where they choose (a root user's file in their folder).
    #[cfg(unix)]
    if let Some((link, uid)) = sudoku_workspace::judge::secure::others_link_on(&path) {
        return Err(Failure::msg(format!(
            "{}: {} is a symbolic link of another user (uid {uid}); `sudoku new` writes only through your own (give another PATH)",
            path.display(),
            link.display()
        )));
    }
    // New, and never through a link put on the way: a file made between
    // the check and the write is not overwritten either.
    #[cfg(unix)]
    let opened = sudoku_workspace::judge::secure::create_new_file(&path);
    #[cfg(not(unix))]
    let opened = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
        });
    let mut file = opened.map_err(|e| Failure::msg(format!("{}: {e}", path.display())))?;
    file.write_all(made.text.as_bytes())
        .map_err(|e| Failure::msg(format!("{}: {e}", path.display())))?;
    let from = made
        .template
        .map_or("the built-in starter".to_string(), |t| {
            format!("your template {}", t.display())
        });
    writeln!(
        out,
        "wrote {} ({}, {}; from {from})\njudge it: sudoku judge {}",
        path.display(),
        args.key,
        lang.name(),
        path.display()
    )?;
    if let Some(note) = starter::note(&args.key, lang) {
        writeln!(out, "note: {note}")?;
    }
    Ok(ExitCode::SUCCESS)
}
