//! The king-move limit (Frisian, spec Part 2 §4): a side that still has men may not make more
//! than [`crate::RuleSet::king_move_limit`] non-capturing moves in a row with the same king.
//!
//! The count needs history, and the search and the game both move through [`Position`]s, so
//! the position ([`Board`]) carries it (two bytes, in the padding of its words) and its key includes it:
//! a king that may not move again is another position than one that may. A FEN carries no
//! count (a position read from one starts with none); a game replayed from its moves, as the
//! Hub and DXP sessions and PDN do, rebuilds it.

use super::Board;
use crate::moves::Move;
use crate::rules::Word;
use crate::types::{Bitboard, Color, Square};
use crate::zobrist::{self, Key};

/// One side's run: the king that made the side's last moves, all of them non-capturing king
/// moves, and how many in a row (1 up to the limit); or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct KingRun(u8);

impl KingRun {
    /// No run: the side's last move was a capture or a man's move, or it has no men.
    pub const NONE: KingRun = KingRun(0);

    /// The king on `sq` has made `count` (1 to 3) non-capturing moves in a row.
    #[inline]
    pub fn new(sq: Square, count: u8) -> KingRun {
        KingRun((count.clamp(1, 3) << 6) | (sq.0 & 63))
    }

    /// The square of the king, if there is a run.
    #[inline]
    pub const fn square(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0 & 63))
        }
    }

    /// The number of moves in a row (0 when there is no run).
    #[inline]
    pub const fn count(self) -> u8 {
        self.0 >> 6
    }

    /// Its part of the position's key for `color`.
    #[inline]
    fn key(self, color: Color) -> Key {
        match self.square() {
            Some(sq) => zobrist::run_key(color, self.count(), sq),
            None => 0,
        }
    }
}

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
    pub(super) fn runs_key(&self) -> Key {
        self.runs[0].key(Color::White) ^ self.runs[1].key(Color::Black)
    }

    /// Updates the runs of `self`, the position after `mover` played `mv` (a king's move when
    /// `was_king`), and its key when `keyed`. Only where the variant has the limit, or a run
    /// is left to end.
    #[inline(always)]
    pub(super) fn update_runs(&mut self, mover: Color, mv: &Move<W>, was_king: bool, keyed: bool) {
        let quiet_king = was_king && mv.captured.is_empty();
        if self.runs == [KingRun::NONE; 2] && !quiet_king {
            return;
        }
        self.update_runs_of_king_move(mover, mv, quiet_king, keyed);
    }

    /// [`Position::update_runs`] past its quick test, out of line so that `play` stays small.
    #[inline(never)]
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

    fn frisian(fen: &str) -> Position {
        Position::from_fen(Variant::Frisian, fen).unwrap()
    }

    /// Plays the legal quiet move `from`-`to` (numbers).
    fn play(pos: &Position, from: u32, to: u32) -> Position {
        let r = pos.rules();
        let (f, t) = (r.numbered_square(from), r.numbered_square(to));
        let legal = movegen::legal_moves(pos);
        let mv = legal
            .iter()
            .find(|m| Some(m.from) == f && Some(m.to) == t && m.captured.is_empty())
            .unwrap_or_else(|| panic!("{from}-{to} is not legal in {}", pos.to_fen()));
        pos.play(mv)
    }

    #[test]
    fn a_kings_run_counts_its_quiet_moves_and_a_man_move_ends_it() {
        let mut pos = frisian("W:WK46,50:BK1,15");
        for (i, (w, b)) in [((46, 41), (1, 6)), ((41, 37), (6, 1)), ((37, 32), (1, 6))]
            .into_iter()
            .enumerate()
        {
            pos = play(&pos, w.0, w.1);
            pos = play(&pos, b.0, b.1);
            let run = pos.king_run(Color::White);
            assert_eq!(run.count(), i as u8 + 1);
            assert_eq!(run.square(), pos.rules().numbered_square(w.1));
            assert_eq!(pos.key(), pos.compute_key());
        }
        assert_eq!(pos.frozen_king().first(), pos.rules().numbered_square(32));
        pos = play(&pos, 50, 45);
        assert_eq!(pos.king_run(Color::White), KingRun::NONE);
        assert_eq!(pos.key(), pos.compute_key());
    }

    #[test]
    fn a_side_without_men_has_no_run_and_other_variants_never_have_one() {
        let pos = play(&frisian("W:WK46:BK1,15"), 46, 41);
        assert_eq!(pos.king_run(Color::White), KingRun::NONE);
        let intl = Position::from_fen(Variant::International, "W:WK46,50:BK1").unwrap();
        let after = play(&intl, 46, 41);
        assert_eq!(after.king_run(Color::White), KingRun::NONE);
        assert_eq!(after.key(), after.compute_key());
    }
}
