//! `fast`'s kernels against each other on this CPU: the v3 kernel (AVX2,
//! table lookups) against the v3 kernel with `pext` and against the v4
//! kernel (AVX-512 and `pext`), where the CPU has them.
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
    if !Kernel::X86_64V3.available() {
        println!("This CPU has no x86-64-v3 kernel: nothing to compare.");
        return;
    }
    let run = |kernel: Kernel| {
        move |p: &Grid| {
            let o = fast::count_with(p, 2, kernel);
            (o.count, o.guesses)
        }
    };
    let others = [Kernel::X86_64V3Pext, Kernel::X86_64V4];
    println!(
        "Kernels on this CPU: {:?}.\n",
        Kernel::ALL
            .iter()
            .filter(|k| k.available())
            .collect::<Vec<_>>()
    );
    println!(
        "| set | puzzles | X86_64V3 /s | X86_64V3Pext /s | X86_64V4 /s | V3Pext ÷ V3 | V4 ÷ V3 |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (label, file) in SETS {
        let set = load(label, file, max);
        let (puzzles, n) = (&set.puzzles, set.puzzles.len());
        let mut v3_rates = vec![];
        let mut cells = vec![];
        for kernel in others {
            if !kernel.available() {
                cells.push(("—".to_string(), "—".to_string()));
                continue;
            }
            let duel = duel(
                passes,
                puzzles,
                run(Kernel::X86_64V3),
                run(kernel),
                |_, i, x, y| {
                    let line = &set.lines[i];
                    assert_eq!(
                        x, y,
                        "{file}: {line}: X86_64V3 gives {x:?}, {kernel:?} {y:?}"
                    );
                },
            );
            v3_rates.extend(duel.rates(&duel.a_secs));
            cells.push((
                format!("{:.0}", duel.b_rate()),
                format!("{:.2}", duel.b_over_a()),
            ));
        }
        println!(
            "| {label} | {n} | {:.0} | {} | {} | {} | {} |",
            median(v3_rates),
            cells[0].0,
            cells[1].0,
            cells[0].1,
            cells[1].1
        );
    }
}
