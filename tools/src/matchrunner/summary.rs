//! The result of a match (or of one shard of it): the games, the totals, the cutechess-style
//! result lines, the JSON summary, and the merge of shard summaries.

use std::collections::BTreeSet;

use super::elo::{SprtConfig, SprtVerdict, Tally};
use super::game::{EndKind, GameRecord};
use super::json::{rounded, GameJson, ShardJson, SprtJson, SummaryJson};
use dama::notation;
use dama::notation::pdn::GameResult;
use dama::rules::Variant;

/// One game as the summary keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's number in the match (0-based).
    pub index: u32,
    /// The opening's number (0-based).
    pub opening: u32,
    /// Which engine (0 or 1) had White.
    pub white_engine: usize,
    /// The result.
    pub result: GameResult,
    /// How it ended.
    pub end: EndKind,
    /// The detail of the ending.
    pub reason: String,
    /// The moves in PDN text, space separated (the opening's first).
    pub moves: String,
}

impl GameSummary {
    /// The summary of a finished game.
    pub fn of(r: &GameRecord) -> GameSummary {
        let mut pos = r.start;
        let mut text = Vec::with_capacity(r.moves.len());
        for mv in &r.moves {
            text.push(notation::format_move(&pos, mv));
            pos = pos.play(mv);
        }
        GameSummary {
            index: r.index,
            opening: r.opening,
            white_engine: r.white_engine,
            result: r.result,
            end: r.end,
            reason: r.reason.clone(),
            moves: text.join(" "),
        }
    }

    /// The score of engine `e` (0 or 1): 1, ½ or 0.
    pub fn score_of(&self, e: usize) -> f64 {
        let white = self.white_engine == e;
        match self.result {
            GameResult::Draw => 0.5,
            GameResult::WhiteWins if white => 1.0,
            GameResult::BlackWins if !white => 1.0,
            _ => 0.0,
        }
    }
}

/// Which shards a summary covers: `parts` of `of` (1-based); an unsharded match is `[1]` of 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The shard numbers covered (1-based, ascending).
    pub parts: Vec<u32>,
    /// The number of shards the match was split into.
    pub of: u32,
}

/// A match result.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSummary {
    /// The two engines' names, first engine first.
    pub engines: [String; 2],
    /// The variant.
    pub variant: Variant,
    /// The time control, as in the PDN `TimeControl` tag.
    pub time_control: String,
    /// Games the whole match was to play.
    pub games_planned: u32,
    /// Number of openings used.
    pub openings: u32,
    /// The seed (random openings).
    pub seed: u64,
    /// The shards this summary covers.
    pub shards: Shards,
    /// The SPRT settings, if any.
    pub sprt: Option<SprtConfig>,
    /// Why the match stopped before all planned games, if it did.
    pub stopped_early: Option<String>,
    /// Why the match was stopped because an engine kept crashing: the result then gives no Elo,
    /// which would come from forfeits.
    pub crash_stop: Option<String>,
    /// The games, by index.
    pub games: Vec<GameSummary>,
}

/// Formats an Elo value as cutechess does (`inf`, `-inf`, one decimal otherwise).
fn elo_text(x: f64) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{:.1}", x + 0.0) // + 0.0 turns -0.0 into 0.0
    }
}

impl MatchSummary {
    /// Wins, losses and draws of the first engine.
    pub fn tally(&self) -> Tally {
        tally_of(&self.games)
    }

    /// `Score of A vs B: W - L - D [p] N`.
    pub fn score_line(&self) -> String {
        score_line(&self.engines, &self.tally())
    }

    /// The final result lines: score, Elo with its 95% margin, LOS and draw ratio, and the SPRT;
    /// after a crash stop, the score and why the match stopped, without an Elo.
    pub fn result_lines(&self) -> Vec<String> {
        if let Some(why) = &self.crash_stop {
            return vec![
                self.score_line(),
                format!(
                    "Match stopped after {} of {} games, with no Elo (games lost by crashing \
                     were not played): {why}",
                    self.games.len(),
                    self.games_planned
                ),
            ];
        }
        let mut lines = result_lines(&self.engines, &self.tally(), self.sprt.as_ref());
        if let Some(why) = &self.stopped_early {
            lines.push(format!("Stopped early: {why}"));
        }
        lines
    }

    /// The JSON summary (the layout is serde_json's pretty printer; see `docs/match.md`).
    pub fn to_json(&self) -> String {
        let t = self.tally();
        // after a crash stop the statistics would come from forfeits: none are given
        let stat = |x: f64, places| rounded(x, places).filter(|_| self.crash_stop.is_none());
        let summary = SummaryJson {
            engines: self.engines.clone(),
            variant: self.variant.name().to_string(),
            time_control: self.time_control.clone(),
            games_planned: self.games_planned,
            openings: self.openings,
            seed: self.seed.to_string(),
            shard: ShardJson {
                parts: self.shards.parts.clone(),
                of: self.shards.of,
            },
            games: t.games(),
            wins: t.wins,
            losses: t.losses,
            draws: t.draws,
            score: rounded(t.score(), 4),
            elo: stat(t.elo(), 2),
            elo_margin: stat(t.elo_margin(), 2),
            los: stat(t.los(), 4),
            draw_ratio: rounded(t.draw_ratio(), 4),
            sprt: self.sprt.map(|s| sprt_json(&s, &t)),
            stopped_early: self.stopped_early.clone(),
            crash_stop: self.crash_stop.clone(),
            game_list: self.games.iter().map(game_json).collect(),
        };
        // only maps with non-string keys fail to serialize, and a summary has none
        let mut text = serde_json::to_string_pretty(&summary).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a JSON summary written by [`MatchSummary::to_json`].
    pub fn from_json(text: &str) -> Result<MatchSummary, String> {
        let w: SummaryJson = serde_json::from_str(text).map_err(|e| format!("summary: {e}"))?;
        let variant: Variant = w.variant.parse()?;
        let seed = w
            .seed
            .parse()
            .map_err(|_| "summary: 'seed' is not a number".to_string())?;
        let games = w
            .game_list
            .iter()
            .map(game_from_json)
            .collect::<Result<Vec<_>, _>>()?;
        let s = MatchSummary {
            engines: w.engines,
            variant,
            time_control: w.time_control,
            games_planned: w.games_planned,
            openings: w.openings,
            seed,
            shards: Shards {
                parts: w.shard.parts,
                of: w.shard.of,
            },
            sprt: w.sprt.map(|s| SprtConfig {
                elo0: s.elo0,
                elo1: s.elo1,
                alpha: s.alpha,
                beta: s.beta,
            }),
            stopped_early: w.stopped_early,
            crash_stop: w.crash_stop,
            games,
        };
        let t = s.tally();
        if [w.wins, w.losses, w.draws] != [t.wins, t.losses, t.draws] {
            return Err("summary: the totals do not match the game list".into());
        }
        Ok(s)
    }

    /// Combines shard summaries of one match. The shards must come from the same match (same
    /// engines, variant, time control, games, openings, seed, SPRT and shard count) and be
    /// distinct; when they cover every shard the result is the unsharded summary.
    pub fn merge(parts: &[MatchSummary]) -> Result<MatchSummary, String> {
        let first = parts.first().ok_or("merge: no summaries given")?;
        let mut covered = BTreeSet::new();
        let mut games = Vec::new();
        let mut stopped = None;
        let mut crash_stop = None;
        for (i, p) in parts.iter().enumerate() {
            let same = p.engines == first.engines
                && p.variant == first.variant
                && p.time_control == first.time_control
                && p.games_planned == first.games_planned
                && p.openings == first.openings
                && p.seed == first.seed
                && p.sprt == first.sprt
                && p.shards.of == first.shards.of;
            if !same {
                return Err(format!(
                    "merge: summary {} comes from a different match than summary 1",
                    i + 1
                ));
            }
            for &s in &p.shards.parts {
                if !covered.insert(s) {
                    return Err(format!("merge: shard {s}/{} given twice", p.shards.of));
                }
            }
            games.extend(p.games.iter().cloned());
            stopped = stopped.or_else(|| p.stopped_early.clone());
            crash_stop = crash_stop.or_else(|| p.crash_stop.clone());
        }
        games.sort_by_key(|g| g.index);
        if games.windows(2).any(|w| w[0].index == w[1].index) {
            return Err("merge: two summaries hold the same game".into());
        }
        let complete = covered.len() as u32 == first.shards.of
            && covered.iter().copied().eq(1..=first.shards.of);
        let shards = if complete {
            Shards {
                parts: vec![1],
                of: 1,
            }
        } else {
            Shards {
                parts: covered.into_iter().collect(),
                of: first.shards.of,
            }
        };
        Ok(MatchSummary {
            shards,
            stopped_early: stopped,
            crash_stop,
            games,
            ..first.clone()
        })
    }
}

/// Wins, losses and draws of engine 0 over `games`.
pub fn tally_of(games: &[GameSummary]) -> Tally {
    let mut t = Tally::default();
    for g in games {
        let s = g.score_of(0);
        if s == 1.0 {
            t.wins += 1;
        } else if s == 0.0 {
            t.losses += 1;
        } else {
            t.draws += 1;
        }
    }
    t
}

/// The result lines for a tally: score, Elo with its 95% margin, LOS and draw ratio, and the
/// SPRT when one runs (what the match prints at the end, and on demand while it runs).
pub fn result_lines(engines: &[String; 2], t: &Tally, sprt: Option<&SprtConfig>) -> Vec<String> {
    let mut lines = vec![
        score_line(engines, t),
        format!(
            "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {:.1} %",
            elo_text(t.elo()),
            elo_text(t.elo_margin()),
            100.0 * t.los(),
            100.0 * t.draw_ratio()
        ),
    ];
    if let Some(s) = sprt {
        lines.push(sprt_line(s, t));
    }
    lines
}

/// `Score of A vs B: W - L - D [p] N`.
pub fn score_line(engines: &[String; 2], t: &Tally) -> String {
    format!(
        "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
        engines[0],
        engines[1],
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        t.games()
    )
}

/// `SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94 - H1 was accepted`.
pub fn sprt_line(s: &SprtConfig, t: &Tally) -> String {
    let llr = s.llr(t);
    let verdict = match s.verdict(t) {
        SprtVerdict::H0 => "H0 was accepted",
        SprtVerdict::H1 => "H1 was accepted",
        SprtVerdict::Continue => "no decision yet",
    };
    format!(
        "SPRT ({} vs {} Elo, alpha {}, beta {}): llr {:.2} ({:.1}%), lbound {:.2}, ubound {:.2} - {verdict}",
        s.elo0,
        s.elo1,
        s.alpha,
        s.beta,
        llr,
        100.0 * llr / s.upper_bound(),
        s.lower_bound(),
        s.upper_bound()
    )
}

fn sprt_json(s: &SprtConfig, t: &Tally) -> SprtJson {
    let verdict = match s.verdict(t) {
        SprtVerdict::H0 => "H0",
        SprtVerdict::H1 => "H1",
        SprtVerdict::Continue => "continue",
    };
    SprtJson {
        elo0: s.elo0,
        elo1: s.elo1,
        alpha: s.alpha,
        beta: s.beta,
        llr: rounded(s.llr(t), 4),
        lower: rounded(s.lower_bound(), 4),
        upper: rounded(s.upper_bound(), 4),
        verdict: verdict.to_string(),
    }
}

fn game_json(g: &GameSummary) -> GameJson {
    GameJson {
        index: g.index,
        opening: g.opening,
        white_engine: g.white_engine as u8,
        result: g.result.pdn().to_string(),
        termination: end_text(g.end).to_string(),
        reason: g.reason.clone(),
        moves: g.moves.clone(),
    }
}

/// The termination text in the JSON (`ply limit` kept apart from score adjudication).
fn end_text(e: EndKind) -> &'static str {
    match e {
        EndKind::PlyLimit => "ply limit",
        other => other.tag(),
    }
}

fn game_from_json(g: &GameJson) -> Result<GameSummary, String> {
    let bad = || format!("summary: game {} is malformed", g.index);
    if g.white_engine > 1 {
        return Err(bad());
    }
    Ok(GameSummary {
        index: g.index,
        opening: g.opening,
        white_engine: g.white_engine as usize,
        result: GameResult::from_pdn(&g.result).ok_or_else(bad)?,
        end: EndKind::from_tag(&g.termination).ok_or_else(bad)?,
        reason: g.reason.clone(),
        moves: g.moves.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(index: u32, white_engine: usize, result: GameResult) -> GameSummary {
        GameSummary {
            index,
            opening: index / 2,
            white_engine,
            result,
            end: EndKind::Normal,
            reason: "white has no legal move".into(),
            moves: "c3-d4 f6-e5".into(),
        }
    }

    fn summary(games: Vec<GameSummary>, parts: Vec<u32>, of: u32) -> MatchSummary {
        MatchSummary {
            engines: ["A \"x\"".into(), "B".into()],
            variant: Variant::Czech,
            time_control: "depth 2".into(),
            games_planned: 4,
            openings: 2,
            seed: u64::MAX,
            shards: Shards { parts, of },
            sprt: Some(SprtConfig {
                elo0: 0.0,
                elo1: 5.5,
                alpha: 0.05,
                beta: 0.1,
            }),
            stopped_early: None,
            crash_stop: None,
            games,
        }
    }

    #[test]
    fn json_round_trip() {
        let s = summary(
            vec![
                game(0, 0, GameResult::WhiteWins),
                game(1, 1, GameResult::Draw),
            ],
            vec![1],
            1,
        );
        let back = MatchSummary::from_json(&s.to_json()).unwrap();
        assert_eq!(back, s);
        assert_eq!(
            back.tally(),
            Tally {
                wins: 1,
                losses: 0,
                draws: 1
            }
        );
    }

    #[test]
    fn merge_checks_and_combines() {
        let g = [
            game(0, 0, GameResult::WhiteWins),
            game(1, 1, GameResult::WhiteWins),
            game(2, 0, GameResult::Draw),
            game(3, 1, GameResult::BlackWins),
        ];
        let whole = summary(g.to_vec(), vec![1], 1);
        let a = summary(vec![g[0].clone(), g[1].clone()], vec![1], 2);
        let b = summary(vec![g[2].clone(), g[3].clone()], vec![2], 2);
        assert_eq!(MatchSummary::merge(&[b.clone(), a.clone()]).unwrap(), whole);
        assert!(MatchSummary::merge(&[a.clone(), a.clone()]).is_err());
        let mut other = b.clone();
        other.variant = Variant::Russian;
        assert!(MatchSummary::merge(&[a.clone(), other]).is_err());
        let part = MatchSummary::merge(&[a]).unwrap();
        assert_eq!(
            part.shards,
            Shards {
                parts: vec![1],
                of: 2
            }
        );
    }

    #[test]
    fn reads_the_layout_written_before_serde() {
        let old = r#"{
  "engines": ["A \"x\"", "B"],
  "variant": "czech",
  "time_control": "depth 2",
  "games_planned": 4,
  "openings": 2,
  "seed": "18446744073709551615",
  "shard": {"parts": [1], "of": 1},
  "games": 1,
  "wins": 1,
  "losses": 0,
  "draws": 0,
  "score": 1.0000,
  "elo": null,
  "elo_margin": null,
  "los": 0.8413,
  "draw_ratio": 0.0000,
  "sprt": {"elo0": 0, "elo1": 5.5, "alpha": 0.05, "beta": 0.1, "llr": 0.0123, "lower": -2.2513, "upper": 2.8904, "verdict": "continue"},
  "stopped_early": null,
  "game_list": [
    {"index": 0, "opening": 0, "white_engine": 0, "result": "1-0", "termination": "normal", "reason": "white has no legal move", "moves": "c3-d4 f6-e5"}
  ]
}
"#;
        let want = summary(vec![game(0, 0, GameResult::WhiteWins)], vec![1], 1);
        assert_eq!(MatchSummary::from_json(old), Ok(want));
    }

    #[test]
    fn tampered_totals_are_rejected() {
        let s = summary(vec![game(0, 0, GameResult::WhiteWins)], vec![1], 1);
        let bad = s.to_json().replace("\"wins\": 1", "\"wins\": 2");
        assert!(MatchSummary::from_json(&bad).is_err());
    }
}
