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

/// Every operation takes `Accept-Language` (RFC 9110 §12.5.4): the language of the words in its
/// answer, refusals above all (`http::language`). Written once here, not on each handler.
pub(super) struct Languages;

impl Modify for Languages {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
        use utoipa::openapi::{ObjectBuilder, Required, Type};
        let tags: Vec<&str> = crate::i18n::Lang::ALL.iter().map(|l| l.tag()).collect();
        let parameter = ParameterBuilder::new()
            .name("Accept-Language")
            .parameter_in(ParameterIn::Header)
            .required(Required::False)
            .description(Some(format!(
                "The language of the answer's words (a problem's `title` and `detail`, the board \
                 as text, a chat command's sentence): {}; quality values are honoured, and \
                 anything else is English. The answer names it in `Content-Language`; the \
                 `code` of a problem never changes.",
                tags.join(", ")
            )))
            .schema(Some(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .examples([serde_json::json!("de, en;q=0.8")]),
            ))
            .build();
        for (path, item) in &mut openapi.paths.paths {
            if !path.starts_with("/v1/") {
                continue;
            }
            for operation in contract::operations(item) {
                operation
                    .parameters
                    .get_or_insert_with(Vec::new)
                    .push(parameter.clone());
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

/// What every secured operation may answer about its caller's token, written once here
/// rather than in each handler's annotation: 401 for an operation that needs a token (unless
/// the handler says more), and, for one an access token's scope allows, 403 for a token that
/// lacks it (added to the handler's own 403 reasons, if it has some). Runs after
/// [`AppsScheme`]: an operation's scopes are those of its `oauth` requirement.
pub(super) struct AccessProblems;

/// The 401 of an operation that needs a token.
const NO_VALID_TOKEN: &str =
    "No valid token (`unauthorized`, `invalid_token`, `token_expired`, `session_ended`)";

impl Modify for AccessProblems {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{RefOr, ResponseBuilder};
        let problem = |description: &str| {
            let (media_type, body) = super::problem_body();
            RefOr::T(
                ResponseBuilder::new()
                    .description(description)
                    .content(media_type, body)
                    .build(),
            )
        };
        for item in openapi.paths.paths.values_mut() {
            for operation in contract::operations(item) {
                let Some(security) = operation.security.as_ref() else {
                    continue;
                };
                let requirements: Vec<serde_json::Value> = security
                    .iter()
                    .map(|r| serde_json::to_value(r).unwrap_or_default())
                    .collect();
                // `{}` among the requirements: a token is optional, and a bad one is the
                // handler's to describe.
                if requirements
                    .iter()
                    .any(|r| r.as_object().is_some_and(serde_json::Map::is_empty))
                    || !requirements.iter().any(|r| r.get("bearer").is_some())
                {
                    continue;
                }
                let scope = requirements
                    .iter()
                    .filter_map(|r| r.get("oauth").and_then(|s| s.as_array()))
                    .flatten()
                    .find_map(|s| s.as_str().map(str::to_string));
                let responses = &mut operation.responses.responses;
                responses
                    .entry("401".into())
                    .or_insert_with(|| problem(NO_VALID_TOKEN));
                let Some(scope) = scope else { continue };
                let lacks =
                    format!("the access token lacks the `{scope}` scope (`insufficient_scope`)");
                match responses.get_mut("403") {
                    Some(RefOr::T(own)) if !own.description.contains("insufficient_scope") => {
                        own.description = format!("{}; {lacks}", own.description);
                    }
                    Some(_) => {}
                    None => {
                        let sentence = format!("The{}", &lacks["the".len()..]);
                        responses.insert("403".into(), problem(&sentence));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// Every operation that needs a token documents 401, and every one an access token's
    /// scope allows documents its 403 `insufficient_scope` with that scope, whatever its
    /// handler wrote.
    #[test]
    fn every_secured_operation_documents_its_token_refusals() {
        let doc = serde_json::to_value(super::super::openapi()).expect("the document");
        let mut scoped = 0;
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, op) in item.as_object().expect("an item") {
                let Some(security) = op["security"].as_array() else {
                    continue;
                };
                let optional = security
                    .iter()
                    .any(|r| r.as_object().is_some_and(serde_json::Map::is_empty));
                if optional || !security.iter().any(|r| r.get("bearer").is_some()) {
                    continue;
                }
                let responses = &op["responses"];
                assert!(responses["401"].is_object(), "{method} {path}: no 401");
                let scope = security.iter().find_map(|r| r["oauth"][0].as_str());
                if let Some(scope) = scope {
                    scoped += 1;
                    let says = responses["403"]["description"].as_str().unwrap_or_default();
                    assert!(
                        says.contains(&format!("`{scope}` scope (`insufficient_scope`)")),
                        "{method} {path}: 403 says {says:?}"
                    );
                }
            }
        }
        assert!(scoped > 20, "{scoped} scoped operations");
    }
}
