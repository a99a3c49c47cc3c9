//! Every legal move of a position with its full path: the move in the variant's notation, every
//! square it lands on and the pieces it takes in the order it takes them (`dama moves`, `play`'s
//! `moves`, and the Python module's `Board.legal_moves`).

use crate::moves::Move;
use crate::notation::{format_move, square_name};
use crate::position::Board;
use crate::rules::Word;
use crate::{goal, movegen};

/// One legal move (or one capture path of it) as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The move in the variant's notation, the shortest form that names it alone.
    pub notation: String,
    /// The start square and every square it lands on, the last one the destination (a removal
    /// of Konane's opening: its one square).
    pub path: Vec<String>,
    /// The squares of the pieces taken, in the order they are taken (a removal: its square).
    pub captured: Vec<String>,
}

impl Listed {
    /// The path as PDN long move text (`50x47x24x35`, `32-28`), which names the same move.
    pub fn path_text(&self, sep: char) -> String {
        match self.path.as_slice() {
            [only] => format!("{sep}{only}"),
            squares => squares.join(&sep.to_string()),
        }
    }

    /// The text line of `dama moves`: the move, `path` and the path, `captures` and the pieces
    /// taken in order (only for a capture).
    pub fn line(&self, sep: char) -> String {
        let mut s = format!("{} path {}", self.notation, self.path_text(sep));
        if !self.captured.is_empty() {
            s.push_str(" captures ");
            s.push_str(&self.captured.join(","));
        }
        s
    }
}

/// The separator of a move's squares in the path text: the variant's capture separator for a
/// capture (and a removal), `-` for a quiet move.
pub fn separator<W: Word>(pos: &Board<W>, listed: &Listed) -> char {
    if listed.captured.is_empty() {
        '-'
    } else {
        pos.rules().notation.capture_sep
    }
}

/// The legal moves of `pos`, one per distinct move (the first of its paths), or one per capture
/// path when `paths`: as many as `perft` at depth 1 counts with the same convention (none where
/// the goal has ended the game).
pub fn legal<W: Word>(pos: &Board<W>, paths: bool) -> Vec<Listed> {
    legal_moves(pos, paths)
        .into_iter()
        .map(|(_, l)| l)
        .collect()
}

/// [`legal`], each with the move it lists.
pub fn legal_moves<W: Word>(pos: &Board<W>, paths: bool) -> Vec<(Move<W>, Listed)> {
    if goal::decided(pos).is_some() {
        return Vec::new();
    }
    let name = |sq| square_name(pos, sq);
    let captures = movegen::capture_paths(pos);
    if captures.is_empty() {
        return movegen::legal_moves(pos)
            .into_iter()
            .map(|m| {
                let listed = Listed {
                    notation: format_move(pos, &m),
                    path: vec![name(m.from), name(m.to)],
                    captured: Vec::new(),
                };
                (m, listed)
            })
            .collect();
    }
    let mut seen: Vec<Move<W>> = Vec::new();
    let mut out = Vec::new();
    for p in captures {
        if !paths && seen.contains(&p.mv) {
            continue;
        }
        seen.push(p.mv);
        // a removal of Konane's opening takes the mover's own piece off its one square
        let (path, captured) = if p.mv.is_removal() {
            (vec![name(p.mv.from)], vec![name(p.mv.from)])
        } else {
            let names = |sqs: &[_]| sqs.iter().map(|&sq| name(sq)).collect();
            (names(&p.squares), names(&p.captured))
        };
        let notation = format_move(pos, &p.mv);
        out.push((
            p.mv,
            Listed {
                notation,
                path,
                captured,
            },
        ));
    }
    out
}
