//! Properties over random playouts in every variant, from the start position and from random
//! positions with kings: the incremental key equals the key computed from scratch, FEN
//! round-trips, every legal move's text parses back to the same move, no quiet move is legal
//! when a capture exists, the path list and the distinct list agree, and the bitboard generator
//! agrees with the simple reference generator of `tests/common/reference.rs`.
//!
//! The playouts are proptest cases (a fixed seed per variant, so every run tests the same games):
//! a failing playout shrinks to a small one (fewer pieces, fewer plies, the first legal moves),
//! and the failure names its position by FEN.

mod common;

use std::cell::Cell;
use std::collections::{BTreeMap, HashSet};

use common::reference;
use dama::notation::{format_hub_move, format_move, parse_move};
use dama::{movegen, Bitboard, Color, KingRun, Move, MoveList, Piece, Position, Variant};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngSeed, TestRunner};

/// Playouts per variant, half of them from the start position and half from random positions.
const PLAYOUTS: u32 = 500;
/// Plies per game at most.
const PLIES: usize = 120;

/// Where a random position puts its pieces: for each colour, squares (indices into the
/// variant's squares) and whether the piece there is a king; and the side to move.
#[derive(Clone, Debug)]
struct Placement {
    pieces: [Vec<(usize, bool)>; 2],
    white_to_move: bool,
}

/// Random placements of up to the variant's number of men a side, a third of them kings.
fn placements(v: Variant) -> impl Strategy<Value = Placement> {
    let g = v.rules().geometry::<u64>();
    let max = Position::start(v).pieces(Color::White).count() as usize;
    let squares = g.all_squares().count();
    // no kings where men are never crowned (Konane)
    let crowns = Color::ALL
        .iter()
        .any(|&c| v.rules().promotion_squares::<u64>(c).any());
    let kings = if crowns { 1.0 / 3.0 } else { 0.0 };
    let side = move || vec((0..squares, prop::bool::weighted(kings)), 1..=max);
    (side(), side(), any::<bool>()).prop_map(|(white, black, white_to_move)| Placement {
        pieces: [white, black],
        white_to_move,
    })
}

/// The position of a placement: a square already taken is skipped, and a man on its own
/// promotion row is a king, so that the position passes validation.
fn position_of(v: Variant, p: &Placement) -> Position {
    let g = v.rules().geometry::<u64>();
    let squares: Vec<_> = g.all_squares().collect();
    let mut sets = [Bitboard::EMPTY; 2];
    let mut kings = Bitboard::EMPTY;
    for c in Color::ALL {
        for &(i, king) in &p.pieces[c.index()] {
            let sq = squares[i];
            if (sets[0] | sets[1]).has(sq) {
                continue;
            }
            sets[c.index()] |= Bitboard::from_square(sq);
            // no kings where men are never crowned (Alkerk)
            let crowned = king || v.rules().promotion_squares::<u64>(c).has(sq);
            if crowned && v.rules().has_kings() {
                kings |= Bitboard::from_square(sq);
            }
        }
    }
    let side = if p.white_to_move {
        Color::White
    } else {
        Color::Black
    };
    let pos = Position::from_parts(v, sets[0], sets[1], kings, side);
    assert_eq!(pos.validate(), Ok(()), "placement {p:?}");
    pos
}

/// One playout: the start position (`None`) or a random one, and the moves, each chosen as
/// its number modulo the number of legal moves (shrinking towards the first legal move).
fn playouts(v: Variant) -> impl Strategy<Value = (Option<Placement>, Vec<u16>)> {
    let start = prop_oneof![Just(None), placements(v).prop_map(Some)];
    (start, vec(any::<u16>(), 0..=PLIES))
}

/// The proptest settings for variant `v`'s playouts, with a seed of its own.
fn config(seed: u64) -> Config {
    Config {
        cases: PLAYOUTS,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}

/// True when some piece of the side to move can capture, by the reference generator
/// (independent of `movegen`).
fn capture_exists(pos: &Position) -> bool {
    !reference::capture_paths(pos).is_empty()
}

fn counts(moves: &[Move]) -> BTreeMap<(u8, u8, u64, bool), usize> {
    let mut m = BTreeMap::new();
    for mv in moves {
        *m.entry((mv.from.0, mv.to.0, mv.captured.0, mv.promotes))
            .or_insert(0) += 1;
    }
    m
}

/// Every property at one position. Returns the legal moves.
fn check_position(pos: &Position) -> Vec<Move> {
    let fen = pos.to_fen();
    // Key, FEN (which carries no king-move count: Frisian's runs start anew).
    assert_eq!(pos.key(), pos.compute_key(), "incremental key of {fen}");
    let no_runs = Color::ALL
        .into_iter()
        .fold(*pos, |p, c| p.with_king_run(c, KingRun::NONE));
    assert_eq!(
        Position::from_fen(pos.variant(), &fen),
        Ok(no_runs),
        "{fen}"
    );
    let numeric = pos.to_fen_numeric();
    assert_eq!(
        Position::from_fen(pos.variant(), &numeric),
        Ok(no_runs),
        "{numeric}"
    );

    // Distinct moves, paths, counts.
    let legal = movegen::legal_moves(pos);
    let mut paths = MoveList::new();
    movegen::generate_paths(pos, &mut paths);
    let paths = paths.to_vec();
    let distinct: HashSet<Move> = legal.iter().copied().collect();
    assert_eq!(distinct.len(), legal.len(), "a move listed twice in {fen}");
    let path_set: HashSet<Move> = paths.iter().copied().collect();
    assert_eq!(path_set, distinct, "paths and moves differ in {fen}");
    assert!(paths.len() >= legal.len());
    assert_eq!(
        movegen::count_moves(pos, false),
        legal.len() as u64,
        "{fen}"
    );
    assert_eq!(movegen::count_moves(pos, true), paths.len() as u64, "{fen}");
    let path_records = movegen::capture_paths(pos);
    if legal.iter().any(Move::is_capture) {
        assert_eq!(path_records.len(), paths.len(), "{fen}");
    }

    // Compulsory capture (Konane's opening removals come before any jump).
    let capture = capture_exists(pos);
    let removing = reference::removals(pos).is_some();
    assert_eq!(movegen::has_capture(pos), capture, "has_capture in {fen}");
    if removing {
        assert!(legal.iter().all(Move::is_removal), "not a removal in {fen}");
    } else if capture {
        assert!(
            legal.iter().all(Move::is_capture),
            "a quiet move is legal in {fen}"
        );
    } else {
        assert!(legal.iter().all(|m| !m.is_capture()), "{fen}");
    }

    // The reference generator: the same paths, as a multiset, and the same distinct moves.
    assert_eq!(
        counts(&paths),
        counts(&reference::legal_paths(pos)),
        "capture paths differ from the reference in {fen}"
    );

    // Text round trips, and play.
    for m in &legal {
        let pdn = format_move(pos, m);
        assert_eq!(parse_move(pos, &pdn), Ok(*m), "PDN {pdn} in {fen}");
        let hub = format_hub_move(pos, m);
        assert_eq!(parse_move(pos, &hub), Ok(*m), "Hub {hub} in {fen}");
        check_play(pos, m);
    }
    for p in &path_records {
        let g = pos.geometry();
        let sep = pos.rules().notation.capture_sep.to_string();
        let long: Vec<String> = p
            .squares
            .iter()
            .map(|&s| dama::notation::square_name(pos, s))
            .collect();
        let text = long.join(&sep);
        assert_eq!(
            parse_move(pos, &text),
            Ok(p.mv),
            "long form {text} in {fen}"
        );
        let numbers: Vec<String> = p.squares.iter().map(|&s| g.number(s).to_string()).collect();
        let text = numbers.join("x");
        assert_eq!(parse_move(pos, &text), Ok(p.mv), "numeric {text} in {fen}");
    }
    legal
}

/// What `play` must do with a move.
fn check_play(pos: &Position, m: &Move) {
    let me = pos.side();
    let next = pos.play(m);
    assert_eq!(next.side(), !me);
    assert_eq!(
        next.key(),
        next.compute_key(),
        "key after a move in {}",
        pos.to_fen()
    );
    if m.is_removal() {
        assert_eq!(next.pieces(me), pos.pieces(me) - m.captured);
        assert_eq!(next.pieces(!me), pos.pieces(!me));
        return;
    }
    assert_eq!(next.pieces(me).count(), pos.pieces(me).count());
    assert_eq!(
        next.pieces(!me).count(),
        pos.pieces(!me).count() - m.captured.count()
    );
    assert!((next.pieces(!me) & m.captured).is_empty());
    let was_king = pos.kings(me).has(m.from);
    let kind = next.piece_at(m.to).map(|(_, p)| p);
    let want = if was_king || m.promotes {
        Piece::King
    } else {
        Piece::Man
    };
    assert_eq!(kind, Some(want));
    let promo_row = pos.rules().promotion_squares::<u64>(me).has(m.to);
    if !was_king && !m.is_capture() {
        assert_eq!(m.promotes, promo_row, "quiet promotion in {}", pos.to_fen());
    }
    if !was_king && promo_row {
        assert!(
            m.promotes,
            "a man ends on its last row uncrowned in {}",
            pos.to_fen()
        );
    }
}

/// Checks every position of a playout from `start` choosing the moves by `choices`; returns
/// the number of positions checked.
fn playout(start: Position, choices: &[u16]) -> usize {
    let mut pos = start;
    let mut seen = 0;
    for &choice in choices {
        let legal = check_position(&pos);
        seen += 1;
        if legal.is_empty() {
            return seen;
        }
        pos = pos.play(&legal[choice as usize % legal.len()]);
    }
    check_position(&pos);
    seen + 1
}

fn run_variant(v: Variant, seed: u64) {
    let mut runner = TestRunner::new(config(seed));
    let positions = Cell::new(0);
    let result = runner.run(&playouts(v), |(placement, choices)| {
        let start = placement.map_or(Position::start(v), |p| position_of(v, &p));
        positions.set(positions.get() + playout(start, &choices));
        Ok(())
    });
    if let Err(e) = result {
        panic!("{v}: {e}");
    }
    let positions = positions.get();
    assert!(
        positions > PLAYOUTS as usize * 10,
        "{v}: only {positions} positions"
    );
}

#[test]
fn czech_properties() {
    run_variant(Variant::Czech, 1);
}

#[test]
fn russian_properties() {
    run_variant(Variant::Russian, 2);
}

#[test]
fn brazilian_properties() {
    run_variant(Variant::Brazilian, 3);
}

#[test]
fn pool_properties() {
    run_variant(Variant::Pool, 4);
}

#[test]
fn english_properties() {
    run_variant(Variant::English, 5);
}

#[test]
fn international_properties() {
    run_variant(Variant::International, 6);
}

#[test]
fn mala_properties() {
    run_variant(Variant::Mala, 7);
}

#[test]
fn turkish_properties() {
    run_variant(Variant::Turkish, 8);
}

#[test]
fn frisian_properties() {
    run_variant(Variant::Frisian, 9);
}

#[test]
fn frysk_properties() {
    run_variant(Variant::Frysk, 10);
}

#[test]
fn dameo_properties() {
    run_variant(Variant::Dameo, 11);
}

#[test]
fn gothic_properties() {
    run_variant(Variant::Gothic, 13);
}

#[test]
fn hawaiian_properties() {
    run_variant(Variant::Hawaiian, 14);
}

#[test]
fn alquerque_properties() {
    run_variant(Variant::Alquerque, 12);
}

#[test]
fn the_random_positions_reach_the_interesting_cases() {
    // The playouts above must see kings, multi-captures, duplicate paths and mid-capture
    // promotions, or they prove little.
    let (mut kings, mut multi, mut dups, mut crowned) = (0, 0, 0, 0);
    // the 64-bit variants (Canadian's 128-bit positions: tests/rules.rs, perft/canadian.perft)
    for v in Variant::ALL.into_iter().filter(|v| !v.rules().wide()) {
        let mut runner = TestRunner::new(config(99));
        let strategy = playouts(v);
        for _ in 0..PLAYOUTS {
            let (placement, choices) = strategy.new_tree(&mut runner).unwrap().current();
            let Some(placement) = placement else {
                continue;
            };
            let mut pos = position_of(v, &placement);
            for &choice in &choices {
                let legal = movegen::legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                kings += usize::from(pos.all_kings().any());
                multi += legal.iter().filter(|m| m.captured.count() > 1).count();
                dups += movegen::count_moves(&pos, true) as usize - legal.len();
                crowned += legal
                    .iter()
                    .filter(|m| m.promotes && m.is_capture())
                    .count();
                pos = pos.play(&legal[choice as usize % legal.len()]);
            }
        }
    }
    assert!(
        kings > 10_000 && multi > 1000 && dups > 0 && crowned > 100,
        "positions with kings {kings}, multi-captures {multi}, duplicate paths {dups}, crowning captures {crowned}"
    );
}
