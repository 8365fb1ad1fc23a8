//! Upkeep: forget what has expired (`play::upkeep`): idempotency keys past their lifetime (in
//! batches of 1,000, up to 100 a run), signed-out sessions whose tokens have expired anyway, leases that ran
//! out, one-time codes an hour past their expiry, chat deliveries an hour old. Every minute;
//! done by the one instance that holds the `upkeep` lease (90 s).

use std::sync::Arc;
use std::time::Duration;

use super::Jobs;
use crate::play::{blocking, upkeep, Play};

pub const EVERY: Duration = Duration::from_secs(60);

pub fn start(jobs: &Jobs, play: Play, holder: Arc<str>) {
    jobs.every(EVERY, move || {
        let (db, holder, at) = (play.db.clone(), holder.clone(), play.clock.now());
        async move {
            match blocking(move || upkeep(&db, &holder, at)).await {
                Ok(0) => {}
                Ok(n) => {
                    tracing::info!(forgotten = n, "old idempotency keys and sessions forgotten");
                }
                Err(e) => tracing::warn!(error = %e, "upkeep"),
            }
        }
    });
}
