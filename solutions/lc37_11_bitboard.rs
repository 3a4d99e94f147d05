/// LeetCode 37 — issue 4's fast solver: JCZSolve-style bitboards (one 27-bit set per digit and band), permutation tables for rows and stacks, naked singles, guesses on bivalue cells.
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
/// first-solution cut of the library's `fast` module (src/fast.rs).
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

fn triads(a: u32) -> usize {
    ROW_TRIADS[(a & ROW) as usize] as usize
        | (ROW_TRIADS[(a >> 9 & ROW) as usize] as usize) << 3
        | (ROW_TRIADS[(a >> 18 & ROW) as usize] as usize) << 6
}

fn cols_of(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & ROW
}

/// Cells of `a` in rows holding exactly one (every row non-empty): SWAR,
/// `a - SPREAD` borrows inside each row only.
fn placed(a: u32) -> u32 {
    let rest = a & a.wrapping_sub(SPREAD);
    let crowded = (rest | ((rest & (0xff * SPREAD)) + 0xff * SPREAD)) & (0x100 * SPREAD);
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
    fn new(cells: &[u8; 81]) -> Option<Bits> {
        let mut givens = [0u32; 28]; // slot 27 takes the empty cells
        for (i, &v) in cells.iter().enumerate() {
            let slot = if v == 0 {
                27
            } else {
                (v as usize - 1) * 3 + i / 27
            };
            givens[slot] |= 1 << (i % 27);
        }
        let mut s = Bits {
            cands: [0; 27],
            dirty: 0x1ff,
            cols_seen: [0; 9],
            open: [0; 3],
            pairs: [0; 3],
        };
        for b in 0..3 {
            let taken = (0..9).fold(0, |t, d| t | givens[d * 3 + b]);
            s.open[b] = BAND & !taken;
            for d in 0..9 {
                let g = givens[d * 3 + b];
                let mut rows = 0;
                for r in [0, 9, 18] {
                    let x = g >> r & ROW;
                    if x & x.wrapping_sub(1) != 0 {
                        return None; // two givens of a digit in one row
                    }
                    if x != 0 {
                        rows |= ROW << r;
                    }
                }
                s.cands[d * 3 + b] = (s.open[b] & !rows) | g;
            }
        }
        Some(s)
    }

    fn place(&mut self, d: usize, b: usize, bit: usize) {
        self.cands[d * 3 + b] &= !(ROW << (bit / 9 * 9)) | 1 << bit;
        self.dirty |= 1 << d;
    }

    /// Rows of each band, then columns of each stack, to a fixed point for
    /// digit `d`; new placements leave the other digits. False: dead end.
    fn update(&mut self, d: usize) -> bool {
        let i = d * 3;
        let mut a = [self.cands[i], self.cands[i + 1], self.cands[i + 2]];
        for x in a.iter_mut() {
            *x &= TRIAD_KEEP[triads(*x)];
        }
        loop {
            if a.contains(&0) {
                return false;
            }
            let cols = cols_of(a[0]) | cols_of(a[1]) << 9 | cols_of(a[2]) << 18;
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
            for (b, x) in a.iter_mut().enumerate() {
                let n = *x & ((kept >> (9 * b) & ROW) * SPREAD);
                *x = n & TRIAD_KEEP[triads(n)];
            }
        }
        for (b, &x) in a.iter().enumerate() {
            self.cands[i + b] = x;
            let fresh = placed(x) & self.open[b];
            if fresh != 0 {
                self.open[b] &= !fresh;
                for k in 0..9 {
                    let c = self.cands[k * 3 + b];
                    if k != d && c & fresh != 0 {
                        self.cands[k * 3 + b] = c & !fresh;
                        self.dirty |= 1 << k;
                    }
                }
            }
        }
        true
    }

    fn digits_at(&self, b: usize, bit: usize) -> u32 {
        (0..9).fold(0, |m, d| m | (self.cands[d * 3 + b] >> bit & 1) << d)
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
            let mut any = false;
            for b in 0..3 {
                let (mut once, mut twice, mut thrice) = (0, 0, 0);
                for d in 0..9 {
                    let x = self.cands[d * 3 + b];
                    thrice |= twice & x;
                    twice |= once & x;
                    once |= x;
                }
                let open = self.open[b];
                if open & !once != 0 {
                    return None;
                }
                self.pairs[b] = open & twice & !thrice;
                let mut singles = open & !twice;
                while singles != 0 {
                    let bit = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let digits = self.digits_at(b, bit);
                    if digits == 0 {
                        return None;
                    }
                    self.place(digits.trailing_zeros() as usize, b, bit);
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
                let col = (1 << (bit % 9)) * SPREAD;
                let near = ROW << (bit / 9 * 9) | 0o7007007 << (bit % 9 / 3 * 3);
                let far = (self.open[(b + 1) % 3] & col) | (self.open[(b + 2) % 3] & col) << 1;
                let score = (self.open[b] & near).count_ones() + far.count_ones();
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

/// Depth first: each candidate of the picked cell on a copy of the state.
fn search(mut s: Bits) -> Option<Bits> {
    if s.propagate()? {
        return Some(s);
    }
    let (b, bit) = s.pick();
    let mut digits = s.digits_at(b, bit);
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        let mut t = s;
        t.place(d, b, bit);
        if let Some(done) = search(t) {
            return Some(done);
        }
    }
    None
}
