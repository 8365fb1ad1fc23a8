//! The daily challenge: one secret deal a day per variant and suit count (`crate::daily`),
//! a ranked attempt and practice, and when the day's number may be shown.

use chrono::NaiveDate;

use super::games::{insert, Created, NewGame, RenderNew};
use super::{blocking, Error, Play};
use crate::daily;
use crate::engine::{DealSpec, Rules, Suits, Variant};
use crate::store::games::{Origin, OriginKind};
use crate::store::idempotency::IdempotencyKey;

/// The deal number of the daily of `date`, once that day is over: before, it would reveal
/// every hidden card of the day's games.
pub fn revealed_deal(play: &Play, date: NaiveDate, variant: Variant, suits: Suits) -> Option<u64> {
    play.calendar
        .is_over(date)
        .then(|| daily::deal_number(&play.daily_secret, date, variant, suits))
}

/// Start today's daily challenge of `variant` and `suits` for `user_id`: the ranked attempt
/// if they have none yet, else a practice attempt once the ranked one is over. The ranked
/// attempt undoes nothing that showed a card (RULES.md, Undo); practice has the standard
/// rules.
pub async fn start(
    play: &Play,
    user_id: &str,
    variant: Variant,
    suits: Suits,
    key: Option<IdempotencyKey>,
    render: RenderNew,
) -> Result<Created, Error> {
    let date = play.calendar.today();
    let new = NewGame {
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
        let attempt = |ranked: bool| NewGame {
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
        // The database's unique key decides the ranked attempt, however requests race.
        match insert(&play, &attempt(true), &render) {
            Err(Error::Store(e)) if e.is_unique_violation() => {
                // Practice only once the ranked attempt is over: a copy of the deal would
                // show the ranked game's hidden cards.
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
                    return Err(Error::RankedAttemptInProgress);
                }
                insert(&play, &attempt(false), &render)
            }
            other => other,
        }
    })
    .await
}
