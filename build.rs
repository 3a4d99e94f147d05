//! Rebuild when a shipped fixture is added or removed. `include_dir!`
//! embeds `inputs/<set>/` through `include_bytes!`, so cargo notices an
//! edited file, but on stable Rust nothing tells it about a new or deleted
//! one; a folder named here is scanned whole (sub-folders included) on
//! every build, so a new problem's set is seen too.

fn main() {
    println!("cargo:rerun-if-changed=inputs");
}
