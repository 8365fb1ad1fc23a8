//! The web client: one page of plain HTML, CSS and JavaScript (under `web/`, built into the
//! binary), which plays through the public API like any other client.

use actix_web::http::header;
use actix_web::HttpResponse;

const INDEX: &str = include_str!("../../web/index.html");
const SCRIPT: &str = include_str!("../../web/app.js");
const STYLE: &str = include_str!("../../web/style.css");

fn asset(content_type: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .body(body)
}

pub async fn index() -> HttpResponse {
    asset("text/html; charset=utf-8", INDEX)
}

pub async fn script() -> HttpResponse {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

pub async fn style() -> HttpResponse {
    asset("text/css; charset=utf-8", STYLE)
}
