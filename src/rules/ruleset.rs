//! The rules of a variant as plain data: precedence, landing, promotion in a capture, draw
//! rules and notation, read by the move generator and every other layer.

use super::geometry::{BoardSize, Dir, Geometry, Word};
use super::goal::Goal;
use super::numbering::SquareNumbering;
use crate::types::{Bitboard, Color, Square};

/// One criterion of capture precedence: a way in which one complete capture beats another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// A capture made by a king beats one made by a man (Czech king priority; Italian rule 2).
    ByKing,
    /// The capture that takes the most pieces (every piece counts one).
    Count,
    /// The capture that takes the most kings (Spanish "quality"; Italian rule 3).
    KingsTaken,
    /// The capture that meets the kings it takes earliest: the capture-order positions of the
    /// kings taken, compared lexicographically (Italian rule 4).
    KingsFirst,
    /// The capture of the highest value, a man worth [`MAN_VALUE`] and a king [`KING_VALUE`],
    /// a little less than two men (Frisian, docs/rules/frisian.md: dctl's and lidraughts'
    /// form).
    Value,
}

/// The value of a man taken under [`Criterion::Value`].
pub const MAN_VALUE: u32 = 100;
/// The value of a king taken under [`Criterion::Value`]: a little less than two men, so that
/// two men outweigh a king and a king outweighs one man (and a king and a man outweigh two men).
pub const KING_VALUE: u32 = 199;

/// The form of a precedence's keys, worked out once so that the generator computes only what
/// is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyShape {
    /// No key is compared (free choice, or king priority, which the search applies itself).
    Unranked,
    /// The key is the number of pieces taken (the majority rule).
    Count,
    /// The key packs several criteria ([`Precedence::key`]).
    Criteria,
}

/// Which captures are legal when several exist: the criteria in the order they are applied.
/// Only the captures that are best by the first criterion stay, among them the best by the
/// second, and so on; what is still equal is free choice. Built by [`Precedence::new`], which
/// also works out, once, the facts the generator asks at every node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Precedence {
    criteria: &'static [Criterion],
    key_shape: KeyShape,
    kings_first: bool,
    single_jumps_tie: bool,
    track_order: bool,
}

impl Precedence {
    /// Any complete capture sequence may be chosen.
    pub const FREE: Precedence = Precedence::new(&[]);
    /// If any king can capture, only king captures are legal; otherwise free choice.
    pub const KING_PRIORITY: Precedence = Precedence::new(&[Criterion::ByKing]);
    /// Only the sequences that capture the most pieces are legal.
    pub const MAJORITY: Precedence = Precedence::new(&[Criterion::Count]);
    /// Quantity, then quality: the most pieces, then the most kings among them.
    pub const QUANTITY_QUALITY: Precedence =
        Precedence::new(&[Criterion::Count, Criterion::KingsTaken]);
    /// Frisian: the highest value taken (a king a little less than two men), then a capture
    /// made by a king.
    pub const FRISIAN: Precedence = Precedence::new(&[Criterion::Value, Criterion::ByKing]);
    /// Italian: the most pieces, then by a king, then the most kings, then kings met first.
    pub const ITALIAN: Precedence = Precedence::new(&[
        Criterion::Count,
        Criterion::ByKing,
        Criterion::KingsTaken,
        Criterion::KingsFirst,
    ]);

    /// The precedence of these criteria, most important first.
    pub const fn new(criteria: &'static [Criterion]) -> Precedence {
        let mut single_jumps_tie = true;
        let mut track_order = false;
        let mut i = 0;
        while i < criteria.len() {
            match criteria[i] {
                Criterion::KingsTaken | Criterion::Value => single_jumps_tie = false,
                Criterion::KingsFirst => {
                    single_jumps_tie = false;
                    track_order = true;
                }
                Criterion::ByKing | Criterion::Count => {}
            }
            i += 1;
        }
        Precedence {
            criteria,
            key_shape: match criteria {
                [] | [Criterion::ByKing] => KeyShape::Unranked,
                [Criterion::Count] => KeyShape::Count,
                _ => KeyShape::Criteria,
            },
            kings_first: matches!(criteria.first(), Some(Criterion::ByKing)),
            single_jumps_tie,
            track_order,
        }
    }

    /// The criteria, most important first.
    #[inline]
    pub const fn criteria(self) -> &'static [Criterion] {
        self.criteria
    }

    /// No criterion: free choice.
    #[inline(always)]
    pub const fn is_free(self) -> bool {
        self.criteria.is_empty()
    }

    /// The first criterion is [`Criterion::ByKing`]: when a king can capture, the men's
    /// captures need not be searched.
    #[inline(always)]
    pub const fn kings_first(self) -> bool {
        self.kings_first
    }

    /// Exactly the majority rule (only the count matters).
    #[inline]
    pub const fn is_majority(self) -> bool {
        matches!(self.criteria, [Criterion::Count])
    }

    /// Whether every capture of one piece by a man is as good as any other (no criterion looks
    /// at what was taken beyond the count).
    #[inline(always)]
    pub const fn single_jumps_tie(self) -> bool {
        self.single_jumps_tie
    }

    /// Whether only a leading [`Criterion::ByKing`] (or nothing) ranks the captures: then the
    /// search, which skips the men when a king can capture, keeps exactly the legal ones, and
    /// no key needs comparing.
    #[inline(always)]
    pub const fn needs_ranking(self) -> bool {
        !matches!(self.key_shape, KeyShape::Unranked)
    }

    /// How the keys of [`Precedence::key`] can be computed (what the generator asks at every
    /// capture it finds).
    #[inline(always)]
    pub const fn key_shape(self) -> KeyShape {
        self.key_shape
    }

    /// Whether the keys need the order in which kings were taken ([`Criterion::KingsFirst`]).
    #[inline(always)]
    pub const fn tracks_order(self) -> bool {
        self.track_order
    }

    /// The ordering key of a capture: larger is better, equal keys are equally good. The
    /// criteria are packed most significant first; `count` and `kings` are the pieces and the
    /// kings taken, `king_order` has bit `31 - i` set when the `i`-th piece taken (from 0) was
    /// a king.
    #[inline]
    pub fn key(self, count: u32, by_king: bool, kings: u32, king_order: u32) -> u64 {
        let mut key = 0u64;
        for c in self.criteria {
            key = match c {
                Criterion::ByKing => key << 1 | by_king as u64,
                Criterion::Count => key << 6 | count.min(63) as u64,
                Criterion::KingsTaken => key << 6 | kings.min(63) as u64,
                Criterion::KingsFirst => key << 32 | king_order as u64,
                Criterion::Value => {
                    let men = count.saturating_sub(kings).min(63);
                    key << 16 | (men * MAN_VALUE + kings.min(63) * KING_VALUE) as u64
                }
            };
        }
        key
    }
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
    /// Only the square directly behind the captured piece (Thai).
    DirectlyBehind,
    /// Any empty square beyond, except that a capture ending by taking a king stops directly
    /// behind that king (Killer).
    HaltBehindKing,
}

/// How far a king goes in one move or one jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    /// One square (a jump: over an adjacent piece to the square right behind it).
    Short,
    /// Any distance along a free line (flying).
    Flying,
}

/// The directions a man moves or captures in, relative to its forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManDirections {
    /// The two diagonals forward.
    ForwardDiagonals,
    /// All four diagonals.
    AllDiagonals,
    /// Straight forward and sideways along the rank (Turkish), never backward.
    ForwardAndSideways,
    /// All eight: the four diagonals and the four lines along files and ranks (Frisian's
    /// captures; on a dark-square board an orthogonal jump takes the piece two cells away).
    AllEight,
    /// Straight forward and the two diagonals forward (Dameo's quiet moves).
    ForwardAndDiagonals,
    /// The four lines along files and ranks: forward, backward and sideways (Dameo's
    /// captures, Konane's jumps).
    Orthogonal,
    /// Five: straight forward, both forward diagonals and sideways along the rank (Gothic),
    /// never backward.
    ForwardFive,
    /// None: the men have no quiet move (Konane: every move is a jump).
    Nowhere,
}

impl ManDirections {
    /// Whether a man steps sideways along its row (Turkish, Gothic): such a step can be
    /// undone, so it is no progress for the draw rules.
    #[inline(always)]
    pub const fn sideways(self) -> bool {
        matches!(
            self,
            ManDirections::ForwardAndSideways | ManDirections::ForwardFive
        )
    }

    /// The directions of a man going `forward`.
    #[inline]
    pub const fn dirs(self, forward: Forward) -> &'static [Dir] {
        const UP: [Dir; 2] = Dir::forward(Color::White);
        const DOWN: [Dir; 2] = Dir::forward(Color::Black);
        match (self, forward) {
            (ManDirections::ForwardDiagonals, Forward::Up) => &UP,
            (ManDirections::ForwardDiagonals, Forward::Down) => &DOWN,
            (ManDirections::AllDiagonals, _) => &Dir::DIAGONALS,
            (ManDirections::AllEight, _) => &Dir::EIGHT,
            (ManDirections::Nowhere, _) => &[],
            (ManDirections::ForwardAndSideways, Forward::Up) => &[Dir::Up, Dir::Left, Dir::Right],
            (ManDirections::ForwardAndSideways, Forward::Down) => {
                &[Dir::Down, Dir::Left, Dir::Right]
            }
            (ManDirections::ForwardAndDiagonals, Forward::Up) => {
                &[Dir::Up, Dir::UpLeft, Dir::UpRight]
            }
            (ManDirections::ForwardAndDiagonals, Forward::Down) => {
                &[Dir::Down, Dir::DownLeft, Dir::DownRight]
            }
            (ManDirections::Orthogonal, _) => &Dir::ORTHOGONALS,
            (ManDirections::ForwardFive, Forward::Up) => {
                &[Dir::UpLeft, Dir::UpRight, Dir::Up, Dir::Left, Dir::Right]
            }
            (ManDirections::ForwardFive, Forward::Down) => &[
                Dir::DownLeft,
                Dir::DownRight,
                Dir::Down,
                Dir::Left,
                Dir::Right,
            ],
        }
    }
}

/// The lines along which a king moves or captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// The four diagonals.
    Diagonal,
    /// The four files and ranks (Turkish).
    Orthogonal,
    /// All eight.
    Both,
}

impl Lines {
    /// The directions of these lines.
    #[inline]
    pub const fn dirs(self) -> &'static [Dir] {
        match self {
            Lines::Diagonal => &Dir::DIAGONALS,
            Lines::Orthogonal => &Dir::ORTHOGONALS,
            Lines::Both => &Dir::EIGHT,
        }
    }
}

/// Which way a colour's men go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forward {
    /// Towards rank 8 (10, …): White's forward in every usual variant.
    Up,
    /// Towards rank 1.
    Down,
}

impl Forward {
    /// The row (from the bottom, from 0) a man going this way is crowned on.
    pub const fn far_row(self, width: u8) -> u8 {
        match self {
            Forward::Up => width - 1,
            Forward::Down => 0,
        }
    }
}

/// How men move, capture and what they may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenRules {
    /// The directions of a man's quiet move.
    pub moves: ManDirections,
    /// The directions men capture in (the first jump of a capture).
    pub captures: ManDirections,
    /// The directions of a man's later jumps in the same capture, where they differ from the
    /// first (Alkerk: any direction, backward too); `None`: as [`MenRules::captures`].
    pub later_captures: Option<ManDirections>,
    /// The squares on which a man may only capture, never make a quiet move (Alkerk's last
    /// row, where men are not crowned); empty elsewhere.
    pub capture_only: Promotion,
    /// Whether a man may capture a king (Italian: never).
    pub capture_kings: bool,
    /// The forward of White's men and of Black's (One-way: both up).
    pub forward: [Forward; 2],
    /// Whether a man standing on its own promotion squares is a parachutist (Parachute).
    pub parachutists: Parachutists,
    /// Dameo's linear movement: an unbroken line of the side's men (kings never take part)
    /// moves one square along its own line in one of the men's move directions, into an empty
    /// square. It is written as the rearmost man of the line going over the others to that
    /// square, so a man's quiet move may go several squares: over every own man straight ahead
    /// to the first empty square behind them (the rear man of any part of a line that ends in
    /// front of that square).
    pub linear_moves: bool,
    /// Whether a man's capture must be completed, or may stop after any jump (Konane).
    pub continuation: Continuation,
}

/// How far a man's capture goes once it has started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Continuation {
    /// The sequence must be completed: the man jumps on while it can.
    Compulsory,
    /// The man may stop after any jump, and jumps on only straight ahead, in the direction of
    /// its first jump (Konane): every leading part of a straight chain of jumps is a move.
    OptionalStraight,
}

/// How a game begins: with the first move, or with the removals of Konane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The first player makes the first move from the start position.
    Moves,
    /// The board starts full. On a full board the side to move removes one of its own pieces
    /// on these squares; with one empty square (the hole) the side to move removes one of its
    /// own pieces orthogonally next to the hole; play then goes on with jumps (Konane). The
    /// phase is read from the number of empty squares, so the position carries it.
    Removals(Bitboard<u128>),
}

impl Opening {
    /// The squares the first removal may take, where the opening has removals.
    #[inline]
    pub const fn first_removals(self) -> Option<Bitboard<u128>> {
        match self {
            Opening::Moves => None,
            Opening::Removals(squares) => Some(squares),
        }
    }
}

/// Parachutists (Parachute checkers, docs/rules/brainking.md): a side's men that start on the
/// opponent's first row, its own promotion squares. A man can never stand there otherwise (it is
/// crowned), so a man on its own promotion squares *is* a parachutist: no piece kind of its own
/// is needed.
/// A parachutist's only move is a capture: it jumps, toward its own side, a piece right in front
/// of it on the next row, lands directly behind, and is a man from then on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parachutists {
    /// No parachutists: a man on its own promotion squares cannot occur.
    Absent,
    /// After its jump the new man goes on capturing as a man where it can (dama's
    /// provisional reading: a capture is completed, as in Czech).
    GoOnAsMan,
    /// The move ends where the parachutist lands.
    StopOnLanding,
}

impl Parachutists {
    /// Whether the variant has parachutists.
    #[inline(always)]
    pub const fn present(self) -> bool {
        !matches!(self, Parachutists::Absent)
    }
}

/// How kings move and capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingRules {
    /// The range of a quiet move.
    pub moves: Range,
    /// The range of a capture (how far before the piece taken).
    pub captures: Range,
    /// Where a capturing king may land.
    pub landing: KingLanding,
    /// The lines of a quiet move.
    pub move_lines: Lines,
    /// The lines of a capture.
    pub capture_lines: Lines,
}

/// When the pieces taken in a capture leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// When the move ends: until then they block and cannot be jumped twice.
    AfterMove,
    /// At once: their squares are empty for the rest of the move, and a piece may not turn back
    /// (180°) between two jumps (Thai, Turkish).
    AtOnce,
}

/// Where men are crowned: the squares for White's men and for Black's, worked out at compile
/// time by [`Promotion::far_rows`] or [`Promotion::squares`], in 128 bits (every word reads
/// its own bits of them: [`RuleSet::promotion_squares`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promotion(pub [Bitboard<u128>; 2]);

impl Promotion {
    /// No squares: men are never crowned (or, as [`MenRules::capture_only`], nowhere held).
    pub const NONE: Promotion = Promotion([Bitboard(0), Bitboard(0)]);

    /// Whether there is no square for either colour.
    pub const fn is_empty(&self) -> bool {
        self.0[0].0 == 0 && self.0[1].0 == 0
    }

    /// The far row in each colour's forward direction on a board `width` squares wide.
    pub const fn far_rows(width: u8, forward: [Forward; 2]) -> Promotion {
        Promotion([
            Geometry::dark_row(width, forward[0].far_row(width)),
            Geometry::dark_row(width, forward[1].far_row(width)),
        ])
    }

    /// The far row in each colour's forward direction on an all-squares board `width` wide.
    pub const fn far_full_rows(width: u8, forward: [Forward; 2]) -> Promotion {
        Promotion([
            Geometry::full_row(width, forward[0].far_row(width)),
            Geometry::full_row(width, forward[1].far_row(width)),
        ])
    }

    /// Promotion on the squares at (column, row from White's side, both from 0) of an a1-dark
    /// board `width` squares wide, for White's men and for Black's (Corner).
    pub const fn squares(width: u8, white: &[(u8, u8)], black: &[(u8, u8)]) -> Promotion {
        Promotion([
            Geometry::dark_squares(width, white),
            Geometry::dark_squares(width, black),
        ])
    }
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
    /// Algebraic squares (`c3-d4`) when true, numbers (`22-18`) when false.
    pub algebraic: bool,
    /// How the squares are numbered: numeric FEN, numeric move text, Hub position strings and
    /// moves (algebraic squares are read in every variant).
    pub numbering: SquareNumbering,
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
    /// The start position as a FEN with algebraic squares (`W:Wa1,c1:Bb8`); its side to move
    /// is [`RuleSet::first`].
    pub start: &'static str,
    /// The side that moves first.
    pub first: Color,
    /// How men move and capture.
    pub men: MenRules,
    /// How kings move and capture.
    pub kings: KingRules,
    /// When captured pieces leave the board.
    pub removal: Removal,
    /// Where men are crowned (tested to be the far rows of the men's forward, except where a
    /// variant names other squares).
    pub promotion: Promotion,
    /// Which captures are legal when several exist.
    pub precedence: Precedence,
    /// A man reaching the far row during a capture.
    pub mid_capture_promotion: MidCapturePromotion,
    /// The most consecutive non-capturing moves one king may make while its side still has
    /// men (Frisian: 3); 0 for no limit. Capturing, or moving a man or another king, restarts
    /// the count. The position carries the count ([`crate::KingRun`]).
    pub king_move_limit: u8,
    /// How the game begins ([`Opening::Removals`]: Konane's removals before the first jump).
    pub opening: Opening,
    /// What ends the game and who wins.
    pub goal: Goal,
    /// Draw rules.
    pub draw: DrawRules,
    /// Notation.
    pub notation: Notation,
}

impl RuleSet {
    /// The board tables of this variant in the word `W` (64 bits for every board but 12×12:
    /// see [`RuleSet::wide`]).
    #[inline(always)]
    pub fn geometry<W: Word>(&self) -> &'static Geometry<W> {
        self.board.geometry()
    }

    /// The board tables the names and numbers of the squares are read from (the same at
    /// every word).
    #[inline]
    pub fn names(&self) -> &'static Geometry<u128> {
        self.board.names()
    }

    /// Whether the variant is played in 128-bit words (its board needs more than 64 bits).
    #[inline]
    pub fn wide(&self) -> bool {
        self.board.is_wide()
    }

    /// Whether kings move and capture at a distance.
    #[inline]
    pub fn flying_kings(&self) -> bool {
        self.kings.captures == Range::Flying
    }

    /// Whether every move is a jump (Konane: men have no quiet move and are never crowned), so
    /// that a capture is no reason for the search to look further.
    #[inline]
    pub fn jumps_only(&self) -> bool {
        matches!(self.men.moves, ManDirections::Nowhere)
            && self.promotion.0[0].is_empty()
            && self.promotion.0[1].is_empty()
    }

    /// Whether men capture backward.
    #[inline]
    pub fn men_capture_backward(&self) -> bool {
        matches!(
            self.men.captures,
            ManDirections::AllDiagonals | ManDirections::AllEight | ManDirections::Orthogonal
        )
    }

    /// The two diagonal directions forward of `color`'s men (a parachutist captures in their
    /// reverse).
    #[inline]
    pub fn forward_dirs(&self, color: Color) -> [Dir; 2] {
        match self.forward(color) {
            Forward::Up => Dir::forward(Color::White),
            Forward::Down => Dir::forward(Color::Black),
        }
    }

    /// The directions of the quiet moves of `color`'s men.
    #[inline]
    pub fn man_move_dirs(&self, color: Color) -> &'static [Dir] {
        self.men.moves.dirs(self.forward(color))
    }

    /// The directions in which `color`'s men capture.
    #[inline]
    pub fn man_capture_dirs(&self, color: Color) -> &'static [Dir] {
        self.men.captures.dirs(self.forward(color))
    }

    /// The directions of the later jumps of `color`'s men in one capture.
    #[inline]
    pub fn man_later_capture_dirs(&self, color: Color) -> &'static [Dir] {
        self.men
            .later_captures
            .unwrap_or(self.men.captures)
            .dirs(self.forward(color))
    }

    /// The squares on which `color`'s men may only capture ([`MenRules::capture_only`]).
    #[inline(always)]
    pub fn capture_only_squares<W: Word>(&self, color: Color) -> Bitboard<W> {
        Bitboard::narrow(self.men.capture_only.0[color.index()])
    }

    /// Whether men are crowned anywhere (Alkerk has no kings).
    #[inline]
    pub fn has_kings(&self) -> bool {
        !self.promotion.is_empty()
    }

    /// The forward of `color`'s men.
    #[inline]
    pub fn forward(&self, color: Color) -> Forward {
        self.men.forward[color.index()]
    }

    /// The squares on which `color`'s men are crowned.
    #[inline(always)]
    pub fn promotion_squares<W: Word>(&self, color: Color) -> Bitboard<W> {
        Bitboard::narrow(self.promotion.0[color.index()])
    }

    /// The number of `sq` in this variant's numbering ([`Notation::numbering`]).
    #[inline]
    pub fn square_number(&self, sq: Square) -> u32 {
        self.notation.numbering.number(self.names(), sq)
    }

    /// The square numbered `n` in this variant's numbering, if there is one.
    #[inline]
    pub fn numbered_square(&self, n: u32) -> Option<Square> {
        self.notation.numbering.square(self.names(), n)
    }

    /// The name of `sq` in this variant's notation: algebraic (`c3`) or its number (`22`).
    pub fn square_name(&self, sq: Square) -> String {
        if self.notation.algebraic {
            self.names().algebraic(sq)
        } else {
            self.square_number(sq).to_string()
        }
    }
}
