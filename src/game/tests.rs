use super::*;
use crate::movegen;
use crate::position::Position;
use crate::rules::Variant;

fn czech(fen: &str) -> Position {
    Position::from_fen(Variant::Czech, fen).unwrap()
}

/// The label of the class of `pos`, judged now.
fn class_label(pos: &Position) -> Option<&'static str> {
    endgame_class(pos).map(|c| c.rule(pos.rules()).unwrap().label)
}

/// The running class of `game` with the plies played in it.
fn running(game: &Game) -> Option<(&'static str, u32)> {
    let rules = game.position().rules();
    game.counters()
        .endgame()
        .map(|(c, n)| (c.rule(rules).unwrap().label, n))
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for m in moves {
        game.play_text(m)
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", game.position().to_fen()));
    }
}

#[test]
fn threefold_repetition_of_kings_shuffling() {
    // Kings plus men on both sides: no endgame class, so only repetition can draw.
    let mut game = Game::new(czech("W:WKa1,c3,e3:BKh8,f6,d6"));
    let sw = DrawSwitches::default();
    let cycle = ["a1-b2", "h8-g7", "b2-a1", "g7-h8"];
    play_all(&mut game, &cycle);
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.outcome(&sw), None);
    play_all(&mut game, &cycle[..3]);
    assert_eq!(game.outcome(&sw), None);
    play_all(&mut game, &cycle[3..]);
    assert_eq!(game.occurrences(), 3);
    assert_eq!(
        game.outcome(&sw),
        Some(Outcome::Draw {
            reason: "threefold repetition".into()
        })
    );
    let off = DrawSwitches {
        repetition: false,
        ..sw
    };
    assert_eq!(game.outcome(&off), None);
    assert_eq!(game.repetition_keys().len(), 9);
    assert_eq!(
        *game.repetition_keys().last().unwrap(),
        game.position().key()
    );
}

#[test]
fn occurrences_need_not_be_consecutive_and_side_counts() {
    let mut game = Game::new(czech("W:WKa1,c3,e3:BKh8,f6,d6"));
    let sw = DrawSwitches::default();
    // A round trip by another route: a1-b2-c1-b2-a1.
    play_all(&mut game, &["a1-b2", "h8-g7", "b2-c1", "g7-h8"]);
    play_all(&mut game, &["c1-b2", "h8-g7", "b2-a1", "g7-h8"]);
    assert_eq!(game.occurrences(), 2);
    // The same pieces with Black to move have not occurred: the side is part of the position.
    let other_side = game.position().with_side(Color::Black).key();
    assert!(!game.repetition_keys().contains(&other_side));
    assert_eq!(game.outcome(&sw), None);
    // Black to move with the white king on b2: after plies 1 and 5, and now 9.
    play_all(&mut game, &["a1-b2"]);
    assert_eq!(game.occurrences(), 3);
    assert!(matches!(game.outcome(&sw), Some(Outcome::Draw { .. })));
}

#[test]
fn man_move_cuts_the_repetition_chain() {
    let mut game = Game::new(czech("W:WKa1,c3,e3:BKh8,f6,d6"));
    play_all(&mut game, &["a1-b2", "h8-g7", "b2-a1", "g7-h8"]);
    assert_eq!(game.repetition_keys().len(), 5);
    play_all(&mut game, &["c3-d4"]);
    assert!(game.counters().is_irreversible_reset());
    assert_eq!(game.repetition_keys().len(), 1);
    assert_eq!(game.counters().quiet_plies(), 0);
    play_all(&mut game, &["h8-g7"]);
    assert!(!game.counters().is_irreversible_reset());
    assert_eq!(game.counters().quiet_plies(), 1);
}

#[test]
fn no_progress_after_thirty_quiet_plies() {
    // King + man v king + 2 men: no endgame class, so only the no-progress rule runs.
    let mut game = Game::new(czech("W:WKe1,a3:BKh8,h6,f8"));
    let sw = DrawSwitches {
        repetition: false,
        ..DrawSwitches::default()
    };
    let rules = game.position().rules();
    assert_eq!(running(&game), None);
    let cycle = ["e1-f2", "h8-g7", "f2-e1", "g7-h8"];
    for ply in 0..30u32 {
        assert_eq!(game.counters().plies_left(rules, &sw), Some(30 - ply));
        assert_eq!(game.outcome(&sw), None);
        play_all(&mut game, &[cycle[ply as usize % 4]]);
    }
    assert_eq!(game.counters().quiet_plies(), 30);
    assert!(game.counters().is_draw(rules, &sw));
    assert_eq!(
        game.outcome(&sw),
        Some(Outcome::Draw {
            reason: "no capture or man move in 30 plies".into()
        })
    );
    let off = DrawSwitches {
        no_progress: false,
        ..sw
    };
    assert!(!game.counters().is_draw(rules, &off));
    assert_eq!(game.counters().plies_left(rules, &off), None);
    assert_eq!(game.outcome(&off), None);
    // With repetition on, the shuffle was drawn long before.
    assert_eq!(
        game.outcome(&DrawSwitches::default())
            .map(|o| o.reason().to_string()),
        Some("threefold repetition".to_string())
    );
}

#[test]
fn classes_of_small_material() {
    let class = |fen: &str| class_label(&czech(fen));
    assert_eq!(class("W:WKa3,Kc1,Kg1:BKb8"), Some("class A"));
    assert_eq!(class("W:WKa3,Kc1,Kg1:BKd4"), Some("class B")); // lone king on a1-h8
    assert_eq!(class("B:WKd4:BKa3,Kc1,Kg1"), Some("class B")); // black is strong
    assert_eq!(class("B:WKb8:BKa3,Kc1,Kg1"), Some("class A"));
    assert_eq!(class("W:WKa3,Kc1:BKb8"), Some("class B"));
    assert_eq!(class("W:WKa3:BKb8"), Some("class B"));
    assert_eq!(class("W:WKa3,c3:BKb8"), Some("class B"));
    assert_eq!(class("W:WKa3,c3,e3:BKb8"), None);
    assert_eq!(class("W:WKa3,Kc1,Kg1,Ke1:BKb8"), None);
    assert_eq!(class("W:WKa3,Kc1:BKb8,Kd8"), None);
    assert_eq!(class("W:WKa3:Bb8"), None);
    assert_eq!(class("W:Wa3:BKb8"), None);
    // Malá dáma has no endgame counters.
    let mala = Position::from_fen(Variant::Mala, "W:WKa3:BKb8").unwrap();
    assert_eq!(Counters::new(&mala).endgame(), None);
}

#[test]
fn class_b_draws_after_ten_plies() {
    let mut game = Game::new(czech("W:WKa3,Kc1:BKb8"));
    let sw = DrawSwitches::default();
    let rules = game.position().rules();
    assert_eq!(running(&game), Some(("class B", 0)));
    assert_eq!(game.counters().plies_left(rules, &sw), Some(10));
    play_all(
        &mut game,
        &[
            "c1-d2", "b8-a7", "d2-e1", "a7-b8", "e1-d2", "b8-a7", "d2-c1", "a7-b8", "a3-b4",
        ],
    );
    assert_eq!(game.counters().plies_left(rules, &sw), Some(1));
    assert_eq!(game.outcome(&sw), None);
    play_all(&mut game, &["b8-a7"]);
    assert_eq!(
        game.outcome(&sw),
        Some(Outcome::Draw {
            reason: "endgame counter (class B, 10 plies)".into()
        })
    );
    let off = DrawSwitches {
        endgame: false,
        ..sw
    };
    assert_eq!(game.outcome(&off), None);
    assert_eq!(game.counters().plies_left(rules, &off), Some(20));
}

#[test]
fn class_a_counts_thirty_plies_and_keeps_its_diagonal_judgement() {
    let mut game = Game::new(czech("W:WKa5,Kc1,Kg1:BKb8"));
    let sw = DrawSwitches {
        repetition: false,
        ..DrawSwitches::default()
    };
    let rules = game.position().rules();
    assert_eq!(running(&game), Some(("class A", 0)));
    // The lone king steps onto a1-h8 (e5): the class stays A (judged when it arose).
    let cycle = ["c1-d2", "b8-e5", "d2-c1", "e5-b8"];
    for ply in 0..30u32 {
        assert_eq!(running(&game), Some(("class A", ply)));
        assert_eq!(game.outcome(&sw), None);
        play_all(&mut game, &[cycle[ply as usize % 4]]);
    }
    assert_eq!(class_label(game.position()), Some("class B"));
    assert_eq!(game.counters().plies_left(rules, &sw), Some(0));
    assert_eq!(
        game.outcome(&sw),
        Some(Outcome::Draw {
            reason: "endgame counter (class A, 30 plies)".into()
        })
    );
}

#[test]
fn class_created_by_a_capture() {
    // Black's lone king takes one of four kings: 3K v K off a1-h8 arises.
    let mut game = Game::new(czech("B:WKc3,Ke1,Kg1,Kh2:BKa5"));
    assert_eq!(running(&game), None);
    play_all(&mut game, &["a5xd2"]);
    assert_eq!(running(&game), Some(("class A", 0)));
    play_all(&mut game, &["e1xc3"]);
    // The capture that takes the lone king ends the game: no legal move loses.
    assert!(matches!(
        game.outcome(&DrawSwitches::default()),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
}

#[test]
fn class_a_turns_into_class_b_on_a_capture() {
    let mut game = Game::new(czech("W:WKa3,Kc1,Kh2:BKf8"));
    assert_eq!(running(&game), Some(("class A", 0)));
    play_all(&mut game, &["c1-d2", "f8-g7", "d2-f4", "g7-h8", "f4-e5"]);
    assert_eq!(running(&game), Some(("class A", 5)));
    play_all(&mut game, &["h8xd4"]);
    assert_eq!(running(&game), Some(("class B", 0)));
    assert_eq!(game.counters().quiet_plies(), 0);
    assert!(game.counters().is_irreversible_reset());
}

#[test]
fn promotion_keeps_or_starts_a_class() {
    // King + man v king is class B; promoting to 2K v K keeps class B running.
    let mut game = Game::new(czech("W:WKa1,g7:BKb8"));
    assert_eq!(running(&game), Some(("class B", 0)));
    play_all(&mut game, &["a1-b2", "b8-a7", "g7-h8"]);
    assert_eq!(running(&game), Some(("class B", 3)));
    assert_eq!(game.counters().quiet_plies(), 0);
    // 2K + man v K is no class; the promotion creates class A (lone king off a1-h8).
    let mut game = Game::new(czech("W:WKa1,Kc1,g7:BKb8"));
    assert_eq!(running(&game), None);
    play_all(&mut game, &["g7-h8"]);
    assert_eq!(running(&game), Some(("class A", 0)));
}

#[test]
fn no_legal_move_loses() {
    let blocked = Game::new(czech("W:Wa1:Bb2,c3"));
    let out = blocked.outcome(&DrawSwitches::default()).unwrap();
    assert_eq!(
        out,
        Outcome::Win {
            winner: Color::Black,
            reason: "white has no legal move".into()
        }
    );
    assert_eq!(out.result(), "0-1");
    let start = Game::new(Position::start(Variant::Czech));
    assert_eq!(start.outcome(&DrawSwitches::default()), None);
}

#[test]
fn counters_are_small() {
    assert!(std::mem::size_of::<Counters>() <= 8);
}

#[test]
fn mala_counts_only_captures_as_progress() {
    let start = Position::start(Variant::Mala);
    let mut game = Game::new(start);
    let mv = movegen::legal_moves(&start)[0];
    game.play(&mv);
    assert_eq!(game.counters().quiet_plies(), 1);
    assert!(game.counters().is_irreversible_reset());
    assert_eq!(game.repetition_keys().len(), 1);
}

#[test]
fn undo_restores_position_counters_and_keys() {
    let mut game = Game::new(czech("W:WKa1,c3,e3:BKh8,f6,d6"));
    play_all(&mut game, &["a1-b2", "h8-g7", "c3-d4"]);
    let (pos, counters, keys) = (
        *game.position(),
        game.counters(),
        game.repetition_keys().to_vec(),
    );
    play_all(&mut game, &["g7-h8"]);
    let taken = game.undo().unwrap();
    assert_eq!(
        crate::notation::format_move(game.position(), &taken),
        "g7-h8"
    );
    assert_eq!(*game.position(), pos);
    assert_eq!(game.counters(), counters);
    assert_eq!(game.repetition_keys(), &keys[..]);
    assert_eq!(game.moves().len(), 3);
    for _ in 0..3 {
        assert!(game.undo().is_some());
    }
    assert_eq!(game.undo(), None);
    assert_eq!(game.position(), game.start());
}

#[test]
fn play_text_reports_illegal_moves() {
    let mut game = Game::new(Position::start(Variant::Czech));
    assert!(game.play_text("c3-c4").is_err());
    assert!(game.play_text("a3-b5").is_err());
    assert!(game.moves().is_empty());
    assert!(game.play_text("c3-d4").is_ok());
    assert_eq!(game.moves().len(), 1);
}
