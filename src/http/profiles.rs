//! Public profiles: what anyone may see of a registered player, unless they hide it.

use actix_web::{get, put, web, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error::{ApiError, Problem};
use super::identity::Caller;
use super::records::{RatingView, RecordView};
use super::wire::{GameStatus, VariantName};
use super::{blocking, AppState};
use crate::store::games::GameRow;

/// Finished games a profile shows.
const RECENT: i64 = 10;

/// A finished game as a profile shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicGame {
    /// Its export, once it may be shown: `GET /v1/games/{id}/export`.
    pub id: String,
    pub variant: VariantName,
    #[schema(value_type = crate::http::contract::SuitCount)]
    pub suits: u8,
    /// How the deal came to be: `random`, `chosen`, `daily`, `winnable`, `restart`, `race`,
    /// or `imported` (made from an export: it counts for no record).
    #[schema(value_type = crate::domain::origin::OriginKind)]
    pub origin: String,
    /// `won` or `resigned`.
    pub status: GameStatus,
    pub score: i32,
    /// Server time from start to the winning or resigning action.
    pub duration_ms: Option<i64>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl PublicGame {
    fn of(row: &GameRow) -> PublicGame {
        PublicGame {
            id: row.id.clone(),
            variant: row.variant,
            suits: u8::try_from(row.suits).unwrap_or(0),
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
}

/// Days in a row ending today or yesterday among `days` (YYYY-MM-DD, newest first).
fn streak(days: &[String], today: NaiveDate) -> u32 {
    let mut expect = today;
    let mut count = 0;
    for (i, day) in days.iter().enumerate() {
        let Ok(day) = NaiveDate::parse_from_str(day, "%Y-%m-%d") else {
            break;
        };
        if i == 0 && day < today {
            // A streak still stands if its last day was yesterday.
            match today.pred_opt() {
                Some(yesterday) if day == yesterday => expect = yesterday,
                _ => return 0,
            }
        }
        if day != expect {
            break;
        }
        count += 1;
        match expect.pred_opt() {
            Some(d) => expect = d,
            None => break,
        }
    }
    count
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
        (status = 404, description = "No public profile by that name", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/users/{username}")]
pub async fn profile(
    state: web::Data<AppState>,
    username: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = state.accounts.public_user(&username).await?;
    let (db, id) = (state.play.db.clone(), user.id.clone());
    // A public profile may be a second stale: from the standby when one is set.
    let (records, ratings, days, recent) = blocking(move || {
        db.read_stale(|conn| {
            let records = crate::store::records::for_user(conn, &id)?;
            let ratings = crate::store::races::ratings_of(conn, &id)?;
            let days = crate::store::daily::ranked_days(conn, &id, 400)?;
            let recent = crate::store::games::recent_finished(conn, &id, RECENT)?;
            Ok::<_, ApiError>((records, ratings, days, recent))
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(Profile {
        username: user.username.unwrap_or_default(),
        joined: user.created_at.and_utc(),
        records: records
            .into_iter()
            .map(RecordView::from_record)
            .collect::<Result<Vec<_>, _>>()?,
        ratings: ratings.iter().map(RatingView::of).collect(),
        daily_streak: streak(&days, state.play.calendar.today()),
        recent_games: recent.iter().map(PublicGame::of).collect(),
    }))
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileSetting {
    /// True: `GET /v1/users/{username}` answers 404 for you.
    pub hidden: bool,
}

/// Hide or show your public profile. A session token only.
#[utoipa::path(
    tag = "records",
    operation_id = "setProfileHidden",
    request_body = ProfileSetting,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The setting now", body = ProfileSetting),
        (status = 403, description = "An access token cannot do this (`session_required`); a guest has no profile (`guest_account`)", body = Problem, content_type = "application/problem+json"),
    )
)]
#[put("/users/me/profile")]
pub async fn set_hidden(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<ProfileSetting>,
) -> Result<HttpResponse, ApiError> {
    caller.require_session()?;
    state
        .accounts
        .hide_profile(&caller.user_id, body.hidden)
        .await?;
    Ok(HttpResponse::Ok().json(ProfileSetting {
        hidden: body.hidden,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_daily_streak_counts_days_in_a_row_to_today_or_yesterday() {
        let day = |s: &str| s.to_string();
        let today = NaiveDate::from_ymd_opt(2026, 12, 4).unwrap();
        assert_eq!(streak(&[], today), 0);
        assert_eq!(
            streak(
                &[day("2026-12-04"), day("2026-12-03"), day("2026-12-01")],
                today
            ),
            2
        );
        assert_eq!(streak(&[day("2026-12-03"), day("2026-12-02")], today), 2);
        assert_eq!(streak(&[day("2026-12-02")], today), 0);
        assert_eq!(streak(&[day("2026-12-04")], today), 1);
    }
}
