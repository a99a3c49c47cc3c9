//! The game of `dama play` as a PDN file: written by `save` and `quit`, read back by
//! `--load`. Besides the standard tags the file keeps the level and the human's colour
//! (`DamaLevel`, `DamaHuman`), so a saved game resumes as it was.

use dama::game::Game;
use dama::notation::pdn;
use dama::rules::Word;
use dama::Move;
use dama::{Board, Color, Variant};

/// What a saved game holds besides the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    /// The engine's level, 1-5.
    pub level: u8,
    /// The human's colour.
    pub human: Color,
}

/// A game read from a file.
#[derive(Clone, Debug)]
pub struct Saved<W: Word = u64> {
    /// The start position.
    pub start: Board<W>,
    /// The moves played from it.
    pub moves: Vec<Move<W>>,
    /// The level and colour, when the file names them.
    pub level: Option<u8>,
    /// The human's colour, when the file names it.
    pub human: Option<Color>,
    /// The result token, when the game had ended (`1-0`, `0-1`, `1/2-1/2`).
    pub result: Option<&'static str>,
}

/// The PDN text of `game`: `result` is `*` while it goes on, `reason` the final comment.
pub fn write<W: Word>(game: &Game<W>, players: &Players, result: &str, reason: &str) -> String {
    let engine = format!("dama level {}", players.level);
    let (white, black) = match players.human {
        Color::White => ("you", engine.as_str()),
        Color::Black => (engine.as_str(), "you"),
    };
    let start = game.start();
    let date = pdn::today();
    let level = players.level.to_string();
    let fen = start.to_fen();
    let mut tags = vec![
        ("Event", "dama play"),
        ("Date", date.as_str()),
        ("White", white),
        ("Black", black),
        ("Result", result),
    ];
    tags.extend(pdn::variant_tags(start.variant()));
    if *start != Board::<W>::start(start.variant()) {
        tags.push(("FEN", &fen));
    }
    tags.push(("DamaLevel", &level));
    tags.push(("DamaHuman", players.human.name()));
    let mut out = pdn::tag_lines(&tags);
    out.push('\n');
    let moves: Vec<_> = game.moves().iter().map(|m| m.in_word()).collect();
    out.push_str(&pdn::move_section(&start.to_wide(), &moves, reason, result));
    out.push('\n');
    out
}

/// Reads the first game of a PDN text (`variant` when it has no `GameType` tag).
pub fn read<W: Word>(text: &str, variant: Variant) -> Result<Saved<W>, String> {
    let games = pdn::read_games(text, variant)?;
    let Some(g) = games.into_iter().next() else {
        return Err("the file holds no game".into());
    };
    let level = match g.tag("DamaLevel") {
        None => None,
        Some(v) => Some(
            v.parse::<u8>()
                .ok()
                .filter(|l| (1..=5).contains(l))
                .ok_or_else(|| format!("DamaLevel '{v}' is not a level from 1 to 5"))?,
        ),
    };
    let human = match g.tag("DamaHuman") {
        None => None,
        Some(v) => Some(colour(v).ok_or_else(|| format!("DamaHuman '{v}' is not a colour"))?),
    };
    let start = g
        .start
        .in_word::<W>()
        .ok_or_else(|| format!("the game is of {}, not {variant}", g.start.variant()))?;
    Ok(Saved {
        start,
        moves: g.moves.iter().map(|m| m.in_word()).collect(),
        level,
        human,
        result: g.result.map(|r| r.pdn()),
    })
}

/// The variant of the first game of a PDN text (`variant` when it has no `GameType` tag).
pub fn variant_of(text: &str, variant: Variant) -> Result<Variant, String> {
    let games = pdn::read_games(text, variant)?;
    match games.first() {
        Some(g) => Ok(g.start.variant()),
        None => Err("the file holds no game".into()),
    }
}

/// `white` or `black` (any case).
pub fn colour(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::movegen;
    use dama::Position;

    #[test]
    fn a_game_reads_back_with_its_players() {
        let start = Position::from_fen(Variant::Czech, "W:Wa1,c1,e1:Bh8,f8").unwrap();
        let mut game = Game::new(start);
        for _ in 0..3 {
            let mv = movegen::legal_moves(game.position())[0];
            game.play(&mv);
        }
        let players = Players {
            level: 2,
            human: Color::Black,
        };
        let text = write(&game, &players, "*", "");
        assert!(text.contains("[Black \"you\"]") && text.contains("[DamaLevel \"2\"]"));
        let back = read::<u64>(&text, Variant::Russian).unwrap();
        assert_eq!(back.start, start);
        assert_eq!(back.moves, game.moves());
        assert_eq!(
            (back.level, back.human, back.result),
            (Some(2), Some(Color::Black), None)
        );
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        assert!(read::<u64>("", Variant::Czech)
            .unwrap_err()
            .contains("no game"));
        let bad = "[DamaLevel \"9\"]\n\n1. c3-d4 *\n";
        assert!(read::<u64>(bad, Variant::Czech)
            .unwrap_err()
            .contains("DamaLevel"));
        let illegal = "1. c3-c5 *\n";
        assert!(read::<u64>(illegal, Variant::Czech).is_err());
    }
}
