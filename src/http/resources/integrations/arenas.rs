//! A chat member's `arena …` lines (docs/ARENAS.md), answered through `play::commands::arena`:
//! what runs here and next, joining and the next deal, the standings, a new arena announced
//! to everyone where it was typed.

use super::{kind_of, member_text, Reply, Room};
use crate::error::ApiError;
use crate::i18n::Lang;
use crate::play::chat::{Identity, Member};
use crate::play::commands;
use crate::resources::chat;
use crate::t;
use crate::AppState;

/// `arena …`: what runs here and next, joining and the next deal (played as any game), the
/// standings, a new arena announced to everyone here. A deal's cards never show in a room
/// others read (a Telegram group): there the member is sent to the bot's private chat.
pub(super) async fn arena(
    state: &AppState,
    identity: &Identity,
    room: &Room,
    member: &Member,
    asked: commands::ArenaAsked,
    lang: Lang,
) -> Result<Reply, ApiError> {
    use crate::play::arenas::Phase;
    use commands::{arena_code, ArenaAnswer, ArenaAsked};
    let place = format!("{}:{}", identity.platform.name(), room.id);
    let private = room.shared && matches!(asked, ArenaAsked::Join(_) | ArenaAsked::Next { .. });
    let asked = if private { ArenaAsked::Show } else { asked };
    // A new arena's results are posted where it was made, when this platform's bot can post.
    let results_to = room
        .channel
        .as_ref()
        .filter(|_| state.chat.can_post(identity.platform))
        .map(|channel| crate::play::arenas::ResultsTo {
            channel: format!("{}:{channel}", identity.platform.name()),
            lang: lang.tag().to_string(),
        });
    let posted_here = results_to.is_some();
    let answer = commands::arena(state.play(), member, &place, results_to, asked).await?;
    let kind = |a: &crate::play::arenas::Arena| kind_of(a.row.variant, a.row.suits);
    let clock = |t: chrono::NaiveDateTime| t.format("%H:%M").to_string();
    Ok(match answer {
        ArenaAnswer::Here { now, .. } if private => {
            let first = now
                .iter()
                .find(|(a, _)| a.row.schedule.is_none())
                .or_else(|| now.first());
            match first {
                Some((a, _)) => {
                    Reply::say(t!("chat-arena-private", code = arena_code(&a.row.id)).render(lang))
                }
                None => Reply::say(t!("chat-arena-none").render(lang)),
            }
        }
        ArenaAnswer::Here { now, last } => {
            let mut lines = Vec::new();
            for (a, mine) in &now {
                let line = match a.phase {
                    Phase::Running => t!(
                        "chat-arena-running",
                        title = member_text(&a.row.title),
                        kind = kind(a),
                        left = (a.row.ends_at - a.at).num_minutes() + 1,
                        players = a.players,
                        code = arena_code(&a.row.id)
                    ),
                    _ => t!(
                        "chat-arena-upcoming",
                        title = member_text(&a.row.title),
                        kind = kind(a),
                        time = clock(a.row.starts_at),
                        minutes = (a.row.ends_at - a.row.starts_at).num_minutes(),
                        code = arena_code(&a.row.id)
                    ),
                };
                lines.push(line.render(lang));
                if let Some(m) = mine {
                    lines.push(
                        t!("chat-arena-you", place = m.place, points = m.player.points)
                            .render(lang),
                    );
                }
            }
            if !now.iter().any(|(a, _)| a.phase == Phase::Running) {
                if let Some(last) = last {
                    lines.push(
                        t!("chat-arena-last", title = member_text(&last.row.title)).render(lang),
                    );
                }
            }
            if lines.is_empty() {
                lines.push(t!("chat-arena-none").render(lang));
            }
            Reply::say(lines.join("\n"))
        }
        ArenaAnswer::Waiting(a) => Reply::say(
            t!(
                "chat-arena-waiting",
                title = member_text(&a.row.title),
                time = clock(a.row.starts_at)
            )
            .render(lang),
        ),
        ArenaAnswer::Playing {
            arena,
            deal,
            berserk,
            fresh,
            game,
        } => {
            let title = member_text(&arena.row.title);
            let sentence = if fresh {
                t!(
                    "chat-arena-deal",
                    title = title,
                    deal = deal,
                    berserk = if berserk { "yes" } else { "no" }
                )
            } else {
                t!("chat-arena-deal-in-play", title = title, deal = deal)
            };
            Reply::with_board(sentence.render(lang), chat::board_of(&game, lang))
        }
        ArenaAnswer::Standings(page) => standings(&page, lang),
        ArenaAnswer::Made(a) => {
            let mut sentence = t!(
                "chat-arena-made",
                username = member_text(&member.username),
                title = member_text(&a.row.title),
                kind = kind(&a),
                minutes = (a.row.ends_at - a.row.starts_at).num_minutes(),
                time = clock(a.row.ends_at),
                code = arena_code(&a.row.id)
            )
            .render(lang);
            if posted_here {
                sentence.push(' ');
                sentence.push_str(&t!("chat-arena-results-here").render(lang));
            }
            Reply {
                sentence,
                board: None,
                public: true,
            }
        }
    })
}

/// A page of an arena's standings (with the viewer's own line, when they play): what
/// `arena standings` answers, and, once final, the results posted where the arena was made.
pub(super) fn standings(page: &crate::play::arenas::Standings, lang: Lang) -> Reply {
    let mut lines = vec![t!(
        "chat-arena-standings-title",
        title = member_text(&page.arena.row.title),
        players = page.arena.players,
        done = if page.arena.row.finished_at.is_some() {
            "yes"
        } else {
            "no"
        }
    )
    .render(lang)];
    for line in &page.lines {
        let p = &line.player;
        lines.push(
            t!(
                "chat-arena-standings-line",
                place = line.place,
                name = member_text(&p.name),
                points = p.points,
                won = p.won,
                played = p.played,
                fire = if p.streak >= crate::play::domain::arenas::FIRE_AFTER as i32 {
                    "yes"
                } else {
                    "no"
                }
            )
            .render(lang),
        );
    }
    if let Some(mine) = &page.mine {
        lines.push(
            t!(
                "chat-arena-you",
                place = mine.place,
                points = mine.player.points
            )
            .render(lang),
        );
    }
    Reply::say(lines.join("\n"))
}
