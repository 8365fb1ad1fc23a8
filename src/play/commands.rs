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

/// Whether `row` is a daily whose day is still on: its board shows that day's cards, which a
/// room others read must not see.
pub fn secret_now(play: &Play, row: &GameRow) -> Result<bool, Error> {
    Ok(row
        .daily_date()?
        .is_some_and(|date| !play.clock.is_over(date)))
}

/// Whether the member's game `game_id` may not be shown in a room others read (a daily whose
/// day is still on). An unknown game is not secret: the command on it is refused as unknown.
pub async fn secret_in_room(play: &Play, member: &Member, game_id: &GameId) -> Result<bool, Error> {
    let (db, user, game) = (play.db.clone(), member.user_id.clone(), game_id.clone());
    let row = blocking(move || {
        let mut conn = db.conn()?;
        Ok(crate::store::games::owned(&mut conn, &user, &game)?)
    })
    .await?;
    match row {
        Some(row) => secret_now(play, &row),
        None => Ok(false),
    }
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
    if shared && secret_now(play, row)? {
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
