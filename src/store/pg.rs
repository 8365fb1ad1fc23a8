//! Opening a Postgres connection. Every Postgres connection of the service (the pool, the
//! LISTEN and NOTIFY threads) and of its tests and benches opens through [`establish`].
//!
//! libpq links OpenSSL and Kerberos, and both free shared state when the process exits:
//! OpenSSL from an `atexit` handler, Kerberos from its library destructor. A thread still
//! inside libpq at that moment (a pool refilling, a LISTEN thread reading, a test server's
//! jobs: the test harness exits without stopping them) then touches freed memory, and the
//! process ends in `double free or corruption`, a segfault or a failed Kerberos assertion
//! instead of its exit code. Measured with 8 threads querying and connecting while `main`
//! returns: 42 of 200 runs crashed; 8 of 200 with OpenSSL's handler off; none with
//! Kerberos's transport encryption not tried as well. So:
//! - OpenSSL is initialised once, before libpq does it, without its exit handler
//!   (`openssl_sys::init` passes `OPENSSL_INIT_NO_ATEXIT`; the memory is the kernel's to
//!   free at exit anyway). TLS to the server works as before.
//! - `gssencmode=disable` is added to a URL that does not set `gssencmode` (libpq would
//!   otherwise ask Kerberos for credentials on every connection, to try GSS encryption).
//!   A deployment that encrypts with GSSAPI says `gssencmode=prefer` or `require` in
//!   `DATABASE_URL`, and that is kept.

use std::borrow::Cow;

use diesel::pg::PgConnection;
use diesel::{Connection, ConnectionResult};

/// One connection to `url` (a `postgres://` URL).
pub fn establish(url: &str) -> ConnectionResult<PgConnection> {
    init_client();
    PgConnection::establish(&connection_url(url))
}

/// Initialise libpq's OpenSSL without its exit handler (once; later calls do nothing). For
/// code that opens connections some other way (a bench's own pool), before its first one.
pub fn init_client() {
    openssl_sys::init();
}

/// `url` with `gssencmode=disable` unless it sets `gssencmode` itself.
pub fn connection_url(url: &str) -> Cow<'_, str> {
    let query = url.split_once('?').map_or("", |(_, q)| q);
    let named = query
        .split('&')
        .any(|pair| pair.split('=').next() == Some("gssencmode"));
    if named {
        Cow::Borrowed(url)
    } else {
        let sep = if url.contains('?') { '&' } else { '?' };
        Cow::Owned(format!("{url}{sep}gssencmode=disable"))
    }
}

#[cfg(test)]
mod tests {
    use super::connection_url;

    #[test]
    fn gss_encryption_is_off_unless_the_url_asks_for_it() {
        assert_eq!(
            connection_url("postgres://u@h/db"),
            "postgres://u@h/db?gssencmode=disable"
        );
        assert_eq!(
            connection_url("postgres://u@h/db?sslmode=require"),
            "postgres://u@h/db?sslmode=require&gssencmode=disable"
        );
        assert_eq!(
            connection_url("postgres://u@h/db?gssencmode=require"),
            "postgres://u@h/db?gssencmode=require"
        );
        assert_eq!(
            connection_url("postgres://u@h/db?sslmode=disable&gssencmode=prefer"),
            "postgres://u@h/db?sslmode=disable&gssencmode=prefer"
        );
        // A parameter whose name only ends in gssencmode is not it.
        assert_eq!(
            connection_url("postgres://u@h/db?x_gssencmode=1"),
            "postgres://u@h/db?x_gssencmode=1&gssencmode=disable"
        );
    }
}
