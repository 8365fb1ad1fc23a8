//! The game in words, in the reader's language: a card in the language's notation, the board
//! as text (a line in words over the engine's grid), the rules' refusals, and what an action
//! did. The rules decide (`engine`); this only says it.

use crate::engine::{self, Action, Card, Game, Illegal, Reason, Status, View};
use crate::i18n::{Lang, Text};
use crate::t;

/// A card: its rank in the language's notation (docs/GUIDE.md), then its suit's symbol.
pub fn card(card: Card) -> Text {
    t!(
        "card",
        rank = card.rank.value(),
        suit = card.suit.symbol().to_string()
    )
}

/// The board as monospace text: a line in words (variant, suits, score, deals left, runs, how
/// it ended), then the grid.
pub fn text(view: &View, lang: Lang) -> String {
    let status = match view.status {
        Status::InProgress => "playing",
        Status::Won => "won",
        Status::Resigned => "resigned",
    };
    let header = t!(
        "board-header",
        variant = view.variant.name(),
        suits = view.suits.count(),
        score = view.score,
        deals = view.stock_deals_left,
        runs = view.runs_completed,
        total = view.runs_total,
        status = status
    );
    format!(
        "{}\n{}",
        header.render(lang),
        view.grid(|c| card(c).render(lang))
    )
}

/// Why the rules refused an action, in words.
pub fn illegal(reason: &Illegal) -> Text {
    match *reason {
        Illegal::GameOver => t!("illegal-game-over"),
        Illegal::NoSuchColumn { column } => {
            t!("illegal-no-such-column", column = column.saturating_add(1))
        }
        Illegal::SameColumn => t!("illegal-same-column"),
        Illegal::EmptyGroup => t!("illegal-empty-group"),
        Illegal::NotEnoughFaceUp {
            column,
            count,
            face_up,
        } => t!(
            "illegal-not-enough-face-up",
            column = column.saturating_add(1),
            count = count,
            face_up = face_up
        ),
        Illegal::GroupNotSameSuit => t!("illegal-group-not-same-suit"),
        Illegal::GroupNotInSequence => t!("illegal-group-not-in-sequence"),
        Illegal::LandingRankMismatch { card: moved, onto } => t!(
            "illegal-landing-rank-mismatch",
            card = card(moved),
            onto = card(onto)
        ),
        Illegal::DealWithEmptyColumn => t!("illegal-deal-with-empty-column"),
        Illegal::StockEmpty => t!("illegal-stock-empty"),
        Illegal::NothingToUndo => t!("illegal-nothing-to-undo"),
        Illegal::UndoDisabled => t!("illegal-undo-disabled"),
        Illegal::UndoWouldHideCard => t!("illegal-undo-would-hide-card"),
        Illegal::NoDestination { column } => {
            t!("illegal-no-destination", column = column.saturating_add(1))
        }
    }
}

/// A group of cards in words: one card, or the first and the last (`9♠–6♠`).
fn group(cards: &[Card]) -> Text {
    match cards {
        [first, .., last] => t!("card-group", first = card(*first), last = card(*last)),
        [one] => card(*one),
        [] => t!("card-group-empty"),
    }
}

/// A card a hint names, or nothing when it names none.
fn maybe_card(c: Option<Card>) -> Text {
    c.map_or_else(|| t!("card-group-empty"), card)
}

/// Why a hint suggests its action, in words.
pub fn hint(reason: &Reason) -> Text {
    let n = |c: &usize| c + 1;
    match reason {
        Reason::GameOver => t!("hint-game-over"),
        Reason::TryUndo => t!("hint-try-undo"),
        Reason::Resign => t!("hint-resign"),
        Reason::Deal => t!("hint-deal"),
        Reason::DealPlain => t!("hint-deal-plain"),
        Reason::DealQuiet { actions } => t!("hint-deal-quiet", actions = *actions),
        Reason::IntoEmpty { cards, from, to } => t!(
            "hint-into-empty",
            cards = group(cards),
            from = n(from),
            to = n(to)
        ),
        Reason::FillToDeal { cards, from, to } => t!(
            "hint-fill-to-deal",
            cards = group(cards),
            from = n(from),
            to = n(to)
        ),
        Reason::IntoEmptyFrees {
            cards,
            from,
            to,
            frees,
        } => t!(
            "hint-into-empty-frees",
            cards = group(cards),
            from = n(from),
            to = n(to),
            frees = maybe_card(*frees)
        ),
        Reason::CompletesRun {
            cards,
            onto,
            to,
            suit,
        } => t!(
            "hint-completes-run",
            cards = group(cards),
            onto = maybe_card(*onto),
            to = n(to),
            suit = suit.symbol().to_string()
        ),
        Reason::TurnsCard { cards, from, to } => t!(
            "hint-turns-card",
            cards = group(cards),
            from = n(from),
            to = n(to)
        ),
        Reason::EmptiesColumn { cards, from, to } => t!(
            "hint-empties-column",
            cards = group(cards),
            from = n(from),
            to = n(to)
        ),
        Reason::BuildsInSuit { cards, onto, to } => t!(
            "hint-builds-in-suit",
            cards = group(cards),
            onto = maybe_card(*onto),
            to = n(to)
        ),
        Reason::Build { cards, onto, to } => t!(
            "hint-build",
            cards = group(cards),
            onto = maybe_card(*onto),
            to = n(to)
        ),
        Reason::MoveCards { count, from, to } => t!(
            "hint-move-cards",
            count = *count,
            from = n(from),
            to = n(to)
        ),
        Reason::FillEveryHole { first, actions } => {
            t!(
                "hint-fill-every-hole",
                first = hint(first),
                actions = *actions
            )
        }
    }
}

/// What an applied action did, in one paragraph: the action, each run removed, the columns
/// where a card turned over, and the win.
pub fn describe(
    before: &Game,
    action: Action,
    outcome: &engine::Outcome,
    after: &View,
    lang: Lang,
) -> String {
    let mut said = vec![match action {
        Action::Move { from, to, count } => {
            let cards = before
                .column(from)
                .map(|(_, up)| up[up.len().saturating_sub(count)..].to_vec())
                .unwrap_or_default();
            t!(
                "did-move",
                cards = group(&cards),
                from = from + 1,
                to = to + 1
            )
        }
        Action::Deal => t!("did-deal"),
        Action::Undo => t!("did-undo"),
        Action::Resign => t!("did-resign"),
    }];
    for column in outcome.completed.iter() {
        said.push(t!("did-remove-run", column = column + 1));
    }
    if !outcome.turned.is_empty() && action != Action::Undo {
        let columns: Vec<String> = outcome.turned.iter().map(|c| (c + 1).to_string()).collect();
        said.push(t!(
            "did-turn-card",
            columns = columns.join(", "),
            count = columns.len()
        ));
    }
    if after.status == Status::Won {
        said.push(t!("did-win", score = after.score));
    }
    let sentences: Vec<String> = said.iter().map(|t| t.render(lang)).collect();
    sentences.join(t!("sentence-gap").render(lang).as_str())
}
