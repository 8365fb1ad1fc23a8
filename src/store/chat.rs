//! Chat members: the account each platform identity plays as, the game their commands go to,
//! the signed requests already answered, and folding a chat-made account into the account its
//! member links.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::games::GameRow;
use super::records::{self, RecordKey};
use super::schema::{
    access_tokens, chat_deliveries, chat_identities, daily_entries, daily_players, game_analyses,
    game_events, games, idempotency_keys, one_time_codes, ratings, users,
};
use super::{DbConn, StoreError};

#[derive(Clone, Debug, Queryable, Selectable, Insertable)]
#[diesel(table_name = chat_identities)]
pub struct ChatIdentity {
    pub id: String,
    /// `discord`, `slack` or `telegram`.
    pub platform: String,
    /// The Discord guild (`dm` outside one), the Slack workspace; empty on Telegram, whose
    /// user ids are the same in every chat.
    pub workspace: String,
    /// The member's id on the platform.
    pub member: String,
    pub user_id: String,
    /// The account was made for this identity (its games move when the member links theirs).
    pub own_account: bool,
    /// The member's name on the platform, as last seen.
    pub display: String,
    /// The game the member's game commands go to.
    pub current_game: Option<String>,
    pub created_at: NaiveDateTime,
    /// When the member linked the account they play as now, if they did.
    pub linked_at: Option<NaiveDateTime>,
}

pub fn find(
    conn: &mut DbConn,
    platform: &str,
    workspace: &str,
    member: &str,
) -> Result<Option<ChatIdentity>, StoreError> {
    Ok(chat_identities::table
        .filter(chat_identities::platform.eq(platform))
        .filter(chat_identities::workspace.eq(workspace))
        .filter(chat_identities::member.eq(member))
        .select(ChatIdentity::as_select())
        .first(conn)
        .optional()?)
}

/// The identity `id`, its row locked until the transaction ends (on SQLite every write
/// transaction holds the one write lock).
pub fn lock(conn: &mut DbConn, id: &str) -> Result<Option<ChatIdentity>, StoreError> {
    Ok(match conn {
        DbConn::Pg(c) => chat_identities::table
            .find(id)
            .select(ChatIdentity::as_select())
            .for_update()
            .first(c)
            .optional()?,
        DbConn::Sqlite(c) => chat_identities::table
            .find(id)
            .select(ChatIdentity::as_select())
            .first(c)
            .optional()?,
    })
}

/// A new identity. A second one for the same member is a unique violation.
pub fn insert(conn: &mut DbConn, row: &ChatIdentity) -> Result<(), StoreError> {
    diesel::insert_into(chat_identities::table)
        .values(row)
        .execute(conn)?;
    Ok(())
}

/// Point the identity's game commands at `game`.
pub fn set_current(conn: &mut DbConn, id: &str, game: Option<&str>) -> Result<(), StoreError> {
    diesel::update(chat_identities::table.find(id))
        .set(chat_identities::current_game.eq(game))
        .execute(conn)?;
    Ok(())
}

/// The identities linked to `user_id` by its owner (not those it was made for).
pub fn linked_to(conn: &mut DbConn, user_id: &str) -> Result<Vec<ChatIdentity>, StoreError> {
    Ok(chat_identities::table
        .filter(chat_identities::user_id.eq(user_id))
        .filter(chat_identities::own_account.eq(false))
        .order((chat_identities::linked_at.asc(), chat_identities::id.asc()))
        .select(ChatIdentity::as_select())
        .load(conn)?)
}

/// The identity now plays as `user_id`, linked at `at`.
pub fn link(
    conn: &mut DbConn,
    id: &str,
    user_id: &str,
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    diesel::update(chat_identities::table.find(id))
        .set((
            chat_identities::user_id.eq(user_id),
            chat_identities::own_account.eq(false),
            chat_identities::linked_at.eq(Some(at)),
        ))
        .execute(conn)?;
    Ok(())
}

/// Inside the caller's write: end every chat identity linked to `user_id` (their members'
/// next commands play as accounts of their own again). How many ended.
pub fn end_links(conn: &mut DbConn, user_id: &str) -> Result<usize, StoreError> {
    let linked = linked_to(conn, user_id)?;
    for row in &linked {
        delete(conn, &row.id)?;
    }
    Ok(linked.len())
}

/// Forget the identity: its member's next command makes them a fresh account.
pub fn delete(conn: &mut DbConn, id: &str) -> Result<bool, StoreError> {
    Ok(diesel::delete(chat_identities::table.find(id)).execute(conn)? > 0)
}

/// Record that the platform's request `digest` was answered at `at`: false when it was
/// before (a replay).
pub fn first_delivery(
    conn: &mut DbConn,
    platform: &str,
    digest: &str,
    at: NaiveDateTime,
) -> Result<bool, StoreError> {
    let row = (
        chat_deliveries::platform.eq(platform),
        chat_deliveries::digest.eq(digest),
        chat_deliveries::received_at.eq(at),
    );
    let inserted = match conn {
        DbConn::Pg(c) => diesel::insert_into(chat_deliveries::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
        DbConn::Sqlite(c) => diesel::insert_into(chat_deliveries::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
    };
    Ok(inserted == 1)
}

/// Forget deliveries received before `before`.
pub fn forget_deliveries(conn: &mut DbConn, before: NaiveDateTime) -> Result<usize, StoreError> {
    Ok(
        diesel::delete(chat_deliveries::table.filter(chat_deliveries::received_at.lt(before)))
            .execute(conn)?,
    )
}

/// What folding one account into another did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Folded {
    /// Games that moved.
    pub games: usize,
    /// Ranked daily attempts that became practice (a ranked attempt stays with the account it
    /// was played in).
    pub practice: usize,
}

/// Move everything of the chat-made account `from` to `into` and delete `from`, inside the
/// caller's transaction (which holds both accounts' rows). Games move; a ranked daily attempt
/// of `from` becomes practice (one ranked attempt per player, in the account it was played
/// in); records are recomputed from the games of each kind that moved; ratings move where
/// `into` has none of that kind.
pub fn fold_account(conn: &mut DbConn, from: &str, into: &str) -> Result<Folded, StoreError> {
    let moving: Vec<GameRow> = games::table
        .filter(games::user_id.eq(from))
        .select(GameRow::as_select())
        .load(conn)?;
    let mut folded = Folded {
        games: moving.len(),
        practice: 0,
    };
    // A ranked attempt counts on the board of the account it was played in only: moved, it
    // is practice. (Otherwise one player could rank a daily on several chat identities and
    // link only the best.)
    for game in moving.iter().filter(|g| g.ranked && g.daily_date.is_some()) {
        let date = game.daily_date.clone().unwrap_or_default();
        diesel::update(games::table.find(&game.id))
            .set(games::ranked.eq(false))
            .execute(conn)?;
        if diesel::delete(daily_entries::table.find(&game.id)).execute(conn)? > 0 {
            diesel::update(daily_players::table.find((&date, game.variant, game.suits)))
                .set(daily_players::players.eq(daily_players::players - 1))
                .execute(conn)?;
        }
        folded.practice += 1;
    }
    diesel::update(games::table.filter(games::user_id.eq(from)))
        .set(games::user_id.eq(into))
        .execute(conn)?;
    // What is kept with each game carries its player's id too (by game, each a range of the
    // table's key).
    let ids: Vec<&str> = moving.iter().map(|g| g.id.as_str()).collect();
    for chunk in ids.chunks(500) {
        diesel::update(game_events::table.filter(game_events::game_id.eq_any(chunk)))
            .set(game_events::user_id.eq(into))
            .execute(conn)?;
        diesel::update(game_analyses::table.filter(game_analyses::game_id.eq_any(chunk)))
            .set(game_analyses::user_id.eq(into))
            .execute(conn)?;
    }
    let mut keys: Vec<RecordKey> = moving
        .iter()
        .map(|g| RecordKey {
            user_id: into.to_string(),
            variant: g.variant,
            suits: g.suits,
        })
        .collect();
    keys.sort();
    keys.dedup();
    records::recompute(conn, into, &keys)?;
    records::note_removed(conn, from)?;
    diesel::delete(super::schema::records::table.filter(super::schema::records::user_id.eq(from)))
        .execute(conn)?;
    let theirs: Vec<(crate::engine::Variant, i32)> = ratings::table
        .filter(ratings::user_id.eq(into))
        .select((ratings::variant, ratings::suits))
        .load(conn)?;
    let mine: Vec<(crate::engine::Variant, i32)> = ratings::table
        .filter(ratings::user_id.eq(from))
        .select((ratings::variant, ratings::suits))
        .load(conn)?;
    for (variant, suits) in mine.into_iter().filter(|k| !theirs.contains(k)) {
        diesel::update(ratings::table.find((from, variant, suits)))
            .set(ratings::user_id.eq(into))
            .execute(conn)?;
    }
    diesel::delete(ratings::table.filter(ratings::user_id.eq(from))).execute(conn)?;
    diesel::delete(idempotency_keys::table.filter(idempotency_keys::user_id.eq(from)))
        .execute(conn)?;
    diesel::delete(access_tokens::table.filter(access_tokens::user_id.eq(from))).execute(conn)?;
    diesel::delete(one_time_codes::table.filter(one_time_codes::user_id.eq(from))).execute(conn)?;
    diesel::delete(users::table.find(from)).execute(conn)?;
    Ok(folded)
}
