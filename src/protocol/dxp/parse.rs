//! Reading DXP messages: each field at its exact width, every error a one-line [`ParseError`]
//! that names the message and the field.

use super::message::{chat_text, clean_name};
use super::message::{
    AccCode, BackAcc, BackReq, EndReason, GameAcc, GameEnd, GameReq, Message, MoveMsg, ParseError,
    Setup, Start, MAX_CAPTURED, MAX_CHAT, NAME_WIDTH,
};
use crate::types::{Color, Piece};

impl Message {
    /// Reads the text of one frame (without its NUL).
    pub fn parse(text: &str) -> Result<Message, ParseError> {
        parse(text)
    }
}

fn parse(text: &str) -> Result<Message, ParseError> {
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

fn parse_chat(body: &str) -> Result<Message, ParseError> {
    if body.len() > MAX_CHAT {
        return err(format!(
            "CHAT text has {} characters; at most {MAX_CHAT}",
            body.len()
        ));
    }
    // Control characters (a newline, say) become '?': a chat is shown on one line.
    Ok(Message::Chat(chat_text(body)))
}

fn parse_gamereq(mut f: Fields) -> Result<Message, ParseError> {
    let version = f.number(2, "version")? as u8;
    let name = clean_name(f.take(NAME_WIDTH, "name")?);
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

fn parse_gameacc(mut f: Fields) -> Result<Message, ParseError> {
    let name = clean_name(f.take(NAME_WIDTH, "name")?);
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
