//! Running a match: the game schedule (openings, colours, shards), the engines started before
//! the first game, the worker threads, the SPRT and crash stops, and the events reported to the
//! caller.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

use super::elo::{SprtConfig, SprtVerdict, Tally};
use super::engines::{check_workers, count_crashes, start_workers};
use super::game::{play_game, EngineSlot, GameRecord, GameSetup, PlayConfig};
use super::hub::EngineSpec;
use super::openings::Opening;
use super::summary::{tally_of, GameSummary, MatchSummary, Shards};
use dama::rules::Variant;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two engines.
    pub engines: [EngineSpec; 2],
    /// The variant.
    pub variant: Variant,
    /// Games in the whole match (each opening is played twice with colours swapped).
    pub games: u32,
    /// The openings, used in order and cycled.
    pub openings: Vec<Opening>,
    /// Clocks, adjudication and limits.
    pub play: PlayConfig,
    /// Games played at the same time (each worker runs its own pair of engines).
    pub concurrency: usize,
    /// Stop early when the SPRT decides.
    pub sprt: Option<SprtConfig>,
    /// Play only shard `i` of `n` (1-based): the game pairs whose number is `i − 1` modulo `n`.
    pub shard: Option<(u32, u32)>,
    /// The seed (recorded in the summary; it chose the random openings).
    pub seed: u64,
    /// Stop the match once an engine has lost this many games in a row by a crash (it exited,
    /// closed its connection, or could not be restarted or reconnected); 0: never.
    pub crash_limit: u32,
}

/// The default [`MatchConfig::crash_limit`].
pub const CRASH_LIMIT: u32 = 3;

/// What the runner reports while it works.
#[derive(Debug)]
pub enum MatchEvent<'a> {
    /// A game began.
    GameStarted {
        /// The game's number in the match.
        index: u32,
        /// White's name.
        white: &'a str,
        /// Black's name.
        black: &'a str,
    },
    /// A game ended.
    GameFinished {
        /// The game.
        record: &'a GameRecord,
        /// The first engine's totals after it.
        tally: Tally,
        /// Games finished so far in this run.
        done: u32,
        /// Games this run is to play.
        planned: u32,
    },
    /// The SPRT decided; no new games are started.
    SprtStop(SprtVerdict),
    /// An engine crashed in [`MatchConfig::crash_limit`] games in a row; no new games are
    /// started.
    CrashStop {
        /// Why, as the summary says it.
        reason: &'a str,
    },
}

/// The games of shard `shard` (all games when `None`): game `g` uses pair `g / 2`, opening
/// `pair mod openings`, and the first engine has White in even games.
pub fn schedule(games: u32, shard: Option<(u32, u32)>) -> Vec<u32> {
    (0..games)
        .filter(|g| shard.is_none_or(|(i, n)| (g / 2) % n == i - 1))
        .collect()
}

/// Checks a `--shard I/N` value.
pub fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--shard '{text}' must be I/N with 1 <= I <= N, e.g. 2/4");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let i: u32 = i.trim().parse().map_err(|_| bad())?;
    let n: u32 = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// What the workers of a running match share: the games to play, the results, the SPRT verdict.
struct MatchState {
    queue: Vec<u32>,
    next: AtomicU32,
    stop: AtomicBool,
    results: Mutex<Vec<GameRecord>>,
    verdict: Mutex<Option<SprtVerdict>>,
    /// Games in a row each engine has lost by a crash.
    crash_streaks: Mutex<[u32; 2]>,
    /// Why the match stopped for crashes.
    crash_stop: Mutex<Option<String>>,
}

/// Plays the match and returns its summary. `on_event` is called from the worker threads.
pub fn run_match(
    cfg: &MatchConfig,
    on_event: &(dyn Fn(MatchEvent) + Sync),
) -> Result<MatchSummary, String> {
    if cfg.openings.is_empty() {
        return Err("no openings".into());
    }
    if let Some((i, n)) = cfg.shard {
        if i == 0 || i > n {
            return Err(format!("bad shard {i}/{n}"));
        }
    }
    let shared = MatchState {
        queue: schedule(cfg.games, cfg.shard),
        next: AtomicU32::new(0),
        stop: AtomicBool::new(false),
        results: Mutex::new(Vec::new()),
        verdict: Mutex::new(None),
        crash_streaks: Mutex::new([0; 2]),
        crash_stop: Mutex::new(None),
    };
    let workers = cfg.concurrency.clamp(1, shared.queue.len().max(1));
    check_workers(cfg, workers)?;
    let pairs = start_workers(cfg, workers)?;
    std::thread::scope(|s| {
        for slots in pairs {
            let shared = &shared;
            s.spawn(move || worker(cfg, slots, shared, on_event));
        }
    });
    let mut records = shared
        .results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    records.sort_by_key(|r| r.index);
    let verdict = shared
        .verdict
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let crash_stop = shared
        .crash_stop
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let (parts, of) = cfg.shard.map_or((vec![1], 1), |(i, n)| (vec![i], n));
    Ok(MatchSummary {
        engines: [cfg.engines[0].name.clone(), cfg.engines[1].name.clone()],
        variant: cfg.variant,
        time_control: cfg.play.tc.pdn_tag(),
        games_planned: cfg.games,
        openings: cfg.openings.len() as u32,
        seed: cfg.seed,
        shards: Shards { parts, of },
        sprt: cfg.sprt,
        stopped_early: verdict.map(|v| match v {
            SprtVerdict::H0 => "SPRT accepted H0".to_string(),
            SprtVerdict::H1 => "SPRT accepted H1".to_string(),
            SprtVerdict::Continue => "stopped".to_string(),
        }),
        crash_stop,
        games: records.iter().map(GameSummary::of).collect(),
    })
}

fn worker(
    cfg: &MatchConfig,
    mut slots: [EngineSlot; 2],
    shared: &MatchState,
    on_event: &(dyn Fn(MatchEvent) + Sync),
) {
    let planned = shared.queue.len() as u32;
    loop {
        if shared.stop.load(Ordering::SeqCst) {
            break;
        }
        let k = shared.next.fetch_add(1, Ordering::SeqCst) as usize;
        let Some(&index) = shared.queue.get(k) else {
            break;
        };
        let pair = index / 2;
        let opening_index = pair % cfg.openings.len() as u32;
        let setup = GameSetup {
            index,
            opening_index,
            opening: &cfg.openings[opening_index as usize],
            white_engine: (index % 2) as usize,
        };
        let (w, b) = (setup.white_engine, 1 - setup.white_engine);
        on_event(MatchEvent::GameStarted {
            index,
            white: &cfg.engines[w].name,
            black: &cfg.engines[b].name,
        });
        let [s0, s1] = &mut slots;
        let record = play_game(&setup, [s0, s1], &cfg.play);
        let mut results = shared.results.lock().unwrap_or_else(|e| e.into_inner());
        results.push(record.clone());
        let summaries: Vec<GameSummary> = results.iter().map(lite).collect();
        let tally = tally_of(&summaries);
        let done = results.len() as u32;
        on_event(MatchEvent::GameFinished {
            record: &record,
            tally,
            done,
            planned,
        });
        if let Some(sprt) = &cfg.sprt {
            let v = sprt.verdict(&tally);
            if v != SprtVerdict::Continue && !shared.stop.swap(true, Ordering::SeqCst) {
                *shared.verdict.lock().unwrap_or_else(|e| e.into_inner()) = Some(v);
                on_event(MatchEvent::SprtStop(v));
            }
        }
        stop_for_crashes(cfg, shared, &record, on_event);
        drop(results);
    }
    for s in &mut slots {
        s.shutdown();
    }
}

/// Counts `record`'s crashes and stops the match when an engine reached the crash limit (called
/// while the results are locked, so the games count in the order they finish).
fn stop_for_crashes(
    cfg: &MatchConfig,
    shared: &MatchState,
    record: &GameRecord,
    on_event: &(dyn Fn(MatchEvent) + Sync),
) {
    let names = [cfg.engines[0].name.as_str(), cfg.engines[1].name.as_str()];
    let mut streaks = shared
        .crash_streaks
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let Some(reason) = count_crashes(&mut streaks, record, names, cfg.crash_limit) else {
        return;
    };
    shared.stop.store(true, Ordering::SeqCst);
    let mut stop = shared.crash_stop.lock().unwrap_or_else(|e| e.into_inner());
    if stop.is_none() {
        on_event(MatchEvent::CrashStop { reason: &reason });
        *stop = Some(reason);
    }
}

/// The part of a record the tally needs (no move text).
fn lite(r: &GameRecord) -> GameSummary {
    GameSummary {
        index: r.index,
        opening: r.opening,
        white_engine: r.white_engine,
        result: r.result,
        end: r.end,
        reason: String::new(),
        moves: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_pairs_and_cover_everything() {
        assert_eq!(schedule(6, None), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(schedule(6, Some((1, 2))), vec![0, 1, 4, 5]);
        assert_eq!(schedule(6, Some((2, 2))), vec![2, 3]);
        let mut all: Vec<u32> = (1..=3).flat_map(|i| schedule(11, Some((i, 3)))).collect();
        all.sort();
        assert_eq!(all, (0..11).collect::<Vec<_>>());
    }

    #[test]
    fn shard_text() {
        assert_eq!(parse_shard("2/4"), Ok((2, 4)));
        for bad in ["0/4", "5/4", "1/0", "x", "1/"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
