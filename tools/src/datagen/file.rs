//! The training data file: a header line naming the variant, then one quiet position a line,
//! `GAME;FEN;RESULT;SCORE` (the game's number, the position, the result from White's view as
//! `1`, `0.5` or `0`, the search score in centi-men from the side to move).
//!
//! ```
//! use dama_tools::datagen::file::{parse, HEADER};
//! let text = format!("{HEADER}czech\n4;W:W21,22:B1,2;0.5;-12\n");
//! let data = parse(&text).unwrap();
//! assert_eq!((data.variant.name(), data.lines.len()), ("czech", 1));
//! assert_eq!((data.lines[0].game, data.lines[0].score), (4, -12));
//! ```

use std::fmt::Write as _;

use dama::{Position, Variant};

use super::PlayedGame;

/// The first line of a data file, followed by the variant's name.
pub const HEADER: &str = "# dama selfplay-data variant=";

/// One position of a data file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DataLine {
    /// The game it comes from.
    pub game: u64,
    /// The position.
    pub pos: Position,
    /// The game's result from White's view (1, ½, 0).
    pub white_score: f64,
    /// The search score from the side to move (centi-men).
    pub score: i32,
}

/// A whole data file.
#[derive(Clone, Debug, PartialEq)]
pub struct DataFile {
    /// The variant of every position.
    pub variant: Variant,
    /// The positions, in file order.
    pub lines: Vec<DataLine>,
}

/// The header line of a file of `variant`.
pub fn header(variant: Variant) -> String {
    format!("{HEADER}{}\n", variant.name())
}

/// The lines of one game.
pub fn game_lines(game: &PlayedGame) -> String {
    let mut s = String::new();
    for r in &game.positions {
        let _ = writeln!(
            s,
            "{};{};{};{}",
            game.number,
            r.pos.to_fen(),
            game.white_score,
            r.score
        );
    }
    s
}

/// Reads a data file; an error names the line and what is wrong with it.
pub fn parse(text: &str) -> Result<DataFile, String> {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let name = first
        .strip_prefix(HEADER)
        .ok_or_else(|| format!("line 1: expected '{HEADER}VARIANT', got '{first}'"))?;
    let variant: Variant = name
        .trim()
        .parse()
        .map_err(|e| format!("line 1: variant '{}': {e}", name.trim()))?;
    let mut out = Vec::new();
    for (i, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        out.push(parse_line(variant, line).map_err(|e| format!("line {}: {e}", i + 2))?);
    }
    Ok(DataFile {
        variant,
        lines: out,
    })
}

/// Reads one position line of a file of `variant`.
pub fn parse_line(variant: Variant, line: &str) -> Result<DataLine, String> {
    let fields: Vec<&str> = line.split(';').collect();
    let [game, fen, result, score] = fields[..] else {
        return Err(format!(
            "expected GAME;FEN;RESULT;SCORE, got {} fields",
            fields.len()
        ));
    };
    let game = game
        .trim()
        .parse()
        .map_err(|_| format!("game number '{game}'"))?;
    let pos = Position::from_fen(variant, fen.trim()).map_err(|e| format!("FEN: {e}"))?;
    let white_score = match result.trim() {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        r => return Err(format!("result '{r}' (expected 1, 0.5 or 0)")),
    };
    let score = score
        .trim()
        .parse()
        .map_err(|_| format!("score '{score}'"))?;
    Ok(DataLine {
        game,
        pos,
        white_score,
        score,
    })
}

/// The shard files put together: one variant, the lines in game order (a game's lines keep
/// their order), each game once (a game found in two files is an error).
pub fn merge(files: &[DataFile]) -> Result<DataFile, String> {
    let variant = files.first().ok_or("no data files to merge")?.variant;
    if let Some(f) = files.iter().find(|f| f.variant != variant) {
        return Err(format!(
            "the files mix variants {} and {}",
            variant.name(),
            f.variant.name()
        ));
    }
    let mut owner = std::collections::HashMap::new();
    for (i, f) in files.iter().enumerate() {
        for l in &f.lines {
            if *owner.entry(l.game).or_insert(i) != i {
                return Err(format!("game {} is in two files", l.game));
            }
        }
    }
    let mut lines: Vec<DataLine> = files.iter().flat_map(|f| f.lines.iter().copied()).collect();
    lines.sort_by_key(|l| l.game);
    Ok(DataFile { variant, lines })
}

/// The text of a data file.
pub fn to_text(data: &DataFile) -> String {
    let mut s = header(data.variant);
    for l in &data.lines {
        let _ = writeln!(
            s,
            "{};{};{};{}",
            l.game,
            l.pos.to_fen(),
            l.white_score,
            l.score
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::Record;

    fn game(number: u64, white_score: f64) -> PlayedGame {
        let pos = Position::start(Variant::Czech);
        PlayedGame {
            number,
            positions: vec![Record { pos, score: 5 }, Record { pos, score: -7 }],
            white_score,
        }
    }

    #[test]
    fn games_round_trip_and_merge_in_order() {
        let a = format!("{}{}", header(Variant::Czech), game_lines(&game(2, 1.0)));
        let b = format!(
            "{}{}{}",
            header(Variant::Czech),
            game_lines(&game(1, 0.5)),
            game_lines(&game(3, 0.0))
        );
        let (a, b) = (parse(&a).unwrap(), parse(&b).unwrap());
        let m = merge(&[a.clone(), b.clone()]).unwrap();
        let games: Vec<u64> = m.lines.iter().map(|l| l.game).collect();
        assert_eq!(games, [1, 1, 2, 2, 3, 3]);
        assert_eq!((m.lines[0].score, m.lines[1].score), (5, -7));
        assert_eq!(m.lines[2].white_score, 1.0);
        assert_eq!(parse(&to_text(&m)).unwrap(), m);
        let e = merge(&[a.clone(), a]).unwrap_err();
        assert_eq!(e, "game 2 is in two files");
    }

    #[test]
    fn bad_files_name_the_line() {
        assert!(parse("W:W21:B1\n").unwrap_err().starts_with("line 1:"));
        let h = header(Variant::Czech);
        let e = parse(&format!("{h}1;W:W21:B1;2;0\n")).unwrap_err();
        assert_eq!(e, "line 2: result '2' (expected 1, 0.5 or 0)");
        let e = parse(&format!("{h}\n1;W:W21:B1;1\n")).unwrap_err();
        assert!(e.starts_with("line 3: expected GAME;FEN"), "{e}");
        let e = parse(&format!("{h}1;W:W99:B1;1;0\n")).unwrap_err();
        assert!(e.starts_with("line 2: FEN:"), "{e}");
        let italian = parse(&header(Variant::Italian)).unwrap();
        let czech = parse(&h).unwrap();
        assert!(merge(&[czech, italian])
            .unwrap_err()
            .contains("mix variants"));
    }
}
