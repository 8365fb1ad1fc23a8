//! Spider Solitaire: a pure rules engine and the HTTP service built on it.

pub mod app;
/// Who is asking (passwords, session tokens), a crate of its own (`src/auth`) beside the floors.
pub use spider_auth as auth;
pub mod cli;
/// The service's settings, a crate of its own (`src/config`) beside the floors.
pub use spider_config as config;
/// The product's own rules, a crate of its own (`src/domain`): the floor above the engine.
pub use spider_domain as domain;
/// The rules engine, a crate of its own (`src/engine`): the bottom floor.
pub use spider_engine as engine;
/// The HTTP layer, a crate of its own (`src/http`) above the use cases.
pub use spider_http as http;
/// What players read, in their language: a crate of its own (`src/i18n`) beside the floors.
pub use spider_i18n as i18n;
pub use spider_i18n::t;
/// The background work, a crate of its own (`src/jobs`) above the use cases.
pub use spider_jobs as jobs;
/// The use cases, a crate of their own (`src/play`): the application layer.
pub use spider_play as play;
/// Persistence, a crate of its own (`src/store`): the floor above the domain.
pub use spider_store as store;

/// Set up `tracing` logs on standard error at `level` (an `EnvFilter` directive such as `info`
/// or `spider=debug`): one JSON object a line when `json` (for log collectors), else text,
/// coloured only when standard error is a terminal (a container's log has no escape codes).
pub fn init_logging(level: &str, json: bool) {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_new(level)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = if json {
        // The current span once (a request's fields), not again as a list of every span.
        logs.json().with_span_list(false).try_init()
    } else {
        logs.with_ansi(std::io::stderr().is_terminal()).try_init()
    };
}
