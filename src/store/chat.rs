//! Chat members: the account each platform identity plays as, the game their commands go to,
//! the signed requests already answered, and folding a chat-made account into the account its
//! member links.

use crate::domain::{GameId, UserId};
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::games::GameRow;
use super::records;
use super::schema::{
    chat_deliveries, chat_identities, daily_entries, daily_players, game_analyses, game_events,
    games,
};
use super::{DbConn, StoreError};
use crate::domain::records::RecordKey;

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
    pub user_id: UserId,
    /// The account was made for this identity (its games move when the member links theirs).
    pub own_account: bool,
    /// The member's name on the platform, as last seen.
    pub display: String,
    /// The game the member's game commands go to.
    pub current_game: Option<GameId>,
    pub created_at: NaiveDateTime,
    /// When the member linked the account they play as now, if they did.
    pub linked_at: Option<NaiveDateTime>,
    /// While linked: the account made for this identity, kept so that unlinking gives its
    /// games back (`None` for links made before accounts were kept: unlinking then starts a
    /// fresh account).
    pub own_user_id: Option<UserId>,
    /// The language the member chose with `lang` (a tag of `i18n::Lang`); `None`: the
    /// platform's (Discord's and Telegram's locale; Slack sends none: English).
    pub language: Option<String>,
    /// The hash of the link code the bot last asked this member about (`link CODE`): only
    /// that code's `yes` links.
    pub asked_code: Option<String>,
    /// The puzzle the member's moves go to while they solve it (`puzzle` in chat).
    pub current_puzzle: Option<String>,
    /// The moves made in it so far (compact log notation).
    pub puzzle_moves: String,
}

/// Remember that the member of identity `id` was asked about the code whose hash is `hash`.
pub fn set_asked(conn: &mut DbConn, id: &str, hash: Option<&str>) -> Result<(), StoreError> {
    diesel::update(chat_identities::table.find(id))
        .set(chat_identities::asked_code.eq(hash))
        .execute(conn)?;
    Ok(())
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

/// The identity `id`.
pub fn find_by_id(conn: &mut DbConn, id: &str) -> Result<Option<ChatIdentity>, StoreError> {
    Ok(chat_identities::table
        .find(id)
        .select(ChatIdentity::as_select())
        .first(conn)
        .optional()?)
}

/// How many games `user_id` has, and how many of them are ranked daily attempts (which a link
/// would make practice).
pub fn games_of(conn: &mut DbConn, user_id: &UserId) -> Result<(usize, usize), StoreError> {
    let rows: Vec<(bool, Option<String>)> = games::table
        .filter(games::user_id.eq(user_id))
        .select((games::ranked, games::daily_date))
        .load(conn)?;
    let ranked = rows.iter().filter(|(r, d)| *r && d.is_some()).count();
    Ok((rows.len(), ranked))
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

/// Set (or, with `None`, forget) the language the identity chose.
pub fn set_language(conn: &mut DbConn, id: &str, language: Option<&str>) -> Result<(), StoreError> {
    diesel::update(chat_identities::table.find(id))
        .set(chat_identities::language.eq(language))
        .execute(conn)?;
    Ok(())
}

/// Point the identity's game commands at `game`.
pub fn set_current(conn: &mut DbConn, id: &str, game: Option<&GameId>) -> Result<(), StoreError> {
    diesel::update(chat_identities::table.find(id))
        .set(chat_identities::current_game.eq(game))
        .execute(conn)?;
    Ok(())
}

/// Point the identity's moves at `puzzle` with the moves made in it so far (`None`: back to
/// its game).
pub fn set_puzzle(
    conn: &mut DbConn,
    id: &str,
    puzzle: Option<&str>,
    moves: &str,
) -> Result<(), StoreError> {
    diesel::update(chat_identities::table.find(id))
        .set((
            chat_identities::current_puzzle.eq(puzzle),
            chat_identities::puzzle_moves.eq(moves),
        ))
        .execute(conn)?;
    Ok(())
}

/// The identities linked to `user_id` by its owner (not those it was made for).
pub fn linked_to(conn: &mut DbConn, user_id: &UserId) -> Result<Vec<ChatIdentity>, StoreError> {
    Ok(chat_identities::table
        .filter(chat_identities::user_id.eq(user_id))
        .filter(chat_identities::own_account.eq(false))
        .order((chat_identities::linked_at.asc(), chat_identities::id.asc()))
        .select(ChatIdentity::as_select())
        .load(conn)?)
}

/// The identity now plays as `user_id`, linked at `at`, keeping the account made for it
/// (`own_user_id`, the one it played as until now).
pub fn link(
    conn: &mut DbConn,
    id: &str,
    own_user_id: &UserId,
    user_id: &UserId,
    at: NaiveDateTime,
) -> Result<(), StoreError> {
    diesel::update(chat_identities::table.find(id))
        .set((
            chat_identities::user_id.eq(user_id),
            chat_identities::own_account.eq(false),
            chat_identities::linked_at.eq(Some(at)),
            chat_identities::own_user_id.eq(Some(own_user_id)),
        ))
        .execute(conn)?;
    Ok(())
}

/// Inside the caller's write: end every chat identity linked to `user_id`, each given back
/// what its link moved ([`unlink`]). How many ended.
pub fn end_links(
    conn: &mut DbConn,
    user_id: &UserId,
    at: NaiveDateTime,
) -> Result<usize, StoreError> {
    let mut ids: Vec<String> = linked_to(conn, user_id)?
        .into_iter()
        .map(|row| row.id)
        .collect();
    // Each identity's row locked (in one order) before any account's, as a member's own
    // `unlink` locks them; read again under the lock.
    ids.sort();
    let mut ended = 0;
    for id in ids {
        if let Some(row) = lock(conn, &id)?.filter(|r| r.user_id == *user_id && !r.own_account) {
            unlink(conn, &row, at)?;
            ended += 1;
        }
    }
    Ok(ended)
}

/// End the link of `identity` (one that plays as an account it linked), inside the caller's
/// transaction: it plays as the account made for it again, and the games its link moved go
/// back there, their records recomputed on both sides (a ranked daily attempt that became
/// practice stays practice). Games played while linked stay with the linked account: they were
/// played as it. A link from before accounts were kept has none to go back to: the identity is
/// forgotten (its next command makes a fresh account). How many games went back.
pub fn unlink(
    conn: &mut DbConn,
    identity: &ChatIdentity,
    at: NaiveDateTime,
) -> Result<usize, StoreError> {
    let linked = identity.user_id.clone();
    let Some(own) = identity.own_user_id.clone() else {
        delete(conn, &identity.id)?;
        return Ok(0);
    };
    // Both accounts' rows, always in the same order (so two of these at once cannot wait on
    // each other).
    let (first, second) = if own < linked {
        (&own, &linked)
    } else {
        (&linked, &own)
    };
    let found = [
        super::users::lock(conn, first)?,
        super::users::lock(conn, second)?,
    ];
    if found.contains(&false) {
        delete(conn, &identity.id)?;
        return Ok(0);
    }
    let back: Vec<GameRow> = games::table
        .filter(games::user_id.eq(&linked))
        .filter(games::linked_from.eq(&own))
        .select(GameRow::as_select())
        .load(conn)?;
    diesel::update(
        games::table
            .filter(games::user_id.eq(&linked))
            .filter(games::linked_from.eq(&own)),
    )
    .set((
        games::user_id.eq(&own),
        games::linked_from.eq(None::<String>),
    ))
    .execute(conn)?;
    carry(conn, &back, &own)?;
    let keys = record_keys(&back, &own);
    records::recompute(conn, &linked, &keys, at)?;
    records::recompute(conn, &own, &keys, at)?;
    diesel::update(chat_identities::table.find(&identity.id))
        .set((
            chat_identities::user_id.eq(&own),
            chat_identities::own_account.eq(true),
            chat_identities::linked_at.eq(None::<NaiveDateTime>),
            chat_identities::own_user_id.eq(None::<String>),
            chat_identities::current_game.eq(None::<String>),
        ))
        .execute(conn)?;
    super::users::set_profile_hidden(conn, &own, false)?;
    Ok(back.len())
}

/// What is kept with each of `moved` carries the player's id `to` (by game, each a range of
/// the table's key).
fn carry(conn: &mut DbConn, moved: &[GameRow], to: &str) -> Result<(), StoreError> {
    let ids: Vec<&str> = moved.iter().map(|g| g.id.as_str()).collect();
    for chunk in ids.chunks(500) {
        diesel::update(game_events::table.filter(game_events::game_id.eq_any(chunk)))
            .set(game_events::user_id.eq(to))
            .execute(conn)?;
        diesel::update(game_analyses::table.filter(game_analyses::game_id.eq_any(chunk)))
            .set(game_analyses::user_id.eq(to))
            .execute(conn)?;
    }
    Ok(())
}

/// The records (of `user_id`) the games `moved` count in.
fn record_keys(moved: &[GameRow], user_id: &UserId) -> Vec<RecordKey> {
    let mut keys: Vec<RecordKey> = moved
        .iter()
        .map(|g| RecordKey {
            user_id: user_id.clone(),
            variant: g.variant,
            suits: g.suits,
        })
        .collect();
    keys.sort();
    keys.dedup();
    keys
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

/// Move the games of the chat-made account `from` to `into`, inside the caller's transaction
/// (which holds both accounts' rows): each game remembers where it came from (`linked_from`),
/// so [`unlink`] can give exactly those back. A ranked daily attempt of `from` becomes practice
/// (one ranked attempt per player, in the account it was played in); records are recomputed
/// from the games of each kind that moved, and `from`'s leave the boards. `from` itself is
/// kept (its name, ratings and nothing else), its profile hidden while its games are away.
pub fn fold_account(
    conn: &mut DbConn,
    from: &UserId,
    into: &UserId,
    at: NaiveDateTime,
) -> Result<Folded, StoreError> {
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
        .set((games::user_id.eq(into), games::linked_from.eq(Some(from))))
        .execute(conn)?;
    // What is kept with each game carries its player's id too.
    carry(conn, &moving, into)?;
    records::recompute(conn, into, &record_keys(&moving, into), at)?;
    records::note_removed(conn, from, at)?;
    diesel::delete(super::schema::records::table.filter(super::schema::records::user_id.eq(from)))
        .execute(conn)?;
    super::users::set_profile_hidden(conn, from, true)?;
    Ok(folded)
}
