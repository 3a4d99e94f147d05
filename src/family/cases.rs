//! Generated cases for every judge problem, inside its statement's promise:
//! what `sudoku stress` feeds a user's file and what `tests/it/family.rs`
//! checks the paste files against. A case is a list of boards (9×9,
//! 16×16, or 9×9 with irregular regions), rendered in the problem's own
//! input format; shrinking drops boards, then empties cells, while the case
//! stays inside the promise.
//!
//! | problem | boards of a case | the promise kept while shrinking |
//! |---|---|---|
//! | lc36 | one board, valid or with a repeated digit | any board |
//! | lc37, lanqiao, poj3074, hdu1426 | 1-3 puzzles, 22-60 givens | one solution each |
//! | poj2676 | 1-3 puzzles with many holes | a solution each (any completion is accepted) |
//! | poj3076, spoj_sudoku | one 16×16 puzzle | one solution |
//! | p1074 | one puzzle of 24-40 givens | at least 24 givens |
//! | hdu4069 | 1-2 squiggly puzzles (one, several or no solutions) | any: each outcome is an answer |
//! | abc327c | one filled grid, solved or with two cells swapped | a filled grid |
//! | cf1335d | 1-3 solved grids | solved grids |

use crate::dlx::solve_shape;
use crate::gen::Rng;
use crate::shape::Shape;

/// A random solved n²×n² grid: the engine's first solution of the empty
/// board, its digits relabelled, rows shuffled within bands, bands shuffled,
/// and the same for columns and stacks (each keeps every unit a permutation).
pub fn random_solved(n: usize, rng: &mut Rng) -> Vec<u8> {
    let shape = Shape::boxes(n);
    let side = n * n;
    let base = solve_shape(&shape, &vec![0; side * side], 1)
        .solution
        .expect("the empty board has a solution");
    let order = |rng: &mut Rng| {
        let mut bands: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut bands);
        let mut lines = Vec::new();
        for b in bands {
            let mut inner: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut inner);
            lines.extend(inner.into_iter().map(|i| b * n + i));
        }
        lines
    };
    let (rows, cols) = (order(rng), order(rng));
    let mut label: Vec<u8> = (1..=side as u8).collect();
    rng.shuffle(&mut label);
    let mut grid = vec![0; side * side];
    for r in 0..side {
        for c in 0..side {
            grid[r * side + c] = label[base[rows[r] * side + cols[c]] as usize - 1];
        }
    }
    grid
}

/// `solved` with each cell emptied with probability `empty` per mille.
pub fn dig(solved: &[u8], empty: usize, rng: &mut Rng) -> Vec<u8> {
    solved
        .iter()
        .map(|&d| if rng.below(1000) < empty { 0 } else { d })
        .collect()
}

/// `solved` (of `shape`) with up to `holes` cells emptied in random order,
/// each kept empty only while the puzzle stays unique.
pub fn dig_unique(shape: &Shape, solved: &[u8], holes: usize, rng: &mut Rng) -> Vec<u8> {
    let mut order: Vec<usize> = (0..solved.len()).collect();
    rng.shuffle(&mut order);
    let mut puzzle = solved.to_vec();
    let mut emptied = 0;
    for cell in order {
        if emptied == holes {
            break;
        }
        puzzle[cell] = 0;
        if solve_shape(shape, &puzzle, 2).count == 1 {
            emptied += 1;
        } else {
            puzzle[cell] = solved[cell];
        }
    }
    puzzle
}

/// The 3×3 boxes as a region map.
pub fn box_regions() -> Vec<u8> {
    (0..81).map(|c| (c / 27 * 3 + c % 9 / 3) as u8).collect()
}

/// A random partition of the 9×9 board into 9 connected regions of 9 cells
/// that `solved` still solves: the boxes, then swaps of a border cell of one
/// region with a cell of the neighbouring region holding the same digit (so
/// each region still holds 1-9), kept when both regions stay connected.
/// Solving an empty board of random regions instead can take minutes: many
/// region maps have no solution at all.
pub fn random_regions(solved: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut region = box_regions();
    let neighbours = |c: usize| {
        let (row, col) = (c / 9, c % 9);
        let mut next = Vec::with_capacity(4);
        if row > 0 {
            next.push(c - 9);
        }
        if row < 8 {
            next.push(c + 9);
        }
        if col > 0 {
            next.push(c - 1);
        }
        if col < 8 {
            next.push(c + 1);
        }
        next
    };
    let connected = |region: &[u8], r: u8| {
        let Some(start) = (0..81).find(|&c| region[c] == r) else {
            return false;
        };
        let mut seen = vec![start];
        let mut k = 0;
        while k < seen.len() {
            for x in neighbours(seen[k]) {
                if region[x] == r && !seen.contains(&x) {
                    seen.push(x);
                }
            }
            k += 1;
        }
        seen.len() == 9
    };
    for _ in 0..400 {
        let a = rng.below(81);
        let near = neighbours(a);
        let b = near[rng.below(near.len())];
        let (ra, rb) = (region[a], region[b]);
        // a joins b's region; the cell of b's region with a's digit joins a's.
        let Some(c) = (0..81).find(|&c| region[c] == rb && solved[c] == solved[a]) else {
            continue;
        };
        if ra == rb {
            continue;
        }
        let mut trial = region.clone();
        trial[a] = rb;
        trial[c] = ra;
        if connected(&trial, ra) && connected(&trial, rb) {
            region = trial;
        }
    }
    region
}

/// HDU 4069's cell number: the digit, plus 16/32/64/128 for a wall on the
/// top/right/bottom/left (the board's edge is a wall).
pub fn hdu4069_cell(region: &[u8], cell: usize, digit: u8) -> u32 {
    let (r, c) = (cell / 9, cell % 9);
    let mut n = u32::from(digit);
    if r == 0 || region[cell - 9] != region[cell] {
        n += 16;
    }
    if c == 8 || region[cell + 1] != region[cell] {
        n += 32;
    }
    if r == 8 || region[cell + 9] != region[cell] {
        n += 64;
    }
    if c == 0 || region[cell - 1] != region[cell] {
        n += 128;
    }
    n
}

/// A board's rows, its cells shown by `show` and joined by `sep`, a line each.
pub fn rows(board: &[u8], side: usize, sep: &str, show: impl Fn(u8) -> String) -> String {
    board
        .chunks(side)
        .map(|row| row.iter().map(|&d| show(d)).collect::<Vec<_>>().join(sep) + "\n")
        .collect()
}

/// One board of a case: its cells (0 = empty) and, for HDU 4069, its regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Cells, row-major, digits 1..=side.
    pub cells: Vec<u8>,
    /// Region of each cell (the boxes unless squiggly).
    pub regions: Vec<u8>,
}

impl Board {
    fn boxes(cells: Vec<u8>) -> Board {
        let regions = if cells.len() == 81 {
            box_regions()
        } else {
            (0..256).map(|c| (c / 64 * 4 + c % 16 / 4) as u8).collect()
        };
        Board { cells, regions }
    }

    fn side(&self) -> usize {
        if self.cells.len() == 256 {
            16
        } else {
            9
        }
    }

    fn shape(&self) -> Shape {
        if self.side() == 16 {
            Shape::boxes(4)
        } else {
            Shape::regions(9, self.regions.clone()).unwrap_or_else(|_| Shape::boxes(3))
        }
    }

    /// Solutions, counted up to 2.
    pub fn solutions(&self) -> usize {
        solve_shape(&self.shape(), &self.cells, 2).count
    }

    /// Givens.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }
}

/// A generated case: its boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The boards, in input order.
    pub boards: Vec<Board>,
}

impl Generated {
    /// Givens over every board.
    pub fn givens(&self) -> usize {
        self.boards.iter().map(Board::givens).sum()
    }
}

/// The problems [`generate`] makes cases for.
pub const KEYS: [&str; 12] = [
    "lc36",
    "lc37",
    "lanqiao",
    "poj2676",
    "poj3074",
    "poj3076",
    "spoj_sudoku",
    "p1074",
    "hdu1426",
    "hdu4069",
    "abc327c",
    "cf1335d",
];

fn unique_9x9(rng: &mut Rng) -> Board {
    let solved = random_solved(3, rng);
    let holes = 21 + rng.below(39);
    Board::boxes(dig_unique(&Shape::boxes(3), &solved, holes, rng))
}

/// Case `k` of problem `key` (`None` for a key without cases), inside the
/// statement's promise.
pub fn generate(key: &str, k: usize, rng: &mut Rng) -> Option<Generated> {
    let several = |rng: &mut Rng, each: &mut dyn FnMut(&mut Rng) -> Board| {
        let n = 1 + rng.below(3);
        (0..n).map(|_| each(rng)).collect::<Vec<Board>>()
    };
    let boards = match key {
        "lc37" | "lanqiao" => vec![unique_9x9(rng)],
        "poj3074" | "hdu1426" => several(rng, &mut unique_9x9),
        "lc36" => {
            let mut board = unique_9x9(rng);
            if k % 2 == 1 {
                // Two equal digits in one row, column or box.
                let d = 1 + rng.below(9) as u8;
                let a = rng.below(81);
                let b = match k % 3 {
                    0 => a / 9 * 9 + (a % 9 + 1 + rng.below(8)) % 9,
                    1 => (a + 9 * (1 + rng.below(8))) % 81,
                    _ => {
                        let (row, col) = (a / 27 * 3, a % 9 / 3 * 3);
                        let mut b = a;
                        while b == a {
                            b = (row + rng.below(3)) * 9 + col + rng.below(3);
                        }
                        b
                    }
                };
                board.cells[a] = d;
                board.cells[b] = d;
            }
            vec![board]
        }
        "poj2676" => several(rng, &mut |rng| {
            let solved = random_solved(3, rng);
            let empty = 300 + rng.below(400);
            Board::boxes(dig(&solved, empty, rng))
        }),
        "poj3076" | "spoj_sudoku" => {
            let solved = random_solved(4, rng);
            let holes = 80 + rng.below(60);
            vec![Board::boxes(dig_unique(
                &Shape::boxes(4),
                &solved,
                holes,
                rng,
            ))]
        }
        "p1074" => {
            let solved = random_solved(3, rng);
            let empty = 500 + rng.below(200);
            let mut board = Board::boxes(dig(&solved, empty, rng));
            // At least 24 givens, as the statement promises.
            let mut holes: Vec<usize> = (0..81).filter(|&c| board.cells[c] == 0).collect();
            rng.shuffle(&mut holes);
            while board.givens() < 24 {
                let c = holes.pop().expect("fewer than 24 givens leave holes");
                board.cells[c] = solved[c];
            }
            vec![board]
        }
        "hdu4069" => {
            let n = 1 + rng.below(2);
            (0..n)
                .map(|i| {
                    let solved = random_solved(3, rng);
                    let regions = random_regions(&solved, rng);
                    let cells = dig(&solved, [450, 600, 800][(k + i) % 3], rng);
                    Board { cells, regions }
                })
                .collect()
        }
        "abc327c" => {
            let mut grid = random_solved(3, rng);
            if k % 2 == 1 {
                let (a, b) = (rng.below(81), rng.below(81));
                grid.swap(a, b);
            }
            vec![Board::boxes(grid)]
        }
        "cf1335d" => several(rng, &mut |rng| Board::boxes(random_solved(3, rng))),
        _ => return None,
    };
    Some(Generated { boards })
}

/// Whether `case` is still inside `key`'s promise (a shrinking step must keep it).
pub fn allowed(key: &str, case: &Generated) -> bool {
    if case.boards.is_empty() {
        return false;
    }
    case.boards.iter().all(|b| match key {
        "lc37" | "lanqiao" | "poj3074" | "hdu1426" | "poj3076" | "spoj_sudoku" => {
            b.solutions() == 1
        }
        "poj2676" => b.solutions() >= 1,
        "p1074" => b.givens() >= 24,
        "abc327c" | "cf1335d" => b.givens() == b.cells.len(),
        _ => true,
    })
}

/// Whether shrinking may empty cells of `key`'s boards (not of filled grids).
pub fn cells_shrink(key: &str) -> bool {
    !matches!(key, "abc327c" | "cf1335d")
}

fn digit(d: u8) -> String {
    d.to_string()
}

fn dotted(d: u8) -> String {
    if d == 0 {
        ".".into()
    } else {
        d.to_string()
    }
}

fn letter(d: u8) -> String {
    if d == 0 {
        "-".into()
    } else {
        char::from(b'A' + d - 1).to_string()
    }
}

/// `case` in `key`'s input format.
pub fn render(key: &str, case: &Generated) -> String {
    let boards = &case.boards;
    let all = |f: &dyn Fn(&Board) -> String, sep: &str| {
        boards.iter().map(f).collect::<Vec<_>>().join(sep)
    };
    match key {
        "lc36" | "lc37" => {
            let cells: Vec<char> = boards[0]
                .cells
                .iter()
                .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                .collect();
            let board: Vec<Vec<char>> = cells.chunks(9).map(<[char]>::to_vec).collect();
            crate::format::format_board(&board) + "\n"
        }
        "lanqiao" => rows(&boards[0].cells, 9, "", digit),
        "poj2676" | "cf1335d" => format!(
            "{}\n{}",
            boards.len(),
            all(&|b| rows(&b.cells, 9, "", digit), "")
        ),
        "poj3074" => all(&|b| rows(&b.cells, 81, "", dotted), "") + "end\n",
        "poj3076" => all(&|b| rows(&b.cells, 16, "", letter), "\n"),
        "spoj_sudoku" => format!(
            "{}\n{}",
            boards.len(),
            all(&|b| rows(&b.cells, 16, "", letter), "\n")
        ),
        "p1074" | "abc327c" => rows(&boards[0].cells, 9, " ", digit),
        "hdu1426" => all(
            &|b| {
                rows(&b.cells, 9, " ", |d| {
                    if d == 0 {
                        "?".into()
                    } else {
                        d.to_string()
                    }
                })
            },
            "\n",
        ),
        "hdu4069" => {
            let mut text = format!("{}\n", boards.len());
            for b in boards {
                for r in 0..9 {
                    let line: Vec<String> = (0..9)
                        .map(|c| {
                            hdu4069_cell(&b.regions, r * 9 + c, b.cells[r * 9 + c]).to_string()
                        })
                        .collect();
                    text += &line.join(" ");
                    text.push('\n');
                }
            }
            text
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::check_completion;

    #[test]
    fn every_problem_gets_cases_inside_its_promise_that_its_program_accepts() {
        let mut rng = Rng::new(19);
        for key in KEYS {
            for k in 0..6 {
                let case = generate(key, k, &mut rng).expect("a key with cases");
                assert!(allowed(key, &case), "{key} case {k}: {case:?}");
                let input = render(key, &case);
                let problem = crate::judge::problem::by_key(key).expect("a judge problem");
                let answer = (problem.reference)(&input);
                assert!(
                    matches!(answer, Ok(crate::judge::checker::Answer::Text(_))),
                    "{key} case {k}: the reference refused it: {answer:?}\n{input}"
                );
            }
        }
    }

    #[test]
    fn solved_grids_and_regions_are_valid() {
        let mut rng = Rng::new(7);
        for n in [3, 4] {
            let grid = random_solved(n, &mut rng);
            let side = n * n;
            assert_eq!(
                check_completion(&Shape::boxes(n), &vec![0; side * side], &grid),
                Ok(())
            );
        }
        let solved = random_solved(3, &mut rng);
        let regions = random_regions(&solved, &mut rng);
        let shape = Shape::regions(9, regions).expect("a partition");
        assert_eq!(check_completion(&shape, &[0; 81], &solved), Ok(()));
    }
}
