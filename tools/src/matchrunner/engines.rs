//! The engines of a match's workers: all started (handshaken, or connected) before the first
//! game, where a failure stops the match with an error naming the engine; and the count of games
//! each engine has lost in a row by crashing, which stops a match that would be scored from
//! forfeits.

use super::dxp::{DxpTarget, DEFAULT_PORT};
use super::game::{EndKind, EngineSlot, GameRecord};
use super::hub::{EngineSpec, HubError, HANDSHAKE_TIMEOUT};
use super::runner::MatchConfig;

/// Checks that every worker can have engines of its own: a `dxp:HOST:PORT` engine is one server
/// played on one connection, and `dxp:CMD` engines started side by side each need a port.
pub fn check_workers(cfg: &MatchConfig, workers: usize) -> Result<(), String> {
    if workers <= 1 {
        return Ok(());
    }
    for spec in &cfg.engines {
        let name = format!("engine '{}' ({})", spec.name, spec.command);
        match DxpTarget::parse(&spec.command) {
            Some(DxpTarget::Address(_)) => {
                return Err(format!(
                    "{name} is a DXP server that the match plays on one connection, one game at \
                     a time: give --concurrency 1"
                ))
            }
            Some(DxpTarget::Command(c)) if !c.contains("{port}") => {
                return Err(format!(
                    "{name}: with --concurrency {workers} every worker starts this engine, and \
                     they cannot all listen on port {DEFAULT_PORT}: put {{port}} in the command \
                     where its port goes"
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// Why `spec`'s engine cannot play, in one line that names it and its command (for a DXP
/// engine, its address).
fn cannot_start(spec: &EngineSpec, e: &HubError) -> String {
    let why = match e {
        HubError::Crashed(m) => m.clone(),
        HubError::TimedOut => format!(
            "no answer to the handshake within {} s",
            HANDSHAKE_TIMEOUT.as_secs()
        ),
        HubError::Garbage(m) => format!("an answer the protocol does not allow: {m}"),
    };
    format!(
        "engine '{}' ({}) cannot play, so the match stops before its first game: {why}",
        spec.name, spec.command
    )
}

/// A worker's two engines, started (and handshaken, or connected) before its first game.
fn started_pair(cfg: &MatchConfig) -> Result<[EngineSlot; 2], String> {
    let mut slots = cfg
        .engines
        .clone()
        .map(|spec| EngineSlot::new(spec, cfg.variant, cfg.play.tc));
    for i in 0..2 {
        if let Err(e) = slots[i].engine() {
            for s in &mut slots[..i] {
                s.shutdown();
            }
            return Err(cannot_start(&cfg.engines[i], &e));
        }
    }
    Ok(slots)
}

/// Every worker's engines, started side by side; the first failure stops everything (the
/// engines already started are quit) and is returned.
pub(super) fn start_workers(
    cfg: &MatchConfig,
    workers: usize,
) -> Result<Vec<[EngineSlot; 2]>, String> {
    let results: Vec<Result<[EngineSlot; 2], String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| s.spawn(|| started_pair(cfg)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("an engine start panicked".to_string()))
            })
            .collect()
    });
    let mut pairs = Vec::new();
    let mut failure = None;
    for r in results {
        match r {
            Ok(p) => pairs.push(p),
            Err(e) => failure = failure.or(Some(e)),
        }
    }
    match failure {
        None => Ok(pairs),
        Some(e) => {
            for s in pairs.iter_mut().flatten() {
                s.shutdown();
            }
            Err(e)
        }
    }
}

/// Updates the games-in-a-row each engine has lost by a crash with `record` (in the order games
/// finish); the reason to stop when one of them reaches `limit`.
pub(super) fn count_crashes(
    streaks: &mut [u32; 2],
    record: &GameRecord,
    names: [&str; 2],
    limit: u32,
) -> Option<String> {
    let mut stop = None;
    for (e, streak) in streaks.iter_mut().enumerate() {
        let crashed = record.end == EndKind::Crash && record.score_of(e) == 0.0;
        *streak = if crashed { *streak + 1 } else { 0 };
        if crashed && limit > 0 && *streak == limit {
            let name = names[e];
            let last = record
                .reason
                .strip_prefix(&format!("{name} crashed: "))
                .unwrap_or(&record.reason);
            stop = Some(format!(
                "{name} crashed in {limit} games in a row; the last time: {last}"
            ));
        }
    }
    stop
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::notation::pdn::GameResult;
    use dama::rules::Variant;
    use dama::WidePosition;

    /// A game engine 1 lost: by a crash or by the rules.
    fn lost_by_engine_1(end: EndKind) -> GameRecord {
        GameRecord {
            index: 0,
            opening: 0,
            white_engine: 0,
            white: "A".into(),
            black: "B".into(),
            start: WidePosition::start(Variant::Czech),
            moves: vec![],
            opening_plies: 0,
            result: GameResult::WhiteWins,
            end,
            reason: "B crashed: it exited".into(),
        }
    }

    #[test]
    fn crashes_count_in_a_row_and_a_played_game_resets_them() {
        let (crash, played) = (
            lost_by_engine_1(EndKind::Crash),
            lost_by_engine_1(EndKind::Normal),
        );
        let mut streaks = [0; 2];
        let mut stops = Vec::new();
        for r in [&crash, &crash, &played, &crash, &crash, &crash] {
            stops.push(count_crashes(&mut streaks, r, ["A", "B"], 3));
        }
        assert_eq!(stops[..5], [None, None, None, None, None]);
        assert_eq!(
            stops[5].as_deref(),
            Some("B crashed in 3 games in a row; the last time: it exited")
        );
        assert_eq!(streaks, [0, 3]);
        let mut streaks = [0; 2];
        for _ in 0..10 {
            assert_eq!(count_crashes(&mut streaks, &crash, ["A", "B"], 0), None);
        }
    }

    #[test]
    fn workers_side_by_side_need_their_own_dxp_engines() {
        let cfg = |command: &str| MatchConfig {
            engines: [
                EngineSpec {
                    name: "A".into(),
                    command: "dama hub".into(),
                    options: vec![],
                },
                EngineSpec {
                    name: "B".into(),
                    command: command.into(),
                    options: vec![],
                },
            ],
            variant: Variant::International,
            games: 4,
            openings: vec![],
            play: crate::matchrunner::game::PlayConfig {
                tc: crate::matchrunner::TimeControl::Depth(1),
                time_margin: Default::default(),
                hang_timeout: Default::default(),
                draw: None,
                resign: None,
                bitbases: None,
                max_plies: 1,
            },
            concurrency: 2,
            sprt: None,
            shard: None,
            seed: 1,
            crash_limit: 3,
        };
        let server = cfg("dxp:127.0.0.1:27531");
        assert_eq!(check_workers(&server, 1), Ok(()));
        let e = check_workers(&server, 2).unwrap_err();
        assert!(e.contains("engine 'B' (dxp:127.0.0.1:27531)") && e.contains("--concurrency 1"));
        let e = check_workers(&cfg("dxp:scan dxp"), 2).unwrap_err();
        assert!(e.contains("{port}"), "{e}");
        assert_eq!(
            check_workers(&cfg("dxp:dama dxp --listen {port}"), 2),
            Ok(())
        );
        assert_eq!(check_workers(&cfg("dama hub"), 2), Ok(()));
    }
}
