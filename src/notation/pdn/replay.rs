//! Replaying a PDN game with the rules core: its variant from the tags, its start position, every
//! move checked and its result.

use super::lexer::move_text;
use super::split::{split_games, RawGame};
use super::tags::find_tag;
use crate::notation::parse_move;
use crate::rules::Variant;
use crate::types::Color;
use crate::{WideMove, WidePosition};

/// The result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
}

impl GameResult {
    /// The PDN result text (`1-0`, `0-1`, `1/2-1/2`).
    pub fn pdn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Reads a PDN result (`1-0`, `2-0`, `0-1`, `0-2`, `1/2-1/2`, `1-1`, `½-½`).
    pub fn from_pdn(text: &str) -> Option<GameResult> {
        match text.trim() {
            "1-0" | "2-0" => Some(GameResult::WhiteWins),
            "0-1" | "0-2" => Some(GameResult::BlackWins),
            "1/2-1/2" | "1-1" | "½-½" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// The win for `c`.
    pub fn win_for(c: Color) -> GameResult {
        match c {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }
}

/// A game read from PDN, its moves checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// The tags in file order.
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag, or the variant's start).
    pub start: WidePosition,
    /// The moves, each legal.
    pub moves: Vec<WideMove>,
    /// The result token at the end of the move text, or else the `Result` tag.
    pub result: Option<GameResult>,
}

impl PdnGame {
    /// The value of tag `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }
}

impl RawGame {
    /// The variant its tags name ([`variant_of_tags`]), `default` when they name none.
    ///
    /// # Errors
    /// A `GameType` that names no variant of dama's.
    pub fn variant(&self, default: Variant) -> Result<Variant, String> {
        variant_of_tags(self.tag("GameType"), self.tag("Variant")).unwrap_or(Ok(default))
    }

    /// Replays the game in `variant` from its `FEN` tag (or the start position), reading at
    /// most `max_plies` moves (the rest is only searched for the result); the move text ends at
    /// its first result token.
    ///
    /// # Errors
    /// A bad tag line, an open comment or variation, a bad `FEN` tag, or the first illegal move
    /// (numbered from 1, with the reason from the rules core).
    pub fn replay(&self, variant: Variant, max_plies: usize) -> Result<PdnGame, String> {
        if let Some(t) = &self.bad_tag {
            return Err(format!("bad PDN tag line '{t}'"));
        }
        if let Some(u) = &self.unclosed {
            return Err(u.to_string());
        }
        let start = match self.tag("FEN") {
            Some(f) => WidePosition::from_fen(variant, f).map_err(|e| format!("FEN tag: {e}"))?,
            None => WidePosition::start(variant),
        };
        let (mut pos, mut moves, mut result) = (start, Vec::new(), None);
        for tok in &self.tokens {
            result = GameResult::from_pdn(tok);
            let text = move_text(tok);
            if result.is_some() {
                break;
            }
            if text.is_empty() || text == "*" || moves.len() >= max_plies {
                continue;
            }
            let mv = parse_move(&pos, text)
                .map_err(|e| format!("move {} '{text}': {e}", moves.len() + 1))?;
            pos = pos.play(&mv);
            moves.push(mv);
        }
        let result = result.or_else(|| self.tag("Result").and_then(GameResult::from_pdn));
        Ok(PdnGame {
            tags: self.tags.clone(),
            start,
            moves,
            result,
        })
    }
}

/// Reads every game of a PDN text, replaying the moves. `default` is the variant when a game's
/// tags name none.
///
/// # Errors
/// The first game that does not read ([`RawGame::replay`]), as `PDN game <n>: <what>`.
pub fn read_games(text: &str, default: Variant) -> Result<Vec<PdnGame>, String> {
    split_games(text)
        .iter()
        .enumerate()
        .map(|(i, raw)| {
            raw.variant(default)
                .and_then(|v| raw.replay(v, usize::MAX))
                .map_err(|e| format!("PDN game {}: {e}", i + 1))
        })
        .collect()
}

/// The tags that name `variant`: `GameType`, and `Variant` (dama's name) when the GameType alone
/// names another variant (Žravá dáma and giveaway checkers have no GameType of their own and
/// write their base variant's), or its type number does (Malá dáma's `29,B` is Czech's number,
/// Hawaiian's provisional `30,B` Turkish's), so that a reader of the number alone is not misled.
pub fn variant_tags(variant: Variant) -> Vec<(&'static str, &'static str)> {
    let game_type = variant.rules().notation.game_type;
    let mut tags = vec![("GameType", game_type)];
    let number = game_type.split(',').next().unwrap_or(game_type);
    if variant_of_game_type(game_type) != Some(variant)
        || variant_of_game_type(number) != Some(variant)
    {
        tags.push(("Variant", variant.name()));
    }
    tags
}

/// The variant of a game's tags: a `Variant` tag with one of dama's names, else the
/// `GameType` ([`variant_of_game_type`]); `None` when neither is there.
pub fn variant_of_tags(
    game_type: Option<&str>,
    variant: Option<&str>,
) -> Option<Result<Variant, String>> {
    if let Some(v) = variant.and_then(Variant::from_name) {
        return Some(Ok(v));
    }
    let gt = game_type?;
    Some(variant_of_game_type(gt).ok_or_else(|| format!("unknown GameType '{gt}'")))
}

/// The variant named by a `GameType` tag: the exact tag of one of our variants, or else the
/// first variant with the same type number.
pub fn variant_of_game_type(tag: &str) -> Option<Variant> {
    let t = tag.trim();
    Variant::ALL
        .into_iter()
        .find(|v| v.rules().notation.game_type == t)
        .or_else(|| {
            let num = t.split(',').next()?.trim();
            Variant::ALL
                .into_iter()
                .find(|v| v.rules().notation.game_type.split(',').next() == Some(num))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_pdn_is_reported() {
        let e = read_games("[GameType \"29\"]\n\n1. c3-d5 *\n", Variant::Czech).unwrap_err();
        assert!(e.starts_with("PDN game 1: move 1 'c3-d5'"), "{e}");
        let e = read_games("[Event \"x\"\n", Variant::Czech).unwrap_err();
        assert_eq!(e, "PDN game 1: bad PDN tag line '[Event \"x\"'");
        let e = read_games("1. c3-d4 {open\n", Variant::Czech).unwrap_err();
        assert_eq!(e, "PDN game 1: unclosed comment '{open'");
        let e = read_games("1. c3-d4 (1. e3-f4\n*\n", Variant::Czech).unwrap_err();
        assert_eq!(e, "PDN game 1: unclosed variation '(1. e3-f4'");
        let e = read_games("[GameType \"99\"]\n1. c3-d4 *\n", Variant::Czech).unwrap_err();
        assert_eq!(e, "PDN game 1: unknown GameType '99'");
    }

    #[test]
    fn the_result_token_ends_the_moves_and_wins_over_the_tag() {
        let text =
            "[Result \"0-1\"]\n1. c3-d4 f6-g5 1-0 2. d4-e5\n\n[Result \"1/2-1/2\"]\n1. c3-d4 *\n";
        let games = read_games(text, Variant::Czech).unwrap();
        assert_eq!(games[0].moves.len(), 2);
        assert_eq!(games[0].result, Some(GameResult::WhiteWins));
        assert_eq!(games[1].result, Some(GameResult::Draw));
        assert_eq!(games[1].tag("result"), Some("1/2-1/2"));
    }

    #[test]
    fn replay_stops_at_the_ply_limit_and_reads_the_fen() {
        let raw = &split_games("[FEN \"B:W21-32:B1-12\"]\n1... f6-g5 2. c3-d4 g7-f6 xx 1-0\n")[0];
        let g = raw.replay(Variant::Czech, 2).unwrap();
        assert_eq!(g.start.side(), Color::Black);
        assert_eq!((g.moves.len(), g.result), (2, Some(GameResult::WhiteWins)));
        assert!(raw
            .replay(Variant::Czech, 4)
            .unwrap_err()
            .starts_with("move 4 'xx'"));
    }

    #[test]
    fn variants_come_from_the_tags() {
        for v in Variant::ALL {
            let tags: Vec<(String, String)> = variant_tags(v)
                .into_iter()
                .map(|(k, t)| (k.into(), t.into()))
                .collect();
            let raw = RawGame {
                tags,
                ..RawGame::default()
            };
            assert_eq!(raw.variant(Variant::Czech), Ok(v), "{v}");
        }
        assert_eq!(RawGame::default().variant(Variant::Pool), Ok(Variant::Pool));
    }
}
