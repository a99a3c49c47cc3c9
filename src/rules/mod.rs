//! The rules of each variant as plain data. One move generator reads a [`RuleSet`].

mod geometry;
mod variants;

pub use geometry::{BoardSize, Dir, Geometry};
pub use variants::Variant;

use crate::types::Color;

/// Which captures are legal when several exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precedence {
    /// Any complete capture sequence may be chosen.
    Free,
    /// If any king can capture, only king captures are legal; otherwise free choice.
    KingPriority,
    /// Only the sequences that capture the most pieces are legal.
    Majority,
}

/// What happens when a man reaches the far row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MidCapturePromotion {
    /// It stays a man and goes on capturing as a man if it can; crowned only if the move ends there.
    PassThrough,
    /// It is crowned at once and goes on capturing as a king.
    ContinueAsKing,
    /// The move ends there and the man is crowned.
    EndMove,
}

/// Where a capturing king may land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingLanding {
    /// Any empty square beyond the captured piece (subject to the forced-continuation rule).
    AnyBeyond,
    /// Only the square directly behind the captured piece.
    DirectlyBehind,
}

/// Endgame counters on small material, beyond the no-progress rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndgameCounters {
    /// None.
    None,
    /// Czech čl. 6.3 / 6.4 (rules-czech.md Part A §9): class A (3 kings v a lone king off a1-h8)
    /// draws after 30 more plies, class B (≤2 kings v 1 king, king + man v king, king v king,
    /// 3 kings v a king on a1-h8) after 10 more plies.
    Czech,
}

/// The draw rules of a variant (each can be switched off by the engine's options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// The occurrence of the same position (same side to move) that draws: 3 = third occurrence.
    pub repetition: u8,
    /// Plies without progress after which the game is drawn (0 = no such rule).
    pub no_progress_plies: u16,
    /// Whether a man move counts as progress (otherwise only captures do).
    pub man_move_is_progress: bool,
    /// Small-material counters.
    pub endgame: EndgameCounters,
}

/// How squares and moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notation {
    /// Algebraic squares (`c3-d4`) when true, PDN numbers (`22-18`) when false.
    pub algebraic: bool,
    /// The capture separator written in PDN move text (`x` or `:`).
    pub capture_sep: char,
    /// The PDN GameType tag, e.g. `29,W,8,8,A0,0`.
    pub game_type: &'static str,
}

/// All the rule facts of one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The lower-case name used on the command line and in the Hub protocol.
    pub name: &'static str,
    /// Board size.
    pub board: BoardSize,
    /// Rows of men each side has at the start, counted from its own edge.
    pub men_rows: u8,
    /// The side that moves first.
    pub first: Color,
    /// Whether men capture backward.
    pub men_capture_backward: bool,
    /// Whether kings move and capture at a distance (flying) or one square at a time (short).
    pub flying_kings: bool,
    /// Which captures are legal when several exist.
    pub precedence: Precedence,
    /// A man reaching the far row during a capture.
    pub mid_capture_promotion: MidCapturePromotion,
    /// Where a capturing king may land.
    pub king_landing: KingLanding,
    /// Draw rules.
    pub draw: DrawRules,
    /// Notation.
    pub notation: Notation,
}

impl RuleSet {
    /// The board tables of this variant.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.board.geometry()
    }
}
