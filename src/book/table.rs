//! The book's table: positions with their book moves, and the seeded weighted choice among
//! them.

use std::collections::HashMap;

use crate::moves::Move;
use crate::position::Position;
use crate::rules::Variant;
use crate::zobrist::Key;

/// A book move of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move (legal in the entry's position).
    pub mv: Move,
    /// Its score from the side to move: centi-men from the engine's search (backed up through
    /// the book), or for imported moves the mean game result in centi-points (-100..=100).
    pub score: i32,
    /// Relative weight in the random choice among the moves within the margin (0 = never).
    pub weight: u32,
}

/// A position of the book with its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position.
    pub position: Position,
    /// The fewest plies from the start position at which the book reaches it.
    pub ply: u32,
    /// The book moves, best score first.
    pub moves: Vec<BookMove>,
}

impl Entry {
    /// The best score among the moves, if any.
    pub fn best_score(&self) -> Option<i32> {
        self.moves.iter().map(|m| m.score).max()
    }

    /// Sorts the moves best score first, then by weight, then by move text (a stable order
    /// for the file).
    pub fn sort_moves(&mut self) {
        let pos = self.position;
        self.moves.sort_by_cached_key(|m| {
            (
                std::cmp::Reverse(m.score),
                std::cmp::Reverse(m.weight),
                crate::notation::format_move(&pos, &m.mv),
            )
        });
    }
}

/// How [`Book::probe`] chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeSettings {
    /// Moves scoring at most this much below the best book move are candidates (centi-men).
    pub margin: i32,
    /// The book is used only for positions it reaches in fewer plies than this.
    pub max_ply: u32,
}

impl Default for ProbeSettings {
    /// A margin of 0.15 men, up to ply 20.
    fn default() -> Self {
        ProbeSettings {
            margin: 15,
            max_ply: 20,
        }
    }
}

/// The seeded generator of the book choice (the same seed gives the same choices).
pub type BookRng = crate::types::SplitMix;

/// An opening book of one variant.
#[derive(Clone, Debug)]
pub struct Book {
    variant: Variant,
    built: String,
    entries: HashMap<Key, Entry>,
    /// How [`Book::probe`] chooses.
    pub settings: ProbeSettings,
}

impl Book {
    /// An empty book of `variant`.
    pub fn new(variant: Variant) -> Book {
        Book {
            variant,
            built: String::new(),
            entries: HashMap::new(),
            settings: ProbeSettings::default(),
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// How the book was built (the `built` header line).
    pub fn built(&self) -> &str {
        &self.built
    }

    /// Sets the `built` header line.
    pub fn set_built(&mut self, text: &str) {
        self.built = text.replace(['\n', '\r'], " ");
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry of `pos`, if the book holds it.
    pub fn entry(&self, pos: &Position) -> Option<&Entry> {
        self.entries.get(&pos.key()).filter(|e| e.position == *pos)
    }

    /// Adds or replaces the entry of its position (its moves are sorted).
    pub fn insert(&mut self, mut entry: Entry) {
        entry.sort_moves();
        self.entries.insert(entry.position.key(), entry);
    }

    /// The entry of `pos`, created empty at `ply` if absent (its ply lowered to `ply` if
    /// larger).
    pub fn entry_mut(&mut self, pos: &Position, ply: u32) -> &mut Entry {
        let e = self.entries.entry(pos.key()).or_insert_with(|| Entry {
            position: *pos,
            ply,
            moves: Vec::new(),
        });
        e.ply = e.ply.min(ply);
        e
    }

    /// Every entry, in a stable order (by ply, then FEN).
    pub fn entries(&self) -> Vec<&Entry> {
        let mut v: Vec<&Entry> = self.entries.values().collect();
        v.sort_by_cached_key(|e| (e.ply, e.position.to_fen()));
        v
    }

    /// The book moves of `pos` within the margin of the best one and with a positive weight,
    /// or an empty list when the position is not in the book or lies beyond `max_ply`
    /// (under [`Book::settings`]).
    pub fn candidates(&self, pos: &Position) -> Vec<BookMove> {
        self.candidates_with(pos, &self.settings)
    }

    /// [`Book::candidates`] under other settings.
    pub fn candidates_with(&self, pos: &Position, settings: &ProbeSettings) -> Vec<BookMove> {
        let Some(e) = self.entry(pos) else {
            return Vec::new();
        };
        let Some(best) = e.best_score() else {
            return Vec::new();
        };
        if e.ply >= settings.max_ply {
            return Vec::new();
        }
        e.moves
            .iter()
            .filter(|m| m.weight > 0 && m.score >= best.saturating_sub(settings.margin))
            .copied()
            .collect()
    }

    /// A book move for `pos`: one of [`Book::candidates`], drawn with probability proportional
    /// to its weight. `None` when there is no candidate.
    pub fn probe(&self, pos: &Position, rng: &mut BookRng) -> Option<Move> {
        self.probe_with(pos, &self.settings, rng)
    }

    /// [`Book::probe`] under other settings (for a shared book, see
    /// [`builtin::shared`](super::builtin::shared)).
    pub fn probe_with(
        &self,
        pos: &Position,
        settings: &ProbeSettings,
        rng: &mut BookRng,
    ) -> Option<Move> {
        let cands = self.candidates_with(pos, settings);
        let total: u64 = cands.iter().map(|m| u64::from(m.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut r = rng.below(total);
        for m in &cands {
            let w = u64::from(m.weight);
            if r < w {
                return Some(m.mv);
            }
            r -= w;
        }
        None
    }
}
