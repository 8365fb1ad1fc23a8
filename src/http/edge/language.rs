//! Which language each answer speaks: the request's `Accept-Language` (RFC 9110 §12.5.4) picks
//! one of ours (English when none fits); every answer names it in `Content-Language` and adds
//! `Vary: Accept-Language`. A refusal (an [`ApiError`]) is written in English where it is made
//! and rewritten here in the request's language; a handler that writes words itself (the
//! board, a chat command's answer) takes the [`Lang`] as an extractor.

use std::future::{ready, Ready};

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest};

use crate::error::ApiError;
use crate::i18n::Lang;

/// The language of a request's `Accept-Language` (English when it names none of ours).
pub fn of_headers(req: &HttpRequest) -> Lang {
    if let Some(lang) = req.extensions().get::<Lang>() {
        return *lang;
    }
    negotiated(req.headers())
}

fn negotiated(headers: &header::HeaderMap) -> Lang {
    let values: Vec<&str> = headers
        .get_all(header::ACCEPT_LANGUAGE)
        .filter_map(|v| v.to_str().ok())
        .collect();
    match values.as_slice() {
        [] => Lang::En,
        [one] => Lang::negotiate(one),
        many => Lang::negotiate(&many.join(",")),
    }
}

/// A handler's argument: the language the middleware picked for this request
/// (`Language(lang): Language`). A wrapper of HTTP's own, because the language itself is the
/// words crate's type and the extractor trait actix-web's.
pub struct Language(pub Lang);

impl FromRequest for Language {
    type Error = actix_web::Error;
    type Future = Ready<Result<Language, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Language(of_headers(req))))
    }
}

/// The middleware: picks the language, rewrites a refusal in it, names it on the answer.
pub async fn negotiate(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let lang = negotiated(req.headers());
    req.extensions_mut().insert(lang);
    // (An error passed up as `Err` is answered by the server in English: every refusal of
    // this service is a response that carries its `ApiError`, `HttpResponse::from_error`.)
    let mut res = next.call(req).await?.map_into_boxed_body();
    let refusal = res
        .response()
        .error()
        .and_then(|e| e.as_error::<ApiError>())
        .filter(|_| lang != Lang::En && is_problem(res.headers()))
        .map(|e| serde_json::to_string(&e.problem_in(lang)));
    if let Some(Ok(body)) = refusal {
        res = res.map_body(|_, _| BoxBody::new(body));
    }
    let headers = res.headers_mut();
    // (An answer in a language of its own choosing says so itself: the page's messages.)
    if !headers.contains_key(header::CONTENT_LANGUAGE) {
        headers.insert(
            header::CONTENT_LANGUAGE,
            HeaderValue::from_static(lang.tag()),
        );
    }
    headers.append(header::VARY, HeaderValue::from_static("Accept-Language"));
    Ok(res)
}

fn is_problem(headers: &header::HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/problem+json"))
}
