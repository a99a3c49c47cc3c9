//! Building or extending a book from PDN game collections, moves weighted by the results.
//!
//! Every game of the book's variant that starts from the start position and has a result adds,
//! for each of its first `max_ply` moves, one game to that move's record. A move's weight is the
//! points its side scored with it, in half points (2 per win, 1 per draw, 0 per loss), so moves
//! that only lost are kept but never chosen. A new move's score is the mean result for the side
//! that played it, in centi-points (+100 all won, -100 all lost); a move already in the book
//! keeps its score and gains the weight.

use std::collections::HashMap;

use dama::book::{Book, BookMove};
use dama::notation::pdn::{split_games, GameResult, RawGame};
use dama::rules::Variant;
use dama::types::Color;
use dama::Key;
use dama::Move;
use dama::Position;

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Games found in the text.
    pub games: usize,
    /// Games whose moves were added.
    pub used: usize,
    /// Moves added to the records (at most `max_ply` per game).
    pub moves: usize,
    /// One line per game skipped, naming the game, its line and why.
    pub warnings: Vec<String>,
}

/// Wins, draws and losses of one move for the side that played it.
#[derive(Clone, Copy, Default)]
struct Record {
    ply: u32,
    wins: u32,
    draws: u32,
    losses: u32,
}

/// Adds the games of a PDN text to `book` (see the module docs), reading at most `max_ply`
/// moves of each game.
pub fn import_pdn(book: &mut Book, text: &str, max_ply: u32) -> ImportReport {
    let mut report = ImportReport::default();
    let mut records: HashMap<(Key, Move), (Position, Record)> = HashMap::new();
    for (n, game) in split_games(text).into_iter().enumerate() {
        report.games += 1;
        match replay(book.variant(), &game, max_ply) {
            Ok((moves, white_points)) => {
                report.used += 1;
                report.moves += moves.len();
                for (ply, (pos, mv)) in moves.into_iter().enumerate() {
                    let points = match pos.side() {
                        Color::White => white_points,
                        Color::Black => 2 - white_points,
                    };
                    let (_, r) = records.entry((pos.key(), mv)).or_insert((
                        pos,
                        Record {
                            ply: ply as u32,
                            ..Record::default()
                        },
                    ));
                    r.ply = r.ply.min(ply as u32);
                    match points {
                        2 => r.wins += 1,
                        1 => r.draws += 1,
                        _ => r.losses += 1,
                    }
                }
            }
            Err(e) => {
                report
                    .warnings
                    .push(format!("game {} (line {}): {e}; skipped", n + 1, game.line))
            }
        }
    }
    merge(book, records);
    report
}

/// Adds the move records to the book.
fn merge(book: &mut Book, records: HashMap<(Key, Move), (Position, Record)>) {
    for ((_, mv), (pos, r)) in records {
        let games = r.wins + r.draws + r.losses;
        let weight = 2 * r.wins + r.draws;
        let entry = book.entry_mut(&pos, r.ply);
        match entry.moves.iter_mut().find(|m| m.mv == mv) {
            Some(m) => m.weight = m.weight.saturating_add(weight),
            None => entry.moves.push(BookMove {
                mv,
                score: (100 * (i64::from(r.wins) - i64::from(r.losses)) / i64::from(games.max(1)))
                    as i32,
                weight,
            }),
        }
        entry.sort_moves();
    }
}

/// The (position, move) pairs of a game's first `max_ply` moves and White's points (0..=2).
fn replay(
    variant: Variant,
    game: &RawGame,
    max_ply: u32,
) -> Result<(Vec<(Position, Move)>, u32), String> {
    if let Some(gt) = game.tag("GameType") {
        let ours = variant.rules().notation.game_type;
        let num = |s: &str| s.split(',').next().unwrap_or_default().trim().to_string();
        if gt.trim() != ours && num(gt) != num(ours) {
            return Err(format!("GameType '{gt}' is not {variant}"));
        }
    }
    let game = game.replay(variant, max_ply as usize)?;
    let mut pos = Position::start(variant);
    if game.start != pos.to_wide() {
        return Err("starts from a set-up position".into());
    }
    let points = match game.result.ok_or("no result")? {
        GameResult::WhiteWins => 2,
        GameResult::Draw => 1,
        GameResult::BlackWins => 0,
    };
    let mut moves = Vec::new();
    for mv in game.moves.iter().map(|m| m.in_word()) {
        moves.push((pos, mv));
        pos = pos.play(&mv);
    }
    Ok((moves, points))
}
