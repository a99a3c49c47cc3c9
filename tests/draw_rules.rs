//! The small-material draw rules of International (FMJD art. 6.3/6.4), Russian (FMJD-64
//! 7.2.4-7.2.8), Brazilian ("as international"), Frisian (2 kings v 1, 1 v 1), Dameo (1 v 1),
//! the sideways men of Gothic (no progress, repetition) and Alkerk's no-capture count through
//! the public API: each class expires exactly at its ply, classes change on captures and
//! promotions, and the switches turn the rules off. Every game is short and constructed.

use dama::game::{endgame_class, DrawSwitches, Game, Outcome};
use dama::{Position, Variant};

fn game(variant: Variant, fen: &str) -> Game {
    let pos = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Game::new(pos)
}

fn play(game: &mut Game, mv: &str) {
    game.play_text(mv)
        .unwrap_or_else(|e| panic!("{mv} in {}: {e}", game.position().to_fen()));
}

/// The label of the running endgame class and the plies played in it.
fn running(game: &Game) -> Option<(&'static str, u32)> {
    let rules = game.position().rules();
    game.counters()
        .endgame()
        .map(|(c, n)| (c.rule(rules).expect("class of this variant").label, n))
}

/// Repetition off: the king shuffles below repeat positions on purpose.
fn no_repetition() -> DrawSwitches {
    DrawSwitches {
        repetition: false,
        ..DrawSwitches::default()
    }
}

/// Plays the four-ply `cycle` until the game has run `plies` plies, checking that the game is
/// not over one ply before, and that it is drawn at `plies` by a rule whose reason contains
/// `reason`.
fn expires_at(game: &mut Game, cycle: [&str; 4], plies: u32, sw: &DrawSwitches, reason: &str) {
    let start = game.moves().len() as u32;
    for ply in start..plies {
        assert_eq!(
            game.outcome(sw),
            None,
            "over too early at ply {ply}: {}",
            game.position().to_fen()
        );
        play(game, cycle[(ply - start) as usize % 4]);
    }
    match game.outcome(sw) {
        Some(Outcome::Draw { reason: r }) => assert!(r.contains(reason), "{r} lacks {reason}"),
        other => panic!("expected a draw by {reason} at ply {plies}, got {other:?}"),
    }
}

// ---------------------------------------------------------------- International (10×10)

const INTL_SHUFFLE: [&str; 4] = ["47-42", "4-9", "42-47", "9-4"];

#[test]
fn international_king_v_king_draws_after_ten_plies() {
    let mut g = game(Variant::International, "W:WK47:BK4");
    assert_eq!(running(&g), Some(("FMJD art. 6.4", 0)));
    expires_at(
        &mut g,
        INTL_SHUFFLE,
        10,
        &no_repetition(),
        "FMJD art. 6.4, 10 plies",
    );
}

#[test]
fn international_king_and_man_v_king_draws_after_ten_plies() {
    let mut g = game(Variant::International, "W:WK47,45:BK4");
    assert_eq!(running(&g), Some(("FMJD art. 6.4", 0)));
    expires_at(&mut g, INTL_SHUFFLE, 10, &no_repetition(), "FMJD art. 6.4");
}

#[test]
fn international_three_pieces_v_king_draw_after_32_plies() {
    for fen in [
        "W:WK47,K48,K49:BK4",
        "W:WK47,K48,45:BK4",
        "W:WK47,44,45:BK4",
    ] {
        let mut g = game(Variant::International, fen);
        assert_eq!(running(&g), Some(("FMJD art. 6.3", 0)), "{fen}");
        expires_at(
            &mut g,
            INTL_SHUFFLE,
            32,
            &no_repetition(),
            "FMJD art. 6.3, 32 plies",
        );
    }
}

#[test]
fn international_lone_king_holding_the_long_diagonal_draws_after_ten_plies() {
    let mut g = game(Variant::International, "W:WK47,K48,K49:BK5");
    assert_eq!(
        running(&g),
        Some(("FMJD lone king on the long diagonal", 0))
    );
    let cycle = ["47-42", "5-10", "42-47", "10-5"];
    expires_at(
        &mut g,
        cycle,
        10,
        &no_repetition(),
        "long diagonal, 10 plies",
    );
    // A white king on the diagonal too: the lone king does not hold it.
    let g = game(Variant::International, "W:WK46,K48,K49:BK5");
    assert_eq!(running(&g), Some(("FMJD art. 6.3", 0)));
}

#[test]
fn international_larger_material_has_no_class_and_uses_the_kings_only_rule() {
    let mut g = game(Variant::International, "W:WK47,K48,K49,K50:BK4");
    assert_eq!(running(&g), None);
    let cycle = ["47-42", "4-9", "42-47", "9-4"];
    expires_at(
        &mut g,
        cycle,
        50,
        &no_repetition(),
        "no capture or man move in 50 plies",
    );
}

#[test]
fn international_capture_changes_the_class_and_restarts_the_count() {
    // 3K v K (art. 6.3); the lone king takes one: 2K v K (art. 6.4) from zero.
    let mut g = game(Variant::International, "B:WK13,K47,K48:BK4");
    assert_eq!(running(&g), Some(("FMJD art. 6.3", 0)));
    play(&mut g, "4x18");
    assert_eq!(running(&g), Some(("FMJD art. 6.4", 0)));
    let cycle = ["47-42", "18-12", "42-47", "12-18"];
    expires_at(&mut g, cycle, 11, &no_repetition(), "FMJD art. 6.4");
}

#[test]
fn international_capture_creates_the_class() {
    // 4K v K is no class; after the lone king takes one, 3K v K counts from zero.
    let mut g = game(Variant::International, "B:WK13,K47,K48,K49:BK4");
    assert_eq!(running(&g), None);
    play(&mut g, "4x18");
    assert_eq!(running(&g), Some(("FMJD art. 6.3", 0)));
}

#[test]
fn international_promotion_within_a_class_keeps_the_count() {
    // King + 2 men v king -> 2 kings + man v king: both art. 6.3, the 16-move maximum is kept.
    let mut g = game(Variant::International, "W:WK47,6,45:BK4");
    assert_eq!(running(&g), Some(("FMJD art. 6.3", 0)));
    play(&mut g, "47-42");
    play(&mut g, "4-9");
    play(&mut g, "6-1");
    assert_eq!(running(&g), Some(("FMJD art. 6.3", 3)));
    assert_eq!(g.counters().quiet_plies(), 0);
}

#[test]
fn international_switches_turn_the_counters_off() {
    let mut g = game(Variant::International, "W:WK47:BK4");
    let sw = no_repetition();
    expires_at(&mut g, INTL_SHUFFLE, 10, &sw, "FMJD art. 6.4");
    let rules = g.position().rules();
    assert_eq!(g.counters().plies_left(rules, &sw), Some(0));
    let off = DrawSwitches {
        endgame: false,
        ..sw
    };
    assert_eq!(g.outcome(&off), None);
    assert_eq!(g.counters().plies_left(rules, &off), Some(40));
    assert_eq!(g.outcome(&DrawSwitches::OFF), None);
    assert_eq!(g.counters().plies_left(rules, &DrawSwitches::OFF), None);
}

// ---------------------------------------------------------------- Russian (8×8)

const RUS_SHUFFLE: [&str; 4] = ["c1-d2", "b8-a7", "d2-c1", "a7-b8"];

#[test]
fn russian_7_2_8_two_kings_king_and_man_or_king_v_king() {
    for fen in ["W:WKc1:BKb8", "W:WKc1,Kh2:BKb8", "W:WKc1,h2:BKb8"] {
        let mut g = game(Variant::Russian, fen);
        assert_eq!(running(&g), Some(("FMJD-64 7.2.8", 0)), "{fen}");
        expires_at(
            &mut g,
            RUS_SHUFFLE,
            10,
            &no_repetition(),
            "FMJD-64 7.2.8, 10 plies",
        );
    }
}

#[test]
fn russian_7_2_7_three_pieces_v_a_king_on_the_long_diagonal() {
    for fen in [
        "W:WKc1,Ke1,Kg1:BKh8",
        "W:WKc1,e1,Kg1:BKh8",
        "W:WKc1,e1,a3:BKh8",
    ] {
        let mut g = game(Variant::Russian, fen);
        assert_eq!(running(&g), Some(("FMJD-64 7.2.7", 0)), "{fen}");
        let cycle = ["c1-d2", "h8-g7", "d2-c1", "g7-h8"];
        expires_at(
            &mut g,
            cycle,
            10,
            &no_repetition(),
            "FMJD-64 7.2.7, 10 plies",
        );
    }
}

#[test]
fn russian_7_2_4_three_or_more_kings_v_king() {
    for fen in ["W:WKc1,Ke1,Kg1:BKb8", "W:WKc1,Ke1,Kg1,Kh2:BKb8"] {
        let mut g = game(Variant::Russian, fen);
        assert_eq!(running(&g), Some(("FMJD-64 7.2.4", 0)), "{fen}");
        expires_at(
            &mut g,
            RUS_SHUFFLE,
            30,
            &no_repetition(),
            "FMJD-64 7.2.4, 30 plies",
        );
    }
    // 2 kings + man off the diagonal: no 7.2.4 (men), kings on both sides with 4 pieces: 7.2.6.
    let g = game(Variant::Russian, "W:WKc1,Ke1,a3:BKb8");
    assert_eq!(running(&g), Some(("FMJD-64 7.2.6", 0)));
}

#[test]
fn russian_7_2_5_kings_only_fires_before_7_2_6() {
    let mut g = game(Variant::Russian, "W:WKc1,Ke1:BKb8,Kh8");
    assert_eq!(running(&g), Some(("FMJD-64 7.2.6", 0)));
    expires_at(
        &mut g,
        RUS_SHUFFLE,
        30,
        &no_repetition(),
        "no capture or man move in 30 plies",
    );
}

#[test]
fn russian_7_2_6_four_to_seven_pieces_with_kings_on_both_sides() {
    let sw = DrawSwitches {
        no_progress: false,
        ..no_repetition()
    };
    let mut g = game(Variant::Russian, "W:WKc1,Ke1:BKb8,Kh8");
    expires_at(&mut g, RUS_SHUFFLE, 60, &sw, "FMJD-64 7.2.6, 60 plies");
    let mut g = game(Variant::Russian, "W:WKc1,Ke1,Kg1:BKb8,Kh8,Kf8");
    assert_eq!(running(&g), Some(("FMJD-64 7.2.6", 0)));
    expires_at(&mut g, RUS_SHUFFLE, 120, &sw, "FMJD-64 7.2.6, 120 plies");
    // Eight pieces: no class.
    let g = game(Variant::Russian, "W:WKc1,Ke1,Kg1,a3:BKb8,Kh8,Kf8,h6");
    assert_eq!(running(&g), None);
}

#[test]
fn russian_7_2_6_restarts_on_a_capture_that_keeps_the_class() {
    let mut g = game(Variant::Russian, "B:WKc1,d4,a3:BKh8,f6");
    assert_eq!(running(&g), Some(("FMJD-64 7.2.6", 0)));
    play(&mut g, "f6-e5");
    assert_eq!(running(&g), Some(("FMJD-64 7.2.6", 1)));
    play(&mut g, "d4:f6");
    assert_eq!(running(&g), Some(("FMJD-64 7.2.6", 0)));
}

#[test]
fn russian_promotion_changes_the_class() {
    // King + man v king (7.2.8) -> 2 kings v king: still 7.2.8, the count goes on.
    let mut g = game(Variant::Russian, "W:WKa1,g7:BKb8");
    play(&mut g, "a1-b2");
    play(&mut g, "b8-a7");
    play(&mut g, "g7-h8");
    assert_eq!(running(&g), Some(("FMJD-64 7.2.8", 3)));
    // 2 kings + man v king off the diagonal (7.2.6) -> 3 kings v king (7.2.4) from zero.
    let mut g = game(Variant::Russian, "W:WKa1,Kc1,g7:BKb8");
    assert_eq!(running(&g), Some(("FMJD-64 7.2.6", 0)));
    play(&mut g, "g7-f8");
    assert_eq!(running(&g), Some(("FMJD-64 7.2.4", 0)));
}

#[test]
fn russian_switch_turns_the_counters_off() {
    let mut g = game(Variant::Russian, "W:WKc1:BKb8");
    expires_at(&mut g, RUS_SHUFFLE, 10, &no_repetition(), "FMJD-64 7.2.8");
    let off = DrawSwitches {
        endgame: false,
        ..no_repetition()
    };
    assert_eq!(g.outcome(&off), None);
    assert_eq!(
        g.counters().plies_left(g.position().rules(), &off),
        Some(20)
    );
}

// ---------------------------------------------------------------- Brazilian (8×8)

#[test]
fn brazilian_uses_the_international_classes_on_8x8() {
    let mut g = game(Variant::Brazilian, "W:WKc1:BKb8");
    assert_eq!(running(&g), Some(("FMJD art. 6.4", 0)));
    expires_at(
        &mut g,
        RUS_SHUFFLE,
        10,
        &no_repetition(),
        "FMJD art. 6.4, 10 plies",
    );

    let mut g = game(Variant::Brazilian, "W:WKc1,Ke1,g1:BKb8");
    assert_eq!(running(&g), Some(("FMJD art. 6.3", 0)));
    expires_at(
        &mut g,
        RUS_SHUFFLE,
        32,
        &no_repetition(),
        "FMJD art. 6.3, 32 plies",
    );

    // The 8×8 long diagonal a1-h8.
    let mut g = game(Variant::Brazilian, "W:WKc1,Ke1,Kg1:BKh8");
    assert_eq!(
        running(&g),
        Some(("FMJD lone king on the long diagonal", 0))
    );
    let cycle = ["c1-d2", "h8-g7", "d2-c1", "g7-h8"];
    expires_at(&mut g, cycle, 10, &no_repetition(), "long diagonal");

    let off = DrawSwitches {
        endgame: false,
        ..no_repetition()
    };
    assert_eq!(g.outcome(&off), None);
}

#[test]
fn brazilian_capture_restarts_with_the_new_class() {
    // 3K v K (a white king on a1-h8 too, so art. 6.3) -> the lone king takes one: 2K v K
    // (art. 6.4) from zero.
    let mut g = game(Variant::Brazilian, "B:WKg7,Kc1,Ke1:BKh8");
    assert_eq!(running(&g), Some(("FMJD art. 6.3", 0)));
    play(&mut g, "h8xf6");
    assert_eq!(running(&g), Some(("FMJD art. 6.4", 0)));
    assert_eq!(
        endgame_class(g.position()).map(|c| c.index()),
        g.counters().endgame().map(|(c, _)| c.index())
    );
}

#[test]
fn variants_without_counters_have_no_class() {
    for (variant, fen) in [
        (Variant::Pool, "W:WK29:BK4"),
        (Variant::English, "W:WK29:BK4"),
        (Variant::Mala, "W:WKc1:BKb8"),
    ] {
        let g = game(variant, fen);
        assert_eq!(g.counters().endgame(), None, "{variant}");
    }
}

// ---------------------------------------------------------------- Frisian (10×10)

#[test]
fn frisian_king_v_king_draws_after_two_moves_each() {
    let mut g = game(Variant::Frisian, "W:WK47:BK4");
    assert_eq!(running(&g), Some(("Frisian 1 king v 1", 0)));
    expires_at(
        &mut g,
        INTL_SHUFFLE,
        4,
        &no_repetition(),
        "Frisian 1 king v 1, 4 plies",
    );
}

#[test]
fn frisian_two_kings_v_king_draw_after_seven_moves_each() {
    let mut g = game(Variant::Frisian, "W:WK47,K48:BK4");
    assert_eq!(running(&g), Some(("Frisian 2 kings v 1", 0)));
    expires_at(
        &mut g,
        INTL_SHUFFLE,
        14,
        &no_repetition(),
        "Frisian 2 kings v 1, 14 plies",
    );
    // with a man beside the two kings there is no class (and the king-move limit applies)
    let g = game(Variant::Frysk, "W:WK47,K48,45:BK4");
    assert_eq!(running(&g), None);
}

// ---------------------------------------------------------------- Dameo (all squares)

#[test]
fn dameo_king_v_king_is_mutual_impotence_after_two_moves_each() {
    let mut g = game(Variant::Dameo, "W:WKa1:BKh8");
    assert_eq!(
        running(&g),
        Some(("Dameo 1 king v 1 (mutual impotence)", 0))
    );
    let shuffle = ["a1-b2", "h8-g7", "b2-a1", "g7-h8"];
    expires_at(&mut g, shuffle, 4, &no_repetition(), "mutual impotence");
    // with a man beside the king there is no class
    let g = game(Variant::Dameo, "W:WKa1,c3:BKh8");
    assert_eq!(running(&g), None);
}

// ---------------------------------------------------------------- sideways men (Gothic)

#[test]
fn a_gothic_man_s_sideways_step_is_no_progress_and_repeats() {
    // men step sideways along their row: that can be undone, so it neither resets the
    // no-progress counter (English's 80 plies) nor cuts the repetition chain
    let shuffle = ["a1-b1", "h8-g8", "b1-a1", "g8-h8"];
    let mut g = game(Variant::Gothic, "W:Wa1:Bh8");
    expires_at(&mut g, shuffle, 80, &no_repetition(), "80 plies");
    let mut g = game(Variant::Gothic, "W:Wa1:Bh8");
    expires_at(&mut g, shuffle, 8, &DrawSwitches::default(), "repetition");
    // a step forward is progress
    let mut g = game(Variant::Gothic, "W:Wa1:Bh8");
    play(&mut g, "a1-a2");
    assert_eq!(g.counters().quiet_plies(), 0);
    assert!(g.counters().is_irreversible_reset());
}

#[test]
fn alkerk_draws_after_twenty_moves_each_without_a_capture() {
    // only captures are progress: the forward steps below do not restart the count
    let mut g = game(Variant::Alquerque, "W:Wa1:Be5");
    for mv in ["a1-a2", "e5-e4"] {
        play(&mut g, mv);
    }
    assert_eq!(g.counters().quiet_plies(), 2);
    let shuffle = ["a2-b2", "e4-d4", "b2-a2", "d4-e4"];
    expires_at(
        &mut g,
        shuffle,
        40,
        &no_repetition(),
        "no capture in 40 plies",
    );
}
