//! The `spider` binary: the command line lives in `spider::cli`.

use std::process::ExitCode;

// Request handling allocates many small objects on many threads; jemalloc keeps that cheap
// where glibc's malloc spent a seventh of the server's time under load. Its background thread
// (the `background_threads` feature) gives freed memory back to the system even when the
// server is quiet: after a crowd of live streams leaves, not at the next busy moment.
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    spider::cli::main()
}
