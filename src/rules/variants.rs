//! One `RuleSet` per variant, every field with the rule it comes from.
//!
//! Capture semantics shared by all variants (no field needed): capture is compulsory and a
//! sequence must be completed; jumped pieces stay on the board until the move ends and block
//! (Turkish strike); no piece is jumped twice; the moving piece's start square is empty during
//! its capture. A flying king that can continue from some landing squares must land on one of
//! them (Czech čl. 4.6 with 4.13; Russian and Pool alike; under the majority rule the same follows
//! from the count).

use super::geometry::{BoardSize, Geometry};
use super::goal::Goal;
use super::numbering::SquareNumbering;
use super::ruleset::{
    Continuation, DrawRules, EndgameCounters, EndgameRule, Forward, KingLanding, KingRules, Lines,
    LoneKingDiagonal, ManDirections, MaterialPattern, MenRules, MidCapturePromotion, Notation,
    Opening, Parachutists, Precedence, Promotion, Range, Removal, RuleSet,
};
use crate::types::{Bitboard, Color};

mod mirrored;

/// Strong side of `min..=max` pieces with at least `kings` kings and at most `men` men against a
/// lone king standing as `diag` asks.
const fn vs_lone_king(
    min: u8,
    max: u8,
    kings: u8,
    men: u8,
    diag: LoneKingDiagonal,
) -> MaterialPattern {
    MaterialPattern::VsLoneKing {
        min_pieces: min,
        max_pieces: max,
        min_kings: kings,
        max_men: men,
        lone_king: diag,
    }
}

/// Czech čl. 6.3 / 6.4, as read in docs/rules/czech.md (end of the game).
static CZECH_ENDGAME: [EndgameRule; 2] = [
    // Class A, čl. 6.3: 3 kings v a lone king off a1-h8: 15 more moves each.
    EndgameRule {
        label: "class A",
        material: &[vs_lone_king(3, 3, 3, 0, LoneKingDiagonal::Off)],
        plies: 30,
        restart_on_material_change: false,
    },
    // Class B, čl. 6.4: ≤2 kings, king + man, king v king; 3 kings v a lone king on a1-h8:
    // 5 more moves each.
    EndgameRule {
        label: "class B",
        material: &[
            vs_lone_king(1, 2, 1, 1, LoneKingDiagonal::Any),
            vs_lone_king(3, 3, 3, 0, LoneKingDiagonal::On),
        ],
        plies: 10,
        restart_on_material_change: false,
    },
];

/// Russian: FMJD-64 rules 7.2.4-7.2.8 as quoted in Mind-Sports-Games/strategygames
/// `Russian.scala` (docs/rules/russian.md). 7.2.5 is the no-progress counter.
static RUSSIAN_ENDGAME: [EndgameRule; 5] = [
    // 7.2.8: two kings, king + man, or one king against a lone king: 5 moves each.
    EndgameRule {
        label: "FMJD-64 7.2.8",
        material: &[vs_lone_king(1, 2, 1, 1, LoneKingDiagonal::Any)],
        plies: 10,
        restart_on_material_change: false,
    },
    // 7.2.7: three kings, two kings + man, king + two men against a lone king on the long
    // diagonal: 5 moves each (`Russian.scala` asks that the lone king be the only piece on it).
    EndgameRule {
        label: "FMJD-64 7.2.7",
        material: &[vs_lone_king(3, 3, 1, 2, LoneKingDiagonal::Holds)],
        plies: 10,
        restart_on_material_change: false,
    },
    // 7.2.4: three (or more) kings against a lone king: 15 moves each.
    EndgameRule {
        label: "FMJD-64 7.2.4",
        material: &[vs_lone_king(3, u8::MAX, 3, 0, LoneKingDiagonal::Any)],
        plies: 30,
        restart_on_material_change: false,
    },
    // 7.2.6: kings on both sides, the balance unchanged (no capture, no promotion):
    // 4- and 5-piece endings 30 moves each ...
    EndgameRule {
        label: "FMJD-64 7.2.6",
        material: &[MaterialPattern::KingsBothSides {
            min_pieces: 4,
            max_pieces: 5,
        }],
        plies: 60,
        restart_on_material_change: true,
    },
    // ... 6- and 7-piece endings 60 moves each.
    EndgameRule {
        label: "FMJD-64 7.2.6",
        material: &[MaterialPattern::KingsBothSides {
            min_pieces: 6,
            max_pieces: 7,
        }],
        plies: 120,
        restart_on_material_change: true,
    },
];

/// International (FMJD art. 6.3, 6.4; docs/rules/international.md);
/// Brazilian uses the same table on 8×8 ("as international"). The long diagonal is the
/// board's own (46-5 on 10×10, a1-h8 on 8×8).
static FMJD_ENDGAME: [EndgameRule; 3] = [
    // Art. 6.4: two kings, king + man, or one king against a lone king: 5 moves each.
    EndgameRule {
        label: "FMJD art. 6.4",
        material: &[vs_lone_king(1, 2, 1, 1, LoneKingDiagonal::Any)],
        plies: 10,
        restart_on_material_change: false,
    },
    // FMJD: against a lone king holding the long diagonal, the three-piece case is 5 moves each.
    EndgameRule {
        label: "FMJD lone king on the long diagonal",
        material: &[vs_lone_king(3, 3, 1, 2, LoneKingDiagonal::Holds)],
        plies: 10,
        restart_on_material_change: false,
    },
    // Art. 6.3: three kings, two kings + man, king + two men against a lone king: 16 moves
    // each; the maximum is kept through captures and promotions within the class.
    EndgameRule {
        label: "FMJD art. 6.3",
        material: &[vs_lone_king(3, 3, 1, 2, LoneKingDiagonal::Any)],
        plies: 32,
        restart_on_material_change: false,
    },
];

/// The defaults every rule set starts from (Czech's generator facts): a new field of
/// [`RuleSet`] gets its value here and is set only in the variants that differ.
const BASE: RuleSet = RuleSet {
    name: "czech",
    board: BoardSize::Eight,
    start: START_8X8,
    first: Color::White,
    men: MenRules {
        moves: ManDirections::ForwardDiagonals,
        captures: ManDirections::ForwardDiagonals,
        capture_kings: true,
        later_captures: None,
        capture_only: Promotion::NONE,
        forward: USUAL_FORWARD,
        parachutists: Parachutists::Absent,
        linear_moves: false,
        continuation: Continuation::Compulsory,
    },
    kings: FLYING_KINGS,
    removal: Removal::AfterMove,
    promotion: Promotion::far_rows(8, USUAL_FORWARD),
    precedence: Precedence::KING_PRIORITY,
    mid_capture_promotion: MidCapturePromotion::EndMove,
    king_move_limit: 0,
    opening: Opening::Moves,
    goal: Goal::Normal,
    draw: DrawRules {
        repetition: 3,
        no_progress_plies: 30,
        man_move_is_progress: true,
        endgame: EndgameCounters::None,
    },
    notation: Notation {
        algebraic: true,
        numbering: SquareNumbering::Standard,
        capture_sep: 'x',
        game_type: "29,W,8,8,A0,0",
    },
};

/// 12 men each on the first three rows of 8×8, White to move.
const START_8X8: &str =
    "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
/// The same, Black to move (Pool, English).
const START_8X8_BLACK: &str =
    "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
/// 8 men each on the two edge rows, Black to move (Malá dáma).
const START_MALA: &str = "B:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8";
/// 8 men each on the first two rows of 8×8, White to move (Thai).
const START_THAI: &str = "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8";
/// 20 men each on the first four rows of 10×10, White to move.
const START_10X10: &str = "W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3,b4,d4,f4,h4,j4:Ba7,c7,e7,g7,i7,b8,d8,f8,h8,j8,a9,c9,e9,g9,i9,b10,d10,f10,h10,j10";
/// 12×12: 30 men each on the five rows nearest to their side (a1 dark).
const START_12X12: &str = "W:Wa1,c1,e1,g1,i1,k1,b2,d2,f2,h2,j2,l2,a3,c3,e3,g3,i3,k3,b4,d4,f4,h4,j4,l4,a5,c5,e5,g5,i5,k5:Bb8,d8,f8,h8,j8,l8,a9,c9,e9,g9,i9,k9,b10,d10,f10,h10,j10,l10,a11,c11,e11,g11,i11,k11,b12,d12,f12,h12,j12,l12";

/// White's men go up the board, Black's down.
const USUAL_FORWARD: [Forward; 2] = [Forward::Up, Forward::Down];

/// Flying kings landing on any empty square beyond.
const FLYING_KINGS: KingRules = KingRules {
    moves: Range::Flying,
    captures: Range::Flying,
    landing: KingLanding::AnyBeyond,
    move_lines: Lines::Diagonal,
    capture_lines: Lines::Diagonal,
};

/// Men capturing in all four diagonal directions.
const MEN_CAPTURE_BACKWARD: MenRules = MenRules {
    captures: ManDirections::AllDiagonals,
    ..BASE.men
};

/// Czech draughts: ČFD "Pravidla české dámy" (docs/rules/czech.md).
pub(super) static CZECH: RuleSet = RuleSet {
    name: "czech",
    board: BoardSize::Eight, // čl. 2.1: 8×8, a1 dark (čl. 2.4)
    start: START_8X8,
    first: Color::White, // čl. 3.3: White moves first
    // čl. 4.1: men capture forward only (BASE.men)
    kings: FLYING_KINGS,                   // čl. 3.9, 4.3: kings fly
    precedence: Precedence::KING_PRIORITY, // čl. 4.13 free choice, čl. 4.14 king priority
    mid_capture_promotion: MidCapturePromotion::EndMove, // čl. 3.5: crowned when the move ends there
    draw: DrawRules {
        repetition: 3,                                     // čl. 6.1: third occurrence
        no_progress_plies: 30, // čl. 6.2: 15 moves each without a man move or capture
        man_move_is_progress: true, // čl. 6.2
        endgame: EndgameCounters::Classes(&CZECH_ENDGAME), // čl. 6.3, 6.4
    },
    notation: Notation {
        algebraic: true, // čl. 8.1: algebraic notation
        capture_sep: 'x',
        game_type: "29,W,8,8,A0,0", // PDN GameType table
        ..BASE.notation
    },
    ..BASE
};

/// Russian draughts: Russian code of rules 2004 (kodeks2004), as cited by DCTL.
pub(super) static RUSSIAN: RuleSet = RuleSet {
    name: "russian",
    board: BoardSize::Eight,
    start: START_8X8,
    first: Color::White,
    men: MEN_CAPTURE_BACKWARD, // men capture backward
    kings: FLYING_KINGS,
    precedence: Precedence::FREE, // free choice of capture
    mid_capture_promotion: MidCapturePromotion::ContinueAsKing, // crowned at once, goes on as a king
    draw: DrawRules {
        repetition: 3,
        no_progress_plies: 30, // FMJD-64 7.2.5: 15 moves each of kings only without capture
        man_move_is_progress: true, // 7.2.5: "without moving of men"
        endgame: EndgameCounters::Classes(&RUSSIAN_ENDGAME), // FMJD-64 7.2.4, 7.2.6-7.2.8
    },
    notation: Notation {
        algebraic: true,
        capture_sep: ':',
        game_type: "25,W,8,8,A0,0",
        ..BASE.notation
    },
    ..BASE
};

/// Brazilian draughts: the international rules on 8×8.
pub(super) static BRAZILIAN: RuleSet = RuleSet {
    name: "brazilian",
    board: BoardSize::Eight,
    start: START_8X8,
    first: Color::White,
    men: MEN_CAPTURE_BACKWARD,
    kings: FLYING_KINGS,
    precedence: Precedence::MAJORITY, // capture the most pieces
    mid_capture_promotion: MidCapturePromotion::PassThrough, // crowned only if the move ends there
    draw: DrawRules {
        repetition: 3,
        // 20 king moves each without capture or man move (docs/rules/international.md)
        no_progress_plies: 40,
        man_move_is_progress: true,                       // the same rule
        endgame: EndgameCounters::Classes(&FMJD_ENDGAME), // as international, on 8×8
    },
    notation: Notation {
        algebraic: true,
        capture_sep: 'x',
        game_type: "26,W,8,8,A0,0",
        ..BASE.notation
    },
    ..BASE
};

/// Pool checkers: APCA tournament rules (cited by DCTL).
pub(super) static POOL: RuleSet = RuleSet {
    name: "pool",
    board: BoardSize::Eight,
    start: START_8X8_BLACK,
    first: Color::Black, // GameType 23,B: Black moves first
    men: MEN_CAPTURE_BACKWARD,
    kings: FLYING_KINGS,
    precedence: Precedence::FREE,
    mid_capture_promotion: MidCapturePromotion::PassThrough,
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
        ..BASE.notation
    },
    ..BASE
};

/// English draughts / American checkers: WCDF and usacheckers.com rules.
pub(super) static ENGLISH: RuleSet = RuleSet {
    name: "english",
    board: BoardSize::Eight,
    start: START_8X8_BLACK,
    first: Color::Black, // WCDF: Black moves first
    // men capture forward only (BASE.men)
    kings: KingRules {
        // kings move and capture one square
        moves: Range::Short,
        captures: Range::Short,
        landing: KingLanding::DirectlyBehind,
        ..FLYING_KINGS
    },
    precedence: Precedence::FREE,
    mid_capture_promotion: MidCapturePromotion::EndMove, // a crowning ends the move
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
        ..BASE.notation
    },
    ..BASE
};

/// International draughts: FMJD official rules.
pub(super) static INTERNATIONAL: RuleSet = RuleSet {
    name: "international",
    board: BoardSize::Ten, // art. 2: 10×10
    start: START_10X10,
    promotion: Promotion::far_rows(10, USUAL_FORWARD),
    first: Color::White,                                     // art. 2.9
    men: MEN_CAPTURE_BACKWARD,                               // art. 4.2
    kings: FLYING_KINGS,                                     // art. 3.9, 4.3
    precedence: Precedence::MAJORITY,                        // art. 4.13: capture the most pieces
    mid_capture_promotion: MidCapturePromotion::PassThrough, // art. 4.15: not crowned passing the row
    draw: DrawRules {
        repetition: 3,                                    // art. 6.1
        no_progress_plies: 50, // art. 6.2: 25 moves each of kings only, no capture
        man_move_is_progress: true, // a man move ends "only kings moved"
        endgame: EndgameCounters::Classes(&FMJD_ENDGAME), // art. 6.3, 6.4
    },
    notation: Notation {
        algebraic: false,
        capture_sep: 'x',
        game_type: "20,W,10,10,N2,0",
        ..BASE.notation
    },
    ..BASE
};

/// Malá dáma (Zapletal 1991; docs/rules/czech.md).
pub(super) static MALA: RuleSet = RuleSet {
    name: "mala",
    board: BoardSize::Eight,
    start: START_MALA,
    first: Color::Black, // "Black starts"
    // men capture "in the direction of movement" (BASE.men)
    kings: FLYING_KINGS,
    precedence: Precedence::KING_PRIORITY, // "Dáma má ve skákání vždy přednost"
    mid_capture_promotion: MidCapturePromotion::EndMove,
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
        ..BASE.notation
    },
    ..BASE
};

/// Žravá dáma (docs/rules/czech.md): ČFD Czech moves with the result reversed. The source
/// names only "no piece left wins"; a blocked side winning too is by analogy [U]. Draw rules
/// [U]: Czech repetition and 15-move rule; no small-material counters (they assume the strong
/// side hunts a lone king).
pub(super) static ZRAVA: RuleSet = RuleSet {
    name: "zrava",
    goal: Goal::Giveaway,
    draw: DrawRules {
        endgame: EndgameCounters::None,
        ..CZECH.draw
    },
    ..CZECH
};

/// Giveaway checkers, Žravá americká dáma (docs/rules/checkers.md): English moves; the side
/// that has lost all its pieces or cannot move wins. Draw rules [U]: English's.
pub(super) static GIVEAWAY: RuleSet = RuleSet {
    name: "giveaway",
    goal: Goal::Giveaway,
    ..ENGLISH
};

/// Antidraughts (lidraughts gameType 98, pydraughts): International moves; a side without a
/// legal move wins; the only draw is threefold repetition, counted since the last man move or
/// capture (a promotion is a man move).
pub(super) static ANTIDRAUGHTS: RuleSet = RuleSet {
    name: "antidraughts",
    goal: Goal::Giveaway,
    draw: DrawRules {
        repetition: 3,
        no_progress_plies: 0,
        man_move_is_progress: true,
        endgame: EndgameCounters::None,
    },
    notation: Notation {
        game_type: "98,W,10,10,N2,0",
        ..INTERNATIONAL.notation
    },
    ..INTERNATIONAL
};

/// No draw rule at all (Breakthrough, Hawaiian).
const NO_DRAW_RULES: DrawRules = DrawRules {
    repetition: 0,
    no_progress_plies: 0,
    man_move_is_progress: true,
    endgame: EndgameCounters::None,
};

/// Breakthrough (lidraughts gameType 96, pydraughts; Scan's `bt`): International moves; the
/// first side to crown a man wins, a side without a legal move loses; no draw rules.
pub(super) static BREAKTHROUGH: RuleSet = RuleSet {
    name: "breakthrough",
    goal: Goal::Breakthrough,
    draw: NO_DRAW_RULES,
    notation: Notation {
        game_type: "96,W,10,10,N2,0",
        ..INTERNATIONAL.notation
    },
    ..INTERNATIONAL
};

/// Italian, Spanish, Portuguese: see [`mirrored`].
pub(super) static ITALIAN: RuleSet = mirrored::italian(BASE);
pub(super) static SPANISH: RuleSet = mirrored::spanish(BASE);
pub(super) static PORTUGUESE: RuleSet = mirrored::portuguese(BASE);

/// Thai draughts (Mak-hot): docs/rules/thai.md (mindsports, dctl, BrainKing).
pub(super) static THAI: RuleSet = RuleSet {
    name: "thai",
    start: START_THAI,   // 8 men each on the first two rows
    first: Color::White, // mindsports, checkerschest; one source says Black
    // men move and capture forward only (BASE.men)
    kings: KingRules {
        // flying, but a capture lands directly behind the piece taken
        landing: KingLanding::DirectlyBehind,
        ..FLYING_KINGS
    },
    removal: Removal::AtOnce, // captured pieces are passable at once, no 180° turn
    precedence: Precedence::FREE, // "no priorities"
    mid_capture_promotion: MidCapturePromotion::EndMove, // a man reaching the back rank stops
    // draw rules [U]: none found; BASE's (Czech's counters without small-material classes)
    notation: Notation {
        // [U]: numeric in the 8×8 numbering dama uses (1 = b8 … 32 = g1), as English
        game_type: "31,W,8,8,N1,0",
        ..ENGLISH.notation
    },
    ..BASE
};

/// Killer draughts: International plus the halt behind a last-taken king
/// (docs/rules/international.md: mindsports, dctl, Scan).
pub(super) static KILLER: RuleSet = RuleSet {
    name: "killer",
    kings: KingRules {
        landing: KingLanding::HaltBehindKing,
        ..FLYING_KINGS
    },
    notation: Notation {
        // no GameType is known [U]: International's, so PDN readers see a 10×10 game
        ..INTERNATIONAL.notation
    },
    ..INTERNATIONAL
};

/// Canadian draughts (docs/rules/international.md): International's rules on 12×12, 30 men
/// each [BrainKing's table; dctl `canadian = international`]; White first, a1 dark, numbered
/// 1-72 like 1-50 [U: natural extension, dctl's default]; draw rules International's [U].
pub(super) static CANADIAN: RuleSet = RuleSet {
    name: "canadian",
    board: BoardSize::Twelve,
    start: START_12X12,
    promotion: Promotion::far_rows(12, USUAL_FORWARD),
    notation: Notation {
        game_type: "27,W,12,12,N2,0", // [pydraughts' GameType list]
        ..INTERNATIONAL.notation
    },
    ..INTERNATIONAL
};

/// Corner checkers (Rohová dáma, BrainKing): Czech with promotion only on the two squares of
/// the opponent's corner and its own start [U: provisional, docs/rules/brainking.md].
pub(super) static CORNER: RuleSet = RuleSet {
    name: "corner",
    // [U] the diagram could not be obtained: two triangles either side of a1-h8
    start: "W:Wc1,e1,g1,d2,f2,h2,e3,g3,f4,h4,g5,h6:Ba3,b4,a5,c5,b6,d6,a7,c7,e7,b8,d8,f8",
    // White on a7 or b8, Black on g1 or h2 [BK-corner]
    promotion: Promotion::squares(8, &[(0, 6), (1, 7)], &[(6, 0), (7, 1)]),
    notation: Notation {
        game_type: "29,W,8,8,A0,0", // no GameType of its own [U]
        ..CZECH.notation
    },
    ..CZECH
};

/// One-way checkers (Jednosměrná dáma, BrainKing): Czech, but every man of both colours moves
/// and captures toward rank 8 and is crowned there [U: provisional reading,
/// docs/rules/brainking.md].
pub(super) static ONEWAY: RuleSet = RuleSet {
    name: "oneway",
    // [U] no diagram: each side 8 men in its own half of rows 1-4 (Black's set is White's
    // moved four files right), so both race up the board on equal terms
    start: "W:Wa1,c1,b2,d2,a3,c3,b4,d4:Be1,g1,f2,h2,e3,g3,f4,h4",
    men: MenRules {
        forward: [Forward::Up, Forward::Up],
        ..BASE.men
    },
    promotion: Promotion::far_rows(8, [Forward::Up, Forward::Up]),
    ..CZECH
};

/// Parachute checkers (Parašutistická dáma, BrainKing): Czech, with each side's four
/// parachutists on the opponent's first row (docs/rules/brainking.md).
pub(super) static PARACHUTE: RuleSet = RuleSet {
    name: "parachute",
    // men on rows 2-3 (White) and 6-7 (Black), parachutists on b8 d8 f8 h8 (White) and a1 c1
    // e1 g1 (Black) [BK-parachute, checkerschest; the exact squares U]
    start: "W:Wb2,d2,f2,h2,a3,c3,e3,g3,Pb8,Pd8,Pf8,Ph8:Bb6,d6,f6,h6,a7,c7,e7,g7,Pa1,Pc1,Pe1,Pg1",
    men: MenRules {
        // [U] the landed parachutist goes on capturing as a man (a capture is completed, as in
        // Czech)
        parachutists: Parachutists::GoOnAsMan,
        ..BASE.men
    },
    // a parachutist is not a king for Czech king priority [BrainKing: "no capture priority"]
    notation: Notation {
        game_type: "29,W,8,8,A0,0", // no GameType of its own [U]: Czech's, with a Variant tag
        ..CZECH.notation
    },
    ..CZECH
};

/// 16 men each on the second and third rows of the all-squares board, White to move (Turkish).
const START_TURKISH: &str = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:\
    Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";

/// Turkish draughts (Dama): docs/rules/turkish.md (Wikipedia, BrainKing, alemanni, kish).
pub(super) static TURKISH: RuleSet = RuleSet {
    name: "turkish",
    board: BoardSize::EightAll, // all 64 squares
    start: START_TURKISH,       // White a2-h3, Black a6-h7, the back rows empty
    first: Color::White,        // White moves first
    men: MenRules {
        // one square forward or sideways, never backward or diagonal; captures alike
        moves: ManDirections::ForwardAndSideways,
        captures: ManDirections::ForwardAndSideways,
        ..BASE.men
    },
    kings: KingRules {
        // flying orthogonal kings, landing on any empty square beyond the piece taken
        move_lines: Lines::Orthogonal,
        capture_lines: Lines::Orthogonal,
        ..FLYING_KINGS
    },
    removal: Removal::AtOnce, // captured pieces leave at once; no 180° turn between two jumps
    promotion: Promotion::far_full_rows(8, USUAL_FORWARD),
    precedence: Precedence::MAJORITY, // the most pieces (kings and men count one)
    // [U] four readings (docs/rules/turkish.md): the newest text's, crowned at once and going on
    // as a king
    mid_capture_promotion: MidCapturePromotion::ContinueAsKing,
    draw: DrawRules {
        repetition: 3, // threefold repetition [alemanni]
        // [U] no no-progress rule found: BASE's 15 moves each without a man move or capture
        ..BASE.draw
    },
    notation: Notation {
        algebraic: true, // a1-h8 (pydraughts' Turkish FENs); numbers 1 = a8 … 64 = h1
        capture_sep: 'x',
        game_type: "30,W,8,8,A0,0", // [pydraughts' GameType list]
        ..BASE.notation
    },
    ..BASE
};

/// Frisian: 2 kings against 1 king, 1 king against 1 king (docs/rules/frisian.md: lidraughts,
/// pydraughts, mlwi).
static FRISIAN_ENDGAME: [EndgameRule; 2] = [
    // 2 kings v 1 king: drawn after 7 moves each
    EndgameRule {
        label: "Frisian 2 kings v 1",
        material: &[vs_lone_king(2, 2, 2, 0, LoneKingDiagonal::Any)],
        plies: 14,
        restart_on_material_change: false,
    },
    // 1 king v 1 king: drawn after 2 moves each (officially at once unless a capture is forced:
    // the two moves each let a forced capture happen)
    EndgameRule {
        label: "Frisian 1 king v 1",
        material: &[vs_lone_king(1, 1, 1, 0, LoneKingDiagonal::Any)],
        plies: 4,
        restart_on_material_change: false,
    },
];

/// Frisian draughts (Fries dammen), GameType 40: docs/rules/frisian.md (Wikipedia,
/// mindsports, dctl, Scan, lidraughts).
pub(super) static FRISIAN: RuleSet = RuleSet {
    name: "frisian",
    board: BoardSize::Ten, // 10×10, a1 dark
    start: START_10X10,    // 20 men each on four rows
    promotion: Promotion::far_rows(10, USUAL_FORWARD),
    first: Color::White, // White first
    men: MenRules {
        // one square diagonally forward; captures in 8 directions, an orthogonal one over the
        // piece two cells away to the square four cells away
        moves: ManDirections::ForwardDiagonals,
        captures: ManDirections::AllEight,
        ..BASE.men
    },
    kings: KingRules {
        // flying; quiet moves diagonal only (docs/rules/frisian.md), captures in 8 directions,
        // landing anywhere beyond with forced continuation
        move_lines: Lines::Diagonal,
        capture_lines: Lines::Both,
        ..FLYING_KINGS
    },
    removal: Removal::AfterMove, // pieces block until the move ends
    // the highest value (a king 199, a man 100: docs/rules/frisian.md), then a capture with a king
    precedence: Precedence::FRISIAN,
    mid_capture_promotion: MidCapturePromotion::PassThrough, // crowned only if it ends there
    king_move_limit: 3, // at most three non-capturing moves in a row with one king, with men
    draw: DrawRules {
        repetition: 3, // threefold [U]
        // [U] no no-progress rule found: International's 25 moves each of kings only
        no_progress_plies: 50,
        man_move_is_progress: true,
        endgame: EndgameCounters::Classes(&FRISIAN_ENDGAME),
    },
    notation: Notation {
        algebraic: false, // 1-50 as International
        capture_sep: 'x',
        game_type: "40,W,10,10,N2,0", // [pydraughts' GameType list], lidraughts gameType 40
        ..BASE.notation
    },
    ..BASE
};

/// Frysk! (docs/rules/frisian.md): Frisian from White 46-50 and Black 1-5 (lidraughts, pydraughts);
/// pydraughts writes GameType 40 for it (so a `Variant` tag names it).
pub(super) static FRYSK: RuleSet = RuleSet {
    name: "frysk",
    start: "W:Wa1,c1,e1,g1,i1:Bb10,d10,f10,h10,j10",
    ..FRISIAN
};

/// 18 men each in a trapezoid on the all-squares board, White to move (Dameo).
const START_DAMEO: &str = "W:Wa1,b1,c1,d1,e1,f1,g1,h1,b2,c2,d2,e2,f2,g2,c3,d3,e3,f3:\
    Bc6,d6,e6,f6,b7,c7,d7,e7,f7,g7,a8,b8,c8,d8,e8,f8,g8,h8";

/// Dameo: mutual impotence [U]: a lone king against a lone king cannot be won by force, drawn
/// after 2 moves each (the moves let a capture that is forced happen, as Frisian's class).
static DAMEO_ENDGAME: [EndgameRule; 1] = [EndgameRule {
    label: "Dameo 1 king v 1 (mutual impotence)",
    material: &[vs_lone_king(1, 1, 1, 0, LoneKingDiagonal::Any)],
    plies: 4,
    restart_on_material_change: false,
}];

/// Dameo (Christian Freeling, 2000): docs/rules/dameo.md (BrainKing,
/// mindsports, jpn, iggamecenter, playstrategy).
pub(super) static DAMEO: RuleSet = RuleSet {
    name: "dameo",
    board: BoardSize::EightAll, // all 64 squares
    start: START_DAMEO,         // White a1-h1, b2-g2, c3-f3; Black mirrored
    first: Color::White,        // White first
    men: MenRules {
        // one square straight or diagonally forward; captures by a short jump forward,
        // backward or sideways along files and ranks, never diagonal
        moves: ManDirections::ForwardAndDiagonals,
        captures: ManDirections::Orthogonal,
        // linear movement: a line of own men (men only) moves one square along its line
        // [mindsports: "a line-of-one" included, so any part of a line reaching the square]
        linear_moves: true,
        ..BASE.men
    },
    kings: KingRules {
        // queen moves; flying captures along files and ranks, landing anywhere beyond
        move_lines: Lines::Both,
        capture_lines: Lines::Orthogonal,
        ..FLYING_KINGS
    },
    removal: Removal::AfterMove, // removed after the move, no piece jumped twice
    promotion: Promotion::far_full_rows(8, USUAL_FORWARD),
    precedence: Precedence::MAJORITY, // the most pieces, kings and men count one
    mid_capture_promotion: MidCapturePromotion::PassThrough, // goes on as a man
    draw: DrawRules {
        repetition: 3, // threefold repetition [jpn]
        // [U] no no-progress rule found: 25 moves each without a man move or capture
        no_progress_plies: 50,
        man_move_is_progress: true,
        endgame: EndgameCounters::Classes(&DAMEO_ENDGAME), // mutual impotence [U]
    },
    notation: Notation {
        algebraic: true, // a1-h8 as Turkish; numbers 1 = a8 … 64 = h1
        capture_sep: 'x',
        // [U] no GameType of its own: Turkish's board (8×8, all squares), a Variant tag
        game_type: "30,W,8,8,A0,0",
        ..TURKISH.notation
    },
    ..BASE
};

/// The full 8×8 board: White on the dark squares (a1 dark), Black on the light ones; Black
/// removes first (Hawaiian).
const START_HAWAIIAN: &str = "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4,d4,f4,h4,a5,c5,e5,g5,\
    b6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8:Bb1,d1,f1,h1,a2,c2,e2,g2,b3,d3,f3,h3,a4,c4,e4,g4,b5,d5,\
    f5,h5,a6,c6,e6,g6,b7,d7,f7,h7,a8,c8,e8,g8";

/// Hawaiian checkers (Konane): docs/rules/brainking.md (BrainKing, boardgameatlas).
pub(super) static HAWAIIAN: RuleSet = RuleSet {
    name: "hawaiian",
    board: BoardSize::EightAll, // the full 8×8 board
    start: START_HAWAIIAN,      // 32 pieces each, White on the dark squares, Black on the light
    first: Color::Black,        // Black starts by removing a piece
    // Black removes one of its pieces on a8, h1, d5 or e4; White then one of its pieces
    // orthogonally next to the hole
    opening: Opening::Removals(Geometry::full_squares(8, &[(0, 7), (7, 0), (3, 4), (4, 3)])),
    men: MenRules {
        // no quiet move: every move is an orthogonal jump over an adjacent enemy piece, which
        // may stop after any jump and goes on only straight ahead
        moves: ManDirections::Nowhere,
        captures: ManDirections::Orthogonal,
        continuation: Continuation::OptionalStraight,
        ..BASE.men
    },
    promotion: Promotion([Bitboard::EMPTY, Bitboard::EMPTY]), // no promotion, no kings
    precedence: Precedence::FREE,                             // any jump, any length
    goal: Goal::Normal,                                       // the player who cannot move loses
    // every move (a removal or a jump) takes a piece off the board: no position repeats and a
    // game lasts at most 62 plies, so no draw rule is needed
    draw: NO_DRAW_RULES,
    notation: Notation {
        algebraic: true, // a1-h8; numbers 1 = a8 … 64 = h1 as Turkish
        capture_sep: 'x',
        // [U] no GameType exists: Turkish's all-squares 8×8 with Black first and a Variant tag
        game_type: "30,B,8,8,A0,0",
        ..BASE.notation
    },
    ..BASE
};

/// 16 men each on the first two rows of the all-squares board, White to move (Gothic).
const START_GOTHIC: &str = "W:Wa1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2:\
    Ba7,b7,c7,d7,e7,f7,g7,h7,a8,b8,c8,d8,e8,f8,g8,h8";

/// Gothic checkers (Gotická dáma, BrainKing): docs/rules/brainking.md (BrainKing,
/// konigova); "the other rules are the same as for Checkers" [BK-american].
pub(super) static GOTHIC: RuleSet = RuleSet {
    name: "gothic",
    board: BoardSize::EightAll, // all 64 squares
    start: START_GOTHIC,        // 16 men each on the first two rows
    first: Color::White,        // [U] BrainKing's White starts (as in its other specials)
    men: MenRules {
        // one square forward, diagonally forward or sideways; captures alike
        moves: ManDirections::ForwardFive,
        captures: ManDirections::ForwardFive,
        ..BASE.men
    },
    kings: KingRules {
        // short kings: one square, moving and capturing in all eight directions
        moves: Range::Short,
        captures: Range::Short,
        landing: KingLanding::DirectlyBehind,
        move_lines: Lines::Both,
        capture_lines: Lines::Both,
    },
    removal: Removal::AfterMove, // [U] as checkers: the pieces taken leave when the move ends
    promotion: Promotion::far_full_rows(8, USUAL_FORWARD),
    precedence: Precedence::FREE, // checkers: free choice of capture
    mid_capture_promotion: MidCapturePromotion::EndMove, // checkers: a crowning ends the move
    // [U] none found: English's (40 moves each without a man move or capture, threefold)
    draw: ENGLISH.draw,
    notation: Notation {
        // algebraic a1-h8 (BrainKing); no GameType of its own [U]: Turkish's all-squares 8×8
        // with a Variant tag
        game_type: "30,W,8,8,A0,0",
        ..TURKISH.notation
    },
    ..BASE
};

/// White on rows 1-2, d3 and e3; Black on rows 4-5, a3 and b3; the centre c3 empty.
const START_ALQUERQUE: &str =
    "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba4,b4,c4,d4,e4,a5,b5,c5,d5,e5,a3,b3";

/// Alkerk (Alquerque, BrainKing): docs/rules/brainking.md (BrainKing, omerkel).
pub(super) static ALQUERQUE: RuleSet = RuleSet {
    name: "alquerque",
    board: BoardSize::FiveLines, // 5×5 points, diagonals through every other point
    start: START_ALQUERQUE,      // 12 men each [omerkel]; BrainKing's picture [U]
    first: Color::White,         // [U] omerkel: light (White) first
    men: MenRules {
        // one step forward, diagonally forward along a line, or sideways; never back
        moves: ManDirections::ForwardFive,
        // the first jump in a moving direction, the later ones in any direction, backward too
        captures: ManDirections::ForwardFive,
        later_captures: Some(ManDirections::AllEight),
        // no promotion: a man on the last row can only capture
        capture_only: Promotion::far_full_rows(5, USUAL_FORWARD),
        ..BASE.men
    },
    // no kings (none can arise); the field still needs a value
    kings: GOTHIC.kings,
    removal: Removal::AfterMove, // [U] the pieces taken leave when the move ends
    promotion: Promotion::NONE,  // men are never crowned
    precedence: Precedence::FREE, // no quantity rule [BrainKing's table]
    draw: DrawRules {
        repetition: 3, // [U] threefold repetition
        // [U] 20 moves each without a capture (a man's forward steps run out by themselves)
        no_progress_plies: 40,
        man_move_is_progress: false,
        endgame: EndgameCounters::None,
    },
    notation: Notation {
        // algebraic a1-e5 (numbers 1 = a5 … 25 = e1); no GameType exists [U]: the type of the
        // all-squares boards (Turkish's 30) with the 5×5 board and a Variant tag
        game_type: "30,W,5,5,A0,0",
        ..TURKISH.notation
    },
    ..BASE
};
