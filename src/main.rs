fn main() {
    println!("spider {}", env!("CARGO_PKG_VERSION"));
}
