//! The span every request is logged in. Its client address is the one the rate limits use
//! ([`super::ratelimit::client_address`]): the peer's, or the trusted proxy's header when
//! `CLIENT_IP_HEADER` names one. tracing-actix-web's default span takes `Forwarded` and
//! `X-Forwarded-For` at their word, so any client could write its own address into the log.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{web, Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

use super::AppState;

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

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let route = request
            .match_pattern()
            .unwrap_or_else(|| "default".to_string());
        let id = request
            .extensions()
            .get::<RequestId>()
            .map(|id| id.to_string())
            .unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route,
            http.target = %request.uri().path_and_query().map(|p| p.as_str()).unwrap_or(""),
            http.client_ip = %client(request),
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            request_id = %id,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
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
