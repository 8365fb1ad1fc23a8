//! Wakes the live streams of a game or a race room when it changes: at once for changes made
//! on this instance, and on Postgres for changes made through any instance (the store's
//! `NOTIFY`).
//!
//! Each open stream is a [`Watcher`]: it names the keys it follows (a game's id, a room's
//! [`room_key`]) and is woken only by a change to one of them, never by every change. Nothing
//! here polls once per stream: what must be looked at now and then (the versions of the
//! watched games, for changes no notification reports; whether the streams' tokens still
//! hold) is looked at for every stream at once, by this instance's `streams` job
//! (`crate::jobs::streams`), which wakes only the streams concerned.

use crate::domain::RaceCode;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::Notify;

/// What a stream's bearer token is, as far as a check of every open stream at once needs it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Credential {
    /// A session token: its account, session id, the account's token version when it was
    /// issued, and its expiry (seconds since the epoch).
    Session {
        user: String,
        jti: String,
        version: i32,
        expires: u64,
    },
    /// A personal or OAuth access token: its id and the hash of its secret.
    Token { id: String, hash: String },
    /// Nothing to check (a watcher of the service's own, such as a room's shared reader).
    None,
}

/// Why a stream could not be opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The user has this many open here already.
    User(usize),
    /// The client address has this many open here already.
    Address(usize),
}

struct Entry {
    user: String,
    address: Option<String>,
    credential: Credential,
    wake: Notify,
    /// Set when the stream's token must be checked again before anything else is sent.
    recheck: AtomicBool,
}

#[derive(Default)]
struct Registry {
    /// Who follows each key.
    topics: HashMap<String, HashMap<u64, Arc<Entry>>>,
    /// Every open watcher.
    watchers: HashMap<u64, Arc<Entry>>,
    per_user: HashMap<String, usize>,
    per_address: HashMap<String, usize>,
}

struct Inner {
    next: AtomicU64,
    registry: Mutex<Registry>,
}

impl Inner {
    fn registry(&self) -> MutexGuard<'_, Registry> {
        self.registry
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Wake this instance's watchers of `key`.
    fn wake(&self, key: &str) {
        let registry = self.registry();
        if let Some(watchers) = registry.topics.get(key) {
            for entry in watchers.values() {
                entry.wake.notify_one();
            }
        }
    }
}

/// Fans "game X changed" out to this instance's streams (and on Postgres, to every
/// instance's).
#[derive(Clone)]
pub struct Live {
    inner: Arc<Inner>,
    /// Set when changes are shared with other instances.
    notifier: Option<crate::store::notify::Notifier>,
}

/// One open stream: counted among its user's (and its address's) while it lives, woken when
/// a key it watches changes or its token must be checked again.
pub struct Watcher {
    inner: Arc<Inner>,
    id: u64,
    entry: Arc<Entry>,
    keys: Vec<String>,
}

impl Watcher {
    /// Follow `keys` from now on (instead of what was followed before).
    pub fn watch(&mut self, keys: Vec<String>) {
        let mut registry = self.inner.registry();
        for key in &self.keys {
            unfollow(&mut registry, key, self.id);
        }
        for key in &keys {
            registry
                .topics
                .entry(key.clone())
                .or_default()
                .insert(self.id, self.entry.clone());
        }
        self.keys = keys;
    }

    /// Until a watched key changes, or the token must be checked again. A wake-up that came
    /// while nobody waited is kept, so none is lost.
    pub async fn woken(&self) {
        self.entry.wake.notified().await;
    }

    /// Whether the token must be checked again (once: this clears it).
    pub fn take_recheck(&self) -> bool {
        self.entry.recheck.swap(false, Ordering::AcqRel)
    }
}

fn unfollow(registry: &mut Registry, key: &str, id: u64) {
    if let Some(watchers) = registry.topics.get_mut(key) {
        watchers.remove(&id);
        if watchers.is_empty() {
            registry.topics.remove(key);
        }
    }
}

fn release(counts: &mut HashMap<String, usize>, key: &str) {
    if let Some(n) = counts.get_mut(key) {
        *n -= 1;
        if *n == 0 {
            counts.remove(key);
        }
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        let mut registry = self.inner.registry();
        for key in &self.keys {
            unfollow(&mut registry, key, self.id);
        }
        registry.watchers.remove(&self.id);
        if self.entry.credential != Credential::None {
            release(&mut registry.per_user, &self.entry.user);
        }
        if let Some(address) = &self.entry.address {
            release(&mut registry.per_address, address);
        }
    }
}

/// Who may open a stream: a user (counted against `per_user`), from an address (counted
/// against `per_address` when that is set), with a token the streams job checks.
pub struct Opener<'a> {
    pub user: &'a str,
    pub address: Option<&'a str>,
    pub credential: Credential,
    pub per_user: usize,
    /// 0: no limit per address.
    pub per_address: usize,
}

impl Live {
    pub fn new() -> Live {
        Live {
            inner: Arc::new(Inner {
                next: AtomicU64::new(1),
                registry: Mutex::new(Registry::default()),
            }),
            notifier: None,
        }
    }

    /// Share changes with every instance on this Postgres database: tell them of this
    /// instance's, and hear theirs (a connection of its own for each, for as long as this
    /// `Live` lives). When the listening connection is lost and made again, every watcher is
    /// woken to look once (what changed meanwhile was not heard).
    pub fn share_on_postgres(mut self, url: &str) -> std::io::Result<Live> {
        let origin = uuid::Uuid::new_v4().simple().to_string();
        crate::store::notify::listen(
            url.to_string(),
            origin.clone(),
            &self.inner,
            |inner, id| inner.wake(&id),
            wake_all,
        )?;
        self.notifier = Some(crate::store::notify::Notifier::start(
            url.to_string(),
            origin,
        )?);
        Ok(self)
    }

    /// A game (by its id) or a race room (by [`room_key`]) changed on this instance.
    pub fn changed(&self, key: &str) {
        self.inner.wake(key);
        if let Some(notifier) = &self.notifier {
            notifier.changed(key);
        }
    }

    /// `key` was seen to change by a look at the database (not by this instance): wake its
    /// watchers here only.
    pub fn seen_changed(&self, key: &str) {
        self.inner.wake(key);
    }

    /// Open a stream, unless its user or address has its limit open here already.
    pub fn open(&self, who: Opener<'_>) -> Result<Watcher, Refused> {
        let mut registry = self.inner.registry();
        let of_user = registry.per_user.get(who.user).copied().unwrap_or(0);
        if of_user >= who.per_user {
            return Err(Refused::User(who.per_user));
        }
        let address = who.address.filter(|_| who.per_address > 0);
        if let Some(address) = address {
            if registry.per_address.get(address).copied().unwrap_or(0) >= who.per_address {
                return Err(Refused::Address(who.per_address));
            }
            *registry.per_address.entry(address.to_string()).or_insert(0) += 1;
        }
        *registry.per_user.entry(who.user.to_string()).or_insert(0) += 1;
        drop(registry);
        Ok(self.watcher(who.user, address, who.credential))
    }

    /// A watcher of the service's own: counted against nobody, no token to check.
    pub fn internal(&self) -> Watcher {
        self.watcher("", None, Credential::None)
    }

    fn watcher(&self, user: &str, address: Option<&str>, credential: Credential) -> Watcher {
        let id = self.inner.next.fetch_add(1, Ordering::Relaxed);
        let entry = Arc::new(Entry {
            user: user.to_string(),
            address: address.map(str::to_string),
            credential,
            wake: Notify::new(),
            recheck: AtomicBool::new(false),
        });
        self.inner.registry().watchers.insert(id, entry.clone());
        Watcher {
            inner: self.inner.clone(),
            id,
            entry,
            keys: Vec::new(),
        }
    }

    /// The streams whose credential `stale` says no longer holds check their token again at
    /// once (and end if it fails). How many were told.
    pub fn recheck(&self, stale: impl Fn(&Credential) -> bool) -> usize {
        self.tell(|entry| stale(&entry.credential))
    }

    /// Every stream of `user`'s checks its token again at once (a session of theirs ended or a
    /// token of theirs was revoked, on this instance).
    pub fn recheck_user(&self, user: &str) {
        self.tell(|entry| entry.user == user);
    }

    /// Tell the streams `which` picks (never the service's own) to check their tokens now.
    fn tell(&self, which: impl Fn(&Entry) -> bool) -> usize {
        let registry = self.inner.registry();
        let mut told = 0;
        for entry in registry.watchers.values() {
            if entry.credential != Credential::None && which(entry) {
                entry.recheck.store(true, Ordering::Release);
                entry.wake.notify_one();
                told += 1;
            }
        }
        told
    }

    /// The credentials of the open streams, each once.
    pub fn credentials(&self) -> Vec<Credential> {
        let registry = self.inner.registry();
        let distinct: HashSet<&Credential> = registry
            .watchers
            .values()
            .map(|e| &e.credential)
            .filter(|c| **c != Credential::None)
            .collect();
        distinct.into_iter().cloned().collect()
    }

    /// The games some stream here follows (not rooms).
    pub fn watched_games(&self) -> Vec<String> {
        let registry = self.inner.registry();
        registry
            .topics
            .keys()
            .filter(|k| !k.starts_with(ROOM_PREFIX))
            .cloned()
            .collect()
    }

    /// How many streams are open here.
    pub fn open_streams(&self) -> usize {
        let registry = self.inner.registry();
        registry
            .watchers
            .values()
            .filter(|e| e.credential != Credential::None)
            .count()
    }

    /// How often the versions of the watched games are looked at, for every stream at once:
    /// often when changes made elsewhere are not heard (SQLite, several processes on one
    /// file), rarely when they are (a notification may still be dropped).
    pub fn poll_every(&self) -> Duration {
        if self.notifier.is_some() {
            Duration::from_secs(15)
        } else {
            Duration::from_secs(1)
        }
    }
}

/// The versions of the games among `ids` (a statement per 500).
pub fn versions(db: &crate::store::Db, ids: &[String]) -> Result<Vec<(String, i32)>, super::Error> {
    let mut conn = db.conn()?;
    let mut found = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        found.extend(crate::store::games::versions(&mut conn, chunk)?);
    }
    Ok(found)
}

fn wake_all(inner: &Inner) {
    let registry = inner.registry();
    for entry in registry.watchers.values() {
        entry.wake.notify_one();
    }
}

const ROOM_PREFIX: &str = "race:";

/// What a change of race room `code` (its seats, rounds or quits) is heard as; a change of
/// one of its games is heard as the game's id.
pub fn room_key(code: &RaceCode) -> String {
    format!("{ROOM_PREFIX}{code}")
}

impl Default for Live {
    fn default() -> Self {
        Live::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opener(user: &str, address: &str, per_user: usize, per_address: usize) -> Opener<'static> {
        let (user, address) = (
            Box::leak(user.to_string().into_boxed_str()),
            Box::leak(address.to_string().into_boxed_str()),
        );
        Opener {
            user,
            address: Some(address),
            credential: Credential::Token {
                id: format!("t-{user}"),
                hash: "h".into(),
            },
            per_user,
            per_address,
        }
    }

    #[test]
    fn a_user_has_at_most_the_limit_of_streams_and_a_closed_one_frees_its_place() {
        let live = Live::new();
        let a = live.open(opener("ann", "1.1.1.1", 2, 0)).expect("first");
        let _b = live.open(opener("ann", "1.1.1.1", 2, 0)).expect("second");
        assert_eq!(
            live.open(opener("ann", "1.1.1.1", 2, 0)).err(),
            Some(Refused::User(2))
        );
        assert!(
            live.open(opener("bob", "1.1.1.1", 2, 0)).is_ok(),
            "others are not counted"
        );
        drop(a);
        assert!(
            live.open(opener("ann", "1.1.1.1", 2, 0)).is_ok(),
            "a closed stream frees its place"
        );
    }

    #[test]
    fn an_address_has_at_most_its_limit_when_one_is_set() {
        let live = Live::new();
        let a = live.open(opener("ann", "1.1.1.1", 8, 2)).expect("first");
        let _b = live.open(opener("bob", "1.1.1.1", 8, 2)).expect("second");
        assert_eq!(
            live.open(opener("cat", "1.1.1.1", 8, 2)).err(),
            Some(Refused::Address(2))
        );
        assert_eq!(live.open_streams(), 2, "a refused stream is not counted");
        assert!(live.open(opener("cat", "2.2.2.2", 8, 2)).is_ok());
        drop(a);
        assert!(live.open(opener("cat", "1.1.1.1", 8, 2)).is_ok());
        let _more: Vec<_> = (0..5)
            .map(|_| live.open(opener("dan", "3.3.3.3", 8, 0)).expect("no limit"))
            .collect();
    }

    #[actix_rt::test]
    async fn a_change_wakes_only_the_watchers_of_its_key_and_none_is_lost() {
        let live = Live::new();
        let mut a = live.open(opener("ann", "x", 8, 0)).unwrap();
        let mut b = live.open(opener("bob", "x", 8, 0)).unwrap();
        a.watch(vec!["g1".into()]);
        b.watch(vec!["g2".into(), room_key(&RaceCode::from("ABCD"))]);
        // Changed before anyone waits: the wake-up is kept.
        live.changed("g1");
        live.seen_changed(&room_key(&RaceCode::from("ABCD")));
        let quick = Duration::from_millis(50);
        assert!(tokio::time::timeout(quick, a.woken()).await.is_ok());
        assert!(tokio::time::timeout(quick, b.woken()).await.is_ok());
        live.changed("g2-other");
        assert!(tokio::time::timeout(quick, a.woken()).await.is_err());
        assert!(tokio::time::timeout(quick, b.woken()).await.is_err());
        let mut games = live.watched_games();
        games.sort();
        assert_eq!(games, ["g1", "g2"]);
        // Following other keys: the old ones no longer wake.
        b.watch(vec!["g3".into()]);
        live.changed("g2");
        assert!(tokio::time::timeout(quick, b.woken()).await.is_err());
        drop(a);
        let mut games = live.watched_games();
        games.sort();
        assert_eq!(games, ["g3"], "a closed stream's keys are forgotten");
    }

    #[actix_rt::test]
    async fn a_recheck_wakes_the_streams_of_the_stale_credential_only() {
        let live = Live::new();
        let a = live.open(opener("ann", "x", 8, 0)).unwrap();
        let b = live.open(opener("bob", "x", 8, 0)).unwrap();
        let _own = live.internal();
        assert_eq!(live.credentials().len(), 2, "the service's own has none");
        let told = live.recheck(|c| matches!(c, Credential::Token { id, .. } if id == "t-ann"));
        assert_eq!(told, 1);
        let quick = Duration::from_millis(50);
        assert!(tokio::time::timeout(quick, a.woken()).await.is_ok());
        assert!(a.take_recheck());
        assert!(!a.take_recheck(), "once");
        assert!(tokio::time::timeout(quick, b.woken()).await.is_err());
        assert!(!b.take_recheck());
        live.recheck_user("bob");
        assert!(tokio::time::timeout(quick, b.woken()).await.is_ok());
        assert!(b.take_recheck());
        assert_eq!(live.open_streams(), 2);
    }
}
