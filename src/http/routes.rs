//! The routes: every documented operation ([`routes`], from which the OpenAPI document is
//! collected), and the answers for what matches none of them: 404 and 405 from the same list,
//! and the refusals of a body, query or path that does not fit.

use crate::t;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::from_fn;
use actix_web::{web, HttpRequest, HttpResponse};
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use super::edge::{contract, ratelimit};
use super::error::ApiError;
use super::resources::*;

/// Every documented route. The OpenAPI document is collected from exactly these.
pub(super) fn routes(cfg: &mut ServiceConfig) {
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
            .service(games::post_action)
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
            .service(puzzles::daily)
            .service(puzzles::next)
            .service(puzzles::export::export)
            .service(puzzles::streaks::streak_board)
            .service(puzzles::streaks::start_streak)
            .service(puzzles::streaks::get_streak)
            .service(puzzles::streaks::attempt_streak)
            .service(puzzles::get_puzzle)
            .service(puzzles::attempt)
            .service(puzzles::my_puzzles)
            .service(puzzles::my_activity)
            .service(profiles::set_profile)
            .service(profiles::profile)
            .service(exports::export_user_games)
            .service(records::leaderboard)
            .service(live::stream)
            .service(chat::get_board)
            .service(chat::run_command)
            .service(integrations::discord::interactions)
            .service(integrations::slack::command)
            .service(integrations::telegram::update)
            .service(arenas::list_arenas)
            .service(arenas::create_arena)
            .service(arenas::get_arena)
            .service(arenas::join_arena)
            .service(arenas::leave_arena)
            .service(arenas::next_deal)
            .service(arenas::get_standings)
            .service(arenas::stream_arena)
            .service(arenas::my_arenas)
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

/// Path templates and their methods, for telling 404 from 405.
#[derive(Clone, Default)]
pub struct RouteTable(Vec<(Vec<String>, Vec<Method>)>);

impl RouteTable {
    pub(super) fn from_openapi(doc: &utoipa::openapi::OpenApi) -> RouteTable {
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

pub(super) async fn fallback(
    req: HttpRequest,
    table: web::Data<RouteTable>,
) -> Result<HttpResponse, ApiError> {
    let allowed = table.allowed(req.path());
    Err(if allowed.is_empty() {
        ApiError::not_found(t!(
            "no-endpoint",
            method = req.method().as_str(),
            path = req.path()
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
            "title-method-not-allowed",
            t!(
                "method-not-allowed",
                method = req.method().as_str(),
                path = req.path(),
                allowed = list.as_str()
            ),
        )
        .with_header(header::ALLOW, list)
    })
}

pub(super) async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((header::LOCATION, "/docs/"))
        .finish()
}

pub(super) fn json_error(err: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    let error = match &err {
        JsonPayloadError::Overflow { limit }
        | JsonPayloadError::OverflowKnownLength { limit, .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            "title-payload-too-large",
            t!("payload-too-large", limit = *limit),
        ),
        JsonPayloadError::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "title-unsupported-media-type",
            t!("json-media-type"),
        ),
        JsonPayloadError::Deserialize(e) if e.is_data() => ApiError::invalid_request(t!(
            "json-does-not-fit",
            error = parser_words(&e.to_string())
        )),
        JsonPayloadError::Deserialize(e) => {
            let (line, column) = (e.line(), e.column());
            let words = if e.is_eof() {
                t!("parse-ends-early", line = line, column = column)
            } else {
                t!("parse-syntax", line = line, column = column)
            };
            ApiError::invalid_request(t!("json-invalid", error = words))
        }
        other => {
            ApiError::invalid_request(t!("body-unreadable-because", error = other.to_string()))
        }
    };
    error.into()
}

pub(super) fn query_error(err: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    let words = match &err {
        QueryPayloadError::Deserialize(e) => parser_words(&e.to_string()),
        other => other.to_string().into(),
    };
    ApiError::invalid_request(t!("query-invalid", error = words)).into()
}

/// A parser's refusal in the caller's language where its kind is one we know (a field this
/// operation does not take, one missing or given twice, a value none of the allowed ones): the
/// names and values it quotes stay as they are. Any other keeps the parser's own words.
fn parser_words(raw: &str) -> crate::i18n::Arg {
    // serde_json adds where it was; the field's name says it better.
    let said = raw.rsplit_once(" at line ").map_or(raw, |(said, _)| said);
    let quoted = |rest: &str| {
        rest.split_once('`')
            .map(|(name, after)| (name.to_string(), after.to_string()))
    };
    let expected = |after: &str| {
        after
            .strip_prefix(", expected one of ")
            .or_else(|| after.strip_prefix(", expected "))
            .map(str::to_string)
    };
    if let Some((field, after)) = said.strip_prefix("unknown field `").and_then(quoted) {
        return match expected(&after) {
            Some(takes) => t!("parse-unknown-field", field = field, expected = takes),
            None => t!("parse-unknown-field-none", field = field),
        }
        .into();
    }
    if let Some((value, after)) = said.strip_prefix("unknown variant `").and_then(quoted) {
        if let Some(takes) = expected(&after) {
            return t!("parse-unknown-variant", value = value, expected = takes).into();
        }
    }
    if let Some((field, _)) = said.strip_prefix("missing field `").and_then(quoted) {
        return t!("parse-missing-field", field = field).into();
    }
    if let Some((field, _)) = said.strip_prefix("duplicate field `").and_then(quoted) {
        return t!("parse-duplicate-field", field = field).into();
    }
    raw.to_string().into()
}

pub(super) fn path_error(err: PathError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::invalid_request(t!("path-invalid", error = err.to_string())).into()
}
