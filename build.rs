//! Rebuild when a shipped fixture is added or removed. `include_dir!`
//! embeds `inputs/<set>/` through `include_bytes!`, so cargo notices an
//! edited file, but on stable Rust nothing tells it about a new or deleted
//! one; a folder named here is scanned whole on every build.

fn main() {
    for set in ["inputs/lc36", "inputs/lc37", "inputs/lanqiao"] {
        println!("cargo:rerun-if-changed={set}");
    }
}
