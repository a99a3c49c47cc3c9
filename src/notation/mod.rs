//! Text forms of positions and moves: PDN FEN, PDN move text and Hub move text, the legal moves
//! with their paths ([`listing`]), and PDN game files ([`pdn`]).

mod fen;
mod linear;
pub mod listing;
mod movetext;
pub mod pdn;
mod removals;
mod write;

pub use fen::FenError;
pub use movetext::{explain_illegal, parse_move, MoveError};
pub use write::{format_hub_move, format_move, hub_move_text, square_name};
