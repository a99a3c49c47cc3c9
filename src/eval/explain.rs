//! The evaluation split into its terms, for display and tuning.

use super::acc::{Acc, Value};
use super::drawish::drawish;
use super::entry::evaluate;
use super::evaluate::{evaluate_with, trade_bonus, weights_for};
use super::goal_variants::{self, SideTerm};
use super::jumps_only;
use super::material;
use super::pattern;
use super::tables::tables;
use super::weights::Weights;
use crate::position::Board;
use crate::rules::Word;

/// One term of the evaluation: its name and its value in centi-men from the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// What the term measures, e.g. `material`.
    pub name: &'static str,
    /// Its contribution (side to move minus opponent, blended by the game phase).
    pub value: Value,
}

/// The per-side terms in the order [`evaluate`] adds them.
const TERMS: [(&str, SideTerm); 11] = [
    ("material", SideTerm::Material),
    ("advancement", SideTerm::Advancement),
    ("back row", SideTerm::BackRow),
    ("centre", SideTerm::Centre),
    ("mobility", SideTerm::Mobility),
    ("runaway men", SideTerm::Runaways),
    ("kings on the main diagonal", SideTerm::KingDiagonal),
    ("wing balance", SideTerm::WingBalance),
    ("hanging men", SideTerm::HangingMen),
    ("outposts", SideTerm::Outposts),
    ("exclusive king", SideTerm::ExclusiveKing),
];

/// The terms of [`evaluate`] for `pos`, then `exchanges` (the bonus of the side ahead per
/// piece gone), `drawish material` (the pull towards 0), for a variant with pattern weights
/// `learned patterns` (what they add), and `total` (equal to `evaluate(pos)`).
/// The terms add up to the total up to rounding. The goal variants list their own terms and
/// the total, and so does Konane.
pub fn explain<W: Word>(pos: &Board<W>) -> Vec<Term> {
    if pos.rules().jumps_only() {
        let terms = jumps_only::terms(pos).map(|(name, value)| Term { name, value });
        let mut out = terms.to_vec();
        out.push(Term {
            name: "total",
            value: evaluate(pos),
        });
        return out;
    }
    if let Some(g) = goal_variants::goal_eval(pos.rules().goal) {
        let mut out: Vec<Term> = g
            .terms
            .iter()
            .map(|&(name, f)| Term {
                name,
                value: goal_variants::term_value(pos, g, f),
            })
            .collect();
        out.push(Term {
            name: "total",
            value: evaluate(pos),
        });
        return out;
    }
    // the table the evaluation uses: the weights file's where the variant has one
    let learned = pattern::for_variant(pos.variant());
    let w = learned.map_or(weights_for(pos.rules().board), |p| &p.hand);
    let phase = material::phase(pos);
    let mut out = Vec::with_capacity(TERMS.len() + 3);
    let mut sum = 0;
    let mut lead = 0;
    for (name, term) in TERMS {
        let value = side_term(pos, term, w, phase);
        if name == "material" {
            lead = value;
        }
        sum += value;
        out.push(Term { name, value });
    }
    let trade = trade_bonus(pos, lead, w);
    sum += trade;
    out.push(Term {
        name: "exchanges",
        value: trade,
    });
    let hand = evaluate_with(pos, w);
    out.push(Term {
        name: "drawish material",
        value: if drawish(pos) { hand - sum } else { 0 },
    });
    let total = evaluate(pos);
    if learned.is_some() {
        out.push(Term {
            name: "learned patterns",
            value: total - hand,
        });
    }
    out.push(Term {
        name: "total",
        value: total,
    });
    out
}

/// One per-side term under the table `w`: side to move minus opponent, blended by `phase`.
fn side_term<W: Word>(pos: &Board<W>, term: SideTerm, w: &Weights, phase: i32) -> Value {
    let t = tables(pos.rules().board);
    let (mut mine, mut theirs) = (Acc::default(), Acc::default());
    term.add(pos, pos.side(), t, w, &mut mine);
    term.add(pos, !pos.side(), t, w, &mut theirs);
    mine.minus(theirs).blend(phase)
}

/// The term `name` of [`explain`] under the table `w` rather than the shipped one: what the
/// tests of the hand-set terms look at, since a learned table may give a term either sign.
#[cfg(test)]
pub(super) fn term_with<W: Word>(pos: &Board<W>, name: &str, w: &Weights) -> Option<Value> {
    let (_, term) = TERMS.iter().copied().find(|&(n, _)| n == name)?;
    Some(side_term(pos, term, w, material::phase(pos)))
}
