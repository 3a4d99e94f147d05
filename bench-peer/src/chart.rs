//! `--chart OUT.svg`: puzzles/s per solver and set as grouped bars on a log
//! scale, hand-written SVG (no plotting or font crates: text is left to the
//! viewer's sans-serif).
//!
//! Series: the solvers of `target/bench/peer.csv` (ours and the peer, one run),
//! tdoku's published figures, then the solvers only in
//! `target/bench/solvers.csv` (the write-up approaches, where they ran).

use crate::common::{self, SETS};
use std::fmt::Write as _;
use std::path::Path;

/// One bar series: a name and puzzles/s per set (index into `SETS`).
struct Series {
    name: String,
    rates: [Option<f64>; SETS.len()],
}

/// Reads `solver,set,puzzles,passes,puzzles_per_sec,...` rows (the header and
/// rows without a rate are skipped), in order of first appearance.
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
                into.push(Series {
                    name: name.to_string(),
                    rates: [None; SETS.len()],
                });
                into.last_mut().expect("just pushed")
            }
        };
        series.rates[i] = Some(rate);
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
    series.push(Series {
        name: TDOKU.to_string(),
        rates: std::array::from_fn(|i| common::tdoku_published(SETS[i].0)),
    });
    let known: Vec<String> = series.iter().map(|s| s.name.clone()).collect();
    read_csv(&dir.join("solvers.csv"), &mut series, &known);
    let rates: Vec<f64> = series
        .iter()
        .flat_map(|s| s.rates.iter().flatten().copied())
        .collect();
    assert!(
        rates.len() > SETS.len(),
        "no measurements: run the benchmarks first"
    );
    let lo = rates
        .iter()
        .copied()
        .fold(f64::MAX, f64::min)
        .log10()
        .floor();
    let hi = rates.iter().copied().fold(0.0, f64::max).log10().ceil();

    let (width, left, right, top, plot_h) = (1000.0, 70.0, 20.0, 56.0, 340.0);
    let legend_rows = series.len().div_ceil(3);
    let height = top + plot_h + 40.0 + 20.0 * legend_rows as f64 + 40.0;
    let plot_w = width - left - right;
    let y = |rate: f64| top + plot_h * (1.0 - (rate.log10() - lo) / (hi - lo));
    let group_w = plot_w / SETS.len() as f64;
    let bar_w = group_w * 0.85 / series.len() as f64;

    let fills = colours(&series);

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
        r##"<text x="{left}" y="40" fill="#555">Shared 2-core machine. Write-ups: first 50 puzzles, one solution, shown only where done within 2 s. tdoku: its published figures.</text>"##
    );
    // Decade grid lines and labels.
    let mut decade = lo;
    while decade <= hi {
        let gy = y(10f64.powf(decade));
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" x2="{}" y1="{gy:.1}" y2="{gy:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
            width - right,
            left - 6.0,
            gy + 4.0,
            short(10f64.powf(decade))
        );
        decade += 1.0;
    }
    // Bars, grouped by set.
    for (i, (label, _)) in SETS.iter().enumerate() {
        let gx = left + group_w * i as f64 + group_w * 0.075;
        for (k, (s, fill)) in series.iter().zip(&fills).enumerate() {
            let Some(rate) = s.rates[i] else { continue };
            let by = y(rate);
            let _ = writeln!(
                svg,
                r#"<rect x="{:.1}" y="{by:.1}" width="{:.1}" height="{:.1}" fill="{fill}"><title>{} on {label}: {:.0} puzzles/s</title></rect>"#,
                gx + bar_w * k as f64,
                bar_w * 0.92,
                top + plot_h - by,
                s.name,
                rate
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="13">{label}</text>"#,
            left + group_w * (i as f64 + 0.5),
            top + plot_h + 20.0
        );
    }
    let _ = writeln!(
        svg,
        r##"<line x1="{left}" x2="{}" y1="{y0:.1}" y2="{y0:.1}" stroke="#333"/>"##,
        width - right,
        y0 = top + plot_h
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
    svg.push_str("</svg>\n");
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
    }
    std::fs::write(out, svg).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    println!("wrote {} ({} series)", out.display(), series.len());
}
