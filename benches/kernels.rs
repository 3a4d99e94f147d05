//! `fast`'s kernels against each other on this CPU: the v3 kernel (AVX2,
//! table lookups) against the v3 kernel with `pext` and against the v4
//! kernel (AVX-512 and `pext`), where the CPU has them; then the portable
//! kernel's two copies, the baseline's and x86-64-v2's (`popcnt`), which is
//! what `fast-portable` runs on a CPU that has it.
//!
//! ```text
//! cargo bench --bench kernels               5 passes over every set
//! cargo bench --bench kernels -- --quick    1 pass, first 1,000 puzzles
//! ```
//!
//! Every kernel is the same search, so counts and guesses must be equal
//! (checked puzzle by puzzle). Each pair takes turns every 250 puzzles
//! within a pass (the first to go alternates), counting up to 2; per set the
//! median over passes of each kernel's puzzles/s and of the pass's ratio to
//! the v3 kernel. A kernel this CPU lacks shows as "—" (asking for it
//! would run the best one below it, so it is not timed).

use sudoku_workspace::fast::{self, Kernel};
use sudoku_workspace::grid::Grid;

mod common;
use common::{duel, load, median, SETS};

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (passes, max) = if quick { (1, 1_000) } else { (5, usize::MAX) };
    let run = |kernel: Kernel| {
        move |p: &Grid| {
            let o = fast::count_with(p, 2, kernel);
            (o.count, o.guesses)
        }
    };
    println!(
        "Kernels on this CPU: {:?}.\n",
        Kernel::ALL
            .iter()
            .filter(|k| k.available())
            .collect::<Vec<_>>()
    );
    if Kernel::X86_64V3.available() {
        compare(
            passes,
            max,
            Kernel::X86_64V3,
            &[Kernel::X86_64V3Pext, Kernel::X86_64V4],
            &run,
        );
    } else {
        println!("This CPU has no x86-64-v3 kernel: no v3 or v4 to compare.\n");
    }
    if Kernel::X86_64V2.available() {
        compare(passes, max, Kernel::Portable, &[Kernel::X86_64V2], &run);
    } else {
        println!("This CPU has no x86-64-v2 kernel: the portable kernel has one copy here.");
    }
}

/// One table: `base` against each of `others` (those this CPU lacks as
/// "—"), taking turns every 250 puzzles, counts and guesses checked equal.
fn compare<R, F>(passes: usize, max: usize, base: Kernel, others: &[Kernel], run: &R)
where
    R: Fn(Kernel) -> F,
    F: Fn(&Grid) -> (usize, u64),
{
    let short = |k: Kernel| format!("{k:?}").replace("X86_64", "");
    let mut head = format!("| set | puzzles | {base:?} /s |");
    let mut rule = "|---|---:|---:|".to_string();
    for &k in others {
        head.push_str(&format!(" {k:?} /s |"));
        rule.push_str("---:|");
    }
    for &k in others {
        head.push_str(&format!(" {} ÷ {} |", short(k), short(base)));
        rule.push_str("---:|");
    }
    println!("{head}\n{rule}");
    for (label, file) in SETS {
        let set = load(label, file, max);
        let (puzzles, n) = (&set.puzzles, set.puzzles.len());
        let mut base_rates = vec![];
        let mut cells = vec![];
        for &kernel in others {
            if !kernel.available() {
                cells.push(("—".to_string(), "—".to_string()));
                continue;
            }
            let duel = duel(passes, puzzles, run(base), run(kernel), |_, i, x, y| {
                let line = &set.lines[i];
                assert_eq!(
                    x, y,
                    "{file}: {line}: {base:?} gives {x:?}, {kernel:?} {y:?}"
                );
            });
            base_rates.extend(duel.rates(&duel.a_secs));
            cells.push((
                format!("{:.0}", duel.b_rate()),
                format!("{:.2}", duel.b_over_a()),
            ));
        }
        let rates: Vec<&str> = cells.iter().map(|c| c.0.as_str()).collect();
        let ratios: Vec<&str> = cells.iter().map(|c| c.1.as_str()).collect();
        println!(
            "| {label} | {n} | {:.0} | {} | {} |",
            median(base_rates),
            rates.join(" | "),
            ratios.join(" | ")
        );
    }
    println!();
}
