//! The messages a page sends, read and checked before anything acts on them: JSON objects
//! with a `t` naming the message; anything else gets a one-line reason back.

use dama::Variant;
use serde::Deserialize;

use crate::table::MAX_PATH;

/// The most moves a resumed game may bring.
pub const MAX_RESUMED_MOVES: usize = 1000;

/// A colour asked for on the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn by lot.
    Random,
}

/// A message from the page.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// A new game against the engine.
    New {
        /// The variant's name.
        variant: String,
        /// The engine's level, 1-5.
        level: u8,
        /// The player's colour.
        colour: Colour,
        /// A start position (PDN FEN) other than the variant's.
        #[serde(default)]
        fen: Option<String>,
    },
    /// A game against the engine kept by the page, replayed and checked move by move.
    Resume {
        /// The variant's name.
        variant: String,
        /// The engine's level, 1-5.
        level: u8,
        /// The player's colour (white or black).
        colour: Colour,
        /// The paths of the moves played.
        moves: Vec<Vec<u32>>,
        /// The start position (PDN FEN) when it is not the variant's.
        #[serde(default)]
        fen: Option<String>,
    },
    /// A move: its path of square numbers (start, landings, destination).
    Move {
        /// The path.
        path: Vec<u32>,
    },
    /// The engine's advice for the player's move.
    Hint {},
    /// Takes back the player's last move and the answer to it.
    Undo {},
    /// Resigns the game (on the player's turn).
    Resign {},
    /// A room for two players.
    CreateRoom {
        /// The variant's name.
        variant: String,
        /// The level of the engine that plays for a dropped player.
        level: u8,
    },
    /// Joins a room by its code (with the seat's token to take a seat back).
    JoinRoom {
        /// The room's code as typed.
        code: String,
        /// The token given when the seat was first taken.
        #[serde(default)]
        token: Option<String>,
    },
    /// Leaves the game or room.
    Leave {},
    /// Keeps the connection alive.
    Ping {},
}

/// Reads and checks one message.
pub fn parse(text: &str) -> Result<ClientMsg, String> {
    let msg: ClientMsg =
        serde_json::from_str(text).map_err(|e| format!("bad message: {}", short(&e)))?;
    check(&msg)?;
    Ok(msg)
}

/// The checks serde cannot make: names, levels, sizes.
fn check(msg: &ClientMsg) -> Result<(), String> {
    match msg {
        ClientMsg::New {
            variant,
            level,
            fen,
            ..
        } => {
            playable(variant)?;
            check_fen(fen.as_deref())?;
            check_level(*level)
        }
        ClientMsg::CreateRoom { variant, level } => {
            playable(variant)?;
            check_level(*level)
        }
        ClientMsg::Resume {
            variant,
            level,
            colour,
            moves,
            fen,
        } => {
            playable(variant)?;
            check_fen(fen.as_deref())?;
            check_level(*level)?;
            if *colour == Colour::Random {
                return Err("bad message: a resumed game has a colour, white or black".into());
            }
            if moves.len() > MAX_RESUMED_MOVES {
                return Err(format!("bad message: more than {MAX_RESUMED_MOVES} moves"));
            }
            moves.iter().try_for_each(|p| check_path(p))
        }
        ClientMsg::Move { path } => check_path(path),
        ClientMsg::JoinRoom { code, token } => {
            if code.len() > 40 || token.as_ref().is_some_and(|t| t.len() > 64) {
                return Err("bad message: the code or token is too long".into());
            }
            Ok(())
        }
        ClientMsg::Hint {}
        | ClientMsg::Undo {}
        | ClientMsg::Resign {}
        | ClientMsg::Leave {}
        | ClientMsg::Ping {} => Ok(()),
    }
}

/// The variant named, if the page can play it (a rectangular board of squares).
pub fn playable(name: &str) -> Result<Variant, String> {
    let v = Variant::from_name(name).ok_or_else(|| format!("unknown variant '{}'", clip(name)))?;
    if v.rules().names().lines {
        return Err(format!("{} is not played on a board of squares", v.name()));
    }
    Ok(v)
}

/// The longest start position a page may send.
const MAX_FEN: usize = 400;

fn check_fen(fen: Option<&str>) -> Result<(), String> {
    match fen {
        Some(f) if f.len() > MAX_FEN => Err(format!(
            "bad message: a position of more than {MAX_FEN} characters"
        )),
        _ => Ok(()),
    }
}

fn check_level(level: u8) -> Result<(), String> {
    if (1..=5).contains(&level) {
        Ok(())
    } else {
        Err(format!("level {level} is not 1 to 5"))
    }
}

fn check_path(path: &[u32]) -> Result<(), String> {
    if path.len() < 2 || path.len() > MAX_PATH {
        return Err(format!(
            "bad message: a move has 2 to {MAX_PATH} squares, not {}",
            path.len()
        ));
    }
    Ok(())
}

/// The first 40 characters of a name sent by a client, for an error message on one line
/// (control characters, a newline among them, as `?`).
fn clip(s: &str) -> String {
    s.chars()
        .take(40)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// serde's message, on one line and short.
fn short(e: &serde_json::Error) -> String {
    clip(&e.to_string().replace('\n', " ")) + if e.to_string().len() > 40 { "…" } else { "" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_messages_are_read() {
        let m = parse(r#"{"t":"new","variant":"czech","level":3,"colour":"random"}"#).unwrap();
        assert_eq!(
            m,
            ClientMsg::New {
                variant: "czech".into(),
                level: 3,
                colour: Colour::Random,
                fen: None,
            }
        );
        assert_eq!(
            parse(r#"{"t":"move","path":[22,18]}"#).unwrap(),
            ClientMsg::Move { path: vec![22, 18] }
        );
        assert_eq!(parse(r#"{"t":"hint"}"#).unwrap(), ClientMsg::Hint {});
    }

    #[test]
    fn bad_messages_say_why() {
        let cases = [
            ("", "bad message"),
            ("[1,2]", "bad message"),
            (r#"{"t":"fly"}"#, "bad message"),
            (
                r#"{"t":"new","variant":"chess","level":3,"colour":"white"}"#,
                "unknown variant 'chess'",
            ),
            (
                r#"{"t":"new","variant":"czech","level":9,"colour":"white"}"#,
                "level 9 is not 1 to 5",
            ),
            (
                r#"{"t":"new","variant":"alquerque","level":1,"colour":"white"}"#,
                "not played on a board of squares",
            ),
            (r#"{"t":"move","path":[22]}"#, "a move has 2 to"),
            (r#"{"t":"move","path":[22,-1]}"#, "bad message"),
            (r#"{"t":"hint","x":1}"#, "bad message"),
        ];
        for (text, why) in cases {
            let e = parse(text).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
            assert!(!e.contains('\n'));
        }
    }
}
