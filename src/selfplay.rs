//! Self-play: engines play a game out, one search a move. The one loop behind `dama selfplay`,
//! the training data of `dama selfplay-data` and the tests that play games.

use crate::engine::Engine;
use crate::game::{DrawSwitches, Game, Outcome};
use crate::position::Board;
use crate::rules::Word;
use crate::search::{SearchLimits, SearchResult};

/// Plays `game` on until it ends by the rules (with every draw rule on) or holds `max_plies`
/// moves. Before each move the engine of the side to move searches the game so far within
/// `limits`: `engines[0]` plays both sides when it is the only one, else `engines[i]` plays
/// the side of index `i` (White 0). `on_move` sees the position and the search's result before
/// its best move is played.
///
/// Returns the outcome by the rules; `None` when the ply limit came first or a search gave no
/// move.
///
/// # Panics
/// When `engines` is empty.
///
/// # Examples
/// ```
/// use dama::engine::{Engine, EngineOptions};
/// use dama::selfplay::play_out;
/// use dama::game::Game;
/// use dama::search::SearchLimits;
/// use dama::{Position, Variant};
///
/// let engine = Engine::new(EngineOptions { hash_mb: 1, ..EngineOptions::default() });
/// let mut game = Game::new(Position::start(Variant::Czech));
/// let limits = SearchLimits { depth: Some(2), ..SearchLimits::default() };
/// let mut searched = 0;
/// let outcome = play_out(&mut game, &mut [engine], &limits, 6, &mut |_, _| searched += 1);
/// assert_eq!((outcome, game.moves().len(), searched), (None, 6, 6));
/// ```
pub fn play_out<W: Word>(
    game: &mut Game<W>,
    engines: &mut [Engine<W>],
    limits: &SearchLimits,
    max_plies: usize,
    on_move: &mut dyn FnMut(&Board<W>, &SearchResult<W>),
) -> Option<Outcome> {
    let switches = DrawSwitches::default();
    let start = *game.start();
    loop {
        if let Some(outcome) = game.outcome(&switches) {
            return Some(outcome);
        }
        if game.moves().len() >= max_plies {
            return None;
        }
        let pos = *game.position();
        let engine = match engines.len() {
            1 => &mut engines[0],
            _ => &mut engines[pos.side().index()],
        };
        engine.set_position(start, game.moves());
        let result = engine.go(limits, &mut |_| {});
        let mv = result.best?;
        on_move(&pos, &result);
        game.play(&mv);
    }
}
