//! Public profiles: what anyone may see of a registered player (unless they hid it): when they
//! joined, their records and race ratings, their daily streak, their latest finished games,
//! the arenas they finished in and won.

use chrono::{NaiveDate, NaiveDateTime};

use super::boards::RatingRow;
use super::history::GameRow;
use super::{blocking, Error, Play};
use crate::domain::records::Record;

/// Finished games a profile shows.
pub const RECENT: i64 = 10;

/// Ranked daily days read to count a streak.
const STREAK_DAYS: i64 = 400;

/// A registered player's public profile.
pub struct Profile {
    pub username: String,
    pub joined: NaiveDateTime,
    pub records: Vec<Record>,
    pub ratings: Vec<RatingRow>,
    /// Days in a row, up to today or yesterday (UTC), with a ranked daily attempt.
    pub daily_streak: u32,
    /// The latest finished games, newest first (at most [`RECENT`]).
    pub recent: Vec<GameRow>,
    /// Arenas finished in (their place fixed), and won (first place, alone or shared).
    pub arenas: (i64, i64),
}

impl Play {
    /// `username`'s public profile (a second stale at most: from the standby when one is
    /// set). Guests, unknown names and hidden profiles are refused alike
    /// ([`super::accounts::Accounts::public_user`] finds the account).
    pub async fn profile(&self, user: super::accounts::User) -> Result<Profile, Error> {
        let (db, id) = (self.db.clone(), user.id.clone());
        let today = self.clock.today();
        let (records, ratings, days, recent, arenas) = blocking(move || {
            db.read_stale(move |conn| {
                let records = crate::store::records::for_user(conn, &id)?;
                let ratings = crate::store::races::ratings_of(conn, &id)?;
                let days = crate::store::daily::ranked_days(conn, &id, STREAK_DAYS)?;
                let recent = crate::store::games::recent_finished(conn, &id, RECENT)?;
                let arenas = crate::store::arenas::results(conn, &id)?;
                Ok::<_, Error>((records, ratings, days, recent, arenas))
            })
        })
        .await?;
        Ok(Profile {
            username: user.username.unwrap_or_default(),
            joined: user.created_at,
            records,
            ratings,
            daily_streak: streak(&days, today),
            recent,
            arenas,
        })
    }
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
