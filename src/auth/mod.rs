//! Passwords (argon2id) and bearer tokens (JWT, HS256 only).

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

pub const ISSUER: &str = "spider-solitaire";

/// The prefix of every personal access token.
pub const PAT_PREFIX: &str = "spider_pat_";

/// SHA-256 (hex) of a personal access token's secret part, as stored.
/// A personal access token's id and secret, if it has their shape.
pub fn pat_parts(token: &str) -> Option<(&str, &str)> {
    let (id, secret) = token.strip_prefix(PAT_PREFIX)?.split_once('_')?;
    (!id.is_empty() && !secret.is_empty() && id.len() <= 64).then_some((id, secret))
}

pub fn secret_hash(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(secret.as_bytes()))
}

pub const AUDIENCE: &str = "spider-api";

pub fn hash_password(password: &str) -> Result<String, argon2::password_hash::Error> {
    use rand_core::{OsRng, TryRngCore};
    let mut bytes = [0u8; 16];
    OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|_| argon2::password_hash::Error::Crypto)?;
    let salt = SaltString::encode_b64(&bytes)?;
    Ok(Argon2::default()
        .hash_password(password.as_bytes(), &salt)?
        .to_string())
}

/// Verify `password` against a fixed hash: what a login for an unknown username costs, so
/// that it takes as long as a wrong password (the time must not tell which usernames exist).
pub fn verify_against_nothing(password: &str) {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let hash = DUMMY.get_or_init(|| {
        // The fixed salt only matters if the OS random source failed.
        hash_password("a password no account has")
            .ok()
            .or_else(|| {
                let salt = SaltString::encode_b64(b"spider-dummy-salt").ok()?;
                Argon2::default()
                    .hash_password(b"a password no account has", &salt)
                    .ok()
                    .map(|h| h.to_string())
            })
            .unwrap_or_default()
    });
    let _ = verify_password(password, hash);
}

/// Password hashing is bounded: each hash holds about 19 MiB for about 30 ms, so unbounded
/// concurrent logins would take the server's memory. At most `permits` run at once; a caller
/// waits up to `wait` for a turn, then is refused.
#[derive(Clone)]
pub struct Hashing {
    permits: std::sync::Arc<tokio::sync::Semaphore>,
    wait: std::time::Duration,
}

/// No turn to hash a password came within the wait.
#[derive(Debug)]
pub struct HashingBusy;

impl Hashing {
    pub fn new(permits: usize, wait: std::time::Duration) -> Hashing {
        Hashing {
            permits: std::sync::Arc::new(tokio::sync::Semaphore::new(permits.max(1))),
            wait,
        }
    }

    /// Run `work` (which hashes or verifies) on a blocking thread once a turn is free.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, HashingBusy> {
        let permit = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| HashingBusy)?
            .map_err(|_| HashingBusy)?;
        let done = tokio::task::spawn_blocking(move || {
            let out = work();
            drop(permit);
            out
        })
        .await
        .map_err(|_| HashingBusy)?;
        Ok(done)
    }
}

/// False for a wrong password and for a hash that cannot be read.
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    pub iss: String,
    pub aud: String,
    pub iat: u64,
    pub exp: u64,
    /// The session's id: signing out ends this one session. Empty in tokens issued before
    /// sessions could end.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub jti: String,
    /// The account's token version when the token was issued: "sign out everywhere" and a
    /// password change raise it, ending every older session.
    #[serde(default)]
    pub ver: i32,
}

/// A session token just issued.
#[derive(Clone, Debug)]
pub struct Issued {
    pub token: String,
    pub jti: String,
    /// Seconds since the epoch.
    pub expires: u64,
}

/// One signing secret: its key id (named in each token's header) and its keys.
#[derive(Clone)]
struct Key {
    id: String,
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl Key {
    fn of(secret: &[u8]) -> Key {
        use sha2::{Digest, Sha256};
        // The id says which secret signed a token without saying anything of the secret.
        let mut digest = Sha256::new();
        digest.update(b"spider jwt key id:");
        digest.update(secret);
        Key {
            id: hex::encode(&digest.finalize()[..8]),
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }
}

#[derive(Clone)]
pub struct Tokens {
    /// Signs every new token, and verifies those it signed.
    current: Key,
    /// During a rotation (`JWT_PREVIOUS_SECRET`): verifies the tokens it signed, signs none.
    previous: Option<Key>,
    validation: Validation,
    ttl_seconds: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("the token has expired")]
    Expired,
    #[error("the token is not valid")]
    Invalid,
}

impl Tokens {
    pub fn new(secret: &(impl AsRef<[u8]> + ?Sized), ttl_seconds: u64) -> Tokens {
        let secret = secret.as_ref();
        // HS256 only: a token signed with any other algorithm, or with `alg: none`, is refused.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 5;
        Tokens {
            current: Key::of(secret),
            previous: None,
            validation,
            ttl_seconds,
        }
    }

    /// These tokens, also accepting the ones `previous` signed (a rotation of the secret:
    /// sessions signed before it keep working until they expire, at most the session
    /// lifetime later; then the previous secret can go).
    pub fn with_previous(mut self, previous: Option<&(impl AsRef<[u8]> + ?Sized)>) -> Tokens {
        self.previous = previous.map(|p| Key::of(p.as_ref()));
        self
    }

    /// The id of the key new tokens are signed with.
    pub fn key_id(&self) -> &str {
        &self.current.id
    }

    pub fn ttl_seconds(&self) -> u64 {
        self.ttl_seconds
    }

    /// A token for `user_id` at token version 0, valid from `now` (seconds since the epoch)
    /// for the configured time.
    pub fn issue(&self, user_id: &str, now: u64) -> Result<String, jsonwebtoken::errors::Error> {
        self.issue_session(user_id, 0, now)
            .map(|issued| issued.token)
    }

    /// A session token for `user_id` at the account's token version `ver`, with a fresh
    /// session id, valid from `now` (seconds since the epoch) for the configured time.
    pub fn issue_session(
        &self,
        user_id: &str,
        ver: i32,
        now: u64,
    ) -> Result<Issued, jsonwebtoken::errors::Error> {
        let jti = uuid::Uuid::new_v4().simple().to_string();
        let claims = Claims {
            sub: user_id.to_string(),
            iss: ISSUER.to_string(),
            aud: AUDIENCE.to_string(),
            iat: now,
            exp: now + self.ttl_seconds,
            jti: jti.clone(),
            ver,
        };
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some(self.current.id.clone());
        let token = jsonwebtoken::encode(&header, &claims, &self.current.encoding)?;
        Ok(Issued {
            token,
            jti,
            expires: claims.exp,
        })
    }

    /// The claims of `token` if one of the keys signed it: the one its header's `kid` names
    /// (a token from before key ids: the current key, then the previous one).
    pub fn verify(&self, token: &str) -> Result<Claims, TokenError> {
        let kid = jsonwebtoken::decode_header(token)
            .map_err(|_| TokenError::Invalid)?
            .kid;
        let keys: Vec<&Key> = match kid.as_deref() {
            Some(id) => [Some(&self.current), self.previous.as_ref()]
                .into_iter()
                .flatten()
                .filter(|k| k.id == id)
                .collect(),
            None => [Some(&self.current), self.previous.as_ref()]
                .into_iter()
                .flatten()
                .collect(),
        };
        let mut outcome = Err(TokenError::Invalid);
        for key in keys {
            outcome = jsonwebtoken::decode::<Claims>(token, &key.decoding, &self.validation)
                .map(|data| data.claims)
                .map_err(|e| match e.kind() {
                    jsonwebtoken::errors::ErrorKind::ExpiredSignature => TokenError::Expired,
                    _ => TokenError::Invalid,
                });
            if outcome.is_ok() {
                break;
            }
        }
        outcome
    }
}

pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_against_their_hash() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    /// A rotation: tokens name their key; the previous secret verifies what it signed (and
    /// signs nothing new); without it those tokens fail; a key id that is neither fails; a
    /// token from before key ids verifies against either key.
    #[test]
    fn a_rotated_secret_keeps_its_tokens_while_it_is_the_previous_one() {
        let (old, new) = (
            "the-old-secret-that-is-long-enough-for-hs256",
            "the-new-secret-that-is-long-enough-for-hs256",
        );
        let before = Tokens::new(old, 600);
        let now = unix_now();
        let issued = before.issue("user-1", now).unwrap();
        let header = jsonwebtoken::decode_header(&issued).unwrap();
        assert_eq!(header.kid.as_deref(), Some(before.key_id()));
        assert!(!before.key_id().contains("old-secret"));

        let rotated = Tokens::new(new, 600).with_previous(Some(old));
        assert_eq!(rotated.verify(&issued).unwrap().sub, "user-1");
        let fresh = rotated.issue("user-2", now).unwrap();
        assert_eq!(
            jsonwebtoken::decode_header(&fresh).unwrap().kid.as_deref(),
            Some(rotated.key_id())
        );
        assert!(matches!(before.verify(&fresh), Err(TokenError::Invalid)));
        let done = Tokens::new(new, 600);
        assert!(matches!(done.verify(&issued), Err(TokenError::Invalid)));
        assert_eq!(done.verify(&fresh).unwrap().sub, "user-2");

        // A token without a key id (issued before them), signed with the old secret.
        let claims = Claims {
            sub: "user-3".into(),
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            iat: now,
            exp: now + 60,
            jti: String::new(),
            ver: 0,
        };
        let legacy = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &EncodingKey::from_secret(old.as_bytes()),
        )
        .unwrap();
        assert_eq!(rotated.verify(&legacy).unwrap().sub, "user-3");
        assert!(matches!(done.verify(&legacy), Err(TokenError::Invalid)));
        // A key id naming the previous key, signed by another secret: refused.
        let mut forged = Header::new(Algorithm::HS256);
        forged.kid = Some(before.key_id().to_string());
        let forged = jsonwebtoken::encode(
            &forged,
            &claims,
            &EncodingKey::from_secret(b"a-third-secret-nobody-should-have-here!!"),
        )
        .unwrap();
        assert!(matches!(rotated.verify(&forged), Err(TokenError::Invalid)));
    }

    #[test]
    fn tokens_check_signature_expiry_issuer_audience_and_algorithm() {
        let tokens = Tokens::new("a-secret-that-is-long-enough-for-hs256!!", 60);
        let now = unix_now();
        let token = tokens.issue("user-1", now).unwrap();
        assert_eq!(tokens.verify(&token).unwrap().sub, "user-1");

        let other = Tokens::new("another-secret-that-is-long-enough-too!!", 60);
        assert!(matches!(other.verify(&token), Err(TokenError::Invalid)));

        let expired = tokens.issue("user-1", now - 3600).unwrap();
        assert!(matches!(tokens.verify(&expired), Err(TokenError::Expired)));

        let claims = Claims {
            sub: "user-1".into(),
            iss: ISSUER.into(),
            aud: "someone-else".into(),
            iat: now,
            exp: now + 60,
            jti: String::new(),
            ver: 0,
        };
        let key = EncodingKey::from_secret(b"a-secret-that-is-long-enough-for-hs256!!");
        let wrong_aud =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &key).unwrap();
        assert!(matches!(
            tokens.verify(&wrong_aud),
            Err(TokenError::Invalid)
        ));

        let hs512 = jsonwebtoken::encode(
            &Header::new(Algorithm::HS512),
            &Claims {
                aud: AUDIENCE.into(),
                ..claims.clone()
            },
            &key,
        )
        .unwrap();
        assert!(matches!(tokens.verify(&hs512), Err(TokenError::Invalid)));

        // alg: none, unsigned.
        use base64::Engine;
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let header = b64.encode(r#"{"alg":"none","typ":"JWT"}"#);
        let body = b64.encode(
            serde_json::to_string(&Claims {
                aud: AUDIENCE.into(),
                ..claims
            })
            .unwrap(),
        );
        let none = format!("{header}.{body}.");
        assert!(matches!(tokens.verify(&none), Err(TokenError::Invalid)));
    }
}
