/// LeetCode 37 — the library's cell search (`fast`, the default) as one paste file: JCZSolve-style bitboards (one 27-bit set per digit and band), permutation tables for rows and stacks, naked singles, guesses on bivalue cells.
///
/// `cands[d * 3 + b]` holds the cells of band `b` (rows 3b..3b+3) where digit
/// `d + 1` may go, one row per 9-bit field:
///
/// ```text
///   bit:  26 ....... 18 17 ........ 9  8 ........ 0
///        [ row 3b+2   ][ row 3b+1    ][ row 3b    ]     bit in a row = col
/// ```
///
/// A digit fills one cell per row and per box of a band, so its *triads*
/// (row x box, 3 bits) lie on a permutation of a 3x3 grid; a table keeps only
/// those that do. Turned 90 degrees, the same rule runs down each stack (band
/// x column). A row left with one cell is the digit placed there. This is a
/// first-solution cut of the cell search (`fast`) in src/fast/search.rs.
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut cells = [0u8; 81];
        for (r, row) in board.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                cells[r * 9 + c] = ch.to_digit(10).map_or(0, |d| d as u8);
            }
        }
        if let Some(solved) = Bits::new(&cells).and_then(search) {
            for d in 0..9 {
                for b in 0..3 {
                    let mut a = solved.cands[d * 3 + b];
                    while a != 0 {
                        let bit = a.trailing_zeros() as usize;
                        a &= a - 1;
                        board[b * 3 + bit / 9][bit % 9] = (b'1' + d as u8) as char;
                    }
                }
            }
        }
    }
}

const BAND: u32 = (1 << 27) - 1;
const ROW: u32 = 0x1ff;
/// Bits 0, 9, 18: times a 9-bit column set, those columns in all three rows.
const SPREAD: u32 = 1 | 1 << 9 | 1 << 18;
/// The low 8 bits of each row, and the top bit of each.
const LOW8: u32 = 0xff * SPREAD;
const TOP8: u32 = 0x100 * SPREAD;

/// Row `r` uses box (or column) `PERMS[p][r]`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For a 9-bit set of a 3x3 grid (bit `r * 3 + k`): the bits on some
/// permutation inside the set.
const fn perm_keep(s: usize) -> u32 {
    let mut keep = 0;
    let mut p = 0;
    while p < 6 {
        let q = PERMS[p];
        let bits = 1 << q[0] | 1 << (3 + q[1]) | 1 << (6 + q[2]);
        if s & bits == bits {
            keep |= bits as u32;
        }
        p += 1;
    }
    keep
}

/// Per occupied-triad set: the band cells of the triads to keep.
static TRIAD_KEEP: [u32; 512] = {
    let mut t = [0; 512];
    let mut s = 0;
    while s < 512 {
        let k = perm_keep(s);
        let mut j = 0;
        while j < 9 {
            if k >> j & 1 == 1 {
                t[s] |= 7 << (j / 3 * 9 + j % 3 * 3);
            }
            j += 1;
        }
        s += 1;
    }
    t
};

/// Per stack occupancy (bit `band * 3 + col`): the kept bits spread 9 apart.
static STACK_KEEP: [u32; 512] = {
    let mut t = [0; 512];
    let mut s = 0;
    while s < 512 {
        let k = perm_keep(s);
        t[s] = (k & 7) | (k >> 3 & 7) << 9 | (k >> 6 & 7) << 18;
        s += 1;
    }
    t
};

/// For a 9-bit row: which of its three boxes are occupied.
static ROW_TRIADS: [u8; 512] = {
    let mut t = [0; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = (x & 7 != 0) as u8 | ((x >> 3 & 7 != 0) as u8) << 1 | ((x >> 6 != 0) as u8) << 2;
        x += 1;
    }
    t
};

/// Per band bit: its row (`.0`), its column (`.1`), and its row, column and
/// box (`.2`). 32 entries, so a `trailing_zeros` index needs no bounds check.
static PEERS: [(u32, u32, u32); 32] = {
    let mut t = [(0, 0, 0); 32];
    let mut i = 0;
    while i < 27 {
        let row = ROW << (i / 9 * 9);
        let col = (1 << (i % 9)) * SPREAD;
        t[i] = (row, col, row | col | 0o7007007 << (i % 9 / 3 * 3));
        i += 1;
    }
    t
};

/// Occupied triads of a band set (the mask drops TRIAD_KEEP's bounds check).
fn triads(a: u32) -> usize {
    (ROW_TRIADS[(a & ROW) as usize] as usize
        | (ROW_TRIADS[(a >> 9 & ROW) as usize] as usize) << 3
        | (ROW_TRIADS[(a >> 18 & ROW) as usize] as usize) << 6)
        & 0x1ff
}

fn cols_of(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & ROW
}

/// Cells of `a` in rows holding exactly one (every row non-empty): SWAR,
/// `a - SPREAD` borrows inside each row only.
fn placed(a: u32) -> u32 {
    let rest = a & a.wrapping_sub(SPREAD);
    let crowded = (rest | ((rest & LOW8) + LOW8)) & TOP8;
    a & !((crowded >> 8) * ROW)
}

#[derive(Clone, Copy)]
struct Bits {
    cands: [u32; 27],
    /// Bit `d`: a set of digit `d` lost a cell since its last update.
    dirty: u32,
    /// Per digit, its bands' column sets as the stack rule last left them.
    cols_seen: [u32; 9],
    /// Cells not yet placed, per band.
    open: [u32; 3],
    /// Bivalue cells found by the last naked-singles pass.
    pairs: [u32; 3],
}

impl Bits {
    /// None when two givens of a digit share a row (the rest is left to
    /// propagation). Branch-free: `givens[v * 3 + b]` holds band `b`'s
    /// cells of value `v`, the empty ones in slots 0-2.
    fn new(cells: &[u8; 81]) -> Option<Bits> {
        let mut givens = [0u32; 30];
        for (b, band) in cells.chunks_exact(27).enumerate() {
            for (bit, &v) in band.iter().enumerate() {
                givens[usize::from(v).min(9) * 3 + b] |= 1 << bit;
            }
        }
        let mut s = Bits {
            cands: [0; 27],
            dirty: 0x1ff,
            cols_seen: [0; 9],
            open: [0; 3],
            pairs: [0; 3],
        };
        let mut clash = 0;
        for b in 0..3 {
            let taken = (1..10).fold(0, |t, v| t | givens[v * 3 + b]);
            s.open[b] = BAND & !taken;
            for d in 0..9 {
                // Bit 9r + 8 of `filled`: row r holds a given; g minus 1 in
                // those rows leaves a second given in one.
                let g = givens[d * 3 + 3 + b];
                let filled = (((g & LOW8) + LOW8) | g) & TOP8;
                clash |= g & g.wrapping_sub(filled >> 8);
                s.cands[d * 3 + b] = (s.open[b] & !((filled >> 8) * ROW)) | g;
            }
        }
        if clash != 0 {
            return None;
        }
        Some(s)
    }

    fn place(&mut self, d: usize, b: usize, bit: usize) {
        self.cands[d * 3 + b] &= !PEERS[bit].0 | 1 << bit;
        self.dirty |= 1 << d;
    }

    /// Rows of each band, then columns of each stack, to a fixed point for
    /// digit `d`; new placements leave the other digits. False: dead end.
    fn update(&mut self, d: usize) -> bool {
        let i = d * 3;
        let (mut a0, mut a1, mut a2) = (self.cands[i], self.cands[i + 1], self.cands[i + 2]);
        a0 &= TRIAD_KEEP[triads(a0)];
        a1 &= TRIAD_KEEP[triads(a1)];
        a2 &= TRIAD_KEEP[triads(a2)];
        loop {
            if (a0 == 0) | (a1 == 0) | (a2 == 0) {
                return false;
            }
            let cols = cols_of(a0) | cols_of(a1) << 9 | cols_of(a2) << 18;
            if cols == self.cols_seen[d] {
                break;
            }
            let mut keep = 0;
            for s in [0, 3, 6] {
                let x = cols >> s & 0o7007007;
                keep |= STACK_KEEP[((x | x >> 6 | x >> 12) & ROW) as usize] << s;
            }
            let kept = cols & keep;
            self.cols_seen[d] = kept;
            if kept == cols {
                break;
            }
            let n0 = a0 & ((kept & ROW) * SPREAD);
            let n1 = a1 & ((kept >> 9 & ROW) * SPREAD);
            let n2 = a2 & ((kept >> 18) * SPREAD);
            a0 = n0 & TRIAD_KEEP[triads(n0)];
            a1 = n1 & TRIAD_KEEP[triads(n1)];
            a2 = n2 & TRIAD_KEEP[triads(n2)];
        }
        let placed = [placed(a0), placed(a1), placed(a2)];
        self.cands[i] = a0;
        self.cands[i + 1] = a1;
        self.cands[i + 2] = a2;
        for (b, &p) in placed.iter().enumerate() {
            let fresh = p & self.open[b];
            if fresh != 0 {
                self.open[b] &= !fresh;
                self.strike(d, b, fresh);
            }
        }
        true
    }

    /// Takes `fresh` (placed digit `d`) out of every other digit's set of
    /// band `b`, branch-free; the digits that lose a cell become dirty.
    fn strike(&mut self, d: usize, b: usize, fresh: u32) {
        let mut dirty = 0;
        for k in 0..9 {
            let c = &mut self.cands[k * 3 + b];
            let hit = *c & fresh;
            *c ^= hit;
            // Bit 31 of hit | -hit: hit != 0.
            dirty |= ((hit | hit.wrapping_neg()) >> 31) << k;
        }
        self.cands[d * 3 + b] |= fresh;
        self.dirty |= dirty & !(1 << d);
    }

    fn digits_at(&self, b: usize, bit: usize) -> u32 {
        let mut m = 0;
        for d in 0..9 {
            m |= (self.cands[d * 3 + b] >> bit & 1) << d;
        }
        m
    }

    /// Some(true) solved, Some(false) stuck, None dead end.
    fn propagate(&mut self) -> Option<bool> {
        loop {
            while self.dirty != 0 {
                let d = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if !self.update(d) {
                    return None;
                }
            }
            if self.open == [0; 3] {
                return Some(true);
            }
            // Naked singles, bit-sliced over the nine digits.
            let (mut once, mut twice, mut thrice) = ([0u32; 3], [0u32; 3], [0u32; 3]);
            for d in 0..9 {
                for b in 0..3 {
                    let x = self.cands[d * 3 + b];
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
                    let digits = self.digits_at(b, bit);
                    if digits == 0 {
                        return None;
                    }
                    self.place(digits.trailing_zeros() as usize, b, bit);
                    // No other digit has the cell: nothing to strike.
                    self.open[b] &= !(1 << bit);
                    any = true;
                }
            }
            if !any {
                return Some(false);
            }
        }
    }

    /// The bivalue cell with most open peers, else the fewest candidates.
    fn pick(&self) -> (usize, usize) {
        let mut best = (0, 0, 0);
        for b in 0..3 {
            let mut p = self.pairs[b];
            while p != 0 {
                let bit = p.trailing_zeros() as usize;
                p &= p - 1;
                let (_, col, near) = PEERS[bit];
                let far = (self.open[(b + 1) % 3] & col) | (self.open[(b + 2) % 3] & col) << 1;
                // One popcount of both masks.
                let score = (u64::from(self.open[b] & near) | u64::from(far) << 27).count_ones();
                if score >= best.2 {
                    best = (b, bit, score);
                }
            }
        }
        if best.2 != 0 {
            return (best.0, best.1);
        }
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let bit = open.trailing_zeros() as usize;
                open &= open - 1;
                let n = self.digits_at(b, bit).count_ones();
                if n < best.2 {
                    best = (b, bit, n);
                }
            }
        }
        (best.0, best.1)
    }
}

/// Depth first: each candidate of the picked cell but the last on a copy of
/// the state; the last goes on in this frame.
fn search(mut s: Bits) -> Option<Bits> {
    loop {
        if s.propagate()? {
            return Some(s);
        }
        let (b, bit) = s.pick();
        let mut digits = s.digits_at(b, bit);
        while digits & digits.wrapping_sub(1) != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut t = s;
            t.place(d, b, bit);
            if let Some(done) = search(t) {
                return Some(done);
            }
        }
        if digits == 0 {
            return None;
        }
        s.place(digits.trailing_zeros() as usize, b, bit);
    }
}
