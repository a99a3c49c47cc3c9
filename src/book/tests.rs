use super::*;
use crate::movegen;
use crate::position::Position;
use crate::rules::Variant;

/// A hand-made book: the start position with three moves.
fn small() -> Book {
    let start = Position::start(Variant::Czech);
    let moves = movegen::legal_moves(&start);
    let mut book = Book::new(Variant::Czech);
    book.insert(Entry {
        position: start,
        ply: 0,
        moves: vec![
            BookMove {
                mv: moves[0],
                score: 10,
                weight: 3,
            },
            BookMove {
                mv: moves[1],
                score: 0,
                weight: 1,
            },
            BookMove {
                mv: moves[2],
                score: -40,
                weight: 5,
            },
        ],
    });
    book
}

#[test]
fn candidates_respect_the_margin_and_the_ply_limit() {
    let mut book = small();
    let start = Position::start(Variant::Czech);
    book.settings.margin = 15;
    assert_eq!(book.candidates(&start).len(), 2);
    book.settings.margin = 0;
    assert_eq!(book.candidates(&start).len(), 1);
    book.settings.margin = 100;
    assert_eq!(book.candidates(&start).len(), 3);
    book.settings.max_ply = 0;
    assert!(book.candidates(&start).is_empty());
    assert_eq!(book.probe(&start, &mut BookRng::new(1)), None);
}

#[test]
fn the_choice_follows_the_weights() {
    let book = small();
    let start = Position::start(Variant::Czech);
    let best = book.entry(&start).unwrap().moves[0].mv;
    let mut rng = BookRng::new(42);
    let n = 4000;
    let hits = (0..n)
        .filter(|_| book.probe(&start, &mut rng) == Some(best))
        .count();
    // Weights 3 and 1 within the margin: the best move is chosen three times in four.
    assert!(
        (2800..3200).contains(&hits),
        "best chosen {hits} times of {n}"
    );
}

#[test]
fn zero_weights_are_never_chosen() {
    let mut book = small();
    let start = Position::start(Variant::Czech);
    let e = book.entry_mut(&start, 0);
    e.moves.iter_mut().for_each(|m| m.weight = 0);
    assert_eq!(book.probe(&start, &mut BookRng::new(3)), None);
}

#[test]
fn text_round_trips() {
    let book = small();
    let text = book.to_text();
    let (again, warnings) = Book::parse(&text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(again.entries(), book.entries());
    assert_eq!(again.to_text(), text);
}
