//! Spider Solitaire: a pure rules engine and the HTTP service built on it.

pub mod auth;
pub mod config;
pub mod domain;
pub mod engine;
pub mod http;
pub mod play;
pub mod solve_cli;
pub mod store;
pub mod winnable;

/// The daily calendar and race rules by their earlier paths (`spider::daily`, `spider::race`).
pub use domain::{daily, race};

/// Set up `tracing` logs at `level` (an `EnvFilter` directive such as `info` or `spider=debug`).
pub fn init_logging(level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_new(level)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
}
