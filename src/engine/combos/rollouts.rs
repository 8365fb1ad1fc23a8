//! Policy improvement by simulation (issue 60; SOLVER-NOTES §12): the reproduced player's best
//! few plies at the position, each played out to the end of the game (or for a few plies) in
//! the same guesses at the face-down cards by a cheaper copy of the same player, and the ply
//! whose games are won most often is the hint.
//!
//! Fair play: a guess is drawn from what the player has seen (the hint sampler's
//! `Observation`, seeded by the visible history), never from the game's hidden cards, and the
//! player inside a guess decides from what it would see there (face-up cards and face-down
//! counts): a card appears to it only when a move turns it. So no decision reads a card its
//! player has not seen, and the mean over guesses estimates a ply's worth under the base
//! player without the strategy fusion that hindsight search suffers from.

use super::table::{Combo, Table};
use super::ComboPlayer;
use crate::engine::game::{Action, Game, Status};
use crate::engine::hint::Hint;
use crate::engine::observation::Observation;

/// How a rollout hint spends its time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rollouts {
    /// The plies the reproduced player ranks first at the root.
    pub candidates: usize,
    /// Guesses at the face-down cards, the same for every candidate.
    pub guesses: usize,
    /// How deep the root player looks to rank the candidates.
    pub root_depth: usize,
    /// How deep the player that finishes each rollout looks.
    pub base_depth: usize,
    /// Plies each rollout plays before it is scored by the evaluation; `None`: to the end.
    pub horizon: Option<usize>,
    /// The most actions a rollout plays (a game that wanders is cut there and scored).
    pub max_actions: usize,
    /// The deal is a candidate too when it is legal (otherwise the root player deals only
    /// when no ply reaches a new position, as it does alone).
    pub deal: bool,
}

impl Rollouts {
    /// The `expert` hint level's settings.
    pub const EXPERT: Rollouts = Rollouts {
        candidates: 3,
        guesses: 4,
        root_depth: 5,
        base_depth: 3,
        horizon: Some(15),
        max_actions: 1_000,
        deal: false,
    };
}

/// What the rollouts found for the chosen ply.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub action: Action,
    /// The share of the guesses its rollouts won; `None` when nothing was played out (one
    /// candidate only) or the rollouts stop before the end of the game (then a win is not
    /// what they measure).
    pub won: Option<f64>,
}

/// The `expert` hint at four suits: [`choose`] over guesses drawn from what the player has
/// seen (seeded by the visible history), its confidence the share of the guesses won.
pub fn advise(game: &Game, log: &[Action], settings: Rollouts) -> Hint {
    advise_within(game, log, settings, &|| true)
}

/// [`advise`], playing no more guesses once `go_on` says no (at least one is played, and every
/// candidate in each guess begun).
pub(crate) fn advise_within(
    game: &Game,
    log: &[Action],
    settings: Rollouts,
    go_on: &dyn Fn() -> bool,
) -> Hint {
    let observation = Observation::new(game, log);
    // A stream of its own, apart from the sampled search's.
    let guesses = |n: usize| observation.guesses(n, 0x524f_4c4c_4f55_5453);
    let Some(choice) = choose(game, log, settings, &guesses, go_on) else {
        return super::described(game, log, None);
    };
    Hint {
        confidence: choice.won,
        ..super::described(game, log, Some(choice.action))
    }
}

/// One rollout's outcome: won, and its end (runs removed, then the evaluation) for ties.
#[derive(Clone, Copy, Debug, Default)]
struct Outcome {
    won: bool,
    worth: f32,
}

/// A candidate at the root: its actions (a compound, or the deal).
#[derive(Clone, Debug)]
struct Candidate {
    actions: Vec<Action>,
}

/// The rollout player's choice at `game` (accepted actions `log`), its guesses drawn by
/// `guesses(n)` from what the player has seen. `None` when nothing is left to do.
pub(crate) fn choose(
    game: &Game,
    log: &[Action],
    settings: Rollouts,
    guesses: &dyn Fn(usize) -> Vec<Game>,
    go_on: &dyn Fn() -> bool,
) -> Option<Choice> {
    if game.status() != Status::InProgress {
        return None;
    }
    // In the middle of a compound chosen before (one of the root player's best plies there):
    // go on with it. A compound left half played (a run parked in a hole) is worse than
    // either of its ends.
    if let Some(action) =
        ComboPlayer::pending_among(game, log, settings.root_depth, settings.candidates.max(1))
    {
        return Some(Choice { action, won: None });
    }
    let mut root = ComboPlayer::at(game, log, settings.root_depth);
    let mut candidates: Vec<Candidate> = root
        .ranked(game)
        .into_iter()
        .take(settings.candidates.max(1))
        .map(|combo: Combo| Candidate {
            actions: combo.iter().map(|s| s.action()).collect(),
        })
        .collect();
    if settings.deal && game.legal_actions().contains(&Action::Deal) {
        candidates.push(Candidate {
            actions: vec![Action::Deal],
        });
    }
    if candidates.len() <= 1 {
        // One way on (or none found by the root player: its own fallback decides).
        let action = match candidates.first() {
            Some(c) => c.actions[0],
            None => root.choose(game)?,
        };
        return Some(Choice { action, won: None });
    }
    let base = root.with_depth(settings.base_depth);
    let worlds = guesses(settings.guesses.max(1));
    let mut totals = vec![(0usize, 0.0f32); candidates.len()];
    let mut played = 0;
    for world in &worlds {
        if played > 0 && !go_on() {
            break;
        }
        for (i, candidate) in candidates.iter().enumerate() {
            let outcome = roll(world, candidate, &base, settings);
            totals[i].0 += usize::from(outcome.won);
            totals[i].1 += outcome.worth;
        }
        played += 1;
    }
    // Most wins; then the better ends; then the root player's order.
    let mut best = 0;
    for i in 1..candidates.len() {
        let (w, s) = totals[i];
        let (bw, bs) = totals[best];
        if w > bw || (w == bw && s > bs) {
            best = i;
        }
    }
    Some(Choice {
        action: candidates[best].actions[0],
        won: settings
            .horizon
            .is_none()
            .then(|| totals[best].0 as f64 / played.max(1) as f64),
    })
}

/// Play `candidate` in the guessed `world`, then let a copy of `base` go on.
fn roll(world: &Game, candidate: &Candidate, base: &ComboPlayer, settings: Rollouts) -> Outcome {
    let mut game = world.clone();
    for &action in &candidate.actions {
        if game.apply(action).is_err() {
            break;
        }
    }
    let mut player = base.clone();
    player.remember(&game);
    let mut actions = 0;
    let start_plies = player.plies;
    while game.status() == Status::InProgress && actions < settings.max_actions {
        if settings
            .horizon
            .is_some_and(|h| (player.plies - start_plies) as usize >= h && player.idle())
        {
            break;
        }
        let Some(action) = player.choose(&game) else {
            break;
        };
        if game.apply(action).is_err() {
            break;
        }
        player.played(&game);
        actions += 1;
    }
    let won = game.status() == Status::Won;
    Outcome {
        won,
        worth: game.runs_completed() as f32 * 1_000.0 + Table::of(&game).score(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tests::properties::with_hidden_cards_shuffled;
    use crate::engine::{Rules, Suits, Variant};

    /// Full rollouts, cheap enough for a debug build.
    const SMALL: Rollouts = Rollouts {
        candidates: 3,
        guesses: 6,
        root_depth: 2,
        base_depth: 2,
        horizon: None,
        max_actions: 600,
        deal: false,
    };

    /// The confidence a rollout hint reports is the share of its guesses in which its ply,
    /// then the base player, won: recomputed here by playing each guess out again through the
    /// player's public moves.
    #[test]
    fn the_confidence_is_the_share_of_guesses_the_chosen_ply_won() {
        let mut checked = 0;
        for deal in 1..=6 {
            let mut game = Game::new(Variant::Spider, Suits::One, Rules::default(), deal);
            // A little way in, so that cards have turned and the guesses differ.
            let mut opener = ComboPlayer::new(2);
            let mut log = Vec::new();
            for _ in 0..12 {
                let Some(action) = opener.choose(&game) else {
                    break;
                };
                game.apply(action).unwrap();
                opener.played(&game);
                log.push(action);
            }
            // Go on to a position between plies, where the rollouts choose.
            while ComboPlayer::pending_among(&game, &log, SMALL.root_depth, SMALL.candidates)
                .is_some()
            {
                let Some(action) = opener.choose(&game) else {
                    break;
                };
                game.apply(action).unwrap();
                opener.played(&game);
                log.push(action);
            }
            let worlds: Vec<Game> = (0..SMALL.guesses as u64)
                .map(|seed| with_hidden_cards_shuffled(&game, seed + 1))
                .collect();
            let Some(choice) = choose(&game, &log, SMALL, &|_| worlds.clone(), &|| true) else {
                continue;
            };
            let Some(won) = choice.won else {
                continue;
            };
            // Again, by hand: the root's plies, the chosen one's whole compound, played out.
            let mut root = ComboPlayer::at(&game, &log, SMALL.root_depth);
            let ply: Vec<Action> = root
                .ranked(&game)
                .into_iter()
                .take(SMALL.candidates)
                .find(|combo| combo[0].action() == choice.action)
                .expect("the chosen action begins one of the root's plies")
                .iter()
                .map(|s| s.action())
                .collect();
            let mut wins = 0;
            for world in &worlds {
                let mut played = world.clone();
                for &action in &ply {
                    played.apply(action).unwrap();
                }
                let mut player = root.with_depth(SMALL.base_depth);
                player.remember(&played);
                let mut actions = 0;
                while played.status() == Status::InProgress && actions < SMALL.max_actions {
                    let Some(action) = player.choose(&played) else {
                        break;
                    };
                    played.apply(action).unwrap();
                    player.played(&played);
                    actions += 1;
                }
                wins += usize::from(played.status() == Status::Won);
            }
            assert_eq!(won, wins as f64 / worlds.len() as f64, "deal {deal}");
            checked += 1;
        }
        assert!(checked >= 3, "only {checked} positions had rollouts");
    }

    /// Rollouts that stop before the end of the game cannot say how often a ply wins: no
    /// confidence. Neither can a position with one way on.
    #[test]
    fn truncated_rollouts_and_forced_plies_report_no_confidence() {
        let game = Game::new(Variant::Spider, Suits::Two, Rules::default(), 3);
        let worlds: Vec<Game> = (1..=2)
            .map(|s| with_hidden_cards_shuffled(&game, s))
            .collect();
        let truncated = Rollouts {
            horizon: Some(3),
            guesses: 2,
            ..SMALL
        };
        let choice = choose(&game, &[], truncated, &|_| worlds.clone(), &|| true).unwrap();
        assert_eq!(choice.won, None);
        let one = Rollouts {
            candidates: 1,
            ..SMALL
        };
        let choice = choose(&game, &[], one, &|_| worlds.clone(), &|| true).unwrap();
        assert_eq!(choice.won, None);
    }
}
