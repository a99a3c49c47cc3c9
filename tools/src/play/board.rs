//! The board of `dama play` as text: the human's side at the bottom, coordinates on the edges,
//! the last move and the pieces that must capture marked; ANSI colours and Unicode pieces, or
//! plain ASCII.

use dama::rules::Word;
use dama::{Bitboard, Board, Color, Piece};

/// How the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Letters (`w b W B`), `.` for an empty dark square, `( )` around the last move's squares
    /// and `< >` around the pieces that must capture.
    Ascii,
    /// Unicode draughts pieces on coloured squares (for a terminal).
    Colour,
}

/// The squares to mark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks<W: Word = u64> {
    /// Where the last move started and ended.
    pub last_move: Bitboard<W>,
    /// The pieces of the side to move that must capture.
    pub must_capture: Bitboard<W>,
}

const RESET: &str = "\x1b[0m";
const LIGHT_BG: &str = "\x1b[48;5;180m";
const DARK_BG: &str = "\x1b[48;5;94m";
const LAST_BG: &str = "\x1b[48;5;136m";
const CAPTURE_BG: &str = "\x1b[48;5;124m";
const WHITE_FG: &str = "\x1b[1;38;5;231m";
const BLACK_FG: &str = "\x1b[1;38;5;16m";

/// The board with `bottom`'s side nearest the reader.
pub fn render<W: Word>(pos: &Board<W>, bottom: Color, marks: &Marks<W>, style: Style) -> String {
    let g = pos.geometry();
    let w = g.width;
    let rows: Vec<u8> = match bottom {
        Color::White => (0..w).rev().collect(),
        Color::Black => (0..w).collect(),
    };
    let cols: Vec<u8> = match bottom {
        Color::White => (0..w).collect(),
        Color::Black => (0..w).rev().collect(),
    };
    let numeric = !pos.rules().notation.algebraic;
    let mut out = String::new();
    for &row in &rows {
        out.push_str(&format!("{:>2} ", row + 1));
        let mut numbers = Vec::new();
        for &col in &cols {
            let sq = g.from_coords(col, row);
            out.push_str(&cell(pos, sq, marks, style));
            if let Some(sq) = sq {
                numbers.push(pos.rules().square_number(sq));
            }
        }
        if numeric {
            let (first, last) = (numbers[0], numbers[numbers.len() - 1]);
            out.push_str(&format!("  {first:>2}-{last}"));
        }
        trim_line_end(&mut out);
        out.push('\n');
    }
    out.push_str("   ");
    for &col in &cols {
        out.push_str(&format!(" {} ", (b'a' + col) as char));
    }
    if numeric {
        out.push_str("  (square numbers)");
    }
    trim_line_end(&mut out);
    out
}

/// Drops the spaces that end the last line of `out` (light squares and cell padding).
fn trim_line_end(out: &mut String) {
    let kept = out.trim_end_matches(' ').len();
    out.truncate(kept);
}

/// One square, three characters wide.
fn cell<W: Word>(
    pos: &Board<W>,
    sq: Option<dama::Square>,
    marks: &Marks<W>,
    style: Style,
) -> String {
    let Some(sq) = sq else {
        return match style {
            Style::Ascii => "   ".to_string(),
            Style::Colour => format!("{LIGHT_BG}   {RESET}"),
        };
    };
    let piece = pos.piece_at(sq);
    let capture = marks.must_capture.has(sq);
    let last = marks.last_move.has(sq);
    match style {
        Style::Ascii => {
            let glyph = match piece {
                None => '.',
                Some((Color::White, Piece::Man)) => 'w',
                Some((Color::White, Piece::King)) => 'W',
                Some((Color::Black, Piece::Man)) => 'b',
                Some((Color::Black, Piece::King)) => 'B',
            };
            let (l, r) = if capture {
                ('<', '>')
            } else if last {
                ('(', ')')
            } else {
                (' ', ' ')
            };
            format!("{l}{glyph}{r}")
        }
        Style::Colour => {
            let bg = if capture {
                CAPTURE_BG
            } else if last {
                LAST_BG
            } else {
                DARK_BG
            };
            let glyph = match piece {
                None => " ".to_string(),
                Some((Color::White, Piece::Man)) => format!("{WHITE_FG}⛀"),
                Some((Color::White, Piece::King)) => format!("{WHITE_FG}⛁"),
                Some((Color::Black, Piece::Man)) => format!("{BLACK_FG}⛂"),
                Some((Color::Black, Piece::King)) => format!("{BLACK_FG}⛃"),
            };
            format!("{bg} {glyph} {RESET}")
        }
    }
}

/// What the marks of `style` mean, for the help text.
pub fn legend(style: Style) -> &'static str {
    match style {
        Style::Ascii => {
            "w b: white and black men, W B: kings, (x): the last move, <x>: must capture"
        }
        Style::Colour => {
            "⛀ ⛂: white and black men, ⛁ ⛃: kings; yellow: the last move, red: must capture"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::Position;
    use dama::Variant;

    #[test]
    fn white_at_the_bottom_and_flipped_for_black() {
        let pos = Position::start(Variant::Czech);
        let text = render(&pos, Color::White, &Marks::default(), Style::Ascii);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 8     b     b     b     b");
        assert_eq!(lines[7], " 1  w     w     w     w");
        assert_eq!(lines[8], "    a  b  c  d  e  f  g  h");
        let flipped = render(&pos, Color::Black, &Marks::default(), Style::Ascii);
        let lines: Vec<&str> = flipped.lines().collect();
        assert_eq!(lines[0], " 1     w     w     w     w");
        assert_eq!(lines[8], "    h  g  f  e  d  c  b  a");
    }

    #[test]
    fn a1_light_boards_show_h1_dark_and_their_numbers() {
        let pos = Position::start(Variant::Italian);
        let text = render(&pos, Color::White, &Marks::default(), Style::Ascii);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 8  b     b     b     b       1-4");
        assert_eq!(lines[7], " 1     w     w     w     w   29-32");
        let pt = render(
            &Position::start(Variant::Portuguese),
            Color::White,
            &Marks::default(),
            Style::Ascii,
        );
        assert!(pt.lines().next().unwrap().ends_with("32-29"), "{pt}");
    }

    #[test]
    fn marks_and_square_numbers() {
        let pos = Position::from_fen(Variant::International, "W:W31:B27").unwrap();
        let g = pos.geometry();
        let marks = Marks {
            last_move: Bitboard::from_square(g.square(27).unwrap()),
            must_capture: Bitboard::from_square(g.square(31).unwrap()),
        };
        let text = render(&pos, Color::White, &marks, Style::Ascii);
        assert!(text.contains("(b)"), "{text}");
        assert!(text.contains("<w>"), "{text}");
        assert!(text.lines().next().unwrap().ends_with(" 1-5"), "{text}");
        let colour = render(&pos, Color::White, &marks, Style::Colour);
        assert!(colour.contains('⛀') && colour.contains(CAPTURE_BG));
    }
}
