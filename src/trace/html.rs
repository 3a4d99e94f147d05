//! The page: one self-contained HTML file (its script, style and data
//! inline, nothing fetched) that plays two recorded searches side by side.
//!
//! The template is `page.html`, `page.css` and `page.js` beside this file.
//! The data is one JSON object in a `<script type="application/json">`; each
//! side's steps are packed 6 bytes a step and written as base64, so 200,000
//! steps take 1.6 MB:
//!
//! ```text
//! byte 0   kind (0 place, 1 undo, 2 complete, 3 no fit, 4 retry, 5 no place)
//!          | dead end << 3 | revisit << 4 | erases the finished board << 5
//!          | the calls begun and returned before the step << 6 (0-2; 3: more,
//!            their number first in the call stream, 255 a byte until less)
//! byte 1   cell 0-80 (a unit 0-26 for "no place"; 255: none)
//! byte 2   digit (a retry's visit, at most 255)
//! byte 3   the step's depth as its event has it (an undo: the undone digit's)
//! byte 4-5 source line, little-endian (0: none)
//! ```
//!
//! The call stream, also base64, holds a byte for each call begun (below
//! 128: the function's number in `names`) or returned (128 + the value's
//! number in `values`), in order; mirrors whose file recurses otherwise, and
//! so show only the filled cells, have none. The locals are a list of
//! `[step, frame, text]`, `text` a number in the side's `locals`: from that
//! step on, that frame (0 the outermost) holds those locals.
//!
//! A user's file's side also carries what its steps are besides their
//! events ([`super::record::Note`]: the steps of its same-digit rewrites and
//! stale digits taken back), what its search does around it
//! ([`super::record::Shape`]: never resetting its board, going past the
//! solution, copying a saved answer back), the store each writing line
//! makes as its code spells it (`stores`: line to `sudu[x][y]`), and whether
//! it is a file the project ships (`shipped`).

use super::record::{compare, stores, Comparison, EndKind, FrameOp, Note, Recording, StackKind};
use super::source::Kind;
use crate::grid::Grid;
use crate::mirror::Event;
use serde_json::json;

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The most steps a page holds for each side.
pub const MAX_STEPS: u64 = 200_000;

/// The bytes of one step (see the module doc).
fn pack(step: &super::record::Step, calls: u32) -> [u8; 6] {
    let kind = Kind::ALL
        .iter()
        .position(|&k| k == Kind::of(&step.event))
        .expect("every kind has a code") as u8;
    let (cell, digit, depth, erases) = match step.event {
        Event::Place { cell, digit, depth } => (cell as u8, digit, depth, false),
        Event::Undo {
            cell,
            digit,
            depth,
            erases_solution,
        } => (cell as u8, digit, depth, erases_solution),
        Event::Complete { depth } => (255, 0, depth, false),
        Event::NoFit { cell, depth } => (cell as u8, 0, depth, false),
        Event::Retry { cell, depth, visit } => (cell as u8, visit.min(255) as u8, depth, false),
        Event::NoPlace { unit, digit, depth } => (unit as u8, digit, depth, false),
    };
    let flags = u8::from(step.dead_end) << 3
        | u8::from(step.revisit) << 4
        | u8::from(erases) << 5
        | (calls.min(3) as u8) << 6;
    let line = step.line.min(usize::from(u16::MAX)) as u16;
    let [lo, hi] = line.to_le_bytes();
    [kind | flags, cell, digit, depth.min(255) as u8, lo, hi]
}

/// The call stream of `side` (see the module doc), given its
/// [`calls_per_step`].
fn pack_calls(side: &Recording, calls: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(side.ops.len() + side.steps.len() / 8);
    let mut ops = side.ops.iter();
    for (step, &calls) in side.steps.iter().zip(calls) {
        let mine = ops.by_ref().take(step.ops as usize);
        if calls >= 3 {
            let mut n = calls;
            while n >= 255 {
                out.push(255);
                n -= 255;
            }
            out.push(n as u8);
        }
        for op in mine {
            match *op {
                FrameOp::Call(name) => out.push(name.min(127)),
                FrameOp::Return(value) => out.push(128 + value.min(127)),
                FrameOp::Locals { .. } => {}
            }
        }
    }
    out
}

/// How many calls began or returned before each step of `side` (its ops
/// less the locals).
fn calls_per_step(side: &Recording) -> Vec<u32> {
    let mut ops = side.ops.iter();
    side.steps
        .iter()
        .map(|step| {
            ops.by_ref()
                .take(step.ops as usize)
                .filter(|op| !matches!(op, FrameOp::Locals { .. }))
                .count() as u32
        })
        .collect()
}

/// The locals of `side`: `[step, frame, text]` (see the module doc).
fn pack_locals(side: &Recording) -> Vec<[u32; 3]> {
    let mut out = Vec::new();
    let mut ops = side.ops.iter();
    for (i, step) in side.steps.iter().enumerate() {
        for op in ops.by_ref().take(step.ops as usize) {
            if let FrameOp::Locals { frame, text } = *op {
                out.push([i as u32 + 1, u32::from(frame), text]);
            }
        }
    }
    out
}

/// The steps (from 1) of `side` noted `note`.
fn noted(side: &Recording, note: Note) -> Vec<usize> {
    side.steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.note == note)
        .map(|(i, _)| i + 1)
        .collect()
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `text` safe inside HTML text and attribute values.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JSON safe inside a `<script>` element: no `<` can close it.
fn script_json(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// `template` with each `{{NAME}}` replaced, in one pass (a value is never
/// searched for names).
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match after.find("}}").and_then(|end| {
            let name = &after[..end];
            values.iter().find(|v| v.0 == name).map(|v| (v.1, end))
        }) {
            Some((value, end)) => {
                out.push_str(value);
                rest = &after[end + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The page for `sides` (two, or one) on `puzzle`.
pub fn page(puzzle_name: &str, puzzle: &Grid, sides: &[Recording]) -> String {
    let comparison = match sides {
        [a, b, ..] => match compare(&a.steps, &b.steps) {
            Comparison::Same => json!({ "same": true }),
            Comparison::Part(p) => json!({ "same": false, "at": p.at, "matched": p.matched }),
        },
        _ => serde_json::Value::Null,
    };
    let keys: Vec<&str> = sides.iter().map(|s| s.key.as_str()).collect();
    let title = format!("sudoku trace: {} on {puzzle_name}", keys.join(" vs "));
    let sides_json: Vec<serde_json::Value> = sides
        .iter()
        .map(|side| {
            let calls = calls_per_step(side);
            let bytes: Vec<u8> = side
                .steps
                .iter()
                .zip(calls.iter().copied())
                .flat_map(|(step, n)| pack(step, n))
                .collect();
            let captions: serde_json::Map<String, serde_json::Value> = side
                .captions
                .iter()
                .map(|(k, text)| (k.name().to_string(), json!(text)))
                .collect();
            let (end, loop_at) = match side.end {
                EndKind::Solved => ("solved", None),
                EndKind::Unsolved => ("unsolved", None),
                EndKind::Stopped => ("stopped", None),
                EndKind::Loop { step, same_as } => ("loop", Some([same_as, step])),
            };
            json!({
                "key": side.key,
                "title": side.title,
                "path": side.path,
                "text": side.text,
                "count": side.steps.len(),
                "steps": base64(&bytes),
                "calls": base64(&pack_calls(side, &calls)),
                "names": side.names,
                "values": side.values,
                "locals": pack_locals(side),
                "localTexts": side.locals,
                "stack": match side.stack {
                    StackKind::Frames => "frames",
                    StackKind::Filled => "filled",
                },
                "ending": side.ending,
                "order": side.order.map(|o| o.key()),
                "end": end,
                "loop": loop_at,
                "endLine": side.end_line,
                "captions": captions,
                "stores": stores(side),
                "notes": {
                    "rewrite": noted(side, Note::Rewrite),
                    "stale": noted(side, Note::Stale),
                },
                "shape": {
                    "neverReset": side.shape.never_reset,
                    "pastSolution": side.shape.past_solution,
                    "writesReturning": side.shape.writes_returning,
                    "fillsStraight": side.shape.fills_straight,
                    "copyBack": side.shape.copy_back,
                    "unseen": side.shape.unseen,
                },
                "shipped": side.shipped,
            })
        })
        .collect();
    let data = json!({
        "title": title,
        "puzzleName": puzzle_name,
        "puzzle": puzzle.0.iter().map(|d| char::from(b'0' + d)).collect::<String>(),
        "comparison": comparison,
        "maxSteps": MAX_STEPS,
        "sides": sides_json,
    });
    fill(
        TEMPLATE,
        &[
            ("TITLE", &escape_html(&title)),
            ("STYLE", STYLE),
            ("SCRIPT", SCRIPT),
            ("DATA", &script_json(&data)),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_examples() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn the_template_closes_no_script_early_and_fills_every_name() {
        for part in [STYLE, SCRIPT] {
            assert!(!part.to_ascii_lowercase().contains("</script"));
            assert!(!part.contains("{{"), "a part is not searched for names");
        }
        let value = json!({ "text": "</script><script>alert(1)</script> & {{DATA}}" });
        let safe = script_json(&value);
        assert!(!safe.contains('<') && !safe.contains("</"));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&safe).unwrap(),
            value
        );
        let page = fill("a{{X}}b{{Y}}c{{Z}}", &[("X", "{{Y}}"), ("Y", "2")]);
        assert_eq!(page, "a{{Y}}b2c{{Z}}");
        for name in ["TITLE", "STYLE", "SCRIPT", "DATA"] {
            assert!(TEMPLATE.contains(&format!("{{{{{name}}}}}")), "{name}");
        }
    }
}
