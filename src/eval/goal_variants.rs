//! The evaluations of the goal variants ([`Goal`]): their own weights over a few of the normal
//! evaluation's terms, side to move minus opponent, with no exchange bonus and no drawish
//! scaling.
//!
//! * **Giveaway** (Žravá dáma, giveaway checkers, antidraughts): a side without pieces or moves
//!   wins, so every own piece counts against its owner (a king more than a man: it is harder to
//!   give away) and so, a little, does every own move (being blocked is the other way to win).
//! * **Breakthrough**: the first king wins, so the advancement of the men dominates: a steep
//!   per-row value, a large bonus for a man with a free path to the far row, and the men
//!   themselves at their usual value (more men, more blockers).

use super::acc::{Acc, Value, EVAL_MAX};
use super::material;
use super::structure;
use super::tables::{tables, Tables};
use super::weights::{Phased, Weights, WEIGHTS};
use crate::position::Board;
use crate::rules::{Goal, Word};
use crate::types::Color;

/// A per-side term of the evaluation (what [`SideTerm::add`] computes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SideTerm {
    Material,
    Advancement,
    BackRow,
    Centre,
    Mobility,
    Runaways,
    KingDiagonal,
    WingBalance,
    HangingMen,
    Outposts,
    ExclusiveKing,
}

impl SideTerm {
    /// Adds the term of side `c` of `pos` to `acc`.
    #[inline]
    pub(super) fn add<W: Word>(
        self,
        pos: &Board<W>,
        c: Color,
        t: &Tables,
        w: &Weights,
        acc: &mut Acc,
    ) {
        let f = match self {
            SideTerm::Material => material::material,
            SideTerm::Advancement => structure::advancement,
            SideTerm::BackRow => structure::back_row,
            SideTerm::Centre => structure::centre,
            SideTerm::Mobility => structure::mobility,
            SideTerm::Runaways => structure::runaways,
            SideTerm::KingDiagonal => structure::king_diagonal,
            SideTerm::WingBalance => structure::wing_balance,
            SideTerm::HangingMen => structure::hanging_men,
            SideTerm::Outposts => structure::outposts,
            SideTerm::ExclusiveKing => structure::exclusive_king,
        };
        f(pos, c, t, w, acc)
    }
}

/// The evaluation of one goal: its weights and the terms that read them.
pub(super) struct GoalEval {
    /// The weights (only the fields its terms read matter; the rest are the normal table's).
    pub weights: Weights,
    /// The per-side terms, named for [`super::explain`].
    pub terms: &'static [(&'static str, SideTerm)],
}

const fn p(v: i32) -> Phased {
    Phased { mg: v, eg: v }
}

/// `6·r²` centi-men for a man on row `r` from its own edge (the far row holds no man).
const fn steep<const N: usize>() -> [Phased; N] {
    let mut out = [p(0); N];
    let mut r = 1;
    while r + 1 < N {
        out[r] = p(6 * (r * r) as i32);
        r += 1;
    }
    out
}

static GIVEAWAY: GoalEval = GoalEval {
    weights: Weights {
        man: p(-100),
        king_flying: p(-150),
        king_short: p(-150),
        mobility_man: p(-2),
        mobility_king: p(-1),
        trapped_king: p(-5), // subtracted per trapped king: a king without moves helps
        ..WEIGHTS
    },
    terms: &[
        ("material", SideTerm::Material),
        ("mobility", SideTerm::Mobility),
    ],
};

static BREAKTHROUGH: GoalEval = GoalEval {
    weights: Weights {
        man: p(100),
        king_flying: p(0), // a king on the board has already ended the game
        king_short: p(0),
        advance8: steep::<8>(),
        advance10: steep::<10>(),
        runaway: p(600),
        runaway_per_row: p(80),
        ..WEIGHTS
    },
    terms: &[
        ("material", SideTerm::Material),
        ("advancement", SideTerm::Advancement),
        ("runaway men", SideTerm::Runaways),
    ],
};

/// The evaluation of `goal`, `None` for the normal goal (the tuned [`super::evaluate_with`]).
#[inline]
pub(super) fn goal_eval(goal: Goal) -> Option<&'static GoalEval> {
    match goal {
        Goal::Normal => None,
        Goal::Giveaway => Some(&GIVEAWAY),
        Goal::Breakthrough => Some(&BREAKTHROUGH),
    }
}

/// The value of one term of `g`, side to move minus opponent, blended by the phase.
pub(super) fn term_value<W: Word>(pos: &Board<W>, g: &GoalEval, term: SideTerm) -> Value {
    let t = tables(pos.rules().board);
    let me = pos.side();
    let (mut mine, mut theirs) = (Acc::default(), Acc::default());
    term.add(pos, me, t, &g.weights, &mut mine);
    term.add(pos, !me, t, &g.weights, &mut theirs);
    mine.minus(theirs).blend(material::phase(pos))
}

/// The evaluation of `pos` by `g`, from the side to move; `|v| <= EVAL_MAX`.
pub(super) fn evaluate_goal<W: Word>(pos: &Board<W>, g: &GoalEval) -> Value {
    let v: Value = g.terms.iter().map(|&(_, f)| term_value(pos, g, f)).sum();
    v.clamp(-EVAL_MAX, EVAL_MAX)
}

#[cfg(test)]
mod tests {
    use crate::eval::evaluate;
    use crate::{Position, Variant};

    fn eval(v: Variant, fen: &str) -> i32 {
        evaluate(&Position::from_fen(v, fen).unwrap())
    }

    #[test]
    fn giveaway_prefers_fewer_pieces() {
        // White to move with one man against three: good for White in giveaway, bad in Czech.
        let fen = "W:Wc3:Bb8,d8,f8";
        assert!(
            eval(Variant::Zrava, fen) > 100,
            "{}",
            eval(Variant::Zrava, fen)
        );
        assert!(eval(Variant::Czech, fen) < -100);
        assert!(eval(Variant::Giveaway, "B:W21:B1,2,3") < -100);
        assert!(eval(Variant::Antidraughts, "W:W46:B1,2,3,4") > 100);
    }

    #[test]
    fn breakthrough_values_the_advanced_man() {
        // One man each; White's is two steps from crowning, Black's at home: White far ahead
        // whoever moves, and more so than a man up.
        let fen = "W:W11:B4";
        let v = eval(Variant::Breakthrough, fen);
        assert!(v > 300, "{v}");
        assert!(eval(Variant::Breakthrough, "B:W11:B4") < -300);
        assert!(v > eval(Variant::Breakthrough, "W:W45,46:B5"));
    }
}
