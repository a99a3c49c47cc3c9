//! Hub position strings and move numbers, with the numbering conventions of real clients.
//!
//! A Hub position string is one character for the side to move (`W`/`B`) and one character per
//! playable square (`w` `b` `W` `B` `e`): 33 characters on 8×8, 51 on 10×10. Moves are
//! `from-to` or `fromxto` followed by `x<captured>` for every captured piece.
//!
//! dama's own numbering ([`Numbering::Dama`]) is the variant's numbering
//! ([`crate::rules::SquareNumbering`]) for both the position string and the moves, White at the
//! bottom, `W` = White to move: on the a1-dark boards square 1 = b8, 4 = h8, 5 = a7 … 29 = a1,
//! 32 = g1 (10×10: 1 = b10 … 50 = i1); italian the FID numbering, 1 = a8 … 32 = h1 (what
//! pydraughts sends: its italian position string and moves are both in this numbering); spanish
//! and portuguese the Portuguese numbering, 1 = h1 … 32 = a8 (White on 1-12).
//!
//! pydraughts 0.6.x ([`Numbering::Pydraughts`]) differs on two 8×8 variants:
//! * **english**: its position string puts the first mover (Black) at the bottom and calls it
//!   White, so index `i` holds English square `33 - i` with the colours swapped (`W` = Black to
//!   move); its moves use the standard English numbers (Black on 1-12).
//! * **russian**, **brazilian**: the position string uses dama's numbering, but its moves number
//!   the squares from White's side (1 = a1, 2 = c1 … 32 = h8), a vertical mirror of the
//!   position string's numbering.
//! * **turkish** likewise on all 64 squares: the 65-character position string runs 1 = a8 …
//!   8 = h8 … 64 = h1 (dama's numbering), its moves 1 = a1 … 8 = h1 … 64 = h8.
//!
//! pydraughts 0.5.x ([`Numbering::Pydraughts05`], pinned by lidraughts-bot) writes positions and
//! moves alike in its internal numbering: dama's numbering for russian and brazilian, and for
//! english the rotated position string above with moves rotated the same way (English `11-15`
//! is sent as `22-18`).
//!
//! Every other variant (czech, pool, mala, international, italian, spanish, portuguese) is the same
//! under all numberings: pydraughts does not play czech, pool, mala, spanish or portuguese, its
//! italian is the FID numbering throughout, and 10×10 has one standard numbering.

use crate::moves::Move;
use crate::notation::{self, MoveError};
use crate::position::Board;
use crate::rules::Variant;
use crate::rules::Word;
use crate::types::{Bitboard, Color, Square};

/// Which client numbering the engine speaks on 8×8 boards (the `numbering` parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Numbering {
    /// The conventions of pydraughts 0.6.x (the default): see the module documentation.
    #[default]
    Pydraughts,
    /// dama's own: the variant's PDN numbering (1 = b8) for positions and moves alike.
    Dama,
    /// The conventions of pydraughts 0.5.x (lidraughts-bot): its internal numbering throughout.
    Pydraughts05,
}

impl Numbering {
    /// Every numbering, the default first.
    pub const ALL: [Numbering; 3] = [
        Numbering::Pydraughts,
        Numbering::Dama,
        Numbering::Pydraughts05,
    ];

    /// The parameter value naming this numbering.
    pub fn name(self) -> &'static str {
        match self {
            Numbering::Pydraughts => "pydraughts",
            Numbering::Dama => "dama",
            Numbering::Pydraughts05 => "pydraughts-0.5",
        }
    }

    /// Finds a numbering by its parameter value (case-insensitive).
    pub fn from_name(name: &str) -> Option<Numbering> {
        Numbering::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// How one variant's positions and moves are written under one [`Numbering`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Convention {
    variant: Variant,
    /// Board index `i` is square `n + 1 - i` and the colour letters are swapped.
    pos_rotated: bool,
    /// How move numbers relate to dama's numbers.
    moves: MoveMap,
}

/// The map from a client's move numbers to dama's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveMap {
    /// The same numbers.
    Identity,
    /// Rows counted from the bottom (White's side) instead of the top: a vertical mirror.
    Mirror,
    /// The board turned half round: `n` is dama's `squares + 1 - n`.
    Rotate,
}

impl Convention {
    /// The convention for `variant` under `numbering`.
    pub fn new(variant: Variant, numbering: Numbering) -> Convention {
        let english = variant == Variant::English;
        let russian = matches!(
            variant,
            Variant::Russian | Variant::Brazilian | Variant::Turkish
        );
        let (pos_rotated, moves) = match numbering {
            Numbering::Dama => (false, MoveMap::Identity),
            Numbering::Pydraughts if english => (true, MoveMap::Identity),
            Numbering::Pydraughts if russian => (false, MoveMap::Mirror),
            Numbering::Pydraughts05 if english => (true, MoveMap::Rotate),
            Numbering::Pydraughts | Numbering::Pydraughts05 => (false, MoveMap::Identity),
        };
        Convention {
            variant,
            pos_rotated,
            moves,
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The length of a position string for this variant (33 on 8×8, 65 on Turkish's all-squares
    /// 8×8, 51 on 10×10).
    pub fn position_len(&self) -> usize {
        1 + self.variant.rules().names().squares as usize
    }

    /// The square held by character `index` (1-based, after the side letter) of a position string.
    fn pos_square(&self, index: u32) -> Option<Square> {
        let rules = self.variant.rules();
        let n = if self.pos_rotated {
            rules.names().squares as u32 + 1 - index
        } else {
            index
        };
        rules.numbered_square(n)
    }

    /// The colour a position-string letter means (the letters are swapped when rotated).
    fn letter_color(&self, c: Color) -> Color {
        if self.pos_rotated {
            !c
        } else {
            c
        }
    }

    /// Reads a Hub position string and checks that the position can occur in a game.
    pub fn parse_position<W: Word>(&self, text: &str) -> Result<Board<W>, String> {
        let chars: Vec<char> = text.chars().collect();
        let want = self.position_len();
        if chars.len() != want {
            return Err(format!(
                "the position string has {} characters; {} needs {want} (the side to move, then \
                 one of w b W B e per square)",
                chars.len(),
                self.variant
            ));
        }
        let side = match chars[0] {
            'W' => self.letter_color(Color::White),
            'B' => self.letter_color(Color::Black),
            c => {
                return Err(format!(
                    "the first character must be W or B (the side to move), not '{c}'"
                ))
            }
        };
        let mut sets = [Bitboard::EMPTY; 2];
        let mut kings = Bitboard::EMPTY;
        for (i, &c) in chars[1..].iter().enumerate() {
            let sq = self
                .pos_square(i as u32 + 1)
                .ok_or_else(|| format!("square {} does not exist", i + 1))?;
            let bit = Bitboard::from_square(sq);
            let color = match c {
                'w' | 'W' => self.letter_color(Color::White),
                'b' | 'B' => self.letter_color(Color::Black),
                'e' => continue,
                _ => {
                    return Err(format!(
                        "character {} ('{c}') is not one of w b W B e",
                        i + 2
                    ))
                }
            };
            sets[color.index()] |= bit;
            if c.is_ascii_uppercase() {
                kings |= bit;
            }
        }
        let pos = Board::from_parts(self.variant, sets[0], sets[1], kings, side);
        pos.validate()?;
        if pos.pieces(!side).is_empty() {
            return Err(format!(
                "{} is not to move and has no piece, so the game is already over",
                (!side).name()
            ));
        }
        Ok(pos)
    }

    /// Writes `pos` as a Hub position string.
    pub fn format_position<W: Word>(&self, pos: &Board<W>) -> String {
        let letter = |c: Color, upper: bool| {
            let l = match self.letter_color(c) {
                Color::White => 'w',
                Color::Black => 'b',
            };
            if upper {
                l.to_ascii_uppercase()
            } else {
                l
            }
        };
        let mut s = String::with_capacity(self.position_len());
        s.push(letter(pos.side(), true));
        let n = self.position_len() as u32 - 1;
        for i in 1..=n {
            let c = self
                .pos_square(i)
                .and_then(|sq| pos.piece_at(sq).map(|(c, p)| (c, sq, p)))
                .map_or('e', |(c, sq, _)| letter(c, pos.all_kings().has(sq)));
            s.push(c);
        }
        s
    }

    /// Maps a move number between the client's and dama's numbering (the map is its own inverse).
    fn map_number(&self, n: u32) -> u32 {
        let g = self.variant.rules().names();
        let squares = g.squares as u32;
        if n == 0 || n > squares {
            return n;
        }
        let per_row = squares / g.height as u32;
        match self.moves {
            MoveMap::Identity => n,
            MoveMap::Mirror => {
                let (row, k) = ((n - 1) / per_row, (n - 1) % per_row);
                (g.width as u32 - 1 - row) * per_row + k + 1
            }
            MoveMap::Rotate => squares + 1 - n,
        }
    }

    /// The client's number for square `sq`.
    pub fn move_number(&self, sq: Square) -> u32 {
        self.map_number(self.variant.rules().square_number(sq))
    }

    /// Rewrites the numeric squares of a move text into dama's numbering; algebraic squares
    /// (`c3`) and separators stay as they are.
    fn dama_text_of(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut token = String::new();
        let flush = |token: &mut String, out: &mut String| {
            match token.parse::<u32>() {
                Ok(n) if token.chars().all(|c| c.is_ascii_digit()) => {
                    out.push_str(&self.map_number(n).to_string())
                }
                _ => out.push_str(token),
            }
            token.clear();
        };
        for c in text.chars() {
            if matches!(c, '-' | 'x' | 'X' | ':') {
                flush(&mut token, &mut out);
                out.push(c);
            } else {
                token.push(c);
            }
        }
        flush(&mut token, &mut out);
        out
    }

    /// Reads a move in the client's numbering (or algebraic), resolved against the legal moves of
    /// `pos`. The error gives the reason from the rules core, quoting the text as the client sent it.
    pub fn parse_move<W: Word>(&self, pos: &Board<W>, text: &str) -> Result<Move<W>, MoveError> {
        if self.moves == MoveMap::Identity {
            return notation::parse_move(pos, text);
        }
        let dama_text = self.dama_text_of(text);
        notation::parse_move(pos, &dama_text)
            .map_err(|e| MoveError(e.0.replace(&format!("'{dama_text}'"), &format!("'{text}'"))))
    }

    /// Writes a move in Hub form in the client's numbering: `from-to`, or `fromxto` followed by
    /// every captured square in ascending order.
    pub fn format_move<W: Word>(&self, mv: &Move<W>) -> String {
        notation::hub_move_text(mv, |sq| self.move_number(sq))
    }
}

/// The Hub position string of `pos` in dama's own numbering ([`Numbering::Dama`]): the side to
/// move (`W`/`B`) and one of `w b W B e` per square in the order of the variant's numbering.
pub fn position_string<W: Word>(pos: &Board<W>) -> String {
    Convention::new(pos.variant(), Numbering::Dama).format_position(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen;
    use crate::position::Position;

    const START_8X8: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

    fn conv(v: Variant, n: Numbering) -> Convention {
        Convention::new(v, n)
    }

    fn sq(v: Variant, name: &str) -> Square {
        v.rules().geometry::<u64>().parse_algebraic(name).unwrap()
    }

    #[test]
    fn pydraughts_start_strings_are_the_start_positions() {
        for v in [
            Variant::Russian,
            Variant::Brazilian,
            Variant::English,
            Variant::Czech,
        ] {
            let c = conv(v, Numbering::Pydraughts);
            assert_eq!(c.parse_position(START_8X8), Ok(Position::start(v)), "{v}");
            assert_eq!(c.format_position(&Position::start(v)), START_8X8, "{v}");
        }
    }

    #[test]
    fn a1_light_variants_use_their_own_numbering_everywhere() {
        for n in Numbering::ALL {
            let it = conv(Variant::Italian, n);
            let start = Position::start(Variant::Italian);
            assert_eq!(it.format_position(&start), START_8X8);
            let mv = it.parse_move(&start, "21-17").unwrap();
            assert_eq!(
                (mv.from, mv.to),
                (sq(Variant::Italian, "b3"), sq(Variant::Italian, "a4"))
            );
            assert_eq!(it.format_move(&mv), "21-17");
            let pt = conv(Variant::Portuguese, n);
            let start = Position::start(Variant::Portuguese);
            assert_eq!(
                pt.format_position(&start),
                "Wwwwwwwwwwwwweeeeeeeebbbbbbbbbbbb"
            );
            assert_eq!(
                pt.parse_position("Wwwwwwwwwwwwweeeeeeeebbbbbbbbbbbb"),
                Ok(start)
            );
            assert_eq!(
                pt.format_move(&pt.parse_move(&start, "b3-a4").unwrap()),
                "12-16"
            );
        }
    }

    #[test]
    fn dama_numbering_keeps_colours_for_english() {
        let c = conv(Variant::English, Numbering::Dama);
        let s = "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";
        assert_eq!(
            c.parse_position::<u64>(s),
            Ok(Position::start(Variant::English))
        );
        // With the letters as written, "W" here would put White to move.
        assert_eq!(
            c.parse_position::<u64>(START_8X8).unwrap().side(),
            Color::White
        );
    }

    #[test]
    fn english_pydraughts_index_is_33_minus_square() {
        let c = conv(Variant::English, Numbering::Pydraughts);
        // pydraughts' letters are swapped: 'W' = an English Black king, 'b' = an English White man.
        let mut s = ['e'; 33];
        s[0] = 'B'; // pydraughts' black to move = English White to move
        s[1] = 'W'; // index 1 = square 32
        s[32] = 'b'; // index 32 = square 1, White's promotion row
        let err = c
            .parse_position::<u64>(&s.iter().collect::<String>())
            .unwrap_err();
        assert!(err.contains("promotion row"), "{err}");
        s[32] = 'e';
        s[20] = 'b'; // index 20 = square 13
        let pos = c
            .parse_position::<u64>(&s.iter().collect::<String>())
            .unwrap();
        let g = pos.geometry();
        assert_eq!(pos.side(), Color::White);
        assert!(pos.kings(Color::Black).has(g.square(32).unwrap()));
        assert!(pos.men(Color::White).has(g.square(13).unwrap()));
        assert_eq!(c.format_position(&pos), s.iter().collect::<String>());
    }

    #[test]
    fn russian_pydraughts_moves_are_mirrored() {
        let v = Variant::Russian;
        let c = conv(v, Numbering::Pydraughts);
        let start = Position::start(v);
        let mv = c.parse_move(&start, "10-14").unwrap();
        assert_eq!((mv.from, mv.to), (sq(v, "c3"), sq(v, "d4")));
        assert_eq!(c.format_move(&mv), "10-14");
        assert_eq!(c.parse_move(&start, "c3-d4"), Ok(mv));
        assert_eq!(c.parse_move(&start, "10-014"), Ok(mv));
        let own = conv(v, Numbering::Dama);
        assert_eq!(own.parse_move(&start, "22-18"), Ok(mv));
        assert_eq!(own.format_move(&mv), "22-18");
        // docs/protocol.md, the 8×8 numbering: a1 = 1, g1 = 4, b8 = 29, h8 = 32.
        for (name, n) in [("a1", 1), ("g1", 4), ("b2", 5), ("b8", 29), ("h8", 32)] {
            assert_eq!(c.move_number(sq(v, name)), n, "{name}");
        }
    }

    #[test]
    fn turkish_pydraughts_strings_have_65_characters_and_mirrored_moves() {
        let v = Variant::Turkish;
        let c = conv(v, Numbering::Pydraughts);
        // what pydraughts 0.6.7 sends for its Turkish start, and its first moves a3-a4 … h3-h4
        let sent = format!(
            "W{}{}{}{}{}",
            "e".repeat(8),
            "b".repeat(16),
            "e".repeat(16),
            "w".repeat(16),
            "e".repeat(8)
        );
        let start = Position::start(v);
        assert_eq!(c.position_len(), 65);
        assert_eq!(c.parse_position::<u64>(&sent), Ok(start));
        assert_eq!(c.format_position(&start), sent);
        let mv = c.parse_move(&start, "17-25").unwrap();
        assert_eq!((mv.from, mv.to), (sq(v, "a3"), sq(v, "a4")));
        assert_eq!(c.format_move(&mv), "17-25");
        assert_eq!(conv(v, Numbering::Dama).format_move(&mv), "41-33");
        for (name, n) in [("a1", 1), ("h1", 8), ("a8", 57), ("h8", 64)] {
            assert_eq!(c.move_number(sq(v, name)), n, "{name}");
        }
    }

    #[test]
    fn russian_ballot_capture_in_pydraughts_numbers() {
        let v = Variant::Russian;
        let c = conv(v, Numbering::Pydraughts);
        let pos = Position::from_fen(v, "W:Wb4,g1:Bd6,h8").unwrap();
        let m1 = c.parse_move(&pos, "13-18").unwrap();
        assert_eq!((m1.from, m1.to), (sq(v, "b4"), sq(v, "c5")));
        let pos = pos.play(&m1);
        let m2 = c.parse_move(&pos, "22x13x18").unwrap();
        assert_eq!((m2.from, m2.to), (sq(v, "d6"), sq(v, "b4")));
        assert!(m2.captured.has(sq(v, "c5")));
        assert_eq!(c.format_move(&m2), "22x13x18");
    }

    #[test]
    fn errors_quote_the_text_as_sent() {
        let v = Variant::Russian;
        let c = conv(v, Numbering::Pydraughts);
        let err = c.parse_move(&Position::start(v), "10-15").unwrap_err();
        assert!(err.0.contains("'10-15'"), "{err}");
        let err = c.parse_move(&Position::start(v), "10-99").unwrap_err();
        assert!(err.0.contains("'10-99'"), "{err}");
    }

    #[test]
    fn captures_list_every_captured_square_in_ascending_order() {
        let v = Variant::International;
        let c = conv(v, Numbering::Pydraughts);
        let pos = Position::from_fen(v, "W:W28:B19,23,32,33").unwrap();
        let moves = movegen::legal_moves(&pos);
        assert!(!moves.is_empty());
        for m in &moves {
            let text = c.format_move(m);
            let parts: Vec<u32> = text.split('x').map(|p| p.parse().unwrap()).collect();
            assert_eq!(parts.len(), 2 + m.captured.count() as usize, "{text}");
            assert!(parts[2..].windows(2).all(|w| w[0] < w[1]), "{text}");
            assert_eq!(c.parse_move(&pos, &text), Ok(*m));
        }
    }

    #[test]
    fn every_legal_move_round_trips_in_every_convention() {
        for v in Variant::ALL {
            crate::for_word!(v, W => moves_round_trip::<W>(v));
        }
    }

    fn moves_round_trip<W: Word>(v: Variant) {
        {
            for n in Numbering::ALL {
                let c = conv(v, n);
                let mut pos = Board::<W>::start(v);
                for _ in 0..12 {
                    let moves = movegen::legal_moves(&pos);
                    let Some(first) = moves.first() else { break };
                    for m in &moves {
                        assert_eq!(c.parse_move(&pos, &c.format_move(m)), Ok(*m), "{v} {n:?}");
                    }
                    assert_eq!(c.parse_position::<W>(&c.format_position(&pos)), Ok(pos));
                    pos = pos.play(first);
                }
            }
        }
    }

    #[test]
    fn bad_position_strings_say_what_is_wrong() {
        let c = conv(Variant::Czech, Numbering::Pydraughts);
        let e = c.parse_position::<u64>("Wbbb").unwrap_err();
        assert!(e.contains("has 4 characters") && e.contains("33"), "{e}");
        let e = c
            .parse_position::<u64>("Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww")
            .unwrap_err();
        assert!(e.contains("W or B"), "{e}");
        let e = c
            .parse_position::<u64>("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwq")
            .unwrap_err();
        assert!(e.contains("'q'"), "{e}");
        let e = c
            .parse_position::<u64>("Weeeeeeeeeeeeeeeeeeeewwwwwwwwwwww")
            .unwrap_err();
        assert!(e.contains("black is not to move and has no piece"), "{e}");
        let e = c
            .parse_position::<u64>("Wwbbbbbbbbbbbeeeeeeeewwwwwwwwwwwe")
            .unwrap_err();
        assert!(e.contains("promotion row"), "{e}");
        let ten = conv(Variant::International, Numbering::Pydraughts);
        assert!(ten
            .parse_position::<u64>(START_8X8)
            .unwrap_err()
            .contains("51"));
    }

    #[test]
    fn pydraughts_05_rotates_english_moves_only() {
        let e = conv(Variant::English, Numbering::Pydraughts05);
        let start = Position::start(Variant::English);
        assert_eq!(e.parse_position::<u64>(START_8X8), Ok(start));
        // pydraughts 0.5.7 sends English 11-15 as 22-18.
        let mv = e.parse_move(&start, "22-18").unwrap();
        assert_eq!(
            conv(Variant::English, Numbering::Dama).format_move(&mv),
            "11-15"
        );
        assert_eq!(e.format_move(&mv), "22-18");
        let r = conv(Variant::Russian, Numbering::Pydraughts05);
        let start = Position::start(Variant::Russian);
        let mv = r.parse_move(&start, "22-18").unwrap();
        assert_eq!(
            Variant::Russian
                .rules()
                .geometry::<u64>()
                .algebraic(mv.from),
            "c3"
        );
    }

    #[test]
    fn numbering_names() {
        assert_eq!(
            Numbering::from_name("PyDraughts"),
            Some(Numbering::Pydraughts)
        );
        assert_eq!(Numbering::from_name("dama"), Some(Numbering::Dama));
        assert_eq!(Numbering::from_name("scan"), None);
    }
}
