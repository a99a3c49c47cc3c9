//! Text forms of positions and moves: PDN FEN, PDN move text and Hub move text, and the lexer
//! that PDN game readers share.

mod fen;
mod linear;
mod movetext;
mod opening;
pub mod pdn_lexer;
mod write;

pub use fen::FenError;
pub use movetext::{explain_illegal, parse_move, MoveError};
pub use write::{format_hub_move, format_move, square_name};
