//! What every handler may reach, and the helper that runs blocking work off the async
//! workers.

use std::time::Duration;

use super::edge::{metrics, ratelimit};
use super::error::ApiError;
use super::integrations;

/// What every handler may reach. Holds no game state: every request replays from the database.
/// The application's parts (the use cases, the account services, the limits, the scheduled
/// jobs) are built by `crate::app`; HTTP adds only its own settings, metrics and the chat
/// platforms' endpoints.
#[derive(Clone)]
pub struct AppState {
    /// The application layer: every use case is asked through it.
    pub play: crate::play::Play,
    /// Accounts, sessions and tokens: password hashing, token signing, session checks.
    pub accounts: crate::play::accounts::Accounts,
    /// The in-memory limits of this instance.
    pub limits: ratelimit::Limits,
    /// The scheduled jobs of this instance, which run as long as this state lives.
    pub jobs: crate::jobs::Jobs,
    pub metrics: metrics::Metrics,
    pub serving: Serving,
    /// The chat platforms' settings and limits.
    pub chat: integrations::Chat,
}

/// HTTP's own settings.
#[derive(Clone)]
pub struct Serving {
    /// The bearer token `/metrics` asks for, if any.
    pub metrics_token: Option<crate::config::Secret>,
    /// Live streams one user may have open here.
    pub streams_per_user: usize,
    /// Live streams one client address may have open here (0: no limit).
    pub streams_per_address: usize,
    /// How long a live stream may go without an event before it ends.
    pub stream_idle: Duration,
    /// The server's public base URL (`PUBLIC_URL`), for the OAuth metadata.
    pub public_url: Option<String>,
    /// The header a trusted proxy gives the client's address in, if told so.
    pub client_ip_header: Option<actix_web::http::header::HeaderName>,
}

impl Serving {
    pub fn new(config: &crate::config::Config) -> Serving {
        Serving {
            metrics_token: config.serving.metrics_token.clone(),
            streams_per_user: config.limits.streams_per_user,
            streams_per_address: config.limits.streams_per_address,
            stream_idle: config.limits.stream_idle,
            public_url: config.serving.public_url.clone(),
            client_ip_header: config
                .serving
                .client_ip_header
                .as_deref()
                .and_then(|h| actix_web::http::header::HeaderName::try_from(h).ok()),
        }
    }
}

impl AppState {
    /// What the application layer's use cases reach.
    pub fn play(&self) -> &crate::play::Play {
        &self.play
    }
}

/// Run blocking work off the async workers, refused as a problem: `play`'s one helper
/// ([`crate::play::off_the_workers`]) for work whose errors are HTTP's.
pub async fn blocking<T, F>(f: F) -> Result<T, ApiError>
where
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    crate::play::off_the_workers(f).await?
}
