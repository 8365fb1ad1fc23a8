//! The compact log notation: a whole game's actions as one short string, as stored.
//!
//! `D` deal, `U` undo, `R` resign, `M` + from digit + to digit + two hex digits of count
//! (columns from 0). Appending an action appends its text.

use super::game::Action;

/// One action in compact form.
pub fn encode(action: Action) -> String {
    match action {
        Action::Move { from, to, count } => format!("M{from}{to}{count:02x}"),
        Action::Deal => "D".into(),
        Action::Undo => "U".into(),
        Action::Resign => "R".into(),
    }
}

/// A whole line of actions in compact form.
pub fn encode_log(actions: &[Action]) -> String {
    actions.iter().map(|&a| encode(a)).collect()
}

/// One action as a person writes it, one per line in a game's export: `F T N` moves the last
/// `N` cards of column `F` onto column `T` (columns from 1), `d` deals, `u` undoes, `resign`
/// gives up.
pub fn line(action: Action) -> String {
    match action {
        Action::Move { from, to, count } => format!("{} {} {count}", from + 1, to + 1),
        Action::Deal => "d".into(),
        Action::Undo => "u".into(),
        Action::Resign => "resign".into(),
    }
}

/// The action a [`line`] names (case and white space around it aside), if it names one.
pub fn parse_line(text: &str) -> Option<Action> {
    let text = text.trim().to_ascii_lowercase();
    match text.as_str() {
        "d" | "deal" => return Some(Action::Deal),
        "u" | "undo" => return Some(Action::Undo),
        "resign" => return Some(Action::Resign),
        _ => {}
    }
    let numbers: Vec<usize> = text
        .split_whitespace()
        .map(|n| n.parse().ok().filter(|&n: &usize| (1..=104).contains(&n)))
        .collect::<Option<Vec<_>>>()?;
    match numbers[..] {
        [from, to, count] => Some(Action::Move {
            from: from - 1,
            to: to - 1,
            count,
        }),
        _ => None,
    }
}

/// A compact log that does not parse: the byte offset where it stops making sense.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("compact log is unreadable at byte {at}")]
pub struct BadNotation {
    pub at: usize,
}

/// The actions of a compact log.
pub fn decode(log: &str) -> Result<Vec<Action>, BadNotation> {
    let bytes = log.as_bytes();
    let mut actions = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let action = match bytes[i] {
            b'D' => Action::Deal,
            b'U' => Action::Undo,
            b'R' => Action::Resign,
            b'M' => {
                let field = bytes.get(i + 1..i + 5).ok_or(BadNotation { at: i })?;
                let digit = |b: u8| (b as char).to_digit(10).map(|d| d as usize);
                let count = std::str::from_utf8(&field[2..])
                    .ok()
                    .and_then(|h| usize::from_str_radix(h, 16).ok());
                match (digit(field[0]), digit(field[1]), count) {
                    (Some(from), Some(to), Some(count)) => {
                        i += 4;
                        Action::Move { from, to, count }
                    }
                    _ => return Err(BadNotation { at: i }),
                }
            }
            _ => return Err(BadNotation { at: i }),
        };
        actions.push(action);
        i += 1;
    }
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_written() {
        for action in [
            Action::Move {
                from: 9,
                to: 0,
                count: 12,
            },
            Action::Deal,
            Action::Undo,
            Action::Resign,
        ] {
            assert_eq!(parse_line(&line(action)), Some(action));
        }
        assert_eq!(
            line(Action::Move {
                from: 2,
                to: 6,
                count: 2
            }),
            "3 7 2"
        );
        assert_eq!(parse_line("  DEAL "), Some(Action::Deal));
        for bad in ["", "3 7", "0 7 1", "3 7 x", "3 7 2 1", "move", "3 7 -1"] {
            assert_eq!(parse_line(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_log_reads_back_as_written() {
        let line = [
            Action::Move {
                from: 9,
                to: 0,
                count: 12,
            },
            Action::Deal,
            Action::Undo,
            Action::Resign,
        ];
        let text = encode_log(&line);
        assert_eq!(text, "M900cDUR");
        assert_eq!(decode(&text), Ok(line.to_vec()));
    }

    #[test]
    fn a_broken_log_names_where_it_breaks() {
        assert_eq!(decode("DM12"), Err(BadNotation { at: 1 }));
        assert_eq!(decode("DX"), Err(BadNotation { at: 1 }));
        assert_eq!(decode("M1x03"), Err(BadNotation { at: 0 }));
    }
}
