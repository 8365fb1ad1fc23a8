//! Arenas' scheduled work, done by one instance at a time (the `arenas` lease): the
//! operators' schedules' arenas made ahead, ends of deals a stopped instance did not score,
//! and the final places of arenas that ended; and, apart, drawing each arena's deals before it
//! starts ([`draw_deals`], with the prover the caller brings).

use std::time::{Duration, Instant};

use chrono::{NaiveDateTime, TimeDelta};

use super::{arena_key, end_deal, end_of, found, new_row, score_end, score_of, Phase};
use crate::domain::arenas::{self as rules, DealEnd};
use crate::engine::{Suits, UndoMode, Variant};
use crate::store::arenas::{self as store, ArenaRow, DealRow};
use crate::store::leases;
use crate::{blocking, Error, Play};

/// How often the work runs; the lease lasts four turns, so another instance takes over within
/// 4 s of a stop.
pub const TICK: Duration = Duration::from_secs(1);
/// Deals are drawn for arenas starting within this long.
pub const DRAW_AHEAD: TimeDelta = TimeDelta::minutes(10);
/// Unscored ends one turn scores at most.
const SCORED_PER_TURN: i64 = 500;

/// One turn of the arenas' work, when this instance holds the lease.
pub async fn tick(play: &Play, holder: &str) -> Result<(), Error> {
    let (p, holder) = (play.clone(), holder.to_string());
    let changed = blocking(move || {
        let at = p.clock.now();
        let until = at + TimeDelta::from_std(TICK * 4).unwrap_or(TimeDelta::seconds(4));
        let held =
            p.db.write(move |conn| leases::take(conn, "arenas", &holder, at, until))?;
        if !held {
            return Ok(Vec::new());
        }
        keep_schedules(&p, at)?;
        let mut changed = score_unscored(&p)?;
        changed.extend(finish_ended(&p, at)?);
        Ok(changed)
    })
    .await?;
    for id in changed {
        play.live.changed(&arena_key(&id));
    }
    Ok(())
}

/// Each operator's schedule's arena now running and the next one, made once (by whichever
/// instance gets there first: a schedule's number is unique).
fn keep_schedules(play: &Play, at: NaiveDateTime) -> Result<(), Error> {
    for scheduled in play.arenas.schedules.iter() {
        let (running, next) = scheduled.schedule.at(at);
        for (n, start) in running.into_iter().chain([next]) {
            let name = scheduled.name.clone();
            if play
                .db
                .read(|conn| store::by_schedule(conn, &name, n))?
                .is_some()
            {
                continue;
            }
            let mut row = new_row(
                name.clone(),
                scheduled.variant,
                scheduled.suits,
                start,
                scheduled.schedule.lasts,
                UndoMode::Full,
                false,
                true,
                at,
            )?;
            row.schedule = Some(name);
            row.schedule_n = Some(n);
            play.db.write(move |conn| store::insert(conn, &row))?;
        }
    }
    Ok(())
}

/// Deals whose game ended but whose end was not scored (the instance that played the last
/// action stopped before scoring it): scored now. The arenas changed.
fn score_unscored(play: &Play) -> Result<Vec<String>, Error> {
    let ids = play
        .db
        .read(|conn| store::ended_unscored(conn, SCORED_PER_TURN))?;
    let mut changed = Vec::new();
    for id in ids {
        if let Some(Some(arena)) = score_end(play, &id)? {
            changed.push(arena);
        }
    }
    Ok(changed)
}

/// Arenas that ended and whose places are not final: each deal still open counts as not won
/// (one already won before the end as won), and every player gets their final place. The
/// arenas finished.
fn finish_ended(play: &Play, at: NaiveDateTime) -> Result<Vec<String>, Error> {
    let ended: Vec<ArenaRow> = play
        .db
        .read(|conn| store::unfinished(conn, at))?
        .into_iter()
        .filter(|a| super::phase(a, at) == Phase::Over)
        .collect();
    let mut finished = Vec::new();
    for arena in ended {
        let id = arena.id.clone();
        let done = play.db.write(move |conn| -> Result<bool, Error> {
            let arena = found(conn, &arena.id)?;
            if arena.finished_at.is_some() {
                return Ok(false);
            }
            for deal in store::open_plays(conn, &arena.id)? {
                let end = end_of(conn, &deal, &arena)?.unwrap_or(DealEnd::NotWon);
                end_deal(conn, &deal, end)?;
            }
            let players = store::players(conn, &arena.id)?;
            let scores: Vec<_> = players
                .iter()
                .map(|p| (p.user_id.to_string(), score_of(p)))
                .collect();
            let places: Vec<_> = rules::standings(&scores)
                .into_iter()
                .map(|p| (p.player.into(), p.place as i32))
                .collect();
            store::set_places(conn, &arena.id, &places)?;
            store::set_finished(conn, &arena.id, at)?;
            store::bump(conn, &arena.id, None)?;
            Ok(true)
        })?;
        if done {
            finished.push(id);
        }
    }
    Ok(finished)
}

/// Draw the deals of arenas starting within [`DRAW_AHEAD`] or running that do not hold all
/// of theirs yet: the numbers the arena's secret draws, in order, each kept when `winnable`
/// says so, until the arena holds its count or `budget` is spent. Blocking; how many deals
/// were added. Every instance draws the same deals for an arena (the draw is the secret's), so
/// two drawing at once only repeat each other's work.
pub fn draw_deals(
    play: &Play,
    winnable: &dyn Fn(Variant, Suits, u64) -> bool,
    budget: Duration,
) -> Result<usize, Error> {
    let started = Instant::now();
    let at = play.clock.now();
    let wanting: Vec<(ArenaRow, Vec<DealRow>)> = play.db.read(|conn| {
        store::unfinished(conn, at + DRAW_AHEAD)?
            .into_iter()
            .filter(|a| super::phase(a, at) != Phase::Over)
            .map(|a| {
                let deals = store::deals(conn, &a.id)?;
                Ok((a, deals))
            })
            .filter(|r: &Result<(ArenaRow, Vec<DealRow>), Error>| {
                r.as_ref()
                    .map_or(true, |(a, d)| (d.len() as i32) < a.deal_count)
            })
            .collect::<Result<_, Error>>()
    })?;
    let mut added = 0;
    for (arena, held) in wanting {
        let mut next_k = held.len() as i32;
        let mut candidate = held.last().map_or(0, |d| d.candidate + 1);
        let mut found_now = Vec::new();
        while next_k < arena.deal_count && started.elapsed() < budget {
            let number = rules::candidate(arena.secret.as_bytes(), candidate as u32);
            if winnable(arena.variant, arena.suits, number) {
                found_now.push(DealRow {
                    arena_id: arena.id.clone(),
                    k: next_k,
                    deal_number: number as i64,
                    candidate,
                });
                next_k += 1;
            }
            candidate += 1;
        }
        added += found_now.len();
        if !found_now.is_empty() {
            play.db
                .write(move |conn| store::add_deals(conn, &found_now))?;
        }
        if started.elapsed() >= budget {
            break;
        }
    }
    Ok(added)
}
