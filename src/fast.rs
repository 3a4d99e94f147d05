//! The fast solver (issue 4): a bitboard solver in the class of JCZSolve,
//! written for this crate in std-only Rust; `unsafe` only in the helper
//! modules `avx2`, `avx512` and `bmi2` of its vector kernels (see Kernels).
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
//!
//! Two searches share this code. `fast` ([`count`], [`solve`]; `TRIADS`
//! on, the default) adds a rule and changes the guess while more than 30
//! cells are open; `fast-cell` ([`count_cell`], `TRIADS` off) is the search
//! without them. The triad search makes fewer guesses than tdoku on the
//! hard sets but costs more per guess, so it is the faster on unique puzzles
//! (the whole tree is searched) and the slower on puzzles with several
//! solutions, Serg's set among them, where counting stops at the second
//! (below, "Where the triad search pays"). It became the default at issue
//! 11's guess goal (guesses first); the figures below keep the names of
//! their time: until then `fast` was the cell search and `fast-triad` the
//! triad search.
//!
//! * Triads hold three digits (tdoku's triad rule, its docs/sudoku.md; our
//!   own code): when the singles stall, each of the 54 triads (a box's
//!   three cells in one row, or in one column) must hold exactly three
//!   digits. A triad only three digits can reach gets all three (each is
//!   locked there within its row, or its stack's column); a triad three
//!   digits are sure of is closed to the others. Bit-sliced counts per
//!   band, 18 triads in one word.
//!
//! Work is done per digit (all three bands at once), driven by a 9-bit dirty
//! mask: a digit is dirty when one of its sets lost a cell. `State::new`
//! files the givens branch-free and settles their cells and rows itself, so
//! the givens never go through the strike (the loop that takes a placed cell
//! from the other digits).
//!
//! # Kernels
//!
//! The search is compiled four times (see [`Kernel`]): for the target's
//! baseline (safe, std only; on x86-64 that means no `popcnt` and bit scans
//! that test for zero), for x86-64-v3 (twice: with and without `pext`,
//! below) and for x86-64-v4, with `#[target_feature]`; the best one the CPU
//! has is chosen at run time. The
//! v3 copy uses three AVX2 helpers (module `avx2`): the strike takes the
//! fresh cells out of a band's first eight sets in one vector and gets the
//! digits that had them from one `movemask`, `digits_at` gathers a cell's
//! candidates the same way (that is what the band-major layout is for);
//! `givens` files a puzzle's givens with one byte compare per digit. The v4
//! copy (module `avx512`) does the same with AVX-512's compares into mask
//! registers, and module `bmi2` gives it `pext` (below). Those helpers are
//! the only `unsafe` here; everything else is the same source, inlined into
//! every entry point.
//! Measured (rows `fast` and `fast-portable`, then the cell search): the v3 kernel is 13-24%
//! faster on every set in `cargo bench --bench solvers` (whole passes in
//! turn), 14-20% in `bench-peer` (the two take turns every 250 puzzles).
//! The v4 kernel against v3, on an AMD EPYC (family 26, Zen 5), `sudoku
//! count --jobs 1 --stats` pinned to one core, medians of 3 rounds in turn:
//! 1.00-1.02 on the six sets before `pext` (below), i.e. no gain. Its first form, all nine sets in
//! one 512-bit vector with masked loads and stores, was 0.80-0.88: the
//! scalar loads after a masked store wait for it to retire (no store
//! forwarding). Its speed on an Intel Xeon with AVX-512 is unmeasured.
//! What the v4 kernel does gain from: BMI2's `pext` for the two table
//! indexes of the band update (a band set's 9 triads, a stack's 3x3 grid),
//! one instruction instead of shifts and ors (and, for the triads, three
//! row lookups). Against the
//! same code with lookups, `count --jobs 1 --stats` pinned to one core,
//! medians of 3 rounds in turn: the triads +5-7% on every set for both
//! searches, the stack grid +1-2% more. AMD's Zen 1 and Zen 2 have AVX2
//! and BMI2 but run `pext` in microcode, far slower than a lookup, while
//! Intel since Haswell, AMD since Zen 3 and every CPU with AVX-512 run it
//! at full speed (one a cycle, 3 cycles' latency). So the v3 kernel is
//! compiled twice: `X86_64V3Pext` with `pext`, chosen when `pext_is_fast`
//! (CPUID: Intel, or AMD from family 0x19), and `X86_64V3` with the
//! lookups. (On the Zen 3 of an earlier stop, `pext` for the triads alone
//! measured 0-4%, below.) With it the v4 kernel is 1.01-1.11x the v3 one
//! on the six sets (`fast`, same method, 39f90b4); `cargo bench --bench
//! kernels` times the three against each other (README). The same `pext`
//! for the stack grids of `pick_config` (each digit's three column fields
//! side by side, one `pext` a stack instead of three shifts and ors):
//! 0.98-1.02, dropped; the fifth form of that scan not to gain.
//!
//! # Search
//!
//! Depth first; the state is 172 bytes, copied for each branch but the last.
//! The guess (tdoku: ChooseBandAndValueToBranch, our own code) is a digit's
//! configuration in a band or stack, i.e. which permutation of its 3x3 grid
//! of triads (band) or band-by-column cells (stack) it takes: the band or
//! stack with fewest configurations over its nine digits, not all settled,
//! and in it a digit with two configurations, else three, else the fewest.
//! One branch per configuration, counted as one guess. Only when every band
//! and stack is settled does it fall back to a cell: a bivalue cell (JCZSolve:
//! GuessBiValueInCell), the one with the most open peers, else the open cell
//! with fewest candidates. The cell search (`fast-cell`) always guesses a
//! cell.
//!
//! Guesses per puzzle, limit 2, on top1465 / forum 1905 11+ / forum 1106
//! (tdoku's run_benchmark on this machine: 9.06 / 64.9 / 112.9 with its
//! shuffled order; the issue quotes 8.94 / 61.7 / 110.4):
//! * before (bivalue cells only, no triad rule): 10.03 / 82.75 / 138.1.
//! * configuration guesses alone: 13.24 / 74.9 / 139.7 (Serg 7.24).
//! * bivalue cell first, a configuration when there is none: 10.05 / 80.2 /
//!   152.0.
//! * triad rule alone: 8.44 / 79.9 / 131.1, at 40-70% more time a puzzle.
//! * triad rule and configuration guesses (kept): 8.84 / 61.07 / 109.66;
//!   Serg 6.92 (was 5.86: its puzzles have two solutions and the pair
//!   order heuristic no longer applies), 17-clue 0.56 (0.65). Counting a
//!   node of k configurations as k - 1 guesses (tdoku branches in two, one
//!   guess each): 8.87 / 61.74 / 110.77, level with tdoku.
//! * With it, a configuration only when its digit has two, else a bivalue
//!   cell: 8.87 / 62.2 / 113.1, Serg 6.91. Bands only, no stacks: 9.22 /
//!   68.9 / 113.8. The old cell guess and no triad rule while more than
//!   50 (45, 40) cells are open: 8.66 / 73.9 / 129.2 (worse with 45, 40),
//!   Serg unchanged: the hard sets need the configurations early.
//! * Cost (cachegrind, instructions, before -> now): 1106 212M -> 252M,
//!   Serg 205M -> 328M, top1465 88M -> 111M, 1905 16.9G -> 19.9G,
//!   unbiased 18.8M -> 20.2M (with the triad pass skipping
//!   triads with no news: without that, 284M and 384M). Reading the stack
//!   words from `cols_seen` instead of the sets: +1%. Counting each
//!   digit's configurations once into a 6x9 table for `pick_config`: +10%.
//!   At most one triad pass per propagation (stale, wider grids for the
//!   guess): 8.89 / - / 114.1 guesses, Serg 7.11, no fewer instructions;
//!   at most two: 8.63 / - / 109.7, the same instructions as unlimited.
//! * On an AMD EPYC family 26 (Zen 5), 2026-11-23, in the order they were
//!   made (`sudoku count --jobs 1 --stats`, one core, medians of 3 rounds
//!   beside tdoku's run_benchmark):
//!   the configurations of a guess tried in order of the open cells each
//!   leaves the digit, fewest first (kept): Serg 6.92 -> 6.33 guesses, the
//!   unique sets unchanged (their whole tree is searched); most first: 7.26.
//!   With the digit's bivalue cells counted twice in that room (kept):
//!   Serg 6.27 -> 5.97 (with the threshold below), and 10.31 -> 9.92 on a
//!   held-out set of 5,840 puzzles with two or more solutions (one given
//!   taken out of each puzzle of top1465, 1106, unbiased and the first
//!   3,000 of 1905), but no faster on Serg (1.00x tdoku either way, 7
//!   rounds). Other keys, Serg guesses: bivalue cells alone 6.29, open
//!   cells of any digit kept 6.47, room then fewest bivalue 6.14, room
//!   with bivalue cells counted three times 5.98.
//!   Then the triad rule and configuration guesses only while more than
//!   TRIADS_ABOVE cells are open (kept at 30), guesses on Serg / top1465 /
//!   1905 / 1106 and speed on Serg against tdoku: always 6.33 / 8.84 /
//!   61.07 / 109.66, 0.89x; above 25: 6.31 / 8.83 / 61.10 / 109.86, 0.92x;
//!   above 30: 6.27 / 8.78 / 61.20 / 110.08, 0.93x; above 35: 6.20 / 8.81
//!   / 61.61 / 111.01 (over tdoku's 110.45), 0.95x. `fast` on the same run:
//!   1.09x on Serg, and 1.27-2.24x with more guesses elsewhere.
//!   The triad words of a band's first eight sets in one AVX2 vector (a
//!   bit trick instead of the row lookups) and the two bit-sliced counts
//!   in one u64 (kept): +6% on Serg, +4-6% on the hard sets. `pick_config`
//!   with the configuration counts packed a byte per band and stack (one
//!   sum gives four totals): 2-6% slower; with them from AVX2 arithmetic
//!   (the six products of a 3x3 grid, no lookups): 2-4% slower. Dropped.
//!   Skipping, in a propagation's later triad passes, the bands whose sets
//!   are those of their last pass: 1-2% slower on every set. Dropped.
//!   Above 32, 33 or 34 open cells instead of 30: 1106 needs 110.35,
//!   110.51, 110.73 guesses (tdoku 110.45), Serg 6.24-6.22.
//!   `pick_config` called twice per guess (the copy kept by `black_box`):
//!   546k -> 508k puzzles/s on Serg's, so it is about 7% of the time
//!   there; callgrind: 774 instructions a call, 13,469 calls on Serg's
//!   first 3,000 puzzles, 11% of the instructions. One pass over the
//!   digits with the six totals side by side, a digit's three stack grids
//!   spread into one word: the same guesses, 2% slower on Serg's, top1465
//!   and 1106 (5 rounds in turn). Dropped, like the two forms above.
//! * Where the triad search pays, on sets the tuning never saw (same CPU
//!   and commands, code of 16a79b4, 3 rounds; x tdoku, guesses in
//!   brackets, `fast` / `fast-triad`). Unique puzzles, 3,000 from `sudoku
//!   gen --count 3000 --seed 99 --difficulty expert`: 1.34x (4.61) /
//!   1.53x (2.90), tdoku (2.91). Puzzles with two or more solutions: the
//!   held-out set above, 1.44x (10.73) / 1.32x (9.92), tdoku (11.13);
//!   K givens of a solved grid kept at random (2,000 grids from `sudoku
//!   gen --clues 80 --count 2000 --seed 7 | sudoku solve`, 20,000
//!   puzzles per K), K = 24: 1.46x (9.32) / 1.19x (9.58), K = 34: 1.52x
//!   (2.55) / 1.41x (2.61); over K = 24, 26, .., 42, `fast` 1.45-1.60x and
//!   `fast-triad` 1.20-1.51x, `fast` ahead at every K. So the triad search
//!   pays where the whole tree is searched (a unique puzzle) and costs 4-19%
//!   where the count stops at a second solution, Serg's set among them.
//! * A hybrid: the triad search for a puzzle whose first stall leaves
//!   fewer than P bivalue cells, the cell search for the rest (at the first
//!   stall the forum sets have 0-1 bivalue cells, 95% of them at most 2;
//!   top1465 a median of 6; Serg's 8-26). P = 10: 1.34-2.29x tdoku on the
//!   six sets, Serg's 1.08x (`fast` 1.09x), guesses 8.72 / 61.20 / 110.08;
//!   P = 8: top1465 8.85, P = 12: 8.65, P = 6: 9.48. Every goal met on the
//!   six sets, but on the unseen sets it picks the wrong search: expert
//!   1.39x (4.13 guesses; `fast-triad` 1.53x), the held-out set 1.31x, K =
//!   24 1.21x (the triad search; `fast` 1.44x and 1.46x). Fitted to the
//!   benchmark sets: dropped. Counting bivalue cells at every stuck node
//!   instead of the first: 1106 needs 139-154 guesses.
//! * Switching search inside a puzzle, by what the search has met so far
//!   (same CPU, `count --jobs 1 --stats`, one core, one round each, so
//!   speeds are rough; guesses on top1465 / 1905 / 1106 / Serg, then the
//!   unseen expert and 24-kept sets). The triad search until the first
//!   solution, the cell search after it: 9.37 / 70.60 / 135.92 / 5.99,
//!   expert 3.02: on a unique puzzle most of the tree comes after the
//!   first solution. The other way round: 9.29 / 75.22 / 127.89 / 5.86,
//!   expert 4.38. The cell search until the first dead end (or solution),
//!   the triad search after it: 8.37 / 67.50 / 116.52 / 5.86, as fast as
//!   the cell search on Serg's and on 24 kept, but 1905 and 1106 over
//!   tdoku's guesses and expert 3.89; only the first K guesses by cell:
//!   K = 1 already gives 65.85 / 114.78 on 1905 / 1106 (the top of the
//!   tree decides its size). The cell search's first dive, then a restart
//!   from the givens with the triad search at the first dead end: 10.63 /
//!   65.53 / 115.58 / 6.39, slower everywhere. Dropped, all five.
//!   Propagate calls (nodes) per puzzle, cell / triad search: Serg 8.13 /
//!   8.34, 24 kept 11.51 / 11.71, expert 10.21 / 6.80, 1106 279 / 222: on
//!   puzzles with several solutions the two visit as many nodes, and the
//!   triad search's rule and scan make each 8% (Serg's) to 20% (24 kept)
//!   dearer. The first propagation, givens to first stall, is 21% of the
//!   time on Serg's for both (0.35 us of 1.69 for the cell search, 0.40
//!   of 1.88 for the triad search).
//!   `pick_config` in the v4 kernel, all 54 grids in six 512-bit vectors:
//!   a grid's configurations are the matches of two field-wise rotations
//!   of its rows (i, i+1, i+2 and i, i+2, i+1 mod 3), counted by a 16-entry
//!   `vpermd` table; the six totals a byte each in two `reduce_add`s. The
//!   same picks, 1-4% slower on every set: the fourth form of the scan to
//!   lose to the scalar lookups.
//! * Serg's set is what this costs: 3.24 us a puzzle against 2.3 before
//!   (tdoku 2.9; see the closing figures of issue 11). The old cell guess
//!   and no triad rule once fewer than 40 cells are open: Serg 6.14
//!   guesses, 2.69 us, but 9.01 / 64.5 / 117.1 on the hard sets; under 30
//!   open: Serg 6.73, 3.02 us, 8.83 / 61.9 / 111.4 (over tdoku's 61.66 /
//!   110.45). Dropped: guesses first.
//!
//! # Tried and lost (measured against the `sudoku` crate in one run; numbers
//! are guesses per puzzle or instructions per puzzle under cachegrind)
//!
//! * A separate hidden-singles-in-columns pass: the stack rule subsumes it and
//!   cut 17-clue from 2.3 to 1.3 guesses, forum 1106 from 323 to 284.
//! * Column elimination inside the band after a placement: TRIAD_KEEP already
//!   did it (same box), the loop never ran twice.
//! * JCZSolve's granularity (one update per digit and band, 27-bit dirty
//!   mask, or a saved copy of the sets): same instructions, more branch misses.
//! * The stack rule as its own pass when singles stall: +10% instructions.
//! * Striking placed cells from the other digits lazily, once per sweep: +20%.
//! * Branch-free strike over all 27 sets: fewer misses, more instructions, a wash.
//! * First bivalue cell (JCZSolve): 1106 needs 284 guesses, 138 with the
//!   open-peer score. Scoring by the two digits' candidates among the peers:
//!   135 guesses, but the scoring cost more than it saved. Scoring only the
//!   band with most open cells, or row + col + box counts: 160-170 guesses.
//! * What `pick`'s scoring costs on Serg's set: the first bivalue cell
//!   instead (JCZSolve's choice) is 9% faster there (664k against 610k
//!   puzzles/s, 6.01 guesses against 5.86) but needs 18.8 / 139.9 / 284.4
//!   guesses on top1465 / 1905 / 1106. The first cell only when a node has
//!   at least P bivalue cells: P = 8: 14.5 / 106.2 / 200.3; P = 16: 10.74 /
//!   84.86 / 144.3; P = 20: 10.15 / 82.95 / 138.6 (Serg's 5.87: there
//!   it barely applies). The choice matters on the hard sets even among
//!   many pairs.
//!   The same scoring for every cell of the three bands at once in the v4
//!   kernel (two 512-bit vectors a band, NEAR and COL as vectors, a nibble
//!   table for the popcounts, the pairs as the lane mask of a `max`): the
//!   same picks, 1-3% faster on Serg's, within what code placement moves.
//!   Dropped, as not worth its `unsafe`.
//! * With no bivalue cell, a digit with two places in a row (a two-way
//!   branch) instead of the cell with fewest candidates: top1465 / 1905 /
//!   1106 need 9.93 / 88.0 / 176.3 guesses (9.92 / 85.1 / 162.9 with the
//!   pair of most room) against 10.03 / 82.75 / 138.1; Serg unchanged.
//! * Lower digit of a pair first: 6.5 guesses on Serg's puzzles; the digit
//!   with fewer places in the band first: 8.3; more places in the band
//!   first: 6.0; more places among the cell's open peers first (kept): 5.86.
//!   Places in the whole grid: 6.12; the minimum over its row, column and
//!   box: 6.06; their sum: 5.85; fewer among the peers first: 8.75. Ties in
//!   `pick` to the first cell: 5.73 on Serg but 3-6% more guesses on the
//!   other sets. Fewest open peers instead of most: 6.9 on Serg, 344 on 1106.
//! * `d.min(8)` to drop bounds checks, taking the guessed cell from the other
//!   digit directly instead of through the strike, `#[inline(never)]` on the
//!   update, capping the scored bivalue cells at 8 or 12: no gain.
//! * Dropping the stack rule: Serg's puzzles cost the same, 17-clue needs
//!   10 guesses a puzzle instead of 0.65.
//! * Sets band-major in the portable kernel alone: no gain with 9 slots,
//!   3% slower padded to 12, 15% slower padded to 16. (Kept: the AVX2
//!   kernel's strike needs it.)
//! * Per-band updates (JCZSolve's granularity, a 27-bit dirty mask) with the
//!   stack rule run when a band loses a column, or in a pass of its own
//!   when the singles stall: 10-30% slower on every set.
//! * The stack rule and the second band pass every time, to save the
//!   branches: 15% slower. Sweeping the digits in a fixed, unrolled order
//!   (constant indices): 10% slower. Updating a round of digits whose order
//!   is known in advance (so updates overlap): no change.
//! * Scoring a bivalue cell by its two digits' places among its peers
//!   (sum or minimum) instead of its open peers: 6.5-6.8 guesses on Serg's
//!   puzzles instead of 5.86, 8-25% slower.
//! * Triad index by multiplies instead of the ROW_TRIADS lookups, or by
//!   `pext` (BMI2; microcoded and slow on AMD before Zen 3): 0-4% (Zen 3;
//!   on Zen 5 `pext` gains 5-7% and is kept in the v4 kernel, see Kernels).
//! * Not marking a struck digit dirty when the strike left its triads,
//!   columns and lone rows as they were (its update would be a no-op):
//!   10% fewer updates, 15-20% more time on every set (the test's branches).
//! * A 27-bit dirty mask (digit and band) so the first TRIAD_KEEP pass of
//!   an update redoes only the band that changed: 12-20% slower.
//! * One loop over the bands with fresh placements (a 3-bit mask) instead of
//!   three `fresh != 0` tests: 5-10% slower.
//! * Filing each empty cell of `State::new` in a slot of its own (no chain
//!   of stores to one slot): no measurable change.
//! * The best bivalue cell in `pick` kept as one key (score, band, bit)
//!   with `max` instead of a compare and branch (kept, same picks):
//!   1.00-1.01x on every set.
//!
//! Against tdoku (clang 14 -O3 -march=native, its run_benchmark -s tdoku
//! -r 0 -t 5 -w 2, limit 2) on an AMD EPYC (Zen 3), pinned to core 1, in
//! one run with a timing harness since removed (best pass of
//! `count_triads`, now `count`, over the set; solve time only; `cargo bench
//! --bench solvers` now lists it as `fast`), us a puzzle, fast-triad / tdoku: unbiased
//! 2.30 / 4.0, 17-clue 1.83 / 4.2, top1465 9.08 / 11.5, 1905 11+ 51.3 /
//! 64.7, 1106 83.3 / 104.7, Serg 3.24 / 2.9: 1.26-2.3x tdoku on five
//! sets, 0.90x on Serg's. Guesses per puzzle, fast-triad / tdoku: 1.07 / 1.07,
//! 0.56 / 0.57, 8.84 / 8.94, 61.07 / 61.66, 109.66 / 110.45, 6.92 / 7.05.
//!
//! Measuring: two copies of this same file in one binary differed by up to
//! 10% on Serg's set (code placement), so changes under that are noise.

use crate::grid::Grid;
use crate::solver::Outcome;

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The 9 bits of the first row of a band.
const ROW: u32 = 0x1ff;
/// A column inside a band: bits `c`, `c + 9`, `c + 18` (multiply a 9-bit
/// column set by this to spread it over the three rows).
const SPREAD: u32 = 1 | 1 << 9 | 1 << 18;

/// The low 8 bits of each row field, and the top bit of each.
const LOW8: u32 = 0xff * SPREAD;
const TOP8: u32 = 0x100 * SPREAD;

/// `GIVEN_SLOT[b][v]`: where `givens` files a cell of band `b` holding
/// `v`: `(v - 1) * 3 + b` for a digit, 27 (scratch) for an empty cell.
static GIVEN_SLOT: [[usize; 10]; 3] = {
    let mut t = [[27; 10]; 3];
    let mut b = 0;
    while b < 3 {
        let mut v = 1;
        while v < 10 {
            t[b][v] = (v - 1) * 3 + b;
            v += 1;
        }
        b += 1;
    }
    t
};

/// For a 9-bit row field: which of its three boxes hold a bit (3 bits).
static ROW_TRIADS: [u8; 512] = build_row_triads();

const fn build_row_triads() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

/// The six permutations of three things: row `r` of a band uses box `p[r]`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The cells of a 3x3 grid (bit `r * 3 + k`) that permutation `p` takes:
/// box `p[r]` in row `r`.
const fn perm_cells(p: [usize; 3]) -> usize {
    1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2])
}

/// Indexed by a 9-bit set of a 3x3 grid (bit `r * 3 + k`): the cells of the
/// grid that lie on a permutation (one per row and column) inside the set.
static PERM_KEEP: [u16; 512] = build_perm_keep();

const fn build_perm_keep() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let bits = perm_cells(PERMS[p]);
            if s & bits == bits {
                t[s] |= bits as u16;
            }
            p += 1;
        }
        s += 1;
    }
    t
}

/// Indexed like PERM_KEEP: how many permutations lie inside the set (0-6).
/// tdoku: a band's "configurations" of one digit.
static PERM_COUNT: [u8; 512] = build_perm_count();

const fn build_perm_count() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let bits = perm_cells(PERMS[p]);
            if s & bits == bits {
                t[s] += 1;
            }
            p += 1;
        }
        s += 1;
    }
    t
}

/// Indexed by a 9-bit set of triads (bit `r * 3 + k`): their band cells.
static TRIAD_CELLS: [u32; 512] = build_triad_cells();

const fn build_triad_cells() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 9 {
            if s >> i & 1 == 1 {
                t[s] |= 7 << (i / 3 * 9 + i % 3 * 3);
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// PERM_KEEP with its result spread as 3-bit fields 9 apart (0o7007007), the
/// shape of one stack in a word of three 9-bit column sets.
static STACK_KEEP: [u32; 512] = build_stack_keep();

const fn build_stack_keep() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let k = PERM_KEEP[s] as u32;
        t[s] = (k & 7) | (k >> 3 & 7) << 9 | (k >> 6 & 7) << 18;
        s += 1;
    }
    t
}

/// Indexed by the 9-bit set of occupied triads (bit `r * 3 + k` = row `r` of
/// the band, box `k`): the band cells of the triads that lie on at least one
/// permutation made of occupied triads; 0 when there is none (dead end).
static TRIAD_KEEP: [u32; 512] = build_triad_keep();

const fn build_triad_keep() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut ok = true;
            let mut r = 0;
            while r < 3 {
                if s >> (r * 3 + perm[r]) & 1 == 0 {
                    ok = false;
                }
                r += 1;
            }
            if ok {
                let mut r = 0;
                while r < 3 {
                    t[s] |= 7 << (r * 9 + perm[r] * 3);
                    r += 1;
                }
            }
            p += 1;
        }
        s += 1;
    }
    t
}

/// Occupied triads of a band set (9 bits, bit `r * 3 + k`).
#[inline(always)]
fn triads(a: u32) -> usize {
    // The mask is a no-op (table values are 3 bits) that lets the compiler
    // drop the bounds check of the TRIAD_KEEP lookup.
    (ROW_TRIADS[(a & ROW) as usize] as usize
        | (ROW_TRIADS[(a >> 9 & ROW) as usize] as usize) << 3
        | (ROW_TRIADS[(a >> 18 & ROW) as usize] as usize) << 6)
        & 0x1ff
}

/// [`triads`] as the kernel computes it: in the v4 kernel with BMI2's
/// `pext` (fold each triad's three bits onto its first, gather every third
/// bit), 5-7% faster on every set and both searches on an AMD EPYC (Zen 5).
/// Not in the v3 kernel: AMD's Zen 1 and Zen 2 have AVX2 but run `pext` in
/// microcode, many times slower than the table lookups; every CPU with
/// AVX-512 (Intel since Skylake-SP, AMD since Zen 4) runs it at full speed.
#[inline(always)]
fn triads_k<const K: u8>(a: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if K == V4 || K == V3P {
        // SAFETY: `K` is `V4` or `V3P` only in code reached from `run_v4`
        // or `run_v3p`, entered only on a CPU with x86-64-v4 or x86-64-v3,
        // BMI2 among their features.
        return unsafe { bmi2::triads(a) };
    }
    triads(a)
}

/// The 3x3 band-by-column grid of the stack whose first column is `s`
/// (0, 3 or 6) in `cols` (band b's columns as the 9-bit field b), bit
/// `3b + c`; by `pext` in the v4 kernel, as in [`triads_k`].
#[inline(always)]
fn stack_grid<const K: u8>(cols: u32, s: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if K == V4 || K == V3P {
        // SAFETY: as in `triads_k`.
        return unsafe { bmi2::stack_grid(cols, s) };
    }
    let x = cols >> s & 0o7007007;
    ((x | x >> 6 | x >> 12) & ROW) as usize
}

/// The cells of `a` in rows where it has exactly one cell; every row of `a`
/// must hold at least one (true after TRIAD_KEEP).
///
/// SWAR, all three rows at once: `a - SPREAD` borrows only inside each row,
/// so `a & (a - SPREAD)` drops each row's lowest bit; a row is lone iff
/// nothing is left. Adding 0xff to the low 8 bits of a row carries into
/// its bit 8 iff they are non-zero, which flags the rows with a bit left.
#[inline(always)]
fn placed(a: u32) -> u32 {
    let rest = a & a.wrapping_sub(SPREAD);
    let crowded = (rest | ((rest & LOW8) + LOW8)) & TOP8;
    a & !((crowded >> 8) * ROW)
}

/// Fold the three row fields of a band set into a 9-bit set of columns.
#[inline(always)]
fn cols_of(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & ROW
}

/// 3-bit groups of the 18-bit triad word: a row of horizontal triads (bits
/// 0-8) or a stack's three vertical triads (bits 9-17).
const GROUPS: u32 = 0o111111;

/// A band set's triad word (bit `r * 3 + k`: a cell in row `r`, box `k`;
/// bit `9 + c`: a cell in column `c`) and the triads it is sure of: those
/// that are its only one in their row, or in their stack.
#[inline(always)]
fn triad_word(a: u32) -> (u32, u32) {
    let t = triads(a) as u32 | cols_of(a) << 9;
    let (b0, b1, b2) = (t & GROUPS, t >> 1 & GROUPS, t >> 2 & GROUPS);
    let multi = (b0 & b1) | (b0 & b2) | (b1 & b2);
    (t, t & !(multi * 7))
}

/// The other cells of a cell's row, by band bit (0..27). This table, `COL`
/// and `NEAR` have 32 entries (the last 5 unused) so that an index from
/// `trailing_zeros` needs no bounds check.
static ROW_OTHERS: [u32; 32] = build_row_others();

const fn build_row_others() -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = (ROW << (i / 9 * 9)) & !(1 << i);
        i += 1;
    }
    t
}

/// The other two bands of each band.
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The column of a band bit, as band bits (3 cells).
static COL: [u32; 32] = build_col();

const fn build_col() -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = (1 << (i % 9)) * SPREAD;
        i += 1;
    }
    t
}

/// The peers of a band bit inside its band (row, box, column), and itself.
static NEAR: [u32; 32] = build_near();

const fn build_near() -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        let bx = 0o7007007 << (i % 9 / 3 * 3);
        t[i] = (ROW << (i / 9 * 9)) | bx | ((1 << (i % 9)) * SPREAD);
        i += 1;
    }
    t
}

/// The triad search (`fast`) runs the triad rule and guesses configurations only while
/// more cells than this are open (see the module doc).
const TRIADS_ABOVE: u32 = 30;

/// The compiled copies of the search, as its const parameter `K` (one per
/// [`Kernel`]): helpers with a vector form pick it by `K`. Off x86-64 only
/// the portable one exists.
const PORTABLE: u8 = 0;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const V3: u8 = 1;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const V4: u8 = 2;
/// The v3 kernel with `pext` (see [`Kernel::X86_64V3Pext`]).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const V3P: u8 = 3;

/// The x86-64-v4 kernel's helpers: AVX-512's compares into a mask register
/// (VL, on 256 bits), so the digits hit come out as bits with no movemask.
/// The ninth set stays scalar: a masked 512-bit store over all nine made
/// the whole search 15-20% slower on an AMD EPYC (Zen 5), as the scalar
/// loads that follow cannot take their data from a masked store.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    /// `avx2::strike`: take `fresh` out of the nine sets of a band; returns
    /// the digits (bit d) whose set had some of it.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    pub fn strike(sets: &mut [u32; 9], fresh: u32) -> u32 {
        let p = sets.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `sets[..8]` is 32 bytes inside the array, and the
        // unaligned load and store accept any alignment.
        let v = unsafe { _mm256_loadu_si256(p) };
        let f = _mm256_set1_epi32(fresh as i32);
        let hit = _mm256_test_epi32_mask(v, f);
        // SAFETY: as for the load.
        unsafe { _mm256_storeu_si256(p, _mm256_andnot_si256(f, v)) };
        let last = sets[8] & fresh;
        sets[8] ^= last;
        u32::from(hit) | u32::from(last != 0) << 8
    }

    /// The digits (bit d) whose set of this band holds band bit `bit`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    pub fn digits_at(sets: &[u32; 9], bit: usize) -> u32 {
        // SAFETY: as in `strike`.
        let v = unsafe { _mm256_loadu_si256(sets.as_ptr().cast::<__m256i>()) };
        u32::from(_mm256_test_epi32_mask(v, _mm256_set1_epi32(1 << bit)))
            | (sets[8] >> bit & 1) << 8
    }

    /// `super::givens` with one byte compare per digit and band, straight
    /// into a mask register.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    pub fn givens(puzzle: &super::Grid) -> [u32; 28] {
        let mut givens = [0u32; 28];
        for b in 0..3 {
            // SAFETY: the mask reads bytes 27b..27b + 27, inside the 81.
            let v = unsafe {
                _mm512_maskz_loadu_epi8(u64::from(super::BAND), puzzle.0[27 * b..].as_ptr().cast())
            };
            for d in 0..9 {
                let hit = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(d as i8 + 1));
                givens[d * 3 + b] = hit as u32;
            }
        }
        givens
    }
}

/// The v4 kernel's scalar BMI2 helper (see [`triads_k`]).
#[cfg(target_arch = "x86_64")]
mod bmi2 {
    /// [`super::triads`] by `pext`: bit `3j` of the folded set is triad `j`.
    #[inline]
    #[target_feature(enable = "bmi2")]
    pub fn triads(a: u32) -> usize {
        std::arch::x86_64::_pext_u32(a | a >> 1 | a >> 2, 0o111_111_111) as usize
    }

    /// [`super::stack_grid`] by `pext`.
    #[inline]
    #[target_feature(enable = "bmi2")]
    pub fn stack_grid(cols: u32, s: u32) -> usize {
        std::arch::x86_64::_pext_u32(cols, 0o7007007 << s) as usize
    }
}

/// The x86-64-v3 kernel's vector helpers: one band's nine digit sets, the
/// first eight in one 256-bit vector, the ninth alone.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    /// Take `fresh` out of the nine sets of a band; returns the digits
    /// (bit d) whose set had some of it.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn strike(sets: &mut [u32; 9], fresh: u32) -> u32 {
        let p = sets.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `sets[..8]` is 32 bytes inside the array, and the
        // unaligned load and store accept any alignment.
        let v = unsafe { _mm256_loadu_si256(p) };
        let hit = _mm256_and_si256(v, _mm256_set1_epi32(fresh as i32));
        // SAFETY: as for the load.
        unsafe { _mm256_storeu_si256(p, _mm256_xor_si256(v, hit)) };
        // One bit per lane from movemask: set where the lane had no hit.
        let none = _mm256_cmpeq_epi32(hit, _mm256_setzero_si256());
        let low = !(_mm256_movemask_ps(_mm256_castsi256_ps(none)) as u32) & 0xff;
        let last = sets[8] & fresh;
        sets[8] ^= last;
        low | u32::from(last != 0) << 8
    }

    /// `super::givens` with one byte compare and movemask per digit and
    /// band (about a sixth of the instructions).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn givens(puzzle: &super::Grid) -> [u32; 28] {
        // Padded so a 32-byte load at each band start stays in bounds.
        let mut cells = [0u8; 96];
        cells[..81].copy_from_slice(&puzzle.0);
        let mut givens = [0u32; 28];
        for b in 0..3 {
            // SAFETY: bytes 27b..27b + 32 are inside `cells`.
            let v = unsafe { _mm256_loadu_si256(cells[27 * b..].as_ptr().cast()) };
            for d in 0..9 {
                let hit = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(d as i8 + 1));
                givens[d * 3 + b] = _mm256_movemask_epi8(hit) as u32 & super::BAND;
            }
        }
        givens
    }

    /// `super::triad_word` of the nine sets of a band, the first eight in
    /// one vector: the triads of each row by the bit trick that gathers
    /// every third bit (3-D Morton decoding) instead of table lookups.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn triad_words(sets: &[u32; 9], t: &mut [u32; 9], u: &mut [u32; 9]) {
        let k = |x: u32| _mm256_set1_epi32(x as i32);
        // SAFETY: as in `strike`.
        let v = unsafe { _mm256_loadu_si256(sets.as_ptr().cast::<__m256i>()) };
        let or = |a, b| _mm256_or_si256(a, b);
        // A triad's three bits folded onto its first, and a column's three
        // rows onto the first row.
        let triads = or(v, or(_mm256_srli_epi32::<1>(v), _mm256_srli_epi32::<2>(v)));
        let columns = or(v, or(_mm256_srli_epi32::<9>(v), _mm256_srli_epi32::<18>(v)));
        // Bit 3j of `z` is triad j (row j / 3, box j % 3); gather them.
        let mut z = _mm256_and_si256(triads, k(0x0924_9249));
        z = _mm256_and_si256(
            _mm256_xor_si256(z, _mm256_srli_epi32::<2>(z)),
            k(0x030c_30c3),
        );
        z = _mm256_and_si256(
            _mm256_xor_si256(z, _mm256_srli_epi32::<4>(z)),
            k(0x0300_f00f),
        );
        z = _mm256_and_si256(
            _mm256_xor_si256(z, _mm256_srli_epi32::<8>(z)),
            k(0xff00_00ff),
        );
        z = _mm256_and_si256(_mm256_xor_si256(z, _mm256_srli_epi32::<16>(z)), k(0x3ff));
        let cols = _mm256_and_si256(columns, k(super::ROW));
        let tw = _mm256_or_si256(z, _mm256_slli_epi32::<9>(cols));
        let g = k(super::GROUPS);
        let b0 = _mm256_and_si256(tw, g);
        let b1 = _mm256_and_si256(_mm256_srli_epi32::<1>(tw), g);
        let b2 = _mm256_and_si256(_mm256_srli_epi32::<2>(tw), g);
        let multi = _mm256_or_si256(
            _mm256_and_si256(b0, _mm256_or_si256(b1, b2)),
            _mm256_and_si256(b1, b2),
        );
        let m7 = _mm256_or_si256(
            multi,
            _mm256_or_si256(_mm256_slli_epi32::<1>(multi), _mm256_slli_epi32::<2>(multi)),
        );
        // SAFETY: `t[..8]` and `u[..8]` are 32 bytes inside their arrays.
        unsafe {
            _mm256_storeu_si256(t.as_mut_ptr().cast(), tw);
            _mm256_storeu_si256(u.as_mut_ptr().cast(), _mm256_andnot_si256(m7, tw));
        }
        (t[8], u[8]) = super::triad_word(sets[8]);
    }

    /// The digits (bit d) whose set of this band holds band bit `bit`.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn digits_at(sets: &[u32; 9], bit: usize) -> u32 {
        // SAFETY: as in `strike`.
        let v = unsafe { _mm256_loadu_si256(sets.as_ptr().cast::<__m256i>()) };
        // Each lane's bit `bit` to its sign bit, which movemask collects.
        let top = _mm256_sllv_epi32(v, _mm256_set1_epi32(31 - bit as i32));
        let low = _mm256_movemask_ps(_mm256_castsi256_ps(top)) as u32;
        low | (sets[8] >> bit & 1) << 8
    }
}

/// The givens of a puzzle whose cells hold 0-9: `givens[d * 3 + b]` holds
/// the cells of band `b` given digit `d + 1` (digit-major, unlike `cands`:
/// the table lookup files a cell in one step). Slot 27 is scratch for the
/// empty cells, so the loop has no branch; readers use slots 0-26 only.
fn givens(puzzle: &Grid) -> [u32; 28] {
    let mut givens = [0u32; 28];
    for (b, band) in puzzle.0.chunks_exact(27).enumerate() {
        for (bit, &v) in band.iter().enumerate() {
            givens[GIVEN_SLOT[b][usize::from(v).min(9)]] |= 1 << bit;
        }
    }
    givens
}

/// A search state: the candidate sets and the bookkeeping of what changed.
#[derive(Clone, Copy)]
struct State {
    /// `cands[b][d]`: cells of band `b` that may hold digit `d + 1`.
    cands: [[u32; 9]; 3],
    /// Bit `d` set: a set of digit `d` lost a cell since its last update
    /// (JCZSolve keeps a copy of the sets to compare with instead).
    dirty: u32,
    /// Per digit, the column sets of its three bands (9-bit field per band)
    /// as the stack rule last left them.
    cols_seen: [u32; 9],
    /// Cells of each band not yet placed.
    open: [u32; 3],
    /// Cells with exactly two candidates, found by the last naked-singles pass.
    pairs: [u32; 3],
}

/// Per band and digit, the triads a set touches: bit `r * 3 + k` for row
/// `r`, box `k`; bit `9 + c` for column `c` (its vertical triad).
type Triads = [[u32; 9]; 3];

/// Why propagation stopped without a contradiction.
#[derive(PartialEq, Eq)]
enum Stop {
    Solved,
    Stuck,
}

impl State {
    /// The state of a puzzle before propagation, or `None` when two givens
    /// of one digit share a row (other clashes are found by propagation) or
    /// a cell holds something other than 0-9.
    fn new(puzzle: &Grid) -> Option<State> {
        State::with_givens(puzzle, givens)
    }

    /// [`State::new`], the givens filed by `givens` (which may assume every
    /// cell holds 0-9).
    #[inline(always)]
    fn with_givens(puzzle: &Grid, givens: impl Fn(&Grid) -> [u32; 28]) -> Option<State> {
        // A fold the compiler vectorises; after it every value is 0..=9.
        if puzzle.0.iter().fold(0, |m, &v| m.max(v)) > 9 {
            return None;
        }
        let givens = givens(puzzle);
        let mut s = State {
            cands: [[0; 9]; 3],
            dirty: 0x1ff,
            cols_seen: [0; 9],
            open: [0; 3],
            pairs: [0; 3],
        };
        let mut clash = 0;
        for b in 0..3 {
            let mut taken = 0;
            for d in 0..9 {
                taken |= givens[d * 3 + b];
            }
            s.open[b] = BAND & !taken;
            for d in 0..9 {
                // A given takes its cell from the other digits and its row
                // from its own digit; columns and boxes are the band update's.
                // SWAR over the three rows: adding 0xff to a row's low 8 bits
                // carries into bit 8 iff they are non-zero, so `filled` has
                // bit 9r + 8 set iff row r holds a given.
                let g = givens[d * 3 + b];
                let filled = (((g & LOW8) + LOW8) | g) & TOP8;
                // Minus 1 in the non-empty rows only (no borrow crosses a
                // row): what is left of g is a second given in some row.
                clash |= g & g.wrapping_sub(filled >> 8);
                s.cands[b][d] = (s.open[b] & !((filled >> 8) * ROW)) | g;
            }
        }
        if clash != 0 {
            return None;
        }
        Some(s)
    }

    /// Put digit `d` (0-based) in band `b`, bit `bit`: strip the rest of its
    /// row from the digit's set; the band update then does everything else.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: usize) {
        self.cands[b][d] &= !ROW_OTHERS[bit];
        self.dirty |= 1 << d;
    }

    /// JCZSolve: the band update, done for the three bands of digit `d` at
    /// once, plus the stack rule. Settles the digit's sets and strikes its
    /// new placements from the other digits. False on a dead end.
    #[inline(always)]
    fn update<const K: u8>(&mut self, d: usize) -> bool {
        let (mut a0, mut a1, mut a2) = (self.cands[0][d], self.cands[1][d], self.cands[2][d]);
        // Rows of each band (box-row triads), then columns of each stack
        // (band-column cells), until neither step changes anything. Each step
        // is idempotent, so a step that changes nothing ends the loop.
        a0 &= TRIAD_KEEP[triads_k::<K>(a0)];
        a1 &= TRIAD_KEEP[triads_k::<K>(a1)];
        a2 &= TRIAD_KEEP[triads_k::<K>(a2)];
        loop {
            if (a0 == 0) | (a1 == 0) | (a2 == 0) {
                return false;
            }
            // Band b's columns as the 9-bit field b of one word, so a stack's
            // 3x3 band-by-column grid is the bits 0o7007007 << (3 * stack).
            let cols = cols_of(a0) | cols_of(a1) << 9 | cols_of(a2) << 18;
            // The stack rule only has news when a band lost a column.
            if cols == self.cols_seen[d] {
                break;
            }
            let mut keep = 0;
            for s in [0, 3, 6] {
                keep |= STACK_KEEP[stack_grid::<K>(cols, s)] << s;
            }
            let kept = cols & keep;
            self.cols_seen[d] = kept;
            if kept == cols {
                break;
            }
            let (n0, n1, n2) = (
                a0 & ((kept & ROW) * SPREAD),
                a1 & ((kept >> 9 & ROW) * SPREAD),
                a2 & ((kept >> 18) * SPREAD),
            );
            a0 = n0 & TRIAD_KEEP[triads_k::<K>(n0)];
            a1 = n1 & TRIAD_KEEP[triads_k::<K>(n1)];
            a2 = n2 & TRIAD_KEEP[triads_k::<K>(n2)];
        }
        let (p0, p1, p2) = (placed(a0), placed(a1), placed(a2));
        self.cands[0][d] = a0;
        self.cands[1][d] = a1;
        self.cands[2][d] = a2;
        // A row with one cell left is a placed digit. A fresh placement
        // leaves the other digits' sets (the strike), making dirty the ones
        // that had the cell. Bands with nothing fresh are skipped: usually
        // only one band has news.
        for (b, p) in [p0, p1, p2].into_iter().enumerate() {
            let fresh = p & self.open[b];
            if fresh != 0 {
                self.open[b] &= !fresh;
                let dirty = self.strike::<K>(b, fresh);
                self.cands[b][d] = p | (self.cands[b][d] & !fresh);
                self.dirty |= dirty & !(1 << d);
            }
        }
        true
    }

    /// Take the cells `fresh` of band `b` out of every digit's set; returns
    /// the digits (bit d) whose set had some of them.
    #[inline(always)]
    fn strike<const K: u8>(&mut self, b: usize, fresh: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: `K` is `V4` only inside `run_v4` and `V3` or `V3P` only
            // inside `run_v3` or `run_v3p`, which `start` enters only on a
            // CPU with their features.
            if K == V4 {
                return unsafe { avx512::strike(&mut self.cands[b], fresh) };
            }
            if K == V3 || K == V3P {
                return unsafe { avx2::strike(&mut self.cands[b], fresh) };
            }
        }
        let mut dirty = 0;
        for (k, c) in self.cands[b].iter_mut().enumerate() {
            let hit = *c & fresh;
            *c ^= hit;
            // Bit 31 of hit | -hit is set iff hit != 0. (The plain
            // `u32::from(hit != 0) << k` gets vectorised into a long
            // chain of lane inserts under AVX2: 5-7% slower everywhere.)
            dirty |= ((hit | hit.wrapping_neg()) >> 31) << k;
        }
        dirty
    }

    /// JCZSolve: FullUpdate. Re-settle every changed digit until none changes.
    #[inline(always)]
    fn full_update<const K: u8>(&mut self) -> bool {
        while self.dirty != 0 {
            let d = self.dirty.trailing_zeros() as usize;
            self.dirty &= self.dirty - 1;
            if !self.update::<K>(d) {
                return false;
            }
        }
        true
    }

    /// Naked singles over all open cells (JCZSolve: ApplySingleOrEmptyCells).
    /// Returns Some(true) if any was placed, Some(false) if none, None on a
    /// cell with no candidate. Records the bivalue cells on the way.
    #[inline(always)]
    fn naked_singles<const K: u8>(&mut self) -> Option<bool> {
        // Bit-sliced counting over the nine digits, all bands at once:
        // `once` = at least one candidate, `twice` = at least two, `thrice`
        // = at least three.
        let (mut once, mut twice, mut thrice) = ([0u32; 3], [0u32; 3], [0u32; 3]);
        for d in 0..9 {
            for b in 0..3 {
                let x = self.cands[b][d];
                thrice[b] |= twice[b] & x;
                twice[b] |= once[b] & x;
                once[b] |= x;
            }
        }
        let mut any = false;
        for b in 0..3 {
            let open = self.open[b];
            if open & !once[b] != 0 {
                return None;
            }
            self.pairs[b] = open & twice[b] & !thrice[b];
            let mut singles = open & !twice[b];
            while singles != 0 {
                let bit = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // Earlier placements this pass may have taken this cell's last
                // candidate (two singles of one digit in one row).
                let digits = self.digits_at::<K>(b, bit);
                if digits == 0 {
                    return None;
                }
                self.place(digits.trailing_zeros() as usize, b, bit);
                // No other digit has the cell: close it now, so the band
                // update has nothing to strike.
                self.open[b] &= !(1 << bit);
                any = true;
            }
        }
        Some(any)
    }

    /// Run the singles to a fixed point.
    #[inline(always)]
    /// `tri` is left holding the triad words of the final state when it
    /// returns `Stuck` (see `triads_hold_three`).
    fn propagate<const K: u8>(&mut self, tri: &mut Triads, triads: bool) -> Option<Stop> {
        loop {
            if !self.full_update::<K>() {
                return None;
            }
            if self.open == [0; 3] {
                return Some(Stop::Solved);
            }
            let progress =
                self.naked_singles::<K>()? || (triads && self.triads_hold_three::<K>(tri)?);
            if !progress {
                return Some(Stop::Stuck);
            }
        }
    }

    /// The 3x3 grid of digit `d` in horizontal band `g` (0-2: its triads)
    /// or stack `g - 3` (3-5: band by column), bit `r * 3 + k`, from the
    /// triad words `tri`.
    #[inline(always)]
    fn config_grid(tri: &Triads, g: usize, d: usize) -> usize {
        if g < 3 {
            (tri[g][d] & ROW) as usize
        } else {
            let s = 9 + (g - 3) * 3;
            ((tri[0][d] >> s & 7) | (tri[1][d] >> s & 7) << 3 | (tri[2][d] >> s & 7) << 6) as usize
        }
    }

    /// tdoku: the band or stack with fewest configurations over its nine
    /// digits (not all fixed), and in it a digit with fewest (2, else 3,
    /// else any). Returns (band or stack 0-5, digit, its 3x3 grid).
    #[inline(always)]
    fn pick_config(tri: &Triads) -> Option<(usize, usize, usize)> {
        let mut best = (0, u32::MAX);
        for g in 0..6 {
            let mut total = 0;
            for d in 0..9 {
                total += u32::from(PERM_COUNT[State::config_grid(tri, g, d)]);
            }
            if total > 9 && total < best.1 {
                best = (g, total);
            }
        }
        if best.1 == u32::MAX {
            return None;
        }
        let g = best.0;
        let mut pick = (0, 0, u8::MAX);
        for d in 0..9 {
            let grid = State::config_grid(tri, g, d);
            let n = PERM_COUNT[grid];
            if n > 1 && n < pick.2 {
                pick = (d, grid, n);
            }
        }
        Some((g, pick.0, pick.1))
    }

    /// The cells not yet placed.
    #[inline(always)]
    fn open_cells(&self) -> u32 {
        self.open[0].count_ones() + self.open[1].count_ones() + self.open[2].count_ones()
    }

    /// How much room permutation `p` leaves digit `d` in band or stack `g`:
    /// the open cells of `d` it keeps, a bivalue one (as the last
    /// naked-singles pass found them) counting twice.
    #[inline(always)]
    fn config_room(&self, g: usize, d: usize, p: [usize; 3]) -> u32 {
        let room = |b: usize, keep: u32| {
            let kept = self.cands[b][d] & keep;
            (kept & self.open[b]).count_ones() + (kept & self.pairs[b]).count_ones()
        };
        if g < 3 {
            room(
                g,
                7 << (p[0] * 3) | 7 << (9 + p[1] * 3) | 7 << (18 + p[2] * 3),
            )
        } else {
            let s = (g - 3) * 3;
            (0..3).map(|b| room(b, COL[s + p[b]])).sum()
        }
    }

    /// Restrict digit `d` in band or stack `g` to permutation `p`.
    #[inline(always)]
    fn place_config(&mut self, g: usize, d: usize, p: [usize; 3]) {
        if g < 3 {
            let keep = 7 << (p[0] * 3) | 7 << (9 + p[1] * 3) | 7 << (18 + p[2] * 3);
            self.cands[g][d] &= keep;
        } else {
            let s = (g - 3) * 3;
            let stack = (7 << s) * SPREAD;
            for (b, &k) in p.iter().enumerate() {
                self.cands[b][d] &= !stack | COL[s + k];
            }
        }
        self.dirty |= 1 << d;
    }

    /// tdoku: a triad (three cells of a box in one row, or in one column)
    /// holds exactly three digits. Per band, over the 18 triads: a triad
    /// where only three digits may go gets all three (each is locked there
    /// in its row, or its column of the stack), and a triad that three
    /// digits are sure of (their only triad in that row, or that stack of
    /// the band) is closed to the others. Returns Some(changed), None on a
    /// dead end (a triad with room for fewer than three, or more than
    /// three sure of it). Leaves in `tri` each set's triad word as it was
    /// before the pass: exact when the pass returns `Some(false)`.
    #[inline(always)]
    fn triads_hold_three<const K: u8>(&mut self, tri: &mut Triads) -> Option<bool> {
        let mut changed = false;
        for (b, x) in tri.iter_mut().enumerate() {
            let mut sure = [0u32; 9];
            self.triad_words::<K>(b, x, &mut sure);
            // Bit-sliced counts over the nine digits, of the triad words in
            // the low half and of the sure triads in the high half of one
            // u64: c3 = at least three, c4 = at least four.
            let (mut c1, mut c2, mut c3, mut c4) = (0u64, 0u64, 0u64, 0u64);
            for d in 0..9 {
                let w = u64::from(x[d]) | u64::from(sure[d]) << 32;
                c4 |= c3 & w;
                c3 |= c2 & w;
                c2 |= c1 & w;
                c1 |= w;
            }
            let (s3, s4) = ((c3 >> 32) as u32, (c4 >> 32) as u32);
            let (c3, c4) = (c3 as u32, c4 as u32);
            const ALL: u32 = (1 << 18) - 1;
            if c3 != ALL || s4 != 0 {
                return None;
            }
            // Only triads with news: room for exactly three digits, not all
            // sure yet (a triad of three placed cells is both), or three sure
            // digits and room for more.
            let full = !c4 & !s3 & ALL;
            let closed = s3 & c4;
            if full | closed == 0 {
                continue;
            }
            for d in 0..9 {
                let t = x[d];
                let f = t & full;
                if f | (t & closed & !sure[d]) == 0 {
                    continue;
                }
                let (f0, f1, f2) = (f & GROUPS, f >> 1 & GROUPS, f >> 2 & GROUPS);
                let groups = (f0 | f1 | f2) * 7;
                let n = ((t & !groups) | f) & !(closed & !sure[d]);
                if n != t {
                    let a = self.cands[b][d];
                    let na = a & TRIAD_CELLS[(n & ROW) as usize] & ((n >> 9) * SPREAD);
                    if na != a {
                        self.cands[b][d] = na;
                        self.dirty |= 1 << d;
                        changed = true;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Each set of band `b`: its triad word in `t` and the triads it is
    /// sure of in `u` (see [`triad_word`]).
    #[inline(always)]
    fn triad_words<const K: u8>(&self, b: usize, t: &mut [u32; 9], u: &mut [u32; 9]) {
        #[cfg(target_arch = "x86_64")]
        if K != PORTABLE {
            // SAFETY: `K` is `V3` or `V4` only inside `run_v3` or `run_v4`,
            // entered only on a CPU with AVX2.
            return unsafe { avx2::triad_words(&self.cands[b], t, u) };
        }
        for d in 0..9 {
            (t[d], u[d]) = triad_word(self.cands[b][d]);
        }
    }

    /// The grid of a solved state.
    fn grid(&self) -> Grid {
        let mut g = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut a = self.cands[b][d];
                while a != 0 {
                    let bit = a.trailing_zeros() as usize;
                    a &= a - 1;
                    g[b * 27 + bit] = d as u8 + 1;
                }
            }
        }
        Grid(g)
    }

    /// The candidate digits (0-based bit set) of band `b`, bit `bit`.
    #[inline(always)]
    fn digits_at<const K: u8>(&self, b: usize, bit: usize) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: as in `strike`.
            if K == V4 {
                return unsafe { avx512::digits_at(&self.cands[b], bit) };
            }
            if K == V3 || K == V3P {
                return unsafe { avx2::digits_at(&self.cands[b], bit) };
            }
        }
        let mut m = 0;
        for d in 0..9 {
            m |= (self.cands[b][d] >> bit & 1) << d;
        }
        m
    }

    /// The places digit `d` has left among the open peers of band `b`, bit
    /// `bit` (packed as in `pick`, one popcount).
    #[inline(always)]
    fn room(&self, d: usize, b: usize, bit: usize) -> u32 {
        let (o1, o2) = OTHER_BANDS[b];
        let (col, near) = (COL[bit], NEAR[bit]);
        let here = self.cands[b][d] & self.open[b] & near;
        let far = (self.cands[o1][d] & self.open[o1] & col)
            | (self.cands[o2][d] & self.open[o2] & col) << 1;
        (u64::from(here) | u64::from(far) << 27).count_ones()
    }

    /// The cell to guess on: a bivalue cell if any, else one with fewest
    /// candidates. Returns (band, bit).
    #[inline(always)]
    fn pick(&self) -> (usize, usize) {
        // The bivalue cell with the most open peers (row, col, box; itself
        // included): placing either digit there then strikes out the most.
        // The two masks are packed into one u64 to pay for one popcount:
        // `popcnt` is not in the x86-64 baseline, so each costs a dozen
        // instructions. Ties go to the last cell.
        // The best as one key, score above band and bit, so that `max`
        // keeps it without a branch (a later cell wins a tie, as its key is
        // larger); a pair cell is open, so its score is at least 1.
        let mut best = 0;
        for (b, &(o1, o2)) in OTHER_BANDS.iter().enumerate() {
            let mut p = self.pairs[b];
            while p != 0 {
                let bit = p.trailing_zeros() as usize;
                p &= p - 1;
                let (col, near) = (COL[bit], NEAR[bit]);
                let far = (self.open[o1] & col) | (self.open[o2] & col) << 1;
                let score = (u64::from(self.open[b] & near) | u64::from(far) << 27).count_ones();
                best = best.max(score << 7 | (b as u32) << 5 | bit as u32);
            }
        }
        if best != 0 {
            return ((best >> 5 & 3) as usize, (best & 31) as usize);
        }
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let bit = open.trailing_zeros() as usize;
                open &= open - 1;
                let n = self.digits_at::<PORTABLE>(b, bit).count_ones();
                if n < best.2 {
                    best = (b, bit, n);
                }
            }
        }
        (best.0, best.1)
    }
}

/// The depth-first search and its tallies. `TRIADS`: also run tdoku's
/// triad rule when the singles stall, and guess a digit's configuration in a
/// band or stack (the `fast` solver); off, the cell search (`fast-cell`).
struct Search<const TRIADS: bool> {
    limit: usize,
    count: usize,
    guesses: u64,
    /// Whether to build the first solution's grid (not for counting only).
    keep_first: bool,
    first: Option<Grid>,
}

impl<const TRIADS: bool> Search<TRIADS> {
    /// Search `puzzle` with the code compiled for `kernel`, or for the best
    /// kernel below it that this CPU has.
    fn start(&mut self, puzzle: &Grid, kernel: Kernel) {
        match kernel.min(Kernel::best()) {
            #[cfg(target_arch = "x86_64")]
            Kernel::X86_64V4 => {
                // SAFETY: `best` found every feature of x86-64-v4 on this
                // CPU, AVX-512 F and BW (`givens`) among them.
                let state = State::with_givens(puzzle, |p| unsafe { avx512::givens(p) });
                if let Some(mut s) = state {
                    // SAFETY: as above, for all that `run_v4` is compiled for.
                    unsafe { self.run_v4(&mut s) }
                }
            }
            #[cfg(target_arch = "x86_64")]
            k @ (Kernel::X86_64V3 | Kernel::X86_64V3Pext) => {
                // SAFETY: `best` found every feature of x86-64-v3, AVX2 among them.
                let state = State::with_givens(puzzle, |p| unsafe { avx2::givens(p) });
                if let Some(mut s) = state {
                    // SAFETY: as above, for all that `run_v3p` and `run_v3`
                    // are compiled for.
                    if k == Kernel::X86_64V3Pext {
                        unsafe { self.run_v3p(&mut s) }
                    } else {
                        unsafe { self.run_v3(&mut s) }
                    }
                }
            }
            _ => {
                if let Some(mut s) = State::new(puzzle) {
                    self.run_portable(&mut s)
                }
            }
        }
    }

    fn run_portable(&mut self, s: &mut State) {
        self.run::<PORTABLE>(s)
    }

    /// The same search compiled for x86-64-v3 (see [`Kernel::X86_64V3`]):
    /// everything it calls is `#[inline(always)]`, so all of it is.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse3,ssse3,sse4.1,sse4.2,avx,avx2")]
    fn run_v3(&mut self, s: &mut State) {
        self.run::<V3>(s)
    }

    /// The v3 copy with `pext` (see [`Kernel::X86_64V3Pext`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse3,ssse3,sse4.1,sse4.2,avx,avx2")]
    fn run_v3p(&mut self, s: &mut State) {
        self.run::<V3P>(s)
    }

    /// The same search compiled for x86-64-v4 (see [`Kernel::X86_64V4`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "popcnt,bmi1,bmi2,lzcnt,sse3,ssse3,sse4.1,sse4.2,avx,avx2,avx512f,avx512bw,avx512cd,avx512dq,avx512vl"
    )]
    fn run_v4(&mut self, s: &mut State) {
        self.run::<V4>(s)
    }

    /// A branch: back into the entry point (`run_v4`, `run_v3p`, `run_v3`
    /// or `run_portable`) we are in.
    #[inline(always)]
    fn branch<const K: u8>(&mut self, s: &mut State) {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: `run::<V4>` is only reached from `run_v4`,
            // `run::<V3P>` from `run_v3p` and `run::<V3>` from `run_v3`,
            // which `start` enters only after detecting their features.
            if K == V4 {
                return unsafe { self.run_v4(s) };
            }
            if K == V3P {
                return unsafe { self.run_v3p(s) };
            }
            if K == V3 {
                return unsafe { self.run_v3(s) };
            }
        }
        self.run_portable(s)
    }

    /// Depth first from `s`: propagate, then guess and branch. Inlined into
    /// every entry point; `K` picks the helpers and the one a branch re-enters.
    #[inline(always)]
    fn run<const K: u8>(&mut self, s: &mut State) {
        let mut tri = [[0; 9]; 3];
        loop {
            // The triad rule and configuration guesses (the triad search) only
            // while more than TRIADS_ABOVE cells are open; below, the cheap
            // rules and the cell guess (see the module doc).
            let wide = TRIADS && s.open_cells() > TRIADS_ABOVE;
            match s.propagate::<K>(&mut tri, wide) {
                None => return,
                Some(Stop::Solved) => {
                    self.count += 1;
                    if self.keep_first && self.first.is_none() {
                        self.first = Some(s.grid());
                    }
                    return;
                }
                Some(Stop::Stuck) => {}
            }
            // tdoku: guess a digit's configuration in a band or stack; a
            // cell only when every band and stack is settled.
            if wide {
                if let Some((g, d, grid)) = State::pick_config(&tri) {
                    self.guesses += 1;
                    // The configurations in order of the room they leave
                    // the digit (`config_room`), least first.
                    let mut order = [(0u32, 0usize); 6];
                    let mut n = 0;
                    for (i, p) in PERMS.iter().enumerate() {
                        let bits = perm_cells(*p);
                        if grid & bits == bits {
                            order[n] = (s.config_room(g, d, *p), i);
                            n += 1;
                        }
                    }
                    let order = &mut order[..n];
                    order.sort_unstable();
                    let (last, rest) = order.split_last().expect("two configurations or more");
                    for &(_, i) in rest {
                        let mut t = *s;
                        t.place_config(g, d, PERMS[i]);
                        self.branch::<K>(&mut t);
                        if self.count >= self.limit {
                            return;
                        }
                    }
                    s.place_config(g, d, PERMS[last.1]);
                    continue;
                }
            }
            let (b, bit) = s.pick();
            let mut digits = s.digits_at::<K>(b, bit);
            self.guesses += 1;
            // Every candidate but the last is tried on a copy; the last one
            // continues in this frame (the loop), saving a copy and a call.
            if digits.count_ones() == 2 {
                // Of a pair, the digit with more places left among the
                // cell's open peers goes first: it constrains the rest least,
                // so its branch more often holds a solution (measured: fewer
                // guesses on Serg's multi-solution puzzles; a unique
                // puzzle's whole tree is searched anyway). Packed as in
                // `pick`, one popcount per digit.
                let lo = digits.trailing_zeros() as usize;
                let hi = 31 - digits.leading_zeros() as usize;
                let (first, last) = if s.room(hi, b, bit) > s.room(lo, b, bit) {
                    (hi, lo)
                } else {
                    (lo, hi)
                };
                let mut t = *s;
                t.place(first, b, bit);
                self.branch::<K>(&mut t);
                if self.count >= self.limit {
                    return;
                }
                digits = 1 << last;
            }
            while digits & (digits - 1) != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut t = *s;
                t.place(d, b, bit);
                self.branch::<K>(&mut t);
                if self.count >= self.limit {
                    return;
                }
            }
            s.place(digits.trailing_zeros() as usize, b, bit);
        }
    }
}

/// Which compiled copy of the search runs. All give the same results; they
/// differ only in the instructions the compiler may use.
/// Ordered: each kernel's features include those of the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kernel {
    /// The target's baseline: on x86-64 that is SSE2, with no `popcnt` (the
    /// guess scoring's popcounts are a dozen instructions each) and bit scans
    /// that must test for zero. Runs everywhere.
    Portable,
    /// x86-64-v3 (most x86-64 CPUs since Intel Haswell, 2013, and AMD
    /// Excavator, 2015; some later Pentium, Celeron and Atom parts lack it):
    /// `popcnt`,
    /// BMI1/BMI2/LZCNT and AVX2. Chosen at run time when the CPU has them
    /// and runs `pext` slowly (AMD before Zen 3, see `pext_is_fast`).
    X86_64V3,
    /// x86-64-v3 on a CPU that runs BMI2's `pext` at full speed (Intel since
    /// Haswell, AMD since Zen 3): the same kernel with `pext` for the band
    /// update's two table indexes, as the v4 kernel has. Chosen at run time.
    X86_64V3Pext,
    /// x86-64-v4: x86-64-v3 plus AVX-512 F, BW, CD, DQ and VL (Intel
    /// Skylake-SP and later Xeons, Ice Lake and later; AMD Zen 4 and later).
    /// Chosen at run time when the CPU has them.
    X86_64V4,
}

impl Kernel {
    /// Every kernel, portable first.
    pub const ALL: [Kernel; 4] = [
        Kernel::Portable,
        Kernel::X86_64V3,
        Kernel::X86_64V3Pext,
        Kernel::X86_64V4,
    ];

    /// The fastest kernel this CPU can run (detected once, then cached: the
    /// search asks for it once a puzzle).
    pub fn best() -> Kernel {
        use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
        static BEST: AtomicU8 = AtomicU8::new(u8::MAX);
        if let Some(&k) = Kernel::ALL.get(usize::from(BEST.load(Relaxed))) {
            return k;
        }
        let best = if Kernel::X86_64V4.available() {
            Kernel::X86_64V4
        } else if Kernel::X86_64V3Pext.available() {
            Kernel::X86_64V3Pext
        } else if Kernel::X86_64V3.available() {
            Kernel::X86_64V3
        } else {
            Kernel::Portable
        };
        BEST.store(best as u8, Relaxed);
        best
    }

    /// Whether this CPU can run the kernel (detected at run time).
    pub fn available(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::X86_64V3 => {
                std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("lzcnt")
                    && std::arch::is_x86_feature_detected!("sse3")
                    && std::arch::is_x86_feature_detected!("ssse3")
                    && std::arch::is_x86_feature_detected!("sse4.1")
                    && std::arch::is_x86_feature_detected!("sse4.2")
                    && std::arch::is_x86_feature_detected!("avx")
                    && std::arch::is_x86_feature_detected!("avx2")
            }
            #[cfg(target_arch = "x86_64")]
            Kernel::X86_64V3Pext => Kernel::X86_64V3.available() && pext_is_fast(),
            #[cfg(target_arch = "x86_64")]
            Kernel::X86_64V4 => {
                Kernel::X86_64V3.available()
                    && std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512bw")
                    && std::arch::is_x86_feature_detected!("avx512cd")
                    && std::arch::is_x86_feature_detected!("avx512dq")
                    && std::arch::is_x86_feature_detected!("avx512vl")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::X86_64V3 | Kernel::X86_64V3Pext | Kernel::X86_64V4 => false,
        }
    }
}

/// Whether this CPU runs BMI2's `pext` at full speed: not AMD's (nor
/// Hygon's) before family 0x19 (Zen 3), which run it in microcode at a
/// cost that grows with the mask, many times a table lookup. Every Intel
/// CPU with BMI2 (Haswell, 2013, and later) runs it in one cycle a result;
/// other vendors are taken as slow.
#[cfg(target_arch = "x86_64")]
fn pext_is_fast() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let name = [vendor.ebx, vendor.edx, vendor.ecx];
    let is = |s: &[u8; 12]| {
        name.iter()
            .zip(s.chunks(4))
            .all(|(&r, c)| r == u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
    };
    if is(b"GenuineIntel") {
        return true;
    }
    if !is(b"AuthenticAMD") {
        return false;
    }
    // Family: the base field, plus the extended one when the base is 0xf.
    let eax = __cpuid(1).eax;
    let base = eax >> 8 & 0xf;
    let family = if base == 0xf {
        base + (eax >> 20 & 0xff)
    } else {
        base
    };
    family >= 0x19
}

/// Count the solutions of `puzzle` up to `limit`, keeping the first one.
/// Clashing givens give a count of 0. The triad search (see the module
/// doc) on [`Kernel::best`].
pub fn solve(puzzle: &Grid, limit: usize) -> Outcome {
    solve_with(puzzle, limit, FASTEST)
}

/// What [`solve`] and [`count`] ask for: `start` runs a kernel the CPU lacks
/// as the best one below it that the CPU has, so asking for the top one is
/// [`Kernel::best`].
const FASTEST: Kernel = Kernel::X86_64V4;

/// [`solve`] on the portable kernel, whatever the CPU (the fallback, and
/// the `fast-portable` solver of the registry and benchmarks).
pub fn solve_portable(puzzle: &Grid, limit: usize) -> Outcome {
    solve_with(puzzle, limit, Kernel::Portable)
}

/// [`solve`] with the given kernel; one this CPU lacks runs as the best
/// kernel below it that the CPU has.
pub fn solve_with(puzzle: &Grid, limit: usize, kernel: Kernel) -> Outcome {
    search::<true>(puzzle, limit, kernel, true)
}

/// [`solve`] without building the first solution: the same search, the same
/// count and guesses, `solution` always `None`. What `sudoku count` and the
/// benchmarks run (the `sudoku` crate's `solutions_count_up_to`, the peer in
/// the benchmark, builds none either); turning the solved sets into a grid
/// is about 3% of the time on Serg's puzzles.
pub fn count(puzzle: &Grid, limit: usize) -> Outcome {
    count_with(puzzle, limit, FASTEST)
}

/// [`count`] on the portable kernel.
pub fn count_portable(puzzle: &Grid, limit: usize) -> Outcome {
    count_with(puzzle, limit, Kernel::Portable)
}

/// [`count`] with the given kernel.
pub fn count_with(puzzle: &Grid, limit: usize, kernel: Kernel) -> Outcome {
    search::<true>(puzzle, limit, kernel, false)
}

/// [`count`] with the cell search: no triad rule, a bivalue cell as the
/// guess (the `fast-cell` solver). More guesses on unique puzzles, but
/// less work a guess: the faster of the two on puzzles with several
/// solutions, where counting stops at the second (module doc, "Where the
/// triad search pays").
pub fn count_cell(puzzle: &Grid, limit: usize) -> Outcome {
    count_cell_with(puzzle, limit, FASTEST)
}

/// [`solve`] with the cell search (see [`count_cell`]).
pub fn solve_cell(puzzle: &Grid, limit: usize) -> Outcome {
    solve_cell_with(puzzle, limit, FASTEST)
}

/// [`count_cell`] with the given kernel.
pub fn count_cell_with(puzzle: &Grid, limit: usize, kernel: Kernel) -> Outcome {
    search::<false>(puzzle, limit, kernel, false)
}

/// [`solve_cell`] with the given kernel.
pub fn solve_cell_with(puzzle: &Grid, limit: usize, kernel: Kernel) -> Outcome {
    search::<false>(puzzle, limit, kernel, true)
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
    use super::*;

    /// The AVX2 and AVX-512 helpers against the portable code they stand in for, with
    /// the cell at `bit` in each of the 512 patterns across the nine sets
    /// (the rest of the band random).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_and_avx512_helpers_match_portable() {
        if !Kernel::X86_64V3.available() {
            return;
        }
        let v4 = Kernel::X86_64V4.available();
        let mut x = 0x9e37_79b9u32;
        for pattern in 0..512u32 {
            let mut s = State::new(&Grid([0; 81])).unwrap();
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let (b, bit) = ((x >> 28) as usize % 3, (x >> 3) as usize % 27);
            for (d, set) in s.cands[b].iter_mut().enumerate() {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                *set = (x & BAND & !(1 << bit)) | (pattern >> d & 1) << bit;
            }
            // SAFETY: AVX2 was detected above.
            let simd = unsafe { avx2::digits_at(&s.cands[b], bit) };
            assert_eq!(simd, s.digits_at::<PORTABLE>(b, bit));
            assert_eq!(simd, pattern);
            if v4 {
                // SAFETY: AVX-512 was detected above.
                assert_eq!(unsafe { avx512::digits_at(&s.cands[b], bit) }, pattern);
            }
            // One fresh cell, or that cell and a few more.
            let fresh = 1 << bit | (x & 0x40201 & (pattern << 9));
            let mut portable = s;
            let want = portable.strike::<PORTABLE>(b, fresh);
            if v4 {
                let mut t = s;
                // SAFETY: as above.
                let got = unsafe { avx512::strike(&mut t.cands[b], fresh) };
                assert_eq!((t.cands, got), (portable.cands, want));
            }
            // SAFETY: as above.
            let got = unsafe { avx2::strike(&mut s.cands[b], fresh) };
            assert_eq!((s.cands, got), (portable.cands, want));
            // The triad words of the band, against `triad_word` set by set.
            let (mut t, mut u) = ([0; 9], [0; 9]);
            // SAFETY: as above.
            unsafe { avx2::triad_words(&s.cands[b], &mut t, &mut u) };
            for d in 0..9 {
                assert_eq!((t[d], u[d]), triad_word(s.cands[b][d]));
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
        assert_eq!(Kernel::X86_64V3.available(), v3);
        assert_eq!(Kernel::X86_64V3Pext.available(), v3 && pext_is_fast());
        assert_eq!(Kernel::X86_64V4.available(), v4);
        let best = [
            (v4, Kernel::X86_64V4),
            (v3 && pext_is_fast(), Kernel::X86_64V3Pext),
            (v3, Kernel::X86_64V3),
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

    /// The AVX2 and AVX-512 givens against the scalar ones, on random grids of 0-9.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn vector_givens_match_scalar() {
        if !Kernel::X86_64V3.available() {
            return;
        }
        let mut x = 0x2545_f491u32;
        for _ in 0..500 {
            let mut g = Grid([0; 81]);
            for v in &mut g.0 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                *v = (x % 10) as u8;
            }
            // SAFETY: AVX2 was detected above.
            assert_eq!(unsafe { avx2::givens(&g) }[..27], givens(&g)[..27]);
            if Kernel::X86_64V4.available() {
                // SAFETY: AVX-512 was detected.
                assert_eq!(unsafe { avx512::givens(&g) }[..27], givens(&g)[..27]);
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
