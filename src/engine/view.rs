//! What a player may see of a game. The types here hold counts of face-down cards and of the
//! stock, never the cards themselves, so nothing built from them can leak a hidden card.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::card::{Card, Suit};
use super::deal::{Suits, Variant};
use super::game::{Game, Status};
use super::rules::Rules;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColumnView {
    pub face_down: usize,
    pub face_up: Vec<Card>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub variant: Variant,
    pub suits: Suits,
    pub rules: Rules,
    pub status: Status,
    pub score: i64,
    pub actions: u32,
    pub moves: u32,
    pub deals: u32,
    pub undos: u32,
    pub runs_completed: usize,
    pub runs_total: usize,
    pub completed_suits: Vec<Suit>,
    pub stock_cards: usize,
    pub stock_deals_left: usize,
    pub has_legal_action: bool,
    pub can_undo: bool,
    pub columns: Vec<ColumnView>,
}

impl Game {
    /// The visible position and the game's counters.
    pub fn view(&self) -> View {
        View {
            variant: self.variant(),
            suits: self.suits(),
            rules: self.rules(),
            status: self.status(),
            score: self.score(),
            actions: self.actions(),
            moves: self.moves(),
            deals: self.deals(),
            undos: self.undos(),
            runs_completed: self.runs_completed(),
            runs_total: self.variant().runs(),
            completed_suits: self.completed_suits().to_vec(),
            stock_cards: self.stock_cards(),
            stock_deals_left: self.stock_deals_left(),
            has_legal_action: self.has_legal_action(),
            can_undo: self.can_undo(),
            columns: (0..self.column_count())
                .filter_map(|c| self.column(c))
                .map(|(face_down, face_up)| ColumnView {
                    face_down,
                    face_up: face_up.to_vec(),
                })
                .collect(),
        }
    }
}

impl View {
    /// The board's grid in monospace: the column numbers, then one row per card depth with
    /// `##` for a face-down card and `..` for an empty column, each card written by `card`
    /// (each language has its notation). Fits a chat message; the line above it, in words, is
    /// the HTTP layer's (`http::board`).
    pub fn grid(&self, card: impl Fn(Card) -> String) -> String {
        let mut out = String::new();
        for c in 1..=self.columns.len() {
            let _ = write!(out, "{:>4}", c);
        }
        out.push('\n');
        let depth = self
            .columns
            .iter()
            .map(|c| c.face_down + c.face_up.len())
            .max()
            .unwrap_or(0);
        for row in 0..depth.max(1) {
            let mut line = String::new();
            for column in &self.columns {
                let cell = if row < column.face_down {
                    "##".to_string()
                } else if let Some(shown) = column.face_up.get(row - column.face_down) {
                    card(*shown)
                } else if row == 0 {
                    "..".to_string()
                } else {
                    String::new()
                };
                let pad = 4usize.saturating_sub(cell.chars().count());
                let _ = write!(line, "{}{}", " ".repeat(pad), cell);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, Game, Rules, Suits, Variant};

    #[test]
    fn the_view_shows_counts_of_hidden_cards_and_only_face_up_cards() {
        let game = Game::new(Variant::Spider, Suits::Four, Rules::default(), 42);
        let view = game.view();
        assert_eq!(view.columns.len(), 10);
        let down: Vec<usize> = view.columns.iter().map(|c| c.face_down).collect();
        assert_eq!(down, [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]);
        assert!(view.columns.iter().all(|c| c.face_up.len() == 1));
        assert_eq!(view.stock_cards, 50);
        assert_eq!(view.stock_deals_left, 5);
        assert_eq!(view.score, 500);
        // The board text names exactly the ten face-up cards.
        let text = view.grid(|c| c.to_string());
        let symbols = text.chars().filter(|c| "♠♥♦♣".contains(*c)).count();
        assert_eq!(symbols, 10);
        for column in &view.columns {
            assert!(text.contains(&column.face_up[0].to_string()));
        }
    }

    #[test]
    fn board_text_marks_face_down_cards_and_empty_columns() {
        let mut game = Game::new(Variant::Spiderette, Suits::One, Rules::default(), 3);
        let text = game.view().grid(|c| c.to_string());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "   1   2   3   4   5   6   7");
        assert_eq!(lines.len(), 1 + 7);
        assert_eq!(lines[1].matches("##").count(), 6);
        // Each card is written as the caller says.
        assert!(game
            .view()
            .grid(|_| "x".into())
            .lines()
            .nth(7)
            .unwrap()
            .ends_with('x'));
        // Move column 1's only card somewhere if it can go; otherwise the board is unchanged.
        if let Ok(action @ Action::Move { .. }) = game.auto_move(0, None) {
            game.apply(action).unwrap();
            assert!(game
                .view()
                .grid(|c| c.to_string())
                .lines()
                .nth(1)
                .unwrap()
                .starts_with("  .."));
        }
    }
}
