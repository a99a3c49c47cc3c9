//! A position: where the pieces stand and who is to move. Copy-make: [`Board::play`] returns
//! a new position.

use crate::moves::Move;
use crate::rules::{Geometry, RuleSet, Variant, Word};
use crate::types::{Bitboard, Color, Piece, Square};
use crate::zobrist::{self, Key};
use std::sync::OnceLock;

mod king_run;

pub use king_run::KingRun;

/// A position of a variant played in 64-bit words: every board but 12×12.
pub type Position = Board<u64>;

/// A position of a variant played in 128-bit words (12×12: [`RuleSet::wide`]).
pub type WidePosition = Board<u128>;

/// A position of some variant: where the pieces stand and who is to move, the piece sets in
/// the word `W` ([`Position`] for 64 bits, [`WidePosition`] for 128). Small and `Copy` (four
/// words and a few bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board<W: Word = u64> {
    pieces: [Bitboard<W>; 2],
    kings: Bitboard<W>,
    side: Color,
    variant: Variant,
    /// Each side's run of non-capturing king moves (Frisian's limit; [`KingRun`]).
    runs: [KingRun; 2],
    key: Key,
}

impl<W: Word> Board<W> {
    /// The start position of `variant` (its rule set's start FEN, read once).
    ///
    /// A variant whose board needs more bits than the word `W` (Canadian 12×12 with `u64`,
    /// [`RuleSet::wide`](crate::RuleSet::wide)) has no position in it: start it as a
    /// [`WidePosition`](crate::WidePosition).
    ///
    /// # Examples
    ///
    /// ```
    /// use dama::{movegen, Color, Position, Variant};
    ///
    /// let pos = Position::start(Variant::Czech);
    /// assert_eq!(pos.side(), Color::White);
    /// assert_eq!(movegen::legal_moves(&pos).len(), 7);
    /// ```
    #[inline]
    pub fn start(variant: Variant) -> Board<W> {
        static STARTS: [OnceLock<Board<u128>>; Variant::ALL.len()] =
            [const { OnceLock::new() }; Variant::ALL.len()];
        let wide = STARTS[variant as usize].get_or_init(|| Board::from_start_fen(variant));
        Board {
            pieces: wide.pieces.map(Bitboard::narrow),
            kings: Bitboard::narrow(wide.kings),
            side: wide.side,
            variant,
            runs: wide.runs,
            key: wide.key,
        }
    }

    /// Reads the rule set's start FEN (`W:Wa1,c1,Kd4:Bb8`: algebraic squares, `K` for a king).
    /// The FEN is data of the rule set, checked by the tests for every variant, so a square
    /// that is not on the board is a bug of the table and stops the program.
    fn from_start_fen(variant: Variant) -> Board<W> {
        let rules = variant.rules();
        let g = rules.names();
        let mut pieces = [Bitboard::EMPTY; 2];
        let mut kings = Bitboard::EMPTY;
        for group in rules.start.split(':').skip(1) {
            let color = if group.starts_with('W') {
                Color::White
            } else {
                Color::Black
            };
            for token in group[1..].split(',').filter(|t| !t.is_empty()) {
                // `P`: a parachutist, which is a man on its own promotion squares
                let token = token.strip_prefix('P').unwrap_or(token);
                let (king, name) = match token.strip_prefix('K') {
                    Some(rest) => (true, rest),
                    None => (false, token),
                };
                let Some(sq) = g.parse_algebraic(name) else {
                    panic!("{}: start square {token} is not on the board", rules.name);
                };
                pieces[color.index()] |= Bitboard::from_square(sq);
                if king {
                    kings |= Bitboard::from_square(sq);
                }
            }
        }
        Board::from_parts(variant, pieces[0], pieces[1], kings, rules.first)
    }

    /// Builds a position from its piece sets without checking them (see [`Board::validate`]).
    pub fn from_parts(
        variant: Variant,
        white: Bitboard<W>,
        black: Bitboard<W>,
        kings: Bitboard<W>,
        side: Color,
    ) -> Board<W> {
        let mut pos = Board {
            pieces: [white, black],
            kings,
            side,
            variant,
            runs: [KingRun::NONE; 2],
            key: 0,
        };
        pos.key = pos.compute_key();
        pos
    }

    /// The key computed from scratch (equals [`Board::key`], which is kept incrementally).
    pub fn compute_key(&self) -> Key {
        let mut key = if self.side == Color::Black {
            zobrist::SIDE_KEY
        } else {
            0
        };
        for c in Color::ALL {
            key ^= zobrist::set_key(c, Piece::Man, self.pieces[c.index()] - self.kings);
            key ^= zobrist::set_key(c, Piece::King, self.pieces[c.index()] & self.kings);
        }
        key ^ self.runs_key()
    }

    /// The variant.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The rules of the variant.
    #[inline]
    pub fn rules(&self) -> &'static RuleSet {
        self.variant.rules()
    }

    /// The board tables.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry<W> {
        self.rules().geometry()
    }

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// The Zobrist key (pieces and side to move).
    #[inline]
    pub fn key(&self) -> Key {
        self.key
    }

    /// All pieces of `color`.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard<W> {
        self.pieces[color.index()]
    }

    /// The men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> Bitboard<W> {
        self.pieces[color.index()] - self.kings
    }

    /// The parachutists of `color` (Parachute): its men on its own promotion squares, where
    /// no man stands otherwise ([`crate::rules::Parachutists`]); empty in other variants.
    #[inline]
    pub fn parachutists(&self, color: Color) -> Bitboard<W> {
        let r = self.rules();
        if r.men.parachutists.present() {
            self.men(color) & r.promotion_squares(color)
        } else {
            Bitboard::EMPTY
        }
    }

    /// The kings of `color`.
    #[inline]
    pub fn kings(&self, color: Color) -> Bitboard<W> {
        self.pieces[color.index()] & self.kings
    }

    /// All kings of both sides.
    #[inline]
    pub fn all_kings(&self) -> Bitboard<W> {
        self.kings
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard<W> {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty playable square.
    #[inline]
    pub fn empty(&self) -> Bitboard<W> {
        self.geometry().valid - self.occupied()
    }

    /// What stands on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Piece)> {
        let color = Color::ALL.into_iter().find(|c| self.pieces(*c).has(sq))?;
        let piece = if self.kings.has(sq) {
            Piece::King
        } else {
            Piece::Man
        };
        Some((color, piece))
    }

    /// Number of pieces of `color` of kind `piece`.
    #[inline]
    pub fn count(&self, color: Color, piece: Piece) -> u32 {
        match piece {
            Piece::Man => self.men(color).count(),
            Piece::King => self.kings(color).count(),
        }
    }

    /// The same position in the word `V`, if its board fits `V` (a 12×12 position has no
    /// 64-bit form). The bits are the same: converting back gives this position.
    pub fn in_word<V: Word>(&self) -> Option<Board<V>> {
        if self.rules().wide() && V::BITS <= 64 {
            return None;
        }
        Some(Board {
            pieces: self.pieces.map(|p| Bitboard::narrow(p.wide())),
            kings: Bitboard::narrow(self.kings.wide()),
            side: self.side,
            variant: self.variant,
            runs: self.runs,
            key: self.key,
        })
    }

    /// The same position in 128 bits (every board has that form).
    pub fn to_wide(&self) -> Board<u128> {
        Board {
            pieces: self.pieces.map(Bitboard::wide),
            kings: self.kings.wide(),
            side: self.side,
            variant: self.variant,
            runs: self.runs,
            key: self.key,
        }
    }

    /// The same pieces with the other side to move.
    pub fn with_side(&self, side: Color) -> Board<W> {
        let mut p = *self;
        if side != self.side {
            p.side = side;
            p.key ^= zobrist::SIDE_KEY;
        }
        p
    }

    /// The position after `mv` (which must be legal here). The captured pieces leave first:
    /// where they are removed at once (Turkish, Thai) the mover may end on the square of a
    /// piece it took.
    ///
    /// `mv` is not checked: a move that is not legal here gives a position that is not one of
    /// the game. Take moves from [`movegen::legal_moves`](crate::movegen::legal_moves) or
    /// [`notation::parse_move`](crate::notation::parse_move), which check.
    ///
    /// # Examples
    ///
    /// ```
    /// use dama::{notation, Position, Variant};
    ///
    /// let start = Position::start(Variant::Czech);
    /// let mv = notation::parse_move(&start, "c3-d4").unwrap();
    /// let after = start.play(&mv);
    /// assert_eq!(
    ///     after.to_fen(),
    ///     "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
    /// );
    /// ```
    #[inline]
    pub fn play(&self, mv: &Move<W>) -> Board<W> {
        let me = self.side;
        let from = Bitboard::from_square(mv.from);
        let to = Bitboard::from_square(mv.to);
        let mut p = *self;
        if mv.captured.any() {
            if mv.is_removal() {
                return self.play_removal(mv);
            }
            let them = !me;
            let cap_kings = mv.captured & self.kings;
            p.key ^= zobrist::set_key(them, Piece::King, cap_kings)
                ^ zobrist::set_key(them, Piece::Man, mv.captured - cap_kings);
            p.pieces[them.index()] ^= mv.captured;
            p.kings = p.kings - mv.captured;
        }
        let was_king = self.kings.has(mv.from);
        p.pieces[me.index()] ^= from ^ to;
        let (old_kind, new_kind) = if was_king {
            p.kings ^= from ^ to;
            (Piece::King, Piece::King)
        } else if mv.promotes {
            p.kings |= to;
            (Piece::Man, Piece::King)
        } else {
            (Piece::Man, Piece::Man)
        };
        p.key ^=
            zobrist::piece_key(me, old_kind, mv.from) ^ zobrist::piece_key(me, new_kind, mv.to);
        p.side = !me;
        p.key ^= zobrist::SIDE_KEY;
        p.update_runs(me, mv, was_king, true);
        p
    }

    /// [`Board::play`] without the Zobrist key update, for perft: the result's
    /// [`Board::key`] is stale, so it must never reach code that reads the key. Never a
    /// removal ([`Move::removal`]: Konane's opening), which only [`Board::play`] makes, so
    /// that the hot paths pay no test for it.
    #[inline]
    pub(crate) fn play_unkeyed(&self, mv: &Move<W>) -> Board<W> {
        self.play_unkeyed_in::<true>(mv)
    }

    /// [`Board::play_unkeyed`] where `RUNS` says whether the variant has the king-move limit
    /// ([`RuleSet::king_move_limit`]); without it the runs stay none and are not looked at, so
    /// perft's children in every other variant are a few bit operations.
    #[inline(always)]
    pub(crate) fn play_unkeyed_in<const RUNS: bool>(&self, mv: &Move<W>) -> Board<W> {
        let me = self.side;
        let from = Bitboard::from_square(mv.from);
        let to = Bitboard::from_square(mv.to);
        let mut p = *self;
        p.pieces[(!me).index()] ^= mv.captured;
        p.kings = p.kings - mv.captured;
        p.pieces[me.index()] ^= from ^ to;
        let was_king = self.kings.has(mv.from);
        if was_king {
            p.kings ^= from ^ to;
        } else if mv.promotes {
            p.kings |= to;
        }
        p.side = !me;
        if RUNS {
            p.update_runs(me, mv, was_king, false);
        }
        p
    }

    /// [`Board::play`] of a removal ([`Move::removal`]: Konane's opening): the side to move
    /// takes its own man off the board. Out of line: no other variant has one.
    #[cold]
    #[inline(never)]
    fn play_removal(&self, mv: &Move<W>) -> Board<W> {
        let me = self.side;
        let mut p = *self;
        let kind = if self.kings.has(mv.from) {
            Piece::King
        } else {
            Piece::Man
        };
        p.pieces[me.index()] = p.pieces[me.index()] - mv.captured;
        p.kings = p.kings - mv.captured;
        p.key ^= zobrist::piece_key(me, kind, mv.from) ^ zobrist::SIDE_KEY;
        p.side = !me;
        p
    }

    /// Checks that the position could occur in a game of its variant (used for FEN input).
    ///
    /// # Errors
    ///
    /// One line naming what cannot occur: a square holding both colours, a piece off the
    /// board, a king where men are never crowned, a man on its own promotion row, or more
    /// pieces than the variant has.
    pub fn validate(&self) -> Result<(), String> {
        let g = self.geometry();
        if (self.pieces[0] & self.pieces[1]).any() {
            return Err("a square holds a white and a black piece".into());
        }
        if (self.occupied() - g.valid).any() || (self.kings - self.occupied()).any() {
            return Err("a piece stands off the board".into());
        }
        if self.kings.any() && !self.rules().has_kings() {
            return Err(format!(
                "{} has no kings (men are never crowned)",
                self.variant.name()
            ));
        }
        let start = Board::<W>::start(self.variant);
        for c in Color::ALL {
            // the start's count, or 12 on 8×8 and 20 on 10×10 for starts of fewer rows
            let max_men = start.pieces(c).count().max(g.squares as u32 * 2 / 5);
            let on_promotion = self.men(c) & self.rules().promotion_squares(c);
            if let Some(sq) = (on_promotion - self.parachutists(c)).first() {
                return Err(format!(
                    "a {} man stands on its own promotion row ({})",
                    c.name(),
                    self.rules().square_name(sq)
                ));
            }
            if self.pieces(c).count() > max_men {
                return Err(format!(
                    "{} has {} pieces; at most {} are possible",
                    c.name(),
                    self.pieces(c).count(),
                    max_men
                ));
            }
        }
        Ok(())
    }
}

/// The king-move limit's runs ([`KingRun`]: Frisian).
impl<W: Word> Board<W> {
    /// The run of `color`'s king ([`KingRun`]; always none in variants without the limit).
    #[inline]
    pub fn king_run(&self, color: Color) -> KingRun {
        self.runs[color.index()]
    }

    /// The king of the side to move that may make no more non-capturing moves (its run has
    /// reached the limit and the side has men), as a set of at most one square.
    #[inline]
    pub fn frozen_king(&self) -> Bitboard<W> {
        let run = self.runs[self.side.index()];
        let limit = self.rules().king_move_limit;
        match run.square() {
            Some(sq) if limit != 0 && run.count() >= limit => Bitboard::from_square(sq),
            _ => Bitboard::EMPTY,
        }
    }

    /// [`Position::frozen_king`] of the position after `mv` (legal here), from this one's runs.
    #[inline]
    pub(crate) fn frozen_after(&self, mv: &Move<W>) -> Bitboard<W> {
        let them = !self.side;
        let run = self.runs[them.index()];
        let Some(sq) = run.square() else {
            return Bitboard::EMPTY;
        };
        let limit = self.rules().king_move_limit;
        let men_left = (self.men(them) - mv.captured).any();
        if limit != 0 && run.count() >= limit && !mv.captured.has(sq) && men_left {
            Bitboard::from_square(sq)
        } else {
            Bitboard::EMPTY
        }
    }

    /// The same position with `color`'s run set to `run` (a king of `color` must stand on its
    /// square; in variants without the limit the run stays none).
    pub fn with_king_run(&self, color: Color, run: KingRun) -> Board<W> {
        let mut p = *self;
        let ok = match run.square() {
            Some(sq) => self.kings(color).has(sq) && self.men(color).any(),
            None => true,
        };
        if ok && self.rules().king_move_limit != 0 {
            p.key ^= p.runs[color.index()].key(color) ^ run.key(color);
            p.runs[color.index()] = run;
        }
        p
    }

    /// The key part of both runs (for [`Position::compute_key`]).
    #[inline]
    fn runs_key(&self) -> Key {
        self.runs[0].key(Color::White) ^ self.runs[1].key(Color::Black)
    }

    /// Updates the runs of `self`, the position after `mover` played `mv` (a king's move when
    /// `was_king`), and its key when `keyed`. Only where the variant has the limit, or a run
    /// is left to end.
    #[inline(always)]
    fn update_runs(&mut self, mover: Color, mv: &Move<W>, was_king: bool, keyed: bool) {
        let quiet_king = was_king && mv.captured.is_empty();
        if self.runs == [KingRun::NONE; 2] && !quiet_king {
            return;
        }
        *self = self.with_runs_of_king_move(mover, mv, quiet_king, keyed);
    }

    /// [`Position::update_runs_of_king_move`] by value: the caller's position (the one `play`
    /// builds) never has its address taken, so it is built in registers and stored once where
    /// it goes. Through `&mut self` it lived on the stack, its side written as one byte and
    /// read back at once within a wider load, which the processor cannot forward (a stall of
    /// every move perft makes).
    #[inline(never)]
    fn with_runs_of_king_move(
        mut self,
        mover: Color,
        mv: &Move<W>,
        quiet_king: bool,
        keyed: bool,
    ) -> Board<W> {
        self.update_runs_of_king_move(mover, mv, quiet_king, keyed);
        self
    }

    /// [`Position::update_runs`] past its quick test.
    #[inline(always)]
    fn update_runs_of_king_move(
        &mut self,
        mover: Color,
        mv: &Move<W>,
        quiet_king: bool,
        keyed: bool,
    ) {
        let limit = self.rules().king_move_limit;
        if limit == 0 {
            return;
        }
        let before = self.runs;
        let them = !mover;
        let mine = before[mover.index()];
        self.runs[mover.index()] = if quiet_king && self.men(mover).any() {
            let count = if mine.square() == Some(mv.from) {
                mine.count() + 1
            } else {
                1
            };
            KingRun::new(mv.to, count.min(limit))
        } else {
            KingRun::NONE
        };
        // the opponent's run ends with its king taken or its last man
        let theirs = before[them.index()];
        let taken = theirs.square().is_some_and(|sq| mv.captured.has(sq));
        if taken || self.men(them).is_empty() {
            self.runs[them.index()] = KingRun::NONE;
        }
        if keyed {
            for c in Color::ALL {
                self.key ^= before[c.index()].key(c) ^ self.runs[c.index()].key(c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen;
    use crate::position::Position;
    use crate::rules::Variant;

    /// Calls `f::<u128>` for every variant (every board has 128-bit tables) and `f::<u64>`
    /// for the variants played in 64 bits.
    macro_rules! each_word {
        ($f:ident) => {
            for v in Variant::ALL {
                $f::<u128>(v);
                if !v.rules().wide() {
                    $f::<u64>(v);
                }
            }
        };
    }

    #[test]
    fn play_unkeyed_makes_the_same_position_as_play() {
        each_word!(unkeyed_play_agrees);
    }

    fn unkeyed_play_agrees<W: Word>(variant: Variant) {
        {
            let mut pos = Board::<W>::start(variant);
            for ply in 0..120usize {
                let moves = movegen::legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                // a removal is never played unkeyed
                for m in moves.iter().filter(|m| !m.is_removal()) {
                    let (a, b) = (pos.play(m), pos.play_unkeyed(m));
                    assert_eq!(a.to_fen(), b.to_fen());
                    assert_eq!(a.all_kings(), b.all_kings());
                }
                pos = pos.play(&moves[(ply * 7 + 3) % moves.len()]);
            }
        }
    }

    #[test]
    fn every_start_fen_is_a_valid_position_with_the_first_mover() {
        each_word!(start_is_valid);
        assert_eq!(Position::start(Variant::Czech).occupied().count(), 24);
    }

    fn start_is_valid<W: Word>(v: Variant) {
        {
            let rules = v.rules();
            let pos = Board::<W>::start(v);
            assert_eq!(pos.validate(), Ok(()), "{v}");
            assert_eq!(pos.side(), rules.first, "{v}");
            let side = if rules.first == Color::White {
                "W"
            } else {
                "B"
            };
            assert!(rules.start.starts_with(side), "{v}: {}", rules.start);
            let listed = rules.start.matches(',').count() + 2;
            assert_eq!(
                pos.occupied().count() as usize,
                listed,
                "{v}: a square listed twice"
            );
            assert!(pos.pieces(Color::White).any() && pos.pieces(Color::Black).any());
        }
    }

    #[test]
    fn men_are_crowned_on_the_far_row_of_their_forward() {
        use crate::rules::Forward;
        for v in Variant::ALL {
            let (rules, g) = (v.rules(), v.rules().names());
            if v.name() == "corner" {
                continue; // promotion on two corner squares
            }
            if v.name() == "hawaiian" {
                assert!(rules.promotion.0.iter().all(|squares| squares.is_empty()));
                continue; // no promotion at all
            }
            for c in Color::ALL {
                let far = match rules.forward(c) {
                    Forward::Up => g.width - 1,
                    Forward::Down => 0,
                };
                let row: Bitboard<u128> =
                    g.all_squares().filter(|&s| g.coords(s).1 == far).collect();
                // no crowning (Alkerk): the far row is where men may only capture
                let far_squares = if rules.has_kings() {
                    rules.promotion_squares::<u128>(c)
                } else {
                    rules.capture_only_squares::<u128>(c)
                };
                assert_eq!(far_squares, row, "{v} {c:?}");
            }
        }
    }

    #[test]
    fn promotion_squares_given_by_coordinates_are_the_named_squares() {
        use crate::rules::Promotion;
        let g = Variant::Czech.rules().geometry::<u64>();
        let Promotion([white, black]) = Promotion::squares(8, &[(0, 6), (1, 7)], &[(6, 0), (7, 1)]);
        let named = |names: &[&str]| -> Bitboard<u128> {
            names
                .iter()
                .map(|n| g.parse_algebraic(n).unwrap())
                .collect()
        };
        assert_eq!(white, named(&["a7", "b8"]));
        assert_eq!(black, named(&["g1", "h2"]));
    }
}
