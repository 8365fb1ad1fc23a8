//! A player's deals: the next one dealt as a game of its own, and each one's end scored into
//! the player's standing (at once after the action that ended it, or by the scheduled work).

use super::*;

pub(super) fn score_of(p: &PlayerRow) -> Score {
    Score {
        points: u32::try_from(p.points).unwrap_or(0),
        played: u32::try_from(p.played).unwrap_or(0),
        won: u32::try_from(p.won).unwrap_or(0),
        won_ms: p.won_ms,
        streak: u32::try_from(p.streak).unwrap_or(0),
    }
}

pub(super) fn set_score(p: &mut PlayerRow, s: &Score) {
    p.points = i32::try_from(s.points).unwrap_or(i32::MAX);
    p.played = i32::try_from(s.played).unwrap_or(i32::MAX);
    p.won = i32::try_from(s.won).unwrap_or(i32::MAX);
    p.won_ms = s.won_ms;
    p.streak = i32::try_from(s.streak).unwrap_or(i32::MAX);
}

/// A deal just started: the arena, which deal of the player's it is (from 1) and its game.
pub struct Dealt {
    pub arena: Arena,
    pub number: i32,
    pub berserk: bool,
    pub row: GameRow,
    pub game: Game,
}

/// The rules of an arena's deal: the arena's variant, suits and undo (none when played
/// berserk; in a rated arena, never an undo that takes back a card seen), the standard
/// empty-column rule.
pub fn spec_of(arena: &ArenaRow, deal_number: u64, berserk: bool) -> DealSpec {
    let mut undo = if berserk {
        UndoMode::Off
    } else {
        arena.undo_mode
    };
    if arena.rated {
        undo = undo.for_ranked_play();
    }
    DealSpec {
        variant: arena.variant,
        suits: arena.suits,
        rules: engine::Rules {
            undo,
            empty_column_deal: engine::EmptyColumnDeal::Standard,
        },
        deal_number,
    }
}

/// Start the caller's next deal of arena `id` (`berserk`: without undo, for a point more if
/// won). The deal before it must have ended (won, lost or resigned).
pub async fn next_deal(
    play: &Play,
    user: &UserId,
    id: String,
    berserk: bool,
) -> Result<Dealt, Error> {
    let (p, user) = (play.clone(), user.clone());
    blocking(move || {
        let at = p.clock.now();
        let (row, player, open) = p.db.read(|conn| {
            let row = found(conn, &id)?;
            let player = store::player(conn, &id, &user)?;
            let open = store::open_play(conn, &id, &user)?;
            Ok::<_, Error>((row, player, open))
        })?;
        match phase(&row, at) {
            Phase::Upcoming => return Err(ArenaError::NotStarted.into()),
            Phase::Over => return Err(ArenaError::Over.into()),
            Phase::Running => {}
        }
        let player = match player {
            Some(player) if player.active => player,
            _ => return Err(ArenaError::NotJoined.into()),
        };
        if let Some(open) = open {
            // Its end may not be scored yet (a write that stopped halfway): score it now.
            if score_end(&p, &open.game_id)?.is_none() {
                return Err(ArenaError::DealInPlay {
                    game_id: open.game_id.into(),
                }
                .into());
            }
        }
        let k = player.dealt;
        if k >= row.deal_count {
            return Err(ArenaError::NoMoreDeals.into());
        }
        let index = rules::deal_for(row.secret.as_bytes(), &user, k as usize) as i32;
        let deal =
            p.db.read(|conn| store::deal(conn, &id, index))?
                .ok_or(Error::Arena(ArenaError::DealNotReady))?;
        let spec = spec_of(&row, deal.deal_number as u64, berserk);
        let origin = Origin {
            kind: OriginKind::Arena,
            deal_known: false,
            daily_date: None,
            ranked: false,
            difficulty: None,
        };
        let mut game_row = game_store::new_row(
            uuid::Uuid::new_v4().to_string().into(),
            user.clone(),
            spec,
            &origin,
            at,
        );
        game_row.hints_allowed = row.hints_allowed;
        let play_row = PlayRow {
            arena_id: id.clone(),
            user_id: user.clone(),
            k,
            game_id: game_row.id.to_string(),
            berserk,
            started_at: at,
            result: None,
            ms: None,
            points: None,
        };
        let (stored, arena_id, who) = (game_row.clone(), id.clone(), user.clone());
        p.db.write(move |conn| -> Result<(), Error> {
            // Under the player's row lock: of two requests at once, one deals.
            let now = store::player_for_update(conn, &arena_id, &who)?
                .ok_or(Error::Arena(ArenaError::NotJoined))?;
            if now.dealt != k {
                if let Some(open) = store::open_play(conn, &arena_id, &who)? {
                    return Err(ArenaError::DealInPlay {
                        game_id: open.game_id.into(),
                    }
                    .into());
                }
                return Err(ArenaError::NotJoined.into());
            }
            crate::store::writes::create(conn, &stored, None)?;
            store::insert_play(conn, &play_row)?;
            let mut next = now;
            next.dealt = k + 1;
            store::set_standing(conn, &next)?;
            Ok(())
        })?;
        let game = spec.deal();
        let arena = p.db.read(|conn| {
            let row = found(conn, &id)?;
            arena_at(conn, row, at)
        })?;
        Ok(Dealt {
            arena,
            number: k + 1,
            berserk,
            row: game_row,
            game,
        })
    })
    .await
}

/// After the action that ended game `game_id`: when it is an arena's deal, score its end and
/// wake the arena's followers. A failure here loses nothing: the scheduled work scores any
/// end left unscored.
pub async fn deal_ended(play: &Play, game_id: &GameId) {
    let (p, id) = (play.clone(), game_id.to_string());
    let scored = blocking(move || score_end(&p, &id)).await;
    match scored {
        Ok(Some(Some(arena_id))) => play.live.changed(&arena_key(&arena_id)),
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, game = %game_id, "scoring an arena deal's end"),
    }
}

/// Score the end of the arena deal played in game `game_id`. `None` while the game is in
/// play; `Some(Some(arena))` when this call scored it, `Some(None)` when it had been scored
/// (or is no arena's). Blocking.
pub(super) fn score_end(play: &Play, game_id: &str) -> Result<Option<Option<String>>, Error> {
    let id = game_id.to_string();
    play.db
        .write(move |conn| -> Result<Option<Option<String>>, Error> {
            let Some(deal) = store::play_of_game(conn, &id)? else {
                return Ok(Some(None));
            };
            if deal.result.is_some() {
                return Ok(Some(None));
            }
            let arena = found(conn, &deal.arena_id)?;
            let Some(end) = end_of(conn, &deal, &arena)? else {
                return Ok(None);
            };
            end_deal(conn, &deal, end)?;
            Ok(Some(Some(deal.arena_id)))
        })
}

/// How `deal`'s game ended, as the arena counts it: won only when won before the arena's
/// end; `None` while the game is in play.
pub(super) fn end_of(
    conn: &mut DbConn,
    deal: &PlayRow,
    arena: &ArenaRow,
) -> Result<Option<DealEnd>, Error> {
    let game = game_store::by_id(conn, &deal.game_id.clone().into())?.ok_or_else(|| {
        StoreError::Corrupt(format!("arena deal without its game {}", deal.game_id))
    })?;
    if game.status == Status::InProgress {
        return Ok(None);
    }
    let won_at = game
        .finished_at
        .filter(|at| game.status == Status::Won && *at <= arena.ends_at);
    Ok(Some(match won_at {
        Some(at) => DealEnd::Won {
            ms: (at - deal.started_at).num_milliseconds().max(0),
            berserk: deal.berserk,
        },
        None => DealEnd::NotWon,
    }))
}

/// Write the end of `deal` into its row and its player's standing, and count the change.
pub(super) fn end_deal(conn: &mut DbConn, deal: &PlayRow, end: DealEnd) -> Result<bool, Error> {
    let Some(mut player) = store::player_for_update(conn, &deal.arena_id, &deal.user_id)? else {
        return Err(
            StoreError::Corrupt(format!("arena deal {} without its player", deal.game_id)).into(),
        );
    };
    let (after, points) = score_of(&player).after(end);
    let (result, ms) = match end {
        DealEnd::Won { ms, .. } => (store::WON, Some(ms)),
        DealEnd::NotWon => (store::NOT_WON, None),
    };
    if !store::end_play(conn, &deal.game_id, result, ms, points as i32)? {
        return Ok(false);
    }
    set_score(&mut player, &after);
    store::set_standing(conn, &player)?;
    store::bump(conn, &deal.arena_id, Some(&deal.user_id))?;
    Ok(true)
}
