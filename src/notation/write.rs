//! Writing squares and moves: PDN move text and Hub move text.

use crate::movegen;
use crate::moves::Move;
use crate::position::Board;
use crate::rules::Word;
use crate::types::Square;

/// The name of a square in the variant's notation (`c3` or `22`, in the variant's numbering).
pub fn square_name<W: Word>(pos: &Board<W>, sq: Square) -> String {
    pos.rules().square_name(sq)
}

/// PDN move text: `c3-d4`, `c3xe5` (Russian `c3:e5`), numeric `22-18`, `22x15`; the long form
/// with every landing square (`g5xe7xb4xd2`) when another legal move has the same origin and
/// destination; a removal (Konane's opening) `xd5`.
pub fn format_move<W: Word>(pos: &Board<W>, mv: &Move<W>) -> String {
    let sep = pos.rules().notation.capture_sep;
    if mv.is_removal() {
        return format!("{sep}{}", square_name(pos, mv.from)); // Konane's removal: `xd5`
    }
    if !mv.is_capture() {
        return format!("{}-{}", square_name(pos, mv.from), square_name(pos, mv.to));
    }
    let ambiguous = movegen::legal_moves(pos)
        .iter()
        .any(|m| m.from == mv.from && m.to == mv.to && m != mv);
    let squares = if ambiguous {
        movegen::paths_of(pos, mv)
            .into_iter()
            .next()
            .unwrap_or_else(|| vec![mv.from, mv.to])
    } else {
        vec![mv.from, mv.to]
    };
    let names: Vec<String> = squares.iter().map(|&s| square_name(pos, s)).collect();
    names.join(&sep.to_string())
}

/// Hub move text: `from-to`, or `fromxto` followed by `x<captured>` for every captured piece, in
/// the variant's numbering (captured squares in ascending order).
pub fn format_hub_move<W: Word>(pos: &Board<W>, mv: &Move<W>) -> String {
    let rules = pos.rules();
    hub_move_text(mv, |sq| rules.square_number(sq))
}

/// Hub move text with the squares numbered by `number` (a client's numbering): `from-to`, or
/// `fromxto` followed by `x<captured>` for every captured piece, in ascending order.
pub fn hub_move_text<W: Word>(mv: &Move<W>, number: impl Fn(Square) -> u32) -> String {
    let (from, to) = (number(mv.from), number(mv.to));
    if !mv.is_capture() {
        return format!("{from}-{to}");
    }
    let mut caps: Vec<u32> = mv.captured.iter().map(number).collect();
    caps.sort_unstable();
    let mut s = format!("{from}x{to}");
    for c in caps {
        s.push('x');
        s.push_str(&c.to_string());
    }
    s
}
