//! The fast solver: a bitboard solver in the class of JCZSolve, written for
//! this crate in std-only Rust; `unsafe` only in the vector helpers of
//! `kernels.rs` (modules `sse2`, `neon`, `avx2`, `avx512`, `bmi2`, and
//! `baseline`'s calls into `sse2` and `neon`), in `lanes.rs`, and in the
//! calls into them from `search.rs`. Its files, as tdoku
//! splits its own: `tables.rs` (layout constants, lookup tables, bit
//! helpers), `kernels.rs` (the compiled copies of the search and their
//! vector helpers), `search.rs` (state, propagation, guesses), `lanes.rs`
//! (the lane node: the cell search's propagation on AVX-512). The
//! measurements behind its choices, and the ideas tried and dropped, are
//! in `docs/fast-solver.md`.
//!
//! # Representation
//!
//! The board is kept as candidate sets, one per digit and band (JCZSolve's
//! sets, stored band-major): `cands[b][d]` holds, for digit `d + 1`, the
//! cells of band `b` (rows `3b..3b+3`) where that digit may still go. A band
//! is 27 cells, so one `u32` holds it, one row per 9-bit field:
//!
//! ```text
//!   bit:  26 ........ 18 17 ........ 9  8 ......... 0
//!        [ row 3b+2    ][ row 3b+1    ][ row 3b     ]
//!   inside a row field: bit = col; cols 0-2 are box 3b, 3-5 box 3b+1, 6-8 box 3b+2
//!
//!   cell (row, col)  ->  band row / 3, bit (row % 3) * 9 + col  (= cell % 27)
//!
//!   a triad = one row of one box = 3 adjacent bits:   row r, box k -> 7 << (9r + 3k)
//!   a column inside a band = bits c, c + 9, c + 18:  (1 << c) * SPREAD
//! ```
//!
//! A placed digit stays in its own set (its row there keeps exactly one bit);
//! `open` holds the cells not yet placed.
//!
//! # Propagation
//!
//! * Rows of a band (JCZSolve: the band update in FullUpdate, with its
//!   "shrink" and "complex" tables): a digit sits in exactly one triad per row
//!   and per box of a band, i.e. on a permutation of the 3x3 grid of triads.
//!   `TRIAD_KEEP` keeps the triads that lie on some permutation. That is
//!   locked candidates between rows and boxes (pointing and claiming), and it
//!   turns a hidden single in a box into a row with one cell. A row with one
//!   cell left is the digit placed there (hidden single in a row).
//! * Columns of a stack (the same rule turned 90 degrees; not in JCZSolve):
//!   a digit sits in one column per band and one band per column of a stack,
//!   a permutation of the 3x3 band-by-column grid. This is locked candidates
//!   between columns and boxes, hidden singles in columns, and it drops a
//!   placed digit's column from the other bands. It runs only when a band of
//!   the digit lost a column since it last ran.
//! * Naked singles, bit-sliced (JCZSolve: ApplySingleOrEmptyCells): over the 9
//!   digit sets of a band, `once`, `twice` and `thrice` masks give the cells
//!   with no candidate (dead end), one (placed) and two (kept for guessing).
//! * Triads hold three digits (tdoku's triad rule, its docs/sudoku.md; our
//!   own code), in the triad search only: when the singles stall, each of
//!   the 54 triads (a box's three cells in one row, or in one column) must
//!   hold exactly three digits. A triad only three digits can reach gets
//!   all three (each is locked there within its row, or its stack's
//!   column); a triad three digits are sure of is closed to the others.
//!   Bit-sliced counts per band, 18 triads in one word.
//!
//! Two nodes apply these rules (bar the triad rule) and settle on the same
//! state, so the searches they drive make the same guesses. The band
//! update, below, runs on every kernel but one. The lane node
//! (`lanes.rs`) is the cell search's propagation on the x86-64-v4 kernel:
//! every digit's sets of a band in the lanes of one AVX-512 vector, each
//! rule applied to all nine digits at once in rounds until a round changes
//! nothing (no dirty mask, no tables); it is 1.19-1.78 × the band update on
//! an AMD EPYC (Zen 5; docs/fast-solver.md, "The lane node").
//!
//! The band update works per digit (all three bands at once), driven by a
//! 9-bit dirty mask: a digit is dirty when one of its sets lost a cell. The dirty digits
//! are updated in waves, the placements of a wave struck from the other
//! digits once at its end, so that one wave's updates do not wait for each
//! other. `State::new`
//! files the givens branch-free and settles their cells and rows itself, so
//! the givens never go through the strike (the loop that takes a placed cell
//! from the other digits).
//!
//! # Search
//!
//! Depth first; the state is 176 bytes, copied for each branch but the last.
//! Two searches share the code. The cell search (`fast`, the default:
//! [`count`], [`solve`]) guesses a cell: a bivalue cell (JCZSolve:
//! GuessBiValueInCell), the one with the most open peers, else the open
//! cell with fewest candidates. The triad search (`fast-triad`:
//! [`count_triad`], [`solve_triad`]), while more than `TRIADS_ABOVE` cells
//! are open, also runs the triad rule and guesses a digit's configuration
//! in a band or stack (tdoku: ChooseBandAndValueToBranch, our own code),
//! i.e. which permutation of its 3x3 grid of triads (band) or
//! band-by-column cells (stack) it takes: the band or stack with fewest
//! configurations over its nine digits, not all settled, and in it a digit
//! with two configurations, else three, else the fewest; one branch per
//! configuration, tried in order of the open cells each leaves the digit,
//! counted as one guess; with 30 or fewer cells open it guesses a cell.
//!
//! The triad search makes fewer guesses (fewer than tdoku on the hard
//! sets) but costs more per node. The cell search is the default because
//! its slowest set against tdoku is faster than the triad search's on
//! every CPU measured, and it leads on most sets of each
//! (docs/benchmarks.md, "Which search is the default").
//!
//! # Kernels
//!
//! The search is compiled five times (see [`Kernel`]): for the target's
//! baseline (on x86-64 that means SSE2 but no `popcnt`, and bit scans that
//! test for zero; on aarch64, NEON, with `cnt` for popcounts; elsewhere
//! plain Rust), the same for x86-64-v2 (`popcnt`, SSE4.2), for x86-64-v3
//! (twice: with and without BMI2's
//! `pext` for the band update's two table indexes, as AMD before Zen 3 runs
//! `pext` in microcode) and for x86-64-v4, with `#[target_feature]`; the
//! best one the CPU has is chosen at run time (the x86-64-v2 copy where the
//! CPU has no x86-64-v3, and for `fast-portable`). The v3 copy uses four AVX2
//! helpers: the strike takes the fresh cells out of a band's first eight
//! sets in one vector and gets the digits that had them from one
//! `movemask`, `digits_at` gathers a cell's candidates the same way (that
//! is what the band-major layout is for), `givens` files a puzzle's givens
//! with one byte compare per digit, and the triad words of a band's sets
//! come from one vector's bit trick instead of table lookups. The v4 copy
//! does the same with AVX-512's compares into mask registers (and runs the
//! lane node for the cell search: a sixth copy, `run_v4l`), the portable
//! copy with the baseline's vector unit on two 128-bit vectors (module
//! `baseline` picks SSE2's forms, NEON's or the scalar ones by the target).
//! Those helpers and the calls into them are the only `unsafe` here;
//! everything else is the same source, inlined into every entry point.

use crate::grid::Grid;
use crate::outcome::Outcome;

mod kernels;
#[cfg(target_arch = "x86_64")]
mod lanes;
mod search;
mod tables;

pub use kernels::Kernel;
use search::Search;

/// Count the solutions of `puzzle` up to `limit`, keeping the first one.
/// Clashing givens give a count of 0. The cell search (see the module doc;
/// the `fast` solver, the default) on [`Kernel::best`].
pub fn solve(puzzle: &Grid, limit: usize) -> Outcome {
    solve_with(puzzle, limit, FASTEST)
}

/// What [`solve`] and [`count`] ask for: `start` runs a kernel the CPU lacks
/// as the best one below it that the CPU has, so asking for the top one is
/// [`Kernel::best`].
const FASTEST: Kernel = Kernel::X86_64V4;

/// [`solve`] on the portable kernel, whatever the CPU has beyond it (the
/// fallback, and the `fast-portable` solver of the registry and
/// benchmarks): its x86-64-v2 copy where the CPU has `popcnt` and SSE4.2,
/// else the baseline's.
pub fn solve_portable(puzzle: &Grid, limit: usize) -> Outcome {
    solve_with(puzzle, limit, PORTABLE_BEST)
}

/// The kernel [`solve_portable`] and [`count_portable`] run on this CPU.
pub fn portable_kernel() -> Kernel {
    PORTABLE_BEST.on_this_cpu()
}

/// What [`solve_portable`] and [`count_portable`] ask for: the portable
/// kernel's source, compiled for the most the CPU has of x86-64-v2.
const PORTABLE_BEST: Kernel = Kernel::X86_64V2;

/// [`solve`] with the given kernel; one this CPU lacks runs as the best
/// kernel below it that the CPU has.
pub fn solve_with(puzzle: &Grid, limit: usize, kernel: Kernel) -> Outcome {
    search::<false>(puzzle, limit, kernel, true)
}

/// [`solve`] without building the first solution: the same search, the same
/// count and guesses, `solution` always `None`. What `sudoku count` and the
/// benchmarks run (the `sudoku` crate's `solutions_count_up_to`, the peer in
/// the benchmark, builds none either); turning the solved sets into a grid
/// is about 3% of the time on Serg's puzzles.
pub fn count(puzzle: &Grid, limit: usize) -> Outcome {
    count_with(puzzle, limit, FASTEST)
}

/// [`count`] on the portable kernel (see [`solve_portable`]).
pub fn count_portable(puzzle: &Grid, limit: usize) -> Outcome {
    count_with(puzzle, limit, PORTABLE_BEST)
}

/// [`count`] with the given kernel.
pub fn count_with(puzzle: &Grid, limit: usize, kernel: Kernel) -> Outcome {
    search::<false>(puzzle, limit, kernel, false)
}

/// [`count`] with the triad search: tdoku's triad rule and a digit's
/// configuration in a band or stack as the guess while more than 30 cells
/// are open (the `fast-triad` solver). Fewer guesses, more work a guess:
/// the faster of the two on some sets of unique puzzles on some CPUs, and
/// slower on puzzles with several solutions (docs/benchmarks.md, "Which
/// search is the default").
pub fn count_triad(puzzle: &Grid, limit: usize) -> Outcome {
    count_triad_with(puzzle, limit, FASTEST)
}

/// [`solve`] with the triad search (see [`count_triad`]).
pub fn solve_triad(puzzle: &Grid, limit: usize) -> Outcome {
    solve_triad_with(puzzle, limit, FASTEST)
}

/// [`count_triad`] with the given kernel.
pub fn count_triad_with(puzzle: &Grid, limit: usize, kernel: Kernel) -> Outcome {
    search::<true>(puzzle, limit, kernel, false)
}

/// [`solve_triad`] with the given kernel.
pub fn solve_triad_with(puzzle: &Grid, limit: usize, kernel: Kernel) -> Outcome {
    search::<true>(puzzle, limit, kernel, true)
}

fn search<const TRIADS: bool>(
    puzzle: &Grid,
    limit: usize,
    kernel: Kernel,
    keep_first: bool,
) -> Outcome {
    let mut search = Search::<TRIADS> {
        limit,
        count: 0,
        guesses: 0,
        keep_first,
        first: None,
    };
    if limit > 0 {
        search.start(puzzle, kernel);
    }
    Outcome {
        count: search.count,
        solution: search.first,
        guesses: search.guesses,
    }
}

#[cfg(test)]
mod tests {
    use super::kernels::*;
    use super::search::*;
    use super::tables::*;
    use super::*;

    /// Every vector form of the helpers against the scalar forms: the
    /// portable kernel's (`baseline`: SSE2 on x86-64, NEON on aarch64, run
    /// under qemu-user by `.ci/aarch64`), and AVX2 and AVX-512 where the CPU
    /// has them; with the cell at `bit` in each of the 512 patterns across
    /// the nine sets (the rest of the band random).
    #[test]
    fn vector_helpers_match_scalar() {
        #[cfg(target_arch = "x86_64")]
        let (v3, v4) = (Kernel::X86_64V3.available(), Kernel::X86_64V4.available());
        let mut x = 0x9e37_79b9u32;
        for pattern in 0..512u32 {
            let mut sets = [0u32; 9];
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let bit = (x >> 3) as usize % 27;
            for (d, set) in sets.iter_mut().enumerate() {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                *set = (x & BAND & !(1 << bit)) | (pattern >> d & 1) << bit;
            }
            assert_eq!(scalar::digits_at(&sets, bit), pattern);
            assert_eq!(baseline::digits_at(&sets, bit), pattern);
            // One fresh cell, or that cell and a few more; some digits own
            // some of them (placed there in this wave), and keep them.
            let fresh = 1 << bit | (x & 0x40201 & (pattern << 9));
            let mut own = [0u32; 9];
            for (d, o) in own.iter_mut().enumerate() {
                if x >> (d + 7) & 1 == 1 {
                    *o = fresh & sets[d] & (x >> 3 | 1 << bit);
                }
            }
            let mut want = sets;
            let hit = scalar::strike(&mut want, fresh, &own);
            for d in 0..9 {
                assert_eq!(want[d], sets[d] & !(fresh & !own[d]));
                assert_eq!(hit >> d & 1 == 1, sets[d] & fresh & !own[d] != 0);
            }
            type Strike = unsafe fn(&mut [u32; 9], u32, &[u32; 9]) -> u32;
            #[allow(unused_mut)]
            let mut forms: Vec<Strike> = vec![baseline::strike];
            // The triad words of the band, against `triad_word` set by set.
            let (mut t, mut u) = ([0; 9], [0; 9]);
            scalar::triad_words(&sets, &mut t, &mut u);
            for d in 0..9 {
                assert_eq!((t[d], u[d]), triad_word(sets[d]));
            }
            let (mut t2, mut u2) = ([0; 9], [0; 9]);
            baseline::triad_words(&sets, &mut t2, &mut u2);
            assert_eq!((t2, u2), (t, u));
            #[cfg(target_arch = "x86_64")]
            {
                if v3 {
                    // SAFETY: AVX2 was detected above.
                    assert_eq!(unsafe { avx2::digits_at(&sets, bit) }, pattern);
                    forms.push(avx2::strike);
                    let (mut t3, mut u3) = ([0; 9], [0; 9]);
                    // SAFETY: as above.
                    unsafe { avx2::triad_words(&sets, &mut t3, &mut u3) };
                    assert_eq!((t3, u3), (t, u));
                }
                if v4 {
                    // SAFETY: AVX-512 was detected above.
                    assert_eq!(unsafe { avx512::digits_at(&sets, bit) }, pattern);
                    forms.push(avx512::strike);
                }
            }
            for strike in forms {
                let mut got = sets;
                // SAFETY: each form was pushed only with its features.
                let got_hit = unsafe { strike(&mut got, fresh, &own) };
                assert_eq!((got, got_hit), (want, hit));
            }
        }
    }

    /// `triad_word` against its definition, on random sets and on sets of
    /// one, two and three cells.
    #[test]
    fn triad_word_marks_triads_columns_and_sure_ones() {
        let mut x = 0x1234_5677u32;
        let mut sets: Vec<u32> = (0..27).map(|i| 1 << i).collect();
        sets.extend((0..27).flat_map(|i| (0..27).map(move |j| 1u32 << i | 1 << j)));
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            sets.push(x & BAND);
        }
        for a in sets {
            let mut t = 0u32;
            for r in 0..3 {
                for k in 0..3 {
                    if a >> (9 * r + 3 * k) & 7 != 0 {
                        t |= 1 << (3 * r + k);
                    }
                }
            }
            for (c, &col) in COL[..9].iter().enumerate() {
                if a & col != 0 {
                    t |= 1 << (9 + c);
                }
            }
            // Sure: the only triad of its row, or the only column of its stack.
            let mut u = 0;
            for g in 0..6 {
                let group = t >> (3 * g) & 7;
                if group.count_ones() == 1 {
                    u |= group << (3 * g);
                }
            }
            assert_eq!(triad_word(a), (t, u), "{a:027b}");
        }
    }

    /// `available` is the run-time test it claims: checked here against the
    /// features that define x86-64-v3's extras, spelled another way.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn kernels_are_available_exactly_with_their_features() {
        use std::arch::is_x86_feature_detected as has;
        let v3 = has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt") && has!("popcnt");
        let v4 = v3
            && has!("avx512f")
            && has!("avx512bw")
            && has!("avx512cd")
            && has!("avx512dq")
            && has!("avx512vl");
        let v2 =
            has!("popcnt") && has!("sse3") && has!("ssse3") && has!("sse4.1") && has!("sse4.2");
        assert_eq!(Kernel::X86_64V2.available(), v2);
        assert_eq!(Kernel::X86_64V3.available(), v3 && v2);
        assert_eq!(Kernel::X86_64V3Pext.available(), v3 && pext_is_fast());
        assert_eq!(Kernel::X86_64V4.available(), v4);
        let best = [
            (v4, Kernel::X86_64V4),
            (v3 && pext_is_fast(), Kernel::X86_64V3Pext),
            (v3, Kernel::X86_64V3),
            (v2, Kernel::X86_64V2),
            (true, Kernel::Portable),
        ];
        assert_eq!(Some(Kernel::best()), best.iter().find(|k| k.0).map(|k| k.1));
        // `best` caches its answer by the index into ALL: the second call
        // reads the cache.
        assert_eq!(Some(Kernel::best()), best.iter().find(|k| k.0).map(|k| k.1));
        for (i, &k) in Kernel::ALL.iter().enumerate() {
            assert_eq!(k as usize, i);
        }
        assert!(Kernel::Portable.available());
    }

    /// The portable kernel's givens (SSE2, NEON), and AVX2's and AVX-512's
    /// where the CPU has them, against the scalar ones, on random grids of
    /// 0-9.
    #[test]
    fn vector_givens_match_scalar() {
        let mut x = 0x2545_f491u32;
        for _ in 0..500 {
            let mut g = Grid([0; 81]);
            for v in &mut g.0 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                *v = (x % 10) as u8;
            }
            let want = scalar::givens(&g);
            assert_eq!(baseline::givens(&g)[..27], want[..27]);
            #[cfg(target_arch = "x86_64")]
            if Kernel::X86_64V3.available() {
                // SAFETY: AVX2 was detected.
                assert_eq!(unsafe { avx2::givens(&g) }[..27], want[..27]);
            }
            #[cfg(target_arch = "x86_64")]
            if Kernel::X86_64V4.available() {
                // SAFETY: AVX-512 was detected.
                assert_eq!(unsafe { avx512::givens(&g) }[..27], want[..27]);
            }
        }
    }

    #[test]
    fn padded_tables_are_zero_past_27() {
        assert!(ROW_OTHERS[27..]
            .iter()
            .chain(&COL[27..])
            .chain(&NEAR[27..])
            .all(|&m| m == 0));
    }

    #[test]
    fn row_triads_mark_occupied_boxes() {
        assert_eq!(ROW_TRIADS[0], 0);
        assert_eq!(ROW_TRIADS[0b000_000_001], 0b001);
        assert_eq!(ROW_TRIADS[0b100_000_000], 0b100);
        assert_eq!(ROW_TRIADS[0b010_111_000], 0b110);
        assert_eq!(ROW_TRIADS[511], 0b111);
    }

    /// The v4 kernel's `pext` indexes against the portable ones: the
    /// triads of every row pattern in each row (the other rows random), and
    /// the grid of each stack in random column words. Run wherever BMI2 is,
    /// AVX-512 or not.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn pext_indexes_match_the_portable_ones() {
        if !is_x86_feature_detected!("bmi2") {
            return;
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u32 & BAND
        };
        for row in 0..3 {
            for pattern in 0..512u32 {
                let a = (random() & !(ROW << (9 * row))) | pattern << (9 * row);
                // SAFETY: BMI2 was detected above.
                assert_eq!(unsafe { bmi2::triads(a) }, triads(a), "{a:#x}");
            }
        }
        for _ in 0..2000 {
            let cols = random();
            for s in [0, 3, 6] {
                // SAFETY: as above.
                let by_pext = unsafe { bmi2::stack_grid(cols, s) };
                assert_eq!(by_pext, stack_grid::<PORTABLE>(cols, s), "{cols:#x} {s}");
            }
        }
    }

    #[test]
    fn triad_keep_is_the_union_of_permutations() {
        // Everything open: every cell is kept.
        assert_eq!(TRIAD_KEEP[511], BAND);
        // No permutation fits in a set of fewer than three triads.
        for (s, &kept) in TRIAD_KEEP.iter().enumerate() {
            if s.count_ones() < 3 {
                assert_eq!(kept, 0, "{s:09b}");
            }
            // Only occupied triads are kept, and each kept triad is whole.
            for r in 0..3 {
                for k in 0..3 {
                    let triad = 7u32 << (r * 9 + k * 3);
                    let on = s >> (r * 3 + k) & 1 == 1;
                    assert!(kept & triad == 0 || (on && kept & triad == triad));
                }
            }
        }
        // A diagonal is exactly one permutation.
        assert_eq!(TRIAD_KEEP[0b100_010_001], 7 | 7 << 12 | 7 << 24);
        // Pointing: box 0 only in row 0 forces rows 1, 2 out of box 0 and
        // row 0 out of boxes 1, 2.
        let s = 0b110_110_001;
        assert_eq!(TRIAD_KEEP[s], 7 | (0o77 << 12) | (0o77 << 21));
    }

    #[test]
    fn placed_finds_lone_rows() {
        // Brute force over rows with 1, 2 or 9 bits, each row non-empty.
        let samples = [1u32, 2, 0x100, 3, 0x101, 0x1ff, 0x180, 0x40];
        for &r0 in &samples {
            for &r1 in &samples {
                for &r2 in &samples {
                    let a = r0 | r1 << 9 | r2 << 18;
                    let mut want = 0;
                    for (k, r) in [r0, r1, r2].into_iter().enumerate() {
                        if r.count_ones() == 1 {
                            want |= r << (9 * k);
                        }
                    }
                    assert_eq!(placed(a), want, "{a:027b}");
                }
            }
        }
    }

    #[test]
    fn new_rejects_two_givens_of_a_digit_in_a_row_only() {
        // Every pair of cells in band 1 given the digit 4: a clash iff they
        // share a row (State::new leaves columns and boxes to propagation).
        for x in 0..27 {
            for y in 0..27 {
                if x == y {
                    continue;
                }
                let mut g = Grid([0; 81]);
                g.0[27 + x] = 4;
                g.0[27 + y] = 4;
                let same_row = x / 9 == y / 9;
                assert_eq!(State::new(&g).is_none(), same_row, "{x} {y}");
            }
        }
        // A given keeps its cell, leaves the other digits and clears its row.
        let mut g = Grid([0; 81]);
        g.0[40] = 7; // row 4, col 4: band 1, bit 13
        let s = State::new(&g).unwrap();
        assert_eq!(s.cands[1][6], (BAND & !(ROW << 9)) | 1 << 13);
        assert_eq!(s.cands[1][2], BAND & !(1 << 13));
        assert_eq!(s.open, [BAND, BAND & !(1 << 13), BAND]);
        let mut bad = Grid([0; 81]);
        bad.0[80] = 10;
        assert!(State::new(&bad).is_none());
    }

    #[test]
    fn row_others_are_the_8_row_peers() {
        for (i, &m) in ROW_OTHERS[..27].iter().enumerate() {
            assert_eq!(m.count_ones(), 8);
            assert_eq!(m & 1 << i, 0);
            assert_eq!(m | 1 << i, ROW << (i / 9 * 9));
        }
    }

    /// The 27 units in band bits: rows are 9-bit fields, columns are
    /// `COL` in each band, boxes are `0o7007007 << 3k` in each band.
    fn units() -> Vec<[u32; 3]> {
        let mut units = Vec::new();
        for b in 0..3 {
            for r in 0..3 {
                let mut u = [0; 3];
                u[b] = ROW << (9 * r);
                units.push(u);
            }
            for k in 0..3 {
                let mut u = [0; 3];
                u[b] = 0o7007007 << (3 * k);
                units.push(u);
            }
        }
        for &col in &COL[..9] {
            units.push([col; 3]);
        }
        units
    }

    #[test]
    fn layout_has_27_units_of_9_and_every_cell_in_3() {
        let units = units();
        assert_eq!(units.len(), 27);
        let mut seen = [0; 81];
        for u in &units {
            assert_eq!(u.iter().map(|m| m.count_ones()).sum::<u32>(), 9);
            for (b, &m) in u.iter().enumerate() {
                for bit in 0..27 {
                    if m >> bit & 1 == 1 {
                        seen[b * 27 + bit] += 1;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
    }

    #[test]
    fn near_and_col_give_20_peers() {
        // NEAR (own band: row, box, column) plus COL in the other two bands
        // is the cell and its 20 peers.
        for bit in 0..27 {
            assert_eq!(COL[bit].count_ones(), 3);
            assert_eq!(NEAR[bit] & COL[bit], COL[bit]);
            assert_eq!(NEAR[bit].count_ones() + 2 * 3, 21);
        }
    }

    #[test]
    fn perm_keep_and_stack_keep_agree() {
        assert_eq!(PERM_KEEP[511], 511);
        for s in 0..512usize {
            let k = u32::from(PERM_KEEP[s]);
            // Kept cells are occupied; each kept row and column is covered.
            assert_eq!(k & !(s as u32), 0);
            assert!(k == 0 || k.count_ones() >= 3);
            let spread = (k & 7) | (k >> 3 & 7) << 9 | (k >> 6 & 7) << 18;
            assert_eq!(STACK_KEEP[s], spread);
            // TRIAD_KEEP is PERM_KEEP with each bit widened to a triad.
            let mut triads = 0;
            for r in 0..3 {
                for c in 0..3 {
                    if k >> (r * 3 + c) & 1 == 1 {
                        triads |= 7 << (r * 9 + c * 3);
                    }
                }
            }
            assert_eq!(TRIAD_KEEP[s], triads);
        }
    }

    #[test]
    fn layout_covers_81_cells_once() {
        // Every (band, bit) pair is one cell; row/col/box peers derived from
        // the layout match the grid module's 20 peers.
        use crate::grid::{box_of, col_of, row_of, PEERS};
        for (cell, peer_list) in PEERS.iter().enumerate() {
            let (b, bit) = (cell / 27, cell % 27);
            assert_eq!(row_of(cell), b * 3 + bit / 9);
            assert_eq!(col_of(cell), bit % 9);
            assert_eq!(box_of(cell), b * 3 + bit % 9 / 3);
            let mut peers = 0;
            for other in 0..81 {
                let (ob, obit) = (other / 27, other % 27);
                let same_row = ob == b && obit / 9 == bit / 9;
                let same_col = obit % 9 == bit % 9;
                let same_box = ob == b && obit % 9 / 3 == bit % 9 / 3;
                if other != cell && (same_row || same_col || same_box) {
                    assert!(peer_list.contains(&other));
                    peers += 1;
                }
            }
            assert_eq!(peers, 20);
        }
    }
}
