//! The one place the application's refusals become problems: each area's reasons
//! (`crate::play::{GameError, AccountError, RaceError, ChatError, SearchError}`) get a status,
//! a stable `code` and a sentence a player or an integrator understands.

use actix_web::http::{header, StatusCode};

use super::error::ApiError;
use crate::i18n::Text;
use crate::play::identity::TokenKind;
use crate::play::{
    AccountError, ArenaError, ChatError, Error, GameError, OAuthProblem, PuzzleError, RaceError,
    SearchError,
};
use crate::t;

impl From<Error> for ApiError {
    fn from(e: Error) -> Self {
        match e {
            Error::Game(e) => e.into(),
            Error::Account(e) => e.into(),
            Error::Race(e) => e.into(),
            Error::Chat(e) => e.into(),
            Error::Search(e) => e.into(),
            Error::Puzzle(e) => e.into(),
            Error::Arena(e) => e.into(),
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
            GameError::Contended => Self::conflict("concurrent_update", t!("concurrent-update")),
            GameError::Illegal(reason) => Self::illegal(reason),
            GameError::DailyClosed => Self::conflict("daily_closed", t!("daily-closed")),
            GameError::RankedAttemptInProgress => Self::conflict(
                "ranked_attempt_in_progress",
                t!("ranked-attempt-in-progress"),
            ),
            GameError::ActionLimit { limit } => {
                Self::conflict("action_limit", t!("action-limit", limit = limit))
            }
            GameError::RoundNotStarted => {
                Self::conflict("round_not_started", t!("round-not-started"))
            }
            GameError::RaceGame => Self::conflict("race_game", t!("race-game")),
            GameError::ArenaGame => Self::conflict("arena_game", t!("arena-game")),
            GameError::ArenaRunning => Self::conflict("arena_running", t!("arena-running")),
            GameError::WinnableUnavailable {
                difficulty,
                proving,
            } => {
                let detail = if proving {
                    t!("winnable-proving", difficulty = difficulty.name())
                } else {
                    t!("winnable-none", difficulty = difficulty.name())
                };
                Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "winnable_deal_unavailable",
                    "title-no-winnable-deal",
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
                "title-winnable-quota",
                t!("winnable-quota", limit = limit, seconds = retry_after_s),
            )
            .with_header(header::RETRY_AFTER, retry_after_s.to_string()),
            GameError::TooManyGames { most } => {
                Self::conflict("too_many_games", t!("too-many-games", most = most))
            }
            GameError::GuestCannotImport => {
                Self::forbidden("guest_account", t!("guest-cannot-import"))
            }
            GameError::ImportAllowance {
                allowance,
                asked,
                retry_after_s,
            } => Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "import_allowance",
                "title-import-allowance",
                if asked as u64 > u64::from(allowance) {
                    t!("import-too-large", asked = asked, allowance = allowance)
                } else {
                    t!(
                        "import-allowance",
                        asked = asked,
                        allowance = allowance,
                        seconds = retry_after_s
                    )
                },
            )
            .with_header(header::RETRY_AFTER, retry_after_s.to_string()),
            GameError::HintsDisabled => Self::forbidden("hints_disabled", t!("hints-disabled")),
            GameError::GameInProgress => {
                Self::conflict("game_in_progress", t!("analysis-game-in-progress"))
            }
            GameError::DailyNotOver => {
                Self::conflict("daily_not_over", t!("analysis-daily-not-over"))
            }
            GameError::RaceRoundInProgress => {
                Self::conflict("race_round_in_progress", t!("analysis-race-round"))
            }
        }
    }
}

/// Refusals about accounts, sessions, profiles, apps and tokens.
impl From<AccountError> for ApiError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::UnknownUser => Self::unauthorized("unknown_user", t!("unknown-user")),
            AccountError::Credentials(problem) => {
                use crate::play::credentials::CredentialProblem as P;
                match problem {
                    P::Username => Self::invalid_request(t!("bad-username")),
                    P::PasswordLength => Self::invalid_request(t!("bad-password-length")),
                    P::PasswordControl => Self::invalid_request(t!("bad-password-control")),
                    P::PasswordWeak => {
                        Self::invalid_request_code("weak_password", t!("weak-password"))
                    }
                }
            }
            AccountError::UsernameTaken => Self::conflict("username_taken", t!("username-taken")),
            AccountError::InvalidCredentials => {
                Self::unauthorized("invalid_credentials", t!("invalid-credentials"))
            }
            AccountError::WrongPassword => Self::forbidden("wrong_password", t!("wrong-password")),
            AccountError::GuestAccount => {
                Self::forbidden("guest_account", t!("guest-has-no-password"))
            }
            AccountError::PasswordRequired => {
                Self::invalid_request_code("password_required", t!("password-required"))
            }
            AccountError::GuestCannotApprove => {
                Self::forbidden("guest_account", t!("guest-cannot-approve"))
            }
            AccountError::NotAGuest => Self::conflict("not_a_guest", t!("not-a-guest")),
            AccountError::AuthBusy => Self::unavailable("auth_busy", t!("auth-busy"))
                .with_header(header::RETRY_AFTER, "1"),
            AccountError::SessionEnded => Self::unauthorized("session_ended", t!("session-ended")),
            AccountError::OAuthRequest(problem) => Self::invalid_request(oauth(problem)),
            AccountError::GuestHasNoProfile => {
                Self::forbidden("guest_account", t!("guest-has-no-profile"))
            }
            AccountError::ProfileNotFound => Self::not_found(t!("profile-not-found")),
            AccountError::TooManyTokens { max } => {
                Self::conflict("too_many_tokens", t!("too-many-tokens", max = max))
            }
            AccountError::TokenNotFound => Self::not_found(t!("token-not-found")),
            AccountError::TokenInvalid(TokenKind::Session) => {
                Self::unauthorized("invalid_token", t!("session-token-invalid"))
            }
            AccountError::TokenInvalid(TokenKind::Access) => {
                Self::unauthorized("invalid_token", t!("access-token-invalid"))
            }
            AccountError::TokenExpired(TokenKind::Session) => {
                Self::unauthorized("token_expired", t!("session-token-expired"))
            }
            AccountError::TokenExpired(TokenKind::Access) => {
                Self::unauthorized("token_expired", t!("access-token-expired"))
            }
        }
    }
}

/// Race rooms' refusals.
impl From<RaceError> for ApiError {
    fn from(e: RaceError) -> Self {
        match e {
            RaceError::RaceNotFound => Self::not_found(t!("race-not-found")),
            RaceError::RaceFull => Self::conflict(
                "race_full",
                t!("race-full", seats = crate::domain::races::MAX_SEATS),
            ),
            RaceError::NotHost => Self::forbidden("not_host", t!("not-host")),
            RaceError::RoundInProgress {
                another_start: false,
            } => Self::conflict("round_in_progress", t!("round-in-progress")),
            RaceError::RoundInProgress {
                another_start: true,
            } => Self::conflict("round_in_progress", t!("round-started-elsewhere")),
            RaceError::NotRacing => Self::conflict("not_racing", t!("not-racing")),
            RaceError::SeatNameTaken => Self::conflict("name_taken", t!("seat-name-taken")),
            RaceError::SeatNameReserved => {
                Self::conflict("name_reserved", t!("seat-name-reserved"))
            }
            RaceError::SeatNotFound => Self::not_found(t!("seat-not-found")),
            RaceError::HostSeat => Self::conflict("host_seat", t!("host-seat")),
            RaceError::SeatInRound => Self::conflict("seat_in_round", t!("seat-in-round")),
            RaceError::NotSeated => Self::conflict("not_seated", t!("not-seated")),
            RaceError::AlreadyDone => Self::conflict("already_done", t!("already-done")),
            RaceError::AccountRequired => {
                Self::forbidden("account_required", t!("race-account-required"))
            }
        }
    }
}

/// Chat platforms' and chat links' refusals.
impl From<ChatError> for ApiError {
    fn from(e: ChatError) -> Self {
        match e {
            ChatError::GuestCannotLink => Self::forbidden("guest_account", t!("guest-cannot-link")),
            ChatError::ChatReplayed => Self::new(
                StatusCode::UNAUTHORIZED,
                "replayed_request",
                "title-unauthorized",
                t!("replayed-request"),
            ),
            ChatError::ChatCodeInvalid => Self::new(
                StatusCode::BAD_REQUEST,
                "invalid_link_code",
                "title-invalid-link-code",
                t!("invalid-link-code"),
            ),
            ChatError::ChatLinkNotFound => Self::not_found(t!("chat-link-not-found")),
            ChatError::ChatAlreadyLinked { username } => {
                Self::conflict("already_linked", t!("already-linked", username = username))
            }
            ChatError::ChatNotLinked => Self::conflict("not_linked", t!("not-linked")),
            ChatError::TooManyChatLinks { max } => {
                Self::conflict("too_many_chat_links", t!("too-many-chat-links", max = max))
            }
        }
    }
}

/// The search pool's refusals.
impl From<SearchError> for ApiError {
    fn from(e: SearchError) -> Self {
        match e {
            SearchError::SearchBusy => Self::unavailable("search_busy", t!("search-busy"))
                .with_header(header::RETRY_AFTER, "1"),
            SearchError::SearchRunning => Self::too_many("search_running", t!("search-running"))
                .with_header(header::RETRY_AFTER, "1"),
            SearchError::AddressSearchesBusy(share) => Self::too_many(
                "address_searches_busy",
                t!("address-searches-busy", share = share),
            )
            .with_header(header::RETRY_AFTER, "1"),
        }
    }
}

/// What is wrong with an app's sign-in request, for the app's developer.
fn oauth(problem: OAuthProblem) -> Text {
    match problem {
        OAuthProblem::ClientId => t!("oauth-client-id"),
        OAuthProblem::RedirectUri => t!("oauth-redirect-uri"),
        OAuthProblem::ResponseType => t!("oauth-response-type"),
        OAuthProblem::ChallengeMethod => t!("oauth-challenge-method"),
        OAuthProblem::PkceRequired => t!("oauth-pkce-required"),
        OAuthProblem::Challenge => t!("oauth-challenge"),
        OAuthProblem::UnknownScope(scope) => t!("oauth-unknown-scope", scope = scope),
        OAuthProblem::NoScope => t!("oauth-no-scope"),
        OAuthProblem::State => t!("oauth-state"),
    }
}

/// Refusals of puzzles.
impl From<PuzzleError> for ApiError {
    fn from(e: PuzzleError) -> Self {
        match e {
            PuzzleError::NotFound => Self::new(
                StatusCode::NOT_FOUND,
                "puzzle_not_found",
                "title-not-found",
                t!("puzzle-not-found"),
            ),
            PuzzleError::NoneLeft => Self::new(
                StatusCode::NOT_FOUND,
                "no_puzzle",
                "title-not-found",
                t!("puzzle-none-left"),
            ),
            PuzzleError::TooManyMoves { within } => Self::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "too_many_moves",
                "title-puzzle-move",
                t!("puzzle-too-many-moves", within = within),
            ),
            PuzzleError::IllegalMove { at } => Self::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal_puzzle_move",
                "title-puzzle-move",
                t!("puzzle-illegal-move", number = at + 1),
            ),
            PuzzleError::StreakNotFound => Self::new(
                StatusCode::NOT_FOUND,
                "streak_not_found",
                "title-not-found",
                t!("puzzle-streak-not-found"),
            ),
            PuzzleError::StreakOver => Self::conflict("streak_over", t!("puzzle-streak-over")),
            PuzzleError::StreakMovedOn => {
                Self::conflict("streak_moved_on", t!("puzzle-streak-moved-on"))
            }
        }
    }
}

/// Refusals of arenas.
impl From<ArenaError> for ApiError {
    fn from(e: ArenaError) -> Self {
        use crate::play::arenas::{FURTHEST_START, LONGEST, SHORTEST, TITLE_MOST};
        match e {
            ArenaError::NotFound => Self::new(
                StatusCode::NOT_FOUND,
                "arena_not_found",
                "title-not-found",
                t!("arena-not-found"),
            ),
            ArenaError::AccountRequired => {
                Self::forbidden("account_required", t!("arena-account-required"))
            }
            ArenaError::NotStarted => Self::conflict("arena_not_started", t!("arena-not-started")),
            ArenaError::Over => Self::conflict("arena_over", t!("arena-over")),
            ArenaError::NotJoined => Self::conflict("not_in_arena", t!("arena-not-joined")),
            ArenaError::DealInPlay { .. } => {
                Self::conflict("arena_deal_in_play", t!("arena-deal-in-play"))
            }
            ArenaError::NoMoreDeals => {
                Self::conflict("arena_no_more_deals", t!("arena-no-more-deals"))
            }
            ArenaError::DealNotReady => Self::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "arena_deal_not_ready",
                "title-unavailable",
                t!("arena-deal-not-ready"),
            )
            .with_header(header::RETRY_AFTER, "2"),
            ArenaError::TooMany { most: 0, .. } => {
                Self::forbidden("arenas_off", t!("arena-none-allowed"))
            }
            ArenaError::TooMany {
                most,
                retry_after_s,
            } => Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_arenas",
                "title-too-many-requests",
                t!("arena-too-many", most = most, seconds = retry_after_s),
            )
            .with_header(header::RETRY_AFTER, retry_after_s.to_string()),
            ArenaError::BadLength => Self::new(
                StatusCode::BAD_REQUEST,
                "arena_length",
                "title-invalid-request",
                t!("arena-bad-length", shortest = SHORTEST, longest = LONGEST),
            ),
            ArenaError::BadStart => Self::new(
                StatusCode::BAD_REQUEST,
                "arena_start",
                "title-invalid-request",
                t!("arena-bad-start", most = FURTHEST_START),
            ),
            ArenaError::BadTitle => Self::new(
                StatusCode::BAD_REQUEST,
                "arena_title",
                "title-invalid-request",
                t!("arena-bad-title", most = TITLE_MOST),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Card, Difficulty, Illegal, Rank, Suit};
    use crate::i18n::Lang;
    use crate::play::credentials::CredentialProblem as P;

    /// One of each refusal the application layer hands the HTTP layer.
    fn every_refusal() -> Vec<Error> {
        let card = |r| Card::new(Rank::new(r).unwrap_or(Rank::ACE), Suit::Hearts);
        let illegal = [
            Illegal::GameOver,
            Illegal::NoSuchColumn { column: 11 },
            Illegal::SameColumn,
            Illegal::EmptyGroup,
            Illegal::NotEnoughFaceUp {
                column: 2,
                count: 3,
                face_up: 1,
            },
            Illegal::GroupNotSameSuit,
            Illegal::GroupNotInSequence,
            Illegal::LandingRankMismatch {
                card: card(6),
                onto: card(12),
            },
            Illegal::DealWithEmptyColumn,
            Illegal::StockEmpty,
            Illegal::NothingToUndo,
            Illegal::UndoDisabled,
            Illegal::UndoWouldHideCard,
            Illegal::NoDestination { column: 4 },
        ];
        let games = [
            GameError::GameNotFound,
            GameError::Stale { current: 7 },
            GameError::KeyReused,
            GameError::Contended,
            GameError::DailyClosed,
            GameError::RankedAttemptInProgress,
            GameError::WinnableQuota {
                limit: 5,
                retry_after_s: 1,
            },
            GameError::ActionLimit { limit: 5000 },
            GameError::RoundNotStarted,
            GameError::RaceGame,
            GameError::ArenaGame,
            GameError::ArenaRunning,
            GameError::WinnableUnavailable {
                difficulty: Difficulty::Hard,
                proving: true,
            },
            GameError::WinnableUnavailable {
                difficulty: Difficulty::Easy,
                proving: false,
            },
            GameError::TooManyGames { most: 50 },
            GameError::HintsDisabled,
            GameError::GameInProgress,
            GameError::DailyNotOver,
            GameError::RaceRoundInProgress,
            GameError::GuestCannotImport,
            GameError::ImportAllowance {
                allowance: 2000,
                asked: 5000,
                retry_after_s: 60,
            },
            GameError::ImportAllowance {
                allowance: 2000,
                asked: 10,
                retry_after_s: 2,
            },
        ];
        let accounts = [
            AccountError::UnknownUser,
            AccountError::Credentials(P::Username),
            AccountError::Credentials(P::PasswordLength),
            AccountError::Credentials(P::PasswordControl),
            AccountError::Credentials(P::PasswordWeak),
            AccountError::UsernameTaken,
            AccountError::InvalidCredentials,
            AccountError::WrongPassword,
            AccountError::GuestAccount,
            AccountError::PasswordRequired,
            AccountError::GuestCannotApprove,
            AccountError::NotAGuest,
            AccountError::AuthBusy,
            AccountError::SessionEnded,
            AccountError::GuestHasNoProfile,
            AccountError::ProfileNotFound,
            AccountError::OAuthRequest(OAuthProblem::ClientId),
            AccountError::OAuthRequest(OAuthProblem::RedirectUri),
            AccountError::OAuthRequest(OAuthProblem::ResponseType),
            AccountError::OAuthRequest(OAuthProblem::ChallengeMethod),
            AccountError::OAuthRequest(OAuthProblem::PkceRequired),
            AccountError::OAuthRequest(OAuthProblem::Challenge),
            AccountError::OAuthRequest(OAuthProblem::UnknownScope("games:delete".into())),
            AccountError::OAuthRequest(OAuthProblem::NoScope),
            AccountError::OAuthRequest(OAuthProblem::State),
            AccountError::TooManyTokens { max: 20 },
            AccountError::TokenNotFound,
            AccountError::TokenInvalid(TokenKind::Session),
            AccountError::TokenInvalid(TokenKind::Access),
            AccountError::TokenExpired(TokenKind::Session),
            AccountError::TokenExpired(TokenKind::Access),
        ];
        let races = [
            RaceError::RaceNotFound,
            RaceError::RaceFull,
            RaceError::NotHost,
            RaceError::RoundInProgress {
                another_start: false,
            },
            RaceError::RoundInProgress {
                another_start: true,
            },
            RaceError::NotRacing,
            RaceError::SeatNameTaken,
            RaceError::SeatNameReserved,
            RaceError::SeatNotFound,
            RaceError::HostSeat,
            RaceError::SeatInRound,
            RaceError::NotSeated,
            RaceError::AlreadyDone,
            RaceError::AccountRequired,
        ];
        let chats = [
            ChatError::GuestCannotLink,
            ChatError::ChatReplayed,
            ChatError::ChatCodeInvalid,
            ChatError::ChatLinkNotFound,
            ChatError::ChatAlreadyLinked {
                username: "ann".into(),
            },
            ChatError::ChatNotLinked,
            ChatError::TooManyChatLinks { max: 20 },
        ];
        let arenas = [
            ArenaError::NotFound,
            ArenaError::AccountRequired,
            ArenaError::NotStarted,
            ArenaError::Over,
            ArenaError::NotJoined,
            ArenaError::DealInPlay {
                game_id: "g".to_string().into(),
            },
            ArenaError::NoMoreDeals,
            ArenaError::DealNotReady,
            ArenaError::TooMany {
                most: 3,
                retry_after_s: 60,
            },
            ArenaError::TooMany {
                most: 0,
                retry_after_s: 60,
            },
            ArenaError::BadLength,
            ArenaError::BadStart,
            ArenaError::BadTitle,
        ];
        let searches = [
            SearchError::SearchBusy,
            SearchError::SearchRunning,
            SearchError::AddressSearchesBusy(2),
        ];
        illegal
            .into_iter()
            .map(|r| Error::Game(GameError::Illegal(r)))
            .chain(games.into_iter().map(Error::Game))
            .chain(accounts.into_iter().map(Error::Account))
            .chain(races.into_iter().map(Error::Race))
            .chain(chats.into_iter().map(Error::Chat))
            .chain(searches.into_iter().map(Error::Search))
            .chain(arenas.into_iter().map(Error::Arena))
            .collect()
    }

    #[test]
    fn every_refusal_code_renders_in_each_language() {
        let all = every_refusal();
        assert!(all.len() > 80, "{}", all.len());
        for error in all {
            let name = format!("{error:?}");
            let refused = ApiError::from(error);
            let english = refused.problem_in(Lang::En);
            for lang in Lang::ALL {
                let mut errors = Vec::new();
                let detail = refused.detail.render_checked(lang, &mut errors);
                let title = Text::new(refused.title).render_checked(lang, &mut errors);
                assert!(errors.is_empty(), "{name} in {}: {errors:?}", lang.tag());
                let problem = refused.problem_in(lang);
                assert_eq!(problem.detail, detail);
                assert_eq!(problem.title, title);
                // The API's part never changes; the words do (every language here writes
                // every refusal in its own words).
                assert_eq!(problem.code, english.code);
                assert_eq!(problem.type_, english.type_);
                assert_eq!(problem.status, english.status);
                if lang != Lang::En {
                    assert_ne!(problem.detail, english.detail, "{name} in {}", lang.tag());
                }
            }
        }
    }
}
