//! Wire types: the JSON shapes of games and actions, derived from the engine's types.

use crate::i18n::Lang;
use crate::t;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::error::ApiError;
use crate::engine::{self, Action, Game, Illegal, Intent};
use crate::play::clock::Clock;
use crate::play::history::GameRow;
use crate::play::snapshot::Snapshot;
use actix_web::http::StatusCode;

// ---------------------------------------------------------------- Shapes

// The engine's and the store's enums go on the wire as themselves, under the names the API
// gives them; a field of one says `#[schema(value_type = …)]` with its schema's marker in
// `super::document::names`.
pub use crate::domain::origin::OriginKind as GameOrigin;
pub use crate::engine::Difficulty as DifficultyName;
pub use crate::engine::{
    EmptyColumnDeal as EmptyColumnRule, Status as GameStatus, Suit as SuitName,
    UndoMode as UndoModeName, Variant as VariantName,
};

/// The undo rule as a request gives it: a mode, or the older yes/no (`true` is `full`,
/// `false` is `off`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum UndoSetting {
    #[schema(value_type = crate::document::names::UndoModeName)]
    Mode(UndoModeName),
    YesNo(bool),
}

impl Default for UndoSetting {
    fn default() -> Self {
        UndoSetting::Mode(UndoModeName::Full)
    }
}

impl UndoSetting {
    pub fn mode(self) -> engine::UndoMode {
        match self {
            UndoSetting::Mode(mode) => mode,
            UndoSetting::YesNo(allowed) => engine::UndoMode::from_allowed(allowed),
        }
    }
}

impl<'de> Deserialize<'de> for UndoSetting {
    /// By hand, so that an unknown mode is refused with a sentence that lists the good ones.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Setting;
        impl serde::de::Visitor<'_> for Setting {
            type Value = UndoSetting;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(r#"undo as "full", "no_reveal" or "off" (or true or false)"#)
            }

            fn visit_bool<E: serde::de::Error>(self, allowed: bool) -> Result<UndoSetting, E> {
                Ok(UndoSetting::YesNo(allowed))
            }

            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<UndoSetting, E> {
                name.parse::<engine::UndoMode>()
                    .map(UndoSetting::Mode)
                    .map_err(|()| {
                        E::custom(format!(
                            r#"there is no undo mode "{name}": undo must be "full", "no_reveal" or "off" (or true for full, false for off)"#
                        ))
                    })
            }
        }
        deserializer.deserialize_any(Setting)
    }
}

/// House rules, fixed when the game is created.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesBody {
    /// `full` (the default), `no_reveal` or `off`; the older `true` (full) and `false` (off)
    /// are still accepted.
    #[serde(default)]
    pub undo: UndoSetting,
    #[serde(default)]
    #[schema(value_type = crate::document::names::EmptyColumnRule)]
    pub empty_column_deal: EmptyColumnRule,
}

/// A game's house rules, as fixed when it was created.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct RulesView {
    /// Whether undo exists at all: true for the `full` and `no_reveal` modes (the game's
    /// `undo_mode` says which).
    pub undo: bool,
    #[schema(value_type = crate::document::names::EmptyColumnRule)]
    pub empty_column_deal: EmptyColumnRule,
}

/// A deal number: a whole number from 0 to 18446744073709551615, as a JSON number or, for
/// clients whose numbers lose precision past 2^53, as a string of digits (no sign; leading
/// zeros are fine).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DealNumber {
    Number(#[serde(deserialize_with = "crate::edge::contract::whole::number")] u64),
    Text(String),
}

impl DealNumber {
    pub(crate) fn value(&self) -> Result<u64, ApiError> {
        match self {
            DealNumber::Number(n) => Ok(*n),
            DealNumber::Text(text) => super::edge::contract::deal_number_text(text)
                .ok_or_else(|| ApiError::invalid_request(t!("bad-deal-number"))),
        }
    }
}

impl utoipa::PartialSchema for DealNumber {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        super::edge::contract::deal_number()
    }
}

impl ToSchema for DealNumber {}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "spider", "suits": 2}))]
pub struct CreateGame {
    /// Default `spider`.
    #[serde(default)]
    #[schema(value_type = Option<crate::document::names::VariantName>)]
    pub variant: Option<VariantName>,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    #[serde(deserialize_with = "crate::edge::contract::whole::number")]
    pub suits: u8,
    /// Omit for a deal the server picks at random (kept secret until the game ends).
    pub deal_number: Option<DealNumber>,
    pub rules: Option<RulesBody>,
    /// Deal one the solver has proven winnable under these rules (the server picks it and
    /// keeps its number secret until the game ends). Not with `deal_number`. Such games count
    /// for personal records (marked `known_deal`), not for all-time leaderboards.
    #[serde(default)]
    pub winnable: Option<bool>,
    /// For a winnable deal: `easy`, `normal` (default) or `hard`, from the solver's effort to
    /// prove it. Giving it implies `winnable: true`.
    #[serde(default)]
    #[schema(value_type = Option<crate::document::names::DifficultyName>)]
    pub difficulty: Option<DifficultyName>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CardView {
    /// 1 (Ace) to 13 (King).
    #[schema(minimum = 1, maximum = 13)]
    pub rank: u8,
    #[schema(value_type = crate::document::names::SuitName)]
    pub suit: SuitName,
    /// The card in the API's one notation, the same in every language (`"10♥"`, `"Q♠"`: A,
    /// 2–10, J, Q, K and the suit's symbol); what exports and chat commands take.
    pub text: String,
    /// The card as the answer's language writes it (`Content-Language`): `"D♠"` for a queen
    /// in German, as the text board says it. For people, never for parsing.
    #[schema(example = "D♠")]
    pub local_text: String,
}

impl CardView {
    /// `card` in the API's notation and in `lang`'s.
    pub(crate) fn of(card: engine::Card, lang: Lang) -> CardView {
        CardView {
            rank: card.rank.value(),
            suit: card.suit,
            text: card.to_string(),
            local_text: super::board::card(card).render(lang),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ColumnView {
    /// Column number, from 1.
    #[schema(minimum = 1, maximum = 10)]
    pub column: usize,
    /// How many face-down cards lie under the face-up ones.
    pub face_down: usize,
    /// Face-up cards, the one at the bottom of the pile first, the last (playable) card last.
    pub face_up: Vec<CardView>,
}

impl ColumnView {
    /// The engine's columns as the API numbers them (from 1), cards also in `lang`'s notation.
    pub(crate) fn all(columns: &[engine::ColumnView], lang: Lang) -> Vec<ColumnView> {
        columns
            .iter()
            .enumerate()
            .map(|(i, c)| ColumnView {
                column: i + 1,
                face_down: c.face_down,
                face_up: c
                    .face_up
                    .iter()
                    .map(|&card| CardView::of(card, lang))
                    .collect(),
            })
            .collect()
    }
}

/// A game as its player sees it. Face-down cards and the stock order are never included.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameView {
    pub id: String,
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    pub rules: RulesView,
    /// How far undo reaches: `full`, `no_reveal` (a move that turned a card over, or a deal,
    /// cannot be taken back) or `off`.
    #[schema(value_type = crate::document::names::UndoModeName)]
    pub undo_mode: UndoModeName,
    /// Shown for a deal the player chose; for a deal the server picked, once the game is over.
    pub deal_number: Option<String>,
    /// True when the player chose the deal number (or replays a deal they chose).
    pub deal_chosen: bool,
    /// How the game came to be: `random`, `chosen`, `daily`, `winnable` or `restart` (a
    /// replay of an earlier game's deal). Random deals and ranked dailies count for
    /// leaderboards; chosen, winnable and replayed deals for personal records only; practice
    /// dailies for nothing.
    #[schema(value_type = crate::document::names::GameOrigin)]
    pub origin: String,
    /// Set for a daily challenge and its restarts.
    pub daily: Option<DailyTag>,
    /// Set for a game dealt from a proven winnable deal (and its restarts).
    #[schema(value_type = Option<crate::document::names::DifficultyName>)]
    pub difficulty: Option<DifficultyName>,
    /// False in a race room that turned hints off.
    pub hints_allowed: bool,
    #[schema(value_type = crate::document::names::GameStatus)]
    pub status: GameStatus,
    /// 500 − actions + 100 × runs completed (Windows scoring).
    pub score: i64,
    /// Moves, deals and undos accepted (each costs a point).
    pub actions: u32,
    pub moves: u32,
    pub deals: u32,
    pub undos: u32,
    pub runs_completed: usize,
    pub runs_total: usize,
    #[schema(value_type = Vec<crate::document::names::SuitName>)]
    pub completed_suits: Vec<SuitName>,
    pub stock_cards: usize,
    pub stock_deals_left: usize,
    /// Whether any move or deal is legal now (if not, the player can only undo or resign).
    pub has_legal_action: bool,
    pub can_undo: bool,
    /// The number of events in the game's log; also its `ETag`.
    pub version: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// Server time from creation to the winning or resigning action, or to now.
    pub elapsed_ms: i64,
    pub columns: Vec<ColumnView>,
}

/// Which daily challenge a game plays.
#[derive(Debug, Serialize, ToSchema)]
pub struct DailyTag {
    pub date: String,
    /// A registered account's first attempt of that day (it alone goes on the leaderboard).
    pub ranked: bool,
    /// For a practice attempt, why it is one (`GET /v1/daily` says it for the caller before
    /// they start); null for the ranked attempt.
    pub practice_reason: Option<String>,
}

impl GameView {
    /// The game as its player sees it, its sentences (why a daily attempt is practice) in
    /// `lang`.
    pub(crate) fn of(seen: &Snapshot, lang: Lang) -> GameView {
        let view = &seen.view;
        GameView {
            id: seen.id.to_string(),
            variant: view.variant,
            suits: view.suits.count(),
            rules: RulesView {
                undo: view.rules.undo.allows_any(),
                empty_column_deal: view.rules.empty_column_deal,
            },
            undo_mode: view.rules.undo,
            deal_number: seen.deal_number.map(|n| n.to_string()),
            deal_chosen: seen.deal_chosen,
            origin: seen.origin.name().to_string(),
            daily: seen.daily_date.clone().map(|date| DailyTag {
                date,
                ranked: seen.ranked,
                practice_reason: (!seen.ranked).then(|| t!("daily-practice").render(lang)),
            }),
            difficulty: seen.difficulty,
            hints_allowed: seen.hints_allowed,
            status: view.status,
            score: view.score,
            actions: view.actions,
            moves: view.moves,
            deals: view.deals,
            undos: view.undos,
            runs_completed: view.runs_completed,
            runs_total: view.runs_total,
            completed_suits: view.completed_suits.clone(),
            stock_cards: view.stock_cards,
            stock_deals_left: view.stock_deals_left,
            has_legal_action: view.has_legal_action,
            can_undo: view.can_undo,
            version: seen.version,
            created_at: seen.created_at.and_utc(),
            updated_at: seen.updated_at.and_utc(),
            finished_at: seen.finished_at.map(|t| t.and_utc()),
            elapsed_ms: seen.elapsed_ms,
            columns: ColumnView::all(&view.columns, lang),
        }
    }
}

impl GameView {
    /// The stored game as it is now.
    pub(crate) fn of_row(row: &GameRow, game: &Game, clock: &Clock, lang: Lang) -> GameView {
        GameView::of(&Snapshot::of_row(row, game, clock), lang)
    }
}

/// One action, as the server applies it. Columns are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ActionRequest {
    Move {
        from: u32,
        to: u32,
        count: Option<u32>,
    },
    Auto {
        column: u32,
        count: Option<u32>,
    },
    Deal,
    Undo,
    Resign,
}

/// One action, as a request sends it: columns numbered from 1, and optionally the version
/// the action is meant for (`expected_version`: act only if the game is still at that
/// version, like `If-Match`). Fields beyond these are refused.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = ActionRequest, example = json!({"type": "move", "from": 3, "to": 7, "count": 2}))]
pub enum ActionBody {
    /// Move the last `count` face-up cards of column `from` onto column `to`. Without
    /// `count`: the group that fits on the target's last card, or for an empty target the
    /// longest movable same-suit group.
    #[schema(title = "MoveAction")]
    Move {
        #[schema(minimum = 1, maximum = 10)]
        #[serde(deserialize_with = "crate::edge::contract::whole::number")]
        from: u32,
        #[schema(minimum = 1, maximum = 10)]
        #[serde(deserialize_with = "crate::edge::contract::whole::number")]
        to: u32,
        #[schema(minimum = 1, maximum = 13)]
        #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
        count: Option<u32>,
        #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
        expected_version: Option<i32>,
    },
    /// "Tap a card": move the cards at the end of `column` (the longest group that has
    /// somewhere to go, or `count` cards) to the best destination.
    #[schema(title = "AutoAction")]
    Auto {
        #[schema(minimum = 1, maximum = 10)]
        #[serde(deserialize_with = "crate::edge::contract::whole::number")]
        column: u32,
        #[schema(minimum = 1, maximum = 13)]
        #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
        count: Option<u32>,
        #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
        expected_version: Option<i32>,
    },
    /// Deal one card from the stock onto every column.
    #[schema(title = "DealAction")]
    Deal {
        #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
        expected_version: Option<i32>,
    },
    /// Take back the last move or deal.
    #[schema(title = "UndoAction")]
    Undo {
        #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
        expected_version: Option<i32>,
    },
    /// Give up the game.
    #[schema(title = "ResignAction")]
    Resign {
        #[serde(default, deserialize_with = "crate::edge::contract::whole::optional")]
        expected_version: Option<i32>,
    },
}

impl ActionBody {
    /// The action, and the version it is meant for.
    pub fn split(self) -> (ActionRequest, Option<i32>) {
        match self {
            ActionBody::Move {
                from,
                to,
                count,
                expected_version,
            } => (ActionRequest::Move { from, to, count }, expected_version),
            ActionBody::Auto {
                column,
                count,
                expected_version,
            } => (ActionRequest::Auto { column, count }, expected_version),
            ActionBody::Deal { expected_version } => (ActionRequest::Deal, expected_version),
            ActionBody::Undo { expected_version } => (ActionRequest::Undo, expected_version),
            ActionBody::Resign { expected_version } => (ActionRequest::Resign, expected_version),
        }
    }
}

/// An action as stored and listed, columns numbered from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ActionView {
    #[schema(title = "MoveActionView")]
    Move {
        #[schema(minimum = 1, maximum = 10)]
        from: usize,
        #[schema(minimum = 1, maximum = 10)]
        to: usize,
        #[schema(minimum = 1, maximum = 13)]
        count: usize,
    },
    #[schema(title = "DealActionView")]
    Deal,
    #[schema(title = "UndoActionView")]
    Undo,
    #[schema(title = "ResignActionView")]
    Resign,
}

impl From<Action> for ActionRequest {
    /// The exact request for an engine action (columns from 1, count given).
    fn from(action: Action) -> Self {
        match action {
            Action::Move { from, to, count } => ActionRequest::Move {
                from: from as u32 + 1,
                to: to as u32 + 1,
                count: Some(count as u32),
            },
            Action::Deal => ActionRequest::Deal,
            Action::Undo => ActionRequest::Undo,
            Action::Resign => ActionRequest::Resign,
        }
    }
}

impl From<Action> for ActionView {
    fn from(action: Action) -> Self {
        match action {
            Action::Move { from, to, count } => ActionView::Move {
                from: from + 1,
                to: to + 1,
                count,
            },
            Action::Deal => ActionView::Deal,
            Action::Undo => ActionView::Undo,
            Action::Resign => ActionView::Resign,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LegalActions {
    pub version: i32,
    /// Every legal move and the deal if it is legal, columns numbered from 1; each is a
    /// request body as it stands (with `count` given), so generated clients can send it back.
    #[schema(value_type = Vec<ActionBody>)]
    pub actions: Vec<ActionView>,
    pub can_undo: bool,
    pub has_legal_action: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EventView {
    /// 1 for the first action; equals the game's version after it.
    pub seq: i32,
    pub action: ActionView,
    /// Server time the action was accepted.
    pub at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EventLog {
    pub game_id: String,
    pub version: i32,
    pub events: Vec<EventView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GameSummary {
    pub id: String,
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    #[schema(value_type = crate::document::names::GameStatus)]
    pub status: GameStatus,
    pub score: i32,
    pub actions: i32,
    pub runs_completed: i32,
    pub version: i32,
    pub deal_number: Option<String>,
    pub deal_chosen: bool,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GamePage {
    pub games: Vec<GameSummary>,
    /// Pass as `cursor` for the next page; `null` on the last page.
    pub next_cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1–100, default 20.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// `next_cursor` from the previous page.
    pub cursor: Option<String>,
}

/// The most columns a game has, and the most cards one move takes (a King down to an Ace):
/// the bounds the document gives `from`, `to`, `column` and `count`.
const MAX_COLUMN: u32 = 10;
const MAX_COUNT: u32 = 13;

/// A column number from the API (from 1) as the engine's index (from 0).
///
/// Numbers the document rules out are refused here, before the game is read, so a request
/// outside the document is refused for that even when it also names a stale version (RFC
/// 9110 checks preconditions after the request itself).
fn column(n: u32) -> Result<usize, ApiError> {
    let refuse = |sentence| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Illegal::NoSuchColumn { column: 0 }.code(),
            "title-illegal-action",
            sentence,
        )
    };
    match n {
        0 => Err(refuse(t!("no-column-zero"))),
        1..=MAX_COLUMN => Ok(n as usize - 1),
        _ => Err(refuse(t!(
            "column-past-most",
            column = n,
            most = MAX_COLUMN
        ))),
    }
}

/// A count of cards to move, checked against the document's bounds like [`column`].
fn count(n: Option<u32>) -> Result<Option<usize>, ApiError> {
    match n {
        None => Ok(None),
        Some(0) => Err(ApiError::illegal(Illegal::EmptyGroup)),
        Some(n @ 1..=MAX_COUNT) => Ok(Some(n as usize)),
        Some(n) => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Illegal::GroupNotInSequence.code(),
            "title-illegal-action",
            t!("count-past-most", count = n, most = MAX_COUNT),
        )),
    }
}

impl ActionRequest {
    /// What the request means, columns from 0.
    pub(crate) fn intent(&self) -> Result<Intent, ApiError> {
        Ok(match *self {
            ActionRequest::Move { from, to, count: n } => Intent::Move {
                from: column(from)?,
                to: column(to)?,
                count: count(n)?,
            },
            ActionRequest::Auto {
                column: c,
                count: n,
            } => Intent::Auto {
                column: column(c)?,
                count: count(n)?,
            },
            ActionRequest::Deal => Intent::Deal,
            ActionRequest::Undo => Intent::Undo,
            ActionRequest::Resign => Intent::Resign,
        })
    }
}
