//! Group commit on Postgres: appends from many games that arrive together are written by a
//! writer thread in one transaction, most of them in one set-based statement (one round trip
//! and one WAL flush for the lot), each still conditional on its game's version and each
//! acknowledged only once the batch is committed. The SQLite path gathers its writes the
//! same way on its one writer thread (`store::sqlite_writer`).
//!
//! A game whose version moved refuses only its own append (the statement's conditional
//! update finds no row for it; the rest land). A batch the database refuses as a whole (a
//! deadlock with another writer, say) is written again one append at a time, so each gets
//! its own answer. A lost connection is not retried: whether its batch landed is unknown,
//! so each caller hears "database unavailable", as a single append would.

use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::Arc;

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use super::games::EventRow;
use super::writer_stats::WriterStats;
use super::writes::Append;
use super::{DbConn, Pool, StoreError};
use crate::engine::notation::encode;

/// The most appends one batch takes.
const BATCH: usize = 256;
/// Appends waiting for a writer; past this a new one is refused (503, `Retry-After`).
pub const QUEUE: usize = 4096;

type Reply = tokio::sync::oneshot::Sender<Result<bool, StoreError>>;

struct Queued {
    append: Append,
    reply: Reply,
}

/// The queue the Postgres writer takes appends from.
#[derive(Clone)]
pub struct Appender {
    queue: SyncSender<Queued>,
    stats: Arc<WriterStats>,
}

impl Appender {
    /// Start the writer thread on `pool`. One: while it waits for its batch's commit the
    /// next batch gathers, and batches stay large (`bench/load.sh`, 32 players: one writer
    /// 9,077 actions/s with 10 appends a batch, two 5,328 with 4.5).
    pub fn start(pool: Pool, stats: Arc<WriterStats>) -> Result<Appender, StoreError> {
        let (queue, taken) = sync_channel(QUEUE);
        let counted = stats.clone();
        std::thread::Builder::new()
            .name("pg-writer".into())
            .spawn(move || writer(pool, taken, &counted))
            .map_err(|e| StoreError::Writer(e.to_string()))?;
        Ok(Appender { queue, stats })
    }

    /// Queue `append`; the receiver yields whether it landed once its batch is committed.
    pub fn submit(
        &self,
        append: Append,
    ) -> Result<tokio::sync::oneshot::Receiver<Result<bool, StoreError>>, StoreError> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.stats.queued();
        let refused = match self.queue.try_send(Queued { append, reply }) {
            Ok(()) => return Ok(answer),
            Err(TrySendError::Full(_)) => StoreError::Busy,
            Err(TrySendError::Disconnected(_)) => {
                StoreError::Writer("the writer threads have stopped".into())
            }
        };
        self.stats.taken(1);
        Err(refused)
    }
}

/// The writer: take what is ready (at least one append, at most a batch), write it, answer.
/// Ends when every sender is gone.
fn writer(pool: Pool, queue: Receiver<Queued>, stats: &WriterStats) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match queue.try_recv() {
                Ok(next) => batch.push(next),
                Err(_) => break,
            }
        }
        stats.taken(batch.len());
        let (appends, replies): (Vec<Append>, Vec<Reply>) =
            batch.into_iter().map(|q| (q.append, q.reply)).unzip();
        // A panic fails this batch's callers (their replies drop), not the writer.
        let answers = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            match pool.get_timeout(super::CHECKOUT) {
                Ok(mut conn) => {
                    let (writes, started) = (appends.len(), std::time::Instant::now());
                    let answers = write(&mut conn, appends);
                    stats.batch(writes, started.elapsed());
                    answers
                }
                // Nothing was sent: nothing was written.
                Err(e) => {
                    let message = e.to_string();
                    appends
                        .iter()
                        .map(|_| {
                            Err(StoreError::Connection(
                                diesel::ConnectionError::BadConnection(message.clone()),
                            ))
                        })
                        .collect()
                }
            }
        }));
        if let Ok(answers) = answers {
            for (reply, answer) in replies.into_iter().zip(answers) {
                let _ = reply.send(answer);
            }
        }
    }
}

/// Write `appends` as one batch: whether each landed, in order.
pub fn write(conn: &mut DbConn, appends: Vec<Append>) -> Vec<Result<bool, StoreError>> {
    if appends.len() == 1 {
        return appends.into_iter().map(|a| a.run_on(conn)).collect();
    }
    match together(conn, &appends) {
        Ok(landed) => landed,
        Err(e) if unknown_outcome(&e) => {
            let message = e.to_string();
            appends
                .iter()
                .map(|_| Err(StoreError::Unreachable(message.clone())))
                .collect()
        }
        // Refused as a whole, so nothing of it was written: each alone.
        Err(_) => appends.into_iter().map(|a| a.run_on(conn)).collect(),
    }
}

/// The connection went away: the batch may or may not have been committed.
fn unknown_outcome(e: &StoreError) -> bool {
    matches!(
        e,
        StoreError::Db(DieselError::DatabaseError(
            DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
            _
        ))
    )
}

/// The batch in one transaction: the appends that end no game (keyed or not) in one
/// statement, each other append in its own savepoint. `Err` when the batch as a whole was
/// refused; an append whose own savepoint failed answers with its error.
fn together(
    conn: &mut DbConn,
    appends: &[Append],
) -> Result<Vec<Result<bool, StoreError>>, StoreError> {
    // Everything but a game's last action (which also writes the player's record).
    let plain: Vec<usize> = (0..appends.len())
        .filter(|&i| appends[i].finish.is_none())
        .collect();
    if plain.len() == appends.len() {
        // One statement is one transaction: no BEGIN or COMMIT round trips.
        return Ok(in_one_statement(conn, appends.iter())?
            .into_iter()
            .map(Ok)
            .collect());
    }
    conn.transaction(|conn| {
        let mut answers: Vec<Option<Result<bool, StoreError>>> =
            appends.iter().map(|_| None).collect();
        let landed = in_one_statement(conn, plain.iter().map(|&i| &appends[i]))?;
        for (&i, landed) in plain.iter().zip(landed) {
            answers[i] = Some(Ok(landed));
        }
        for (i, append) in appends.iter().enumerate() {
            if answers[i].is_none() {
                // Nested: a savepoint, so an error undoes this append alone.
                answers[i] = Some(conn.transaction(|conn| append.clone().run(conn)));
            }
        }
        Ok(answers
            .into_iter()
            .map(|a| a.unwrap_or(Ok(false)))
            .collect())
    })
}

/// Every append in one call of `spider_append_batch`; whether each moved its game.
fn in_one_statement<'a>(
    conn: &mut DbConn,
    appends: impl Iterator<Item = &'a Append>,
) -> Result<Vec<bool>, StoreError> {
    let DbConn::Pg(pg) = conn else {
        return Err(StoreError::Writer("group commit needs Postgres".into()));
    };
    use diesel::sql_types::{Array, Integer, Nullable, Text, Timestamp};
    #[derive(Default)]
    struct Columns {
        game: Vec<String>,
        read: Vec<i32>,
        version: Vec<i32>,
        log: Vec<String>,
        status: Vec<String>,
        score: Vec<i32>,
        actions: Vec<i32>,
        runs: Vec<i32>,
        at: Vec<chrono::NaiveDateTime>,
        kind: Vec<String>,
        from: Vec<Option<i32>>,
        to: Vec<Option<i32>>,
        count: Vec<Option<i32>>,
        user: Vec<String>,
        key: Vec<Option<String>>,
        fingerprint: Vec<Option<String>>,
        response: Vec<Option<String>>,
    }
    let mut c = Columns::default();
    for a in appends {
        let event = EventRow::new(
            &a.user_id,
            &a.game_id,
            a.stamp.version,
            a.action,
            a.stamp.at,
        );
        let change = a.change();
        c.game.push(a.game_id.to_string());
        c.read.push(a.read_version);
        c.version.push(change.version);
        c.log.push(encode(a.action));
        c.status.push(change.status.name().to_string());
        c.score.push(change.score);
        c.actions.push(change.actions);
        c.runs.push(change.runs_completed);
        c.at.push(change.updated_at);
        c.kind.push(event.kind);
        c.from.push(event.from_col);
        c.to.push(event.to_col);
        c.count.push(event.count);
        c.user.push(a.user_id.to_string());
        c.key.push(a.key.as_ref().map(|k| k.key.clone()));
        c.fingerprint
            .push(a.key.as_ref().map(|k| k.fingerprint.clone()));
        c.response.push(a.key.as_ref().map(|_| a.response.clone()));
    }
    if c.game.is_empty() {
        return Ok(Vec::new());
    }
    #[derive(QueryableByName)]
    struct Moved {
        #[diesel(sql_type = Array<Integer>)]
        moved: Vec<i32>,
    }
    let n = c.game.len();
    // `spider_append_batch` (migrations/postgres/2026-12-05-000030_append_batch): one
    // set-based statement writes what `spider_append` writes for every append that finds its
    // game at the version it read, and the idempotency keys of those. A key already stored
    // (a retry racing its first try, or one expired but not yet forgotten) is a unique
    // violation that refuses the call, and the batch is then written one append at a time,
    // where each key is checked on its own.
    let row: Moved = diesel::sql_query(
        "SELECT spider_append_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, \
             $14, $15, $16, $17) AS moved",
    )
    .bind::<Array<Text>, _>(c.user)
    .bind::<Array<Text>, _>(c.game)
    .bind::<Array<Integer>, _>(c.read)
    .bind::<Array<Integer>, _>(c.version)
    .bind::<Array<Text>, _>(c.log)
    .bind::<Array<Text>, _>(c.status)
    .bind::<Array<Integer>, _>(c.score)
    .bind::<Array<Integer>, _>(c.actions)
    .bind::<Array<Integer>, _>(c.runs)
    .bind::<Array<Timestamp>, _>(c.at)
    .bind::<Array<Text>, _>(c.kind)
    .bind::<Array<Nullable<Integer>>, _>(c.from)
    .bind::<Array<Nullable<Integer>>, _>(c.to)
    .bind::<Array<Nullable<Integer>>, _>(c.count)
    .bind::<Array<Nullable<Text>>, _>(c.key)
    .bind::<Array<Nullable<Text>>, _>(c.fingerprint)
    .bind::<Array<Nullable<Text>>, _>(c.response)
    .get_result(pg)?;
    let mut landed = vec![false; n];
    for (slot, moved) in landed.iter_mut().zip(row.moved) {
        *slot = moved > 0;
    }
    Ok(landed)
}
