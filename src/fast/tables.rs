//! The constants and lookup tables of the bitboard, and the bit helpers
//! built on them (see the module doc of `fast` for the layout).

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;
/// The 9 bits of the first row of a band.
pub(super) const ROW: u32 = 0x1ff;
/// A column inside a band: bits `c`, `c + 9`, `c + 18` (multiply a 9-bit
/// column set by this to spread it over the three rows).
pub(super) const SPREAD: u32 = 1 | 1 << 9 | 1 << 18;

/// The low 8 bits of each row field, and the top bit of each.
pub(super) const LOW8: u32 = 0xff * SPREAD;
pub(super) const TOP8: u32 = 0x100 * SPREAD;

/// `GIVEN_SLOT[b][v]`: where `givens` files a cell of band `b` holding
/// `v`: `(v - 1) * 3 + b` for a digit, 27 (scratch) for an empty cell.
pub(super) static GIVEN_SLOT: [[usize; 10]; 3] = {
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
pub(super) static ROW_TRIADS: [u8; 512] = build_row_triads();

pub(super) const fn build_row_triads() -> [u8; 512] {
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
pub(super) const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The cells of a 3x3 grid (bit `r * 3 + k`) that permutation `p` takes:
/// box `p[r]` in row `r`.
pub(super) const fn perm_cells(p: [usize; 3]) -> usize {
    1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2])
}

/// Indexed by a 9-bit set of a 3x3 grid (bit `r * 3 + k`): the cells of the
/// grid that lie on a permutation (one per row and column) inside the set.
pub(super) static PERM_KEEP: [u16; 512] = build_perm_keep();

pub(super) const fn build_perm_keep() -> [u16; 512] {
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
pub(super) static PERM_COUNT: [u8; 512] = build_perm_count();

pub(super) const fn build_perm_count() -> [u8; 512] {
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
pub(super) static TRIAD_CELLS: [u32; 512] = build_triad_cells();

pub(super) const fn build_triad_cells() -> [u32; 512] {
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
pub(super) static STACK_KEEP: [u32; 512] = build_stack_keep();

pub(super) const fn build_stack_keep() -> [u32; 512] {
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
pub(super) static TRIAD_KEEP: [u32; 512] = build_triad_keep();

pub(super) const fn build_triad_keep() -> [u32; 512] {
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
pub(super) fn triads(a: u32) -> usize {
    // The mask is a no-op (table values are 3 bits) that lets the compiler
    // drop the bounds check of the TRIAD_KEEP lookup.
    (ROW_TRIADS[(a & ROW) as usize] as usize
        | (ROW_TRIADS[(a >> 9 & ROW) as usize] as usize) << 3
        | (ROW_TRIADS[(a >> 18 & ROW) as usize] as usize) << 6)
        & 0x1ff
}

/// The cells of `a` in rows where it has exactly one cell; every row of `a`
/// must hold at least one (true after TRIAD_KEEP).
///
/// SWAR, all three rows at once: `a - SPREAD` borrows only inside each row,
/// so `a & (a - SPREAD)` drops each row's lowest bit; a row is lone iff
/// nothing is left. Adding 0xff to the low 8 bits of a row carries into
/// its bit 8 iff they are non-zero, which flags the rows with a bit left.
#[inline(always)]
pub(super) fn placed(a: u32) -> u32 {
    let rest = a & a.wrapping_sub(SPREAD);
    let crowded = (rest | ((rest & LOW8) + LOW8)) & TOP8;
    a & !((crowded >> 8) * ROW)
}

/// Fold the three row fields of a band set into a 9-bit set of columns.
#[inline(always)]
pub(super) fn cols_of(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & ROW
}

/// 3-bit groups of the 18-bit triad word: a row of horizontal triads (bits
/// 0-8) or a stack's three vertical triads (bits 9-17).
pub(super) const GROUPS: u32 = 0o111111;

/// A band set's triad word (bit `r * 3 + k`: a cell in row `r`, box `k`;
/// bit `9 + c`: a cell in column `c`) and the triads it is sure of: those
/// that are its only one in their row, or in their stack.
#[inline(always)]
pub(super) fn triad_word(a: u32) -> (u32, u32) {
    let t = triads(a) as u32 | cols_of(a) << 9;
    let (b0, b1, b2) = (t & GROUPS, t >> 1 & GROUPS, t >> 2 & GROUPS);
    let multi = (b0 & b1) | (b0 & b2) | (b1 & b2);
    (t, t & !(multi * 7))
}

/// The other cells of a cell's row, by band bit (0..27). This table, `COL`
/// and `NEAR` have 32 entries (the last 5 unused) so that an index from
/// `trailing_zeros` needs no bounds check.
pub(super) static ROW_OTHERS: [u32; 32] = build_row_others();

pub(super) const fn build_row_others() -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = (ROW << (i / 9 * 9)) & !(1 << i);
        i += 1;
    }
    t
}

/// The other two bands of each band.
pub(super) const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The column of a band bit, as band bits (3 cells).
pub(super) static COL: [u32; 32] = build_col();

pub(super) const fn build_col() -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = (1 << (i % 9)) * SPREAD;
        i += 1;
    }
    t
}

/// The peers of a band bit inside its band (row, box, column), and itself.
pub(super) static NEAR: [u32; 32] = build_near();

pub(super) const fn build_near() -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        let bx = 0o7007007 << (i % 9 / 3 * 3);
        t[i] = (ROW << (i / 9 * 9)) | bx | ((1 << (i % 9)) * SPREAD);
        i += 1;
    }
    t
}
