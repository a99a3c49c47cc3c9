//! Balanced starting positions for matches: the distinct positions the book reaches after a
//! given number of plies whose score is close to zero.

use std::collections::HashSet;

use dama::book::Book;
use dama::movegen;
use dama::Move;
use dama::Position;

/// A position reached through book moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookOpening {
    /// The position after the moves.
    pub position: Position,
    /// The book moves from the start position (the first path found).
    pub moves: Vec<Move>,
    /// Its score from the side to move (the best book move there, or minus the score of the
    /// move that led there when the position is not itself in the book).
    pub score: i32,
}

/// The distinct positions reached from the start by exactly `plies` book moves, with a legal
/// move left and a score of at most `margin` in absolute value, in book order (best moves
/// first).
pub fn balanced_openings(book: &Book, plies: u32, margin: i32) -> Vec<BookOpening> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut path = Vec::new();
    let start = Position::start(book.variant());
    let score = book.entry(&start).and_then(|e| e.best_score()).unwrap_or(0);
    walk(
        book, &start, score, plies, margin, &mut path, &mut seen, &mut out,
    );
    out
}

#[allow(clippy::too_many_arguments)]
fn walk(
    book: &Book,
    pos: &Position,
    score: i32,
    left: u32,
    margin: i32,
    path: &mut Vec<Move>,
    seen: &mut HashSet<(u64, u32)>,
    out: &mut Vec<BookOpening>,
) {
    if !seen.insert((pos.key(), left)) {
        return;
    }
    if left == 0 {
        if score.abs() <= margin && !movegen::legal_moves(pos).is_empty() {
            out.push(BookOpening {
                position: *pos,
                moves: path.clone(),
                score,
            });
        }
        return;
    }
    let Some(entry) = book.entry(pos) else {
        return;
    };
    for m in &entry.moves {
        let next = pos.play(&m.mv);
        let next_score = book
            .entry(&next)
            .and_then(|e| e.best_score())
            .unwrap_or(-m.score);
        path.push(m.mv);
        walk(book, &next, next_score, left - 1, margin, path, seen, out);
        path.pop();
    }
}
