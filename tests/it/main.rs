//! The integration tests: one crate, so a test build links the library and
//! the test code once, and `cargo test` runs every area's tests together on
//! the machine's cores. One module per area; `common` (child processes under
//! limits) and `browser` (headless Chromium) serve the others.
//!
//! `cargo test --test it AREA::` runs one area, e.g. `cargo test --test it trace::`.

#[cfg(unix)]
mod browser;
mod common;

mod agreement;
mod batch_cli;
mod bounded;
mod contestant;
mod dlx;
mod family;
mod fast;
mod fuzz_regressions;
mod gen_cli;
mod judge;
mod lanqiao;
mod leetcode;
mod paste_ready;
mod readme;
mod sandbox;
mod sandbox_cache;
mod trace;
mod trace_page;
mod trace_recorders;
mod user_file;
