//! What a position means for its variant's [`Goal`]: the one place that decides whether a game
//! is over by its goal and who won. The search, perft, the game record, the bitbase solver, the
//! protocol sessions and the tools all ask here; none keeps its own "a side without a legal move
//! loses".
//!
//! * [`decided`]: the verdict that needs no move generation: Breakthrough after a crowning (the
//!   side with a king has won), and in giveaway a side to move with no piece left (it has won).
//! * [`without_moves`]: the verdict for a side to move with no legal move.
//! * [`end`]: both, with the reason, for a whole position (generates the moves).
//!
//! ```
//! use dama::{goal, Position, Variant};
//! assert!(goal::end(&Position::start(Variant::Czech)).is_none());
//! ```

use crate::rules::Word;
use std::fmt;

use crate::movegen;
use crate::moves::MoveList;
use crate::position::Board;
use crate::rules::RuleSet;
pub use crate::rules::{Goal, Verdict};
use crate::types::Color;

/// The verdict of the goal before any move is looked at, for the side to move; `None` when the
/// game may go on (it can still be over for want of a legal move: [`without_moves`]).
///
/// Breakthrough: a king of the side that just moved means it crowned and won; a king of the side
/// to move (only in a set-up position) means it has won. Giveaway: no piece left is a win. The
/// normal goal decides nothing here (a side without pieces has no legal move).
#[inline]
pub fn decided<W: Word>(pos: &Board<W>) -> Option<Verdict> {
    match pos.rules().goal {
        Goal::Normal => None,
        Goal::Giveaway => pos.pieces(pos.side()).is_empty().then_some(Verdict::Win),
        Goal::Breakthrough => crowned(pos).map(|c| verdict_for(pos.side(), c)),
    }
}

/// The verdict for a side to move that has no legal move, under `rules`.
#[inline]
pub fn without_moves(rules: &RuleSet) -> Verdict {
    rules.goal.without_moves()
}

/// Breakthrough's winner: the side that just moved if it has a king, else the side to move if it
/// has one.
fn crowned<W: Word>(pos: &Board<W>) -> Option<Color> {
    let mover = !pos.side();
    [mover, pos.side()]
        .into_iter()
        .find(|&c| pos.kings(c).any())
}

fn verdict_for(side: Color, winner: Color) -> Verdict {
    if side == winner {
        Verdict::Win
    } else {
        Verdict::Loss
    }
}

/// Why a game ended by its goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// `side` (the side to move) has no legal move; `no_pieces` when it has no piece at all.
    NoMove {
        /// The side to move.
        side: Color,
        /// True when it has no piece left (otherwise it is blocked).
        no_pieces: bool,
    },
    /// `side` has crowned a king (Breakthrough).
    Crowned {
        /// The side with the king.
        side: Color,
    },
}

/// The end of a game by its goal: the winner and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalEnd {
    /// The side that won.
    pub winner: Color,
    /// Why.
    pub cause: Cause,
}

impl fmt::Display for GoalEnd {
    /// The reason in words: `white has no legal move` (the normal goal, whatever the pieces);
    /// in giveaway `white has no piece left` or `white has no legal move` (White won);
    /// `white crowned a king` (Breakthrough).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cause {
            Cause::NoMove { side, no_pieces } if no_pieces && side == self.winner => {
                write!(f, "{} has no piece left", side.name())
            }
            Cause::NoMove { side, .. } => write!(f, "{} has no legal move", side.name()),
            Cause::Crowned { side } => write!(f, "{} crowned a king", side.name()),
        }
    }
}

/// Whether the game at `pos` is over by its goal, with the winner and the cause; `None` when the
/// side to move has a legal move and the goal has not decided (draw rules are the game's).
pub fn end<W: Word>(pos: &Board<W>) -> Option<GoalEnd> {
    let side = pos.side();
    let winner = |v: Verdict| if v == Verdict::Win { side } else { !side };
    if pos.rules().goal == Goal::Breakthrough {
        if let Some(c) = crowned(pos) {
            let cause = Cause::Crowned { side: c };
            return Some(GoalEnd { winner: c, cause });
        }
    }
    let mut list = MoveList::new();
    movegen::generate(pos, &mut list);
    list.is_empty().then(|| GoalEnd {
        winner: winner(without_moves(pos.rules())),
        cause: Cause::NoMove {
            side,
            no_pieces: pos.pieces(side).is_empty(),
        },
    })
}

/// Whether the game at `pos` is over by its goal (see [`end`]).
pub fn is_over<W: Word>(pos: &Board<W>) -> bool {
    end(pos).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::Variant;

    #[test]
    fn normal_goal_loses_without_moves() {
        let pos = Position::from_fen(Variant::Czech, "W:Wa1:Bb2,c3").unwrap();
        assert_eq!(decided(&pos), None);
        let e = end(&pos).unwrap();
        assert_eq!(e.winner, Color::Black);
        assert_eq!(e.to_string(), "white has no legal move");
        assert!(end(&Position::start(Variant::Czech)).is_none());
        let bare = Position::from_fen(Variant::Czech, "B:Wa1:B").unwrap();
        assert_eq!(end(&bare).unwrap().to_string(), "black has no legal move");
    }

    #[test]
    fn giveaway_wins_without_pieces_or_moves() {
        let bare = Position::from_fen(Variant::Zrava, "B:Wa1:B").unwrap();
        assert_eq!(decided(&bare), Some(Verdict::Win));
        let e = end(&bare).unwrap();
        assert_eq!(
            (e.winner, e.to_string()),
            (Color::Black, "black has no piece left".into())
        );
        let blocked = Position::from_fen(Variant::Zrava, "W:Wa1:Bb2,c3").unwrap();
        assert_eq!(decided(&blocked), None);
        let e = end(&blocked).unwrap();
        assert_eq!(
            (e.winner, e.to_string()),
            (Color::White, "white has no legal move".into())
        );
        assert!(end(&Position::start(Variant::Antidraughts)).is_none());
    }

    #[test]
    fn breakthrough_ends_at_the_first_king() {
        // Black to move after White crowned on 3: White has won, whatever Black could do.
        let pos = Position::from_fen(Variant::Breakthrough, "B:WK3,30:B20").unwrap();
        assert_eq!(decided(&pos), Some(Verdict::Loss));
        let e = end(&pos).unwrap();
        assert_eq!(
            (e.winner, e.to_string()),
            (Color::White, "white crowned a king".into())
        );
        let going = Position::from_fen(Variant::Breakthrough, "B:W9,30:B20").unwrap();
        assert_eq!((decided(&going), end(&going)), (None, None));
        let blocked = Position::from_fen(Variant::Breakthrough, "W:W46:B37,41").unwrap();
        assert_eq!(end(&blocked).unwrap().winner, Color::Black);
    }
}
