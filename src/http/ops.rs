//! Operations: liveness, readiness, metrics.

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
    let db = state.db.clone();
    blocking(move || {
        db.ping().map_err(|e| {
            tracing::warn!(error = %e, "readiness check failed");
            ApiError::unavailable(
                "database_unavailable",
                "The database is not reachable right now.",
            )
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(Health { status: "ready" }))
}

/// Prometheus metrics: requests by route and status, latency, games created, actions applied.
#[utoipa::path(
    tag = "ops",
    operation_id = "getMetrics",
    security(()),
    responses((status = 200, description = "Prometheus text format", body = String, content_type = "text/plain"))
)]
#[get("/metrics")]
pub async fn metrics(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4")
        .body(state.metrics.render())
}
