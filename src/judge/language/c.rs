//! C: `gcc -std=c11 -O2 … -lm`, which Lanqiao and POJ accept; a LeetCode
//! paste (its `solveSudoku(char** board, …)`) gets LeetCode's headers before
//! it, on line 1 by `#line`, and the harness after it.

use super::{methods_named, Entry, Language, Method, Options, Plan, Source};

pub static C: Language = Language {
    name: "C",
    extensions: &["c"],
    tool: "gcc",
    install: "gcc (Debian/Ubuntu: apt-get install gcc)",
    address_space: true,
    leetcode: |text| {
        if text.contains("char**") || text.contains("char **") {
            methods_named(text, "isValidSudoku", "solveSudoku")
        } else {
            Vec::new()
        }
    },
    reads_stdin: super::cpp::reads_stdin,
    toolchain: super::cpp::toolchain,
    plan,
    crash: super::cpp::crash,
    frame: super::function_frame,
    takes_rustc: false,
    compiler_note: None,
};

const HARNESS: &str = include_str!("harness/leetcode.c");

fn plan(source: &Source<'_>, entry: Entry, opts: &Options<'_>) -> Result<Plan, String> {
    let mut compile = vec![
        opts.toolchain.program.clone().into_os_string(),
        "-std=c11".into(),
        "-O2".into(),
    ];
    compile.extend(super::cpp::beside(source));
    let text = match entry {
        Entry::Program => source.text.to_string(),
        Entry::LeetCode(method) => {
            if method == Method::IsValidSudoku {
                compile.push("-DSUDOKU_LC36=1".into());
            }
            format!(
                "#define _POSIX_C_SOURCE 200809L\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <stdbool.h>\n#include <limits.h>\n#include <unistd.h>\n#define main sudoku_user_main\n#line 1 \"{}\"\n{}\n{HARNESS}",
                super::quoted(source.name),
                super::without_bom(source.text)
            )
        }
    };
    compile.extend(["-o".into(), "main".into(), source.name.into(), "-lm".into()]);
    Ok(Plan {
        files: vec![(source.name.to_string(), text.into_bytes())],
        compile: vec![compile],
        outputs: vec!["main".into()],
        run: vec!["/box/main".into()],
        depends: super::cpp::local_headers(source),
        ..Plan::default()
    })
}
