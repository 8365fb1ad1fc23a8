//! The span every request is logged in, and the one line each request is logged with when it
//! is answered, inside that span: the span says method, route template, path, status, request
//! id and client address, the line adds the duration and the kind of caller (as its
//! credentials present it: `session`, `token`, `anonymous`); 5xx at `error`, everything else
//! at `info` (a refusal is an answer, not a fault of the server's). A JSON log writes the
//! span once beside the line's own fields (no span list). Its client address is the one the
//! rate limits use
//! ([`super::ratelimit::client_address`]): the peer's, or the trusted proxy's header when
//! `CLIENT_IP_HEADER` names one. tracing-actix-web's default span takes `Forwarded` and
//! `X-Forwarded-For` at their word, so any client could write its own address into the log.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{web, Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

use crate::AppState;

/// The root span of a request: method, route, path and query, the client address the limits
/// see, the request id; the status (and error) once answered.
pub struct RequestSpan;

/// The client address as this server trusts it.
fn client(request: &ServiceRequest) -> String {
    let trusted = request
        .app_data::<web::Data<AppState>>()
        .and_then(|s| s.serving.client_ip_header.clone());
    super::ratelimit::client_address(request.request(), trusted.as_ref())
}

/// When the request began, kept in its extensions for the line at its end.
#[derive(Clone, Copy)]
struct Began(std::time::Instant);

/// The kind of caller the request's credentials present (not yet checked).
fn caller_kind(request: &actix_web::HttpRequest) -> &'static str {
    match crate::identity::bearer_token(request) {
        Some(token) if token.starts_with(crate::identity::PAT_PREFIX) => "token",
        Some(_) => "session",
        None => "anonymous",
    }
}

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        request
            .extensions_mut()
            .insert(Began(std::time::Instant::now()));
        let route = request
            .match_pattern()
            .unwrap_or_else(|| "default".to_string());
        let id = request
            .extensions()
            .get::<RequestId>()
            .map(std::string::ToString::to_string)
            .unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route,
            http.target = %request.uri().path_and_query().map_or("", actix_web::http::uri::PathAndQuery::as_str),
            http.client_ip = %client(request),
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            request_id = %id,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        let Ok(response) = outcome else {
            // No response to describe (the service's own failure): the span says it.
            DefaultRootSpanBuilder::on_request_end(span, outcome);
            return;
        };
        let code = response.status();
        span.record("http.status_code", i32::from(code.as_u16()));
        span.record(
            "otel.status_code",
            if code.is_server_error() {
                "ERROR"
            } else {
                "OK"
            },
        );
        if let Some(error) = response.response().error() {
            // The refusal's sentence; its debug form only for a server error (a 4xx is an
            // answer, and its problem body says everything).
            span.record("exception.message", tracing::field::display(error));
            if code.is_server_error() {
                span.record("exception.details", tracing::field::debug(error));
            }
        }
        let request = response.request();
        let status = response.status().as_u16();
        let duration_ms = request
            .extensions()
            .get::<Began>()
            .map_or(0.0, |b| b.0.elapsed().as_secs_f64() * 1000.0);
        let caller = caller_kind(request);
        macro_rules! line {
            ($level:expr) => {
                tracing::event!(
                    $level,
                    duration_ms = (duration_ms * 10.0).round() / 10.0,
                    caller,
                    "request"
                )
            };
        }
        if status >= 500 {
            line!(tracing::Level::ERROR);
        } else {
            line!(tracing::Level::INFO);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            if let Ok(mut b) = self.0.lock() {
                b.extend_from_slice(bytes);
            }
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// What one request answered with `status` logs, in JSON.
    fn logged_json(status: actix_web::http::StatusCode, auth: Option<&str>) -> String {
        let mut request = actix_web::test::TestRequest::get()
            .uri("/v1/games/abc?x=1")
            .peer_addr("198.51.100.23:4000".parse().unwrap());
        if let Some(auth) = auth {
            request = request.insert_header(("Authorization", auth));
        }
        let request = request.to_srv_request();
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .json()
            .with_span_list(false)
            .with_writer(move || writer.clone())
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            let span = RequestSpan::on_request_start(&request);
            let _entered = span.enter();
            let response = request.into_response(actix_web::HttpResponse::build(status).finish());
            RequestSpan::on_request_end(tracing::Span::current(), &Ok(response));
        });
        let logged = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        logged
    }

    #[test]
    fn each_request_is_one_line_with_each_field_once_and_refusals_are_not_warnings() {
        use actix_web::http::StatusCode;
        let logged = logged_json(StatusCode::NOT_FOUND, Some("Bearer spider_pat_x_y"));
        let lines: Vec<&str> = logged.lines().collect();
        assert_eq!(lines.len(), 1, "{logged}");
        let line: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(line["level"], "INFO", "{logged}");
        let (fields, span) = (&line["fields"], &line["span"]);
        assert_eq!(fields["message"], "request");
        assert_eq!(fields["caller"], "token");
        assert!(fields["duration_ms"].is_number());
        assert_eq!(span["http.status_code"], 404);
        assert_eq!(span["http.method"], "GET");
        assert_eq!(span["http.target"], "/v1/games/abc?x=1");
        assert_eq!(span["http.client_ip"], "198.51.100.23");
        // The span once, no list of spans: nothing said twice.
        assert!(line.get("spans").is_none(), "{logged}");
        assert_eq!(lines[0].matches("198.51.100.23").count(), 1, "{logged}");
        assert!(lines[0].len() < 500, "{} bytes", lines[0].len());

        let logged = logged_json(StatusCode::OK, None);
        let line: serde_json::Value = serde_json::from_str(logged.trim()).unwrap();
        assert_eq!(line["level"], "INFO");
        assert_eq!(line["fields"]["caller"], "anonymous");
        let logged = logged_json(StatusCode::SERVICE_UNAVAILABLE, Some("Bearer abc"));
        let line: serde_json::Value = serde_json::from_str(logged.trim()).unwrap();
        assert_eq!(line["level"], "ERROR");
        assert_eq!(line["fields"]["caller"], "session");
    }

    #[test]
    fn the_log_names_the_peer_not_the_address_a_client_claims() {
        let request = actix_web::test::TestRequest::default()
            .peer_addr("198.51.100.23:4000".parse().unwrap())
            .insert_header(("X-Forwarded-For", "203.0.113.66"))
            .insert_header(("Forwarded", "for=203.0.113.77;host=evil.example"))
            .to_srv_request();
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            let span = RequestSpan::on_request_start(&request);
            span.in_scope(|| tracing::info!("inside the request"));
        });
        let logged = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        assert!(logged.contains("http.client_ip=198.51.100.23"), "{logged}");
        assert!(!logged.contains("203.0.113"), "{logged}");
        assert!(!logged.contains("evil.example"), "{logged}");
    }
}
