//! The position as the generator reads it: the side to move's pieces, the enemy, the empty
//! squares and the rule tables.

use super::capture::{self, CaptureContext, ManCaptureDirs, ManSteps};
use crate::moves::Move;
use crate::position::Board;
use crate::rules::{Dir, Geometry, RuleSet, Word};
use crate::types::{Bitboard, Color, Square};

/// The piece sets and rule tables of a position, from the side to move's point of view: what
/// every part of the generator reads, computed once per call.
pub(crate) struct Snapshot<W: Word> {
    /// The board tables.
    pub g: &'static Geometry<W>,
    pub rules: &'static RuleSet,
    /// The side to move.
    pub me: Color,
    /// Its men.
    pub men: Bitboard<W>,
    /// Its kings.
    pub kings: Bitboard<W>,
    /// The opponent's pieces.
    pub enemy: Bitboard<W>,
    /// The opponent's kings.
    pub enemy_kings: Bitboard<W>,
    pub empty: Bitboard<W>,
    /// The king that may make no non-capturing move (Frisian's king-move limit): set only by
    /// [`Snapshot::general`] and [`Snapshot::after_general`], for the variants without a
    /// compiled shape (a variant with the limit has none).
    pub frozen: Bitboard<W>,
    /// Every landing sequence counts as its own capture ([`CaptureContext::landings`]).
    pub landings: bool,
}

impl<W: Word> Snapshot<W> {
    #[inline(always)]
    pub(crate) fn new(pos: &Board<W>) -> Snapshot<W> {
        let rules = pos.rules();
        Snapshot::of(pos, rules, rules.geometry())
    }

    /// [`Snapshot::new`] with the rule set and board tables of the position's variant given.
    #[inline(always)]
    pub(super) fn of(
        pos: &Board<W>,
        rules: &'static RuleSet,
        g: &'static Geometry<W>,
    ) -> Snapshot<W> {
        let me = pos.side();
        let enemy = pos.pieces(!me);
        let enemy_kings = pos.kings(!me);
        Snapshot {
            g,
            rules,
            me,
            men: pos.men(me),
            kings: pos.kings(me),
            enemy,
            enemy_kings,
            empty: g.valid - pos.occupied(),
            frozen: Bitboard::EMPTY,
            landings: false,
        }
    }

    /// [`Snapshot::new`] for the data-driven generator: with the king that may not move
    /// (Frisian's limit), which the compiled shapes' variants never have.
    #[inline(always)]
    pub(super) fn general(pos: &Board<W>) -> Snapshot<W> {
        Snapshot {
            frozen: pos.frozen_king(),
            ..Snapshot::new(pos)
        }
    }

    /// The snapshot of `pos` where every landing sequence is its own capture, for the
    /// data-driven generator only (no compiled shape reads the flag).
    pub(super) fn landings(pos: &Board<W>) -> Snapshot<W> {
        Snapshot {
            landings: true,
            ..Snapshot::general(pos)
        }
    }

    /// The snapshot after `mv` is played in `pos`, built from the piece sets alone (no key, no
    /// `Position`): what [`count_replies`] reads.
    #[inline(always)]
    pub(super) fn after(pos: &Board<W>, mv: &Move<W>) -> Snapshot<W> {
        Parent::new(pos).after(mv)
    }

    /// [`Snapshot::after`] for the data-driven generator, with the king that may not move.
    #[inline(always)]
    pub(super) fn after_general(pos: &Board<W>, mv: &Move<W>) -> Snapshot<W> {
        if mv.is_removal() {
            // Konane's opening: the mover's own piece leaves ([`Board::play`] knows how)
            return Snapshot::general(&pos.play(mv));
        }
        Snapshot {
            frozen: pos.frozen_after(mv),
            ..Snapshot::after(pos, mv)
        }
    }

    /// The directions in which the side's men capture (read from the rules).
    #[inline(always)]
    pub(super) fn man_dirs(&self) -> &'static [Dir] {
        capture::man_capture_dirs(self.rules, self.me)
    }

    /// The capture search context for men stepping as `K` does, with the position's own empty
    /// squares. A compiled shape knows the men's directions and that men take kings, so those
    /// are not read from the rules.
    #[inline(always)]
    pub(super) fn ctx<K: ManSteps>(&self) -> CaptureContext<W> {
        let from_rules = matches!(K::MAN_DIRS, ManCaptureDirs::FromContext);
        CaptureContext {
            g: self.g,
            rules: self.rules,
            man_dirs: if from_rules { self.man_dirs() } else { &[] },
            later_dirs: if from_rules {
                self.rules.man_later_capture_dirs(self.me)
            } else {
                &[]
            },
            promotion: self.promotion(),
            enemy: self.enemy,
            man_prey: if K::USUAL {
                self.enemy
            } else {
                self.man_prey()
            },
            enemy_kings: self.enemy_kings,
            empty: self.empty,
            from: Square(0),
            me: self.me,
            landings: self.landings,
        }
    }

    /// The enemy pieces a man may take: all of them, or only the men where men cannot take
    /// kings (Italian).
    #[inline(always)]
    pub(super) fn man_prey(&self) -> Bitboard<W> {
        if self.rules.men.capture_kings {
            self.enemy
        } else {
            self.enemy - self.enemy_kings
        }
    }

    /// The squares where the side's men are crowned.
    #[inline(always)]
    pub(super) fn promotion(&self) -> Bitboard<W> {
        self.rules.promotion_squares(self.me)
    }

    /// The side's parachutists ([`crate::rules::Parachutists`]): its men on its own promotion
    /// squares where the variant has them.
    #[inline(always)]
    pub(super) fn parachutists(&self) -> Bitboard<W> {
        if self.rules.men.parachutists.present() {
            self.men & self.promotion()
        } else {
            Bitboard::EMPTY
        }
    }

    /// The men that can start a capture (parachutists jumping toward their own side).
    #[inline(always)]
    pub(super) fn man_jumpers(&self) -> Bitboard<W> {
        let (g, prey) = (self.g, self.man_prey());
        let men = capture::men_that_jump(g, self.man_dirs(), self.men, prey, self.empty);
        let para = self.parachutists();
        if para.is_empty() {
            return men;
        }
        let dirs = capture::parachute_dirs(self.rules, self.me);
        men | capture::men_that_jump(g, &dirs, para, prey, self.empty)
    }

    /// The kings that can start a capture.
    #[inline(always)]
    pub(super) fn king_jumpers(&self) -> Bitboard<W> {
        let mut out = Bitboard::EMPTY;
        for k in self.kings {
            if capture::king_can_jump(self.g, self.rules, k, self.enemy, self.empty) {
                out |= Bitboard::from_square(k);
            }
        }
        out
    }

    /// The pieces that can start a capture, men and kings; both empty when none can.
    #[inline(always)]
    pub(super) fn jumpers(&self) -> (Bitboard<W>, Bitboard<W>) {
        let kings = if self.kings.any() {
            self.king_jumpers()
        } else {
            Bitboard::EMPTY
        };
        (self.man_jumpers(), kings)
    }
}

/// What [`Snapshot::after`] reads of the position before the move: read once for all the
/// moves of a position (perft's last two plies), so that the rule set and the board's tables
/// are looked up once, not once per move.
pub(super) struct Parent<W: Word> {
    g: &'static Geometry<W>,
    rules: &'static RuleSet,
    /// The side that moves.
    me: Color,
    /// Its pieces.
    mine: Bitboard<W>,
    /// The other side's pieces.
    theirs: Bitboard<W>,
    /// The kings of both sides.
    kings: Bitboard<W>,
}

impl<W: Word> Parent<W> {
    #[inline(always)]
    pub(super) fn new(pos: &Board<W>) -> Parent<W> {
        let rules = pos.rules();
        Parent::of(pos, rules, rules.geometry())
    }

    /// [`Parent::new`] with the rule set and board tables of the position's variant given.
    #[inline(always)]
    pub(super) fn of(
        pos: &Board<W>,
        rules: &'static RuleSet,
        g: &'static Geometry<W>,
    ) -> Parent<W> {
        let me = pos.side();
        Parent {
            g,
            rules,
            me,
            mine: pos.pieces(me),
            theirs: pos.pieces(!me),
            kings: pos.all_kings(),
        }
    }

    /// The snapshot after `mv` (legal in the parent position) is played.
    #[inline(always)]
    pub(super) fn after(&self, mv: &Move<W>) -> Snapshot<W> {
        let from = Bitboard::from_square(mv.from);
        let to = Bitboard::from_square(mv.to);
        // the captured pieces leave first: the mover may end on one's square (removal at once)
        let mut kings = self.kings - mv.captured;
        if self.kings.has(mv.from) {
            kings ^= from ^ to;
        } else if mv.promotes {
            kings |= to;
        }
        let mine = self.mine ^ from ^ to;
        let theirs = self.theirs ^ mv.captured;
        Snapshot {
            g: self.g,
            rules: self.rules,
            me: !self.me,
            men: theirs - kings,
            kings: theirs & kings,
            enemy: mine,
            enemy_kings: mine & kings,
            empty: self.g.valid - (mine | theirs),
            frozen: Bitboard::EMPTY,
            landings: false,
        }
    }
}
