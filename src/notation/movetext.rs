//! Reading move text, and saying why a move is not legal.

use crate::rules::Word;
use std::fmt;

use super::removals;
use super::write::{format_move, square_name};
use crate::goal;
use crate::movegen;
use crate::moves::Move;
use crate::position::Board;
use crate::rules::{Dir, Range};
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
    /// One square was named (`d5`, `xd5`): a removal (the squares hold it twice).
    removal: bool,
}

fn tokenize<W: Word>(pos: &Board<W>, text: &str) -> Result<Parsed, MoveError> {
    let g = pos.geometry();
    let t = text.trim().trim_end_matches(['!', '?', '+', '*', '#']);
    if t.is_empty() {
        return Err(MoveError("empty move text".into()));
    }
    if !t.contains(|c: char| c.is_ascii_digit()) {
        return Err(MoveError(format!(
            "'{text}' is not a move: it names no square"
        )));
    }
    // a removal (Konane): one square, perhaps after the capture sign
    let t = match t.strip_prefix(['x', 'X']) {
        Some(rest) if removals::has_removals(pos) && !rest.contains(['-', 'x', 'X', ':']) => rest,
        _ => t,
    };
    let capture = t.contains(['x', 'X', ':']);
    let mut squares = Vec::new();
    for tok in t.split(['-', 'x', 'X', ':']) {
        if tok.is_empty() {
            return Err(MoveError(format!("'{text}' is not a move (empty square)")));
        }
        squares.extend(split_glued(tok).into_iter().map(|s| {
            let sq = if s.chars().all(|c| c.is_ascii_digit()) {
                s.parse().ok().and_then(|n| pos.rules().numbered_square(n))
            } else {
                g.parse_algebraic(s)
            };
            sq.ok_or_else(|| MoveError(format!("'{s}' in '{text}' is not a square of this board")))
        }));
    }
    let mut squares = squares.into_iter().collect::<Result<Vec<_>, _>>()?;
    let removal = squares.len() == 1 && removals::has_removals(pos);
    if removal {
        squares.push(squares[0]);
    }
    if squares.len() < 2 {
        return Err(MoveError(format!(
            "'{text}' is not a move (it needs two squares)"
        )));
    }
    Ok(Parsed {
        squares,
        capture: capture || removal,
        removal,
    })
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
fn candidates<W: Word>(pos: &Board<W>, p: &Parsed, legal: &[Move<W>]) -> Vec<Move<W>> {
    let from = p.squares[0];
    let to = p.squares[p.squares.len() - 1];
    let mut found: Vec<Move<W>> = Vec::new();
    let middle = &p.squares[1..p.squares.len() - 1];
    for m in legal.iter().filter(|m| m.from == from) {
        if p.removal && !m.is_removal() {
            continue;
        }
        if m.is_capture() != p.capture && !(m.is_capture() && p.squares.len() == 2) {
            continue;
        }
        let hub_match = p.squares.len() > 2
            && m.to == p.squares[1]
            && p.squares[2..].iter().copied().collect::<Bitboard<W>>() == m.captured
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
///
/// # Errors
///
/// When the text does not name exactly one legal move, a [`MoveError`] says why: a capture is
/// compulsory, a king must capture, the capture is not finished, the text is ambiguous, …
///
/// # Examples
///
/// ```
/// use dama::{notation, Position, Variant};
///
/// let pos = Position::from_fen(Variant::Czech, "W:Wc3,e3:Bd4").unwrap();
/// let mv = notation::parse_move(&pos, "c3xe5").unwrap();
/// assert_eq!(notation::format_move(&pos, &mv), "c3xe5");
/// assert!(notation::parse_move(&pos, "e3-f4").is_err()); // a capture is compulsory
/// ```
pub fn parse_move<W: Word>(pos: &Board<W>, text: &str) -> Result<Move<W>, MoveError> {
    let parsed = tokenize(pos, text)?;
    if goal::decided(pos).is_some() {
        // over by the goal although moves exist (Breakthrough after a crowning)
        let why = goal::end(pos).map(|e| e.to_string()).unwrap_or_default();
        return Err(MoveError(format!("'{text}': the game is over ({why})")));
    }
    let legal = movegen::legal_moves(pos);
    let mut found = candidates(pos, &parsed, &legal);
    if found.len() > 1 {
        narrow_to_exact_paths(pos, &parsed, &mut found);
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(MoveError(explain(pos, &parsed, &legal, text))),
        _ => Err(MoveError(format!(
            "'{text}' is ambiguous: it could be {}",
            list(pos, &found)
        ))),
    }
}

/// A capture text that lists every landing square names its path exactly (for a single jump
/// that is just `from`x`to`): keeps the candidates with a path equal to the text, if any.
fn narrow_to_exact_paths<W: Word>(pos: &Board<W>, p: &Parsed, found: &mut Vec<Move<W>>) {
    let exact: Vec<Move<W>> = found
        .iter()
        .filter(|m| movegen::paths_of(pos, m).contains(&p.squares))
        .copied()
        .collect();
    if !exact.is_empty() {
        *found = exact;
    }
}

/// Why the move `text` is not legal here, or that it is legal.
pub fn explain_illegal<W: Word>(pos: &Board<W>, text: &str) -> String {
    match parse_move(pos, text) {
        Ok(m) => format!("{} is legal", format_move(pos, &m)),
        Err(e) => e.0,
    }
}

/// The moves as PDN text joined by "or".
fn list<W: Word>(pos: &Board<W>, moves: &[Move<W>]) -> String {
    let names: Vec<String> = moves.iter().map(|m| format_move(pos, m)).collect();
    names.join(" or ")
}

/// Square names joined by commas, in the variant's number order.
fn square_list<W: Word>(pos: &Board<W>, set: Bitboard<W>) -> String {
    let mut sqs: Vec<Square> = set.iter().collect();
    sqs.sort_by_key(|&s| pos.rules().square_number(s));
    let names: Vec<String> = sqs.iter().map(|&s| square_name(pos, s)).collect();
    names.join(",")
}

/// True when the text was written as a capture: a capture separator or more than two squares.
fn written_as_capture(p: &Parsed) -> bool {
    p.capture || p.squares.len() > 2
}

fn explain<W: Word>(pos: &Board<W>, p: &Parsed, legal: &[Move<W>], text: &str) -> String {
    let me = pos.side();
    let from = p.squares[0];
    let name = |s: Square| square_name(pos, s);
    if let Some(why) = removals::explain(pos, &p.squares, p.removal, legal, text) {
        return why;
    }
    let Some((color, piece)) = pos.piece_at(from) else {
        return format!(
            "'{text}': there is no piece on {}; {} is to move",
            name(from),
            me.name()
        );
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
        return format!(
            "'{text}': {} has no legal move; the game is over",
            me.name()
        );
    }
    let a = Attempt::new(p, piece, legal);
    if legal.iter().any(Move::is_capture) {
        explain_when_capturing(pos, &a, legal, text)
    } else {
        explain_when_quiet(pos, &a, text)
    }
}

/// The piece a text tries to move: its kind, where it stands, where the text sends it, and
/// what it can legally play.
struct Attempt<'a, W: Word> {
    parsed: &'a Parsed,
    piece: Piece,
    from: Square,
    to: Square,
    own: Vec<Move<W>>,
}

impl<'a, W: Word> Attempt<'a, W> {
    fn new(parsed: &'a Parsed, piece: Piece, legal: &[Move<W>]) -> Attempt<'a, W> {
        let from = parsed.squares[0];
        Attempt {
            parsed,
            piece,
            from,
            to: parsed.squares[parsed.squares.len() - 1],
            own: legal.iter().filter(|m| m.from == from).copied().collect(),
        }
    }

    /// What the piece can play, with `who` as the subject: "`who` can play a or b", or
    /// "`who` cannot move".
    fn options(&self, pos: &Board<W>, who: &str) -> String {
        if self.own.is_empty() {
            format!("{who} cannot move")
        } else {
            format!("{who} can play {}", list(pos, &self.own))
        }
    }
}

/// No capture exists: the text tries to capture, goes backward, or the piece cannot get there.
fn explain_when_quiet<W: Word>(pos: &Board<W>, a: &Attempt<'_, W>, text: &str) -> String {
    let (from, to) = (a.from, a.to);
    let name = |s: Square| square_name(pos, s);
    let options = a.options(pos, &format!("the piece on {}", name(from)));
    if written_as_capture(a.parsed) {
        return format!("'{text}': there is nothing to capture here; {options}");
    }
    if pos.parachutists(pos.side()).has(from) {
        return format!(
            "'{text}': a parachutist only captures (a piece in front of it toward its own \
             side, landing right behind); {options}"
        );
    }
    if a.piece == Piece::Man && pos.rules().capture_only_squares::<W>(pos.side()).has(from) {
        return format!(
            "'{text}': a man on the last row only captures (men are never crowned); {options}"
        );
    }
    if a.piece == Piece::Man && is_backward(pos, from, to, pos.side()) {
        return format!("'{text}': men do not move backward; {options}");
    }
    if !pos.empty().has(to) {
        return format!("'{text}': {} is not empty; {options}", name(to));
    }
    if let Some(why) = super::linear::broken_line(pos, from, to).filter(|_| a.piece == Piece::Man) {
        return format!("'{text}': {why}; {options}");
    }
    let short_king = a.piece == Piece::King && pos.rules().kings.moves == Range::Short;
    if short_king && steps_apart(pos, from, to) > 1 {
        return format!("'{text}': kings move one square; {options}");
    }
    format!(
        "'{text}' is not a legal move: the piece on {} cannot reach {}; {}",
        name(from),
        name(to),
        a.options(pos, "it")
    )
}

/// How many king steps (in any of eight directions) lie between `a` and `b`.
fn steps_apart<W: Word>(pos: &Board<W>, a: Square, b: Square) -> u8 {
    let g = pos.geometry();
    let ((ac, ar), (bc, br)) = (g.coords(a), g.coords(b));
    ac.abs_diff(bc).max(ar.abs_diff(br))
}

/// A capture exists but the text names none of the legal ones: say which rule it breaks.
fn explain_when_capturing<W: Word>(
    pos: &Board<W>,
    a: &Attempt<'_, W>,
    legal: &[Move<W>],
    text: &str,
) -> String {
    let (from, to, own) = (a.from, a.to, &a.own);
    let name = |s: Square| square_name(pos, s);
    if own.is_empty() {
        return explain_other_piece_must_capture(pos, a, legal, text);
    }
    if let Some(msg) = wrong_hub_captures(pos, a.parsed, own, text) {
        return msg;
    }
    let via_to: Vec<Move<W>> = own
        .iter()
        .filter(|m| {
            movegen::paths_of(pos, m)
                .iter()
                .any(|path| path[1..path.len() - 1].contains(&to))
        })
        .copied()
        .collect();
    if !via_to.is_empty() {
        return format!(
            "'{text}': the capture must be completed; from {} it goes on, as in {}",
            name(to),
            list(pos, &via_to)
        );
    }
    if let Some(msg) = unforced_landing(pos, a, text) {
        return msg;
    }
    let same_ends: Vec<Move<W>> = own.iter().filter(|m| m.to == to).copied().collect();
    if !same_ends.is_empty() {
        return format!(
            "'{text}': no capture from {} to {} goes that way; the legal ones are {}",
            name(from),
            name(to),
            list(pos, &same_ends)
        );
    }
    format!(
        "'{text}' is not one of the captures of the piece on {}: {}",
        name(from),
        list(pos, own)
    )
}

/// The piece on the text's origin cannot capture but another can: king priority, a man trying
/// to capture backward, or simply the compulsory capture.
fn explain_other_piece_must_capture<W: Word>(
    pos: &Board<W>,
    a: &Attempt<'_, W>,
    legal: &[Move<W>],
    text: &str,
) -> String {
    let (piece, from, to) = (a.piece, a.from, a.to);
    let example = format_move(pos, &legal[0]);
    let rules = pos.rules();
    if piece == Piece::Man && rules.precedence.kings_first() && man_jump_exists(pos, from) {
        return format!(
            "'{text}': a king must capture when a king can (king priority), e.g. {example}"
        );
    }
    if rules.precedence.is_majority() {
        return format!(
            "'{text}': a capture is compulsory and it must take the most pieces ({} here), e.g. {example}",
            legal[0].captured.count()
        );
    }
    if piece == Piece::Man
        && !rules.men_capture_backward()
        && written_as_capture(a.parsed)
        && is_backward(pos, from, to, pos.side())
    {
        return format!(
            "'{text}': men do not capture backward; a capture is compulsory, e.g. {example}"
        );
    }
    format!("'{text}': a capture is compulsory, e.g. {example}")
}

/// A Hub text (`from x to x captured…`) whose origin and destination are right but whose
/// captured squares are not.
fn wrong_hub_captures<W: Word>(
    pos: &Board<W>,
    p: &Parsed,
    own: &[Move<W>],
    text: &str,
) -> Option<String> {
    if p.squares.len() < 3 {
        return None;
    }
    let to = p.squares[1];
    let enemy = pos.pieces(!pos.side());
    let written: Bitboard<W> = p.squares[2..].iter().copied().collect();
    if !(written - enemy).is_empty() {
        return None;
    }
    let matching: Vec<&Move<W>> = own.iter().filter(|m| m.to == to).collect();
    if matching.is_empty() {
        return None;
    }
    let takes: Vec<String> = matching
        .iter()
        .map(|m| square_list(pos, m.captured))
        .collect();
    Some(format!(
        "'{text}': the capture from {} to {} takes {}, not {}",
        square_name(pos, p.squares[0]),
        square_name(pos, to),
        takes.join(" or "),
        square_list(pos, written)
    ))
}

/// A king capture that stops on a square beyond its first victim from which it cannot go on,
/// while the rules make it land where it can (forced continuation landing).
fn unforced_landing<W: Word>(pos: &Board<W>, a: &Attempt<'_, W>, text: &str) -> Option<String> {
    let (from, to) = (a.from, a.to);
    if a.parsed.squares.len() != 2 || !pos.kings(pos.side()).has(from) {
        return None;
    }
    let victim = single_victim(pos, from, to)?;
    let mut landings: Vec<Square> = Vec::new();
    let mut moves: Vec<Move<W>> = Vec::new();
    for m in a.own.iter().filter(|m| m.captured.has(victim)) {
        for path in movegen::paths_of(pos, m) {
            if path.len() > 2 && single_victim(pos, from, path[1]) == Some(victim) {
                if !landings.contains(&path[1]) {
                    landings.push(path[1]);
                }
                if !moves.contains(m) {
                    moves.push(*m);
                }
            }
        }
    }
    if landings.is_empty() {
        return None;
    }
    let names: Vec<String> = landings.iter().map(|&s| square_name(pos, s)).collect();
    Some(format!(
        "'{text}': after taking {} the king must land where it can capture again ({}) and go on, as in {}",
        square_name(pos, victim),
        names.join(" or "),
        list(pos, &moves)
    ))
}

/// The one enemy piece between `from` and `to` on a line with only empty squares besides,
/// if the squares are placed so.
fn single_victim<W: Word>(pos: &Board<W>, from: Square, to: Square) -> Option<Square> {
    let g = pos.geometry();
    let enemy = pos.pieces(!pos.side());
    let empty = pos.empty() | Bitboard::from_square(from);
    Dir::EIGHT.into_iter().find_map(|d| {
        let mut victim = None;
        let mut cur = g.neighbour(from, d)?;
        while cur != to {
            if enemy.has(cur) && victim.is_none() {
                victim = Some(cur);
            } else if !empty.has(cur) {
                return None;
            }
            cur = g.neighbour(cur, d)?;
        }
        victim.filter(|_| empty.has(to))
    })
}

/// True when the man on `from` has a jump if king priority is ignored.
fn man_jump_exists<W: Word>(pos: &Board<W>, from: Square) -> bool {
    let g = pos.geometry();
    let me = pos.side();
    pos.rules().man_capture_dirs(me).iter().any(|&d| {
        g.neighbour(from, d)
            .filter(|v| pos.pieces(!me).has(*v))
            .and_then(|v| g.neighbour(v, d))
            .is_some_and(|l| pos.empty().has(l))
    })
}

fn is_backward<W: Word>(pos: &Board<W>, from: Square, to: Square, color: Color) -> bool {
    let g = pos.geometry();
    let (_, rf) = g.coords(from);
    let (_, rt) = g.coords(to);
    match color {
        Color::White => rt < rf,
        Color::Black => rt > rf,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::rules::Variant;

    fn attempt_options(text: &str, who: &str) -> String {
        let pos = Position::start(Variant::Czech);
        let parsed = tokenize(&pos, text).unwrap();
        let legal = movegen::legal_moves(&pos);
        let (_, piece) = pos.piece_at(parsed.squares[0]).unwrap();
        Attempt::new(&parsed, piece, &legal).options(&pos, who)
    }

    #[test]
    fn attempt_options_name_the_piece_moves_or_none() {
        assert_eq!(attempt_options("c3-e5", "it"), "it can play c3-b4 or c3-d4");
        assert_eq!(
            attempt_options("b2-c3", "the piece on b2"),
            "the piece on b2 cannot move"
        );
    }
}
