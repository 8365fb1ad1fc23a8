//! Why a use case refused or failed: one enum per area of the application (games, accounts,
//! races, chat, searches), nested in [`Error`]. A refusal changes nothing. The HTTP layer
//! maps each area to problem+json in one place (`crate::http::error`); nothing above matches
//! a refusal by its code string.

use crate::engine::{Difficulty, Illegal};
use crate::store::StoreError;

/// Why a use case refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Account(#[from] AccountError),
    #[error(transparent)]
    Race(#[from] RaceError),
    #[error(transparent)]
    Chat(#[from] ChatError),
    #[error(transparent)]
    Search(#[from] SearchError),
    #[error(transparent)]
    Puzzle(#[from] super::puzzles::PuzzleError),
    #[error(transparent)]
    Arena(#[from] super::arenas::ArenaError),
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Something that cannot happen did: a stored log that no longer replays, a task that
    /// died.
    #[error("{0}")]
    Internal(String),
}

/// Refusals of a game's use cases: reading, acting, creating, importing, analysing.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error("no such game among the caller's")]
    GameNotFound,
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
    /// An arena's deals are not restarted (it would be the same deal played twice).
    #[error("an arena game cannot be restarted")]
    ArenaGame,
    /// An arena game's analysis while its arena runs.
    #[error("the arena is running")]
    ArenaRunning,
    /// No proven winnable deal of the kind is waiting; `proving` says whether this instance
    /// is proving some now.
    #[error("no winnable deal ready")]
    WinnableUnavailable {
        difficulty: Difficulty,
        proving: bool,
    },
    /// The player has this many games in progress already: finish or resign one first.
    #[error("too many games in progress")]
    TooManyGames { most: u32 },
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
}

/// Refusals about accounts, sessions, passwords, profiles, apps and access tokens.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("the caller's account no longer exists")]
    UnknownUser,
    /// A username or password the policy does not accept.
    #[error("credentials not acceptable: {0:?}")]
    Credentials(super::credentials::CredentialProblem),
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
    /// A guest account has no public profile to hide or show.
    #[error("a guest account has no profile")]
    GuestHasNoProfile,
    /// No public profile by that name (unknown, a guest's, or hidden by its owner).
    #[error("no such profile")]
    ProfileNotFound,
    /// An app's sign-in request is not acceptable (which part, and why).
    #[error("bad app request: {0:?}")]
    OAuthRequest(OAuthProblem),
    /// The account holds as many active access tokens as it may.
    #[error("{max} active tokens")]
    TooManyTokens { max: usize },
    /// No access token with that id among the caller's.
    #[error("no such token")]
    TokenNotFound,
    /// A bearer token that is not one this service made (or was revoked).
    #[error("invalid {0:?} token")]
    TokenInvalid(super::identity::TokenKind),
    /// A bearer token past its expiry.
    #[error("{0:?} token expired")]
    TokenExpired(super::identity::TokenKind),
}

/// Refusals in race rooms: seats, rounds, hosts.
#[derive(Debug, thiserror::Error)]
pub enum RaceError {
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
}

/// Refusals of chat platforms' requests and of chat identities' links.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
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
}

/// Refusals of the bounded search pool that hints and analyses run on.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// Every slot of the search pool is busy: nothing was searched.
    #[error("every search slot is busy")]
    SearchBusy,
    /// The caller's account already has a search running: one at a time per account.
    #[error("a search of this account is running")]
    SearchRunning,
    /// The caller's address holds its share of the search slots (the share).
    #[error("searches from this address are at their limit")]
    AddressSearchesBusy(usize),
}

impl From<Illegal> for Error {
    fn from(reason: Illegal) -> Self {
        Error::Game(GameError::Illegal(reason))
    }
}

impl From<diesel::result::Error> for Error {
    fn from(e: diesel::result::Error) -> Self {
        Error::Store(e.into())
    }
}

/// Which part of an app's sign-in request (RFC 6749 §4.1.1, RFC 7636) is not acceptable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OAuthProblem {
    ClientId,
    RedirectUri,
    ResponseType,
    /// A `code_challenge_method` other than S256.
    ChallengeMethod,
    /// No `code_challenge_method=S256` and `code_challenge` (PKCE).
    PkceRequired,
    /// A `code_challenge` that is not 43 characters of base64url.
    Challenge,
    /// A scope this server does not know (its first 64 characters).
    UnknownScope(String),
    NoScope,
    State,
}
