//! Helpers shared by the integration tests: a small deterministic PRNG, square and move names.
#![allow(dead_code)]

pub mod reference;

use std::collections::BTreeSet;

use dama::notation::square_name;
use dama::{movegen, Bitboard, Move, Position, Square, Variant};

/// The library's seeded generator, so that every run tests the same games.
pub struct Rng(dama::types::SplitMix);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(dama::types::SplitMix::new(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.index(n)
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Reads a FEN or fails the test with the parser's message.
pub fn fen(variant: Variant, text: &str) -> Position {
    Position::from_fen(variant, text)
        .unwrap_or_else(|e| panic!("{variant} FEN {text:?} does not parse: {e}"))
}

/// The square named `name` (algebraic like `c3` or a PDN number like `22`).
pub fn sq(pos: &Position, name: &str) -> Square {
    let g = pos.geometry();
    let found = match name.parse::<u32>() {
        Ok(n) => g.square(n),
        Err(_) => g.parse_algebraic(name),
    };
    found.unwrap_or_else(|| panic!("{name} is not a square of the {}", pos.variant()))
}

/// The set of the named squares.
pub fn squares(pos: &Position, names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(pos, n)).collect()
}

/// A move as readable data: origin, destination and the sorted names of the captured squares.
pub type MoveKey = (String, String, Vec<String>);

/// The readable form of `mv` in `pos`'s notation.
pub fn key_of(pos: &Position, mv: &Move) -> MoveKey {
    let mut caps: Vec<String> = mv.captured.iter().map(|s| square_name(pos, s)).collect();
    caps.sort();
    (square_name(pos, mv.from), square_name(pos, mv.to), caps)
}

/// A readable move key from names (`("h8", "c7", &["g7", "d6"])`).
pub fn key(from: &str, to: &str, captured: &[&str]) -> MoveKey {
    let mut caps: Vec<String> = captured.iter().map(|s| s.to_string()).collect();
    caps.sort();
    (from.to_string(), to.to_string(), caps)
}

/// The legal moves of `pos` as a set of readable keys.
pub fn legal_keys(pos: &Position) -> BTreeSet<MoveKey> {
    movegen::legal_moves(pos)
        .iter()
        .map(|m| key_of(pos, m))
        .collect()
}

/// The PDN texts of the legal moves, sorted.
pub fn legal_texts(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = movegen::legal_moves(pos)
        .iter()
        .map(|m| dama::notation::format_move(pos, m))
        .collect();
    v.sort();
    v
}
