//! Rule-discriminating positions: the exact legal move lists of docs/rules/czech.md (T1-T5),
//! king priority, forced landing, promotion at the end of a capture in each variant, blocking
//! captured pieces, moves that end on their start square, the majority rule, short kings and
//! the Malá dáma start.

mod common;

use std::collections::BTreeSet;

use common::{fen, key, legal_keys, legal_texts, reference, MoveKey};
use dama::notation::{format_move, parse_move};
use dama::perft::{perft, Counting};
use dama::{movegen, MoveList, Position, Variant};

fn keys(list: &[MoveKey]) -> BTreeSet<MoveKey> {
    list.iter().cloned().collect()
}

fn path_count(pos: &Position) -> usize {
    let mut list = MoveList::new();
    movegen::generate_paths(pos, &mut list);
    list.len()
}

/// Asserts the exact legal move set, the PDN texts and the number of capture paths.
fn assert_moves(pos: &Position, want: &[MoveKey], texts: &[&str], paths: usize) {
    assert_eq!(legal_keys(pos), keys(want), "moves of {}", pos.to_fen());
    let mut texts: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
    texts.sort();
    assert_eq!(legal_texts(pos), texts, "PDN texts of {}", pos.to_fen());
    assert_eq!(path_count(pos), paths, "capture paths of {}", pos.to_fen());
    for m in movegen::legal_moves(pos) {
        assert_eq!(parse_move(pos, &format_move(pos, &m)), Ok(m));
    }
}

#[test]
fn t1_forced_landing() {
    // The king must stop on e5, the only landing square from which d6 can be taken.
    let p = fen(Variant::Czech, "W:WKh8:Bh4,d6,g7");
    assert_moves(
        &p,
        &[
            key("h8", "c7", &["g7", "d6"]),
            key("h8", "b8", &["g7", "d6"]),
        ],
        &["h8xc7", "h8xb8"],
        2,
    );
    // Without a further capture the king may stop on any square beyond.
    let p = fen(Variant::Czech, "W:WKh8:Bh4,g7");
    let ends: Vec<MoveKey> = ["f6", "e5", "d4", "c3", "b2", "a1"]
        .iter()
        .map(|to| key("h8", to, &["g7"]))
        .collect();
    assert_eq!(legal_keys(&p), keys(&ends));
}

#[test]
fn t2_king_priority() {
    let p = fen(Variant::Czech, "W:WKf2,a5:Bb6,g7,h8");
    assert_moves(&p, &[key("f2", "a7", &["b6"])], &["f2xa7"], 1);
    let p = fen(Variant::Czech, "W:Wf2,Kc3:Be3,g7");
    assert_moves(&p, &[key("c3", "h8", &["g7"])], &["c3xh8"], 1);
    // Malá dáma has the same priority; Russian has free choice.
    let p = fen(Variant::Mala, "W:Wf2,Kc3:Be3,g7");
    assert_eq!(legal_keys(&p), keys(&[key("c3", "h8", &["g7"])]));
    let p = fen(Variant::Russian, "W:WKf2,a5:Bb6,g7,h8");
    assert_eq!(
        legal_keys(&p),
        keys(&[key("f2", "a7", &["b6"]), key("a5", "c7", &["b6"])])
    );
}

#[test]
fn king_priority_holds_even_when_a_man_takes_more() {
    // The man on a3 could take two pieces (b4, d6), the man on e5 one (d6); the king on h8
    // takes one (g7), and only it may capture.
    let p = fen(Variant::Czech, "W:Wa3,e5,Kh8:Bb4,d6,g7");
    assert_eq!(legal_keys(&p), keys(&[key("h8", "f6", &["g7"])]));
    // Without the king the men choose freely.
    let p = fen(Variant::Czech, "W:Wa3,e5:Bb4,d6,g7");
    assert_eq!(
        legal_keys(&p),
        keys(&[key("a3", "e7", &["b4", "d6"]), key("e5", "c7", &["d6"])])
    );
}

#[test]
fn t3_same_from_and_to_with_different_captures() {
    let p = fen(Variant::Czech, "W:WKg5:Bc3,d6,f6,c7");
    assert_moves(
        &p,
        &[
            key("g5", "d2", &["f6", "d6", "c3"]),
            key("g5", "e1", &["f6", "d6", "c3"]),
            key("g5", "d2", &["f6", "c7", "c3"]),
            key("g5", "e1", &["f6", "c7", "c3"]),
        ],
        &["g5xe7xb4xd2", "g5xe7xb4xe1", "g5xd8xa5xd2", "g5xd8xa5xe1"],
        4,
    );
}

#[test]
fn t4_return_to_the_start_square_blocking_and_duplicates() {
    let p = fen(Variant::Czech, "W:WKd8:Bc3,g3,d4,g5,c7");
    let want = [
        key("d8", "d8", &["g5", "g3", "d4", "c7"]),
        key("d8", "d8", &["g5", "g3", "c3", "c7"]),
        key("d8", "h6", &["c7", "d4", "g5"]),
        key("d8", "f6", &["c7", "d4", "g3", "g5"]),
        key("d8", "e7", &["c7", "d4", "g3", "g5"]),
        key("d8", "h6", &["c7", "c3", "g5"]),
        key("d8", "f6", &["c7", "c3", "g3", "g5"]),
        key("d8", "e7", &["c7", "c3", "g3", "g5"]),
    ];
    assert_eq!(legal_keys(&p), keys(&want));
    assert_eq!(path_count(&p), 10, "two d8xd8 paths go round the other way");
    // Every move shares its start and end with another one, so all are written long. The two
    // round trips can be written in either direction.
    let texts = legal_texts(&p);
    for t in [
        "d8xb6xe3xh6",
        "d8xb6xf2xh4xf6",
        "d8xb6xf2xh4xe7",
        "d8xa5xd2xh6",
        "d8xa5xe1xh4xf6",
        "d8xa5xe1xh4xe7",
    ] {
        assert!(texts.contains(&t.to_string()), "{t} missing from {texts:?}");
    }
    let round: Vec<&String> = texts.iter().filter(|t| t.ends_with("xd8")).collect();
    assert_eq!(round.len(), 2, "{texts:?}");
    for t in round {
        assert!(
            [
                "d8xb6xf2xh4xd8",
                "d8xh4xf2xb6xd8",
                "d8xa5xe1xh4xd8",
                "d8xh4xe1xa5xd8"
            ]
            .contains(&t.as_str()),
            "{t}"
        );
    }
    for m in movegen::legal_moves(&p) {
        assert_eq!(parse_move(&p, &format_move(&p, &m)), Ok(m));
    }
}

#[test]
fn t5_captured_pieces_block() {
    let p = fen(Variant::Czech, "W:WKh6:Bc3,g5,d6,f6,g7");
    assert_moves(
        &p,
        &[
            key("h6", "h6", &["c3", "d6", "g5", "g7"]),
            key("h6", "c7", &["g5", "d6"]),
            key("h6", "b8", &["g5", "d6"]),
        ],
        &["h6xh6", "h6xc7", "h6xb8"],
        4,
    );
    let round = movegen::legal_moves(&p)
        .into_iter()
        .find(|m| m.from == m.to)
        .expect("a move back to h6");
    assert_eq!(movegen::paths_of(&p, &round).len(), 2);
    let after = p.play(&round);
    assert_eq!(after.to_fen(), "B:WKh6:Bf6");
}

#[test]
fn a_captured_piece_blocks_the_way_back() {
    // Round the diamond d4-f4-f2-d2 the king comes back to c3. If taken pieces vanished at once
    // it could then run through d4 and take g7 too (five pieces); they stay until the move
    // ends, so d4 blocks the diagonal.
    let p = fen(Variant::Czech, "W:WKc3:Bd4,f4,f2,d2,g7");
    let moves = movegen::legal_moves(&p);
    assert!(
        moves.iter().all(|m| m.captured.count() <= 4),
        "{:?}",
        legal_keys(&p)
    );
    assert!(moves
        .iter()
        .any(|m| m.from == m.to && m.captured.count() == 4));
    assert!(legal_keys(&p).contains(&key("c3", "h8", &["d2", "f2", "f4", "g7"])));
    assert_eq!(reference::legal_moves(&p).len(), moves.len());
}

#[test]
fn czech_positions_first_position_path_conventions() {
    // The independent computation behind perft/czech-positions.perft gave 4152 capture paths at
    // depth 4 here and 4150 distinct moves. The published start-position table counts a king
    // that goes on straight ahead once, whichever landing square it used: 4150, as dama and the
    // reference generator do. Counting one path per landing square gives 4152.
    let p = fen(Variant::Czech, "W:WK29,22,23,24,K27:BK4,9,10,11,K6");
    assert_eq!(perft(&p, 4, Counting::Moves), 4150);
    assert_eq!(perft(&p, 4, Counting::Paths), 4150);
    assert_eq!(reference::perft(&p, 4, true), 4150);
    fn landing_perft(p: &Position, depth: u32) -> u64 {
        if depth == 1 {
            let caps = reference::landing_paths(p).len();
            return if caps > 0 {
                caps as u64
            } else {
                reference::quiet_moves(p).len() as u64
            };
        }
        reference::legal_paths(p)
            .iter()
            .map(|m| landing_perft(&p.play(m), depth - 1))
            .sum()
    }
    assert_eq!(landing_perft(&p, 4), 4152);
}

/// A man on b6 takes c7 and reaches d8; e7 (adjacent, behind it) and f6 (at a distance) show
/// what it may do next.
#[test]
fn promotion_in_the_middle_of_a_capture() {
    let men = "W:Wb6:Bc7,e7";
    // Czech: the move ends on the last row and the man is crowned.
    let p = fen(Variant::Czech, men);
    assert_moves(&p, &[key("b6", "d8", &["c7"])], &["b6xd8"], 1);
    assert!(movegen::legal_moves(&p)[0].promotes);
    // Russian: crowned at once, it goes on as a flying king and may land on f6, g5 or h4.
    let p = fen(Variant::Russian, men);
    assert_moves(
        &p,
        &[
            key("b6", "f6", &["c7", "e7"]),
            key("b6", "g5", &["c7", "e7"]),
            key("b6", "h4", &["c7", "e7"]),
        ],
        &["b6:f6", "b6:g5", "b6:h4"],
        3,
    );
    assert!(movegen::legal_moves(&p).iter().all(|m| m.promotes));
    let after = p.play(&movegen::legal_moves(&p)[0]);
    assert_eq!(after.count(dama::Color::White, dama::Piece::King), 1);
    // A piece at a distance can only be taken by the new king.
    let p = fen(Variant::Russian, "W:Wb6:Bc7,f6");
    assert_eq!(
        legal_keys(&p),
        keys(&[
            key("b6", "g5", &["c7", "f6"]),
            key("b6", "h4", &["c7", "f6"])
        ])
    );
    // Brazilian and Pool: it passes the row as a man, goes on backward, and is not crowned.
    for v in [Variant::Brazilian, Variant::Pool] {
        let p = fen(v, men);
        let moves = movegen::legal_moves(&p);
        assert_eq!(moves.len(), 1, "{v}");
        assert_eq!(
            dama::notation::square_name(&p, moves[0].to),
            if v == Variant::Pool { "11" } else { "f6" }
        );
        assert_eq!(moves[0].captured.count(), 2);
        assert!(!moves[0].promotes, "{v}");
    }
    // English: crowning ends the move.
    let p = fen(Variant::English, men);
    assert_moves(&p, &[key("9", "2", &["6"])], &["9x2"], 1);
    assert!(movegen::legal_moves(&p)[0].promotes);
}

#[test]
fn a_man_crowned_by_a_quiet_move() {
    let p = fen(Variant::Czech, "W:Wc7:Bh2");
    for m in movegen::legal_moves(&p) {
        assert!(m.promotes);
        assert_eq!(p.play(&m).count(dama::Color::White, dama::Piece::King), 1);
    }
    assert_eq!(legal_texts(&p), vec!["c7-b8", "c7-d8"]);
}

#[test]
fn majority_rule_in_brazilian_and_international() {
    // a3 can take one piece (b4); h2 takes two (g3, then e3 backward).
    let text = "W:Wa3,h2:Bb4,g3,e3";
    let two = |p: &Position| {
        movegen::legal_moves(p)
            .iter()
            .all(|m| m.captured.count() == 2)
    };
    for v in [Variant::Brazilian, Variant::International] {
        let p = fen(v, text);
        assert_eq!(movegen::legal_moves(&p).len(), 1, "{v}");
        assert!(two(&p), "{v}");
    }
    // Free choice elsewhere.
    let p = fen(Variant::Russian, text);
    assert_eq!(
        legal_keys(&p),
        keys(&[key("a3", "c5", &["b4"]), key("h2", "d2", &["g3", "e3"])])
    );
    // Czech men do not capture backward, so h2 takes only g3; no majority: both are legal.
    let p = fen(Variant::Czech, text);
    assert_eq!(
        legal_keys(&p),
        keys(&[key("a3", "c5", &["b4"]), key("h2", "f4", &["g3"])])
    );
}

#[test]
fn majority_counts_pieces_not_kings() {
    // Brazilian: one king against two men; the two men must be taken.
    let p = fen(Variant::Brazilian, "W:Wa1,h2:BKb2,g3,e3");
    let moves = movegen::legal_moves(&p);
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|m| m.captured.count() == 2),
        "{:?}",
        legal_keys(&p)
    );
}

#[test]
fn english_kings_are_short() {
    // A king two squares from a piece cannot take it; next to it, it lands directly behind.
    let p = fen(Variant::English, "W:WK22:B15,1");
    let texts = legal_texts(&p);
    assert_eq!(texts, vec!["22-17", "22-18", "22-25", "22-26"]);
    let p = fen(Variant::English, "W:WK22:B18,1");
    assert_eq!(legal_keys(&p), keys(&[key("22", "15", &["18"])]));
    // Kings capture backward, men do not.
    let p = fen(Variant::English, "W:WK14,10:B18,15");
    assert_eq!(legal_keys(&p), keys(&[key("14", "23", &["18"])]));
}

#[test]
fn flying_kings_take_at_a_distance() {
    let p = fen(Variant::Czech, "W:WK29:B15");
    assert_eq!(
        legal_keys(&p),
        keys(&[
            key("a1", "f6", &["e5"]),
            key("a1", "g7", &["e5"]),
            key("a1", "h8", &["e5"])
        ])
    );
}

#[test]
fn mala_dama_start() {
    let p = Position::start(Variant::Mala);
    assert_eq!(p.side(), dama::Color::Black);
    assert_eq!(p.to_fen_numeric(), "B:W25-32:B1-8");
    assert_eq!(fen(Variant::Mala, "B:W25-32:B1-8"), p);
    assert_eq!(p.count(dama::Color::White, dama::Piece::Man), 8);
    assert_eq!(p.count(dama::Color::Black, dama::Piece::Man), 8);
    assert_eq!(
        legal_texts(&p),
        vec!["a7-b6", "c7-b6", "c7-d6", "e7-d6", "e7-f6", "g7-f6", "g7-h6"]
    );
}

#[test]
fn start_positions_and_first_movers() {
    for (v, fen_text) in [
        (Variant::Czech, "W:W21-32:B1-12"),
        (Variant::Russian, "W:W21-32:B1-12"),
        (Variant::Brazilian, "W:W21-32:B1-12"),
        (Variant::Pool, "B:W21-32:B1-12"),
        (Variant::English, "B:W21-32:B1-12"),
        (Variant::International, "W:W31-50:B1-20"),
        (Variant::Mala, "B:W25-32:B1-8"),
    ] {
        assert_eq!(Position::start(v).to_fen_numeric(), fen_text, "{v}");
    }
}

#[test]
fn small_perft_agrees_with_the_reference_generator() {
    // Dameo's start has 52 moves: its own test below goes less deep
    for v in Variant::ALL.into_iter().filter(|&v| v != Variant::Dameo) {
        dama::for_word!(v, W => perft_agrees::<W>(v, 6));
    }
}

/// The most leaves the small perft hands the slow reference generator (Gothic's start reaches
/// 292 million at depth 6: it stops at 5).
const REFERENCE_LEAVES: u64 = 20_000_000;

/// Perft of the start of `v` to `depth` (or less, where the tree passes [`REFERENCE_LEAVES`]),
/// both conventions, equals the reference generator's.
fn perft_agrees<W: dama::rules::Word>(v: Variant, depth: u32) {
    let p = dama::Board::<W>::start(v);
    let depth = (1..=depth)
        .take_while(|&d| d == 1 || perft(&p, d, Counting::Paths) <= REFERENCE_LEAVES)
        .last()
        .unwrap_or(1);
    for (counting, paths) in [(Counting::Moves, false), (Counting::Paths, true)] {
        assert_eq!(
            perft(&p, depth, counting),
            reference::perft(&p, depth, paths),
            "{v} depth {depth} {counting:?}"
        );
    }
}

#[test]
fn dameo_perft_agrees_with_the_reference_generator() {
    // linear moves from the start (captures from ply 3), kings' orthogonal captures and paths
    perft_agrees::<u64>(Variant::Dameo, 4);
    let kings = "W:WKd4,Kh1,a2,b3,c3,d2,e3,f2,g2,h3:BKa8,Kf8,b6,c6,d7,e6,f6,g7,h7";
    let p = Position::from_fen(Variant::Dameo, kings).unwrap();
    for (counting, paths) in [(Counting::Moves, false), (Counting::Paths, true)] {
        assert_eq!(perft(&p, 6, counting), reference::perft(&p, 6, paths));
    }
}

#[test]
fn hawaiian_perft_agrees_with_the_reference_generator_to_depth_8() {
    // deeper than the other variants: the two opening removals come before the first jump
    perft_agrees::<u64>(Variant::Hawaiian, 8);
}

#[test]
fn parachute_perft_agrees_with_the_reference_generator_to_depth_9() {
    // deeper than the other variants: the parachutists' captures start at ply 2
    let p = Position::start(Variant::Parachute);
    for (counting, paths) in [(Counting::Moves, false), (Counting::Paths, true)] {
        assert_eq!(perft(&p, 9, counting), reference::perft(&p, 9, paths));
    }
}

/// The computed positions of `perft/` beyond the start (where no published table exists),
/// both conventions, against the reference generator.
#[test]
fn computed_positions_agree_with_the_reference_generator() {
    let cases = [
        (
            Variant::Gothic,
            "W:WKd4,Kb1,c3,e3,f2,g4,b5,h2:BKe6,Kg2,d6,f5,c7,a6,h7,e7",
            5,
        ),
        (Variant::Alquerque, "start", 9),
        (
            Variant::Alquerque,
            "W:Wa1,b1,c2,d2,e3,c3,b2:Ba5,b4,d4,c5,e4,a3,e5",
            6,
        ),
    ];
    for (v, fen_text, depth) in cases {
        let p = if fen_text == "start" {
            Position::start(v)
        } else {
            Position::from_fen(v, fen_text).unwrap()
        };
        for (counting, paths) in [(Counting::Moves, false), (Counting::Paths, true)] {
            assert_eq!(
                perft(&p, depth, counting),
                reference::perft(&p, depth, paths),
                "{v} {fen_text} depth {depth} {counting:?}"
            );
        }
    }
}
