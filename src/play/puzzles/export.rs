//! The public export of the set: a page at a time in id order, with the answers and themes.

use super::{daily_row, position, shown, store, Shown};
use crate::engine::puzzle::{self, Theme};
use crate::engine::{notation, Action, Suits, Variant};
use crate::store::StoreError;
use crate::{blocking, Error, Play};

/// A puzzle as the public export holds it: what a player sees, with the proven answer and
/// its themes.
#[derive(Clone, Debug)]
pub struct Exported {
    pub puzzle: Shown,
    pub line: Vec<Action>,
    pub themes: Vec<Theme>,
}

/// A page of the public export in id order after `after`, and where the next page starts
/// (`None`: this was the last). Today's daily puzzles are left out until their day is over.
pub async fn export_page(
    play: &Play,
    suits: Option<Suits>,
    after: Option<String>,
    limit: i64,
) -> Result<(Vec<Exported>, Option<String>), Error> {
    let date = play.clock.today();
    let secret = play.daily_secret.clone();
    let db = play.db.clone();
    blocking(move || {
        let (rows, dailies) = db.read(|conn| -> Result<_, StoreError> {
            let rows = store::page(conn, suits, after.as_deref(), limit + 1)?;
            let mut dailies = Vec::new();
            for variant in Variant::ALL {
                for kind in Suits::ALL {
                    if let Some(row) = daily_row(conn, &secret, date, variant, kind)? {
                        dailies.push(row.id);
                    }
                }
            }
            Ok((rows, dailies))
        })?;
        let taken = usize::try_from(limit).unwrap_or(0);
        let next = (rows.len() > taken)
            .then(|| rows.get(taken.saturating_sub(1)).map(|r| r.id.clone()))
            .flatten();
        let mut out = Vec::new();
        for row in rows.iter().take(taken) {
            if dailies.contains(&row.id) {
                continue;
            }
            let game = position(row)?;
            let line = notation::decode(&row.line)
                .map_err(|e| Error::Internal(format!("puzzle {}'s line: {e}", row.id)))?;
            let themes = puzzle::themes(&game, &line);
            out.push(Exported {
                puzzle: shown(row, &game),
                line,
                themes,
            });
        }
        // The last id read, even when it was left out, is where the next page starts.
        Ok((out, next))
    })
    .await
}
