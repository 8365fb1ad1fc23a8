//! SpiderSolver's own files, for `spider hint-bot --deals-from` and `--check-plies`: its deals
//! as its dealer wrote them, and its games, ply by ply, to check the reproduced player against
//! (docs/HINTS.md §11). Apart from the research commands that use them (`research`).

use crate::engine::{self, Game, Rules, Suits, Variant};

/// SpiderSolver's deal of seed `seed` (docs/HINTS.md §11), from the file its dealer wrote: four
/// face-down rounds to columns 1–10, one more to columns 1–4, a face-up card to each, then the
/// stock rows.
pub(super) fn deal(
    folder: &std::path::Path,
    seed: u64,
    suits: Suits,
    rules: Rules,
) -> Result<Game, String> {
    let path = folder.join(format!("seed-{seed}-suits-{}.txt", suits.count()));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let cards: Vec<engine::Card> = text
        .split_whitespace()
        .map(|word| {
            let mut chars = word.chars();
            let rank = match chars.next() {
                Some('A') => 1,
                Some('T') => 10,
                Some('J') => 11,
                Some('Q') => 12,
                Some('K') => 13,
                Some(c) => c.to_digit(10).map_or(0, |d| d as u8),
                None => 0,
            };
            let suit = match chars.next() {
                Some('S') => Some(engine::Suit::Spades),
                Some('H') => Some(engine::Suit::Hearts),
                Some('D') => Some(engine::Suit::Diamonds),
                Some('C') => Some(engine::Suit::Clubs),
                _ => None,
            };
            match (engine::Rank::new(rank), suit) {
                (Some(rank), Some(suit)) => Ok(engine::Card::new(rank, suit)),
                _ => Err(format!("{}: `{word}` is not a card", path.display())),
            }
        })
        .collect::<Result<_, _>>()?;
    if cards.len() != 104 {
        return Err(format!(
            "{}: {} cards, not 104",
            path.display(),
            cards.len()
        ));
    }
    let mut columns = vec![Vec::new(); 10];
    for (i, &card) in cards[..54].iter().enumerate() {
        let column = match i {
            0..40 => i % 10,
            40..44 => i - 40,
            _ => i - 44,
        };
        columns[column].push(card);
    }
    let rows = cards[54..].chunks(10).map(<[_]>::to_vec).collect();
    Game::from_layout(Variant::Spider, suits, rules, columns, rows)
        .ok_or_else(|| format!("{}: not a Spider layout", path.display()))
}

/// SpiderSolver's plies in one of its games, from the file its instrumented build wrote: each
/// ply its single moves (or one deal); `true` when the game stopped at its time limit.
fn plies(path: &std::path::Path) -> Result<(Vec<Vec<engine::Action>>, bool), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (mut plies, mut ply, mut timeout) = (Vec::new(), Vec::new(), false);
    for (at, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |i: usize| words.get(i).and_then(|w| w.parse::<usize>().ok());
        match words.first().copied() {
            Some("move") => match (number(1), number(2), number(3)) {
                (Some(from), Some(count), Some(to)) => {
                    ply.push(engine::Action::Move { from, to, count });
                }
                _ => return Err(format!("{}:{}: `{line}`", path.display(), at + 1)),
            },
            Some("deal") => ply.push(engine::Action::Deal),
            Some("end") => plies.push(std::mem::take(&mut ply)),
            Some("timeout") => timeout = true,
            None => {}
            Some(_) => return Err(format!("{}:{}: `{line}`", path.display(), at + 1)),
        }
    }
    Ok((plies, timeout))
}

/// `spider hint-bot --level spidersolver --deals-from DEALS --check-plies PLIES`: SpiderSolver's
/// own games replayed in our engine, and at every position where it chose a ply, the reproduced
/// player (remembering the same positions: the game's, after each of SpiderSolver's plies)
/// asked for its own; prints how many of those choices are identical, and the first few that
/// are not.
pub(super) fn check_plies(
    deals: &std::path::Path,
    plies_from: &std::path::Path,
    suits: Suits,
    rules: Rules,
    depth: usize,
    from: u64,
    to: u64,
) -> Result<(), String> {
    let (mut positions, mut same, mut games) = (0usize, 0usize, 0usize);
    let mut differences = Vec::new();
    for seed in from..=to {
        let path = plies_from.join(format!("seed-{seed}.txt"));
        if !path.exists() {
            continue;
        }
        let (plies, timeout) = plies(&path)?;
        let mut game = deal(deals, seed, suits, rules)?;
        let mut player = engine::ComboPlayer::new(depth);
        games += 1;
        for (at, ply) in plies.iter().enumerate() {
            let ours = player.ply(&game).unwrap_or_default();
            positions += 1;
            if &ours == ply {
                same += 1;
            } else {
                differences.push(format!(
                    "seed {seed} ply {}: ours {ours:?}, SpiderSolver {ply:?}",
                    at + 1
                ));
            }
            for &action in ply {
                game.apply(action)
                    .map_err(|e| format!("seed {seed} ply {}: {action:?}: {e:?}", at + 1))?;
            }
            player.remember(&game);
        }
        // Where SpiderSolver stopped with nothing to play, so must we.
        if !timeout {
            positions += 1;
            match player.ply(&game) {
                None => same += 1,
                Some(ours) => differences.push(format!(
                    "seed {seed} end: ours {ours:?}, SpiderSolver stopped"
                )),
            }
        }
    }
    println!(
        "{} suit(s), depth {depth}, SpiderSolver's games {from}–{to} ({games} found): identical choices {same}/{positions} ({:.2}%)",
        suits.count(),
        100.0 * same as f64 / positions.max(1) as f64
    );
    for line in differences.iter().take(20) {
        println!("  {line}");
    }
    Ok(())
}
