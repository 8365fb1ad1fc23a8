//! The SQLite writer: one thread owns the one writing connection and commits queued writes
//! in batches (group commit), each in its own savepoint.

use std::sync::mpsc::Receiver;

use diesel::connection::SimpleConnection;
use diesel::sqlite::SqliteConnection;

use super::writer_stats::WriterStats;
use super::DbConn;

/// One queued write for the SQLite writer thread: `run` does the work inside the batch's
/// transaction and returns what to tell the caller once the batch is committed; `fail`
/// tells the caller when the batch could not even begin.
pub(super) struct Job {
    pub(super) run: Box<dyn FnOnce(&mut DbConn) -> Delivery + Send>,
    pub(super) fail: Box<dyn FnOnce(String) + Send>,
}

/// Called after the batch's COMMIT with its error, if any.
pub(super) type Delivery = Box<dyn FnOnce(Option<String>) + Send>;

/// The most writes one SQLite transaction takes.
const BATCH: usize = 256;

/// The SQLite writer: one thread owns the one writing connection and commits every queued
/// write in one transaction (group commit), each write in its own savepoint. Callers hear
/// back only after the COMMIT, so an acknowledged write is on disk (with `synchronous=FULL`)
/// while one fsync serves many writes.
pub(super) fn sqlite_writer(
    mut conn: DbConn,
    jobs: Receiver<Job>,
    stats: std::sync::Arc<WriterStats>,
) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        stats.taken(batch.len());
        let (writes, started) = (batch.len(), std::time::Instant::now());
        let mut deliveries = Vec::with_capacity(batch.len());
        let mut pending = batch.into_iter();
        let error = match immediate(&mut conn, |conn| {
            for job in pending.by_ref() {
                // A job that panics fails the batch instead of killing the writer.
                match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (job.run)(conn))) {
                    Ok(delivery) => deliveries.push(delivery),
                    Err(_) => return Err(diesel::result::Error::RollbackTransaction),
                }
                // If SQLite gave up the whole transaction (disk full, I/O error), the job's
                // savepoint could not be rolled back and diesel marks the connection broken:
                // stop here, or later jobs would run, and commit, outside any transaction.
                if broken(conn) {
                    return Err(diesel::result::Error::RollbackTransaction);
                }
            }
            Ok(())
        }) {
            Ok(()) => None,
            Err(e) => Some(e.to_string()),
        };
        stats.batch(writes, started.elapsed());
        for deliver in deliveries {
            deliver(error.clone());
        }
        // Jobs that never ran because the transaction could not begin.
        for job in pending {
            (job.fail)(error.clone().unwrap_or_default());
        }
    }
}

/// True when the writer's batch transaction is no longer the one open transaction (diesel's
/// bookkeeping is in error, or the depth is not the batch's single level).
fn broken(conn: &mut DbConn) -> bool {
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    match conn {
        DbConn::Sqlite(inner) => {
            let status = <AnsiTransactionManager as TransactionManager<SqliteConnection>>::transaction_manager_status_mut(inner);
            !matches!(status.transaction_depth(), Ok(Some(depth)) if depth.get() == 1)
        }
        DbConn::Pg(_) => false,
    }
}

/// Run `work` in one `BEGIN IMMEDIATE` transaction on the SQLite writer's connection: the
/// write lock is taken at the start, so the batch never fails half-way for a lock another
/// process took after it began reading. Each job nests its own savepoint inside.
fn immediate(
    conn: &mut DbConn,
    work: impl FnOnce(&mut DbConn) -> diesel::QueryResult<()>,
) -> diesel::QueryResult<()> {
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let DbConn::Sqlite(inner) = conn else {
        return Err(diesel::result::Error::QueryBuilderError(
            "the SQLite writer holds a non-SQLite connection".into(),
        ));
    };
    AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE")?;
    let worked = work(conn);
    let DbConn::Sqlite(inner) = conn else {
        return Err(diesel::result::Error::QueryBuilderError(
            "the SQLite writer holds a non-SQLite connection".into(),
        ));
    };
    let finished = match worked {
        Ok(()) => AnsiTransactionManager::commit_transaction(inner),
        Err(e) => Err(e),
    };
    if finished.is_err() {
        // Whatever diesel's bookkeeping now says, make sure SQLite holds no transaction open
        // for the next batch.
        let _ = AnsiTransactionManager::rollback_transaction(inner);
        let _ = inner.batch_execute("ROLLBACK");
    }
    finished
}
