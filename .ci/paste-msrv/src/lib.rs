//! Every file of `solutions/`, compiled for clippy's MSRV check only.
#![allow(dead_code, clippy::all)]
#![warn(clippy::incompatible_msrv)]

macro_rules! leetcode {
    ($($name:ident => $path:literal),* $(,)?) => {
        $(pub mod $name {
            pub struct Solution;
            include!(concat!("../../../solutions/", $path));
        })*
    };
}

leetcode! {
    lc36_01 => "lc36_01_hash_sets.rs",
    lc36_02 => "lc36_02_bool_arrays.rs",
    lc36_03 => "lc36_03_bitmasks.rs",
    lc37_01 => "lc37_01_scan_flag.rs",
    lc37_02 => "lc37_02_hash_sets_flag.rs",
    lc37_03 => "lc37_03_hash_sets_bool.rs",
    lc37_04 => "lc37_04_bitmasks.rs",
    lc37_05 => "lc37_05_marks_forward.rs",
    lc37_06 => "lc37_06_marks_rescan.rs",
    lc37_07 => "lc37_07_explicit_stack.rs",
    lc37_08 => "lc37_08_scan_next_cell.rs",
    lc37_09 => "lc37_09_wrong_dfs.rs",
    lc37_11 => "lc37_11_bitboard.rs",
}

// The stdin programs are not for LeetCode, whose 1.58 is the crate's floor:
// lanqiao.rs gets 1.63, the rustc .ci/old-rustc builds it with, and
// lanqiao_proconio.rs, which shares its code, the same (its judge, AtCoder,
// is newer still).
#[clippy::msrv = "1.63"]
#[path = "../../../solutions/lanqiao.rs"]
pub mod lanqiao;

#[clippy::msrv = "1.63"]
#[path = "../../../solutions/lanqiao_proconio.rs"]
pub mod lanqiao_proconio;

// The online-judge family: stdin programs held to 1.63 as lanqiao.rs is
// (.ci/old-rustc builds each with a real rustc 1.63 too).
macro_rules! stdin_programs {
    ($($name:ident => $path:literal),* $(,)?) => {
        $(
            #[clippy::msrv = "1.63"]
            #[path = $path]
            pub mod $name;
        )*
    };
}

stdin_programs! {
    poj2676 => "../../../solutions/poj2676.rs",
    poj3074 => "../../../solutions/poj3074.rs",
    poj3076 => "../../../solutions/poj3076.rs",
    spoj_sudoku => "../../../solutions/spoj_sudoku.rs",
    p1074 => "../../../solutions/p1074.rs",
    hdu1426 => "../../../solutions/hdu1426.rs",
    hdu4069 => "../../../solutions/hdu4069.rs",
    abc327c => "../../../solutions/abc327c.rs",
    cf1335d => "../../../solutions/cf1335d.rs",
}
