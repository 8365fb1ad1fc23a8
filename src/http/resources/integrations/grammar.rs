//! What a chat member can type after `/spider` (or send the Telegram bot): every command
//! `POST /v1/games/{id}/commands` takes, for their current game, and the commands that pick
//! the game, show their records and link their account.

use crate::engine::{Suits, Variant};
use crate::play::commands::{ArenaAsked, PuzzleAsked};
use crate::resources::chat::{self, Command};

/// One line a chat member typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A command for the current game (`3 7`, `d`, `u`, `h`, `b`, `resign`…).
    Play(Command),
    /// `new [1|2|4] [spider|spiderette]`: a new game on a random deal.
    New { suits: Suits, variant: Variant },
    /// `daily [1|2|4]`: today's daily challenge.
    Daily { suits: Suits },
    /// `puzzle [1|2|4]`: today's puzzle; `puzzle next [1|2|4]`: the next near the member's
    /// rating; `puzzle stop` (`None`): back to the current game.
    Puzzle(Option<PuzzleAsked>),
    /// `arena`, `arena join [CODE]`, `arena next [berserk]`, `arena standings`,
    /// `arena new [1|2|4] [minutes]` (docs/ARENAS.md).
    Arena(ArenaAsked),
    /// `games`: the games in progress, numbered.
    Games,
    /// `resume N`: the N-th game `games` lists becomes the current one.
    Resume(usize),
    /// `records`: personal records.
    Records,
    /// `link CODE`: what playing as the account the code was made in would do; `link CODE yes`:
    /// do it.
    Link { code: String, confirmed: bool },
    /// `unlink`: stop playing as the linked account.
    Unlink,
    /// `share`: show the current game's result to the channel, once it is over.
    Share,
    /// `lang`: which language the bot speaks to the member, and which it can; `lang de`: speak
    /// German from now on; `lang auto`: the platform's language again.
    Language(Option<String>),
    /// `help`, an empty line, or Telegram's `/start`.
    Help,
    /// Anything else: the help text, with what was not understood.
    Unknown(String),
}

/// The words after `arena`.
fn arena(rest: &[String]) -> Option<Line> {
    let words: Vec<&str> = rest.iter().map(String::as_str).collect();
    let asked = match words[..] {
        [] => ArenaAsked::Show,
        ["join"] => ArenaAsked::Join(None),
        ["join", code] => {
            let code: [u8; 8] = code.as_bytes().try_into().ok()?;
            code.iter()
                .all(u8::is_ascii_hexdigit)
                .then_some(ArenaAsked::Join(Some(code)))?
        }
        ["next"] => ArenaAsked::Next { berserk: false },
        ["next", "berserk"] | ["berserk"] => ArenaAsked::Next { berserk: true },
        ["standings"] => ArenaAsked::Standings,
        ["new"] => ArenaAsked::New {
            suits: Suits::One,
            minutes: 30,
        },
        ["new", n] => ArenaAsked::New {
            suits: suits(n)?,
            minutes: 30,
        },
        ["new", n, m] => ArenaAsked::New {
            suits: suits(n)?,
            minutes: m.parse().ok().filter(|m| (1..=10_000).contains(m))?,
        },
        _ => return None,
    };
    Some(Line::Arena(asked))
}

/// Parse what a member typed. Case does not matter; a leading `/spider` (Telegram's
/// `/spider@bot` too), `/` or `!` is ignored.
pub fn parse(text: &str) -> Line {
    let trimmed = text.trim();
    let mut words: Vec<String> = trimmed.split_whitespace().map(str::to_string).collect();
    // Telegram groups send `/new@YourBot`: a command names the bot after an `@`.
    if let Some(first) = words.first_mut() {
        if first.starts_with('/') {
            if let Some((command, _bot)) = first.split_once('@') {
                *first = command.to_string();
            }
        }
    }
    if let Some(first) = words.first() {
        let name = first.to_lowercase();
        if matches!(name.as_str(), "/spider" | "spider" | "!spider") && words.len() > 1
            || matches!(name.as_str(), "/spider" | "!spider")
        {
            words.remove(0);
        }
    }
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let rest = &lower[lower.len().min(1)..];
    let shown = || trimmed.chars().take(40).collect::<String>();
    match lower.first().map(String::as_str) {
        None | Some("help" | "/help" | "/start" | "start" | "?help") => Line::Help,
        Some("new" | "/new") => new(rest).unwrap_or_else(|| Line::Unknown(shown())),
        Some("daily" | "/daily") => match rest {
            [] => Line::Daily { suits: Suits::One },
            [n] => suits(n).map_or_else(|| Line::Unknown(shown()), |suits| Line::Daily { suits }),
            _ => Line::Unknown(shown()),
        },
        Some("puzzle" | "/puzzle") => match rest {
            [] => Line::Puzzle(Some(PuzzleAsked::Daily(Suits::One))),
            [w] if w == "stop" => Line::Puzzle(None),
            [w] if w == "next" => Line::Puzzle(Some(PuzzleAsked::Next(Suits::One))),
            [n] => suits(n).map_or_else(
                || Line::Unknown(shown()),
                |s| Line::Puzzle(Some(PuzzleAsked::Daily(s))),
            ),
            [w, n] if w == "next" => suits(n).map_or_else(
                || Line::Unknown(shown()),
                |s| Line::Puzzle(Some(PuzzleAsked::Next(s))),
            ),
            _ => Line::Unknown(shown()),
        },
        Some("arena" | "/arena") => arena(rest).unwrap_or_else(|| Line::Unknown(shown())),
        Some("games" | "/games") if rest.is_empty() => Line::Games,
        Some("resume" | "/resume") => match rest {
            [n] => n
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=99).contains(n))
                .map_or_else(|| Line::Unknown(shown()), Line::Resume),
            _ => Line::Unknown(shown()),
        },
        Some("records" | "/records") if rest.is_empty() => Line::Records,
        Some("link" | "/link") => match &words[1..] {
            [] => Line::Unknown(shown()),
            [code @ .., last] if !code.is_empty() && last.eq_ignore_ascii_case("yes") => {
                Line::Link {
                    code: code.concat(),
                    confirmed: true,
                }
            }
            code => Line::Link {
                code: code.concat(),
                confirmed: false,
            },
        },
        Some("unlink" | "/unlink") if rest.is_empty() => Line::Unlink,
        Some("share" | "/share") if rest.is_empty() => Line::Share,
        Some("lang" | "/lang" | "language" | "/language") => match rest {
            [] => Line::Language(None),
            [tag] => Line::Language(Some(tag.chars().take(40).collect())),
            _ => Line::Unknown(shown()),
        },
        _ => match chat::parse(&words.join(" ")) {
            Ok(Command::Help) => Line::Help,
            Ok(command) => Line::Play(command),
            Err(_) => Line::Unknown(shown()),
        },
    }
}

fn suits(word: &str) -> Option<Suits> {
    match word {
        "1" => Some(Suits::One),
        "2" => Some(Suits::Two),
        "4" => Some(Suits::Four),
        _ => None,
    }
}

/// `new`'s words, in any order: a suit count and a variant.
fn new(words: &[String]) -> Option<Line> {
    let (mut suits_said, mut variant_said) = (None, None);
    for word in words {
        match word.as_str() {
            "spider" if variant_said.is_none() => variant_said = Some(Variant::Spider),
            "spiderette" if variant_said.is_none() => variant_said = Some(Variant::Spiderette),
            w if suits_said.is_none() => suits_said = Some(suits(w)?),
            _ => return None,
        }
    }
    Some(Line::New {
        suits: suits_said.unwrap_or(Suits::One),
        variant: variant_said.unwrap_or(Variant::Spider),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::ActionRequest;

    #[test]
    fn every_chat_line_parses() {
        let mv = |from, to| {
            Line::Play(Command::Act(ActionRequest::Move {
                from,
                to,
                count: None,
            }))
        };
        for (text, expected) in [
            ("", Line::Help),
            ("help", Line::Help),
            ("/start", Line::Help),
            ("/spider", Line::Help),
            ("/spider@SpiderBot help", Line::Help),
            (
                "new",
                Line::New {
                    suits: Suits::One,
                    variant: Variant::Spider,
                },
            ),
            (
                "new 2",
                Line::New {
                    suits: Suits::Two,
                    variant: Variant::Spider,
                },
            ),
            (
                "NEW spiderette 4",
                Line::New {
                    suits: Suits::Four,
                    variant: Variant::Spiderette,
                },
            ),
            (
                "new 4 spider",
                Line::New {
                    suits: Suits::Four,
                    variant: Variant::Spider,
                },
            ),
            ("daily", Line::Daily { suits: Suits::One }),
            ("daily 2", Line::Daily { suits: Suits::Two }),
            ("games", Line::Games),
            ("arena", Line::Arena(ArenaAsked::Show)),
            ("/spider Arena JOIN", Line::Arena(ArenaAsked::Join(None))),
            (
                "arena join 1A2b3c4d",
                Line::Arena(ArenaAsked::Join(Some(*b"1a2b3c4d"))),
            ),
            (
                "arena join 1a2b3c4",
                Line::Unknown("arena join 1a2b3c4".into()),
            ),
            (
                "arena join 1a2b3c4z",
                Line::Unknown("arena join 1a2b3c4z".into()),
            ),
            (
                "arena next",
                Line::Arena(ArenaAsked::Next { berserk: false }),
            ),
            (
                "arena next berserk",
                Line::Arena(ArenaAsked::Next { berserk: true }),
            ),
            (
                "arena berserk",
                Line::Arena(ArenaAsked::Next { berserk: true }),
            ),
            ("arena standings", Line::Arena(ArenaAsked::Standings)),
            (
                "arena new",
                Line::Arena(ArenaAsked::New {
                    suits: Suits::One,
                    minutes: 30,
                }),
            ),
            (
                "arena new 4 60",
                Line::Arena(ArenaAsked::New {
                    suits: Suits::Four,
                    minutes: 60,
                }),
            ),
            ("arena new 3", Line::Unknown("arena new 3".into())),
            ("arena now", Line::Unknown("arena now".into())),
            ("puzzle", Line::Puzzle(Some(PuzzleAsked::Daily(Suits::One)))),
            (
                "puzzle 4",
                Line::Puzzle(Some(PuzzleAsked::Daily(Suits::Four))),
            ),
            (
                "/spider Puzzle NEXT",
                Line::Puzzle(Some(PuzzleAsked::Next(Suits::One))),
            ),
            (
                "puzzle next 2",
                Line::Puzzle(Some(PuzzleAsked::Next(Suits::Two))),
            ),
            ("puzzle stop", Line::Puzzle(None)),
            ("puzzle 3", Line::Unknown("puzzle 3".into())),
            (
                "puzzle next 2 now",
                Line::Unknown("puzzle next 2 now".into()),
            ),
            ("resume 3", Line::Resume(3)),
            ("records", Line::Records),
            (
                "link abcd-efgh",
                Line::Link {
                    code: "abcd-efgh".into(),
                    confirmed: false,
                },
            ),
            (
                "link ABCD EFGH",
                Line::Link {
                    code: "ABCDEFGH".into(),
                    confirmed: false,
                },
            ),
            (
                "link ABCD-EFGH yes",
                Line::Link {
                    code: "ABCD-EFGH".into(),
                    confirmed: true,
                },
            ),
            (
                "link abcd efgh YES",
                Line::Link {
                    code: "abcdefgh".into(),
                    confirmed: true,
                },
            ),
            ("unlink", Line::Unlink),
            ("share", Line::Share),
            ("lang", Line::Language(None)),
            ("lang de", Line::Language(Some("de".into()))),
            ("/spider LANG pt-BR", Line::Language(Some("pt-br".into()))),
            ("/language@SpiderBot ja", Line::Language(Some("ja".into()))),
            ("3 7", mv(3, 7)),
            ("/spider 3 7", mv(3, 7)),
            ("/spider@SpiderBot 3-7", mv(3, 7)),
            (
                "/new@SpiderBot 2",
                Line::New {
                    suits: Suits::Two,
                    variant: Variant::Spider,
                },
            ),
            ("/help@SpiderBot", Line::Help),
            ("/start@SpiderBot", Line::Help),
            ("d", Line::Play(Command::Act(ActionRequest::Deal))),
            ("h", Line::Play(Command::Hint)),
            ("b", Line::Play(Command::Board)),
        ] {
            assert_eq!(parse(text), expected, "{text:?}");
        }
        for nonsense in [
            "fly",
            "lang de fr",
            "new 3",
            "new spider spider",
            "new 2 4",
            "daily 3",
            "daily 1 2",
            "resume",
            "resume 0",
            "resume x",
            "link",
            "games 2",
            "3 7 2 1",
        ] {
            assert!(matches!(parse(nonsense), Line::Unknown(_)), "{nonsense:?}");
        }
    }
}
