//! The application layer: one function per use case, taking typed inputs and the caller's
//! identity and returning domain results or one [`Error`]. It owns read → decide (engine) →
//! write and the retries. No actix, no status codes: the HTTP layer maps [`Error`] to a
//! problem in one place.

pub mod accounts;
pub mod analysis;
pub mod calendar;
pub mod chat;
pub mod daily;
pub mod exports;
pub mod games;
pub mod hints;
pub mod live;
pub mod oauth;
pub mod paces;
pub mod positions;
pub mod races;
pub mod ranks;
pub mod searches;
pub mod snapshot;
pub mod tokens;
pub mod wanted;

use crate::engine::Difficulty;
use crate::engine::Illegal;
use crate::store::{Db, StoreError};
use calendar::Calendar;
use wanted::Prover;

/// What the use cases reach: the database, the clock of dailies, the prover of winnable
/// deals and the wake-up of live streams. Cheap to clone.
#[derive(Clone)]
pub struct Play {
    pub db: Db,
    pub calendar: Calendar,
    /// The key of the daily deal derivation (`crate::domain::daily`).
    pub daily_secret: std::sync::Arc<[u8]>,
    pub winnable: Prover,
    pub live: live::Live,
    /// The rooms followed by live streams here, each read once for all of them.
    pub rooms: races::feed::Feeds,
    /// Snapshots of the all-time boards, for a player's own place on them.
    pub ranks: ranks::Ranks,
    /// The positions this instance last wrote, so the next action skips the read.
    pub positions: std::sync::Arc<positions::Positions>,
    /// The most actions a game's log may hold.
    pub max_actions: u32,
    /// Actions one account may import per hour; 0: no limit.
    pub import_actions_per_hour: u32,
    /// How proven winnable deals are shared out.
    pub rationing: games::Rationing,
    /// The bounded pool hints and analyses search on.
    pub searches: searches::SearchPool,
    /// Hints search this share (in percent) of each level's positions.
    pub hint_budget_percent: u32,
    /// The most positions one analysis may search.
    pub analysis_positions: u64,
}

/// Why a use case refused or failed. A refusal changes nothing.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("no such game among the caller's")]
    GameNotFound,
    #[error("the caller's account no longer exists")]
    UnknownUser,
    /// The caller named a version the game is no longer at.
    #[error("the game is at version {current}")]
    Stale { current: i32 },
    #[error("the idempotency key was used for a different request")]
    KeyReused,
    /// Other writers kept changing the game: every try lost the race.
    #[error("other writers kept changing the game")]
    Contended,
    /// The rules refuse the action.
    #[error("{0}")]
    Illegal(Illegal),
    /// A ranked daily's day is over: its attempt can no longer be played.
    #[error("the daily challenge is closed")]
    DailyClosed,
    /// The caller's ranked attempt at today's daily is still being played.
    #[error("the ranked daily attempt is in progress")]
    RankedAttemptInProgress,
    /// The player started as many winnable games this hour as one may.
    #[error("{limit} winnable games an hour")]
    WinnableQuota { limit: u32, retry_after_s: u64 },
    /// The game's log is full: it can only be resigned.
    #[error("the game has reached {limit} actions")]
    ActionLimit { limit: u32 },
    /// A race game before its round's countdown is over.
    #[error("the race round has not started")]
    RoundNotStarted,
    /// Race games are not restarted.
    #[error("a race game cannot be restarted")]
    RaceGame,
    /// No proven winnable deal of the kind is waiting; `proving` says whether this instance
    /// is proving some now.
    #[error("no winnable deal ready")]
    WinnableUnavailable {
        difficulty: Difficulty,
        proving: bool,
    },
    /// A username or password the policy does not accept.
    #[error("credentials not acceptable: {0:?}")]
    Credentials(accounts::CredentialProblem),
    #[error("the username is taken")]
    UsernameTaken,
    /// Sign-in with a username and password that match no account.
    #[error("wrong username or password")]
    InvalidCredentials,
    /// The caller's current password, asked to confirm a change, is wrong.
    #[error("wrong password")]
    WrongPassword,
    /// A guest account has no password: it cannot do what needs one.
    #[error("a guest account has no password")]
    GuestAccount,
    /// What needs the account's password (letting an app in, a chat link code) came without it.
    #[error("the account's password is required")]
    PasswordRequired,
    /// A guest account cannot let apps in (it has no password to confirm it).
    #[error("a guest account cannot approve apps")]
    GuestCannotApprove,
    /// Only a guest account can be upgraded.
    #[error("not a guest account")]
    NotAGuest,
    /// Every turn to hash a password stayed taken for longer than a caller waits.
    #[error("too many passwords being checked")]
    AuthBusy,
    /// The session was signed out, or every session of its account was.
    #[error("the session has ended")]
    SessionEnded,
    #[error("no race with that code")]
    RaceNotFound,
    /// The room seats as many players as a race may.
    #[error("the race is full")]
    RaceFull,
    /// Only a room's host starts its rounds.
    #[error("not the race's host")]
    NotHost,
    /// A round is still on; `another_start` when a start at the same moment got in first.
    #[error("a round is in progress")]
    RoundInProgress { another_start: bool },
    /// The caller has no part in a running round.
    #[error("not racing")]
    NotRacing,
    /// A guest account has no public profile to hide or show.
    #[error("a guest account has no profile")]
    GuestHasNoProfile,
    /// No public profile by that name (unknown, a guest's, or hidden by its owner).
    #[error("no such profile")]
    ProfileNotFound,
    /// An app's sign-in request is not acceptable (the sentence says which part).
    #[error("bad app request: {0}")]
    OAuthRequest(String),
    /// The player has this many games in progress already: finish or resign one first.
    #[error("too many games in progress")]
    TooManyGames { most: u32 },
    /// Another seat of the room shows that name (case and white space aside).
    #[error("another seat has that name")]
    SeatNameTaken,
    /// `CPU n` names the room's CPU players only.
    #[error("that name is a CPU's")]
    SeatNameReserved,
    /// No such seat in the room.
    #[error("no such seat")]
    SeatNotFound,
    /// The host's seat cannot be freed: a room keeps its host.
    #[error("the host's seat")]
    HostSeat,
    /// The seat plays the round in progress.
    #[error("the seat plays the round in progress")]
    SeatInRound,
    /// The caller has no seat in the room.
    #[error("not seated")]
    NotSeated,
    /// The caller's part in the round is over (finished or quit).
    #[error("the caller's part in the round is over")]
    AlreadyDone,
    /// Ranked rooms are for registered accounts.
    #[error("a registered account is required")]
    AccountRequired,
    /// Every slot of the search pool is busy: nothing was searched.
    #[error("every search slot is busy")]
    SearchBusy,
    /// The caller's account already has a search running: one at a time per account.
    #[error("a search of this account is running")]
    SearchRunning,
    /// The caller's address holds its share of the search slots (the share).
    #[error("searches from this address are at their limit")]
    AddressSearchesBusy(usize),
    /// The game's race room turned hints off.
    #[error("hints are off in this game")]
    HintsDisabled,
    /// A game's analysis while it is still being played.
    #[error("the game is in progress")]
    GameInProgress,
    /// A daily game's analysis before its day is over.
    #[error("the daily's day is not over")]
    DailyNotOver,
    /// A race game's analysis before its round is over.
    #[error("the race round is not over")]
    RaceRoundInProgress,
    /// Guests cannot import games (they have no lasting account to hold them).
    #[error("a guest account cannot import games")]
    GuestCannotImport,
    /// The account imported as many actions in the last hour as it may: `allowance`, and
    /// the import asked for `asked` more.
    #[error("the import allowance of {allowance} actions an hour is used")]
    ImportAllowance {
        allowance: u32,
        asked: usize,
        retry_after_s: u64,
    },
    /// The account holds as many active access tokens as it may.
    #[error("{max} active tokens")]
    TooManyTokens { max: usize },
    /// No access token with that id among the caller's.
    #[error("no such token")]
    TokenNotFound,
    /// A guest account cannot have chat identities linked to it.
    #[error("a guest account cannot link chat identities")]
    GuestCannotLink,
    /// A chat platform's request that was answered before (a replay).
    #[error("the request was answered before")]
    ChatReplayed,
    /// A chat link code that is unknown, used or expired.
    #[error("no such chat link code")]
    ChatCodeInvalid,
    /// No such chat link among the caller's.
    #[error("no such chat link")]
    ChatLinkNotFound,
    /// The chat identity already plays as a linked account (`username`).
    #[error("the chat identity is linked to {username}")]
    ChatAlreadyLinked { username: String },
    /// The chat identity plays as the account made for it: there is nothing to unlink.
    #[error("the chat identity is not linked")]
    ChatNotLinked,
    /// The account has as many chat identities linked as it may.
    #[error("{max} chat links")]
    TooManyChatLinks { max: usize },
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Something that cannot happen did: a stored log that no longer replays, a task that
    /// died.
    #[error("{0}")]
    Internal(String),
}

impl From<Illegal> for Error {
    fn from(reason: Illegal) -> Self {
        Error::Illegal(reason)
    }
}

impl From<diesel::result::Error> for Error {
    fn from(e: diesel::result::Error) -> Self {
        Error::Store(e.into())
    }
}

/// Run blocking work (diesel) off the async workers.
pub async fn blocking<T, F>(f: F) -> Result<T, Error>
where
    F: FnOnce() -> Result<T, Error> + Send + 'static,
    T: Send + 'static,
{
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| Error::Internal(format!("blocking task failed: {e}")))?
}

/// Upkeep that one instance at a time does (the holder of the `upkeep` lease): forget
/// idempotency keys past their lifetime (a bounded batch per call), signed-out sessions
/// whose tokens have expired anyway, leases that ran out, one-time codes an hour past their
/// expiry, chat deliveries an hour old, and records' removals from the boards a day old. How
/// many rows were forgotten.
pub fn upkeep(db: &Db, holder: &str) -> Result<usize, Error> {
    let at = crate::store::now();
    let until = at + chrono::TimeDelta::seconds(90);
    let holder = holder.to_string();
    Ok(db.write(move |conn| -> Result<usize, StoreError> {
        if !crate::store::leases::take(conn, "upkeep", &holder, at, until)? {
            return Ok(0);
        }
        let keys = crate::store::idempotency::forget_old_keys(conn, at, 1_000)?;
        let sessions = crate::store::users::forget_ended_sessions(conn, at)?;
        let leases = crate::store::leases::forget_expired(conn, at)?;
        let codes = crate::store::codes::prune(conn, at - chrono::TimeDelta::hours(1))?;
        let deliveries =
            crate::store::chat::forget_deliveries(conn, at - chrono::TimeDelta::hours(1))?;
        let removals =
            crate::store::records::forget_removals(conn, at - chrono::TimeDelta::days(1))?;
        Ok(keys + sessions + leases + codes + deliveries + removals)
    })?)
}
