//! Puzzles (docs/PUZZLES.md): the daily puzzle, a puzzle by id, the next one near the
//! player's rating, an attempt judged on the real cards and rated on an account's first try,
//! the player's standing and activity, and the miner that fills the set.
//!
//! A puzzle's position is its deal and the actions before it, both the server's alone; what
//! leaves here is the engine's `View` of it (face-up cards and counts only).

use chrono::NaiveDateTime;
use sha2::{Digest, Sha256};

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

/// Moves the miner's search may make per goal at one position.
pub const MINE_BUDGET: u64 = 20_000;

/// The most moves a mined puzzle asks for.
pub const MINE_MOST: usize = 6;

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
            store::near(
                conn,
                account.as_ref(),
                variant,
                suits,
                rating,
                skip.as_deref(),
            )
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
    let bytes: [u8; 5] = super::tokens::random_bytes()?;
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

/// A puzzle as the public export holds it: what a player sees, with the proven answer and
/// its themes.
#[derive(Clone, Debug)]
pub struct Exported {
    pub puzzle: Shown,
    pub line: Vec<Action>,
    pub themes: Vec<Theme>,
}

/// A page of the public export in id order after `after`, and where the next page starts
/// (`None`: this was the last). Today's daily puzzles are left out until their day is over.
pub async fn export_page(
    play: &Play,
    suits: Option<Suits>,
    after: Option<String>,
    limit: i64,
) -> Result<(Vec<Exported>, Option<String>), Error> {
    let date = play.clock.today();
    let secret = play.daily_secret.clone();
    let db = play.db.clone();
    blocking(move || {
        let (rows, dailies) = db.read(|conn| -> Result<_, StoreError> {
            let rows = store::page(conn, suits, after.as_deref(), limit + 1)?;
            let mut dailies = Vec::new();
            for variant in Variant::ALL {
                for kind in Suits::ALL {
                    if let Some(row) = daily_row(conn, &secret, date, variant, kind)? {
                        dailies.push(row.id);
                    }
                }
            }
            Ok((rows, dailies))
        })?;
        let taken = usize::try_from(limit).unwrap_or(0);
        let next = (rows.len() > taken)
            .then(|| rows.get(taken.saturating_sub(1)).map(|r| r.id.clone()))
            .flatten();
        let mut out = Vec::new();
        for row in rows.iter().take(taken) {
            if dailies.contains(&row.id) {
                continue;
            }
            let game = position(row)?;
            let line = notation::decode(&row.line)
                .map_err(|e| Error::Internal(format!("puzzle {}'s line: {e}", row.id)))?;
            let themes = puzzle::themes(&game, &line);
            out.push(Exported {
                puzzle: shown(row, &game),
                line,
                themes,
            });
        }
        // The last id read, even when it was left out, is where the next page starts.
        Ok((out, next))
    })
    .await
}

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
    let bytes: [u8; 2] = super::tokens::random_bytes()?;
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
            .read(|conn| store::near_unshown(conn, variant, suits, target, &[]))?
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
    let bytes: [u8; 12] = super::tokens::random_bytes()?;
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
                        store::near_unshown(conn, row.variant, row.suits, target, &shown)
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
        let Some(loaded) = super::games::load_any(db, &id)? else {
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
