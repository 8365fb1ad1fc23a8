//! Arenas' scheduled work (`play::arenas::tick`): the operators' schedules' arenas made
//! ahead, deals' ends a stopped instance did not score, final places of arenas that ended.
//! Every [`crate::play::arenas::TICK`] (1 s), by the one instance that holds the `arenas`
//! lease (four ticks). And, on the same turn, drawing the deals of arenas about to start
//! (`play::arenas::draw_deals`): the numbers each arena's secret draws, proven winnable by the
//! prover's search, at most [`DRAW_BUDGET`] of searching a turn, off the async workers.

use std::sync::Arc;
use std::time::Duration;

use super::winnable::prove;
use super::Jobs;
use crate::play::{arenas, blocking, Play};
use crate::store::winnable::Class;

/// Searching one turn may spend drawing deals.
pub const DRAW_BUDGET: Duration = Duration::from_secs(2);

pub fn start(jobs: &Jobs, play: Play, holder: Arc<str>) {
    jobs.every(arenas::TICK, move || {
        let (play, holder) = (play.clone(), holder.clone());
        async move {
            if let Err(e) = arenas::tick(&play, &holder).await {
                tracing::warn!(error = %e, "arena work");
            }
            let p = play.clone();
            let drawn = blocking(move || {
                let winnable = |variant, suits, number| {
                    let class = Class {
                        variant,
                        suits,
                        empty_column_deal: crate::engine::EmptyColumnDeal::Standard,
                    };
                    prove(&class, number).is_some()
                };
                arenas::draw_deals(&p, &winnable, DRAW_BUDGET)
            })
            .await;
            if let Err(e) = drawn {
                tracing::warn!(error = %e, "drawing arena deals");
            }
        }
    });
}
