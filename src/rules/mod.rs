//! The rules of each variant as plain data. One move generator reads a [`RuleSet`].

mod geometry;
mod numbering;
mod ruleset;
mod variants;

pub use geometry::{BoardDescription, BoardSize, Corner, Dir, Geometry};
pub use numbering::SquareNumbering;
pub use ruleset::{
    DrawRules, EndgameCounters, EndgameRule, KingLanding, LoneKingDiagonal, MaterialPattern,
    MidCapturePromotion, Notation, Precedence, RuleSet,
};
pub use variants::Variant;
