//! C: `gcc -O2 … -lm` with the problem's judge's `-std` (`gnu89` on the
//! old judges, where `gets` is declared) and defines, from the file's
//! bytes as they are. A LeetCode paste (its `solveSudoku(char**
//! board, …)`) is compiled as it is, included by a file of the judge's
//! between LeetCode's headers and the harness (as for C++).

use super::{methods_named, Entry, Language, Method, Options, Plan, Source};

pub static C: Language = Language {
    name: "C",
    extensions: &["c"],
    tool: "gcc",
    also: &["clang", "cc"],
    install: "gcc or clang (Debian/Ubuntu: apt-get install gcc; macOS: xcode-select --install; Windows: MSYS2's mingw-w64 gcc, or LLVM's clang)",
    address_space: true,
    leetcode: |text| {
        if text.contains("char**") || text.contains("char **") {
            methods_named(text, "isValidSudoku", "solveSudoku")
        } else {
            Vec::new()
        }
    },
    other_class: |_| None,
    reads_stdin: super::cpp::reads_stdin,
    toolchain: super::cpp::toolchain,
    plan,
    crash: super::cpp::crash,
    frame: super::function_frame,
    flag: "cc",
};

const HARNESS: &str = include_str!("harness/leetcode.c");

fn plan(source: &Source<'_>, entry: Entry, opts: &Options<'_>) -> Result<Plan, String> {
    let mut compile = vec![
        opts.toolchain.program.clone().into_os_string(),
        opts.profile.c_std.into(),
        "-O2".into(),
    ];
    compile.extend(opts.profile.defines.iter().map(|d| format!("-D{d}").into()));
    compile.extend(super::cpp::beside(source));
    if entry == Entry::LeetCode(Method::IsValidSudoku) {
        compile.push("-DSUDOKU_LC36=1".into());
    }
    let (files, main) = super::cpp::staged(
        source,
        entry,
        "#define _POSIX_C_SOURCE 200809L\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <stdbool.h>\n#include <limits.h>\n#include <unistd.h>\n",
        HARNESS,
        "c",
    );
    compile.extend(["-o".into(), "main".into(), main.into(), "-lm".into()]);
    Ok(Plan {
        files,
        compile: vec![compile],
        outputs: vec!["main".into()],
        run: vec!["/box/main".into()],
        depends: super::cpp::local_headers(source),
        ..Plan::default()
    })
}
