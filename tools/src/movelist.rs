//! The legal moves with their paths for the CLI (the listing itself is the library's
//! [`dama::notation::listing`]): moves played from text first, and the captures whose
//! destination is reached two ways (`play`'s `moves`).

use dama::notation::parse_move;
use dama::rules::Word;
use dama::Board;

pub use dama::notation::listing::{legal, separator, Listed};

/// `pos` after the moves of `text` (move text separated by spaces, in any form
/// [`parse_move`] reads); the error names the first move that is not legal and why.
pub fn play_moves<W: Word>(pos: &Board<W>, text: &str) -> Result<Board<W>, String> {
    let mut pos = *pos;
    for (i, word) in text.split_whitespace().enumerate() {
        let mv = parse_move(&pos, word).map_err(|e| format!("--moves, move {}: {}", i + 1, e.0))?;
        pos = pos.play(&mv);
    }
    Ok(pos)
}

/// The captures of `pos` whose destination one of its pieces reaches in two or more ways
/// (two moves, or two paths of one move), with their paths: what `play`'s `moves` adds.
pub fn shared_destinations<W: Word>(pos: &Board<W>) -> Vec<Listed> {
    let all = legal(pos, true);
    let ends = |l: &Listed| (l.path[0].clone(), l.path[l.path.len() - 1].clone());
    all.iter()
        .filter(|l| !l.captured.is_empty())
        .filter(|l| all.iter().filter(|o| ends(o) == ends(l)).count() > 1)
        .cloned()
        .collect()
}
