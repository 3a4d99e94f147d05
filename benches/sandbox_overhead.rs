//! What the sandbox costs a case: a program that exits at once, run 100
//! times through the supervisor as the judge runs a case (its own pid,
//! mount and network namespaces, the new root, the run's user id, seccomp,
//! the memory cgroup where the machine has one, the 1 ms poll), timed from
//! the judge's call to the report in its hands.
//!
//! `cargo bench --bench sandbox_overhead [-- --runs N]`

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use sudoku_workspace::sandbox::{End, Limits, Supervisor, View, THREADS};

fn main() {
    let runs: usize = std::env::args()
        .skip_while(|a| a != "--runs")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let supervisor = Supervisor::of(&PathBuf::from(env!("CARGO_BIN_EXE_sudoku")));
    let limits = Limits {
        cpu: Duration::from_secs(2),
        wall: Duration::from_secs(6),
        memory_kib: 256 << 10,
        output_bytes: 64 << 20,
        disk_bytes: 16 << 20,
        processes: 1,
        threads: THREADS,
        address_space: true,
    };
    let view = View {
        binds: Vec::new(),
        work: None,
    };
    let program = OsString::from("/usr/bin/true");
    let mut times = Vec::with_capacity(runs);
    let mut isolation = None;
    for _ in 0..runs {
        let start = Instant::now();
        let run = supervisor
            .run(&program, &[], None, &limits, &view)
            .expect("the sandbox runs");
        times.push(start.elapsed().as_secs_f64() * 1e3);
        assert_eq!(run.end, End::Exit(0));
        isolation = Some((run.isolation, run.memory_cgroup));
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let (isolation, cgroup) = isolation.expect("at least one run");
    println!("/usr/bin/true, {runs} runs one after another, wall clock per run (ms)");
    println!(
        "sandbox: {isolation}; {}",
        if cgroup {
            "a memory cgroup per run"
        } else {
            "memory polled"
        }
    );
    println!(
        "min {:.2}  median {:.2}  p90 {:.2}  max {:.2}",
        at(0.0),
        at(0.5),
        at(0.9),
        at(1.0)
    );
}
