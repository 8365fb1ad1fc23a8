//! The one place the application's refusals become problems: each area's reasons
//! (`crate::play::{GameError, AccountError, RaceError, ChatError, SearchError}`) get a status,
//! a stable `code` and a sentence a player or an integrator understands.

use actix_web::http::{header, StatusCode};

use super::error::ApiError;
use crate::play::{AccountError, ChatError, Error, GameError, RaceError, SearchError};

impl From<Error> for ApiError {
    fn from(e: Error) -> Self {
        match e {
            Error::Game(e) => e.into(),
            Error::Account(e) => e.into(),
            Error::Race(e) => e.into(),
            Error::Chat(e) => e.into(),
            Error::Search(e) => e.into(),
            Error::Store(e) => e.into(),
            Error::Internal(what) => Self::internal("internal error", what),
        }
    }
}

/// A game's refusals.
impl From<GameError> for ApiError {
    fn from(e: GameError) -> Self {
        match e {
            GameError::GameNotFound => Self::game_not_found(),
            GameError::Stale { current } => Self::version_conflict(current),
            GameError::KeyReused => Self::key_reused(),
            GameError::Contended => Self::conflict(
                "concurrent_update",
                "Other requests kept changing this game at the same moment; nothing was \
                 applied. Please retry.",
            ),
            GameError::Illegal(reason) => Self::illegal(reason),
            GameError::DailyClosed => Self::conflict(
                "daily_closed",
                "This daily challenge ended at midnight UTC: its ranked attempt can no longer \
                 be played.",
            ),
            GameError::RankedAttemptInProgress => Self::conflict(
                "ranked_attempt_in_progress",
                "Your ranked attempt at today's challenge is still in progress: finish or \
                 resign it before starting a practice attempt.",
            ),
            GameError::ActionLimit { limit } => Self::conflict(
                "action_limit",
                format!(
                    "This game has reached the limit of {limit} actions: it can only be \
                     resigned now. Start a new game (or restart this deal) to play on."
                ),
            ),
            GameError::RoundNotStarted => Self::conflict(
                "round_not_started",
                "This race round has not started yet: its game opens when the countdown ends.",
            ),
            GameError::RaceGame => Self::conflict(
                "race_game",
                "A race game cannot be restarted: everyone in the race plays one game of the \
                 deal.",
            ),
            GameError::WinnableUnavailable {
                difficulty,
                proving,
            } => {
                let detail = if proving {
                    format!(
                        "No proven {} deal of this kind is ready yet; the server is proving \
                         some now. Try again in a few seconds.",
                        difficulty.name()
                    )
                } else {
                    format!(
                        "No proven {} deal of this kind is ready, and none is being proven now \
                         (this server proves deals of a few kinds at a time, or none). Try the \
                         standard rules, or again later.",
                        difficulty.name()
                    )
                };
                Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "winnable_deal_unavailable",
                    "No winnable deal ready",
                    detail,
                )
                .with_header(header::RETRY_AFTER, "5")
            }
            GameError::WinnableQuota {
                limit,
                retry_after_s,
            } => Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "winnable_quota",
                "Too many winnable games",
                format!(
                    "You have started {limit} games on proven winnable deals in the last hour, \
                     as many as one player may: try again in {retry_after_s} second(s), or start \
                     an ordinary game meanwhile."
                ),
            )
            .with_header(header::RETRY_AFTER, retry_after_s.to_string()),
            GameError::TooManyGames { most } => Self::conflict(
                "too_many_games",
                format!(
                    "You already have {most} games in progress, as many as one player may: \
                     finish or resign one (GET /v1/users/me/games lists them), then start \
                     another."
                ),
            ),
            GameError::GuestCannotImport => Self::new(
                StatusCode::FORBIDDEN,
                "guest_account",
                "Forbidden",
                "A guest account cannot import games: give it a username and password first \
                 (POST /v1/users/me/upgrade).",
            ),
            GameError::ImportAllowance {
                allowance,
                asked,
                retry_after_s,
            } => Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "import_allowance",
                "Too many imported actions",
                if asked as u64 > u64::from(allowance) {
                    format!(
                        "This export holds {asked} actions, more than the {allowance} one account \
                         may import in an hour: it cannot be imported here."
                    )
                } else {
                    format!(
                        "An account may import {allowance} actions an hour, all its imports \
                         together, and this one's {asked} would go past that: try again in \
                         {retry_after_s} second(s)."
                    )
                },
            )
            .with_header(header::RETRY_AFTER, retry_after_s.to_string()),
            GameError::HintsDisabled => Self::new(
                StatusCode::FORBIDDEN,
                "hints_disabled",
                "Forbidden",
                "Hints are off in this game's race room.",
            ),
            GameError::GameInProgress => Self::conflict(
                "game_in_progress",
                "The game is still being played: its analysis would show the hidden cards. \
                 Finish or resign it first.",
            ),
            GameError::DailyNotOver => Self::conflict(
                "daily_not_over",
                "This game plays a daily challenge: its analysis opens once the challenge's day \
                 (UTC) is over, when nobody can play that deal for the day any more.",
            ),
            GameError::RaceRoundInProgress => Self::conflict(
                "race_round_in_progress",
                "This game is part of a race round that is still being played: its analysis \
                 opens once the round is over.",
            ),
        }
    }
}

/// Refusals about accounts, sessions, profiles, apps and tokens.
impl From<AccountError> for ApiError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::UnknownUser => Self::unauthorized(
                "unknown_user",
                "The account this token was issued for does not exist: sign in again.",
            ),
            AccountError::Credentials(problem) => {
                use crate::play::accounts::CredentialProblem as P;
                match problem {
                    P::Username => Self::invalid_request(
                        "A username has 3 to 32 characters: letters, digits, '_', '-' and '.'.",
                    ),
                    P::PasswordLength => {
                        Self::invalid_request("A password has 10 to 128 characters.")
                    }
                    P::PasswordControl => Self::invalid_request(
                        "A password cannot contain control characters (such as tabs or line \
                         breaks).",
                    ),
                    P::PasswordWeak => Self::invalid_request_code(
                        "weak_password",
                        "That password is too easy to guess (a common password, or one \
                         containing the username): choose another.",
                    ),
                }
            }
            AccountError::UsernameTaken => {
                Self::conflict("username_taken", "That username is taken: choose another.")
            }
            AccountError::InvalidCredentials => Self::unauthorized(
                "invalid_credentials",
                "That username and password do not match an account.",
            ),
            AccountError::WrongPassword => Self::new(
                StatusCode::FORBIDDEN,
                "wrong_password",
                "Forbidden",
                "The password given is not this account's password.",
            ),
            AccountError::GuestAccount => Self::new(
                StatusCode::FORBIDDEN,
                "guest_account",
                "Forbidden",
                "A guest account has no password: give it a username and password first \
                 (POST /v1/users/me/upgrade).",
            ),
            AccountError::PasswordRequired => Self::invalid_request_code(
                "password_required",
                "This needs your account's password (`password`): a signed-in session alone \
                 cannot let an app in or link a chat identity.",
            ),
            AccountError::GuestCannotApprove => Self::new(
                StatusCode::FORBIDDEN,
                "guest_account",
                "Forbidden",
                "A guest account cannot let apps in: give it a username and password first \
                 (POST /v1/users/me/upgrade).",
            ),
            AccountError::NotAGuest => Self::conflict(
                "not_a_guest",
                "This account already has a username and password: only a guest account can \
                 be upgraded.",
            ),
            AccountError::AuthBusy => Self::unavailable(
                "auth_busy",
                "The server is busy checking other passwords: try again in a moment.",
            )
            .with_header(header::RETRY_AFTER, "1"),
            AccountError::SessionEnded => Self::unauthorized(
                "session_ended",
                "This session has ended (signed out, signed out everywhere, or the password \
                 changed): sign in again.",
            ),
            AccountError::OAuthRequest(sentence) => Self::invalid_request(sentence),
            AccountError::GuestHasNoProfile => Self::new(
                StatusCode::FORBIDDEN,
                "guest_account",
                "Forbidden",
                "A guest account has no public profile: sign up (POST /v1/users/me/upgrade \
                 keeps everything) to have one.",
            ),
            AccountError::ProfileNotFound => Self::not_found(
                "There is no public profile by that name (guests have none, and a player may \
                 hide theirs).",
            ),
            AccountError::TooManyTokens { max } => Self::conflict(
                "too_many_tokens",
                format!("You already have {max} active tokens: revoke one first."),
            ),
            AccountError::TokenNotFound => {
                Self::not_found("There is no access token with that id among yours.")
            }
        }
    }
}

/// Race rooms' refusals.
impl From<RaceError> for ApiError {
    fn from(e: RaceError) -> Self {
        match e {
            RaceError::RaceNotFound => Self::not_found("There is no race with that code."),
            RaceError::RaceFull => Self::conflict(
                "race_full",
                format!(
                    "This race already seats {} players.",
                    crate::domain::races::MAX_SEATS
                ),
            ),
            RaceError::NotHost => Self::new(
                StatusCode::FORBIDDEN,
                "not_host",
                "Forbidden",
                "Only the race's host can start a round or remove a seat.",
            ),
            RaceError::RoundInProgress {
                another_start: false,
            } => Self::conflict(
                "round_in_progress",
                "The current round is still on: a new one starts once every player has \
                 finished or quit, or 60 minutes after its start.",
            ),
            RaceError::RoundInProgress {
                another_start: true,
            } => Self::conflict(
                "round_in_progress",
                "Another start of this race got in first.",
            ),
            RaceError::NotRacing => Self::conflict(
                "not_racing",
                "You have no part in a running round of this race (a player who joined during a \
                 round plays from the next one).",
            ),
            RaceError::SeatNameTaken => Self::conflict(
                "name_taken",
                "Another seat in this room already shows that name (case and spaces aside): \
                 join under another name.",
            ),
            RaceError::SeatNameReserved => Self::conflict(
                "name_reserved",
                "Names such as \"CPU 1\" are the room's CPU players': join under another name.",
            ),
            RaceError::SeatNotFound => Self::not_found("There is no such seat in this race."),
            RaceError::HostSeat => Self::conflict(
                "host_seat",
                "The host's seat stays with the room: the host can neither leave nor be removed.",
            ),
            RaceError::SeatInRound => Self::conflict(
                "seat_in_round",
                "This seat plays the round in progress: it can be freed once the round is over \
                 (a player can quit it first).",
            ),
            RaceError::NotSeated => Self::conflict(
                "not_seated",
                "You have no seat in this race: there is nothing to leave.",
            ),
            RaceError::AlreadyDone => Self::conflict(
                "already_done",
                "Your part in this round is over (you finished or quit): there is nothing to \
                 quit.",
            ),
            RaceError::AccountRequired => Self::new(
                StatusCode::FORBIDDEN,
                "account_required",
                "Forbidden",
                "Ranked races are for registered players: sign up (a guest can keep \
                 everything with POST /v1/users/me/upgrade), then join.",
            ),
        }
    }
}

/// Chat platforms' and chat links' refusals.
impl From<ChatError> for ApiError {
    fn from(e: ChatError) -> Self {
        match e {
            ChatError::GuestCannotLink => Self::new(
                StatusCode::FORBIDDEN,
                "guest_account",
                "Forbidden",
                "A guest account cannot link chat identities: give it a username and password \
                 first (POST /v1/users/me/upgrade).",
            ),
            ChatError::ChatReplayed => Self::new(
                StatusCode::UNAUTHORIZED,
                "replayed_request",
                "Unauthorized",
                "This signed request was answered before: a request is accepted once.",
            ),
            ChatError::ChatCodeInvalid => Self::new(
                StatusCode::BAD_REQUEST,
                "invalid_link_code",
                "Invalid link code",
                "That link code is unknown, used or expired: make a new one in your account \
                 (it lasts 10 minutes and works once).",
            ),
            ChatError::ChatLinkNotFound => {
                Self::not_found("There is no chat link with that id among yours.")
            }
            ChatError::ChatAlreadyLinked { username } => Self::conflict(
                "already_linked",
                format!(
                    "This chat identity already plays as {username}: unlink it first to link \
                     another account."
                ),
            ),
            ChatError::ChatNotLinked => Self::conflict(
                "not_linked",
                "This chat identity plays as the account made for it: there is no link to undo.",
            ),
            ChatError::TooManyChatLinks { max } => Self::conflict(
                "too_many_chat_links",
                format!("Your account has {max} chat identities linked already: remove one first."),
            ),
        }
    }
}

/// The search pool's refusals.
impl From<SearchError> for ApiError {
    fn from(e: SearchError) -> Self {
        match e {
            SearchError::SearchBusy => Self::unavailable(
                "search_busy",
                "Every search slot of this server is busy with hints and analyses; nothing was \
                 computed. Try again in a second.",
            )
            .with_header(header::RETRY_AFTER, "1"),
            SearchError::SearchRunning => Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "search_running",
                "Too many requests",
                "You already have a hint or an analysis being searched: one search at a time per \
                 account, so that everyone gets theirs. Ask again when it has answered.",
            )
            .with_header(header::RETRY_AFTER, "1"),
            SearchError::AddressSearchesBusy(share) => Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "address_searches_busy",
                "Too many requests",
                format!(
                    "Hints and analyses from your network address already take {share} search \
                     slot(s), as many as one address may hold at once: ask again when one has \
                     answered."
                ),
            )
            .with_header(header::RETRY_AFTER, "1"),
        }
    }
}
