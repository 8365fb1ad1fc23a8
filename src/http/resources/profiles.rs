//! Public profiles: what anyone may see of a registered player, unless they hide it.

use crate::i18n::Lang;
use crate::t;
use actix_web::{get, put, web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::records::{RatingView, RecordView};
use crate::error::ApiError;
use crate::identity::Caller;
use crate::play::history::GameRow;
use crate::wire::{GameStatus, VariantName};
use crate::AppState;

/// A finished game as a profile shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicGame {
    /// Its export, once it may be shown: `GET /v1/games/{id}/export`.
    pub id: String,
    #[schema(value_type = crate::document::names::VariantName)]
    pub variant: VariantName,
    #[schema(value_type = crate::edge::contract::SuitCount)]
    pub suits: u8,
    /// How the deal came to be: `random`, `chosen`, `daily`, `winnable`, `restart`, `race`,
    /// or `imported` (made from an export: it counts for no record).
    #[schema(value_type = crate::document::names::GameOrigin)]
    pub origin: String,
    /// `won` or `resigned`.
    #[schema(value_type = crate::document::names::GameStatus)]
    pub status: GameStatus,
    pub score: i32,
    /// Server time from start to the winning or resigning action.
    pub duration_ms: Option<i64>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl PublicGame {
    fn of(row: &GameRow) -> PublicGame {
        PublicGame {
            id: row.id.to_string(),
            variant: row.variant,
            suits: row.suits.count(),
            origin: row.origin.name().to_string(),
            status: row.status,
            score: row.score,
            duration_ms: row.duration_ms,
            finished_at: row.finished_at.map(|t| t.and_utc()),
        }
    }
}

/// A registered player's public profile.
#[derive(Debug, Serialize, ToSchema)]
pub struct Profile {
    pub username: String,
    pub joined: DateTime<Utc>,
    /// Personal records per variant and suits.
    pub records: Vec<RecordView>,
    /// Race ratings per variant and suits.
    pub ratings: Vec<RatingView>,
    /// Days in a row, up to today or yesterday (UTC), with a ranked daily attempt.
    pub daily_streak: u32,
    /// The latest finished games, newest first (at most 10).
    pub recent_games: Vec<PublicGame>,
    /// Arenas whose results are final that the player finished in, and those they won (first
    /// place, alone or shared).
    pub arenas_played: i64,
    pub arenas_won: i64,
}

/// A registered player's public profile: when they joined, their records, race ratings, daily
/// streak and latest finished games. No token needed. Guests, unknown names and profiles
/// their owner hid answer 404 alike.
#[utoipa::path(
    tag = "records",
    operation_id = "getProfile",
    params(("username" = String, Path, description = "The player's username (any case)")),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The profile", body = Profile),
        (status = 404, description = "No public profile by that name"),
    )
)]
#[get("/users/{username}")]
pub async fn profile(
    state: web::Data<AppState>,
    username: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = state.accounts.public_user(&username).await?;
    let profile = state.play.profile(user).await?;
    Ok(HttpResponse::Ok().json(Profile {
        username: profile.username,
        joined: profile.joined.and_utc(),
        records: profile
            .records
            .into_iter()
            .map(RecordView::from_record)
            .collect::<Result<Vec<_>, _>>()?,
        ratings: profile.ratings.iter().map(RatingView::of).collect(),
        daily_streak: profile.daily_streak,
        recent_games: profile.recent.iter().map(PublicGame::of).collect(),
        arenas_played: profile.arenas.0,
        arenas_won: profile.arenas.1,
    }))
}

/// What to change of your profile: either field, or both (a field left out is unchanged), as
/// a JSON object.
// Read through a map (`try_from`): its fields are all optional, so serde alone would take a
// JSON array (`[]`) as nothing asked.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(
    deny_unknown_fields,
    try_from = "serde_json::Map<String, serde_json::Value>"
)]
#[schema(example = json!({"language": "de"}))]
pub struct ProfileSetting {
    /// True: `GET /v1/users/{username}` answers 404 for you (not for a guest, who has no
    /// public profile). Absent: unchanged.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = bool)]
    pub hidden: Option<bool>,
    /// The language the web page speaks to you on every device (`null`: your browser's
    /// again).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<LanguageTag>, nullable)]
    pub language: Option<Option<String>>,
}

/// The fields as the object names them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileFields {
    #[serde(default, deserialize_with = "given")]
    hidden: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    language: Option<Option<String>>,
}

impl TryFrom<serde_json::Map<String, serde_json::Value>> for ProfileSetting {
    type Error = serde_json::Error;

    fn try_from(object: serde_json::Map<String, serde_json::Value>) -> Result<Self, Self::Error> {
        let ProfileFields { hidden, language } =
            serde_json::from_value(serde_json::Value::Object(object))?;
        Ok(ProfileSetting { hidden, language })
    }
}

/// A field that, when it is there, is a boolean (`None` only when absent).
fn given<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    bool::deserialize(d).map(Some)
}

/// A field that is there, `null` or not: `Some(None)` for `null`, against `None` when absent.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// Your profile's settings as they now stand.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileSettings {
    /// `GET /v1/users/{username}` answers 404 for you.
    pub hidden: bool,
    /// The language you chose (`null`: your browser's).
    #[schema(value_type = Option<LanguageTag>)]
    pub language: Option<String>,
}

/// A language the service speaks, by its BCP 47 tag, exactly as written here.
#[derive(ToSchema)]
#[allow(
    dead_code,
    reason = "the document's name for the tags of `i18n::Lang`, never built"
)]
pub enum LanguageTag {
    #[schema(rename = "en")]
    En,
    #[schema(rename = "de")]
    De,
    #[schema(rename = "fr")]
    Fr,
    #[schema(rename = "es")]
    Es,
    #[schema(rename = "pt-BR")]
    PtBr,
    #[schema(rename = "ja")]
    Ja,
}

/// Set your profile: hide or show your public profile, or choose the language the web page
/// speaks to you (kept with the account, so every device you sign in on speaks it). A session
/// token only.
#[utoipa::path(
    tag = "records",
    operation_id = "setProfileHidden",
    request_body = ProfileSetting,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The settings now", body = ProfileSettings),
        (status = 400, description = "Neither field, or a language this server does not speak (`unknown_language`)"),
        (status = 403, description = "An access token cannot do this (`session_required`); a guest has no profile to hide (`guest_account`)"),
    )
)]
#[put("/users/me/profile")]
pub async fn set_profile(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<ProfileSetting>,
) -> Result<HttpResponse, ApiError> {
    caller.require_session()?;
    let body = body.into_inner();
    let language = match &body.language {
        Some(Some(tag)) => Some(Some(Lang::from_tag(tag).ok_or_else(|| {
            ApiError::invalid_request_code(
                "unknown_language",
                t!(
                    "unknown-language",
                    language = tag.chars().take(40).collect::<String>(),
                    languages = languages()
                ),
            )
        })?)),
        Some(None) => Some(None),
        None => None,
    };
    if let Some(hidden) = body.hidden {
        state.accounts.hide_profile(&caller.user_id, hidden).await?;
    }
    if let Some(language) = language {
        state
            .accounts
            .set_language(&caller.user_id, language)
            .await?;
    }
    let user = state.accounts.user(&caller.user_id).await?;
    Ok(HttpResponse::Ok().json(ProfileSettings {
        hidden: user.profile_hidden,
        language: user.language,
    }))
}

/// The tags of the languages this server speaks, for a refusal.
pub(crate) fn languages() -> String {
    Lang::ALL
        .iter()
        .map(|l| l.tag())
        .collect::<Vec<_>>()
        .join(", ")
}
