//! Search tests through the public API: determinism, tactics, draw rules, stop, threads,
//! limits, multi-PV and skill levels. Each runs in well under a few seconds in release.

use std::time::{Duration, Instant};

use dama::bench;
use dama::engine::{Engine, EngineOptions, SearchCallbacks};
use dama::game::{DrawSwitches, Game};
use dama::search::{Clock, Score, SearchInfo, SearchLimits, SearchResult};
use dama::{movegen, notation, Bitboard, Color, Move, Position, Variant};

fn engine(variant: Variant, threads: usize) -> Engine {
    Engine::<u64>::new(EngineOptions {
        variant,
        threads,
        hash_mb: 16,
        ..EngineOptions::default()
    })
}

fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..SearchLimits::default()
    }
}

fn nodes(n: u64) -> SearchLimits {
    SearchLimits {
        nodes: Some(n),
        ..SearchLimits::default()
    }
}

fn search(e: &mut Engine, pos: Position, moves: &[Move], limits: &SearchLimits) -> SearchResult {
    e.set_position(pos, moves);
    e.go(limits, &mut |_| {})
}

/// A position from algebraic square names (a1 = bottom left), White at the bottom moving up.
fn setup(
    variant: Variant,
    white: &[&str],
    black: &[&str],
    kings: &[&str],
    side: Color,
) -> Position {
    let g = variant.rules().geometry::<u64>();
    let set = |names: &[&str]| -> Bitboard {
        names
            .iter()
            .map(|n| {
                g.parse_algebraic(n)
                    .unwrap_or_else(|| panic!("bad square {n}"))
            })
            .collect()
    };
    let pos = Position::from_parts(variant, set(white), set(black), set(kings), side);
    pos.validate().expect("valid test position");
    pos
}

fn text(pos: &Position, mv: &Move) -> String {
    notation::format_move(pos, mv)
}

fn assert_legal(pos: &Position, r: &SearchResult) {
    let best = r.best.expect("a move");
    assert!(
        movegen::legal_moves(pos).contains(&best),
        "illegal move {best:?}"
    );
}

#[test]
fn same_node_limit_gives_the_same_result() {
    for (variant, fen) in [
        (Variant::Czech, None),
        (
            Variant::Czech,
            Some("W:Wf4,a3,e3,g3,b2,f2,a1,c1,e1,g1:Bf8,h8,c7,e7,g7,d6,h6,a5,c5,h4"),
        ),
        (Variant::International, None),
    ] {
        let pos = fen.map_or(Position::start(variant), |f| {
            Position::from_fen(variant, f).unwrap()
        });
        let a = search(&mut engine(variant, 1), pos, &[], &nodes(60_000));
        let b = search(&mut engine(variant, 1), pos, &[], &nodes(60_000));
        assert_eq!(
            (a.best, a.score, a.nodes, a.depth),
            (b.best, b.score, b.nodes, b.depth)
        );
        assert!(a.nodes >= 60_000 && a.nodes < 70_000, "{} nodes", a.nodes);
        assert_legal(&pos, &a);
    }
}

#[test]
fn bench_signature_is_reproducible() {
    let run = || {
        bench::run(5, 1, 4, &mut |_, _, _| {})
            .expect("bench positions")
            .nodes
    };
    let first = run();
    assert!(first > 0);
    assert_eq!(first, run());
}

/// Czech: 1. d4-e5! gives one man and wins two whichever way Black takes
/// (f6xd4 c3xe5xc7, or d6xf4 g3xe5xg7).
#[test]
fn czech_shot_two_for_one() {
    let pos = setup(
        Variant::Czech,
        &["b2", "c3", "d4", "g3", "h2"],
        &["a5", "a7", "d6", "f6", "h6"],
        &[],
        Color::White,
    );
    let r = search(&mut engine(Variant::Czech, 1), pos, &[], &nodes(300_000));
    assert_eq!(text(&pos, &r.best.unwrap()), "d4-e5");
    assert!(matches!(r.score, Score::Cp(v) if v >= 80), "{:?}", r.score);
}

#[test]
fn czech_king_wins_the_lone_king() {
    // Three kings against a lone king off the main diagonal: a forced catch in 7 plies.
    let pos = Position::from_fen(Variant::Czech, "W:WKa1,Kc1,Ke1:BKh4").unwrap();
    let r = search(&mut engine(Variant::Czech, 1), pos, &[], &nodes(500_000));
    assert!(matches!(r.score, Score::Win(n) if n <= 9), "{:?}", r.score);
}

/// English checkers (short kings, men capture forward only): the same two-for-one shot.
#[test]
fn english_shot_two_for_one() {
    let pos = setup(
        Variant::English,
        &["b2", "c3", "d4", "g3", "h2"],
        &["a5", "a7", "d6", "f6", "h6"],
        &[],
        Color::White,
    );
    let r = search(&mut engine(Variant::English, 1), pos, &[], &nodes(300_000));
    let best = r.best.unwrap();
    let g = pos.geometry();
    assert_eq!(
        (g.algebraic(best.from), g.algebraic(best.to)),
        ("d4".to_string(), "e5".to_string())
    );
    assert!(matches!(r.score, Score::Cp(v) if v >= 80), "{:?}", r.score);
}

/// Dameo: the search plays on the all-squares board with the rules' directions: the man on d7,
/// which Black's far men cannot stop, is crowned at once (a queen-like king) and White is
/// clearly ahead.
#[test]
fn dameo_crowns_a_free_man() {
    let pos = Position::from_fen(Variant::Dameo, "W:Wd7,a2:Bh7,g7").unwrap();
    let r = search(&mut engine(Variant::Dameo, 1), pos, &[], &depth(4));
    assert_legal(&pos, &r);
    assert!(r.best.unwrap().promotes, "{}", text(&pos, &r.best.unwrap()));
    assert!(
        matches!(r.score, Score::Cp(v) if v >= 100) || matches!(r.score, Score::Win(_)),
        "{:?}",
        r.score
    );
}

/// Gothic (all squares, men in five directions): d4-d5 gives a man, d6xd4 must take it (b2
/// stops it going on over c3), and c3xd4xf6 takes two back, landing on g7.
#[test]
fn gothic_shot_two_for_one() {
    let pos = Position::from_fen(Variant::Gothic, "W:Wd4,c3,b2:Bd6,f6,a7").unwrap();
    let r = search(&mut engine(Variant::Gothic, 1), pos, &[], &nodes(300_000));
    assert_eq!(text(&pos, &r.best.unwrap()), "d4-d5");
    assert!(
        matches!(r.score, Score::Cp(v) if v >= 80) || matches!(r.score, Score::Win(_)),
        "{:?}",
        r.score
    );
}

#[test]
fn two_kings_against_one_is_a_draw() {
    // Class B (čl. 6.4): drawn after 10 more plies unless a king falls at once.
    let pos = Position::from_fen(Variant::Czech, "W:WKc3,Ke3:BKf8").unwrap();
    let r = search(&mut engine(Variant::Czech, 1), pos, &[], &depth(14));
    assert!(
        matches!(r.score, Score::Cp(v) if v.abs() <= 30),
        "{:?}",
        r.score
    );
}

#[test]
fn class_b_counter_cuts_off_a_win_it_outlasts() {
    // King and man against king (class B, 10 plies from when the class arose). After the
    // 8 plies below, 1. e5-f6 g7xe5 (or further) 2. a1x.. would win, but the counter runs out
    // when Black has captured: a draw. From the same position with fresh counters it wins.
    let start = Position::from_fen(Variant::Czech, "W:WKa1,c3:BKf8").unwrap();
    let mut game = Game::new(start);
    for mv in [
        "c3-d4", "f8-e7", "a1-b2", "e7-f8", "b2-a1", "f8-h6", "d4-e5", "h6-g7",
    ] {
        game.play_text(mv).unwrap();
    }
    let pos = *game.position();
    assert_eq!(
        pos.to_fen(),
        Position::from_fen(Variant::Czech, "W:WKa1,e5:BKg7")
            .unwrap()
            .to_fen()
    );
    let fresh = search(&mut engine(Variant::Czech, 1), pos, &[], &depth(8));
    assert_eq!(fresh.score, Score::Win(3));
    let late = search(
        &mut engine(Variant::Czech, 1),
        start,
        game.moves(),
        &depth(8),
    );
    assert!(
        matches!(late.score, Score::Cp(v) if v.abs() <= 30),
        "{:?}",
        late.score
    );
}

/// Finds a black king move from `pos` that White's move back and Black's move back undo.
fn shuffle(pos: &Position, white: &Move) -> Option<[Move; 4]> {
    let after_w = pos.play(white);
    for k in movegen::legal_moves(&after_w) {
        if k.is_capture() || !after_w.all_kings().has(k.from) {
            continue;
        }
        let after_k = after_w.play(&k);
        let Some(back_w) = movegen::legal_moves(&after_k)
            .into_iter()
            .find(|m| m.from == white.to && m.to == white.from && !m.is_capture())
        else {
            continue;
        };
        let after_bw = after_k.play(&back_w);
        let back_k = movegen::legal_moves(&after_bw)
            .into_iter()
            .find(|m| m.from == k.to && m.to == k.from && !m.is_capture());
        if let Some(back_k) = back_k {
            if after_bw.play(&back_k).key() == pos.key() {
                return Some([*white, k, back_w, back_k]);
            }
        }
    }
    None
}

#[test]
fn avoids_a_repetition_when_winning() {
    let pos = Position::from_fen(Variant::Czech, "W:WKa1,Kc1,Kh2,a3:BKd8,h6").unwrap();
    let mut e = engine(Variant::Czech, 1);
    let fresh = search(&mut e, pos, &[], &depth(8));
    let first = fresh.best.unwrap();
    assert!(
        pos.all_kings().has(first.from),
        "setup: best move should be a king move"
    );
    let history = shuffle(&pos, &first).expect("a reversible black king move");
    let mut game = Game::new(pos);
    history.iter().for_each(|m| game.play(m));
    assert_eq!(game.position().key(), pos.key());
    e.new_game();
    let r = search(&mut e, pos, &history, &depth(8));
    let best = r.best.unwrap();
    assert_ne!(best, first, "walked back into a repeated position");
    assert!(!game.repetition_keys().contains(&pos.play(&best).key()));
    assert!(r.score.value() > 200, "{:?}", r.score);
}

#[test]
fn converts_three_kings_against_one_within_the_counter() {
    // Class A (lone king off a1-h8): 30 plies from when the class arose. The game starts
    // there; the engine plays both sides.
    let start = Position::from_fen(Variant::Czech, "W:WKc1,Ke1,Kg1:BKb8").unwrap();
    let mut game = Game::new(start);
    for mv in [
        "e1-c3", "b8-c7", "c1-e3", "c7-d6", "g1-h2", "d6-f8", "h2-g3", "f8-e7",
    ] {
        game.play_text(mv).unwrap();
    }
    let mut e = engine(Variant::Czech, 1);
    let sw = DrawSwitches::default();
    let mut played = Vec::new();
    while game.outcome(&sw).is_none() {
        assert!(game.moves().len() < 40, "no result after 40 plies");
        let r = search(&mut e, start, game.moves(), &nodes(300_000));
        let mv = r.best.unwrap();
        played.push(format!("{} ({})", text(game.position(), &mv), r.score));
        game.play(&mv);
    }
    let outcome = game.outcome(&sw).unwrap();
    assert_eq!(outcome.result(), "1-0", "{outcome}: {}", played.join(" "));
}

#[test]
fn stop_ends_an_infinite_search_quickly() {
    let mut e = engine(Variant::Czech, 2);
    let pos = Position::start(Variant::Czech);
    e.set_position(pos, &[]);
    let limits = SearchLimits {
        infinite: true,
        ..SearchLimits::default()
    };
    let search = e.start(&limits, SearchCallbacks::default());
    std::thread::sleep(Duration::from_millis(300));
    search.stop();
    // An infinite search returns only because of the stop (how fast is measured in
    // docs/reliability.md, not here).
    let r = search.wait();
    assert_legal(&pos, &r);
    assert!(r.depth >= 1);
}

#[test]
fn a_dropped_search_stops_and_the_next_one_runs_in_full() {
    let mut e = engine(Variant::Czech, 1);
    e.set_position(Position::start(Variant::Czech), &[]);
    let limits = SearchLimits {
        infinite: true,
        ..SearchLimits::default()
    };
    drop(e.start(&limits, SearchCallbacks::default()));
    // `go` waits for the dropped search to end; its stop was that search's own.
    let r = e.go(&depth(5), &mut |_| {});
    assert_eq!(r.depth, 5);
    assert!(r.best.is_some());
}

#[test]
fn two_threads_reach_the_depth_of_one() {
    let pos = Position::from_fen(
        Variant::Czech,
        "W:Wd4,f4,a3,e3,b2,f2,h2,a1,c1,e1,g1:Bd8,f8,h8,a7,g7,b6,d6,h6,c5,e5,g5",
    )
    .unwrap();
    // Depth-limited, so the outcome does not depend on how busy the machine is: two threads
    // must complete the same iteration as one (the answer comes from the deepest completed
    // iteration of any thread) and return a legal move. Time to depth is measured in
    // docs/search.md, not here.
    let limits = SearchLimits {
        depth: Some(9),
        ..SearchLimits::default()
    };
    let one = search(&mut engine(Variant::Czech, 1), pos, &[], &limits);
    let two = search(&mut engine(Variant::Czech, 2), pos, &[], &limits);
    assert_legal(&pos, &one);
    assert_legal(&pos, &two);
    assert_eq!(one.depth, 9);
    assert!(
        two.depth >= one.depth,
        "two threads stayed shallower than one: {} < {}",
        two.depth,
        one.depth
    );
}

#[test]
fn clock_is_never_exceeded() {
    // The last move before the time control: the search must end by itself inside the clock,
    // give or take a slack for a loaded machine; one that ignored the clock is stopped and
    // fails (the exact budgets are unit-tested in src/search/time.rs).
    const SLACK: Duration = Duration::from_millis(1500);
    let pos = Position::start(Variant::Czech);
    let mut e = engine(Variant::Czech, 1);
    for ms in [50, 300] {
        let time_left = Duration::from_millis(ms);
        let limits = SearchLimits {
            clock: Some(Clock {
                time_left,
                increment: Duration::ZERO,
                moves_to_go: Some(1),
            }),
            ..SearchLimits::default()
        };
        e.set_position(pos, &[]);
        let t0 = Instant::now();
        let handle = e.start(&limits, SearchCallbacks::default());
        while !handle.is_finished() && t0.elapsed() <= time_left + SLACK {
            std::thread::sleep(Duration::from_millis(5));
        }
        let used = t0.elapsed();
        let ended_by_itself = handle.is_finished();
        handle.stop();
        let r = handle.wait();
        assert!(
            ended_by_itself,
            "a {ms} ms clock was still searching after {used:?}"
        );
        assert_legal(&pos, &r);
    }
}

#[test]
fn an_empty_clock_lives_on_its_increment() {
    // No time left, 50 ms increment: the search ends by itself with a legal move (at least
    // depth 1); that its budget stays under the increment is unit-tested in search/time.rs.
    let pos = Position::start(Variant::Czech);
    let mut e = engine(Variant::Czech, 1);
    let limits = SearchLimits {
        clock: Some(Clock {
            time_left: Duration::ZERO,
            increment: Duration::from_millis(50),
            moves_to_go: None,
        }),
        ..SearchLimits::default()
    };
    for _ in 0..5 {
        let r = search(&mut e, pos, &[], &limits);
        assert_legal(&pos, &r);
        assert!(r.depth >= 1);
    }
}

#[test]
fn ponder_waits_for_the_hit() {
    let mut e = engine(Variant::Czech, 1);
    e.set_position(Position::start(Variant::Czech), &[]);
    let limits = SearchLimits {
        ponder: true,
        movetime: Some(Duration::from_millis(100)),
        ..SearchLimits::default()
    };
    let search = e.start(&limits, SearchCallbacks::default());
    std::thread::sleep(Duration::from_millis(300));
    assert!(!search.is_finished(), "ended before the ponder hit");
    search.ponder_hit();
    let r = search.wait();
    assert!(r.best.is_some());
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = Engine::<u64>::new(EngineOptions {
        multipv: 3,
        hash_mb: 16,
        ..EngineOptions::default()
    });
    let pos = Position::start(Variant::Czech);
    e.set_position(pos, &[]);
    let mut last: Vec<SearchInfo> = Vec::new();
    e.go(&depth(6), &mut |info| {
        if info.multipv == 1 {
            last.clear();
        }
        last.push(info.clone());
    });
    assert_eq!(last.len(), 3);
    let firsts: Vec<Move> = last.iter().map(|i| i.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert!(last[0].score.value() >= last[1].score.value());
    assert!(last[1].score.value() >= last[2].score.value());
    assert!(last.iter().all(|i| i.depth == 6 && i.nodes > 0));
}

#[test]
fn weak_levels_are_reproducible_and_make_mistakes() {
    let pos = Position::from_fen(
        Variant::Czech,
        "W:Wf4,a3,e3,g3,b2,f2,a1,c1,e1,g1:Bf8,h8,c7,e7,g7,d6,h6,a5,c5,h4",
    )
    .unwrap();
    let best = search(&mut engine(Variant::Czech, 1), pos, &[], &depth(8)).best;
    let level = |skill: u8, seed: u64| {
        let mut e = Engine::<u64>::new(EngineOptions {
            skill,
            seed,
            hash_mb: 4,
            ..EngineOptions::default()
        });
        search(&mut e, pos, &[], &SearchLimits::default()).best
    };
    // Level 1 takes a random one of its three lines one move in eight.
    let picks: Vec<Option<Move>> = (0..60).map(|s| level(1, s)).collect();
    assert_eq!(picks, (0..60).map(|s| level(1, s)).collect::<Vec<_>>());
    let deviations = picks.iter().filter(|m| **m != best).count();
    assert!(
        (2..=30).contains(&deviations),
        "level 1 played the best move {} of 60 times",
        60 - deviations
    );
}

#[test]
fn no_legal_move_gives_no_move() {
    // White has a single man blocked by two black men: no legal move.
    let pos = setup(Variant::Czech, &["a1"], &["b2", "c3"], &[], Color::White);
    assert!(movegen::legal_moves(&pos).is_empty());
    let r = search(&mut engine(Variant::Czech, 1), pos, &[], &depth(3));
    assert!(r.best.is_none());
    assert_eq!(r.score, Score::Loss(0));
}

/// Four kings against one with the no-progress counter only (28 quiet plies played by
/// shuffling): two plies are left and White cannot capture in them, so the game is a draw or,
/// after a king sacrifice that restarts the counter, three kings against one (a small edge).
fn two_plies_before_the_no_progress_draw() -> (Position, Vec<Move>) {
    let start = Position::from_fen(Variant::Czech, "W:WKa3,Kc1,Ke1,Kg1:BKh8").unwrap();
    let mut game = Game::new(start);
    for _ in 0..7 {
        for mv in ["e1-f2", "h8-g7", "f2-e1", "g7-h8"] {
            let played = game.play_text(mv).unwrap();
            assert!(!played.is_capture());
        }
    }
    assert_eq!(game.counters().quiet_plies(), 28);
    (start, game.moves().to_vec())
}

#[test]
fn the_no_progress_draw_is_seen_at_the_horizon() {
    let (start, moves) = two_plies_before_the_no_progress_draw();
    let sw = DrawSwitches {
        repetition: false,
        no_progress: true,
        endgame: false,
    };
    for d in 2..=4 {
        let mut e = Engine::<u64>::new(EngineOptions {
            hash_mb: 1,
            draw: sw,
            ..EngineOptions::default()
        });
        let r = search(&mut e, start, &moves, &depth(d));
        assert!(
            matches!(r.score, Score::Cp(v) if v.abs() < 100),
            "depth {d}: {:?}",
            r.score
        );
    }
    // Without the counter the kings are far ahead.
    let mut e = Engine::<u64>::new(EngineOptions {
        hash_mb: 1,
        draw: DrawSwitches {
            no_progress: false,
            ..sw
        },
        ..EngineOptions::default()
    });
    let r = search(&mut e, start, &moves, &depth(2));
    assert!(r.score.value() > 300, "{:?}", r.score);
}

/// The Czech bitbases of up to three pieces, generated once into the test's target folder.
fn czech3() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egtb-search3");
        let _ = std::fs::remove_dir_all(&dir);
        let slices = dama::bitbase::build::slices(3, None);
        dama::bitbase::build::generate(Variant::Czech, &dir, &slices, &|_| {}, &mut |_| {})
            .unwrap();
        dir
    })
}

fn with_bitbases() -> Engine {
    let e = Engine::<u64>::new(EngineOptions {
        hash_mb: 1,
        bitbases: Some(czech3().to_path_buf()),
        ..EngineOptions::default()
    });
    assert!(e.bitbase_errors().is_empty(), "{:?}", e.bitbase_errors());
    assert_eq!(e.bitbase_pieces(), 3);
    e
}

#[test]
fn bitbases_give_the_verdict_at_depth_one() {
    let bitbase_band = |s: Score| matches!(s, Score::Cp(v) if (8000..=9000).contains(&v));
    // King and man against king, fresh counters: a win (in 3 plies) known at once.
    let won = Position::from_fen(Variant::Czech, "W:WKa1,e5:BKg7").unwrap();
    let mut e = with_bitbases();
    e.set_position(won, &[]);
    let mut reported = Vec::new();
    let r = e.go(&depth(1), &mut |i: &SearchInfo| reported.push(i.score));
    assert!(bitbase_band(r.score), "{:?}", r.score);
    assert!(reported.iter().all(|s| bitbase_band(*s)), "{reported:?}");
    assert_legal(&won, &r);
    assert!(r.nodes < 100, "{} nodes", r.nodes);
    // Without bitbases depth 1 sees only the material.
    let plain = search(&mut engine(Variant::Czech, 1), won, &[], &depth(1));
    assert!(!bitbase_band(plain.score), "{:?}", plain.score);
    // Black to move in the same material loses: the band's negative.
    let lost = Position::from_fen(Variant::Czech, "B:WKa1,e5:BKg7").unwrap();
    let r = search(&mut with_bitbases(), lost, &[], &depth(1));
    assert!(
        matches!(r.score, Score::Cp(v) if (-9000..=-8000).contains(&v)),
        "{:?}",
        r.score
    );
    // Two kings against one: a draw.
    let drawn = Position::from_fen(Variant::Czech, "W:WKc3,Ke3:BKf8").unwrap();
    let r = search(&mut with_bitbases(), drawn, &[], &depth(2));
    assert_eq!(r.score, Score::Cp(0));
}

#[test]
fn a_bitbase_win_longer_than_the_counter_is_a_draw() {
    // The class-B position of `class_b_counter_cuts_off_a_win_it_outlasts`: two plies left on
    // the counter, the win takes three.
    let start = Position::from_fen(Variant::Czech, "W:WKa1,c3:BKf8").unwrap();
    let mut game = Game::new(start);
    for mv in [
        "c3-d4", "f8-e7", "a1-b2", "e7-f8", "b2-a1", "f8-h6", "d4-e5", "h6-g7",
    ] {
        game.play_text(mv).unwrap();
    }
    let r = search(&mut with_bitbases(), start, game.moves(), &depth(1));
    assert_eq!(r.score, Score::Cp(0));
    assert_legal(game.position(), &r);
    // With the counters switched off the same position is a bitbase win.
    let mut e = with_bitbases();
    e.set_options(EngineOptions {
        draw: DrawSwitches {
            endgame: false,
            ..DrawSwitches::default()
        },
        ..e.options().clone()
    });
    let r = search(&mut e, start, game.moves(), &depth(1));
    assert!(
        matches!(r.score, Score::Cp(v) if v >= 8000),
        "{:?}",
        r.score
    );
}
