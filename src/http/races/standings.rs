//! A room as it stands at one moment: places from the games and the clock. Reads only.

use super::*;

/// One human's game as the standings see it, at `cutoff` at the latest.
pub(super) struct HumanGame {
    pub(super) row: GameRow,
    pub(super) game: Game,
    pub(super) log: Vec<engine::Action>,
}

pub(super) fn load_game(db: &store::Db, id: &str) -> Result<Option<HumanGame>, ApiError> {
    Ok(crate::play::games::load_any(db, id)?.map(|l| HumanGame {
        row: l.row,
        game: l.game,
        log: l.log,
    }))
}

/// Progress of a human seat, counting only actions up to `cutoff`.
pub(super) fn human_progress(
    db: &store::Db,
    hg: &HumanGame,
    started: NaiveDateTime,
    cutoff: NaiveDateTime,
) -> Result<(usize, Option<i64>, bool), ApiError> {
    let (game, finished_at) = if hg.row.updated_at <= cutoff {
        (hg.game.clone(), hg.row.finished_at)
    } else {
        // Replay only what happened before the cutoff.
        let events = db.read(|conn| game_store::events(conn, &hg.row.id))?;
        let spec = hg.row.deal_spec()?;
        let mut game = Game::new(spec.variant, spec.suits, spec.rules, spec.deal_number);
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

/// The race as the caller sees it now: standings computed from the games and the clock. A
/// read: stand-ins and ratings are the scheduled work's ([`tick`]) and the write paths'.
pub(super) async fn look(
    state: &AppState,
    caller: Option<&Caller>,
    code: &str,
) -> Result<RaceView, ApiError> {
    let at = now(state);
    let st = state.clone();
    let code_owned = code.to_string();
    let caller_id = caller.map(|c| c.user_id.clone());
    blocking(move || {
        let snap = snapshot(&st.db, &code_owned)?;
        // A stand-in is playing for a seat whose game's last action is the stand-in's.
        let mut stand_ins = std::collections::HashSet::new();
        for entry in &snap.entries {
            let (Some(id), Some(version)) = (&entry.game_id, entry.cpu_version) else {
                continue;
            };
            let row = st.db.read(|conn| game_store::by_id(conn, id))?;
            if row.is_some_and(|g| g.version == version && g.finished_at.is_none()) {
                stand_ins.insert(entry.seat);
            }
        }
        view(&st, snap, caller_id.as_deref(), at, &stand_ins)
    })
    .await
}

/// Every seat's place in `round` at `at` (progress counted up to the cutoff), and the
/// round's phase.
pub(super) fn round_places(
    state: &AppState,
    race: &RaceRow,
    seats: &[SeatRow],
    round: &RoundRow,
    entries: &[EntryRow],
    at: NaiveDateTime,
) -> Result<(Vec<race::Place>, race::Phase), ApiError> {
    let human = |seat: i32| {
        seats
            .iter()
            .find(|s| s.seat == seat)
            .is_some_and(|s| s.user_id.is_some())
    };
    let started = round.started_at;
    let cutoff = started + chrono::Duration::milliseconds(race::ROUND_CUTOFF_MS);
    let until = at.min(cutoff);
    let (places, last_human_done) = places_until(state, race, seats, round, entries, at, until)?;
    let phase = race::phase(ms(at - started), &places, human);
    if phase != race::Phase::Over {
        return Ok((places, phase));
    }
    // A finished round's standings are fixed: as they stood the moment it ended (the last
    // human done, or the cutoff), however long after anyone looks, and equal to what the
    // ratings used.
    let ended = last_human_done.map_or(cutoff, |done| done.min(cutoff));
    if ended >= until {
        return Ok((places, phase));
    }
    let (places, _) = places_until(state, race, seats, round, entries, at, ended)?;
    Ok((places, phase))
}

/// Every seat's place counting progress up to `until`, and the moment the last human was
/// done (finished, resigned or quit) by then, if every human was.
fn places_until(
    state: &AppState,
    race: &RaceRow,
    seats: &[SeatRow],
    round: &RoundRow,
    entries: &[EntryRow],
    at: NaiveDateTime,
    until: NaiveDateTime,
) -> Result<(Vec<race::Place>, Option<NaiveDateTime>), ApiError> {
    let human = |seat: i32| {
        seats
            .iter()
            .find(|s| s.seat == seat)
            .is_some_and(|s| s.user_id.is_some())
    };
    let started = round.started_at;
    let limit_ms = i64::from(race.time_limit_s) * 1000;
    let mut progress = Vec::new();
    let mut all_done = true;
    let mut last_done: Option<NaiveDateTime> = None;
    for entry in entries {
        let spec = spec_of(race, entry.deal_number as u64)?;
        let runs_total = spec.variant.runs();
        let (runs, finished_ms, quit) = if at < started {
            (0, None, false)
        } else if human(entry.seat) {
            let game = match &entry.game_id {
                Some(id) => load_game(&state.db, id)?,
                None => None,
            };
            let (runs, finished, resigned) = match &game {
                Some(hg) => human_progress(&state.db, hg, started, until)?,
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
            let start = Game::new(spec.variant, spec.suits, spec.rules, spec.deal_number);
            let (runs, finished) =
                race::cpu_progress(&start, &line, i64::from(entry.pace_ms), ms(until - started));
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
    let places = race::standings(progress, limit_ms);
    Ok((places, if all_done { last_done } else { None }))
}

/// Whether the round that race game `game_id` belongs to is over, as the race view would
/// say now (without making a stand-in's moves: an idle player counts as still playing).
/// Until then its cards must stay hidden: others may be playing the same deal.
pub(crate) fn round_over_for_game(
    state: &AppState,
    race_id: &str,
    game_id: &str,
) -> Result<bool, ApiError> {
    let at = now(state);
    let found = state.db.read(|conn| -> Result<_, ApiError> {
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
    let (_, phase) = round_places(state, &race, &seats, &round, &entries, at)?;
    Ok(phase == race::Phase::Over)
}

pub(super) fn view(
    state: &AppState,
    snap: Snapshot,
    caller: Option<&str>,
    at: NaiveDateTime,
    stand_ins: &std::collections::HashSet<i32>,
) -> Result<RaceView, ApiError> {
    let race = &snap.race;
    let seat_of = |seat: i32| snap.seats.iter().find(|s| s.seat == seat);
    let my_seat = caller.and_then(|c| {
        snap.seats
            .iter()
            .find(|s| s.user_id.as_deref() == Some(c))
            .map(|s| s.seat)
    });
    let round = match &snap.round {
        None => None,
        Some(round) => {
            let started = round.started_at;
            let limit_ms = i64::from(race.time_limit_s) * 1000;
            let cutoff = started + chrono::Duration::milliseconds(race::ROUND_CUTOFF_MS);
            let (places, phase) = round_places(state, race, &snap.seats, round, &snap.entries, at)?;
            let state_now = match phase {
                race::Phase::Countdown => RoundState::Countdown,
                race::Phase::Running => RoundState::Running,
                race::Phase::Over => RoundState::Over,
            };
            let ratings: Vec<RatingRow> = if race.ranked {
                state.db.read(|conn| -> Result<_, ApiError> {
                    let mut out = Vec::new();
                    for s in snap.seats.iter().filter_map(|s| s.user_id.as_deref()) {
                        if let Some(r) = race_store::rating(conn, s, &race.variant, race.suits)? {
                            out.push(r);
                        }
                    }
                    Ok(out)
                })?
            } else {
                Vec::new()
            };
            let standings = places
                .into_iter()
                .map(|p| {
                    let seat = seat_of(p.progress.seat);
                    let user = seat.and_then(|s| s.user_id.as_deref());
                    let entry = snap.entries.iter().find(|e| e.seat == p.progress.seat);
                    PlaceView {
                        place: p.place,
                        seat: p.progress.seat,
                        name: seat.map(|s| s.name.clone()).unwrap_or_default(),
                        cpu: user.is_none(),
                        standing: p.standing.name(),
                        runs_completed: p.progress.runs,
                        runs_total: p.progress.runs_total,
                        progress: p.progress.runs as f64 / p.progress.runs_total.max(1) as f64,
                        finished_ms: p.progress.finished_ms,
                        stand_in: stand_ins.contains(&p.progress.seat)
                            && p.standing == Standing::Playing,
                        difficulty: difficulty_of(
                            entry.map(|e| e.difficulty.as_str()).unwrap_or("normal"),
                        )
                        .into(),
                        rating: user.and_then(|u| {
                            ratings.iter().find(|r| r.user_id == u).map(|r| r.rating)
                        }),
                    }
                })
                .collect();
            Some(RoundView {
                number: round.round,
                state: state_now,
                starts_at: started.and_utc(),
                starts_in_ms: ms(started - at).max(0),
                time_limit_at: (started + chrono::Duration::milliseconds(limit_ms)).and_utc(),
                results_fixed_at: cutoff.and_utc(),
                elapsed_ms: ms(at - started).clamp(0, race::ROUND_CUTOFF_MS),
                standings,
            })
        }
    };
    // A seat's game is shown once the countdown is over.
    let started = snap.round.as_ref().is_some_and(|r| at >= r.started_at);
    let you = my_seat.map(|seat| YouView {
        seat,
        game_id: snap
            .entries
            .iter()
            .find(|e| e.seat == seat)
            .and_then(|e| e.game_id.clone())
            .filter(|_| started),
    });
    Ok(RaceView {
        code: race.code.clone(),
        settings: settings(race)?,
        seats: snap
            .seats
            .iter()
            .map(|s| SeatView {
                seat: s.seat,
                name: s.name.clone(),
                cpu: s.user_id.is_none(),
                you: Some(s.seat) == my_seat,
                host: s.user_id.as_deref() == Some(race.host_id.as_str()),
            })
            .collect(),
        round,
        you,
    })
}
