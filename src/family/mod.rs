//! The online-judge Sudoku family: each `solutions/KEY.rs` (a std-only stdin
//! program, also the binary `KEY`) as a module, so the judge's runner and the
//! tests call its `run` in memory.

pub mod cases;

/// A stdin program's `run`: stdout, or the exit code and the stderr line.
pub type Program = fn(&str) -> Result<String, (u8, String)>;

macro_rules! programs {
    ($($key:ident => $path:literal),* $(,)?) => {
        $(
            #[doc = concat!("`solutions/", stringify!($key), ".rs`.")]
            #[allow(dead_code)]
            #[path = $path]
            pub mod $key;
        )*

        /// Every stdin program by key, the Lanqiao pair included.
        pub const PROGRAMS: &[(&str, Program)] = &[
            ("lanqiao", |i| crate::lanqiao::run(i).map_err(|f| (f.exit_code(), f.to_string()))),
            (
                "lanqiao_proconio",
                |i| crate::lanqiao_proconio::run(i).map_err(|f| (f.exit_code(), f.to_string())),
            ),
            $((stringify!($key), |i| $key::run(i).map_err(|f| (f.exit_code(), f.to_string())))),*
        ];
    };
}

// `#[path]` takes only a literal, so each file is spelled out.
programs! {
    poj2676 => "../../solutions/poj2676.rs",
    poj3074 => "../../solutions/poj3074.rs",
    poj3076 => "../../solutions/poj3076.rs",
    spoj_sudoku => "../../solutions/spoj_sudoku.rs",
    p1074 => "../../solutions/p1074.rs",
    hdu1426 => "../../solutions/hdu1426.rs",
    hdu4069 => "../../solutions/hdu4069.rs",
    abc327c => "../../solutions/abc327c.rs",
    cf1335d => "../../solutions/cf1335d.rs",
}

/// The stdin program named `key`.
pub fn program(key: &str) -> Option<Program> {
    PROGRAMS.iter().find(|(k, _)| *k == key).map(|&(_, p)| p)
}
