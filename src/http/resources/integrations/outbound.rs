//! A call of ours to a chat platform's API (`posts`: an arena's results): sent as JSON, what
//! the platform answered, and how the try went ([`judged`]). Each platform's file builds its
//! request and reads its own answer's fields.

use std::time::Duration;

use actix_web::http::StatusCode;
use serde::Serialize;

use crate::play::arenas::Tried;

/// The most of a platform's answer read.
const ANSWER_MOST: usize = 64 * 1024;

/// What a platform's API answered: its status, how long it asks us to wait (`Retry-After`,
/// or the body's own field, filled in by the platform's file), and its JSON body (or null).
pub(super) struct Answer {
    pub status: StatusCode,
    pub retry_after: Option<Duration>,
    pub body: serde_json::Value,
}

/// Send `body` as JSON with `request`; no answer (refused connection, timeout) is a try to
/// make again.
pub(super) async fn send(
    request: awc::ClientRequest,
    body: &impl Serialize,
) -> Result<Answer, Tried> {
    let later = |why: String| Tried::Later {
        after: Duration::ZERO,
        why,
    };
    let mut response = request
        .send_json(body)
        .await
        .map_err(|e| later(format!("no answer: {e}")))?;
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(seconds);
    let bytes = response
        .body()
        .limit(ANSWER_MOST)
        .await
        .map_err(|e| later(format!("the answer unread: {e}")))?;
    Ok(Answer {
        status: response.status(),
        retry_after,
        body: serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null),
    })
}

/// A wait given in seconds (a whole or decimal number, as Discord's), at most an hour.
pub(super) fn seconds(text: &str) -> Option<Duration> {
    let s: f64 = text.trim().parse().ok()?;
    (s.is_finite() && s >= 0.0).then(|| Duration::from_secs_f64(s.min(3600.0)))
}

/// How a try went, from the answer: `accepted` sent; a rate limit, a server error or what the
/// platform calls `transient` tried again later; anything else refused for good (`why` says
/// what the platform said).
pub(super) fn judged(
    platform: &str,
    answer: &Answer,
    accepted: bool,
    transient: bool,
    why: &str,
) -> Tried {
    let why = format!("{platform} answered {}: {why}", answer.status.as_u16());
    if accepted {
        Tried::Sent
    } else if transient
        || answer.status == StatusCode::TOO_MANY_REQUESTS
        || answer.status.is_server_error()
    {
        Tried::Later {
            after: answer.retry_after.unwrap_or(Duration::ZERO),
            why,
        }
    } else {
        Tried::Refused(why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(status: u16) -> Answer {
        Answer {
            status: StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
            retry_after: Some(Duration::from_secs(3)),
            body: serde_json::Value::Null,
        }
    }

    #[test]
    fn answers_are_judged_sent_later_or_refused() {
        assert_eq!(judged("X", &answer(200), true, false, ""), Tried::Sent);
        assert!(matches!(
            judged("X", &answer(429), false, false, "slow down"),
            Tried::Later { after, .. } if after == Duration::from_secs(3)
        ));
        assert!(matches!(
            judged("X", &answer(502), false, false, ""),
            Tried::Later { .. }
        ));
        assert!(matches!(
            judged("X", &answer(200), false, true, "ratelimited"),
            Tried::Later { .. }
        ));
        assert_eq!(
            judged("X", &answer(403), false, false, "Missing Access"),
            Tried::Refused("X answered 403: Missing Access".into())
        );
        assert_eq!(seconds("1.5"), Some(Duration::from_millis(1500)));
        assert_eq!(seconds("-1"), None);
        assert_eq!(seconds("99999"), Some(Duration::from_secs(3600)));
    }
}
