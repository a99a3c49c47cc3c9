//! The text of Konane's opening removals ([`Opening::Removals`]) and of its straight jumps:
//! a removal is written `xd5` (read also as `d5`, `d5xd5`, or in Hub form `d5xd5xd5`: origin,
//! destination, the square taken), and the reasons a text is not legal in that variant.

use super::write::{format_move, square_name};
use crate::moves::Move;
use crate::position::Board;
use crate::rules::{Opening, Word};
use crate::types::{Bitboard, Square};

/// Whether the variant has removals, so that a text of one square (`d5`, `xd5`) names one.
pub(super) fn has_removals<W: Word>(pos: &Board<W>) -> bool {
    pos.rules().opening.first_removals().is_some()
}

/// Why `text` (its squares `squares`; `removal` when it names one square) is not a legal move
/// where the variant has removals: the removals the opening allows, a removal after the
/// opening, or a jump turning off its line. `None` where the general reasons apply.
pub(super) fn explain<W: Word>(
    pos: &Board<W>,
    squares: &[Square],
    removal: bool,
    legal: &[Move<W>],
    text: &str,
) -> Option<String> {
    let Opening::Removals(first) = pos.rules().opening else {
        return None;
    };
    let me = pos.side().name();
    let removals: Vec<Move<W>> = legal.iter().filter(|m| m.is_removal()).copied().collect();
    if !removals.is_empty() {
        let rule = if pos.empty().is_empty() {
            let first: Bitboard<W> = Bitboard::narrow(first);
            format!("one of its pieces on {}", names(pos, first))
        } else {
            format!(
                "one of its pieces next to the empty square {}",
                names(pos, pos.empty())
            )
        };
        let options: Vec<String> = removals.iter().map(|m| format_move(pos, m)).collect();
        return Some(format!(
            "'{text}': in the opening {me} removes {rule}: {}",
            options.join(" or ")
        ));
    }
    if removal {
        return Some(format!(
            "'{text}': pieces are removed only in the opening (on the full board, then next to \
             its one empty square); now every move is a jump"
        ));
    }
    let g = pos.geometry();
    let coords: Vec<(u8, u8)> = squares.iter().map(|&s| g.coords(s)).collect();
    let one_file = coords.iter().all(|c| c.0 == coords[0].0);
    let one_rank = coords.iter().all(|c| c.1 == coords[0].1);
    (squares.len() > 2 && !one_file && !one_rank).then(|| {
        format!("'{text}': a jump goes on only straight ahead, along the line of the first one")
    })
}

/// The squares of `set` by name, in the variant's number order, joined by commas.
fn names<W: Word>(pos: &Board<W>, set: Bitboard<W>) -> String {
    let mut sqs: Vec<Square> = set.iter().collect();
    sqs.sort_by_key(|&s| pos.rules().square_number(s));
    let names: Vec<String> = sqs.iter().map(|&s| square_name(pos, s)).collect();
    names.join(", ")
}
