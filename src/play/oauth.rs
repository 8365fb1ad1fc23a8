//! Apps sign players in without their password: OAuth 2 authorization code with PKCE
//! (RFC 6749 §4.1, RFC 7636 S256 only, RFC 9700, RFC 8252 for native apps), no app
//! registration (an app names itself with any `client_id`). A player approves an app's request
//! while signed in; the app trades the one-time code, with the verifier only it knows, for a
//! scoped access token of the kind players make by hand, marked with its `client_id`.

use crate::domain::UserId;
use crate::{AccountError, OAuthProblem};
use base64::Engine as _;
use serde::{Deserialize, Serialize};

use super::accounts::Accounts;
use super::tokens::{insert_counted, random_bytes};
use super::{blocking, Error};
use crate::auth::{secret_hash, PAT_PREFIX};
use crate::store::codes::{self, CodeRow, Use};
use crate::store::tokens::{self as token_store, AccessToken};
use crate::store::users;

/// What an authorization code is for, in the one-time codes table.
const PURPOSE: &str = codes::OAUTH;

/// How long an authorization code is good for (RFC 6749 §4.1.2: short; the issue: 60–120 s).
pub const CODE_SECONDS: i64 = 90;

/// How long an app's token lasts: a year at most.
pub const TOKEN_DAYS: u32 = 365;

/// The scopes an app may ask for.
pub const SCOPES: [&str; 2] = ["games:read", "games:write"];

/// An app's request, as `/oauth/authorize` got it and the consent page passes it on (RFC 6749
/// §4.1.1, RFC 7636 §4.3): the query of `GET /v1/oauth/request`, and the fields of the
/// decision `POST /v1/oauth/approve` takes beside the player's answer.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema, utoipa::IntoParams))]
#[cfg_attr(feature = "schema", into_params(parameter_in = Query))]
#[serde(deny_unknown_fields)]
pub struct AuthRequest {
    /// `code`.
    pub response_type: String,
    /// The app's name for itself, as the app chose it (1–256 printable ASCII characters).
    pub client_id: String,
    /// Where the player goes back with the code: exactly as the app will send it again.
    pub redirect_uri: String,
    /// `games:read` and/or `games:write`, space-separated.
    pub scope: Option<String>,
    /// Anything the app wants back unchanged (at most 1,000 printable ASCII characters).
    pub state: Option<String>,
    /// The PKCE S256 challenge of the app's verifier.
    pub code_challenge: Option<String>,
    /// `S256` (`plain` is refused).
    pub code_challenge_method: Option<String>,
}

/// What a code is bound to (its payload).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
struct Binding {
    client_id: String,
    redirect_uri: String,
    scopes: Vec<String>,
    challenge: String,
}

/// An app request that passed every check: who asks, where the answer goes, for what.
#[derive(Clone, Debug)]
pub struct Checked {
    pub client_id: String,
    pub redirect_uri: String,
    pub scopes: Vec<&'static str>,
    pub state: Option<String>,
    pub challenge: String,
}

fn refuse(problem: OAuthProblem) -> Error {
    Error::Account(AccountError::OAuthRequest(problem))
}

/// A `client_id`: 1 to 256 printable ASCII characters (shown to the player as it is).
pub fn client_id_ok(id: &str) -> bool {
    (1..=256).contains(&id.len()) && id.bytes().all(|b| (0x20..0x7f).contains(&b))
}

/// A redirect URI an app may name, read as a browser reads it (the WHATWG URL standard, the
/// `url` crate): `https` to any host; `http` only to this machine's loopback address
/// (`127.0.0.1`, `[::1]`, `localhost`: RFC 8252 §7.3, a native app listening locally); or a
/// native app's private-use scheme in reverse-domain form such as `com.example.app:/done`
/// (RFC 8252 §7.1: at least two dot-separated labels, so no browser or OS scheme such as
/// `javascript:`, `view-source:`, `ws:` or `ms-settings:` qualifies). No user part, no
/// fragment, no backslash (browsers read it as `/`, so a URI could show one host and open
/// another), no white space or control character, at most 2,000 characters.
pub fn redirect_uri_ok(uri: &str) -> bool {
    if uri.is_empty() || uri.len() > 2000 || uri.contains(['#', '\\']) {
        return false;
    }
    if !uri.bytes().all(|b| (0x21..0x7f).contains(&b)) {
        return false;
    }
    let Ok(url) = url::Url::parse(uri) else {
        return false;
    };
    if !url.username().is_empty() || url.password().is_some() || url.fragment().is_some() {
        return false;
    }
    // A host written out after `//` (a browser would also read `https:///cb` or `https:cb`
    // as going to the host `cb`, which no one reading the URI expects).
    let written_host = uri
        .split_once("://")
        .is_some_and(|(_, rest)| !rest.is_empty() && !rest.starts_with('/'));
    match url.scheme() {
        "http" | "https" if !written_host => false,
        "https" => url.host().is_some(),
        "http" => url.host().is_some_and(|host| match host {
            url::Host::Domain(name) => name.eq_ignore_ascii_case("localhost"),
            url::Host::Ipv4(ip) => ip.is_loopback(),
            url::Host::Ipv6(ip) => ip.is_loopback(),
        }),
        scheme => private_use_scheme(scheme),
    }
}

/// A scheme in reverse-domain form (RFC 8252 §7.1): two or more labels of letters, digits and
/// `-`, separated by dots, the first a letter.
fn private_use_scheme(scheme: &str) -> bool {
    let labels: Vec<&str> = scheme.split('.').collect();
    labels.len() >= 2
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && labels.iter().all(|l| {
            l.starts_with(|c: char| c.is_ascii_alphanumeric())
                && l.ends_with(|c: char| c.is_ascii_alphanumeric())
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

/// Where a browser goes with `uri` (one that passed [`redirect_uri_ok`]): the scheme, host
/// (in ASCII, so a look-alike international name shows as `xn--…`) and port of an `http(s)`
/// URI; a native app's scheme for the rest.
pub fn redirect_origin(uri: &str) -> String {
    match url::Url::parse(uri) {
        Ok(url) if matches!(url.scheme(), "http" | "https") => url.origin().ascii_serialization(),
        Ok(url) => format!("{}:", url.scheme()),
        Err(_) => String::new(),
    }
}

/// Whether `uri` sends the code over plain `http` to anything but this machine. No accepted
/// redirect does any more ([`redirect_uri_ok`] refuses them); kept for the consent page's
/// warning, which answers from it.
pub fn insecure_redirect(uri: &str) -> bool {
    let Some(rest) = uri
        .get(..7)
        .filter(|s| s.eq_ignore_ascii_case("http://"))
        .map(|_| &uri[7..])
    else {
        return false;
    };
    let authority = rest.split(['/', '?']).next().unwrap_or("");
    let host = if authority.starts_with('[') {
        authority.split(']').next().map(|h| format!("{h}]"))
    } else {
        authority.split(':').next().map(str::to_string)
    }
    .unwrap_or_default()
    .to_ascii_lowercase();
    !matches!(host.as_str(), "127.0.0.1" | "[::1]" | "localhost")
}

/// A PKCE S256 challenge: 43 characters of base64url (a SHA-256, RFC 7636 §4.2).
fn challenge_ok(challenge: &str) -> bool {
    challenge.len() == 43
        && challenge
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A PKCE verifier: 43 to 128 unreserved characters (RFC 7636 §4.1).
pub fn verifier_ok(verifier: &str) -> bool {
    (43..=128).contains(&verifier.len())
        && verifier
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// The S256 challenge of `verifier`.
pub fn s256(verifier: &str) -> String {
    use sha2::{Digest, Sha256};
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// Check an app's request, every part: the client and the redirect first (a request whose
/// redirect cannot be trusted is never sent back there), then the rest.
pub fn check(req: &AuthRequest) -> Result<Checked, Error> {
    if !client_id_ok(&req.client_id) {
        return Err(refuse(OAuthProblem::ClientId));
    }
    if !redirect_uri_ok(&req.redirect_uri) {
        return Err(refuse(OAuthProblem::RedirectUri));
    }
    if req.response_type != "code" {
        return Err(refuse(OAuthProblem::ResponseType));
    }
    match req.code_challenge_method.as_deref() {
        Some("S256") => {}
        Some(_) => return Err(refuse(OAuthProblem::ChallengeMethod)),
        None => return Err(refuse(OAuthProblem::PkceRequired)),
    }
    let challenge = req
        .code_challenge
        .as_deref()
        .filter(|c| challenge_ok(c))
        .ok_or_else(|| refuse(OAuthProblem::Challenge))?;
    let asked = req.scope.as_deref().unwrap_or("").split_whitespace();
    let mut scopes: Vec<&'static str> = Vec::new();
    for s in asked {
        let known = SCOPES
            .iter()
            .find(|k| **k == s)
            .ok_or_else(|| refuse(OAuthProblem::UnknownScope(s.chars().take(64).collect())))?;
        if !scopes.contains(known) {
            scopes.push(known);
        }
    }
    if scopes.is_empty() {
        return Err(refuse(OAuthProblem::NoScope));
    }
    scopes.sort();
    if let Some(state) = &req.state {
        if state.len() > 1000 || !state.bytes().all(|b| (0x20..0x7f).contains(&b)) {
            return Err(refuse(OAuthProblem::State));
        }
    }
    Ok(Checked {
        client_id: req.client_id.clone(),
        redirect_uri: req.redirect_uri.clone(),
        scopes,
        state: req.state.clone(),
        challenge: challenge.to_string(),
    })
}

/// `value` percent-encoded for a query (RFC 3986: all but unreserved characters).
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The redirect URI with `params` added to its query (RFC 6749 §4.1.2).
fn redirect(uri: &str, params: &[(&str, &str)]) -> String {
    let mut out = uri.to_string();
    let mut sep = if uri.contains('?') { '&' } else { '?' };
    for (name, value) in params {
        out.push(sep);
        out.push_str(name);
        out.push('=');
        out.push_str(&encode(value));
        sep = '&';
    }
    out
}

/// Where the player goes after denying a request: its redirect with `error=access_denied`.
pub fn deny(req: &AuthRequest) -> Result<String, Error> {
    let checked = check(req)?;
    let mut params = vec![("error", "access_denied")];
    if let Some(state) = &checked.state {
        params.push(("state", state));
    }
    Ok(redirect(&checked.redirect_uri, &params))
}

/// The player `user_id` approves the app's request, their `password` confirming it is them (a
/// session alone, which may have been stolen, cannot let an app in for a year; a guest has no
/// password and cannot): a one-time code bound to them, the app, the exact redirect URI, the
/// scopes and the challenge, valid [`CODE_SECONDS`]; the answer is where to send the player
/// (the redirect with `code` and `state`).
pub async fn approve(
    accounts: &Accounts,
    user_id: &UserId,
    session_version: i32,
    password: Option<String>,
    req: &AuthRequest,
) -> Result<String, Error> {
    let checked = check(req)?;
    let password = password.ok_or(Error::Account(AccountError::PasswordRequired))?;
    match accounts.confirm_password(user_id, password).await {
        Err(Error::Account(AccountError::GuestAccount)) => {
            return Err(Error::Account(AccountError::GuestCannotApprove))
        }
        other => other?,
    };
    let code = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(random_bytes::<32>()?);
    let binding = Binding {
        client_id: checked.client_id.clone(),
        redirect_uri: checked.redirect_uri.clone(),
        scopes: checked
            .scopes
            .iter()
            .map(std::string::ToString::to_string)
            .collect(),
        challenge: checked.challenge.clone(),
    };
    let at = accounts.clock.now();
    let row = CodeRow {
        code_hash: secret_hash(&code),
        purpose: PURPOSE.to_string(),
        user_id: user_id.clone(),
        payload: serde_json::to_string(&binding).map_err(|e| Error::Internal(e.to_string()))?,
        created_at: at,
        expires_at: at + chrono::Duration::seconds(CODE_SECONDS),
        used_at: None,
        token_id: None,
    };
    let db = accounts.db.clone();
    blocking(move || {
        db.write(move |conn| -> Result<(), Error> {
            // The grants lock first, as the remedies take it: a password change or sign out
            // everywhere that ended this session while its password was being checked is
            // seen here, and no code is written after it (it would outlive the remedy).
            users::lock_grants(conn, &row.user_id)?;
            // A player at their limit of tokens hears it now, not the app at the trade.
            if !users::lock(conn, &row.user_id)? {
                return Err(Error::Account(AccountError::UnknownUser));
            }
            super::accounts::session_still_open(conn, &row.user_id, session_version)?;
            let now = at;
            let active = token_store::of_user(conn, &row.user_id)?
                .iter()
                .filter(|t| t.active(now))
                .count();
            if active >= super::tokens::MAX_ACTIVE {
                return Err(Error::Account(AccountError::TooManyTokens {
                    max: super::tokens::MAX_ACTIVE,
                }));
            }
            Ok(codes::insert(conn, &row)?)
        })
    })
    .await?;
    let mut params = vec![("code", code.as_str())];
    if let Some(state) = &checked.state {
        params.push(("state", state));
    }
    Ok(redirect(&checked.redirect_uri, &params))
}

/// The token endpoint's form (RFC 6749 §4.1.3).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct TokenRequest {
    pub grant_type: Option<String>,
    pub code: Option<String>,
    pub code_verifier: Option<String>,
    pub redirect_uri: Option<String>,
    pub client_id: Option<String>,
}

/// An app's new token.
#[derive(Clone, Debug)]
pub struct Granted {
    pub token: String,
    pub scopes: Vec<String>,
    pub expires_in: i64,
}

/// A refusal of the token endpoint (RFC 6749 §5.2): its `error` and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub error: &'static str,
    pub description: String,
}

fn invalid_grant() -> Refused {
    Refused {
        error: "invalid_grant",
        description: "The code is not valid: unknown, expired, already used, or not issued for \
                      this client, redirect_uri and code_verifier."
            .into(),
    }
}

fn invalid_request(sentence: &str) -> Refused {
    Refused {
        error: "invalid_request",
        description: sentence.into(),
    }
}

/// What a trade came to inside its transaction (committed either way: a code is spent by its
/// first try, right or wrong).
enum Trade {
    Granted(Box<AccessToken>, String),
    Refused(Refused),
}

/// Trade a code for a token. Any mismatch (code, verifier, redirect_uri, client_id, expiry) is
/// the same `invalid_grant`, never a hint of which part was wrong; a code used a second time is
/// refused and revokes the token its first use made (RFC 6749 §4.1.2).
pub async fn exchange(accounts: &Accounts, form: TokenRequest) -> Result<Granted, Refused> {
    if form.grant_type.as_deref() != Some("authorization_code") {
        return Err(Refused {
            error: "unsupported_grant_type",
            description: "grant_type must be authorization_code.".into(),
        });
    }
    let (Some(code), Some(verifier), Some(redirect_uri), Some(client_id)) = (
        form.code,
        form.code_verifier,
        form.redirect_uri,
        form.client_id,
    ) else {
        return Err(invalid_request(
            "code, code_verifier, redirect_uri and client_id are all required.",
        ));
    };
    if !verifier_ok(&verifier) {
        return Err(invalid_request(
            "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '-', '.', '_', '~'.",
        ));
    }
    if code.len() > 256 {
        return Err(invalid_grant());
    }
    let secret = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(random_bytes::<32>().map_err(|_| invalid_request("Try again."))?);
    let id = hex::encode(random_bytes::<8>().map_err(|_| invalid_request("Try again."))?);
    let hash = secret_hash(&code);
    let (db, clock) = (accounts.db.clone(), accounts.clock.clone());
    let (token_id, token_secret) = (id.clone(), secret.clone());
    let traded = blocking(move || {
        db.write(move |conn| -> Result<Trade, Error> {
            let at = clock.now();
            // The account's grants lock before the code is used: a sign out everywhere at the
            // same moment either ends the token made here or leaves no code to trade.
            if let Some(code) = codes::peek(conn, &hash, PURPOSE)? {
                users::lock_grants(conn, &code.user_id)?;
            }
            let row = match codes::use_once(conn, &hash, PURPOSE, at)? {
                Use::Unknown => return Ok(Trade::Refused(invalid_grant())),
                Use::Again(row) => {
                    if let Some(id) = &row.token_id {
                        token_store::revoke_any(conn, id, at)?;
                    }
                    return Ok(Trade::Refused(invalid_grant()));
                }
                Use::First(row) => row,
            };
            let Ok(binding) = serde_json::from_str::<Binding>(&row.payload) else {
                return Ok(Trade::Refused(invalid_grant()));
            };
            let matches = at < row.expires_at
                && binding.client_id == client_id
                && binding.redirect_uri == redirect_uri
                && same(&binding.challenge, &s256(&verifier));
            if !matches {
                return Ok(Trade::Refused(invalid_grant()));
            }
            let token = AccessToken {
                id: token_id.clone(),
                user_id: row.user_id.clone(),
                name: format!(
                    "app: {}",
                    binding.client_id.chars().take(90).collect::<String>()
                ),
                secret_hash: secret_hash(&token_secret),
                scopes: binding.scopes.join(" "),
                created_at: at,
                expires_at: at + chrono::Duration::days(i64::from(TOKEN_DAYS)),
                revoked_at: None,
                client_id: Some(binding.client_id.clone()),
                last_used_at: None,
            };
            match insert_counted(conn, &token, at) {
                Ok(()) => {}
                Err(Error::Account(AccountError::TooManyTokens { max })) => {
                    return Ok(Trade::Refused(Refused {
                        error: "invalid_grant",
                        description: format!(
                            "The player already has {max} active tokens: they must revoke one \
                             before letting in another app."
                        ),
                    }))
                }
                Err(e) => return Err(e),
            }
            codes::set_token(conn, &hash, &token.id)?;
            Ok(Trade::Granted(Box::new(token), token_secret))
        })
    })
    .await;
    match traded {
        Ok(Trade::Granted(row, secret)) => Ok(Granted {
            token: format!("{PAT_PREFIX}{}_{secret}", row.id),
            scopes: row.scopes.split_whitespace().map(str::to_string).collect(),
            expires_in: (row.expires_at - row.created_at).num_seconds(),
        }),
        Ok(Trade::Refused(refused)) => Err(refused),
        Err(e) => {
            tracing::error!(error = %e, "oauth token exchange");
            Err(Refused {
                error: "server_error",
                description: "Something went wrong on our side; try again.".into(),
            })
        }
    }
}

/// Two strings compared in time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// Revoke the access token `token` itself, whoever sends it (RFC 7009: an unknown or malformed
/// token is no error).
pub async fn revoke(accounts: &Accounts, token: &str) -> Result<(), Error> {
    let Some((id, secret)) = crate::auth::pat_parts(token) else {
        return Ok(());
    };
    let (db, id, hash) = (accounts.db.clone(), id.to_string(), secret_hash(secret));
    let at = accounts.clock.now();
    let revoked = id.clone();
    blocking(move || {
        db.write(move |conn| -> Result<(), Error> {
            if let Some(row) = token_store::by_id(conn, &id)? {
                if same(&row.secret_hash, &hash) {
                    token_store::revoke_any(conn, &id, at)?;
                }
            }
            Ok(())
        })
    })
    .await?;
    // Its open streams end at once (another instance's within the streams job's look).
    accounts
        .live
        .recheck(|c| matches!(c, crate::live::Credential::Token { id, .. } if *id == revoked));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> AuthRequest {
        AuthRequest {
            response_type: "code".into(),
            client_id: "My Spider App".into(),
            redirect_uri: "https://app.example/done?x=1".into(),
            scope: Some("games:write games:read games:read".into()),
            state: Some("s t&=".into()),
            code_challenge: Some(s256(&"v".repeat(43))),
            code_challenge_method: Some("S256".into()),
        }
    }

    #[test]
    fn a_good_request_passes_and_redirects_keep_their_query() {
        let c = check(&request()).expect("a good request");
        assert_eq!(c.scopes, ["games:read", "games:write"]);
        assert_eq!(
            deny(&request()).unwrap(),
            "https://app.example/done?x=1&error=access_denied&state=s%20t%26%3D"
        );
    }

    type Spoil = Box<dyn Fn(&mut AuthRequest)>;

    #[test]
    fn every_bad_part_is_refused() {
        let bad: Vec<Spoil> = vec![
            Box::new(|r| r.client_id = String::new()),
            Box::new(|r| r.client_id = "x".repeat(257)),
            Box::new(|r| r.client_id = "tab\there".into()),
            Box::new(|r| r.redirect_uri = "/relative".into()),
            Box::new(|r| r.redirect_uri = "https://a.example/#frag".into()),
            Box::new(|r| r.redirect_uri = "javascript:alert(1)".into()),
            Box::new(|r| r.redirect_uri = "https://".into()),
            Box::new(|r| r.redirect_uri = "https://user@evil.example/".into()),
            Box::new(|r| r.response_type = "token".into()),
            Box::new(|r| r.code_challenge_method = Some("plain".into())),
            Box::new(|r| r.code_challenge_method = None),
            Box::new(|r| r.code_challenge = None),
            Box::new(|r| r.code_challenge = Some("short".into())),
            Box::new(|r| r.scope = None),
            Box::new(|r| r.scope = Some("admin".into())),
            Box::new(|r| r.state = Some("\u{0}".into())),
        ];
        for (i, spoil) in bad.iter().enumerate() {
            let mut r = request();
            spoil(&mut r);
            assert!(
                matches!(
                    check(&r),
                    Err(Error::Account(AccountError::OAuthRequest(_)))
                ),
                "case {i}"
            );
        }
    }

    #[test]
    fn redirects_by_allow_list_as_a_browser_reads_them() {
        for good in [
            "https://app.example/cb?x=1",
            "https://[2001:db8::1]:8443/cb",
            "http://127.0.0.1:8765/cb",
            "http://[::1]:9/cb",
            "http://localhost/cb",
            "com.example.app:/done",
            "com.example.app://done",
        ] {
            assert!(redirect_uri_ok(good), "{good}");
        }
        for bad in [
            "http://app.example/cb",
            "http://127.0.0.1.evil.example/cb",
            "view-source:https://app.example/",
            "jar:https://app.example/x.jar!/",
            "ws://app.example/cb",
            "wss://app.example/cb",
            "ftp://app.example/cb",
            "ms-settings:privacy",
            "mailto:a@app.example",
            "tel:123",
            "intent://x",
            "javascript:alert(1)",
            "https://evil.example\\.app.example/cb",
            "https://user:pw@app.example/cb",
            "https://app.example/#x",
            "com.-x.app:/done",
            "https:///cb",
            "https:cb",
        ] {
            assert!(!redirect_uri_ok(bad), "{bad}");
        }
        // What a browser opens: the host as it resolves it, international names in ASCII.
        assert_eq!(
            redirect_origin("https://App.Example:443/cb"),
            "https://app.example"
        );
        assert_eq!(
            redirect_origin("https://ex\u{e4}mple.com/cb"),
            "https://xn--exmple-cua.com"
        );
        assert_eq!(redirect_origin("com.example.app:/done"), "com.example.app:");
    }

    #[test]
    fn native_and_loopback_redirects() {
        assert!(redirect_uri_ok("com.example.app:/done"));
        assert!(redirect_uri_ok("http://127.0.0.1:8765/cb"));
        assert!(!insecure_redirect("http://127.0.0.1:8765/cb"));
        assert!(!insecure_redirect("http://[::1]:9/cb"));
        assert!(!insecure_redirect("http://localhost/cb"));
        assert!(!insecure_redirect("https://app.example/cb"));
        assert!(insecure_redirect("http://app.example/cb"));
        assert!(insecure_redirect("HTTP://127.0.0.1.evil.example/cb"));
    }

    #[test]
    fn pkce_s256_matches_rfc_7636_appendix_b() {
        assert_eq!(
            s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
        assert!(verifier_ok("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"));
        assert!(!verifier_ok("too-short"));
    }
}
