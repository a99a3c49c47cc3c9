//! The rules of each variant as plain data. One move generator reads a [`RuleSet`].

mod geometry;
mod ruleset;
mod variants;

pub use geometry::{BoardSize, Dir, Geometry};
pub use ruleset::{
    DrawRules, EndgameCounters, EndgameRule, KingLanding, LoneKingDiagonal, MaterialPattern,
    MidCapturePromotion, Notation, Precedence, RuleSet,
};
pub use variants::Variant;
