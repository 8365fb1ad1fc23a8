//! Apps signing players in (`crate::play::oauth`) over HTTP: the server's metadata (RFC 8414),
//! the consent page's two calls (what a request asks; approve or deny), the token endpoint
//! (RFC 6749 §4.1.3, its refusals in the RFC's own body) and revocation (RFC 7009).

use crate::edge::language::Language;
use crate::i18n::Lang;
use crate::t;
use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, Problem};
use crate::identity::Caller;
use crate::play::oauth::{self, AuthRequest, TokenRequest};
use crate::AppState;

/// The server's public base URL: `PUBLIC_URL`; else the scheme and host the request came to,
/// as a trusted proxy forwards them (`Forwarded`, `X-Forwarded-Proto`/`-Host`) only when
/// `CLIENT_IP_HEADER` says one stands in front, otherwise the connection's own scheme and
/// `Host`. Whatever is taken from a request must be a plain `http`/`https` scheme and a host
/// (and port) a URL can hold, else the server's own configured host stands in.
fn base_url(state: &AppState, req: &HttpRequest) -> String {
    if let Some(url) = &state.serving.public_url {
        return url.trim_end_matches('/').to_string();
    }
    let own_scheme = if req.app_config().secure() {
        "https"
    } else {
        "http"
    };
    let (scheme, host) = if state.serving.client_ip_header.is_some() {
        let info = req.connection_info();
        (info.scheme().to_ascii_lowercase(), info.host().to_string())
    } else {
        let host = req
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or_else(|| req.app_config().host())
            .to_string();
        (own_scheme.to_string(), host)
    };
    let scheme = if matches!(scheme.as_str(), "http" | "https") {
        scheme
    } else {
        own_scheme.to_string()
    };
    let host = if host_ok(&host) {
        host
    } else {
        req.app_config().host().to_string()
    };
    format!("{scheme}://{host}")
}

/// A host and optional port as a URL's authority holds them: no user part, path, query or
/// anything a browser would read another way.
fn host_ok(host: &str) -> bool {
    if host.is_empty() || host.len() > 255 {
        return false;
    }
    let plain = host
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'));
    plain
        && url::Url::parse(&format!("http://{host}/"))
            .is_ok_and(|u| u.host_str().is_some() && u.path() == "/")
}

/// The authorization server's metadata (RFC 8414).
#[derive(Debug, Serialize, ToSchema)]
pub struct ServerMetadata {
    pub issuer: String,
    /// The consent page apps send players to.
    pub authorization_endpoint: String,
    pub token_endpoint: String,
    pub revocation_endpoint: String,
    pub response_types_supported: Vec<String>,
    pub grant_types_supported: Vec<String>,
    pub code_challenge_methods_supported: Vec<String>,
    pub scopes_supported: Vec<String>,
    /// Public clients: no client secret (PKCE proves the app instead).
    pub token_endpoint_auth_methods_supported: Vec<String>,
    pub revocation_endpoint_auth_methods_supported: Vec<String>,
}

/// How an app finds where to send players and where to trade codes (RFC 8414).
#[utoipa::path(
    tag = "apps",
    operation_id = "getOAuthMetadata",
    security(()),
    responses((status = 200, description = "The metadata", body = ServerMetadata)),
)]
#[get("/.well-known/oauth-authorization-server")]
pub async fn metadata(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let base = base_url(&state, &req);
    let list = |v: &[&str]| {
        v.iter()
            .map(std::string::ToString::to_string)
            .collect::<Vec<_>>()
    };
    let mut answer = HttpResponse::Ok();
    answer.insert_header((header::CACHE_CONTROL, "public, max-age=3600"));
    if state.serving.public_url.is_none() {
        // Named from the request: a cache keeps one answer per host (and forwarded host).
        answer.insert_header((
            header::VARY,
            "Host, Forwarded, X-Forwarded-Host, X-Forwarded-Proto",
        ));
    }
    answer.json(ServerMetadata {
        issuer: base.clone(),
        authorization_endpoint: format!("{base}/oauth/authorize"),
        token_endpoint: format!("{base}/v1/oauth/token"),
        revocation_endpoint: format!("{base}/v1/oauth/revoke"),
        response_types_supported: list(&["code"]),
        grant_types_supported: list(&["authorization_code"]),
        code_challenge_methods_supported: list(&["S256"]),
        scopes_supported: list(&oauth::SCOPES),
        token_endpoint_auth_methods_supported: list(&["none"]),
        revocation_endpoint_auth_methods_supported: list(&["none"]),
    })
}

/// One scope an app asks for, in words.
#[derive(Debug, Serialize, ToSchema)]
pub struct ScopeWords {
    pub scope: String,
    pub description: String,
}

/// What an app's request asks, for the consent page to show before the player decides.
#[derive(Debug, Serialize, ToSchema)]
pub struct RequestView {
    /// As the app named itself: not made or checked by this service.
    pub client_id: String,
    pub redirect_uri: String,
    /// Where the player is sent back, as a browser reads the URI: scheme, host (international
    /// names in ASCII) and port; a native app's own scheme.
    pub redirect_origin: String,
    pub scopes: Vec<ScopeWords>,
    /// The code would travel over plain `http` to another machine: always false now, since
    /// such redirects are refused (RFC 8252 allows `http` only to this machine's loopback
    /// addresses); kept for clients that read it.
    pub insecure_redirect: bool,
    /// How long the app's token would last, in days.
    pub token_days: u32,
}

/// What a scope lets an app do, in the player's words.
fn words(scope: &str) -> crate::i18n::Text {
    match scope {
        "games:write" => t!("scope-games-write"),
        _ => t!("scope-games-read"),
    }
}

/// What an app's sign-in request asks (for the consent page), or why it cannot be approved.
#[utoipa::path(
    tag = "apps",
    operation_id = "describeOAuthRequest",
    params(AuthRequest),
    security(()),
    responses(
        (status = 200, description = "What the app asks", body = RequestView),
        (status = 400, description = "The request cannot be approved (`invalid_request`): the sentence says which part"),
    )
)]
#[get("/oauth/request")]
pub async fn describe(
    query: web::Query<AuthRequest>,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    let checked = oauth::check(&query)?;
    Ok(HttpResponse::Ok().json(RequestView {
        redirect_origin: oauth::redirect_origin(&checked.redirect_uri),
        insecure_redirect: oauth::insecure_redirect(&checked.redirect_uri),
        scopes: checked
            .scopes
            .iter()
            .map(|s| ScopeWords {
                scope: s.to_string(),
                description: words(s).render(lang),
            })
            .collect(),
        client_id: checked.client_id,
        redirect_uri: checked.redirect_uri,
        token_days: oauth::TOKEN_DAYS,
    }))
}

/// The player's decision on an app's request: the request's fields (`AuthRequest`, written
/// once in the application), then `deny` and `password`, side by side in one JSON object.
#[derive(Debug)]
pub struct Decision {
    pub request: AuthRequest,
    pub deny: bool,
    pub password: Option<String>,
}

/// The player's own fields of a decision.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Answer {
    #[serde(default)]
    deny: bool,
    #[serde(default)]
    password: Option<String>,
}

impl Answer {
    const FIELDS: [&'static str; 2] = ["deny", "password"];
}

/// One flat object, every field named (serde's `flatten` cannot refuse unknown fields): the
/// answer's two fields are taken out, and what is left must be the request, nothing more.
impl<'de> Deserialize<'de> for Decision {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        use serde_json::{Map, Value};
        let mut fields = Map::<String, Value>::deserialize(d)?;
        let answer: Map<String, Value> = Answer::FIELDS
            .iter()
            .filter_map(|name| Some(((*name).to_string(), fields.remove(*name)?)))
            .collect();
        let Answer { deny, password } =
            Answer::deserialize(Value::Object(answer)).map_err(D::Error::custom)?;
        let request = AuthRequest::deserialize(Value::Object(fields)).map_err(D::Error::custom)?;
        Ok(Decision {
            request,
            deny,
            password,
        })
    }
}

/// The request's schema with the answer's two fields after it.
impl utoipa::PartialSchema for Decision {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{Schema, SchemaType};
        use utoipa::openapi::{ObjectBuilder, RefOr, Type};
        let mut schema = <AuthRequest as utoipa::PartialSchema>::schema();
        if let RefOr::T(Schema::Object(object)) = &mut schema {
            object.description = Some(
                "The player's decision on an app's request, with the request's parameters.".into(),
            );
            object.properties.insert(
                "deny".into(),
                ObjectBuilder::new()
                    .schema_type(Type::Boolean)
                    .description(Some(
                        "True to deny the request (the app hears `error=access_denied`); \
                         default: approve.",
                    ))
                    .into(),
            );
            object.properties.insert(
                "password".into(),
                ObjectBuilder::new()
                    .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
                    .description(Some(
                        "The account's password: required to approve (a session alone, which \
                         may have been\nstolen, cannot let an app in), not to deny.",
                    ))
                    .into(),
            );
        }
        schema
    }
}

impl ToSchema for Decision {
    fn name() -> std::borrow::Cow<'static, str> {
        "Decision".into()
    }
}

/// Where the consent page sends the player.
#[derive(Debug, Serialize, ToSchema)]
pub struct Redirect {
    /// The app's `redirect_uri` with `code` and `state` (approved) or `error=access_denied`
    /// and `state` (denied).
    pub redirect_to: String,
}

/// Approve (or deny) an app's sign-in request as the signed-in player: a one-time code for the
/// app, bound to you, the app, its exact `redirect_uri`, the scopes and the PKCE challenge,
/// good for 90 seconds. Approving needs a session token and the account's `password` (a
/// session alone, which may have been stolen, cannot let an app in); guests cannot approve.
/// A password change (unless `keep_apps`) or signing out everywhere ends every app's token.
#[utoipa::path(
    tag = "apps",
    operation_id = "approveOAuthRequest",
    request_body = Decision,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Where to send the player", body = Redirect),
        (status = 400, description = "The request cannot be approved (`invalid_request`): the sentence says which part; approving without the account's `password` (`password_required`)"),
        (status = 403, description = "An access token cannot approve apps (`session_required`); the password is wrong (`wrong_password`); a guest cannot let apps in (`guest_account`)"),
        (status = 409, description = "You already have as many active tokens as one account may (`too_many_tokens`): revoke one first"),
        (status = 429, description = "Too many approvals or password attempts (`too_many_attempts`) or requests (`rate_limited`); retry after `Retry-After` seconds",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 503, description = "Too many passwords being checked at once (`auth_busy`)",
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/oauth/approve")]
pub async fn approve(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<Decision>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require_session()?;
    let Decision {
        request,
        deny,
        password,
    } = body.into_inner();
    let redirect_to = if deny {
        oauth::deny(&request)?
    } else {
        if let Some(limiter) = &state.limits.apps {
            limiter.count(
                &format!("user:{}", caller.user_id),
                t!("attempts-app-approvals"),
            )?;
            // And per address, at the same budget: more accounts do not buy more approvals.
            let block =
                crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
            limiter.count(
                &format!("approve:{block}"),
                t!("attempts-app-approvals-address"),
            )?;
        }
        if password.is_some() {
            // A request that cannot be approved is refused before it costs a password attempt.
            oauth::check(&request)?;
            super::accounts::password_attempt(&state, &caller.user_id, &req).await?;
        }
        let version = super::accounts::session_claims(&caller)?.ver;
        oauth::approve(
            &state.accounts,
            &caller.user_id,
            version,
            password,
            &request,
        )
        .await?
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(Redirect { redirect_to }))
}

/// The token endpoint's form.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenForm {
    /// `authorization_code`.
    pub grant_type: String,
    /// The code the player's approval sent to the redirect.
    pub code: String,
    /// The PKCE verifier the challenge was made from (43–128 characters).
    pub code_verifier: String,
    /// Exactly as in the request the player approved.
    pub redirect_uri: String,
    /// Exactly as in the request the player approved.
    pub client_id: String,
}

/// A new token for the app.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenAnswer {
    /// A scoped access token (`spider_pat_…`): send it as `Authorization: Bearer …`.
    pub access_token: String,
    /// `Bearer`.
    pub token_type: String,
    /// Seconds it lasts.
    pub expires_in: i64,
    /// The scopes granted, space-separated.
    pub scope: String,
}

/// A refusal of the token or revocation endpoint, in OAuth 2's own shape (RFC 6749 §5.2).
#[derive(Debug, Serialize, ToSchema)]
pub struct OAuthError {
    /// `invalid_request`, `invalid_grant`, `unsupported_grant_type`, `slow_down` or
    /// `server_error`.
    pub error: String,
    pub error_description: String,
}

/// The largest form the token and revocation endpoints read (theirs hold a few hundred bytes).
const FORM_LIMIT: usize = 16 * 1024;

/// The form body of the token or revocation endpoint; past [`FORM_LIMIT`], or unreadable, the
/// refusal in OAuth 2's own shape (RFC 6749 §5.2), never actix's plain-text one.
async fn read_form(payload: web::Payload) -> Result<Vec<u8>, HttpResponse> {
    crate::edge::contract::read_body(payload, FORM_LIMIT, t!("body-form"))
        .await
        .map_err(|e| oauth_error(e.status, "invalid_request", &e.detail.render(Lang::En)))
}

fn oauth_error(status: StatusCode, error: &str, description: &str) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(OAuthError {
            error: error.to_string(),
            error_description: description.to_string(),
        })
}

/// Trade a code for an access token (RFC 6749 §4.1.3, PKCE S256). Form-encoded; no client
/// secret. Any mismatch (code, verifier, `redirect_uri`, `client_id`, expiry) is the same 400
/// `invalid_grant`; a code used twice is refused and revokes the token its first use made.
#[utoipa::path(
    tag = "apps",
    operation_id = "exchangeOAuthCode",
    request_body(content = TokenForm, content_type = "application/x-www-form-urlencoded"),
    security(()),
    responses(
        (status = 200, description = "The app's token", body = TokenAnswer),
        (status = 400, description = "Refused (`invalid_request`, `invalid_grant`, `unsupported_grant_type`), in OAuth 2's error shape", body = OAuthError),
        (status = 413, description = "The form is larger than 16 KiB (`invalid_request`, in OAuth 2's error shape)", body = OAuthError),
        (status = 429, description = "Too many trades from this address (`slow_down`, in OAuth 2's error shape), or requests from this client (`rate_limited`, a problem); retry after `Retry-After` seconds",
            content(
                (OAuthError = "application/json"),
                (Problem = "application/problem+json"),
            ),
            headers(("Retry-After" = String, description = "Seconds to wait"))),
        (status = 500, description = "Something went wrong on our side (`server_error`)", body = OAuthError),
    )
)]
#[post("/oauth/token")]
pub async fn token(
    state: web::Data<AppState>,
    req: HttpRequest,
    payload: web::Payload,
) -> HttpResponse {
    if let Some(limiter) = &state.limits.apps {
        let address =
            crate::edge::ratelimit::client_block(&req, state.serving.client_ip_header.as_ref());
        if let Err(refused) = limiter.count(&format!("addr:{address}"), t!("attempts-code-trades"))
        {
            let mut answer = oauth_error(
                StatusCode::TOO_MANY_REQUESTS,
                "slow_down",
                "Too many code trades from this address: wait a little.",
            );
            let wait = refused
                .headers
                .iter()
                .find(|(name, _)| name == header::RETRY_AFTER)
                .and_then(|(_, v)| header::HeaderValue::from_str(v).ok());
            if let Some(wait) = wait {
                answer.headers_mut().insert(header::RETRY_AFTER, wait);
            }
            return answer;
        }
    }
    let body = match read_form(payload).await {
        Ok(body) => body,
        Err(refused) => return refused,
    };
    // RFC 6749 §4.1.3: the request is form-encoded. A JSON body would parse as one odd form
    // key and be answered "unsupported_grant_type" although it named the right grant.
    let json = crate::edge::contract::media_type_is(&req, "application/json")
        || body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    if json {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "The body must be form-encoded (application/x-www-form-urlencoded), not JSON: \
             grant_type, code, code_verifier, redirect_uri and client_id as form fields.",
        );
    }
    let form: TokenRequest = match serde_urlencoded::from_bytes(&body) {
        Ok(form) => form,
        Err(_) => {
            return oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_request",
                "The body must be a form (application/x-www-form-urlencoded) of grant_type, \
                 code, code_verifier, redirect_uri and client_id.",
            )
        }
    };
    match oauth::exchange(&state.accounts, form).await {
        Ok(granted) => HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .insert_header((header::PRAGMA, "no-cache"))
            .json(TokenAnswer {
                access_token: granted.token,
                token_type: "Bearer".into(),
                expires_in: granted.expires_in,
                scope: granted.scopes.join(" "),
            }),
        Err(refused) => {
            let status = if refused.error == "server_error" {
                StatusCode::INTERNAL_SERVER_ERROR
            } else {
                StatusCode::BAD_REQUEST
            };
            oauth_error(status, refused.error, &refused.description)
        }
    }
}

/// The revocation form (RFC 7009).
#[derive(Debug, Deserialize, ToSchema)]
pub struct RevokeForm {
    /// The access token to revoke.
    pub token: String,
    /// `access_token` (optional; any other is ignored).
    pub token_type_hint: Option<String>,
}

/// Revoke an access token by its value (RFC 7009): it stops working at once. Always 200, also
/// for a token that is unknown or already revoked.
#[utoipa::path(
    tag = "apps",
    operation_id = "revokeOAuthToken",
    request_body(content = RevokeForm, content_type = "application/x-www-form-urlencoded"),
    security(()),
    responses(
        (status = 200, description = "The token, if it was one, no longer works"),
        (status = 400, description = "No `token` in the form (`invalid_request`, in OAuth 2's error shape)", body = OAuthError),
        (status = 413, description = "The form is larger than 16 KiB (`invalid_request`, in OAuth 2's error shape)", body = OAuthError),
        (status = 503, description = "Something went wrong on our side (`temporarily_unavailable`); try again", body = OAuthError),
    )
)]
#[post("/oauth/revoke")]
pub async fn revoke(state: web::Data<AppState>, payload: web::Payload) -> HttpResponse {
    #[derive(Deserialize)]
    struct Form {
        token: Option<String>,
    }
    let body = match read_form(payload).await {
        Ok(body) => body,
        Err(refused) => return refused,
    };
    let given = serde_urlencoded::from_bytes::<Form>(&body)
        .ok()
        .and_then(|f| f.token);
    let Some(given) = given else {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "The body must be a form (application/x-www-form-urlencoded) with the token.",
        );
    };
    match oauth::revoke(&state.accounts, &given).await {
        Ok(()) => HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish(),
        Err(e) => {
            tracing::error!(error = %e, "oauth revoke");
            oauth_error(
                StatusCode::SERVICE_UNAVAILABLE,
                "temporarily_unavailable",
                "Something went wrong on our side; try again.",
            )
        }
    }
}
