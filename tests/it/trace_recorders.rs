//! The recorders of a user's own file (`sudoku trace --approach FILE`):
//! every file of `inputs/trace/` and write-up 001's bitmask JavaScript run
//! to their end on LeetCode's example and on Lanqiao's harder sample, with
//! every frame's locals at every write; and a caller's frame shows what the
//! program holds when a helper it called writes the board.

use crate::common;
use std::path::{Path, PathBuf};
use sudoku_workspace::grid::Grid;
use sudoku_workspace::trace::record::{FrameOp, Recording};
use sudoku_workspace::trace::{self, Approach, Event, Options};

/// The page's most steps a side.
const MAX_STEPS: u64 = 200_000;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).into()
}

fn lanqiao_hard() -> Grid {
    // sample2: the sample case whose search makes the most writes.
    let text = std::fs::read_to_string(root().join("inputs/lanqiao/sample2.in")).unwrap();
    sudoku_workspace::format::read_puzzle(&text).unwrap()
}

fn leetcode() -> Grid {
    Grid::from_line(trace::LEETCODE_EXAMPLE, 1).unwrap()
}

/// Whether the tool `file` needs is here (a skip is recorded if not).
fn runnable(file: &Path) -> bool {
    let tool = match file.extension().and_then(|e| e.to_str()) {
        Some("c") => "gcc",
        Some("cpp") => "g++",
        Some("java") => "javac",
        Some("rs") => "rustc",
        Some("py") => "python3",
        Some("js") => "node",
        _ => return false,
    };
    common::need(tool)
}

fn record(file: &Path, puzzle: &Grid) -> Recording {
    let opts = Options {
        // The default: sized from the right DFS's writes on the puzzle
        // (104 s on Lanqiao's sample 2), which the slowest file here
        // (`column_order.py`, a column-by-column search cut at the page's
        // 200,000 steps there, about 2 s on docs/trace.md's CPU) keeps with
        // a wide margin on a CPU four times slower.
        time_limit: None,
        exe: env!("CARGO_BIN_EXE_sudoku").into(),
        ..Options::default()
    };
    let approach = Approach::resolve(file.to_str().unwrap()).unwrap();
    trace::recording(&opts, &approach, puzzle, MAX_STEPS)
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// Each write of `rec` (a placement or an undo), handed to `each` with its
/// step's number, the board after it (from `puzzle`) and the frames then.
fn each_write(rec: &Recording, puzzle: &Grid, mut each: impl FnMut(usize, &[u8; 81], &[Frame])) {
    let mut board = puzzle.0;
    each_step(rec, |n, event, frames| {
        match *event {
            Event::Place { cell, digit, .. } => board[cell] = digit,
            Event::Undo { cell, .. } => board[cell] = 0,
            _ => return,
        }
        each(n, &board, frames);
    });
}

/// A frame at a step: its function and its locals (`None`: none reported).
type Frame = (String, Option<String>);

/// The frames on the stack at each step of `rec` (after its calls, returns
/// and locals), handed to `each` with the step's number (from 1).
fn each_step(rec: &Recording, mut each: impl FnMut(usize, &Event, &[Frame])) {
    let mut stack: Vec<Frame> = Vec::new();
    let mut ops = rec.ops.iter();
    for (n, step) in rec.steps.iter().enumerate() {
        for op in ops.by_ref().take(step.ops as usize) {
            match *op {
                FrameOp::Call(i) => stack.push((rec.names[i as usize].clone(), None)),
                FrameOp::Return(_) => {
                    stack.pop().expect("a call returns");
                }
                FrameOp::Locals { frame, text } => {
                    let text = &rec.locals[text as usize];
                    assert!(!text.starts_with(", "), "step {}: {text}", n + 1);
                    stack[frame as usize].1 = Some(text.clone());
                }
            }
        }
        each(n + 1, &step.event, &stack);
    }
}

/// Each file ends by itself (returns, or stops at the page's step limit),
/// never by the time limit, and at every write every frame shown holds its
/// locals (in C, C++, Java and Rust, whose recorders send no locals for a
/// frame with none to show, the innermost frame). `wrong_dfs.py` is left out: it spins without writing by design,
/// and `trace::a_users_file_that_never_returns_is_stopped_by_the_time_limit`
/// shows the time limit ending it.
#[test]
fn every_traced_file_ends_with_locals_at_every_write() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("inputs/trace"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap() != "wrong_dfs.py")
        .collect();
    files.sort();
    files.push(root().join("examples/writeups/lc37_001_step4_bitmasks.js"));
    assert!(files.len() >= 18, "{files:?}");
    // Every file on one puzzle, then on the other: a file's second trace
    // finds its copy built, never building beside its first.
    let runnable: Vec<&PathBuf> = files.iter().filter(|f| runnable(f)).collect();
    let work: Vec<(&PathBuf, &str, Grid)> = [
        ("LeetCode's example", leetcode()),
        ("Lanqiao's sample 2", lanqiao_hard()),
    ]
    .into_iter()
    .flat_map(|(name, puzzle)| runnable.iter().map(move |&file| (file, name, puzzle)))
    .collect();
    common::two_at_a_time(&work, |(file, name, puzzle)| {
        let what = format!("{} on {name}", file.display());
        let interpreted = matches!(file.extension().and_then(|e| e.to_str()), Some("py" | "js"));
        let rec = record(file, puzzle);
        assert!(
            rec.ending.starts_with("returned")
                || rec.ending.starts_with("printed")
                || rec
                    .ending
                    .starts_with(&format!("stopped after {MAX_STEPS} writes")),
            "{what}: {}",
            rec.ending
        );
        assert!(!rec.ending.contains("time limit"), "{what}: {}", rec.ending);
        let mut writes = 0;
        each_step(&rec, |n, event, frames| {
            if !matches!(event, Event::Place { .. } | Event::Undo { .. }) {
                return;
            }
            writes += 1;
            assert!(!frames.is_empty(), "{what}: step {n} has no frame");
            for (k, (function, locals)) in frames.iter().enumerate() {
                assert!(
                    locals.is_some() || (!interpreted && k + 1 < frames.len()),
                    "{what}: step {n}, frame {k} ({function}) has no locals"
                );
            }
        });
        assert!(writes >= 80, "{what}: {writes} writes");
    });
}

/// The set `d = set()` in `{…}` form, as Python prints it.
fn python_set(text: &str) -> Vec<String> {
    let inner = text.trim_start_matches('{').trim_end_matches('}');
    let mut items: Vec<String> = inner
        .split(", ")
        .filter(|s| !s.is_empty())
        .map(|s| s.trim_matches('\'').to_string())
        .collect();
    items.sort();
    items
}

/// The value of `name` in a frame's locals (`a = 1, b = {'2', '3'}`).
fn local<'a>(locals: &'a str, name: &str) -> &'a str {
    let start = if locals.starts_with(&format!("{name} = ")) {
        name.len() + 3
    } else {
        locals
            .find(&format!(", {name} = "))
            .map(|i| i + name.len() + 5)
            .unwrap_or_else(|| panic!("no {name} in {locals}"))
    };
    let rest = &locals[start..];
    // The value runs to the next `, NAME = `.
    let mut depth = 0;
    for (i, ch) in rest.char_indices() {
        match ch {
            '[' | '{' | '(' => depth += 1,
            ']' | '}' | ')' => depth -= 1,
            ',' if depth == 0 => return &rest[..i],
            _ => {}
        }
    }
    rest
}

/// `helper_sets.py` writes through helpers: `place` adds the digit to its
/// caller's set `tried`, then writes. At every placement the caller's frame
/// (`search`, the frame below `place`) shows the digit being placed as its
/// `d` and in its `tried`, which holds exactly the digits placed at that
/// cell since the search came to it; the row's, column's and box's sets are
/// shown by `solveSudoku`, the outermost frame holding them, and name it in
/// the others.
#[test]
fn a_callers_set_is_current_when_a_helper_writes() {
    if !common::need("python3") {
        return;
    }
    let file = root().join("inputs/trace/helper_sets.py");
    let rec = record(&file, &leetcode());
    assert!(
        rec.ending.starts_with("returned: the board is solved"),
        "{}",
        rec.ending
    );
    // By depth, the digits placed at that depth's cell since the search
    // last came to it: a placement at depth D sends the search on to fresh
    // cells below D.
    let mut placed: Vec<Vec<String>> = Vec::new();
    let mut checked = 0;
    each_step(&rec, |n, event, frames| {
        let Event::Place { digit, depth, .. } = *event else {
            return;
        };
        placed.resize(depth, Vec::new());
        placed[depth - 1].push(digit.to_string());
        placed[depth - 1].sort();
        let names: Vec<&str> = frames.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(names.last(), Some(&"place"), "step {n}: {names:?}");
        let caller = frames[frames.len() - 2].1.as_deref().unwrap();
        assert_eq!(
            local(caller, "d"),
            format!("'{digit}'"),
            "step {n}: {caller}"
        );
        assert_eq!(
            python_set(local(caller, "tried")),
            placed[depth - 1],
            "step {n}: {caller}"
        );
        let outer = frames[0].1.as_deref().unwrap();
        assert!(local(outer, "used").starts_with('['), "step {n}: {outer}");
        assert_eq!(
            local(caller, "used"),
            "(solveSudoku's used)",
            "step {n}: {caller}"
        );
        checked += 1;
    });
    assert_eq!(checked, 4208);
}

/// A LeetCode 37 file in C, C++, Rust and Java whose masks are made in
/// `solveSudoku` and passed down by reference (a pointer in C): at every write, the
/// outermost frame shows each mask as the program holds it then (the masks
/// of the board as it is after the write, which the file keeps so), and
/// every call of `fill` names that object instead of showing a copy.
#[test]
fn an_object_frames_share_is_drawn_once_and_current() {
    let files: Vec<&str> = [
        ("tests/data/trace/shared_masks.cpp", "g++"),
        ("tests/data/trace/shared_masks.rs", "rustc"),
        ("tests/data/trace/shared_masks.java", "javac"),
        ("tests/data/trace/shared_masks.c", "gcc"),
    ]
    .into_iter()
    .filter(|&(_, tool)| cfg!(unix) && common::need(tool))
    .map(|(file, _)| file)
    .collect();
    common::two_at_a_time(&files, |&file| {
        let rec = record(&root().join(file), &leetcode());
        assert!(
            rec.ending.starts_with("returned: the board is solved"),
            "{file}: {}",
            rec.ending
        );
        let mut checked = 0;
        each_write(&rec, &leetcode(), |n, board, frames| {
            let mut masks = [[0u32; 9]; 3];
            for (cell, &d) in board.iter().enumerate() {
                if d > 0 {
                    let (r, c) = (cell / 9, cell % 9);
                    masks[0][r] |= 1 << d;
                    masks[1][c] |= 1 << d;
                    masks[2][r / 3 * 3 + c / 3] |= 1 << d;
                }
            }
            let names: Vec<&str> = frames.iter().map(|f| f.0.as_str()).collect();
            assert!(names.len() >= 2, "{file} step {n}: {names:?}");
            let outer = frames[0].1.as_deref().unwrap_or("");
            for (k, name) in ["rows", "cols", "boxes"].into_iter().enumerate() {
                let want: Vec<String> = masks[k].iter().map(u32::to_string).collect();
                // The Rust file keeps its boxes' masks as a 3×3 table.
                let want = if name == "boxes" && file.ends_with(".rs") {
                    let rows: Vec<String> = want
                        .chunks(3)
                        .map(|r| format!("[{}]", r.join(", ")))
                        .collect();
                    format!("[{}]", rows.join(", "))
                } else {
                    format!("[{}]", want.join(", "))
                };
                assert_eq!(local(outer, name), want, "{file} step {n}: {outer}");
                for (function, locals) in &frames[1..] {
                    let locals = locals.as_deref().unwrap_or("");
                    assert_eq!(
                        local(locals, name),
                        format!("({}'s {name})", names[0]),
                        "{file} step {n}, {function}: {locals}"
                    );
                }
            }
            checked += 1;
        });
        assert_eq!(checked, 4208 + 4157, "{file}");
    });
}

/// A board kept in a table local to `main` and passed down: `main`'s
/// frame leaves it out of its locals, as every frame leaves out the board.
#[test]
fn a_table_local_to_main_is_left_out_of_its_locals() {
    if !cfg!(unix) || !common::need("g++") {
        return;
    }
    let rec = record(
        &root().join("tests/data/trace/local_table.cpp"),
        &lanqiao_hard(),
    );
    assert!(
        rec.ending.starts_with("printed: the board is solved"),
        "{}",
        rec.ending
    );
    let mut checked = 0;
    each_step(&rec, |n, _, frames| {
        let (function, locals) = &frames[0];
        assert_eq!(function, "main", "step {n}");
        let locals = locals.as_deref().unwrap_or("");
        assert!(
            locals.contains("cases = 1") && !locals.contains("board"),
            "step {n}: {locals}"
        );
        checked += 1;
    });
    assert!(checked > 1000, "{checked}");
}

/// A search written as a C++ lambda that calls itself through the
/// `std::function` holding it: each call of the lambda is a frame of its
/// own, named for its variable, with its parameter and locals (the cell it
/// writes is its `k`), and a count it captures by reference is drawn once,
/// in the frame that holds it, current at every write.
#[test]
fn a_cpp_lambda_that_calls_itself_is_traced_call_by_call() {
    if !cfg!(unix) || !common::need("g++") {
        return;
    }
    let rec = record(&root().join("tests/data/trace/lambda_dfs.cpp"), &leetcode());
    assert_eq!(rec.ending, "returned: the board is solved (checked)");
    let mut writes = 0;
    each_step(&rec, |n, event, frames| {
        let cell = match *event {
            Event::Place { cell, .. } | Event::Undo { cell, .. } => cell,
            _ => return,
        };
        writes += 1;
        let (outer, locals) = &frames[0];
        assert_eq!(outer, "solveSudoku", "step {n}");
        let locals = locals.as_deref().unwrap_or("");
        assert_eq!(
            local(locals, "writes"),
            writes.to_string(),
            "step {n}: {locals}"
        );
        // The function it holds is left out, as functions are.
        assert!(!locals.contains("place = "), "step {n}: {locals}");
        assert!(frames.len() >= 2, "step {n}: {frames:?}");
        for (function, locals) in &frames[1..] {
            assert_eq!(function, "place", "step {n}");
            let locals = locals.as_deref().unwrap_or("");
            assert_eq!(
                local(locals, "writes"),
                "(solveSudoku's writes)",
                "step {n}"
            );
        }
        let inner = frames.last().unwrap().1.as_deref().unwrap_or("");
        assert_eq!(local(inner, "k"), cell.to_string(), "step {n}: {inner}");
        assert_eq!(
            local(inner, "r"),
            (cell / 9).to_string(),
            "step {n}: {inner}"
        );
        assert_eq!(
            local(inner, "c"),
            (cell % 9).to_string(),
            "step {n}: {inner}"
        );
    });
    assert_eq!(writes, 4208 + 4157);
}

/// A store through a C++ reference to the cell, through a pointer to it
/// (C, C++), or through a Rust `&mut` to it is a write to the board like a
/// store into a subscript: each file makes the right DFS's writes, each
/// made by the call whose `k` is the cell written.
#[test]
fn a_store_through_a_reference_or_a_pointer_is_a_write() {
    let files: Vec<PathBuf> = [
        "cell_reference.cpp",
        "pointer_store.cpp",
        "pointer_store.c",
        "deref_store.rs",
    ]
    .iter()
    .map(|f| root().join("tests/data/trace").join(f))
    .filter(|f| cfg!(unix) && runnable(f))
    .collect();
    common::two_at_a_time(&files, |file| {
        let what = file.display().to_string();
        let rec = record(file, &leetcode());
        assert_eq!(
            rec.ending, "returned: the board is solved (checked)",
            "{what}"
        );
        let (mut places, mut undos) = (0, 0);
        each_step(&rec, |n, event, frames| {
            let cell = match *event {
                Event::Place { cell, .. } => {
                    places += 1;
                    cell
                }
                Event::Undo { cell, .. } => {
                    undos += 1;
                    cell
                }
                _ => return,
            };
            let inner = frames.last().and_then(|f| f.1.as_deref()).unwrap_or("");
            assert_eq!(
                local(inner, "k"),
                cell.to_string(),
                "{what} step {n}: {inner}"
            );
        });
        assert_eq!((places, undos), (4208, 4157), "{what}");
    });
}

/// The marks of a table of booleans (`rows[r][d]`: digit `d` is in row
/// `r`), in each of the six languages: the outermost frame holding the
/// three tables shows each row as the indices that hold true, at every
/// write those of the board as it is then (the file keeps them so), and
/// every call of `fill` names that frame's table.
#[test]
fn a_table_of_booleans_is_shown_as_its_marks_current_at_every_write() {
    let files: Vec<PathBuf> = ["c", "cpp", "java", "rs", "py", "js"]
        .iter()
        .map(|ext| root().join(format!("tests/data/trace/bool_marks.{ext}")))
        .filter(|f| user_file_runs(f))
        .collect();
    common::two_at_a_time(&files, |file| {
        let what = file.display().to_string();
        let rec = record(file, &leetcode());
        assert_eq!(
            rec.ending, "returned: the board is solved (checked)",
            "{what}"
        );
        let mut checked = 0;
        each_write(&rec, &leetcode(), |n, board, frames| {
            let marks = marks_of(board);
            let outer = frames[0].1.as_deref().unwrap_or("");
            for (k, name) in ["rows", "cols", "boxes"].into_iter().enumerate() {
                let want = &marks[k];
                assert_eq!(
                    local(outer, name),
                    want.as_str(),
                    "{what} step {n}: {outer}"
                );
                for (function, locals) in &frames[1..] {
                    let locals = locals.as_deref().unwrap_or("");
                    assert_eq!(
                        local(locals, name),
                        format!("({}'s {name})", frames[0].0),
                        "{what} step {n}, {function}: {locals}"
                    );
                }
            }
            checked += 1;
        });
        assert_eq!(checked, 4208 + 4157, "{what}");
    });
}

/// Whether `file` can be traced here: its tool is here, and for C, C++,
/// Java and Rust, the recorder's Unix calls are.
fn user_file_runs(file: &Path) -> bool {
    let compiled = !matches!(file.extension().and_then(|e| e.to_str()), Some("py" | "js"));
    (cfg!(unix) || !compiled) && runnable(file)
}

/// A solution that keeps its marks and counts on its object, in C++
/// (members), Java (fields, one static) and Python (`self`'s attributes):
/// the outermost frame shows them, at every write the board's marks as it
/// is then and the number of digits placed, and every call of `fill` names
/// that frame's; a static method shows no object's.
#[test]
fn an_objects_fields_are_shown_once_and_current() {
    let files: Vec<PathBuf> = ["cpp", "java", "py"]
        .iter()
        .map(|ext| root().join(format!("tests/data/trace/members.{ext}")))
        .filter(|f| user_file_runs(f))
        .collect();
    common::two_at_a_time(&files, |file| {
        let what = file.display().to_string();
        let python = what.ends_with(".py");
        let rec = record(file, &leetcode());
        assert_eq!(
            rec.ending, "returned: the board is solved (checked)",
            "{what}"
        );
        let puzzle = leetcode().0;
        let mut checked = 0;
        each_write(&rec, &leetcode(), |n, board, frames| {
            let marks = marks_of(board);
            let placed = (0..81).filter(|&i| puzzle[i] == 0 && board[i] > 0).count();
            let outer = frames[0].1.as_deref().unwrap_or("");
            if python {
                let want = format!(
                    "Solution(rows={}, cols={}, boxes={}, placed={placed})",
                    marks[0], marks[1], marks[2]
                );
                assert_eq!(local(outer, "self"), want, "{what} step {n}");
            } else {
                for (k, name) in ["rows", "cols", "boxes"].into_iter().enumerate() {
                    assert_eq!(local(outer, name), marks[k], "{what} step {n}: {outer}");
                }
                assert_eq!(
                    local(outer, "placed"),
                    placed.to_string(),
                    "{what} step {n}"
                );
            }
            for (function, locals) in &frames[1..] {
                let locals = locals.as_deref().unwrap_or("");
                let names: &[&str] = if python {
                    &["self"]
                } else {
                    &["rows", "cols", "boxes", "placed"]
                };
                for name in names {
                    assert_eq!(
                        local(locals, name),
                        format!("(solveSudoku's {name})"),
                        "{what} step {n}, {function}: {locals}"
                    );
                }
            }
            checked += 1;
        });
        assert_eq!(checked, 4208 + 4157, "{what}");
    });
}

/// The marks of `board`'s rows, columns and boxes as the trace shows a
/// table of booleans (`[{3,5,7}, {1,9}, {}, …]`: each row's digits).
fn marks_of(board: &[u8; 81]) -> [String; 3] {
    let mut marks = [[[false; 10]; 9]; 3];
    for (cell, &d) in board.iter().enumerate() {
        if d > 0 {
            let (r, c) = (cell / 9, cell % 9);
            marks[0][r][d as usize] = true;
            marks[1][c][d as usize] = true;
            marks[2][r / 3 * 3 + c / 3][d as usize] = true;
        }
    }
    marks.map(|table| {
        let rows: Vec<String> = table
            .iter()
            .map(|row| {
                let on: Vec<String> = (0..10).filter(|&d| row[d]).map(|d| d.to_string()).collect();
                format!("{{{}}}", on.join(","))
            })
            .collect();
        format!("[{}]", rows.join(", "))
    })
}

/// A string holding a line break, a quote and a backslash is shown as the
/// language writes it as a literal, and the locals after it are there: at
/// every write of `go`, in C++ and Java (whose recorders send a frame's
/// locals as one line each).
#[test]
fn a_string_with_a_line_break_is_shown_escaped_with_the_locals_after_it() {
    for (tool, file) in [
        ("g++", "newline_string.cpp"),
        ("javac", "newline_string.java"),
    ] {
        if !common::need(tool) {
            continue;
        }
        let path = root().join("tests/data/trace").join(file);
        let rec = record(&path, &leetcode());
        assert!(
            rec.ending.starts_with("returned: the board is solved"),
            "{file}: {}",
            rec.ending
        );
        let mut writes = 0;
        each_write(&rec, &leetcode(), |n, _, frames| {
            let (function, locals) = frames.last().unwrap();
            assert_eq!(function, "go", "{file}, step {n}");
            let locals = locals.as_deref().unwrap_or("");
            assert_eq!(
                local(locals, "note"),
                r#""row\nend \"q\" \\""#,
                "{file}, step {n}: {locals}"
            );
            assert_eq!(local(locals, "after"), "42", "{file}, step {n}: {locals}");
            writes += 1;
        });
        assert_eq!(writes, 8365, "{file}");
    }
}
