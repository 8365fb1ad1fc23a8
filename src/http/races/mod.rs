//! Races: a host opens a room, others join by its code, the host starts a round, and every
//! player gets an identical game of one deal, played through the ordinary game endpoints.
//!
//! Standings are computed when someone looks (`standings.rs`, reads only): a human's progress
//! from their game, a CPU's from its precomputed line and the clock, so any instance answers
//! the same. Stand-ins for idle players and ratings are scheduled work (`work.rs`). The JSON
//! shapes are in `wire.rs`.

mod standings;
mod wire;
mod work;

pub(crate) use standings::round_over_for_game;
use standings::*;
pub use wire::*;
use work::*;
pub use work::{tick, TICK};

use std::time::Duration;

use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpResponse};
use chrono::{DateTime, NaiveDateTime, Utc};

use super::error::{ApiError, Problem};
use super::games;
use super::identity::{Caller, Scope};
use super::sse;
use super::wire::{ActionRequest, DifficultyName, UndoModeName, UndoSetting, VariantName};
use super::{blocking, AppState};
use crate::engine::DealSpec;
use crate::engine::{self, Game, Status, Suits};
use crate::race::{self, Progress, Standing};
use crate::store::games::{self as game_store, GameRow, Origin};
use crate::store::races::{self as race_store, EntryRow, RaceRow, RatingRow, RoundRow, SeatRow};
use crate::store::winnable::ProvenDeal;
use crate::store::{self, StoreError};
use crate::winnable::Difficulty;

// ---------------------------------------------------------------- Shapes

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

/// The deal a race's seat plays: the room's variant and suits, its undo mode, the standard
/// empty-column rule.
fn spec_of(race: &RaceRow, deal_number: u64) -> Result<DealSpec, ApiError> {
    let mut spec = DealSpec::from_parts(
        &race.variant,
        race.suits,
        &race.undo_mode,
        engine::EmptyColumnDeal::Standard.name(),
        deal_number,
    )
    .map_err(|what| ApiError::internal("stored race", format!("{}: {what}", race.id)))?;
    // Ranked rounds change ratings: nobody may peek at a card and take it back.
    if race.ranked {
        spec.rules.undo = spec.rules.undo.for_ranked_play();
    }
    Ok(spec)
}

fn settings(race: &RaceRow) -> Result<RaceSettings, ApiError> {
    let undo_mode = spec_of(race, 0)?.rules.undo;
    Ok(RaceSettings {
        variant: VariantName::from_name(&race.variant),
        suits: race.suits as u8,
        difficulty: difficulty_of(&race.difficulty).into(),
        time_limit_seconds: race.time_limit_s,
        undo: undo_mode.allows_any(),
        undo_mode: UndoModeName::from(undo_mode),
        hints: race.hints_allowed,
        handicap: race.handicap,
        cpu_level: match race.cpu_level.as_str() {
            "easy" => CpuLevel::Easy,
            "hard" => CpuLevel::Hard,
            _ => CpuLevel::Normal,
        },
        ranked: race.ranked,
        idle_takeover_seconds: race.idle_takeover_s,
    })
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

fn display_name(
    state: &AppState,
    caller: &Caller,
    asked: Option<String>,
) -> Result<String, ApiError> {
    if let Some(name) = asked {
        let name = super::contract::check(
            &super::contract::RACE_NAME,
            &name,
            "name must be 1 to 32 characters (white space around them aside).",
        )?;
        return Ok(name.trim().to_string());
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
        (status = 403, description = "The access token lacks the `games:write` scope (`insufficient_scope`); a ranked room needs a registered account (`account_required`)", body = Problem, content_type = "application/problem+json"),
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
    let undo = body.undo.unwrap_or_default().mode();
    if body.ranked == Some(true) {
        registered_only(&state, &caller).await?;
    }
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
                undo_allowed: undo.allows_any(),
                undo_mode: undo.name().to_string(),
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
/// game. A read: it never changes a game (stand-ins and ratings are scheduled work).
#[utoipa::path(
    tag = "races",
    operation_id = "getRace",
    params(("code" = String, Path, description = "Room code")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The room", body = RaceView),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "The access token lacks the `games:read` scope (`insufficient_scope`)", body = Problem, content_type = "application/problem+json"),
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
        (status = 403, description = "The access token lacks the `games:read` scope (`insufficient_scope`)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such race", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The race has not started a round yet (`no_round`)", body = Problem, content_type = "application/problem+json"),
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
    // The room exists; it is its state that has no standings yet.
    let round = view.round.ok_or_else(|| {
        ApiError::conflict(
            "no_round",
            "This race has not started a round yet: its standings begin with the first round.",
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
    request_body(content = Option<JoinRace>, description = "Optional: no body (or `null`) takes the default name"),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The room, with your seat", body = RaceView),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "The access token lacks the `games:write` scope (`insufficient_scope`); a ranked room needs a registered account (`account_required`)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such race", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The room is full (`race_full`)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/races/{code}/join")]
pub async fn join_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
    req: actix_web::HttpRequest,
    body: web::Payload,
) -> actix_web::Result<HttpResponse> {
    caller.require(Scope::GamesWrite)?;
    let code = normalise(&code);
    let body: Option<JoinRace> = super::contract::optional_json(&req, body).await?;
    let asked = body.and_then(|b| b.name);
    let (st, c, code2) = (state.clone(), caller.clone(), code.clone());
    blocking(move || {
        let name = display_name(&st, &c, asked)?;
        let race = st
            .db
            .read(|conn| -> Result<_, ApiError> { Ok(race_store::by_code(conn, &code2)?) })?
            .ok_or_else(race_not_found)?;
        if race.ranked {
            let id = c.user_id.clone();
            let user = st
                .db
                .read(move |conn| crate::store::users::by_id(conn, &id))?
                .ok_or_else(super::accounts::unknown_user)?;
            if user.is_guest {
                return Err(account_required());
            }
        }
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
        (status = 403, description = "Only the host starts rounds (`not_host`); the access token lacks the `games:write` scope (`insufficient_scope`)", body = Problem, content_type = "application/problem+json"),
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
        // Every deal taken goes back to the cache if the round does not start after all (a
        // handicap deal not ready, another start that got in first).
        let mut taken: Vec<ProvenDeal> = Vec::new();
        let started_ok = (|| -> Result<bool, ApiError> {
            let deal_for = |taken: &mut Vec<ProvenDeal>, d: Difficulty| -> Result<u64, ApiError> {
                if let Some(deal) = taken.iter().find(|x| x.difficulty == d.name()) {
                    return Ok(deal.deal_number as u64);
                }
                let deal = crate::play::games::take_for_race(&st.play(), &base_spec, d)?;
                let n = deal.deal_number as u64;
                taken.push(deal);
                Ok(n)
            };
            let base_deal = deal_for(&mut taken, base)?;
            // CPUs play the line the prover stored for the room's level; on a deal proven
            // before lines were stored, the plain hint's line.
            let stored = taken
                .iter()
                .find(|x| x.deal_number as u64 == base_deal)
                .and_then(|x| x.cpu_line(&race.cpu_level))
                .map(str::to_string);
            let cpu_line = match stored {
                Some(line) => line,
                None => {
                    let spec = spec_of(race, base_deal)?;
                    engine::notation::encode_log(&race::cpu_line(&spec.deal()))
                }
            };
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
                    deal_for(&mut taken, level)?
                };
                let cpu_line = seat.user_id.is_none().then(|| cpu_line.clone());
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
                    stand_in_moves: 0,
                });
            }
            let round = RoundRow {
                race_id: race.id.clone(),
                round: number,
                started_at: started,
                rated: false,
            };
            st.db.write(move |conn| -> Result<bool, ApiError> {
                Ok(race_store::start_round(
                    conn,
                    &round,
                    &entries,
                    &seat_games,
                )?)
            })
        })();
        if !matches!(started_ok, Ok(true)) {
            crate::play::games::give_back(&st.play(), taken)?;
        }
        let started_ok = started_ok?;
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

/// Ranked rooms are for registered accounts: a rating that throwaway guests could feed
/// would mean nothing.
fn account_required() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "account_required",
        "Forbidden",
        "Ranked races are for registered players: sign up (a guest can keep everything with \
         POST /v1/users/me/upgrade), then join.",
    )
}

async fn registered_only(state: &AppState, caller: &Caller) -> Result<(), ApiError> {
    if state.accounts().user(&caller.user_id).await?.is_guest {
        return Err(account_required());
    }
    Ok(())
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
        (status = 403, description = "The access token lacks the `games:write` scope (`insufficient_scope`)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such race", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "You have no part in a running round (`not_racing`), or your part in it is over (`already_done`)", body = Problem, content_type = "application/problem+json"),
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
    let done = round
        .standings
        .iter()
        .any(|p| p.seat == you.seat && p.standing != race::Standing::Playing.name());
    if done {
        // A finisher stays a finisher: quitting afterwards changes nothing.
        return Err(ApiError::conflict(
            "already_done",
            "Your part in this round is over (you finished or quit): there is nothing to quit.",
        ));
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
        (status = 200, description = "An event stream: each event as the schema says, its `data` a JSON text", content_type = "text/event-stream", body = crate::http::sse::RaceStreamEvent),
        (status = 401, description = "No valid token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "The access token lacks the `games:read` scope (`insufficient_scope`)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such race", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/races/{code}/stream")]
pub async fn stream_race(
    state: web::Data<AppState>,
    caller: Caller,
    code: web::Path<String>,
    req: actix_web::HttpRequest,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let code = normalise(&code);
    let bearer = sse::Bearer::of(&state, &req)?;
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
    Ok(sse::response(watch, first_found, bearer))
}
