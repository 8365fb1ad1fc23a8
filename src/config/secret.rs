//! A secret from the configuration, which never prints, and a database URL shown without the
//! password it may hold.

/// A secret from the configuration: it prints as `[redacted]`, so logging a configuration
/// never shows it; [`Secret::expose`] is the one way to read it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The secret's bytes (a key).
    pub fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl AsRef<[u8]> for Secret {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl From<&str> for Secret {
    fn from(s: &str) -> Secret {
        Secret(s.to_string())
    }
}

impl From<String> for Secret {
    fn from(s: String) -> Secret {
        Secret(s)
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

impl std::fmt::Display for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

/// A database URL as an error or a debug print may show it: a password in it
/// (`user:PASSWORD@`, or a `password=` parameter) replaced by `(hidden)`. The user part ends at
/// the last `@` before the parameters, so a password with a `/` or `@` left unencoded is hidden
/// whole too.
pub(super) fn without_password(url: &str) -> String {
    let mut shown = url.to_string();
    if let Some(scheme_end) = shown.find("://") {
        let rest = scheme_end + 3;
        let authority_end = shown[rest..].find('?').map_or(shown.len(), |i| rest + i);
        if let Some(at) = shown[rest..authority_end].rfind('@') {
            let userinfo = &shown[rest..rest + at];
            if let Some(colon) = userinfo.find(':') {
                shown.replace_range(rest + colon + 1..rest + at, "(hidden)");
            }
        }
    }
    if let Some(query_start) = shown.find('?') {
        let (head, query) = shown.split_at(query_start + 1);
        let query = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if key.eq_ignore_ascii_case("password") => {
                    format!("{key}=(hidden)")
                }
                _ => pair.to_string(),
            })
            .collect::<Vec<_>>()
            .join("&");
        shown = format!("{head}{query}");
    }
    shown
}
