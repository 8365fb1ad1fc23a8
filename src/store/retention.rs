//! Retention: guest accounts idle since a cutoff, with nothing that a board, a race, an app,
//! a chat member or another account refers to, are removed with their games
//! (`play::retention` sets the cutoff, `jobs::retention` runs it). When in doubt a guest is
//! kept. Each table with a user or game column, and what it decides:
//!
//! | table | the guest is kept when | else |
//! |---|---|---|
//! | `users` | it is not a guest, or was created at or after the cutoff | removed last |
//! | `games` | one of its games was created or updated at or after the cutoff, is ranked, is a race's (`race_id`, origin `race`) or an arena's, or came over a chat link (`linked_from`) | removed |
//! | `game_events` | one of its games has an event at or after the cutoff | removed with their game |
//! | `daily_entries` | one of its games has an entry (a daily board) | none to remove |
//! | `game_analyses` | (not a reason) | removed with their game |
//! | `records` | a record of it has a ranked best (it is on an all-time board) | the rest removed |
//! | `record_removals` | (not a reason: no key, forgotten after a day by upkeep) | left |
//! | `ratings` | it has a rating (race results) | none to remove |
//! | `races` | it hosts a race (`host_id`; deleting it would delete the race) | none to remove |
//! | `race_seats` | it has a seat (deleting it would empty the seat) | none to remove |
//! | `race_entries` | one of its games is a race's (checked on `games`: an entry's `game_id` is its seat's game) | none to remove |
//! | `chat_identities` | a chat identity plays as it (`user_id`), was made with it (`own_user_id`), or plays one of its games (`current_game`) | none to remove |
//! | `access_tokens` | it has a token (scripts, apps) | none to remove |
//! | `one_time_codes` | it has a code (an app's or a chat link's) | none to remove |
//! | `ended_sessions` | (not a reason) | removed (no cascade on Postgres) |
//! | `idempotency_keys` | (not a reason) | removed |
//! | `daily_players`, `human_paces`, `winnable_deals`, `leases`, `chat_deliveries` | (no user or game column) | left |
//!
//! `games.linked_from` of another account's game names the chat-made account a link folded
//! into it; such accounts are never guests (guests cannot link, and chat-made accounts are
//! registered ones), and while the link stands its identity names the account in
//! `own_user_id`, which keeps it here. No index covers `linked_from`, so it is not read.
//!
//! The selection is one query, each condition a lookup by the account (or its games) on an
//! index (migration `retention_indexes` added those missing), which Postgres plans as an
//! anti-join; a removal checks them all again under the account's lock.

use crate::domain::UserId;
use chrono::NaiveDateTime;
use diesel::dsl::{exists, not};
use diesel::prelude::*;

use super::schema::{
    access_tokens, chat_identities, daily_entries, ended_sessions, game_analyses, game_events,
    games, idempotency_keys, one_time_codes, race_seats, races, ratings, records, users,
};
use super::{DbConn, StoreError};
use crate::domain::origin::OriginKind;

type Backend = <DbConn as diesel::Connection>::Backend;

/// The guests that may be removed at `cutoff`: idle since it, with nothing that refers to them.
fn removable(cutoff: NaiveDateTime) -> users::BoxedQuery<'static, Backend> {
    // A game that keeps its player: recent, ranked, a race's, moved by a chat link, with a
    // recent event, on a daily board, or played by a chat identity.
    let keeps = games::table.filter(games::user_id.eq(users::id)).filter(
        games::created_at
            .ge(cutoff)
            .or(games::updated_at.ge(cutoff))
            .or(games::ranked.eq(true))
            .or(games::race_id.is_not_null())
            .or(games::origin.eq(OriginKind::Race))
            .or(games::origin.eq(OriginKind::Arena))
            .or(games::linked_from.is_not_null())
            .or(exists(
                game_events::table
                    .filter(game_events::game_id.eq(games::id))
                    .filter(game_events::created_at.ge(cutoff)),
            ))
            .or(exists(
                daily_entries::table.filter(daily_entries::game_id.eq(games::id)),
            ))
            .or(exists(chat_identities::table.filter(
                chat_identities::current_game.eq(games::id.nullable()),
            ))),
    );
    let on_a_board = records::table
        .filter(records::user_id.eq(users::id))
        .filter(
            records::ranked_best_score
                .is_not_null()
                .or(records::ranked_fastest_ms.is_not_null())
                .or(records::ranked_fewest_actions.is_not_null()),
        );
    users::table
        .filter(users::is_guest.eq(true))
        .filter(users::created_at.lt(cutoff))
        .filter(not(exists(keeps)))
        .filter(not(exists(on_a_board)))
        .filter(not(exists(
            ratings::table.filter(ratings::user_id.eq(users::id)),
        )))
        .filter(not(exists(
            races::table.filter(races::host_id.eq(users::id)),
        )))
        .filter(not(exists(
            race_seats::table.filter(race_seats::user_id.eq(users::id.nullable())),
        )))
        .filter(not(exists(
            chat_identities::table.filter(
                chat_identities::user_id
                    .eq(users::id)
                    .or(chat_identities::own_user_id.eq(users::id.nullable())),
            ),
        )))
        .filter(not(exists(
            access_tokens::table.filter(access_tokens::user_id.eq(users::id)),
        )))
        .filter(not(exists(
            one_time_codes::table.filter(one_time_codes::user_id.eq(users::id)),
        )))
        .into_boxed()
}

/// Up to `limit` guests that may be removed at `cutoff`, the longest idle first.
pub fn idle_guests(
    conn: &mut DbConn,
    cutoff: NaiveDateTime,
    limit: i64,
) -> Result<Vec<UserId>, StoreError> {
    Ok(removable(cutoff)
        .order((users::created_at.asc(), users::id.asc()))
        .limit(limit)
        .select(users::id)
        .load(conn)?)
}

/// Inside the caller's write: remove guest `id` and its games if it may still be removed at
/// `cutoff`, checked again with its games' rows and then its account's row locked (on
/// Postgres; SQLite has one writer at a time): an action taken or a game started meanwhile
/// either committed first and keeps it, or waits and then finds its game or account gone.
/// Games before the account, the order an action that finishes a game takes them (its game,
/// then its record, whose key needs the account). How many games went with it; `None` when
/// it is kept.
pub fn remove_guest(
    conn: &mut DbConn,
    id: &UserId,
    cutoff: NaiveDateTime,
) -> Result<Option<usize>, StoreError> {
    if let DbConn::Pg(c) = conn {
        games::table
            .filter(games::user_id.eq(id))
            .select(games::id)
            .for_update()
            .load::<String>(c)?;
    }
    if !super::users::lock(conn, id)? {
        return Ok(None);
    }
    let still: Option<String> = removable(cutoff)
        .filter(users::id.eq(id))
        .select(users::id)
        .first(conn)
        .optional()?;
    if still.is_none() {
        return Ok(None);
    }
    // Children first: what Postgres would not cascade (ended sessions), then each game's
    // rows, the games, the account's rows and the account. Nothing else refers to it (above).
    let theirs = || games::table.filter(games::user_id.eq(id)).select(games::id);
    diesel::delete(ended_sessions::table.filter(ended_sessions::user_id.eq(id))).execute(conn)?;
    diesel::delete(idempotency_keys::table.filter(idempotency_keys::user_id.eq(id)))
        .execute(conn)?;
    diesel::delete(game_analyses::table.filter(game_analyses::game_id.eq_any(theirs())))
        .execute(conn)?;
    diesel::delete(game_events::table.filter(game_events::game_id.eq_any(theirs())))
        .execute(conn)?;
    let games = diesel::delete(games::table.filter(games::user_id.eq(id))).execute(conn)?;
    diesel::delete(records::table.filter(records::user_id.eq(id))).execute(conn)?;
    diesel::delete(users::table.find(id)).execute(conn)?;
    Ok(Some(games))
}
