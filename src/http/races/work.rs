//! Race rooms' scheduled work, done by one instance at a time (a lease): stand-ins for idle
//! players, and ratings of ranked rounds that are over.

use super::*;

/// A stand-in CPU plays for an idle human: the moves due by now, at the room's pace.
pub(super) async fn stand_in(
    state: &AppState,
    race: &RaceRow,
    entry: &EntryRow,
    user_id: &str,
    started: NaiveDateTime,
    at: NaiveDateTime,
) -> Result<bool, ApiError> {
    let Some(game_id) = entry.game_id.clone() else {
        return Ok(false);
    };
    let db = state.db.clone();
    let id = game_id.clone();
    let Some(hg) = blocking(move || load_game(&db, &id)).await? else {
        return Ok(false);
    };
    if hg.game.status().is_over() || entry.quit_at.is_some() {
        return Ok(false);
    }
    let pace = i64::from(race::cpu_pace_ms(&race.cpu_level, entry.seat));
    let standing_in = entry.cpu_version == Some(hg.row.version);
    let last = if hg.row.version == 0 {
        started.max(hg.row.created_at)
    } else {
        hg.row.updated_at
    };
    let idle_ms = ms(at - last);
    let due = if standing_in {
        idle_ms / pace
    } else if idle_ms >= i64::from(race.idle_takeover_s) * 1000 {
        1 + (idle_ms - i64::from(race.idle_takeover_s) * 1000) / pace
    } else {
        0
    };
    if due <= 0 {
        return Ok(standing_in);
    }
    let seat_caller = Caller {
        user_id: user_id.to_string(),
        scopes: None,
        session: None,
    };
    // The stand-in may use hints only where the player could.
    let hints_allowed = hg.row.hints_allowed;
    let (mut game, mut log, mut version) = (hg.game, hg.log, hg.row.version);
    for _ in 0..due.min(25) {
        let Some(action) = race::stand_in_move(&game, &log, hints_allowed) else {
            break;
        };
        let applied = games::append_action(
            state,
            &seat_caller,
            &game_id,
            Some(version),
            None,
            &ActionRequest::from(action),
        )
        .await;
        match applied {
            Ok(_) => {
                if game.apply(action).is_err() {
                    break;
                }
                log.push(action);
                version += 1;
                let (rid, round, seat) = (entry.race_id.clone(), entry.round, entry.seat);
                let db = state.db.clone();
                blocking(move || {
                    db.write(move |conn| -> Result<(), ApiError> {
                        Ok(race_store::set_cpu_version(
                            conn, &rid, round, seat, version, 1,
                        )?)
                    })
                })
                .await?;
            }
            // The player (or another instance's stand-in) acted first: stop here.
            Err(_) => break,
        }
    }
    Ok(true)
}

/// The name of the lease whose holder does the races' scheduled work.
pub(super) const RACES_LEASE: &str = "races";
/// How often an instance looks for race work (and renews its lease).
pub const TICK: Duration = Duration::from_millis(500);

/// Scheduled work for race rooms, done by the one instance holding the races lease: the
/// moves stand-ins owe idle players by now, and the ratings of ranked rounds that are over.
pub async fn tick(state: &AppState, holder: &str) -> Result<(), ApiError> {
    let at = now(state);
    let until = at + chrono::Duration::from_std(TICK * 4).unwrap_or_default();
    let (st, h) = (state.clone(), holder.to_string());
    let codes = blocking(move || {
        let held = st.db.write(move |conn| -> Result<bool, StoreError> {
            crate::store::leases::take(conn, RACES_LEASE, &h, at, until)
        })?;
        if !held {
            return Ok(Vec::new());
        }
        let since = at - chrono::Duration::milliseconds(race::ROUND_CUTOFF_MS);
        Ok(st
            .db
            .read(|conn| race_store::needing_work(conn, at, since))?)
    })
    .await?;
    for code in codes {
        if let Err(e) = race_work(state, &code, at).await {
            tracing::warn!(race = %code, error = %e, "race work failed");
        }
    }
    Ok(())
}

/// One race's scheduled work at `at`.
pub(super) async fn race_work(
    state: &AppState,
    code: &str,
    at: NaiveDateTime,
) -> Result<(), ApiError> {
    let db = state.db.clone();
    let code_owned = code.to_string();
    let snap = blocking(move || snapshot(&db, &code_owned)).await?;
    let Some(round) = snap.round.clone() else {
        return Ok(());
    };
    let started = round.started_at;
    if at < started {
        return Ok(());
    }
    if at < started + chrono::Duration::milliseconds(race::ROUND_CUTOFF_MS) {
        for entry in &snap.entries {
            let Some(user) = snap
                .seats
                .iter()
                .find(|s| s.seat == entry.seat)
                .and_then(|s| s.user_id.clone())
            else {
                continue;
            };
            stand_in(state, &snap.race, entry, &user, started, at).await?;
        }
    }
    rate_if_over(state, code, at).await
}

/// Apply a ranked round's ratings once it is over (at most once: the round is claimed).
pub(super) async fn rate_if_over(
    state: &AppState,
    code: &str,
    at: NaiveDateTime,
) -> Result<(), ApiError> {
    let st = state.clone();
    let code = code.to_string();
    blocking(move || {
        let snap = snapshot(&st.db, &code)?;
        let Some(round) = &snap.round else {
            return Ok(());
        };
        if !snap.race.ranked || round.rated || at < round.started_at {
            return Ok(());
        }
        let (places, phase) = round_places(&st, &snap.race, &snap.seats, round, &snap.entries, at)?;
        if phase == race::Phase::Over {
            rate(&st, &snap.race, round, &snap.seats, &snap.entries, &places)?;
        }
        Ok(())
    })
    .await
}

/// Apply a finished ranked round to the humans' ratings, exactly once. Only registered
/// players who made an action of their own count (a seat that quit before its first action,
/// or that a stand-in played throughout, does not), and only when at least two do: a round
/// against nobody, or against throwaway seats, moves no rating.
pub(super) fn rate(
    state: &AppState,
    race: &RaceRow,
    round: &RoundRow,
    seats: &[SeatRow],
    entries: &[EntryRow],
    places: &[race::Place],
) -> Result<(), ApiError> {
    if round.rated {
        return Ok(());
    }
    let mut humans: Vec<(String, usize)> = Vec::new();
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
            Some(id) => load_game(&state.db, id)?.map_or(0, |g| {
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
        let registered = state
            .db
            .read(move |conn| crate::store::users::by_id(conn, &id))?
            .is_some_and(|u| !u.is_guest);
        if own_actions > 0 && registered {
            humans.push((user, p.place));
        }
    }
    if humans.len() < 2 {
        humans.clear();
    }
    // Ratings are read and written under the players' row locks, taken in one order, so two
    // rounds finishing at once (with a player in common) cannot lose an update.
    humans.sort_by(|a, b| a.0.cmp(&b.0));
    let (race, round_no) = (race.clone(), round.round);
    state.db.write(move |conn| -> Result<(), ApiError> {
        if !race_store::claim_rating(conn, &race.id, round_no)? {
            return Ok(());
        }
        for (user, _) in &humans {
            crate::store::users::lock(conn, user)?;
        }
        let mut current = Vec::new();
        for (user, place) in &humans {
            let row = race_store::rating(conn, user, &race.variant, race.suits)?;
            current.push((row, *place));
        }
        let inputs: Vec<(f64, usize)> = current
            .iter()
            .map(|(r, p)| (r.as_ref().map_or(race::START_RATING, |r| r.rating), *p))
            .collect();
        let after = race::elo(&inputs);
        for (((user, _), (row, _)), rating) in humans.iter().zip(&current).zip(after) {
            race_store::save_rating(
                conn,
                &RatingRow {
                    user_id: user.clone(),
                    variant: race.variant.clone(),
                    suits: race.suits,
                    rating,
                    rounds: row.as_ref().map_or(0, |r| r.rounds) + 1,
                },
            )?;
        }
        Ok(())
    })
}
