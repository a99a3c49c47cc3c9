//! The a1-light group (docs/rules/italian-iberian.md): Italian, Spanish and Portuguese, played on
//! the mirrored 8×8 board, each built from the defaults (`BASE` of the parent module, passed in)
//! with what differs.

use super::super::geometry::BoardSize;
use super::super::numbering::SquareNumbering;
use super::super::ruleset::{
    DrawRules, EndgameCounters, KingLanding, KingRules, Lines, MenRules, MidCapturePromotion,
    Notation, Precedence, Range, RuleSet,
};
/// 12 men each on the first three rows of the a1-light board, White to move (Italian, Spanish,
/// Portuguese): the mirror of [`START_8X8`].
const START_8X8_A1_LIGHT: &str =
    "W:Wb1,d1,f1,h1,a2,c2,e2,g2,b3,d3,f3,h3:Ba6,c6,e6,g6,b7,d7,f7,h7,a8,c8,e8,g8";

/// Italian draughts (Dama italiana): FID rules (federdama, DCTL).
pub(super) const fn italian(base: RuleSet) -> RuleSet {
    RuleSet {
        name: "italian",
        board: BoardSize::EightA1Light, // the dark corner at each player's right: a1 light
        start: START_8X8_A1_LIGHT,      // 12 men each on the first three rows; White first
        men: MenRules {
            capture_kings: false, // federdama rule 3: a man may not capture a king
            ..base.men            // men move and capture forward only
        },
        kings: SHORT_KINGS, // federdama rules 2, 4: kings move and capture one square
        precedence: Precedence::ITALIAN, // rules 5-8: count, by a king, kings taken, kings met first
        mid_capture_promotion: MidCapturePromotion::EndMove, // crowning ends the move
        draw: DrawRules {
            repetition: 4,         // DCTL max_repetitions = 4 (art. 9.3 b1; wording U)
            no_progress_plies: 80, // DCTL max_reversible_moves = 80 (art. 10.4; wording U)
            man_move_is_progress: true,
            endgame: EndgameCounters::None,
        },
        notation: Notation {
            algebraic: false,
            numbering: SquareNumbering::FID, // 1 = a8, 2 = c8 … 32 = h1 (FID-corsi)
            capture_sep: 'x',
            game_type: "22,W,8,8,N2,1",
        },
        ..base
    }
}

/// Spanish draughts (Damas españolas): torofun, section64, DCTL.
pub(super) const fn spanish(base: RuleSet) -> RuleSet {
    RuleSet {
        name: "spanish",
        board: BoardSize::EightA1Light, // h1 playable, a1 not
        start: START_8X8_A1_LIGHT,      // 12 men on three rows; White first
        // men move and capture forward only (the defaults); kings fly (the defaults)
        precedence: Precedence::QUANTITY_QUALITY, // the most pieces, then the most kings
        mid_capture_promotion: MidCapturePromotion::EndMove, // "becomes a king, and the move terminates"
        draw: DrawRules {
            repetition: 3,         // threefold repetition
            no_progress_plies: 40, // 40 successive king moves (20 each) without capture
            man_move_is_progress: true,
            endgame: EndgameCounters::None, // small-material rules: U
        },
        notation: IBERIAN_NOTATION, // no Spanish numbering text found: the Portuguese one [U]
        ..base
    }
}

/// Portuguese draughts (Damas clássicas): the Spanish rule set (BK-table, DCTL-spanish cites the
/// Portuguese federation), with its own GameType.
pub(super) const fn portuguese(base: RuleSet) -> RuleSet {
    RuleSet {
        name: "portuguese",
        notation: Notation {
            game_type: "28,W,8,8,N1,1",
            ..IBERIAN_NOTATION
        },
        ..spanish(base) // draw rules as Spanish [U]
    }
}

/// Numeric in the Portuguese numbering, 1 = h1, 2 = f1 … 32 = a8, White on 1-12 (1papacaio);
/// Spanish's GameType.
const IBERIAN_NOTATION: Notation = Notation {
    algebraic: false,
    numbering: SquareNumbering::Portuguese,
    capture_sep: 'x',
    game_type: "24,W,8,8,N1,1",
};

/// Short kings: one square for moves and captures, landing right behind (English, Italian).
const SHORT_KINGS: KingRules = KingRules {
    moves: Range::Short,
    captures: Range::Short,
    landing: KingLanding::DirectlyBehind,
    move_lines: Lines::Diagonal,
    capture_lines: Lines::Diagonal,
};
