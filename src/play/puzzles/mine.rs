//! The miner (docs/PUZZLES.md, "Finding puzzles"): the puzzles met along a numbered deal the
//! hint player plays, and along players' finished games, into the set.

use chrono::NaiveDateTime;
use sha2::{Digest, Sha256};

use super::store;
use crate::domain::puzzles as rating;
use crate::engine::puzzle::{self, Goal, Theme};
use crate::engine::{notation, Action, DealSpec, Game};
use crate::store::puzzles::PuzzleRow;
use crate::store::{Db, StoreError};
use crate::Error;

/// Moves the miner's search may make per goal at one position.
pub const MINE_BUDGET: u64 = 20_000;

/// The most moves a mined puzzle asks for.
pub const MINE_MOST: usize = 6;

/// What makes two puzzles the same: the visible table, the goal and N.
fn fingerprint(game: &Game, goal: Goal, within: usize) -> String {
    let view = game.view();
    let mut text = format!(
        "{}|{}|{}|{}|{within}|",
        view.variant.name(),
        view.suits.count(),
        view.stock_deals_left,
        goal.name()
    );
    for column in &view.columns {
        text.push_str(&column.face_down.to_string());
        for card in &column.face_up {
            text.push_str(&card.to_string());
        }
        text.push('|');
    }
    Sha256::digest(text.as_bytes())
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new puzzle id: ten hex digits from the operating system's random source.
fn new_id() -> Result<String, Error> {
    let bytes: [u8; 5] = crate::tokens::random_bytes()?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The puzzles met along one game (its deal and log), as rows to store; `source` says whose
/// game it was.
pub fn mined_rows(
    spec: &DealSpec,
    log: &[Action],
    source: &str,
    now: NaiveDateTime,
) -> Result<Vec<PuzzleRow>, Error> {
    mined_rows_within(spec, log, source, now, 0..=log.len())
}

/// [`mined_rows`] for the positions after `within` actions only.
fn mined_rows_within(
    spec: &DealSpec,
    log: &[Action],
    source: &str,
    now: NaiveDateTime,
    within: std::ops::RangeInclusive<usize>,
) -> Result<Vec<PuzzleRow>, Error> {
    let start = spec.deal();
    let mut rows = Vec::new();
    for mined in puzzle::mine(&start, log, MINE_MOST, MINE_BUDGET)
        .into_iter()
        .filter(|m| within.contains(&m.at))
    {
        let game = spec
            .replay(log[..mined.at].to_vec())
            .map_err(|e| Error::Internal(format!("a mined game no longer replays: {e}")))?;
        let p = &mined.puzzle;
        let themes: Vec<&str> = puzzle::themes(&game, &p.line)
            .into_iter()
            .map(Theme::name)
            .collect();
        rows.push(PuzzleRow {
            id: new_id()?,
            variant: spec.variant,
            suits: spec.suits,
            undo_mode: spec.rules.undo,
            empty_column_deal: spec.rules.empty_column_deal,
            deal_number: spec.deal_number as i64,
            log: notation::encode_log(&log[..mined.at]),
            source: source.to_string(),
            goal: p.goal,
            within_moves: i32::try_from(p.within).unwrap_or(i32::MAX),
            line: notation::encode_log(&p.line),
            themes: themes.join(","),
            fingerprint: fingerprint(&game, p.goal, p.within),
            rating: puzzle::estimated_rating(&game, p),
            deviation: rating::NEW_PUZZLE_DEVIATION,
            volatility: rating::NEW_PUZZLE_VOLATILITY,
            plays: 0,
            solves: 0,
            created_at: now,
        });
    }
    Ok(rows)
}

/// Mines a numbered deal played by the hint player into the set; returns the puzzles met and
/// how many of them were new.
pub fn mine_deal(
    db: &Db,
    spec: &DealSpec,
    now: NaiveDateTime,
) -> Result<(Vec<PuzzleRow>, usize), Error> {
    let (_, log) = crate::engine::follow(&spec.deal(), 1_000, crate::engine::plain_player());
    let rows = mined_rows(spec, &log, "hint_player", now)?;
    let added = db.write({
        let rows = rows.clone();
        move |conn| -> Result<usize, StoreError> { store::insert(conn, &rows) }
    })?;
    Ok((rows, added))
}

/// Positions an analysis may search when the miner asks where a player's game was lost.
pub const MINE_ANALYSIS_NODES: u64 = 2_000_000;

/// How many positions before the move that lost a game are mined (with that one).
pub const BEFORE_THE_MISTAKE: usize = 3;

/// What mining players' games did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GamesMined {
    pub games: usize,
    /// Games whose analysis named the move that lost them (mined just before it).
    pub with_mistake: usize,
    pub met: usize,
    pub added: usize,
}

/// Mines up to `limit` players' finished games not mined before (docs/PUZZLES.md, "Finding
/// puzzles"): where the game's analysis (the stored one, else one of
/// [`MINE_ANALYSIS_NODES`]) names the move after which it could no longer be won, only the
/// positions just before it (the lesson is the move the player missed); otherwise the whole
/// game. Games whose cards are still secret (today's daily, race games) are left alone.
pub fn mine_games(
    db: &Db,
    today: chrono::NaiveDate,
    now: NaiveDateTime,
    limit: i64,
) -> Result<GamesMined, Error> {
    let ids = db.read(|conn| store::games_to_mine(conn, &today.to_string(), limit))?;
    let mut done = GamesMined::default();
    for id in ids {
        let Some(loaded) = crate::games::load_any(db, &id)? else {
            continue;
        };
        let row = &loaded.row;
        let spec = row.deal_spec();
        let stored = db.read(|conn| crate::store::analyses::get(conn, &id))?;
        let analysis = stored
            .and_then(|a| serde_json::from_str::<crate::engine::Analysis>(&a.result).ok())
            .or_else(|| {
                crate::engine::analyse(
                    spec.variant,
                    spec.suits,
                    spec.rules,
                    spec.deal_number,
                    &loaded.log,
                    &crate::engine::AnalysisBudget::of(MINE_ANALYSIS_NODES),
                )
                .ok()
            });
        let window = match analysis.and_then(|a| a.losing_action) {
            Some(losing) => {
                done.with_mistake += 1;
                losing.number.saturating_sub(BEFORE_THE_MISTAKE)..=losing.number
            }
            None => 0..=loaded.log.len(),
        };
        let rows = mined_rows_within(&spec, &loaded.log, "game", now, window)?;
        let (met, game) = (rows.len(), id.clone());
        let added = db.write(move |conn| -> Result<usize, StoreError> {
            let added = store::insert(conn, &rows)?;
            store::mined_game(conn, &game, now, i32::try_from(added).unwrap_or(i32::MAX))?;
            Ok(added)
        })?;
        done.games += 1;
        done.met += met;
        done.added += added;
    }
    Ok(done)
}
