//! Opening positions for a match: read from a file (one FEN or one move sequence per line) or
//! drawn at random from the start position.

use std::collections::HashSet;

use dama::goal;
use dama::movegen;
use dama::notation;
use dama::rules::Variant;
use dama::types::SplitMix;
use dama::WideMove;
use dama::WidePosition;

/// A starting point: a position and the moves played from it before the engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position the game record starts from.
    pub start: WidePosition,
    /// Moves already played from `start` (a move-sequence opening), all legal.
    pub moves: Vec<WideMove>,
}

impl Opening {
    /// The variant's start position with no moves.
    pub fn standard(variant: Variant) -> Opening {
        Opening {
            start: WidePosition::start(variant),
            moves: Vec::new(),
        }
    }

    /// The position after the opening's moves.
    pub fn position(&self) -> WidePosition {
        self.moves.iter().fold(self.start, |p, m| p.play(m))
    }
}

/// Reads one opening line: a FEN (`W:W21-32:B1-12`, `W:Wa1,...`) or a move sequence from the
/// start position (`c3-d4 f6-e5`, move numbers like `1.` allowed).
pub fn parse_opening(variant: Variant, line: &str) -> Result<Opening, String> {
    let t = line.trim();
    let looks_like_fen = t.starts_with(['W', 'B', '"', '[']) && t.contains(':');
    if looks_like_fen {
        let start = WidePosition::from_fen(variant, t).map_err(|e| e.to_string())?;
        if let Some(end) = goal::end(&start) {
            return Err(format!("the game is already over ({end})"));
        }
        return Ok(Opening {
            start,
            moves: Vec::new(),
        });
    }
    let start = WidePosition::start(variant);
    let mut pos = start;
    let mut moves = Vec::new();
    for tok in t.split_whitespace() {
        let tok = strip_move_number(tok);
        if tok.is_empty() {
            continue;
        }
        let mv = notation::parse_move(&pos, tok).map_err(|e| e.to_string())?;
        pos = pos.play(&mv);
        moves.push(mv);
    }
    if let Some(end) = goal::end(&pos) {
        return Err(format!(
            "the game is already over after these moves ({end})"
        ));
    }
    Ok(Opening { start, moves })
}

/// Removes a leading move number (`1.`, `12...`) from a token.
fn strip_move_number(tok: &str) -> &str {
    let digits = tok.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && tok[digits..].starts_with('.') {
        tok[digits..].trim_start_matches('.')
    } else {
        tok
    }
}

/// Reads an openings file: one opening per line; blank lines and lines starting with `#` are
/// skipped. An error names the line.
pub fn parse_openings(variant: Variant, text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        out.push(parse_opening(variant, l).map_err(|e| format!("openings line {}: {e}", i + 1))?);
    }
    if out.is_empty() {
        return Err("the openings file holds no opening".into());
    }
    Ok(out)
}

/// `count` distinct random openings (distinct positions after the moves), each a sequence of
/// random legal moves from the start position, seeded. Short sequences are tried first
/// (4 plies); longer ones are used when the short ones run out. Fewer than `count` only when
/// even 12 plies cannot give that many.
pub fn random_openings(variant: Variant, count: usize, seed: u64) -> Vec<Opening> {
    let mut rng = SplitMix::new(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for plies in 4..=12 {
        let mut misses = 0;
        while out.len() < count && misses < 200 + 20 * count {
            match random_line(variant, plies, &mut rng) {
                Some(o) if seen.insert(o.position().key()) => out.push(o),
                _ => misses += 1,
            }
        }
        if out.len() == count {
            break;
        }
    }
    out
}

fn random_line(variant: Variant, plies: usize, rng: &mut SplitMix) -> Option<Opening> {
    let start = WidePosition::start(variant);
    let mut pos = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        if goal::is_over(&pos) {
            return None;
        }
        let legal = movegen::legal_moves(&pos);
        let mv = legal[rng.index(legal.len())];
        pos = pos.play(&mv);
        moves.push(mv);
    }
    (!goal::is_over(&pos)).then_some(Opening { start, moves })
}

/// The |score| (centi-men) below which a book position counts as balanced.
pub const BOOK_MARGIN: i32 = 30;

/// `count` balanced openings from the shipped book of `variant` (see
/// [`crate::bookgen::openings::balanced_openings`]): the positions the book reaches after the
/// smallest ply count from 2 to 10 that gives at least `count` of them with |score| ≤
/// [`BOOK_MARGIN`] (or the ply count giving the most), chosen by a seeded shuffle when there are
/// more. Also returns a line saying what was used. `None` when the variant has no book or the
/// book gives no balanced position.
pub fn book_openings(variant: Variant, count: usize, seed: u64) -> Option<(Vec<Opening>, String)> {
    let book = dama::book::builtin::shared(variant)?;
    let mut best: Vec<crate::bookgen::openings::BookOpening> = Vec::new();
    let mut best_plies = 0;
    for plies in 2..=10 {
        let found = crate::bookgen::openings::balanced_openings(book, plies, BOOK_MARGIN);
        if found.len() > best.len() {
            best = found;
            best_plies = plies;
        }
        if best.len() >= count {
            break;
        }
    }
    if best.is_empty() {
        return None;
    }
    let mut rng = SplitMix::new(seed);
    for i in (1..best.len()).rev() {
        best.swap(i, rng.index(i + 1));
    }
    let available = best.len();
    best.truncate(count);
    let start = WidePosition::start(variant);
    let openings: Vec<Opening> = best
        .into_iter()
        .map(|b| Opening {
            start,
            moves: b.moves.iter().map(|m| m.in_word()).collect(),
        })
        .collect();
    let note = format!(
        "{} of the {available} balanced positions (|score| <= {BOOK_MARGIN}) that the {variant} \
         book reaches after {best_plies} plies (seed {seed})",
        openings.len()
    );
    Some((openings, note))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_fen_and_move_lines() {
        let text = "# openings\nW:W21-32:B1-12\n\n1. c3-d4 f6-e5\n";
        let o = parse_openings(Variant::Czech, text).unwrap();
        assert_eq!(o.len(), 2);
        assert!(o[0].moves.is_empty());
        assert_eq!(o[1].moves.len(), 2);
        let e = parse_openings(Variant::Czech, "c3-d4\nc3-d4 c3-b4\n").unwrap_err();
        assert!(e.starts_with("openings line 2:"), "{e}");
        assert!(parse_openings(Variant::Czech, "# nothing\n").is_err());
    }

    #[test]
    fn book_openings_are_distinct_legal_and_seeded() {
        let Some((a, note)) = book_openings(Variant::Czech, 10, 3) else {
            panic!("the czech book is shipped");
        };
        assert_eq!(a.len(), 10, "{note}");
        let keys: HashSet<u64> = a.iter().map(|o| o.position().key()).collect();
        assert_eq!(keys.len(), 10);
        for o in &a {
            let mut pos = o.start;
            for m in &o.moves {
                assert!(movegen::legal_moves(&pos).contains(m));
                pos = pos.play(m);
            }
        }
        assert_eq!(book_openings(Variant::Czech, 10, 3).unwrap().0, a);
    }

    #[test]
    fn random_openings_are_distinct_and_seeded() {
        let a = random_openings(Variant::Czech, 20, 7);
        let b = random_openings(Variant::Czech, 20, 7);
        let c = random_openings(Variant::Czech, 20, 8);
        assert_eq!(a.len(), 20);
        assert_eq!(a, b);
        assert_ne!(a, c);
        let keys: HashSet<u64> = a.iter().map(|o| o.position().key()).collect();
        assert_eq!(keys.len(), 20);
    }
}
