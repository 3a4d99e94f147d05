//! The trace page in a real browser: pages made by `sudoku trace --html`
//! (or rendered here by the library function it calls, from the
//! recordings a test checks the page against) are opened in headless Chromium (driven over the DevTools protocol, see
//! `browser.rs`), and after loading `#step=N`, pressing keys or
//! clicking, each side's board, highlighted line, counters, call stack and
//! caption must be the trace's own at that step, with no console error and
//! no request for anything but the file itself. The two sides are put side
//! by side as `trace::record::timeline` puts them.
//!
//! A learner's own files are shown truthfully: a correct Python or
//! JavaScript file reads as the same search as the right DFS, one that
//! forgets to undo is marked at its first wrong write, and the stack holds
//! the program's real frames. The page fits one 1366×768 screen (board,
//! caption and highlighted line) and a phone's 375 px; axe-core (npm,
//! `$AXE_CORE` names its `axe.min.js`) finds no serious violation.
//!
//! The expected state comes from the library: the same recording replayed
//! in Rust (`trace::record::at_step`), which `src/trace/record.rs` checks
//! against the live search. The page reads everything it shows from
//! `data-` attributes (each cell's row, col and digit), so this test does
//! not depend on the styling.
//!
//! Without Chromium (`$CHROMIUM`, or `chromium` on `PATH`) the tests say
//! they were skipped, on stderr past cargo's capture; with
//! `SUDOKU_NO_SKIP=1` (set by `.ci/run`) a skip is a failure.
//! Without axe-core the accessibility test is skipped the same way.
//! `UPDATE_SCREENSHOT=1` also writes `docs/trace.png` (the default page)
//! and the README's `docs/trace-own.png` (a learner's file that forgets to
//! undo, against the right DFS, where they part).
//!
//! Unix only: Chromium is handed its DevTools pipe as fds 3 and 4.

#![cfg(unix)]

use crate::browser;
use crate::common;

use browser::Browser;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use sudoku_workspace::grid::Grid;
use sudoku_workspace::trace::record::{self, FrameOp, Recording, StackKind};
use sudoku_workspace::trace::{self, Approach, Event, Kind, Options, Order};

fn chromium() -> Option<PathBuf> {
    let found = browser::find();
    if found.is_none() {
        common::skip(
            "no Chromium",
            "apt-get install chromium, or set CHROMIUM to its path",
        );
    }
    found
}

/// Chromium, and python3 and node for the pages of a user's file; `None`
/// (the test skips, saying which is missing) without one of them.
fn chromium_and_runtimes() -> Option<PathBuf> {
    let chromium = chromium()?;
    if !common::need("python3") || !common::need("node") {
        return None;
    }
    Some(chromium)
}

/// The files of `files` this machine can run: Python and JavaScript with
/// python3 and node (checked by [`chromium_and_runtimes`]), C, C++, Java
/// and Rust with gcc, g++, javac and rustc (a skip recorded for each
/// missing one).
fn runnable<'a>(files: &[&'a str]) -> Vec<&'a str> {
    files
        .iter()
        .copied()
        .filter(
            |f| match Path::new(f).extension().and_then(|e| e.to_str()) {
                Some("c") => common::need("gcc"),
                Some("cpp") => common::need("g++"),
                Some("java") => common::need("javac"),
                Some("rs") => common::need("rustc"),
                _ => true,
            },
        )
        .collect()
}

fn example() -> Grid {
    Grid::from_line(trace::LEETCODE_EXAMPLE, 1).unwrap()
}

fn hard() -> Grid {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs/lc37/hard_top1465_338.in"),
    )
    .unwrap();
    sudoku_workspace::format::read_puzzle(&text).unwrap()
}

/// Runs `sudoku trace --html target/tmp/NAME.html ARGS` and returns the page.
fn make_page(name: &str, args: &[&str]) -> PathBuf {
    let page = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.html"));
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["trace", "--html"])
        .arg(&page)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    page
}

/// The page `sudoku trace --html` writes for `sides` on LeetCode's example,
/// rendered here from the recordings the test checks it against (each
/// side run once, not again by a `sudoku trace` of its own): at
/// `target/tmp/NAME.html`.
fn render_page(name: &str, sides: &mut [Recording]) -> PathBuf {
    let (puzzle_name, puzzle) = trace::load_puzzle(None).unwrap();
    assert_eq!(puzzle, example());
    if sides[0].key == sides[1].key {
        sides[1].key.push_str("-2");
    }
    let page = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.html"));
    // Written whole, then named: a test reading it never sees half a page.
    let part = page.with_extension(format!("part-{:?}", std::thread::current().id()));
    std::fs::write(&part, trace::html::page(&puzzle_name, &puzzle, sides)).unwrap();
    std::fs::rename(&part, &page).unwrap();
    page
}

/// The recording the page's side shows, computed here by the library: a
/// user's file under the default time limit, sized from the right DFS.
fn side(approach: &str, puzzle: &Grid, max: u64) -> Recording {
    recorded(approach, puzzle, max, None)
}

/// [`side`] of a user's file run under a time limit of `time_limit_ms`.
fn side_within(approach: &str, puzzle: &Grid, max: u64, time_limit_ms: u64) -> Recording {
    recorded(
        approach,
        puzzle,
        max,
        Some(Duration::from_millis(time_limit_ms)),
    )
}

fn recorded(approach: &str, puzzle: &Grid, max: u64, time_limit: Option<Duration>) -> Recording {
    let opts = Options {
        time_limit,
        exe: env!("CARGO_BIN_EXE_sudoku").into(),
        ..Options::default()
    };
    let approach = Approach::resolve(approach).unwrap();
    trace::recording(&opts, &approach, puzzle, max).unwrap()
}

/// What the page shows, read from its DOM.
const READ_STATE: &str = r#"(() => ({
  pos: Number(document.body.dataset.pos),
  step: Number(document.body.dataset.step),
  hash: location.hash,
  errors: Number(document.body.dataset.errors || 0),
  sides: Array.from(document.querySelectorAll('section.side')).map((s) => {
    const hit = s.querySelector('.source .line.current');
    const why = Array.from(s.querySelectorAll('.caption .why')).map((e) => e.textContent);
    return {
      key: s.dataset.side,
      step: Number(s.dataset.step),
      line: Number(s.dataset.line),
      hit: hit ? Number(hit.dataset.line) : 0,
      chosen: s.classList.contains('chosen'),
      counters: Object.fromEntries(Array.from(s.querySelectorAll('[data-counter]')).map((e) => [e.dataset.counter, Number(e.textContent)])),
      cells: Array.from(s.querySelectorAll('.cell')).map((c) => [Number(c.dataset.row), Number(c.dataset.col), Number(c.dataset.digit), Number(c.dataset.undone || 0), c.dataset.current === '1']),
      event: (s.querySelector('.caption .event') || {}).textContent || '',
      why: why.find((w) => w.startsWith('why: ')) || '',
      stackKind: s.querySelector('.stack').dataset.kind,
      frames: Array.from(s.querySelectorAll('.stack li:not(.returned):not(.empty):not(.returned-head)')).map((li) => [li.dataset.name || '', Number(li.dataset.cell), li.dataset.locals === undefined ? null : li.dataset.locals]),
      returned: Array.from(s.querySelectorAll('.stack li.returned')).map((li) => [li.dataset.name, Number(li.dataset.cell), li.dataset.returned]),
      // The stack's items in order, by kind: f a frame, h the returned calls' heading, r a returned call.
      order: Array.from(s.querySelectorAll('.stack li')).map((li) => li.classList.contains('returned-head') ? 'h' : li.classList.contains('returned') ? 'r' : li.classList.contains('empty') ? '' : 'f').join(''),
    };
  }),
}))()"#;

/// A page open in the browser, with what each of its sides should show.
struct Open<'a> {
    browser: &'a mut Browser,
    url: String,
    puzzle: Grid,
    sides: Vec<Recording>,
    loads: usize,
}

impl Open<'_> {
    /// The page's positions: each side's step at each.
    fn timeline(&self) -> Vec<(usize, usize)> {
        record::timeline(&self.sides[0].steps, &self.sides[1].steps)
    }

    /// The last position.
    fn total(&self) -> usize {
        self.timeline().len() - 1
    }

    /// The first position where side `k` shows its step `step`.
    fn position_of(&self, k: usize, step: usize) -> usize {
        let line = self.timeline();
        let step = step.min(line.last().map_or(0, |&(a, b)| [a, b][k]));
        line.iter().position(|&(a, b)| [a, b][k] >= step).unwrap()
    }

    /// Loads the page at `#step=N&side=KEY`, side KEY's own step N (a fresh
    /// load every time: the query string differs).
    fn go(&mut self, step: usize, side: &str) {
        self.loads += 1;
        let url = format!("{}?load={}#step={step}&side={side}", self.url, self.loads);
        self.browser
            .open(&url, "document.body.dataset.ready === '1'");
    }

    /// Side `side`'s step `step` (its key `key`), reached in the page
    /// already open by changing the hash, as a link to a step does: no reload.
    fn jump(&mut self, step: usize, side: usize, key: &str) {
        let p = self.position_of(side, step);
        let hash = format!("#step={step}&side={key}");
        self.browser
            .eval(&format!("location.hash = {}", serde_json::json!(hash)));
        self.browser
            .wait_for(&format!("document.body.dataset.pos === '{p}'"));
    }

    fn state(&mut self) -> Value {
        self.browser.eval(READ_STATE)
    }

    /// The page is at side `side`'s step `step`, and every side shows the
    /// trace's state there.
    fn check_step(&mut self, side: usize, step: usize, what: &str) {
        let p = self.position_of(side, step);
        self.check(p, what);
    }

    /// Every side shows the trace's state at position `p` of the timeline.
    fn check(&mut self, p: usize, what: &str) {
        let state = self.state();
        assert_eq!(state["pos"], p, "{what}: the page is at another position");
        assert_eq!(state["errors"], 0, "{what}: the page caught an error");
        let (a, b) = self.timeline()[p];
        for ((shown, want), s) in state["sides"]
            .as_array()
            .unwrap()
            .iter()
            .zip(&self.sides)
            .zip([a, b])
        {
            check_side(shown, want, &self.puzzle, s, what);
        }
    }
}

/// A frame as the page lists it: its function, its cell (-1: none yet) and
/// its locals (`None`: none reported).
type Frame = (String, i64, Option<String>);

/// The frames on the stack after step `n` of `rec`, and those that returned
/// just before it (function, cell, value), replayed from the recording.
fn frames_at(rec: &Recording, n: usize) -> (Vec<Frame>, Vec<(String, i64, String)>) {
    let mut stack: Vec<Frame> = Vec::new();
    let mut returned = Vec::new();
    let mut ops = rec.ops.iter();
    for step in &rec.steps[..n] {
        returned.clear();
        for op in ops.by_ref().take(step.ops as usize) {
            match *op {
                FrameOp::Call(i) => stack.push((rec.names[i as usize].clone(), -1, None)),
                FrameOp::Return(i) => {
                    let (name, cell, _) = stack.pop().expect("a call returns");
                    returned.push((name, cell, rec.values[i as usize].clone()));
                }
                FrameOp::Locals { frame, text } => {
                    if let Some(f) = stack.get_mut(frame as usize) {
                        f.2 = Some(rec.locals[text as usize].clone());
                    }
                }
            }
        }
        if let (Some(top), Some(cell)) = (stack.last_mut(), step.event.cell()) {
            top.1 = cell as i64;
        }
    }
    (stack, returned)
}

/// The page's words for a step: the terminal's, an undo's depth before and
/// after; a write over a given (only a user's file makes one) said as such,
/// and a same-digit rewrite.
fn page_event(step: &record::Step, puzzle: &Grid) -> String {
    let event = &step.event;
    let text = event.to_string();
    match *event {
        Event::Place { cell, digit, depth } if step.note == record::Note::Rewrite => format!(
            "rewrite {digit} at {} (the digit already there)  depth {depth}",
            trace::at(cell)
        ),
        Event::Undo { cell, digit, .. } if puzzle.0[cell] != 0 => format!(
            "overwrites the given {digit} at {}: a clue of the puzzle is changed",
            trace::at(cell)
        ),
        Event::Undo { depth, .. } => text.replacen(
            &format!("depth {depth}"),
            &format!("depth {depth} \u{2192} {}", depth - 1),
            1,
        ),
        _ => text,
    }
}

fn check_side(shown: &Value, want: &Recording, puzzle: &Grid, s: usize, what: &str) {
    let at = format!("{what}: side {} at step {s}", want.key);
    assert_eq!(shown["key"], want.key.as_str(), "{at}");
    assert_eq!(shown["step"], s, "{at}");
    let (board, stats, revisits) = record::at_step(puzzle, &want.steps, s);
    let cells = shown["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 81, "{at}");
    for (i, cell) in cells.iter().enumerate() {
        let undone = board.undone.filter(|&(c, _)| c == i).map_or(0, |(_, d)| d);
        let expect = serde_json::json!([
            i / 9 + 1,
            i % 9 + 1,
            board.cells[i],
            undone,
            board.current == Some(i)
        ]);
        assert_eq!(cell, &expect, "{at}: cell {i}");
    }
    let step = s.checked_sub(1).map(|k| want.steps[k]);
    let line = step.map_or(0, |st| st.line);
    assert_eq!(shown["line"], line, "{at}: the highlighted line");
    assert_eq!(shown["hit"], line, "{at}: the line marked in the source");
    let depth = step.map_or(0, |st| st.event.depth());
    let counters = &shown["counters"];
    assert_eq!(counters["steps"], s, "{at}");
    // A copy-back's writes are not counted as the search's placements.
    let copied = want.shape.copy_back.map_or(0, |(from, to)| {
        let upto = to.min(s);
        let steps = want.steps.get(from - 1..upto).unwrap_or_default();
        steps
            .iter()
            .filter(|st| matches!(st.event, Event::Place { .. }))
            .count() as u64
    });
    assert_eq!(counters["placements"], stats.placements - copied, "{at}");
    assert_eq!(counters["undos"], stats.undos, "{at}");
    assert_eq!(counters["revisits"], revisits, "{at}");
    assert_eq!(counters["depth"], depth, "{at}");
    match want.stack {
        StackKind::Frames => {
            assert_eq!(shown["stackKind"], "frames", "{at}");
            let (frames, returned) = frames_at(want, s);
            // The calls returned follow the frames under their heading,
            // never read as callees of the innermost frame.
            let order = format!(
                "{}{}{}",
                "f".repeat(frames.len()),
                if returned.is_empty() { "" } else { "h" },
                "r".repeat(returned.len())
            );
            let frames: Vec<Value> = frames
                .iter()
                .map(|(n, c, l)| serde_json::json!([n, c, l]))
                .collect();
            assert_eq!(shown["frames"], Value::from(frames), "{at}: the call stack");
            let returned: Vec<Value> = returned
                .iter()
                .map(|(n, c, v)| serde_json::json!([n, c, v]))
                .collect();
            assert_eq!(
                shown["returned"],
                Value::from(returned),
                "{at}: the calls returned"
            );
            assert_eq!(shown["order"], order.as_str(), "{at}: the stack's order");
        }
        StackKind::Filled => {
            assert_eq!(shown["stackKind"], "filled", "{at}");
            assert_eq!(
                shown["frames"].as_array().unwrap().len(),
                depth,
                "{at}: the filled cells"
            );
        }
    }
    match step {
        Some(st) => {
            assert_eq!(
                shown["event"],
                format!("step {s}  {}", page_event(&st, puzzle)),
                "{at}"
            );
            let why = trace::dead_end_why(&st.event, &board.cells)
                .map_or(String::new(), |w| format!("why: {w}"));
            assert_eq!(shown["why"], why.as_str(), "{at}");
        }
        None => assert!(
            shown["event"].as_str().unwrap().starts_with("step 0"),
            "{at}"
        ),
    }
}

/// The first step after `from` (from 1) on `side` that `test` picks.
fn next(side: &Recording, from: usize, test: impl Fn(&record::Step) -> bool) -> usize {
    side.steps
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, s)| test(s))
        .map(|(i, _)| i + 1)
        .unwrap()
}

fn file_url(path: &Path) -> String {
    format!("file://{}", path.canonicalize().unwrap().display())
}

/// Only pages this test made were loaded: nothing from the network.
fn assert_offline(browser: &Browser, page: &Path) {
    let own = file_url(page.parent().unwrap());
    for url in browser.requests() {
        assert!(
            url.starts_with(&own) || url.starts_with("data:") || url == "about:blank",
            "the page asked for {url}"
        );
    }
}

#[test]
fn the_default_page_plays_the_trace() {
    let Some(chromium) = chromium() else { return };
    let page = make_page("trace_default", &[]);
    let mut browser = Browser::start(&chromium, 1400, 1250);
    let sides = vec![
        side("wrong", &example(), 200_000),
        side("right", &example(), 200_000),
    ];
    let mut open = Open {
        browser: &mut browser,
        url: file_url(&page),
        puzzle: example(),
        sides,
        loads: 0,
    };
    let total = open.total();
    assert_eq!(
        record::compare(&open.sides[0].steps, &open.sides[1].steps),
        record::Comparison::Part(record::Parting {
            at: [Some(7), Some(7)],
            matched: [6, 6]
        })
    );
    for n in [0, 1, 5, 6, 7, 8, 9] {
        open.go(n, "wrong");
        open.check_step(0, n, &format!("#step={n}&side=wrong"));
    }
    let right_count = open.sides[1].steps.len();
    for n in [10, 100, 4000, right_count - 1, right_count] {
        open.go(n, "right");
        open.check_step(1, n, &format!("#step={n}&side=right"));
    }
    // Keys, as a keyboard sends them: each moves one position on.
    open.go(5, "wrong");
    for (key, shift, want) in [
        ("ArrowRight", false, 6),
        ("ArrowRight", false, 7),
        ("ArrowRight", true, 17),
        ("ArrowLeft", false, 16),
        ("End", false, total),
        ("Home", false, 0),
    ] {
        open.browser.press(key, shift);
        open.check(
            want,
            &format!("after {key}{}", if shift { " with Shift" } else { "" }),
        );
    }
    // The jumps, on the chosen side; the address follows.
    open.go(0, "right");
    let right = open.sides[1].clone();
    let undo = next(&right, 0, |s| matches!(s.event, Event::Undo { .. }));
    open.browser.press("u", false);
    open.check_step(1, undo, "u: the right side's next undo");
    assert_eq!(open.state()["hash"], format!("#step={undo}&side=right"));
    let dead = next(&right, undo, |s| s.dead_end);
    open.browser.press("d", false);
    open.check_step(1, dead, "d: the right side's next dead end");
    open.go(0, "wrong");
    let wrong = open.sides[0].clone();
    open.browser.click("[data-action=next-revisit]");
    open.check_step(
        0,
        next(&wrong, 0, |s| s.revisit),
        "the next-revisit button, wrong side",
    );
    open.browser.click("[data-action=next-undo]");
    assert!(open
        .browser
        .eval("document.body.dataset.notice")
        .as_str()
        .unwrap()
        .starts_with("no undo after step 7 on wrong"));
    open.go(0, "wrong");
    open.browser.click("[data-action=first-difference]");
    open.check_step(0, 7, "the where-they-part button");
    open.browser.press("s", false);
    assert_eq!(
        open.state()["hash"],
        "#step=7&side=right",
        "s chooses the other side"
    );
    // Playing moves both sides on, and pausing leaves a consistent page.
    open.go(0, "wrong");
    open.browser.click("[data-action=play]");
    open.browser
        .wait_for("Number(document.body.dataset.pos) >= 3");
    open.browser.press(" ", false);
    let at = open.state()["pos"].as_u64().unwrap() as usize;
    open.check(at, "after play and pause");
    // The picture for the README: the first difference.
    open.go(7, "wrong");
    let png = open.browser.screenshot();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace.png");
    std::fs::write(&shot, &png).unwrap();
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        std::fs::write(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/trace.png"),
            &png,
        )
        .unwrap();
    }
    let errors = open.browser.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
    assert_offline(&browser, &page);
}

#[test]
fn every_traceable_approach_has_a_working_page() {
    let Some(chromium) = chromium() else { return };
    let mut browser = Browser::start(&chromium, 1200, 900);
    let mut names: Vec<&str> = Order::ALL.iter().map(|o| o.key()).collect();
    names.extend(trace::SOURCES.iter().map(|s| s.name()));
    for name in names {
        let source = match Approach::resolve(name).unwrap() {
            Approach::Mirror { source, .. } => source,
            Approach::UserFile(_) => unreachable!("{name} is built in"),
        };
        // A write-up's wrong DFS is run until its time limit: its five
        // writes come in the JVM's first tenth of a second, so 2.5 s (of
        // this CPU's time scaled, as the sandbox counts it) keeps them on a
        // CPU a quarter as fast, and the default (5 s) is
        // `captions_are_true_and_cite_the_file_shown`'s to show.
        let spins = source.order == Order::Wrong && source.path.starts_with("examples/writeups/");
        // The page of `sudoku trace --html P --approach NAME --against
        // fewest --max-steps 3000` (with `--time-limit 2500` where it spins).
        let mut sides = vec![
            if spins {
                side_within(name, &example(), 3000, 2500)
            } else {
                side(name, &example(), 3000)
            },
            side("fewest", &example(), 3000),
        ];
        let page = render_page(&format!("trace_{name}"), &mut sides);
        // Its file's lines, each doing its step's job: a mirror's line is
        // the statement doing it; a write-up's original is run, and each
        // step's line is the store into its board that made it.
        for st in &sides[0].steps {
            if source.path.starts_with("examples/writeups/")
                && !sides[0].title.contains("the mirror of its search")
            {
                let text = source.text.lines().nth(st.line - 1).unwrap_or("");
                assert!(
                    text.contains("] = ") && !text.contains("=="),
                    "{name}: step {st:?} at line {}: {text}",
                    st.line
                );
            } else {
                assert_eq!(st.line, source.line(Kind::of(&st.event)), "{name}");
            }
        }
        let mut open = Open {
            browser: &mut browser,
            url: file_url(&page),
            puzzle: example(),
            sides,
            loads: 0,
        };
        // Opened at a step once; the other steps reached as the page's links
        // reach them.
        let count = open.sides[0].steps.len();
        for (k, n) in [1, 6, count / 2, count].into_iter().enumerate() {
            if k == 0 {
                open.go(n, name);
            } else {
                open.jump(n, 0, name);
            }
            open.check_step(0, n, name);
        }
        let errors = browser.errors();
        assert!(errors.is_empty(), "{name}: console: {errors:?}");
        assert_offline(&browser, &page);
    }
}

/// A user's own Python and JavaScript files: every write recorded, with the
/// line of the file that made it, against the right DFS.
#[test]
fn own_files_have_working_pages() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut browser = Browser::start(&chromium, 1200, 900);
    // What ends each run must not depend on the CPU: the step limit or the
    // program's own return, under a time limit over 10 times what the run
    // needs on a CPU a quarter as fast as the developers' (5,000 writes of the
    // slowest file here take 0.4 s of CPU there); or, for the file that
    // stops writing and loops, the time limit after the same five writes.
    const STEPS: u64 = 5_000;
    for (file, time_limit, ended_by_time) in [
        ("inputs/trace/marks_forward.py", 20_000, false),
        ("inputs/trace/wrong_dfs.py", 1_000, true),
        (
            "examples/writeups/lc37_001_step4_bitmasks.js",
            20_000,
            false,
        ),
        (
            "examples/writeups/lc37_001_step1_scan_flag.js",
            20_000,
            false,
        ),
    ] {
        let path = root.join(file);
        let path_text = path.to_str().unwrap();
        let name = path.file_stem().unwrap().to_str().unwrap();
        let limit = time_limit.to_string();
        let page = make_page(
            &format!("trace_own_{name}"),
            &[
                "--approach",
                path_text,
                "--time-limit",
                &limit,
                "--max-steps",
                &STEPS.to_string(),
            ],
        );
        let sides = vec![
            side_within(path_text, &example(), STEPS, time_limit),
            side_within("right", &example(), STEPS, time_limit),
        ];
        let own = &sides[0];
        assert!(!own.steps.is_empty(), "{file}: no write recorded");
        assert_eq!(
            own.ending.starts_with("stopped by the time limit"),
            ended_by_time,
            "{file}: {}",
            own.ending
        );
        if ended_by_time {
            assert_eq!(own.steps.len(), 5, "{file}: {}", own.ending);
        }
        // A placement's line writes a digit into the board, an undo's writes '.'.
        // (A digit written over a digit is an undo and a placement, both at
        // the line that wrote the digit.)
        let text: Vec<&str> = own.text.lines().collect();
        for (i, st) in own.steps.iter().enumerate() {
            let code = text[st.line - 1];
            let overwritten = matches!(own.steps.get(i + 1), Some(n) if matches!(n.event, Event::Place { .. }) && n.line == st.line && n.event.cell() == st.event.cell());
            match st.event {
                Event::Undo { .. } if !overwritten => {
                    assert!(code.contains("'.'"), "{file}:{} {code}", st.line)
                }
                Event::Place { .. } | Event::Undo { .. } => assert!(
                    code.contains("board[") && !code.contains("'.'"),
                    "{file}:{} {code}",
                    st.line
                ),
                _ => {}
            }
        }
        let mut open = Open {
            browser: &mut browser,
            url: file_url(&page),
            puzzle: example(),
            sides,
            loads: 0,
        };
        let (mine, right) = (open.sides[0].steps.len(), open.sides[1].steps.len());
        for n in [1, 5, mine / 2, mine] {
            open.go(n, name);
            open.check_step(0, n, file);
        }
        open.go(right, "right");
        open.check_step(1, right, file);
        // The comparison names the limit that cut a side, and the flag.
        let compare = open
            .browser
            .eval("document.getElementById('compare').textContent");
        let compare = compare.as_str().unwrap_or_default();
        if ended_by_time {
            assert!(
                compare.contains("stopped by the time limit")
                    && compare.contains("--time-limit MS gives it more")
                    && !compare.contains("step limit"),
                "{file}: {compare}"
            );
        }
        let errors = browser.errors();
        assert!(errors.is_empty(), "{file}: console: {errors:?}");
        assert_offline(&browser, &page);
    }
}

/// The largest page: 200,000 steps a side, the most a page holds (the right
/// DFS and its rescanning twin on a hard puzzle, both cut there and saying
/// so), under 5 MB.
#[test]
fn the_largest_page_opens_at_its_last_step() {
    let Some(chromium) = chromium() else { return };
    let puzzle = hard().to_line();
    let page = make_page(
        "trace_largest",
        &["--approach", "right", "--against", "rescan", &puzzle],
    );
    let size = std::fs::metadata(&page).unwrap().len();
    assert!(size < 5 << 20, "{size} bytes");
    let sides = vec![
        side("right", &hard(), 200_000),
        side("rescan", &hard(), 200_000),
    ];
    assert_eq!(
        (sides[0].steps.len(), sides[1].steps.len()),
        (200_000, 200_000)
    );
    assert!(
        sides[0].ending.starts_with("stopped after 200000 steps"),
        "{}",
        sides[0].ending
    );
    let mut browser = Browser::start(&chromium, 1200, 900);
    let mut open = Open {
        browser: &mut browser,
        url: file_url(&page),
        puzzle: hard(),
        sides,
        loads: 0,
    };
    for n in [199_999, 200_000, 123_457] {
        open.go(n, "right");
        open.check_step(0, n, "the largest page");
    }
    let ending = open
        .browser
        .eval("document.querySelector('section.side .ending').textContent");
    assert!(
        ending
            .as_str()
            .unwrap()
            .contains("stopped after 200000 steps"),
        "{ending}"
    );
    let errors = browser.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A page of the user's file `file` (under the repository) against the
/// right DFS, with the recordings it shows: made once for every test that
/// opens it (`own_files_have_working_pages` makes such pages with `sudoku
/// trace --html` itself).
fn own_page(file: &str) -> (PathBuf, Vec<Recording>, String) {
    type Made = (PathBuf, Vec<Recording>, String);
    static MADE: std::sync::Mutex<Vec<(String, Made)>> = std::sync::Mutex::new(Vec::new());
    let made = |file: &str| {
        let made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        made.iter().find(|(f, _)| f == file).map(|(_, m)| m.clone())
    };
    if let Some(m) = made(file) {
        return m;
    }
    // As the learner types it, from the repository's root.
    let path = Path::new(file);
    let path_text = file.to_string();
    let name = path.file_stem().unwrap().to_str().unwrap().to_string();
    let ext = path.extension().unwrap().to_str().unwrap();
    // Each file returns after 0.4 s of CPU at the most on the developers'
    // CPU: the time limit is over 10 times that on a CPU a quarter as fast.
    let mut sides = vec![
        side_within(&path_text, &example(), 200_000, 20_000),
        side_within("right", &example(), 200_000, 20_000),
    ];
    assert!(
        !sides[0].ending.starts_with("stopped"),
        "{file} returns: {}",
        sides[0].ending
    );
    let page = render_page(&format!("trace_own_{name}_{ext}"), &mut sides);
    let m = (page, sides, name);
    MADE.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((file.to_string(), m.clone()));
    m
}

fn state_of(browser: &mut Browser) -> Value {
    browser.eval(READ_STATE)
}

/// A correct file of one's own, in each language the trace runs, walks the
/// right DFS's tree: the page says it is the same search, and the two sides
/// stay together to the end, each numbering its own steps.
#[test]
fn a_correct_own_file_is_the_same_search_as_the_right_dfs() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let mut browser = Browser::start(&chromium, 1366, 768);
    browser.viewport(1366, 768, false);
    for file in runnable(&[
        "inputs/trace/marks_forward.py",
        "inputs/trace/marks_forward.js",
        "inputs/trace/marks_forward.c",
        "inputs/trace/marks_forward.cpp",
        "inputs/trace/marks_forward.java",
        "inputs/trace/marks_forward.rs",
    ]) {
        let (page, sides, name) = own_page(file);
        assert_eq!(
            record::compare(&sides[0].steps, &sides[1].steps),
            record::Comparison::Same,
            "{file}"
        );
        let mut open = Open {
            browser: &mut browser,
            url: file_url(&page),
            puzzle: example(),
            sides,
            loads: 0,
        };
        open.go(0, &name);
        let said = open.browser.eval(
            "[document.body.dataset.compare, document.getElementById('compare').textContent]",
        );
        assert_eq!(said[0], "same", "{file}: {said}");
        assert!(
            said[1]
                .as_str()
                .unwrap()
                .contains(&format!("The write-up {name} is the same search as right")),
            "{file}: {said}"
        );
        // Where the right DFS has a dead end, the file waits for it; the
        // next write is the same on both sides.
        let right = open.sides[1].clone();
        let dead = next(&right, 0, |s| s.dead_end);
        open.go(dead, "right");
        open.check_step(1, dead, file);
        open.browser.press("ArrowRight", false);
        let st = state_of(open.browser);
        let (a, b) = (&st["sides"][0], &st["sides"][1]);
        assert_eq!(
            a["cells"], b["cells"],
            "{file}: one board after the dead end"
        );
        assert_eq!(b["step"], dead + 1, "{file}");
        let total = open.total();
        open.browser.press("End", false);
        open.check(total, file);
        let errors = open.browser.errors();
        assert!(errors.is_empty(), "{file}: console: {errors:?}");
    }
}

/// A file that forgets to undo (the digit left on the board when the call
/// below fails): the page marks its first write the right DFS does not
/// make, and shows what the right DFS did there. The README's picture.
#[test]
fn a_file_that_forgets_to_undo_is_marked_at_its_first_wrong_write() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let mut browser = Browser::start(&chromium, 1366, 768);
    browser.viewport(1366, 768, false);
    for file in runnable(&[
        "inputs/trace/forgets_undo.py",
        "inputs/trace/forgets_undo.js",
        "inputs/trace/forgets_undo.c",
        "inputs/trace/forgets_undo.cpp",
        "inputs/trace/forgets_undo.java",
        "inputs/trace/forgets_undo.rs",
    ]) {
        let (page, sides, name) = own_page(file);
        // Five placements alike; then the file writes 9 over its 8 at row 1,
        // col 7 (step 6: an undo and a place in one write), where the right
        // DFS takes back the 9 at row 1, col 8 (its step 7, after its dead
        // end at row 1, col 9).
        assert_eq!(
            record::compare(&sides[0].steps, &sides[1].steps),
            record::Comparison::Part(record::Parting {
                at: [Some(6), Some(7)],
                matched: [5, 5]
            }),
            "{file}"
        );
        let mut open = Open {
            browser: &mut browser,
            url: file_url(&page),
            puzzle: example(),
            sides,
            loads: 0,
        };
        open.go(0, &name);
        let said = open.browser.eval(
            "[document.body.dataset.compare, document.getElementById('compare').textContent, \
             Array.from(document.querySelectorAll('#compare a')).map((a) => a.dataset.side + ' ' + a.dataset.step)]",
        );
        assert_eq!(said[0], "part", "{file}");
        let text = said[1].as_str().unwrap();
        // A file the project ships: a write-up. The call at row 1, col 8
        // returned leaving its 9: the board is never reset.
        for want in [
            "It never resets its board: a call returns leaving its digit on the board (first before its step 6). ",
            "the write-up's first write that right does not make is step 6: writes 9 over the 8 at row 1, col 7",
            "where right at its step 7: undo 9 at row 1, col 8",
        ] {
            assert!(text.contains(want), "{file}: {text:?} lacks {want:?}");
        }
        assert_eq!(
            said[2],
            serde_json::json!([format!("{name} 6"), format!("{name} 6"), "right 7"]),
            "{file}"
        );
        open.browser.click("[data-action=first-difference]");
        open.check_step(0, 6, file);
        let marked = open.browser.eval(
            "Array.from(document.querySelectorAll('section.side')).map((s) => [Number(s.dataset.step), \
             Array.from(s.querySelectorAll('.caption .badge')).some((b) => b.textContent === 'where the two sides part'), \
             Array.from(s.querySelectorAll('.mark.part')).map((m) => Number(m.dataset.step))])",
        );
        assert_eq!(
            marked,
            serde_json::json!([[6, true, [6]], [7, true, [7]]]),
            "{file}"
        );
        if file.ends_with(".py") {
            let png = open.browser.screenshot();
            let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace-own.png");
            std::fs::write(&shot, &png).unwrap();
            if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
                std::fs::write(root().join("docs/trace-own.png"), &png).unwrap();
            }
        }
        let errors = open.browser.errors();
        assert!(errors.is_empty(), "{file}: console: {errors:?}");
    }
}

/// The frames the page lists at side `k`'s step `step`, and the calls
/// that returned just before it.
fn frames_shown(open: &mut Open, side: &str, k: usize, step: usize) -> (Value, Value) {
    open.go(step, side);
    let st = open.state();
    let s = &st["sides"][k];
    assert_eq!(s["step"], step);
    // Function and cell: the locals are check_side's.
    let frames: Vec<Value> = s["frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| serde_json::json!([f[0], f[1]]))
        .collect();
    (Value::from(frames), s["returned"].clone())
}

/// The stack is the program's real calls, known here from the programs
/// themselves: each `dfs` fills one cell, under `solveSudoku`; a call that
/// returned is gone, with what it returned (Python's value, the mirror's
/// `false`, the wrong DFS's nothing).
#[test]
fn the_stack_is_the_real_call_stack() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let mut browser = Browser::start(&chromium, 1366, 768);
    let dfs = |cells: &[i64]| -> Vec<Value> {
        cells
            .iter()
            .map(|&c| serde_json::json!(["dfs", c]))
            .collect()
    };
    let with_solve = |cells: &[i64]| -> Value {
        let mut v = vec![serde_json::json!(["solveSudoku", -1])];
        v.extend(dfs(cells));
        Value::from(v)
    };
    // Row 1's empty cells: col 3, 4, 6, 7, 8, 9 (cells 2, 3, 5, 6, 7, 8).
    for file in [
        "inputs/trace/marks_forward.py",
        "inputs/trace/marks_forward.js",
        "inputs/trace/forgets_undo.py",
    ] {
        let (page, sides, name) = own_page(file);
        let mut open = Open {
            browser: &mut browser,
            url: file_url(&page),
            puzzle: example(),
            sides,
            loads: 0,
        };
        // Step 5: 9 placed at row 1, col 8 by the fifth dfs.
        let (frames, returned) = frames_shown(&mut open, &name, 0, 5);
        assert_eq!(frames, with_solve(&[2, 3, 5, 6, 7]), "{file} step 5");
        assert_eq!(returned, serde_json::json!([]), "{file} step 5");
        if file.contains("forgets_undo") {
            // Step 6: the call at row 1, col 8 returned False (its callee at
            // row 1, col 9 found no digit and wrote nothing); the one at
            // row 1, col 7 writes 9 over its 8. Four dfs calls, not six.
            let (frames, returned) = frames_shown(&mut open, &name, 0, 6);
            assert_eq!(frames, with_solve(&[2, 3, 5, 6]), "{file} step 6");
            assert_eq!(
                returned,
                serde_json::json!([["dfs", 7, "False"]]),
                "{file} step 6"
            );
        } else {
            // Step 6: the fifth dfs undoes its 9; the call below it wrote
            // nothing, so it was never on a reported stack.
            let (frames, returned) = frames_shown(&mut open, &name, 0, 6);
            assert_eq!(frames, with_solve(&[2, 3, 5, 6, 7]), "{file} step 6");
            assert_eq!(returned, serde_json::json!([]), "{file} step 6");
        }
        // The right DFS's mirror: at its step 7 the call at row 1, col 9 has
        // returned false, and the one at row 1, col 8 undoes its 9.
        let (frames, returned) = frames_shown(&mut open, "right", 1, 7);
        assert_eq!(frames, Value::from(dfs(&[2, 3, 5, 6, 7])), "right step 7");
        assert_eq!(
            returned,
            serde_json::json!([["dfs", 8, "false"]]),
            "right step 7"
        );
    }
    // The wrong DFS: at step 7 its sixth call is back at row 1, col 9, none
    // returned; on a board it completes, the call that found it complete
    // returns nothing, and its caller undoes its digit.
    let page = make_page("trace_stack_wrong", &[]);
    let sides = vec![
        side("wrong", &example(), 200_000),
        side("right", &example(), 200_000),
    ];
    let mut open = Open {
        browser: &mut browser,
        url: file_url(&page),
        puzzle: example(),
        sides,
        loads: 0,
    };
    let (frames, returned) = frames_shown(&mut open, "wrong", 0, 7);
    assert_eq!(
        frames,
        Value::from(dfs(&[2, 3, 5, 6, 7, 8])),
        "wrong step 7"
    );
    assert_eq!(returned, serde_json::json!([]), "wrong step 7");
    let solved = trace::search(Order::RowMajor, &example(), &mut trace::Limit(None))
        .first
        .unwrap();
    let mut nearly = solved;
    nearly.0[80] = 0;
    let line = nearly.to_line();
    let page = make_page("trace_stack_nearly", &[&line]);
    let mut open = Open {
        browser: &mut browser,
        url: file_url(&page),
        puzzle: nearly,
        sides: vec![
            side("wrong", &nearly, 200_000),
            side("right", &nearly, 200_000),
        ],
        loads: 0,
    };
    let (frames, returned) = frames_shown(&mut open, "wrong", 0, 3);
    assert_eq!(frames, Value::from(dfs(&[80])), "wrong step 3");
    assert_eq!(
        returned,
        serde_json::json!([["dfs", -1, "nothing"]]),
        "wrong step 3: the call that found the board complete returns no value"
    );
    let errors = browser.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
}

/// Each side's board, caption and highlighted line, as rectangles.
const LAYOUT: &str = r#"(() => {
  const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  return {
    scroll: [window.scrollX, window.scrollY],
    view: [window.innerWidth, window.innerHeight],
    sides: Array.from(document.querySelectorAll('section.side')).map((s) => ({
      shown: s.offsetParent !== null,
      board: r(s.querySelector('.board')),
      caption: r(s.querySelector('.caption .event')),
      line: s.querySelector('.source .line.current') ? r(s.querySelector('.source .line.current')) : null,
      source: r(s.querySelector('.source')),
    })),
  };
})()"#;

/// A side of [`LAYOUT`] shows its board, caption and highlighted line
/// inside `screen`, and the line inside its code box.
fn side_fits(s: &Value, screen: [f64; 4], what: &str) {
    inside(&s["board"], screen, &format!("{what}: the board"));
    inside(&s["caption"], screen, &format!("{what}: the caption"));
    inside(&s["line"], screen, &format!("{what}: the highlighted line"));
    let source: Vec<f64> = s["source"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    inside(
        &s["line"],
        [source[0], source[1], source[2], source[3]],
        &format!("{what}: the line in its box"),
    );
}

fn inside(inner: &Value, outer: [f64; 4], what: &str) {
    let b: Vec<f64> = inner
        .as_array()
        .unwrap_or_else(|| panic!("{what}: not shown"))
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!(
        b[0] >= outer[0] - 0.5
            && b[1] >= outer[1] - 0.5
            && b[2] <= outer[2] + 0.5
            && b[3] <= outer[3] + 0.5,
        "{what}: {b:?} is not inside {outer:?}"
    );
}

/// On a 1366×768 screen each side's board, caption and highlighted line are
/// all in view, with no scrolling of the page; on a 375 px phone one side
/// is shown at a time, switched by tabs, and nothing is wider than the screen.
#[test]
fn board_caption_and_line_fit_one_screen() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let (own, _, name) = own_page("inputs/trace/forgets_undo.py");
    let default = make_page("trace_screen_default", &[]);
    let mut browser = Browser::start(&chromium, 1366, 768);
    browser.viewport(1366, 768, false);
    for (page, side, steps) in [
        (&default, "wrong", &[1usize, 6, 7, 9][..]),
        (&default, "right", &[7, 40, 4000, 9612][..]),
        (&own, name.as_str(), &[1, 6, 30, 82][..]),
    ] {
        for &step in steps {
            let url = format!("{}#step={step}&side={side}", file_url(page));
            browser.open(&url, "document.body.dataset.ready === '1'");
            let layout = browser.eval(LAYOUT);
            assert_eq!(layout["scroll"], serde_json::json!([0, 0]));
            let view = [
                0.0,
                0.0,
                layout["view"][0].as_f64().unwrap(),
                layout["view"][1].as_f64().unwrap(),
            ];
            assert_eq!(view[2..], [1366.0, 768.0]);
            for (k, s) in layout["sides"].as_array().unwrap().iter().enumerate() {
                side_fits(s, view, &format!("{side} step {step}, side {k}"));
            }
        }
    }
    drop(browser);
    let mut phone = Browser::start(&chromium, 375, 812);
    phone.viewport(375, 812, true);
    let url = format!("{}#step=6&side={name}", file_url(&own));
    phone.open(&url, "document.body.dataset.ready === '1'");
    let fits = phone.eval(
        "[document.documentElement.scrollWidth, window.innerWidth, \
          document.getElementById('puzzle').scrollWidth <= document.getElementById('puzzle').clientWidth, \
          Array.from(document.querySelectorAll('section.side')).map((s) => s.offsetParent !== null), \
          getComputedStyle(document.querySelector('header')).position]",
    );
    assert_eq!(fits[1], 375, "{fits}");
    assert!(
        fits[0].as_f64().unwrap() <= 375.0,
        "wider than the phone: {fits}"
    );
    assert_eq!(fits[2], true, "the puzzle text wraps: {fits}");
    assert_eq!(fits[3], serde_json::json!([true, false]), "{fits}");
    assert_eq!(fits[4], "static", "the header scrolls away: {fits}");
    phone.click("#tabs [role=tab]:nth-child(2)");
    let shown = phone.eval(
        "[Array.from(document.querySelectorAll('section.side')).map((s) => s.offsetParent !== null), \
          document.querySelector('#tabs [aria-selected=true]').textContent]",
    );
    assert_eq!(shown, serde_json::json!([[false, true], "right"]));
    let layout = phone.eval(LAYOUT);
    let board = &layout["sides"][1]["board"];
    inside(board, [0.0, 0.0, 375.0, 1e9], "the phone's board");
    let errors = phone.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
}

/// axe-core's `axe.min.js`: `$AXE_CORE`, else `node_modules/axe-core` here.
fn axe_core() -> Option<String> {
    let path = std::env::var_os("AXE_CORE")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("node_modules/axe-core/axe.min.js"));
    let found = std::fs::read_to_string(&path).ok();
    if found.is_none() {
        common::skip(
            &format!("no axe-core at {}", path.display()),
            "npm install axe-core, and set AXE_CORE to its axe.min.js",
        );
    }
    found
}

/// The contrast of each cue with the white it is drawn on (WCAG's formula).
const CUES: &str = r#"(() => {
  const rgb = (text) => (text.match(/rgba?\(([^)]*)\)/) || [, '0,0,0'])[1].split(',').slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const style = (sel) => getComputedStyle(document.querySelector(sel));
  const white = [255, 255, 255];
  return {
    current: ratio(rgb(style('.cell.current').boxShadow), white),
    blocker: ratio(rgb(style('.cell.blocker').outlineColor), white),
    line: ratio(rgb(style('.source .line.current').boxShadow), rgb(style('.source').backgroundColor)),
  };
})()"#;

/// axe-core finds no serious or critical violation on the default page and
/// on a user's file; the cues are at least 3:1; each cell has a name; there
/// is one live region, which says nothing while the page plays.
#[test]
fn the_page_is_accessible() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let Some(axe) = axe_core() else { return };
    let (own, _, name) = own_page("inputs/trace/forgets_undo.py");
    let default = make_page("trace_axe_default", &[]);
    let mut browser = Browser::start(&chromium, 1366, 768);
    browser.viewport(1366, 768, false);
    for (page, side, step) in [
        (&default, "right", 6),
        (&default, "wrong", 7),
        (&own, name.as_str(), 6),
    ] {
        let url = format!("{}#step={step}&side={side}", file_url(page));
        browser.open(&url, "document.body.dataset.ready === '1'");
        browser.eval(&axe);
        let found = browser.eval(
            "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations \
               .filter((v) => v.impact === 'serious' || v.impact === 'critical') \
               .map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')))",
        );
        assert_eq!(found, serde_json::json!([]), "{side} step {step}");
    }
    // The cues, at a dead end of the right DFS (step 6: no digit fits at
    // row 1, col 9, every blocking cell marked).
    let url = format!("{}#step=6&side=right", file_url(&default));
    browser.open(&url, "document.body.dataset.ready === '1'");
    let cues = browser.eval(CUES);
    for cue in ["current", "blocker", "line"] {
        let ratio = cues[cue].as_f64().unwrap();
        assert!(ratio >= 3.0, "{cue}: {ratio:.2}:1");
    }
    let names = browser.eval(
        "Array.from(document.querySelectorAll('section.side[data-side=right] .cell')).map((c) => c.getAttribute('aria-label'))",
    );
    let names: Vec<&str> = names
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(names[0], "row 1, col 1: 5, given, blocks the dead end");
    assert_eq!(names[2], "row 1, col 3: 1, blocks the dead end");
    assert_eq!(names[8], "row 1, col 9: empty, this step's cell");
    assert_eq!(names[10], "row 2, col 2: empty");
    let live = browser.eval(
        "document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]').length",
    );
    assert_eq!(live, 1, "one live region");
    // Quiet while playing; it speaks again once paused.
    let said_before = browser.eval("document.getElementById('announce').textContent");
    browser.press(" ", false);
    browser.wait_for(
        "document.body.dataset.playing === '1' && Number(document.body.dataset.pos) >= 12",
    );
    let said_playing = browser.eval("document.getElementById('announce').textContent");
    assert_eq!(
        said_playing, said_before,
        "the live region spoke during play"
    );
    browser.press(" ", false);
    browser.wait_for("document.body.dataset.playing === '0'");
    let said_after = browser.eval("document.getElementById('announce').textContent");
    assert_ne!(said_after, said_before, "paused: the step is said");
    // Space after a click is still play/pause, not the button again.
    let url = format!("{}#step=0&side=wrong", file_url(&default));
    browser.open(&url, "document.body.dataset.ready === '1'");
    browser.click("[data-action=forward]");
    assert_eq!(browser.eval("document.body.dataset.pos"), "1");
    browser.press(" ", false);
    assert_eq!(
        browser.eval("document.body.dataset.playing"),
        "1",
        "Space after a click plays"
    );
    browser.press(" ", false);
    assert_eq!(
        browser.eval("document.body.dataset.playing"),
        "0",
        "and pauses"
    );
    let errors = browser.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
}

/// The captions say what each step did and cite the file on the page: a
/// write-up original's page cites the Java it shows, as links that scroll
/// it; a placement after an undo is "the next digit after" it; the loop's
/// two steps are links and marks on the chart; the words are defined.
#[test]
fn captions_are_true_and_cite_the_file_shown() {
    let Some(chromium) = chromium() else { return };
    let mut browser = Browser::start(&chromium, 1366, 768);
    let java = make_page("trace_captions_java", &["--approach", "lc37_000_wrong_dfs"]);
    // The original spins after its mirror's five writes: its time limit is
    // sized from them, not from the right DFS's thousands.
    let html = std::fs::read_to_string(&java).unwrap();
    assert!(
        !common::installed("javac")
            || html.contains("stopped by the time limit (5005 ms of CPU time, 5000 ms and 1 ms for each of the 5 writes its mirror makes on this puzzle) after 5 writes"),
        "{}",
        java.display()
    );
    let lines = trace::Source::named("lc37_000_wrong_dfs")
        .unwrap()
        .text
        .lines()
        .count();
    for step in 1..=9 {
        let url = format!("{}#step={step}&side=lc37_000_wrong_dfs", file_url(&java));
        browser.open(&url, "document.body.dataset.ready === '1'");
        let caption = browser.eval(
            "(() => { const s = document.querySelector('section.side'); return [s.querySelector('.caption').textContent, \
              Array.from(s.querySelectorAll('.caption .line-link')).map((a) => Number(a.dataset.line))]; })()",
        );
        let text = caption[0].as_str().unwrap();
        assert!(
            !text.contains(".rs"),
            "step {step} cites a file not shown: {text}"
        );
        let cited = caption[1].as_array().unwrap();
        assert!(!cited.is_empty(), "step {step}: no line cited: {text}");
        for n in cited {
            let n = n.as_u64().unwrap() as usize;
            assert!((1..=lines).contains(&n), "step {step}: line {n}");
        }
    }
    // A cited line is a link that scrolls the source to it.
    browser.eval("document.querySelector('section.side .source').scrollTop = 0");
    browser.click("section.side .caption .line-link");
    let seen = browser.eval(
        "(() => { const s = document.querySelector('section.side'); const n = s.querySelector('.caption .line-link').dataset.line; \
          const l = s.querySelector('.source .line[data-line=\"' + n + '\"]').getBoundingClientRect(); \
          const b = s.querySelector('.source').getBoundingClientRect(); return l.top >= b.top && l.bottom <= b.bottom; })()",
    );
    assert_eq!(seen, true, "the cited line is scrolled into view");
    // The right DFS places 9 at row 1, col 7 right after undoing its 8 there.
    let right = side("right", &example(), 200_000);
    let k = right
        .steps
        .windows(2)
        .position(|w| {
            matches!(
                (w[0].event, w[1].event),
                (
                    Event::Undo {
                        cell: 6,
                        digit: 8,
                        ..
                    },
                    Event::Place {
                        cell: 6,
                        digit: 9,
                        ..
                    }
                )
            )
        })
        .unwrap()
        + 2;
    let default = make_page("trace_captions_default", &[]);
    let url = format!("{}#step={k}&side=right", file_url(&default));
    browser.open(&url, "document.body.dataset.ready === '1'");
    let text = browser
        .eval("document.querySelector('section.side[data-side=right] .caption').textContent");
    let text = text.as_str().unwrap();
    assert!(
        text.contains("9 is the next digit after the undone 8 that fits."),
        "{text}"
    );
    assert!(
        text.contains("in the code: board[0][6] (row i+1, col j+1)"),
        "{text}"
    );
    // The loop: "step 9 is the state of step 7", both links, both marked.
    let wrong = browser.eval(
        "(() => { const s = document.querySelector('section.side[data-side=wrong]'); return [ \
           Array.from(s.querySelectorAll('.ending a')).map((a) => Number(a.dataset.step)), \
           Array.from(s.querySelectorAll('.mark.loop')).map((m) => Number(m.dataset.step)), \
           s.querySelector('.ending').classList.contains('solved'), \
           document.querySelector('section.side[data-side=right] .ending').classList.contains('solved')]; })()",
    );
    assert_eq!(wrong, serde_json::json!([[9, 7], [7, 9], false, true]));
    browser.click("section.side[data-side=wrong] .ending a:last-child");
    assert_eq!(browser.eval("location.hash"), "#step=7&side=wrong");
    let words = browser
        .eval("Array.from(document.querySelectorAll('#glossary dt')).map((d) => d.textContent)");
    for word in ["dead end", "revisit", "depth", "call stack", "row, col"] {
        assert!(
            words.as_array().unwrap().iter().any(|w| w == word),
            "{word} is not defined: {words}"
        );
    }
    let errors = browser.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
}

/// A user's file that writes over a given: the page says it changed a clue
/// of the puzzle, not that it took back a digit of its own.
#[test]
fn a_write_over_a_given_is_said_so() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace_over_a_given.py");
    std::fs::write(
        &file,
        "class Solution:\n    def solveSudoku(self, board):\n        board[0][2] = '1'\n        board[0][0] = '.'\n",
    )
    .unwrap();
    let path_text = file.to_str().unwrap();
    let page = make_page(
        "trace_over_a_given",
        &["--approach", path_text, "--time-limit", "20000"],
    );
    let sides = vec![
        side_within(path_text, &example(), 200_000, 20_000),
        side_within("right", &example(), 200_000, 20_000),
    ];
    assert!(
        matches!(
            sides[0].steps[1].event,
            Event::Undo {
                cell: 0,
                digit: 5,
                ..
            }
        ),
        "{:?}",
        sides[0].steps
    );
    let mut browser = Browser::start(&chromium, 1200, 900);
    let mut open = Open {
        browser: &mut browser,
        url: file_url(&page),
        puzzle: example(),
        sides,
        loads: 0,
    };
    open.go(2, &open.sides[0].key.clone());
    open.check_step(0, 2, "over a given");
    let shown = open.state();
    assert!(
        shown["sides"][0]["event"]
            .as_str()
            .unwrap()
            .contains("overwrites the given 5 at row 1, col 1: a clue of the puzzle is changed"),
        "{shown}"
    );
    let errors = browser.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
}

/// A correct file that searches in another order (column by column) is
/// named as an order of its own that solves, not given a bug's words; a
/// file that forgets to undo still is (the test above).
#[test]
fn a_correct_file_in_another_order_is_named_as_an_order() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let (page, sides, name) = own_page("inputs/trace/column_order.py");
    assert!(sides[0].ending.contains("solved"), "{}", sides[0].ending);
    let mut browser = Browser::start(&chromium, 1366, 768);
    let mut open = Open {
        browser: &mut browser,
        url: file_url(&page),
        puzzle: example(),
        sides,
        loads: 0,
    };
    open.go(0, &name);
    let said = open
        .browser
        .eval("[document.body.dataset.compare, document.getElementById('compare').textContent]");
    assert_eq!(said[0], "order", "{said}");
    let text = said[1].as_str().unwrap();
    assert!(
        text.starts_with("Another order, it solves: ")
            && text.contains("the write-up's first write in its own order is step ")
            && !text.contains("does not make"),
        "{text}"
    );
    let errors = browser.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
}

/// A file that solves the board by stores the trace does not follow (in a
/// macro's body) is not compared as a search: the page says none of its
/// writes was seen, and its empty call stack says why.
#[test]
fn a_file_whose_writes_are_not_seen_is_not_called_another_order() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let (page, sides, name) = own_page("tests/data/trace/macro_store.cpp");
    assert!(sides[0].steps.is_empty() && sides[0].shape.unseen);
    let mut browser = Browser::start(&chromium, 1366, 768);
    let mut open = Open {
        browser: &mut browser,
        url: file_url(&page),
        puzzle: example(),
        sides,
        loads: 0,
    };
    open.go(0, &name);
    let said = open.browser.eval(
        "[document.body.dataset.compare, document.getElementById('compare').textContent, \
         Array.from(document.querySelectorAll('section.side')[0].querySelectorAll('.stack li.empty')).map((li) => li.textContent)]",
    );
    assert_eq!(said[0], "unseen", "{said}");
    let text = said[1].as_str().unwrap();
    assert!(
        text.starts_with("Not all seen: your file macro_store changed the board only by stores the trace does not follow")
            && text.contains("the trace saw none of its writes")
            && !text.contains("Another order"),
        "{text}"
    );
    assert_eq!(
        said[2],
        serde_json::json!(["no call: the trace saw none of the writes of this side (it stores into the board in a way the trace does not follow)"]),
        "{said}"
    );
    let errors = browser.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
}

/// On a 375×667 phone, a link to a step opens with the chosen side's
/// board, its caption and the highlighted line all on the one screen, the
/// line scrolled into its box, long lines wrapped; switching sides does
/// the same for the other side.
#[test]
fn on_a_phone_a_step_shows_board_caption_and_line_on_one_screen() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let (own, _, name) = own_page("inputs/trace/forgets_undo.py");
    let mut phone = Browser::start(&chromium, 375, 667);
    phone.viewport(375, 667, true);
    let screen = [0.0, 0.0, 375.0, 667.0];
    let check = |phone: &mut Browser, k: usize, what: &str| {
        let layout = phone.eval(LAYOUT);
        assert_eq!(layout["view"], serde_json::json!([375, 667]), "{what}");
        let s = &layout["sides"][k];
        assert_eq!(s["shown"], true, "{what}: {layout}");
        side_fits(s, screen, what);
        let wraps = phone.eval(&format!(
            "(() => {{ const b = document.querySelectorAll('section.side .source')[{k}]; \
             return b.scrollWidth <= b.clientWidth; }})()"
        ));
        assert_eq!(wraps, true, "{what}: a line wider than its box");
    };
    for step in [6, 30, 82] {
        let url = format!("{}#step={step}&side={name}", file_url(&own));
        phone.open(&url, "document.body.dataset.ready === '1'");
        check(&mut phone, 0, &format!("{name} step {step}"));
    }
    // The screen as the test saw it, to look at: target/tmp/trace-phone.png.
    let png = phone.screenshot();
    std::fs::write(
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace-phone.png"),
        &png,
    )
    .unwrap();
    phone.click("#tabs [role=tab]:nth-child(2)");
    check(&mut phone, 1, "right, after switching sides");
    let errors = phone.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
}

/// The program's own prints: each line `k = 2, r = 0, c = 2, d = 1` its
/// stderr holds, built and run here with the language's compiler (not the
/// trace's), on LeetCode's example in Lanqiao's form.
fn printed(file: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("printed_{}", file.replace(['/', '.'], "_")));
    std::fs::create_dir_all(&dir).unwrap();
    let src = root().join(file);
    let exe = dir.join("program");
    let (build, run): (Vec<Command>, Command) = match src.extension().unwrap().to_str().unwrap() {
        "c" => {
            let mut b = Command::new("gcc");
            b.arg("-O0").arg("-o").arg(&exe).arg(&src);
            (vec![b], Command::new(&exe))
        }
        "cpp" => {
            let mut b = Command::new("g++");
            b.arg("-O0").arg("-o").arg(&exe).arg(&src);
            (vec![b], Command::new(&exe))
        }
        "rs" => {
            let mut b = Command::new("rustc");
            b.arg("-o").arg(&exe).arg(&src);
            (vec![b], Command::new(&exe))
        }
        _ => {
            std::fs::copy(&src, dir.join("Main.java")).unwrap();
            let mut b = Command::new("javac");
            b.arg("-d").arg(&dir).arg(dir.join("Main.java"));
            let mut r = Command::new("java");
            r.arg("-cp").arg(&dir).arg("Main");
            (vec![b], r)
        }
    };
    for mut b in build {
        let out = b.output().unwrap();
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let input: String = example()
        .0
        .chunks(9)
        .map(|row| row.iter().map(|d| char::from(b'0' + d)).collect::<String>() + "\n")
        .collect();
    let mut run = run;
    let mut child = run
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{file}");
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .map(str::to_string)
        .collect()
}

/// A stdin program in C, C++, Java and Rust that prints its locals at each
/// placement: at chosen steps, the page's innermost frame holds exactly
/// those values, each caller holds what it printed at its own placement,
/// and the page's frames and locals are the recording's.
#[test]
fn each_frame_holds_the_locals_the_program_prints() {
    let Some(chromium) = chromium() else { return };
    let mut browser = Browser::start(&chromium, 1366, 768);
    browser.viewport(1366, 768, false);
    for file in runnable(&[
        "inputs/trace/prints_locals.c",
        "inputs/trace/prints_locals.cpp",
        "inputs/trace/prints_locals.java",
        "inputs/trace/prints_locals.rs",
    ]) {
        let lines = printed(file);
        let (page, sides, name) = own_page(file);
        assert_eq!(
            record::compare(&sides[0].steps, &sides[1].steps),
            record::Comparison::Same,
            "{file}"
        );
        let rec = &sides[0];
        // The placements, in order, are the printed lines, in order.
        let places: Vec<usize> = (1..=rec.steps.len())
            .filter(|&n| matches!(rec.steps[n - 1].event, Event::Place { .. }))
            .collect();
        assert_eq!(
            places.len(),
            lines.len(),
            "{file}: a line printed a placement"
        );
        let chosen = [0, 1, 4, 5, 200, places.len() / 2, places.len() - 1];
        let mut open = Open {
            browser: &mut browser,
            url: file_url(&page),
            puzzle: example(),
            sides: sides.clone(),
            loads: 0,
        };
        for &p in &chosen {
            let step = places[p];
            let (frames, _) = frames_at(rec, step);
            let dfs: Vec<&Frame> = frames.iter().filter(|f| f.0 == "dfs").collect();
            // The innermost: this placement's line.
            let inner = dfs.last().unwrap().2.clone().unwrap_or_default();
            assert_eq!(inner, lines[p], "{file}: step {step}, the innermost frame");
            // Each caller that placed: its own latest line, the one whose k
            // is its k.
            for f in &dfs {
                let locals = f.2.clone().unwrap_or_default();
                let k = locals.split(',').next().unwrap().to_string();
                let own = lines[..=p]
                    .iter()
                    .rev()
                    .find(|l| l.starts_with(&format!("{k},")));
                if let Some(own) = own {
                    if locals.contains("d = ") {
                        assert_eq!(&locals, own, "{file}: step {step}, the frame with {k}");
                    }
                }
            }
            // The page shows the same frames and locals.
            open.go(step, &name);
            open.check_step(0, step, file);
        }
        let errors = open.browser.errors();
        assert!(errors.is_empty(), "{file}: console: {errors:?}");
    }
}

/// The page names what a file does besides its search: a search that goes
/// on past the solution and copies a kept board back is "past the
/// solution" (not another order), its copy a copy-back (not revisits); a
/// file that never resets its board shows its calls' depth, names a
/// same-digit rewrite at the call that made it, and, as it solves, is not
/// marked red where it parts.
#[test]
fn a_search_past_its_solution_and_a_board_never_reset_are_named() {
    let Some(chromium) = chromium_and_runtimes() else {
        return;
    };
    let mut browser = Browser::start(&chromium, 1366, 768);
    let header = "[document.body.dataset.compare, document.getElementById('compare').textContent, \
                  document.getElementById('compare').className]";
    let caption = "Array.from(document.querySelectorAll('section.side')[0].querySelectorAll('.caption span')).map((s) => s.textContent)";

    let (page, sides, name) = own_page("tests/data/trace/past_solution_copy_back.py");
    let (from, to) = sides[0].shape.copy_back.unwrap();
    let mut open = Open {
        browser: &mut browser,
        url: file_url(&page),
        puzzle: example(),
        sides,
        loads: 0,
    };
    open.go(from, &name);
    open.check_step(0, from, "the copy-back's first write");
    let said = open.browser.eval(header);
    assert_eq!(said[0], "past", "{said}");
    let text = said[1].as_str().unwrap();
    assert!(
        text.starts_with("Past the solution: your file past_solution_copy_back makes the same writes to the board as right up to the solved board (its step 8366, right's step 9612), where right stops. It goes on: its step 8367 takes a digit of the solved board back and the search goes on")
            && text.contains(&format!("its steps {from} to {to} copy a saved answer back into the board"))
            && text.ends_with("Its order is right's, and it solves.")
            && !text.contains("Another order"),
        "{text}"
    );
    let shown = open.browser.eval(caption).to_string();
    assert!(
        shown.contains(&format!("A copy-back (steps {from} to {to})"))
            && !shown.contains("A revisit")
            && shown.contains("in the code: board[r][c] (row 1, col 3)"),
        "{shown}"
    );
    // Its last write: the counters hold the search's placements, not the copy's.
    open.go(to, &name);
    open.check_step(0, to, "the copy-back's last write");

    let (page, sides, name) = own_page("tests/data/trace/never_reset_flag.py");
    let rewrite = sides[0]
        .steps
        .iter()
        .position(|s| s.note == record::Note::Rewrite)
        .unwrap()
        + 1;
    let mut open = Open {
        browser: &mut browser,
        url: file_url(&page),
        puzzle: example(),
        sides,
        loads: 0,
    };
    open.go(rewrite, &name);
    // The board, counters (the depth the recording's: its calls'), stack.
    open.check_step(0, rewrite, "a same-digit rewrite");
    let said = open.browser.eval(header);
    assert_eq!(
        (&said[0], &said[2]),
        (&Value::from("part"), &Value::from("differs")),
        "{said}"
    );
    assert!(
        said[1].as_str().unwrap().starts_with("It never resets its board: a call returns leaving its digit on the board (first before its step 6), and a later call at that cell writes over it; it solves all the same. "),
        "{said}"
    );
    let shown = open.browser.eval(caption).to_string();
    assert!(
        shown.contains(&format!("step {rewrite}  rewrite 9 at row 1, col 8 (the digit already there)  depth 5"))
            && shown.contains("A same-digit rewrite: the call writes the 9 already in this cell (left there by a call that returned); the board does not change."),
        "{shown}"
    );
    // The call that rewrote shows its cell, not "(no write of its own)".
    let stack = open
        .browser
        .eval("Array.from(document.querySelectorAll('section.side')[0].querySelectorAll('.stack li')).map((li) => li.textContent)")
        .to_string();
    assert!(!stack.contains("no write of its own"), "{stack}");
    // A digit written over a stale one: one write, shown as an undo and a
    // placement; the placement is not said to go into an empty cell.
    let stale = open.sides[0]
        .steps
        .iter()
        .position(|s| s.note == record::Note::Stale)
        .unwrap();
    let (Event::Undo { digit: old, .. }, Event::Place { digit: new, .. }) = (
        open.sides[0].steps[stale].event,
        open.sides[0].steps[stale + 1].event,
    ) else {
        panic!("a stale digit's undo and the place after it");
    };
    open.go(stale + 2, &name);
    open.check_step(0, stale + 2, "a digit over a stale one");
    let shown = open.browser.eval(caption).to_string();
    assert!(
        shown.contains(&format!(
            "Your program wrote {new} over the {old} in this cell"
        )) && shown.contains("one write, shown as the undo before and this placement")
            && !shown.contains("into an empty cell"),
        "{shown}"
    );

    // No search on the board to compare: an answer written while its
    // calls return, a board filled straight. Each page at its first step.
    for (file, kind, starts, ends) in [
        (
            "answer_on_return",
            "returning",
            "Your file answer_on_return writes its answer as its calls return: each of its 51 writes is made by a shallower call than the one before",
            "what these steps show is the answer written back, and it solves.",
        ),
        (
            "fills_straight",
            "straight",
            "Your file fills_straight fills the board straight: its 51 writes are none of them taken back",
            "(no guess undone), and it solves.",
        ),
    ] {
        let (page, sides, name) = own_page(&format!("tests/data/trace/{file}.py"));
        let mut open = Open {
            browser: &mut browser,
            url: file_url(&page),
            puzzle: example(),
            sides,
            loads: 0,
        };
        open.go(1, &name);
        open.check_step(0, 1, file);
        let said = open.browser.eval(header);
        assert_eq!(said[0], kind, "{said}");
        let text = said[1].as_str().unwrap();
        assert!(
            text.starts_with(starts) && text.ends_with(ends) && !text.contains("Another order"),
            "{text}"
        );
    }

    // A copy over the solved board, after a search that stopped there.
    let (page, sides, name) = own_page("tests/data/trace/copy_back_after_stop.py");
    let mut open = Open {
        browser: &mut browser,
        url: file_url(&page),
        puzzle: example(),
        sides,
        loads: 0,
    };
    open.go(8367, &name);
    open.check_step(0, 8367, "a copy-back's rewrite");
    let said = open.browser.eval(header);
    assert_eq!(said[0], "copy", "{said}");
    assert_eq!(
        said[1],
        "Your file copy_back_after_stop makes the same writes to the board as right to its end (copy_back_after_stop's step 8366, right's 9612); after its search, its steps 8367 to 8417 copy a saved answer back into the board (a copy-back, not the search).",
    );
    let shown = open.browser.eval(caption).to_string();
    assert!(
        shown.contains("Your program wrote the digit already in this cell")
            && shown.contains("A copy-back (steps 8367 to 8417)")
            && !shown.contains("into an empty cell"),
        "{shown}"
    );
    let errors = browser.errors();
    assert!(errors.is_empty(), "console: {errors:?}");
}
