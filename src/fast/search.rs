//! The search state, its propagation and the depth-first search.

use super::kernels::*;
use super::tables::*;
use crate::grid::Grid;

/// The triad search (`fast-triad`) runs the triad rule and guesses configurations only while
/// more cells than this are open (see the module doc).
pub(super) const TRIADS_ABOVE: u32 = 30;

/// A search state: the candidate sets and the bookkeeping of what changed.
/// `repr(C)`: the lane node reads its first 128 bytes, `cands` first, as
/// two vectors (see `super::lanes`).
#[derive(Clone, Copy)]
#[repr(C)]
pub(super) struct State {
    /// `cands[b][d]`: cells of band `b` that may hold digit `d + 1`.
    pub(super) cands: [[u32; 9]; 3],
    /// Bit `d` set: a set of digit `d` lost a cell since its last update
    /// (JCZSolve keeps a copy of the sets to compare with instead).
    pub(super) dirty: u32,
    /// Per digit, the column sets of its three bands (9-bit field per band)
    /// as the stack rule last left them.
    pub(super) cols_seen: [u32; 9],
    /// Cells of each band not yet placed.
    pub(super) open: [u32; 3],
    /// Cells with exactly two candidates, found by the last naked-singles pass.
    pub(super) pairs: [u32; 3],
    /// The lane node's guess not yet placed (see [`State::place_k`]).
    pub(super) guess: u32,
}

/// Per band and digit, the triads a set touches: bit `r * 3 + k` for row
/// `r`, box `k`; bit `9 + c` for column `c` (its vertical triad).
pub(super) type Triads = [[u32; 9]; 3];

/// [`State::guess`]: a guess is kept (digit in bits 0-3, band in 4-5, band
/// bit in 6-10).
pub(super) const GUESS: u32 = 1 << 31;

/// Why propagation stopped without a contradiction.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Stop {
    Solved,
    Stuck,
}

impl State {
    /// The state of a puzzle before propagation, or `None` when two givens
    /// of one digit share a row (other clashes are found by propagation) or
    /// a cell holds something other than 0-9.
    pub(super) fn new(puzzle: &Grid) -> Option<State> {
        State::with_givens(puzzle, baseline::givens)
    }

    /// [`State::new`], the givens filed by `givens` (which may assume every
    /// cell holds 0-9).
    #[inline(always)]
    pub(super) fn with_givens(puzzle: &Grid, givens: impl Fn(&Grid) -> [u32; 28]) -> Option<State> {
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
            guess: 0,
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
    pub(super) fn place(&mut self, d: usize, b: usize, bit: usize) {
        self.cands[b][d] &= !ROW_OTHERS[bit];
        self.dirty |= 1 << d;
    }

    /// [`State::place`] as kernel `K` does it: the lane node's copy keeps
    /// the guess for its propagation to apply in registers (`super::lanes`),
    /// so that the propagation's loads take their data from the stores of
    /// the branch's copy of the state, which a store into one set would
    /// make them wait for.
    #[inline(always)]
    pub(super) fn place_k<const K: u8>(&mut self, d: usize, b: usize, bit: usize) {
        if K == V4L {
            self.guess = GUESS | (d as u32) | (b as u32) << 4 | (bit as u32) << 6;
        } else {
            self.place(d, b, bit);
        }
    }

    /// JCZSolve: the band update, done for the three bands of digit `d` at
    /// once, plus the stack rule, on the digit's sets less the cells `gone`
    /// (placed by another digit and not yet struck). Settles the sets and
    /// returns, per band, the digit's fresh placements (rows with one cell
    /// left, that cell still open), which the caller strikes; None on a
    /// dead end.
    #[inline(always)]
    pub(super) fn update<const K: u8>(&mut self, d: usize, gone: [u32; 3]) -> Option<[u32; 3]> {
        let (mut a0, mut a1, mut a2) = (
            self.cands[0][d] & !gone[0],
            self.cands[1][d] & !gone[1],
            self.cands[2][d] & !gone[2],
        );
        // Rows of each band (box-row triads), then columns of each stack
        // (band-column cells), until neither step changes anything. Each step
        // is idempotent, so a step that changes nothing ends the loop.
        a0 &= TRIAD_KEEP[triads_k::<K>(a0)];
        a1 &= TRIAD_KEEP[triads_k::<K>(a1)];
        a2 &= TRIAD_KEEP[triads_k::<K>(a2)];
        loop {
            if (a0 == 0) | (a1 == 0) | (a2 == 0) {
                return None;
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
        self.cands[0][d] = a0;
        self.cands[1][d] = a1;
        self.cands[2][d] = a2;
        Some([
            placed(a0) & self.open[0],
            placed(a1) & self.open[1],
            placed(a2) & self.open[2],
        ])
    }

    /// Take the cells `fresh` of band `b` out of every digit's set but
    /// each digit's own, `own[d]`; returns the digits (bit d) whose set lost
    /// a cell.
    #[inline(always)]
    pub(super) fn strike<const K: u8>(&mut self, b: usize, fresh: u32, own: &[u32; 9]) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: `K` is `V4` only inside `run_v4` and `V3` or `V3P` only
            // inside `run_v3` or `run_v3p`, which `start` enters only on a
            // CPU with their features.
            if K == V4 {
                return unsafe { avx512::strike(&mut self.cands[b], fresh, own) };
            }
            if K == V3 || K == V3P {
                return unsafe { avx2::strike(&mut self.cands[b], fresh, own) };
            }
        }
        baseline::strike(&mut self.cands[b], fresh, own)
    }

    /// JCZSolve: FullUpdate. Re-settle every changed digit until none
    /// changes, in waves: the digits dirty when a wave starts are updated
    /// one after another, each on its sets less the cells the wave has
    /// placed so far, and the wave's placements are struck from the other
    /// digits once, at its end. So an update does not wait for the store
    /// of the strike before it, and the updates of a wave overlap in the
    /// core (docs/fast-solver.md, "Waves").
    #[inline(always)]
    pub(super) fn full_update<const K: u8>(&mut self) -> bool {
        // own[b][d]: the cells of band b digit d was placed in this wave
        // (kept by the strike), zero outside a wave's end.
        let mut own = [[0u32; 9]; 3];
        while self.dirty != 0 {
            let mut wave = self.dirty;
            self.dirty = 0;
            // One digit: the wave below would come to the same sets, but
            // striking at once (the digit's own cells put back) needs no
            // `own` and no clash check, and most waves are one digit
            // (docs/fast-solver.md, "Waves": without this, 0.98 × on Serg's).
            if wave & (wave - 1) == 0 {
                let d = wave.trailing_zeros() as usize;
                let Some(f) = self.update::<K>(d, [0; 3]) else {
                    return false;
                };
                for (b, f) in f.into_iter().enumerate() {
                    if f != 0 {
                        self.open[b] &= !f;
                        let hit = self.strike::<K>(b, f, &[0; 9]);
                        self.cands[b][d] |= f;
                        self.dirty |= hit & !(1 << d);
                    }
                }
                continue;
            }
            let (mut fresh, mut clash) = ([0u32; 3], 0);
            while wave != 0 {
                let d = wave.trailing_zeros() as usize;
                wave &= wave - 1;
                let Some(f) = self.update::<K>(d, fresh) else {
                    return false;
                };
                for b in 0..3 {
                    own[b][d] = f[b];
                    clash |= fresh[b] & f[b];
                    fresh[b] |= f[b];
                }
            }
            // Two digits placed in one cell.
            if clash != 0 {
                return false;
            }
            for b in 0..3 {
                let f = fresh[b];
                if f != 0 {
                    self.open[b] &= !f;
                    self.dirty |= self.strike::<K>(b, f, &own[b]);
                    own[b] = [0; 9];
                }
            }
        }
        true
    }

    /// Naked singles over all open cells (JCZSolve: ApplySingleOrEmptyCells).
    /// Returns Some(true) if any was placed, Some(false) if none, None on a
    /// cell with no candidate. Records the bivalue cells on the way.
    #[inline(always)]
    pub(super) fn naked_singles<const K: u8>(&mut self) -> Option<bool> {
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
    pub(super) fn propagate<const K: u8>(
        &mut self,
        tri: &mut Triads,
        triads: bool,
    ) -> Option<Stop> {
        #[cfg(target_arch = "x86_64")]
        if K == V4L {
            // The lane node has no triad rule: `start` enters `run_v4l` for
            // the cell search only.
            debug_assert!(!triads);
            // SAFETY: `V4L` only inside `run_v4l`, entered on a CPU with
            // x86-64-v4.
            return unsafe { super::lanes::propagate(self) };
        }
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
    pub(super) fn config_grid(tri: &Triads, g: usize, d: usize) -> usize {
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
    pub(super) fn pick_config(tri: &Triads) -> Option<(usize, usize, usize)> {
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
    pub(super) fn open_cells(&self) -> u32 {
        self.open[0].count_ones() + self.open[1].count_ones() + self.open[2].count_ones()
    }

    /// How much room permutation `p` leaves digit `d` in band or stack `g`:
    /// the open cells of `d` it keeps, a bivalue one (as the last
    /// naked-singles pass found them) counting twice.
    #[inline(always)]
    pub(super) fn config_room(&self, g: usize, d: usize, p: [usize; 3]) -> u32 {
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
    pub(super) fn place_config(&mut self, g: usize, d: usize, p: [usize; 3]) {
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
    pub(super) fn triads_hold_three<const K: u8>(&mut self, tri: &mut Triads) -> Option<bool> {
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
    pub(super) fn triad_words<const K: u8>(&self, b: usize, t: &mut [u32; 9], u: &mut [u32; 9]) {
        #[cfg(target_arch = "x86_64")]
        if K == V3 || K == V3P || K == V4 {
            // SAFETY: `K` is `V3`, `V3P` or `V4` only inside `run_v3`,
            // `run_v3p` or `run_v4`, entered only on a CPU with AVX2.
            return unsafe { avx2::triad_words(&self.cands[b], t, u) };
        }
        baseline::triad_words(&self.cands[b], t, u)
    }

    /// The grid of a solved state.
    pub(super) fn grid(&self) -> Grid {
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
    pub(super) fn digits_at<const K: u8>(&self, b: usize, bit: usize) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: as in `strike`; `V4L` only inside `run_v4l`, entered
            // on a CPU with x86-64-v4.
            if K == V4 || K == V4L {
                return unsafe { avx512::digits_at(&self.cands[b], bit) };
            }
            if K == V3 || K == V3P {
                return unsafe { avx2::digits_at(&self.cands[b], bit) };
            }
        }
        baseline::digits_at(&self.cands[b], bit)
    }

    /// The places digit `d` has left among the open peers of band `b`, bit
    /// `bit` (packed as in `pick`, one popcount).
    #[inline(always)]
    pub(super) fn room(&self, d: usize, b: usize, bit: usize) -> u32 {
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
    pub(super) fn pick(&self) -> (usize, usize) {
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
/// band or stack (the `fast-triad` solver); off, the cell search (`fast`).
pub(super) struct Search<const TRIADS: bool> {
    pub(super) limit: usize,
    pub(super) count: usize,
    pub(super) guesses: u64,
    /// Whether to build the first solution's grid (not for counting only).
    pub(super) keep_first: bool,
    pub(super) first: Option<Grid>,
}

impl<const TRIADS: bool> Search<TRIADS> {
    /// Search `puzzle` with the code compiled for `kernel`, or for the best
    /// kernel below it that this CPU has.
    pub(super) fn start(&mut self, puzzle: &Grid, kernel: Kernel) {
        match kernel.on_this_cpu() {
            #[cfg(target_arch = "x86_64")]
            Kernel::X86_64V4 => {
                // SAFETY: `best` found every feature of x86-64-v4 on this
                // CPU, AVX-512 F and BW (`givens`) among them.
                let state = State::with_givens(puzzle, |p| unsafe { avx512::givens(p) });
                if let Some(mut s) = state {
                    // SAFETY: as above, for all that `run_v4` and `run_v4l`
                    // are compiled for. The cell search runs the lane node.
                    if TRIADS {
                        unsafe { self.run_v4(&mut s) }
                    } else {
                        unsafe { self.run_v4l(&mut s) }
                    }
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
            #[cfg(target_arch = "x86_64")]
            Kernel::X86_64V2 => {
                if let Some(mut s) = State::new(puzzle) {
                    // SAFETY: `best` found every feature `run_v2` is
                    // compiled for on this CPU.
                    unsafe { self.run_v2(&mut s) }
                }
            }
            _ => {
                if let Some(mut s) = State::new(puzzle) {
                    self.run_portable(&mut s)
                }
            }
        }
    }

    pub(super) fn run_portable(&mut self, s: &mut State) {
        self.run::<PORTABLE>(s)
    }

    /// The portable kernel's code compiled for x86-64-v2 (see
    /// [`Kernel::X86_64V2`]): its helpers are the portable ones, its
    /// popcounts one `popcnt` each.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2")]
    pub(super) fn run_v2(&mut self, s: &mut State) {
        self.run::<V2>(s)
    }

    /// The same search compiled for x86-64-v3 (see [`Kernel::X86_64V3`]):
    /// everything it calls is `#[inline(always)]`, so all of it is.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse3,ssse3,sse4.1,sse4.2,avx,avx2")]
    pub(super) fn run_v3(&mut self, s: &mut State) {
        self.run::<V3>(s)
    }

    /// The v3 copy with `pext` (see [`Kernel::X86_64V3Pext`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,sse3,ssse3,sse4.1,sse4.2,avx,avx2")]
    pub(super) fn run_v3p(&mut self, s: &mut State) {
        self.run::<V3P>(s)
    }

    /// The same search compiled for x86-64-v4 (see [`Kernel::X86_64V4`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "popcnt,bmi1,bmi2,lzcnt,sse3,ssse3,sse4.1,sse4.2,avx,avx2,avx512f,avx512bw,avx512cd,avx512dq,avx512vl"
    )]
    pub(super) fn run_v4(&mut self, s: &mut State) {
        self.run::<V4>(s)
    }

    /// The lane node's copy (see `super::lanes`).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "popcnt,bmi1,bmi2,lzcnt,sse3,ssse3,sse4.1,sse4.2,avx,avx2,avx512f,avx512bw,avx512cd,avx512dq,avx512vl"
    )]
    pub(super) fn run_v4l(&mut self, s: &mut State) {
        self.run::<V4L>(s)
    }

    /// A branch: back into the entry point (`run_v4l`, `run_v4`, `run_v3p`,
    /// `run_v3`, `run_v2` or `run_portable`) we are in.
    #[inline(always)]
    pub(super) fn branch<const K: u8>(&mut self, s: &mut State) {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: `run::<V4>` is only reached from `run_v4`,
            // `run::<V3P>` from `run_v3p`, `run::<V3>` from `run_v3` and
            // `run::<V2>` from `run_v2`, which `start` enters only after
            // detecting their features.
            if K == V4 {
                return unsafe { self.run_v4(s) };
            }
            if K == V4L {
                return unsafe { self.run_v4l(s) };
            }
            if K == V3P {
                return unsafe { self.run_v3p(s) };
            }
            if K == V3 {
                return unsafe { self.run_v3(s) };
            }
            if K == V2 {
                return unsafe { self.run_v2(s) };
            }
        }
        self.run_portable(s)
    }

    /// Depth first from `s`: propagate, then guess and branch. Inlined into
    /// every entry point; `K` picks the helpers and the one a branch re-enters.
    #[inline(always)]
    pub(super) fn run<const K: u8>(&mut self, s: &mut State) {
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
                t.place_k::<K>(first, b, bit);
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
                t.place_k::<K>(d, b, bit);
                self.branch::<K>(&mut t);
                if self.count >= self.limit {
                    return;
                }
            }
            s.place_k::<K>(digits.trailing_zeros() as usize, b, bit);
        }
    }
}
