//! Post-game analysis: was the deal winnable, which action lost it, and a winning line from
//! the last winnable position. It reads every card, so it opens only once that hurts nobody.
//! It is searched once, in the bounded search pool, and kept: the analysis of a finished game
//! is a pure function of data that no longer changes, so keeping it is memoisation (the
//! table can be emptied at any time), and a second request is a read.

use crate::domain::{GameId, UserId};
use crate::GameError;
use std::time::Instant;

use super::{blocking, Error, Play};
use crate::engine::analysis::{Analysis, AnalysisBudget};
use crate::engine::{self, Action};
use crate::store::analyses as analysis_store;
pub use crate::store::analyses::AnalysisRow;
use crate::store::games::{self as game_store, GameRow};
use crate::store::StoreError;

/// A game's analysis.
pub struct Analysed {
    pub row: GameRow,
    pub stored: AnalysisRow,
    pub analysis: Analysis,
    /// Whether this request ran the search (else it read an earlier one's).
    pub computed: bool,
}

/// The analysis of `who`'s game `game_id`: read when kept, else searched (in the pool: refused
/// when it is full, or `who` holds their share of it) and kept.
pub async fn analysis(
    play: &Play,
    who: &super::searches::Searcher,
    game_id: &GameId,
) -> Result<Analysed, Error> {
    let (p, user_id, game_id) = (play.clone(), who.account.clone(), game_id.clone());
    let (row, log, kept) = blocking(move || open_game(&p, &user_id, &game_id)).await?;
    let (stored, computed) = match kept {
        Some(kept) => (kept, false),
        None => {
            let slot = play.searches.slot_for(who)?;
            let game = row.clone();
            let budget = AnalysisBudget::of(play.analysis_positions);
            let clock = play.clock.clone();
            let found = slot
                .run(move || compute(&game, &log, &budget, &clock))
                .await?;
            let db = play.db.clone();
            // Two requests may compute at once: the first kept wins, both answer with it.
            let kept = blocking(move || {
                Ok(db.write(move |conn| analysis_store::insert_once(conn, &found))?)
            })
            .await?;
            (kept, true)
        }
    };
    let analysis = serde_json::from_str(&stored.result)
        .map_err(|e| StoreError::Corrupt(format!("analysis of game {}: {e}", stored.game_id)))?;
    Ok(Analysed {
        row,
        stored,
        analysis,
        computed,
    })
}

/// The game, its log and its kept analysis, or the reason its analysis is not open yet: the
/// game is in progress, its daily's day is not over, or its race round is not over.
fn open_game(
    play: &Play,
    user_id: &UserId,
    id: &GameId,
) -> Result<(GameRow, Vec<Action>, Option<AnalysisRow>), Error> {
    let (row, log, kept) = play.db.read(|conn| -> Result<_, Error> {
        let (row, log) =
            game_store::load(conn, user_id, id)?.ok_or(Error::Game(GameError::GameNotFound))?;
        let kept = analysis_store::get(conn, id)?;
        Ok((row, log, kept))
    })?;
    shown_in_full(play, &row)?;
    Ok((row, log, kept))
}

/// Whether every card of a finished game may be shown (its analysis, its export): refused
/// while it is in progress, while its daily's day lasts, while its race round is on, and while its arena runs.
/// Blocking.
pub(super) fn shown_in_full(play: &Play, row: &GameRow) -> Result<(), Error> {
    if !row.status.is_over() {
        return Err(Error::Game(GameError::GameInProgress));
    }
    if let Some(day) = row.daily_date()? {
        if !play.clock.is_over(day) {
            return Err(Error::Game(GameError::DailyNotOver));
        }
    }
    if row.origin == crate::domain::origin::OriginKind::Arena
        && !super::arenas::shown_in_full(play, &row.id)?
    {
        return Err(Error::Game(GameError::ArenaRunning));
    }
    if let Some(race_id) = &row.race_id {
        if !super::races::round_over_for_game(play, race_id, &row.id)? {
            return Err(Error::Game(GameError::RaceRoundInProgress));
        }
    }
    Ok(())
}

/// Search the game (on a search worker).
fn compute(
    row: &GameRow,
    log: &[Action],
    budget: &AnalysisBudget,
    clock: &super::clock::Clock,
) -> Result<AnalysisRow, Error> {
    let spec = row.deal_spec();
    let started = Instant::now();
    let analysis = engine::analyse(
        spec.variant,
        spec.suits,
        spec.rules,
        spec.deal_number,
        log,
        budget,
    )
    .map_err(|e| Error::Internal(format!("stored log of {} no longer replays: {e}", row.id)))?;
    let duration_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
    Ok(AnalysisRow {
        game_id: row.id.clone(),
        version: row.version,
        result: serde_json::to_string(&analysis)
            .map_err(|e| Error::Internal(format!("serializing an analysis: {e}")))?,
        nodes: i64::try_from(analysis.nodes).unwrap_or(i64::MAX),
        duration_ms,
        computed_at: clock.now(),
        user_id: row.user_id.clone(),
    })
}
