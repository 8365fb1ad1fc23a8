//! Race rooms' scheduled work, done by one instance at a time (a lease): stand-ins for idle
//! players, and ratings of ranked rounds that are over.

use crate::domain::{RaceCode, UserId};
use std::time::Duration;

use super::*;
use crate::games::{act, load_any, Act, Acted};

/// A stand-in CPU plays for an idle human: the moves due by now, at the room's pace. Whether
/// it is standing in.
async fn stand_in(
    play: &Play,
    race: &RaceRow,
    entry: &EntryRow,
    user_id: &UserId,
    started: NaiveDateTime,
    at: NaiveDateTime,
) -> Result<bool, Error> {
    let Some(game_id) = entry.game_id.clone() else {
        return Ok(false);
    };
    let (db, id) = (play.db.clone(), game_id.clone());
    let Some(hg) = blocking(move || load_any(&db, &id)).await? else {
        return Ok(false);
    };
    if hg.game.status().is_over() || entry.quit_at.is_some() {
        return Ok(false);
    }
    let pace = i64::from(rules::stand_in_pace_ms(race.cpu_level, entry.seat));
    let standing_in = entry.cpu_version == Some(hg.row.version);
    let last = if hg.row.version == 0 {
        started.max(hg.row.created_at)
    } else {
        hg.row.updated_at
    };
    let idle_ms = ms(at - last);
    let takeover_ms = i64::from(race.idle_takeover_s) * 1000;
    let due = if standing_in {
        idle_ms / pace
    } else if idle_ms >= takeover_ms {
        1 + (idle_ms - takeover_ms) / pace
    } else {
        0
    };
    if due <= 0 {
        return Ok(standing_in);
    }
    // The stand-in may use hints only where the player could.
    let hints_allowed = hg.row.hints_allowed;
    let (mut game, mut log, mut version) = (hg.game, hg.log, hg.row.version);
    for _ in 0..due.min(25) {
        let Some(action) = rules::stand_in_move(&game, &log, hints_allowed) else {
            break;
        };
        let move_ = Act {
            user_id: user_id.clone(),
            game_id: game_id.clone(),
            expected: Some(version),
            key: None,
            intent: action.into(),
        };
        match act(play, move_).await {
            Ok(Acted::Applied { .. }) => {
                if game.apply(action).is_err() {
                    break;
                }
                log.push(action);
                version += 1;
                let (rid, round, seat) = (entry.race_id.clone(), entry.round, entry.seat);
                let db = play.db.clone();
                blocking(move || {
                    Ok(db.write(move |conn| {
                        race_store::set_cpu_version(conn, &rid, round, seat, version, 1)
                    })?)
                })
                .await?;
            }
            // The player (or another instance's stand-in) acted first: stop here.
            Ok(Acted::Replayed(_)) | Err(_) => break,
        }
    }
    Ok(true)
}

/// The name of the lease whose holder does the races' scheduled work.
const RACES_LEASE: &str = "races";
/// How often an instance looks for race work (and renews its lease).
pub const TICK: Duration = Duration::from_millis(500);

/// Scheduled work for race rooms, done by the one instance holding the races lease: the
/// moves stand-ins owe idle players by now, and the ratings of ranked rounds that are over.
pub async fn tick(play: &Play, holder: &str) -> Result<(), Error> {
    let at = now(play);
    let until = at + chrono::Duration::from_std(TICK * 4).unwrap_or_default();
    let (p, h) = (play.clone(), holder.to_string());
    let codes = blocking(move || {
        let held = p.db.write(move |conn| -> Result<bool, StoreError> {
            crate::store::leases::take(conn, RACES_LEASE, &h, at, until)
        })?;
        if !held {
            return Ok(Vec::new());
        }
        let since = at - chrono::Duration::milliseconds(rules::ROUND_CUTOFF_MS);
        Ok(p.db.read(|conn| race_store::needing_work(conn, at, since))?)
    })
    .await?;
    for code in codes {
        if let Err(e) = race_work(play, &code, at).await {
            tracing::warn!(race = %code, error = %e, "race work failed");
        }
    }
    Ok(())
}

/// One race's scheduled work at `at`.
async fn race_work(play: &Play, code: &RaceCode, at: NaiveDateTime) -> Result<(), Error> {
    let (db, code_owned) = (play.db.clone(), code.clone());
    let snap = blocking(move || db.read(|conn| snapshot(conn, &code_owned))).await?;
    let Some(round) = snap.round.clone() else {
        return Ok(());
    };
    let started = round.started_at;
    if at < started {
        return Ok(());
    }
    if at < started + chrono::Duration::milliseconds(rules::ROUND_CUTOFF_MS) {
        for entry in &snap.entries {
            let Some(user) = snap
                .seats
                .iter()
                .find(|s| s.seat == entry.seat)
                .and_then(|s| s.user_id.clone())
            else {
                continue;
            };
            stand_in(play, &snap.race, entry, &user, started, at).await?;
        }
    }
    rate_if_over(play, code, at).await
}

/// Apply a ranked round's ratings once it is over (at most once: the round is claimed).
pub(super) async fn rate_if_over(
    play: &Play,
    code: &RaceCode,
    at: NaiveDateTime,
) -> Result<(), Error> {
    let (p, code) = (play.clone(), code.clone());
    blocking(move || {
        let snap = p.db.read(|conn| snapshot(conn, &code))?;
        let Some(round) = &snap.round else {
            return Ok(());
        };
        if !snap.race.ranked || round.rated || at < round.started_at {
            return Ok(());
        }
        let (places, phase) =
            standings::round_places(&p, &snap.race, &snap.seats, round, &snap.entries, at)?;
        if phase == rules::Phase::Over {
            rate(&p, &snap.race, round, &snap.seats, &snap.entries, &places)?;
        }
        Ok(())
    })
    .await
}

/// Apply a finished ranked round to the humans' ratings, exactly once. Only registered
/// players who made an action of their own count (a seat that quit before its first action,
/// or that a stand-in played throughout, does not), and only when at least two do: a round
/// against nobody, or against throwaway seats, moves no rating.
fn rate(
    play: &Play,
    race: &RaceRow,
    round: &RoundRow,
    seats: &[SeatRow],
    entries: &[EntryRow],
    places: &[rules::Place],
) -> Result<(), Error> {
    if round.rated {
        return Ok(());
    }
    let mut humans: Vec<(UserId, usize)> = Vec::new();
    for p in places {
        let Some(user) = seats
            .iter()
            .find(|s| s.seat == p.progress.seat)
            .and_then(|s| s.user_id.clone())
        else {
            continue;
        };
        let Some(entry) = entries.iter().find(|e| e.seat == p.progress.seat) else {
            continue;
        };
        let own_actions = match &entry.game_id {
            Some(id) => load_any(&play.db, id)?.map_or(0, |g| {
                let played = g
                    .log
                    .iter()
                    .filter(|a| !matches!(a, engine::Action::Resign))
                    .count();
                i64::try_from(played).unwrap_or(i64::MAX) - i64::from(entry.stand_in_moves)
            }),
            None => 0,
        };
        let id = user.clone();
        let registered = play
            .db
            .read(move |conn| store::users::by_id(conn, &id))?
            .is_some_and(|u| !u.is_guest);
        if own_actions > 0 && registered {
            humans.push((user.clone(), p.place));
        }
    }
    if humans.len() < 2 {
        humans.clear();
    }
    // Ratings are read and written under the players' row locks, taken in one order, so two
    // rounds finishing at once (with a player in common) cannot lose an update.
    humans.sort_by(|a, b| a.0.cmp(&b.0));
    let (race, round_no) = (race.clone(), round.round);
    Ok(play.db.write(move |conn| -> Result<(), StoreError> {
        if !race_store::claim_rating(conn, &race.id, round_no)? {
            return Ok(());
        }
        for (user, _) in &humans {
            store::users::lock(conn, user)?;
        }
        let mut current = Vec::new();
        for (user, place) in &humans {
            let row = race_store::rating(conn, user, race.variant, race.suits)?;
            current.push((row, *place));
        }
        let inputs: Vec<(f64, usize)> = current
            .iter()
            .map(|(r, p)| (r.as_ref().map_or(rules::START_RATING, |r| r.rating), *p))
            .collect();
        let after = rules::elo(&inputs);
        for (((user, _), (row, _)), rating) in humans.iter().zip(&current).zip(after) {
            race_store::save_rating(
                conn,
                &RatingRow {
                    user_id: user.clone(),
                    variant: race.variant,
                    suits: race.suits,
                    rating,
                    rounds: row.as_ref().map_or(0, |r| r.rounds) + 1,
                },
            )?;
        }
        Ok(())
    })?)
}
