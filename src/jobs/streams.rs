//! The live streams' shared looks (this instance's own; no lease): every stream here is
//! woken by a change to what it follows (`crate::play::live`), and what no notification
//! reports is looked at here for every stream at once, never once per stream:
//!
//! - the versions of every watched game, one statement per 500 games, every second on SQLite
//!   (another process on the same file is not heard) and every 15 s on Postgres (a
//!   notification may be dropped when its queue is full); a game whose version moved wakes
//!   its watchers;
//! - whether the streams' tokens still hold, each distinct token once, every 5 s: a session
//!   ended or an access token revoked through another instance, or a token expired, makes
//!   its streams check again and end with an `error` event. An ending made here tells its
//!   streams at once, without waiting for this look.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::Jobs;
use crate::play::{self, Play};

/// How often the open streams' tokens are checked, all at once.
pub const CHECK_TOKENS_EVERY: Duration = Duration::from_secs(5);

pub fn start(jobs: &Jobs, play: Play) {
    let seen: Arc<Mutex<HashMap<String, i32>>> = Arc::default();
    let p = play.clone();
    jobs.every(play.live.poll_every(), move || {
        look_at_versions(p.clone(), seen.clone())
    });
    jobs.every(CHECK_TOKENS_EVERY, move || check_tokens(play.clone()));
}

async fn look_at_versions(play: Play, seen: Arc<Mutex<HashMap<String, i32>>>) {
    let watched = play.live.watched_games();
    if watched.is_empty() {
        seen.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clear();
        return;
    }
    let db = play.db.clone();
    let found = play::blocking(move || play::live::versions(&db, &watched)).await;
    let versions = match found {
        Ok(versions) => versions,
        Err(e) => {
            tracing::warn!(error = %e, "looking at the watched games' versions");
            return;
        }
    };
    let mut seen = seen
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut now = HashMap::with_capacity(versions.len());
    for (id, version) in versions {
        // A game seen for the first time wakes its watchers too: it may have changed
        // between their first look and this one.
        if seen.get(&id) != Some(&version) {
            play.live.seen_changed(&id);
        }
        now.insert(id, version);
    }
    *seen = now;
}

async fn check_tokens(play: Play) {
    let credentials = play.live.credentials();
    if credentials.is_empty() {
        return;
    }
    let (db, now) = (play.db.clone(), play.clock.now());
    match play::blocking(move || play::accounts::lapsed(&db, &credentials, now)).await {
        Ok(lapsed) if !lapsed.is_empty() => {
            play.live.recheck(|c| lapsed.contains(c));
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "checking the live streams' tokens"),
    }
}
