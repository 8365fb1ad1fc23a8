//! CPU paces follow people: every ten minutes the median time people took to win each kind of
//! game (its latest 500 race and daily wins, once there are 30) is recomputed
//! (`play::paces::recompute`); done by the one instance that holds the `paces` lease (11 min).

use std::sync::Arc;

use super::Jobs;
use crate::play::{blocking, paces, Play};

pub fn start(jobs: &Jobs, play: Play, holder: Arc<str>) {
    jobs.every(paces::EVERY, move || {
        let (db, holder, at) = (play.db.clone(), holder.clone(), play.clock.now());
        async move {
            match blocking(move || paces::recompute(&db, &holder, at)).await {
                Ok(0) => {}
                Ok(kinds) => tracing::info!(kinds, "CPU paces follow people's winning times"),
                Err(e) => tracing::warn!(error = %e, "recomputing CPU paces"),
            }
        }
    });
}
