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

use crate::AppState;

#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    pub games_created: IntCounter,
    pub actions_applied: IntCounter,
    chat: IntCounterVec,
}

/// The chat endpoints, by the route each is matched as, and the platform each is counted for.
const CHAT_ROUTES: [(&str, &str); 4] = [
    ("/v1/integrations/discord", "discord"),
    ("/v1/integrations/slack", "slack"),
    ("/v1/integrations/telegram", "telegram"),
    ("/v1/games/{id}/commands", "http"),
];

/// How a chat request ended, by its status: the reply went back (2xx; on a platform it may
/// say the rules refused the move, as a reply), the request was refused (4xx), or failed
/// (5xx).
const CHAT_OUTCOMES: [&str; 3] = ["answered", "refused", "failed"];

fn chat_outcome(status: u16) -> &'static str {
    match status {
        200..=399 => CHAT_OUTCOMES[0],
        400..=499 => CHAT_OUTCOMES[1],
        _ => CHAT_OUTCOMES[2],
    }
}

impl Metrics {
    /// The service's metrics, registered once (refused only if two had one name).
    pub fn new() -> Result<Metrics, prometheus::Error> {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new(
                "http_requests_total",
                "HTTP requests by route, method and status",
            ),
            &["method", "route", "status"],
        )?;
        let latency = HistogramVec::new(
            HistogramOpts::new(
                "http_request_duration_seconds",
                "HTTP request latency by route",
            )
            .buckets(vec![
                0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
            ]),
            &["route"],
        )?;
        let games_created = IntCounter::new("games_created_total", "Games created")?;
        let actions_applied =
            IntCounter::new("actions_applied_total", "Game actions accepted and stored")?;
        let chat = IntCounterVec::new(
            Opts::new(
                "spider_chat_requests_total",
                "Chat requests by platform (discord, slack, telegram; http: the commands \
                 endpoint) and outcome (answered: 2xx, refused: 4xx, failed: 5xx)",
            ),
            &["platform", "outcome"],
        )?;
        // Every series from the start, at 0: a platform nobody uses yet still shows.
        for (_, platform) in CHAT_ROUTES {
            for outcome in CHAT_OUTCOMES {
                chat.with_label_values(&[platform, outcome]);
            }
        }
        for collector in [
            Box::new(requests.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(latency.clone()),
            Box::new(games_created.clone()),
            Box::new(actions_applied.clone()),
            Box::new(chat.clone()),
        ] {
            registry.register(collector)?;
        }
        Ok(Metrics {
            registry,
            requests,
            latency,
            games_created,
            actions_applied,
            chat,
        })
    }

    pub fn render(&self) -> String {
        let mut buffer = Vec::new();
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut buffer);
        String::from_utf8(buffer).unwrap_or_default()
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
    let request_id = req
        .extensions()
        .get::<RequestId>()
        .map(std::string::ToString::to_string);
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
        if let Some((_, platform)) = CHAT_ROUTES.iter().find(|(r, _)| *r == route) {
            let outcome = chat_outcome(response.status().as_u16());
            metrics.chat.with_label_values(&[platform, outcome]).inc();
        }
    }
    if let Some(id) = request_id.and_then(|id| HeaderValue::from_str(&id).ok()) {
        response
            .headers_mut()
            .insert(HeaderName::from_static("x-request-id"), id);
    }
    Ok(response)
}
