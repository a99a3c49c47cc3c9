//! The bench: a fixed set of positions from several variants (Czech first), each searched to a
//! fixed depth from a cleared table. The node total is the engine's behaviour signature: it
//! changes exactly when search or evaluation behaviour changes (with one thread).

use std::time::{Duration, Instant};

use crate::engine::{Engine, EngineOptions};
use crate::notation::FenError;
use crate::position::Position;
use crate::rules::Variant;
use crate::search::SearchLimits;

/// Default bench depth.
pub const DEFAULT_DEPTH: u32 = 12;

/// One bench position.
#[derive(Clone, Copy, Debug)]
pub struct BenchEntry {
    /// Its variant.
    pub variant: Variant,
    /// The position as PDN FEN.
    pub fen: &'static str,
}

const fn entry(variant: Variant, fen: &'static str) -> BenchEntry {
    BenchEntry { variant, fen }
}

/// The bench positions.
pub static POSITIONS: &[BenchEntry] = &[
    entry(
        Variant::Czech,
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
    ),
    entry(
        Variant::Czech,
        "W:Wd4,f4,a3,e3,b2,f2,h2,a1,c1,e1,g1:Bd8,f8,h8,a7,g7,b6,d6,h6,c5,e5,g5",
    ),
    entry(
        Variant::Czech,
        "W:Wf4,a3,e3,g3,b2,f2,a1,c1,e1,g1:Bf8,h8,c7,e7,g7,d6,h6,a5,c5,h4",
    ),
    entry(
        Variant::Czech,
        "W:Wf4,a3,c3,g3,h2,a1,c1,g1:Bd8,a7,d6,f6,h6,a5,c5,e5",
    ),
    entry(Variant::Czech, "W:Wf4,h4,b2,a1,c1,g1:Bh8,c7,f6,h6,a5,c5"),
    entry(Variant::Czech, "W:We5,g5,f4,a3,c3,a1:Bc7,d6,h6,c5,b4"),
    entry(Variant::Czech, "W:WKh2,a1:BKf6,g7,a5"),
    entry(Variant::Czech, "W:WKa1,Kc1,Ke1:BKh4"),
    entry(
        Variant::Russian,
        "W:Wa5,b4,f4,h4,a3,d2,f2,a1,c1,e1,g1:Bb8,f8,h8,a7,c7,e7,b6,d6,h6,c5,e5",
    ),
    entry(
        Variant::Russian,
        "W:Wa5,b4,h4,a3,c3,d2,a1,c1:Bb8,f8,a7,c7,g7,b6,d6,f4",
    ),
    entry(
        Variant::Brazilian,
        "W:Wf4,a3,g3,f2,h2,a1,c1,e1,g1:Bd8,f8,h8,e7,g7,d6,f6,h6,c5",
    ),
    entry(Variant::Pool, "B:W15,21,25,26,28-32:B3-8,12,16"),
    entry(
        Variant::English,
        "B:W17,19-21,23,25,27,29-31:B1-5,7,9,10,12,14",
    ),
    entry(
        Variant::English,
        "B:W16,18,19,21,23,24,27,29:B1,2,4,7,9,10,12,14,22",
    ),
    entry(
        Variant::International,
        "W:W28,34-37,41-50:B1-5,7-10,14-17,20,23",
    ),
    entry(
        Variant::International,
        "W:W31,32,34,35,37,40,45-50:B1-5,10,12,16,18,20,21,23",
    ),
    entry(
        Variant::Mala,
        "B:Wd4,f4,h4,f2,a1,c1,e1,g1:Bb8,d8,h8,g7,b6,d6,f6,c5",
    ),
];

/// The outcome of a bench run.
#[derive(Clone, Copy, Debug)]
pub struct BenchReport {
    /// Nodes over all positions (the signature, with one thread).
    pub nodes: u64,
    /// Wall time of the searches.
    pub time: Duration,
    /// Nodes per second.
    pub nps: f64,
}

/// Searches every bench position to `depth` with `threads` threads and a `hash_mb` table,
/// calling `on_position(index, entry, nodes)` after each.
pub fn run(
    depth: u32,
    threads: usize,
    hash_mb: usize,
    on_position: &mut dyn FnMut(usize, &BenchEntry, u64),
) -> Result<BenchReport, FenError> {
    let mut engine = Engine::<u64>::new(EngineOptions {
        threads,
        hash_mb,
        ..EngineOptions::default()
    });
    let limits = SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    };
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    for (i, e) in POSITIONS.iter().enumerate() {
        let pos = Position::from_fen(e.variant, e.fen)?;
        engine.set_options(EngineOptions {
            variant: e.variant,
            ..engine.options().clone()
        });
        engine.new_game();
        engine.set_position(pos, &[]);
        let t = Instant::now();
        let r = engine.go(&limits, &mut |_| {});
        time += t.elapsed();
        nodes += r.nodes;
        on_position(i, e, r.nodes);
    }
    Ok(BenchReport {
        nodes,
        time,
        nps: nodes as f64 / time.as_secs_f64().max(1e-9),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_is_valid() {
        for e in POSITIONS {
            Position::from_fen(e.variant, e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.fen));
        }
        assert_eq!(POSITIONS[0].variant, Variant::Czech);
    }
}
