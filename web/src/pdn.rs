//! The game as PDN text for the page's copy and download (the tools crate's writer is out of
//! reach: the `dama` command line depends on this crate).

use dama::game::Game;
use dama::notation::format_move;
use dama::rules::Word;
use dama::Board;

use crate::end::End;

/// The PDN of `game` with the players' names and its end (`*` while it goes on).
pub fn write<W: Word>(game: &Game<W>, white: &str, black: &str, end: Option<&End>) -> String {
    let start = game.start();
    let rules = start.rules();
    let result = end.map_or("*", |e| e.result);
    let mut out = String::new();
    for (tag, value) in [
        ("Event", "dama serve"),
        ("White", white),
        ("Black", black),
        ("Result", result),
        ("GameType", rules.notation.game_type),
    ] {
        out.push_str(&format!("[{tag} \"{}\"]\n", escape(value)));
    }
    if *start != Board::<W>::start(start.variant()) {
        out.push_str(&format!("[FEN \"{}\"]\n", start.to_fen()));
    }
    out.push('\n');
    let mut words = Vec::new();
    let mut replay = Game::new(*start);
    for (ply, mv) in game.moves().iter().enumerate() {
        let pos = *replay.position();
        if ply == 0 || pos.side() == rules.first {
            let n = ply / 2 + 1;
            let dots = if pos.side() == rules.first {
                "."
            } else {
                "..."
            };
            words.push(format!("{n}{dots}"));
        }
        words.push(format_move(&pos, mv));
        replay.play(mv);
    }
    if let Some(e) = end {
        words.push(format!("{{{}}}", e.text.replace('}', ")")));
    }
    words.push(result.to_string());
    out.push_str(&wrap(&words, 79));
    out.push('\n');
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Words joined by spaces in lines of at most `width` characters.
fn wrap(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for w in words {
        if line > 0 && line + 1 + w.len() > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(w);
        line += w.len();
    }
    out
}
