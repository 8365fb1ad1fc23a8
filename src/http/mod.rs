//! The HTTP layer: actix-web handlers (one file per resource), problem+json errors, the bearer
//! extractor, rate limits, metrics and the OpenAPI document generated from the handlers.

pub mod accounts;
pub mod analysis;
mod apidoc;
pub mod chat;
pub mod chat_links;
pub mod contract;
pub mod daily;
pub mod error;
pub mod exports;
pub mod games;
pub mod hints;
pub mod identity;
pub mod integrations;
pub mod live;
pub mod metrics;
pub mod names;
pub mod oauth;
pub mod ops;
pub mod page;
pub mod profiles;
pub mod races;
pub mod ratelimit;
pub mod records;
mod refusals;
mod request_log;
pub mod searches;
pub mod sse;
pub mod tokens;
pub mod wire;

use std::net::TcpListener;
use std::time::Duration;

use actix_cors::Cors;
use actix_web::dev::Server;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::from_fn;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_actix_web::{scope, AppExt};
use utoipa_swagger_ui::SwaggerUi;

use crate::auth::Tokens;
use crate::config::Config;
use error::ApiError;

/// What every handler may reach. Holds no game state: every request replays from the database.
#[derive(Clone)]
pub struct AppState {
    /// The application layer: every use case is asked through it.
    pub play: crate::play::Play,
    /// The scheduled jobs of this instance, which run as long as this state lives.
    pub jobs: crate::jobs::Jobs,
    pub tokens: Tokens,
    pub metrics: metrics::Metrics,
    /// The bearer token `/metrics` asks for, if any.
    pub metrics_token: Option<crate::config::Secret>,
    /// Live streams one user may have open here.
    pub streams_per_user: usize,
    /// Live streams one client address may have open here (0: no limit).
    pub streams_per_address: usize,
    /// How long a live stream may go without an event before it ends.
    pub stream_idle: Duration,
    /// The bounded turns to hash or verify a password.
    pub hashing: crate::auth::Hashing,
    /// Sign-in attempts per username, if limited.
    pub login_limiter: Option<ratelimit::PasswordGuesses>,
    /// New guest accounts per client address, if limited.
    pub guest_limiter: Option<ratelimit::LoginLimiter>,
    /// App approvals per account and code trades per address (a minute each).
    pub app_limiter: Option<ratelimit::LoginLimiter>,
    /// Bulk exports per client address a minute.
    pub bulk_limiter: Option<ratelimit::LoginLimiter>,
    /// The server's public base URL (`PUBLIC_URL`), for the OAuth metadata.
    pub public_url: Option<String>,
    /// The header a trusted proxy gives the client's address in, if told so.
    pub client_ip_header: Option<actix_web::http::header::HeaderName>,
    /// Access tokens seen to verify (for rate-limit buckets).
    pub known_tokens: std::sync::Arc<ratelimit::KnownTokens>,
    /// Session checks remembered for a moment.
    pub session_checks: std::sync::Arc<crate::play::accounts::SessionChecks>,
    /// The chat platforms' settings and limits.
    pub chat: integrations::Chat,
}

impl AppState {
    /// What the application layer's use cases reach.
    pub fn play(&self) -> &crate::play::Play {
        &self.play
    }

    /// What the account use cases reach.
    pub fn accounts(&self) -> crate::play::accounts::Accounts {
        crate::play::accounts::Accounts {
            db: self.play.db.clone(),
            hashing: self.hashing.clone(),
            tokens: self.tokens.clone(),
            checks: self.session_checks.clone(),
            live: self.play.live.clone(),
        }
    }
}

/// Run blocking work (diesel, argon2) off the async workers.
pub async fn blocking<T, F>(f: F) -> Result<T, ApiError>
where
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    web::block(f).await?
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Spider Solitaire API",
        description = "Spider Solitaire (1, 2 and 4 suits) and Spiderette as a service: numbered \
            deals, moves validated by a rules engine, undo, Windows scoring. Every game is its deal \
            plus a log of accepted actions, replayed on each request. Errors are RFC 9457 problem \
            details with a stable `code`. Columns are numbered from 1.\n\n\
            Requests are held to this document: a value it does not allow (a suit count other \
            than 1, 2 or 4, a limit out of range, a malformed header, date or cursor) is refused \
            with 400 `invalid_request` before anything is done. A JSON body with a field this \
            document does not name is refused the same way, on every operation (no field is \
            ever ignored silently: a misspelt `rules.undo` would otherwise play with the \
            default).",
        license(name = "MIT", identifier = "MIT"),
        contact(name = "Spider Solitaire service maintainers"),
    ),
    servers((url = "/", description = "This server")),
    tags(
        (name = "auth", description = "Accounts and bearer tokens"),
        (name = "games", description = "Playing games"),
        (name = "daily", description = "The daily challenge: one deal a day for everyone"),
        (name = "records", description = "Personal records and all-time leaderboards"),
        (name = "races", description = "Races: a party plays the same deal, with CPU opponents"),
        (name = "chat", description = "For chat bots: the board as text, and typed commands"),
        (name = "integrations", description = "Chat platforms call these: Discord, Slack and Telegram, each signed, each off until its secret is set"),
        (name = "apps", description = "Apps sign players in without their password: OAuth 2 authorization code with PKCE (S256), no app registration"),
        (name = "ops", description = "Health, readiness and metrics"),
    ),
    components(schemas(error::Problem)),
    modifiers(&BearerScheme)
)]
struct ApiDoc;

struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(
                        "A session token from /v1/auth/register, /v1/auth/login or \
                         /v1/auth/guest: allows every operation",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("spider_pat_…")
                    .description(Some(
                        "A personal access token from POST /v1/users/me/tokens: allows the \
                         operations whose security lists one of its scopes (games:read, \
                         games:write; games:write includes games:read)",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "metrics",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "The server's METRICS_TOKEN, when it is given one: only GET /metrics \
                         takes it",
                    ))
                    .build(),
            ),
        );
    }
}

/// Problems any operation may answer that its own annotation does not list: 429 from the
/// rate limits on every `/v1` operation, and 413/415 on those that take a JSON body.
struct CommonProblems;

impl Modify for CommonProblems {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{header::HeaderBuilder, ContentBuilder, Ref, ResponseBuilder, Type};
        let problem = |description: &str, retry: bool| {
            let mut response = ResponseBuilder::new().description(description).content(
                "application/problem+json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("Problem")))
                    .build(),
            );
            if retry {
                response = response.header(
                    "Retry-After",
                    HeaderBuilder::new()
                        .schema(utoipa::openapi::ObjectBuilder::new().schema_type(Type::Integer))
                        .description(Some("Seconds to wait"))
                        .build(),
                );
            }
            response.build()
        };
        for (path, item) in openapi.paths.paths.iter_mut() {
            // The chat platforms' endpoints have limits of their own, answered in chat.
            if !path.starts_with("/v1/") || path.starts_with(ratelimit::INTEGRATIONS) {
                continue;
            }
            for operation in contract::operations(item) {
                let responses = &mut operation.responses.responses;
                responses.entry("429".into()).or_insert_with(|| {
                    problem(
                        "Too many requests (`rate_limited`): wait `Retry-After` seconds",
                        true,
                    )
                    .into()
                });
                let Some(body) = operation.request_body.as_ref() else {
                    continue;
                };
                if body.content.contains_key("application/json") {
                    responses.entry("413".into()).or_insert_with(|| {
                        problem("The body is too large (`payload_too_large`)", false).into()
                    });
                }
                // A body that may also be text is never refused for its type.
                if body.content.keys().all(|t| t == "application/json") {
                    responses.entry("415".into()).or_insert_with(|| {
                        problem("The body is not JSON (`unsupported_media_type`)", false).into()
                    });
                }
            }
        }
    }
}

/// Every documented route. The OpenAPI document is collected from exactly these.
fn routes(cfg: &mut ServiceConfig) {
    cfg.service(
        scope::scope("/v1")
            .wrap(from_fn(ratelimit::limit))
            .wrap(from_fn(contract::printable_path))
            .service(accounts::register)
            .service(accounts::login)
            .service(accounts::guest)
            .service(accounts::me)
            .service(accounts::logout)
            .service(accounts::logout_all)
            .service(accounts::change_password)
            .service(accounts::upgrade)
            .service(games::create_game)
            .service(exports::import_game)
            .service(exports::export_game)
            .service(games::get_game)
            .service(games::play_action)
            .service(games::legal_actions)
            .service(hints::hint)
            .service(analysis::get_analysis)
            .service(games::game_events)
            .service(games::restart_game)
            .service(games::list_my_games)
            .service(daily::today)
            .service(daily::start)
            .service(daily::leaderboard)
            .service(records::my_records)
            .service(profiles::set_hidden)
            .service(profiles::profile)
            .service(exports::export_user_games)
            .service(records::leaderboard)
            .service(live::stream)
            .service(chat::get_board)
            .service(chat::run_command)
            .service(integrations::discord::interactions)
            .service(integrations::slack::command)
            .service(integrations::telegram::update)
            .service(races::create_race)
            .service(races::get_race)
            .service(races::get_standings)
            .service(races::join_race)
            .service(races::start_race)
            .service(races::quit_race)
            .service(races::leave_race)
            .service(races::remove_seat)
            .service(races::stream_race)
            .service(oauth::describe)
            .service(oauth::approve)
            .service(oauth::token)
            .service(oauth::revoke)
            .service(tokens::create_token)
            .service(tokens::list_tokens)
            .service(tokens::revoke_token)
            .service(chat_links::create_code)
            .service(chat_links::list_links)
            .service(chat_links::remove_link),
    )
    .service(oauth::metadata)
    .service(ops::healthz)
    .service(ops::readyz)
    .service(ops::metrics);
}

/// The OpenAPI document of the routes above.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(routes)
        .split_for_parts()
        .1;
    // The paths exist only now that the routes are collected.
    CommonProblems.modify(&mut doc);
    apidoc::AppsScheme.modify(&mut doc);
    apidoc::Descriptions.modify(&mut doc);
    contract::Contract.modify(&mut doc);
    doc
}

/// Path templates and their methods, for telling 404 from 405.
#[derive(Clone, Default)]
pub struct RouteTable(Vec<(Vec<String>, Vec<Method>)>);

impl RouteTable {
    fn from_openapi(doc: &utoipa::openapi::OpenApi) -> RouteTable {
        let table = doc
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let segments = path.split('/').map(str::to_string).collect();
                let methods = [
                    (item.get.is_some(), Method::GET),
                    (item.post.is_some(), Method::POST),
                    (item.put.is_some(), Method::PUT),
                    (item.patch.is_some(), Method::PATCH),
                    (item.delete.is_some(), Method::DELETE),
                ]
                .into_iter()
                .filter_map(|(has, m)| has.then_some(m))
                .collect();
                (segments, methods)
            })
            .collect();
        RouteTable(table)
    }

    /// The methods of the templates `path` matches most exactly: a literal segment wins over
    /// a parameter (`/v1/games/import` is not `/v1/games/{id}`).
    fn allowed(&self, path: &str) -> Vec<Method> {
        let parts: Vec<&str> = path.split('/').collect();
        let matching: Vec<(usize, &Vec<Method>)> = self
            .0
            .iter()
            .filter(|(segments, _)| {
                segments.len() == parts.len()
                    && segments
                        .iter()
                        .zip(&parts)
                        .all(|(s, p)| s.starts_with('{') || s == p)
            })
            .map(|(segments, methods)| {
                (
                    segments.iter().filter(|s| !s.starts_with('{')).count(),
                    methods,
                )
            })
            .collect();
        let most = matching.iter().map(|(n, _)| *n).max().unwrap_or(0);
        matching
            .into_iter()
            .filter(|(n, _)| *n == most)
            .flat_map(|(_, methods)| methods.iter().cloned())
            .collect()
    }
}

async fn fallback(
    req: HttpRequest,
    table: web::Data<RouteTable>,
) -> Result<HttpResponse, ApiError> {
    let allowed = table.allowed(req.path());
    Err(if allowed.is_empty() {
        ApiError::not_found(format!(
            "There is no endpoint {} {}. The API is described at /docs and /openapi.json.",
            req.method(),
            req.path()
        ))
    } else {
        let list = allowed
            .iter()
            .map(Method::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "Method not allowed",
            format!(
                "{} is not allowed on {}: use {list}.",
                req.method(),
                req.path()
            ),
        )
        .with_header(header::ALLOW, list)
    })
}

async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((header::LOCATION, "/docs/"))
        .finish()
}

fn json_error(err: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    let error = match &err {
        JsonPayloadError::Overflow { limit }
        | JsonPayloadError::OverflowKnownLength { limit, .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            "Payload too large",
            format!("The request body is larger than the {limit} bytes accepted."),
        ),
        JsonPayloadError::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Unsupported media type",
            "Send the body as JSON with `Content-Type: application/json`.",
        ),
        JsonPayloadError::Deserialize(e) if e.is_data() => {
            ApiError::invalid_request(format!("The JSON body does not fit this operation: {e}."))
        }
        JsonPayloadError::Deserialize(e) => {
            ApiError::invalid_request(format!("The body is not valid JSON: {e}."))
        }
        other => ApiError::invalid_request(format!("The request body could not be read: {other}.")),
    };
    error.into()
}

fn query_error(err: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::invalid_request(format!("The query string is not valid: {err}.")).into()
}

fn path_error(err: PathError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::invalid_request(format!("The path is not valid: {err}.")).into()
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

/// Serve `play` on `listener`, with the scheduled work `jobs` (both built by `crate::app`).
/// The caller awaits the returned server (or spawns it in tests).
pub fn serve(
    config: &Config,
    play: crate::play::Play,
    jobs: crate::jobs::Jobs,
    listener: TcpListener,
) -> std::io::Result<Server> {
    let state = web::Data::new(AppState {
        tokens: Tokens::new(&config.accounts.jwt_secret, config.accounts.jwt_ttl_seconds),
        metrics: metrics::Metrics::new(),
        metrics_token: config.serving.metrics_token.clone(),
        streams_per_user: config.limits.streams_per_user,
        streams_per_address: config.limits.streams_per_address,
        stream_idle: config.limits.stream_idle,
        hashing: crate::auth::Hashing::new(
            config.accounts.password_hashes,
            config.accounts.password_hash_wait,
        ),
        login_limiter: ratelimit::PasswordGuesses::new(config.limits.login_attempts_per_minute),
        guest_limiter: ratelimit::LoginLimiter::new(config.limits.guests_per_minute),
        app_limiter: ratelimit::LoginLimiter::new(config.limits.app_grants_per_minute),
        public_url: config.serving.public_url.clone(),
        bulk_limiter: ratelimit::LoginLimiter::new(config.limits.bulk_exports_per_minute),
        client_ip_header: config
            .serving
            .client_ip_header
            .as_deref()
            .and_then(|h| actix_web::http::header::HeaderName::try_from(h).ok()),
        known_tokens: std::sync::Arc::new(ratelimit::KnownTokens::new(100_000)),
        session_checks: std::sync::Arc::new(crate::play::accounts::SessionChecks::new(
            Duration::from_secs(1),
            100_000,
        )),
        chat: integrations::Chat::new(config),
        play,
        jobs,
    });
    let limiter = web::Data::new(ratelimit::Limiter::new(
        config.limits.rate_limit_per_second,
        config.limits.rate_limit_burst,
    ));
    // The in-memory limiters forget what is older than their window, once a minute.
    let (guesses, guests, apps, bulk, chat, requests) = (
        state.login_limiter.clone(),
        state.guest_limiter.clone(),
        state.app_limiter.clone(),
        state.bulk_limiter.clone(),
        state.chat.clone(),
        limiter.as_ref().clone(),
    );
    state.jobs.every(Duration::from_secs(60), move || {
        if let Some(l) = &requests {
            l.prune();
        }
        if let Some(l) = &guesses {
            l.prune();
        }
        for l in [&guests, &apps, &bulk].into_iter().flatten() {
            l.prune();
        }
        chat.prune();
        std::future::ready(())
    });
    let doc = openapi();
    let table = web::Data::new(RouteTable::from_openapi(&doc));
    let json_limit = config.serving.json_limit;
    let origins = config.serving.cors_origins.clone();
    let server = HttpServer::new(move || {
        let (app, _) = App::new()
            .into_utoipa_app()
            .openapi(ApiDoc::openapi())
            .app_data(state.clone())
            .app_data(limiter.clone())
            .app_data(table.clone())
            .app_data(
                web::JsonConfig::default()
                    .limit(json_limit)
                    .error_handler(json_error),
            )
            .app_data(web::QueryConfig::default().error_handler(query_error))
            .app_data(web::PathConfig::default().error_handler(path_error))
            .configure(routes)
            .split_for_parts();
        app.service(SwaggerUi::new("/docs/{_:.*}").url("/openapi.json", doc.clone()))
            .route("/docs", web::get().to(docs_redirect))
            .route("/", web::get().to(page::index))
            .route("/oauth/authorize", web::get().to(page::index))
            .route("/js/{name}", web::get().to(page::module))
            .route("/style.css", web::get().to(page::style))
            .default_service(web::to(fallback))
            .wrap(from_fn(metrics::record))
            .wrap(cors(&origins))
            .wrap(tracing_actix_web::TracingLogger::<request_log::RequestSpan>::new())
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
