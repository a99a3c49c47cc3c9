//! Training data for the evaluation: fast self-play games from random openings, written as
//! quiet positions labelled with the game result and the search score (`dama selfplay-data`).
//!
//! Game `g` of a run starts from a random opening drawn from its own seed, so a run split
//! into shards (`--shard I/N`: the games with `g mod N = I - 1`) gives the same games as one
//! run, and [`file::merge`] puts the shard files back together in game order.
//!
//! ```
//! use dama_tools::datagen::{play_game, GameConfig};
//! use dama::Variant;
//! let cfg = GameConfig { nodes: 200, ..GameConfig::new(Variant::Czech) };
//! let game = play_game(&cfg, 7);
//! assert!(!game.positions.is_empty());
//! assert!(game.positions.iter().all(|p| dama_tools::tune::data::is_quiet(&p.pos)));
//! ```

pub mod file;
pub mod run;

use dama::engine::{BookOptions, Engine, EngineOptions};
use dama::game::{Game, Outcome};
use dama::goal;
use dama::movegen;
use dama::search::SearchLimits;
use dama::selfplay::play_out;
use dama::types::SplitMix;
use dama::{Color, Move, Position, Variant};

use crate::tune::data::is_quiet;

/// How each game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameConfig {
    /// The variant.
    pub variant: Variant,
    /// Nodes searched for each move.
    pub nodes: u64,
    /// The random opening: between `opening_min` and `opening_max` random plies (inclusive).
    pub opening_min: usize,
    /// See `opening_min`.
    pub opening_max: usize,
    /// A game still going after this many plies is scored a draw.
    pub max_plies: usize,
    /// Seed of the whole run (game `g` uses a seed derived from it and `g`).
    pub seed: u64,
}

impl GameConfig {
    /// 2000 nodes a move, 6-9 random plies, 300 plies at most, seed 1.
    pub fn new(variant: Variant) -> GameConfig {
        GameConfig {
            variant,
            nodes: 2000,
            opening_min: 6,
            opening_max: 9,
            max_plies: 300,
            seed: 1,
        }
    }
}

/// One recorded position: quiet, searched by the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position (the side to move is the one that searched).
    pub pos: Position,
    /// The search score from the side to move, in centi-men (wins and losses as the search's
    /// internal values, beyond ±8000).
    pub score: i32,
}

/// A played game: its positions and its result.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// The game's number in the run.
    pub number: u64,
    /// The quiet positions after the opening, in game order.
    pub positions: Vec<Record>,
    /// The result from White's view: 1, ½ or 0.
    pub white_score: f64,
}

/// The games of shard `shard` (`(I, N)`, 1-based; all games when `None`).
pub fn schedule(games: u64, shard: Option<(u32, u32)>) -> Vec<u64> {
    (0..games)
        .filter(|g| shard.is_none_or(|(i, n)| g % u64::from(n) == u64::from(i - 1)))
        .collect()
}

/// The seed of game `number` of a run seeded `seed`.
fn game_seed(seed: u64, number: u64) -> u64 {
    let mut rng = SplitMix::new(seed ^ number.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64()
}

/// `book` (legal moves from the start), then `plies` random moves, not ending the game; `None`
/// if it ended.
fn random_opening(
    variant: Variant,
    book: &[Move],
    plies: usize,
    rng: &mut SplitMix,
) -> Option<Game> {
    let mut game = Game::new(Position::start(variant));
    for m in book {
        game.play(m);
    }
    for _ in 0..plies {
        let legal = movegen::legal_moves(game.position());
        if legal.is_empty() {
            return None;
        }
        game.play(&legal[rng.index(legal.len())]);
    }
    (!goal::is_over(game.position())).then_some(game)
}

/// Plays game `number` of the run `cfg` with a fresh engine (no book, one thread, 16 MiB).
pub fn play_game(cfg: &GameConfig, number: u64) -> PlayedGame {
    play_game_from(cfg, number, &[])
}

/// [`play_game`] starting from one of the `book` openings (move lists from the start position,
/// drawn by the game's seed), then the random plies; `[]` for random plies alone.
pub fn play_game_from(cfg: &GameConfig, number: u64, book: &[Vec<Move>]) -> PlayedGame {
    let mut rng = SplitMix::new(game_seed(cfg.seed, number));
    let span = cfg.opening_max.saturating_sub(cfg.opening_min) + 1;
    let mut game = loop {
        let line = match book.len() {
            0 => &[][..],
            n => &book[rng.index(n)][..],
        };
        let plies = cfg.opening_min + rng.index(span);
        if let Some(g) = random_opening(cfg.variant, line, plies, &mut rng) {
            break g;
        }
    };
    let engine = Engine::<u64>::new(EngineOptions {
        variant: cfg.variant,
        hash_mb: 16,
        book: BookOptions {
            enabled: false,
            ..BookOptions::default()
        },
        ..EngineOptions::default()
    });
    let limits = SearchLimits {
        nodes: Some(cfg.nodes.max(1)),
        ..SearchLimits::default()
    };
    let mut positions = Vec::new();
    let outcome = play_out(
        &mut game,
        &mut [engine],
        &limits,
        cfg.max_plies,
        &mut |pos, result| {
            if is_quiet(pos) {
                positions.push(Record {
                    pos: *pos,
                    score: result.score.value(),
                });
            }
        },
    );
    PlayedGame {
        number,
        positions,
        white_score: white_score(outcome.as_ref()),
    }
}

/// 1, ½ or 0 for White; a game without an outcome counts as a draw.
fn white_score(outcome: Option<&Outcome>) -> f64 {
    match outcome {
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_the_games_once() {
        let mut all: Vec<u64> = (1..=3).flat_map(|i| schedule(10, Some((i, 3)))).collect();
        all.sort();
        assert_eq!(all, schedule(10, None));
        assert_eq!(schedule(10, Some((2, 3))), vec![1, 4, 7]);
    }

    #[test]
    fn a_game_is_reproducible_and_ends() {
        let cfg = GameConfig {
            nodes: 100,
            ..GameConfig::new(Variant::Czech)
        };
        let a = play_game(&cfg, 3);
        assert_eq!(a, play_game(&cfg, 3));
        assert_ne!(a.positions, play_game(&cfg, 4).positions);
        assert!([0.0, 0.5, 1.0].contains(&a.white_score));
        // the first recorded position comes after the random opening
        let start = Position::start(Variant::Czech);
        assert!(a.positions.iter().all(|r| r.pos != start));
    }
}
