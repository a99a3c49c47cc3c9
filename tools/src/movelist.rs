//! Every legal move of a position with its full path: the move in the variant's notation, every
//! square it lands on and the pieces it takes in the order it takes them (`dama moves`, and
//! `play`'s `moves` where one destination is reached two ways).

use dama::notation::{format_move, parse_move, square_name};
use dama::rules::Word;
use dama::{goal, movegen, Board, Move};
use serde::Serialize;

/// One legal move (or one capture path of it) ready to print.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The move in the variant's notation, the shortest form that names it alone.
    #[serde(rename = "move")]
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
    if goal::decided(pos).is_some() {
        return Vec::new();
    }
    let name = |sq| square_name(pos, sq);
    let captures = movegen::capture_paths(pos);
    if captures.is_empty() {
        return movegen::legal_moves(pos)
            .iter()
            .map(|m| Listed {
                notation: format_move(pos, m),
                path: vec![name(m.from), name(m.to)],
                captured: Vec::new(),
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
        out.push(Listed {
            notation: format_move(pos, &p.mv),
            path,
            captured,
        });
    }
    out
}

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
