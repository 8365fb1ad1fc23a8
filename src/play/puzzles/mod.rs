//! Puzzles (docs/PUZZLES.md): the daily puzzle, a puzzle by id, the next one near the
//! player's rating, an attempt judged on the real cards and rated on an account's first try,
//! the player's standing and activity; the miner that fills the set (`mine`), the public
//! export (`export`) and streaks (`streaks`).
//!
//! A puzzle's position is its deal and the actions before it, both the server's alone; what
//! leaves here is the engine's `View` of it (face-up cards and counts only).

mod export;
mod mine;
mod streaks;

pub use export::{export_page, Exported};
pub use mine::{
    mine_deal, mine_games, mined_rows, GamesMined, BEFORE_THE_MISTAKE, MINE_ANALYSIS_NODES,
    MINE_BUDGET, MINE_MOST,
};
pub use streaks::{
    start_streak, streak, streak_attempt, streak_board, Streak, StreakAttempted, STREAK_JITTER,
    STREAK_MOST, STREAK_START, STREAK_STEP,
};

use chrono::NaiveDateTime;

use crate::domain::puzzles::{self as rating, Glicko, NEW_PLAYER};
use crate::domain::UserId;
use crate::engine::puzzle::{self, Goal, Judgement, Theme};
use crate::engine::{notation, Action, DealSpec, Game, Intent, Rules, Suits, Variant, View};
use crate::store::puzzles::{self as store, AttemptRow, PlayerRow, PuzzleRow};
use crate::store::{Db, StoreError};
use crate::{blocking, Error, Play};

/// Moves a search judging one move of an attempt may make (an attempt answers in a few
/// milliseconds; past this, a move counts as still reaching the goal).
pub const JUDGE_BUDGET: u64 = 50_000;

/// Refusals of the puzzles' use cases.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    #[error("no such puzzle")]
    NotFound,
    /// No puzzle of this kind is held yet (or none the player has not tried).
    #[error("no puzzle of this kind")]
    NoneLeft,
    /// The attempt holds more moves than the puzzle allows.
    #[error("more than {within} moves")]
    TooManyMoves { within: usize },
    /// Move `at` (from 0) is not a move the rules allow there.
    #[error("move {at} is not legal")]
    IllegalMove { at: usize },
    /// No such streak among the caller's.
    #[error("no such streak")]
    StreakNotFound,
    /// The streak is over: start another.
    #[error("the streak is over")]
    StreakOver,
    /// Another request moved the streak on first: read it again.
    #[error("the streak moved on")]
    StreakMovedOn,
}

/// A puzzle as a player sees it before solving: no answer, no themes.
#[derive(Clone, Debug)]
pub struct Shown {
    pub id: String,
    pub variant: Variant,
    pub suits: Suits,
    pub goal: Goal,
    pub within: usize,
    pub rating: f64,
    pub plays: i32,
    pub solves: i32,
    pub view: View,
}

/// A rating before and after a rated attempt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    pub before: f64,
    pub after: f64,
}

/// What an attempt came to.
#[derive(Clone, Debug)]
pub struct Attempted {
    pub puzzle: Shown,
    /// The attempt's moves, exact (each with its count).
    pub moves: Vec<Action>,
    pub judgement: Judgement,
    /// The position after the attempt's moves (the real cards a move turned are face up).
    pub after: View,
    /// Once the attempt is over: the proven answer and its themes.
    pub answer: Option<(Vec<Action>, Vec<Theme>)>,
    /// The account's rating change, when this was its first judged attempt at the puzzle.
    pub rated: Option<Change>,
}

/// An account's puzzle standing.
#[derive(Clone, Debug)]
pub struct Standing {
    pub rating: f64,
    pub deviation: f64,
    pub attempts: i32,
    pub solved: i32,
    pub best_streak: i32,
}

/// One line of an account's activity.
#[derive(Clone, Debug)]
pub struct Activity {
    pub puzzle_id: String,
    pub goal: Goal,
    pub within: usize,
    pub solved: bool,
    pub rating_before: f64,
    pub rating_after: f64,
    pub at: NaiveDateTime,
}

fn spec(row: &PuzzleRow) -> DealSpec {
    DealSpec {
        variant: row.variant,
        suits: row.suits,
        rules: Rules {
            undo: row.undo_mode,
            empty_column_deal: row.empty_column_deal,
        },
        deal_number: row.deal_number as u64,
    }
}

/// The puzzle's position, replayed from its deal and log.
fn position(row: &PuzzleRow) -> Result<Game, Error> {
    let log = notation::decode(&row.log)
        .map_err(|e| Error::Internal(format!("puzzle {}'s log: {e}", row.id)))?;
    spec(row)
        .replay(log)
        .map_err(|e| Error::Internal(format!("puzzle {}'s log no longer replays: {e}", row.id)))
}

fn shown(row: &PuzzleRow, game: &Game) -> Shown {
    Shown {
        id: row.id.clone(),
        variant: row.variant,
        suits: row.suits,
        goal: row.goal,
        within: usize::try_from(row.within_moves).unwrap_or(0),
        rating: row.rating,
        plays: row.plays,
        solves: row.solves,
        view: game.view(),
    }
}

fn show(row: &PuzzleRow) -> Result<Shown, Error> {
    Ok(shown(row, &position(row)?))
}

fn glicko(row: &PuzzleRow) -> Glicko {
    Glicko {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row.volatility,
    }
}

/// The daily puzzle of `date`: the one fixed for it, else the first puzzle held from before the
/// day began whose id is at or after the day's secret mark (`domain::puzzles::daily_mark`).
fn daily_row(
    conn: &mut crate::store::DbConn,
    secret: &[u8],
    date: chrono::NaiveDate,
    variant: Variant,
    suits: Suits,
) -> Result<Option<PuzzleRow>, StoreError> {
    let day = date.to_string();
    if let Some(row) = store::fixed_daily(conn, &day, variant, suits)? {
        return Ok(Some(row));
    }
    let mark = rating::daily_mark(secret, date, variant, suits);
    store::daily(
        conn,
        variant,
        suits,
        &mark,
        date.and_hms_opt(0, 0, 0).unwrap_or_default(),
    )
}

/// Today's puzzle of a kind: the same for everyone all day.
pub async fn daily(play: &Play, variant: Variant, suits: Suits) -> Result<Shown, Error> {
    let date = play.clock.today();
    let secret = play.daily_secret.clone();
    let db = play.db.clone();
    blocking(move || {
        let row = db
            .read(|conn| daily_row(conn, &secret, date, variant, suits))?
            .ok_or(PuzzleError::NoneLeft)?;
        show(&row)
    })
    .await
}

/// Fixes today's daily puzzle of each suit setting (Spider) where none is held from before
/// the day began: the miner calls it, so that a new server has a daily puzzle on its first
/// day, and it stays the same all day. Where the set held one at midnight, that one is fixed
/// (what readers were already shown).
pub fn fix_today(
    db: &Db,
    secret: &[u8],
    date: chrono::NaiveDate,
    now: NaiveDateTime,
) -> Result<(), Error> {
    let secret = secret.to_vec();
    Ok(db.write(move |conn| -> Result<(), StoreError> {
        let day = date.to_string();
        for suits in Suits::ALL {
            let variant = Variant::Spider;
            if store::fixed_daily(conn, &day, variant, suits)?.is_some() {
                continue;
            }
            let mark = rating::daily_mark(&secret, date, variant, suits);
            let at_midnight = date.and_hms_opt(0, 0, 0).unwrap_or_default();
            let chosen = match store::daily(conn, variant, suits, &mark, at_midnight)? {
                Some(row) => Some(row),
                None => store::daily(
                    conn,
                    variant,
                    suits,
                    &mark,
                    now + chrono::TimeDelta::seconds(1),
                )?,
            };
            if let Some(row) = chosen {
                store::fix_daily(conn, &day, variant, suits, &row.id)?;
            }
        }
        Ok(())
    })?)
}

pub async fn by_id(play: &Play, id: String) -> Result<Shown, Error> {
    let db = play.db.clone();
    blocking(move || {
        let row = db
            .read(|conn| store::by_id(conn, &id))?
            .ok_or(PuzzleError::NotFound)?;
        show(&row)
    })
    .await
}

/// Whether `user` is rated: an account that is not a guest.
fn rated_account(db: &Db, user: Option<&UserId>) -> Result<Option<UserId>, Error> {
    let Some(user) = user else { return Ok(None) };
    let row = db.read(|conn| crate::store::users::by_id(conn, user))?;
    Ok(row.filter(|u| !u.is_guest).map(|u| u.id))
}

/// The puzzle of a kind nearest the player's rating that an account has not tried (a guest or
/// an anonymous player: nearest 1500, other than `skip`).
pub async fn next(
    play: &Play,
    user: Option<UserId>,
    variant: Variant,
    suits: Suits,
    skip: Option<String>,
) -> Result<Shown, Error> {
    let db = play.db.clone();
    blocking(move || {
        let account = rated_account(&db, user.as_ref())?;
        let row = db.read(|conn| {
            let rating = match &account {
                Some(user) => store::player(conn, user)?.map_or(NEW_PLAYER.rating, |p| p.rating),
                None => NEW_PLAYER.rating,
            };
            let skipped: Vec<String> = skip.into_iter().collect();
            let passing = store::Passing {
                tried_by: account.as_ref(),
                ids: &skipped,
            };
            store::near(conn, variant, suits, rating, passing)
        })?;
        show(&row.ok_or(PuzzleError::NoneLeft)?)
    })
    .await
}

/// An attempt at a puzzle, judged: the position it started from, the judgement, the position
/// after its moves, the moves exact, and once over, the answer and its themes.
struct Judged {
    start: Game,
    judgement: Judgement,
    after: Game,
    exact: Vec<Action>,
    answer: Option<(Vec<Action>, Vec<Theme>)>,
}

/// Judges `moves` at puzzle `row` (refusing more moves than it allows, and moves the rules
/// do not).
fn judged(row: &PuzzleRow, moves: &[Intent]) -> Result<Judged, Error> {
    let start = position(row)?;
    let within = usize::try_from(row.within_moves).unwrap_or(0);
    if moves.len() > within {
        return Err(PuzzleError::TooManyMoves { within }.into());
    }
    // What each stated move is, on the position it is made in.
    let mut exact = Vec::with_capacity(moves.len());
    let mut game = start.clone();
    for (at, &intent) in moves.iter().enumerate() {
        let action = game
            .resolve(intent)
            .ok()
            .filter(|a| matches!(a, Action::Move { .. }))
            .ok_or(PuzzleError::IllegalMove { at })?;
        game.apply(action)
            .map_err(|_| PuzzleError::IllegalMove { at })?;
        exact.push(action);
    }
    let (judgement, after) = puzzle::judge(&start, row.goal, within, &exact, JUDGE_BUDGET)
        .map_err(|at| PuzzleError::IllegalMove { at })?;
    let answer = if judgement == Judgement::Going {
        None
    } else {
        let line = notation::decode(&row.line)
            .map_err(|e| Error::Internal(format!("puzzle {}'s line: {e}", row.id)))?;
        let themes = puzzle::themes(&start, &line);
        Some((line, themes))
    };
    Ok(Judged {
        start,
        judgement,
        after,
        exact,
        answer,
    })
}

/// Judges `moves` (the attempt from the puzzle's position, all its moves so far) and, for an
/// account's first judged attempt at the puzzle, rates it. An attempt still going changes
/// nothing; a move the rules refuse is refused and changes nothing.
pub async fn attempt(
    play: &Play,
    user: Option<UserId>,
    id: String,
    moves: Vec<Intent>,
) -> Result<Attempted, Error> {
    let play = play.clone();
    blocking(move || {
        let db = &play.db;
        let row = db
            .read(|conn| store::by_id(conn, &id))?
            .ok_or(PuzzleError::NotFound)?;
        let Judged {
            start,
            judgement,
            after,
            exact,
            answer,
        } = judged(&row, &moves)?;
        let over = judgement != Judgement::Going;
        let mut rated = None;
        let mut puzzle_now = row.clone();
        if over {
            if let Some(user) = rated_account(db, user.as_ref())? {
                let solved = matches!(judgement, Judgement::Solved { .. });
                let now = play.clock.now();
                let puzzle_glicko = glicko(&row);
                let change = db.write(move |conn| -> Result<_, Error> {
                    if store::attempt(conn, &user, &row.id)?.is_some() {
                        return Ok(None);
                    }
                    let before = store::player(conn, &user)?;
                    let (mut attempts, mut solves, best) = before
                        .as_ref()
                        .map_or((0, 0, 0), |p| (p.attempts, p.solved, p.best_streak));
                    let player = before.as_ref().map_or(NEW_PLAYER, |p| Glicko {
                        rating: p.rating,
                        deviation: p.deviation,
                        volatility: p.volatility,
                    });
                    let (p, q) = rating::rate(player, puzzle_glicko, solved);
                    attempts += 1;
                    solves += i32::from(solved);
                    store::rate(
                        conn,
                        &AttemptRow {
                            user_id: user.clone(),
                            puzzle_id: row.id.clone(),
                            solved,
                            rating_before: player.rating,
                            rating_after: p.rating,
                            attempted_at: now,
                        },
                        &PlayerRow {
                            user_id: user.clone(),
                            rating: p.rating,
                            deviation: p.deviation,
                            volatility: p.volatility,
                            attempts,
                            solved: solves,
                            best_streak: best,
                            updated_at: now,
                        },
                        (q.rating, q.deviation, q.volatility),
                    )?;
                    Ok(Some((
                        Change {
                            before: player.rating,
                            after: p.rating,
                        },
                        q,
                        solved,
                    )))
                });
                match change {
                    Ok(Some((change, q, solved))) => {
                        rated = Some(change);
                        puzzle_now.rating = q.rating;
                        puzzle_now.plays += 1;
                        puzzle_now.solves += i32::from(solved);
                    }
                    Ok(None) => {}
                    // Two first attempts at once: the other one is the rated one.
                    Err(Error::Store(e)) if e.is_unique_violation() => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(Attempted {
            puzzle: shown(&puzzle_now, &start),
            moves: exact,
            judgement,
            after: after.view(),
            answer,
            rated,
        })
    })
    .await
}

/// An account's standing (a new account's is the starting rating, nothing played).
pub async fn standing(play: &Play, user: UserId) -> Result<Standing, Error> {
    let db = play.db.clone();
    blocking(move || {
        let row = db.read(|conn| store::player(conn, &user))?;
        Ok(row.map_or(
            Standing {
                rating: NEW_PLAYER.rating,
                deviation: NEW_PLAYER.deviation,
                attempts: 0,
                solved: 0,
                best_streak: 0,
            },
            |p| Standing {
                rating: p.rating,
                deviation: p.deviation,
                attempts: p.attempts,
                solved: p.solved,
                best_streak: p.best_streak,
            },
        ))
    })
    .await
}

/// An account's rated attempts, newest first, before `before`.
pub async fn activity(
    play: &Play,
    user: UserId,
    before: Option<(NaiveDateTime, String)>,
    limit: i64,
) -> Result<Vec<Activity>, Error> {
    let db = play.db.clone();
    blocking(move || {
        let rows = db.read(|conn| store::activity(conn, &user, before, limit))?;
        Ok(rows
            .into_iter()
            .map(|(a, goal, within)| Activity {
                puzzle_id: a.puzzle_id,
                goal,
                within: usize::try_from(within).unwrap_or(0),
                solved: a.solved,
                rating_before: a.rating_before,
                rating_after: a.rating_after,
                at: a.attempted_at,
            })
            .collect())
    })
    .await
}
