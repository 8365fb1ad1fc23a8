//! Operations: liveness, readiness, metrics.

use crate::t;
use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::{blocking, AppState};

#[derive(Serialize, ToSchema)]
pub struct Health {
    #[schema(example = "ok")]
    pub status: &'static str,
    /// The release this instance runs (the package version it was built from).
    #[schema(example = "0.1.0")]
    pub version: &'static str,
}

/// The release this binary was built from.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The process is up.
#[utoipa::path(
    tag = "ops",
    operation_id = "getHealth",
    security(()),
    responses((status = 200, description = "Up", body = Health))
)]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health {
        status: "ok",
        version: VERSION,
    })
}

/// The service can reach its database.
#[utoipa::path(
    tag = "ops",
    operation_id = "getReadiness",
    security(()),
    responses(
        (status = 200, description = "Ready", body = Health),
        (status = 503, description = "The database is not reachable"),
    )
)]
#[get("/readyz")]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let play = state.play.clone();
    blocking(move || {
        play.ready().map_err(|e| {
            tracing::warn!(error = %e, "readiness check failed");
            ApiError::unavailable("database_unavailable", t!("database-not-ready"))
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(Health {
        status: "ready",
        version: VERSION,
    }))
}

/// Prometheus metrics.
///
/// Requests by route and status, latency, games created, actions applied; the database pool
/// and writer, chat requests by platform, the proven winnable deals waiting, and the process
/// (memory, CPU, file descriptors). docs/OPERATIONS.md, "What to watch", says what each is.
/// When the server is given `METRICS_TOKEN`, only `Authorization: Bearer <METRICS_TOKEN>` is
/// answered.
#[utoipa::path(
    tag = "ops",
    operation_id = "getMetrics",
    security((), ("metrics" = [])),
    responses(
        (status = 200, description = "Prometheus text format", body = String, content_type = "text/plain"),
        (status = 401, description = "This server's metrics need its metrics token (`metrics_token_required`)"),
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
    body.push_str(&instance_metrics(&state));
    body.push_str(&writer_metrics(&state.play.db.writes()));
    body.push_str(&checkout_metrics(&state.play.db.checkouts()));
    body.push_str(&pool_stock(&state).await);
    body.push_str(&crate::edge::process::metrics());
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

/// How long a scrape waits for a database connection to count the proven deals waiting; past
/// it (the pool busy, the database away) the metric is left out of that scrape.
const STOCK_READ_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// The proven winnable deals waiting, per kind and difficulty: a count read when scraped.
async fn pool_stock(state: &AppState) -> String {
    let (db, prover) = (state.play.db.clone(), state.play.winnable.clone());
    let stock = crate::play::off_the_workers(move || {
        crate::play::wanted::stock(&db, &prover, STOCK_READ_WAIT)
    })
    .await;
    let mut out = String::from(
        "# HELP spider_winnable_pool_deals Proven winnable deals waiting to be dealt (WINNABLE_POOL \
         is the stock kept per kind and difficulty), by kind and difficulty.\n\
         # TYPE spider_winnable_pool_deals gauge\n",
    );
    match stock {
        Ok(Ok(stock)) => {
            for ((class, difficulty), n) in stock {
                out.push_str(&format!(
                    "spider_winnable_pool_deals{{variant=\"{}\",suits=\"{}\",\
                     empty_column_deal=\"{}\",difficulty=\"{}\"}} {n}\n",
                    class.variant.name(),
                    class.suits.count(),
                    class.empty_column_deal.name(),
                    difficulty.name(),
                ));
            }
        }
        Ok(Err(e)) | Err(e) => {
            tracing::debug!(error = %e, "the winnable pool's stock is left out of this scrape");
        }
    }
    out
}

/// The writer's queue and batches (`store::writer_stats`).
fn writer_metrics(writes: &crate::play::instance::WritesNow) -> String {
    let mut out = format!(
        "# HELP spider_write_queue_depth Writes queued for the database writer and not yet \
         taken into a batch (SQLite: every write; Postgres: game actions).\n\
         # TYPE spider_write_queue_depth gauge\n\
         spider_write_queue_depth {}\n",
        writes.waiting
    );
    histogram(
        &mut out,
        "spider_write_batch_size",
        "Writes per batch the database writer committed together (group commit).",
        &writes.batch_sizes,
    );
    histogram(
        &mut out,
        "spider_write_commit_seconds",
        "Time from a write batch's first statement to its commit.",
        &writes.commit_seconds,
    );
    out
}

/// The pool's checkouts (`store::writer_stats::CheckoutStats`).
fn checkout_metrics(checkouts: &crate::play::instance::CheckoutsNow) -> String {
    let mut out = String::new();
    histogram(
        &mut out,
        "spider_db_pool_checkout_seconds",
        "Time a request waited for a database connection from the pool (reads; Postgres writes).",
        &checkouts.wait_seconds,
    );
    out.push_str(&format!(
        "# HELP spider_db_pool_checkout_timeouts_total Checkouts that found no connection in \
         time (a 503 database_unavailable to its request).\n\
         # TYPE spider_db_pool_checkout_timeouts_total counter\n\
         spider_db_pool_checkout_timeouts_total {}\n",
        checkouts.timeouts
    ));
    out
}

/// A histogram in Prometheus's text format.
fn histogram(out: &mut String, name: &str, help: &str, buckets: &crate::play::instance::Buckets) {
    out.push_str(&format!("# HELP {name} {help}\n# TYPE {name} histogram\n"));
    for (upper, n) in &buckets.upper {
        out.push_str(&format!("{name}_bucket{{le=\"{upper}\"}} {n}\n"));
    }
    out.push_str(&format!(
        "{name}_bucket{{le=\"+Inf\"}} {count}\n{name}_sum {sum}\n{name}_count {count}\n",
        count = buckets.count,
        sum = buckets.sum,
    ));
}

/// What this instance holds now, read when scraped: the release, the database pool, open live
/// streams, the search slots; and what its retention removed.
fn instance_metrics(state: &AppState) -> String {
    let (open, idle, most) = state.play.db.pool_state();
    let streams = state.play.live.open_streams();
    let (slots, free) = (state.play.searches.size(), state.play.searches.free());
    let (guests, games) = state.play.removed.totals();
    format!(
        "# HELP spider_build_info The release this instance runs (always 1).\n\
         # TYPE spider_build_info gauge\n\
         spider_build_info{{version=\"{VERSION}\"}} 1\n\
         # HELP spider_db_pool_connections Database connections of this instance's pool, by state.\n\
         # TYPE spider_db_pool_connections gauge\n\
         spider_db_pool_connections{{state=\"in_use\"}} {}\n\
         spider_db_pool_connections{{state=\"idle\"}} {idle}\n\
         # HELP spider_db_pool_max_connections The most connections the pool may open (DB_POOL_SIZE).\n\
         # TYPE spider_db_pool_max_connections gauge\n\
         spider_db_pool_max_connections {most}\n\
         # HELP spider_live_streams_open Live streams (games and races) open on this instance.\n\
         # TYPE spider_live_streams_open gauge\n\
         spider_live_streams_open {streams}\n\
         # HELP spider_search_slots Search slots (hints, analyses) of this instance, by state.\n\
         # TYPE spider_search_slots gauge\n\
         spider_search_slots{{state=\"busy\"}} {}\n\
         spider_search_slots{{state=\"free\"}} {free}\n\
         # HELP spider_retention_removed_total Idle guests (GUEST_RETENTION_DAYS) and their games this instance removed.\n\
         # TYPE spider_retention_removed_total counter\n\
         spider_retention_removed_total{{what=\"guests\"}} {guests}\n\
         spider_retention_removed_total{{what=\"games\"}} {games}\n",
        open.saturating_sub(idle),
        slots.saturating_sub(free),
    )
}
