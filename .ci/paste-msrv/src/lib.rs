//! Every file of `solutions/`, compiled for clippy's MSRV check only; the
//! list is `build.rs`'s (LeetCode files at 1.58, stdin programs at 1.63).
#![allow(dead_code, clippy::all)]
#![warn(clippy::incompatible_msrv)]

include!(concat!(env!("OUT_DIR"), "/solutions.rs"));
