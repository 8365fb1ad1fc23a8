//! Finishing touches on the generated OpenAPI document: the `oauth` security scheme that
//! carries every operation's scopes, and summaries and descriptions for every operation.

use utoipa::openapi::security::SecurityScheme;
use utoipa::Modify;

use super::contract;

/// The `oauth` security scheme: a scoped access token, made by hand (`POST
/// /v1/users/me/tokens`) or by an app through the OAuth 2 authorization code flow with PKCE.
/// Only an OAuth 2 scheme can declare scopes, so every operation an access token's scopes allow
/// lists it here with those scopes (the annotations say `token`, the bearer form of the same
/// tokens, which this replaces).
pub(super) struct AppsScheme;

impl Modify for AppsScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{
            AuthorizationCode, Flow, OAuth2, Scopes, SecurityRequirement,
        };
        let scopes = Scopes::from_iter([
            (
                "games:read",
                "Read your games, boards, hints, events and records",
            ),
            ("games:write", "Create and play games (includes games:read)"),
        ]);
        let flow = AuthorizationCode::new("/oauth/authorize", "/v1/oauth/token", scopes);
        let scheme = OAuth2::with_description(
            [Flow::AuthorizationCode(flow)],
            "A scoped access token (`spider_pat_…`, sent as `Authorization: Bearer …`): made by \
             hand with POST /v1/users/me/tokens, or by an app through the authorization code \
             flow with PKCE (S256 only, no client secret, no registration: see \
             GET /.well-known/oauth-authorization-server). It allows the operations that list \
             one of its scopes; games:write includes games:read.",
        );
        let components = openapi.components.get_or_insert_with(Default::default);
        components.security_schemes.remove("token");
        components.add_security_scheme("oauth", SecurityScheme::OAuth2(scheme));
        for item in openapi.paths.paths.values_mut() {
            for operation in contract::operations(item) {
                let Some(security) = operation.security.as_mut() else {
                    continue;
                };
                let mut out = Vec::new();
                for requirement in security.drain(..) {
                    let value = serde_json::to_value(&requirement).unwrap_or_default();
                    match value.get("token").and_then(|s| s.as_array()) {
                        Some(scopes) => out.push(SecurityRequirement::new(
                            "oauth",
                            scopes
                                .iter()
                                .filter_map(|s| s.as_str().map(str::to_string))
                                .collect::<Vec<_>>(),
                        )),
                        None => out.push(requirement),
                    }
                }
                *security = out;
            }
        }
    }
}

/// Every operation gets a one-sentence summary and its whole text as a description (utoipa
/// makes the first paragraph of an operation's doc its summary, and a description only of
/// more paragraphs).
pub(super) struct Descriptions;

impl Modify for Descriptions {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            for operation in contract::operations(item) {
                let Some(summary) = operation.summary.clone() else {
                    continue;
                };
                let text = summary.split_whitespace().collect::<Vec<_>>().join(" ");
                let first = match text.find(". ").or_else(|| text.find(": ")) {
                    Some(end) if end + 1 < text.len() => {
                        text[..=end].trim_end_matches(':').to_string()
                    }
                    _ => text.clone(),
                };
                let first = first.trim_end_matches('.').to_string();
                operation.summary = Some(first);
                match &mut operation.description {
                    Some(rest) if !rest.trim().is_empty() => {
                        *rest = format!("{text}\n\n{rest}");
                    }
                    _ => operation.description = Some(text),
                }
            }
        }
    }
}
