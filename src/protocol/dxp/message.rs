//! DamExchange messages: every message type with its exact field widths, read from and written to
//! the text of one frame (the NUL terminator is the [`super::frame`] layer's business).
//!
//! Numbers are zero-padded decimals and colours are `W` (white) and `Z` (black, *zwart*). Square
//! numbers are kept as sent (1-50); the board layer maps them onto a variant.

use std::fmt;

use crate::types::{Color, Piece};

/// The protocol version dama speaks and asks for in GAMEREQ.
pub const VERSION: u8 = 1;
/// The width of the name fields of GAMEREQ and GAMEACC.
pub const NAME_WIDTH: usize = 32;
/// The most captured pieces one MOVE may list.
pub const MAX_CAPTURED: usize = 20;
/// The most text one CHAT may carry (a frame holds at most 127 bytes).
pub const MAX_CHAT: usize = 126;

/// One DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `C`: free text, at any time.
    Chat(String),
    /// `R`: the initiator asks for a game.
    GameReq(GameReq),
    /// `A`: the follower's answer to a GAMEREQ.
    GameAcc(GameAcc),
    /// `M`: a move.
    Move(MoveMsg),
    /// `E`: the end of a game (and its confirmation).
    GameEnd(GameEnd),
    /// `B`: a request to take moves back.
    BackReq(BackReq),
    /// `K`: the answer to a BACKREQ.
    BackAcc(BackAcc),
}

/// GAMEREQ: `R` version(2) name(32) follower-colour(1) minutes(3) moves(3) start(1) \[position\].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReq {
    /// The protocol version asked for (1).
    pub version: u8,
    /// The initiator's name (at most 32 characters, not starting with a space).
    pub name: String,
    /// The colour the follower plays.
    pub follower: Color,
    /// The thinking time for the game, in minutes (0-999).
    pub minutes: u16,
    /// The number of moves the thinking time is for (0 = the whole game).
    pub moves: u16,
    /// The start position.
    pub start: Start,
}

/// The start position of a GAMEREQ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `A`: the variant's start position, White to move.
    Initial,
    /// `B`: an explicit position.
    Setup(Setup),
}

/// An explicit position: the side to move and one cell per square, square 1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The side to move.
    pub to_move: Color,
    /// Squares 1..n: 50 on 10×10 (the standard), 32 in pydraughts' non-standard 8×8 form.
    pub cells: Vec<Option<(Color, Piece)>>,
}

/// GAMEACC: `A` name(32) code(1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAcc {
    /// The follower's name.
    pub name: String,
    /// Accepted or why not.
    pub code: AccCode,
}

/// The answer of a GAMEACC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccCode {
    /// `0`: the game is accepted.
    Accept,
    /// `1`: the protocol version is not supported.
    WrongVersion,
    /// `2`: not this game, but another one would do.
    NotThisGame,
    /// `3`: no games at all.
    NoGames,
}

/// MOVE: `M` time(4) from(2) to(2) count(2) captured(2 each, any order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMsg {
    /// Seconds the mover used for this move (0-9999; informational).
    pub seconds: u16,
    /// The origin square number.
    pub from: u8,
    /// The destination square number.
    pub to: u8,
    /// The captured squares, as sent.
    pub captured: Vec<u8>,
}

/// GAMEEND: `E` reason(1) stop(1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The sender's view of the result.
    pub reason: EndReason,
    /// `1`: no more games on this connection; `0`: another game is fine.
    pub stop: bool,
}

/// Why a game ends, from the sender's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// `0`: no reason or unknown.
    Unknown,
    /// `1`: the sender loses (or gives up).
    SenderLoses,
    /// `2`: a draw.
    Draw,
    /// `3`: the sender wins.
    SenderWins,
}

/// BACKREQ: `B` move-number(3) colour-to-move(1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackReq {
    /// The move number to go back to (1-999).
    pub move_number: u16,
    /// The side to move there.
    pub to_move: Color,
}

/// The answer of a BACKACC (`K` code(1)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackAcc {
    /// `0`: the moves are taken back.
    Accepted,
    /// `1`: taking back is not supported.
    NotSupported,
    /// `2`: the receiver wants to play on.
    Continue,
}

/// Why a frame is not a valid message; the text is one line naming what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

impl Message {
    /// Writes the message as the text of one frame (without its NUL).
    pub fn format(&self) -> String {
        match self {
            Message::Chat(text) => format!("C{}", chat_text(text)),
            Message::GameReq(r) => format_gamereq(r),
            Message::GameAcc(a) => format!("A{}{}", name_field(&a.name), a.code.digit()),
            Message::Move(m) => {
                let mut s = format!(
                    "M{:04}{:02}{:02}{:02}",
                    m.seconds.min(9999),
                    m.from,
                    m.to,
                    m.captured.len()
                );
                for c in &m.captured {
                    s.push_str(&format!("{c:02}"));
                }
                s
            }
            Message::GameEnd(e) => format!("E{}{}", e.reason.digit(), u8::from(e.stop)),
            Message::BackReq(b) => format!("B{:03}{}", b.move_number, colour_letter(b.to_move)),
            Message::BackAcc(k) => format!("K{}", k.digit()),
        }
    }
}

/// Chat text made safe for a frame: printable ASCII, at most [`MAX_CHAT`] characters.
pub fn chat_text(text: &str) -> String {
    text.chars()
        .map(|c| if (' '..='~').contains(&c) { c } else { '?' })
        .take(MAX_CHAT)
        .collect()
}

fn cell_letter(cell: Option<(Color, Piece)>) -> char {
    match cell {
        None => 'e',
        Some((Color::White, Piece::Man)) => 'w',
        Some((Color::Black, Piece::Man)) => 'z',
        Some((Color::White, Piece::King)) => 'W',
        Some((Color::Black, Piece::King)) => 'Z',
    }
}

fn colour_letter(c: Color) -> char {
    match c {
        Color::White => 'W',
        Color::Black => 'Z',
    }
}

/// A name as dama keeps it: printable ASCII without spaces around it, so that it prints on one
/// line and reads back as itself.
pub fn clean_name(name: &str) -> String {
    chat_text(name.trim()).trim().to_string()
}

/// A name padded or cut to [`NAME_WIDTH`] printable characters, never starting with a space
/// (a blank name stays blank).
fn name_field(name: &str) -> String {
    let cut: String = clean_name(name).chars().take(NAME_WIDTH).collect();
    format!("{:<width$}", cut.trim_end(), width = NAME_WIDTH)
}

fn format_gamereq(r: &GameReq) -> String {
    let mut s = format!(
        "R{:02}{}{}{:03}{:03}",
        r.version.min(99),
        name_field(&r.name),
        colour_letter(r.follower),
        r.minutes.min(999),
        r.moves.min(999)
    );
    match &r.start {
        Start::Initial => s.push('A'),
        Start::Setup(setup) => {
            s.push('B');
            s.push(colour_letter(setup.to_move));
            s.extend(setup.cells.iter().map(|&c| cell_letter(c)));
        }
    }
    s
}

impl AccCode {
    fn digit(self) -> char {
        match self {
            AccCode::Accept => '0',
            AccCode::WrongVersion => '1',
            AccCode::NotThisGame => '2',
            AccCode::NoGames => '3',
        }
    }
}

impl EndReason {
    fn digit(self) -> char {
        match self {
            EndReason::Unknown => '0',
            EndReason::SenderLoses => '1',
            EndReason::Draw => '2',
            EndReason::SenderWins => '3',
        }
    }
}

impl BackAcc {
    fn digit(self) -> char {
        match self {
            BackAcc::Accepted => '0',
            BackAcc::NotSupported => '1',
            BackAcc::Continue => '2',
        }
    }
}

#[cfg(test)]
#[path = "message_tests.rs"]
mod tests;
