//! The king-move limit (Frisian, docs/rules/frisian.md): a side that still has men may not make more
//! than [`crate::RuleSet::king_move_limit`] non-capturing moves in a row with the same king.
//!
//! The count needs history, and the search and the game both move through positions, so the
//! position carries it (two bytes, in the padding of its words; its methods on the runs are in
//! `position.rs`) and its key includes it:
//! a king that may not move again is another position than one that may. A FEN carries no
//! count (a position read from one starts with none); a game replayed from its moves, as the
//! Hub and DXP sessions and PDN do, rebuilds it.

use crate::types::{Color, Square};
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
    pub(super) fn key(self, color: Color) -> Key {
        match self.square() {
            Some(sq) => zobrist::run_key(color, self.count(), sq),
            None => 0,
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
