//! Legal move generation for every variant, from the position's [`crate::rules::RuleSet`].
//!
//! Captures are compulsory: when one exists only captures are generated, filtered by the
//! variant's precedence (king priority or majority). The legal list holds each distinct move
//! (origin, destination, captured set) once; [`generate_paths`] keeps every capture path: one
//! per origin, destination, order of the captured pieces and direction of each jump (dctl's
//! count), so a king going on straight ahead from any of several landing squares of one line
//! takes one path, and one reaching the next piece along a diagonal from one landing square and
//! along a file from another (Frisian) takes two (tests/frisian_paths.rs).
//!
//! Every entry point first takes a `Snapshot` (the side's men and kings, the enemy, the empty
//! squares, the rule tables) and finds set-wise which pieces can capture at all; only
//! those are searched, and [`count_moves`] counts without building a list where it can.

mod capture;
mod generator;
mod paths;
mod quiet;
mod removal;
mod shape;
mod shape_key;
mod snapshot;
mod tables;

pub(crate) use generator::{Generator, UseGenerator};
pub use paths::{capture_paths, paths_of, CapturePath};
pub(crate) use shape::with_compiled;

use crate::moves::{Move, MoveList};
use crate::position::Board;
use crate::rules::Word;
use shape_key::shape_key;
use snapshot::Snapshot;

/// Fills `list` with the legal moves of `pos`, each distinct move once.
pub fn generate<W: Word>(pos: &Board<W>, list: &mut MoveList<W>) {
    fill(pos, list, true);
}

/// Fills `list` with the legal moves, counting every capture path separately (moves with the
/// same origin, destination and captured set may appear more than once).
pub fn generate_paths<W: Word>(pos: &Board<W>, list: &mut MoveList<W>) {
    fill(pos, list, false);
}

#[inline(always)]
fn fill<W: Word>(pos: &Board<W>, list: &mut MoveList<W>, dedup: bool) {
    list.clear();
    match shape_key(pos.variant()) {
        None => tables::fill_by_tables(&Snapshot::general(pos), list, dedup),
        key => shape::fill(key, &Snapshot::new(pos), list, dedup),
    }
}

/// Fills `list` with the legal moves, one per landing sequence: a flying king that may land on
/// several squares before its next jump gives one capture per square even where the pieces
/// taken, their order and the end square are the same (the kish crate's perft counts so). The
/// list may hold equal moves.
pub fn generate_landings<W: Word>(pos: &Board<W>, list: &mut MoveList<W>) {
    list.clear();
    tables::fill_by_tables(&Snapshot::landings(pos), list, false);
}

/// The number of legal moves counted as [`generate_landings`] lists them.
pub fn count_landings<W: Word>(pos: &Board<W>) -> u64 {
    tables::count_moves_by_tables(&Snapshot::landings(pos), true)
}

/// The legal moves of `pos` as a `Vec` (each distinct move once).
///
/// # Examples
///
/// ```
/// use dama::{movegen, notation, Position, Variant};
///
/// // king priority: the king on f2 must capture, the man on a5 may not
/// let pos = Position::from_fen(Variant::Czech, "W:WKf2,a5:Bb6,g7,h8").unwrap();
/// let moves = movegen::legal_moves(&pos);
/// assert_eq!(moves.len(), 1);
/// assert_eq!(notation::format_move(&pos, &moves[0]), "f2xa7");
/// ```
pub fn legal_moves<W: Word>(pos: &Board<W>) -> Vec<Move<W>> {
    let mut list = MoveList::new();
    generate(pos, &mut list);
    list.to_vec()
}

/// The number of legal moves (distinct, or paths when `paths`), without building quiet moves.
#[inline]
pub fn count_moves<W: Word>(pos: &Board<W>, paths: bool) -> u64 {
    match shape_key(pos.variant()) {
        None => tables::count_moves_by_tables(&Snapshot::general(pos), paths),
        key => shape::count_moves(key, &Snapshot::new(pos), paths),
    }
}

/// The number of legal replies to `mv` (legal in `pos`): `count_moves(&pos.play(mv), paths)`
/// without making the position (perft's last two plies).
#[inline]
pub fn count_replies<W: Word>(pos: &Board<W>, mv: &Move<W>, paths: bool) -> u64 {
    match shape_key(pos.variant()) {
        None => tables::count_moves_by_tables(&Snapshot::after_general(pos, mv), paths),
        key => shape::count_moves(key, &Snapshot::after(pos, mv), paths),
    }
}

/// The sum of [`count_replies`] over `moves` (each legal in `pos`): perft's last two plies.
#[inline]
pub fn count_all_replies<W: Word>(pos: &Board<W>, moves: &[Move<W>], paths: bool) -> u64 {
    shape::count_all_replies(pos, moves, paths)
}

/// True when the side to move has a capture (and so must capture).
pub fn has_capture<W: Word>(pos: &Board<W>) -> bool {
    let snap = Snapshot::new(pos);
    snap.man_jumpers().any() || (snap.kings.any() && snap.king_jumpers().any())
}

/// The generator that looks the variant up at every call: any variant.
#[derive(Clone, Copy)]
pub(crate) struct ByVariant;

impl<W: Word> Generator<W> for ByVariant {
    #[inline(always)]
    fn fill(self, pos: &Board<W>, list: &mut MoveList<W>, dedup: bool) {
        fill(pos, list, dedup);
    }

    #[inline(always)]
    fn count_moves(self, pos: &Board<W>, paths: bool) -> u64 {
        count_moves(pos, paths)
    }

    #[inline(always)]
    fn count_all_replies(self, pos: &Board<W>, moves: &[Move<W>], paths: bool) -> u64 {
        count_all_replies(pos, moves, paths)
    }
}
