//! Properties over random playouts in every variant, from the start position and from random
//! positions with kings: the incremental key equals the key computed from scratch, FEN
//! round-trips, every legal move's text parses back to the same move, no quiet move is legal
//! when a capture exists, the path list and the distinct list agree, and the bitboard generator
//! agrees with the simple reference generator of `tests/common/reference.rs`.

mod common;

use std::collections::{BTreeMap, HashSet};

use common::{reference, Rng};
use dama::notation::{format_hub_move, format_move, parse_move};
use dama::{movegen, Bitboard, Color, Move, MoveList, Piece, Position, Variant};

/// Games per variant from the start position and from random positions.
const GAMES: usize = 250;
/// Plies per game at most.
const PLIES: usize = 120;

/// A random position that passes validation: up to `max` pieces a side, a third of them kings,
/// no man on its own promotion row.
fn random_position(rng: &mut Rng, v: Variant) -> Position {
    let g = v.rules().geometry();
    let max = v.rules().men_rows as usize * g.width as usize / 2;
    let squares: Vec<_> = g.all_squares().collect();
    loop {
        let mut sets = [Bitboard::EMPTY; 2];
        let mut kings = Bitboard::EMPTY;
        for c in Color::ALL {
            for _ in 0..1 + rng.below(max) {
                let sq = *rng.pick(&squares);
                if (sets[0] | sets[1]).has(sq) {
                    continue;
                }
                let king = rng.below(3) == 0 || g.promotion[c.index()].has(sq);
                sets[c.index()] |= Bitboard::from_square(sq);
                if king {
                    kings |= Bitboard::from_square(sq);
                }
            }
        }
        let side = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let pos = Position::from_parts(v, sets[0], sets[1], kings, side);
        if pos.validate().is_ok() {
            return pos;
        }
    }
}

/// True when some piece of the side to move can jump, found by looking at the board square by
/// square (independent of both generators).
fn capture_exists(pos: &Position) -> bool {
    let g = pos.geometry();
    let me = pos.side();
    let rules = pos.rules();
    pos.pieces(me).iter().any(|from| {
        let king = pos.kings(me).has(from);
        let dirs = if king || rules.men_capture_backward {
            dama::rules::Dir::ALL.to_vec()
        } else {
            dama::rules::Dir::forward(me).to_vec()
        };
        dirs.into_iter().any(|d| {
            let mut sq = g.neighbour(from, d);
            while king && rules.flying_kings && sq.is_some_and(|s| pos.empty().has(s)) {
                sq = sq.and_then(|s| g.neighbour(s, d));
            }
            sq.filter(|s| pos.pieces(!me).has(*s))
                .and_then(|s| g.neighbour(s, d))
                .is_some_and(|l| pos.empty().has(l))
        })
    })
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
    // Key, FEN.
    assert_eq!(pos.key(), pos.compute_key(), "incremental key of {fen}");
    assert_eq!(Position::from_fen(pos.variant(), &fen), Ok(*pos), "{fen}");
    let numeric = pos.to_fen_numeric();
    assert_eq!(
        Position::from_fen(pos.variant(), &numeric),
        Ok(*pos),
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

    // Compulsory capture.
    let capture = capture_exists(pos);
    assert_eq!(movegen::has_capture(pos), capture, "has_capture in {fen}");
    if capture {
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
    let promo_row = pos.geometry().promotion[me.index()].has(m.to);
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

fn playout(rng: &mut Rng, start: Position) -> usize {
    let mut pos = start;
    let mut seen = 0;
    for _ in 0..PLIES {
        let legal = check_position(&pos);
        seen += 1;
        if legal.is_empty() {
            break;
        }
        pos = pos.play(rng.pick(&legal));
    }
    seen
}

fn run_variant(v: Variant, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut positions = 0;
    for _ in 0..GAMES {
        positions += playout(&mut rng, Position::start(v));
        let random = random_position(&mut rng, v);
        positions += playout(&mut rng, random);
    }
    assert!(positions > GAMES * 20, "{v}: only {positions} positions");
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
fn the_random_positions_reach_the_interesting_cases() {
    // The playouts above must see kings, multi-captures, duplicate paths and mid-capture
    // promotions, or they prove little.
    let mut rng = Rng::new(99);
    let (mut kings, mut multi, mut dups, mut crowned) = (0, 0, 0, 0);
    for v in Variant::ALL {
        for _ in 0..GAMES {
            let mut pos = random_position(&mut rng, v);
            for _ in 0..PLIES {
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
                pos = pos.play(rng.pick(&legal));
            }
        }
    }
    assert!(
        kings > 10_000 && multi > 1000 && dups > 0 && crowned > 100,
        "positions with kings {kings}, multi-captures {multi}, duplicate paths {dups}, crowning captures {crowned}"
    );
}
