//! Operations: liveness, readiness, metrics.

use crate::t;
use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use super::error::{ApiError, Problem};
use super::{blocking, AppState};

#[derive(Serialize, ToSchema)]
pub struct Health {
    #[schema(example = "ok")]
    pub status: &'static str,
}

/// The process is up.
#[utoipa::path(
    tag = "ops",
    operation_id = "getHealth",
    security(()),
    responses((status = 200, description = "Up", body = Health))
)]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health { status: "ok" })
}

/// The service can reach its database.
#[utoipa::path(
    tag = "ops",
    operation_id = "getReadiness",
    security(()),
    responses(
        (status = 200, description = "Ready", body = Health),
        (status = 503, description = "The database is not reachable", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/readyz")]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let db = state.play.db.clone();
    blocking(move || {
        db.ping().map_err(|e| {
            tracing::warn!(error = %e, "readiness check failed");
            ApiError::unavailable("database_unavailable", t!("database-not-ready"))
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(Health { status: "ready" }))
}

/// Prometheus metrics: requests by route and status, latency, games created, actions applied.
/// When the server is given `METRICS_TOKEN`, only `Authorization: Bearer <METRICS_TOKEN>` is
/// answered.
#[utoipa::path(
    tag = "ops",
    operation_id = "getMetrics",
    security((), ("metrics" = [])),
    responses(
        (status = 200, description = "Prometheus text format", body = String, content_type = "text/plain"),
        (status = 401, description = "This server's metrics need its metrics token (`metrics_token_required`)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/metrics")]
pub async fn metrics(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    if let Some(token) = &state.serving.metrics_token {
        let given = req
            .headers()
            .get(actix_web::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        // Compared as digests: the time taken says nothing about the token.
        use sha2::{Digest, Sha256};
        if Sha256::digest(given.as_bytes()) != Sha256::digest(token.as_bytes()) {
            return Err(ApiError::unauthorized(
                "metrics_token_required",
                t!("metrics-token-required"),
            ));
        }
    }
    let mut body = state.metrics.render();
    if let Some((standby, primary)) = state.play.db.stale_reads() {
        body.push_str(&format!(
            "# HELP spider_db_stale_reads_total Reads that may be a second stale (boards, public \
             profiles and exports), by the database that answered them.\n\
             # TYPE spider_db_stale_reads_total counter\n\
             spider_db_stale_reads_total{{served_by=\"standby\"}} {standby}\n\
             spider_db_stale_reads_total{{served_by=\"primary\"}} {primary}\n"
        ));
    }
    Ok(HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4")
        .body(body))
}
