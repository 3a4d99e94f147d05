//! The trace: golden files for the wrong and right DFS on LeetCode's example,
//! and the mirrors of `src/mirror.rs` against the real approaches they stand for.
//!
//! `UPDATE_GOLDEN=1 cargo test --test it trace::` rewrites the golden files.

use pretty_assertions::assert_eq;
use std::path::Path;
use std::process::Command;
use sudoku_workspace::fixtures::{self, inputs_dir};
use sudoku_workspace::format::parse_board;
use sudoku_workspace::grid::Grid;
use sudoku_workspace::trace::{self, Order};
use sudoku_workspace::{lanqiao, lc37, oracle};

fn sudoku(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The time in the summary changes from run to run.
fn without_time(text: &str) -> String {
    text.lines()
        .map(|line| match line.find(", time ") {
            Some(i) if line.starts_with("summary:") => format!("{}, time <ms>", &line[..i]),
            _ => line.to_string(),
        })
        .map(|line| line + "\n")
        .collect()
}

fn golden(name: &str, args: &[&str]) -> String {
    let (code, out, err) = sudoku(args);
    assert_eq!(code, 0, "{err}");
    let got = without_time(&out);
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(
        got, want,
        "{name}: run with UPDATE_GOLDEN=1 to accept a change"
    );
    got
}

#[test]
fn wrong_dfs_on_the_leetcode_example() {
    let out = golden(
        "trace_wrong_leetcode_example.txt",
        &["trace", "--approach", "wrong", "--max-steps", "12"],
    );
    assert!(out.contains("no digit fits at row 1, col 9"));
    assert!(out.contains("back at row 1, col 9 again (visit 2)"));
    assert!(out.contains("step 9 is the state of step 7: the search is in a loop"));
    assert!(out.contains("The board was never complete"));
    assert!(out.contains("solutions/lc37_09_wrong_dfs.rs:"));
    assert!(out.contains("solutions/lc37_05_marks_forward.rs:"));
}

/// LeetCode's example solved, with the three last cells of row 8 emptied: the
/// wrong DFS reaches the complete board, erases it, and comes back for ever.
fn nearly_solved() -> String {
    let solved = fixtures::load(&inputs_dir().join("lc37/leetcode_example.in"));
    let mut grid = Grid::from_board(&parse_board(solved.expected.as_deref().unwrap()).unwrap());
    for cell in [78, 80] {
        grid.0[cell] = 0;
    }
    grid.to_line()
}

#[test]
fn wrong_dfs_erases_the_finished_board() {
    let puzzle = nearly_solved();
    let out = golden(
        "trace_wrong_nearly_solved.txt",
        &["trace", "--approach", "wrong", "--max-steps", "9", &puzzle],
    );
    let complete = out.find("the board is complete").unwrap();
    let erase = out.find("<- erases the finished board").unwrap();
    let back = out.find("back at row 9, col 9 again (visit 2)").unwrap();
    let around = out.find("the search is in a loop").unwrap();
    assert!(complete < erase && erase < back && back < around, "{out}");
    assert!(out.contains("the while loop keeps coming back to row 9, col 9"));
}

#[test]
fn right_dfs_on_the_leetcode_example() {
    let out = golden(
        "trace_right_leetcode_example.txt",
        &["trace", "--approach", "right", "--max-steps", "25"],
    );
    assert!(out.contains("place 1 at row 1, col 3  depth 1"));
    // Without a step limit it stops on the complete board.
    let (code, full, _) = sudoku(&["trace", "--approach", "right"]);
    assert_eq!(code, 0);
    let solved = full
        .lines()
        .find_map(|l| l.strip_prefix("solved: "))
        .expect("solved");
    let puzzle = Grid::from_line(trace::LEETCODE_EXAMPLE, 1).unwrap();
    oracle::check_solution(&puzzle, &Grid::from_line(solved, 1).unwrap()).unwrap();
    assert!(
        full.contains("summary: 4208 placements, 4157 undos, max depth 51, 1 complete board(s)")
    );
    assert_eq!(full.matches("the board is complete").count(), 1);
}

#[test]
fn bad_puzzles_exit_2_with_line_and_column() {
    let (code, _, err) = sudoku(&["trace", "no/such/file.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read no/such/file.txt"), "{err}");
    let bad = inputs_dir().join("lanqiao/fail/bad_char.in");
    let (code, _, err) = sudoku(&["trace", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 3, column 5"), "{err}");
    let (code, _, err) = sudoku(&["trace", &format!("{}x", ".".repeat(80))]);
    assert_eq!(code, 2);
    assert!(err.contains("line 1, column 81"), "{err}");
}

/// Puzzles with several solutions: only the same search order finds the same first one.
fn many_solutions() -> Vec<(String, Grid)> {
    let rows =
        std::fs::read_to_string(inputs_dir().join("lanqiao/fail/multiple_solutions.in")).unwrap();
    vec![
        ("the empty board".into(), Grid::EMPTY),
        (
            "lanqiao/multiple_solutions".into(),
            sudoku_workspace::format::read_puzzle(&rows).unwrap(),
        ),
    ]
}

#[test]
fn each_mirror_ends_on_the_board_of_the_approaches_it_stands_for() {
    let mut puzzles: Vec<(String, Grid, Vec<String>)> =
        fixtures::load_dir(&inputs_dir().join("lc37"))
            .into_iter()
            .map(|f| {
                let grid = Grid::from_board(&parse_board(&f.input).unwrap());
                (f.name.clone(), grid, f.slow.names.clone())
            })
            .collect();
    puzzles.extend(
        many_solutions()
            .into_iter()
            .map(|(n, g)| (n, g, Vec::new())),
    );
    for (name, puzzle, slow) in &puzzles {
        for order in [Order::RowMajor, Order::Rescan] {
            let mirror = trace::search(order, puzzle, &mut trace::Limit(None));
            let first = mirror.first.expect("every one of these has a solution");
            for &approach in order.approaches() {
                // Too slow for a test build; the judge runs them in release.
                if slow.iter().any(|s| s == approach) {
                    continue;
                }
                let solve = lc37::by_name(approach).unwrap();
                let mut board = puzzle.to_board();
                solve(&mut board);
                assert_eq!(
                    Grid::from_board(&board),
                    first,
                    "{approach} vs {order:?} on {name}"
                );
            }
        }
    }
}

#[test]
fn the_fewest_first_mirror_agrees_with_lanqiao() {
    for f in fixtures::load_dir(&inputs_dir().join("lanqiao")) {
        let Ok(puzzle) = sudoku_workspace::format::read_puzzle(&f.input) else {
            continue;
        };
        if !oracle::givens_consistent(&puzzle) || f.input.contains('.') {
            continue;
        }
        let mirror = trace::search(Order::Fewest, &puzzle, &mut trace::Limit(None));
        match lanqiao::run(&f.input) {
            Ok(out) => {
                assert_eq!(mirror.stats.solutions, 1, "{}", f.name);
                assert_eq!(mirror.first.unwrap().to_rows(), out, "{}", f.name);
                // lc37_11_bitboard, the same engine as a LeetCode paste, too.
                let mut board = puzzle.to_board();
                lc37::by_name("lc37_11_bitboard").unwrap()(&mut board);
                assert_eq!(
                    Grid::from_board(&board),
                    mirror.first.unwrap(),
                    "{}",
                    f.name
                );
            }
            Err(lanqiao::Failure::MultipleSolutions) => assert_eq!(mirror.stats.solutions, 2),
            Err(lanqiao::Failure::NoSolution) => assert_eq!(mirror.stats.solutions, 0),
            Err(e) => panic!("{}: {e}", f.name),
        }
    }
    // The mirror counts to 2, as lanqiao does, and so walks more than the first solution.
    for (name, puzzle) in many_solutions() {
        let mirror = trace::search(Order::Fewest, &puzzle, &mut trace::Limit(None));
        assert_eq!(mirror.stats.solutions, 2, "{name}");
    }
}

/// `sudoku trace | head`: the reader closing the pipe ends the trace quietly,
/// with the exit code every command uses for it, 141 (128 + SIGPIPE).
#[test]
fn a_closed_pipe_ends_the_trace_quietly() {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["trace", "--approach", "right"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take()); // like `head` exiting
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(141));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

use crate::common;

const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A full board whose givens clash is not "solved:" with exit 0: it
/// is malformed, at the second given, naming the first, in every format.
#[test]
fn clashing_givens_are_exit_2_with_both_positions() {
    // The last cell's 9 becomes a 4: row 9 already holds a 4 at column 9 - 8.
    let clash = format!("{}4", &SOLVED[..80]);
    let (code, out, err) = sudoku(&["trace", &clash]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("line 1, column 81: the given 4 clashes with the 4 at line 1, column 63"),
        "{err}"
    );
    let grid = Grid::from_line(&clash, 1).unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let rows = dir.join("trace_clash_rows.txt");
    std::fs::write(&rows, format!("# a clash\n\n{}", grid.to_rows())).unwrap();
    let literal = dir.join("trace_clash_literal.txt");
    std::fs::write(
        &literal,
        sudoku_workspace::format::format_board(&grid.to_board()),
    )
    .unwrap();
    for (file, want) in [
        (
            &rows,
            "line 11, column 9: the given 4 clashes with the 4 at line 9, column 9",
        ),
        (
            &literal,
            "line 1, column 340: the given 4 clashes with the 4 at line 1, column 264",
        ),
    ] {
        let (code, out, err) = sudoku(&["trace", file.to_str().unwrap()]);
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(err.contains(want), "{}: {err}", file.display());
    }
}

/// A puzzle argument of the wrong length is malformed at the column where it
/// ends, not "cannot read" a file by that name.
#[test]
fn a_puzzle_argument_of_the_wrong_length_names_its_column() {
    let (code, _, err) = sudoku(&["trace", &SOLVED[..80]]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line 1, column 81: the line ends after 80 cells"),
        "{err}"
    );
    let (code, _, err) = sudoku(&["trace", &format!("{SOLVED}1")]);
    assert_eq!(code, 2);
    assert!(err.contains("line 1, column 82"), "{err}");
}

/// `sudoku trace /dev/zero`: the file is read up to a cap, so it ends at once
/// in bounded memory with a positioned message.
#[test]
fn trace_reads_its_file_bounded() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.args(["trace", "/dev/zero"]);
    let run = common::run_measured(
        cmd,
        std::process::Stdio::null(),
        std::time::Duration::from_secs(10),
    );
    assert!(!run.timed_out, "{run:?}");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("line 1, column 65537: the input is longer than 65536 bytes"),
        "{}",
        run.stderr
    );
    assert!(
        run.max_rss_kb < common::RSS_LIMIT_KB,
        "{} KiB",
        run.max_rss_kb
    );
}

/// Every shipped LeetCode 37 solution file can be traced: `--approach NAME`
/// finds the search it follows. (A file a user adds is a judge row and a
/// test case at once, but its search order is theirs to name: it is not in
/// this list, so it cannot fail this test.)
#[test]
fn every_shipped_solution_is_traceable() {
    const SHIPPED: [&str; 10] = [
        "lc37_01_scan_flag",
        "lc37_02_hash_sets_flag",
        "lc37_03_hash_sets_bool",
        "lc37_04_bitmasks",
        "lc37_05_marks_forward",
        "lc37_06_marks_rescan",
        "lc37_07_explicit_stack",
        "lc37_08_scan_next_cell",
        "lc37_09_wrong_dfs",
        "lc37_11_bitboard",
    ];
    for name in SHIPPED {
        assert!(lc37::by_name(name).is_some(), "{name} is a solution");
        assert!(Order::of(name).is_some(), "{name} has no trace order");
    }
}

/// The step lines (`step     N  …`) of a trace, without the `why:` lines.
fn step_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| {
            l.starts_with("step ")
                && l.get(5..10)
                    .is_some_and(|n| n.trim().parse::<u64>().is_ok())
        })
        .collect()
}

/// A step limit ends with "stopped after N steps" and nothing the full run
/// could contradict: after 3 steps the first empty cell is row 1, col 7, and
/// the full run places 8 there at step 4.
#[test]
fn a_step_limit_ends_without_a_conclusion() {
    let (_, full, _) = sudoku(&["trace", "--approach", "wrong"]);
    assert!(
        full.contains("step     4  place 8 at row 1, col 7  depth 4"),
        "{full}"
    );
    for n in 1..=8 {
        let (code, out, err) = sudoku(&[
            "trace",
            "--approach",
            "wrong",
            "--max-steps",
            &n.to_string(),
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(&format!("stopped after {n} steps")), "{out}");
        for conclusion in [
            "never complete",
            "no digit fits at row 1, col 7",
            "in a loop",
        ] {
            assert!(
                !out.contains(conclusion),
                "--max-steps {n}: {conclusion:?} in\n{out}"
            );
        }
        assert_eq!(step_lines(&out), step_lines(&full)[..n], "--max-steps {n}");
    }
}

/// The wrong DFS ends at its first repeated state instead of running to the
/// step limit: a million steps allowed, nine taken.
#[test]
fn the_wrong_dfs_ends_at_its_first_repeated_state() {
    let (code, out, err) = sudoku(&["trace", "--approach", "wrong", "--max-steps", "1000000"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("step 9 is the state of step 7: the search is in a loop"),
        "{out}"
    );
    assert_eq!(step_lines(&out).len(), 9, "{out}");
    assert!(out.lines().count() < 80, "{out}");
    let (code, out, err) = sudoku(&[
        "trace",
        "--approach",
        "wrong",
        "--max-steps",
        "1000000",
        &nearly_solved(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("is the state of step"), "{out}");
    assert!(
        out.contains("The board was complete at step 3 and erased at step 4"),
        "{out}"
    );
    // The right DFS on the same puzzle ends by itself, with no loop.
    let (_, out, _) = sudoku(&["trace", "--approach", "right", &nearly_solved()]);
    assert!(out.contains("solved: ") && !out.contains("loop"), "{out}");
}

/// `d at row R, col C` items of a `why:` line.
fn blockers_named(why: &str) -> Vec<(u8, usize)> {
    why.split("; ")
        .map(|part| {
            let (digit, cell) = part.split_once(" at ").unwrap_or_else(|| panic!("{part}"));
            (digit.parse().unwrap(), cell_named(cell))
        })
        .collect()
}

/// `row R, col C` as a cell index.
fn cell_named(text: &str) -> usize {
    let (row, col) = text
        .split_once(", col ")
        .unwrap_or_else(|| panic!("{text}"));
    let row: usize = row.trim_start_matches("row ").parse().unwrap();
    let col: usize = col.parse().unwrap();
    (row - 1) * 9 + col - 1
}

fn peers(a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
    a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
}

/// A dead end says which cell's digit keeps out each of 1-9, each checked
/// against the board the search had at that step.
#[test]
fn a_dead_end_names_the_cell_blocking_each_digit() {
    let (_, out, _) = sudoku(&["trace", "--approach", "right", "--max-steps", "6"]);
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("step     6  no digit fits at row 1, col 9"))
        .unwrap_or_else(|| panic!("{out}"));
    let why = lines[at + 1].trim().strip_prefix("why: ").unwrap();
    let named = blockers_named(why);
    assert_eq!(
        named.iter().map(|&(d, _)| d).collect::<Vec<_>>(),
        (1..=9).collect::<Vec<u8>>()
    );
    // The board after step 6: the example with steps 1-5's placements.
    let mut board = Grid::from_line(trace::LEETCODE_EXAMPLE, 1).unwrap();
    for (step, cell, digit) in [(1, 2, 1), (2, 3, 2), (3, 5, 4), (4, 6, 8), (5, 7, 9)] {
        assert!(lines.iter().any(|l| l.starts_with(&format!(
            "step {step:>5}  place {digit} at {}",
            trace::at(cell)
        ))));
        board.0[cell] = digit;
    }
    for (digit, cell) in named {
        assert_eq!(board.0[cell], digit, "{why}");
        assert!(
            peers(cell, 8),
            "{} is no peer of row 1, col 9",
            trace::at(cell)
        );
    }
}

/// The fewest-candidates search also stops where a digit has no cell left in
/// a unit: it says so, and which cell keeps the digit out of each empty cell.
#[test]
fn a_digit_without_a_place_says_why() {
    // Row 1 holds 1-6; its three empty cells share box 3 with a 9, so 9 has
    // no place in row 1, while each of them still takes 7 or 8.
    let puzzle = format!("123456...{}......9..{}", ".".repeat(9), ".".repeat(54));
    let (code, out, err) = sudoku(&["trace", "--approach", "fewest", &puzzle]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("step     1  no cell left for 9 in row 1  depth 0"),
        "{out}"
    );
    assert!(out.contains("why: row 1, col 7 sees the 9 at row 3, col 7; row 1, col 8 sees the 9 at row 3, col 7; row 1, col 9 sees the 9 at row 3, col 7"), "{out}");
    assert!(out.contains("no solution"), "{out}");
}

fn repo_file(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .to_str()
        .unwrap()
        .to_string()
}

/// `text` written as `name` in the test folder `folder` (made if missing):
/// a user's file outside the repository, its path.
fn users_file(folder: &str, name: &str, text: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(folder);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// What `sudoku trace --approach FILE --html PAGE.html` (with `extra`)
/// prints, the page written in the tests' folder; it must succeed.
fn page_summary(file: &str, page: &str, extra: &[&str]) -> String {
    let page = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{page}.html"));
    let mut args = vec![
        "trace",
        "--approach",
        file,
        "--html",
        page.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = sudoku(&args);
    assert_eq!(code, 0, "{file}: {err}");
    out
}

/// A repository file's text.
fn repo_text(path: &str) -> String {
    std::fs::read_to_string(repo_file(path)).unwrap()
}

/// `--problem` names a file's problem as for `sudoku judge`: a stdin
/// program whose name says nothing is fed that problem's input; where the
/// trace cannot run a file as that problem, it says why and what would.
#[test]
fn the_problem_can_be_named_as_for_the_judge() {
    let sample2 = repo_file("inputs/lanqiao/sample2.in");
    if cfg!(unix) && common::need("g++") {
        let mine = users_file(
            "trace/named-problem",
            "mine.cpp",
            &repo_text("tests/data/trace/poj2676_count_first.cpp"),
        );
        let mine = mine.as_str();
        let (code, out, err) = sudoku(&[
            "trace",
            "--approach",
            mine,
            "--problem",
            "poj2676",
            &sample2,
        ]);
        assert_eq!(code, 0, "{err}");
        let head = out.lines().next().unwrap();
        assert!(
            head.contains(" as POJ 2676: every write") && !head.contains("fed POJ 2676's input"),
            "{head}"
        );
        assert!(out.contains("the board is solved (checked)"), "{out}");
        let (code, _, err) = sudoku(&["trace", "--approach", mine, "--problem", "hdu1426"]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("judges it as HDU 1426, whose input is ")
                && err.contains("as Lanqiao's, POJ 2676's (a count first), Luogu P1784's and P1074's inputs hold it"),
            "{err}"
        );
    }
    if common::need("python3") {
        let file = repo_file("inputs/trace/marks_forward.py");
        let (code, _, err) = sudoku(&["trace", "--approach", &file, "--problem", "lanqiao"]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("--problem lanqiao: the trace runs a Python 3 file as LeetCode 37's solveSudoku, not as a program reading stdin")
                && err.contains("with --problem lc37, it traces its solveSudoku"),
            "{err}"
        );
        let (code, out, err) = sudoku(&["trace", "--approach", &file, "--problem", "lc37"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("the board is solved (checked)"), "{out}");
    }
    let (code, _, err) = sudoku(&["trace", "--problem", "poj9999"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("possible values: lc36, lc37, lanqiao"),
        "{err}"
    );
}

/// A Python file that walks a set of strings goes in the order of their
/// hashes, which Python draws anew at each start: the trace fixes them, so
/// every run of the trace (terminal or page) shows one search.
#[test]
fn a_python_set_of_strings_is_walked_in_one_order_every_run() {
    if !common::need("python3") {
        return;
    }
    let file = repo_file("tests/data/trace/set_of_strings.py");
    let runs: Vec<String> = (0..3)
        .map(|_| {
            let (code, out, err) = sudoku(&["trace", "--approach", &file]);
            assert_eq!(code, 0, "{err}");
            assert!(out.contains("the board is solved (checked)"), "{out}");
            step_lines(&out).join("\n")
        })
        .collect();
    assert!(runs[0].lines().count() > 100, "{}", runs[0]);
    assert!(runs.iter().all(|r| *r == runs[0]), "the runs differ");
}

/// A user's right DFS in Python or JavaScript writes exactly the mirror's
/// placements and undos; the trace records each, and checks the board it
/// returns with the oracle.
#[test]
fn a_users_own_file_is_traced_write_by_write() {
    let (_, mirror, _) = sudoku(&["trace", "--approach", "right"]);
    // Each write without its step number and the line after it.
    let writes_only = |out: &str| -> Vec<String> {
        step_lines(out)
            .into_iter()
            .filter(|l| l.contains(" place ") || l.contains(" undo "))
            .map(|l| l[5..].trim_start().split_once(' ').unwrap().1)
            .map(|l| l.split("  (line ").next().unwrap().to_string())
            .collect()
    };
    let want = writes_only(&mirror);
    assert_eq!(want.len(), 4208 + 4157);
    for (tool, file) in [
        ("python3", "inputs/trace/marks_forward.py"),
        ("node", "examples/writeups/lc37_001_step4_bitmasks.js"),
    ] {
        if !common::need(tool) {
            continue;
        }
        let (code, out, err) = sudoku(&["trace", "--approach", &repo_file(file)]);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(out.contains(&format!("run by {tool}")), "{out}");
        assert_eq!(writes_only(&out), want, "{file}");
        // As the header says, each write with the line that made it: a
        // store into the board.
        let source = std::fs::read_to_string(repo_file(file)).unwrap();
        for step in step_lines(&out) {
            let at: usize = step
                .split("  (line ")
                .nth(1)
                .and_then(|l| l.strip_suffix(')'))
                .unwrap_or_else(|| panic!("{file}: no line in {step:?}"))
                .parse()
                .unwrap();
            let text = source.lines().nth(at - 1).unwrap_or("");
            assert!(
                step.contains(" the board is complete") || text.contains("] = "),
                "{file}: {step:?} cites line {at}: {text:?}"
            );
        }
        assert!(
            out.contains("returned: the board is solved (checked)"),
            "{file}: {out}"
        );
        assert!(out.contains("the board is complete"), "{file}");
    }
}

/// A file saved with a UTF-8 byte-order mark traces as the judge runs it.
#[test]
fn a_users_file_with_a_byte_order_mark_is_traced() {
    if !common::need("python3") {
        return;
    }
    let file = repo_file("tests/data/contestant/lc37_bom.py");
    let (code, out, err) = sudoku(&["trace", "--approach", &file, "--max-steps", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("stopped after 20 writes"), "{out}");
}

/// The wrong DFS in Python spins without writing after five placements:
/// the time limit stops it, and the trace says so, with the five writes.
#[test]
fn a_users_file_that_never_returns_is_stopped_by_the_time_limit() {
    if !common::need("python3") {
        return;
    }
    let file = repo_file("inputs/trace/wrong_dfs.py");
    let (code, out, err) = sudoku(&["trace", "--approach", &file, "--time-limit", "500"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(step_lines(&out).len(), 5, "{out}");
    assert!(
        out.contains("stopped by the time limit (500 ms of CPU time) after 5 writes, having used ")
            && out.contains(" ms: the program had not returned (--time-limit MS gives it more)"),
        "{out}"
    );
    // A step limit stops it at once, and concludes nothing either.
    let (code, out, _) = sudoku(&["trace", "--approach", &file, "--max-steps", "3"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("stopped after 3 writes (--max-steps 3)"),
        "{out}"
    );
}

/// Files the trace cannot run are refused with exit 2 and a reason.
#[test]
fn files_that_cannot_be_traced_say_why() {
    let mine = |name: &str, text: &str| users_file("", name, text);
    // A C++ or Rust file is built and run: one whose solveSudoku does
    // nothing is traced, and said not to solve.
    if common::need("g++") && common::need("gcc") {
        let cpp = mine(
            "trace_mine.cpp",
            "class Solution { public: void solveSudoku(vector<vector<char>>& board) {} };\n",
        );
        let (code, out, err) = sudoku(&["trace", "--approach", &cpp]);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains("returned: the board is not a solution"),
            "{out}"
        );
        // A C program that neither defines solveSudoku nor reads stdin.
        let c = mine("trace_nothing.c", "int main(void) { return 0; }\n");
        let (code, _, err) = sudoku(&["trace", "--approach", &c]);
        assert_eq!(code, 2);
        assert!(
            err.contains("neither a LeetCode 37 solution (no solveSudoku in LeetCode's frame")
                && err.contains("nor a program that reads stdin")
                && err.contains("To trace it, give it LeetCode's solveSudoku, or a main that reads the puzzle from stdin"),
            "{err}"
        );
        // A stdin program whose board is one array of 81: no table holds
        // the puzzle, and the message says what the trace looks for.
        let flat = mine(
            "trace_flat.c",
            "#include <stdio.h>\nint a[81];\nint main(void) { for (int i = 0; i < 81; i++) scanf(\"%1d\", &a[i]); a[2] = 1; return 0; }\n",
        );
        let (code, _, err) = sudoku(&["trace", "--approach", &flat]);
        assert_eq!(code, 2);
        assert!(
            err.contains("it wrote no table holding the puzzle (the copy the trace built ended: exit code 0; `sudoku judge` shows how the judge's build ends)")
                && err.contains("needs that problem named, with --problem KEY (p1784 for Luogu's rows of digits with spaces between; keys: lanqiao, poj2676, p1074, p1784) or in its file name"),
            "{err}"
        );
    }
    let java = repo_file("examples/writeups/lc37_000_fixed.java");
    let (code, _, err) = sudoku(&["trace", "--approach", &java, "--max-steps", "5"]);
    assert_eq!(
        code, 0,
        "a write-up original is traced by its mirror: {err}"
    );
    let (code, _, err) = sudoku(&["trace", "--approach", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown approach \"nope\""), "{err}");
    // Every name the trace takes is listed, the write-ups' originals too.
    assert!(
        err.contains("lc37_000_wrong_dfs") && err.contains("lanqiao_004"),
        "{err}"
    );
    let (code, _, err) = sudoku(&["trace", "--html", "x.html", "--max-steps", "200001"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("a page holds 1 to 200000 steps a side (a mirror's steps, your file's writes"),
        "{err}"
    );
    if common::need("python3") {
        let lc36 = mine(
            "trace_lc36.py",
            "class Solution:\n    def isValidSudoku(self, board):\n        return True\n",
        );
        let (code, _, err) = sudoku(&["trace", "--approach", &lc36]);
        assert_eq!(code, 2);
        assert!(
            err.contains("it has no solveSudoku where LeetCode looks for it (class Solution with solveSudoku), and the trace runs a Python 3 file's solveSudoku only")
                && err.contains("`sudoku judge` judges it as LeetCode 36")
                && err.ends_with("To trace its search, call it from a solveSudoku there (or a `def solveSudoku(board)` at the top level) that takes LeetCode's board and writes into it\n"),
            "{err}"
        );
        let broken = mine(
            "trace_broken.py",
            "class Solution:\n    def solveSudoku(self, board):\n        return (\n",
        );
        let (code, _, err) = sudoku(&["trace", "--approach", &broken]);
        assert_eq!(code, 2);
        assert!(
            err.contains("failed before solveSudoku was called") && err.contains("SyntaxError"),
            "{err}"
        );
        let raises = mine("trace_raises.py", "class Solution:\n    def solveSudoku(self, board):\n        board[0][2] = '1'\n        board[0][3] = 1 / 0\n");
        let (code, out, err) = sudoku(&["trace", "--approach", &raises]);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains("the program raised ZeroDivisionError: division by zero at"),
            "{out}"
        );
        assert!(out.contains("trace_raises.py line 4"), "{out}");
        let bad = mine(
            "trace_bad_value.py",
            "class Solution:\n    def solveSudoku(self, board):\n        board[0][2] = 1\n",
        );
        let (code, out, _) = sudoku(&["trace", "--approach", &bad]);
        assert_eq!(code, 0);
        assert!(
            out.contains("line 3 wrote 1 (type int) at row 1, col 3: the board holds one-character strings, '.' or '1' to '9'"),
            "{out}"
        );
        // The same in JavaScript, where the number 1 is not the string "1".
        if common::need("node") {
            let bad = mine(
                "trace_bad_value.js",
                "var solveSudoku = function(board) {\n  board[0][2] = '5';\n  board[0][3] = 1;\n};\n",
            );
            let (code, out, _) = sudoku(&["trace", "--approach", &bad]);
            assert_eq!(code, 0);
            assert!(
                out.contains("line 3 wrote 1 (type number) at row 1, col 4"),
                "{out}"
            );
        }
    }
}

/// Every `.rs` file under `dir`, with its text.
fn rust_files(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path.display().to_string(), text));
        }
    }
    out
}

/// The judge's `--stats` and the trace count with the same mirrors
/// (`src/mirror.rs`), and neither imports the other's counters: the judge
/// names no `trace`, and the mirrors name neither.
#[test]
fn the_counters_are_shared_without_the_judge_importing_the_trace() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (path, text) in rust_files(&src.join("judge")) {
        assert!(!text.contains("crate::trace"), "{path} imports the trace");
    }
    let mirror = std::fs::read_to_string(src.join("mirror.rs")).unwrap();
    for name in ["crate::trace", "crate::judge", "super::"] {
        assert!(!mirror.contains(name), "src/mirror.rs names {name}");
    }
    let stats = std::fs::read_to_string(src.join("judge/stats.rs")).unwrap();
    assert!(
        stats.contains("crate::mirror"),
        "--stats counts with the mirrors"
    );
}

/// The write-ups' originals (Java, C++) are run as written for the page:
/// each one's writes to the board are its mirror's placements and undos,
/// step for step, for the mirror's first 10,000 steps (on a puzzle that
/// needs more than that), and the endless wrong DFS's five writes are the
/// mirror's five before the time limit stops it.
#[test]
fn each_write_up_original_writes_what_its_mirror_does() {
    use sudoku_workspace::trace::record::{self, Step};
    use sudoku_workspace::trace::{Approach, Options, SOURCES};
    if !common::need("javac") || !common::need("g++") {
        return;
    }
    let writes = |steps: &[Step]| -> Vec<String> {
        steps
            .iter()
            .filter(|s| {
                matches!(
                    s.event,
                    trace::Event::Place { .. } | trace::Event::Undo { .. }
                )
            })
            .map(|s| s.event.to_string())
            .collect()
    };
    let hard = Grid::from_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        1,
    )
    .unwrap();
    for source in SOURCES
        .iter()
        .filter(|s| s.path.starts_with("examples/writeups/"))
    {
        let name = source.name();
        let endless = name.contains("wrong");
        // The wrong DFS stops writing after five writes and loops: one
        // second of CPU ends it; the others return or reach the step limit.
        let opts = Options {
            time_limit: Some(std::time::Duration::from_millis(if endless {
                1000
            } else {
                60_000
            })),
            exe: env!("CARGO_BIN_EXE_sudoku").into(),
            ..Options::default()
        };
        let puzzle = if endless {
            Grid::from_line(trace::LEETCODE_EXAMPLE, 1).unwrap()
        } else {
            hard
        };
        let mirror = record::mirror(source, name, &puzzle, 10_000, Vec::new());
        let want = writes(&mirror.steps);
        let run = trace::recording(
            &opts,
            &Approach::resolve(name).unwrap(),
            &puzzle,
            want.len() as u64 + if endless { 1000 } else { 0 },
        )
        .unwrap();
        assert!(
            run.title.contains("built by"),
            "{name} is run as written: {}",
            run.title
        );
        let mut got = writes(&run.steps);
        assert!(
            got.len() >= want.len(),
            "{name}: {} writes of {}",
            got.len(),
            want.len()
        );
        got.truncate(want.len());
        assert_eq!(got, want, "{name}: the original's writes and its mirror's");
        if endless {
            assert_eq!(want.len(), 5, "{name}");
            assert!(
                run.ending.starts_with("stopped by the time limit"),
                "{name}: {}",
                run.ending
            );
        } else {
            assert_eq!(mirror.steps.len(), 10_000, "{name}: the puzzle takes more");
            assert!(want.len() > 5_000, "{name}: {} writes", want.len());
        }
    }
    // Lanqiao's C++ program on the sample: its writes to `string grid[9]`,
    // to the end, and the grid it prints solves the puzzle.
    let opts = Options {
        time_limit: Some(std::time::Duration::from_millis(60_000)),
        exe: env!("CARGO_BIN_EXE_sudoku").into(),
        ..Options::default()
    };
    let example = Grid::from_line(trace::LEETCODE_EXAMPLE, 1).unwrap();
    let run = trace::recording(
        &opts,
        &Approach::resolve("lanqiao_004").unwrap(),
        &example,
        200_000,
    )
    .unwrap();
    assert_eq!(run.ending, "printed: the board is solved (checked)");
    assert_eq!(run.path, "examples/writeups/lanqiao_004.cpp");
}

/// Whatever a traced program prints, the trace holds a bounded part of it:
/// a C program that reads the puzzle into its board, then prints 200,000
/// lines marked as the recorder's (each `o 100000`, a hundred thousand
/// returns in six bytes), a 40 MB line and 20 MB of empty lines. The trace
/// ends with its reason, and its own peak memory stays small.
#[cfg(unix)]
#[test]
fn a_programs_output_never_grows_the_traces_memory_past_its_bytes() {
    if !common::need("gcc") {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace-flood");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("flood.c");
    std::fs::write(
        &file,
        "#include <stdio.h>\n#include <string.h>\nint a[9][9];\nint main(void) {\n  for (int i = 0; i < 9; i++) for (int j = 0; j < 9; j++) if (scanf(\"%1d\", &a[i][j]) != 1) return 1;\n  a[0][0] = a[0][0];\n  for (int i = 0; i < 200000; i++) fputs(\"\\x1eo 100000\\n\", stdout);\n  static char wide[1 << 20];\n  memset(wide, 'x', sizeof wide);\n  for (int i = 0; i < 40; i++) fwrite(wide, 1, sizeof wide, stdout);\n  for (int i = 0; i < 20 * (1 << 20); i++) putchar('\\n');\n  return 0;\n}\n",
    )
    .unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.args(["trace", "--approach"])
        .arg(&file)
        .arg(repo_file("inputs/lanqiao/sample1.in"));
    let run = common::run_measured(
        cmd,
        std::process::Stdio::null(),
        std::time::Duration::from_secs(300),
    );
    assert!(!run.timed_out, "{}", run.stderr);
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.code == Some(0) || run.code == Some(2),
        "{out}{}",
        run.stderr
    );
    assert!(
        run.max_rss_kb < 200 << 10,
        "the trace peaked at {} MB: {out}{}",
        run.max_rss_kb >> 10,
        run.stderr
    );
}

/// A compiled program that writes a value its board cannot hold is stopped
/// there, and the ending says the run was the trace's build of it: where the
/// value comes of undefined behaviour (here an `int` function that falls
/// off its end), the judge's build may run otherwise.
#[cfg(unix)]
#[test]
fn a_bad_value_in_a_compiled_copy_says_the_build_was_the_traces() {
    if !common::need("gcc") {
        return;
    }
    let file = users_file(
        "trace-bad-value-c",
        "falls_off.c",
        "#include <stdio.h>\nint a[9][9];\nint pick(int r) { if (r > 9) return 1; }\nint main(void) {\n  for (int i = 0; i < 9; i++) for (int j = 0; j < 9; j++) if (scanf(\"%1d\", &a[i][j]) != 1) return 1;\n  a[0][0] = a[0][0];\n  a[0][1] = pick(0) + 10;\n  return 0;\n}\n",
    );
    let (code, out, err) = sudoku(&[
        "trace",
        "--approach",
        &file,
        &repo_file("inputs/lanqiao/sample1.in"),
    ]);
    assert_eq!(code, 0, "{err}");
    let ending = out
        .lines()
        .find(|l| l.contains("falls_off.c line 7 wrote "))
        .unwrap_or_else(|| panic!("no bad-value ending: {out}"));
    assert!(
        ending.contains("at row 1, col 2: the board holds the digits 0 to 9 (or '0' to '9'); stopped there (in the copy the trace built, with its recorder's calls: where the file has undefined behaviour, the judge's build of it may run otherwise; `sudoku judge FILE` shows how that one ends)"),
        "{ending}"
    );
}

/// A file whose stores into the board the trace does not follow (written
/// in a macro's body) solves the board with no write seen: the trace says
/// none was seen and that its steps are no search to compare, never that
/// it wrote nothing or searched in another order.
#[cfg(unix)]
#[test]
fn a_file_whose_stores_the_trace_cannot_see_is_not_compared() {
    if !common::need("g++") {
        return;
    }
    let file = repo_file("tests/data/trace/macro_store.cpp");
    let (code, out, err) = sudoku(&["trace", "--approach", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("returned: the board is solved (checked) (none of its changes to the board were writes the trace could see: it stores into the board in a way the trace does not follow)")
            && out.contains("\nnot all seen: the board it left holds changes that no write the trace saw made"),
        "{out}"
    );
    let out = page_summary(&file, "trace-macro-store", &[]);
    assert!(
        out.contains("macro_store changed the board only by stores the trace does not follow, so there is no search to compare")
            && !out.contains("another order")
            && !out.contains("made no write"),
        "{out}"
    );
}

/// A stdin program that prints its board when full and writes on over it
/// (it never takes a digit back, and its search does not stop at the
/// solution): the board it printed is the board its writes had made then,
/// so every change was seen; the ending says after which write it was.
#[cfg(unix)]
#[test]
fn a_board_printed_mid_search_is_checked_against_the_writes_made_then() {
    if !common::need("gcc") {
        return;
    }
    let file = repo_file("tests/data/trace/prints_mid_search.c");
    let (code, out, err) = sudoku(&["trace", "--approach", &file]);
    assert_eq!(code, 0, "{err}");
    let ending = out
        .lines()
        .find(|l| l.starts_with("printed: "))
        .unwrap_or_else(|| panic!("{out}"));
    let (before, total) = ending
        .split_once("(the board as it was after ")
        .and_then(|(_, rest)| rest.split_once(" writes: it wrote on after printing it)"))
        .and_then(|(counts, _)| counts.split_once(" of its "))
        .map(|(k, n)| (k.parse::<usize>().unwrap(), n.parse::<usize>().unwrap()))
        .unwrap_or_else(|| panic!("{ending}"));
    assert!(before < total, "{ending}");
    assert!(
        ending.starts_with("printed: the board is solved (checked) (the board as it was after")
            && !out.contains("not all seen")
            && !out.contains("not writes the trace could see")
            && out.contains("\npast the solution: "),
        "{out}"
    );
}

/// A step limit counts a file's writes, and a write can make two steps (a
/// digit over another: an undo and a placement) or three (and a complete
/// board): cut at 4,400 writes, the terminal prints every step those writes
/// made, as many as the recording holds, up to and past the complete board.
#[cfg(unix)]
#[test]
fn a_cut_file_prints_every_step_of_the_writes_it_made() {
    if !common::need("gcc") {
        return;
    }
    let file = repo_file("tests/data/trace/prints_mid_search.c");
    let (code, out, err) = sudoku(&["trace", "--approach", &file, "--max-steps", "4400"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\nstopped after 4400 writes (--max-steps 4400)"),
        "{out}"
    );
    let printed: Vec<usize> = out
        .lines()
        .filter_map(|l| l.strip_prefix("step "))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect();
    let rec = own_recording_cut(&file, 4400);
    assert!(rec.steps.len() > 4400, "{} steps", rec.steps.len());
    assert_eq!(printed, (1..=rec.steps.len()).collect::<Vec<_>>(), "{out}");
    assert!(out.contains(", 1 complete board(s)"), "{out}");
}

/// A stdin program that reads its board into a table of `main`'s and
/// solves it in a function the table is passed to (a pointer to its rows,
/// in C++ a function named as LeetCode's method, which LeetCode does not
/// call here): the table is found through the pointer, the search traced.
#[cfg(unix)]
#[test]
fn a_table_passed_down_as_a_pointer_is_the_board() {
    for (tool, file) in [
        ("g++", "table_passed_down.cpp"),
        ("gcc", "table_passed_down.c"),
    ] {
        if !common::need(tool) {
            continue;
        }
        let path = repo_file(&format!("tests/data/trace/{file}"));
        let (code, out, err) = sudoku(&[
            "trace",
            "--approach",
            &path,
            &repo_file("inputs/lanqiao/sample1.in"),
        ]);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(
            out.contains("printed: the board is solved (checked)")
                && out.contains("summary: 10007 placements, 9949 undos"),
            "{file}: {out}"
        );
    }
    // A prompt with digits of its own before the board it prints: the
    // board is still read, from the last 81 digits.
    if common::need("gcc") {
        let text = repo_text("tests/data/trace/table_passed_down.c").replace(
            "    int grid[9][9];\n",
            "    int grid[9][9];\n    printf(\"Enter the puzzle (0 for empty cells):\\n\");\n",
        );
        assert!(text.contains("0 for empty"));
        let path = users_file("trace-prompt", "prompted.c", &text);
        let (code, out, err) = sudoku(&[
            "trace",
            "--approach",
            &path,
            &repo_file("inputs/lanqiao/sample1.in"),
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains("printed: the board is solved (checked)"),
            "{out}"
        );
    }
}

/// A file a page cuts at its most (no `--max-steps` given) is said to be
/// cut by the page's limit, which the flag cannot raise, not by the flag.
#[cfg(unix)]
#[test]
fn a_page_cut_at_its_most_names_the_pages_limit() {
    if !common::need("gcc") {
        return;
    }
    let file = users_file(
        "trace-page-most",
        "forever.c",
        "void solveSudoku(char** board, int boardSize, int* boardColSize) {\n    for (;;) {\n        board[0][2] = '1';\n        board[0][2] = '.';\n    }\n}\n",
    );
    let out = page_summary(&file, "trace-page-most", &[]);
    assert!(
        out.contains("forever: stopped after 200000 writes (a page's most a side, which --max-steps cannot raise; `sudoku trace` without --html follows it further, with --max-steps N)"),
        "{out}"
    );
}

/// The trace reads a file as the judge does: a FIFO named as the file is
/// refused at once (not waited on), as is a file over the judge's 1 MiB.
#[cfg(unix)]
#[test]
fn a_fifo_or_a_huge_file_is_refused_before_it_is_read() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace-odd-files");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("mine.py");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.args(["trace", "--approach"]).arg(&fifo);
    let run = common::run_measured(
        cmd,
        std::process::Stdio::null(),
        std::time::Duration::from_secs(60),
    );
    assert!(!run.timed_out, "waited on the FIFO");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("mine.py: not a regular file (a FIFO, a device or a socket)"),
        "{}",
        run.stderr
    );
    let huge = dir.join("huge.py");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(4 << 30).unwrap();
    let (code, _, err) = sudoku(&["trace", "--approach", huge.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("huge.py: 4294967296 bytes, longer than the 1048576 a traced file may hold"),
        "{err}"
    );
}

/// A page of two searches that differ from their first write says so, not
/// that they "do the same until they part" at step 1.
#[test]
fn a_page_of_two_orders_says_they_differ_from_the_first_step() {
    if !common::need("python3") {
        return;
    }
    let page = Path::new(env!("CARGO_TARGET_TMPDIR")).join("column_order_page.html");
    let (code, out, err) = sudoku(&[
        "trace",
        "--html",
        page.to_str().unwrap(),
        "--approach",
        &repo_file("inputs/trace/column_order.py"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "the two differ from the first step: column_order and right do not begin with the same write"
        ) && !out.contains("until they part"),
        "{out}"
    );
}

/// A LeetCode plugin's file is traced as the judge takes it, its submit
/// region alone: the JetBrains layout's outer class, `main` and package
/// stay out, and the recorder the trace adds after the last line is kept;
/// so is a Java `class Solution` inside an outer class without marks.
#[test]
fn a_plugins_file_is_traced_as_its_submit_region() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, tool) in [
        (
            "tests/data/contestant/leetcode/editor/cn/SudokuSolver.java",
            "javac",
        ),
        ("tests/data/contestant/lc37_vscode_marks.py", "python3"),
        // A class Solution inside an outer class: cut out as the judge does.
        (
            "tests/data/contestant/com/example/lc/Lc37Nested.java",
            "javac",
        ),
    ] {
        if !common::need(tool) {
            continue;
        }
        let path = root.join(file);
        let (code, out, err) = sudoku(&["trace", "--approach", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(
            out.contains("returned: the board is solved (checked)")
                && out.contains("summary: 4208 placements, 4157 undos"),
            "{file}: {out}"
        );
    }
}

/// A user's file recorded on LeetCode's example, as the page records it.
fn own_recording(file: &str) -> trace::record::Recording {
    own_recording_cut(file, 200_000)
}

/// [`own_recording`] of at most `max_steps` writes.
fn own_recording_cut(file: &str, max_steps: u64) -> trace::record::Recording {
    let opts = trace::Options {
        time_limit: Some(std::time::Duration::from_secs(60)),
        exe: env!("CARGO_BIN_EXE_sudoku").into(),
        ..trace::Options::default()
    };
    let puzzle = Grid::from_line(trace::LEETCODE_EXAMPLE, 1).unwrap();
    trace::recording(
        &opts,
        &trace::Approach::resolve(file).unwrap(),
        &puzzle,
        max_steps,
    )
    .unwrap()
}

/// A file that searches on past the solution (it takes the solved board
/// back and searches the rest of the tree) and copies a kept board back at
/// the end: the same writes as the right DFS up to the complete board, then
/// its undo is "past the solution", and the 51 writes of the copy are a
/// copy-back, not 51 revisits.
#[test]
fn a_search_past_its_solution_and_its_copy_back_are_named() {
    use trace::record::{Comparison, Note};
    if !common::need("python3") {
        return;
    }
    let file = repo_file("tests/data/trace/past_solution_copy_back.py");
    let rec = own_recording(&file);
    let right = trace::record::mirror(
        trace::Source::of_order(Order::RowMajor),
        "right",
        &Grid::from_line(trace::LEETCODE_EXAMPLE, 1).unwrap(),
        200_000,
        Vec::new(),
    );
    // The right DFS's writes, its complete board last, are the file's first.
    let Comparison::Part(p) = trace::record::compare(&rec.steps, &right.steps) else {
        panic!("the file goes on past the solution");
    };
    assert_eq!((p.at[1], p.matched[1]), (None, right.steps.len()));
    let complete = p.matched[0];
    assert!(matches!(
        rec.steps[complete - 1].event,
        trace::Event::Complete { .. }
    ));
    assert_eq!(rec.shape.past_solution, Some((complete, complete + 1)));
    assert!(matches!(
        rec.steps[complete].event,
        trace::Event::Undo {
            erases_solution: true,
            ..
        }
    ));
    // The copy: 51 placements and the complete board, from line 11.
    let (from, to) = rec.shape.copy_back.expect("a copy-back");
    assert_eq!(to, rec.steps.len());
    let copy = &rec.steps[from - 1..to];
    assert_eq!(copy.len(), 52);
    assert!(copy.iter().all(|s| s.note == Note::CopyBack && !s.revisit));
    assert!(copy[..51].iter().all(|s| s.line == 11));
    assert!(rec.steps.iter().all(|s| !s.revisit));
    assert_eq!(rec.shape.never_reset, None);
    // The terminal says the same.
    let (code, out, err) = sudoku(&["trace", "--approach", &file]);
    assert_eq!(code, 0, "{err}");
    for want in [
        format!("past the solution: the board is complete at step {complete}, and step {} takes a digit of it back: the search goes on", complete + 1),
        format!("copy-back: steps {from} to {to} write a saved answer back into the board, after the search (not revisits)"),
        ", 0 revisit(s)".to_string(),
        "returned: the board is solved (checked)".to_string(),
    ] {
        assert!(out.contains(&want), "{want:?} not in the trace");
    }
    assert!(
        !out.contains("never reset"),
        "the search undoes every digit"
    );
}

/// A file in the shape of LeetCode's own solution (the empty cells in a
/// list, masks, a `solved` flag) never writes '.' back: the depth is its
/// calls', the index of the cell among the empty cells plus one (the calls
/// of `dfs` on the stack), not the digits left on the board; the digit a
/// returned call left is named stale, and a call writing the digit already
/// there is a same-digit rewrite, a placement of its own (the file tries
/// the right DFS's 4,208 placements).
#[test]
fn a_board_never_reset_takes_its_depth_from_the_calls() {
    use trace::record::Note;
    let puzzle = Grid::from_line(trace::LEETCODE_EXAMPLE, 1).unwrap();
    let empties: Vec<usize> = (0..81).filter(|&c| puzzle.0[c] == 0).collect();
    for (tool, file) in [
        ("python3", "tests/data/trace/never_reset_flag.py"),
        ("gcc", "tests/data/trace/never_reset_flag.c"),
    ] {
        if !common::need(tool) {
            continue;
        }
        let rec = own_recording(&repo_file(file));
        assert_eq!(rec.shape.never_reset, Some(6), "{file}");
        let mut board = puzzle.0;
        let (mut placements, mut rewrites, mut stale) = (0, 0, 0);
        for (k, step) in rec.steps.iter().enumerate() {
            match step.event {
                trace::Event::Place { cell, digit, depth } => {
                    let call = empties.iter().position(|&c| c == cell).unwrap() + 1;
                    assert_eq!(depth, call, "{file} step {}: {:?}", k + 1, step.event);
                    if step.note == Note::Rewrite {
                        assert_eq!(board[cell], digit, "{file} step {}", k + 1);
                        rewrites += 1;
                    }
                    board[cell] = digit;
                    placements += 1;
                }
                trace::Event::Undo { cell, depth, .. } => {
                    // The call at this cell (the undo's depth) takes back a
                    // digit: its own, or a returned call's.
                    let call = empties.iter().position(|&c| c == cell).unwrap() + 1;
                    assert_eq!(depth, call, "{file} step {}", k + 1);
                    stale += usize::from(step.note == Note::Stale);
                    board[cell] = 0;
                }
                trace::Event::Complete { depth } => assert_eq!(depth, 51),
                _ => {}
            }
        }
        assert_eq!(placements, 4208, "{file}: the right DFS's tries");
        assert!(rewrites > 0 && stale > 0, "{file}: {rewrites} {stale}");
        assert!(rec.steps.iter().all(|s| !s.revisit), "{file}");
        let (code, out, err) = sudoku(&["trace", "--approach", &repo_file(file)]);
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains("summary: 4208 placements, 2807 undos, max depth 51, 1 complete board(s), 0 revisit(s)")
                && out.contains("never reset: a call returns leaving its digit on the board (first before step 6)")
                && out.contains("a same-digit rewrite: ")
                && out.contains("a stale digit: a call that returned left it"),
            "{file}: {}",
            out.lines().rev().take(3).collect::<Vec<_>>().join("\n")
        );
    }
}

/// The page's captions name the store the code makes, as it spells it:
/// `sudu[x][y]` in a stdin program whose board is `sudu` (not `num`, the
/// other table it stores into on the same line).
#[test]
fn captions_name_the_array_the_code_writes() {
    if !common::need("gcc") {
        return;
    }
    let rec = own_recording(&repo_file("tests/data/trace/named_array.c"));
    assert_eq!(rec.ending, "printed: the board is solved (checked)");
    let stores = trace::record::stores(&rec);
    assert_eq!(
        stores.into_iter().collect::<Vec<_>>(),
        [
            (24, "sudu[x][y]".to_string()),
            (26, "sudu[x][y]".to_string())
        ]
    );
    let page = trace::html::page(
        "the example",
        &Grid::from_line(trace::LEETCODE_EXAMPLE, 1).unwrap(),
        &[rec],
    );
    assert!(page.contains(r#""stores":{"24":"sudu[x][y]","26":"sudu[x][y]"}"#));
}

/// A file the project ships is a write-up, not "your file"; the same text
/// elsewhere is the reader's own.
#[test]
fn a_file_the_project_ships_is_a_write_up() {
    if !common::need("python3") {
        return;
    }
    let shipped = own_recording(&repo_file("inputs/trace/marks_forward.py"));
    assert!(shipped.shipped);
    assert!(
        shipped.title.starts_with("the write-up, run by python3"),
        "{}",
        shipped.title
    );
    assert!(shipped.captions.iter().all(|(_, c)| !c.contains("Your")));
    let copy = Path::new(env!("CARGO_TARGET_TMPDIR")).join("marks_forward_mine.py");
    std::fs::copy(repo_file("inputs/trace/marks_forward.py"), &copy).unwrap();
    let mine = own_recording(copy.to_str().unwrap());
    assert!(!mine.shipped);
    assert!(
        mine.title.starts_with("your file, run by python3"),
        "{}",
        mine.title
    );
}

/// A file that stops at the solution and then writes its kept board over
/// the board once more: the same search as the right DFS to its end, then
/// a copy-back of 51 same-digit rewrites (the givens are no writes), none
/// a revisit and none "past the solution".
#[test]
fn a_copy_back_over_the_solved_board_is_rewrites_not_revisits() {
    use trace::record::Note;
    if !common::need("python3") {
        return;
    }
    let rec = own_recording(&repo_file("tests/data/trace/copy_back_after_stop.py"));
    assert_eq!(rec.shape.copy_back, Some((8367, 8417)));
    assert_eq!(
        (rec.shape.past_solution, rec.shape.never_reset),
        (None, None)
    );
    let copy = &rec.steps[8366..];
    assert!(copy
        .iter()
        .all(|s| s.note == Note::Rewrite && !s.revisit && s.line == 11));
    assert!(matches!(
        rec.steps[8365].event,
        trace::Event::Complete { .. }
    ));
    // The summary counts the search's placements and undos as the right
    // DFS's (its own summary's), and the copy's writes apart.
    let file = repo_file("tests/data/trace/copy_back_after_stop.py");
    let (code, out, err) = sudoku(&["trace", "--approach", &file]);
    assert_eq!(code, 0, "{err}");
    let summary = |out: &str| {
        let line = out.lines().find(|l| l.starts_with("summary: ")).unwrap();
        line.split(", time ").next().unwrap().to_string()
    };
    let (code, right, err) = sudoku(&["trace"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        summary(&out),
        format!(
            "{}, 0 revisit(s), and the copy-back's 51 writes",
            summary(&right)
        ),
        "{out}"
    );
    assert!(
        out.contains("copy-back: steps 8367 to 8417 write a saved answer back"),
        "{out}"
    );
}

/// A file that fills the board straight (each cell with one candidate
/// left, in a loop), before a search that then has nothing to do: no
/// search on the board to compare, and the trace says so instead of
/// "another order"; a correct search is not read so.
#[test]
fn a_board_filled_straight_is_named_so() {
    if !common::need("python3") {
        return;
    }
    let file = repo_file("tests/data/trace/fills_straight.py");
    let rec = own_recording(&file);
    assert_eq!(rec.shape.fills_straight, Some(51));
    assert_eq!(rec.shape.writes_returning, None);
    let (code, out, err) = sudoku(&["trace", "--approach", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("filled straight: its 51 writes fill the board with none taken back"),
        "{out}"
    );
    for other in [
        "inputs/trace/marks_forward.py",
        "inputs/trace/forgets_undo.py",
    ] {
        let rec = own_recording(&repo_file(other));
        assert_eq!(rec.shape.fills_straight, None, "{other}");
    }
}

/// A file that raises before its first write: the page's summary line
/// says it made no write, not that the two "differ from the first step".
#[test]
fn a_side_without_a_write_is_not_compared() {
    if !common::need("python3") {
        return;
    }
    let file = users_file(
        "trace/no-write",
        "raises.py",
        "class Solution:\n    def solveSudoku(self, board):\n        raise ValueError('not yet')\n",
    );
    let page = file.replace(".py", ".html");
    let (code, out, err) = sudoku(&["trace", "--html", &page, "--approach", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("raises made no write to the board, so there is no search to compare")
            && !out.contains("differ from the first step"),
        "{out}"
    );
}

/// A compiled file that a signal ends mid-search: the ending says it was
/// the trace's copy of it that ended so, and how to see the judge's build.
#[test]
fn a_copy_ended_by_a_signal_says_whose_build_it_was() {
    if !cfg!(unix) || !common::need("g++") {
        return;
    }
    let path = users_file(
        "trace/signal",
        "lanqiao_abort.cpp",
        "#include <cstdio>\n#include <cstdlib>\nint g[9][9];\nint main() {\n    for (int r = 0; r < 9; r++)\n        for (int c = 0; c < 9; c++) {\n            int d;\n            if (scanf(\"%1d\", &d) != 1) return 2;\n            g[r][c] = d;\n        }\n    for (int k = 0; k < 81; k++)\n        if (!g[k / 9][k % 9]) { g[k / 9][k % 9] = 1; break; }\n    abort();\n}\n",
    );
    let (code, out, err) = sudoku(&["trace", "--approach", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the program ended (killed by signal 6 (SIGABRT: the program aborted, e.g. a failed assert or an uncaught exception)) after 1 writes")
            && out.contains("(in the copy the trace built, with its recorder's calls: where the file has undefined behaviour, the judge's build of it may run otherwise; `sudoku judge FILE` shows how that one ends)"),
        "{out}"
    );
}

/// A file that searches on its own list and writes the board as its calls
/// return: no search on the board to watch, and the trace says so; not
/// "never reset" (no call returns before its write), depths the digits on
/// the board.
#[test]
fn an_answer_written_while_returning_is_named_so() {
    if !common::need("python3") {
        return;
    }
    let file = repo_file("tests/data/trace/answer_on_return.py");
    let rec = own_recording(&file);
    assert_eq!(rec.shape.writes_returning, Some(51));
    assert_eq!(rec.shape.never_reset, None);
    let depths: Vec<usize> = rec
        .steps
        .iter()
        .filter(|s| matches!(s.event, trace::Event::Place { .. }))
        .map(|s| s.event.depth())
        .collect();
    assert_eq!(depths, (1..=51).collect::<Vec<_>>());
    let (code, out, err) = sudoku(&["trace", "--approach", &file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("written while returning: each of its 51 writes is made by a shallower call than the one before")
            && !out.contains("never reset"),
        "{out}"
    );
    // A search that writes forward is not.
    let rec = own_recording(&repo_file("inputs/trace/marks_forward.py"));
    assert_eq!(rec.shape.writes_returning, None);
}

/// The entry found as `sudoku judge` finds it, and called where LeetCode
/// would not call it: a class of another name, a free function (Rust, C++,
/// Python); a
/// Python or JavaScript file's own test at its bottom named, not traced; a stdin
/// program that reads a count of grids first given POJ 2676's input, by
/// its name or, unnamed, when Lanqiao's lines found no table; a copy built
/// without its locals says why. Each traces
/// the right DFS's writes to the solved board.
#[test]
fn the_entry_is_found_as_the_judge_finds_it() {
    let cases: [(&str, &str, &[&str]); 11] = [
        (
            "python3",
            "free_function.py",
            &["its solveSudoku is a function at the top level, and LeetCode calls `Solution().solveSudoku(board)`"],
        ),
        (
            "g++",
            "free_function.cpp",
            &[
                "as LeetCode 37:",
                "its solveSudoku is a free function, and LeetCode calls `new Solution()->solveSudoku(board)`",
            ],
        ),
        (
            "rustc",
            "moved_local.rs",
            &["(its locals are not shown: the copy that reads them did not build: error[E0382]: borrow of moved value: `empties`)"],
        ),
        (
            "gcc",
            "poj2676_c89.c",
            &[
                "as POJ 2676:",
                "(built as Lanqiao's judge builds C, -std=c11: POJ 2676's judge builds -std=gnu89, and the trace's recorder needs C99)",
            ],
        ),
        (
            "python3",
            "other_class_with_test.py",
            &[
                "judges it as LeetCode 37 (class SudokuSolver with solveSudoku, not class Solution)",
                "the trace calls class SudokuSolver's",
                "the file's own code at line 34 called solveSudoku once: that call is not recorded",
            ],
        ),
        (
            "javac",
            "SudokuSolver.java",
            &[
                "as LeetCode 37:",
                "judges it as LeetCode 37 (class SudokuSolver with solveSudoku, not class Solution)",
                "(line 4: rename the class to Solution); the trace calls it through a class Solution that extends class SudokuSolver",
            ],
        ),
        (
            "g++",
            "other_class.cpp",
            &["(class Sudoku with solveSudoku, not class Solution)", "extends class Sudoku"],
        ),
        (
            "rustc",
            "free_function.rs",
            &[
                "as LeetCode 37:",
                "its solve_sudoku is a free function, and LeetCode calls `Solution::solve_sudoku(&mut board)`",
            ],
        ),
        (
            "node",
            "own_test_at_bottom.js",
            &["the file's own code at line 41 called solveSudoku once: that call is not recorded"],
        ),
        (
            "g++",
            "poj2676_count_first.cpp",
            &["as POJ 2676:", "the trace's recorder needs C++11"],
        ),
        (
            "g++",
            "count_first.cpp",
            &["as Lanqiao:", "(fed POJ 2676's input, a count of grids first: on Lanqiao's 9 lines, the input `sudoku judge` gives a stdin program its name does not place, it wrote no table holding the puzzle (the copy the trace built ended: ", "; `sudoku judge` shows how the judge's build ends); if POJ 2676 is its problem, name it so, with --problem poj2676 or in its file name)"],
        ),
    ];
    for (tool, file, header) in cases {
        if !common::need(tool) {
            continue;
        }
        let path = repo_file(&format!("tests/data/trace/{file}"));
        let (code, out, err) = sudoku(&["trace", "--time-limit", "20000", "--approach", &path]);
        assert_eq!(code, 0, "{file}: {err}");
        let first = out.lines().next().unwrap_or("");
        for want in header {
            assert!(first.contains(want), "{file}: {want:?} not in {first:?}");
        }
        assert!(
            out.contains("the board is solved (checked)")
                && out.contains("summary: 4208 placements, 4157 undos"),
            "{file}: {out}"
        );
    }
    // A page's summary says what input the stdin program was fed.
    if cfg!(unix) && common::need("g++") {
        let path = repo_file("tests/data/trace/count_first.cpp");
        let out = page_summary(&path, "trace-count-first", &["--time-limit", "20000"]);
        assert!(
            out.lines().any(|l| l.starts_with(
                "count_first: fed POJ 2676's input, a count of grids first: on Lanqiao's 9 lines"
            )),
            "{out}"
        );
    }
    // A free function in a file named for LeetCode 37 (which the judge
    // then takes for LeetCode's, not for a stdin program): called the same.
    if cfg!(unix) && common::need("rustc") {
        let path = users_file(
            "trace_entry",
            "lc_0037_free.rs",
            &repo_text("tests/data/trace/free_function.rs"),
        );
        let (code, out, err) = sudoku(&["trace", "--approach", &path]);
        assert_eq!(code, 0, "{err}");
        let first = out.lines().next().unwrap_or("");
        assert!(
            first.contains(
                "judges it as LeetCode 37 (file name): its solve_sudoku is a free function"
            ),
            "{first}"
        );
        assert!(
            out.contains("summary: 4208 placements, 4157 undos"),
            "{out}"
        );
    }
    // A stdin program of a problem whose input is not 9×9 digits with 0
    // for an empty cell: refused before it is built, naming that input.
    if common::need("g++") {
        let path = users_file(
            "trace_entry",
            "hdu1426_mine.cpp",
            "#include <cstdio>\nint g[9][9];\nint main() { scanf(\"%d\", &g[0][0]); return 0; }\n",
        );
        let (code, _, err) = sudoku(&["trace", "--approach", &path]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("judges it as HDU 1426, whose input is grids of 9 lines of 9 space-separated digits, `?` = empty")
                && err.contains("the trace feeds a stdin program one 9×9 puzzle of digits, 0 for an empty cell"),
            "{err}"
        );
    }
    // A class whose only constructor takes arguments: the `Solution` the
    // trace adds cannot extend it, and the refusal says so.
    if common::need("javac") {
        let path = users_file("trace_entry", "Sized.java", "public class Sized {\n    private final int n;\n    public Sized(int n) { this.n = n; }\n    public void solveSudoku(char[][] board) { board[0][2] = '4'; }\n}\n");
        let (code, _, err) = sudoku(&["trace", "--approach", &path]);
        assert_eq!(code, 2, "{err}");
        for want in [
            "with what the trace puts after its last line so that LeetCode's call reaches it (class Solution extends Sized {}), does not compile (LeetCode 37)",
            "constructor Sized in class Sized cannot be applied",
            "rename the class to Solution",
        ] {
            assert!(err.contains(want), "{want:?} not in {err}");
        }
    }
}
