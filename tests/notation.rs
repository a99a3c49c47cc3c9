//! Bad input: every kind of malformed or impossible FEN and every kind of illegal move text gets
//! an error that names the fault, and no input makes the parsers panic.

mod common;

use common::{fen, Rng};
use dama::notation::{format_hub_move, format_move, parse_move};
use dama::{movegen, Position, Variant};

fn fen_error(variant: Variant, text: &str) -> String {
    match Position::from_fen(variant, text) {
        Ok(p) => panic!("{variant} FEN {text:?} was accepted as {}", p.to_fen()),
        Err(e) => e.to_string(),
    }
}

fn move_error(pos: &Position, text: &str) -> String {
    match parse_move(pos, text) {
        Ok(m) => panic!(
            "{text:?} was accepted as {} in {}",
            format_move(pos, &m),
            pos.to_fen()
        ),
        Err(e) => e.to_string(),
    }
}

/// Asserts that `msg` contains every one of `parts`.
fn says(msg: &str, parts: &[&str]) {
    for part in parts {
        assert!(msg.contains(part), "message {msg:?} lacks {part:?}");
    }
    assert!(!msg.contains('\n'), "message {msg:?} is not one line");
}

#[test]
fn fen_syntax_errors_name_the_fault() {
    let v = Variant::Czech;
    says(&fen_error(v, ""), &["side to move"]);
    says(&fen_error(v, "X:W21:B1"), &["side to move", "'X'"]);
    says(
        &fen_error(v, "W:W21-32"),
        &["needs a W field and a B field"],
    );
    says(
        &fen_error(v, "W:Q21:B1"),
        &["'Q21'", "must start with W or B"],
    );
    says(&fen_error(v, "W:W21:W22:B1"), &["two white fields"]);
    says(&fen_error(v, "W:W21,K:B1"), &["empty square", "'K'"]);
    says(&fen_error(v, "W:W21,zz:B1"), &["'zz'", "not a playable"]);
    says(&fen_error(v, "W:W30-22:B1"), &["'30-22'", "backwards"]);
    says(&fen_error(v, "W:W2x:B1"), &["'2x'"]);
    says(
        &fen_error(v, "W:W99999999999999999999:B1"),
        &["99999999999999999999"],
    );
}

#[test]
fn fen_square_out_of_range_or_light() {
    says(
        &fen_error(Variant::Czech, "W:W33:B1"),
        &["square 33 is out of range", "1-32"],
    );
    says(
        &fen_error(Variant::Czech, "W:W0:B1"),
        &["square 0 is out of range"],
    );
    says(
        &fen_error(Variant::International, "W:W51:B1"),
        &["square 51 is out of range", "1-50"],
    );
    says(
        &fen_error(Variant::Czech, "W:Wb1:Bb8"),
        &["'b1'", "not a playable (dark) square of the 8×8 board"],
    );
    says(
        &fen_error(Variant::Czech, "W:Wa1:Bi9"),
        &["'i9'", "not a playable"],
    );
    says(
        &fen_error(Variant::International, "W:Wa1:Ba10"),
        &["'a10'", "10×10"],
    );
}

#[test]
fn fen_two_pieces_on_one_square() {
    says(
        &fen_error(Variant::Czech, "W:W21,22,21:B1"),
        &["square 21 (a3) is listed twice for white"],
    );
    says(
        &fen_error(Variant::Czech, "W:W21,K21:B1"),
        &["square 21 (a3) is listed twice for white"],
    );
    says(
        &fen_error(Variant::Czech, "W:W21-25:B1-12,25"),
        &["square 25 (b2) holds a white and a black piece"],
    );
    says(
        &fen_error(Variant::Czech, "W:Wc3:Bc3"),
        &["square 22 (c3) holds a white and a black piece"],
    );
}

#[test]
fn fen_man_on_its_own_promotion_row() {
    says(
        &fen_error(Variant::Czech, "W:W3:B21"),
        // named in the variant's notation: algebraic in Czech
        &["a white man stands on its own promotion row (f8)"],
    );
    says(
        &fen_error(Variant::Czech, "B:W21:Ba1"),
        &["a black man stands on its own promotion row (a1)"],
    );
    says(
        &fen_error(Variant::International, "W:W5:B30"),
        &["white man", "promotion row (5)"],
    );
    // Kings may stand there, and men on the row they start from.
    fen(Variant::Czech, "W:WK3,29:BK30");
    fen(Variant::Czech, "W:W29:B4");
}

#[test]
fn fen_too_many_pieces() {
    says(
        &fen_error(Variant::Czech, "W:W5-20,K21:B1"),
        &["white has 17 pieces; at most 12 are possible"],
    );
    // a FEN may hold up to 12 a side on 8×8 even where the start has fewer (Malá dáma, Thai):
    // the published Thai perft figures use a 3-row start
    says(
        &fen_error(Variant::Mala, "B:W5-17:B1"),
        &["white has 13 pieces; at most 12 are possible"],
    );
    says(
        &fen_error(Variant::International, "W:W6-31:B45"),
        &["white has 26 pieces; at most 20 are possible"],
    );
    fen(Variant::Czech, "W:W13-20,K1-4:B21-28");
}

#[test]
fn fen_accepts_the_documented_forms() {
    let start = Position::start(Variant::Czech);
    for text in [
        "W:W21-32:B1-12",
        "[FEN \"W:W21-32:B1-12\"]",
        "W:W21-32:B1-12.",
        " w : w21-32 : b1-12 ",
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        "W:W21-32:B1-12:H0:F1",
    ] {
        assert_eq!(fen(Variant::Czech, text), start, "{text}");
    }
}

#[test]
fn a_capture_is_compulsory_and_the_message_names_one() {
    // Czech: White c3 must take d4.
    let p = fen(Variant::Czech, "W:Wc3,h2:Bd4,a7");
    says(
        &move_error(&p, "h2-g3"),
        &["'h2-g3'", "a capture is compulsory", "c3xe5"],
    );
    // The same with numeric squares and in a numeric variant.
    let p = fen(Variant::Pool, "W:W25,28:B22,5");
    let e = move_error(&p, "28-24");
    says(&e, &["'28-24'", "a capture is compulsory"]);
    let only = movegen::legal_moves(&p);
    assert!(e.contains(&format_move(&p, &only[0])), "{e}");
}

#[test]
fn a_king_must_capture_when_a_king_can() {
    let p = fen(Variant::Czech, "W:WKf2,a5:Bb6,g7,h8");
    says(
        &move_error(&p, "a5xc7"),
        &["'a5xc7'", "a king must capture", "king priority", "f2xa7"],
    );
    let p = fen(Variant::Mala, "W:Wf2,Kc3:Be3,g7");
    says(&move_error(&p, "f2xd4"), &["king priority", "c3xh8"]);
}

#[test]
fn the_capture_that_takes_the_most_is_compulsory() {
    // Brazilian: a3 takes one piece, h2 takes two.
    let p = fen(Variant::Brazilian, "W:Wa3,h2:Bb4,g3,e3");
    says(
        &move_error(&p, "a3xc5"),
        &["'a3xc5'", "must take the most pieces (2 here)", "h2xd2"],
    );
    says(&move_error(&p, "h2xf4"), &["must be completed", "h2xd2"]);
}

#[test]
fn explain_illegal_says_legal_or_why_not() {
    let p = Position::start(Variant::Czech);
    assert_eq!(
        dama::notation::explain_illegal(&p, "22-18"),
        "c3-d4 is legal"
    );
    says(
        &dama::notation::explain_illegal(&p, "c3-c4"),
        &["'c3-c4'", "not a square"],
    );
}

#[test]
fn the_capture_stops_early() {
    // T4: after taking c7 the king goes on from b6.
    let p = fen(Variant::Czech, "W:WKd8:Bc3,g3,d4,g5,c7");
    says(
        &move_error(&p, "d8xb6"),
        &[
            "'d8xb6'",
            "the capture must be completed",
            "from b6 it goes on",
        ],
    );
    // A man: Russian b6 takes c7, crowns on d8 and must go on as a king.
    let p = fen(Variant::Russian, "W:Wb6:Bc7,e7");
    says(&move_error(&p, "b6:d8"), &["must be completed", "b6:f6"]);
    // A flying king that stops where it cannot go on (T1: it must land on e5).
    let p = fen(Variant::Czech, "W:WKh8:Bh4,d6,g7");
    says(
        &move_error(&p, "h8xd4"),
        &[
            "'h8xd4'",
            "after taking g7",
            "must land where it can capture again (e5)",
            "h8xc7",
        ],
    );
}

#[test]
fn men_do_not_move_backward() {
    let p = fen(Variant::Czech, "W:Wd4:Bh8");
    says(
        &move_error(&p, "d4-c3"),
        &["'d4-c3'", "men do not move backward", "d4-c5", "d4-e5"],
    );
    let p = fen(Variant::Czech, "B:Wh2:Bd4");
    says(
        &move_error(&p, "d4-e5"),
        &["men do not move backward", "d4-c3"],
    );
    // Czech men do not capture backward either; a compulsory capture is named.
    let p = fen(Variant::Czech, "W:Wd4,e3:Bc3,f4");
    says(
        &move_error(&p, "d4xb2"),
        &[
            "men do not capture backward",
            "a capture is compulsory, e.g. e3xg5",
        ],
    );
}

#[test]
fn no_piece_of_the_side_to_move_there() {
    let p = Position::start(Variant::Czech);
    says(
        &move_error(&p, "d4-e5"),
        &["'d4-e5'", "there is no piece on d4", "white is to move"],
    );
    says(
        &move_error(&p, "b6-a5"),
        &["the piece on b6 is black, but white is to move"],
    );
    let p = Position::start(Variant::English);
    says(
        &move_error(&p, "22-18"),
        &["the piece on 22 is white, but black is to move"],
    );
}

#[test]
fn blocked_or_unreachable_squares() {
    let p = Position::start(Variant::Czech);
    says(
        &move_error(&p, "b2-c3"),
        &["c3 is not empty", "the piece on b2 cannot move"],
    );
    says(
        &move_error(&p, "c3-e5"),
        &["'c3-e5'", "cannot reach e5", "c3-b4 or c3-d4"],
    );
}

#[test]
fn a_capture_written_where_there_is_none() {
    let p = Position::start(Variant::Czech);
    says(
        &move_error(&p, "c3xe5"),
        &[
            "'c3xe5'",
            "there is nothing to capture here",
            "c3-b4 or c3-d4",
        ],
    );
    let p = Position::start(Variant::International);
    says(&move_error(&p, "32x23x28"), &["nothing to capture"]);
}

#[test]
fn hub_capture_with_the_wrong_captured_squares() {
    // T1 in numbers: h8 = 4 takes g7 = 8 and d6 = 10, ending on c7 = 6 or b8 = 1.
    let p = fen(Variant::Czech, "W:WK4:B8,10,20");
    says(
        &move_error(&p, "4x6x8"),
        &["'4x6x8'", "the capture from h8 to c7 takes g7,d6, not g7"],
    );
    says(&move_error(&p, "4x6x8x20"), &["takes g7,d6, not g7,h4"]);
    // In the right order or any other, zero-padded or not, it is accepted.
    let want = parse_move(&p, "h8xc7").unwrap();
    for text in ["4x6x8x10", "4x6x10x8", "04x06x10x08", "h8xc7xg7xd6"] {
        assert_eq!(parse_move(&p, text), Ok(want), "{text}");
    }
}

#[test]
fn long_capture_through_the_wrong_squares() {
    // T3: g5 to d2 goes through e7 and b4 or through d8 and a5.
    let p = fen(Variant::Czech, "W:WKg5:Bc3,d6,f6,c7");
    says(
        &move_error(&p, "g5xe7xa5xd2"),
        &[
            "no capture from g5 to d2 goes that way",
            "g5xe7xb4xd2",
            "g5xd8xa5xd2",
        ],
    );
}

#[test]
fn ambiguous_text_lists_the_candidates() {
    let p = fen(Variant::Czech, "W:WKg5:Bc3,d6,f6,c7");
    says(
        &move_error(&p, "g5xd2"),
        &["'g5xd2' is ambiguous", "g5xe7xb4xd2", "g5xd8xa5xd2"],
    );
    assert_eq!(
        format_move(&p, &parse_move(&p, "g5xe7xd2").unwrap()),
        "g5xe7xb4xd2"
    );
    // T4: d8xd8 takes either c3 or d4 with the same start and end.
    let p = fen(Variant::Czech, "W:WKd8:Bc3,g3,d4,g5,c7");
    let e = move_error(&p, "d8xd8");
    says(&e, &["ambiguous"]);
    assert_eq!(e.matches(" or ").count(), 1, "{e}");
}

#[test]
fn a_single_jump_is_its_own_long_form() {
    // f2xa7 takes b6 alone; f2xh4xf6xd4xa7 has the same ends. The short text is the single
    // jump's complete path, so it names that move.
    let p = fen(
        Variant::Mala,
        "W:WKf2,Kg7,Kd8,Kh8,a1,g1:BKe5,g3,g5,b6,b8,f8",
    );
    let one = parse_move(&p, "f2xa7").unwrap();
    assert_eq!(one.captured.count(), 1);
    let long = parse_move(&p, "f2xh4xf6xd4xa7").unwrap();
    assert_eq!(long.captured.count(), 4);
    assert_eq!(format_move(&p, &one), "f2xa7");
    assert_eq!(format_move(&p, &long), "f2xh4xf6xd4xa7");
}

#[test]
fn garbage_move_text() {
    let p = Position::start(Variant::Czech);
    says(&move_error(&p, ""), &["empty move text"]);
    says(&move_error(&p, "   "), &["empty move text"]);
    says(&move_error(&p, "hello"), &["'hello' is not a move"]);
    says(
        &move_error(&p, "c3-hello"),
        &["'h' in 'c3-hello' is not a square of this board"],
    );
    says(
        &move_error(&p, "c3"),
        &["'c3' is not a move", "two squares"],
    );
    says(&move_error(&p, "c3--d4"), &["'c3--d4' is not a move"]);
    says(&move_error(&p, "c3-d9"), &["'d9'", "not a square"]);
    says(&move_error(&p, "22-99"), &["'99'", "not a square"]);
    says(&move_error(&p, "b1-c2"), &["'b1'", "not a square"]);
    let blocked = fen(Variant::Czech, "W:Wa1:Bb2,c3");
    says(
        &move_error(&blocked, "a1-b2"),
        &["white has no legal move; the game is over"],
    );
}

/// Strings built from the characters FEN and move text use, plus a few others.
fn random_text(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "W",
        "B",
        "K",
        "k",
        "w",
        "b",
        ":",
        ",",
        "-",
        "x",
        "X",
        "[FEN",
        "]",
        "\"",
        ".",
        " ",
        "0",
        "1",
        "2",
        "3",
        "4",
        "5",
        "9",
        "10",
        "12",
        "21",
        "32",
        "33",
        "50",
        "51",
        "99",
        "a",
        "c",
        "h",
        "j",
        "z",
        "a1",
        "h8",
        "j10",
        "é",
        "ž",
        "\u{0}",
        "H",
        "F",
        "!",
        "?",
        "*",
        "99999999999",
        "18446744073709551617",
        "-1",
        "+",
    ];
    let n = rng.below(14);
    (0..n).map(|_| *rng.pick(PIECES)).collect()
}

/// A valid text with one character changed, dropped or doubled.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    const SUBST: &[char] = &[
        ':', ',', '-', 'x', 'K', 'W', 'B', '0', '9', '3', 'a', 'i', ' ', 'ř',
    ];
    for _ in 0..1 + rng.below(3) {
        if chars.is_empty() {
            break;
        }
        let i = rng.below(chars.len());
        match rng.below(3) {
            0 => chars[i] = *rng.pick(SUBST),
            1 => {
                chars.remove(i);
            }
            _ => chars.insert(i, chars[i]),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn no_input_makes_the_parsers_panic() {
    let mut rng = Rng::new(0x0bad_1dea);
    let mut accepted = 0;
    for v in Variant::ALL.into_iter().filter(|v| !v.rules().wide()) {
        let start = Position::start(v);
        let mut positions = vec![start];
        let mut pos = start;
        for _ in 0..40 {
            let moves = movegen::legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(rng.pick(&moves));
            positions.push(pos);
        }
        for i in 0..3000 {
            let base = *rng.pick(&positions);
            let text = match i % 3 {
                0 => random_text(&mut rng),
                1 => mutate(&mut rng, &base.to_fen()),
                _ => mutate(&mut rng, &base.to_fen_numeric()),
            };
            if let Ok(p) = Position::from_fen(v, &text) {
                accepted += 1;
                assert!(p.validate().is_ok(), "{v} accepted an invalid {text:?}");
                assert_eq!(Position::from_fen(v, &p.to_fen()), Ok(p), "{text:?}");
            }
            let moves = movegen::legal_moves(&base);
            let picked = moves.get(rng.below(moves.len().max(1))).copied();
            let mv_text = match (i % 4, picked) {
                (0, Some(m)) => mutate(&mut rng, &format_move(&base, &m)),
                (1, Some(m)) => mutate(&mut rng, &format_hub_move(&base, &m)),
                _ => random_text(&mut rng),
            };
            match parse_move(&base, &mv_text) {
                Ok(m) => assert!(moves.contains(&m), "{v} {mv_text:?} gave an illegal move"),
                Err(e) => assert!(
                    !e.0.is_empty() && !e.0.contains('\n'),
                    "{v} {mv_text:?}: {e:?}"
                ),
            }
        }
    }
    assert!(
        accepted > 0,
        "no mutated FEN was valid: the generator is too crude"
    );
}
