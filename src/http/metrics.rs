//! Prometheus metrics and the middleware that records every request.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage};
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, Opts, Registry, TextEncoder,
};
use tracing_actix_web::RequestId;

use super::AppState;

#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    pub games_created: IntCounter,
    pub actions_applied: IntCounter,
}

impl Metrics {
    pub fn new() -> Metrics {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new(
                "http_requests_total",
                "HTTP requests by route, method and status",
            ),
            &["method", "route", "status"],
        )
        .expect("valid metric");
        let latency = HistogramVec::new(
            HistogramOpts::new(
                "http_request_duration_seconds",
                "HTTP request latency by route",
            )
            .buckets(vec![
                0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
            ]),
            &["route"],
        )
        .expect("valid metric");
        let games_created =
            IntCounter::new("games_created_total", "Games created").expect("valid metric");
        let actions_applied =
            IntCounter::new("actions_applied_total", "Game actions accepted and stored")
                .expect("valid metric");
        for collector in [
            Box::new(requests.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(latency.clone()),
            Box::new(games_created.clone()),
            Box::new(actions_applied.clone()),
        ] {
            registry
                .register(collector)
                .expect("metric registered once");
        }
        Metrics {
            registry,
            requests,
            latency,
            games_created,
            actions_applied,
        }
    }

    pub fn render(&self) -> String {
        let mut buffer = Vec::new();
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut buffer);
        String::from_utf8(buffer).unwrap_or_default()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

/// Counts and times each request by its route pattern, and echoes the request id.
pub async fn record(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let metrics = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.metrics.clone());
    let route = req
        .match_pattern()
        .unwrap_or_else(|| "unmatched".to_string());
    // Only standard methods become labels, so odd requests cannot grow the metric set.
    let method = match req.method().as_str() {
        m @ ("GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS") => m,
        _ => "OTHER",
    }
    .to_string();
    let request_id = req.extensions().get::<RequestId>().map(|id| id.to_string());
    let mut response = next.call(req).await?;
    if let Some(metrics) = metrics {
        let status = response.status().as_u16().to_string();
        metrics
            .requests
            .with_label_values(&[&method, &route, &status])
            .inc();
        metrics
            .latency
            .with_label_values(&[&route])
            .observe(started.elapsed().as_secs_f64());
    }
    if let Some(id) = request_id.and_then(|id| HeaderValue::from_str(&id).ok()) {
        response
            .headers_mut()
            .insert(HeaderName::from_static("x-request-id"), id);
    }
    Ok(response)
}
