//! Build-time inputs: the web client's modules (`web/js/*.js` at the workspace's top) are
//! listed here for `page.rs` to embed, so a module added to the folder is served without a
//! second list to keep.

#![allow(
    clippy::expect_used,
    reason = "a build script fails by panicking, and Cargo shows the message"
)]

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=../../web/js");
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&root).join("../../web/js");
    // No folder at all (the container's dependency layer builds with stand-in sources): no
    // modules; the real build runs this again.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".js"))
        .collect();
    names.sort();
    let mut list = String::from("&[\n");
    for name in &names {
        let path = dir.join(name);
        writeln!(
            list,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    list.push(']');
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join("web_modules.rs"), list).expect("OUT_DIR is writable");
}
