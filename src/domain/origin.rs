//! How a game came to be: the fact that decides what it counts for.

/// How a game came to be, which decides what it counts for ([`super::records::counting`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OriginKind {
    /// A deal the server drew at random.
    Random,
    /// A deal number the player chose.
    Chosen,
    /// A day's daily challenge (ranked or practice).
    Daily,
    /// A proven winnable deal.
    Winnable,
    /// A restart of another game's deal.
    Restart,
    /// A race seat's game.
    Race,
    /// A deal of an arena (docs/ARENAS.md).
    Arena,
    /// A game made from an export (`POST /v1/games/import`): its actions were not played
    /// here, so it counts for nothing.
    Imported,
}

impl OriginKind {
    pub const ALL: [OriginKind; 8] = [
        OriginKind::Random,
        OriginKind::Chosen,
        OriginKind::Daily,
        OriginKind::Winnable,
        OriginKind::Race,
        OriginKind::Arena,
        OriginKind::Restart,
        OriginKind::Imported,
    ];

    pub fn name(self) -> &'static str {
        match self {
            OriginKind::Random => "random",
            OriginKind::Chosen => "chosen",
            OriginKind::Daily => "daily",
            OriginKind::Winnable => "winnable",
            OriginKind::Restart => "restart",
            OriginKind::Race => "race",
            OriginKind::Arena => "arena",
            OriginKind::Imported => "imported",
        }
    }
}

crate::engine::parse_by_name!(OriginKind);
