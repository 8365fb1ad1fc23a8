//! Hints: a suggested action from what the player can see, at a strength level, searched in
//! the bounded search pool within a time cap.

use crate::domain::GameId;
use crate::GameError;
use std::time::{Duration, Instant};

use super::games::{load, Loaded};
use super::searches::Searcher;
use super::{Error, Play};
use crate::engine::{self, Action, Game, Hint, HintLevel};

/// How long one hint may search: past it, the samples searched so far decide. Below it, the
/// hint depends only on the visible game.
pub const HINT_TIME: Duration = Duration::from_millis(1_500);

/// The hint at `level`, its positions scaled to `percent`, within [`HINT_TIME`] (on a search
/// worker).
fn within_time(game: &Game, log: &[Action], level: HintLevel, percent: u32) -> Hint {
    let until = Instant::now() + HINT_TIME;
    engine::advise_within(game, log, level, percent, &|| Instant::now() < until)
}

/// The hint for `game` (whose log is `log`) at `level`, searched in the bounded pool for `who`
/// (refused when it is full, or `who` holds their share of it).
pub async fn advise(
    play: &Play,
    who: &Searcher,
    game: Game,
    log: Vec<Action>,
    level: HintLevel,
) -> Result<Hint, Error> {
    let percent = play.hint_budget_percent;
    play.searches
        .run(who, move || Ok(within_time(&game, &log, level, percent)))
        .await
}

/// The hint for `who`'s game `game_id` at `level`, with the game's version. Refused where the
/// game's race room turned hints off.
pub async fn hint(
    play: &Play,
    who: &Searcher,
    game_id: &GameId,
    level: HintLevel,
) -> Result<(i32, Hint), Error> {
    // The slot first: a refusal when the pool is full then costs no database read.
    let slot = play.searches.slot_for(who)?;
    let (p, percent) = (play.clone(), play.hint_budget_percent);
    let (user_id, game_id) = (who.account.clone(), game_id.clone());
    slot.run(move || {
        let Loaded { row, log, game } = load(&p, &user_id, &game_id)?;
        if !row.hints_allowed {
            return Err(Error::Game(GameError::HintsDisabled));
        }
        Ok((row.version, within_time(&game, &log, level, percent)))
    })
    .await
}
