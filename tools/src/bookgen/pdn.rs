//! A small, tolerant PDN game reader for book import: tags, move text and result, with
//! comments (`{..}`, `;`), variations (`(..)`), `%` lines and NAG (`$n`) removed by the shared
//! PDN lexer. A comment or variation left open just ends the game's move text.

use dama::notation::pdn_lexer::Lexer;

pub use dama::notation::pdn_lexer::move_text;

/// One game's raw text parts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawGame {
    /// Line number where the game starts (1-based).
    pub line: usize,
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    /// Move-text tokens (move numbers and marks still attached), result token included.
    pub tokens: Vec<String>,
}

impl RawGame {
    /// The value of tag `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Splits a PDN text into games: a game is a run of tag lines followed by move text.
pub fn split_games(text: &str) -> Vec<RawGame> {
    let mut games = Vec::new();
    let mut cur = RawGame::default();
    let mut lexer = Lexer::default();
    let mut in_body = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') && !lexer.in_comment() {
            if in_body {
                finish(&mut games, &mut cur, &mut lexer);
                in_body = false;
            }
            if cur.tags.is_empty() {
                cur.line = i + 1;
            }
            if let Some(tag) = parse_tag(t) {
                cur.tags.push(tag);
            }
            continue;
        }
        if t.starts_with('%') {
            continue;
        }
        if !t.is_empty() {
            if !in_body && cur.tags.is_empty() {
                cur.line = i + 1;
            }
            in_body = true;
        }
        lexer.line(line);
    }
    finish(&mut games, &mut cur, &mut lexer);
    games
}

fn finish(games: &mut Vec<RawGame>, cur: &mut RawGame, lexer: &mut Lexer) {
    let mut g = std::mem::take(cur);
    g.tokens = std::mem::take(lexer).finish().tokens;
    if !g.tags.is_empty() || !g.tokens.is_empty() {
        games.push(g);
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().trim_matches('"').replace("\\\"", "\"");
    Some((name.to_string(), value))
}

/// A result token or tag value as points for White out of 2 (2 win, 1 draw, 0 loss).
pub fn white_points(text: &str) -> Option<u32> {
    match text.trim() {
        "1-0" | "2-0" => Some(2),
        "0-1" | "0-2" => Some(0),
        "1/2-1/2" | "1-1" | "½-½" => Some(1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_split_and_cleaned() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. c3-d4 {note (x)} f6-g5 (1... b6-a5) 2. $1 d4-e5 1-0\n\n\
                    [Event \"b\"]\n1. c3-b4 *\n";
        let g = split_games(text);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tag("result"), Some("1-0"));
        assert_eq!(g[0].tokens, ["1.", "c3-d4", "f6-g5", "2.", "d4-e5", "1-0"]);
        assert_eq!(g[1].line, 6);
        assert_eq!(g[1].tokens, ["1.", "c3-b4", "*"]);
        assert_eq!(move_text("12...f6-g5!?"), "f6-g5");
        assert_eq!(white_points("1/2-1/2"), Some(1));
        assert_eq!(white_points("*"), None);
    }

    #[test]
    fn tag_lines_inside_a_comment_are_move_text() {
        let text = "[Event \"a\"]\n1. c3-d4 {a comment\n[not a tag]\n} f6-g5 ; note\n1-0\n\n\
                    [Event \"b\"]\n1. c3-b4 (1. c3-d4\n[Event \"c\"]\n1. a3-b4 *\n";
        let g = split_games(text);
        assert_eq!(g.len(), 3);
        assert_eq!(g[0].tokens, ["1.", "c3-d4", "f6-g5", "1-0"]);
        // an unclosed variation ends its game's move text at the next tag line
        assert_eq!(g[1].tokens, ["1.", "c3-b4"]);
        assert_eq!(g[2].tag("event"), Some("c"));
        assert_eq!(g[2].line, 9);
    }
}
