//! The JSON form of a match summary, as serde types: what `dama match --json` writes and
//! `dama match merge` reads back. Field order is the order of the output.

use serde::{Deserialize, Serialize};

/// A match summary as written to JSON.
#[derive(Serialize, Deserialize)]
pub(super) struct SummaryJson {
    pub engines: [String; 2],
    pub variant: String,
    pub time_control: String,
    pub games_planned: u32,
    pub openings: u32,
    /// A string: a 64-bit seed does not fit a JSON number exactly.
    pub seed: String,
    pub shard: ShardJson,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub score: Option<f64>,
    pub elo: Option<f64>,
    /// `null` when infinite.
    pub elo_margin: Option<f64>,
    pub los: Option<f64>,
    pub draw_ratio: Option<f64>,
    pub sprt: Option<SprtJson>,
    pub stopped_early: Option<String>,
    /// Only when the match was stopped because an engine kept crashing (`elo`, `elo_margin`
    /// and `los` are then null).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crash_stop: Option<String>,
    pub game_list: Vec<GameJson>,
}

/// The shards a summary covers.
#[derive(Serialize, Deserialize)]
pub(super) struct ShardJson {
    pub parts: Vec<u32>,
    pub of: u32,
}

/// The SPRT settings and state.
#[derive(Serialize, Deserialize)]
pub(super) struct SprtJson {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    /// Written for the reader of the file; recomputed from the games when read.
    #[serde(default)]
    pub llr: Option<f64>,
    #[serde(default)]
    pub lower: Option<f64>,
    #[serde(default)]
    pub upper: Option<f64>,
    #[serde(default)]
    pub verdict: String,
}

/// One game.
#[derive(Serialize, Deserialize)]
pub(super) struct GameJson {
    pub index: u32,
    pub opening: u32,
    pub white_engine: u8,
    pub result: String,
    pub termination: String,
    pub reason: String,
    pub moves: String,
}

/// `x` rounded to `decimals` decimals, or `None` (JSON `null`) when it is not finite.
pub(super) fn rounded(x: f64, decimals: i32) -> Option<f64> {
    let scale = 10f64.powi(decimals);
    x.is_finite().then(|| (x * scale).round() / scale + 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_and_writes_null_for_infinity() {
        assert_eq!(rounded(1.0 / 3.0, 2), Some(0.33));
        assert_eq!(rounded(-0.0001, 2), Some(0.0));
        assert_eq!(rounded(f64::INFINITY, 2), None);
        assert_eq!(rounded(f64::NAN, 4), None);
        let g = GameJson {
            index: 0,
            opening: 0,
            white_engine: 1,
            result: "1-0".into(),
            termination: "normal".into(),
            reason: "a \"q\" \\ é\n\u{1}".into(),
            moves: String::new(),
        };
        let back: GameJson = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back.reason, g.reason);
    }
}
