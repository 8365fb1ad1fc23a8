//! Races: a host opens a room, others join by its code, the host starts a round, and every
//! player gets an identical game of one deal, played through the ordinary game endpoints.
//!
//! Nothing runs in the background. Everything about a round is computed when someone looks:
//! a human's progress from their game, a CPU's from its precomputed line and the clock, and
//! a stand-in CPU for an idle player makes the moves that are due at that moment. Any
//! instance answers the same.

use std::time::Duration;

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpResponse};
use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error::{ApiError, Problem};
use super::games;
use super::identity::{Caller, Scope};
use super::sse;
use super::wire::{ActionRequest, DifficultyName, VariantName};
use super::{blocking, AppState};
use crate::engine::DealSpec;
use crate::engine::{self, Game, Status, Suits};
use crate::race::{self, Progress, Standing};
use crate::store::games::{self as game_store, GameRow, Origin};
use crate::store::races::{self as race_store, EntryRow, RaceRow, RatingRow, RoundRow, SeatRow};
use crate::store::{self, StoreError};
use crate::winnable::Difficulty;

// ---------------------------------------------------------------- Shapes

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CpuLevel {
    Easy,
    Normal,
    Hard,
}

impl CpuLevel {
    fn name(self) -> &'static str {
        match self {
            CpuLevel::Easy => "easy",
            CpuLevel::Normal => "normal",
            CpuLevel::Hard => "hard",
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"suits": 1, "cpu_players": 2, "time_limit_seconds": 600}))]
pub struct CreateRace {
    /// Default `spider`.
    pub variant: Option<VariantName>,
    /// 1, 2 or 4.
    pub suits: u8,
    /// The deal's difficulty: every deal is one the solver has proven winnable. Default
    /// `normal`.
    pub difficulty: Option<DifficultyName>,
    /// The target time, 60–3600 seconds (default 600). Play goes on after it; finishers
    /// within it rank ahead of later ones. Results are fixed 60 minutes after the start.
    #[schema(minimum = 60, maximum = 3600)]
    pub time_limit_seconds: Option<u32>,
    /// Whether undo is allowed (default true).
    pub undo: Option<bool>,
    /// Whether hints are allowed (default false).
    pub hints: Option<bool>,
    /// When on, the previous round's winner gets a deal one level harder, more with each
    /// further win, back to the chosen level after a loss (default false).
    pub handicap: Option<bool>,
    /// CPU players, 0–19 (default 0).
    #[schema(minimum = 0, maximum = 19)]
    pub cpu_players: Option<u32>,
    /// How fast the CPU players play (default `normal`).
    pub cpu_level: Option<CpuLevel>,
    /// Whether rounds update the players' ratings (default false).
    pub ranked: Option<bool>,
    /// Seconds without an action before a CPU stands in for a player, 30–3600 (default 120).
    #[schema(minimum = 30, maximum = 3600)]
    pub idle_takeover_seconds: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RaceSettings {
    pub variant: VariantName,
    pub suits: u8,
    pub difficulty: DifficultyName,
    pub time_limit_seconds: i32,
    pub undo: bool,
    pub hints: bool,
    pub handicap: bool,
    pub cpu_level: CpuLevel,
    pub ranked: bool,
    pub idle_takeover_seconds: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SeatView {
    pub seat: i32,
    pub name: String,
    pub cpu: bool,
    /// This seat is the caller's.
    pub you: bool,
    pub host: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoundState {
    /// Started by the host; the cards show at `starts_at`.
    Countdown,
    Running,
    /// Every human finished or quit, or 60 minutes passed: the results are fixed.
    Over,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlaceView {
    /// 1 for the best; equal results share a place.
    pub place: usize,
    pub seat: i32,
    pub name: String,
    pub cpu: bool,
    /// `finished` (within the time limit), `finished_late`, `playing` or `quit`.
    #[schema(example = "finished")]
    pub standing: &'static str,
    pub runs_completed: usize,
    pub runs_total: usize,
    /// Share of the runs completed, 0 to 1.
    pub progress: f64,
    /// Time from the start to the win.
    pub finished_ms: Option<i64>,
    /// A CPU is playing for this idle player until they act again.
    pub stand_in: bool,
    /// The deal's difficulty for this seat (a handicapped winner's is harder).
    pub difficulty: DifficultyName,
    /// In ranked races: the player's rating (after this round once it is over).
    pub rating: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoundView {
    pub number: i32,
    pub state: RoundState,
    /// When the cards show and the clock starts.
    pub starts_at: DateTime<Utc>,
    /// Milliseconds until `starts_at` (0 once started).
    pub starts_in_ms: i64,
    pub time_limit_at: DateTime<Utc>,
    /// Results are fixed at this time (60 minutes after the start) at the latest.
    pub results_fixed_at: DateTime<Utc>,
    /// Milliseconds since the start (0 before it).
    pub elapsed_ms: i64,
    pub standings: Vec<PlaceView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct YouView {
    pub seat: i32,
    /// Your game in the current round (after the countdown): play it through
    /// `/v1/games/{id}/…`.
    pub game_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RaceView {
    /// Others join with this.
    pub code: String,
    pub settings: RaceSettings,
    pub seats: Vec<SeatView>,
    /// The latest round, if one was started.
    pub round: Option<RoundView>,
    /// Your seat, if you have one.
    pub you: Option<YouView>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct JoinRace {
    /// The name others see (default: your username, or `guest-…`).
    pub name: Option<String>,
}

// ---------------------------------------------------------------- Helpers

fn now(state: &AppState) -> NaiveDateTime {
    store::now() + state.calendar.offset
}

fn ms(d: chrono::Duration) -> i64 {
    d.num_milliseconds()
}

fn difficulty_of(name: &str) -> Difficulty {
    name.parse().unwrap_or(Difficulty::Normal)
}

fn race_not_found() -> ApiError {
    ApiError::not_found("There is no race with that code.")
}

/// The deal a race's seat plays: the room's variant and suits, its undo setting, the
/// standard empty-column rule.
fn spec_of(race: &RaceRow, deal_number: u64) -> Result<DealSpec, ApiError> {
    DealSpec::from_parts(
        &race.variant,
        race.suits,
        race.undo_allowed,
        engine::EmptyColumnDeal::Standard.name(),
        deal_number,
    )
    .map_err(|what| ApiError::internal("stored race", format!("{}: {what}", race.id)))
}

fn settings(race: &RaceRow) -> RaceSettings {
    RaceSettings {
        variant: VariantName::from_name(&race.variant),
        suits: race.suits as u8,
        difficulty: difficulty_of(&race.difficulty).into(),
        time_limit_seconds: race.time_limit_s,
        undo: race.undo_allowed,
        hints: race.hints_allowed,
        handicap: race.handicap,
        cpu_level: match race.cpu_level.as_str() {
            "easy" => CpuLevel::Easy,
            "hard" => CpuLevel::Hard,
            _ => CpuLevel::Normal,
        },
        ranked: race.ranked,
        idle_takeover_seconds: race.idle_takeover_s,
    }
}

/// Everything about a race at one moment.
struct Snapshot {
    race: RaceRow,
    seats: Vec<SeatRow>,
    round: Option<RoundRow>,
    entries: Vec<EntryRow>,
}

fn snapshot(db: &store::Db, code: &str) -> Result<Snapshot, ApiError> {
    db.read(|conn| {
        let race = race_store::by_code(conn, code)?.ok_or_else(race_not_found)?;
        let seats = race_store::seats(conn, &race.id)?;
        let round = race_store::round(conn, &race.id, race.round)?;
        let entries = match &round {
            Some(r) => race_store::entries(conn, &race.id, r.round)?,
            None => Vec::new(),
        };
        Ok(Snapshot {
            race,
            seats,
            round,
            entries,
        })
    })
}

/// One human's game as the standings see it, at `cutoff` at the latest.
struct HumanGame {
    row: GameRow,
    game: Game,
    log: Vec<engine::Action>,
}

fn load_game(db: &store::Db, id: &str) -> Result<Option<HumanGame>, ApiError> {
    Ok(crate::play::games::load_any(db, id)?.map(|l| HumanGame {
        row: l.row,
        game: l.game,
        log: l.log,
    }))
}

/// Progress of a human seat, counting only actions up to `cutoff`.
fn human_progress(
    db: &store::Db,
    hg: &HumanGame,
    started: NaiveDateTime,
    cutoff: NaiveDateTime,
) -> Result<(usize, Option<i64>, bool), ApiError> {
    let (game, finished_at) = if hg.row.updated_at <= cutoff {
        (hg.game.clone(), hg.row.finished_at)
    } else {
        // Replay only what happened before the cutoff.
        let events = db.read(|conn| game_store::events(conn, &hg.row.id))?;
        let spec = hg.row.deal_spec()?;
        let mut game = Game::new(spec.variant, spec.suits, spec.rules, spec.deal_number);
        let mut last = None;
        for event in events.iter().filter(|e| e.created_at <= cutoff) {
            if game.apply(event.action()?).is_err() {
                break;
            }
            last = Some(event.created_at);
        }
        let finished = game.status().is_over().then_some(last).flatten();
        (game, finished)
    };
    let won = game.status() == Status::Won;
    let finished_ms = if won {
        finished_at.map(|t| ms(t - started))
    } else {
        None
    };
    Ok((
        game.runs_completed(),
        finished_ms,
        game.status() == Status::Resigned,
    ))
}

/// A stand-in CPU plays for an idle human: the moves due by now, at the room's pace.
async fn stand_in(
    state: &AppState,
    race: &RaceRow,
    entry: &EntryRow,
    user_id: &str,
    started: NaiveDateTime,
    at: NaiveDateTime,
) -> Result<bool, ApiError> {
    let Some(game_id) = entry.game_id.clone() else {
        return Ok(false);
    };
    let db = state.db.clone();
    let id = game_id.clone();
    let Some(hg) = blocking(move || load_game(&db, &id)).await? else {
        return Ok(false);
    };
    if hg.game.status().is_over() || entry.quit_at.is_some() {
        return Ok(false);
    }
    let pace = i64::from(race::cpu_pace_ms(&race.cpu_level, entry.seat));
    let standing_in = entry.cpu_version == Some(hg.row.version);
    let last = if hg.row.version == 0 {
        started.max(hg.row.created_at)
    } else {
        hg.row.updated_at
    };
    let idle_ms = ms(at - last);
    let due = if standing_in {
        idle_ms / pace
    } else if idle_ms >= i64::from(race.idle_takeover_s) * 1000 {
        1 + (idle_ms - i64::from(race.idle_takeover_s) * 1000) / pace
    } else {
        0
    };
    if due <= 0 {
        return Ok(standing_in);
    }
    let seat_caller = Caller {
        user_id: user_id.to_string(),
        scopes: None,
    };
    let (mut game, mut log, mut version) = (hg.game, hg.log, hg.row.version);
    for _ in 0..due.min(25) {
        let Some(action) = race::stand_in_move(&game, &log) else {
            break;
        };
        let applied = games::append_action(
            state,
            &seat_caller,
            &game_id,
            Some(version),
            None,
            &ActionRequest::from(action),
        )
        .await;
        match applied {
            Ok(_) => {
                if game.apply(action).is_err() {
                    break;
                }
                log.push(action);
                version += 1;
                let (rid, round, seat) = (entry.race_id.clone(), entry.round, entry.seat);
                let db = state.db.clone();
                blocking(move || {
                    db.write(move |conn| -> Result<(), ApiError> {
                        Ok(race_store::set_cpu_version(
                            conn, &rid, round, seat, version,
                        )?)
                    })
                })
                .await?;
            }
            // The player (or another instance's stand-in) acted first: stop here.
            Err(_) => break,
        }
    }
    Ok(true)
}

/// The race as the caller sees it now: standings computed from the games and the clock. A
/// read: stand-ins and ratings are the scheduled work's ([`tick`]) and the write paths'.
async fn look(state: &AppState, caller: Option<&Caller>, code: &str) -> Result<RaceView, ApiError> {
    let at = now(state);
    let st = state.clone();
    let code_owned = code.to_string();
    let caller_id = caller.map(|c| c.user_id.clone());
    blocking(move || {
        let snap = snapshot(&st.db, &code_owned)?;
        // A stand-in is playing for a seat whose game's last action is the stand-in's.
        let mut stand_ins = std::collections::HashSet::new();
        for entry in &snap.entries {
            let (Some(id), Some(version)) = (&entry.game_id, entry.cpu_version) else {
                continue;
            };
            let row = st.db.read(|conn| game_store::by_id(conn, id))?;
            if row.is_some_and(|g| g.version == version && g.finished_at.is_none()) {
                stand_ins.insert(entry.seat);
            }
        }
        view(&st, snap, caller_id.as_deref(), at, &stand_ins)
    })
    .await
}

/// The name of the lease whose holder does the races' scheduled work.
const RACES_LEASE: &str = "races";
/// How often an instance looks for race work (and renews its lease).
pub const TICK: Duration = Duration::from_millis(500);

/// Scheduled work for race rooms, done by the one instance holding the races lease: the
/// moves stand-ins owe idle players by now, and the ratings of ranked rounds that are over.
pub async fn tick(state: &AppState, holder: &str) -> Result<(), ApiError> {
    let at = now(state);
    let until = at + chrono::Duration::from_std(TICK * 4).unwrap_or_default();
    let (st, h) = (state.clone(), holder.to_string());
    let codes = blocking(move || {
        let held = st.db.write(move |conn| -> Result<bool, StoreError> {
            crate::store::leases::take(conn, RACES_LEASE, &h, at, until)
        })?;
        if !held {
            return Ok(Vec::new());
        }
        let since = at - chrono::Duration::milliseconds(race::ROUND_CUTOFF_MS);
        Ok(st
            .db
            .read(|conn| race_store::needing_work(conn, at, since))?)
    })
    .await?;
    for code in codes {
        if let Err(e) = race_work(state, &code, at).await {
            tracing::warn!(race = %code, error = %e, "race work failed");
        }
    }
    Ok(())
}

/// One race's scheduled work at `at`.
async fn race_work(state: &AppState, code: &str, at: NaiveDateTime) -> Result<(), ApiError> {
    let db = state.db.clone();
    let code_owned = code.to_string();
    let snap = blocking(move || snapshot(&db, &code_owned)).await?;
    let Some(round) = snap.round.clone() else {
        return Ok(());
    };
    let started = round.started_at;
    if at < started {
        return Ok(());
    }
    if at < started + chrono::Duration::milliseconds(race::ROUND_CUTOFF_MS) {
        for entry in &snap.entries {
            let Some(user) = snap
                .seats
                .iter()
                .find(|s| s.seat == entry.seat)
                .and_then(|s| s.user_id.clone())
            else {
                continue;
            };
            stand_in(state, &snap.race, entry, &user, started, at).await?;
        }
    }
    rate_if_over(state, code, at).await
}

/// Apply a ranked round's ratings once it is over (at most once: the round is claimed).
async fn rate_if_over(state: &AppState, code: &str, at: NaiveDateTime) -> Result<(), ApiError> {
    let st = state.clone();
    let code = code.to_string();
    blocking(move || {
        let snap = snapshot(&st.db, &code)?;
        let Some(round) = &snap.round else {
            return Ok(());
        };
        if !snap.race.ranked || round.rated || at < round.started_at {
            return Ok(());
        }
        let (places, phase) = round_places(&st, &snap.race, &snap.seats, round, &snap.entries, at)?;
        if phase == race::Phase::Over {
            rate(&st, &snap.race, round, &snap.seats, &places)?;
        }
        Ok(())
    })
    .await
}

/// Every seat's place in `round` at `at` (progress counted up to the cutoff), and the
/// round's phase.
fn round_places(
    state: &AppState,
    race: &RaceRow,
    seats: &[SeatRow],
    round: &RoundRow,
    entries: &[EntryRow],
    at: NaiveDateTime,
) -> Result<(Vec<race::Place>, race::Phase), ApiError> {
    let seat_of = |seat: i32| seats.iter().find(|s| s.seat == seat);
    let human = |seat: i32| seat_of(seat).is_some_and(|s| s.user_id.is_some());
    let started = round.started_at;
    let limit_ms = i64::from(race.time_limit_s) * 1000;
    let cutoff = started + chrono::Duration::milliseconds(race::ROUND_CUTOFF_MS);
    let until = at.min(cutoff);
    let mut progress = Vec::new();
    for entry in entries {
        let spec = spec_of(race, entry.deal_number as u64)?;
        let runs_total = spec.variant.runs();
        let (runs, finished_ms, quit) = if at < started {
            (0, None, false)
        } else if human(entry.seat) {
            let game = match &entry.game_id {
                Some(id) => load_game(&state.db, id)?,
                None => None,
            };
            let (runs, finished, resigned) = match &game {
                Some(hg) => human_progress(&state.db, hg, started, until)?,
                None => (0, None, false),
            };
            let quit = resigned || entry.quit_at.is_some_and(|q| q <= until);
            (runs, finished, quit)
        } else {
            let line = game_store::decode(entry.cpu_line.as_deref().unwrap_or(""))?;
            let start = Game::new(spec.variant, spec.suits, spec.rules, spec.deal_number);
            let (runs, finished) =
                race::cpu_progress(&start, &line, i64::from(entry.pace_ms), ms(until - started));
            (runs, finished, false)
        };
        progress.push(Progress {
            seat: entry.seat,
            runs,
            runs_total,
            finished_ms,
            quit,
        });
    }
    let places = race::standings(progress, limit_ms);
    let phase = race::phase(ms(at - started), &places, human);
    Ok((places, phase))
}

/// Whether the round that race game `game_id` belongs to is over, as the race view would
/// say now (without making a stand-in's moves: an idle player counts as still playing).
/// Until then its cards must stay hidden: others may be playing the same deal.
pub(crate) fn round_over_for_game(
    state: &AppState,
    race_id: &str,
    game_id: &str,
) -> Result<bool, ApiError> {
    let at = now(state);
    let found = state.db.read(|conn| -> Result<_, ApiError> {
        let Some(race) = race_store::by_id(conn, race_id)? else {
            return Ok(None);
        };
        let Some(entry) = race_store::entry_of_game(conn, race_id, game_id)? else {
            return Ok(None);
        };
        let seats = race_store::seats(conn, race_id)?;
        let round = race_store::round(conn, race_id, entry.round)?;
        let entries = race_store::entries(conn, race_id, entry.round)?;
        Ok(Some((race, entry, seats, round, entries)))
    })?;
    let Some((race, entry, seats, round, entries)) = found else {
        // A race game whose race or seat is gone: nobody can still be playing its deal.
        return Ok(true);
    };
    // A new round starts only once the one before it is over.
    if race.round > entry.round {
        return Ok(true);
    }
    let Some(round) = round else {
        return Ok(false);
    };
    let (_, phase) = round_places(state, &race, &seats, &round, &entries, at)?;
    Ok(phase == race::Phase::Over)
}

fn view(
    state: &AppState,
    snap: Snapshot,
    caller: Option<&str>,
    at: NaiveDateTime,
    stand_ins: &std::collections::HashSet<i32>,
) -> Result<RaceView, ApiError> {
    let race = &snap.race;
    let seat_of = |seat: i32| snap.seats.iter().find(|s| s.seat == seat);
    let my_seat = caller.and_then(|c| {
        snap.seats
            .iter()
            .find(|s| s.user_id.as_deref() == Some(c))
            .map(|s| s.seat)
    });
    let round = match &snap.round {
        None => None,
        Some(round) => {
            let started = round.started_at;
            let limit_ms = i64::from(race.time_limit_s) * 1000;
            let cutoff = started + chrono::Duration::milliseconds(race::ROUND_CUTOFF_MS);
            let (places, phase) = round_places(state, race, &snap.seats, round, &snap.entries, at)?;
            let state_now = match phase {
                race::Phase::Countdown => RoundState::Countdown,
                race::Phase::Running => RoundState::Running,
                race::Phase::Over => RoundState::Over,
            };
            let ratings: Vec<RatingRow> = if race.ranked {
                state.db.read(|conn| -> Result<_, ApiError> {
                    let mut out = Vec::new();
                    for s in snap.seats.iter().filter_map(|s| s.user_id.as_deref()) {
                        if let Some(r) = race_store::rating(conn, s, &race.variant, race.suits)? {
                            out.push(r);
                        }
                    }
                    Ok(out)
                })?
            } else {
                Vec::new()
            };
            let standings = places
                .into_iter()
                .map(|p| {
                    let seat = seat_of(p.progress.seat);
                    let user = seat.and_then(|s| s.user_id.as_deref());
                    let entry = snap.entries.iter().find(|e| e.seat == p.progress.seat);
                    PlaceView {
                        place: p.place,
                        seat: p.progress.seat,
                        name: seat.map(|s| s.name.clone()).unwrap_or_default(),
                        cpu: user.is_none(),
                        standing: p.standing.name(),
                        runs_completed: p.progress.runs,
                        runs_total: p.progress.runs_total,
                        progress: p.progress.runs as f64 / p.progress.runs_total.max(1) as f64,
                        finished_ms: p.progress.finished_ms,
                        stand_in: stand_ins.contains(&p.progress.seat)
                            && p.standing == Standing::Playing,
                        difficulty: difficulty_of(
                            entry.map(|e| e.difficulty.as_str()).unwrap_or("normal"),
                        )
                        .into(),
                        rating: user.and_then(|u| {
                            ratings.iter().find(|r| r.user_id == u).map(|r| r.rating)
                        }),
                    }
                })
                .collect();
            Some(RoundView {
                number: round.round,
                state: state_now,
                starts_at: started.and_utc(),
                starts_in_ms: ms(started - at).max(0),
                time_limit_at: (started + chrono::Duration::milliseconds(limit_ms)).and_utc(),
                results_fixed_at: cutoff.and_utc(),
                elapsed_ms: ms(at - started).clamp(0, race::ROUND_CUTOFF_MS),
                standings,
            })
        }
    };
    // A seat's game is shown once the countdown is over.
    let started = snap.round.as_ref().is_some_and(|r| at >= r.started_at);
    let you = my_seat.map(|seat| YouView {
        seat,
        game_id: snap
            .entries
            .iter()
            .find(|e| e.seat == seat)
            .and_then(|e| e.game_id.clone())
            .filter(|_| started),
    });
    Ok(RaceView {
        code: race.code.clone(),
        settings: settings(race),
        seats: snap
            .seats
            .iter()
            .map(|s| SeatView {
                seat: s.seat,
                name: s.name.clone(),
                cpu: s.user_id.is_none(),
                you: Some(s.seat) == my_seat,
                host: s.user_id.as_deref() == Some(race.host_id.as_str()),
            })
            .collect(),
        round,
        you,
    })
}

/// Apply a finished ranked round to the humans' ratings, exactly once.
fn rate(
    state: &AppState,
    race: &RaceRow,
    round: &RoundRow,
    seats: &[SeatRow],
    places: &[race::Place],
) -> Result<(), ApiError> {
    if round.rated {
        return Ok(());
    }
    let humans: Vec<(String, usize)> = places
        .iter()
        .filter_map(|p| {
            seats
                .iter()
                .find(|s| s.seat == p.progress.seat)
                .and_then(|s| s.user_id.clone())
                .map(|u| (u, p.place))
        })
        .collect();
    let (race, round_no) = (race.clone(), round.round);
    state.db.write(move |conn| -> Result<(), ApiError> {
        if !race_store::claim_rating(conn, &race.id, round_no)? {
            return Ok(());
        }
        let mut current = Vec::new();
        for (user, place) in &humans {
            let row = race_store::rating(conn, user, &race.variant, race.suits)?;
            current.push((row, *place));
        }
        let inputs: Vec<(f64, usize)> = current
            .iter()
            .map(|(r, p)| (r.as_ref().map_or(race::START_RATING, |r| r.rating), *p))
            .collect();
        let after = race::elo(&inputs);
        for (((user, _), (row, _)), rating) in humans.iter().zip(&current).zip(after) {
            race_store::save_rating(
                conn,
                &RatingRow {
                    user_id: user.clone(),
                    variant: race.variant.clone(),
                    suits: race.suits,
                    rating,
                    rounds: row.as_ref().map_or(0, |r| r.rounds) + 1,
                },
            )?;
        }
        Ok(())
    })
}

fn display_name(
    state: &AppState,
    caller: &Caller,
    asked: Option<String>,
) -> Result<String, ApiError> {
    if let Some(name) = asked {
        let name = name.trim().to_string();
        if name.is_empty() || name.chars().count() > 32 {
            return Err(ApiError::invalid_request(
                "name must be 1 to 32 characters.",
            ));
        }
        return Ok(name);
    }
    let user = state
        .db
        .read(|conn| -> Result<_, ApiError> { Ok(store::users::by_id(conn, &caller.user_id)?) })?;
    Ok(user
        .and_then(|u| u.username)
        .unwrap_or_else(|| format!("guest-{}", &caller.user_id[..8.min(caller.user_id.len())])))
}

fn random_code() -> Result<String, ApiError> {
    use rand_core::{OsRng, TryRngCore};
    // No 0/O, 1/I/L: easy to read aloud and type.
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let mut bytes = [0u8; 6];
    OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| ApiError::internal("operating system random source", e))?;
    Ok(bytes
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect())
}

fn normalise(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

// ---------------------------------------------------------------- Handlers

/// Open a race room. You take seat 1 and are its host; CPU players take the next seats.
#[utoipa::path(
    tag = "races",
    operation_id = "createRace",
    request_body = CreateRace,
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 201, description = "The room", body = RaceView),
        (status = 400, description = "Invalid settings", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "The access token lacks the `games:write` scope (`insufficient_scope`)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/races")]
pub async fn create_race(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CreateRace>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let body = body.into_inner();
    let suits = Suits::try_from(body.suits)
        .map_err(|_| ApiError::invalid_request("suits must be 1, 2 or 4."))?;
    let time_limit = body.time_limit_seconds.unwrap_or(600);
    if !(60..=3600).contains(&time_limit) {
        return Err(ApiError::invalid_request(
            "time_limit_seconds must be from 60 to 3600.",
        ));
    }
    let cpus = body.cpu_players.unwrap_or(0);
    if cpus as usize >= race::MAX_SEATS {
        return Err(ApiError::invalid_request(format!(
            "cpu_players must be from 0 to {} (a race seats {} in all).",
            race::MAX_SEATS - 1,
            race::MAX_SEATS
        )));
    }
    let idle = body.idle_takeover_seconds.unwrap_or(120);
    if !(30..=3600).contains(&idle) {
        return Err(ApiError::invalid_request(
            "idle_takeover_seconds must be from 30 to 3600.",
        ));
    }
    let variant: engine::Variant = body.variant.unwrap_or(VariantName::Spider).into();
    let difficulty: Difficulty = body.difficulty.unwrap_or(DifficultyName::Normal).into();
    let at = now(&state);
    let name = {
        let st = state.clone();
        let c = caller.clone();
        blocking(move || display_name(&st, &c, None)).await?
    };
    let st = state.clone();
    let view = blocking(move || {
        for _ in 0..5 {
            let race = RaceRow {
                id: uuid::Uuid::new_v4().to_string(),
                code: random_code()?,
                host_id: caller.user_id.clone(),
                variant: variant.name().to_string(),
                suits: i32::from(suits.count()),
                difficulty: difficulty.name().to_string(),
                time_limit_s: time_limit as i32,
                undo_allowed: body.undo.unwrap_or(true),
                hints_allowed: body.hints.unwrap_or(false),
                handicap: body.handicap.unwrap_or(false),
                cpu_level: body
                    .cpu_level
                    .unwrap_or(CpuLevel::Normal)
                    .name()
                    .to_string(),
                ranked: body.ranked.unwrap_or(false),
                idle_takeover_s: idle as i32,
                round: 0,
                created_at: at,
            };
            let host = SeatRow {
                race_id: race.id.clone(),
                seat: 1,
                user_id: Some(caller.user_id.clone()),
                name: name.clone(),
                joined_at: at,
            };
            let stored = race.clone();
            let written = st.db.write(move |conn| -> Result<(), StoreError> {
                race_store::insert(conn, &stored, &host)?;
                for i in 1..=cpus {
                    race_store::add_seat(
                        conn,
                        &stored.id,
                        None,
                        &format!("CPU {i}"),
                        race::MAX_SEATS,
                        at,
                    )?;
                }
                Ok(())
            });
            match written {
                Ok(()) => {
                    let snap = snapshot(&st.db, &race.code)?;
                    return view(&st, snap, Some(&caller.user_id), at, &Default::default());
                }
                // A code already in use: draw another.
                Err(e) if e.is_unique_violation() => continue,
                Err(e) if e.is_foreign_key_violation() => {
                    return Err(super::accounts::unknown_user())
                }
                Err(e) => return Err(e.into()),
            }
        }
        Err(ApiError::internal(
            "race code",
            "no free code after 5 draws",
        ))
    })
    .await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/v1/races/{}", view.code)))
        .json(view))
}

/// A race room: its settings, seats, the latest round and its standings, and your seat and
/// game. Looking also makes your game once the countdown is over, and lets stand-in CPUs
/// make the moves due for idle players.
#[utoipa::path(
    tag = "races",
    operation_id = "getRace",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The room", body = RaceView),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such race", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/races/{code}")]
pub async fn get_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let view = look(&state, Some(&caller), &normalise(&code)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// The latest round's standings (as in the room view): finishers by time, those within
/// the time limit first, then the rest by progress, then players who quit.
#[utoipa::path(
    tag = "races",
    operation_id = "getRaceStandings",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The round and its standings", body = RoundView),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such race, or no round started yet (`no_round`)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/races/{code}/standings")]
pub async fn get_standings(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let view = look(&state, Some(&caller), &normalise(&code)).await?;
    let round = view.round.ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_round",
            "Not found",
            "This race has not started a round yet.",
        )
    })?;
    Ok(HttpResponse::Ok().json(round))
}

/// Take a seat (or get yours back: joining again is harmless). Up to 20 seats, CPUs
/// included. A player who joins during a round plays from the next one.
#[utoipa::path(
    tag = "races",
    operation_id = "joinRace",
    params(("code" = String, Path, description = "Room code")),
    request_body(content = Option<JoinRace>),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The room, with your seat", body = RaceView),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such race", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The room is full (`race_full`)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/races/{code}/join")]
pub async fn join_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
    body: Option<web::Json<JoinRace>>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let code = normalise(&code);
    let asked = body.and_then(|b| b.into_inner().name);
    let (st, c, code2) = (state.clone(), caller.clone(), code.clone());
    blocking(move || {
        let name = display_name(&st, &c, asked)?;
        let race = st
            .db
            .read(|conn| -> Result<_, ApiError> { Ok(race_store::by_code(conn, &code2)?) })?
            .ok_or_else(race_not_found)?;
        let at = now(&st);
        let seat = st.db.write(move |conn| -> Result<_, ApiError> {
            Ok(race_store::add_seat(
                conn,
                &race.id,
                Some(&c.user_id),
                &name,
                race::MAX_SEATS,
                at,
            )?)
        })?;
        seat.map(|_| ()).ok_or_else(|| {
            ApiError::conflict(
                "race_full",
                format!("This race already seats {} players.", race::MAX_SEATS),
            )
        })
    })
    .await?;
    let view = look(&state, Some(&caller), &code).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Start the next round (host only): a short countdown, then every seat gets an identical
/// game of one proven winnable deal (a handicapped winner's is one level harder per win in
/// a row). Also "play again" once a round is over.
#[utoipa::path(
    tag = "races",
    operation_id = "startRace",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The room, counting down", body = RaceView),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "Only the host starts rounds (`not_host`)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such race", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "A round is still on (`round_in_progress`)", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "No proven deal of that kind is ready (`winnable_deal_unavailable`)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/races/{code}/start")]
pub async fn start_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let code = normalise(&code);
    let current = look(&state, Some(&caller), &code).await?;
    let st = state.clone();
    let (c, code2) = (caller.clone(), code.clone());
    blocking(move || {
        let snap = snapshot(&st.db, &code2)?;
        let race = &snap.race;
        if race.host_id != c.user_id {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "not_host",
                "Forbidden",
                "Only the race's host can start a round.",
            ));
        }
        if let Some(round) = &current.round {
            if round.state != RoundState::Over {
                return Err(ApiError::conflict(
                    "round_in_progress",
                    "The current round is still on: a new one starts once every player has \
                     finished or quit, or 60 minutes after its start.",
                ));
            }
        }
        // Handicap: the last round's winner (a human who won) plays harder.
        let base = difficulty_of(&race.difficulty);
        let winner = current.round.as_ref().and_then(|r| {
            r.standings
                .iter()
                .find(|p| p.place == 1 && !p.cpu && p.finished_ms.is_some())
                .map(|p| p.seat)
        });
        let streak_of = |seat: i32| -> i32 {
            if !race.handicap || Some(seat) != winner {
                return 0;
            }
            snap.entries
                .iter()
                .find(|e| e.seat == seat)
                .map_or(0, |e| e.streak)
                + 1
        };
        let base_spec = spec_of(race, 0)?;
        let mut deals: Vec<(Difficulty, u64)> = Vec::new();
        let mut deal_for = |d: Difficulty| -> Result<u64, ApiError> {
            if let Some(&(_, n)) = deals.iter().find(|(x, _)| *x == d) {
                return Ok(n);
            }
            let n = crate::play::games::take_winnable(&st.play(), &base_spec, d)?;
            deals.push((d, n));
            Ok(n)
        };
        let base_deal = deal_for(base)?;
        let at = now(&st);
        let started = at + chrono::Duration::milliseconds(race::COUNTDOWN_MS);
        let number = race.round + 1;
        let mut entries = Vec::new();
        let mut seat_games = Vec::new();
        for seat in &snap.seats {
            let streak = if seat.user_id.is_some() {
                streak_of(seat.seat)
            } else {
                0
            };
            let level = base.harder(streak);
            let deal = if level == base {
                base_deal
            } else {
                deal_for(level)?
            };
            let cpu_line = if seat.user_id.is_none() {
                let spec = spec_of(race, base_deal)?;
                Some(engine::notation::encode_log(&race::cpu_line(&spec.deal())))
            } else {
                None
            };
            // A human seat's game exists from the start, dated at the end of the countdown:
            // until then it cannot be read or played (no card is seen before the start).
            let game_id = match &seat.user_id {
                Some(user) => {
                    let origin = Origin {
                        kind: "race",
                        deal_known: false,
                        daily_date: None,
                        ranked: false,
                        difficulty: Some(level.name()),
                    };
                    let mut row = game_store::new_row(
                        uuid::Uuid::new_v4().to_string(),
                        user.clone(),
                        spec_of(race, deal)?,
                        &origin,
                    );
                    row.hints_allowed = race.hints_allowed;
                    row.race_id = Some(race.id.clone());
                    row.created_at = started;
                    row.updated_at = started;
                    let id = row.id.clone();
                    seat_games.push(row);
                    Some(id)
                }
                None => None,
            };
            entries.push(EntryRow {
                race_id: race.id.clone(),
                round: number,
                seat: seat.seat,
                deal_number: deal as i64,
                difficulty: level.name().to_string(),
                streak,
                game_id,
                cpu_line,
                pace_ms: race::cpu_pace_ms(&race.cpu_level, seat.seat),
                cpu_version: None,
                quit_at: None,
            });
        }
        let round = RoundRow {
            race_id: race.id.clone(),
            round: number,
            started_at: started,
            rated: false,
        };
        let started_ok = st.db.write(move |conn| -> Result<bool, ApiError> {
            Ok(race_store::start_round(
                conn,
                &round,
                &entries,
                &seat_games,
            )?)
        })?;
        if !started_ok {
            return Err(ApiError::conflict(
                "round_in_progress",
                "Another start of this race got in first.",
            ));
        }
        Ok(())
    })
    .await?;
    let view = look(&state, Some(&caller), &code).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Quit the current round: your game is resigned and you rank last.
#[utoipa::path(
    tag = "races",
    operation_id = "quitRace",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The room", body = RaceView),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such race", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "You have no part in a running round (`not_racing`)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/races/{code}/quit")]
pub async fn quit_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesWrite)?;
    let code = normalise(&code);
    let current = look(&state, Some(&caller), &code).await?;
    let not_racing = || {
        ApiError::conflict(
            "not_racing",
            "You have no part in a running round of this race.",
        )
    };
    let (Some(round), Some(you)) = (&current.round, &current.you) else {
        return Err(not_racing());
    };
    if round.state == RoundState::Over {
        return Err(not_racing());
    }
    if let Some(game_id) = &you.game_id {
        // Resigning an already finished game is refused: that is fine.
        let _ = games::append_action(&state, &caller, game_id, None, None, &ActionRequest::Resign)
            .await;
    }
    let (st, code2, seat, number) = (state.clone(), code.clone(), you.seat, round.number);
    blocking(move || {
        let race = st
            .db
            .read(|conn| -> Result<_, ApiError> { Ok(race_store::by_code(conn, &code2)?) })?
            .ok_or_else(race_not_found)?;
        let at = now(&st);
        st.db.write(move |conn| -> Result<(), ApiError> {
            Ok(race_store::set_quit(conn, &race.id, number, seat, at)?)
        })
    })
    .await?;
    // The last human to quit ends the round: its ratings apply now.
    rate_if_over(&state, &code, now(&state)).await?;
    let view = look(&state, Some(&caller), &code).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Follow a race's room live (Server-Sent Events): a `race` event with the room as from
/// `GET /v1/races/{code}` at once and whenever it changes (checked every second), and
/// `end` once the round's results are fixed. Spectators with the code may watch.
#[utoipa::path(
    tag = "races",
    operation_id = "streamRace",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "An event stream", content_type = "text/event-stream", body = String),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such race", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/races/{code}/stream")]
pub async fn stream_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let code = normalise(&code);
    let slot = sse::slot(&state, &caller.user_id)?;
    let first = look(&state, Some(&caller), &code).await?;
    let first_json =
        serde_json::to_string(&first).map_err(|e| ApiError::internal("serializing a race", e))?;
    /// Looks at the room every second: standings move with the clock as well as with moves.
    struct Watch {
        state: web::Data<AppState>,
        caller: Caller,
        code: String,
        last: String,
        _slot: crate::play::live::StreamSlot,
    }
    fn over(view: &RaceView) -> bool {
        view.round
            .as_ref()
            .is_some_and(|r| r.state == RoundState::Over)
    }
    impl sse::Source for Watch {
        async fn wait(&mut self) {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }

        async fn look(&mut self) -> Result<sse::Found, ApiError> {
            let view = look(&self.state, Some(&self.caller), &self.code).await?;
            let json = serde_json::to_string(&view)
                .map_err(|e| ApiError::internal("serializing a race", e))?;
            let mut found = sse::Found::default();
            if json != self.last {
                found.events.push(sse::event("race", None, &json));
                if over(&view) {
                    found.events.push(sse::event("end", None, "{}"));
                    found.done = true;
                }
                self.last = json;
            }
            Ok(found)
        }
    }
    let first_found = sse::Found {
        events: vec![sse::event("race", None, &first_json)],
        done: over(&first),
    };
    let watch = Watch {
        state: state.clone(),
        _slot: slot,
        caller,
        code,
        last: first_json,
    };
    Ok(sse::response(watch, first_found))
}
