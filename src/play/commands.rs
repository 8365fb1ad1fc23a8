//! Commands: what a chat member or a bot's short command asks of a player's games, as use
//! cases. The HTTP layer's grammar turns a line into one of these, and each platform (the
//! command endpoint, Discord, Slack, Telegram) renders the answer its own way; the rules are
//! asked through the same use cases every other endpoint calls ([`super::games`],
//! [`super::daily`], [`super::hints`]).

use crate::domain::{GameId, UserId};
use crate::GameError;

use super::chat::{self as chat_play, Member};
use super::games::{self, Act, Acted, Created, Loaded, Turn};
use super::history::GameRow;
use super::searches::Searcher;
use super::{blocking, Error, Play};
use crate::domain::records::Record;
use crate::engine::{Game, Hint, HintLevel, Intent, Rules, Suits, Variant};

/// Games `games` lists: the newest in progress.
pub const LISTED: i64 = 20;

/// What a command asks of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// An action (a move, a deal, an undo, resigning).
    Act(Intent),
    /// A hint at the strongest level, from what the player sees.
    Hint,
    /// The position as it stands.
    Board,
}

/// What a command did.
pub enum Answer {
    /// The action was stored.
    Acted(Box<Turn>),
    /// The position, unchanged, at its version; with the hint when one was asked for.
    Shown {
        game: Box<Game>,
        version: i32,
        hint: Option<Hint>,
    },
}

/// A command refused: why, and the position as it stands when it can be read (a chat shows
/// the unchanged board beside the refusal).
pub struct Refused {
    pub error: Error,
    pub game: Option<Game>,
}

impl Refused {
    fn bare(error: Error) -> Refused {
        Refused { error, game: None }
    }
}

/// The game `game_id` of `user_id` as it stands, if it can be read.
pub async fn position(play: &Play, user_id: &UserId, game_id: &GameId) -> Option<Game> {
    load(play, user_id, game_id).await.ok().map(|l| l.game)
}

async fn load(play: &Play, user_id: &UserId, game_id: &GameId) -> Result<Loaded, Error> {
    let (play, user, id) = (play.clone(), user_id.clone(), game_id.clone());
    blocking(move || games::load(&play, &user, &id)).await
}

/// Run `command` on `who`'s game `game_id`. Actions carry no idempotency key or version: a
/// chat line is answered once, on the game as it is.
pub async fn run(
    play: &Play,
    who: &Searcher,
    game_id: &GameId,
    command: Command,
) -> Result<Answer, Refused> {
    let user_id = &who.account;
    let refused = |error: Error, game: Option<Game>| Refused { error, game };
    match command {
        Command::Act(intent) => {
            let act = Act {
                user_id: user_id.clone(),
                game_id: game_id.clone(),
                expected: None,
                key: None,
                intent,
            };
            match games::act(play, act).await {
                Ok(Acted::Applied(turn)) => Ok(Answer::Acted(turn)),
                // Without a key nothing is answered from memory.
                Ok(Acted::Replayed(_)) => Err(Refused::bare(Error::Internal(
                    "an action without a key was answered from memory".into(),
                ))),
                Err(e) => Err(refused(e, position(play, user_id, game_id).await)),
            }
        }
        Command::Board => {
            let Loaded { row, game, .. } =
                load(play, user_id, game_id).await.map_err(Refused::bare)?;
            Ok(Answer::Shown {
                game: Box::new(game),
                version: row.version,
                hint: None,
            })
        }
        Command::Hint => {
            let Loaded { row, log, game } =
                load(play, user_id, game_id).await.map_err(Refused::bare)?;
            if !row.hints_allowed {
                return Err(refused(Error::Game(GameError::HintsDisabled), Some(game)));
            }
            match super::hints::advise(play, who, game.clone(), log, HintLevel::Normal).await {
                Ok(hint) => Ok(Answer::Shown {
                    game: Box::new(game),
                    version: row.version,
                    hint: Some(hint),
                }),
                Err(e) => Err(refused(e, Some(game))),
            }
        }
    }
}

/// Whether `row` is a daily whose day is still on, or a deal of an arena still running: its
/// board shows cards that a room others read must not see. Blocking.
pub fn secret_now(play: &Play, row: &GameRow) -> Result<bool, Error> {
    Ok(row
        .daily_date()?
        .is_some_and(|date| !play.clock.is_over(date))
        || super::arenas::secret_now(play, row)?)
}

/// Whether the member's game `game_id` may not be shown in a room others read (a daily whose
/// day is still on, an arena's deal while it runs). An unknown game is not secret: the command
/// on it is refused as unknown.
pub async fn secret_in_room(play: &Play, member: &Member, game_id: &GameId) -> Result<bool, Error> {
    let (p, user, game) = (play.clone(), member.user_id.clone(), game_id.clone());
    blocking(move || {
        let mut conn = p.db.conn()?;
        let row = crate::store::games::owned(&mut conn, &user, &game)?;
        drop(conn);
        match row {
            Some(row) => secret_now(&p, &row),
            None => Ok(false),
        }
    })
    .await
}

/// A new game of a random deal for the member, now their current one.
pub async fn new_game(
    play: &Play,
    member: &Member,
    suits: Suits,
    variant: Variant,
) -> Result<Created, Error> {
    let new = games::NewGame {
        user_id: member.user_id.clone(),
        variant,
        suits,
        rules: Rules::default(),
        deal: games::Deal::Random,
        key: None,
    };
    let created = games::create(play, new).await?;
    chat_play::set_current(play, member, created_id(&created)?).await?;
    Ok(created)
}

/// The id of a game just made (without an idempotency key, so never answered from memory).
fn created_id(created: &Created) -> Result<&GameId, Error> {
    use super::snapshot::{Answer as Remembered, Replayed};
    match created {
        Created::New(seen)
        | Created::Replayed(Replayed {
            answer: Remembered::Game(seen),
            ..
        }) => Ok(&seen.id),
        Created::Replayed(_) => Err(Error::Internal(
            "a game started without a key was answered from memory".into(),
        )),
    }
}

/// The member's daily challenge of the day: a new attempt, or back to their ranked attempt
/// still in progress.
pub enum Daily {
    Started(Created),
    Resumed(Box<Loaded>),
}

/// Today's daily of `suits` (Spider) for the member, now their current game.
pub async fn daily(play: &Play, member: &Member, suits: Suits) -> Result<Daily, Error> {
    let variant = Variant::Spider;
    match super::daily::start(play, &member.user_id, variant, suits, None).await {
        Ok(created) => {
            chat_play::set_current(play, member, created_id(&created)?).await?;
            Ok(Daily::Started(created))
        }
        Err(Error::Game(GameError::RankedAttemptInProgress)) => {
            let (db, user, date) = (
                play.db.clone(),
                member.user_id.clone(),
                play.clock.today().to_string(),
            );
            let ranked = blocking(move || {
                let mut conn = db.conn()?;
                Ok(crate::store::daily::ranked_attempt(
                    &mut conn, &user, &date, variant, suits,
                )?)
            })
            .await?;
            let Some(row) = ranked else {
                return Err(Error::Game(GameError::RankedAttemptInProgress));
            };
            chat_play::set_current(play, member, &row.id).await?;
            let loaded = load(play, &member.user_id, &row.id).await?;
            Ok(Daily::Resumed(Box::new(loaded)))
        }
        Err(e) => Err(e),
    }
}

/// The member's games in progress, newest first, as `games` numbers them (at most
/// [`LISTED`]).
pub async fn in_progress(play: &Play, member: &Member) -> Result<Vec<GameRow>, Error> {
    let (db, user) = (play.db.clone(), member.user_id.clone());
    blocking(move || {
        let mut conn = db.conn()?;
        Ok(crate::store::games::in_progress_list(
            &mut conn, &user, LISTED,
        )?)
    })
    .await
}

/// What `resume N` found.
pub enum Resumed {
    /// The list holds fewer games.
    NoSuchGame { listed: usize },
    /// A daily whose day is still on, asked for in a room others read.
    Secret,
    /// The game, now the member's current one.
    Resumed(Box<Loaded>),
}

/// The member's `n`th game in progress (from 1, as `games` numbers them) as their current
/// one; `shared`: asked in a room others read.
pub async fn resume(
    play: &Play,
    member: &Member,
    n: usize,
    shared: bool,
) -> Result<Resumed, Error> {
    let rows = in_progress(play, member).await?;
    let Some(row) = n.checked_sub(1).and_then(|i| rows.get(i)) else {
        return Ok(Resumed::NoSuchGame { listed: rows.len() });
    };
    let (p, checked) = (play.clone(), row.clone());
    if shared && blocking(move || secret_now(&p, &checked)).await? {
        return Ok(Resumed::Secret);
    }
    chat_play::set_current(play, member, &row.id).await?;
    let loaded = load(play, &member.user_id, &row.id).await?;
    Ok(Resumed::Resumed(Box::new(loaded)))
}

/// The member's records of the kinds they played.
pub async fn records(play: &Play, member: &Member) -> Result<Vec<Record>, Error> {
    let (db, user) = (play.db.clone(), member.user_id.clone());
    let rows = blocking(move || {
        let mut conn = db.conn()?;
        Ok(crate::store::records::for_user(&mut conn, &user)?)
    })
    .await?;
    Ok(rows.into_iter().filter(|r| r.played > 0).collect())
}

/// The member's current game, to share: `None` when they have none.
pub async fn current(play: &Play, member: &Member) -> Result<Option<Loaded>, Error> {
    match &member.current_game {
        Some(id) => Ok(Some(load(play, &member.user_id, id).await?)),
        None => Ok(None),
    }
}

/// Which puzzle `puzzle` in chat shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleAsked {
    /// `puzzle [1|2|4]`: today's.
    Daily(Suits),
    /// `puzzle next [1|2|4]`: the next near the member's rating.
    Next(Suits),
}

/// Shows the member a puzzle and points their moves at it (docs/PUZZLES.md).
pub async fn puzzle(
    play: &Play,
    member: &Member,
    asked: PuzzleAsked,
) -> Result<super::puzzles::Shown, Error> {
    let shown = match asked {
        PuzzleAsked::Daily(suits) => super::puzzles::daily(play, Variant::Spider, suits).await?,
        PuzzleAsked::Next(suits) => {
            let skip = member.puzzle.as_ref().map(|(id, _)| id.clone());
            super::puzzles::next(
                play,
                Some(member.user_id.clone()),
                Variant::Spider,
                suits,
                skip,
            )
            .await?
        }
    };
    set_puzzle(play, member, Some(&shown.id), "").await?;
    Ok(shown)
}

async fn set_puzzle(
    play: &Play,
    member: &Member,
    puzzle: Option<&str>,
    moves: &str,
) -> Result<(), Error> {
    let (db, id) = (play.db.clone(), member.link_id.clone());
    let (puzzle, moves) = (puzzle.map(str::to_string), moves.to_string());
    blocking(move || {
        Ok(db.write(move |conn| {
            crate::store::chat::set_puzzle(conn, &id, puzzle.as_deref(), &moves)
        })?)
    })
    .await
}

/// Stops the member's puzzle: their moves go to their game again. Whether one was on.
pub async fn puzzle_stop(play: &Play, member: &Member) -> Result<bool, Error> {
    if member.puzzle.is_none() {
        return Ok(false);
    }
    set_puzzle(play, member, None, "").await?;
    Ok(true)
}

/// The member's next move in their puzzle: the attempt so far with it added, judged; the
/// puzzle stays theirs while the attempt goes on, and is left once it is over (or gone).
pub async fn puzzle_move(
    play: &Play,
    member: &Member,
    intent: Intent,
) -> Result<super::puzzles::Attempted, Error> {
    let Some((id, so_far)) = member.puzzle.clone() else {
        return Err(Error::Internal("a puzzle move without a puzzle".into()));
    };
    let mut moves: Vec<Intent> = crate::engine::notation::decode(&so_far)
        .map_err(|e| Error::Internal(format!("a chat member's puzzle moves: {e}")))?
        .into_iter()
        .map(Intent::from)
        .collect();
    moves.push(intent);
    let attempted =
        super::puzzles::attempt(play, Some(member.user_id.clone()), id.clone(), moves).await;
    match &attempted {
        Ok(a) if a.judgement == crate::engine::puzzle::Judgement::Going => {
            let moves = crate::engine::notation::encode_log(&a.moves);
            set_puzzle(play, member, Some(&id), &moves).await?;
        }
        Ok(_) | Err(Error::Puzzle(super::puzzles::PuzzleError::NotFound)) => {
            set_puzzle(play, member, None, "").await?;
        }
        Err(_) => {}
    }
    attempted
}

/// An arena's code in chat: the first eight characters of its id.
pub type ArenaCode = [u8; 8];

/// The code chat shows for arena `id`.
pub fn arena_code(id: &str) -> String {
    id.chars().take(8).collect()
}

/// What `arena` in chat asks (docs/ARENAS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaAsked {
    /// `arena`: what runs here now and what comes next.
    Show,
    /// `arena join [CODE]`: join the arena running here (or the next one), or the one whose
    /// code is given (the start of its id, as `arena` shows it), and once it runs, deal.
    Join(Option<ArenaCode>),
    /// `arena next [berserk]`: the member's next deal.
    Next { berserk: bool },
    /// `arena standings`: the top of the member's arena.
    Standings,
    /// `arena new [1|2|4] [minutes]`: an arena for this place, starting now.
    New { suits: Suits, minutes: u32 },
}

/// What an `arena` command came to.
pub enum ArenaAnswer {
    /// What runs and comes here (with the member's part in each), and the place's own arena
    /// that ended last.
    Here {
        now: Vec<(super::arenas::Arena, Option<super::arenas::Mine>)>,
        last: Option<super::arenas::Arena>,
    },
    /// The member joined an arena that has not started.
    Waiting(super::arenas::Arena),
    /// The member's deal, now their current game: `fresh` when just dealt (else the one still
    /// in play).
    Playing {
        arena: super::arenas::Arena,
        deal: i32,
        berserk: bool,
        fresh: bool,
        game: Box<Game>,
    },
    Standings(Box<super::arenas::Standings>),
    Made(super::arenas::Arena),
}

/// Which of the arenas listed for a place a member means: the one their current game is a
/// deal of, else one running they play in, else one running (the place's own first), else the
/// next to come.
async fn arena_meant(
    play: &Play,
    member: &Member,
    now: &[(super::arenas::Arena, Option<super::arenas::Mine>)],
) -> Result<Option<super::arenas::Arena>, Error> {
    use super::arenas::Phase;
    if let Some(game) = &member.current_game {
        if let Some(id) = super::arenas::of_game(play, game).await? {
            let (arena, _) = super::arenas::get(play, id, None).await?;
            if arena.phase != Phase::Over {
                return Ok(Some(arena));
            }
        }
    }
    let running =
        |(a, _): &&(super::arenas::Arena, Option<super::arenas::Mine>)| a.phase == Phase::Running;
    let pick = now
        .iter()
        .filter(running)
        .find(|(_, mine)| mine.as_ref().is_some_and(|m| m.player.active))
        .or_else(|| {
            now.iter()
                .filter(running)
                .find(|(a, _)| a.row.schedule.is_none())
        })
        .or_else(|| now.iter().find(running))
        .or_else(|| now.first());
    Ok(pick.map(|(a, _)| a.clone()))
}

/// Deal the member's next deal of `arena` (or take back the one still in play) as their
/// current game.
async fn arena_deal(
    play: &Play,
    member: &Member,
    arena: super::arenas::Arena,
    berserk: bool,
) -> Result<ArenaAnswer, Error> {
    let id = arena.row.id.clone();
    match super::arenas::next_deal(play, &member.user_id, id.clone(), berserk).await {
        Ok(dealt) => {
            chat_play::set_current(play, member, &dealt.row.id).await?;
            Ok(ArenaAnswer::Playing {
                arena: dealt.arena,
                deal: dealt.number,
                berserk: dealt.berserk,
                fresh: true,
                game: Box::new(dealt.game),
            })
        }
        Err(Error::Arena(super::arenas::ArenaError::DealInPlay { game_id })) => {
            let (_, mine) = super::arenas::get(play, id, Some(member.user_id.clone())).await?;
            let playing = mine.and_then(|m| m.playing);
            let loaded = load(play, &member.user_id, &game_id).await?;
            chat_play::set_current(play, member, &game_id).await?;
            Ok(ArenaAnswer::Playing {
                arena,
                deal: playing.as_ref().map_or(0, |p| p.k + 1),
                berserk: playing.is_some_and(|p| p.berserk),
                fresh: false,
                game: Box::new(loaded.game),
            })
        }
        Err(e) => Err(e),
    }
}

/// An `arena` command of `member` in chat place `place` (`discord:<guild>`…); a new arena
/// posts its results into `results_to` when it ends, if given.
pub async fn arena(
    play: &Play,
    member: &Member,
    place: &str,
    results_to: Option<super::arenas::ResultsTo>,
    asked: ArenaAsked,
) -> Result<ArenaAnswer, Error> {
    use super::arenas::{self, ArenaError, Phase};
    if let ArenaAsked::New { suits, minutes } = asked {
        let new = arenas::NewArena {
            title: None,
            variant: Variant::Spider,
            suits,
            starts_in: 0,
            minutes,
            undo: crate::engine::UndoMode::Full,
            hints: false,
            rated: false,
            place: Some(place.to_string()),
            results_to,
        };
        return Ok(ArenaAnswer::Made(
            arenas::create(play, &member.user_id, new).await?,
        ));
    }
    let (now, last) = arenas::in_place(play, place, &member.user_id).await?;
    let meant = arena_meant(play, member, &now).await?;
    match asked {
        ArenaAsked::Show | ArenaAsked::New { .. } => Ok(ArenaAnswer::Here { now, last }),
        ArenaAsked::Join(code) => {
            let meant = match code {
                Some(code) => {
                    let code = String::from_utf8_lossy(&code).to_string();
                    Some(arenas::by_code(play, &code).await?)
                }
                None => meant,
            };
            let Some(arena) = meant else {
                return Ok(ArenaAnswer::Here { now, last });
            };
            let (arena, _) = arenas::join(play, &member.user_id, arena.row.id.clone()).await?;
            if arena.phase == Phase::Upcoming {
                return Ok(ArenaAnswer::Waiting(arena));
            }
            arena_deal(play, member, arena, false).await
        }
        ArenaAsked::Next { berserk } => {
            let arena = meant.ok_or(Error::Arena(ArenaError::NotJoined))?;
            arena_deal(play, member, arena, berserk).await
        }
        ArenaAsked::Standings => {
            let Some(arena) = meant.or(last) else {
                return Ok(ArenaAnswer::Here {
                    now: Vec::new(),
                    last: None,
                });
            };
            let page = arenas::standings(
                play,
                arena.row.id.clone(),
                0,
                arenas::TOP as i64,
                Some(member.user_id.clone()),
            )
            .await?;
            Ok(ArenaAnswer::Standings(Box::new(page)))
        }
    }
}
