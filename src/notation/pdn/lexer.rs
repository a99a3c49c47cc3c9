//! Lexing PDN move text: splits it into tokens and drops what carries no move: comments
//! (`{..}` and `;` to the end of the line), variations (`(..)`, nested to any depth), escape
//! lines (first non-blank character `%`) and numeric annotation glyphs (`$n`). A comment or
//! variation still open at the end of the text is reported.

use std::fmt;

/// A comment or variation that the text opens and never closes, with the start of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unclosed {
    /// A `{` comment.
    Comment(String),
    /// A `(` variation (the outermost one still open).
    Variation(String),
}

impl fmt::Display for Unclosed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unclosed::Comment(s) => write!(f, "unclosed comment '{s}'"),
            Unclosed::Variation(s) => write!(f, "unclosed variation '{s}'"),
        }
    }
}

impl std::error::Error for Unclosed {}

/// The tokens of a move text, and what it left open at its end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lexed {
    /// Move numbers, moves and results, in order.
    pub tokens: Vec<String>,
    /// The comment or variation still open at the end, if any.
    pub unclosed: Option<Unclosed>,
}

/// A lexer fed one line at a time, so a reader can ask whether a line falls inside a comment.
#[derive(Clone, Debug, Default)]
pub struct Lexer {
    tokens: Vec<String>,
    word: String,
    /// The start of the `{` comment being read.
    comment: Option<String>,
    /// The starts of the `(` variations being read, outermost first.
    variations: Vec<String>,
}

/// How many characters of an unclosed comment or variation its error quotes.
const QUOTE_CHARS: usize = 20;

impl Lexer {
    /// Reads one line of move text (without its line break).
    pub fn line(&mut self, line: &str) {
        if line.trim_start().starts_with('%') {
            return;
        }
        for (i, c) in line.char_indices() {
            if self.comment.is_some() {
                if c == '}' {
                    self.comment = None;
                }
                continue;
            }
            match c {
                '{' => {
                    self.end_word();
                    self.comment = Some(quote(&line[i..]));
                }
                ';' => break,
                '(' => {
                    self.end_word();
                    self.variations.push(quote(&line[i..]));
                }
                ')' if !self.variations.is_empty() => {
                    self.variations.pop();
                }
                _ if !self.variations.is_empty() => {}
                c if c.is_whitespace() => self.end_word(),
                c => self.word.push(c),
            }
        }
        self.end_word();
    }

    /// True while a `{` comment is open.
    pub fn in_comment(&self) -> bool {
        self.comment.is_some()
    }

    /// The tokens read, and the comment or variation left open.
    pub fn finish(mut self) -> Lexed {
        self.end_word();
        let unclosed = match (self.comment, self.variations.into_iter().next()) {
            (Some(c), _) => Some(Unclosed::Comment(c)),
            (None, Some(v)) => Some(Unclosed::Variation(v)),
            (None, None) => None,
        };
        Lexed {
            tokens: self.tokens,
            unclosed,
        }
    }

    fn end_word(&mut self) {
        let word = std::mem::take(&mut self.word);
        if !word.is_empty() && !word.starts_with('$') {
            self.tokens.push(word);
        }
    }
}

/// The start of a comment or variation, up to the end of its line, for an error message.
fn quote(rest: &str) -> String {
    let rest = rest.trim_end();
    match rest.char_indices().nth(QUOTE_CHARS) {
        Some((cut, _)) => format!("{}...", &rest[..cut]),
        None => rest.to_string(),
    }
}

/// Lexes a whole move text.
pub fn lex(text: &str) -> Lexed {
    let mut lexer = Lexer::default();
    for line in text.lines() {
        lexer.line(line);
    }
    lexer.finish()
}

/// The tokens of a move text, or the comment or variation it leaves open.
pub fn tokens(text: &str) -> Result<Vec<String>, Unclosed> {
    let lexed = lex(text);
    match lexed.unclosed {
        Some(u) => Err(u),
        None => Ok(lexed.tokens),
    }
}

/// A move token without its move number (`12.`, `12...`) and marks (`!`, `?`); empty for a
/// bare move number.
pub fn move_text(tok: &str) -> &str {
    let digits = tok.chars().take_while(char::is_ascii_digit).count();
    let t = if digits > 0 && tok[digits..].starts_with('.') {
        tok[digits..].trim_start_matches('.')
    } else {
        tok
    };
    t.trim_end_matches(['!', '?'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_variations_and_glyphs_are_dropped() {
        let t =
            tokens("1. c3-d4 {a (b) c} f6-g5 $2 (1... b6-a5 (1... f6-e5) 2. c3-b4) 2. d4-e5 1-0");
        assert_eq!(t.unwrap(), ["1.", "c3-d4", "f6-g5", "2.", "d4-e5", "1-0"]);
    }

    #[test]
    fn nested_variation_closes_only_at_its_own_paren() {
        let t = tokens("1. c3-d4 (1. a3-b4 (1. e3-f4) b6-a5) f6-g5 *").unwrap();
        assert_eq!(t, ["1.", "c3-d4", "f6-g5", "*"]);
    }

    #[test]
    fn escape_and_line_comments_end_with_their_line() {
        let text = "% engine data (not a variation {\n1. c3-d4 ; rest of line {\nf6-g5 *";
        assert_eq!(tokens(text).unwrap(), ["1.", "c3-d4", "f6-g5", "*"]);
    }

    #[test]
    fn a_comment_spans_lines_and_separates_tokens() {
        let t = tokens("1. c3-d4{a\n% x\n}f6-g5\n*").unwrap();
        assert_eq!(t, ["1.", "c3-d4", "f6-g5", "*"]);
    }

    #[test]
    fn stray_closers_stay_in_the_text() {
        assert_eq!(tokens("c3-d4) } *").unwrap(), ["c3-d4)", "}", "*"]);
    }

    #[test]
    fn unclosed_comment_or_variation_is_an_error() {
        let e = tokens("1. c3-d4 {open note\n f6-g5 *").unwrap_err();
        assert_eq!(e, Unclosed::Comment("{open note".into()));
        assert_eq!(e.to_string(), "unclosed comment '{open note'");
        let e = tokens("1. c3-d4 (1. a3-b4 (1. e3-f4) *").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unclosed variation '(1. a3-b4 (1. e3-f4)...'"
        );
        let lexed = lex("1. c3-d4 (x {y) 2. z");
        assert_eq!(lexed.tokens, ["1.", "c3-d4"]);
        assert!(matches!(lexed.unclosed, Some(Unclosed::Comment(_))));
    }

    #[test]
    fn quotes_cut_on_character_boundaries() {
        let long = format!("{{{}}}", "é".repeat(30));
        assert_eq!(
            quote(&long),
            format!("{{{}...", "é".repeat(QUOTE_CHARS - 1))
        );
        assert_eq!(quote("(short)  "), "(short)");
    }

    #[test]
    fn in_comment_follows_the_lines_read() {
        let mut l = Lexer::default();
        l.line("1. c3-d4 {a");
        assert!(l.in_comment());
        l.line("[not a tag]");
        assert!(l.in_comment());
        l.line("b} f6-g5 *");
        assert!(!l.in_comment());
        assert_eq!(l.finish().tokens, ["1.", "c3-d4", "f6-g5", "*"]);
    }

    #[test]
    fn move_numbers_and_marks_are_stripped() {
        assert_eq!(move_text("12...f6-g5!?"), "f6-g5");
        assert_eq!(move_text("12."), "");
        assert_eq!(move_text("22x15"), "22x15");
    }
}
