//! The JSON shapes of arenas.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{IntoParams, ToSchema};

use crate::play::arenas::{Arena, Mine, Phase, Standing, Standings};
use crate::play::domain::arenas::FIRE_AFTER;
use crate::sse::{endings, event_schema, reference};
use crate::wire::{GameView, UndoModeName, UndoSetting, VariantName};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"title": "Friday 1♠", "suits": 1, "minutes": 30, "starts_in_minutes": 10}))]
pub struct CreateArena {
    /// 1–60 characters (default: your name and the suit setting).
    pub title: Option<String>,
    /// Default `spider`.
    #[schema(value_type = Option<crate::document::names::VariantName>)]
    pub variant: Option<VariantName>,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    #[serde(deserialize_with = "crate::edge::contract::whole::number")]
    pub suits: u8,
    /// How long it runs, 5–180 minutes.
    #[schema(minimum = 5, maximum = 180)]
    #[serde(deserialize_with = "crate::edge::contract::whole::number")]
    pub minutes: u32,
    /// Minutes from now to its start, 0–10080 (a week; default 0: at once).
    #[schema(minimum = 0, maximum = 10080)]
    #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
    pub starts_in_minutes: Option<u32>,
    /// `full` (the default), `no_reveal` or `off`. A rated arena plays `no_reveal` where
    /// `full` is asked for; a deal played berserk has no undo at all.
    pub undo: Option<UndoSetting>,
    /// Whether hints are allowed (default false).
    pub hints: Option<bool>,
    /// Whether only registered accounts may play (default false).
    pub rated: Option<bool>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NextDeal {
    /// Play this deal without undo: a point more if it is won (docs/ARENAS.md). Default false.
    pub berserk: Option<bool>,
}

/// Where an arena stands in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArenaState {
    Upcoming,
    Running,
    Over,
}

impl From<Phase> for ArenaState {
    fn from(p: Phase) -> Self {
        match p {
            Phase::Upcoming => ArenaState::Upcoming,
            Phase::Running => ArenaState::Running,
            Phase::Over => ArenaState::Over,
        }
    }
}

/// An arena. Its deals' numbers and the order each player meets them in are never shown.
#[derive(Debug, Serialize, ToSchema)]
pub struct ArenaView {
    pub id: String,
    pub title: String,
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    /// The undo rule of a deal not played berserk.
    #[schema(value_type = crate::document::names::UndoModeName)]
    pub undo_mode: UndoModeName,
    pub hints: bool,
    /// Only registered accounts play in a rated arena.
    pub rated: bool,
    /// An operator's recurring arena (its schedule's name), or none for one an account made.
    pub schedule: Option<String>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub state: ArenaState,
    /// Once the arena is over and every place is fixed.
    #[serde(rename = "final")]
    pub is_final: bool,
    pub players: i64,
    /// Deals the arena holds: a player plays them one after another, as many as they can.
    pub deals: i32,
    /// Your part in it, when you play in it.
    pub you: Option<ArenaYouView>,
}

/// Your part in an arena.
#[derive(Debug, Serialize, ToSchema)]
pub struct ArenaYouView {
    /// False once you left (join again to play on; your points stay).
    pub active: bool,
    pub place: i64,
    pub points: i32,
    /// Deals ended (won or not) and won.
    pub played: i32,
    pub won: i32,
    /// Milliseconds over your won deals (ties go to the fewer).
    pub won_ms: i64,
    /// Wins in a row now.
    pub streak: i32,
    /// The next win counts double.
    pub on_fire: bool,
    /// Deals started.
    pub deals_started: i32,
    /// Your final place, once the arena's results are final.
    pub final_place: Option<i32>,
    /// The deal in play, if one is.
    pub playing: Option<ArenaPlayingView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ArenaPlayingView {
    pub game_id: String,
    /// Which of your deals it is, from 1.
    pub deal: i32,
    pub berserk: bool,
}

fn on_fire(streak: i32) -> bool {
    streak >= FIRE_AFTER as i32
}

impl ArenaView {
    pub fn of(arena: &Arena, mine: Option<&Mine>) -> ArenaView {
        let row = &arena.row;
        ArenaView {
            id: row.id.clone(),
            title: row.title.clone(),
            variant: row.variant,
            suits: row.suits.count(),
            undo_mode: if row.rated {
                row.undo_mode.for_ranked_play()
            } else {
                row.undo_mode
            },
            hints: row.hints_allowed,
            rated: row.rated,
            schedule: row.schedule.clone(),
            starts_at: row.starts_at.and_utc(),
            ends_at: row.ends_at.and_utc(),
            state: arena.phase.into(),
            is_final: row.finished_at.is_some(),
            players: arena.players,
            deals: row.deal_count,
            you: mine.map(|m| ArenaYouView {
                active: m.player.active,
                place: m.place,
                points: m.player.points,
                played: m.player.played,
                won: m.player.won,
                won_ms: m.player.won_ms,
                streak: m.player.streak,
                on_fire: on_fire(m.player.streak),
                deals_started: m.player.dealt,
                final_place: m.player.place,
                playing: m.playing.as_ref().map(|p| ArenaPlayingView {
                    game_id: p.game_id.clone(),
                    deal: p.k + 1,
                    berserk: p.berserk,
                }),
            }),
        }
    }
}

/// What runs now, what comes next and what ended lately (20 of each at most).
#[derive(Debug, Serialize, ToSchema)]
pub struct ArenaListing {
    pub running: Vec<ArenaView>,
    pub upcoming: Vec<ArenaView>,
    pub over: Vec<ArenaView>,
}

/// A deal just started: which of yours it is, and its game (played as any other, through
/// `/v1/games/{id}`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ArenaDealView {
    pub arena_id: String,
    /// Which of your deals it is, from 1.
    pub deal: i32,
    pub berserk: bool,
    pub game: GameView,
}

/// One line of the standings.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct StandingView {
    /// Equal points and time share a place.
    pub place: i64,
    pub name: String,
    pub points: i32,
    pub played: i32,
    pub won: i32,
    pub won_ms: i64,
    pub streak: i32,
    pub on_fire: bool,
    /// False while the player has left.
    pub active: bool,
}

impl StandingView {
    pub(crate) fn of(s: &Standing) -> StandingView {
        StandingView {
            place: s.place,
            name: s.player.name.clone(),
            points: s.player.points,
            played: s.player.played,
            won: s.player.won,
            won_ms: s.player.won_ms,
            streak: s.player.streak,
            on_fire: on_fire(s.player.streak),
            active: s.player.active,
        }
    }
}

/// A page of an arena's standings, read at one moment: best first (points, then the least
/// time over won deals).
#[derive(Debug, Serialize, ToSchema)]
pub struct StandingsView {
    pub arena_id: String,
    /// Counts the changes to the standings: two pages of one version were read from the same
    /// standings, on whichever instance.
    pub version: i32,
    pub state: ArenaState,
    #[serde(rename = "final")]
    pub is_final: bool,
    pub players: i64,
    pub offset: i64,
    pub standings: Vec<StandingView>,
    /// Your line, when you play in the arena.
    pub you: Option<StandingView>,
}

impl StandingsView {
    pub fn of(s: &Standings) -> StandingsView {
        StandingsView {
            arena_id: s.arena.row.id.clone(),
            version: s.version,
            state: s.arena.phase.into(),
            is_final: s.arena.row.finished_at.is_some(),
            players: s.arena.players,
            offset: s.offset,
            standings: s.lines.iter().map(StandingView::of).collect(),
            you: s.mine.as_ref().map(StandingView::of),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StandingsQuery {
    /// Players to skip from the top (default 0).
    #[param(minimum = 0)]
    pub offset: Option<i64>,
    /// 1–100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// 1–100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Arenas that ended before this moment (the `ends_at` of the last one a page showed).
    pub before: Option<DateTime<Utc>>,
}

/// One event of `GET /v1/arenas/{id}/stream`.
pub struct ArenaStreamEvent;

impl utoipa::PartialSchema for ArenaStreamEvent {
    fn schema() -> RefOr<Schema> {
        let mut one_of = OneOfBuilder::new()
            .description(Some(
                "One Server-Sent Event: `standings`, `end`, then `idle` or `error` (comment \
                 lines keep the connection open)",
            ))
            .item(event_schema(
                "Arena",
                "standings",
                "The top ten and your line, as from GET /v1/arenas/{id}/standings: first, then \
                 whenever they change",
                reference("StandingsView"),
                false,
            ))
            .item(event_schema(
                "Arena",
                "end",
                "The arena's results are final; the stream closes",
                RefOr::T(ObjectBuilder::new().schema_type(Type::Object).into()),
                false,
            ));
        for ending in endings("Arena", false) {
            one_of = one_of.item(ending);
        }
        RefOr::T(one_of.into())
    }
}

impl utoipa::ToSchema for ArenaStreamEvent {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((
            "StandingsView".into(),
            <StandingsView as utoipa::PartialSchema>::schema(),
        ));
        <StandingsView as utoipa::ToSchema>::schemas(schemas);
        schemas.push((
            "Problem".into(),
            <crate::error::Problem as utoipa::PartialSchema>::schema(),
        ));
    }
}
