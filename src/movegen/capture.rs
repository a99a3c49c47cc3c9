//! Capture sequences for men and kings, driven by the variant's [`RuleSet`] flags.
//!
//! Semantics (rules-czech.md Part A §3-5 and `variants.md`): the mover's start square counts as
//! empty; a jumped piece stays on the board until the move ends, so it blocks and cannot be jumped
//! again (Turkish strike); a sequence must be completed; a flying king that can continue from some
//! of its landing squares must land on one of those (forced continuation landing, čl. 4.6).

use crate::rules::{Dir, Geometry, KingLanding, MidCapturePromotion, RuleSet};
use crate::types::{Bitboard, Color, Square};

/// Receives the capture sequences found by the search below.
pub(crate) trait Sink {
    /// A complete sequence from `from` to `to` taking `captured`; `promotes` if a man is crowned.
    fn emit(&mut self, from: Square, to: Square, captured: Bitboard, promotes: bool);
    /// The piece lands on `sq` in the middle of a sequence (for path recording).
    #[inline]
    fn enter(&mut self, _sq: Square) {}
    /// Undoes the last `enter`.
    #[inline]
    fn leave(&mut self) {}
    /// True once at least one sequence was emitted.
    fn found_any(&self) -> bool;
}

/// What a capture search needs to know about the position and the moving piece.
pub(crate) struct Ctx {
    pub g: &'static Geometry,
    pub rules: &'static RuleSet,
    pub me: Color,
    /// Enemy pieces (captured ones included: they are filtered by the `captured` set).
    pub enemy: Bitboard,
    /// Empty squares, with the mover's start square counted as empty.
    pub empty: Bitboard,
    /// The mover's start square.
    pub from: Square,
}

impl Ctx {
    /// The first occupied square from `cur` in `dir` (adjacent only for short kings).
    #[inline]
    fn first_occupied(&self, cur: Square, dir: Dir) -> Option<Square> {
        let mut sq = self.g.neighbour(cur, dir)?;
        if self.rules.flying_kings {
            while self.empty.has(sq) {
                sq = self.g.neighbour(sq, dir)?;
            }
        }
        (!self.empty.has(sq)).then_some(sq)
    }

    /// The empty square behind `victim` in `dir` if `victim` can be jumped now.
    #[inline]
    fn landing_behind(&self, victim: Square, captured: Bitboard, dir: Dir) -> Option<Square> {
        if !(self.enemy - captured).has(victim) {
            return None;
        }
        self.g.neighbour(victim, dir).filter(|l| self.empty.has(*l))
    }

    /// The next landing square after `land` in `dir`, for kings that may land anywhere beyond.
    #[inline]
    fn next_landing(&self, land: Square, dir: Dir) -> Option<Square> {
        if !self.rules.flying_kings || self.rules.king_landing == KingLanding::DirectlyBehind {
            return None;
        }
        self.g.neighbour(land, dir).filter(|l| self.empty.has(*l))
    }
}

/// Searches king jumps from `cur`. `came` is the direction of the previous jump; `straight`
/// allows continuing in that same direction (only from the first landing square: from the
/// others the same straight line would give the same capture again).
/// Returns true when at least one jump was possible (and its sequences were emitted).
pub(crate) fn king_jumps<S: Sink>(
    c: &Ctx,
    cur: Square,
    captured: Bitboard,
    came: Option<Dir>,
    straight: bool,
    crowned_man: bool,
    sink: &mut S,
) -> bool {
    let mut found = false;
    for dir in Dir::ALL {
        if let Some(d) = came {
            if dir == d.reverse() || (dir == d && !straight) {
                continue;
            }
        }
        let Some(victim) = c.first_occupied(cur, dir) else {
            continue;
        };
        let Some(first) = c.landing_behind(victim, captured, dir) else {
            continue;
        };
        found = true;
        let cap = captured | Bitboard::from_square(victim);
        let mut continued = false;
        let mut land = Some(first);
        while let Some(l) = land {
            sink.enter(l);
            continued |= king_jumps(c, l, cap, Some(dir), l == first, crowned_man, sink);
            sink.leave();
            land = c.next_landing(l, dir);
        }
        if !continued {
            let mut land = Some(first);
            while let Some(l) = land {
                sink.emit(c.from, l, cap, crowned_man);
                land = c.next_landing(l, dir);
            }
        }
    }
    found
}

/// Searches man jumps from `cur`. Returns true when at least one jump was possible.
pub(crate) fn man_jumps<S: Sink>(c: &Ctx, cur: Square, captured: Bitboard, sink: &mut S) -> bool {
    let dirs: &[Dir] = if c.rules.men_capture_backward {
        &Dir::ALL
    } else {
        match c.me {
            Color::White => &[Dir::UpLeft, Dir::UpRight],
            Color::Black => &[Dir::DownLeft, Dir::DownRight],
        }
    };
    let promotion = c.g.promotion[c.me.index()];
    let mut found = false;
    for &dir in dirs {
        let Some(victim) = c.g.neighbour(cur, dir) else {
            continue;
        };
        let Some(land) = c.landing_behind(victim, captured, dir) else {
            continue;
        };
        found = true;
        let cap = captured | Bitboard::from_square(victim);
        let crowned = promotion.has(land);
        sink.enter(land);
        let continued = match (crowned, c.rules.mid_capture_promotion) {
            (true, MidCapturePromotion::EndMove) => false,
            (true, MidCapturePromotion::ContinueAsKing) => {
                king_jumps(c, land, cap, Some(dir), true, true, sink)
            }
            _ => man_jumps(c, land, cap, sink),
        };
        sink.leave();
        if !continued {
            sink.emit(c.from, land, cap, crowned);
        }
    }
    found
}
