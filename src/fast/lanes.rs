//! The lane node: the cell search's propagation on the x86-64-v4 kernel.
//!
//! Its rules are the band update's (the module doc of `super`): the row
//! rule (`TRIAD_KEEP`), the stack rule (`STACK_KEEP`), a digit alone in a
//! row placed and struck from the other digits, naked singles; and it
//! settles on the same state (`the_lane_node_settles_where_the_band_update_does`
//! below), so the search makes the same guesses. What differs is how: a
//! band's nine sets are the lanes of one 512-bit vector (digit d in lane
//! 4 (d / 3) + d % 3, so that a group of three digits is one 128-bit
//! block), and each rule is a few vector instructions for all nine digits
//! at once, with no tables, no `pext` and no dirty mask:
//!
//! * the row rule by arithmetic: triad (r, k) is kept when rows r + 1 and
//!   r + 2 have occupied triads in boxes k + 1 and k + 2, one each (shifts
//!   and masks of the folded triad bits, and `vpternlogd`);
//! * the stack rule the same way, on the three band vectors' column sets;
//! * placements: the cells alone in their row (`placed`'s SWAR), and the
//!   cells alone in their column (one in the band, none in the other two);
//! * the strike: the OR of every digit's placements (lane shuffles within
//!   each block, then of the blocks, each step a three-way OR), taken from
//!   every digit but the one placed there.
//!
//! A round does these on the three bands; rounds repeat until one changes
//! nothing. A check then counts each cell's candidates over the lanes
//! (bit-sliced, the same shuffles): a cell with none, or placed and still
//! held by two digits, is a dead end; a naked single has the rest of its
//! row taken from its digit and the rounds go on; else the counts give
//! the bivalue cells the guess scores. The rounds test only for an
//! emptied set (cheap, and it ends the hard sets' dead branches early):
//! every rule only takes candidates away, so what is dead stays dead
//! until the check.
//!
//! The state stays [`State`], which the search reads between nodes:
//! loaded at the start as two 64-byte vectors spread into the bands'
//! lanes, stored at the end. A guess waits in `State::guess` and is
//! applied here in registers, so that the loads take their data from the
//! stores of the branch's copy of the state.

use super::search::{State, Stop, GUESS};
use super::tables::*;
use std::arch::x86_64::*;

// The two 64-byte loads of `propagate` stay inside a `State`.
const _: () = assert!(std::mem::size_of::<State>() >= 128);

/// Lanes of the nine digits: digit d in lane 4 * (d / 3) + d % 3, so that
/// each group of three digits is one 128-bit block (its fourth lane left
/// over), and in-block and block shuffles move them round.
const DIGITS: __mmask16 = 0x777;

/// Ternary logic: `A`, `B`, `C` are 0xf0, 0xcc, 0xaa.
macro_rules! tl {
    ($imm:literal, $a:expr, $b:expr, $c:expr) => {
        _mm512_ternarylogic_epi32::<$imm>($a, $b, $c)
    };
}

#[inline(always)]
fn k(x: u32) -> __m512i {
    // SAFETY: AVX-512 F is enabled in every caller.
    unsafe { _mm512_set1_epi32(x as i32) }
}

/// TRIAD_KEEP, lane by lane: a triad is kept when the other two rows of
/// the band have occupied triads in the other two boxes.
#[inline]
#[target_feature(enable = "avx512f")]
fn row_rule(a: __m512i) -> __m512i {
    // Bit 3j: triad j occupied (other bits are left over, and never read).
    let t = tl!(
        0xfe,
        a,
        _mm512_srli_epi32::<1>(a),
        _mm512_srli_epi32::<2>(a)
    );
    // At (r, k): the triad (r, k + 1), and (r, k + 2).
    let n1 = tl!(
        0xf8,
        _mm512_and_si512(_mm512_srli_epi32::<3>(t), k(0o011_011_011)),
        _mm512_slli_epi32::<6>(t),
        k(0o100_100_100)
    );
    let n2 = tl!(
        0xf8,
        _mm512_and_si512(_mm512_srli_epi32::<6>(t), k(0o001_001_001)),
        _mm512_slli_epi32::<3>(t),
        k(0o110_110_110)
    );
    // At (r, k): whether (r, k + 1) and (r + 1, k + 2) are occupied, or
    // (r, k + 2) and (r + 1, k + 1); at row r + 1 that is the triads of the
    // two rows after r in the two boxes other than k.
    let d1 = _mm512_or_si512(_mm512_srli_epi32::<9>(n1), _mm512_slli_epi32::<18>(n1));
    let d2 = _mm512_or_si512(_mm512_srli_epi32::<9>(n2), _mm512_slli_epi32::<18>(n2));
    let v = tl!(0xf8, _mm512_and_si512(n1, d2), n2, d1);
    let v = tl!(
        0xfe,
        v,
        _mm512_slli_epi32::<1>(v),
        _mm512_slli_epi32::<2>(v)
    );
    tl!(
        0xe0,
        a,
        _mm512_srli_epi32::<9>(v),
        _mm512_slli_epi32::<18>(v)
    )
}

/// Every row of `x` that holds a cell, as two masks that make it whole:
/// its bits 0-7 and its bit 8 (adding 0xff to a row's low 8 bits carries
/// into bit 8 iff they are non-zero, as `placed` does in a `u32`).
#[inline]
#[target_feature(enable = "avx512f")]
fn rows_held(x: __m512i) -> [__m512i; 2] {
    let carry = _mm512_add_epi32(_mm512_and_si512(x, k(LOW8)), k(LOW8));
    let top = tl!(0xa8, x, carry, k(TOP8));
    [_mm512_sub_epi32(top, _mm512_srli_epi32::<8>(top)), top]
}

/// `placed`, lane by lane: the cells alone in their row (a row is crowded
/// when something is left of it less its lowest bit).
#[inline]
#[target_feature(enable = "avx512f")]
fn placed(a: __m512i) -> __m512i {
    let rest = _mm512_and_si512(a, _mm512_sub_epi32(a, k(SPREAD)));
    let [low, top] = rows_held(rest);
    tl!(0x10, a, low, top)
}

/// Every row of `n` that holds a cell, as whole rows.
#[inline]
#[target_feature(enable = "avx512f")]
fn rows_of(n: __m512i) -> __m512i {
    let [low, top] = rows_held(n);
    _mm512_or_si512(low, top)
}

/// The cells of band set `r` alone in their column: the band has one
/// cell there and the other two bands (column sets `c1`, `c2`) none.
#[inline]
#[target_feature(enable = "avx512f")]
fn col_single(r: __m512i, c1: __m512i, c2: __m512i) -> __m512i {
    let one = tl!(
        0x16,
        r,
        _mm512_srli_epi32::<9>(r),
        _mm512_srli_epi32::<18>(r)
    );
    let only = _mm512_and_si512(tl!(0x10, one, c1, c2), k(ROW));
    let spread = _mm512_or_si512(_mm512_slli_epi32::<9>(only), _mm512_slli_epi32::<18>(only));
    tl!(0xe0, r, only, spread)
}

/// A band's column set (9 bits).
#[inline]
#[target_feature(enable = "avx512f")]
fn cols(a: __m512i) -> __m512i {
    _mm512_and_si512(
        tl!(
            0xfe,
            a,
            _mm512_srli_epi32::<9>(a),
            _mm512_srli_epi32::<18>(a)
        ),
        k(ROW),
    )
}

/// At column c of each stack, column c + 1 (rc1) and c + 2 (rc2) of it.
#[inline]
#[target_feature(enable = "avx512f")]
fn rc1(x: __m512i) -> __m512i {
    tl!(
        0xe4,
        _mm512_srli_epi32::<1>(x),
        _mm512_slli_epi32::<2>(x),
        k(0o333)
    )
}

#[inline]
#[target_feature(enable = "avx512f")]
fn rc2(x: __m512i) -> __m512i {
    tl!(
        0xe4,
        _mm512_srli_epi32::<2>(x),
        _mm512_slli_epi32::<1>(x),
        k(0o111)
    )
}

/// A stack's column kept in band b: the other two bands have occupied
/// columns in its other two columns.
#[inline]
#[target_feature(enable = "avx512f")]
fn stack_keep(c0: __m512i, c1: __m512i, c2: __m512i) -> __m512i {
    let p = _mm512_and_si512(rc1(c1), rc2(c2));
    let q = _mm512_and_si512(rc2(c1), rc1(c2));
    let keep = tl!(0xe0, c0, p, q);
    tl!(
        0xfe,
        keep,
        _mm512_slli_epi32::<9>(keep),
        _mm512_slli_epi32::<18>(keep)
    )
}

/// Lane rotations: within each block's three digit lanes (`IN1`, `IN2`,
/// for `_mm512_shuffle_epi32`), and of the three blocks (`ACROSS1`,
/// `ACROSS2`, for `_mm512_shuffle_i32x4`); the fourth lane and block
/// stay.
const IN1: i32 = 0xc9;
const IN2: i32 = 0xd2;
const ACROSS1: i32 = 0xc9;
const ACROSS2: i32 = 0xd2;

/// From the state's first 32 u32 (`cands`, band after band, then what
/// follows) to each band's digit lanes (a block's fourth lane takes any
/// set), and from a band's digit lanes back to nine sets in a row.
const BAND0_LANES: [i32; 16] = [0, 1, 2, 0, 3, 4, 5, 0, 6, 7, 8, 0, 0, 0, 0, 0];
const BAND1_LANES: [i32; 16] = [9, 10, 11, 9, 12, 13, 14, 9, 15, 16, 17, 9, 9, 9, 9, 9];
const BAND2_LANES: [i32; 16] = [2, 3, 4, 2, 5, 6, 7, 2, 8, 9, 10, 2, 2, 2, 2, 2];
const PACK_LANES: [i32; 16] = [0, 1, 2, 4, 5, 6, 8, 9, 10, 15, 15, 15, 15, 15, 15, 15];

#[inline]
#[target_feature(enable = "avx512f")]
fn permute(x: __m512i, p: &[i32; 16]) -> __m512i {
    // SAFETY: 64 bytes of a 64-byte array.
    let idx = unsafe { _mm512_loadu_si512(p.as_ptr().cast()) };
    _mm512_permutexvar_epi32(idx, x)
}

/// Lanes of `lo` (0-15) and `hi` (16-31) by `p`.
#[inline]
#[target_feature(enable = "avx512f")]
fn permute2(lo: __m512i, p: &[i32; 16], hi: __m512i) -> __m512i {
    // SAFETY: 64 bytes of a 64-byte array.
    let idx = unsafe { _mm512_loadu_si512(p.as_ptr().cast()) };
    _mm512_permutex2var_epi32(lo, idx, hi)
}

macro_rules! within {
    ($imm:ident, $x:expr) => {
        _mm512_shuffle_epi32::<$imm>($x)
    };
}
macro_rules! across {
    ($imm:ident, $x:expr) => {{
        let x = $x;
        _mm512_shuffle_i32x4::<$imm>(x, x)
    }};
}

/// The OR of the nine digit lanes, in each of them: within each block's
/// three, then across the blocks.
#[inline]
#[target_feature(enable = "avx512f")]
fn or_all(x: __m512i) -> __m512i {
    let x = tl!(0xfe, x, within!(IN1, x), within!(IN2, x));
    tl!(0xfe, x, across!(ACROSS1, x), across!(ACROSS2, x))
}

/// Bit-sliced counts over the nine digit lanes: (at least one, at least
/// two, at least three), in each of them; a block's three lanes at a time,
/// then the three blocks.
#[inline]
#[target_feature(enable = "avx512f")]
fn counts(x: __m512i) -> [__m512i; 3] {
    let (x1, x2) = (within!(IN1, x), within!(IN2, x));
    // In each group: one or more, two or more (the majority), all three.
    let o = tl!(0xfe, x, x1, x2);
    let t = tl!(0xe8, x, x1, x2);
    let h = tl!(0x80, x, x1, x2);
    let (o1, o2) = (across!(ACROSS1, o), across!(ACROSS2, o));
    let (t1, t2) = (across!(ACROSS1, t), across!(ACROSS2, t));
    let (h1, h2) = (across!(ACROSS1, h), across!(ACROSS2, h));
    let once = tl!(0xfe, o, o1, o2);
    let twice = _mm512_or_si512(tl!(0xfe, t, t1, t2), tl!(0xe8, o, o1, o2));
    // Three or more: a group of three, a group of two and another one, or
    // one in each group.
    let two_one = tl!(
        0xfe,
        tl!(0xe0, t, o1, o2),
        tl!(0xe0, t1, o, o2),
        tl!(0xe0, t2, o, o1)
    );
    let thrice = tl!(0xfe, tl!(0xfe, h, h1, h2), two_one, tl!(0x80, o, o1, o2));
    [once, twice, thrice]
}

/// [`State::propagate`] without the triad rule (see the module doc): the
/// guess kept in `s.guess` placed, then rounds over all digits at once
/// until one changes nothing, a check, and again while the check finds
/// naked singles. Leaves `cands`, `open` and `pairs` as the band update
/// would; None on a dead end.
///
/// # Safety
/// The CPU must have x86-64-v4 (AVX-512 F, BW, DQ and VL; BMI1 and 2).
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,bmi1,bmi2,popcnt")]
#[inline(never)] // one copy, called from the search's loop
pub(super) unsafe fn propagate(s: &mut State) -> Option<Stop> {
    // The state's first 32 u32 (the 27 sets and what follows them), as two
    // vectors, spread into each band's digit lanes; a block's fourth lane
    // takes a copy of some set, which no rule moves into a digit's lane.
    // SAFETY: `State` is `repr(C)` with `cands` first and at least 128
    // bytes (the assertion at the top), so bytes 0-127 are inside it; the
    // pointer comes from the whole state.
    let base = (s as *mut State).cast::<u32>();
    let mut a = unsafe {
        let (lo, hi) = (
            _mm512_loadu_si512(base.cast()),
            _mm512_loadu_si512(base.add(16).cast()),
        );
        [
            permute(lo, &BAND0_LANES),
            permute2(lo, &BAND1_LANES, hi),
            permute(hi, &BAND2_LANES),
        ]
    };
    // The guess kept by `place_k`: the rest of its row taken from its digit.
    if s.guess & GUESS != 0 {
        let g = s.guess;
        s.guess = 0;
        let (d, b, bit) = (g & 15, g >> 4 & 3, g >> 6 & 31);
        let lane = 1u16 << (4 * (d / 3) + d % 3);
        let keep = k(!ROW_OTHERS[bit as usize]);
        for (i, v) in a.iter_mut().enumerate() {
            let m = if b == i as u32 { lane } else { 0 };
            *v = _mm512_mask_and_epi32(*v, m, *v, keep);
        }
    }
    let band = k(BAND);
    let mut solved;
    let mut pairs = [_mm512_setzero_si512(); 3];
    loop {
        // Rounds of the row rule, the placements, the stack rule and the
        // strike, until one changes nothing; on the way only an emptied set
        // is a dead end (the check finds the others).
        loop {
            let start = a;
            let r = [row_rule(a[0]), row_rule(a[1]), row_rule(a[2])];
            // A set emptied: the smallest of the three is 0.
            let least = _mm512_min_epu32(r[0], _mm512_min_epu32(r[1], r[2]));
            if _mm512_mask_testn_epi32_mask(DIGITS, least, least) != 0 {
                return None;
            }
            let c = [cols(r[0]), cols(r[1]), cols(r[2])];
            // Placed: alone in its row, or alone in its column.
            let pl = [
                _mm512_or_si512(placed(r[0]), col_single(r[0], c[1], c[2])),
                _mm512_or_si512(placed(r[1]), col_single(r[1], c[2], c[0])),
                _mm512_or_si512(placed(r[2]), col_single(r[2], c[0], c[1])),
            ];
            let now = [or_all(pl[0]), or_all(pl[1]), or_all(pl[2])];
            let sk = [
                stack_keep(c[0], c[1], c[2]),
                stack_keep(c[1], c[2], c[0]),
                stack_keep(c[2], c[0], c[1]),
            ];
            // Struck: the cells placed by another digit.
            for b in 0..3 {
                a[b] = tl!(0xb0, _mm512_and_si512(r[b], sk[b]), now[b], pl[b]);
            }
            // Sets only lose cells, so a change is a bit of the start left.
            let lost = tl!(
                0xbe,
                start[2],
                a[2],
                tl!(0xbe, start[1], a[1], _mm512_xor_si512(start[0], a[0]))
            );
            solved = now;
            if _mm512_mask_test_epi32_mask(DIGITS, lost, lost) == 0 {
                break;
            }
        }
        // Dead: a set empty, a cell with no digit, a placed cell still
        // held by two digits (the strike took it from all others).
        let mut dead = 0u16;
        let mut naked = [_mm512_setzero_si512(); 3];
        for b in 0..3 {
            dead |= _mm512_mask_testn_epi32_mask(DIGITS, a[b], a[b]);
            let [once, twice, thrice] = counts(a[b]);
            pairs[b] = tl!(0x20 /* A & !B & C */, twice, thrice, band);
            dead |= _mm512_mask_test_epi32_mask(1, _mm512_andnot_si512(once, band), band);
            dead |= _mm512_mask_test_epi32_mask(1, solved[b], twice);
            naked[b] = tl!(0x10, once, twice, solved[b]);
        }
        if dead != 0 {
            return None;
        }
        let any = tl!(0xfe, naked[0], naked[1], naked[2]);
        if _mm512_mask_test_epi32_mask(1, any, any) == 0 {
            break;
        }
        // Each naked single's row stripped to it; two in one row of a digit
        // change nothing, and are a dead end.
        let mut changed = 0u16;
        for b in 0..3 {
            let n = _mm512_and_si512(a[b], naked[b]);
            let x = tl!(0xb0, a[b], rows_of(n), n);
            changed |= _mm512_mask_cmpneq_epi32_mask(DIGITS, x, a[b]);
            a[b] = x;
        }
        if changed == 0 {
            return None;
        }
    }
    // Whole-vector stores, so that the scalar loads that follow take their
    // data from them: band 0's spills into band 1 and band 1's into band
    // 2, each put right by the next; band 2's last set alone.
    // SAFETY: each store is inside `cands`: 64 bytes from band 0 or 1 (of
    // 108 in all from band 0), 32 bytes and one u32 in band 2.
    let p = s.cands.as_mut_ptr();
    let a = [
        permute(a[0], &PACK_LANES),
        permute(a[1], &PACK_LANES),
        permute(a[2], &PACK_LANES),
    ];
    unsafe {
        _mm512_storeu_si512(p.cast(), a[0]);
        _mm512_storeu_si512(p.add(1).cast(), a[1]);
        _mm256_storeu_si256(p.add(2).cast(), _mm512_castsi512_si256(a[2]));
    }
    s.cands[2][8] = _mm_cvtsi128_si32(_mm512_extracti32x4_epi32::<2>(a[2])) as u32;
    s.dirty = 0;
    let mut all = true;
    for b in 0..3 {
        let open = BAND & !(_mm512_cvtsi512_si32(solved[b]) as u32);
        s.open[b] = open;
        all &= open == 0;
        s.pairs[b] = open & _mm512_cvtsi512_si32(pairs[b]) as u32;
    }
    Some(if all { Stop::Solved } else { Stop::Stuck })
}

#[cfg(test)]
mod tests {
    use super::super::kernels::*;
    use super::super::search::*;
    use crate::grid::Grid;

    /// The band update's propagation without the triad rule, in the v4
    /// kernel: what the lane node must settle on.
    #[target_feature(
        enable = "popcnt,bmi1,bmi2,lzcnt,avx,avx2,avx512f,avx512bw,avx512cd,avx512dq,avx512vl"
    )]
    fn band_update(s: &mut State) -> Option<Stop> {
        s.propagate::<V4>(&mut [[0; 9]; 3], false)
    }

    /// Both propagations from `s`, compared; then each candidate of the
    /// cell the search would guess, down to `depth` more guesses.
    fn walk(s: State, depth: usize, nodes: &mut usize) {
        let (mut a, mut b) = (s, s);
        // SAFETY: the caller checked x86-64-v4.
        let (ra, rb) = unsafe { (band_update(&mut a), super::propagate(&mut b)) };
        *nodes += 1;
        assert_eq!(ra, rb, "node {nodes}: dead, solved or stuck");
        if ra.is_none() {
            return;
        }
        assert_eq!(a.cands, b.cands, "node {nodes}: the sets");
        assert_eq!(a.open, b.open, "node {nodes}: the open cells");
        if ra != Some(Stop::Stuck) {
            return;
        }
        assert_eq!(a.pairs, b.pairs, "node {nodes}: the bivalue cells");
        if depth == 0 {
            return;
        }
        let (band, bit) = a.pick();
        let mut digits = a.digits_at::<PORTABLE>(band, bit);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut t = a;
            t.place(d, band, bit);
            walk(t, depth - 1, nodes);
        }
    }

    /// The lane node settles every state where the band update does (the
    /// same sets, open cells, bivalue cells, and dead ends), over the first
    /// guesses of every branch: so the search it drives makes the same
    /// guesses and counts (pinned on every kernel by tests/it/fast.rs).
    #[test]
    fn the_lane_node_settles_where_the_band_update_does() {
        if !Kernel::X86_64V4.available() {
            eprintln!("no x86-64-v4 on this CPU: the lane node is not run here");
            return;
        }
        let dir = crate::fixtures::inputs_dir().join("bench");
        let mut nodes = 0;
        for (set, take, depth) in [
            ("puzzles3_magictour_top1465", usize::MAX, 6),
            ("puzzles6_forum_hardest_1106", 40, 8),
            ("puzzles7_serg_benchmark", 2_000, 8),
            ("puzzles2_17_clue", 2_000, 4),
            ("puzzles1_unbiased_first1000", 1_000, 4),
        ] {
            let text = std::fs::read_to_string(dir.join(set)).expect(set);
            let lines = text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
            for (i, line) in lines.take(take).enumerate() {
                let g = Grid::from_line(line.trim(), i + 1).expect(set);
                walk(State::new(&g).expect(set), depth, &mut nodes);
            }
        }
        assert!(nodes > 100_000, "{nodes} nodes compared");
    }
}
