//! The Lanqiao paste engine (`solutions/lanqiao.rs`, the bitboard search of
//! `lc37_11_bitboard.rs`) against `fast`'s portable kernel in its
//! baseline copy (`Kernel::Portable`), the library's solver in the kernel
//! that asks no more than the target's baseline (SSE2 helpers on x86-64,
//! which a paste file does without; not the x86-64-v2 copy `fast-portable`
//! runs where the CPU has `popcnt`, as a judge compiles a paste file for
//! the baseline): the engine should stay within 10% of it.
//!
//! ```text
//! cargo bench --bench paste_engine               5 passes over every set
//! cargo bench --bench paste_engine -- --quick    1 pass, first 1,000 puzzles
//! cargo bench --bench paste_engine -- 17_clue    only the sets whose file names hold a word
//! ```
//!
//! Both count solutions up to 2. Within a pass the two take turns every 250
//! puzzles (the first to go alternates), so noise on this shared machine hits
//! both alike; every puzzle's two counts must agree. Per set: the median
//! over passes of each one's puzzles/s, and of the pass's ratio.

use sudoku_workspace::fast::{self, Kernel};
use sudoku_workspace::grid::Grid;
use sudoku_workspace::lanqiao;

// The sets, their loader and the turn-taking pass, shared with the other
// benchmarks.
mod common;
use common::{duel, load, SETS};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let words: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let (passes, max) = if quick { (1, 1_000) } else { (5, usize::MAX) };
    let engine = |p: &Grid| lanqiao::count_up_to_two(&p.0);
    let portable = |p: &Grid| fast::count_with(p, 2, Kernel::Portable).count;
    println!("| set | puzzles | engine /s | baseline kernel /s | engine / baseline kernel |");
    println!("|---|---:|---:|---:|---:|");
    for (label, file) in SETS {
        if !words.is_empty() && !words.iter().any(|w| file.contains(w.as_str())) {
            continue;
        }
        let set = load(label, file, max);
        let (puzzles, n) = (&set.puzzles, set.puzzles.len());
        let duel = duel(passes, puzzles, engine, portable, |_, i, x, y| {
            let line = &set.lines[i];
            assert_eq!(
                x, y,
                "{file}: {line}: engine counts {x}, the baseline kernel {y}"
            );
        });
        println!(
            "| {label} | {n} | {:.0} | {:.0} | {:.2} |",
            duel.a_rate(),
            duel.b_rate(),
            duel.a_over_b()
        );
    }
}
