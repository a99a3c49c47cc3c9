//! The rules of the variants added with rule set v2, each on a hand-checked position
//! (docs/rules/): Thai's landing right behind, its removal at once without turning back
//! and its passing over the square of a piece already taken, Killer's halt behind a last-taken
//! king, Corner's promotion squares, One-way's men, Parachute's parachutists, Turkish men and
//! kings (orthogonal steps, removal at once without a 180° turn, the majority through a removed
//! piece's square, crowning in a capture), Frisian orthogonal captures, value precedence with
//! its king tie-break and the king-move limit, Dameo's linear moves, orthogonal captures,
//! majority and a man passing the last row, Gothic men in five directions, its short kings in
//! eight and the crowning that ends a move, and the ordering keys of the capture precedences.

use std::collections::BTreeSet;

use dama::rules::Precedence;
use dama::{movegen, Position, Variant};

/// The legal moves of `fen` in `variant` as (from, to, captured squares), algebraic, sorted;
/// a `+` after the destination marks a promotion.
fn moves(variant: &str, fen: &str) -> BTreeSet<String> {
    let v = Variant::from_name(variant).unwrap();
    let pos = Position::from_fen(v, fen).unwrap();
    let g = pos.geometry();
    movegen::legal_moves(&pos)
        .iter()
        .map(|m| {
            let mut caps: Vec<String> = m.captured.iter().map(|s| g.algebraic(s)).collect();
            caps.sort();
            let crown = if m.promotes { "+" } else { "" };
            format!(
                "{}-{}{crown} {}",
                g.algebraic(m.from),
                g.algebraic(m.to),
                caps.join(",")
            )
        })
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_thai_king_lands_right_behind_the_piece_it_takes() {
    assert_eq!(moves("thai", "W:WKa1:Bd4"), set(&["a1-e5 d4"]));
    // where kings land anywhere beyond, the same capture has four ends
    assert_eq!(
        moves("czech", "W:WKa1:Bd4"),
        set(&["a1-e5 d4", "a1-f6 d4", "a1-g7 d4", "a1-h8 d4"])
    );
}

#[test]
fn a_thai_king_never_turns_back_over_a_removed_piece() {
    // After c3xd4 the king stands on e5 and d4 is empty at once: turning back it could fly
    // over d4 and c3 and take b2, but a 180° turn is not allowed; the same the other way.
    assert_eq!(
        moves("thai", "W:WKc3:Bd4,b2"),
        set(&["c3-a1 b2", "c3-e5 d4"])
    );
}

#[test]
fn a_killer_king_halts_behind_the_king_it_takes_last() {
    let free_ends = [
        "a1-e5 d4",
        "a1-f6 d4",
        "a1-g7 d4",
        "a1-h8 d4",
        "a1-i9 d4",
        "a1-j10 d4",
    ];
    assert_eq!(moves("international", "W:WKa1:BKd4"), set(&free_ends));
    assert_eq!(moves("killer", "W:WKa1:BKd4"), set(&["a1-e5 d4"]));
    // a man taken last leaves the landing free
    assert_eq!(moves("killer", "W:WKa1:Bd4"), set(&free_ends));
    // a king taken earlier in the sequence does not halt it: after c3 (a king) the capture
    // goes on over f6 (a man) and lands anywhere beyond
    assert_eq!(
        moves("killer", "W:WKa1:BKc3,f6"),
        set(&["a1-g7 c3,f6", "a1-h8 c3,f6", "a1-i9 c3,f6", "a1-j10 c3,f6"])
    );
    // taking the king last halts it: f6 is the king now
    assert_eq!(moves("killer", "W:WKa1:Bc3,Kf6"), set(&["a1-g7 c3,f6"]));
}

#[test]
fn corner_men_are_crowned_only_on_the_two_corner_squares() {
    // White promotes on a7 or b8 only
    assert_eq!(moves("corner", "W:Wb6:Be5"), set(&["b6-a7+ ", "b6-c7 "]));
    assert_eq!(moves("corner", "W:Wc7:Be5"), set(&["c7-b8+ ", "c7-d8 "]));
    // Black promotes on g1 or h2 only
    assert_eq!(moves("corner", "B:Wa1:Bf2"), set(&["f2-e1 ", "f2-g1+ "]));
    // in Czech every far-row square crowns
    assert_eq!(moves("czech", "W:Wc7:Be5"), set(&["c7-b8+ ", "c7-d8+ "]));
}

#[test]
fn one_way_men_of_both_colours_go_up_the_board() {
    assert_eq!(moves("oneway", "B:Wa1:Be3"), set(&["e3-d4 ", "e3-f4 "]));
    assert_eq!(moves("czech", "B:Wa1:Be3"), set(&["e3-d2 ", "e3-f2 "]));
    // and capture upward too: a black man takes a white man ahead of it
    assert_eq!(moves("oneway", "B:Wd4:Be3"), set(&["e3-c5 d4"]));
    // a black man on rank 8 would have been crowned there
    let v = Variant::from_name("oneway").unwrap();
    assert!(Position::from_fen(v, "W:Wa1:Bb8").is_err());
}

#[test]
fn precedence_keys_rank_as_the_rules_say() {
    // Spanish: more pieces first, then more kings
    let q = Precedence::QUANTITY_QUALITY;
    assert!(q.key(3, false, 0, 0) > q.key(2, true, 2, 0));
    assert!(q.key(2, false, 1, 0) > q.key(2, true, 0, 0));
    // Italian: count, by a king, most kings, kings met first (lexicographic)
    let it = Precedence::ITALIAN;
    let first = 1 << 31;
    let second = 1 << 30;
    let third = 1 << 29;
    assert!(it.key(2, true, 0, 0) > it.key(2, false, 2, first | second));
    assert!(it.key(3, true, 1, first) > it.key(3, true, 1, second));
    // kings at positions (0, 2) beat (1, 2): the first king is met earlier
    assert!(it.key(3, true, 2, first | third) > it.key(3, true, 2, second | third));
    // free choice: every capture ties
    assert_eq!(
        Precedence::FREE.key(1, false, 0, 0),
        Precedence::FREE.key(5, true, 3, 7)
    );
}

#[test]
fn a_parachutist_jumps_toward_its_own_side_and_goes_on_as_a_man() {
    // f8 jumps e7 (landing right behind, d6), is a man from then on and goes on forward over
    // c7 to b8, where it is crowned; the quiet moves of c1 do not count (capture is compulsory)
    assert_eq!(
        moves("parachute", "W:WPf8,c1:Bc7,e7"),
        set(&["f8-b8+ c7,e7"])
    );
    // Black's parachutist on a1 the same way up: a1xb2 to c3, then on as a man over d2 to e1
    assert_eq!(moves("parachute", "B:Wb2,d2:BPa1"), set(&["a1-e1+ b2,d2"]));
}

#[test]
fn a_parachutist_only_captures_and_has_no_king_priority() {
    // no quiet move for b8: only the man's
    assert_eq!(
        moves("parachute", "W:WPb8,c1:Bh6"),
        set(&["c1-b2 ", "c1-d2 "])
    );
    // its landing square taken: no capture
    assert_eq!(
        moves("parachute", "W:WPd8:Bc7,b6,h2"),
        BTreeSet::<String>::new()
    );
    // a king that can capture must (Czech king priority); a parachutist is not a king
    let king_first = moves("parachute", "W:WPf8,Ka1:Bc3,e7");
    assert!(!king_first.is_empty());
    assert!(
        king_first.iter().all(|m| m.starts_with("a1-")),
        "{king_first:?}"
    );
}

#[test]
fn parachutists_are_written_p_in_fen_and_only_where_they_can_stand() {
    let v = Variant::Parachute;
    let start = Position::start(v);
    let fen = start.to_fen();
    assert!(fen.contains("Pb8") && fen.contains("Pa1"), "{fen}");
    assert_eq!(Position::from_fen(v, &fen).unwrap(), start);
    assert_eq!(start.parachutists(dama::Color::White).count(), 4);
    let err = |variant, text| Position::from_fen(variant, text).unwrap_err().to_string();
    assert!(err(v, "W:WPc3:Bb6").contains("only on the opponent's first row"));
    assert!(err(Variant::Czech, "W:WPb8:Bb6").contains("no parachutists"));
    // a man on its own promotion row is still an error where there are no parachutists
    assert!(err(Variant::Czech, "W:Wb8:Bb6").contains("promotion row (b8)"));
}

#[test]
fn a_quiet_move_of_a_parachutist_is_explained() {
    let pos = Position::from_fen(Variant::Parachute, "W:WPb8,c1:Bh6").unwrap();
    let why = dama::notation::explain_illegal(&pos, "b8-a7");
    assert!(why.contains("a parachutist only captures"), "{why}");
}

#[test]
fn turkish_men_step_forward_and_sideways_only() {
    assert_eq!(
        moves("turkish", "W:Wd4:Bh8"),
        set(&["d4-c4 ", "d4-d5 ", "d4-e4 "])
    );
    // captures in the same three directions, never backward (d3) nor diagonal (c5)
    assert_eq!(
        moves("turkish", "W:Wd4:Bd5,c4,e4,d3,c5"),
        set(&["d4-b4 c4", "d4-d6 d5", "d4-f4 e4"])
    );
}

#[test]
fn a_turkish_king_never_turns_back_over_a_removed_piece() {
    // d4xd6 lands on d7 or d8; d6 is empty at once, so turning back the king could fly over
    // d6, d5, d4 and d3 and take d2, but a 180° turn is not allowed; the same from d1 upward.
    assert_eq!(
        moves("turkish", "W:WKd4:Bd6,d2"),
        set(&["d4-d1 d2", "d4-d7 d6", "d4-d8 d6"])
    );
}

#[test]
fn a_turkish_majority_capture_crosses_a_removed_piece_s_square() {
    // b2xb4 (b5), xd5 (e5), xe3 (e2), xc2 (b2, the start square), then up the b-file over
    // b4, which is empty at once, to take b7: five pieces, the only capture of the most.
    assert_eq!(
        moves("turkish", "W:WKb2:Bb4,d5,e3,c2,b7"),
        set(&["b2-b8 b4,b7,c2,d5,e3"])
    );
}

#[test]
fn a_turkish_man_crowned_in_a_capture_goes_on_as_a_king() {
    // c6xc7 reaches c8 and goes on as a flying king along the 8th rank (dama's
    // reading in docs/rules/turkish.md, a RuleSet switch); a man could not take e8 from c8.
    assert_eq!(
        moves("turkish", "W:Wc6:Bc7,e8"),
        set(&["c6-f8+ c7,e8", "c6-g8+ c7,e8", "c6-h8+ c7,e8"])
    );
}

#[test]
fn a_turkish_king_may_end_on_the_square_of_a_piece_it_took() {
    // a1xa2 (a4), xc4 (e4), xe3 (e2), xb2: a2 is empty at once, so the king ends there
    let fen = "W:WKa1:Ba2,c4,e3,b2";
    assert_eq!(moves("turkish", fen), set(&["a1-a2 a2,b2,c4,e3"]));
    let pos = Position::from_fen(Variant::Turkish, fen).unwrap();
    let after = pos.play(&movegen::legal_moves(&pos)[0]);
    assert_eq!(after.to_fen(), "B:WKa2:B");
    assert_eq!(after.key(), after.compute_key());
}

#[test]
fn a_dameo_line_of_men_moves_one_square_along_its_line() {
    // d2, d3, d4 up the file: each goes over the men ahead of it to d5 (the line of three,
    // of two, of one), besides the single men's diagonal steps
    assert_eq!(
        moves("dameo", "W:Wd2,d3,d4:Bh8"),
        set(&[
            "d2-c3 ", "d2-d5 ", "d2-e3 ", "d3-c4 ", "d3-d5 ", "d3-e4 ", "d4-c5 ", "d4-d5 ",
            "d4-e5 ",
        ])
    );
    // a diagonal line of two: b2 goes over c3 to d4
    assert_eq!(
        moves("dameo", "W:Wb2,c3:Bh8"),
        set(&["b2-a3 ", "b2-b3 ", "b2-d4 ", "c3-b4 ", "c3-c4 ", "c3-d4 "])
    );
}

#[test]
fn a_dameo_line_broken_by_a_king_or_an_enemy_does_not_move() {
    // the king on d3 breaks d2's line (kings never take part); f2-f3 runs into Black's f4
    let men: BTreeSet<String> = moves("dameo", "W:Wd2,Kd3,f2,f3:Bf4,f5")
        .into_iter()
        .filter(|m| !m.starts_with("d3"))
        .collect();
    assert_eq!(
        men,
        set(&["d2-c3 ", "d2-e3 ", "f2-e3 ", "f2-g3 ", "f3-e4 ", "f3-g4 "])
    );
    // the explanations name what breaks the line
    let pos = Position::from_fen(Variant::Dameo, "W:Wd2,Kd3,f2,f3,b2:Bf4,f5").unwrap();
    let why = |text| dama::notation::explain_illegal(&pos, text);
    assert!(why("d2-d4").contains("d3 holds a king"), "{}", why("d2-d4"));
    assert!(why("b2-b4").contains("b3 is empty"), "{}", why("b2-b4"));
}

#[test]
fn dameo_men_capture_along_files_and_ranks_backward_too_never_diagonally() {
    // d4 takes d3 backward and e4 sideways; c5 and e5 stand diagonally and are safe
    assert_eq!(
        moves("dameo", "W:Wd4:Bd3,e4,c5,e5"),
        set(&["d4-d2 d3", "d4-f4 e4"])
    );
}

#[test]
fn a_dameo_king_flies_along_files_and_ranks_to_capture() {
    // a1 takes a5 (landing a6-a8) or the king on e1 (landing f1-h1); c3 on its diagonal is
    // safe
    assert_eq!(
        moves("dameo", "W:WKa1:Ba5,Ke1,c3"),
        set(&["a1-a6 a5", "a1-a7 a5", "a1-a8 a5", "a1-f1 e1", "a1-g1 e1", "a1-h1 e1",])
    );
}

#[test]
fn a_dameo_capture_takes_the_most_pieces() {
    // d4xd5xd7 (two, crowned on d8 where the move ends) beats d4xe4 and a1xa2 (one each)
    assert_eq!(
        moves("dameo", "W:Wd4,a1:Bd5,d7,e4,a2"),
        set(&["d4-d8+ d5,d7"])
    );
}

#[test]
fn a_dameo_man_passing_the_last_row_in_a_capture_goes_on_as_a_man() {
    // b6xb7 reaches b8, takes c8 along the rank as a man (a king could fly there too) and
    // d7 back down to d6, where it stays a man: not crowned
    assert_eq!(moves("dameo", "W:Wb6:Bb7,c8,d7"), set(&["b6-d6 b7,c8,d7"]));
}

#[test]
fn a_thai_king_passes_over_the_square_of_a_piece_it_has_taken() {
    // a1xc3 (lands d4), xe5 (f6), xg5 (h4), xf2 (e1), then up-left over d2 and c3, empty at
    // once since c3 was taken, to take b4 and land on a5
    let five = "a1-a5 b4,c3,e5,f2,g5";
    let fen = "W:WKa1:Bc3,e5,g5,f2,b4";
    assert!(
        moves("thai", fen).contains(five),
        "{:?}",
        moves("thai", fen)
    );
    // where taken pieces stay until the move ends, c3 blocks that last jump
    assert!(!moves("czech", fen)
        .iter()
        .any(|m| m.ends_with("b4,c3,e5,f2,g5")));
}

#[test]
fn a_frisian_man_captures_along_files_and_ranks_over_the_piece_two_cells_away() {
    // forward, backward and sideways: the next dark square along the file or rank
    assert_eq!(moves("frisian", "W:We5:Be7"), set(&["e5-e9 e7"]));
    assert_eq!(moves("frisian", "W:We5:Be3"), set(&["e5-e1 e3"]));
    assert_eq!(moves("frisian", "W:We5:Bg5"), set(&["e5-i5 g5"]));
    // a man still moves one square diagonally forward only
    assert_eq!(moves("frisian", "W:We5:Ba9"), set(&["e5-d6 ", "e5-f6 "]));
    // a king moves diagonally only, but captures along the file too
    assert!(!moves("frisian", "W:WKe1:Ba9")
        .iter()
        .any(|m| m.starts_with("e1-e")));
    assert_eq!(
        moves("frisian", "W:WKe1:Be5"),
        set(&["e1-e7 e5", "e1-e9 e5"])
    );
}

#[test]
fn a_frisian_capture_takes_the_highest_value_a_king_worth_less_than_two_men() {
    // c3xe5 takes a king (199); c3xa5xa9 takes two men (200): two men win
    assert_eq!(moves("frisian", "W:Wc3:BKd4,b4,a7"), set(&["c3-a9 a7,b4"]));
    // a king (199) against one man (100): the king
    assert_eq!(moves("frisian", "W:Wc3:BKd4,b4"), set(&["c3-e5 d4"]));
    // the keys agree: two men above a king above a man
    let p = Precedence::FRISIAN;
    assert!(p.key(2, false, 0, 0) > p.key(1, false, 1, 0));
    assert!(p.key(1, false, 1, 0) > p.key(1, true, 0, 0));
}

#[test]
fn a_frisian_capture_of_equal_value_goes_to_the_king() {
    // the man c3 and the king j4 can each take one man: only the king's capture is legal
    assert_eq!(
        moves("frisian", "W:Wc3,Kj4:Bb4,j6"),
        set(&["j4-j10 j6", "j4-j8 j6"])
    );
    // a king's capture of less value still gives way to the man's larger one
    assert_eq!(
        moves("frisian", "W:Wc3,Kj4:Bb4,a7,j6"),
        set(&["c3-a9 a7,b4"])
    );
}

/// Plays the legal move `text` (as written by `format_move`) in `pos`.
fn play(pos: &Position, text: &str) -> Position {
    let mv = dama::notation::parse_move(pos, text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_fen()));
    pos.play(&mv)
}

#[test]
fn a_frisian_king_makes_at_most_three_quiet_moves_in_a_row_while_its_side_has_men() {
    // White: king a1 and man i1; Black: kings b10 and h10 (taking turns) and man j8
    let mut pos = Position::from_fen(Variant::Frisian, "W:WKa1,i1:BKb10,Kh10,j8").unwrap();
    for (white, black) in [
        ("a1-b2", "b10-a9"),
        ("b2-c3", "h10-g9"),
        ("c3-d4", "a9-b10"),
    ] {
        pos = play(&play(&pos, white), black);
    }
    let g = pos.geometry();
    let d4 = g.parse_algebraic("d4").unwrap();
    let legal = movegen::legal_moves(&pos);
    assert!(legal.iter().all(|m| m.from != d4), "{}", pos.to_fen());
    assert!(!legal.is_empty());
    // a man's move restarts the count: the king may move again next time
    pos = play(&play(&pos, "i1-j2"), "b10-a9");
    assert!(movegen::legal_moves(&pos).iter().any(|m| m.from == d4));
    // without men the limit does not apply
    let mut pos = Position::from_fen(Variant::Frisian, "W:WKa1:BKb10,Kh10,j8").unwrap();
    for (white, black) in [
        ("a1-b2", "b10-a9"),
        ("b2-c3", "h10-g9"),
        ("c3-d4", "a9-b10"),
    ] {
        pos = play(&play(&pos, white), black);
    }
    assert!(movegen::legal_moves(&pos).iter().any(|m| m.from == d4));
}

#[test]
fn another_frisian_king_starts_its_own_count() {
    let mut pos = Position::from_fen(Variant::Frisian, "W:WKa1,Kg1,i1:BKb10,j8").unwrap();
    for (white, black) in [
        ("a1-b2", "b10-a9"),
        ("b2-c3", "a9-b10"),
        ("g1-h2", "b10-a9"),
    ] {
        pos = play(&play(&pos, white), black);
    }
    // c3 made two moves, then h2 one: both may move
    let g = pos.geometry();
    let legal = movegen::legal_moves(&pos);
    for sq in ["c3", "h2"] {
        let s = g.parse_algebraic(sq).unwrap();
        assert!(legal.iter().any(|m| m.from == s), "{sq}");
    }
}

#[test]
fn gothic_men_step_and_capture_in_five_directions() {
    // forward, both forward diagonals and sideways; never back
    assert_eq!(
        moves("gothic", "W:Wd4:Bh8"),
        set(&["d4-c4 ", "d4-c5 ", "d4-d5 ", "d4-e4 ", "d4-e5 "])
    );
    // the same five for captures: not d3 or c3 behind it
    assert_eq!(
        moves("gothic", "W:Wd4:Bc5,d5,e4,d3,c3"),
        set(&["d4-b6 c5", "d4-d6 d5", "d4-f4 e4"])
    );
    // Black's forward is down the board
    assert_eq!(
        moves("gothic", "B:Wa1:Bd4"),
        set(&["d4-c3 ", "d4-c4 ", "d4-d3 ", "d4-e3 ", "d4-e4 "])
    );
}

#[test]
fn a_gothic_king_steps_and_captures_one_square_in_eight_directions() {
    let eight = [
        "d4-c3 ", "d4-c4 ", "d4-c5 ", "d4-d3 ", "d4-d5 ", "d4-e3 ", "d4-e4 ", "d4-e5 ",
    ];
    assert_eq!(moves("gothic", "W:WKd4:Bh8"), set(&eight));
    // a short king: a piece two squares away is not taken
    assert_eq!(moves("gothic", "W:WKd4:Bd6,h8"), set(&eight));
    // it takes backward and then sideways: d4xd3 (d2) xc2 (b2)
    assert_eq!(moves("gothic", "W:WKd4:Bd3,c2"), set(&["d4-b2 c2,d3"]));
}

#[test]
fn a_gothic_crowning_ends_the_move() {
    // c6xc7 reaches c8 and is crowned; a man (or a king) could go on over b8 to a8, but the
    // move ends on promotion (as in checkers)
    assert_eq!(moves("gothic", "W:Wc6:Bc7,b8"), set(&["c6-c8+ c7"]));
    // the crowned man stands on c8 as a king, b8 still on the board
    let pos = Position::from_fen(Variant::Gothic, "W:Wc6:Bc7,b8").unwrap();
    let after = pos.play(&movegen::legal_moves(&pos)[0]);
    assert_eq!(after.to_fen(), "B:WKc8:Bb8");
}

#[test]
fn illegal_gothic_moves_are_explained() {
    let pos = Position::from_fen(Variant::Gothic, "W:Wd4,Kf4:Bh8").unwrap();
    for (text, says) in [
        ("d4-d3", "men do not move backward"),
        ("d4-c3", "men do not move backward"),
        ("f4-f6", "kings move one square"),
        ("f4-h2", "kings move one square"),
        ("d4-d6", "cannot reach d6"),
    ] {
        let why = dama::notation::explain_illegal(&pos, text);
        assert!(why.contains(says), "{text}: {why}");
        assert!(
            why.contains("d4-c4") || why.contains("f4-g4"),
            "{text}: {why}"
        );
    }
}

#[test]
fn konane_opens_with_black_removing_on_the_long_diagonal_then_white_next_to_the_hole() {
    let start = Position::start(Variant::Hawaiian);
    let removals = |pos: &Position| -> BTreeSet<String> {
        let g = pos.geometry();
        let legal = movegen::legal_moves(pos);
        assert!(legal.iter().all(|m| m.is_removal()), "{}", pos.to_fen());
        legal.iter().map(|m| g.algebraic(m.from)).collect()
    };
    assert_eq!(removals(&start), set(&["a8", "d5", "e4", "h1"]));
    // White then removes one of its pieces orthogonally next to the hole
    assert_eq!(
        removals(&play(&start, "xd5")),
        set(&["c5", "d4", "d6", "e5"])
    );
    assert_eq!(removals(&play(&start, "xa8")), set(&["a7", "b8"]));
    assert_eq!(removals(&play(&start, "h1")), set(&["g1", "h2"]));
    // then Black jumps into its own hole over a White piece next to it (e5 has only Black
    // neighbours besides e4, so nothing lands there)
    let pos = play(&play(&start, "xe4"), "xe5");
    assert_eq!(
        moves("hawaiian", &pos.to_fen()),
        set(&["c4-e4 d4", "e2-e4 e3", "g4-e4 f4"])
    );
}

#[test]
fn alkerk_men_move_along_the_lines_only() {
    // c3 has diagonal lines (file + rank even): forward, both forward diagonals, sideways
    assert_eq!(
        moves("alquerque", "W:Wc3:Be5"),
        set(&["c3-b3 ", "c3-b4 ", "c3-c4 ", "c3-d3 ", "c3-d4 "])
    );
    // b3 has none: forward and sideways only
    assert_eq!(
        moves("alquerque", "W:Wb3:Be5"),
        set(&["b3-a3 ", "b3-b4 ", "b3-c3 "])
    );
    // captures follow the lines too: b2 takes c3 along its diagonal, c2 has no diagonal to d3
    assert_eq!(moves("alquerque", "W:Wb2:Bc3"), set(&["b2-d4 c3"]));
    assert_eq!(
        moves("alquerque", "W:Wc2:Bd3"),
        set(&["c2-b2 ", "c2-c3 ", "c2-d2 "])
    );
}

#[test]
fn a_konane_jump_may_stop_or_go_on_but_only_straight_ahead() {
    // a1 over a2 to a3, on over a4 to a5 (or stop on a3); from a3 the jump over b3 turns
    assert_eq!(
        moves("hawaiian", "W:Wa1:Ba2,a4,b3"),
        set(&["a1-a3 a2", "a1-a5 a2,a4"])
    );
    // every move is a jump: a piece with no enemy next to it has no move, and no one may
    // move at all loses
    let pos = Position::from_fen(Variant::Hawaiian, "W:Wa1,c1:Bh8").unwrap();
    assert!(movegen::legal_moves(&pos).is_empty());
    let end = dama::goal::end(&pos).expect("the game is over");
    assert_eq!(end.winner, dama::Color::Black, "{end}");
}

#[test]
fn an_alkerk_capture_starts_in_a_moving_direction_and_goes_on_in_any() {
    // the first jump may not go back: c3 cannot take c2
    assert_eq!(
        moves("alquerque", "W:Wc3:Bc2"),
        set(&["c3-b3 ", "c3-b4 ", "c3-c4 ", "c3-d3 ", "c3-d4 "])
    );
    // a1xa2 (a3) must go on, backward along the diagonal: xb2 (c1); or a1xb2 (c3) at once
    assert_eq!(
        moves("alquerque", "W:Wa1:Ba2,b2"),
        set(&["a1-c1 a2,b2", "a1-c3 b2"])
    );
    // the same men in Gothic (its men jump forward and sideways only) stop on a3
    assert_eq!(
        moves("gothic", "W:Wa1:Ba2,b2"),
        set(&["a1-a3 a2", "a1-c3 b2"])
    );
}

#[test]
fn an_alkerk_man_on_the_last_row_only_captures() {
    // never crowned: on c5 it has no quiet move, so White has no move at all
    assert_eq!(moves("alquerque", "W:Wc5:Ba1"), set(&[]));
    let pos = Position::from_fen(Variant::Alquerque, "W:Wc5,a1:Be3").unwrap();
    let why = dama::notation::explain_illegal(&pos, "c5-b5");
    assert!(why.contains("a man on the last row only captures"), "{why}");
    // but it captures, sideways along the last row
    assert_eq!(moves("alquerque", "W:Wc5:Bd5"), set(&["c5-e5 d5"]));
    // and there are no kings at all
    let err = Position::from_fen(Variant::Alquerque, "W:WKc3:Ba1").unwrap_err();
    assert!(err.to_string().contains("no kings"), "{err}");
}
