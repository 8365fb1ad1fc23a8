//! The OpenAPI document: generated from the handlers' annotations and the route list, then
//! finished by the modifiers here and in [`finishing`]; [`names`] gives the engine's and the
//! store's enums their schemas under the API's names.

mod finishing;
pub mod names;

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt;

use super::edge::{contract, ratelimit};
use super::{error, routes};
use actix_web::App;

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
        (name = "puzzles", description = "Puzzles: a position from a real game, a goal within a few moves, one proven answer; rated"),
        (name = "records", description = "Personal records and all-time leaderboards"),
        (name = "races", description = "Races: a party plays the same deal, with CPU opponents"),
        (name = "arenas", description = "Arenas: a tournament on shared deals; join any time while it runs, points per deal, live standings"),
        (name = "chat", description = "For chat bots: the board as text, and typed commands"),
        (name = "integrations", description = "Chat platforms call these: Discord, Slack and Telegram, each signed, each off until its secret is set"),
        (name = "apps", description = "Apps sign players in without their password: OAuth 2 authorization code with PKCE (S256), no app registration"),
        (name = "ops", description = "Health, readiness and metrics"),
    ),
    components(schemas(error::Problem)),
    modifiers(&BearerScheme)
)]
pub(super) struct ApiDoc;

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

/// The body of every refusal: RFC 9457's media type with the `Problem` schema.
fn problem_body() -> (&'static str, utoipa::openapi::Content) {
    use utoipa::openapi::{ContentBuilder, Ref};
    let schema = Ref::from_schema_name("Problem");
    (
        "application/problem+json",
        ContentBuilder::new().schema(Some(schema)).build(),
    )
}

/// Every refusal an annotation lists (a status of 400 or more) whose body it does not name is an
/// RFC 9457 problem: `application/problem+json` with the `Problem` schema. The annotations give
/// only what differs from one refusal to the next (the status, the sentence with its `code`, a
/// `Retry-After` header); the body is written once, here.
struct ProblemBodies;

impl Modify for ProblemBodies {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::RefOr;
        for item in openapi.paths.paths.values_mut() {
            for operation in contract::operations(item) {
                for (status, response) in &mut operation.responses.responses {
                    let refusal = status.parse::<u16>().is_ok_and(|s| s >= 400);
                    if let (true, RefOr::T(response)) = (refusal, response) {
                        if response.content.is_empty() {
                            let (media_type, body) = problem_body();
                            response.content.insert(media_type.into(), body);
                        }
                    }
                }
            }
        }
    }
}

/// Problems any operation may answer that its own annotation does not list: 429 from the
/// rate limits on every `/v1` operation, and 413/415 on those that take a JSON body.
struct CommonProblems;

impl Modify for CommonProblems {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{header::HeaderBuilder, ResponseBuilder, Type};
        let problem = |description: &str, retry: bool| {
            let (media_type, body) = problem_body();
            let mut response = ResponseBuilder::new()
                .description(description)
                .content(media_type, body);
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
        for (path, item) in &mut openapi.paths.paths {
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

/// The OpenAPI document of the routes above.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(routes::routes)
        .split_for_parts()
        .1;
    // The paths exist only now that the routes are collected.
    ProblemBodies.modify(&mut doc);
    CommonProblems.modify(&mut doc);
    finishing::AppsScheme.modify(&mut doc);
    finishing::AccessProblems.modify(&mut doc);
    finishing::Descriptions.modify(&mut doc);
    finishing::Languages.modify(&mut doc);
    contract::Contract.modify(&mut doc);
    doc
}
