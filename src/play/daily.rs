//! The daily challenge: one secret deal a day per variant and suit count (`crate::domain::daily`),
//! a ranked attempt and practice, and when the day's number may be shown.

use crate::play::{AccountError, GameError};
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
    play.calendar
        .is_over(date)
        .then(|| daily::deal_number(&play.daily_secret, date, variant, suits))
}

/// Why a new attempt at a daily would be practice for this player, or `None` when it would be
/// the ranked one. `is_guest` is the account's kind; `attempts` are the player's earlier
/// attempts at that daily (`ranked` and whether each is over).
pub fn practice_reason(is_guest: bool, attempts: &[(bool, bool)]) -> Option<&'static str> {
    if is_guest {
        return Some(GUEST_PRACTICE);
    }
    if attempts.iter().any(|&(ranked, _)| ranked) {
        return Some("Your ranked attempt at this challenge is made: later attempts are practice.");
    }
    if !attempts.is_empty() {
        return Some(SEEN_AS_GUEST);
    }
    None
}

/// Why a guest's attempts are practice (ranked attempts are what ranked races are: for
/// registered accounts, so that throwaway guests cannot scout the cards or keep the best of
/// many ranked attempts).
pub const GUEST_PRACTICE: &str = "Guests play the daily challenge as practice: only a \
    registered account's first attempt is ranked. Sign up (your games come with you) to play \
    tomorrow's ranked.";

/// Why an account that played a daily as a guest cannot rank it after signing up.
const SEEN_AS_GUEST: &str = "You played this challenge before your account was registered: \
    its cards are known to you, so today's attempts are practice.";

/// Start today's daily challenge of `variant` and `suits` for `user_id`. A registered account
/// gets the ranked attempt if it has no attempt at that daily yet, else a practice attempt once
/// the ranked one is over; a guest gets practice only (and an account that played the daily as
/// a guest, then signed up, never ranks it). The ranked attempt undoes nothing that showed a
/// card (docs/RULES.md, Undo); practice has the standard rules.
pub async fn start(
    play: &Play,
    user_id: &str,
    variant: Variant,
    suits: Suits,
    key: Option<IdempotencyKey>,
) -> Result<Created, Error> {
    let date = play.calendar.today();
    let new = Planned {
        user_id: user_id.to_string(),
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
        if let Some(replayed) = answered(&play.db, &new.user_id, new.key.as_ref())? {
            return Ok(replayed);
        }
        let (is_guest, earlier) = {
            let mut conn = play.db.conn()?;
            let user = crate::store::users::by_id(&mut conn, &new.user_id)?
                .ok_or(Error::Account(AccountError::UnknownUser))?;
            let earlier =
                crate::store::daily::attempts(&mut conn, &new.user_id, &date.to_string())?
                    .into_iter()
                    .filter(|g| g.variant == variant && g.suits == i32::from(suits.count()))
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
                    i32::from(new.spec.suits.count()),
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
