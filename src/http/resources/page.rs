//! The web client: one page of plain HTML, CSS and JavaScript ES modules (under `web/`, built
//! into the binary), which plays through the public API like any other client.

use crate::t;
use actix_web::http::header;
use actix_web::{web, HttpResponse};

use crate::error::ApiError;
use crate::i18n::Lang;

const INDEX: &str = include_str!("../../../web/index.html");
const STYLE: &str = include_str!("../../../web/style.css");

/// The client's modules (every `web/js/*.js`, listed by build.rs), served at `/js/{name}`;
/// any other name is a 404.
const MODULES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/web_modules.rs"));

/// The page's Content-Security-Policy: scripts, styles, images and requests from its own
/// origin only (so no link or injected markup can make it talk to another server), no inline
/// script, and no framing by any site (so no other page can lay it under its own and trick a
/// player into clicking Resign, Sign out or an app's Approve).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers every page of the web client carries: its policy, the older frame refusal
/// for browsers without `frame-ancestors`, no type sniffing, and no referrer to other sites.
pub fn protect(
    response: &mut actix_web::HttpResponseBuilder,
) -> &mut actix_web::HttpResponseBuilder {
    response
        .insert_header((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .insert_header((header::X_FRAME_OPTIONS, "DENY"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
}

fn asset(content_type: &'static str, body: &'static str) -> HttpResponse {
    protect(&mut HttpResponse::Ok())
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(body)
}

pub async fn index() -> HttpResponse {
    asset("text/html; charset=utf-8", INDEX)
}

/// `GET /js/{name}`: one of the client's modules.
pub async fn module(name: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let name = name.into_inner();
    MODULES
        .iter()
        .find(|(known, _)| *known == name)
        .map(|(_, body)| asset("text/javascript; charset=utf-8", body))
        .ok_or_else(|| ApiError::not_found(t!("no-web-module", name = name)))
}

/// `GET /l10n/{lang}.ftl`: the messages the page formats itself (Fluent), in one of the
/// languages the service speaks; any other name is a 404.
/// With an `ETag` (the messages' digest): a page that has them answers `If-None-Match` and
/// gets 304 with no body, instead of 40-odd KB again on every load.
pub async fn messages(
    name: web::Path<String>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let name = name.into_inner();
    let lang = name
        .strip_suffix(".ftl")
        .and_then(Lang::from_tag)
        .ok_or_else(|| ApiError::not_found(t!("no-page-messages", name = name.as_str())))?;
    let i = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    let (body, etag) = &PAGE_MESSAGES[i];
    let fresh = req
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == etag || tag == "*");
    let mut answer = if fresh {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    protect(&mut answer)
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::ETAG, etag.as_str()))
        .insert_header((header::CONTENT_LANGUAGE, lang.tag()));
    if fresh {
        return Ok(answer.finish());
    }
    Ok(answer
        .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
        .body(body.clone()))
}

/// Each language's page messages (in the order of [`Lang::ALL`]) and their `ETag`, made once.
static PAGE_MESSAGES: std::sync::LazyLock<Vec<(String, String)>> = std::sync::LazyLock::new(|| {
    use sha2::{Digest, Sha256};
    Lang::ALL
        .iter()
        .map(|&lang| {
            let body = crate::i18n::page_messages(lang);
            let digest = hex::encode(Sha256::digest(body.as_bytes()));
            let etag = format!("\"{}\"", &digest[..20]);
            (body, etag)
        })
        .collect()
});

pub async fn style() -> HttpResponse {
    asset("text/css; charset=utf-8", STYLE)
}

#[cfg(test)]
mod served_modules {
    #[test]
    fn every_module_in_web_js_is_served_and_no_other() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/js");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("web/js")
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".js"))
            .collect();
        files.sort();
        let served: Vec<&str> = super::MODULES.iter().map(|(name, _)| *name).collect();
        assert!(served.len() > 10, "{served:?}");
        assert_eq!(served, files);
        for (name, text) in super::MODULES {
            let on_disk = std::fs::read_to_string(format!("{dir}/{name}")).expect("a module");
            assert_eq!(*text, on_disk, "{name} is embedded as it is");
        }
    }
}
