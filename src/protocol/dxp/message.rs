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

/// GAMEREQ: `R` version(2) name(32) follower-colour(1) minutes(3) moves(3) start(1) [position].
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

fn err<T>(text: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(text.into()))
}

/// Reads fixed-width fields from the front of a message body.
struct Fields<'a> {
    kind: &'static str,
    rest: &'a str,
}

impl<'a> Fields<'a> {
    fn take(&mut self, width: usize, field: &str) -> Result<&'a str, ParseError> {
        if self.rest.len() < width {
            return err(format!(
                "{} is too short: the {field} field needs {width} characters",
                self.kind
            ));
        }
        let (head, tail) = self.rest.split_at(width);
        self.rest = tail;
        Ok(head)
    }

    fn number(&mut self, width: usize, field: &str) -> Result<u32, ParseError> {
        let text = self.take(width, field)?;
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return err(format!(
                "{}: the {field} field '{text}' must be {width} digits",
                self.kind
            ));
        }
        Ok(text.parse().unwrap_or(0))
    }

    fn colour(&mut self, field: &str) -> Result<Color, ParseError> {
        match self.take(1, field)? {
            "W" => Ok(Color::White),
            "Z" => Ok(Color::Black),
            c => err(format!(
                "{}: the {field} must be W or Z, not '{c}'",
                self.kind
            )),
        }
    }

    fn square(&mut self, field: &str) -> Result<u8, ParseError> {
        match self.number(2, field)? {
            n @ 1..=50 => Ok(n as u8),
            n => err(format!("{}: square {n} ({field}) is not 01-50", self.kind)),
        }
    }

    fn end(self) -> Result<(), ParseError> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            err(format!(
                "{} has {} characters too many ('{}')",
                self.kind,
                self.rest.len(),
                self.rest
            ))
        }
    }
}

impl Message {
    /// Reads the text of one frame (without its NUL).
    pub fn parse(text: &str) -> Result<Message, ParseError> {
        if !text.is_ascii() {
            return err("a DXP message must be ASCII");
        }
        let Some(kind) = text.chars().next() else {
            return err("an empty message has no type");
        };
        let body = &text[1..];
        let fields = |kind| Fields { kind, rest: body };
        match kind {
            'C' => parse_chat(body),
            'R' => parse_gamereq(fields("GAMEREQ")),
            'A' => parse_gameacc(fields("GAMEACC")),
            'M' => parse_move(fields("MOVE")),
            'E' => parse_gameend(fields("GAMEEND")),
            'B' => parse_backreq(fields("BACKREQ")),
            'K' => parse_backacc(fields("BACKACC")),
            c => err(format!(
                "unknown message type '{c}' (expected one of C R A M E B K)"
            )),
        }
    }

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

fn parse_chat(body: &str) -> Result<Message, ParseError> {
    if body.len() > MAX_CHAT {
        return err(format!(
            "CHAT text has {} characters; at most {MAX_CHAT}",
            body.len()
        ));
    }
    Ok(Message::Chat(body.to_string()))
}

fn parse_gamereq(mut f: Fields) -> Result<Message, ParseError> {
    let version = f.number(2, "version")? as u8;
    let name = f.take(NAME_WIDTH, "name")?.trim_end().to_string();
    let follower = f.colour("follower colour")?;
    let minutes = f.number(3, "thinking time")? as u16;
    let moves = f.number(3, "number of moves")? as u16;
    let start = match f.take(1, "start position")? {
        "A" => Start::Initial,
        "B" => {
            let to_move = f.colour("colour to move")?;
            let cells = parse_cells(f.rest)?;
            f.rest = "";
            Start::Setup(Setup { to_move, cells })
        }
        c => {
            return err(format!(
                "GAMEREQ: the start position must be A or B, not '{c}'"
            ))
        }
    };
    f.end()?;
    Ok(Message::GameReq(GameReq {
        version,
        name,
        follower,
        minutes,
        moves,
        start,
    }))
}

fn parse_cells(text: &str) -> Result<Vec<Option<(Color, Piece)>>, ParseError> {
    if text.len() != 50 && text.len() != 32 {
        return err(format!(
            "GAMEREQ: the position has {} squares; it needs 50 (or 32 on 8×8)",
            text.len()
        ));
    }
    text.chars()
        .enumerate()
        .map(|(i, c)| match c {
            'e' => Ok(None),
            'w' => Ok(Some((Color::White, Piece::Man))),
            'z' => Ok(Some((Color::Black, Piece::Man))),
            'W' => Ok(Some((Color::White, Piece::King))),
            'Z' => Ok(Some((Color::Black, Piece::King))),
            _ => err(format!(
                "GAMEREQ: square {} of the position is '{c}', not one of e w z W Z",
                i + 1
            )),
        })
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

/// A name padded or cut to [`NAME_WIDTH`] printable characters, never starting with a space.
fn name_field(name: &str) -> String {
    let clean = chat_text(name.trim_start());
    let clean = if clean.is_empty() {
        "dama".to_string()
    } else {
        clean
    };
    format!("{:<width$.width$}", clean, width = NAME_WIDTH)
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

fn parse_gameacc(mut f: Fields) -> Result<Message, ParseError> {
    let name = f.take(NAME_WIDTH, "name")?.trim_end().to_string();
    let code = match f.take(1, "acceptance code")? {
        "0" => AccCode::Accept,
        "1" => AccCode::WrongVersion,
        "2" => AccCode::NotThisGame,
        "3" => AccCode::NoGames,
        c => {
            return err(format!(
                "GAMEACC: the acceptance code must be 0-3, not '{c}'"
            ))
        }
    };
    f.end()?;
    Ok(Message::GameAcc(GameAcc { name, code }))
}

fn parse_move(mut f: Fields) -> Result<Message, ParseError> {
    let seconds = f.number(4, "time")? as u16;
    let from = f.square("from")?;
    let to = f.square("to")?;
    let count = f.number(2, "number of captured pieces")? as usize;
    if count > MAX_CAPTURED {
        return err(format!(
            "MOVE: {count} captured pieces; at most {MAX_CAPTURED}"
        ));
    }
    let captured = (0..count)
        .map(|_| f.square("captured"))
        .collect::<Result<Vec<u8>, ParseError>>()?;
    f.end()?;
    Ok(Message::Move(MoveMsg {
        seconds,
        from,
        to,
        captured,
    }))
}

fn parse_gameend(mut f: Fields) -> Result<Message, ParseError> {
    let reason = match f.take(1, "reason")? {
        "0" => EndReason::Unknown,
        "1" => EndReason::SenderLoses,
        "2" => EndReason::Draw,
        "3" => EndReason::SenderWins,
        c => return err(format!("GAMEEND: the reason must be 0-3, not '{c}'")),
    };
    let stop = match f.take(1, "stop code")? {
        "0" => false,
        "1" => true,
        c => return err(format!("GAMEEND: the stop code must be 0 or 1, not '{c}'")),
    };
    f.end()?;
    Ok(Message::GameEnd(GameEnd { reason, stop }))
}

fn parse_backreq(mut f: Fields) -> Result<Message, ParseError> {
    let move_number = f.number(3, "move number")? as u16;
    if move_number == 0 {
        return err("BACKREQ: the move number must be 001-999");
    }
    let to_move = f.colour("colour to move")?;
    f.end()?;
    Ok(Message::BackReq(BackReq {
        move_number,
        to_move,
    }))
}

fn parse_backacc(mut f: Fields) -> Result<Message, ParseError> {
    let code = match f.take(1, "code")? {
        "0" => BackAcc::Accepted,
        "1" => BackAcc::NotSupported,
        "2" => BackAcc::Continue,
        c => return err(format!("BACKACC: the code must be 0-2, not '{c}'")),
    };
    f.end()?;
    Ok(Message::BackAcc(code))
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
