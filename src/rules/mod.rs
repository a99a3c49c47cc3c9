//! The rules of each variant as plain data. One move generator reads a [`RuleSet`].

mod geometry;
mod goal;
mod numbering;
mod registry;
mod ruleset;
mod variants;

pub use geometry::{BoardDescription, BoardSize, Corner, Dir, Geometry, Playable, Word};
pub use goal::{Goal, Verdict};
pub use numbering::SquareNumbering;
pub use registry::{Patterns, Variant};
pub use ruleset::{
    Continuation, Criterion, DrawRules, EndgameCounters, EndgameRule, Forward, KeyShape,
    KingLanding, KingRules, Lines, LoneKingDiagonal, ManDirections, MaterialPattern, MenRules,
    MidCapturePromotion, Notation, Opening, Parachutists, Precedence, Promotion, Range, Removal,
    RuleSet, KING_VALUE, MAN_VALUE,
};
