//! The library behind the workspace: the shared vocabulary ([`grid`]), the
//! independent oracle ([`oracle`]), the solver contract ([`solver`]), and every
//! paste-ready file under `solutions/` wrapped in a module so tests, the judge
//! and benchmarks can call it.
//!
//! LeetCode supplies `struct Solution` itself, so a LeetCode file holds only
//! `impl Solution { … }`; the `leetcode_file!` macro below declares the struct in a module of
//! its own and `include!`s the file there, unchanged.

pub mod batch;
pub mod dlx;
pub mod fast;
pub mod fixtures;
pub mod grid;
pub mod judge;
pub mod oracle;
pub mod shape;
pub mod solver;
pub mod trace;

/// Declares `pub mod $name { pub struct Solution; <the file> }`.
macro_rules! leetcode_file {
    ($name:ident, $path:literal) => {
        #[doc = concat!("`solutions/", $path, "` as LeetCode compiles it.")]
        // The files keep LeetCode's signatures (`&mut Vec<Vec<char>>`) and the
        // write-ups' index loops; lints against those would change what is pasted.
        #[allow(
            clippy::ptr_arg,
            clippy::needless_range_loop,
            clippy::only_used_in_recursion
        )]
        pub mod $name {
            /// LeetCode's own declaration, which its judge puts above the pasted code.
            pub struct Solution;
            include!(concat!("../solutions/", $path));
        }
    };
}

/// LeetCode 36 (Valid Sudoku) approaches.
pub mod lc36 {
    leetcode_file!(hash_sets, "lc36_01_hash_sets.rs");
    leetcode_file!(bool_arrays, "lc36_02_bool_arrays.rs");
    leetcode_file!(bitmasks, "lc36_03_bitmasks.rs");

    /// LeetCode 36's signature.
    pub type IsValidFn = fn(Vec<Vec<char>>) -> bool;

    /// Every approach, by the name of its file: a new file is one line here.
    pub const APPROACHES: &[(&str, IsValidFn)] = &[
        ("lc36_01_hash_sets", hash_sets::Solution::is_valid_sudoku),
        (
            "lc36_02_bool_arrays",
            bool_arrays::Solution::is_valid_sudoku,
        ),
        ("lc36_03_bitmasks", bitmasks::Solution::is_valid_sudoku),
    ];
}

/// LeetCode 37 (Sudoku Solver) approaches.
pub mod lc37 {
    leetcode_file!(scan_flag, "lc37_01_scan_flag.rs");
    leetcode_file!(hash_sets_flag, "lc37_02_hash_sets_flag.rs");
    leetcode_file!(hash_sets_bool, "lc37_03_hash_sets_bool.rs");
    leetcode_file!(bitmasks, "lc37_04_bitmasks.rs");
    leetcode_file!(marks_forward, "lc37_05_marks_forward.rs");
    leetcode_file!(marks_rescan, "lc37_06_marks_rescan.rs");
    leetcode_file!(explicit_stack, "lc37_07_explicit_stack.rs");
    leetcode_file!(scan_next_cell, "lc37_08_scan_next_cell.rs");
    leetcode_file!(wrong_dfs, "lc37_09_wrong_dfs.rs");
    leetcode_file!(bitboard, "lc37_11_bitboard.rs");

    /// LeetCode 37's signature.
    pub type SolveFn = fn(&mut Vec<Vec<char>>);

    /// Every approach that solves, by the name of its file: a new file is one
    /// line here, and the tests then run it on every fixture.
    pub const APPROACHES: &[(&str, SolveFn)] = &[
        ("lc37_01_scan_flag", scan_flag::Solution::solve_sudoku),
        (
            "lc37_02_hash_sets_flag",
            hash_sets_flag::Solution::solve_sudoku,
        ),
        (
            "lc37_03_hash_sets_bool",
            hash_sets_bool::Solution::solve_sudoku,
        ),
        ("lc37_04_bitmasks", bitmasks::Solution::solve_sudoku),
        (
            "lc37_05_marks_forward",
            marks_forward::Solution::solve_sudoku,
        ),
        ("lc37_06_marks_rescan", marks_rescan::Solution::solve_sudoku),
        (
            "lc37_07_explicit_stack",
            explicit_stack::Solution::solve_sudoku,
        ),
        (
            "lc37_08_scan_next_cell",
            scan_next_cell::Solution::solve_sudoku,
        ),
        ("lc37_11_bitboard", bitboard::Solution::solve_sudoku),
    ];

    /// Write-up 000's wrong DFS: never returns. Kept out of [`APPROACHES`];
    /// only ever run in a child process under a time limit.
    pub const WRONG_DFS: (&str, SolveFn) = ("lc37_09_wrong_dfs", wrong_dfs::Solution::solve_sudoku);

    /// Looks an approach up by file name, the wrong DFS included.
    pub fn by_name(name: &str) -> Option<SolveFn> {
        APPROACHES
            .iter()
            .chain(std::iter::once(&WRONG_DFS))
            .find(|(n, _)| *n == name)
            .map(|&(_, f)| f)
    }
}

/// `solutions/lanqiao.rs` (the std-only stdin program) as a module, so its
/// `run` can be called in memory.
#[allow(dead_code)]
#[path = "../solutions/lanqiao.rs"]
pub mod lanqiao;

/// `solutions/lanqiao_proconio.rs` as a module, so the judge's runner can call its `run`.
#[allow(dead_code)]
#[path = "../solutions/lanqiao_proconio.rs"]
pub mod lanqiao_proconio;

/// The online-judge family's stdin programs, callable in memory.
pub mod family;
