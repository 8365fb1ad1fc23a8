//! Retention: guests idle for `GUEST_RETENTION_DAYS` days, with nothing that a board, a race,
//! an app or a chat refers to, are removed with their games (`play::retention`; what keeps a
//! guest, table by table: `store::retention`). Every hour, at most 500 guests a run, each in
//! a transaction of its own; done by the one instance that holds the `retention` lease
//! (61 min). Started only when the setting is not 0.

use std::sync::Arc;

use super::Jobs;
use crate::play::{blocking, retention, Play};

pub fn start(jobs: &Jobs, play: Play, holder: Arc<str>, days: u32) {
    jobs.every(retention::EVERY, move || {
        let (play, holder) = (play.clone(), holder.clone());
        async move {
            let now = play.clock.now();
            match blocking(move || retention::run(&play, &holder, days, now)).await {
                Ok(removed) if removed.guests == 0 => {}
                Ok(removed) => tracing::info!(
                    guests = removed.guests,
                    games = removed.games,
                    days,
                    "idle guests removed with their games"
                ),
                Err(e) => tracing::warn!(error = %e, "removing idle guests"),
            }
        }
    });
}
