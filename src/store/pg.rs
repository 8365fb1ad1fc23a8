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
//!
//! A database machine can also vanish without a word (no reset, no refusal: a failover of
//! the machine itself, docs/SCALING.md). libpq's defaults would then wait for the operating
//! system: minutes to connect, two hours before an idle connection is found dead. So unless
//! the URL sets them, each connection also gets ([`DEFAULTS`]): `connect_timeout=2` (per host
//! of a multi-host URL, libpq's smallest), `tcp_user_timeout=10000` (a request whose bytes
//! the server has not acknowledged for 10 s fails), and keepalives after 10 s idle, every 5 s,
//! given up after 3 (a silent server is found within 25 s even while we wait on it).

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

/// The connection parameters every connection gets unless its URL names them.
pub const DEFAULTS: [(&str, &str); 6] = [
    ("gssencmode", "disable"),
    ("connect_timeout", "2"),
    ("tcp_user_timeout", "10000"),
    ("keepalives_idle", "10"),
    ("keepalives_interval", "5"),
    ("keepalives_count", "3"),
];

/// `url` with each of [`DEFAULTS`] it does not set itself.
pub fn connection_url(url: &str) -> Cow<'_, str> {
    let query = url.split_once('?').map_or("", |(_, q)| q);
    let named = |name: &str| {
        query
            .split('&')
            .any(|pair| pair.split('=').next() == Some(name))
    };
    let missing: Vec<String> = DEFAULTS
        .iter()
        .filter(|(name, _)| !named(name))
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    if missing.is_empty() {
        Cow::Borrowed(url)
    } else {
        let sep = if url.contains('?') { '&' } else { '?' };
        Cow::Owned(format!("{url}{sep}{}", missing.join("&")))
    }
}

#[cfg(test)]
mod tests {
    use super::connection_url;

    /// The value of `name` in `url`'s query, if set (once).
    fn param(url: &str, name: &str) -> Option<String> {
        let query = url.split_once('?').map_or("", |(_, q)| q);
        let mut values = query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| v.to_string());
        let value = values.next();
        assert!(values.next().is_none(), "{name} set twice in {url}");
        value
    }

    #[test]
    fn gss_encryption_is_off_unless_the_url_asks_for_it() {
        let plain = connection_url("postgres://u@h/db");
        assert!(plain.starts_with("postgres://u@h/db?gssencmode=disable&"));
        let ssl = connection_url("postgres://u@h/db?sslmode=require");
        assert!(ssl.starts_with("postgres://u@h/db?sslmode=require&gssencmode=disable&"));
        let gss = connection_url("postgres://u@h/db?gssencmode=require");
        assert_eq!(param(&gss, "gssencmode").as_deref(), Some("require"));
        let prefer = connection_url("postgres://u@h/db?sslmode=disable&gssencmode=prefer");
        assert_eq!(param(&prefer, "gssencmode").as_deref(), Some("prefer"));
        // A parameter whose name only ends in gssencmode is not it.
        let other = connection_url("postgres://u@h/db?x_gssencmode=1");
        assert_eq!(param(&other, "gssencmode").as_deref(), Some("disable"));
        assert_eq!(param(&other, "x_gssencmode").as_deref(), Some("1"));
    }

    #[test]
    fn a_silent_server_is_given_up_on_unless_the_url_says_otherwise() {
        let url = connection_url("postgres://u@h1:1,h2:2/db?target_session_attrs=read-write");
        for (name, value) in super::DEFAULTS {
            assert_eq!(param(&url, name).as_deref(), Some(value), "{url}");
        }
        assert_eq!(
            param(&url, "target_session_attrs").as_deref(),
            Some("read-write")
        );
        let own = connection_url("postgres://u@h/db?connect_timeout=10&keepalives_idle=60");
        assert_eq!(param(&own, "connect_timeout").as_deref(), Some("10"));
        assert_eq!(param(&own, "keepalives_idle").as_deref(), Some("60"));
        assert_eq!(param(&own, "tcp_user_timeout").as_deref(), Some("10000"));
        // Everything set: the URL as it came.
        let all: Vec<String> = super::DEFAULTS
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        let full = format!("postgres://u@h/db?{}", all.join("&"));
        assert!(matches!(
            connection_url(&full),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
