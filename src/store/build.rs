//! The migrations (`migrations/` at the repository's top) are embedded at compile time
//! (`migrations.rs`): a migration added or changed builds the store again.

fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
