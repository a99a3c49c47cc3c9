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
    let mut walk = Walk {
        book,
        margin,
        path: Vec::new(),
        seen: HashSet::new(),
        out: Vec::new(),
    };
    let start = Position::start(book.variant());
    let score = book.entry(&start).and_then(|e| e.best_score()).unwrap_or(0);
    walk.visit(&start, score, plies);
    walk.out
}

/// A depth-first walk through the book's moves, collecting the balanced positions.
struct Walk<'a> {
    book: &'a Book,
    /// The largest score, in absolute value, of a balanced position.
    margin: i32,
    /// The book moves from the start to the position being visited.
    path: Vec<Move>,
    /// The positions visited, by key and plies left.
    seen: HashSet<(u64, u32)>,
    out: Vec<BookOpening>,
}

impl Walk<'_> {
    /// Visits `pos` (scored `score` for the side to move) with `left` plies still to play.
    fn visit(&mut self, pos: &Position, score: i32, left: u32) {
        if !self.seen.insert((pos.key(), left)) {
            return;
        }
        if left == 0 {
            if score.abs() <= self.margin && !movegen::legal_moves(pos).is_empty() {
                self.out.push(BookOpening {
                    position: *pos,
                    moves: self.path.clone(),
                    score,
                });
            }
            return;
        }
        let Some(entry) = self.book.entry(pos) else {
            return;
        };
        for m in &entry.moves {
            let next = pos.play(&m.mv);
            let next_score = self
                .book
                .entry(&next)
                .and_then(|e| e.best_score())
                .unwrap_or(-m.score);
            self.path.push(m.mv);
            self.visit(&next, next_score, left - 1);
            self.path.pop();
        }
    }
}
