//! DXP positions and moves in dama's terms: a GAMEREQ's start position, and MOVE messages matched
//! exactly against the legal moves (origin, destination and the set of captured squares).
//!
//! On 10×10 the squares are the standard numbers 1-50. DXP defines nothing else; on 8×8 dama
//! reads and writes what pydraughts sends (a 32-square position and its move numbers, see
//! [`crate::protocol::hub::numbering`]), which is not part of the standard.

use crate::movegen;
use crate::moves::Move;
use crate::position::Position;
use crate::protocol::hub::numbering::{Convention, Numbering};
use crate::rules::Variant;
use crate::types::{Color, Piece};

use super::message::{MoveMsg, Setup, Start};

/// The squares of one variant as DXP numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DxpBoard {
    conv: Convention,
    /// The position's letters are the other way round (pydraughts' English writes the squares
    /// with its internal colours, where "white" moves first, but the side to move and the
    /// follower's colour in English terms).
    swapped: bool,
}

impl DxpBoard {
    /// The board of `variant` (8×8 in pydraughts' numbering).
    pub fn new(variant: Variant) -> DxpBoard {
        let conv = Convention::new(variant, Numbering::Pydraughts);
        let start = Position::start(variant);
        let first_letter = conv.format_position(&start).starts_with('W');
        DxpBoard {
            conv,
            swapped: first_letter != (start.side() == Color::White),
        }
    }

    /// The side letter of the Hub-style string for a side to move (its own inverse).
    fn side_letter_colour(&self, c: Color) -> Color {
        if self.swapped {
            !c
        } else {
            c
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.conv.variant()
    }

    fn squares(&self) -> usize {
        self.conv.position_len() - 1
    }

    /// The position a GAMEREQ starts from, checked as a game position.
    pub fn start_position(&self, start: &Start) -> Result<Position, String> {
        let setup = match start {
            Start::Initial => return Ok(Position::start(self.variant())),
            Start::Setup(setup) => setup,
        };
        if setup.cells.len() != self.squares() {
            return Err(format!(
                "the position has {} squares; {} has {}",
                setup.cells.len(),
                self.variant(),
                self.squares()
            ));
        }
        let mut text = String::with_capacity(self.squares() + 1);
        text.push(match self.side_letter_colour(setup.to_move) {
            Color::White => 'W',
            Color::Black => 'B',
        });
        text.extend(setup.cells.iter().map(|cell| match cell {
            None => 'e',
            Some((Color::White, Piece::Man)) => 'w',
            Some((Color::Black, Piece::Man)) => 'b',
            Some((Color::White, Piece::King)) => 'W',
            Some((Color::Black, Piece::King)) => 'B',
        }));
        self.conv.parse_position(&text)
    }

    /// The GAMEREQ start field for `pos`: `A` for the variant's start position, else `B`.
    pub fn start_of(&self, pos: &Position) -> Start {
        if *pos == Position::start(self.variant()) && pos.side() == Color::White {
            return Start::Initial;
        }
        let text = self.conv.format_position(pos);
        let mut chars = text.chars();
        let to_move = self.side_letter_colour(match chars.next() {
            Some('B') => Color::Black,
            _ => Color::White,
        });
        let cells = chars
            .map(|c| match c {
                'w' => Some((Color::White, Piece::Man)),
                'b' => Some((Color::Black, Piece::Man)),
                'W' => Some((Color::White, Piece::King)),
                'B' => Some((Color::Black, Piece::King)),
                _ => None,
            })
            .collect();
        Start::Setup(Setup { to_move, cells })
    }

    /// The legal move of `pos` that `msg` names, matched by origin, destination and the set of
    /// captured squares (in any order).
    pub fn move_of(&self, pos: &Position, msg: &MoveMsg) -> Result<Move, String> {
        let mut wanted: Vec<u32> = msg.captured.iter().map(|&s| s as u32).collect();
        wanted.sort_unstable();
        let legal = movegen::legal_moves(pos);
        let found = legal.iter().find(|m| {
            self.conv.move_number(m.from) == msg.from as u32
                && self.conv.move_number(m.to) == msg.to as u32
                && self.captured_numbers(m) == wanted
        });
        match found {
            Some(m) => Ok(*m),
            None if legal.is_empty() => Err(format!(
                "move {} arrived, but {} has no legal move",
                self.describe(msg),
                pos.side().name()
            )),
            None => Err(format!(
                "move {} is not legal here (legal: {})",
                self.describe(msg),
                legal
                    .iter()
                    .take(12)
                    .map(|m| self.conv.format_move(m))
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
        }
    }

    /// The MOVE message for `mv`, captured squares in ascending order.
    pub fn message_of(&self, mv: &Move, seconds: u16) -> MoveMsg {
        MoveMsg {
            seconds,
            from: self.conv.move_number(mv.from) as u8,
            to: self.conv.move_number(mv.to) as u8,
            captured: self
                .captured_numbers(mv)
                .into_iter()
                .map(|n| n as u8)
                .collect(),
        }
    }

    /// A move in Hub form (`32-28`, `28x19x23`) in DXP numbers, for messages and logs.
    pub fn format_move(&self, mv: &Move) -> String {
        self.conv.format_move(mv)
    }

    fn captured_numbers(&self, mv: &Move) -> Vec<u32> {
        let mut caps: Vec<u32> = mv
            .captured
            .iter()
            .map(|s| self.conv.move_number(s))
            .collect();
        caps.sort_unstable();
        caps
    }

    fn describe(&self, msg: &MoveMsg) -> String {
        let sep = if msg.captured.is_empty() { '-' } else { 'x' };
        let mut s = format!("{}{sep}{}", msg.from, msg.to);
        for c in &msg.captured {
            s.push_str(&format!("x{c}"));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::dxp::message::Message;

    fn intl() -> DxpBoard {
        DxpBoard::new(Variant::International)
    }

    fn move_msg(text: &str) -> MoveMsg {
        match Message::parse(text) {
            Ok(Message::Move(m)) => m,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_start_position_is_a_and_round_trips_as_b() {
        let b = intl();
        let start = Position::start(Variant::International);
        assert_eq!(b.start_of(&start), Start::Initial);
        assert_eq!(b.start_position(&Start::Initial), Ok(start));
        let black = start.with_side(Color::Black);
        let field = b.start_of(&black);
        assert!(matches!(&field, Start::Setup(s) if s.cells.len() == 50));
        assert_eq!(b.start_position(&field), Ok(black));
    }

    #[test]
    fn a_setup_of_the_wrong_size_or_shape_is_refused() {
        let b = intl();
        let small = Start::Setup(Setup {
            to_move: Color::White,
            cells: vec![None; 32],
        });
        assert!(b.start_position(&small).unwrap_err().contains("32 squares"));
        let empty = Start::Setup(Setup {
            to_move: Color::White,
            cells: vec![None; 50],
        });
        assert!(b.start_position(&empty).unwrap_err().contains("no piece"));
    }

    #[test]
    fn moves_match_by_captured_set_in_any_order() {
        let b = intl();
        let pos = Position::from_fen(Variant::International, "W:W28:B19,23,32,33").unwrap();
        for mv in movegen::legal_moves(&pos) {
            let mut msg = b.message_of(&mv, 3);
            assert_eq!(b.move_of(&pos, &msg), Ok(mv));
            msg.captured.reverse();
            assert_eq!(b.move_of(&pos, &msg), Ok(mv));
        }
    }

    #[test]
    fn an_illegal_or_partial_move_is_refused_with_the_legal_list() {
        let b = intl();
        let start = Position::start(Variant::International);
        let e = b.move_of(&start, &move_msg("M0000061100")).unwrap_err();
        assert!(
            e.contains("6-11 is not legal") && e.contains("32-28"),
            "{e}"
        );
        let pos = Position::from_fen(Variant::International, "W:W28:B19,23,32,33").unwrap();
        let any = movegen::legal_moves(&pos)[0];
        let mut partial = b.message_of(&any, 0);
        partial.captured.pop();
        assert!(b.move_of(&pos, &partial).is_err());
    }

    #[test]
    fn english_positions_as_pydraughts_sends_them() {
        // pydraughts' English start: its internal letters (w = English Black, at the bottom),
        // and Z = English Black to move.
        let english = DxpBoard::new(Variant::English);
        let text = "R01DXP Client                      W005075BZzzzzzzzzzzzzeeeeeeeewwwwwwwwwwww";
        let Ok(Message::GameReq(r)) = Message::parse(text) else {
            panic!()
        };
        let start = Position::start(Variant::English);
        assert_eq!(english.start_position(&r.start), Ok(start));
        assert_eq!(english.start_of(&start.with_side(Color::Black)), r.start);
    }

    #[test]
    fn quiet_move_fields() {
        let b = intl();
        let start = Position::start(Variant::International);
        let mv = b.move_of(&start, &move_msg("M0000322800")).unwrap();
        assert_eq!(Message::Move(b.message_of(&mv, 12)).format(), "M0012322800");
    }
}
