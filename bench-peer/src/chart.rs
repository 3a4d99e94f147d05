//! `--chart OUT.svg`: puzzles/s per solver and set as grouped bars on a log
//! scale, then guesses per puzzle (log scale) and ns per guess for the
//! solvers that report guesses; hand-written SVG (no plotting or font
//! crates: text is left to the viewer's sans-serif).
//!
//! Series: the solvers of `target/bench/peer.csv` (ours and the peer, one run),
//! tdoku's published figures, then the solvers only in
//! `target/bench/solvers.csv` (the write-up approaches, where they ran).
//! Under the legend, the runs they come from (CPU, commit, date), as the two
//! benchmarks wrote them beside their CSVs (`peer.run`, `solvers.run`).

use crate::common::{self, SETS};
use std::fmt::Write as _;
use std::path::Path;

/// One bar series: a name, and per set (index into `SETS`) puzzles/s,
/// guesses per puzzle and ns per guess (the last two only where reported).
struct Series {
    name: String,
    rates: [Option<f64>; SETS.len()],
    guesses: [Option<f64>; SETS.len()],
    ns_per_guess: [Option<f64>; SETS.len()],
}

impl Series {
    fn new(name: &str) -> Series {
        Series {
            name: name.to_string(),
            rates: [None; SETS.len()],
            guesses: [None; SETS.len()],
            ns_per_guess: [None; SETS.len()],
        }
    }
}

/// Reads `solver,set,puzzles,passes,puzzles_per_sec,us_per_puzzle,
/// guesses_per_puzzle,...` rows (the header and rows without a rate are
/// skipped), in order of first appearance.
fn read_csv(path: &Path, into: &mut Vec<Series>, skip: &[String]) {
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("{} not found; run its benchmark first", path.display());
        return;
    };
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let (Some(&name), Some(&set), Some(rate)) = (fields.first(), fields.get(1), fields.get(4))
        else {
            continue;
        };
        let (Some(i), Ok(rate)) = (SETS.iter().position(|s| s.0 == set), rate.parse::<f64>())
        else {
            continue;
        };
        if skip.iter().any(|s| s == name) {
            continue;
        }
        let series = match into.iter().position(|s| s.name == name) {
            Some(k) => &mut into[k],
            None => {
                into.push(Series::new(name));
                into.last_mut().expect("just pushed")
            }
        };
        series.rates[i] = Some(rate);
        let number = |k: usize| fields.get(k).and_then(|f| f.parse::<f64>().ok());
        if let (Some(us), Some(g)) = (number(5), number(6)) {
            series.guesses[i] = Some(g);
            series.ns_per_guess[i] = (g > 0.0).then(|| us * 1000.0 / g);
        }
    }
}

/// Colours of the series: fixed for the main ones (light blue for the
/// fast solver's portable kernel, purple for its paste file), shades of orange for the write-up approaches in order.
fn colours(series: &[Series]) -> Vec<&'static str> {
    const WRITE_UPS: [&str; 8] = [
        "#fdd0a2", "#fdae6b", "#fd8d3c", "#f16913", "#d94801", "#a63603", "#7f2704", "#4a1702",
    ];
    let mut write_ups = WRITE_UPS.iter().cycle();
    series
        .iter()
        .map(|s| match s.name.as_str() {
            "fast" => "#1f77b4",
            "fast-portable" => "#aec7e8",
            "fast-triad" => "#ff7f0e",
            "dlx" => "#2ca02c",
            crate::PEER => "#d62728",
            TDOKU => "#9e9e9e",
            "lc37_11_bitboard" => "#9467bd",
            _ => write_ups.next().expect("cycle"),
        })
        .collect()
}

const TDOKU: &str = "tdoku (published, other machine)";

/// `1000` → `1k`.
fn short(x: f64) -> String {
    match x {
        x if x >= 1e6 => format!("{}M", x / 1e6),
        x if x >= 1e3 => format!("{}k", x / 1e3),
        x => format!("{x}"),
    }
}

/// Writes the chart to `out`.
///
/// # Panics
/// If no CSV holds a rate, or `out` cannot be written.
pub fn write(out: &Path) {
    let dir = common::out_dir();
    let mut series = Vec::new();
    read_csv(&dir.join("peer.csv"), &mut series, &[]);
    let mut tdoku = Series::new(TDOKU);
    tdoku.rates = std::array::from_fn(|i| common::tdoku_published(SETS[i].0));
    series.push(tdoku);
    let known: Vec<String> = series.iter().map(|s| s.name.clone()).collect();
    read_csv(&dir.join("solvers.csv"), &mut series, &known);
    let write_ups = series.len() > known.len();
    let rates = series.iter().flat_map(|s| s.rates.iter().flatten()).count();
    assert!(
        rates > SETS.len(),
        "no measurements: run the benchmarks first"
    );

    let (width, left, right, top, plot_h) = (1000.0, 70.0, 20.0, 56.0, 340.0);
    let legend_rows = series.len().div_ceil(3);
    // The guess panels: the series that report guesses, in their colours.
    let fills = colours(&series);
    let guessing: Vec<(&Series, &str)> = series
        .iter()
        .zip(fills.iter().copied())
        .filter(|(s, _)| s.guesses.iter().any(Option::is_some))
        .collect();
    let (panel_h, panel_gap) = (180.0, 70.0);
    let panels_top = top + plot_h + 40.0 + 20.0 * legend_rows as f64 + 20.0;
    let height = panels_top + 2.0 * (panel_gap + panel_h) + 30.0;
    let plot_w = width - left - right;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{left}" y="22" font-size="16" font-weight="bold">Puzzles per second, limit 2, one thread (log scale)</text>"#
    );
    let _ = writeln!(
        svg,
        r##"<text x="{left}" y="40" fill="#555">Write-ups: first 50 puzzles, one solution, shown only where done within 2 s. tdoku: its published figures, another machine.</text>"##
    );
    // The runs the bars come from, as the benchmark blocks of the docs name theirs.
    let run = |name: &str| {
        std::fs::read_to_string(dir.join(name))
            .map_or("CPU: unknown; commit unknown; date unknown".into(), |t| {
                t.trim().to_string()
            })
    };
    let (peer_run, solvers_run) = (run("peer.run"), run("solvers.run"));
    let runs = if peer_run == solvers_run || !write_ups {
        format!("Measured on {peer_run}")
    } else {
        format!("Solvers and the crate: {peer_run}. Write-ups: {solvers_run}")
    };
    let _ = writeln!(
        svg,
        r##"<text x="{left}" y="{}" fill="#555">{}</text>"##,
        top + plot_h + 48.0 + 20.0 * legend_rows as f64,
        escape(&runs)
    );
    let all: Vec<(&Series, &str)> = series.iter().zip(fills.iter().copied()).collect();
    let frame = Frame {
        left,
        plot_w,
        top,
        plot_h,
    };
    bars(
        &mut svg,
        &frame,
        &all,
        |s| s.rates,
        short,
        |v| format!("{v:.0} puzzles/s"),
    );
    // Legend, three columns.
    for (k, (s, fill)) in series.iter().zip(&fills).enumerate() {
        let lx = left + plot_w / 3.0 * (k % 3) as f64;
        let ly = top + plot_h + 48.0 + 20.0 * (k / 3) as f64;
        let _ = writeln!(
            svg,
            r#"<rect x="{lx:.1}" y="{:.1}" width="12" height="12" fill="{fill}"/><text x="{:.1}" y="{ly:.1}">{}</text>"#,
            ly - 10.0,
            lx + 18.0,
            s.name
        );
    }
    let panels: [(&str, Value); 2] = [
        (
            "Guesses per puzzle (log scale; fast-portable makes fast's)",
            |s| s.guesses,
        ),
        (
            "Nanoseconds per guess (time per puzzle / guesses per puzzle; log scale)",
            |s| s.ns_per_guess,
        ),
    ];
    for (k, (title, value)) in panels.into_iter().enumerate() {
        let top = panels_top + panel_gap + (panel_h + panel_gap) * k as f64;
        let _ = writeln!(
            svg,
            r#"<text x="{left}" y="{:.1}" font-size="14" font-weight="bold">{title}</text>"#,
            top - 14.0
        );
        let frame = Frame {
            top,
            plot_h: panel_h,
            ..frame
        };
        bars(&mut svg, &frame, &guessing, value, plain, |v| {
            format!("{v:.2}")
        });
    }
    svg.push_str("</svg>\n");
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
    }
    std::fs::write(out, svg).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    println!("wrote {} ({} series)", out.display(), series.len());
}

/// `text` for an SVG text node: `&`, `<` and `>` escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Where a panel goes: the plot's left edge and width, its top and height.
struct Frame {
    left: f64,
    plot_w: f64,
    top: f64,
    plot_h: f64,
}

/// Which figures of a series a chart shows, per set.
type Value = fn(&Series) -> [Option<f64>; SETS.len()];

/// `0.1`, `1`, `10`: a decade line's label in the guess panels.
fn plain(x: f64) -> String {
    if x >= 1.0 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

/// Grouped bars on a log scale with decade lines (labelled by `axis`), one
/// group per set, one bar per series that has a value there (`value` picks
/// the figures; `tip` writes one in the bar's title). The throughput chart
/// and both guess panels.
fn bars(
    svg: &mut String,
    f: &Frame,
    series: &[(&Series, &str)],
    value: Value,
    axis: fn(f64) -> String,
    tip: fn(f64) -> String,
) {
    let values: Vec<f64> = series
        .iter()
        .flat_map(|(s, _)| value(s).into_iter().flatten())
        .filter(|&v| v > 0.0)
        .collect();
    if values.is_empty() {
        return;
    }
    let min = values.iter().copied().fold(f64::MAX, f64::min);
    let max = values.iter().copied().fold(0.0, f64::max);
    let lo = min.log10().floor();
    let hi = max.log10().ceil().max(lo + 1.0);
    let y = |v: f64| f.top + f.plot_h * (1.0 - (v.log10() - lo) / (hi - lo));
    let lines: Vec<f64> = (lo as i32..=hi as i32).map(|e| 10f64.powi(e)).collect();
    let right = f.left + f.plot_w;
    for v in lines {
        let gy = y(v);
        let label = axis(v);
        let _ = writeln!(
            svg,
            r##"<line x1="{}" x2="{right:.1}" y1="{gy:.1}" y2="{gy:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{label}</text>"##,
            f.left,
            f.left - 6.0,
            gy + 4.0
        );
    }
    let group_w = f.plot_w / SETS.len() as f64;
    let bar_w = group_w * 0.85 / series.len() as f64;
    let base = y(10f64.powf(lo));
    for (i, (label, _)) in SETS.iter().enumerate() {
        let gx = f.left + group_w * i as f64 + group_w * 0.075;
        for (k, (s, fill)) in series.iter().enumerate() {
            let Some(v) = value(s)[i].filter(|&v| v > 0.0) else {
                continue;
            };
            let by = y(v);
            let _ = writeln!(
                svg,
                r#"<rect x="{:.1}" y="{by:.1}" width="{:.1}" height="{:.1}" fill="{fill}"><title>{} on {label}: {}</title></rect>"#,
                gx + bar_w * k as f64,
                bar_w * 0.92,
                base - by,
                s.name,
                tip(v)
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="13">{label}</text>"#,
            f.left + group_w * (i as f64 + 0.5),
            f.top + f.plot_h + 18.0
        );
    }
    let _ = writeln!(
        svg,
        r##"<line x1="{}" x2="{right:.1}" y1="{base:.1}" y2="{base:.1}" stroke="#333"/>"##,
        f.left
    );
}
