//! Reading move text, and saying why a move is not legal.

use std::fmt;

use super::{format_move, square_name};
use crate::moves::Move;
use crate::movegen;
use crate::position::Position;
use crate::rules::{Dir, Precedence};
use crate::types::{Bitboard, Color, Piece, Square};

/// A move text that does not name exactly one legal move, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError(pub String);

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MoveError {}

/// The squares of a move text and whether it was written as a capture.
struct Parsed {
    squares: Vec<Square>,
    capture: bool,
}

fn tokenize(pos: &Position, text: &str) -> Result<Parsed, MoveError> {
    let g = pos.geometry();
    let t = text.trim().trim_end_matches(['!', '?', '+', '*', '#']);
    if t.is_empty() {
        return Err(MoveError("empty move text".into()));
    }
    let capture = t.contains(['x', 'X', ':']);
    let mut squares = Vec::new();
    for tok in t.split(['-', 'x', 'X', ':']) {
        if tok.is_empty() {
            return Err(MoveError(format!("'{text}' is not a move (empty square)")));
        }
        squares.extend(split_glued(tok).into_iter().map(|s| {
            let sq = if s.chars().all(|c| c.is_ascii_digit()) {
                s.parse().ok().and_then(|n| g.square(n))
            } else {
                g.parse_algebraic(s)
            };
            sq.ok_or_else(|| MoveError(format!("'{s}' in '{text}' is not a square of this board")))
        }));
    }
    let squares = squares.into_iter().collect::<Result<Vec<_>, _>>()?;
    if squares.len() < 2 {
        return Err(MoveError(format!("'{text}' is not a move (it needs two squares)")));
    }
    Ok(Parsed { squares, capture })
}

/// Splits `a3b4` (algebraic without separator) into `a3`, `b4`; other tokens stay whole.
fn split_glued(tok: &str) -> Vec<&str> {
    let starts: Vec<usize> = tok
        .char_indices()
        .filter(|(_, c)| c.is_ascii_alphabetic())
        .map(|(i, _)| i)
        .collect();
    if starts.len() <= 1 {
        return vec![tok];
    }
    let mut out = Vec::new();
    for (k, &s) in starts.iter().enumerate() {
        let e = starts.get(k + 1).copied().unwrap_or(tok.len());
        out.push(&tok[s..e]);
    }
    out
}

/// True when `path` (landing squares of one capture path) contains `via` in order.
fn visits_in_order(path: &[Square], via: &[Square]) -> bool {
    let mut it = path.iter();
    via.iter().all(|v| it.any(|p| p == v))
}

/// The legal moves matching the text's squares.
fn candidates(pos: &Position, p: &Parsed, legal: &[Move]) -> Vec<Move> {
    let from = p.squares[0];
    let to = p.squares[p.squares.len() - 1];
    let mut found: Vec<Move> = Vec::new();
    let middle = &p.squares[1..p.squares.len() - 1];
    for m in legal.iter().filter(|m| m.from == from) {
        if m.is_capture() != p.capture && !(m.is_capture() && p.squares.len() == 2) {
            continue;
        }
        let hub_match = p.squares.len() > 2
            && m.to == p.squares[1]
            && p.squares[2..].iter().copied().collect::<Bitboard>() == m.captured
            && p.squares.len() - 2 == m.captured.count() as usize;
        let path_match = m.to == to
            && (middle.is_empty()
                || movegen::paths_of(pos, m)
                    .iter()
                    .any(|path| visits_in_order(&path[1..path.len() - 1], middle)));
        if (hub_match || path_match) && !found.contains(m) {
            found.push(*m);
        }
    }
    found
}

/// Reads move text in any accepted form and returns the legal move it names.
///
/// Accepted: PDN (`c3-d4`, `c3xe5`, `c3:e5`, `c3d4`, long `g5xe7xb4xd2`), numeric (`22-18`,
/// `26x17`, `06-10`), and Hub (`28x19x23`: origin, destination, then every captured square in
/// any order).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let parsed = tokenize(pos, text)?;
    let legal = movegen::legal_moves(pos);
    let found = candidates(pos, &parsed, &legal);
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(MoveError(explain(pos, &parsed, &legal, text))),
        _ => {
            let names: Vec<String> = found.iter().map(|m| format_move(pos, m)).collect();
            Err(MoveError(format!(
                "'{text}' is ambiguous: it could be {}",
                names.join(" or ")
            )))
        }
    }
}

/// Why the move `from`→`to` (as text) is not legal here.
pub fn explain_illegal(pos: &Position, text: &str) -> String {
    match parse_move(pos, text) {
        Ok(m) => format!("{} is legal", format_move(pos, &m)),
        Err(e) => e.0,
    }
}

fn explain(pos: &Position, p: &Parsed, legal: &[Move], text: &str) -> String {
    let me = pos.side();
    let from = p.squares[0];
    let to = p.squares[p.squares.len() - 1];
    let name = |s: Square| square_name(pos, s);
    let Some((color, piece)) = pos.piece_at(from) else {
        return format!("'{text}': there is no piece on {}", name(from));
    };
    if color != me {
        return format!(
            "'{text}': the piece on {} is {}, but {} is to move",
            name(from),
            color.name(),
            me.name()
        );
    }
    if legal.is_empty() {
        return format!("'{text}': {} has no legal move; the game is over", me.name());
    }
    let caps: Vec<&Move> = legal.iter().filter(|m| m.is_capture()).collect();
    if let Some(c) = caps.first() {
        if let Some(msg) = explain_capture(pos, p, piece, legal, text) {
            return msg;
        }
        return format!(
            "'{text}': a capture is compulsory, e.g. {}",
            format_move(pos, c)
        );
    }
    if piece == Piece::Man && is_backward(pos, from, to, color) {
        return format!("'{text}': men do not move backward");
    }
    if !pos.empty().has(to) {
        return format!("'{text}': {} is not empty", name(to));
    }
    format!(
        "'{text}' is not a legal move here (the piece on {} cannot reach {})",
        name(from),
        name(to)
    )
}

/// Reasons specific to captures: king priority and an unfinished sequence.
fn explain_capture(
    pos: &Position,
    p: &Parsed,
    piece: Piece,
    legal: &[Move],
    text: &str,
) -> Option<String> {
    let from = p.squares[0];
    let to = p.squares[p.squares.len() - 1];
    if piece == Piece::Man
        && pos.rules().precedence == Precedence::KingPriority
        && legal.iter().all(|m| pos.kings(pos.side()).has(m.from))
    {
        let unrestricted = man_jump_exists(pos, from);
        if unrestricted {
            return Some(format!(
                "'{text}': a king must capture when a king can (king priority), e.g. {}",
                format_move(pos, &legal[0])
            ));
        }
    }
    let passes: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from == from)
        .filter(|m| {
            movegen::paths_of(pos, m)
                .iter()
                .any(|path| path[1..path.len() - 1].contains(&to))
        })
        .collect();
    passes.first().map(|m| {
        format!(
            "'{text}': the capture must be completed; it goes on as {}",
            format_move(pos, m)
        )
    })
}

/// True when the man on `from` has a jump if king priority is ignored.
fn man_jump_exists(pos: &Position, from: Square) -> bool {
    let g = pos.geometry();
    let me = pos.side();
    let dirs: Vec<Dir> = if pos.rules().men_capture_backward {
        Dir::ALL.to_vec()
    } else {
        Dir::forward(me).to_vec()
    };
    dirs.iter().any(|&d| {
        g.neighbour(from, d)
            .filter(|v| pos.pieces(!me).has(*v))
            .and_then(|v| g.neighbour(v, d))
            .is_some_and(|l| pos.empty().has(l))
    })
}

fn is_backward(pos: &Position, from: Square, to: Square, color: Color) -> bool {
    let g = pos.geometry();
    let (_, rf) = g.coords(from);
    let (_, rt) = g.coords(to);
    match color {
        Color::White => rt < rf,
        Color::Black => rt > rf,
    }
}
