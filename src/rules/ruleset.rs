//! The rules of a variant as plain data: precedence, landing, promotion in a capture, draw
//! rules and notation, read by the move generator and every other layer.

use super::geometry::{BoardSize, Geometry};
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

/// Where a small-material class wants the lone king, relative to the long diagonal
/// ([`Geometry::long_diagonal`]: a1-h8 on 8×8, 46-5 on 10×10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoneKingDiagonal {
    /// Anywhere.
    Any,
    /// On the long diagonal (other pieces may stand on it too).
    On,
    /// On the long diagonal and the only piece on it ("holding" it).
    Holds,
    /// Not on the long diagonal.
    Off,
}

/// A pattern of material that puts a position in a small-material class. Either colour may be
/// the strong side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterialPattern {
    /// One side has a single king and nothing else; the other has `min_pieces..=max_pieces`
    /// pieces, at least `min_kings` of them kings and at most `max_men` men.
    VsLoneKing {
        /// Fewest pieces of the strong side.
        min_pieces: u8,
        /// Most pieces of the strong side.
        max_pieces: u8,
        /// Fewest kings of the strong side.
        min_kings: u8,
        /// Most men of the strong side.
        max_men: u8,
        /// Where the lone king must stand (judged when the class arises).
        lone_king: LoneKingDiagonal,
    },
    /// Both sides have at least one king and the board holds `min_pieces..=max_pieces` pieces.
    KingsBothSides {
        /// Fewest pieces on the board.
        min_pieces: u8,
        /// Most pieces on the board.
        max_pieces: u8,
    },
}

/// One small-material class: the material it covers and the plies after which it draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndgameRule {
    /// Names the rule in draw reasons, e.g. `class A` or `FMJD art. 6.3`.
    pub label: &'static str,
    /// The material covered (any entry matching puts the position in this class).
    pub material: &'static [MaterialPattern],
    /// Plies played in the class after which the game is drawn.
    pub plies: u16,
    /// Whether every capture or promotion restarts the count even when the class stays the
    /// same (otherwise only a change of class restarts it).
    pub restart_on_material_change: bool,
}

/// Endgame counters on small material, beyond the no-progress rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndgameCounters {
    /// None.
    None,
    /// These classes, the first matching one wins. The class is judged at the start and after
    /// every capture or promotion (the only plies that change material); its count starts on
    /// the ply that produces it.
    Classes(&'static [EndgameRule]),
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
