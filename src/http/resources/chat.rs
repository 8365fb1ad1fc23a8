//! For chat bots: the board as monospace text, and short text commands a person types in a
//! chat. Commands are only a grammar: every action goes through the engine like any other.
//!
//! Grammar (case does not matter; a leading `/` or `!` is ignored):
//! - `3 7`: move from column 3 to column 7 (the group that fits there; into an empty column,
//!   the longest movable group). `3 7 2`: move two cards. `3-7`, `3>7`, `3 to 7`,
//!   `m 3 7` and `move 3 7` also work.
//! - `3`: the best move for the cards at the end of column 3 ("tap a card").
//! - `d` or `deal`, `u` or `undo`, `h` or `hint`, `resign`, `b` or `board`, `help`.

use crate::domain::GameId;
use crate::edge::language::Language;
use crate::t;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::board;
use crate::engine::Game;
use crate::error::{ApiError, Problem};
use crate::i18n::Lang;
use crate::identity::Caller;
use crate::respond;
use crate::wire::{ActionRequest, ActionView, GameStatus};
use crate::AppState;

use crate::play;
use crate::play::commands;
use crate::play::games::Loaded;

/// What a command asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Act(ActionRequest),
    Hint,
    Board,
    Help,
}

/// Parse one chat command.
pub fn parse(text: &str) -> Result<Command, ApiError> {
    if text.chars().count() > crate::edge::contract::COMMAND_MAX {
        return Err(ApiError::invalid_request_code(
            "unknown_command",
            t!(
                "command-too-long",
                max = crate::edge::contract::COMMAND_MAX,
                grammar = t!("command-grammar")
            ),
        ));
    }
    let text = text.trim();
    let text = text
        .strip_prefix('/')
        .or_else(|| text.strip_prefix('!'))
        .unwrap_or(text)
        .trim()
        .to_lowercase();
    if text.is_empty() {
        return Err(ApiError::invalid_request_code(
            "empty_command",
            t!("command-empty", grammar = t!("command-grammar")),
        ));
    }
    let word = match text.as_str() {
        "d" | "deal" => Some(Command::Act(ActionRequest::Deal)),
        "u" | "undo" => Some(Command::Act(ActionRequest::Undo)),
        "resign" => Some(Command::Act(ActionRequest::Resign)),
        "h" | "hint" | "?" => Some(Command::Hint),
        "b" | "board" | "show" => Some(Command::Board),
        "help" => Some(Command::Help),
        _ => None,
    };
    if let Some(command) = word {
        return Ok(command);
    }
    let unknown = || {
        let shown: String = text.chars().take(40).collect();
        ApiError::invalid_request_code(
            "unknown_command",
            t!(
                "command-unknown",
                text = shown,
                grammar = t!("command-grammar")
            ),
        )
    };
    let spaced = text.replace(['-', '>', ',', ':'], " ");
    let mut words: Vec<&str> = spaced.split_whitespace().collect();
    if matches!(words.first(), Some(&"m" | &"move")) {
        words.remove(0);
    }
    let numbers: Vec<u32> = words
        .iter()
        .filter(|w| **w != "to")
        .map(|w| w.parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| unknown())?;
    Ok(Command::Act(match numbers[..] {
        [column] => ActionRequest::Auto {
            column,
            count: None,
        },
        [from, to] => ActionRequest::Move {
            from,
            to,
            count: None,
        },
        [from, to, count] => ActionRequest::Move {
            from,
            to,
            count: Some(count),
        },
        _ => return Err(unknown()),
    }))
}

/// The body of `POST /v1/games/{id}/commands` (or send the command itself as `text/plain`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"command": "3 7"}))]
pub struct CommandBody {
    #[schema(schema_with = crate::edge::contract::command)]
    pub command: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CommandAnswer {
    /// One sentence: what happened, or the hint.
    pub message: String,
    /// The board after the command, as monospace text.
    pub board: String,
    /// The action applied (columns from 1), if the command changed the game.
    pub action: Option<ActionView>,
    #[schema(value_type = crate::document::names::GameStatus)]
    pub status: GameStatus,
    /// The game's version after the command; also its `ETag`.
    pub version: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BoardText {
    /// The board as monospace text.
    pub text: String,
    pub version: i32,
}

/// Whether the client asked for plain text rather than JSON.
fn wants_text(req: &HttpRequest, default_text: bool) -> bool {
    let Some(accept) = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
    else {
        return default_text;
    };
    let text = accept.contains("text/plain");
    let json = accept.contains("application/json");
    match (text, json) {
        (true, false) => true,
        (false, true) => false,
        _ => default_text,
    }
}

fn text_response(status: StatusCode, version: Option<i32>, body: String) -> HttpResponse {
    let mut response = HttpResponse::build(status);
    response.insert_header((
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    ));
    if let Some(version) = version {
        response.insert_header((header::ETAG, format!("\"{version}\"")));
    }
    response.body(body)
}

/// A refusal as the client wants it: problem+json with the board, or plain text.
fn refusal(req: &HttpRequest, mut error: ApiError, board: Option<String>) -> HttpResponse {
    error.board = board.map(String::into_boxed_str);
    let lang = crate::edge::language::of_headers(req);
    if wants_text(req, false) {
        let mut body = error.detail.render(lang);
        if let Some(board) = &error.board {
            body.push_str("\n\n");
            body.push_str(board);
        }
        let mut response = text_response(error.status, None, body);
        for (name, value) in &error.headers {
            if let Ok(value) = HeaderValue::from_str(value) {
                response.headers_mut().insert(name.clone(), value);
            }
        }
        return response;
    }
    error.response_in(lang)
}

pub(crate) fn board_of(game: &Game, lang: Lang) -> String {
    board::text(&game.view(), lang)
}

/// The board as monospace text for a chat message: a header line (variant, suits, score,
/// deals left, runs), the column numbers, then one row per card depth with `##` for a
/// face-down card and `..` for an empty column. Send `Accept: text/plain` for the text
/// itself; otherwise it comes wrapped in JSON.
#[utoipa::path(
    tag = "chat",
    operation_id = "getBoard",
    params(("id" = String, Path, description = "Game id")),
    security(("bearer" = []), ("token" = ["games:read"])),
    responses(
        (status = 200, description = "The board (JSON unless `Accept: text/plain`)", content(
            (BoardText = "application/json"),
            (String = "text/plain", example = "spider 1 suit · score 500 · stock 5 deals left · runs 0/8\n   1   2   3   4   5   6   7   8   9  10\n  ##  ##  ##  ##  ##  ##  ##  ##  ##  ##\n  ...\n"),
        ), headers(("ETag" = String, description = "The game's version"))),
        (status = 404, description = "No such game among yours"),
    )
)]
#[get("/games/{id}/board")]
pub async fn get_board(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<GameId>,
    req: HttpRequest,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(crate::identity::Scope::GamesRead)?;
    let p = state.play.clone();
    let Loaded { row, game, .. } =
        play::blocking(move || play::games::load(&p, &caller.user_id, &id)).await?;
    let text = board_of(&game, lang);
    Ok(if wants_text(&req, false) {
        text_response(StatusCode::OK, Some(row.version), text)
    } else {
        let body = respond::to_json(&BoardText {
            text,
            version: row.version,
        })?;
        respond::json_response(StatusCode::OK, row.version, body)
    })
}

/// The most bytes a command body may have: a command is a few words.
const COMMAND_LIMIT: usize = 4_096;

/// Run a chat command on a game: `3 7` (move from column 3 to 7), `3 7 2` (two cards), `3`
/// (the best move from column 3), `d`/`deal`, `u`/`undo`, `h`/`hint`, `b`/`board`, `resign`,
/// `help`. Also `3-7`, `3>7`, `3 to 7` and `move 3 7`; case does not matter and a leading
/// `/` or `!` is ignored.
///
/// Send `{"command": "3 7"}` as JSON or the command itself as `text/plain`. The answer has
/// the new board and a sentence; with `Accept: text/plain` it is the sentence, a blank line
/// and the board. A refusal changes nothing: a problem with a `code`, the reason in one
/// sentence and the unchanged `board` (with `Accept: text/plain`: the reason, then the board,
/// as text).
#[utoipa::path(
    tag = "chat",
    operation_id = "runCommand",
    params(("id" = String, Path, description = "Game id")),
    request_body(content(
        (CommandBody = "application/json"),
        (crate::edge::contract::CommandText = "text/plain", example = "3 7"),
    )),
    security(("bearer" = []), ("token" = ["games:write"])),
    responses(
        (status = 200, description = "The command ran", content(
            (CommandAnswer = "application/json"),
            (String = "text/plain"),
        ), headers(("ETag" = String, description = "The game's version"))),
        (status = 400, description = "Not a command (`unknown_command`, `empty_command`), or a malformed body", content((Problem = "application/problem+json"), (String = "text/plain"))),
        (status = 403, description = "Hints are off in this race game (`hints_disabled`)", content((Problem = "application/problem+json"), (String = "text/plain"))),
        (status = 404, description = "No such game among yours", content((Problem = "application/problem+json"), (String = "text/plain"))),
        (status = 409, description = "The game is over (`game_over`), a ranked daily whose day has ended (`daily_closed`), or an undo under the `no_reveal` mode would take back a deal or a move that turned a card over (`undo_would_hide_card`)", content((Problem = "application/problem+json"), (String = "text/plain"))),
        (status = 422, description = "The rules refuse the action: `code` names the rule, `board` shows the unchanged board", content((Problem = "application/problem+json"), (String = "text/plain"))),
        (status = 503, description = "A hint (`h`) found every search slot busy (`search_busy`): retry after `Retry-After` seconds", content((Problem = "application/problem+json"), (String = "text/plain")),
            headers(("Retry-After" = String, description = "Seconds to wait"))),
    )
)]
#[post("/games/{id}/commands")]
pub async fn run_command(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<GameId>,
    payload: web::Payload,
    req: HttpRequest,
    Language(lang): Language,
) -> Result<HttpResponse, ApiError> {
    caller.require(crate::identity::Scope::GamesWrite)?;
    let body = crate::edge::contract::read_body(payload, COMMAND_LIMIT, t!("body-command")).await?;
    let is_json = crate::edge::contract::media_type_is(&req, "application/json");
    let text = if is_json {
        serde_json::from_slice::<CommandBody>(&body)
            .map_err(|e| ApiError::invalid_request(t!("command-body", error = e.to_string())))?
            .command
    } else {
        String::from_utf8(body.clone())
            .map_err(|_| ApiError::invalid_request(t!("command-not-utf8")))?
    };
    let command = match parse(&text) {
        Ok(command) => command,
        Err(e) => return Ok(refusal(&req, e, None)),
    };
    let asked_help = command == Command::Help;
    let id = id.into_inner();
    let text = wants_text(&req, false);
    let command = match command {
        Command::Act(request) => match request.intent() {
            Ok(intent) => commands::Command::Act(intent),
            Err(e) => {
                let board = commands::position(state.play(), &caller.user_id, &id).await;
                return Ok(refusal(&req, e, board.map(|g| board_of(&g, lang))));
            }
        },
        Command::Hint => commands::Command::Hint,
        Command::Board | Command::Help => commands::Command::Board,
    };
    let who = crate::searches::searcher(&state, &caller, &req);
    let answer = match commands::run(state.play(), &who, &id, command).await {
        Ok(commands::Answer::Acted(turn)) => {
            state.metrics.actions_applied.inc();
            CommandAnswer {
                message: board::describe(
                    &turn.before,
                    turn.action,
                    &turn.outcome,
                    &turn.snapshot.view,
                    lang,
                ),
                board: board::text(&turn.snapshot.view, lang),
                action: Some(turn.action.into()),
                status: turn.snapshot.view.status,
                version: turn.snapshot.version,
            }
        }
        Ok(commands::Answer::Shown {
            game,
            version,
            hint,
        }) => CommandAnswer {
            message: match (&hint, asked_help) {
                (Some(hint), _) => board::hint(&hint.reason).render(lang),
                (None, true) => t!("command-grammar").render(lang),
                (None, false) => String::new(),
            },
            board: board_of(&game, lang),
            action: None,
            status: game.status(),
            version,
        },
        Err(commands::Refused { error, game }) => {
            return Ok(refusal(
                &req,
                error.into(),
                game.map(|g| board_of(&g, lang)),
            ))
        }
    };
    let body = render_answer(&answer, text)?;
    Ok(answer_response(text, answer.version, body))
}

/// The body of a command's answer: text (the message, a blank line, the board) or JSON.
fn render_answer(answer: &CommandAnswer, text: bool) -> Result<String, play::Error> {
    if !text {
        return serde_json::to_string(answer).map_err(|e| play::Error::Internal(e.to_string()));
    }
    Ok(if answer.message.is_empty() {
        answer.board.clone()
    } else {
        format!("{}\n\n{}", answer.message, answer.board)
    })
}

fn answer_response(text: bool, version: i32, body: String) -> HttpResponse {
    if text {
        text_response(StatusCode::OK, Some(version), body)
    } else {
        respond::json_response(StatusCode::OK, version, body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document's pattern for a command (`contract::COMMAND`) and this parser agree: a
    /// command the pattern allows parses; one it does not is refused (400), unless it names a
    /// number past the pattern's nine digits, which parses and which the rules then refuse
    /// (422: no such column, no such count).
    mod pattern {
        use super::super::parse;
        use crate::edge::contract;
        use proptest::prelude::*;

        fn agrees(text: &str) -> Result<(), TestCaseError> {
            let fits = contract::fits(&contract::COMMAND, text);
            let parsed = parse(text).is_ok();
            let huge = text
                .split(|c: char| !c.is_ascii_digit())
                .any(|n| n.trim_start_matches('0').len() > 9);
            prop_assert!(
                fits == parsed || (parsed && huge),
                "{text:?}: pattern {fits}, parse {parsed}"
            );
            Ok(())
        }

        #[test]
        fn on_known_commands() {
            for text in [
                "3 7",
                " 3 7 ",
                "3-7",
                "3>7",
                "3 to 7",
                "to 3",
                "move 3 7",
                "M 3,7",
                "/3 7 2",
                "! 3",
                "-3 7",
                "3 7 2 1",
                "d",
                "DEAL",
                "/ u",
                "!undo",
                "resign",
                "h",
                "?",
                "b",
                "show",
                "help",
                "m",
                "move",
                "to",
                "",
                " ",
                "/",
                "//d",
                "d-",
                "3to7",
                "+3 007",
                "1234567890",
                "0000000003 7",
                "\u{a0}d\u{3000}",
                "\u{85}3\u{85}",
                "\u{feff}d",
                "İ",
                "3 7 ",
                "3\t7",
            ] {
                agrees(text).map_err(|e| e.to_string()).unwrap();
            }
            assert!(parse(&"3".repeat(contract::COMMAND_MAX + 1)).is_err());
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]
            #[test]
            fn on_generated_text(text in "[ \t\u{85}\u{a0}\u{3000}/!?,:>+-]{0,2}(([dDeEaAlLuUnNoOrRsSiIgGhHtTbBwWpPmMvV]{1,6}|[0-9+]{1,4}|[ ,:>-]{1,2}|to|move)[ \t,:>-]{0,2}){0,5}") {
                agrees(&text)?;
            }
        }
    }

    #[test]
    fn every_command_form_parses() {
        let mv = |from, to, count| Command::Act(ActionRequest::Move { from, to, count });
        for (text, expected) in [
            ("3 7", mv(3, 7, None)),
            ("  3   7 ", mv(3, 7, None)),
            ("3-7", mv(3, 7, None)),
            ("3>7", mv(3, 7, None)),
            ("3 to 7", mv(3, 7, None)),
            ("move 3 7", mv(3, 7, None)),
            ("M 3,7", mv(3, 7, None)),
            ("/3 7 2", mv(3, 7, Some(2))),
            (
                "3",
                Command::Act(ActionRequest::Auto {
                    column: 3,
                    count: None,
                }),
            ),
            ("d", Command::Act(ActionRequest::Deal)),
            ("DEAL", Command::Act(ActionRequest::Deal)),
            ("u", Command::Act(ActionRequest::Undo)),
            ("!undo", Command::Act(ActionRequest::Undo)),
            ("resign", Command::Act(ActionRequest::Resign)),
            ("h", Command::Hint),
            ("hint", Command::Hint),
            ("b", Command::Board),
            ("help", Command::Help),
        ] {
            assert_eq!(parse(text).unwrap(), expected, "{text:?}");
        }
        for nonsense in [
            "",
            "  ",
            "fly",
            "3 7 2 1",
            "3 x",
            "1.5 4",
            "99999999999 1",
            "3 7 two",
        ] {
            let e = parse(nonsense).unwrap_err();
            assert_eq!(e.status, StatusCode::BAD_REQUEST, "{nonsense:?}");
            assert!(
                matches!(e.code, "unknown_command" | "empty_command"),
                "{nonsense:?}: {}",
                e.code
            );
            let detail = e.detail.render(Lang::En);
            assert!(detail.contains("`3 7`"), "{detail}");
        }
    }
}
