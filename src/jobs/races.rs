//! Race rooms' scheduled work: the moves stand-ins owe idle players by now, the results of
//! rounds that ended and the ratings of ranked ones (`play::races::tick`). Every
//! [`crate::play::races::TICK`] (500 ms); done by the one instance that holds the `races` lease,
//! which lasts four ticks, so another instance takes over within 2 s of a stop.

use std::sync::Arc;

use super::Jobs;
use crate::play::{races, Play};

pub fn start(jobs: &Jobs, play: Play, holder: Arc<str>) {
    jobs.every(races::TICK, move || {
        let (play, holder) = (play.clone(), holder.clone());
        async move {
            if let Err(e) = races::tick(&play, &holder).await {
                tracing::warn!(error = %e, "race work");
            }
        }
    });
}
