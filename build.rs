// Embedded migrations (src/store/mod.rs) are read at compile time: rebuild when one changes.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
