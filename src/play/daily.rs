//! The daily challenge: one secret deal a day per variant and suit count (`crate::domain::daily`),
//! a ranked attempt and practice, and when the day's number may be shown.

use crate::domain::UserId;
use crate::{AccountError, GameError};
use chrono::NaiveDate;

use super::games::{answered, insert, Created, Planned};
use super::{blocking, Error, Play};
use crate::domain::daily;
use crate::domain::origin::OriginKind;
use crate::engine::{DealSpec, Rules, Suits, Variant};
use crate::store::games::Origin;
use crate::store::idempotency::IdempotencyKey;

/// The deal number of the daily of `date`, once that day is over: before, it would reveal
/// every hidden card of the day's games.
pub fn revealed_deal(play: &Play, date: NaiveDate, variant: Variant, suits: Suits) -> Option<u64> {
    play.clock
        .is_over(date)
        .then(|| daily::deal_number(&play.daily_secret, date, variant, suits))
}

/// Why a new attempt at a daily would be practice for this player, or `None` when it would be
/// the ranked one. `is_guest` is the account's kind; `attempts` are the player's earlier
/// attempts at that daily (`ranked` and whether each is over).
pub fn practice_reason(is_guest: bool, attempts: &[(bool, bool)]) -> Option<Practice> {
    if is_guest {
        return Some(Practice::Guest);
    }
    if attempts.iter().any(|&(ranked, _)| ranked) {
        return Some(Practice::RankedMade);
    }
    if !attempts.is_empty() {
        return Some(Practice::SeenAsGuest);
    }
    None
}

/// Why an attempt at a daily is practice (the HTTP layer says it in the player's words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Practice {
    /// Guests play the daily as practice (ranked attempts are for registered accounts, so that
    /// throwaway guests cannot scout the cards or keep the best of many ranked attempts).
    Guest,
    /// The account's ranked attempt at this daily is made.
    RankedMade,
    /// The account played this daily before it was registered: its cards are known.
    SeenAsGuest,
}

/// Start today's daily challenge of `variant` and `suits` for `user_id`. A registered account
/// gets the ranked attempt if it has no attempt at that daily yet, else a practice attempt once
/// the ranked one is over; a guest gets practice only (and an account that played the daily as
/// a guest, then signed up, never ranks it). The ranked attempt undoes nothing that showed a
/// card (docs/RULES.md, Undo); practice has the standard rules.
pub async fn start(
    play: &Play,
    user_id: &UserId,
    variant: Variant,
    suits: Suits,
    key: Option<IdempotencyKey>,
) -> Result<Created, Error> {
    let date = play.clock.today();
    let new = Planned {
        user_id: user_id.clone(),
        spec: DealSpec {
            variant,
            suits,
            rules: Rules::default(),
            deal_number: daily::deal_number(&play.daily_secret, date, variant, suits),
        },
        origin: Origin {
            kind: OriginKind::Daily,
            deal_known: false,
            daily_date: Some(date),
            ranked: true,
            difficulty: None,
        },
        key,
    };
    let play = play.clone();
    blocking(move || {
        let attempt = |ranked: bool| Planned {
            spec: DealSpec {
                rules: Rules {
                    undo: if ranked {
                        new.spec.rules.undo.for_ranked_play()
                    } else {
                        new.spec.rules.undo
                    },
                    ..new.spec.rules
                },
                ..new.spec
            },
            origin: Origin {
                kind: OriginKind::Daily,
                deal_known: false,
                daily_date: Some(date),
                ranked,
                difficulty: None,
            },
            ..new.clone()
        };
        // A retry of an answered request answers as the first did, whatever came since.
        if let Some(replayed) = answered(&play, &new.user_id, new.key.as_ref())? {
            return Ok(replayed);
        }
        let (is_guest, earlier) = {
            let mut conn = play.db.conn()?;
            let user = crate::store::users::by_id(&mut conn, &new.user_id)?
                .ok_or(Error::Account(AccountError::UnknownUser))?;
            let earlier =
                crate::store::daily::attempts(&mut conn, &new.user_id, &date.to_string())?
                    .into_iter()
                    .filter(|g| g.variant == variant && g.suits == suits)
                    .map(|g| (g.ranked, g.status.is_over()))
                    .collect::<Vec<_>>();
            (user.is_guest, earlier)
        };
        let ranked_open = practice_reason(is_guest, &earlier).is_none();
        if !ranked_open {
            // Practice only once the ranked attempt is over: a copy of the deal would show
            // the ranked game's hidden cards.
            if earlier.iter().any(|&(ranked, over)| ranked && !over) {
                return Err(Error::Game(GameError::RankedAttemptInProgress));
            }
            return insert(&play, &attempt(false));
        }
        // The database's unique key decides the ranked attempt, however requests race.
        match insert(&play, &attempt(true)) {
            Err(Error::Store(e)) if e.is_unique_violation() => {
                let mut conn = play.db.conn()?;
                let ranked = crate::store::daily::ranked_attempt(
                    &mut conn,
                    &new.user_id,
                    &date.to_string(),
                    new.spec.variant,
                    new.spec.suits,
                )?;
                drop(conn);
                if ranked.is_some_and(|g| !g.status.is_over()) {
                    return Err(Error::Game(GameError::RankedAttemptInProgress));
                }
                insert(&play, &attempt(false))
            }
            other => other,
        }
    })
    .await
}

/// What today's page reads: each kind's players so far, and, for a signed-in asker, their
/// attempts of the day and whether their account is a guest's.
pub struct TodayRead {
    /// Each kind asked for, with its players so far.
    pub players: Vec<(Variant, Suits, i64)>,
    /// The asker's attempts of the day (every kind), oldest first.
    pub attempts: Vec<super::history::GameRow>,
    /// Whether the asker's account is a guest's; `None` for no asker.
    pub guest: Option<bool>,
}

impl Play {
    /// The day `date`'s players of each of `kinds`, and `asker`'s attempts that day.
    pub async fn daily_today(
        &self,
        date: NaiveDate,
        kinds: Vec<(Variant, Suits)>,
        asker: Option<UserId>,
    ) -> Result<TodayRead, Error> {
        let (db, day) = (self.db.clone(), date.to_string());
        blocking(move || {
            let mut conn = db.conn()?;
            let mut players = Vec::new();
            for (v, s) in kinds {
                let n = crate::store::daily::players(&mut conn, &day, v, s)?;
                players.push((v, s, n));
            }
            let (attempts, guest) = match asker {
                Some(user) => {
                    let guest =
                        crate::store::users::by_id(&mut conn, &user)?.is_some_and(|u| u.is_guest);
                    (
                        crate::store::daily::attempts(&mut conn, &user, &day)?,
                        Some(guest),
                    )
                }
                None => (Vec::new(), None),
            };
            Ok(TodayRead {
                players,
                attempts,
                guest,
            })
        })
        .await
    }
}
