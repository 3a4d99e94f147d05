//! `sudoku solve` and `sudoku count` as real processes: the output and exit
//! rules, end to end (the rules themselves are unit-tested in
//! `src/batch.rs`).

use pretty_assertions::assert_eq;
use std::io::Write;
use std::process::{Command, Stdio};
use sudoku_workspace::grid::Grid;
use sudoku_workspace::oracle::check_solution;

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn sudoku(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.args(args);
    run_with_input(cmd, stdin.as_bytes())
}

/// A puzzle with consistent givens and no solution: row 1 needs a 9 in
/// column 9, which already has one.
fn unsolvable() -> String {
    let mut cells = ".".repeat(81).into_bytes();
    cells[..8].copy_from_slice(b"12345678");
    cells[4 * 9 + 8] = b'9';
    String::from_utf8(cells).unwrap()
}

#[test]
fn solve_prints_one_line_per_puzzle_and_exits_1_when_one_is_not_unique() {
    let input = format!(
        "# a comment\n{LEETCODE}\r\n\n{}  \n{}\n",
        unsolvable(),
        ".".repeat(81)
    );
    let (code, stdout, stderr) = sudoku(&["solve"], &input);
    assert_eq!((code, stderr.as_str()), (1, ""));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    let puzzle = Grid::from_line(LEETCODE, 1).unwrap();
    check_solution(&puzzle, &Grid::from_line(lines[0], 1).unwrap()).unwrap();
    assert!(lines[1].starts_with('#') && lines[1].contains("no solution"));
    assert!(lines[2].starts_with('#') && lines[2].contains("multiple solutions"));
}

#[test]
fn solve_exits_0_when_every_puzzle_is_unique_with_every_counting_solver() {
    for solver in ["fast", "dlx"] {
        let zeros = LEETCODE.replace('.', "0");
        let (code, stdout, _) = sudoku(&["solve", "--solver", solver, "-"], &zeros);
        assert_eq!(code, 0, "{solver}");
        assert_eq!(stdout.lines().count(), 1);
    }
}

#[test]
fn count_caps_at_the_limit() {
    let input = format!("{LEETCODE}\n{}\n{}\n", unsolvable(), ".".repeat(81));
    let (code, stdout, _) = sudoku(&["count"], &input);
    assert_eq!((code, stdout.as_str()), (0, "1\n0\n2\n"));
    let (_, stdout, _) = sudoku(&["count", "--limit", "7"], &input);
    assert_eq!(stdout, "1\n0\n7\n");
}

#[test]
fn a_malformed_line_stops_the_run_with_line_and_column() {
    let bad = format!("{}x{}", &LEETCODE[..40], &LEETCODE[41..]);
    let input = format!("{LEETCODE}\n\n{bad}\n{LEETCODE}\n");
    let (code, stdout, stderr) = sudoku(&["solve"], &input);
    assert_eq!(code, 2);
    assert_eq!(
        stdout.lines().count(),
        1,
        "only the puzzle before the bad line"
    );
    assert!(stderr.contains("line 3, column 41"), "{stderr}");
    let (code, _, stderr) = sudoku(&["count"], &format!("{}\n", &LEETCODE[..80]));
    assert_eq!(code, 2);
    assert!(stderr.contains("line 1, column 81"), "{stderr}");
}

/// No puzzle at all, a `--limit` of 0 and one row alone are mistakes
/// said so (exit 2), in words that count right.
#[test]
fn an_empty_input_a_zero_limit_and_one_row_are_said_so() {
    for command in ["solve", "count"] {
        for input in ["", "# only a comment\n\n"] {
            let (code, stdout, stderr) = sudoku(&[command], input);
            assert_eq!((code, stdout.as_str()), (2, ""), "{command} {input:?}");
            assert_eq!(
                stderr,
                "error: -: no puzzle in the input (only blank lines and # comments, or nothing)\n"
            );
        }
    }
    let (code, stdout, stderr) = sudoku(&["count", "--limit", "0"], &format!("{LEETCODE}\n"));
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(
        stderr.contains("invalid value '0' for '--limit <N>'"),
        "{stderr}"
    );
    let (code, _, stderr) = sudoku(&["solve"], "530070000\n");
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: -: malformed puzzle: line 2, column 1: the input ends after 1 line, expected 9\n"
    );
    let (code, _, stderr) = sudoku(&["solve"], "530070000\n6\n");
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: -: malformed puzzle: line 2, column 2: the line ends after 1 cell, expected 9\n"
    );
}

/// A bad row of a 9-line puzzle is said at its own line and column, in the
/// words `trace` and `judge --input` use, not as the input ending early.
#[test]
fn a_bad_row_of_a_nine_line_puzzle_is_named_where_it_is() {
    let rows: Vec<&str> = (0..9).map(|r| &LEETCODE[r * 9..r * 9 + 9]).collect();
    for (row, text, said) in [
        (8, "....8..7a", "line 9, column 9: unexpected character 'a'"),
        (
            1,
            "6..195.",
            "line 2, column 8: the line ends after 7 cells, expected 9",
        ),
        (
            1,
            "6..195....",
            "line 2, column 10: the line goes on past 9 cells",
        ),
    ] {
        let mut lines = rows.clone();
        lines[row] = text;
        let input = lines.join("\n") + "\n";
        for command in ["solve", "count"] {
            let (code, stdout, stderr) = sudoku(&[command], &input);
            assert_eq!(
                (code, stdout.as_str()),
                (2, ""),
                "{command} {text}: {stderr}"
            );
            assert_eq!(
                stderr,
                format!("error: -: malformed puzzle: {said}\n"),
                "{command}"
            );
        }
    }
    // Rows cut short by a whole puzzle: the 9-line one ended early there.
    let input = format!("{}\n{}\n{LEETCODE}\n", rows[0], rows[1]);
    let (code, _, stderr) = sudoku(&["solve"], &input);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("line 3, column 1: the input ends after 2 lines, expected 9"),
        "{stderr}"
    );
}

#[test]
fn unknown_solver_and_missing_file_exit_2() {
    for command in ["solve", "count"] {
        let (code, _, stderr) = sudoku(&[command, "--solver", "nope"], "");
        assert_eq!(code, 2);
        assert!(
            stderr.contains("unknown solver; the solvers are fast, ")
                && stderr.contains(", dlx, ")
                && !stderr.contains("counts up to"),
            "{command}: {stderr}"
        );
    }
    let (code, _, stderr) = sudoku(&["count", "/no/such/file"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("/no/such/file"));
}

use crate::common;
use common::{dev_zero, run_measured, run_with_input, RSS_LIMIT_KB};
use std::time::Duration;

/// `sudoku solve /dev/zero` (as a file and as stdin): one endless line, so
/// the run must stop at the line cap at once, in bounded memory, with exit 2
/// and a positioned message. Before, it read until memory ran out.
#[test]
fn solve_on_dev_zero_stops_at_once_in_bounded_memory() {
    for as_file in [true, false] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
        let stdin = if as_file {
            cmd.args(["solve", "/dev/zero"]);
            Stdio::null()
        } else {
            cmd.arg("solve");
            dev_zero()
        };
        let run = run_measured(cmd, stdin, Duration::from_secs(10));
        assert!(!run.timed_out, "as file {as_file}: {run:?}");
        assert_eq!(run.code, Some(2), "as file {as_file}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("line 1, column 4097: the line is longer than 4096 bytes"),
            "{}",
            run.stderr
        );
        assert!(
            run.max_rss_kb < RSS_LIMIT_KB,
            "peak RSS {} KiB",
            run.max_rss_kb
        );
    }
}

/// `sudoku count` on a 2-million-line file streams it: peak RSS stays far
/// below the file's 164 MB (before, the whole file was read into memory).
#[test]
fn count_on_two_million_lines_stays_under_64_mb() {
    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("two_million_lines.txt");
    {
        // Nearly solved boards are quick to count, so the test measures the
        // reading, not the search; every 1000th line is LeetCode's puzzle.
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        let mut near = SOLVED.as_bytes().to_vec();
        for cell in [0, 10, 40, 80] {
            near[cell] = b'.';
        }
        for i in 0..2_000_000 {
            let line: &[u8] = if i % 1000 == 0 {
                LEETCODE.as_bytes()
            } else {
                &near
            };
            file.write_all(line).unwrap();
            file.write_all(b"\n").unwrap();
        }
        file.flush().unwrap();
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.arg("count").arg(&path);
    let run = run_measured(cmd, Stdio::null(), Duration::from_secs(120));
    std::fs::remove_file(&path).unwrap();
    assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""), "{run:?}");
    assert_eq!(run.stdout_lines, 2_000_000);
    assert!(run.stdout.starts_with(b"1\n1\n"));
    assert!(
        run.max_rss_kb < RSS_LIMIT_KB,
        "peak RSS {} KiB on 2M lines",
        run.max_rss_kb
    );
}

/// The first answer is printed while the input is still open: a pipe that
/// sends one puzzle and waits sees its answer, not only when stdin is
/// closed.
#[test]
fn solve_answers_each_puzzle_before_the_input_ends() {
    // After the puzzle: nothing, a blank line, a comment, half a line; with
    // one job and with several. The answer must come before more input.
    for tail in ["", "\n", "# more soon\n", "53..7"] {
        for jobs in ["1", "2"] {
            answers_before_more_input(tail, jobs);
        }
    }
}

fn answers_before_more_input(tail: &str, jobs: &str) {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "--jobs", jobs])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    write!(stdin, "{LEETCODE}\n{tail}").unwrap();
    stdin.flush().unwrap();
    let first = rx.recv_timeout(Duration::from_secs(5));
    // Close stdin either way, so the child ends.
    drop(stdin);
    let _ = child.wait().unwrap();
    let first = first
        .unwrap_or_else(|_| panic!("no answer while stdin is open (tail {tail:?}, --jobs {jobs})"));
    let puzzle = Grid::from_line(LEETCODE, 1).unwrap();
    check_solution(&puzzle, &Grid::from_line(&first, 1).unwrap()).unwrap();
}

/// `sudoku solve | head -1` and `sudoku count | head -1`: the reader goes
/// away, and the run stops quietly with exit 141 (128 + SIGPIPE).
#[test]
fn a_closed_pipe_ends_solve_and_count_quietly_with_141() {
    use std::io::{BufRead, BufReader};
    let input = format!("{LEETCODE}\n").repeat(200_000);
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("closed_pipe.txt");
    std::fs::write(&path, input).unwrap();
    for command in ["solve", "count"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .arg(command)
            .arg(&path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(!first.is_empty(), "{command}");
        // The read end is dropped here: the child's next write fails.
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(141), "{command}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{command}");
    }
    std::fs::remove_file(&path).unwrap();
}

/// Each streaming command's `--help` names the closed-pipe exit code.
#[test]
fn help_names_exit_141_for_a_closed_pipe() {
    for command in ["solve", "count", "trace"] {
        let (code, stdout, _) = sudoku(&[command, "--help"], "");
        assert_eq!(code, 0, "{command}");
        assert!(
            stdout.contains(
                "141  stdout was closed early (e.g. piped into head): the run stops quietly"
            ),
            "{command}: {stdout}"
        );
    }
}

#[test]
fn each_help_names_only_flags_its_command_has() {
    // `solve` has no --limit: its help must not send the reader to one.
    for command in ["solve", "count", "trace", "judge"] {
        let (_, help, _) = sudoku(&[command, "--help"], "");
        let (options, rest) = help.split_once("Options:").unwrap();
        let options = options.to_string() + rest.split("\n\n").next().unwrap();
        for word in help.split(|c: char| c.is_whitespace() || "`()[],;:".contains(c)) {
            if let Some(flag) = word.strip_prefix("--").filter(|f| !f.is_empty()) {
                let flag = flag.split('=').next().unwrap();
                assert!(
                    options.contains(&format!("--{flag} "))
                        || options.contains(&format!("--{flag}\n")),
                    "`sudoku {command} --help` mentions --{flag}, which it does not have:\n{help}"
                );
            }
        }
    }
}

/// `--jobs N` writes what one job writes, in order; `--stats` adds one line
/// on stderr with the solve time, puzzles/s and guesses per puzzle.
#[test]
fn jobs_keep_the_order_and_stats_go_to_stderr() {
    let path = format!(
        "{}/inputs/bench/puzzles3_magictour_top1465",
        env!("CARGO_MANIFEST_DIR")
    );
    for command in ["solve", "count"] {
        let (code1, out1, err1) = sudoku(&[command, "--jobs", "1", &path], "");
        let (code2, out2, err2) = sudoku(&[command, "--jobs", "3", "--stats", &path], "");
        assert_eq!((code1, code2), (0, 0), "{err1}{err2}");
        assert_eq!(out1.lines().count(), 1465);
        assert_eq!(out2, out1);
        assert!(err1.is_empty(), "{err1}");
        let stats = err2.trim();
        assert!(
            stats.starts_with("stats: 1465 puzzles, solver fast")
                && stats.contains("3 jobs: solve time ")
                && stats.ends_with(" guesses/puzzle"),
            "{stats}"
        );
        // The guesses per puzzle are the search's, whatever the jobs.
        let per: f64 = stats
            .rsplit(", ")
            .next()
            .and_then(|s| s.split(' ').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{stats}"));
        assert!((5.0..20.0).contains(&per), "{stats}");
    }
    let (code, _, err) = sudoku(&["count", "--jobs", "0", &path], "");
    assert_eq!(code, 2, "{err}");
}

/// One input format story: what `sudoku gen` writes in any of its formats
/// (a line of 81, 9 lines of 9 with a blank line between, LeetCode's
/// literal) is what `solve` and `count` read, with the same answers; a
/// 9-line puzzle cut short is malformed at the line where it stopped.
#[test]
fn every_gen_format_is_read_the_same() {
    let mut answers = Vec::new();
    for format in ["line", "lanqiao", "leetcode"] {
        let gen = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(["gen", "--count", "3", "--seed", "11", "--format", format])
            .output()
            .unwrap();
        assert!(gen.status.success());
        let mut solve = Command::new(env!("CARGO_BIN_EXE_sudoku"));
        solve.arg("solve");
        let (code, out, err) = run_with_input(solve, &gen.stdout);
        assert_eq!(code, 0, "{format}: {err}");
        answers.push(out);
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0], answers[2]);
    assert_eq!(answers[0].lines().count(), 3);
    let mut count = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    count.arg("count");
    let (code, out, err) = run_with_input(count, b"530070000\n600195000\n\n098000060\n");
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("line 5, column 1") && err.contains("expected 9"),
        "{err}"
    );
}
