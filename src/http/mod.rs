//! The HTTP layer: actix-web handlers (one file per resource), problem+json errors, the bearer
//! extractor, rate limits, metrics and the OpenAPI document generated from the handlers.
//!
//! A crate of its own (`src/http`, docs/ARCHITECTURE.md): it asks the use cases
//! (`spider-play`) and names nothing under them, so it cannot read the store or hold policy.

// The floors it stands on, under the names the rest of the service knows them by: the use
// cases, and the engine's and the domain's vocabulary as the use cases hand it up.
use spider_config as config;
use spider_i18n as i18n;
use spider_i18n::t;
use spider_jobs as jobs;
use spider_play as play;
use spider_play::{domain, engine};

pub mod board;
pub mod document;
pub mod edge;
pub mod error;
pub mod identity;
mod refusals;
pub mod resources;
pub mod respond;
mod routes;
pub mod searches;
pub mod sse;
mod state;
pub mod wire;

use std::net::TcpListener;
use std::time::Duration;

use actix_cors::Cors;
use actix_web::dev::Server;
use actix_web::http::header;
use actix_web::middleware::from_fn;
use actix_web::{web, App, HttpServer};
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;
use utoipa_swagger_ui::SwaggerUi;

use crate::config::Config;
pub use document::openapi;
use resources::{analysis, integrations, page};
pub use state::{blocking, AppState, Serving};

/// What `crate::app` builds for the HTTP layer to serve.
pub struct Parts {
    pub play: crate::play::Play,
    pub accounts: crate::play::accounts::Accounts,
    pub limits: edge::ratelimit::Limits,
    pub jobs: crate::jobs::Jobs,
}

fn cors(origins: &[String]) -> Cors {
    let cors = if origins.is_empty() {
        Cors::default().allow_any_origin()
    } else {
        origins
            .iter()
            .fold(Cors::default(), |c, o| c.allowed_origin(o))
    };
    cors.allowed_methods(["GET", "POST", "PUT", "PATCH", "DELETE"])
        .allowed_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            header::ACCEPT,
            header::IF_MATCH,
            header::IF_NONE_MATCH,
            header::HeaderName::from_static("idempotency-key"),
        ])
        .expose_headers([
            header::ETAG,
            header::LOCATION,
            header::RETRY_AFTER,
            header::HeaderName::from_static("x-request-id"),
            header::HeaderName::from_static("idempotent-replayed"),
            header::HeaderName::from_static(analysis::SOURCE_HEADER),
        ])
        .max_age(3600)
}

/// How long a stopping server lets requests in flight finish (streams are cut at it; their
/// clients resume with `Last-Event-ID`). Well inside a container engine's default 10 s
/// between SIGTERM and SIGKILL, leaving time to stop the jobs and close the database after.
pub const SHUTDOWN_SECONDS: u64 = 5;

/// Blocking threads each worker may run: the database pool's connections and a few more (a
/// hash or a search does not wait for a connection).
fn blocking_threads(db_pool_size: u32) -> usize {
    usize::try_from(db_pool_size).unwrap_or(16).max(4) + 8
}

/// Serve `parts` on `listener` (all built by `crate::app`). The caller awaits the returned
/// server (or spawns it in tests).
pub fn serve(config: &Config, parts: Parts, listener: TcpListener) -> std::io::Result<Server> {
    let Parts {
        play,
        accounts,
        limits,
        jobs,
    } = parts;
    let limiter = web::Data::new(limits.requests.clone());
    let state = web::Data::new(AppState {
        play,
        accounts,
        limits,
        jobs,
        metrics: edge::metrics::Metrics::new().map_err(std::io::Error::other)?,
        serving: Serving::new(config),
        chat: integrations::Chat::new(config),
    });
    // The in-memory limits forget what is older than their window, once a minute.
    // An arena's results posted into the chat channel it was made in, once it ends.
    integrations::posts::start(&state, config.jobs.scheduled_work);
    let (limits, chat) = (state.limits.clone(), state.chat.clone());
    state.jobs.every(Duration::from_secs(60), move || {
        limits.prune();
        chat.prune();
        std::future::ready(())
    });
    let doc = openapi();
    let table = web::Data::new(routes::RouteTable::from_openapi(&doc));
    let json_limit = config.serving.json_limit;
    let origins = config.serving.cors_origins.clone();
    let server = HttpServer::new(move || {
        let (app, _) = App::new()
            .into_utoipa_app()
            .openapi(document::ApiDoc::openapi())
            .app_data(state.clone())
            .app_data(limiter.clone())
            .app_data(table.clone())
            .app_data(
                web::JsonConfig::default()
                    .limit(json_limit)
                    .error_handler(routes::json_error),
            )
            .app_data(web::QueryConfig::default().error_handler(routes::query_error))
            .app_data(web::PathConfig::default().error_handler(routes::path_error))
            .configure(routes::routes)
            .split_for_parts();
        app.service(SwaggerUi::new("/docs/{_:.*}").url("/openapi.json", doc.clone()))
            .route("/docs", web::get().to(routes::docs_redirect))
            .route("/", web::get().to(page::index))
            .route("/oauth/authorize", web::get().to(page::index))
            .route("/js/{name}", web::get().to(page::module))
            .route("/l10n/{name}", web::get().to(page::messages))
            .route("/style.css", web::get().to(page::style))
            .default_service(web::to(routes::fallback))
            .wrap(from_fn(edge::language::negotiate))
            .wrap(from_fn(edge::metrics::record))
            .wrap(cors(&origins))
            .wrap(tracing_actix_web::TracingLogger::<
                edge::request_log::RequestSpan,
            >::new())
    })
    .workers(config.serving.workers.max(1))
    // Blocking work is database reads (and password hashing): threads past the pool's
    // connections would only wait for one. Unbounded (tokio's 512 a worker), opening thousands
    // of live streams at once started hundreds of threads that then lingered, each with its
    // stack and allocator cache (about 20 KiB a stream in all).
    .worker_max_blocking_threads(blocking_threads(config.storage.db_pool_size))
    .shutdown_timeout(SHUTDOWN_SECONDS)
    .listen(listener)?
    .run();
    Ok(server)
}
