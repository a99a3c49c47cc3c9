//! Cutting a PDN text into games: a game is a run of tag lines followed by move text. A tag line
//! inside an open `{` comment is move text; `%` escape lines are skipped.

use super::lexer::{Lexer, Unclosed};
use super::tags::{find_tag, parse_tag};

/// One game's text, cut up but not replayed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawGame {
    /// The line where the game starts (1-based).
    pub line: usize,
    /// The tags in file order.
    pub tags: Vec<(String, String)>,
    /// The first line that starts like a tag (`[`) but is not a tag pair, if any.
    pub bad_tag: Option<String>,
    /// Move-text tokens (move numbers and marks still attached), result token included.
    pub tokens: Vec<String>,
    /// The comment or variation the move text leaves open, if any.
    pub unclosed: Option<Unclosed>,
}

impl RawGame {
    /// The value of tag `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.bad_tag.is_none() && self.tokens.is_empty()
    }
}

/// Splits a PDN text into games, in file order (never fails: what is wrong with a game is kept
/// in it, for [`RawGame::replay`] to report).
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
            if cur.tags.is_empty() && cur.bad_tag.is_none() {
                cur.line = i + 1;
            }
            match parse_tag(t) {
                Some(tag) => cur.tags.push(tag),
                None => {
                    cur.bad_tag.get_or_insert_with(|| t.to_string());
                }
            }
            continue;
        }
        if !t.is_empty() && !t.starts_with('%') {
            if !in_body && cur.is_empty() {
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
    let lexed = std::mem::take(lexer).finish();
    (g.tokens, g.unclosed) = (lexed.tokens, lexed.unclosed);
    if !g.is_empty() {
        games.push(g);
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
    }

    #[test]
    fn tag_lines_inside_a_comment_are_move_text() {
        let text = "[Event \"a\"]\n1. c3-d4 {a comment\n[not a tag]\n} f6-g5 ; note\n1-0\n\n\
                    [Event \"b\"]\n1. c3-b4 (1. c3-d4\n[Event \"c\"]\n1. a3-b4 *\n";
        let g = split_games(text);
        assert_eq!(g.len(), 3);
        assert_eq!(g[0].tokens, ["1.", "c3-d4", "f6-g5", "1-0"]);
        assert_eq!(g[0].unclosed, None);
        // an unclosed variation ends its game's move text at the next tag line
        assert_eq!(g[1].tokens, ["1.", "c3-b4"]);
        assert!(matches!(g[1].unclosed, Some(Unclosed::Variation(_))));
        assert_eq!(g[2].tag("event"), Some("c"));
        assert_eq!(g[2].line, 9);
    }

    #[test]
    fn a_bad_tag_line_is_kept_for_the_reader() {
        let g = split_games("\n[Event \"x\"\n");
        assert_eq!(g.len(), 1);
        assert_eq!(
            (g[0].line, g[0].bad_tag.as_deref()),
            (2, Some("[Event \"x\""))
        );
        assert!(split_games("\n\n% only an escape line\n").is_empty());
    }
}
