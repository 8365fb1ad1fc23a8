//! Chat members as players: each platform identity (Discord, Slack, Telegram) plays as an
//! account, one made at its first command or the one its member links. Linking goes one way
//! only: the account's owner, signed in, makes a one-time code ([`link_code`]) and types it in
//! chat ([`link`]); the bot never hands out a code a victim could be sent.

use crate::domain::{GameId, UserId};
use crate::i18n::Lang;
use crate::{AccountError, ChatError};
use chrono::NaiveDateTime;

use super::tokens::random_bytes;
use super::{blocking, Error, Play};
use crate::auth::secret_hash;
/// A chat identity as kept: its platform, names, and the account it plays as.
pub use crate::store::chat::ChatIdentity;
use crate::store::chat::{self as chat_store, Folded};
use crate::store::codes::{self, CodeRow, Use};
use crate::store::{self, users, Db};

/// The purpose of chat link codes among the one-time codes.
pub const PURPOSE: &str = codes::CHAT_LINK;

/// How long a link code lasts.
pub const CODE_SECONDS: i64 = 600;

/// Chat identities one account may have linked.
pub const MAX_LINKS: usize = 20;

/// The letters of a link code: no 0/O, 1/I/L or U, so what is read aloud or retyped is what
/// was shown. Eight of them make about 39 bits.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTVWXYZ23456789";
const CODE_LENGTH: usize = 8;

/// The chat platforms the service answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    Discord,
    Slack,
    Telegram,
}

impl Platform {
    pub fn name(self) -> &'static str {
        match self {
            Platform::Discord => "discord",
            Platform::Slack => "slack",
            Platform::Telegram => "telegram",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Platform::Discord => "Discord",
            Platform::Slack => "Slack",
            Platform::Telegram => "Telegram",
        }
    }
}

/// Who wrote a chat command, as the platform's signed request says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    pub platform: Platform,
    /// The Discord guild (`dm` outside one) or Slack workspace; empty on Telegram.
    pub workspace: String,
    /// The member's id on the platform.
    pub member: String,
    /// The member's name there, for the account made for them.
    pub display: String,
}

impl Identity {
    /// The identity as it can be stored: a platform's names and ids may hold characters no
    /// database text can (Postgres refuses NUL) or that only mislead (other control
    /// characters): those are left out.
    pub fn storable(&self) -> Identity {
        let clean = |s: &str| s.chars().filter(|c| !c.is_control()).collect::<String>();
        Identity {
            platform: self.platform,
            workspace: clean(&self.workspace),
            member: clean(&self.member),
            display: clean(&self.display),
        }
    }
}

/// A chat member as the service knows them.
#[derive(Clone, Debug)]
pub struct Member {
    /// The identity's row.
    pub link_id: String,
    pub user_id: UserId,
    /// The account's name (on the boards).
    pub username: String,
    /// The account was made for this identity (not linked).
    pub own_account: bool,
    pub current_game: Option<GameId>,
    /// The language the member chose with `lang`; `None`: the platform's.
    pub language: Option<Lang>,
    /// The puzzle the member's moves go to, and the moves made in it so far (compact log
    /// notation).
    pub puzzle: Option<(String, String)>,
}

/// The name a chat-made account takes: the platform name's letters, digits, `_`, `.` and `-`
/// (at most 20), a number when that is taken, and `@platform`, which no registered username
/// can hold.
fn names(display: &str, platform: Platform) -> Vec<String> {
    let base: String = display
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
        .take(20)
        .collect();
    let base = if base.is_empty() {
        "player".to_string()
    } else {
        base
    };
    let platform = platform.name();
    let mut names = vec![format!("{base}@{platform}")];
    names.extend((2..=9).map(|n| format!("{base}-{n}@{platform}")));
    names
}

/// A platform request arriving: recorded as answered when `delivery` names it (a digest of
/// its signature and timestamp, or an update id), refused with [`Error::Chat(ChatError::ChatReplayed)`] when
/// it was answered before; and, when `member` is asked for, the member behind `identity`
/// (the account they play as, made now at their first command). One write for both, so a
/// command costs one trip to the database before its action.
pub async fn arrive(
    play: &Play,
    identity: &Identity,
    delivery: Option<String>,
    member: bool,
) -> Result<Option<Member>, Error> {
    let (db, clock) = (&play.db, play.clock.clone());
    let (db, identity) = (db.clone(), identity.storable());
    blocking(move || {
        let at = clock.now();
        let platform = identity.platform.name();
        let found = db.write({
            let identity = identity.clone();
            move |conn| -> Result<Option<Member>, Error> {
                if let Some(digest) = &delivery {
                    if !chat_store::first_delivery(conn, platform, digest, at)? {
                        return Err(Error::Chat(ChatError::ChatReplayed));
                    }
                }
                if member {
                    find(conn, &identity)
                } else {
                    Ok(None)
                }
            }
        })?;
        if found.is_some() || !member {
            return Ok(found);
        }
        for _ in 0..3 {
            match make(&db, &identity, at) {
                // Their first two commands at once: the other made it.
                Err(Error::Store(e)) if e.is_unique_violation() => {
                    let mut conn = db.conn()?;
                    if let Some(made) = find(&mut conn, &identity)? {
                        return Ok(Some(made));
                    }
                }
                other => return other.map(Some),
            }
        }
        Err(Error::Internal(
            "a chat member's account could not be made".into(),
        ))
    })
    .await
}

fn find(conn: &mut store::DbConn, identity: &Identity) -> Result<Option<Member>, Error> {
    let Some(row) = chat_store::find(
        conn,
        identity.platform.name(),
        &identity.workspace,
        &identity.member,
    )?
    else {
        return Ok(None);
    };
    let user =
        users::by_id(conn, &row.user_id)?.ok_or(Error::Account(AccountError::UnknownUser))?;
    Ok(Some(Member {
        link_id: row.id,
        user_id: row.user_id,
        username: user.username.unwrap_or_default(),
        own_account: row.own_account,
        current_game: row.current_game,
        language: row.language.as_deref().and_then(Lang::from_tag),
        puzzle: row.current_puzzle.map(|id| (id, row.puzzle_moves)),
    }))
}

/// A new account and identity for a member's first command.
fn make(db: &Db, identity: &Identity, at: NaiveDateTime) -> Result<Member, Error> {
    let taken = {
        let mut conn = db.conn()?;
        let mut free = None;
        for name in names(&identity.display, identity.platform) {
            if users::by_username(&mut conn, &name)?.is_none() {
                free = Some(name);
                break;
            }
        }
        free
    };
    let username = match taken {
        Some(name) => name,
        None => {
            let [a, b, c] = random_bytes::<3>()?;
            let base = names(&identity.display, identity.platform)[0].clone();
            let (name, platform) = base.split_once('@').unwrap_or((&base, ""));
            format!("{name}-{a:02x}{b:02x}{c:02x}@{platform}")
        }
    };
    let user = users::User {
        id: uuid::Uuid::new_v4().to_string().into(),
        username: Some(username.clone()),
        password_hash: None,
        is_guest: false,
        created_at: at,
        token_version: 0,
        profile_hidden: false,
        language: None,
    };
    let row = ChatIdentity {
        id: uuid::Uuid::new_v4().to_string(),
        platform: identity.platform.name().to_string(),
        workspace: identity.workspace.clone(),
        member: identity.member.clone(),
        user_id: user.id.clone(),
        own_account: true,
        display: identity.display.chars().take(100).collect(),
        current_game: None,
        created_at: at,
        linked_at: None,
        own_user_id: None,
        language: None,
        asked_code: None,
        current_puzzle: None,
        puzzle_moves: String::new(),
    };
    let member = Member {
        link_id: row.id.clone(),
        user_id: user.id.clone(),
        username,
        own_account: true,
        current_game: None,
        language: None,
        puzzle: None,
    };
    db.write(move |conn| -> Result<(), Error> {
        users::insert(conn, &user)?;
        chat_store::insert(conn, &row)?;
        Ok(())
    })?;
    Ok(member)
}

/// Point the member's game commands at `game`.
pub async fn set_current(play: &Play, member: &Member, game: &GameId) -> Result<(), Error> {
    let db = &play.db;
    let (db, id, game) = (db.clone(), member.link_id.clone(), game.clone());
    blocking(move || Ok(db.write(move |conn| chat_store::set_current(conn, &id, Some(&game)))?))
        .await
}

/// Keep the language the member chose (`None`: back to the platform's).
pub async fn set_language(
    play: &Play,
    member: &Member,
    language: Option<Lang>,
) -> Result<(), Error> {
    let db = &play.db;
    let (db, id) = (db.clone(), member.link_id.clone());
    let tag = language.map(Lang::tag);
    blocking(move || Ok(db.write(move |conn| chat_store::set_language(conn, &id, tag))?)).await
}

/// A link code as it was typed: its letters, upper case, without spaces or dashes.
pub fn normalize_code(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

/// A new link code for the registered account `user_id`, its `password` confirming it is
/// them (a session alone, which may have been stolen, cannot make one), valid
/// [`CODE_SECONDS`], shown as `ABCD-EFGH`; it replaces any unused one the account had. With
/// when it expires.
pub async fn link_code(
    accounts: &super::accounts::Accounts,
    user_id: &UserId,
    session_version: i32,
    password: String,
) -> Result<(String, NaiveDateTime), Error> {
    match accounts.confirm_password(user_id, password).await {
        Err(Error::Account(AccountError::GuestAccount)) => {
            return Err(Error::Chat(ChatError::GuestCannotLink))
        }
        other => other?,
    };
    let db = &accounts.db;
    // Each letter from a byte below the largest multiple of the alphabet's size, so every
    // letter is equally likely.
    let fair = (256 / CODE_LETTERS.len() * CODE_LETTERS.len()) as u16;
    let mut letters = String::with_capacity(CODE_LENGTH);
    while letters.len() < CODE_LENGTH {
        for b in random_bytes::<16>()? {
            if u16::from(b) < fair && letters.len() < CODE_LENGTH {
                letters.push(CODE_LETTERS[usize::from(b) % CODE_LETTERS.len()] as char);
            }
        }
    }
    let at = accounts.clock.now();
    let expires_at = at + chrono::Duration::seconds(CODE_SECONDS);
    let row = CodeRow {
        code_hash: secret_hash(&letters),
        purpose: PURPOSE.to_string(),
        user_id: user_id.clone(),
        payload: "{}".to_string(),
        created_at: at,
        expires_at,
        used_at: None,
        token_id: None,
    };
    let db = db.clone();
    blocking(move || {
        db.write(move |conn| -> Result<(), Error> {
            // The grants lock first, as the remedies take it: a code is never written after a
            // password change or sign out everywhere that ended this session.
            users::lock_grants(conn, &row.user_id)?;
            let user = super::accounts::session_still_open(conn, &row.user_id, session_version)?;
            if user.is_guest {
                return Err(Error::Chat(ChatError::GuestCannotLink));
            }
            codes::forget_unused(conn, &row.user_id, PURPOSE)?;
            Ok(codes::insert(conn, &row)?)
        })
    })
    .await?;
    Ok((format!("{}-{}", &letters[..4], &letters[4..]), expires_at))
}

/// The account a link made the member play as.
#[derive(Clone, Debug)]
pub struct Linked {
    pub username: String,
    pub folded: Folded,
}

/// What typing a link code would do, before the member confirms it: the account they would
/// play as, how many of their games would move there and how many ranked daily attempts among
/// them would become practice.
#[derive(Clone, Debug)]
pub struct LinkPreview {
    pub username: String,
    pub games: usize,
    pub ranked_dailies: usize,
}

/// Whether `identity` may link to the account `owner` (the code's): not while it plays as a
/// linked account already. The owner's name.
fn may_link(
    conn: &mut store::DbConn,
    identity: &ChatIdentity,
    owner: &UserId,
) -> Result<String, Error> {
    let user = users::by_id(conn, owner)?.ok_or(Error::Account(AccountError::UnknownUser))?;
    let username = user.username.unwrap_or_default();
    if identity.user_id == *owner {
        return Err(Error::Chat(ChatError::ChatAlreadyLinked { username }));
    }
    if !identity.own_account {
        let current = users::by_id(conn, &identity.user_id)?
            .and_then(|u| u.username)
            .unwrap_or_default();
        return Err(Error::Chat(ChatError::ChatAlreadyLinked {
            username: current,
        }));
    }
    Ok(username)
}

/// The member types the link code `typed` without confirming: what linking would do, and
/// nothing done (the code is not used) but remembering that this member was asked about this
/// code (only then does its `yes` link). An unknown, used or expired code, or an identity
/// already linked, is refused as [`link`] would refuse it.
pub async fn preview_link(play: &Play, member: &Member, typed: &str) -> Result<LinkPreview, Error> {
    let (db, clock) = (&play.db, play.clock.clone());
    let hash = secret_hash(&normalize_code(typed));
    let (db, link_id) = (db.clone(), member.link_id.clone());
    blocking(move || {
        db.write(move |conn| {
            let identity = chat_store::lock(conn, &link_id)?
                .ok_or(Error::Chat(ChatError::ChatLinkNotFound))?;
            ask(conn, &identity, &hash, clock.now())
        })
    })
    .await
}

/// Inside the caller's write: what linking `identity` with the code whose hash is `hash` would
/// do, remembered as asked.
fn ask(
    conn: &mut store::DbConn,
    identity: &ChatIdentity,
    hash: &str,
    at: NaiveDateTime,
) -> Result<LinkPreview, Error> {
    let code = codes::peek(conn, hash, PURPOSE)?
        .filter(|c| c.used_at.is_none() && c.expires_at > at)
        .ok_or(Error::Chat(ChatError::ChatCodeInvalid))?;
    let username = may_link(conn, identity, &code.user_id)?;
    let (games, ranked_dailies) = chat_store::games_of(conn, &identity.user_id)?;
    chat_store::set_asked(conn, &identity.id, Some(hash))?;
    Ok(LinkPreview {
        username,
        games,
        ranked_dailies,
    })
}

/// What `link CODE yes` did: linked, or (the member was not asked about that code before)
/// asked first, nothing moved.
#[derive(Debug)]
pub enum LinkStep {
    Linked(Linked),
    Asked(LinkPreview),
}

/// The member types the link code `typed` and confirms: from now on their identity plays as
/// the code's account, and the games of the account made for them move to it (a ranked daily
/// attempt among them becomes practice), until they unlink. A code is used once; an unknown,
/// used or expired one changes nothing.
pub async fn link(play: &Play, member: &Member, typed: &str) -> Result<LinkStep, Error> {
    let (db, clock) = (&play.db, play.clock.clone());
    let hash = secret_hash(&normalize_code(typed));
    let (db, link_id) = (db.clone(), member.link_id.clone());
    blocking(move || {
        db.write(move |conn| -> Result<LinkStep, Error> {
            let at = clock.now();
            // The account's grants lock before the code is used: a sign out everywhere at the
            // same moment either ends the link made here or leaves no code to link with.
            if let Some(code) = codes::peek(conn, &hash, PURPOSE)? {
                users::lock_grants(conn, &code.user_id)?;
            }
            let identity = chat_store::lock(conn, &link_id)?
                .ok_or(Error::Chat(ChatError::ChatLinkNotFound))?;
            // `yes` counts only once the bot has asked this member about this very code: a
            // message that tricks a member into typing both gets them the question first.
            if identity.asked_code.as_deref() != Some(hash.as_str()) {
                return Ok(LinkStep::Asked(ask(conn, &identity, &hash, at)?));
            }
            let code = match codes::use_once(conn, &hash, PURPOSE, at)? {
                Use::First(code) if code.expires_at > at => code,
                _ => return Err(Error::Chat(ChatError::ChatCodeInvalid)),
            };
            let username = may_link(conn, &identity, &code.user_id)?;
            if !users::lock(conn, &code.user_id)? || !users::lock(conn, &identity.user_id)? {
                return Err(Error::Account(AccountError::UnknownUser));
            }
            if chat_store::linked_to(conn, &code.user_id)?.len() >= MAX_LINKS {
                return Err(Error::Chat(ChatError::TooManyChatLinks { max: MAX_LINKS }));
            }
            chat_store::link(conn, &link_id, &identity.user_id, &code.user_id, at)?;
            chat_store::set_asked(conn, &link_id, None)?;
            let folded = chat_store::fold_account(conn, &identity.user_id, &code.user_id, at)?;
            Ok(LinkStep::Linked(Linked { username, folded }))
        })
    })
    .await
}

/// A link code typed where others could read it: it is used up (if it was a live code), so
/// nobody who saw it can link with it.
pub async fn burn_code(play: &Play, typed: &str) -> Result<(), Error> {
    let (db, clock) = (&play.db, play.clock.clone());
    let hash = secret_hash(&normalize_code(typed));
    let db = db.clone();
    blocking(move || {
        Ok(db
            .write(move |conn| codes::use_once(conn, &hash, PURPOSE, clock.now()))
            .map(|_| ())?)
    })
    .await
}

/// The member stops playing as the account they linked: they play as the account made for
/// them again, and the games the link moved go back to it. How many went back.
pub async fn unlink(play: &Play, member: &Member) -> Result<usize, Error> {
    let (db, clock) = (&play.db, play.clock.clone());
    if member.own_account {
        return Err(Error::Chat(ChatError::ChatNotLinked));
    }
    let (db, id) = (db.clone(), member.link_id.clone());
    blocking(move || {
        db.write(move |conn| -> Result<usize, Error> {
            let identity =
                chat_store::lock(conn, &id)?.ok_or(Error::Chat(ChatError::ChatNotLinked))?;
            if identity.own_account {
                return Err(Error::Chat(ChatError::ChatNotLinked));
            }
            Ok(chat_store::unlink(conn, &identity, clock.now())?)
        })
    })
    .await
}

/// The chat identities linked to `user_id`, oldest link first.
pub async fn links(play: &Play, user_id: &UserId) -> Result<Vec<ChatIdentity>, Error> {
    let db = &play.db;
    let (db, user) = (db.clone(), user_id.clone());
    blocking(move || {
        let mut conn = db.conn()?;
        Ok(chat_store::linked_to(&mut conn, &user)?)
    })
    .await
}

/// The owner removes a linked chat identity from their account.
pub async fn remove_link(play: &Play, user_id: &UserId, link_id: &str) -> Result<(), Error> {
    let (db, clock) = (&play.db, play.clock.clone());
    let (db, user, id) = (db.clone(), user_id.clone(), link_id.to_string());
    blocking(move || {
        db.write(move |conn| -> Result<(), Error> {
            match chat_store::lock(conn, &id)? {
                Some(row) if row.user_id == user && !row.own_account => {
                    chat_store::unlink(conn, &row, clock.now())?;
                    Ok(())
                }
                _ => Err(Error::Chat(ChatError::ChatLinkNotFound)),
            }
        })
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_are_stored_without_nul_or_control_characters() {
        let identity = Identity {
            platform: Platform::Telegram,
            workspace: "w\u{0}1".into(),
            member: "42\u{0}".into(),
            display: "Al\u{0}an\u{7}\u{202e}".into(),
        };
        let stored = identity.storable();
        assert_eq!(stored.workspace, "w1");
        assert_eq!(stored.member, "42");
        assert_eq!(stored.display, "Alan\u{202e}");
    }

    #[test]
    fn chat_names_keep_safe_letters_and_name_the_platform() {
        let ada = names("Ada Lovelace ✨", Platform::Discord);
        assert_eq!(ada[0], "AdaLovelace@discord");
        assert_eq!(ada[1], "AdaLovelace-2@discord");
        assert_eq!(names("✨✨", Platform::Slack)[0], "player@slack");
        let long = names(&"x".repeat(50), Platform::Telegram);
        assert_eq!(long[0], format!("{}@telegram", "x".repeat(20)));
        for name in ada.iter().chain(&long) {
            assert!(!crate::credentials::username_shape_ok(name), "{name}");
            assert!(crate::credentials::player_name_shape_ok(name), "{name}");
        }
    }

    #[test]
    fn codes_are_read_back_whatever_the_case_spaces_or_dashes() {
        assert_eq!(normalize_code(" abcd-efgh "), "ABCDEFGH");
        assert_eq!(normalize_code("AB CD EF GH"), "ABCDEFGH");
    }
}
