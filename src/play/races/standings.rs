//! A room's round as it stands at one moment: places from the games and the clock. Reads only.

use super::*;
use crate::domain::races::Progress;
use crate::domain::GameId;
use crate::engine::{Game, Status};
use crate::games::{load_any, Loaded};

/// Progress of a human seat's game, counting only actions up to `cutoff`: runs completed,
/// the finishing time (won games) and whether it was resigned.
fn human_progress(
    play: &Play,
    hg: &Loaded,
    started: NaiveDateTime,
    cutoff: NaiveDateTime,
) -> Result<(usize, Option<i64>, bool), Error> {
    let (game, finished_at) = if hg.row.updated_at <= cutoff {
        (hg.game.clone(), hg.row.finished_at)
    } else {
        // Replay only what happened before the cutoff.
        let events = play.db.read(|conn| game_store::events(conn, &hg.row.id))?;
        let spec = hg.row.deal_spec();
        let mut game = spec.deal();
        let mut last = None;
        for event in events.iter().filter(|e| e.created_at <= cutoff) {
            if game.apply(event.action()?).is_err() {
                break;
            }
            last = Some(event.created_at);
        }
        let finished = game.status().is_over().then_some(last).flatten();
        (game, finished)
    };
    let won = game.status() == Status::Won;
    let finished_ms = if won {
        finished_at.map(|t| ms(t - started))
    } else {
        None
    };
    Ok((
        game.runs_completed(),
        finished_ms,
        game.status() == Status::Resigned,
    ))
}

/// The seats a stand-in is playing for: those whose game's last action is the stand-in's.
pub(super) fn stand_ins(play: &Play, entries: &[EntryRow]) -> Result<HashSet<i32>, Error> {
    let mut stand_ins = HashSet::new();
    for entry in entries {
        let (Some(id), Some(version)) = (&entry.game_id, entry.cpu_version) else {
            continue;
        };
        let row = play.db.read(|conn| game_store::by_id(conn, id))?;
        if row.is_some_and(|g| g.version == version && g.finished_at.is_none()) {
            stand_ins.insert(entry.seat);
        }
    }
    Ok(stand_ins)
}

/// The seated humans' ratings in the room's variant and suits; none for an unranked room.
pub(super) fn ratings(
    play: &Play,
    race: &RaceRow,
    seats: &[SeatRow],
) -> Result<Vec<RatingRow>, Error> {
    if !race.ranked {
        return Ok(Vec::new());
    }
    play.db.read(|conn| {
        let mut out = Vec::new();
        for s in seats.iter().filter_map(|s| s.user_id.as_ref()) {
            if let Some(r) = race_store::rating(conn, s, race.variant, race.suits)? {
                out.push(r);
            }
        }
        Ok(out)
    })
}

/// Every seat's place in `round` at `at` (progress counted up to the cutoff), and the
/// round's phase.
pub(super) fn round_places(
    play: &Play,
    race: &RaceRow,
    seats: &[SeatRow],
    round: &RoundRow,
    entries: &[EntryRow],
    at: NaiveDateTime,
) -> Result<(Vec<rules::Place>, rules::Phase), Error> {
    let started = round.started_at;
    let cutoff = started + chrono::Duration::milliseconds(rules::ROUND_CUTOFF_MS);
    let until = at.min(cutoff);
    let (places, last_human_done) = places_until(play, race, seats, round, entries, at, until)?;
    // A human's entry has a game (a freed seat's too); a CPU's has a line.
    let phase = rules::phase(ms(at - started), &places, |seat| {
        is_human(seats, seat)
            || entries
                .iter()
                .any(|e| e.seat == seat && e.game_id.is_some())
    });
    if phase != rules::Phase::Over {
        return Ok((places, phase));
    }
    // A finished round's standings are fixed: as they stood the moment it ended (the last
    // human done, or the cutoff), however long after anyone looks, and equal to what the
    // ratings used.
    let ended = last_human_done.map_or(cutoff, |done| done.min(cutoff));
    if ended >= until {
        return Ok((places, phase));
    }
    let (places, _) = places_until(play, race, seats, round, entries, at, ended)?;
    Ok((places, phase))
}

/// Every seat's place counting progress up to `until`, and the moment the last human was
/// done (finished, resigned or quit) by then, if every human was.
fn places_until(
    play: &Play,
    race: &RaceRow,
    seats: &[SeatRow],
    round: &RoundRow,
    entries: &[EntryRow],
    at: NaiveDateTime,
    until: NaiveDateTime,
) -> Result<(Vec<rules::Place>, Option<NaiveDateTime>), Error> {
    let started = round.started_at;
    let limit_ms = i64::from(race.time_limit_s) * 1000;
    let mut progress = Vec::new();
    let mut all_done = true;
    let mut last_done: Option<NaiveDateTime> = None;
    for entry in entries {
        let spec = spec_of(race, entry.deal_number as u64);
        let runs_total = spec.variant.runs();
        let (runs, finished_ms, quit) = if at < started {
            (0, None, false)
        } else if entry.game_id.is_some() || is_human(seats, entry.seat) {
            let game = match &entry.game_id {
                Some(id) => load_any(&play.db, id)?,
                None => None,
            };
            let (runs, finished, resigned) = match &game {
                Some(hg) => human_progress(play, hg, started, until)?,
                None => (0, None, false),
            };
            // A player who finished and then pressed quit stays a finisher.
            let quit_at = entry.quit_at.filter(|q| *q <= until);
            let quit = resigned || (finished.is_none() && quit_at.is_some());
            let game_done = game
                .as_ref()
                .and_then(|hg| hg.row.finished_at)
                .filter(|t| *t <= until && (finished.is_some() || resigned));
            match [game_done, quit_at].into_iter().flatten().min() {
                Some(done) => last_done = Some(last_done.map_or(done, |l| l.max(done))),
                None => all_done = false,
            }
            (runs, finished, quit)
        } else {
            let line = game_store::decode(entry.cpu_line.as_deref().unwrap_or(""))?;
            let start: Game = spec.deal();
            let (runs, finished) =
                rules::cpu_progress(&start, &line, i64::from(entry.pace_ms), ms(until - started));
            (runs, finished, false)
        };
        progress.push(Progress {
            seat: entry.seat,
            runs,
            runs_total,
            finished_ms,
            quit,
        });
    }
    let places = rules::standings(progress, limit_ms);
    Ok((places, if all_done { last_done } else { None }))
}

/// Whether the round that race game `game_id` belongs to is over, as a look at its room would
/// say now (an idle player counts as still playing). Until then its cards must stay hidden:
/// others may be playing the same deal.
pub fn round_over_for_game(play: &Play, race_id: &str, game_id: &GameId) -> Result<bool, Error> {
    let at = now(play);
    let found = play.db.read(|conn| -> Result<_, Error> {
        let Some(race) = race_store::by_id(conn, race_id)? else {
            return Ok(None);
        };
        let Some(entry) = race_store::entry_of_game(conn, race_id, game_id)? else {
            return Ok(None);
        };
        let seats = race_store::seats(conn, race_id)?;
        let round = race_store::round(conn, race_id, entry.round)?;
        let entries = race_store::entries(conn, race_id, entry.round)?;
        Ok(Some((race, entry, seats, round, entries)))
    })?;
    let Some((race, entry, seats, round, entries)) = found else {
        // A race game whose race or seat is gone: nobody can still be playing its deal.
        return Ok(true);
    };
    // A new round starts only once the one before it is over.
    if race.round > entry.round {
        return Ok(true);
    }
    let Some(round) = round else {
        return Ok(false);
    };
    let (_, phase) = round_places(play, &race, &seats, &round, &entries, at)?;
    Ok(phase == rules::Phase::Over)
}
