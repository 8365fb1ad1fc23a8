//! What a chat member's line does, the same on every platform: the grammar's commands run
//! through the use cases every other endpoint calls (`play::games`, `play::daily`,
//! `play::chat`), and the answer is a [`Reply`] each platform renders its own way.

use super::grammar::{self, Line};
use super::{Reply, Room};
use crate::engine::{self, Rules};
use crate::http::chat::{self, Command};
use crate::http::error::ApiError;
use crate::http::AppState;
use crate::play::chat::{self as chat_play, Identity, Member};
use crate::play::games::{Act, Acted, Created, Loaded};
use crate::play::searches::Searcher;
use crate::play::snapshot::{Answer, Replayed};
use crate::play::{ChatError, GameError};
use crate::store::games::GameRow;

/// Run what a chat member typed and say what happened, in `room`; `delivery` names the
/// request (its signature and timestamp, or an update's id), answered once. Every refusal is a sentence for the member;
/// `None` when the request was answered before (a replay), and nothing was done.
pub async fn converse(
    state: &AppState,
    identity: &Identity,
    room: &Room,
    text: &str,
    delivery: &str,
) -> Option<Reply> {
    let digest = crate::auth::secret_hash(delivery);
    let line = grammar::parse(text);
    let needs_member = !matches!(line, Line::Help | Line::Unknown(_));
    // A replay is refused before anything else (limits included); the request is recorded as
    // answered in the same write that finds the member.
    let arrived = chat_play::arrive(&state.play.db, identity, Some(digest), needs_member).await;
    let answered = match arrived {
        Err(crate::play::Error::Chat(ChatError::ChatReplayed)) => return None,
        Err(e) => Err(e.into()),
        Ok(member) => run(state, identity, room, line, member).await,
    };
    Some(answered.unwrap_or_else(|refused: ApiError| Reply {
        sentence: refused.detail,
        board: refused.board,
        public: false,
    }))
}

fn key_of(identity: &Identity) -> String {
    format!(
        "{}|{}|{}",
        identity.platform.name(),
        identity.workspace,
        identity.member
    )
}

async fn run(
    state: &AppState,
    identity: &Identity,
    room: &Room,
    line: Line,
    member: Option<Member>,
) -> Result<Reply, ApiError> {
    let limits = &state.chat;
    if let Some(l) = &limits.member {
        l.count(&key_of(identity), "commands from you")?;
    }
    if let Some(l) = &limits.workspace {
        l.count(
            &format!("{}|{}", identity.platform.name(), room.id),
            "commands from this server",
        )?;
    }
    let Some(member) = member else {
        return Ok(Reply::say(match line {
            Line::Unknown(shown) => {
                format!("I did not understand \"{shown}\".\n{}", grammar::HELP)
            }
            _ => grammar::HELP.to_string(),
        }));
    };
    match line {
        Line::Help | Line::Unknown(_) => Ok(Reply::say(grammar::HELP)),
        Line::New { suits, variant } => new_game(state, &member, suits, variant).await,
        Line::Daily { .. } if room.shared => Ok(Reply::say(PRIVATE_DAILY)),
        Line::Daily { suits } => daily(state, &member, suits).await,
        Line::Games => games(state, &member).await,
        Line::Resume(n) => resume(state, &member, n, room).await,
        Line::Records => records(state, &member).await,
        Line::Link { code, .. } if room.shared => {
            chat_play::burn_code(&state.play.db, &code).await?;
            Ok(Reply::say(
                "That code was typed where others can read it, so it no longer works: make a \
                 new one in your account and send `link CODE` to the bot in a private chat.",
            ))
        }
        Line::Link { code, confirmed } => {
            if let Some(l) = &limits.links {
                l.count(&key_of(identity), "link code attempts from you")?;
            }
            if let Some(l) = &limits.workspace_links {
                l.count(
                    &format!("{}|{}", identity.platform.name(), room.id),
                    "link code attempts from this server",
                )?;
            }
            if !confirmed {
                // Nothing moves until the member says yes: a code someone else made (posted
                // as a trick) would otherwise take their games and history at one word.
                let preview = chat_play::preview_link(&state.play.db, &member, &code).await?;
                return Ok(Reply::say(link_question(identity, &code, &preview)));
            }
            let linked = chat_play::link(&state.play.db, &member, &code).await?;
            let mut sentence = format!(
                "Linked: your {} account now plays as {}.",
                identity.platform.title(),
                linked.username
            );
            match linked.folded.games {
                0 => {}
                1 => sentence.push_str(" Your 1 game here moved to it."),
                n => sentence.push_str(&format!(" Your {n} games here moved to it.")),
            }
            if linked.folded.practice > 0 {
                sentence.push_str(&format!(
                    " {} ranked daily attempt(s) became practice: a ranked attempt counts only \
                     in the account it was played in.",
                    linked.folded.practice
                ));
            }
            sentence.push_str(" `unlink` undoes it and gives them back.");
            Ok(Reply::say(sentence))
        }
        Line::Unlink => {
            let back = chat_play::unlink(&state.play.db, &member).await?;
            let games = match back {
                0 => "none of your games had moved".to_string(),
                1 => "the 1 game the link moved is back with you".to_string(),
                n => format!("the {n} games the link moved are back with you"),
            };
            Ok(Reply::say(format!(
                "Unlinked: your {} account no longer plays as {}; {games}. Games played while \
                 linked stay with that account.",
                identity.platform.title(),
                member.username
            )))
        }
        Line::Share => share(state, &member).await,
        Line::Play(command) => play_command(state, identity, room, &member, command).await,
    }
}

/// What a link code would do, asked before anything moves.
fn link_question(identity: &Identity, code: &str, preview: &chat_play::LinkPreview) -> String {
    let shown = chat_play::normalize_code(code);
    let shown = match (shown.get(..4), shown.get(4..)) {
        (Some(a), Some(b)) if !b.is_empty() => format!("{a}-{b}"),
        _ => shown,
    };
    let mut sentence = format!(
        "This code links your {} account to the account {}: from then on you play as it here",
        identity.platform.title(),
        preview.username
    );
    match preview.games {
        0 => sentence.push('.'),
        1 => sentence.push_str(", and your 1 game here moves to it."),
        n => sentence.push_str(&format!(", and your {n} games here move to it.")),
    }
    if preview.ranked_dailies > 0 {
        sentence.push_str(&format!(
            " {} ranked daily attempt(s) would become practice.",
            preview.ranked_dailies
        ));
    }
    sentence.push_str(&format!(
        " If that account is yours, send `link {shown} yes`; `unlink` undoes it later and gives \
         your games back. If someone else gave you this code, ignore it: nothing has changed."
    ));
    sentence
}

/// A game the chat just started.
struct Started {
    id: String,
    board: String,
    ranked: bool,
}

fn kind_of(variant: engine::Variant, suits: i32) -> String {
    format!(
        "{} {suits} suit{}",
        variant.name(),
        if suits == 1 { "" } else { "s" }
    )
}

async fn new_game(
    state: &AppState,
    member: &Member,
    suits: engine::Suits,
    variant: engine::Variant,
) -> Result<Reply, ApiError> {
    let new = crate::play::games::NewGame {
        user_id: member.user_id.clone(),
        variant,
        suits,
        rules: Rules::default(),
        deal: crate::play::games::Deal::Random,
        key: None,
    };
    let created = crate::play::games::create(state.play(), new).await?;
    let started = started(created)?;
    chat_play::set_current(&state.play.db, member, &started.id).await?;
    Ok(Reply::with_board(
        format!(
            "New game: {}. Type `3 7` to move from column 3 to 7, `d` to deal, `h` for a hint.",
            kind_of(variant, i32::from(suits.count()))
        ),
        started.board,
    ))
}

fn started(created: Created) -> Result<Started, ApiError> {
    match created {
        Created::New(seen)
        | Created::Replayed(Replayed {
            answer: Answer::Game(seen),
            ..
        }) => Ok(Started {
            id: seen.id.clone(),
            board: seen.view.to_text(),
            ranked: seen.ranked,
        }),
        // The chat starts games without idempotency keys: nothing earlier is remembered.
        Created::Replayed(_) => Err(ApiError::internal(
            "chat game",
            "a game started without a key was answered from memory",
        )),
    }
}

async fn daily(state: &AppState, member: &Member, suits: engine::Suits) -> Result<Reply, ApiError> {
    let play = state.play();
    let variant = engine::Variant::Spider;
    let outcome = crate::play::daily::start(play, &member.user_id, variant, suits, None).await;
    let kind = kind_of(variant, i32::from(suits.count()));
    match outcome {
        Ok(created) => {
            let started = started(created)?;
            chat_play::set_current(&state.play.db, member, &started.id).await?;
            let sentence = if started.ranked {
                format!(
                    "Today's daily challenge, {kind}: this is your ranked attempt. Undo never \
                     takes back a move that turned a card over."
                )
            } else {
                format!(
                    "Today's daily challenge, {kind}: this attempt is practice (your ranked \
                     attempt is made), so it does not reach the board."
                )
            };
            Ok(Reply::with_board(sentence, started.board))
        }
        Err(crate::play::Error::Game(GameError::RankedAttemptInProgress)) => {
            // Back to the ranked attempt the member has in progress.
            let (db, user, date) = (
                state.play.db.clone(),
                member.user_id.clone(),
                state.play.calendar.today().to_string(),
            );
            let ranked = crate::http::blocking(move || {
                let mut conn = db.conn()?;
                Ok(crate::store::daily::ranked_attempt(
                    &mut conn,
                    &user,
                    &date,
                    variant,
                    i32::from(suits.count()),
                )?)
            })
            .await?;
            let Some(row) = ranked else {
                return Err(crate::play::Error::Game(GameError::RankedAttemptInProgress).into());
            };
            chat_play::set_current(&state.play.db, member, &row.id).await?;
            let board = load(state, member, &row.id).await?;
            Ok(Reply::with_board(
                format!(
                    "Your ranked attempt at today's {kind} daily is in progress: it is your \
                     current game again."
                ),
                chat::board_of(&board.game),
            ))
        }
        Err(e) => Err(e.into()),
    }
}

async fn load(state: &AppState, member: &Member, id: &str) -> Result<Loaded, ApiError> {
    let (db, user, id) = (
        state.play.db.clone(),
        member.user_id.clone(),
        id.to_string(),
    );
    Ok(crate::play::blocking(move || crate::play::games::load(&db, &user, &id)).await?)
}

/// Games `games` lists (the newest in progress).
const LISTED: i64 = 20;

/// Why a daily is not played where others read the replies.
const PRIVATE_DAILY: &str = "The daily challenge is played in a private chat with the bot: \
    here everyone would see its cards. Send `daily` to the bot directly.";

/// Whether `row` is a daily whose day is still on: its board would show that day's cards.
fn secret_here(state: &AppState, row: &GameRow) -> Result<bool, ApiError> {
    Ok(row
        .daily_date()
        .map_err(crate::play::Error::from)?
        .is_some_and(|date| !state.play.calendar.is_over(date)))
}

/// The member's games in progress, newest first, as `games` numbers them.
async fn in_progress(state: &AppState, member: &Member) -> Result<Vec<GameRow>, ApiError> {
    let (db, user) = (state.play.db.clone(), member.user_id.clone());
    crate::http::blocking(move || {
        let mut conn = db.conn()?;
        Ok(crate::store::games::in_progress_list(
            &mut conn, &user, LISTED,
        )?)
    })
    .await
}

async fn games(state: &AppState, member: &Member) -> Result<Reply, ApiError> {
    let rows = in_progress(state, member).await?;
    if rows.is_empty() {
        return Ok(Reply::say(
            "You have no game in progress: type `new` to start one, or `daily`.",
        ));
    }
    let mut lines = vec!["Your games in progress:".to_string()];
    for (n, row) in rows.iter().enumerate() {
        let current = if member.current_game.as_deref() == Some(row.id.as_str()) {
            " (current)"
        } else {
            ""
        };
        let daily = match (&row.daily_date, row.ranked) {
            (Some(date), true) => format!(", ranked daily {date}"),
            (Some(date), false) => format!(", practice daily {date}"),
            _ => String::new(),
        };
        lines.push(format!(
            "{}. {}{daily} · score {} · {} moves · runs {}{current}",
            n + 1,
            kind_of(row.variant, row.suits),
            row.score,
            row.actions,
            row.runs_completed,
        ));
    }
    lines.push("Type `resume N` to play one.".to_string());
    Ok(Reply::say(lines.join("\n")))
}

async fn resume(
    state: &AppState,
    member: &Member,
    n: usize,
    room: &Room,
) -> Result<Reply, ApiError> {
    let rows = in_progress(state, member).await?;
    let Some(row) = rows.get(n - 1) else {
        return Ok(Reply::say(format!(
            "There is no game {n} among your {} listed in progress: type `games` to see them \
             numbered.",
            rows.len()
        )));
    };
    if room.shared && secret_here(state, row)? {
        return Ok(Reply::say(PRIVATE_DAILY));
    }
    chat_play::set_current(&state.play.db, member, &row.id).await?;
    let loaded = load(state, member, &row.id).await?;
    Ok(Reply::with_board(
        format!("Back to game {n}: {}.", kind_of(row.variant, row.suits)),
        chat::board_of(&loaded.game),
    ))
}

fn minutes(ms: i64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

async fn records(state: &AppState, member: &Member) -> Result<Reply, ApiError> {
    let (db, user) = (state.play.db.clone(), member.user_id.clone());
    let rows = crate::http::blocking(move || {
        let mut conn = db.conn()?;
        Ok(crate::store::records::for_user(&mut conn, &user)?)
    })
    .await?;
    let rows: Vec<_> = rows.into_iter().filter(|r| r.played > 0).collect();
    if rows.is_empty() {
        return Ok(Reply::say(format!(
            "No records yet for {}: finish a game (`new`) and it counts.",
            member.username
        )));
    }
    let mut lines = vec![format!("Records of {}:", member.username)];
    for r in rows {
        let mut line = format!(
            "{}: {} played, {} won",
            kind_of(r.variant, r.suits),
            r.played,
            r.won
        );
        if let Some(best) = r.best_score {
            line.push_str(&format!(", best score {best}"));
        }
        if let Some(ms) = r.fastest_ms {
            line.push_str(&format!(", fastest win {}", minutes(ms)));
        }
        line.push_str(&format!(
            ", streak {} (longest {})",
            r.current_streak, r.longest_streak
        ));
        lines.push(line);
    }
    Ok(Reply::say(lines.join("\n")))
}

const NO_GAME: &str = "You have no game here yet: type `new` to start one, or `daily` for \
    today's challenge.";

async fn share(state: &AppState, member: &Member) -> Result<Reply, ApiError> {
    let Some(id) = &member.current_game else {
        return Ok(Reply::say(NO_GAME));
    };
    let Loaded { row, game, .. } = load(state, member, id).await?;
    let kind = kind_of(row.variant, row.suits);
    let daily = match (&row.daily_date, row.ranked) {
        (Some(date), true) => format!(" (the ranked daily of {date})"),
        (Some(date), false) => format!(" (a practice daily of {date})"),
        _ => String::new(),
    };
    let sentence =
        match game.status() {
            engine::Status::InProgress => return Ok(Reply::say(
                "Your game is still being played: finish it (or `resign`) and `share` shows its \
                 result here.",
            )),
            engine::Status::Won => format!(
                "{} won {kind}{daily} with a score of {} in {} moves{}.",
                member.username,
                game.score(),
                game.actions(),
                row.duration_ms
                    .map(|ms| format!(", {}", minutes(ms)))
                    .unwrap_or_default(),
            ),
            engine::Status::Resigned => format!(
                "{} resigned {kind}{daily} after {} moves, with {} of {} runs and a score of {}.",
                member.username,
                game.actions(),
                game.runs_completed(),
                game.variant().runs(),
                game.score(),
            ),
        };
    Ok(Reply {
        sentence,
        board: None,
        public: true,
    })
}

async fn play_command(
    state: &AppState,
    identity: &Identity,
    room: &Room,
    member: &Member,
    command: Command,
) -> Result<Reply, ApiError> {
    let Some(id) = member.current_game.clone() else {
        return Ok(Reply::say(NO_GAME));
    };
    if room.shared {
        let (db, user, game) = (state.play.db.clone(), member.user_id.clone(), id.clone());
        let row = crate::http::blocking(move || {
            let mut conn = db.conn()?;
            Ok(crate::store::games::owned(&mut conn, &user, &game)?)
        })
        .await?;
        if let Some(row) = row {
            if secret_here(state, &row)? {
                return Ok(Reply::say(PRIVATE_DAILY));
            }
        }
    }
    let refused = |e: ApiError, board: Option<String>| Reply {
        sentence: e.detail,
        board,
        public: false,
    };
    match command {
        Command::Act(request) => {
            let intent = request.intent()?;
            let act = Act {
                user_id: member.user_id.clone(),
                game_id: id.clone(),
                expected: None,
                key: None,
                intent,
            };
            match crate::play::games::act(state.play(), act).await {
                Ok(Acted::Applied(turn)) => {
                    state.metrics.actions_applied.inc();
                    let message = chat::describe(
                        &turn.before,
                        turn.action,
                        &turn.outcome,
                        &turn.snapshot.view,
                    );
                    Ok(Reply::with_board(message, turn.snapshot.view.to_text()))
                }
                // The chat acts without idempotency keys: nothing is answered from memory.
                Ok(Acted::Replayed(_)) => Err(ApiError::internal(
                    "chat action",
                    "an action without a key was answered from memory",
                )),
                Err(e) => {
                    let board = load(state, member, &id)
                        .await
                        .ok()
                        .map(|l| chat::board_of(&l.game));
                    Ok(refused(e.into(), board))
                }
            }
        }
        Command::Board => {
            let loaded = load(state, member, &id).await?;
            Ok(Reply::with_board(
                String::new(),
                chat::board_of(&loaded.game),
            ))
        }
        Command::Help => Ok(Reply::say(grammar::HELP)),
        Command::Hint => {
            let Loaded { row, log, game } = load(state, member, &id).await?;
            let board = chat::board_of(&game);
            if !row.hints_allowed {
                return Ok(refused(
                    crate::play::Error::Game(GameError::HintsDisabled).into(),
                    Some(board),
                ));
            }
            let who = Searcher {
                account: member.user_id.clone(),
                address: format!("chat:{}:{}", identity.platform.name(), room.id),
            };
            match crate::play::hints::advise(
                state.play(),
                &who,
                game,
                log,
                engine::HintLevel::Normal,
            )
            .await
            {
                Ok(hint) => Ok(Reply::with_board(hint.reason, board)),
                Err(e) => Ok(refused(e.into(), Some(board))),
            }
        }
    }
}
