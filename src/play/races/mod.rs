//! Races: a host opens a room, others join by its code, the host starts a round, and every
//! player gets an identical game of one deal, played through the ordinary game use cases.
//!
//! A room is computed when someone looks (`standings.rs`, reads only): a human's progress
//! from their game, a CPU's from its precomputed line and the clock, so any instance answers
//! the same. Stand-ins for idle players and ratings are scheduled work (`work.rs`) and the
//! write paths' (a quit), never a read's.

mod standings;
mod work;

pub use standings::round_over_for_game;
pub use work::{tick, TICK};

use crate::domain::{RaceCode, UserId};
use crate::{AccountError, RaceError};
use std::collections::HashSet;

use chrono::NaiveDateTime;

use super::live::room_key;
use super::{blocking, Error, Play};
use crate::domain::origin::OriginKind;
use crate::domain::pace;
use crate::domain::races as rules;
use crate::engine::Difficulty;
use crate::engine::{self, DealSpec, Level, Suits, UndoMode, Variant};
use crate::store::games::{self as game_store, GameRow, Origin};
/// A race room as kept.
pub use crate::store::races::RaceRow;
use crate::store::races::{self as race_store, EntryRow, RatingRow, RoundRow, SeatRow, Seating};
use crate::store::winnable::ProvenDeal;
use crate::store::{self, DbConn, StoreError};

/// The room's clock: the server's.
fn now(play: &Play) -> NaiveDateTime {
    play.clock.now()
}

fn ms(d: chrono::Duration) -> i64 {
    d.num_milliseconds()
}

/// The deal a race's seat plays: the room's variant and suits, its undo mode, the standard
/// empty-column rule.
pub fn spec_of(race: &RaceRow, deal_number: u64) -> DealSpec {
    let mut spec = DealSpec {
        variant: race.variant,
        suits: race.suits,
        rules: engine::Rules {
            undo: race.undo_mode,
            empty_column_deal: engine::EmptyColumnDeal::Standard,
        },
        deal_number,
    };
    // Ranked rounds change ratings: nobody may peek at a card and take it back.
    if race.ranked {
        spec.rules.undo = spec.rules.undo.for_ranked_play();
    }
    spec
}

/// A room as it stands at one moment.
#[derive(Clone, Debug)]
pub struct Room {
    pub race: RaceRow,
    pub seats: Vec<SeatRow>,
    /// The latest round's entries, a seat each (none before the first round).
    pub entries: Vec<EntryRow>,
    pub round: Option<RoundNow>,
    /// The moment the room was looked at.
    pub at: NaiveDateTime,
}

/// The latest round at the moment of a look.
#[derive(Clone, Debug)]
pub struct RoundNow {
    pub row: RoundRow,
    /// Every seat's place, progress counted up to the moment (a round that is over: up to its
    /// end).
    pub places: Vec<rules::Place>,
    pub phase: rules::Phase,
    /// The seats a stand-in CPU is playing for.
    pub stand_ins: HashSet<i32>,
    /// The seated humans' ratings in the room's variant and suits (ranked rooms only).
    pub ratings: Vec<RatingRow>,
}

impl Room {
    /// The seat of `user_id`, if they have one.
    pub fn seat_of(&self, user_id: &UserId) -> Option<i32> {
        self.seats
            .iter()
            .find(|s| s.user_id.as_deref() == Some(user_id))
            .map(|s| s.seat)
    }

    /// Whether `seat` is a human's (not a CPU's).
    pub fn human(&self, seat: i32) -> bool {
        is_human(&self.seats, seat)
    }

    /// The game `seat` plays this round, once the countdown is over: before that nobody sees
    /// a card.
    pub fn game_of(&self, seat: i32) -> Option<&str> {
        let started = self
            .round
            .as_ref()
            .is_some_and(|r| self.at >= r.row.started_at);
        self.entries
            .iter()
            .find(|e| e.seat == seat)
            .and_then(|e| e.game_id.as_deref())
            .filter(|_| started)
    }
}

/// A room followed live (`crate::feed`): looked at when a change to the room or to one of its
/// seats' games is heard, and every second anyway, since standings move with the clock as
/// well as with moves.
pub struct RoomFeed;

impl crate::feed::Followed for RoomFeed {
    type Key = RaceCode;
    type Seen = Room;

    fn look(
        play: &Play,
        code: &RaceCode,
    ) -> impl std::future::Future<Output = Result<Room, Error>> + Send {
        look(play, code)
    }

    fn watch(code: &RaceCode, room: &Room) -> Vec<String> {
        room.entries
            .iter()
            .filter_map(|e| e.game_id.as_ref().map(crate::domain::GameId::to_string))
            .chain([room_key(code)])
            .collect()
    }
}

fn is_human(seats: &[SeatRow], seat: i32) -> bool {
    seats
        .iter()
        .find(|s| s.seat == seat)
        .is_some_and(|s| s.user_id.is_some())
}

/// The stored rows of a room.
struct Snapshot {
    race: RaceRow,
    seats: Vec<SeatRow>,
    round: Option<RoundRow>,
    entries: Vec<EntryRow>,
}

fn snapshot(conn: &mut DbConn, code: &RaceCode) -> Result<Snapshot, Error> {
    let race = race_store::by_code(conn, code)?.ok_or(Error::Race(RaceError::RaceNotFound))?;
    let seats = race_store::seats(conn, &race.id)?;
    let round = race_store::round(conn, &race.id, race.round)?;
    let entries = match &round {
        Some(r) => race_store::entries(conn, &race.id, r.round)?,
        None => Vec::new(),
    };
    Ok(Snapshot {
        race,
        seats,
        round,
        entries,
    })
}

/// A typed-in room code as stored: trimmed, upper case.
pub fn normalise(code: &str) -> RaceCode {
    RaceCode::new(code.trim().to_ascii_uppercase())
}

/// The room with code `code` as it stands now. A read: it never changes a game.
pub async fn look(play: &Play, code: &RaceCode) -> Result<Room, Error> {
    let (p, code) = (play.clone(), code.clone());
    blocking(move || look_at(&p, &code, now(&p))).await
}

/// The room at `at`: standings computed from the games and the clock.
fn look_at(play: &Play, code: &RaceCode, at: NaiveDateTime) -> Result<Room, Error> {
    let snap = play.db.read(|conn| snapshot(conn, code))?;
    let round = match &snap.round {
        None => None,
        Some(row) => {
            let (places, phase) =
                standings::round_places(play, &snap.race, &snap.seats, row, &snap.entries, at)?;
            Some(RoundNow {
                row: row.clone(),
                places,
                phase,
                stand_ins: standings::stand_ins(play, &snap.entries)?,
                ratings: standings::ratings(play, &snap.race, &snap.seats)?,
            })
        }
    };
    Ok(Room {
        race: snap.race,
        seats: snap.seats,
        entries: snap.entries,
        round,
        at,
    })
}

/// A new room's settings, each already within its bounds.
#[derive(Clone, Debug)]
pub struct NewRace {
    pub variant: Variant,
    pub suits: Suits,
    pub difficulty: Difficulty,
    pub time_limit_s: u32,
    pub undo: UndoMode,
    pub hints: bool,
    pub handicap: bool,
    /// CPU players, fewer than [`rules::MAX_SEATS`].
    pub cpu_players: u32,
    pub cpu_level: Level,
    pub ranked: bool,
    pub idle_takeover_s: u32,
}

/// Ranked rooms are for registered accounts: a rating that throwaway guests could feed
/// would mean nothing.
fn registered_only(conn: &mut DbConn, user_id: &UserId) -> Result<(), Error> {
    let user =
        store::users::by_id(conn, user_id)?.ok_or(Error::Account(AccountError::UnknownUser))?;
    if user.is_guest {
        return Err(Error::Race(RaceError::AccountRequired));
    }
    Ok(())
}

/// The name a seat shows: the one asked for (already checked), else the account's name, else
/// `guest-` and the start of the account's id. `CPU n` is the CPUs' alone.
fn display_name(
    conn: &mut DbConn,
    user_id: &UserId,
    asked: Option<String>,
) -> Result<String, Error> {
    let name = match asked {
        Some(name) => name,
        None => store::users::by_id(conn, user_id)?
            .and_then(|u| u.username)
            .unwrap_or_else(|| format!("guest-{}", &user_id[..8.min(user_id.len())])),
    };
    if is_cpu_name(&name) {
        return Err(Error::Race(RaceError::SeatNameReserved));
    }
    Ok(name)
}

/// Whether `name` reads as a CPU's (`CPU 2`, `cpu2`, `Cpu  12`): no human seat may show it.
pub fn is_cpu_name(name: &str) -> bool {
    let plain: String = race_store::same_name(name)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    plain
        .strip_prefix("cpu")
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

fn random_code() -> Result<String, Error> {
    use rand_core::{OsRng, TryRngCore};
    // No 0/O, 1/I/L: easy to read aloud and type.
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let mut bytes = [0u8; 6];
    OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| Error::Internal(format!("operating system random source: {e}")))?;
    Ok(bytes
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect())
}

/// Open a room: the caller takes seat 1 and is its host; CPU players take the next seats.
pub async fn create(play: &Play, user_id: &UserId, new: NewRace) -> Result<Room, Error> {
    let (p, user_id) = (play.clone(), user_id.clone());
    blocking(move || {
        let at = now(&p);
        let name = p.db.read(|conn| {
            if new.ranked {
                registered_only(conn, &user_id)?;
            }
            display_name(conn, &user_id, None)
        })?;
        for _ in 0..5 {
            let race = RaceRow {
                id: uuid::Uuid::new_v4().to_string(),
                code: random_code()?.into(),
                host_id: user_id.clone(),
                variant: new.variant,
                suits: new.suits,
                difficulty: new.difficulty,
                time_limit_s: new.time_limit_s as i32,
                undo_allowed: new.undo.allows_any(),
                undo_mode: new.undo,
                hints_allowed: new.hints,
                handicap: new.handicap,
                cpu_level: new.cpu_level,
                ranked: new.ranked,
                idle_takeover_s: new.idle_takeover_s as i32,
                round: 0,
                created_at: at,
            };
            let host = SeatRow {
                race_id: race.id.clone(),
                seat: 1,
                user_id: Some(user_id.clone()),
                name: name.clone(),
                joined_at: at,
            };
            let stored = race.clone();
            let cpus = new.cpu_players;
            let written = p.db.write(move |conn| -> Result<(), StoreError> {
                race_store::insert(conn, &stored, &host)?;
                for i in 1..=cpus {
                    let seated = race_store::add_seat(
                        conn,
                        &stored.id,
                        None,
                        &format!("CPU {i}"),
                        rules::MAX_SEATS,
                        at,
                    )?;
                    if !matches!(seated, Seating::Seated(_)) {
                        return Err(StoreError::Corrupt(format!(
                            "race {}: CPU {i} found no seat ({seated:?})",
                            stored.id
                        )));
                    }
                }
                Ok(())
            });
            match written {
                Ok(()) => return look_at(&p, &race.code, at),
                // A code already in use: draw another.
                Err(e) if e.is_unique_violation() => continue,
                Err(e) if e.is_foreign_key_violation() => {
                    return Err(Error::Account(AccountError::UnknownUser))
                }
                Err(e) => return Err(e.into()),
            }
        }
        Err(Error::Internal(
            "race code: no free code after 5 draws".into(),
        ))
    })
    .await
}

/// Take a seat in room `code` (or keep yours: joining again is harmless), under the name
/// asked for (already checked) or the account's: unique in the room (case and white space
/// aside), and never `CPU n`. A player who joins during a round plays from the next one.
pub async fn join(
    play: &Play,
    user_id: &UserId,
    code: &RaceCode,
    name: Option<String>,
) -> Result<Room, Error> {
    let (p, user_id, code) = (play.clone(), user_id.clone(), code.clone());
    blocking(move || {
        let (race, name) = p.db.read(|conn| {
            let race =
                race_store::by_code(conn, &code)?.ok_or(Error::Race(RaceError::RaceNotFound))?;
            if race.ranked {
                registered_only(conn, &user_id)?;
            }
            let name = display_name(conn, &user_id, name)?;
            Ok::<_, Error>((race, name))
        })?;
        let at = now(&p);
        let id = user_id.clone();
        let seated = p.db.write(move |conn| {
            race_store::add_seat(conn, &race.id, Some(&id), &name, rules::MAX_SEATS, at)
        })?;
        match seated {
            Seating::Seated(_) => {}
            Seating::Full => return Err(Error::Race(RaceError::RaceFull)),
            Seating::NameTaken => return Err(Error::Race(RaceError::SeatNameTaken)),
        }
        p.live.changed(&room_key(&code));
        look_at(&p, &code, now(&p))
    })
    .await
}

/// Start the next round of room `code` (its host only): a short countdown, then every seat
/// gets an identical game of one proven winnable deal (a handicapped winner's is one level
/// harder per win in a row). Also "play again" once a round is over.
pub async fn start(play: &Play, user_id: &UserId, code: &RaceCode) -> Result<Room, Error> {
    let (p, user_id, code) = (play.clone(), user_id.clone(), code.clone());
    blocking(move || {
        let current = look_at(&p, &code, now(&p))?;
        if current.race.host_id != user_id {
            return Err(Error::Race(RaceError::NotHost));
        }
        if current
            .round
            .as_ref()
            .is_some_and(|r| r.phase != rules::Phase::Over)
        {
            return Err(Error::Race(RaceError::RoundInProgress {
                another_start: false,
            }));
        }
        let mut taken: Vec<ProvenDeal> = Vec::new();
        let started = begin_round(&p, &current, &mut taken);
        // Every deal taken goes back to the cache if the round does not start after all (a
        // handicap deal not ready, another start that got in first).
        if !matches!(started, Ok(true)) {
            super::games::give_back(&p, taken)?;
        }
        if !started? {
            return Err(Error::Race(RaceError::RoundInProgress {
                another_start: true,
            }));
        }
        p.live.changed(&room_key(&code));
        look_at(&p, &code, now(&p))
    })
    .await
}

/// Deal the next round of `room`, taking its proven deals into `taken`. False when another
/// start got in first.
fn begin_round(play: &Play, room: &Room, taken: &mut Vec<ProvenDeal>) -> Result<bool, Error> {
    let race = &room.race;
    // Handicap: the last round's winner (a human who won) plays harder.
    let base = race.difficulty;
    let winner = room.round.as_ref().and_then(|r| {
        r.places
            .iter()
            .find(|p| {
                p.place == 1 && room.human(p.progress.seat) && p.progress.finished_ms.is_some()
            })
            .map(|p| p.progress.seat)
    });
    let streak_of = |seat: i32| -> i32 {
        if !race.handicap || Some(seat) != winner {
            return 0;
        }
        room.entries
            .iter()
            .find(|e| e.seat == seat)
            .map_or(0, |e| e.streak)
            + 1
    };
    let base_spec = spec_of(race, 0);
    let mut deal_for = |d: Difficulty| -> Result<u64, Error> {
        if let Some(deal) = taken.iter().find(|x| x.difficulty == d) {
            return Ok(deal.deal_number as u64);
        }
        let deal = super::games::take_for_race(play, &base_spec, d)?;
        let n = deal.deal_number as u64;
        taken.push(deal);
        Ok(n)
    };
    let base_deal = deal_for(base)?;
    let mut deals = Vec::new();
    for seat in &room.seats {
        let streak = if seat.user_id.is_some() {
            streak_of(seat.seat)
        } else {
            0
        };
        let level = base.harder(streak);
        let deal = if level == base {
            base_deal
        } else {
            deal_for(level)?
        };
        deals.push((seat, streak, level, deal));
    }
    // CPUs are pacers (`domain::pace`): they play the winning line the prover stored for the
    // room's level (found with every card known), at the pace that brings them home at the
    // level's share of the time people take to win this kind of game. On a deal whose line
    // the prover has not computed yet, the plain hint's line.
    let stored = taken
        .iter()
        .find(|x| x.deal_number as u64 == base_deal)
        .and_then(|x| x.cpu_line(race.cpu_level))
        .map(str::to_string);
    let cpu_line = match stored {
        Some(line) => line,
        None => {
            let spec = spec_of(race, base_deal);
            engine::notation::encode_log(&rules::cpu_line(&spec.deal()))
        }
    };
    let cpu_actions = game_store::decode(&cpu_line)?.len();
    let human_ms = super::paces::human_ms(&play.db, base_spec.variant, base_spec.suits)?;
    let cpu_target_ms = pace::target_ms(human_ms, race.cpu_level);
    let at = now(play);
    let started = at + chrono::Duration::milliseconds(rules::COUNTDOWN_MS);
    let number = race.round + 1;
    let mut entries = Vec::new();
    let mut seat_games = Vec::new();
    for (seat, streak, level, deal) in deals {
        // A human seat's game exists from the start, dated at the end of the countdown: until
        // then it cannot be read or played (no card is seen before the start).
        let game_id = match &seat.user_id {
            Some(user) => {
                let row = seat_game(race, user, deal, level, started)?;
                let id = row.id.clone();
                seat_games.push(row);
                Some(id)
            }
            None => None,
        };
        entries.push(EntryRow {
            race_id: race.id.clone(),
            round: number,
            seat: seat.seat,
            deal_number: deal as i64,
            difficulty: level,
            streak,
            game_id,
            cpu_line: seat.user_id.is_none().then(|| cpu_line.clone()),
            pace_ms: pace::pace_ms(cpu_target_ms, cpu_actions, seat.seat),
            cpu_version: None,
            quit_at: None,
            stand_in_moves: 0,
        });
    }
    let round = RoundRow {
        race_id: race.id.clone(),
        round: number,
        started_at: started,
        rated: false,
    };
    Ok(play
        .db
        .write(move |conn| race_store::start_round(conn, &round, &entries, &seat_games))?)
}

/// A human seat's game of `deal`, dated at the round's start.
fn seat_game(
    race: &RaceRow,
    user_id: &UserId,
    deal: u64,
    level: Difficulty,
    started: NaiveDateTime,
) -> Result<GameRow, Error> {
    let origin = Origin {
        kind: OriginKind::Race,
        deal_known: false,
        daily_date: None,
        ranked: false,
        difficulty: Some(level),
    };
    let mut row = game_store::new_row(
        uuid::Uuid::new_v4().to_string().into(),
        user_id.clone(),
        spec_of(race, deal),
        &origin,
        started,
    );
    row.hints_allowed = race.hints_allowed;
    row.race_id = Some(race.id.clone());
    Ok(row)
}

/// Quit the current round of room `code`: the caller's game is resigned and they rank last.
/// The last human to quit ends the round, and a ranked round's ratings apply then.
pub async fn quit(play: &Play, user_id: &UserId, code: &RaceCode) -> Result<Room, Error> {
    let code = code.clone();
    let current = look(play, &code).await?;
    let (Some(round), Some(seat)) = (&current.round, current.seat_of(user_id)) else {
        return Err(Error::Race(RaceError::NotRacing));
    };
    // A player who joined during the round plays from the next one: nothing to quit.
    let entered = current.entries.iter().any(|e| e.seat == seat);
    if round.phase == rules::Phase::Over || !entered {
        return Err(Error::Race(RaceError::NotRacing));
    }
    let done = round
        .places
        .iter()
        .any(|p| p.progress.seat == seat && p.standing != rules::Standing::Playing);
    if done {
        // A finisher stays a finisher: quitting afterwards changes nothing.
        return Err(Error::Race(RaceError::AlreadyDone));
    }
    // The quit and, when it ends the round, the ratings are written before the game is
    // resigned: resigning wakes the room's watchers, who then see the round over with its
    // ratings (a resign is not an action of the player's own, so it changes no rating).
    let (p, race_id, number) = (play.clone(), current.race.id.clone(), round.row.round);
    blocking(move || {
        let at = now(&p);
        Ok(p.db.write(move |conn| race_store::set_quit(conn, &race_id, number, seat, at))?)
    })
    .await?;
    work::rate_if_over(play, &code, now(play)).await?;
    if let Some(game_id) = current.game_of(seat) {
        let resign = super::games::Act {
            user_id: user_id.clone(),
            game_id: game_id.into(),
            expected: None,
            key: None,
            intent: engine::Intent::Resign,
        };
        // Resigning an already finished game is refused: that is fine.
        let _ = super::games::act(play, resign).await;
    }
    play.live.changed(&room_key(&code));
    look(play, &code).await
}

/// Whether `seat` plays the round now in progress in `room` (then its seat stays until the
/// round is over: its results belong to everyone's).
fn plays_current_round(room: &Room, seat: i32) -> bool {
    room.round
        .as_ref()
        .is_some_and(|r| r.phase != rules::Phase::Over)
        && room.entries.iter().any(|e| e.seat == seat)
}

/// Free `seat` of `room`, as checked by the caller.
fn free_seat(play: &Play, room: &Room, seat: i32) -> Result<Room, Error> {
    if plays_current_round(room, seat) {
        return Err(Error::Race(RaceError::SeatInRound));
    }
    let race_id = room.race.id.clone();
    if !play
        .db
        .write(move |conn| race_store::remove_seat(conn, &race_id, seat))?
    {
        return Err(Error::Race(RaceError::SeatNotFound));
    }
    play.live.changed(&room_key(&room.race.code));
    look_at(play, &room.race.code, now(play))
}

/// The host frees seat `seat` of room `code` (a player or a CPU, never the host's own), so
/// that whoever has the code cannot fill the room for good. A seat that plays the round in
/// progress is freed once that round is over.
pub async fn remove_seat(
    play: &Play,
    user_id: &UserId,
    code: &RaceCode,
    seat: i32,
) -> Result<Room, Error> {
    let (p, user_id, code) = (play.clone(), user_id.clone(), code.clone());
    blocking(move || {
        let room = look_at(&p, &code, now(&p))?;
        if room.race.host_id != user_id {
            return Err(Error::Race(RaceError::NotHost));
        }
        if !room.seats.iter().any(|s| s.seat == seat) {
            return Err(Error::Race(RaceError::SeatNotFound));
        }
        if room.seat_of(&user_id) == Some(seat) {
            return Err(Error::Race(RaceError::HostSeat));
        }
        free_seat(&p, &room, seat)
    })
    .await
}

/// The caller leaves room `code`, freeing their seat (the host stays: a room keeps its
/// host). A player of the round in progress leaves once it is over (quit it first).
pub async fn leave(play: &Play, user_id: &UserId, code: &RaceCode) -> Result<Room, Error> {
    let (p, user_id, code) = (play.clone(), user_id.clone(), code.clone());
    blocking(move || {
        let room = look_at(&p, &code, now(&p))?;
        let seat = room
            .seat_of(&user_id)
            .ok_or(Error::Race(RaceError::NotSeated))?;
        if room.race.host_id == user_id {
            return Err(Error::Race(RaceError::HostSeat));
        }
        free_seat(&p, &room, seat)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::is_cpu_name;

    #[test]
    fn cpu_names_are_reserved_whatever_their_case_and_spacing() {
        for cpu in ["CPU 1", "cpu 2", "Cpu  12", "CPU3", " cpu\u{3000}4 "] {
            assert!(is_cpu_name(cpu), "{cpu:?}");
        }
        for human in ["CPU", "cpu fan", "CPU 1a", "my cpu 1", "Ada"] {
            assert!(!is_cpu_name(human), "{human:?}");
        }
    }
}
