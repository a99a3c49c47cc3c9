//! PDN game files, read and written once for every tool: [`split_games`] cuts a text into games
//! (tag lines, then move text; a `[` inside a comment starts nothing), [`RawGame::replay`]
//! checks the moves with the rules core into a [`PdnGame`], [`read_games`] does both for a
//! whole text, and [`tag_lines`] and [`move_section`] write a game back.
//!
//! Tag values are escaped in one way, both ways: `\` quotes the next character (`\"`, `\\`).
//!
//! ```
//! use dama::notation::pdn::{read_games, GameResult};
//! use dama::Variant;
//! let text = "[White \"a \\\"b\\\"\"]\n[Result \"1-0\"]\n\n1. c3-d4 f6-g5 2. d4-e5 1-0\n";
//! let games = read_games(text, Variant::Czech).unwrap();
//! assert_eq!(games[0].tag("White"), Some("a \"b\""));
//! assert_eq!((games[0].moves.len(), games[0].result), (3, Some(GameResult::WhiteWins)));
//! ```

pub mod lexer;
mod replay;
mod split;
mod tags;
mod write;

pub use lexer::move_text;
pub use replay::{
    read_games, variant_of_game_type, variant_of_tags, variant_tags, GameResult, PdnGame,
};
pub use split::{split_games, RawGame};
pub use tags::{parse_tag, tag_lines};
pub use write::{move_section, today};
