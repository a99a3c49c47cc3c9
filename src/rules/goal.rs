//! The goal of a variant: what ends the game and who wins, as data ([`Goal`]) with the one place
//! that reads it for a side to move without a legal move ([`Goal::without_moves`]). The test on
//! a position (a crowned king in Breakthrough, no piece left) is `crate::goal`, one layer up.

/// What a player plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Goal {
    /// The usual game: a side without a legal move (no piece, or blocked) loses.
    #[default]
    Normal,
    /// The giveaway forms (Žravá dáma, giveaway checkers, antidraughts): a side without a legal
    /// move, because it has no piece left or is blocked, wins.
    Giveaway,
    /// Breakthrough: the first side to crown a man wins (the position right after a promotion is
    /// over); a side without a legal move loses.
    Breakthrough,
}

/// The result of a finished game for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
}

impl Goal {
    /// The result for a side to move that has no legal move.
    #[inline]
    pub const fn without_moves(self) -> Verdict {
        match self {
            Goal::Giveaway => Verdict::Win,
            Goal::Normal | Goal::Breakthrough => Verdict::Loss,
        }
    }

    /// Whether a promotion ends the game at once (won by the side that crowned).
    #[inline]
    pub const fn crowning_wins(self) -> bool {
        matches!(self, Goal::Breakthrough)
    }

    /// Whether the retrograde solver of the endgame bitbases applies: not in Breakthrough, where
    /// every position with a king is already over.
    #[inline]
    pub const fn has_bitbases(self) -> bool {
        !self.crowning_wins()
    }

    /// The name used in the README and in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Normal => "normal",
            Goal::Giveaway => "giveaway",
            Goal::Breakthrough => "breakthrough",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_moves_inverts_only_in_giveaway() {
        assert_eq!(Goal::Normal.without_moves(), Verdict::Loss);
        assert_eq!(Goal::Giveaway.without_moves(), Verdict::Win);
        assert_eq!(Goal::Breakthrough.without_moves(), Verdict::Loss);
        assert!(Goal::Breakthrough.crowning_wins() && !Goal::Normal.crowning_wins());
        assert!(!Goal::Breakthrough.has_bitbases() && Goal::Giveaway.has_bitbases());
    }
}
