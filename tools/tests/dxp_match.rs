//! `dama match` plays DXP engines: dama against dama over DamExchange (both started by the
//! runner on ports of their own), every move checked by the rules core, several games on each
//! connection.

use std::time::Duration;

use dama::game::{DrawSwitches, Game, Outcome};
use dama::notation::pdn::GameResult;
use dama::Variant;
use dama_tools::matchrunner::game::{EndKind, PlayConfig};
use dama_tools::matchrunner::openings::random_openings;
use dama_tools::matchrunner::{run_match, EngineSpec, MatchConfig, MatchEvent, TimeControl};

/// Two international games between `engines` at `tc`; a loaded CI machine may add to any move
/// time, so the margin is generous.
fn match_config(engines: [EngineSpec; 2], tc: TimeControl, max_plies: u32) -> MatchConfig {
    MatchConfig {
        engines,
        variant: Variant::International,
        games: 2,
        openings: random_openings(Variant::International, 1, 3),
        play: PlayConfig {
            tc,
            time_margin: Duration::from_secs(5),
            hang_timeout: Duration::from_secs(60),
            draw: None,
            resign: None,
            bitbases: None,
            max_plies,
        },
        concurrency: 1,
        sprt: None,
        shard: None,
        seed: 1,
        crash_limit: 3,
    }
}

fn dxp_dama(name: &str) -> EngineSpec {
    EngineSpec {
        name: name.into(),
        command: format!(
            "dxp:\"{}\" dxp --listen {{port}} --move-time 0.03 --hash 8",
            env!("CARGO_BIN_EXE_dama")
        ),
        options: vec![],
    }
}

#[test]
fn dama_plays_dama_over_dxp() {
    let cfg = MatchConfig {
        games: 4,
        openings: random_openings(Variant::International, 2, 5),
        ..match_config(
            [dxp_dama("A"), dxp_dama("B")],
            TimeControl::MoveTime(Duration::from_millis(30)),
            300,
        )
    };
    let records = std::sync::Mutex::new(Vec::new());
    run_match(&cfg, &|ev| {
        if let MatchEvent::GameFinished { record, .. } = ev {
            records.lock().unwrap().push(record.clone());
        }
    })
    .expect("the match runs");
    let records = records.into_inner().unwrap();
    assert_eq!(records.len(), 4);
    for r in &records {
        assert!(
            matches!(r.end, EndKind::Normal | EndKind::PlyLimit),
            "game {}: {} ({})",
            r.index,
            r.end,
            r.reason
        );
        let mut g = Game::new(r.start);
        for mv in &r.moves {
            assert!(dama::movegen::legal_moves(g.position()).contains(mv));
            g.play(mv);
        }
        assert!(g.moves().len() > r.opening_plies, "the engines moved");
        if r.end == EndKind::Normal {
            let want = match g.outcome(&DrawSwitches::default()).expect("over") {
                Outcome::Win { winner, .. } => GameResult::win_for(winner),
                Outcome::Draw { .. } => GameResult::Draw,
            };
            assert_eq!(want, r.result);
        }
    }
}

/// An engine that calls international `normal` (Scan 3.x) or `standard` is played.
#[test]
fn hub_engines_that_call_international_normal_or_standard_are_played() {
    let script = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/match_engines/scan_names.py");
    let named = |name: &str| EngineSpec {
        name: name.into(),
        command: format!(
            "python3 \"{}\" {name} \"{}\"",
            script.display(),
            env!("CARGO_BIN_EXE_dama")
        ),
        options: vec![],
    };
    let cfg = MatchConfig {
        games: 2,
        openings: random_openings(Variant::International, 1, 3),
        ..match_config(
            [named("normal"), named("standard")],
            TimeControl::Depth(1),
            40,
        )
    };
    let ends = std::sync::Mutex::new(Vec::new());
    run_match(&cfg, &|ev| {
        if let MatchEvent::GameFinished { record, .. } = ev {
            ends.lock().unwrap().push((record.end, record.moves.len()));
        }
    })
    .expect("the engines are accepted");
    let ends = ends.into_inner().unwrap();
    assert_eq!(ends.len(), 2);
    for (end, plies) in ends {
        assert!(matches!(end, EndKind::Normal | EndKind::PlyLimit), "{end}");
        assert!(plies > 10, "{plies}");
    }
}

/// A Hub version 1 engine (Scan 1.x/2.x: `name` lines, lower-case side, milliseconds, `move`
/// answers) is detected by its answer to `hub` and played.
#[test]
fn hub_version_1_engines_are_played() {
    let script =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/match_engines/hub_v1.py");
    let v1 = EngineSpec {
        name: "v1".into(),
        command: format!(
            "python3 \"{}\" \"{}\"",
            script.display(),
            env!("CARGO_BIN_EXE_dama")
        ),
        options: vec![],
    };
    let v2 = EngineSpec {
        name: "v2".into(),
        command: format!("\"{}\" hub", env!("CARGO_BIN_EXE_dama")),
        options: vec![("book".into(), "false".into())],
    };
    for tc in [
        TimeControl::Depth(2),
        TimeControl::parse_clock("0.05+0.01").unwrap(),
    ] {
        let cfg = MatchConfig {
            games: 2,
            openings: random_openings(Variant::International, 1, 4),
            ..match_config([v1.clone(), v2.clone()], tc, 60)
        };
        let ends = std::sync::Mutex::new(Vec::new());
        run_match(&cfg, &|ev| {
            if let MatchEvent::GameFinished { record, .. } = ev {
                ends.lock()
                    .unwrap()
                    .push((record.end, record.moves.len(), record.reason.clone()));
            }
        })
        .expect("the version 1 engine is accepted");
        for (end, plies, reason) in ends.into_inner().unwrap() {
            assert!(
                matches!(end, EndKind::Normal | EndKind::PlyLimit),
                "{end}: {reason}"
            );
            assert!(plies > 10, "{plies}");
        }
    }
}
