//! Streaks (docs/PUZZLES.md, "Streaks"): puzzles of rising rating until the first mistake.

use super::{judged, rated_account, show, store, PuzzleError, Shown};
use crate::domain::puzzles::NEW_PLAYER;
use crate::domain::UserId;
use crate::engine::puzzle::{Judgement, Theme};
use crate::engine::{Action, Intent, Suits, Variant, View};
use crate::store::puzzles::{PlayerRow, PuzzleRow};
use crate::store::{Db, StoreError};
use crate::{blocking, Error, Play};

/// Where a streak starts (docs/PUZZLES.md, "Streaks"): the first puzzle is the one nearest this
/// rating, each next one this much higher, give or take [`STREAK_JITTER`].
pub const STREAK_START: f64 = 800.0;
pub const STREAK_STEP: f64 = 50.0;
pub const STREAK_JITTER: f64 = 40.0;
/// A streak ends, completed, after this many puzzles.
pub const STREAK_MOST: i32 = 100;

/// A streak as its player sees it.
#[derive(Clone, Debug)]
pub struct Streak {
    pub id: String,
    pub suits: Suits,
    pub variant: Variant,
    pub score: i32,
    pub over: bool,
    /// The puzzle to solve now (none once over).
    pub puzzle: Option<Shown>,
}

/// What an attempt in a streak came to: the judgement on the puzzle it was for, and the
/// streak after it.
#[derive(Clone, Debug)]
pub struct StreakAttempted {
    pub judgement: Judgement,
    pub after: View,
    pub answer: Option<(Vec<Action>, Vec<Theme>)>,
    pub streak: Streak,
}

fn jittered(score: i32) -> Result<f64, Error> {
    let bytes: [u8; 2] = crate::tokens::random_bytes()?;
    let unit = f64::from(u16::from_le_bytes(bytes)) / f64::from(u16::MAX);
    Ok(STREAK_START + STREAK_STEP * f64::from(score) + STREAK_JITTER * (2.0 * unit - 1.0))
}

fn streak_of(row: &store::StreakRow, puzzle: Option<&PuzzleRow>) -> Result<Streak, Error> {
    Ok(Streak {
        id: row.id.clone(),
        suits: row.suits,
        variant: row.variant,
        score: row.score,
        over: row.over,
        puzzle: puzzle.map(show).transpose()?,
    })
}

/// Starts a streak of `suits` for `user` (a guest too; only registered players go on the
/// board), ending the one they had open.
pub async fn start_streak(
    play: &Play,
    user: UserId,
    variant: Variant,
    suits: Suits,
) -> Result<Streak, Error> {
    let play = play.clone();
    blocking(move || {
        let db = &play.db;
        let target = jittered(0)?;
        let first = db
            .read(|conn| store::near(conn, variant, suits, target, store::Passing::default()))?
            .ok_or(PuzzleError::NoneLeft)?;
        let row = store::StreakRow {
            id: uuid_like()?,
            user_id: user,
            variant,
            suits,
            puzzle_id: Some(first.id.clone()),
            shown: first.id.clone(),
            score: 0,
            over: false,
            started_at: play.clock.now(),
            ended_at: None,
        };
        let stored = row.clone();
        db.write(move |conn| store::start_streak(conn, &stored))?;
        streak_of(&row, Some(&first))
    })
    .await
}

fn uuid_like() -> Result<String, Error> {
    let bytes: [u8; 12] = crate::tokens::random_bytes()?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

fn owned_streak(db: &Db, user: &UserId, id: &str) -> Result<store::StreakRow, Error> {
    db.read(|conn| store::streak(conn, id))?
        .filter(|row| &row.user_id == user)
        .ok_or_else(|| PuzzleError::StreakNotFound.into())
}

/// The caller's streak `id` as it stands.
pub async fn streak(play: &Play, user: UserId, id: String) -> Result<Streak, Error> {
    let db = play.db.clone();
    blocking(move || {
        let row = owned_streak(&db, &user, &id)?;
        let puzzle = match &row.puzzle_id {
            Some(p) => db.read(|conn| store::by_id(conn, p))?,
            None => None,
        };
        streak_of(&row, puzzle.as_ref())
    })
    .await
}

/// An attempt at the streak's current puzzle (every move so far from its position): going
/// changes nothing; solved moves the streak on to a harder puzzle (or completes it); failed
/// ends it, and a registered player's best streak is kept. Streak attempts are not rated.
pub async fn streak_attempt(
    play: &Play,
    user: UserId,
    id: String,
    moves: Vec<Intent>,
) -> Result<StreakAttempted, Error> {
    let play = play.clone();
    blocking(move || {
        let db = &play.db;
        let row = owned_streak(db, &user, &id)?;
        if row.over {
            return Err(PuzzleError::StreakOver.into());
        }
        let puzzle_id = row.puzzle_id.clone().ok_or(PuzzleError::StreakOver)?;
        let current = db
            .read(|conn| store::by_id(conn, &puzzle_id))?
            .ok_or(PuzzleError::StreakOver)?;
        let j = judged(&current, &moves)?;
        let mut next = row.clone();
        let mut next_puzzle = Some(current.clone());
        match j.judgement {
            Judgement::Going => {}
            Judgement::Solved { .. } => {
                next.score += 1;
                let shown: Vec<String> = row.shown.split(',').map(str::to_string).collect();
                let found = if next.score >= STREAK_MOST {
                    None
                } else {
                    let target = jittered(next.score)?;
                    db.read(|conn| {
                        let passing = store::Passing {
                            tried_by: None,
                            ids: &shown,
                        };
                        store::near(conn, row.variant, row.suits, target, passing)
                    })?
                };
                match &found {
                    Some(p) => {
                        next.puzzle_id = Some(p.id.clone());
                        next.shown = format!("{},{}", row.shown, p.id);
                    }
                    None => {
                        next.over = true;
                        next.puzzle_id = None;
                        next.ended_at = Some(play.clock.now());
                    }
                }
                next_puzzle = found;
            }
            Judgement::Failed { .. } => {
                next.over = true;
                next.puzzle_id = None;
                next.ended_at = Some(play.clock.now());
                next_puzzle = None;
            }
        }
        if j.judgement != Judgement::Going {
            let account = rated_account(db, Some(&user))?;
            let (stored, score, now) = (next.clone(), row.score, play.clock.now());
            let moved = db.write(move |conn| -> Result<bool, StoreError> {
                if !store::advance_streak(conn, &stored, score)? {
                    return Ok(false);
                }
                if let (true, Some(user)) = (stored.over, account) {
                    let fresh = PlayerRow {
                        user_id: user,
                        rating: NEW_PLAYER.rating,
                        deviation: NEW_PLAYER.deviation,
                        volatility: NEW_PLAYER.volatility,
                        attempts: 0,
                        solved: 0,
                        best_streak: 0,
                        updated_at: now,
                    };
                    store::keep_best_streak(conn, &fresh, stored.score)?;
                }
                Ok(true)
            })?;
            if !moved {
                return Err(PuzzleError::StreakMovedOn.into());
            }
        }
        Ok(StreakAttempted {
            judgement: j.judgement,
            after: j.after.view(),
            answer: j.answer,
            streak: streak_of(&next, next_puzzle.as_ref())?,
        })
    })
    .await
}

/// The streak board of a kind: each registered player's best, best first.
pub async fn streak_board(
    play: &Play,
    variant: Variant,
    suits: Suits,
) -> Result<Vec<(String, i32)>, Error> {
    let db = play.db.clone();
    blocking(move || Ok(db.read(|conn| store::streak_board(conn, variant, suits, 20))?)).await
}
