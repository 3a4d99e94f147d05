//! The fuzz targets' checks (`src/fuzzing.rs`) on every committed input:
//! the minimised corpus under `fuzz/corpus/TARGET/` and every crash found
//! once, under `fuzz/regressions/TARGET/`. No fuzzer needed.

use std::path::Path;
use sudoku_workspace::fuzzing::TARGETS;

#[test]
fn every_committed_fuzz_input_passes_its_targets_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut replayed = 0;
    for (target, check) in TARGETS {
        for folder in ["corpus", "regressions"] {
            let dir = root.join(folder).join(target);
            let Ok(entries) = std::fs::read_dir(&dir) else {
                panic!("{} is missing", dir.display());
            };
            for entry in entries {
                let path = entry.unwrap().path();
                if path.file_name().is_some_and(|n| n == ".gitkeep") {
                    continue;
                }
                let data = std::fs::read(&path).unwrap();
                let caught = std::panic::catch_unwind(|| check(&data));
                assert!(
                    caught.is_ok(),
                    "{target}: {} fails its check",
                    path.display()
                );
                replayed += 1;
            }
        }
    }
    assert!(
        replayed >= TARGETS.len(),
        "only {replayed} inputs: is the corpus committed?"
    );
}
