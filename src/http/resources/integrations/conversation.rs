//! What a chat member's line does, the same on every platform: the grammar's commands run
//! through the use cases every other endpoint calls (`play::games`, `play::daily`,
//! `play::chat`), and the answer is a [`Reply`] each platform renders its own way.

use super::grammar::{self, Line};
use super::{kind_of, member_text, Reply, Room};
use crate::board;
use crate::engine;
use crate::error::ApiError;
use crate::i18n::{Lang, Text};
use crate::play::chat::{self as chat_play, Identity, Member};
use crate::play::commands;
use crate::play::games::{Created, Loaded};
use crate::play::searches::Searcher;
use crate::play::snapshot::{Answer, Replayed};
use crate::play::ChatError;
use crate::resources::chat::{self, Command};
use crate::t;
use crate::AppState;

/// Run what a chat member typed and say what happened, in `room`, in the language the member
/// chose with `lang`, else the platform's `locale` (English when it has none or names one the
/// service does not speak); `delivery` names the
/// request (its signature and timestamp, or an update's id), answered once. Every refusal is a sentence for the member;
/// `None` when the request was answered before (a replay), and nothing was done.
pub async fn converse(
    state: &AppState,
    identity: &Identity,
    room: &Room,
    text: &str,
    delivery: &str,
    locale: Option<Lang>,
) -> Option<Reply> {
    let mut lang = locale.unwrap_or_default();
    let digest = crate::play::identity::secret_hash(delivery);
    let line = grammar::parse(text);
    let needs_member = !matches!(line, Line::Help | Line::Unknown(_));
    // A replay is refused before anything else (limits included); the request is recorded as
    // answered in the same write that finds the member.
    let arrived = chat_play::arrive(state.play(), identity, Some(digest), needs_member).await;
    let answered = match arrived {
        Err(crate::play::Error::Chat(ChatError::ChatReplayed)) => return None,
        Err(e) => Err(e.into()),
        Ok(member) => {
            if let Some(chosen) = member.as_ref().and_then(|m| m.language) {
                lang = chosen;
            }
            run(state, identity, room, line, member, (lang, locale)).await
        }
    };
    Some(answered.unwrap_or_else(|refused: ApiError| Reply {
        sentence: refused.detail.render(lang),
        board: refused.board.map(String::from),
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
    (lang, locale): (Lang, Option<Lang>),
) -> Result<Reply, ApiError> {
    let say = |text: Text| Reply::say(text.render(lang));
    let limits = &state.chat;
    if let Some(l) = &limits.member {
        l.count(&key_of(identity), t!("attempts-chat-commands"))?;
    }
    if let Some(l) = &limits.workspace {
        l.count(
            &format!("{}|{}", identity.platform.name(), room.id),
            t!("attempts-chat-commands-server"),
        )?;
    }
    let Some(member) = member else {
        return Ok(match line {
            Line::Unknown(shown) => say(t!("chat-not-understood", text = member_text(&shown))),
            _ => say(t!("chat-help")),
        });
    };
    match line {
        Line::Help | Line::Unknown(_) => Ok(say(t!("chat-help"))),
        Line::New { suits, variant } => new_game(state, &member, suits, variant, lang).await,
        Line::Daily { .. } if room.shared => Ok(say(t!("chat-private-daily"))),
        Line::Daily { suits } => daily(state, &member, suits, lang).await,
        Line::Puzzle(Some(asked)) => puzzle(state, &member, asked, lang).await,
        Line::Puzzle(None) => Ok(say(
            if commands::puzzle_stop(state.play(), &member).await? {
                t!("chat-puzzle-stopped")
            } else {
                t!("chat-puzzle-none")
            },
        )),
        Line::Play(command) if member.puzzle.is_some() => {
            puzzle_command(state, &member, command, lang).await
        }
        Line::Arena(asked) => {
            super::arenas::arena(state, identity, room, &member, asked, lang).await
        }
        Line::Games => games(state, &member, lang).await,
        Line::Resume(n) => resume(state, &member, n, room, lang).await,
        Line::Records => records(state, &member, lang).await,
        Line::Link { code, .. } if room.shared => {
            chat_play::burn_code(state.play(), &code).await?;
            Ok(say(t!("chat-code-burned")))
        }
        Line::Link { code, confirmed } => {
            if let Some(l) = &limits.links {
                l.count(&key_of(identity), t!("attempts-link-codes"))?;
            }
            if let Some(l) = &limits.workspace_links {
                l.count(
                    &format!("{}|{}", identity.platform.name(), room.id),
                    t!("attempts-link-codes-server"),
                )?;
            }
            if !confirmed {
                // Nothing moves until the member says yes: a code someone else made (posted
                // as a trick) would otherwise take their games and history at one word.
                let preview = chat_play::preview_link(state.play(), &member, &code).await?;
                return Ok(say(link_question(identity, &code, &preview)));
            }
            let linked = match chat_play::link(state.play(), &member, &code).await? {
                chat_play::LinkStep::Linked(linked) => linked,
                chat_play::LinkStep::Asked(preview) => {
                    return Ok(say(link_question(identity, &code, &preview)))
                }
            };
            Ok(say(t!(
                "chat-linked",
                platform = identity.platform.title(),
                username = linked.username,
                games = linked.folded.games,
                practice = linked.folded.practice
            )))
        }
        Line::Unlink => {
            let back = chat_play::unlink(state.play(), &member).await?;
            Ok(say(t!(
                "chat-unlinked",
                platform = identity.platform.title(),
                username = member.username.as_str(),
                games = back
            )))
        }
        Line::Share => share(state, &member, lang).await,
        Line::Language(choice) => language(state, &member, choice, (lang, locale)).await,
        Line::Play(command) => play_command(state, identity, room, &member, command, lang).await,
    }
}

/// `lang`: the language spoken here and how to change it; `lang de`: that one from now on (in
/// it); `lang auto`: the platform's again.
async fn language(
    state: &AppState,
    member: &Member,
    choice: Option<String>,
    (lang, locale): (Lang, Option<Lang>),
) -> Result<Reply, ApiError> {
    let name = |l: Lang| t!("language-name", tag = l.tag());
    let Some(choice) = choice else {
        return Ok(Reply::say(
            t!("chat-language-now", language = name(lang)).render(lang),
        ));
    };
    if choice == "auto" {
        chat_play::set_language(state.play(), member, None).await?;
        let now = locale.unwrap_or_default();
        return Ok(Reply::say(
            t!("chat-language-auto", language = name(now)).render(now),
        ));
    }
    let Some(chosen) = Lang::of_locale(&choice) else {
        return Ok(Reply::say(
            t!("chat-language-unknown", language = member_text(&choice)).render(lang),
        ));
    };
    chat_play::set_language(state.play(), member, Some(chosen)).await?;
    Ok(Reply::say(
        t!("chat-language-set", language = name(chosen)).render(chosen),
    ))
}

/// What a link code would do, asked before anything moves.
fn link_question(identity: &Identity, code: &str, preview: &chat_play::LinkPreview) -> Text {
    let shown = chat_play::normalize_code(code);
    let shown = match (shown.get(..4), shown.get(4..)) {
        (Some(a), Some(b)) if !b.is_empty() => format!("{a}-{b}"),
        _ => shown,
    };
    t!(
        "chat-link-question",
        platform = identity.platform.title(),
        username = preview.username.as_str(),
        games = preview.games,
        practice = preview.ranked_dailies,
        code = shown
    )
}

/// A game the chat just started.
struct Started {
    board: String,
    ranked: bool,
}

async fn new_game(
    state: &AppState,
    member: &Member,
    suits: engine::Suits,
    variant: engine::Variant,
    lang: Lang,
) -> Result<Reply, ApiError> {
    let created = commands::new_game(state.play(), member, suits, variant).await?;
    let started = started(created, lang)?;
    Ok(Reply::with_board(
        t!("chat-new-game", kind = kind_of(variant, suits)).render(lang),
        started.board,
    ))
}

fn started(created: Created, lang: Lang) -> Result<Started, ApiError> {
    match created {
        Created::New(seen)
        | Created::Replayed(Replayed {
            answer: Answer::Game(seen),
            ..
        }) => Ok(Started {
            board: board::text(&seen.view, lang),
            ranked: seen.ranked,
        }),
        // The chat starts games without idempotency keys: nothing earlier is remembered.
        Created::Replayed(_) => Err(ApiError::internal(
            "chat game",
            "a game started without a key was answered from memory",
        )),
    }
}

async fn daily(
    state: &AppState,
    member: &Member,
    suits: engine::Suits,
    lang: Lang,
) -> Result<Reply, ApiError> {
    let kind = kind_of(engine::Variant::Spider, suits);
    match commands::daily(state.play(), member, suits).await? {
        commands::Daily::Started(created) => {
            let started = started(created, lang)?;
            let sentence = if started.ranked {
                t!("chat-daily-ranked", kind = kind)
            } else {
                t!("chat-daily-practice", kind = kind)
            };
            Ok(Reply::with_board(sentence.render(lang), started.board))
        }
        commands::Daily::Resumed(loaded) => Ok(Reply::with_board(
            t!("chat-daily-resumed", kind = kind).render(lang),
            chat::board_of(&loaded.game, lang),
        )),
    }
}

fn goal_words(goal: engine::puzzle::Goal) -> Text {
    use engine::puzzle::Goal;
    match goal {
        Goal::Win => t!("puzzle-goal-win"),
        Goal::RemoveRun => t!("puzzle-goal-remove-run"),
        Goal::EmptyColumn => t!("puzzle-goal-empty-column"),
        Goal::TurnCard => t!("puzzle-goal-turn-card"),
    }
}

/// `puzzle`, `puzzle next`: the puzzle, its goal in words and its table; the member's moves go
/// to it from now on.
async fn puzzle(
    state: &AppState,
    member: &Member,
    asked: commands::PuzzleAsked,
    lang: Lang,
) -> Result<Reply, ApiError> {
    let shown = commands::puzzle(state.play(), member, asked).await?;
    let kind = kind_of(shown.variant, shown.suits);
    let (goal, within, rating) = (
        goal_words(shown.goal),
        shown.within,
        shown.rating.round() as i64,
    );
    let sentence = match asked {
        commands::PuzzleAsked::Daily(_) => t!(
            "chat-puzzle-daily",
            kind = kind,
            goal = goal,
            within = within,
            rating = rating
        ),
        commands::PuzzleAsked::Next(_) => t!(
            "chat-puzzle-next",
            kind = kind,
            goal = goal,
            within = within,
            rating = rating
        ),
    };
    Ok(Reply::with_board(
        sentence.render(lang),
        board::text(&shown.view, lang),
    ))
}

/// A game command while a puzzle is on: a move goes to the puzzle, `b` shows it; anything
/// else is not a puzzle's.
async fn puzzle_command(
    state: &AppState,
    member: &Member,
    command: Command,
    lang: Lang,
) -> Result<Reply, ApiError> {
    use engine::puzzle::Judgement;
    let intent = match command {
        Command::Help => return Ok(Reply::say(t!("chat-help").render(lang))),
        Command::Act(request) => request.intent()?,
        Command::Board => {
            // The table after the moves so far: the attempt as it stands, judged again.
            let Some((id, so_far)) = member.puzzle.clone() else {
                return Ok(Reply::say(t!("chat-puzzle-none").render(lang)));
            };
            let moves = engine::notation::decode(&so_far)
                .map_err(|e| ApiError::internal("a chat member's puzzle moves", e))?
                .into_iter()
                .map(engine::Intent::from)
                .collect();
            let now = crate::play::puzzles::attempt(state.play(), None, id, moves).await?;
            return Ok(Reply::with_board(
                String::new(),
                board::text(&now.after, lang),
            ));
        }
        Command::Hint => return Ok(Reply::say(t!("chat-puzzle-moves-only").render(lang))),
    };
    if !matches!(
        intent,
        engine::Intent::Move { .. } | engine::Intent::Auto { .. }
    ) {
        return Ok(Reply::say(t!("chat-puzzle-moves-only").render(lang)));
    }
    let attempted = commands::puzzle_move(state.play(), member, intent).await?;
    let rating = attempted.rated.map(|c| {
        t!(
            "chat-puzzle-rating",
            before = c.before.round() as i64,
            after = c.after.round() as i64
        )
        .render(lang)
    });
    let mut sentence = match attempted.judgement {
        Judgement::Going => t!(
            "chat-puzzle-going",
            left = attempted
                .puzzle
                .within
                .saturating_sub(attempted.moves.len())
        )
        .render(lang),
        Judgement::Solved { .. } => t!("chat-puzzle-solved").render(lang),
        Judgement::Failed { at } => {
            let answer = attempted
                .answer
                .as_ref()
                .map(|(line, _)| {
                    line.iter()
                        .map(|&a| format!("`{}`", engine::notation::line(a)))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default();
            t!("chat-puzzle-failed", mistake = at + 1, answer = answer).render(lang)
        }
    };
    if let Some(rating) = rating {
        sentence = format!("{sentence} {rating}");
    }
    Ok(Reply::with_board(
        sentence,
        board::text(&attempted.after, lang),
    ))
}

async fn games(state: &AppState, member: &Member, lang: Lang) -> Result<Reply, ApiError> {
    let rows = commands::in_progress(state.play(), member).await?;
    if rows.is_empty() {
        return Ok(Reply::say(t!("chat-no-games").render(lang)));
    }
    let mut lines = vec![t!("chat-games-title").render(lang)];
    for (n, row) in rows.iter().enumerate() {
        let current = member.current_game.as_deref() == Some(row.id.as_str());
        let daily = match &row.daily_date {
            Some(date) => date.clone(),
            None => String::new(),
        };
        let line = t!(
            "chat-games-line",
            number = n + 1,
            kind = kind_of(row.variant, row.suits),
            daily = if row.daily_date.is_none() {
                "none"
            } else if row.ranked {
                "ranked"
            } else {
                "practice"
            },
            date = daily,
            score = row.score,
            moves = row.actions,
            runs = row.runs_completed,
            current = if current { "yes" } else { "no" }
        );
        lines.push(line.render(lang));
    }
    lines.push(t!("chat-games-resume").render(lang));
    Ok(Reply::say(lines.join("\n")))
}

async fn resume(
    state: &AppState,
    member: &Member,
    n: usize,
    room: &Room,
    lang: Lang,
) -> Result<Reply, ApiError> {
    let loaded = match commands::resume(state.play(), member, n, room.shared).await? {
        commands::Resumed::NoSuchGame { listed } => {
            return Ok(Reply::say(
                t!("chat-no-such-game", number = n, listed = listed).render(lang),
            ))
        }
        commands::Resumed::Secret => return Ok(Reply::say(t!("chat-private-daily").render(lang))),
        commands::Resumed::Resumed(loaded) => loaded,
    };
    Ok(Reply::with_board(
        t!(
            "chat-resumed",
            number = n,
            kind = kind_of(loaded.row.variant, loaded.row.suits)
        )
        .render(lang),
        chat::board_of(&loaded.game, lang),
    ))
}

fn minutes(ms: i64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

async fn records(state: &AppState, member: &Member, lang: Lang) -> Result<Reply, ApiError> {
    let rows = commands::records(state.play(), member).await?;
    if rows.is_empty() {
        return Ok(Reply::say(
            t!("chat-no-records", username = member.username.as_str()).render(lang),
        ));
    }
    let mut lines =
        vec![t!("chat-records-title", username = member.username.as_str()).render(lang)];
    for r in rows {
        let line = t!(
            "chat-records-line",
            kind = kind_of(r.variant, r.suits),
            played = r.played,
            won = r.won,
            best = r
                .best_score
                .map(|b| t!("chat-records-best", score = b).render(lang))
                .unwrap_or_default(),
            fastest = r
                .fastest_ms
                .map(|ms| t!("chat-records-fastest", time = minutes(ms)).render(lang))
                .unwrap_or_default(),
            streak = r.current_streak,
            longest = r.longest_streak
        );
        lines.push(line.render(lang));
    }
    Ok(Reply::say(lines.join("\n")))
}

async fn share(state: &AppState, member: &Member, lang: Lang) -> Result<Reply, ApiError> {
    let Some(Loaded { row, game, .. }) = commands::current(state.play(), member).await? else {
        return Ok(Reply::say(t!("chat-no-game").render(lang)));
    };
    let kind = kind_of(row.variant, row.suits);
    let daily = match row.daily_date.as_ref() {
        None => "none",
        Some(_) if row.ranked => "ranked",
        Some(_) => "practice",
    };
    let date = row.daily_date.clone().unwrap_or_default();
    let sentence = match game.status() {
        engine::Status::InProgress => {
            return Ok(Reply::say(t!("chat-share-unfinished").render(lang)))
        }
        engine::Status::Won => t!(
            "chat-share-won",
            username = member.username.as_str(),
            kind = kind,
            daily = daily,
            date = date,
            score = game.score(),
            moves = game.actions(),
            time = row
                .duration_ms
                .map(|ms| t!("chat-share-time", time = minutes(ms)).render(lang))
                .unwrap_or_default()
        ),
        engine::Status::Resigned => t!(
            "chat-share-resigned",
            username = member.username.as_str(),
            kind = kind,
            daily = daily,
            date = date,
            moves = game.actions(),
            runs = game.runs_completed(),
            total = game.variant().runs(),
            score = game.score()
        ),
    };
    Ok(Reply {
        sentence: sentence.render(lang),
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
    lang: Lang,
) -> Result<Reply, ApiError> {
    let Some(id) = member.current_game.clone() else {
        return Ok(Reply::say(t!("chat-no-game").render(lang)));
    };
    if room.shared && commands::secret_in_room(state.play(), member, &id).await? {
        // An arena's deal, or a daily's: either way played where nobody else reads.
        let sentence = match crate::play::arenas::of_game(state.play(), &id).await? {
            Some(arena) => t!("chat-arena-private", code = commands::arena_code(&arena)),
            None => t!("chat-private-daily"),
        };
        return Ok(Reply::say(sentence.render(lang)));
    }
    let refused = |e: ApiError, board: Option<String>| Reply {
        sentence: e.detail.render(lang),
        board,
        public: false,
    };
    let command = match command {
        Command::Help => return Ok(Reply::say(t!("chat-help").render(lang))),
        Command::Act(request) => commands::Command::Act(request.intent()?),
        Command::Hint => commands::Command::Hint,
        Command::Board => commands::Command::Board,
    };
    let who = Searcher {
        account: member.user_id.clone(),
        address: format!("chat:{}:{}", identity.platform.name(), room.id),
    };
    match commands::run(state.play(), &who, &id, command).await {
        Ok(commands::Answer::Acted(turn)) => {
            state.metrics.actions_applied.inc();
            let message = board::describe(
                &turn.before,
                turn.action,
                &turn.outcome,
                &turn.snapshot.view,
                lang,
            );
            Ok(Reply::with_board(
                message,
                board::text(&turn.snapshot.view, lang),
            ))
        }
        Ok(commands::Answer::Shown { game, hint, .. }) => {
            let board = chat::board_of(&game, lang);
            Ok(Reply::with_board(
                hint.map(|h| board::hint(&h.reason).render(lang))
                    .unwrap_or_default(),
                board,
            ))
        }
        Err(commands::Refused { error, game }) => Ok(refused(
            error.into(),
            game.map(|g| chat::board_of(&g, lang)),
        )),
    }
}
