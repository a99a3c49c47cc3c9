//! Training positions from PDN games: quiet positions labelled with the game result.
//!
//! Games are read with the library's PDN reader ([`dama::notation::pdn`]), one game at a time
//! so that a bad game is counted and skipped instead of failing the file. Games ended
//! by a fault (time forfeit, illegal move, crash, hang, garbage output) and games without a
//! result are skipped whole. From the rest, every position after the first
//! [`ReadOptions::skip_plies`] plies where neither side has a capture is kept, labelled 1, ½ or
//! 0 from the side to move's view. Every `holdout_every`-th game goes to the validation set.
//! Identical positions are merged with the mean of their labels.

use std::collections::HashMap;

use dama::movegen;
use dama::notation::pdn::{split_games, GameResult, PdnGame};
use dama::rules::Variant;
use dama::types::Color;
use dama::Position;

/// One training position and its label (the expected score of the side to move, 0..=1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The position.
    pub pos: Position,
    /// The mean game result from the side to move's view.
    pub label: f64,
}

/// What to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// Only games of this variant are used (others are counted as skipped).
    pub variant: Variant,
    /// Positions before this ply (from the game's start position) are not used.
    pub skip_plies: usize,
    /// Every this-many-th game (the last of each group) goes to the validation set; 0: none.
    pub holdout_every: usize,
}

impl ReadOptions {
    /// Skip 10 plies, hold out every 10th game.
    pub fn new(variant: Variant) -> ReadOptions {
        ReadOptions {
            variant,
            skip_plies: 10,
            holdout_every: 10,
        }
    }
}

/// Counts of what was read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadStats {
    /// Games found in the text.
    pub games: usize,
    /// Games that gave positions (training and validation).
    pub used: usize,
    /// Games ended by a fault (by the `Termination` tag).
    pub faults: usize,
    /// Games without a result.
    pub unfinished: usize,
    /// Games of another variant.
    pub other_variant: usize,
    /// Games that did not parse or replay.
    pub bad: usize,
    /// The first few parse errors, one line each.
    pub errors: Vec<String>,
    /// Positions kept before merging duplicates.
    pub positions: usize,
}

/// The `Termination` tag values that mark a game ended by a fault.
pub const FAULTS: [&str; 5] = [
    "time forfeit",
    "illegal move",
    "crash",
    "hang",
    "garbage output",
];

/// Accumulates training and validation positions over several PDN texts.
#[derive(Debug)]
pub struct Collector {
    opts: ReadOptions,
    stats: ReadStats,
    train: Vec<(Position, f64)>,
    valid: Vec<(Position, f64)>,
    used_games: usize,
}

/// The merged training and validation sets.
#[derive(Clone, Debug, Default)]
pub struct DataSet {
    /// Positions to fit on.
    pub train: Vec<Sample>,
    /// Positions of the held-out games.
    pub valid: Vec<Sample>,
}

impl Collector {
    /// An empty collector.
    pub fn new(opts: ReadOptions) -> Collector {
        Collector {
            opts,
            stats: ReadStats::default(),
            train: Vec::new(),
            valid: Vec::new(),
            used_games: 0,
        }
    }

    /// Reads every game of a PDN text; `source` names it in error lines.
    pub fn add_text(&mut self, source: &str, text: &str) {
        for (i, raw) in split_games(text).iter().enumerate() {
            self.stats.games += 1;
            let game = raw
                .variant(self.opts.variant)
                .and_then(|v| raw.replay(v, usize::MAX));
            match game {
                Ok(g) => self.add_game(&g),
                Err(e) => {
                    self.stats.bad += 1;
                    if self.stats.errors.len() < 5 {
                        self.stats
                            .errors
                            .push(format!("{source}: PDN game {}: {e}", i + 1));
                    }
                }
            }
        }
    }

    /// Adds one game (or counts why it is skipped).
    pub fn add_game(&mut self, g: &PdnGame) {
        if g.start.variant() != self.opts.variant {
            self.stats.other_variant += 1;
            return;
        }
        if g.tag("Termination").is_some_and(|t| FAULTS.contains(&t)) {
            self.stats.faults += 1;
            return;
        }
        let Some(result) = g.result else {
            self.stats.unfinished += 1;
            return;
        };
        let found = quiet_positions(g, result, self.opts.skip_plies);
        self.stats.used += 1;
        self.stats.positions += found.len();
        self.used_games += 1;
        let every = self.opts.holdout_every;
        if every > 0 && self.used_games.is_multiple_of(every) {
            self.valid.extend(found);
        } else {
            self.train.extend(found);
        }
    }

    /// The counts so far.
    pub fn stats(&self) -> &ReadStats {
        &self.stats
    }

    /// The merged sets, in a fixed order (first occurrence).
    pub fn finish(self) -> DataSet {
        DataSet {
            train: merge(&self.train),
            valid: merge(&self.valid),
        }
    }
}

/// The quiet positions of a game from ply `skip` on, labelled from the side to move's view.
pub fn quiet_positions(g: &PdnGame, result: GameResult, skip: usize) -> Vec<(Position, f64)> {
    let mut out = Vec::new();
    // the tuner evaluates 64-bit positions: a 12×12 game gives none
    let Some(mut pos) = g.start.in_word::<u64>() else {
        return out;
    };
    for (ply, mv) in g.moves.iter().enumerate() {
        if ply >= skip && is_quiet(&pos) {
            out.push((pos, label(result, pos.side())));
        }
        pos = pos.play(&mv.in_word());
    }
    if g.moves.len() >= skip && is_quiet(&pos) && !movegen::legal_moves(&pos).is_empty() {
        out.push((pos, label(result, pos.side())));
    }
    out
}

/// True when neither the side to move nor its opponent has a capture.
pub fn is_quiet(pos: &Position) -> bool {
    !movegen::has_capture(pos) && !movegen::has_capture(&pos.with_side(!pos.side()))
}

/// The result as a score for `side`.
pub fn label(result: GameResult, side: Color) -> f64 {
    match (result, side) {
        (GameResult::Draw, _) => 0.5,
        (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 1.0,
        _ => 0.0,
    }
}

/// Identical positions merged, each with the mean of its labels, in first-seen order.
pub fn merge(items: &[(Position, f64)]) -> Vec<Sample> {
    let mut index: HashMap<Position, usize> = HashMap::new();
    let mut sums: Vec<(Position, f64, u32)> = Vec::new();
    for &(pos, l) in items {
        let i = *index.entry(pos).or_insert_with(|| {
            sums.push((pos, 0.0, 0));
            sums.len() - 1
        });
        sums[i].1 += l;
        sums[i].2 += 1;
    }
    sums.into_iter()
        .map(|(pos, s, n)| Sample {
            pos,
            label: s / f64::from(n),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A short international game: 15 plies with two exchanges, White wins.
    const GAME: &str = "[Event \"t\"]\n[Result \"1-0\"]\n[GameType \"20,W,10,10,N2,0\"]\n\
        [Termination \"normal\"]\n\n\
        1. 32-28 19-23 2. 28x19 14x23 3. 33-28 {a comment} 23x32 4. 37x28 20-24 5. 31-27 \
        15-20 6. 36-31 10-15 7. 41-36 5-10 8. 47-41 1-0\n\n";

    fn positions(text: &str, skip: usize) -> Collector {
        let mut c = Collector::new(ReadOptions {
            variant: Variant::International,
            skip_plies: skip,
            holdout_every: 0,
        });
        c.add_text("test", text);
        c
    }

    #[test]
    fn quiet_positions_of_a_short_game() {
        let c = positions(GAME, 0);
        assert_eq!(c.stats().used, 1, "{:?}", c.stats());
        // 15 plies, 16 positions; captures pending after plies 2, 3, 5, 6 (before 28x19,
        // 14x23, 23x32, 37x28) and the start is quiet: 16 - 4 = 12.
        assert_eq!(c.stats().positions, 12, "{:?}", c.stats());
        let c = positions(GAME, 10);
        // plies 10..=15 are all quiet
        assert_eq!(c.stats().positions, 6);
        let d = c.finish();
        assert_eq!(d.train.len(), 6);
        assert!(d.valid.is_empty());
        // ply 10 has White to move and White won
        assert_eq!(d.train[0].label, 1.0);
        assert_eq!(d.train[1].label, 0.0);
    }

    #[test]
    fn faults_bad_games_and_holdout() {
        let fault = GAME.replace("normal", "time forfeit");
        let bad = GAME.replace("32-28 19-23", "32-28 19-25");
        let other = "[GameType \"29\"]\n[Result \"1-0\"]\n\n1. c3-d4 1-0\n\n";
        let unfinished = GAME
            .replace("47-41 1-0", "47-41 *")
            .replace("[Result \"1-0\"]\n", "");
        let text = [GAME, &fault, &bad, other, &unfinished, GAME].concat();
        let mut c = Collector::new(ReadOptions {
            variant: Variant::International,
            skip_plies: 10,
            holdout_every: 2,
        });
        c.add_text("f.pdn", &text);
        let s = c.stats().clone();
        assert_eq!((s.games, s.used, s.faults, s.bad), (6, 2, 1, 1));
        assert_eq!((s.other_variant, s.unfinished), (1, 1));
        assert!(
            s.errors[0].starts_with("f.pdn: PDN game 3: move 2"),
            "{:?}",
            s.errors
        );
        let d = c.finish();
        assert_eq!((d.train.len(), d.valid.len()), (6, 6));
    }

    #[test]
    fn duplicates_are_merged() {
        let p = Position::start(Variant::International);
        let q = p.with_side(Color::Black);
        let m = merge(&[(p, 1.0), (q, 0.0), (p, 0.5)]);
        assert_eq!(m.len(), 2);
        assert_eq!((m[0].pos, m[0].label), (p, 0.75));
        assert_eq!(m[1].label, 0.0);
    }
}
