//! Hub protocol version 1, as Scan 1.x and 2.x speak it, for the match runner: the engine
//! answers `hub` with `name …` lines (not `id name=…`), takes `set NAME VALUE`, positions with a
//! lower-case side to move (`pos wbbb…`), `move M` for each move played, `level MOVES TIME INC`
//! and `time T` in milliseconds, `depth D`, then `go`, and answers `move M [PONDER]`.

use std::time::Instant;

use dama::game::WideGame;
use dama::notation;
use dama::protocol::hub::numbering::position_string;

use dama::protocol::hub::parse_line;

use super::hub::{HubEngine, HubError, SearchReply};

/// A position as Hub version 1 writes it: version 2's string with the side to move in lower case.
pub fn v1_position(pos: &dama::WidePosition) -> String {
    let text = position_string(pos);
    let mut chars = text.chars();
    let side = chars.next().map(|c| c.to_ascii_lowercase()).unwrap_or('w');
    std::iter::once(side).chain(chars).collect()
}

/// The version 1 lines for a version 2 `level` line (seconds become milliseconds); an error
/// for a node limit, which version 1 cannot express.
pub fn v1_level(level_line: &str) -> Result<Vec<String>, HubError> {
    let Ok(Some(line)) = parse_line(level_line) else {
        return Ok(Vec::new());
    };
    if line.get("nodes").is_some() {
        return Err(HubError::Crashed(
            "a Hub version 1 engine cannot be given a node count; use --tc, --movetime or --depth"
                .into(),
        ));
    }
    let ms = |name: &str| {
        line.get(name)
            .and_then(|v| v.parse::<f64>().ok())
            .map(|s| (s * 1000.0).round().max(0.0) as u64)
    };
    if let Some(t) = ms("move-time") {
        return Ok(vec![format!("time {t}")]);
    }
    if let Some(d) = line.get("depth") {
        return Ok(vec![format!("depth {d}")]);
    }
    Ok(match ms("time") {
        Some(time) => {
            let moves = line.get("moves").unwrap_or("0");
            vec![format!("level {moves} {time} {}", ms("inc").unwrap_or(0))]
        }
        None => Vec::new(),
    })
}

impl HubEngine {
    /// One search with a version 1 engine: the start position and every move since, the level,
    /// `go`, then the `move` answer by `deadline`.
    pub fn search_v1(
        &mut self,
        game: &WideGame,
        level_line: &str,
        deadline: Instant,
    ) -> Result<SearchReply, HubError> {
        let level = v1_level(level_line)?;
        self.send(&format!("pos {}", v1_position(game.start())))?;
        let mut pos = *game.start();
        for mv in game.moves() {
            self.send(&format!("move {}", notation::format_hub_move(&pos, mv)))?;
            pos = pos.play(mv);
        }
        for line in level {
            self.send(&line)?;
        }
        self.send("go")?;
        loop {
            let raw = self.recv(deadline)?;
            let mut words = raw.split_whitespace();
            if words.next() == Some("move") {
                let mv = words.next().unwrap_or_default().to_string();
                return Ok(SearchReply {
                    mv,
                    score: None,
                    depth: None,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::{Variant, WidePosition};

    #[test]
    fn positions_have_a_lower_case_side() {
        let start = WidePosition::start(Variant::International);
        let text = v1_position(&start);
        assert_eq!(text.len(), 51);
        assert!(text.starts_with("wbbbb"), "{text}");
        assert!(v1_position(&start.with_side(dama::Color::Black)).starts_with('b'));
    }

    #[test]
    fn levels_in_milliseconds() {
        let v1 = |line: &str| v1_level(line).unwrap();
        assert_eq!(v1("level time=59.5 inc=0.5"), ["level 0 59500 500"]);
        assert_eq!(v1("level moves=40 time=120"), ["level 40 120000 0"]);
        assert_eq!(v1("level move-time=0.25"), ["time 250"]);
        assert_eq!(v1("level depth=6"), ["depth 6"]);
        assert!(v1("level infinite").is_empty());
        assert!(v1_level("level nodes=1000").is_err());
    }
}
