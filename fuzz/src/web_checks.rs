//! The property of the fuzz target that reads the messages of `dama serve`'s pages.
//! `web/tests/fuzz_regressions.rs` includes this file.

use dama_web::protocol::{self, ClientMsg};
use dama_web::{codes, table};

/// A page's message: refused with a one-line reason, or acted on as the server does (a new or
/// resumed game with its start position and moves replayed on a game of its variant, a move
/// played on a Czech game, a room code cleaned) without a panic; a move the rules refuse
/// leaves the game as it was, with a reason; the game's view and PDN are made.
pub fn web_message(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match protocol::parse(&text) {
        Err(why) => assert!(!why.is_empty() && !why.contains('\n'), "{why:?}"),
        Ok(msg) => act(msg),
    }
}

fn act(msg: ClientMsg) {
    match msg {
        ClientMsg::New { variant, fen, .. } => replay(&variant, fen.as_deref(), &[]),
        ClientMsg::Resume {
            variant,
            fen,
            moves,
            ..
        } => replay(&variant, fen.as_deref(), &moves),
        ClientMsg::Move { path } => replay("czech", None, &[path]),
        ClientMsg::JoinRoom { code, .. } => {
            if let Some(c) = codes::normalize(&code) {
                assert_eq!(c.len(), codes::CODE_LEN);
            }
        }
        _ => {}
    }
}

fn replay(variant: &str, fen: Option<&str>, moves: &[Vec<u32>]) {
    let v = protocol::playable(variant).expect("a checked message names a playable variant");
    let Ok(mut game) = table::new_table(v, fen) else {
        return;
    };
    for path in moves {
        let before = game.plies();
        match game.play_path(path) {
            Ok(()) => assert_eq!(game.plies(), before + 1),
            Err(why) => {
                assert!(!why.is_empty() && !why.contains('\n'), "{why:?}");
                assert_eq!(game.plies(), before);
                break;
            }
        }
    }
    let _ = game.view(true);
    let _ = game.pdn("white", "black", game.end().as_ref());
}
