//! The goal variants through the public API: the giveaway forms (Žravá dáma, giveaway checkers,
//! antidraughts: a side without pieces or moves wins) and Breakthrough (the first king wins),
//! their games' ends and draw rules, perft against the base variants, and the search playing
//! for the goal. Every game is short and constructed.

use dama::engine::{Engine, EngineOptions};
use dama::game::{DrawSwitches, Game, Outcome};
use dama::perft::{perft, Counting};
use dama::search::{Score, SearchLimits};
use dama::types::SplitMix;
use dama::{movegen, notation, Color, Position, Variant};

fn game(variant: Variant, fen: &str) -> Game {
    let pos = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Game::new(pos)
}

fn play(game: &mut Game, mv: &str) {
    game.play_text(mv)
        .unwrap_or_else(|e| panic!("{mv} in {}: {e}", game.position().to_fen()));
}

fn win(winner: Color, reason: &str) -> Option<Outcome> {
    Some(Outcome::Win {
        winner,
        reason: reason.into(),
    })
}

#[test]
fn zrava_is_won_by_losing_every_piece() {
    // White must take Black's last man: Black has no piece left and wins; in Czech White wins.
    let mut g = game(Variant::Zrava, "W:Wc3:Bd4");
    play(&mut g, "c3xe5");
    let sw = DrawSwitches::default();
    assert_eq!(g.outcome(&sw), win(Color::Black, "black has no piece left"));
    let mut czech = game(Variant::Czech, "W:Wc3:Bd4");
    play(&mut czech, "c3xe5");
    assert_eq!(
        czech.outcome(&sw),
        win(Color::White, "black has no legal move")
    );
}

#[test]
fn a_blocked_side_wins_giveaway_checkers() {
    // Black's man on 21 can neither step to 25 nor jump it (30 is taken).
    let sw = DrawSwitches::default();
    let g = game(Variant::Giveaway, "B:W25,30:B21");
    assert_eq!(g.outcome(&sw), win(Color::Black, "black has no legal move"));
    let english = game(Variant::English, "B:W25,30:B21");
    assert_eq!(
        english.outcome(&sw),
        win(Color::White, "black has no legal move")
    );
}

/// Kings shuffle without captures: 50-45 1-6 45-50 6-1.
const SHUFFLE: [&str; 4] = ["50-45", "1-6", "45-50", "6-1"];

#[test]
fn antidraughts_draws_only_by_threefold_repetition() {
    let no_repetition = DrawSwitches {
        repetition: false,
        ..DrawSwitches::default()
    };
    // International draws after 25 king moves each; antidraughts has no such rule.
    let mut anti = game(Variant::Antidraughts, "W:WK50:BK1");
    let mut intl = game(Variant::International, "W:WK50:BK1");
    for ply in 0..200 {
        play(&mut anti, SHUFFLE[ply % 4]);
        play(&mut intl, SHUFFLE[ply % 4]);
        assert_eq!(anti.outcome(&no_repetition), None, "ply {ply}");
    }
    assert!(intl.outcome(&no_repetition).is_some());
    // The third occurrence of the start position draws.
    let sw = DrawSwitches::default();
    let mut g = game(Variant::Antidraughts, "W:WK50:BK1");
    for (ply, mv) in SHUFFLE.iter().cycle().take(8).enumerate() {
        assert_eq!(g.outcome(&sw), None, "ply {ply}");
        play(&mut g, mv);
    }
    let draw = Outcome::Draw {
        reason: "threefold repetition".into(),
    };
    assert_eq!(g.outcome(&sw), Some(draw));
}

#[test]
fn breakthrough_ends_at_the_first_king() {
    let sw = DrawSwitches::default();
    let mut g = game(Variant::Breakthrough, "W:W6,33:B40");
    assert_eq!(g.outcome(&sw), None);
    play(&mut g, "6-1");
    assert_eq!(g.outcome(&sw), win(Color::White, "white crowned a king"));
    // Black still has moves, but none is accepted: the game is over.
    let after = Position::from_fen(Variant::Breakthrough, "B:WK1,33:B40").unwrap();
    let e = notation::parse_move(&after, "40-44")
        .unwrap_err()
        .to_string();
    assert!(e.contains("the game is over (white crowned a king)"), "{e}");
    // The same move in International goes on.
    let mut intl = game(Variant::International, "W:W6,33:B40");
    play(&mut intl, "6-1");
    assert_eq!(intl.outcome(&sw), None);
    // No draw rules at all.
    let rules = Variant::Breakthrough.rules();
    assert_eq!(
        (rules.draw.repetition, rules.draw.no_progress_plies),
        (0, 0)
    );
}

/// From the start, a few random plies deep: the giveaway forms count as their base variants
/// (move generation is the base's), Breakthrough as International until a crowning.
#[test]
fn giveaway_perft_equals_the_base_variant_off_the_start() {
    let pairs = [
        (Variant::Zrava, Variant::Czech),
        (Variant::Giveaway, Variant::English),
        (Variant::Antidraughts, Variant::International),
    ];
    let mut rng = SplitMix::new(12);
    for (goal, base) in pairs {
        for _ in 0..6 {
            let mut pos = Position::start(goal);
            for _ in 0..(10 + rng.below(30)) {
                let moves = movegen::legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(&moves[rng.index(moves.len())]);
            }
            let fen = pos.to_fen();
            let twin = Position::from_fen(base, &fen).unwrap();
            for counting in [Counting::Moves, Counting::Paths] {
                assert_eq!(
                    perft(&pos, 3, counting),
                    perft(&twin, 3, counting),
                    "{goal} {fen}"
                );
            }
        }
    }
}

fn best(variant: Variant, fen: &str, depth: u32) -> (String, Score) {
    let pos = Position::from_fen(variant, fen).unwrap();
    let mut e = Engine::<u64>::new(EngineOptions {
        variant,
        hash_mb: 16,
        ..EngineOptions::default()
    });
    e.set_position(pos, &[]);
    let limits = SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    };
    let r = e.go(&limits, &mut |_| {});
    let mv = r.best.expect("a move");
    (notation::format_move(&pos, &mv), r.score)
}

#[test]
fn the_search_plays_for_the_goal() {
    // Žravá dáma: c3-d4 gives the last man away (e5xc3) and wins; Czech keeps it.
    let (mv, score) = best(Variant::Zrava, "W:Wc3:Ba7,e5", 4);
    assert_eq!((mv.as_str(), score), ("c3-d4", Score::Win(2)));
    let (mv, _) = best(Variant::Czech, "W:Wc3:Ba7,e5", 4);
    assert_eq!(mv, "c3-b4");
    // Breakthrough: crowning wins at once.
    let (mv, score) = best(Variant::Breakthrough, "W:W6,33:B40", 4);
    assert_eq!((mv.as_str(), score), ("6-1", Score::Win(1)));
    // Breakthrough, Black to move: White crowns next whatever Black does.
    let (_, score) = best(Variant::Breakthrough, "B:W6,33:B40", 4);
    assert_eq!(score, Score::Loss(2));
}
