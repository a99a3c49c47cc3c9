use super::*;

fn config(level: u8, human: Color) -> Config {
    Config {
        variant: Variant::Czech,
        level,
        human,
        style: Style::Ascii,
        think_time: Duration::from_secs(5),
        nodes: Some(20_000),
        seed: 1,
        resume_file: std::env::temp_dir().join("dama-play-session-test.pdn"),
    }
}

/// Sends `line` and returns what the session said.
fn say(s: &mut Session, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    s.handle(line, &mut out);
    out
}

fn started(level: u8, human: Color) -> (Session, Vec<String>) {
    let mut s = Session::new(config(level, human));
    let mut out = Vec::new();
    s.start(&mut out);
    (s, out)
}

#[test]
fn the_engine_opens_when_the_human_plays_black() {
    let (s, out) = started(1, Color::Black);
    assert_eq!(s.game().moves().len(), 1);
    assert!(
        out.iter().any(|l| l.starts_with("dama plays 1. ")),
        "{out:?}"
    );
    assert!(s.prompt().contains("black to play"));
}

#[test]
fn a_move_is_answered_and_undo_takes_both_back() {
    let (mut s, _) = started(2, Color::White);
    let out = say(&mut s, "c3 d4");
    assert_eq!(out[0], "you play 1. c3-d4");
    assert!(out[1].starts_with("dama plays 1... "), "{out:?}");
    assert_eq!(s.game().moves().len(), 2);
    let out = say(&mut s, "undo");
    assert!(out[0].starts_with("taken back: 1. c3-d4 1... "), "{out:?}");
    assert!(s.game().moves().is_empty());
    let out = say(&mut s, "back");
    assert!(out[0].starts_with("nothing to take back"), "{out:?}");
}

#[test]
fn an_illegal_move_keeps_the_game_and_says_why() {
    let (mut s, _) = started(1, Color::White);
    let out = say(&mut s, "c3-c5");
    assert!(out[0].starts_with("illegal move: "), "{out:?}");
    assert!(s.game().moves().is_empty());
    for junk in ["", "x", "zz9-zz10", "a1xa1xa1xa1", "\u{1F600}", "save"] {
        let _ = say(&mut s, junk);
    }
    assert!(s.game().moves().is_empty());
}

#[test]
fn a_hint_names_the_piece_then_the_move() {
    let (mut s, _) = started(1, Color::White);
    let piece = say(&mut s, "hint");
    assert!(piece[0].starts_with("hint: move the man on "), "{piece:?}");
    let whole = say(&mut s, "hint");
    let mv = whole[0].strip_prefix("hint: play ").expect("a move");
    let from = piece[0]["hint: move the man on ".len()..]
        .split(' ')
        .next()
        .unwrap();
    assert!(mv.starts_with(from), "{piece:?} {whole:?}");
    assert!(s.game().moves().is_empty(), "a hint plays nothing");
    assert_eq!(say(&mut s, mv)[0], format!("you play 1. {mv}"));
}

#[test]
fn resign_ends_the_game_for_the_engine() {
    let (mut s, _) = started(1, Color::White);
    let out = say(&mut s, "resign");
    assert!(
        out[0].starts_with("game over: 0-1 black wins (white resigned)"),
        "{out:?}"
    );
    assert!(out[1].contains("[Result \"0-1\"]"), "{out:?}");
    assert!(say(&mut s, "c3-d4")[0].starts_with("the game is over"));
}

#[test]
fn a_resumed_game_has_the_same_position_and_counters() {
    let (mut s, _) = started(1, Color::White);
    let _ = say(&mut s, "c3-d4");
    let saved = record::read(&s.pdn(), Variant::Czech).unwrap();
    let back = Session::resume(config(1, Color::White), saved);
    assert_eq!(back.game().position(), s.game().position());
    assert_eq!(back.game().counters(), s.game().counters());
    assert_eq!(back.game().moves(), s.game().moves());
}
