//! PDN FEN: `W:W21-32:B1-12` (numeric, with ranges) and `W:Wa1,c3,Ke5:Bb6` (algebraic).

use std::fmt;

use crate::position::Board;
use crate::rules::{RuleSet, Variant, Word};
use crate::types::{Bitboard, Color, Square};

/// A FEN that could not be read, with what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN: {}", self.0)
    }
}

impl std::error::Error for FenError {}

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

/// Strips a `[FEN "…"]` wrapper, quotes and a final full stop.
fn unwrap_fen(text: &str) -> &str {
    let mut t = text.trim();
    if let Some(rest) = t.strip_prefix("[FEN") {
        t = rest.trim().trim_end_matches(']').trim();
    }
    t.trim_matches('"').trim().trim_end_matches('.').trim()
}

/// A square as `22 (c3)`: its number in the variant's numbering and its algebraic name.
fn both_names(r: &RuleSet, sq: Square) -> String {
    format!("{} ({})", r.square_number(sq), r.names().algebraic(sq))
}

/// Reads one square token: a number in the variant's numbering or an algebraic name.
fn parse_square(r: &RuleSet, tok: &str) -> Result<Square, FenError> {
    let g = r.names();
    if tok.chars().all(|c| c.is_ascii_digit()) {
        let n: u32 = tok
            .parse()
            .map_err(|_| FenError(format!("square '{tok}' is not a number")))?;
        r.numbered_square(n).ok_or_else(|| {
            FenError(format!(
                "square {n} is out of range (1-{} on this board)",
                g.squares
            ))
        })
    } else {
        g.parse_algebraic(tok).ok_or_else(|| {
            FenError(format!(
                "'{tok}' is not a playable (dark) square of the {}×{} board",
                g.width, g.width
            ))
        })
    }
}

/// What a piece-list token places: men, kings (`K`) or parachutists (`P`, Parachute).
#[derive(Clone, Copy, PartialEq, Eq)]
enum TokenKind {
    Man,
    King,
    Parachutist,
}

/// Reads one token of a piece list: `K`- or `P`-prefixed or not, a square or a numeric range.
fn parse_token(r: &RuleSet, tok: &str) -> Result<(TokenKind, Vec<Square>), FenError> {
    let (kind, body) = if let Some(rest) = tok.strip_prefix(['K', 'k']) {
        (TokenKind::King, rest)
    } else if let Some(rest) = tok.strip_prefix(['P', 'p']) {
        if !r.men.parachutists.present() {
            return err(format!(
                "'{tok}': {} has no parachutists (P is a Parachute piece)",
                r.name
            ));
        }
        (TokenKind::Parachutist, rest)
    } else {
        (TokenKind::Man, tok)
    };
    if body.is_empty() {
        return err(format!("empty square in '{tok}'"));
    }
    if let Some((a, b)) = body.split_once('-') {
        let (lo, hi) = (parse_square(r, a)?, parse_square(r, b)?);
        let (lo, hi) = (r.square_number(lo), r.square_number(hi));
        if lo > hi {
            return err(format!("range '{body}' runs backwards"));
        }
        return Ok((
            kind,
            (lo..=hi).filter_map(|n| r.numbered_square(n)).collect(),
        ));
    }
    Ok((kind, vec![parse_square(r, body)?]))
}

/// The pieces of one colour, as its FEN field lists them.
struct ColorPieces {
    men: Bitboard<u128>,
    kings: Bitboard<u128>,
}

fn parse_field(r: &RuleSet, list: &str, color: Color) -> Result<ColorPieces, FenError> {
    let mut f = ColorPieces {
        men: Bitboard::EMPTY,
        kings: Bitboard::EMPTY,
    };
    for tok in list.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let (kind, squares) = parse_token(r, tok)?;
        for sq in squares {
            if kind == TokenKind::Parachutist && !r.promotion_squares::<u128>(color).has(sq) {
                return err(format!(
                    "a {} parachutist stands on {}: parachutists stand only on the \
                     opponent's first row",
                    color.name(),
                    both_names(r, sq)
                ));
            }
            if (f.men | f.kings).has(sq) {
                return err(format!(
                    "square {} is listed twice for {}",
                    both_names(r, sq),
                    color.name()
                ));
            }
            if kind == TokenKind::King {
                f.kings |= Bitboard::from_square(sq);
            } else {
                f.men |= Bitboard::from_square(sq);
            }
        }
    }
    Ok(f)
}

impl<W: Word> Board<W> {
    /// Reads a PDN FEN for `variant`, numeric or algebraic, and checks it.
    ///
    /// # Errors
    ///
    /// A [`FenError`] naming what is wrong: the side to move, a field, a square that does not
    /// exist or is given twice, a piece that cannot stand there (a man on its promotion row), a
    /// position the variant cannot reach, or a variant whose board needs a wider word than `W`.
    ///
    /// # Examples
    ///
    /// ```
    /// use dama::{Position, Variant};
    ///
    /// let pos = Position::from_fen(Variant::Czech, "W:Wc3,Kh2:Bd4").unwrap();
    /// assert_eq!(pos.to_fen(), "W:WKh2,c3:Bd4"); // square order, a king marked K
    /// let numeric = Position::from_fen(Variant::Czech, "W:W21-32:B1-12").unwrap();
    /// assert_eq!(numeric, Position::start(Variant::Czech));
    /// assert!(Position::from_fen(Variant::Czech, "X:W21:B1").is_err());
    /// ```
    pub fn from_fen(variant: Variant, text: &str) -> Result<Board<W>, FenError> {
        let r = variant.rules();
        if r.wide() && W::BITS <= 64 {
            return err(format!(
                "{variant} is played on a board of more than 64 squares: read its FEN as a \
                 WidePosition"
            ));
        }
        let t = unwrap_fen(text);
        let mut fields = t.split(':').map(str::trim);
        let side_field = fields.next().unwrap_or("");
        let side = match side_field.chars().collect::<Vec<_>>()[..] {
            [c] => Color::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| {
            FenError(format!(
                "the side to move must be W or B, found '{side_field}'"
            ))
        })?;
        let mut sets: [Option<ColorPieces>; 2] = [None, None];
        for field in fields.filter(|f| !f.is_empty()) {
            let mut chars = field.chars();
            let head = chars.next().unwrap_or(' ');
            let color = match Color::from_letter(head) {
                Some(c) => c,
                None if matches!(head, 'H' | 'F' | 'h' | 'f') => continue, // lidraughts counters
                None => return err(format!("field '{field}' must start with W or B")),
            };
            if sets[color.index()].is_some() {
                return err(format!("two {} fields", color.name()));
            }
            sets[color.index()] = Some(parse_field(r, chars.as_str(), color)?);
        }
        let [w, b] = sets;
        let (Some(w), Some(b)) = (w, b) else {
            return err("a FEN needs a W field and a B field, e.g. W:W21-32:B1-12");
        };
        let white = w.men | w.kings;
        let black = b.men | b.kings;
        if let Some(sq) = (white & black).first() {
            return err(format!(
                "square {} holds a white and a black piece",
                both_names(r, sq)
            ));
        }
        let n = Bitboard::narrow;
        let pos = Board::from_parts(variant, n(white), n(black), n(w.kings | b.kings), side);
        pos.validate().map_err(FenError)?;
        Ok(pos)
    }

    /// The FEN in the variant's own notation (algebraic or numeric).
    pub fn to_fen(&self) -> String {
        self.fen_with(self.rules().notation.algebraic)
    }

    /// The FEN with numeric squares in the variant's numbering and ranges (`W:W21-32:B1-12`).
    pub fn to_fen_numeric(&self) -> String {
        self.fen_with(false)
    }

    fn fen_with(&self, algebraic: bool) -> String {
        let mut s = String::new();
        s.push(self.side().letter());
        for c in Color::ALL {
            s.push(':');
            s.push(c.letter());
            s.push_str(&self.piece_list(c, algebraic));
        }
        s
    }

    fn piece_list(&self, c: Color, algebraic: bool) -> String {
        let r = self.rules();
        let name = |sq: Square| {
            if algebraic {
                r.names().algebraic(sq)
            } else {
                r.square_number(sq).to_string()
            }
        };
        let mut items: Vec<String> = Vec::new();
        let kings: Vec<Square> = sorted(r, self.kings(c), algebraic);
        items.extend(kings.iter().map(|&k| format!("K{}", name(k))));
        let parachutists = self.parachutists(c);
        let men = sorted(r, self.men(c) - parachutists, algebraic);
        let para: Vec<Square> = sorted(r, parachutists, algebraic);
        items.extend(para.iter().map(|&p| format!("P{}", name(p))));
        if algebraic {
            items.extend(men.iter().map(|&m| name(m)));
        } else {
            items.extend(ranges(men.iter().map(|&m| r.square_number(m))));
        }
        items.join(",")
    }
}

/// The squares of `set` in the variant's number order, or for algebraic names row by row from
/// White's side (`a1,c1,…,b2,…`).
fn sorted(r: &RuleSet, set: Bitboard<impl Word>, algebraic: bool) -> Vec<Square> {
    let mut v: Vec<Square> = set.iter().collect();
    if algebraic {
        v.sort_by_key(|&s| {
            let (col, row) = r.names().coords(s);
            (row, col)
        });
    } else {
        v.sort_by_key(|&s| r.square_number(s));
    }
    v
}

/// Writes runs of three or more consecutive numbers as ranges.
fn ranges(nums: impl Iterator<Item = u32>) -> Vec<String> {
    let nums: Vec<u32> = nums.collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < nums.len() {
        let mut j = i;
        while j + 1 < nums.len() && nums[j + 1] == nums[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            out.push(format!("{}-{}", nums[i], nums[j]));
        } else {
            out.extend(nums[i..=j].iter().map(|n| n.to_string()));
        }
        i = j + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn start_position_round_trips() {
        for v in Variant::ALL {
            let p = crate::WidePosition::start(v);
            assert_eq!(Board::from_fen(v, &p.to_fen()).unwrap(), p);
            assert_eq!(Board::from_fen(v, &p.to_fen_numeric()).unwrap(), p);
            if let Some(narrow) = p.in_word::<u64>() {
                assert_eq!(Position::from_fen(v, &narrow.to_fen()).unwrap(), narrow);
                assert_eq!(narrow.to_fen_numeric(), p.to_fen_numeric());
            } else {
                assert!(
                    Position::from_fen(v, &p.to_fen()).is_err(),
                    "{v} in 64 bits"
                );
            }
        }
        let canadian = crate::WidePosition::start(Variant::Canadian);
        assert_eq!(canadian.to_fen_numeric(), "W:W43-72:B1-30");
        let czech = Position::start(Variant::Czech);
        assert_eq!(czech.to_fen_numeric(), "W:W21-32:B1-12");
        assert_eq!(
            czech.to_fen(),
            "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
        );
    }

    #[test]
    fn numeric_fen_is_in_the_variant_numbering() {
        let italian = Position::start(Variant::Italian);
        assert_eq!(italian.to_fen(), "W:W21-32:B1-12");
        let g = italian.geometry();
        assert!(italian
            .men(Color::White)
            .has(g.parse_algebraic("h1").unwrap()));
        assert_eq!(g.parse_algebraic("a1"), None);
        for v in [Variant::Spanish, Variant::Portuguese] {
            assert_eq!(Position::start(v).to_fen(), "W:W1-12:B21-32", "{v}");
        }
        // Algebraic FEN is read in every variant: b3 is FID 21 and Portuguese 12, a8 FID 1.
        let it = Position::from_fen(Variant::Italian, "W:Wb3:Ba8").unwrap();
        assert_eq!(it.to_fen(), "W:W21:B1");
        let pt = Position::from_fen(Variant::Portuguese, "W:Wb3:Ba8").unwrap();
        assert_eq!(pt.to_fen(), "W:W12:B32");
        assert_eq!(Position::from_fen(Variant::Portuguese, "W:W12:B32"), Ok(pt));
        let e = Position::from_fen(Variant::Italian, "W:Wa1:B1")
            .unwrap_err()
            .0;
        assert!(e.contains("not a playable"), "{e}");
    }

    #[test]
    fn errors_name_the_fault() {
        let e = |t: &str| Position::from_fen(Variant::Czech, t).unwrap_err().0;
        assert!(e("X:W21:B1").contains("side to move"));
        assert!(e("W:W33:B1").contains("out of range"));
        assert!(e("W:Wb1:B1").contains("not a playable"));
        assert!(e("W:W21,21:B1").contains("listed twice"));
        assert!(e("W:W21:B21").contains("white and a black"));
        assert!(e("W:W1:B21").contains("promotion row"));
        assert!(e("W:W5-32:B").contains("at most"));
        assert!(e("W:W21").contains("needs a W field and a B field"));
    }
}
