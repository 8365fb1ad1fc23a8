//! What a username and a password must be: the shapes of names, the password policy (length,
//! no control characters, not a common or a name-containing password). Pure policy, asked by
//! the account use cases and documented by the HTTP contract.

/// Why a username or password is not acceptable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CredentialProblem {
    /// Not 3 to 32 letters, digits, `_`, `-` or `.`.
    Username,
    /// Not 10 to 128 characters.
    PasswordLength,
    /// A control character (tab, line break, …).
    PasswordControl,
    /// A common password, or one containing the username.
    PasswordWeak,
}

/// Whether `username` has a username's shape: 3 to 32 letters, digits, `_`, `-` or `.`.
pub fn username_shape_ok(username: &str) -> bool {
    (3..=32).contains(&username.chars().count())
        && username
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Whether `name` can be a player's name on the boards: a username, or the name of an account
/// made for a chat member (`ada@discord`, `…@slack`, `…@telegram`), which no one can sign up
/// with.
pub fn player_name_shape_ok(name: &str) -> bool {
    if username_shape_ok(name) {
        return true;
    }
    let Some((base, platform)) = name.rsplit_once('@') else {
        return false;
    };
    matches!(platform, "discord" | "slack" | "telegram")
        && (1..=32).contains(&base.chars().count())
        && base
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

/// Check a username and password against the policy.
pub fn validate(username: &str, password: &str) -> Result<(), CredentialProblem> {
    if !username_shape_ok(username) {
        return Err(CredentialProblem::Username);
    }
    validate_password(Some(username), password)
}

/// Check a password against the policy (and, when known, against the username).
pub fn validate_password(username: Option<&str>, password: &str) -> Result<(), CredentialProblem> {
    if !(10..=128).contains(&password.chars().count()) {
        return Err(CredentialProblem::PasswordLength);
    }
    if password.chars().any(char::is_control) {
        return Err(CredentialProblem::PasswordControl);
    }
    let plain = password.to_lowercase();
    let has_name = username.is_some_and(|name| plain.contains(&name.to_lowercase()));
    if COMMON_PASSWORDS.contains(&plain.as_str()) || has_name {
        return Err(CredentialProblem::PasswordWeak);
    }
    Ok(())
}

/// Passwords of ten characters or more that lists of leaked passwords start with.
const COMMON_PASSWORDS: &[&str] = &[
    "1234567890",
    "12345678910",
    "123456789a",
    "0123456789",
    "0987654321",
    "1111111111",
    "1q2w3e4r5t",
    "1qaz2wsx3edc",
    "abcdefghij",
    "abcd123456",
    "iloveyou12",
    "password12",
    "password123",
    "password1234",
    "passw0rd123",
    "qwertyuiop",
    "qwerty1234",
    "qwerty12345",
    "qwerty123456",
    "asdfghjkl1",
    "zxcvbnm123",
    "letmein123",
    "welcome123",
    "football123",
    "monkey1234",
    "sunshine12",
    "princess12",
    "dragon1234",
    "baseball123",
    "spidersolitaire",
    "solitaire1",
    "solitaire123",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_policy() {
        assert_eq!(validate("ada", "correct horse battery"), Ok(()));
        assert_eq!(
            validate("a", "correct horse battery"),
            Err(CredentialProblem::Username)
        );
        assert_eq!(
            validate("ada lovelace", "correct horse battery"),
            Err(CredentialProblem::Username)
        );
        assert_eq!(
            validate("ada", "short"),
            Err(CredentialProblem::PasswordLength)
        );
        assert_eq!(
            validate("ada", "correct\thorse"),
            Err(CredentialProblem::PasswordControl)
        );
        assert_eq!(
            validate("ada", "Password123"),
            Err(CredentialProblem::PasswordWeak)
        );
        assert_eq!(
            validate("lovelace", "my-LOVELACE-1"),
            Err(CredentialProblem::PasswordWeak)
        );
        assert_eq!(validate_password(None, "my-LOVELACE-1"), Ok(()));
    }
}
