//! Making an arena: an account's for its community, within its limits; a schedule's (`work`)
//! through the same new row.

use super::*;

/// A new arena an account makes for its community.
#[derive(Clone, Debug)]
pub struct NewArena {
    pub title: Option<String>,
    pub variant: Variant,
    pub suits: Suits,
    /// Minutes from now to its start (0: at once).
    pub starts_in: u32,
    pub minutes: u32,
    pub undo: UndoMode,
    pub hints: bool,
    pub rated: bool,
    /// Where in a chat it was called from (`discord:<guild>`…).
    pub place: Option<String>,
    /// The chat channel its results are posted into when it ends (a platform whose bot can
    /// post).
    pub results_to: Option<super::ResultsTo>,
}

/// A new arena's secret: 32 random bytes, in hex.
fn new_secret() -> Result<String, Error> {
    use rand_core::{OsRng, TryRngCore};
    let mut bytes = [0u8; 32];
    OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| Error::Internal(format!("operating system random source: {e}")))?;
    Ok(hex::encode(bytes))
}

/// A new arena row (its deals are drawn by the scheduled work before it starts).
#[allow(
    clippy::too_many_arguments,
    reason = "the columns of a new arena, named at each of the two callers"
)]
pub(super) fn new_row(
    title: String,
    variant: Variant,
    suits: Suits,
    starts_at: NaiveDateTime,
    lasts: TimeDelta,
    undo: UndoMode,
    hints: bool,
    rated: bool,
    at: NaiveDateTime,
) -> Result<ArenaRow, Error> {
    let minutes = u32::try_from(lasts.num_minutes()).unwrap_or(u32::MAX);
    Ok(ArenaRow {
        id: uuid::Uuid::new_v4().to_string(),
        title,
        variant,
        suits,
        undo_mode: undo,
        hints_allowed: hints,
        rated,
        starts_at,
        ends_at: starts_at + lasts,
        deal_count: rules::deal_count(minutes) as i32,
        secret: new_secret()?,
        creator_id: None,
        schedule: None,
        schedule_n: None,
        place: None,
        version: 0,
        finished_at: None,
        created_at: at,
    })
}

/// Make an arena (a registered account), within the limits: a length of [`SHORTEST`] to
/// [`LONGEST`] minutes, a start within a week, and at most `ARENAS_PER_ACCOUNT` of the
/// account's arenas not yet over.
pub async fn create(play: &Play, user: &UserId, new: NewArena) -> Result<Arena, Error> {
    if !(SHORTEST..=LONGEST).contains(&new.minutes) {
        return Err(ArenaError::BadLength.into());
    }
    if new.starts_in > FURTHEST_START {
        return Err(ArenaError::BadStart.into());
    }
    if let Some(title) = &new.title {
        let n = title.trim().chars().count();
        if n == 0 || n > TITLE_MOST {
            return Err(ArenaError::BadTitle.into());
        }
    }
    let (p, user) = (play.clone(), user.clone());
    blocking(move || {
        let at = p.clock.now();
        let (name, guest) = p.db.read(|conn| display_name(conn, &user))?;
        if guest {
            return Err(ArenaError::AccountRequired.into());
        }
        let title = new.title.map_or_else(
            || format!("{name} · {}", suits_title(new.suits)),
            |t| t.trim().to_string(),
        );
        let mut row = new_row(
            title,
            new.variant,
            new.suits,
            at + TimeDelta::minutes(i64::from(new.starts_in)),
            TimeDelta::minutes(i64::from(new.minutes)),
            new.undo,
            new.hints,
            new.rated,
            at,
        )?;
        row.creator_id = Some(user.clone());
        row.place = new.place;
        let results_to = new.results_to;
        let most = p.arenas.per_account;
        let stored = row.clone();
        p.db.write(move |conn| -> Result<(), Error> {
            // Counted under the account's row lock: two requests at once cannot both take the
            // last place.
            stores::users::lock(conn, &user)?;
            let made = store::made_by(conn, &user, at)?;
            if made.len() >= most as usize {
                let retry = made
                    .first()
                    .map_or(60, |a| (a.ends_at - at).num_seconds().max(1) as u64);
                return Err(ArenaError::TooMany {
                    most,
                    retry_after_s: retry,
                }
                .into());
            }
            store::insert(conn, &stored)?;
            if let Some(to) = &results_to {
                super::results::keep_where(conn, &stored.id, to, at)?;
            }
            Ok(())
        })?;
        p.db.read(|conn| arena_at(conn, row, at))
    })
    .await
}

/// A schedule's or an account's default title part: the suit setting, in the notation every
/// language shares.
fn suits_title(suits: Suits) -> String {
    format!("{}♠", suits.count())
}
