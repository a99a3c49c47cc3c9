//! The skill levels through the library's API: a small node-limited match of level 1 against
//! level 5, deterministic (one thread, fixed seeds, node budgets), which level 1 must lose.
//! The measured ladder between all levels is in docs/levels.md.

use dama::engine::{Engine, EngineOptions};
use dama::game::{Game, Outcome};
use dama::search::SearchLimits;
use dama::selfplay::play_out;
use dama::{movegen, Color, Position, Variant};

fn engine(skill: u8, seed: u64) -> Engine {
    Engine::<u64>::new(EngineOptions {
        skill,
        seed,
        hash_mb: 4,
        ..EngineOptions::default()
    })
}

/// Plays one game from the start after the opening move `first`, `engines` (White, Black)
/// moving in turn within `nodes` nodes a move; the outcome by the rules (a draw after 300 plies).
fn play(engines: &mut [Engine; 2], first: usize, nodes: u64) -> Outcome {
    let start = Position::start(Variant::Czech);
    let mut game = Game::new(start);
    game.play(&movegen::legal_moves(&start)[first]);
    let limits = SearchLimits {
        nodes: Some(nodes),
        ..SearchLimits::default()
    };
    play_out(&mut game, engines, &limits, 300, &mut |_, _| {}).unwrap_or(Outcome::Draw {
        reason: "300 plies".into(),
    })
}

#[test]
fn level_1_loses_most_games_to_level_5() {
    let mut level1_points = 0.0;
    let mut games = Vec::new();
    for (i, first) in [0, 3, 6].into_iter().enumerate() {
        for level1_white in [true, false] {
            let (weak, strong) = (engine(1, i as u64 + 1), engine(5, 0));
            let mut engines = if level1_white {
                [weak, strong]
            } else {
                [strong, weak]
            };
            let outcome = play(&mut engines, first, 20_000);
            let weak_colour = if level1_white {
                Color::White
            } else {
                Color::Black
            };
            level1_points += match &outcome {
                Outcome::Win { winner, .. } if *winner == weak_colour => 1.0,
                Outcome::Win { .. } => 0.0,
                Outcome::Draw { .. } => 0.5,
            };
            games.push(format!("{} {outcome}", outcome.result()));
        }
    }
    assert!(
        level1_points <= 1.5,
        "level 1 scored {level1_points} of 6 against level 5: {games:?}"
    );
}
