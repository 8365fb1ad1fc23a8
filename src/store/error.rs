//! What a database call can fail with, and what a failure means to whoever asked.

use diesel::r2d2;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database connection pool: {0}")]
    Pool(#[from] r2d2::PoolError),
    #[error("database: {0}")]
    Db(#[from] diesel::result::Error),
    #[error("database connection: {0}")]
    Connection(#[from] diesel::ConnectionError),
    #[error("migrations: {0}")]
    Migration(String),
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
    #[error("database writer: {0}")]
    Writer(String),
    #[error("the idempotency key was used for a different request")]
    KeyReused,
    /// The write queue is full: nothing was written.
    #[error("the database writers are busy")]
    Busy,
    /// The database went away while a write was under way: whether it landed is unknown.
    #[error("database unavailable: {0}")]
    Unreachable(String),
}

/// What a failed database call means to whoever asked, without naming the driver's errors:
/// what the HTTP layer answers (`crate::http::error`) and whether to try again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The write queue was full: nothing was written; try again shortly.
    Busy,
    /// The database went away while a write was under way: whether it landed is unknown.
    LostMidWrite,
    /// No connection, or the database refused to take one's statements (closed, read-only):
    /// nothing was done; try again shortly.
    Unavailable,
    /// The idempotency key was used for a different request.
    KeyReused,
    /// Anything else: a fault of the service or its data.
    Other,
}

impl StoreError {
    /// What this failure means to whoever asked.
    pub fn failure(&self) -> Failure {
        use diesel::result::{DatabaseErrorKind, Error as DieselError};
        match self {
            StoreError::Busy => Failure::Busy,
            StoreError::Unreachable(_) => Failure::LostMidWrite,
            StoreError::Pool(_)
            | StoreError::Connection(_)
            | StoreError::Db(DieselError::DatabaseError(
                DatabaseErrorKind::ClosedConnection
                | DatabaseErrorKind::UnableToSendCommand
                | DatabaseErrorKind::ReadOnlyTransaction,
                _,
            )) => Failure::Unavailable,
            StoreError::KeyReused => Failure::KeyReused,
            _ => Failure::Other,
        }
    }

    pub fn is_unique_violation(&self) -> bool {
        matches!(
            self,
            StoreError::Db(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _
            ))
        )
    }

    pub fn is_foreign_key_violation(&self) -> bool {
        matches!(
            self,
            StoreError::Db(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::ForeignKeyViolation,
                _
            ))
        )
    }
}
