//! The engine's settings: [`EngineOptions`] and the opening book's [`BookOptions`].

use std::path::PathBuf;

use crate::book::ProbeSettings;
use crate::game::DrawSwitches;
use crate::rules::{Variant, Word};

/// Engine settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// The variant played.
    pub variant: Variant,
    /// Search threads (at least 1).
    pub threads: usize,
    /// Transposition table size in MiB (see [`super::Engine::hash_mb_in_use`] for what was
    /// granted).
    pub hash_mb: usize,
    /// Playing strength 1..=5 (5 = full strength).
    pub skill: u8,
    /// Principal variations reported (at least 1).
    pub multipv: usize,
    /// Draw rules in force.
    pub draw: DrawSwitches,
    /// Seed of the weaker levels' randomness and of the book choice (see
    /// [`super::Engine::new_game`]).
    pub seed: u64,
    /// Directory of endgame bitbases probed by the search (`None`: no bitbases). Problems with
    /// it never fail: see [`super::Engine::bitbase_errors`].
    pub bitbases: Option<PathBuf>,
    /// The largest bitbases loaded from [`EngineOptions::bitbases`], in pieces (`None`: all
    /// that are found; `Some(0)`: none).
    pub bitbase_pieces: Option<u32>,
    /// The shipped opening book, used by the searches whose limits allow it
    /// ([`crate::search::SearchLimits::book`]).
    pub book: BookOptions,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            variant: Variant::Czech,
            threads: 1,
            hash_mb: 64,
            skill: 5,
            multipv: 1,
            draw: DrawSwitches::default(),
            seed: 0,
            bitbases: None,
            bitbase_pieces: None,
            book: BookOptions::default(),
        }
    }
}

/// How the engine plays from the shipped book of the variant (`book/<variant>.book`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookOptions {
    /// Whether the book is used at all.
    pub enabled: bool,
    /// Book positions reached in fewer plies than this are used (0-20).
    pub max_ply: u32,
    /// Book moves within this many centi-men of the best book move are chosen from (0-100),
    /// with probability proportional to their weight.
    pub margin: u32,
}

impl Default for BookOptions {
    /// On, up to ply 12, within 0.10 men of the best.
    fn default() -> Self {
        BookOptions {
            enabled: true,
            max_ply: 12,
            margin: 10,
        }
    }
}

impl BookOptions {
    /// The probe settings of the book.
    pub fn probe_settings(&self) -> ProbeSettings {
        ProbeSettings {
            margin: self.margin as i32,
            max_ply: self.max_ply,
        }
    }
}

/// `opts` with every value brought into its range.
pub(super) fn sanitize<W: Word>(mut opts: EngineOptions) -> EngineOptions {
    if opts.variant.rules().wide() != (W::BITS > 64) {
        // a variant of the other word: the engine's word's default
        opts.variant = Variant::ALL
            .into_iter()
            .find(|v| v.rules().wide() == (W::BITS > 64))
            .unwrap_or_default();
    }
    if opts
        .bitbases
        .as_ref()
        .is_some_and(|d| d.as_os_str().is_empty())
    {
        opts.bitbases = None;
    }
    opts.threads = opts.threads.clamp(1, 256);
    opts.hash_mb = opts.hash_mb.clamp(1, 1 << 16);
    opts.skill = opts.skill.clamp(1, 5);
    opts.multipv = opts.multipv.clamp(1, 256);
    opts.book.max_ply = opts.book.max_ply.min(20);
    opts.book.margin = opts.book.margin.min(100);
    opts
}
