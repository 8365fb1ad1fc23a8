//! What the OpenAPI document promises about requests, written once: the shapes of header,
//! path, query and body values (the server checks them with these very patterns, and the
//! document states them), integers written as whole floats, optional bodies, the integer sets
//! utoipa cannot derive, and the statuses every operation may answer. `.ci/contract.sh` holds
//! the server to it: whatever the document allows is accepted, whatever it does not is
//! refused.

use crate::t;
use std::sync::LazyLock;

use regex::Regex;

use crate::error::ApiError;
use crate::i18n::Text;

mod schemas;

pub use schemas::{
    command, deal_number, operations, password, race_name, token_name, username, CommandText,
    Contract, SuitCount,
};

// ---------------------------------------------------------------- Patterns

/// `Idempotency-Key`: 1 to 255 visible ASCII characters, spaces only inside.
pub const IDEMPOTENCY_KEY: &str = r"^[!-~](?:[ -~]{0,253}[!-~])?$";

/// `If-Match`: the game's ETag (`"3"`, or weak `W/"3"`), a bare version (`3`), or `*`.
pub const IF_MATCH: &str = r#"^(?:\*|(?:W/)?"[0-9]{1,9}"|[0-9]{1,9})$"#;

/// `Last-Event-ID`: a version the stream sent as an event's id.
pub const LAST_EVENT_ID: &str = r"^[0-9]{1,9}$";

/// A day as `YYYY-MM-DD` (also `format: date`, so the day must exist).
pub const DATE: &str = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$";

/// The cursor of the caller's games: a creation time and a game id (opaque to clients).
pub const GAMES_CURSOR: &str = r"^[0-9]{1,16}_[0-9a-f-]{1,36}$";

/// The cursor of a page of puzzle activity: the last attempt's time (milliseconds since the
/// epoch, before the year 2287) and its puzzle's id.
pub const ACTIVITY_CURSOR: &str = r"^[0-9]{1,13}_[0-9a-f]{1,20}$";

/// The cursor of a leaderboard: a place to go on from (opaque to clients): an offset, or the
/// place the last page ended (`http::records::cursor`).
pub const BOARD_CURSOR: &str =
    r"^([0-9]{1,9}|[stm][wr]\.[0-9]{1,12}(\.-?[0-9]{1,19}){3}\.[0-9]{1,9})$";

/// What Rust's `char::is_whitespace` (and so `str::trim`) counts as white space.
const SPACE: &str = r"\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// Characters no free text may hold: control characters (C0, DEL, C1) and the invisible format
/// characters that make two names look alike or turn text around (soft hyphen, zero-width
/// spaces and joiners, direction marks, embeddings, overrides and isolates, line and paragraph
/// separators, word joiners, the byte-order mark, interlinear annotation marks). Postgres
/// cannot store the first of them, NUL, at all.
pub const FORBIDDEN: &str = r"\x00-\x1f\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb";

/// The white space that may stand around free text (and is trimmed): [`SPACE`] less the
/// control and format characters no free text may hold.
const PRINTABLE_SPACE: &str = r" \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000";

/// Printable text that has 1 to `max` characters once the white space around it is trimmed.
fn trimmed_text(max: usize) -> String {
    let (sp, no) = (PRINTABLE_SPACE, FORBIDDEN);
    format!(
        r"^[{sp}]*[^{sp}{no}](?:[^{no}]{{0,{}}}[^{sp}{no}])?[{sp}]*$",
        max - 2
    )
}

/// A race seat's name: 1 to 32 printable characters, white space around them trimmed.
pub static RACE_NAME: LazyLock<String> = LazyLock::new(|| trimmed_text(32));

/// An access token's name: 1 to 100 printable characters, white space around them trimmed.
pub static TOKEN_NAME: LazyLock<String> = LazyLock::new(|| trimmed_text(100));

/// An app's `client_id`: 1 to 256 printable ASCII characters (`play::oauth::client_id_ok`).
pub const OAUTH_CLIENT_ID: &str = r"^[ -~]{1,256}$";

/// A redirect URI, as far as a pattern can say: 1 to 2,000 visible ASCII characters, no `#`
/// or `\`. Which URIs are allowed (https, http to loopback, a reverse-domain scheme, read as
/// a browser reads them) no pattern can say: `play::oauth::redirect_uri_ok` decides, 400.
pub const OAUTH_REDIRECT_URI: &str = r#"^[!"$-\[\]-~]{1,2000}$"#;

/// The scopes an app asks for: `games:read` and/or `games:write`, separated by white space.
pub static OAUTH_SCOPE: LazyLock<String> = LazyLock::new(|| {
    format!(r"^[{SPACE}]*games:(?:read|write)(?:[{SPACE}]+games:(?:read|write))*[{SPACE}]*$")
});

/// What an app wants back: at most 1,000 printable ASCII characters.
pub const OAUTH_STATE: &str = r"^[ -~]{0,1000}$";

/// A PKCE S256 challenge: 43 characters of base64url (RFC 7636 §4.2).
pub const OAUTH_CHALLENGE: &str = r"^[A-Za-z0-9_-]{43}$";

/// A PKCE verifier: 43 to 128 unreserved characters (RFC 7636 §4.1).
pub const OAUTH_VERIFIER: &str = r"^[A-Za-z0-9._~-]{43,128}$";

/// A username: 3 to 32 letters, digits, `_`, `-` and `.`.
pub const USERNAME: &str = r"^[A-Za-z0-9_.-]{3,32}$";

/// A new password: 10 to 128 characters, none of them a control character.
pub const PASSWORD: &str = r"^[^\x00-\x1f\x7f-\x9f]{10,128}$";

/// The longest chat command, in characters.
pub const COMMAND_MAX: usize = 200;

/// A chat command (see `chat::parse`, which this describes exactly): case does not matter,
/// white space around it and one leading `/` or `!` are ignored; a word (`d`, `deal`, `u`,
/// `undo`, `resign`, `h`, `hint`, `?`, `b`, `board`, `show`, `help`), or one to three
/// numbers, optionally after `m` or `move`, separated by white space, `-`, `>`, `,`, `:` or
/// the word `to`.
pub static COMMAND: LazyLock<String> = LazyLock::new(|| {
    let w = format!("[{SPACE}]");
    let s = format!("[{SPACE},>:-]");
    let words = "[dD]|[dD][eE][aA][lL]|[uU]|[uU][nN][dD][oO]|[rR][eE][sS][iI][gG][nN]|[hH]|\
                 [hH][iI][nN][tT]|\\?|[bB]|[bB][oO][aA][rR][dD]|[sS][hH][oO][wW]|[hH][eE][lL][pP]";
    let n = r"\+?0*[0-9]{1,9}";
    let to = "[tT][oO]";
    let mv = "[mM](?:[oO][vV][eE])?";
    let numbers = format!(
        "{s}*(?:{mv}{s}+)?(?:{to}{s}+)*{n}(?:(?:{s}+{to})*{s}+{n}){{0,2}}(?:{s}+{to})*{s}*"
    );
    format!("^{w}*[/!]?{w}*(?:{words}|{numbers}){w}*$")
});

/// A whole number from 0 to `max` in decimal digits: no sign, leading zeros allowed (what a
/// player types in a deal number box).
fn decimal_up_to(max: u64) -> String {
    let digits: Vec<u32> = max
        .to_string()
        .chars()
        .filter_map(|c| c.to_digit(10))
        .collect();
    let len = digits.len();
    let mut ways = vec!["0".to_string()];
    if len > 1 {
        // Fewer digits than `max`: any such number.
        ways.push(format!("[1-9][0-9]{{0,{}}}", len - 2));
    }
    // As many digits: the same as `max` up to one position, lower there, anything after.
    for i in 0..len {
        let low = if i == 0 { 1 } else { 0 };
        if digits[i] > low {
            let prefix: String = digits[..i]
                .iter()
                .map(std::string::ToString::to_string)
                .collect();
            let rest = len - i - 1;
            let tail = if rest > 0 {
                format!("[0-9]{{{rest}}}")
            } else {
                String::new()
            };
            ways.push(format!("{prefix}[{low}-{}]{tail}", digits[i] - 1));
        }
    }
    ways.push(max.to_string());
    format!("^0*(?:{})$", ways.join("|"))
}

/// A deal number given as text.
pub static DEAL_NUMBER_TEXT: LazyLock<String> = LazyLock::new(|| decimal_up_to(u64::MAX));

/// The deal number `text` names, if it is one.
pub fn deal_number_text(text: &str) -> Option<u64> {
    if fits(&DEAL_NUMBER_TEXT, text) {
        text.parse().ok()
    } else {
        None
    }
}

/// Whether a raw (percent-encoded) URL holds a control character: `%00` to `%1F` or `%7F`.
pub fn url_has_control(raw: &str) -> bool {
    let bytes = raw.as_bytes();
    bytes.windows(3).any(|w| {
        w[0] == b'%'
            && matches!(
                (w[1], w[2].to_ascii_uppercase()),
                (b'0' | b'1', b'0'..=b'9' | b'A'..=b'F') | (b'7', b'F')
            )
    }) || bytes.iter().any(u8::is_ascii_control)
}

/// Answer 404, before anything reads it, a `/v1` request whose path holds a control character
/// (`%00` included, which Postgres cannot even compare): no id or code holds one, so there is
/// nothing there. (A query's values are each checked against their own shape.)
pub async fn printable_path(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<
    actix_web::dev::ServiceResponse<actix_web::body::EitherBody<impl actix_web::body::MessageBody>>,
    actix_web::Error,
> {
    if url_has_control(req.uri().path()) {
        let refused = ApiError::not_found(t!("path-control-character"));
        return Ok(req
            .into_response(actix_web::HttpResponse::from_error(refused))
            .map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// The patterns the server checks, compiled once.
static COMPILED: LazyLock<Vec<(&'static str, Regex)>> = LazyLock::new(|| {
    [
        IDEMPOTENCY_KEY,
        IF_MATCH,
        LAST_EVENT_ID,
        DATE,
        GAMES_CURSOR,
        ACTIVITY_CURSOR,
        BOARD_CURSOR,
        USERNAME,
        PASSWORD,
        RACE_NAME.as_str(),
        TOKEN_NAME.as_str(),
        COMMAND.as_str(),
        DEAL_NUMBER_TEXT.as_str(),
    ]
    .into_iter()
    .filter_map(|p| Regex::new(p).ok().map(|r| (p, r)))
    .collect()
});

/// Whether `value` has the shape `pattern` (one of the constants above) documents.
pub fn fits(pattern: &str, value: &str) -> bool {
    COMPILED
        .iter()
        .find(|(p, _)| *p == pattern)
        .is_some_and(|(_, r)| r.is_match(value))
}

/// `value` if it fits `pattern`, else 400 `invalid_request` with `sentence`.
pub fn check<'a>(pattern: &str, value: &'a str, sentence: Text) -> Result<&'a str, ApiError> {
    if fits(pattern, value) {
        Ok(value)
    } else {
        Err(ApiError::invalid_request(sentence))
    }
}

/// The named header's value, checked against `pattern`; `None` when it is absent. A value
/// that is not text at all (bytes beyond ASCII) is refused like any other misfit.
pub fn header<'a>(
    req: &'a actix_web::HttpRequest,
    name: &str,
    pattern: &str,
    sentence: Text,
) -> Result<Option<&'a str>, ApiError> {
    let Some(value) = req.headers().get(name) else {
        return Ok(None);
    };
    let Ok(text) = value.to_str() else {
        return Err(ApiError::invalid_request(sentence));
    };
    check(pattern, text, sentence).map(Some)
}

/// The request body, refused with a problem past `limit` bytes (`what` names the body in the
/// sentence): actix's own limit would answer a plain-text 413. Read as it arrives, so a body
/// that claims a small length and sends more is cut off too.
pub async fn read_body(
    mut payload: actix_web::web::Payload,
    limit: usize,
    what: Text,
) -> Result<Vec<u8>, ApiError> {
    use futures_util::StreamExt as _;
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| ApiError::invalid_request(t!("body-unreadable")))?;
        if body.len() + chunk.len() > limit {
            return Err(too_large(limit, what.clone()));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// The refusal of a body over `limit` bytes.
pub fn too_large(limit: usize, what: Text) -> ApiError {
    ApiError::new(
        actix_web::http::StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
        "title-payload-too-large",
        t!("body-too-large", what = what, limit = limit),
    )
}

/// Whether the request's media type is `media` (`type/subtype`, compared case-insensitively
/// and without its parameters, as RFC 9110 §8.3.1 says).
pub fn media_type_is(req: &actix_web::HttpRequest, media: &str) -> bool {
    req.headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case(media))
}

/// A JSON body a request may leave out (no body, or `null`): then `None`. One that is there
/// is read like any other: `Content-Type: application/json`, the size limit, unknown fields
/// refused, every refusal a problem.
pub async fn optional_json<T: serde::de::DeserializeOwned + 'static>(
    req: &actix_web::HttpRequest,
    payload: actix_web::web::Payload,
) -> actix_web::Result<Option<T>> {
    use actix_web::http::header;
    use actix_web::FromRequest as _;
    let headers = req.headers();
    let empty = match headers.get(header::CONTENT_LENGTH) {
        Some(length) => length.to_str().ok().and_then(|l| l.parse::<u64>().ok()) == Some(0),
        None => !headers.contains_key(header::TRANSFER_ENCODING),
    };
    if empty {
        return Ok(None);
    }
    let body =
        actix_web::web::Json::<Option<T>>::from_request(req, &mut payload.into_inner()).await?;
    Ok(body.into_inner())
}

/// Integers in JSON bodies. JSON Schema counts `2.0` (and `2e0`) as the integer 2, and so do
/// some JSON encoders: every integer field takes a whole number however it is written, and
/// refuses a fraction or a number out of its range.
pub mod whole {
    use serde::de::{self, Deserializer, Unexpected, Visitor};
    use std::fmt;
    use std::marker::PhantomData;

    struct Whole<T>(PhantomData<T>);

    impl<T: TryFrom<i64> + TryFrom<u64>> Visitor<'_> for Whole<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a whole number ({})", std::any::type_name::<T>())
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<T, E> {
            T::try_from(v).map_err(|_| E::invalid_value(Unexpected::Unsigned(v), &self))
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<T, E> {
            T::try_from(v).map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
        }

        fn visit_f64<E: de::Error>(self, v: f64) -> Result<T, E> {
            let refused = || E::invalid_value(Unexpected::Float(v), &self);
            if v.fract() != 0.0 || !v.is_finite() {
                return Err(refused());
            }
            // Whole and finite: the casts below are exact wherever the range checks let them
            // through (2^63 and 2^64 are exactly representable).
            if (0.0..18_446_744_073_709_551_616.0).contains(&v) {
                self.visit_u64(v as u64)
            } else if (-9_223_372_036_854_775_808.0..0.0).contains(&v) {
                self.visit_i64(v as i64)
            } else {
                Err(refused())
            }
        }
    }

    impl<T> Whole<T> {
        fn new() -> Self {
            Whole(PhantomData)
        }
    }

    /// For `#[serde(deserialize_with = "whole::number")]`.
    pub fn number<'de, D, T>(deserializer: D) -> Result<T, D::Error>
    where
        D: Deserializer<'de>,
        T: TryFrom<i64> + TryFrom<u64>,
    {
        deserializer.deserialize_any(Whole::new())
    }

    /// For `#[serde(default, deserialize_with = "whole::optional")]`: `null` is `None`.
    pub fn optional<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
    where
        D: Deserializer<'de>,
        T: TryFrom<i64> + TryFrom<u64>,
    {
        struct Maybe<T>(PhantomData<T>);
        impl<'de, T: TryFrom<i64> + TryFrom<u64>> Visitor<'de> for Maybe<T> {
            type Value = Option<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "a whole number or null")
            }
            fn visit_none<E: de::Error>(self) -> Result<Option<T>, E> {
                Ok(None)
            }
            fn visit_unit<E: de::Error>(self) -> Result<Option<T>, E> {
                Ok(None)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
                number(d).map(Some)
            }
        }
        deserializer.deserialize_option(Maybe(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_compiles() {
        assert_eq!(COMPILED.len(), 13);
    }

    #[test]
    fn deal_numbers_as_text_are_exactly_those_that_fit_in_64_bits() {
        for n in [
            0,
            1,
            9,
            10,
            99,
            1 << 53,
            u64::MAX / 10,
            u64::MAX - 1,
            u64::MAX,
        ] {
            assert_eq!(deal_number_text(&n.to_string()), Some(n), "{n}");
        }
        for i in 0..20u32 {
            // Every prefix-and-digit boundary of the maximum, one above and one below.
            let max = u64::MAX.to_string();
            let (head, tail) = max.split_at(i as usize);
            let digit = tail.as_bytes()[0] - b'0';
            let rest = tail.len() - 1;
            if digit < 9 {
                let above = format!("{head}{}{}", digit + 1, "0".repeat(rest));
                assert_eq!(deal_number_text(&above), None, "{above}");
            }
            if digit > u8::from(i == 0) {
                let below = format!("{head}{}{}", digit - 1, "9".repeat(rest));
                assert_eq!(deal_number_text(&below), below.parse().ok(), "{below}");
            }
        }
        assert_eq!(deal_number_text("007"), Some(7));
        assert_eq!(deal_number_text("000"), Some(0));
        assert_eq!(deal_number_text("0018446744073709551615"), Some(u64::MAX));
        assert_eq!(deal_number_text("0018446744073709551616"), None);
        for bad in [
            "",
            "-1",
            "+1",
            " 1",
            "1 ",
            "1.5",
            "18446744073709551616",
            "1e3",
        ] {
            assert_eq!(deal_number_text(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn white_space_is_what_rust_trims() {
        let space = Regex::new(&format!("^[{SPACE}]$")).unwrap();
        for c in (0..0x3100).filter_map(char::from_u32) {
            assert_eq!(
                space.is_match(&c.to_string()),
                c.is_whitespace(),
                "{:x}",
                c as u32
            );
        }
    }

    /// The sign-up rules live in `play::accounts`; the document's patterns say the same.
    #[test]
    fn usernames_and_passwords_are_documented_as_checked() {
        use crate::play::credentials::{validate, validate_password, CredentialProblem as P};
        for name in [
            "ada",
            "A.b-c_9",
            "ab",
            "a b",
            "ädä",
            "x".repeat(32).as_str(),
            "x".repeat(33).as_str(),
            "",
        ] {
            let checked = validate(name, "a long enough passphrase") != Err(P::Username);
            assert_eq!(fits(USERNAME, name), checked, "{name:?}");
        }
        for password in [
            "short",
            "ten chars!",
            "tab\there and more",
            "del\u{7f} and more",
            "c1\u{85} and more",
            "ümlauts and more",
            &"x".repeat(128),
            &"x".repeat(129),
            "nine char",
        ] {
            let checked = !matches!(
                validate_password(None, password),
                Err(P::PasswordLength | P::PasswordControl)
            );
            assert_eq!(fits(PASSWORD, password), checked, "{password:?}");
        }
    }

    #[test]
    fn names_are_checked_trimmed() {
        for good in [
            "a",
            "Ada",
            "  Ada  ",
            "a b",
            &"x".repeat(32),
            &format!(" {} ", "x".repeat(32)),
        ] {
            assert!(fits(&RACE_NAME, good), "{good:?}");
            let trimmed = good.trim().chars().count();
            assert!((1..=32).contains(&trimmed));
        }
        for bad in ["", " ", "\u{3000}", &"x".repeat(33)] {
            assert!(!fits(&RACE_NAME, bad), "{bad:?}");
        }
        // No control or invisible format character, anywhere.
        for bad in [
            "Ada\u{0}",
            "A\u{0}da",
            "\tAda",
            "Ada\n",
            "A\u{7f}",
            "A\u{85}b",
            "Ad\u{200b}a",
            "\u{202e}adA",
            "Ada\u{2066}",
            "\u{feff}Ada",
            "A\u{ad}da",
            "A\u{2028}b",
        ] {
            assert!(!fits(&RACE_NAME, bad), "{bad:?}");
            assert!(!fits(&TOKEN_NAME, bad), "{bad:?}");
        }
        for good in ["Adé", "エイダ", "Ada 🂡", "a\u{3000}b", "\u{a0}Ada\u{a0}"] {
            assert!(fits(&RACE_NAME, good), "{good:?}");
        }
    }

    #[test]
    fn control_characters_in_a_url_are_found() {
        for bad in [
            "/v1/games/a%00b",
            "/v1/x?cursor=%0a",
            "/v1/x%1F",
            "/v1/x%7f",
            "/v1/x%0D",
        ] {
            assert!(url_has_control(bad), "{bad}");
        }
        for good in [
            "/v1/games/abc",
            "/v1/x?c=%20%41",
            "/v1/x%2F",
            "/v1/x%e2%80%ae",
            "/v1/%",
        ] {
            assert!(!url_has_control(good), "{good}");
        }
    }

    #[test]
    fn header_shapes_are_exact() {
        for good in ["a", "msg-17", "chat msg 42", &"x".repeat(255)] {
            assert!(fits(IDEMPOTENCY_KEY, good), "{good:?}");
        }
        for bad in ["", " a", "a ", "a\tb", &"x".repeat(256), "é"] {
            assert!(!fits(IDEMPOTENCY_KEY, bad), "{bad:?}");
        }
        for good in ["*", "\"3\"", "W/\"3\"", "3", "\"123456789\""] {
            assert!(fits(IF_MATCH, good), "{good:?}");
        }
        for bad in [
            "",
            "yesterday",
            "\"3",
            "-1",
            "\"\"3\"\"",
            "1234567890",
            "\"1\", \"2\"",
        ] {
            assert!(!fits(IF_MATCH, bad), "{bad:?}");
        }
        assert!(fits(LAST_EVENT_ID, "0") && !fits(LAST_EVENT_ID, "-1"));
        assert!(fits(DATE, "2026-11-29") && !fits(DATE, "2026-1-29"));
    }
}
