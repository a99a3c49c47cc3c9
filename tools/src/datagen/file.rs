//! The training data file: a header line naming the variant (and, in a file that
//! `selfplay-data` wrote, the run's settings after it), then one quiet position a line,
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
    /// The run's settings after the variant in the header (`key=value` words; none in a file
    /// that names only its variant).
    pub settings: Vec<String>,
    /// The positions, in file order.
    pub lines: Vec<DataLine>,
}

/// The header line of a file of `variant`.
pub fn header(variant: Variant) -> String {
    format!("{HEADER}{}\n", variant.name())
}

/// The variant a header line names; the `key=value` settings after it are not read.
pub fn header_variant(line: &str) -> Result<Variant, String> {
    let line = line.trim_end();
    let rest = line
        .strip_prefix(HEADER)
        .ok_or_else(|| format!("line 1: expected '{HEADER}VARIANT', got '{line}'"))?;
    let name = rest.split_whitespace().next().unwrap_or("");
    name.parse()
        .map_err(|e| format!("line 1: variant '{name}': {e}"))
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
    let variant = header_variant(first)?;
    let after = first.trim_end().strip_prefix(HEADER).unwrap_or("");
    let settings = after
        .split_whitespace()
        .skip(1)
        .map(str::to_string)
        .collect();
    let mut out = Vec::new();
    for (i, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        out.push(parse_line(variant, line).map_err(|e| format!("line {}: {e}", i + 2))?);
    }
    Ok(DataFile {
        variant,
        settings,
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

/// The settings of a file but its shard: what the shards of one run share.
fn run_settings(f: &DataFile) -> Vec<&String> {
    f.settings
        .iter()
        .filter(|s| !s.starts_with("shard="))
        .collect()
}

/// The shard files put together: one variant, the lines in game order (a game's lines keep
/// their order), each game once (a game found in two files is an error); the files' settings
/// must agree but for their shard, and the merged file is shard 1/1.
pub fn merge(files: &[DataFile]) -> Result<DataFile, String> {
    let first = files.first().ok_or("no data files to merge")?;
    let variant = first.variant;
    if let Some(f) = files.iter().find(|f| f.variant != variant) {
        return Err(format!(
            "the files mix variants {} and {}",
            variant.name(),
            f.variant.name()
        ));
    }
    if let Some(f) = files
        .iter()
        .find(|f| run_settings(f) != run_settings(first))
    {
        return Err(format!(
            "the files are of different runs: '{}' and '{}'",
            first.settings.join(" "),
            f.settings.join(" ")
        ));
    }
    let settings = first
        .settings
        .iter()
        .map(|s| match s.starts_with("shard=") {
            true => "shard=1/1".to_string(),
            false => s.clone(),
        })
        .collect();
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
    Ok(DataFile {
        variant,
        settings,
        lines,
    })
}

/// The text of a data file.
pub fn to_text(data: &DataFile) -> String {
    let mut s = format!("{HEADER}{}", data.variant.name());
    for word in &data.settings {
        let _ = write!(s, " {word}");
    }
    s.push('\n');
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
        let with_settings = format!("{HEADER}czech nodes=3000 seed=2\n1;W:W21:B1;1;0\n");
        let run = parse(&with_settings).unwrap();
        assert_eq!((run.lines.len(), run.settings.len()), (1, 2));
        let other = parse(&with_settings.replace("seed=2", "seed=3")).unwrap();
        let e = merge(&[run, other]).unwrap_err();
        assert!(e.starts_with("the files are of different runs"), "{e}");
        let italian = parse(&header(Variant::Italian)).unwrap();
        let czech = parse(&h).unwrap();
        assert!(merge(&[czech, italian])
            .unwrap_err()
            .contains("mix variants"));
    }
}
