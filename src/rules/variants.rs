//! One `RuleSet` per variant, every field with the rule it comes from.
//!
//! Capture semantics shared by all variants (no field needed): capture is compulsory and a
//! sequence must be completed; jumped pieces stay on the board until the move ends and block
//! (Turkish strike); no piece is jumped twice; the moving piece's start square is empty during
//! its capture. A flying king that can continue from some landing squares must land on one of
//! them (Czech čl. 4.6 with 4.13; Russian and Pool alike; under the majority rule the same follows
//! from the count).

use super::{
    BoardSize, DrawRules, EndgameCounters, KingLanding, MidCapturePromotion, Notation, Precedence,
    RuleSet,
};
use crate::types::Color;

/// The variants dama plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Czech draughts (Česká dáma), ČFD rules: the default.
    #[default]
    Czech,
    /// Russian draughts (shashki).
    Russian,
    /// Brazilian draughts: international rules on 8×8.
    Brazilian,
    /// Pool checkers (American pool).
    Pool,
    /// English draughts / American checkers.
    English,
    /// International draughts, 10×10.
    International,
    /// Malá dáma (seed 001): Czech capture rules with 8 men each on the two edge rows.
    Mala,
}

/// Czech draughts: ČFD "Pravidla české dámy" (rules-czech.md Part A).
static CZECH: RuleSet = RuleSet {
    name: "czech",
    board: BoardSize::Eight, // čl. 2.1: 8×8, a1 dark (čl. 2.4)
    men_rows: 3,             // čl. 2.8: 12 men each on the first three rows
    first: Color::White,     // čl. 3.3: White moves first
    men_capture_backward: false, // čl. 4.1: men capture forward only
    flying_kings: true,      // čl. 3.9, 4.3: kings fly
    precedence: Precedence::KingPriority, // čl. 4.13 free choice, čl. 4.14 king priority
    mid_capture_promotion: MidCapturePromotion::EndMove, // čl. 3.5: crowned when the move ends there
    king_landing: KingLanding::AnyBeyond, // čl. 4.3: any free square beyond
    draw: DrawRules {
        repetition: 3,               // čl. 6.1: third occurrence
        no_progress_plies: 30,       // čl. 6.2: 15 moves each without a man move or capture
        man_move_is_progress: true,  // čl. 6.2
        endgame: EndgameCounters::Czech, // čl. 6.3, 6.4
    },
    notation: Notation {
        algebraic: true, // čl. 8.1: algebraic notation
        capture_sep: 'x',
        game_type: "29,W,8,8,A0,0", // PDN GameType table
    },
};

/// Russian draughts: Russian code of rules 2004 (kodeks2004), as cited by DCTL.
static RUSSIAN: RuleSet = RuleSet {
    name: "russian",
    board: BoardSize::Eight,
    men_rows: 3,
    first: Color::White,
    men_capture_backward: true, // men capture backward
    flying_kings: true,
    precedence: Precedence::Free, // free choice of capture
    mid_capture_promotion: MidCapturePromotion::ContinueAsKing, // crowned at once, goes on as a king
    king_landing: KingLanding::AnyBeyond,
    draw: DrawRules {
        repetition: 3,
        no_progress_plies: 30, // FMJD-64 7.2.5: 15 moves each of kings only without capture
        man_move_is_progress: true,
        endgame: EndgameCounters::None,
    },
    notation: Notation {
        algebraic: true,
        capture_sep: ':',
        game_type: "25,W,8,8,A0,0",
    },
};

/// Brazilian draughts: the international rules on 8×8.
static BRAZILIAN: RuleSet = RuleSet {
    name: "brazilian",
    board: BoardSize::Eight,
    men_rows: 3,
    first: Color::White,
    men_capture_backward: true,
    flying_kings: true,
    precedence: Precedence::Majority, // capture the most pieces
    mid_capture_promotion: MidCapturePromotion::PassThrough, // crowned only if the move ends there
    king_landing: KingLanding::AnyBeyond,
    draw: DrawRules {
        repetition: 3,
        no_progress_plies: 40, // 20 king moves each without capture or man move
        man_move_is_progress: true,
        endgame: EndgameCounters::None,
    },
    notation: Notation {
        algebraic: true,
        capture_sep: 'x',
        game_type: "26,W,8,8,A0,0",
    },
};

/// Pool checkers: APCA tournament rules (cited by DCTL).
static POOL: RuleSet = RuleSet {
    name: "pool",
    board: BoardSize::Eight,
    men_rows: 3,
    first: Color::Black, // GameType 23,B: Black moves first
    men_capture_backward: true,
    flying_kings: true,
    precedence: Precedence::Free,
    mid_capture_promotion: MidCapturePromotion::PassThrough,
    king_landing: KingLanding::AnyBeyond,
    draw: DrawRules {
        repetition: 3,
        no_progress_plies: 60, // APCA rule 26: 30 reversible moves each
        man_move_is_progress: true,
        endgame: EndgameCounters::None,
    },
    notation: Notation {
        algebraic: false,
        capture_sep: 'x',
        game_type: "23,B,8,8,N1,0",
    },
};

/// English draughts / American checkers: WCDF and usacheckers.com rules.
static ENGLISH: RuleSet = RuleSet {
    name: "english",
    board: BoardSize::Eight,
    men_rows: 3,
    first: Color::Black, // WCDF: Black moves first
    men_capture_backward: false,
    flying_kings: false, // kings move and capture one square
    precedence: Precedence::Free,
    mid_capture_promotion: MidCapturePromotion::EndMove, // a crowning ends the move
    king_landing: KingLanding::DirectlyBehind,
    draw: DrawRules {
        repetition: 3,
        no_progress_plies: 80, // 40 moves each without a man move or capture
        man_move_is_progress: true,
        endgame: EndgameCounters::None,
    },
    notation: Notation {
        algebraic: false,
        capture_sep: 'x',
        game_type: "21,B,8,8,N1,0",
    },
};

/// International draughts: FMJD official rules.
static INTERNATIONAL: RuleSet = RuleSet {
    name: "international",
    board: BoardSize::Ten, // art. 2: 10×10
    men_rows: 4,           // art. 2.8: 20 men each on the first four rows
    first: Color::White,   // art. 2.9
    men_capture_backward: true, // art. 4.2
    flying_kings: true,    // art. 3.9, 4.3
    precedence: Precedence::Majority, // art. 4.13: capture the most pieces
    mid_capture_promotion: MidCapturePromotion::PassThrough, // art. 4.15: not crowned passing the row
    king_landing: KingLanding::AnyBeyond,
    draw: DrawRules {
        repetition: 3,           // art. 6.1
        no_progress_plies: 50,   // art. 6.2: 25 moves each of kings only
        man_move_is_progress: true,
        endgame: EndgameCounters::None,
    },
    notation: Notation {
        algebraic: false,
        capture_sep: 'x',
        game_type: "20,W,10,10,N2,0",
    },
};

/// Malá dáma (seed 001, Zapletal 1991; rules-czech.md Part B §10).
static MALA: RuleSet = RuleSet {
    name: "mala",
    board: BoardSize::Eight,
    men_rows: 2,         // 8 men each on the two edge rows
    first: Color::Black, // "Black starts"
    men_capture_backward: false, // captures "in the direction of movement"
    flying_kings: true,
    precedence: Precedence::KingPriority, // "Dáma má ve skákání vždy přednost"
    mid_capture_promotion: MidCapturePromotion::EndMove,
    king_landing: KingLanding::AnyBeyond,
    draw: DrawRules {
        repetition: 3,
        no_progress_plies: 40, // no capture in the last twenty moves (each)
        man_move_is_progress: false,
        endgame: EndgameCounters::None,
    },
    notation: Notation {
        algebraic: true,
        capture_sep: 'x',
        game_type: "29,B,8,8,A0,0",
    },
};

impl Variant {
    /// Every implemented variant, the default first.
    pub const ALL: [Variant; 7] = [
        Variant::Czech,
        Variant::Russian,
        Variant::Brazilian,
        Variant::Pool,
        Variant::English,
        Variant::International,
        Variant::Mala,
    ];

    /// The rules of this variant.
    #[inline]
    pub fn rules(self) -> &'static RuleSet {
        match self {
            Variant::Czech => &CZECH,
            Variant::Russian => &RUSSIAN,
            Variant::Brazilian => &BRAZILIAN,
            Variant::Pool => &POOL,
            Variant::English => &ENGLISH,
            Variant::International => &INTERNATIONAL,
            Variant::Mala => &MALA,
        }
    }

    /// The lower-case name.
    pub fn name(self) -> &'static str {
        self.rules().name
    }

    /// Finds a variant by name (case-insensitive; `normal`, `checkers`, `american` and
    /// `frysk`-style aliases of other engines are accepted where they mean one of ours).
    pub fn from_name(name: &str) -> Option<Variant> {
        let n = name.trim().to_ascii_lowercase();
        let v = match n.as_str() {
            "normal" | "standard" | "international" | "10x10" => Variant::International,
            "checkers" | "american" | "english" => Variant::English,
            "malá" | "mala" | "mala-dama" => Variant::Mala,
            "czech" | "ceska" | "česká" => Variant::Czech,
            _ => return Variant::ALL.into_iter().find(|v| v.name() == n),
        };
        Some(v)
    }

    /// The names of all variants, space separated.
    pub fn names() -> String {
        Variant::ALL.map(|v| v.name()).join(" ")
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Variant, String> {
        Variant::from_name(s)
            .ok_or_else(|| format!("unknown variant '{s}' (known: {})", Variant::names()))
    }
}
