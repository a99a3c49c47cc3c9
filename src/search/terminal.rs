//! How a node scores without a search below it: the static evaluation at a leaf
//! ([`Worker::static_eval`]), and the nodes the game's rules or the endgame bitbases decide: a draw by the
//! variant's counters or by repetition (a side without a legal move still loses when a counter
//! runs out at the same moment), and a position of a loaded bitbase slice, scored by
//! [`bitbase_value`]. What a position without a legal move, or one the variant's goal has
//! decided (Breakthrough after a crowning, giveaway without pieces), is worth comes from
//! [`crate::goal`]: [`verdict_score`].

use super::score::{BITBASE_WIN, WIN};
use super::worker::{SearchNode, Worker};
use crate::bitbase::{Probe, Wdl};
use crate::goal::{self, Goal, Verdict};
use crate::movegen;
use crate::moves::MoveList;
use crate::rules::Word;

/// The score at `ply` of a finished game with `verdict` for the side to move: a win now is
/// `WIN - ply`, a loss its negative.
#[inline]
pub fn verdict_score(verdict: Verdict, ply: usize) -> i32 {
    match verdict {
        Verdict::Win => WIN - ply as i32,
        Verdict::Loss => -(WIN - ply as i32),
    }
}

/// Distance assumed for a bitbase win or loss whose slice stores no distance.
pub const UNKNOWN_DISTANCE: u32 = 255;

/// The score of a bitbase `probe` at `ply` with `plies_left` before a draw counter runs out:
/// a draw 0; a win `BITBASE_WIN - ply - d` and a loss its negative (`d` the distance in plies,
/// [`UNKNOWN_DISTANCE`] when not stored, so that the search prefers the quicker win and the
/// longer defence); a stored distance longer than the counter allows scores as a draw (the
/// loser holds out until the counter ends the game). This is conservative when the winning
/// line captures on the way, which restarts the counters.
pub fn bitbase_value(probe: &Probe, plies_left: Option<u32>, ply: usize) -> i32 {
    if let (Some(d), Some(left)) = (probe.distance, plies_left) {
        if d > left {
            return 0;
        }
    }
    let d = probe
        .distance
        .unwrap_or(UNKNOWN_DISTANCE)
        .min(UNKNOWN_DISTANCE) as i32;
    let win = BITBASE_WIN - ply as i32 - d;
    match probe.wdl {
        Wdl::Win => win,
        Wdl::Draw => 0,
        Wdl::Loss => -win,
    }
}

impl<W: Word> Worker<'_, W> {
    /// The static evaluation used at leaves and for pruning ([`crate::eval::evaluate`], which already
    /// pulls known-drawn material towards 0), through the thread's evaluation cache.
    /// Where a network scores, its layer-1 sums come from the thread's stack by ply.
    #[inline]
    pub fn static_eval(&mut self, node: &SearchNode<W>) -> i32 {
        let tables = &mut *self.tables;
        let nets = &mut tables.nets;
        tables
            .evals
            .evaluate_by(&node.pos, |pos| match crate::eval::network_for(pos) {
                Some(net) => nets.evaluate(pos, node.ply, net),
                None => crate::eval::evaluate(pos),
            })
    }

    /// The score of a node whose side to move has no legal move (a loss, or a win in giveaway).
    #[inline]
    pub fn no_move_score(&self, ply: usize) -> i32 {
        verdict_score(goal::without_moves(self.rules), ply)
    }

    /// The score of a node the variant's goal has decided before any move ([`goal::decided`]).
    #[inline]
    pub fn goal_score(&self, node: &SearchNode<W>) -> Option<i32> {
        goal::decided(&node.pos).map(|v| verdict_score(v, node.ply))
    }

    /// Breakthrough: a quiet node whose side to move can crown is won on its next ply (the
    /// quiescence search sees it without searching the move). `None` in other goals.
    #[inline]
    pub fn crowning_score(&self, node: &SearchNode<W>) -> Option<i32> {
        if !self.rules.goal.crowning_wins() {
            return None;
        }
        let mut moves = MoveList::new();
        movegen::generate(&node.pos, &mut moves);
        moves
            .iter()
            .any(|m| m.promotes)
            .then_some(WIN - node.ply as i32 - 1)
    }

    /// The best and worst scores a node at `ply` can have (mate-distance bounds): the side to
    /// move can lose at this node and win one ply later at best, or in giveaway win at this node
    /// and lose one ply later at worst.
    #[inline]
    pub fn mate_bounds(&self, ply: usize) -> (i32, i32) {
        let now = WIN - ply as i32;
        if self.rules.goal == Goal::Giveaway {
            (-(now - 1), now)
        } else {
            (-now, now - 1)
        }
    }

    /// True when the draw rules end the game at this (non-root) node.
    fn is_rule_draw(&self, node: &SearchNode<W>) -> bool {
        let sw = &self.shared.job.draw;
        if node.counters.is_draw(self.rules, sw) {
            return true;
        }
        if !sw.repetition {
            return false;
        }
        let n = self.keys.len();
        let key = self.keys[n - 1];
        let mut i = n - 1;
        while i >= node.rep_start + 2 {
            i -= 2;
            if self.keys[i] == key {
                return true;
            }
        }
        false
    }

    /// The score of a node the draw rules end: a draw, unless the side to move has no legal
    /// move (the goal's verdict, which the rules judge first). `None` when the game goes on.
    #[inline]
    pub fn rule_score(&self, node: &SearchNode<W>) -> Option<i32> {
        if !self.is_rule_draw(node) {
            return None;
        }
        let mut moves = MoveList::new();
        movegen::generate(&node.pos, &mut moves);
        Some(if moves.is_empty() {
            self.no_move_score(node.ply)
        } else {
            0
        })
    }

    /// The bitbase score of a node with few enough pieces (see [`bitbase_value`]); `None`
    /// without bitbases, with more pieces, a missing slice, or a position already over (no
    /// legal move, distance 0: the search scores that by the goal).
    #[inline]
    pub fn bitbase_score(&self, node: &SearchNode<W>) -> Option<i32> {
        if self.bitbase_pieces == 0 || node.pos.occupied().count() > self.bitbase_pieces {
            return None;
        }
        // the bitbases are of 64-bit positions
        let pos = node.pos.in_word::<u64>()?;
        let probe = self.shared.job.bitbases.as_deref()?.probe(&pos)?;
        if probe.distance == Some(0) {
            return None;
        }
        let left = node.counters.plies_left(self.rules, &self.shared.job.draw);
        Some(bitbase_value(&probe, left, node.ply))
    }
}
