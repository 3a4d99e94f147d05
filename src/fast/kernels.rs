//! The compiled copies of the search and the vector helpers only they use.

use super::tables::*;
use crate::grid::Grid;

/// The compiled copies of the search, as its const parameter `K` (one per
/// [`Kernel`]): helpers with a vector form pick it by `K`. Off x86-64 only
/// the portable one exists.
pub(super) const PORTABLE: u8 = 0;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const V3: u8 = 1;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const V4: u8 = 2;
/// The v3 kernel with `pext` (see [`Kernel::X86_64V3Pext`]).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const V3P: u8 = 3;
/// The portable kernel's code with `popcnt` and SSE4.2 (see
/// [`Kernel::X86_64V2`]): the helpers are the portable ones.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const V2: u8 = 4;
/// The cell search's v4 kernel: the lane node's propagation
/// (`super::lanes`), the v4 helpers elsewhere.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const V4L: u8 = 5;

/// The triad words of one vector of digit sets and the triads each is
/// sure of: [`triad_word`] lane by lane, written once for every vector
/// unit. A triad's three bits are folded onto its first and a column's three
/// rows onto the first row; then bit 3j (triad j: row j / 3, box j % 3) is
/// gathered to bit j by the bit trick of 3-D Morton decoding, instead of
/// the table lookups. The unit's operations come as arguments: `$splat`
/// (u32 to every lane), lane-wise `$and`, `$or`, `$xor`, `$and_not(a, b)`
/// (a & !b), and shifts by a constant, `$shr::<N>` and `$shl::<N>`.
#[cfg_attr(
    not(any(target_arch = "x86_64", target_arch = "aarch64")),
    allow(unused_macros)
)]
macro_rules! triad_words_of {
    ($v:expr, $splat:expr, $and:expr, $or:expr, $xor:expr, $and_not:expr, $shr:ident, $shl:ident) => {{
        let (v, k, and, or, xor) = ($v, $splat, $and, $or, $xor);
        let triads = or(v, or($shr::<1>(v), $shr::<2>(v)));
        let columns = or(v, or($shr::<9>(v), $shr::<18>(v)));
        let mut z = and(triads, k(0x0924_9249));
        z = and(xor(z, $shr::<2>(z)), k(0x030c_30c3));
        z = and(xor(z, $shr::<4>(z)), k(0x0300_f00f));
        z = and(xor(z, $shr::<8>(z)), k(0xff00_00ff));
        z = and(xor(z, $shr::<16>(z)), k(0x3ff));
        let tw = or(z, $shl::<9>(and(columns, k(crate::fast::tables::ROW))));
        let g = k(crate::fast::tables::GROUPS);
        let b0 = and(tw, g);
        let b1 = and($shr::<1>(tw), g);
        let b2 = and($shr::<2>(tw), g);
        let multi = or(and(b0, or(b1, b2)), and(b1, b2));
        let m7 = or(multi, or($shl::<1>(multi), $shl::<2>(multi)));
        (tw, $and_not(tw, m7))
    }};
}

/// The x86-64-v4 kernel's helpers: AVX-512's compares into a mask register
/// (VL, on 256 bits), so the digits hit come out as bits with no movemask.
/// The ninth set stays scalar: a masked 512-bit store over all nine made
/// the whole search 15-20% slower on an AMD EPYC (Zen 5), as the scalar
/// loads that follow cannot take their data from a masked store.
#[cfg(target_arch = "x86_64")]
pub(super) mod avx512 {
    use std::arch::x86_64::*;

    /// `avx2::strike`, the lanes that had a cell found by one compare
    /// into a mask register.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    pub fn strike(sets: &mut [u32; 9], fresh: u32, own: &[u32; 9]) -> u32 {
        let p = sets.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `sets[..8]` and `own[..8]` are 32 bytes inside their
        // arrays, and the unaligned loads and store accept any alignment.
        let (v, o) = unsafe {
            (
                _mm256_loadu_si256(p),
                _mm256_loadu_si256(own.as_ptr().cast()),
            )
        };
        let g = _mm256_andnot_si256(o, _mm256_set1_epi32(fresh as i32));
        let hit = _mm256_test_epi32_mask(v, g);
        // SAFETY: as for the load.
        unsafe { _mm256_storeu_si256(p, _mm256_andnot_si256(g, v)) };
        let last = sets[8] & fresh & !own[8];
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

    /// [`super::scalar::givens`] with one byte compare per digit and band, straight
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

/// [`triads`] as the kernel computes it: in the v4 kernel with BMI2's
/// `pext` (fold each triad's three bits onto its first, gather every third
/// bit), 5-7% faster on every set and both searches on an AMD EPYC (Zen 5).
/// Not in the v3 kernel: AMD's Zen 1 and Zen 2 have AVX2 but run `pext` in
/// microcode, many times slower than the table lookups; every CPU with
/// AVX-512 (Intel since Skylake-SP, AMD since Zen 4) runs it at full speed.
#[inline(always)]
pub(super) fn triads_k<const K: u8>(a: u32) -> usize {
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
pub(super) fn stack_grid<const K: u8>(cols: u32, s: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if K == V4 || K == V3P {
        // SAFETY: as in `triads_k`.
        return unsafe { bmi2::stack_grid(cols, s) };
    }
    let x = cols >> s & 0o7007007;
    ((x | x >> 6 | x >> 12) & ROW) as usize
}

/// The v4 kernel's scalar BMI2 helper (see [`triads_k`]).
#[cfg(target_arch = "x86_64")]
pub(super) mod bmi2 {
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
pub(super) mod avx2 {
    use std::arch::x86_64::*;

    /// Take `fresh` out of the nine sets of a band but each set's own cells
    /// (`own[d]`, the cells digit d was just placed in); returns the digits
    /// (bit d) whose set lost a cell.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn strike(sets: &mut [u32; 9], fresh: u32, own: &[u32; 9]) -> u32 {
        let p = sets.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `sets[..8]` and `own[..8]` are 32 bytes inside their
        // arrays, and the unaligned loads and store accept any alignment.
        let (v, o) = unsafe {
            (
                _mm256_loadu_si256(p),
                _mm256_loadu_si256(own.as_ptr().cast()),
            )
        };
        let hit = _mm256_and_si256(v, _mm256_andnot_si256(o, _mm256_set1_epi32(fresh as i32)));
        // SAFETY: as for the load.
        unsafe { _mm256_storeu_si256(p, _mm256_xor_si256(v, hit)) };
        // One bit per lane from movemask: set where the lane had no hit.
        let none = _mm256_cmpeq_epi32(hit, _mm256_setzero_si256());
        let low = !(_mm256_movemask_ps(_mm256_castsi256_ps(none)) as u32) & 0xff;
        let last = sets[8] & fresh & !own[8];
        sets[8] ^= last;
        low | u32::from(last != 0) << 8
    }

    /// [`super::scalar::givens`] with one byte compare and movemask per digit and
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
    /// one vector (see [`triad_words_of`]).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn triad_words(sets: &[u32; 9], t: &mut [u32; 9], u: &mut [u32; 9]) {
        // SAFETY: as in `strike`.
        let v = unsafe { _mm256_loadu_si256(sets.as_ptr().cast::<__m256i>()) };
        let (tw, sure) = triad_words_of!(
            v,
            |x: u32| _mm256_set1_epi32(x as i32),
            _mm256_and_si256,
            _mm256_or_si256,
            _mm256_xor_si256,
            |a, b| _mm256_andnot_si256(b, a),
            _mm256_srli_epi32,
            _mm256_slli_epi32
        );
        // SAFETY: `t[..8]` and `u[..8]` are 32 bytes inside their arrays.
        unsafe {
            _mm256_storeu_si256(t.as_mut_ptr().cast(), tw);
            _mm256_storeu_si256(u.as_mut_ptr().cast(), sure);
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

/// The portable kernel's helpers on x86-64, whose baseline has SSE2 (the
/// target's own `target_feature`): the v3 kernel's, a band's first eight
/// digit sets as two 128-bit vectors instead of one 256-bit vector, the
/// ninth alone. On an AMD EPYC (family 26, Zen 5) they make the portable
/// kernel 1.10-1.11x as fast as the scalar forms (docs/fast-solver.md).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(super) mod sse2 {
    use std::arch::x86_64::*;

    #[inline]
    #[target_feature(enable = "sse2")]
    fn load(sets: &[u32; 9]) -> (__m128i, __m128i) {
        let p = sets.as_ptr().cast::<__m128i>();
        // SAFETY: `sets[..8]` is 32 bytes inside the array, and the
        // unaligned loads accept any alignment.
        unsafe { (_mm_loadu_si128(p), _mm_loadu_si128(p.add(1))) }
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    fn store(out: &mut [u32; 9], v0: __m128i, v1: __m128i) {
        let p = out.as_mut_ptr().cast::<__m128i>();
        // SAFETY: as in `load`.
        unsafe {
            _mm_storeu_si128(p, v0);
            _mm_storeu_si128(p.add(1), v1);
        }
    }

    /// The lanes' sign bits, the first vector's as bits 0-3.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn signs(v0: __m128i, v1: __m128i) -> u32 {
        let m = |v| _mm_movemask_ps(_mm_castsi128_ps(v)) as u32;
        m(v0) | m(v1) << 4
    }

    /// [`super::avx2::strike`] on two 128-bit vectors.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub fn strike(sets: &mut [u32; 9], fresh: u32, own: &[u32; 9]) -> u32 {
        let ((v0, v1), (o0, o1)) = (load(sets), load(own));
        let f = _mm_set1_epi32(fresh as i32);
        let (g0, g1) = (_mm_andnot_si128(o0, f), _mm_andnot_si128(o1, f));
        let (h0, h1) = (_mm_and_si128(v0, g0), _mm_and_si128(v1, g1));
        store(sets, _mm_xor_si128(v0, h0), _mm_xor_si128(v1, h1));
        let z = _mm_setzero_si128();
        let none = signs(_mm_cmpeq_epi32(h0, z), _mm_cmpeq_epi32(h1, z));
        let last = sets[8] & fresh & !own[8];
        sets[8] ^= last;
        (!none & 0xff) | u32::from(last != 0) << 8
    }

    /// [`super::avx2::digits_at`] on two 128-bit vectors (one shift count
    /// for every lane, as SSE2 has no per-lane shift).
    #[inline]
    #[target_feature(enable = "sse2")]
    pub fn digits_at(sets: &[u32; 9], bit: usize) -> u32 {
        let (v0, v1) = load(sets);
        let n = _mm_cvtsi32_si128(31 - bit as i32);
        signs(_mm_sll_epi32(v0, n), _mm_sll_epi32(v1, n)) | (sets[8] >> bit & 1) << 8
    }

    /// [`super::avx2::givens`] with two 16-byte compares per digit and band.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub fn givens(puzzle: &super::Grid) -> [u32; 28] {
        // Padded so a 32-byte read at each band start stays in bounds.
        let mut cells = [0u8; 96];
        cells[..81].copy_from_slice(&puzzle.0);
        let mut givens = [0u32; 28];
        for b in 0..3 {
            let p = cells[27 * b..].as_ptr().cast::<__m128i>();
            // SAFETY: bytes 27b..27b + 32 are inside `cells`.
            let (v0, v1) = unsafe { (_mm_loadu_si128(p), _mm_loadu_si128(p.add(1))) };
            for d in 0..9 {
                let k = _mm_set1_epi8(d as i8 + 1);
                let lo = _mm_movemask_epi8(_mm_cmpeq_epi8(v0, k)) as u32;
                let hi = _mm_movemask_epi8(_mm_cmpeq_epi8(v1, k)) as u32;
                givens[d * 3 + b] = (lo | hi << 16) & super::BAND;
            }
        }
        givens
    }

    /// [`super::avx2::triad_words`] on two 128-bit vectors.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub fn triad_words(sets: &[u32; 9], t: &mut [u32; 9], u: &mut [u32; 9]) {
        let (v0, v1) = load(sets);
        let (t0, u0) = words(v0);
        let (t1, u1) = words(v1);
        store(t, t0, t1);
        store(u, u0, u1);
        (t[8], u[8]) = super::triad_word(sets[8]);
    }

    /// One vector of sets' triad words and sure triads ([`triad_words_of`]).
    #[inline]
    #[target_feature(enable = "sse2")]
    fn words(v: __m128i) -> (__m128i, __m128i) {
        triad_words_of!(
            v,
            |x: u32| _mm_set1_epi32(x as i32),
            _mm_and_si128,
            _mm_or_si128,
            _mm_xor_si128,
            |a, b| _mm_andnot_si128(b, a),
            _mm_srli_epi32,
            _mm_slli_epi32
        )
    }
}

/// The portable kernel's helpers on aarch64, whose baseline has NEON: the
/// SSE2 forms' two 128-bit vectors, with NEON's lane tests for the compares
/// and a weighted horizontal add for the movemask NEON lacks. Checked
/// against the scalar forms under qemu-user; not timed (no ARM machine).
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
pub(super) mod neon {
    use std::arch::aarch64::*;

    #[inline]
    #[target_feature(enable = "neon")]
    fn load(sets: &[u32; 9]) -> (uint32x4_t, uint32x4_t) {
        let p = sets.as_ptr();
        // SAFETY: `sets[..8]` is 32 bytes inside the array.
        unsafe { (vld1q_u32(p), vld1q_u32(p.add(4))) }
    }

    #[inline]
    #[target_feature(enable = "neon")]
    fn store(out: &mut [u32; 9], v0: uint32x4_t, v1: uint32x4_t) {
        let p = out.as_mut_ptr();
        // SAFETY: as in `load`.
        unsafe {
            vst1q_u32(p, v0);
            vst1q_u32(p.add(4), v1);
        }
    }

    /// Bit i for each all-ones lane i (lanes are all ones or zero), the
    /// first vector's lanes as bits 0-3.
    #[inline]
    #[target_feature(enable = "neon")]
    fn lanes(m0: uint32x4_t, m1: uint32x4_t) -> u32 {
        const W: [u32; 4] = [1, 2, 4, 8];
        // SAFETY: `W` is four u32.
        let w = unsafe { vld1q_u32(W.as_ptr()) };
        vaddvq_u32(vandq_u32(m0, w)) | vaddvq_u32(vandq_u32(m1, w)) << 4
    }

    /// [`super::scalar::strike`] on two 128-bit vectors.
    #[inline]
    #[target_feature(enable = "neon")]
    pub fn strike(sets: &mut [u32; 9], fresh: u32, own: &[u32; 9]) -> u32 {
        let ((v0, v1), (o0, o1)) = (load(sets), load(own));
        let f = vdupq_n_u32(fresh);
        let (g0, g1) = (vbicq_u32(f, o0), vbicq_u32(f, o1));
        let hit = lanes(vtstq_u32(v0, g0), vtstq_u32(v1, g1));
        store(sets, vbicq_u32(v0, g0), vbicq_u32(v1, g1));
        let last = sets[8] & fresh & !own[8];
        sets[8] ^= last;
        hit | u32::from(last != 0) << 8
    }

    /// [`super::scalar::digits_at`] on two 128-bit vectors.
    #[inline]
    #[target_feature(enable = "neon")]
    pub fn digits_at(sets: &[u32; 9], bit: usize) -> u32 {
        let (v0, v1) = load(sets);
        let b = vdupq_n_u32(1 << bit);
        lanes(vtstq_u32(v0, b), vtstq_u32(v1, b)) | (sets[8] >> bit & 1) << 8
    }

    /// [`super::scalar::givens`] with two 16-byte compares per digit and band.
    #[inline]
    #[target_feature(enable = "neon")]
    pub fn givens(puzzle: &super::Grid) -> [u32; 28] {
        const W: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
        // Padded so a 32-byte read at each band start stays in bounds.
        let mut cells = [0u8; 96];
        cells[..81].copy_from_slice(&puzzle.0);
        // SAFETY: `W` is 16 bytes.
        let w = unsafe { vld1q_u8(W.as_ptr()) };
        // A byte mask's lanes as 16 bits.
        let bits = |m: uint8x16_t| {
            let m = vandq_u8(m, w);
            u32::from(vaddv_u8(vget_low_u8(m))) | u32::from(vaddv_u8(vget_high_u8(m))) << 8
        };
        let mut givens = [0u32; 28];
        for b in 0..3 {
            let p = cells[27 * b..].as_ptr();
            // SAFETY: bytes 27b..27b + 32 are inside `cells`.
            let (v0, v1) = unsafe { (vld1q_u8(p), vld1q_u8(p.add(16))) };
            for d in 0..9 {
                let k = vdupq_n_u8(d as u8 + 1);
                let lo = bits(vceqq_u8(v0, k));
                let hi = bits(vceqq_u8(v1, k));
                givens[d * 3 + b] = (lo | hi << 16) & super::BAND;
            }
        }
        givens
    }

    /// [`super::scalar::triad_words`] on two 128-bit vectors, by the bit
    /// trick of the AVX2 form.
    #[inline]
    #[target_feature(enable = "neon")]
    pub fn triad_words(sets: &[u32; 9], t: &mut [u32; 9], u: &mut [u32; 9]) {
        let (v0, v1) = load(sets);
        let (t0, u0) = words(v0);
        let (t1, u1) = words(v1);
        store(t, t0, t1);
        store(u, u0, u1);
        (t[8], u[8]) = super::triad_word(sets[8]);
    }

    /// One vector of sets' triad words and sure triads ([`triad_words_of`]).
    #[inline]
    #[target_feature(enable = "neon")]
    fn words(v: uint32x4_t) -> (uint32x4_t, uint32x4_t) {
        triad_words_of!(
            v,
            vdupq_n_u32,
            vandq_u32,
            vorrq_u32,
            veorq_u32,
            vbicq_u32,
            vshrq_n_u32,
            vshlq_n_u32
        )
    }
}

/// The portable kernel's helpers: the vector unit of the target's baseline
/// where it has one (SSE2 on every x86-64 target, NEON on aarch64), the
/// scalar forms elsewhere.
pub(super) mod baseline {
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    use super::neon as with;
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "sse2"),
        all(target_arch = "aarch64", target_feature = "neon")
    )))]
    use super::scalar as with;
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    use super::sse2 as with;

    /// Take `fresh` out of the nine sets of a band but each set's own cells
    /// `own[d]`; returns the digits (bit d) whose set lost a cell.
    #[inline(always)]
    pub fn strike(sets: &mut [u32; 9], fresh: u32, own: &[u32; 9]) -> u32 {
        // SAFETY (the SSE2 and NEON forms): each is compiled only for a
        // target whose baseline has it, so every CPU that runs this code
        // has it.
        #[allow(unused_unsafe)]
        unsafe {
            with::strike(sets, fresh, own)
        }
    }

    /// The digits (bit d) whose set of this band holds band bit `bit`.
    #[inline(always)]
    pub fn digits_at(sets: &[u32; 9], bit: usize) -> u32 {
        // SAFETY: as in `strike`.
        #[allow(unused_unsafe)]
        unsafe {
            with::digits_at(sets, bit)
        }
    }

    /// Each set's triad word in `t` and the triads it is sure of in `u`
    /// (see [`super::triad_word`]).
    #[inline(always)]
    pub fn triad_words(sets: &[u32; 9], t: &mut [u32; 9], u: &mut [u32; 9]) {
        // SAFETY: as in `strike`.
        #[allow(unused_unsafe)]
        unsafe {
            with::triad_words(sets, t, u)
        }
    }

    /// A puzzle's givens (see [`super::scalar::givens`]).
    #[inline(always)]
    pub fn givens(puzzle: &super::Grid) -> [u32; 28] {
        // SAFETY: as in `strike`.
        #[allow(unused_unsafe)]
        unsafe {
            with::givens(puzzle)
        }
    }
}

/// The helpers' scalar forms: the portable kernel's where the target has
/// neither SSE2 nor NEON, and what the tests hold every vector form to.
#[cfg_attr(
    all(any(target_arch = "x86_64", target_arch = "aarch64"), not(test)),
    allow(dead_code)
)]
pub(super) mod scalar {
    use super::{triad_word, Grid, GIVEN_SLOT};

    /// Take `fresh` out of the nine sets of a band but each set's own cells
    /// `own[d]` (the cells digit d was just placed in); returns the digits
    /// (bit d) whose set lost a cell.
    #[inline(always)]
    pub fn strike(sets: &mut [u32; 9], fresh: u32, own: &[u32; 9]) -> u32 {
        let mut dirty = 0;
        for ((k, c), o) in sets.iter_mut().enumerate().zip(own) {
            let hit = *c & fresh & !o;
            *c ^= hit;
            // Bit 31 of hit | -hit is set iff hit != 0. (The plain
            // `u32::from(hit != 0) << k` is vectorised into a long chain
            // of lane inserts where AVX2 is on.)
            dirty |= ((hit | hit.wrapping_neg()) >> 31) << k;
        }
        dirty
    }

    /// The digits (bit d) whose set of this band holds band bit `bit`.
    #[inline(always)]
    pub fn digits_at(sets: &[u32; 9], bit: usize) -> u32 {
        let mut m = 0;
        for (d, &set) in sets.iter().enumerate() {
            m |= (set >> bit & 1) << d;
        }
        m
    }

    /// Each set's [`triad_word`].
    #[inline(always)]
    pub fn triad_words(sets: &[u32; 9], t: &mut [u32; 9], u: &mut [u32; 9]) {
        for d in 0..9 {
            (t[d], u[d]) = triad_word(sets[d]);
        }
    }

    /// The givens of a puzzle whose cells hold 0-9: `givens[d * 3 + b]`
    /// holds the cells of band `b` given digit `d + 1` (digit-major, unlike
    /// `cands`: the table lookup files a cell in one step). Slot 27 is
    /// scratch for the empty cells, so the loop has no branch; readers use
    /// slots 0-26 only.
    #[inline(always)]
    pub fn givens(puzzle: &Grid) -> [u32; 28] {
        let mut givens = [0u32; 28];
        for (b, band) in puzzle.0.chunks_exact(27).enumerate() {
            for (bit, &v) in band.iter().enumerate() {
                givens[GIVEN_SLOT[b][usize::from(v).min(9)]] |= 1 << bit;
            }
        }
        givens
    }
}

/// Which compiled copy of the search runs. All give the same results; they
/// differ only in the instructions the compiler may use.
/// Ordered: each kernel's features include those of the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kernel {
    /// The target's baseline: on x86-64 that is SSE2 (the vector helpers on
    /// 128 bits), with no `popcnt` (the guess scoring's popcounts are a
    /// dozen instructions each) and bit scans that must test for zero; on
    /// aarch64 NEON, whose `cnt` counts bits in the baseline; elsewhere the
    /// helpers' scalar forms. Runs everywhere.
    Portable,
    /// The portable kernel's source compiled for x86-64-v2 (every x86-64
    /// CPU since Intel Nehalem, 2008, and AMD Bulldozer, 2011): `popcnt`,
    /// SSE3 to SSE4.2. The same helpers on 128-bit vectors, with one
    /// instruction per popcount. Chosen at run time when the CPU has them
    /// and not x86-64-v3; what `fast-portable` runs on such a CPU.
    X86_64V2,
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
    /// Chosen at run time when the CPU has them. The cell search runs the
    /// lane node here (its propagation on AVX-512 vectors, module `lanes`),
    /// the triad search the band update.
    X86_64V4,
}

impl Kernel {
    /// Every kernel, portable first.
    pub const ALL: [Kernel; 5] = [
        Kernel::Portable,
        Kernel::X86_64V2,
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
        } else if Kernel::X86_64V2.available() {
            Kernel::X86_64V2
        } else {
            Kernel::Portable
        };
        BEST.store(best as u8, Relaxed);
        best
    }

    /// The kernel that runs when this one is asked for: itself if this CPU
    /// has it, else the best one below it that the CPU has.
    pub fn on_this_cpu(self) -> Kernel {
        self.min(Kernel::best())
    }

    /// Whether this CPU can run the kernel (detected at run time).
    pub fn available(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::X86_64V2 => {
                std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("sse3")
                    && std::arch::is_x86_feature_detected!("ssse3")
                    && std::arch::is_x86_feature_detected!("sse4.1")
                    && std::arch::is_x86_feature_detected!("sse4.2")
            }
            #[cfg(target_arch = "x86_64")]
            Kernel::X86_64V3 => {
                Kernel::X86_64V2.available()
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("lzcnt")
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
            Kernel::X86_64V2 | Kernel::X86_64V3 | Kernel::X86_64V3Pext | Kernel::X86_64V4 => false,
        }
    }
}

/// Whether this CPU runs BMI2's `pext` at full speed: not AMD's (nor
/// Hygon's) before family 0x19 (Zen 3), which run it in microcode at a
/// cost that grows with the mask, many times a table lookup. Every Intel
/// CPU with BMI2 (Haswell, 2013, and later) runs it in one cycle a result;
/// other vendors are taken as slow.
#[cfg(target_arch = "x86_64")]
pub(super) fn pext_is_fast() -> bool {
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
