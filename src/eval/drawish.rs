//! Material balances that are known draws apart from short tactics.

use crate::position::Board;
use crate::rules::Word;
use crate::types::Color;

/// True for kings-only (plus one man) material that cannot be won except by short tactics:
///
/// * flying kings (every variant but English): at most two kings, or king + man, against a lone
///   king; three kings against a lone king that holds the main diagonal (it stands on a1-h8 and
///   no strong king does). King + man counts as drawish wherever the man stands: promoting it
///   only gives two kings against one. Three kings against a king off the diagonal win (Petrov's
///   triangle) and are not drawish.
/// * short kings (English): king against king only (two kings beat one).
pub fn drawish<W: Word>(pos: &Board<W>) -> bool {
    if pos.occupied().count() > 4 {
        return false;
    }
    let flying = pos.rules().flying_kings();
    let diagonal = pos.geometry().long_diagonal;
    Color::ALL.into_iter().any(|strong| {
        let weak = !strong;
        let lone = pos.kings(weak);
        if lone.count() != 1 || pos.men(weak).any() {
            return false;
        }
        let kings = pos.kings(strong);
        match (kings.count(), pos.men(strong).count()) {
            (1, 0) => true,
            _ if !flying => false,
            (2, 0) | (1, 1) => true,
            (3, 0) => (lone & diagonal).any() && (kings & diagonal).is_empty(),
            _ => false,
        }
    })
}
