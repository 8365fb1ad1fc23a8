//! The JSON shapes of race rooms.

use crate::domain::UserId;
use crate::i18n::Lang;
use crate::t;
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

use super::*;
use crate::sse::{endings, event_schema, reference};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"suits": 1, "cpu_players": 2, "time_limit_seconds": 600}))]
pub struct CreateRace {
    /// Default `spider`.
    #[schema(value_type = Option<crate::document::names::VariantName>)]
    pub variant: Option<VariantName>,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    #[serde(deserialize_with = "crate::edge::contract::whole::number")]
    pub suits: u8,
    /// The deal's difficulty: every deal is one the solver has proven winnable. Default
    /// `normal`.
    #[schema(value_type = Option<crate::document::names::DifficultyName>)]
    pub difficulty: Option<DifficultyName>,
    /// The target time, 60–3600 seconds (default: twice the time people typically take to win
    /// this kind of game, so CPUs of every level finish in it: Spider 720, 1440 and 2400 at 1,
    /// 2 and 4 suits; Spiderette 480, 840, 1200). Play goes on after it; finishers within it
    /// rank ahead of later ones. Results are fixed 60 minutes after the start.
    #[schema(minimum = 60, maximum = 3600)]
    #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
    pub time_limit_seconds: Option<u32>,
    /// `full` (the default), `no_reveal` or `off`; the older `true` (full) and `false` (off)
    /// are still accepted. A ranked room plays `no_reveal` where `full` is asked for.
    pub undo: Option<UndoSetting>,
    /// Whether hints are allowed (default false).
    pub hints: Option<bool>,
    /// When on, the previous round's winner gets a deal one level harder, more with each
    /// further win, back to the chosen level after a loss (default false).
    pub handicap: Option<bool>,
    /// CPU players, 0–19 (default 0).
    #[schema(minimum = 0, maximum = 19)]
    #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
    pub cpu_players: Option<u32>,
    /// How fast the CPU players play (default `normal`).
    #[schema(value_type = Option<crate::document::names::CpuLevel>)]
    pub cpu_level: Option<Level>,
    /// Whether rounds update the players' ratings (default false).
    pub ranked: Option<bool>,
    /// Seconds without an action before a CPU stands in for a player, 30–3600 (default 120).
    #[schema(minimum = 30, maximum = 3600)]
    #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
    pub idle_takeover_seconds: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RaceSettings {
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    #[schema(value_type = crate::document::names::DifficultyName)]
    pub difficulty: DifficultyName,
    pub time_limit_seconds: i32,
    /// Whether undo exists at all: true for `full` and `no_reveal` (see `undo_mode`).
    pub undo: bool,
    /// The seats' games' undo mode: `full`, `no_reveal` (always in a ranked room, unless
    /// undo is `off`) or `off`.
    #[schema(value_type = crate::document::names::UndoModeName)]
    pub undo_mode: UndoModeName,
    pub hints: bool,
    pub handicap: bool,
    #[schema(value_type = crate::document::names::CpuLevel)]
    pub cpu_level: Level,
    /// What the CPU players are, in a sentence to show: they know the whole deal and race to
    /// a pace (`easy` about 150% of the median time people take to win this kind of game,
    /// `normal` 100%, `hard` 60%).
    pub cpu_note: String,
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
    #[schema(value_type = crate::document::names::DifficultyName)]
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

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinRace {
    #[schema(schema_with = crate::edge::contract::race_name)]
    pub name: Option<String>,
}

fn settings(race: &RaceRow, lang: Lang) -> Result<RaceSettings, ApiError> {
    let undo_mode = races::spec_of(race, 0).rules.undo;
    Ok(RaceSettings {
        variant: race.variant,
        suits: race.suits.count(),
        difficulty: race.difficulty,
        time_limit_seconds: race.time_limit_s,
        undo: undo_mode.allows_any(),
        undo_mode,
        hints: race.hints_allowed,
        handicap: race.handicap,
        cpu_level: race.cpu_level,
        cpu_note: t!(
            "race-cpu-note",
            percent = crate::domain::pace::target_percent(race.cpu_level),
            level = race.cpu_level.name()
        )
        .render(lang),
        ranked: race.ranked,
        idle_takeover_seconds: race.idle_takeover_s,
    })
}

fn round_view(room: &Room, round: &RoundNow) -> RoundView {
    let (race, at) = (&room.race, room.at);
    let started = round.row.started_at;
    let limit_ms = i64::from(race.time_limit_s) * 1000;
    let cutoff = started + chrono::Duration::milliseconds(ROUND_CUTOFF_MS);
    let standings = round
        .places
        .iter()
        .map(|p| {
            let seat = room.seats.iter().find(|s| s.seat == p.progress.seat);
            let user = seat.and_then(|s| s.user_id.as_deref());
            let entry = room.entries.iter().find(|e| e.seat == p.progress.seat);
            PlaceView {
                place: p.place,
                seat: p.progress.seat,
                // A freed seat's results stay, under no name.
                name: seat.map_or_else(|| "(left)".to_string(), |s| s.name.clone()),
                cpu: entry.map_or(user.is_none(), |e| e.game_id.is_none()),
                standing: p.standing.name(),
                runs_completed: p.progress.runs,
                runs_total: p.progress.runs_total,
                progress: p.progress.runs as f64 / p.progress.runs_total.max(1) as f64,
                finished_ms: p.progress.finished_ms,
                stand_in: round.stand_ins.contains(&p.progress.seat)
                    && p.standing == Standing::Playing,
                difficulty: entry.map_or(Difficulty::Normal, |e| e.difficulty),
                rating: user.and_then(|u| {
                    round
                        .ratings
                        .iter()
                        .find(|r| r.user_id == u)
                        .map(|r| r.rating)
                }),
            }
        })
        .collect();
    RoundView {
        number: round.row.round,
        state: match round.phase {
            Phase::Countdown => RoundState::Countdown,
            Phase::Running => RoundState::Running,
            Phase::Over => RoundState::Over,
        },
        starts_at: started.and_utc(),
        starts_in_ms: (started - at).num_milliseconds().max(0),
        time_limit_at: (started + chrono::Duration::milliseconds(limit_ms)).and_utc(),
        results_fixed_at: cutoff.and_utc(),
        elapsed_ms: (at - started).num_milliseconds().clamp(0, ROUND_CUTOFF_MS),
        standings,
    }
}

impl RaceView {
    /// The room as `caller` (a seated player or a spectator) sees it.
    pub(super) fn of(
        room: &Room,
        caller: Option<&UserId>,
        lang: Lang,
    ) -> Result<RaceView, ApiError> {
        let race = &room.race;
        let my_seat = caller.and_then(|c| room.seat_of(c));
        Ok(RaceView {
            code: race.code.to_string(),
            settings: settings(race, lang)?,
            seats: room
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
            round: room.round.as_ref().map(|r| round_view(room, r)),
            you: my_seat.map(|seat| YouView {
                seat,
                game_id: room.game_of(seat).map(str::to_string),
            }),
        })
    }
}

/// One event of `GET /v1/races/{code}/stream`.
pub struct RaceStreamEvent;

impl utoipa::PartialSchema for RaceStreamEvent {
    fn schema() -> RefOr<Schema> {
        let mut one_of = OneOfBuilder::new()
            .description(Some(
                "One Server-Sent Event: `race`, `end`, then `idle` or `error` (comment lines \
                 keep the connection open)",
            ))
            .item(event_schema(
                "Race",
                "race",
                "The room, as from GET /v1/races/{code}: first, then whenever it changes",
                reference("RaceView"),
                false,
            ))
            .item(event_schema(
                "Race",
                "end",
                "The round's results are fixed; the stream closes",
                RefOr::T(ObjectBuilder::new().schema_type(Type::Object).into()),
                false,
            ));
        for ending in endings("Race", false) {
            one_of = one_of.item(ending);
        }
        RefOr::T(one_of.into())
    }
}

impl utoipa::ToSchema for RaceStreamEvent {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((
            "RaceView".into(),
            <RaceView as utoipa::PartialSchema>::schema(),
        ));
        <RaceView as utoipa::ToSchema>::schemas(schemas);
        schemas.push((
            "Problem".into(),
            <crate::error::Problem as utoipa::PartialSchema>::schema(),
        ));
    }
}
