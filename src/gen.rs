//! `sudoku gen`: puzzles with exactly one solution, from a seed, the same on
//! every machine (a SplitMix64 generator written here, no platform RNG).
//!
//! 1. A random solved grid: a depth-first fill of the empty board that tries
//!    digits in a random order.
//! 2. Digging: the cells in a random order; a given is removed when the
//!    puzzle keeps exactly one solution (`fast::count` up to 2). One pass
//!    over all 81 cells leaves a *minimal* puzzle: a given that could not be
//!    removed when it was tried cannot be removed later either, as removing
//!    more givens never brings uniqueness back. `--clues K` stops at K givens.
//! 3. Rating ([`Difficulty`]), by what solves it, measured not guessed:
//!
//! | difficulty | rule |
//! |---|---|
//! | easy | naked and hidden singles alone solve it |
//! | medium | singles and locked candidates (pointing, claiming) solve it |
//! | hard | those do not; the cell search needs at most [`HARD_GUESSES`] guesses |
//! | expert | the cell search needs more guesses than that |

use crate::fast;
use crate::grid::Grid;
use std::fmt;

/// The most guesses of the cell search (`fast::count`, the default) a
/// `hard` puzzle may take. Digging mostly tests puzzles with several
/// solutions, where the cell search is the faster of the two.
pub const HARD_GUESSES: u64 = 2;

/// SplitMix64: small, fast, and the same sequence on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// How hard a puzzle is, by the rule in the module doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Difficulty {
    /// Singles alone.
    Easy,
    /// Singles and locked candidates.
    Medium,
    /// More than that, at most [`HARD_GUESSES`] guesses.
    Hard,
    /// More guesses.
    Expert,
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        })
    }
}

const ALL: u16 = 0x1FF;

fn peers_of(cell: usize) -> impl Iterator<Item = usize> {
    crate::grid::PEERS[cell].iter().copied()
}

/// A random solved grid.
pub fn solved_grid(rng: &mut Rng) -> Grid {
    fn fill(g: &mut [u8; 81], rng: &mut Rng) -> bool {
        // The empty cell with the fewest candidates.
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..81 {
            if g[cell] != 0 {
                continue;
            }
            let mut free = ALL;
            for p in peers_of(cell) {
                if g[p] != 0 {
                    free &= !(1 << (g[p] - 1));
                }
            }
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
            }
        }
        let Some((cell, free)) = best else {
            return true;
        };
        let mut digits: Vec<u8> = (1..=9).filter(|d| free & (1 << (d - 1)) != 0).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            g[cell] = d;
            if fill(g, rng) {
                return true;
            }
        }
        g[cell] = 0;
        false
    }
    let mut g = [0u8; 81];
    fill(&mut g, rng);
    Grid(g)
}

/// True when `puzzle` has exactly one solution.
pub fn is_unique(puzzle: &Grid) -> bool {
    fast::count(puzzle, 2).count == 1
}

/// Digs `solved` down, keeping the puzzle unique, to `clues` givens or, with
/// `None`, to a minimal puzzle. `None` when `clues` cannot be reached.
pub fn dig(solved: &Grid, clues: Option<usize>, rng: &mut Rng) -> Option<Grid> {
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    let mut puzzle = *solved;
    let mut givens = 81;
    for cell in order {
        if clues.is_some_and(|k| givens <= k) {
            break;
        }
        let kept = puzzle.0[cell];
        puzzle.0[cell] = 0;
        if is_unique(&puzzle) {
            givens -= 1;
        } else {
            puzzle.0[cell] = kept;
        }
    }
    match clues {
        Some(k) if givens != k => None,
        _ => Some(puzzle),
    }
}

/// True when removing any single given leaves more than one solution.
pub fn is_minimal(puzzle: &Grid) -> bool {
    (0..81).filter(|&c| puzzle.0[c] != 0).all(|c| {
        let mut less = *puzzle;
        less.0[c] = 0;
        !is_unique(&less)
    })
}

/// Candidate masks of a puzzle (`None` when two givens clash).
fn candidates(puzzle: &Grid) -> Option<[u16; 81]> {
    let mut cand = [ALL; 81];
    for cell in 0..81 {
        let d = puzzle.0[cell];
        if d != 0 {
            if cand[cell] & (1 << (d - 1)) == 0 {
                return None;
            }
            cand[cell] = 1 << (d - 1);
            for p in peers_of(cell) {
                cand[p] &= !(1 << (d - 1));
            }
        }
    }
    Some(cand)
}

/// The cells of `unit` where `bit` is still a candidate.
fn places(unit: &[usize; 9], cand: &[u16; 81], bit: u16) -> Vec<usize> {
    unit.iter()
        .copied()
        .filter(|&c| cand[c] & bit != 0)
        .collect()
}

/// Takes `bit` out of the cells of `unit` outside `keep`; true if any had it.
fn strike_outside(cand: &mut [u16; 81], unit: &[usize; 9], keep: &[usize; 9], bit: u16) -> bool {
    let mut struck = false;
    for &c in unit {
        if !keep.contains(&c) && cand[c] & bit != 0 {
            cand[c] &= !bit;
            struck = true;
        }
    }
    struck
}

/// Applies naked and hidden singles (and, with `locked`, locked candidates)
/// until nothing changes; true when every cell is down to one candidate.
fn logic_solves(puzzle: &Grid, locked: bool) -> bool {
    let Some(mut cand) = candidates(puzzle) else {
        return false;
    };
    let mut placed = [false; 81];
    loop {
        let mut progress = false;
        // Naked singles: a cell with one candidate strikes it from its peers.
        for cell in 0..81 {
            if !placed[cell] && cand[cell].count_ones() == 1 {
                placed[cell] = true;
                progress = true;
                for p in peers_of(cell) {
                    cand[p] &= !cand[cell];
                }
            }
            if cand[cell] == 0 {
                return false;
            }
        }
        // Hidden singles: a digit with one place in a unit goes there.
        for unit in crate::grid::UNITS.iter() {
            for bit in (0..9).map(|d| 1u16 << d) {
                if let [only] = places(unit, &cand, bit)[..] {
                    if cand[only] != bit {
                        cand[only] = bit;
                        progress = true;
                    }
                }
            }
        }
        if !progress && locked {
            // Locked candidates: within a box, a digit confined to one row or
            // column leaves the rest of that line (pointing); within a row or
            // column, a digit confined to one box leaves the rest of that box
            // (claiming).
            for b in 0..9 {
                let bx = &crate::grid::UNITS[18 + b];
                for bit in (0..9).map(|d| 1u16 << d) {
                    let places = places(bx, &cand, bit);
                    if places.len() < 2 {
                        continue;
                    }
                    for (line, same) in [
                        (0usize, places.iter().all(|&c| c / 9 == places[0] / 9)),
                        (9, places.iter().all(|&c| c % 9 == places[0] % 9)),
                    ] {
                        if !same {
                            continue;
                        }
                        let unit = if line == 0 {
                            places[0] / 9
                        } else {
                            9 + places[0] % 9
                        };
                        progress |= strike_outside(&mut cand, &crate::grid::UNITS[unit], bx, bit);
                    }
                }
            }
            for unit in 0..18 {
                let line = &crate::grid::UNITS[unit];
                for bit in (0..9).map(|d| 1u16 << d) {
                    let places = places(line, &cand, bit);
                    if places.len() < 2 {
                        continue;
                    }
                    let b = crate::grid::box_of(places[0]);
                    if places.iter().all(|&c| crate::grid::box_of(c) == b) {
                        let bx = &crate::grid::UNITS[18 + b];
                        progress |= strike_outside(&mut cand, bx, line, bit);
                    }
                }
            }
        }
        if !progress {
            return cand.iter().all(|m| m.count_ones() == 1);
        }
    }
}

/// The difficulty of a unique puzzle, by the rule in the module doc.
pub fn rate(puzzle: &Grid) -> Difficulty {
    if logic_solves(puzzle, false) {
        Difficulty::Easy
    } else if logic_solves(puzzle, true) {
        Difficulty::Medium
    } else if fast::count(puzzle, 2).guesses <= HARD_GUESSES {
        Difficulty::Hard
    } else {
        Difficulty::Expert
    }
}

/// What `sudoku gen` asks for.
#[derive(Clone, Debug)]
pub struct Request {
    /// Givens to stop at (`None`: dig to a minimal puzzle).
    pub clues: Option<usize>,
    /// Only puzzles of this difficulty.
    pub difficulty: Option<Difficulty>,
    /// Only minimal puzzles with exactly this many givens (`--clues K
    /// --minimal`; `clues` is then `None`).
    pub minimal_with: Option<usize>,
}

/// Tries per puzzle before `generate` gives up on a request.
pub const MAX_TRIES: usize = 100_000;

/// The next puzzle for `request`, or `None` after [`MAX_TRIES`] solved grids
/// none of which gave one (one budget for every condition of the request).
pub fn generate(request: &Request, rng: &mut Rng) -> Option<(Grid, Difficulty)> {
    for _ in 0..MAX_TRIES {
        let solved = solved_grid(rng);
        let Some(puzzle) = dig(&solved, request.clues, rng) else {
            continue;
        };
        if request.minimal_with.is_some_and(|k| puzzle.givens() != k) {
            continue;
        }
        let rating = rate(&puzzle);
        if request.difficulty.is_none_or(|d| d == rating) {
            return Some((puzzle, rating));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::check_solution;

    #[test]
    fn the_same_seed_gives_the_same_puzzles() {
        let request = Request {
            clues: None,
            difficulty: None,
            minimal_with: None,
        };
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..5)
                .map(|_| generate(&request, &mut rng).unwrap().0.to_line())
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
        // SplitMix64's published first output for seed 0 (a fixed point on
        // every machine).
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn puzzles_are_unique_minimal_and_solved_grids_are_solutions() {
        let mut rng = Rng::new(1);
        for _ in 0..20 {
            let solved = solved_grid(&mut rng);
            assert_eq!(check_solution(&Grid::EMPTY, &solved), Ok(()));
            let puzzle = dig(&solved, None, &mut rng).unwrap();
            assert!(is_unique(&puzzle) && is_minimal(&puzzle));
            assert_eq!(check_solution(&puzzle, &solved), Ok(()));
        }
        let puzzle = dig(&solved_grid(&mut rng), Some(40), &mut rng).unwrap();
        assert_eq!(puzzle.givens(), 40);
        assert!(is_unique(&puzzle));
    }

    #[test]
    fn the_rating_follows_its_rule() {
        // Singles alone solve a puzzle with one cell missing.
        let mut rng = Rng::new(3);
        let solved = solved_grid(&mut rng);
        let mut one = solved;
        one.0[40] = 0;
        assert_eq!(rate(&one), Difficulty::Easy);
        // The first top1465 puzzle: no logic here solves it, the cell search guesses 25 times.
        let hard = Grid::from_line(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            1,
        )
        .unwrap();
        assert!(!logic_solves(&hard, true));
        assert_eq!(rate(&hard), Difficulty::Expert);
        // Every difficulty can be asked for, and what comes back rates so.
        let mut rng = Rng::new(11);
        for want in [
            Difficulty::Easy,
            Difficulty::Medium,
            Difficulty::Hard,
            Difficulty::Expert,
        ] {
            let request = Request {
                clues: None,
                difficulty: Some(want),
                minimal_with: None,
            };
            let (puzzle, got) = generate(&request, &mut rng).unwrap();
            assert_eq!(got, want);
            assert_eq!(rate(&puzzle), want);
        }
    }
}
