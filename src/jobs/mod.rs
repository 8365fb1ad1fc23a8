//! The background work of one instance, started by the composition root (`crate::app`).
//! Each job is a module that says what it does, how often, under which lease (so that among
//! many instances on one database one does it at a time, and another takes it over within the
//! lease's life when that one stops) and what bounds it:
//!
//! | job | schedule | lease | bounds |
//! |---|---|---|---|
//! | [`races`]: stand-ins' moves, round results, ratings | every 500 ms | `races`, 2 s | rooms with a round started within the last hour (results are fixed by then) |
//! | [`arenas`]: schedules' arenas made ahead, unscored deal ends, final places; each arena's deals drawn before it starts | every 1 s | `arenas`, 4 s (drawing: none, every instance draws the same deals) | 500 ends a turn; 2 s of proving a turn |
//! | [`upkeep`]: forget expired keys, sessions, leases, codes, chat deliveries | every minute | `upkeep`, 90 s | idempotency keys in batches of 1,000 while batches come back full, up to 100 a run |
//! | [`paces`]: the median time people take to win each kind of game, which CPU paces follow | every 10 minutes | `paces`, 11 min | the latest 500 race and daily wins of each of 6 kinds |
//! | [`retention`]: remove guests idle for `GUEST_RETENTION_DAYS` (when not 0) with their games, unless a board, a race, an app or a chat refers to them | every hour | `retention`, 61 min | 500 guests a run, each in one transaction |
//! | [`streams`]: the live streams' shared looks: watched games' versions, open streams' tokens | every 1 s (Postgres 15 s); every 5 s | none: this instance's streams | one statement per 500 games or tokens |
//! | [`puzzles`]: mine numbered deals played by the hint player for puzzles | one thread, while a suit setting holds fewer than `PUZZLE_POOL` | one per suit setting, 120 s | `PUZZLE_POOL` puzzles per suit setting; a lower scheduling priority |
//! | [`winnable`]: prove winnable deals (each stored with its CPU pacer lines), add the lines of deals proven before | one thread, woken by demand | one per kind of deal and one per CPU line, 120 s | `WINNABLE_POOL` deals per kind and difficulty, 6 kinds asked for |
//!
//! The HTTP layer's in-memory limiters are pruned every minute through [`Jobs::every`] too
//! (no lease: they are this instance's own memory), and, when a chat platform's bot token is
//! set, it posts ended arenas' results into the channels they were made in the same way
//! (`integrations::posts`: every 2 s, lease `arena_posts` of 60 s, at most 4 posts a turn of
//! at most 10 s each).

// The use cases and what they stand on, under the names the rest of the service knows them by.
use spider_config as config;
use spider_domain as domain;
use spider_engine as engine;
use spider_play as play;
use spider_store as store;

pub mod arenas;
pub mod paces;
pub mod puzzles;
pub mod races;
pub mod retention;
pub mod streams;
pub mod upkeep;
pub mod winnable;

use std::future::Future;
use std::sync::{Arc, Weak};
use std::time::Duration;

use crate::config::Config;
use crate::play::Play;

/// The running jobs of one instance. They stop at their next turn once this is dropped (with
/// the server's state), so a stopped server leaves nothing running.
#[derive(Clone)]
pub struct Jobs {
    alive: Arc<()>,
}

impl Jobs {
    /// Start the scheduled jobs of `play` (unless `SCHEDULED_WORK` is off). The prover starts
    /// with `play` itself (`crate::app::play`): requests reach it through `play.winnable`.
    pub fn start(play: &Play, config: &Config) -> Jobs {
        let jobs = Jobs {
            alive: Arc::new(()),
        };
        // The live streams' shared looks are this instance's own, and needed by its streams.
        streams::start(&jobs, play.clone());
        if config.jobs.scheduled_work {
            // One holder name per instance: the leases say which instance does the work.
            let holder: Arc<str> = uuid::Uuid::new_v4().to_string().into();
            races::start(&jobs, play.clone(), holder.clone());
            arenas::start(&jobs, play.clone(), holder.clone());
            upkeep::start(&jobs, play.clone(), holder.clone());
            let days = config.storage.guest_retention_days;
            if days > 0 {
                retention::start(&jobs, play.clone(), holder.clone(), days);
            }
            puzzles::start(
                play.db.clone(),
                play.clock.clone(),
                play.daily_secret.clone(),
                holder.to_string(),
                config.jobs.puzzle_pool,
                Arc::downgrade(&jobs.alive),
            );
            paces::start(&jobs, play.clone(), holder);
        }
        jobs
    }

    /// Run `turn` every `period` (the first at once; a late turn delays the next rather than
    /// bunching them up), for as long as these jobs are alive.
    pub fn every<F, T>(&self, period: Duration, mut turn: F)
    where
        F: FnMut() -> T + 'static,
        T: Future<Output = ()> + 'static,
    {
        let alive: Weak<()> = Arc::downgrade(&self.alive);
        // On the server's (and each test's) single-threaded runtime, as a local task: a turn
        // need not be `Send`.
        tokio::task::spawn_local(async move {
            let mut tick = tokio::time::interval(period);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                if alive.strong_count() == 0 {
                    break;
                }
                turn().await;
            }
        });
    }
}
