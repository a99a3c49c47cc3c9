//! Score adjudication: a draw when both engines' scores stay near zero, a loss when both agree
//! one side is lost, each held for several moves (cutechess-style `movecount`).

use std::fmt;
use std::sync::Arc;

use dama::bitbase::{Bitbases, Wdl};
use dama::game::{DrawSwitches, WideGame};
use dama::types::Color;

/// Draw when, from full move `move_number` on, both engines report |score| ≤ `score_cp` for
/// `move_count` consecutive moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The first full move at which a draw may be adjudicated.
    pub move_number: u32,
    /// Consecutive moves per engine.
    pub move_count: u32,
    /// Threshold in hundredths of a man.
    pub score_cp: i32,
}

/// Loss for a side when its engine reports ≤ −`score_cp` and the opponent ≥ `score_cp`, each
/// for `move_count` consecutive moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves per engine.
    pub move_count: u32,
    /// Threshold in hundredths of a man.
    pub score_cp: i32,
}

/// Reads `movenumber=M,movecount=N,score=S` (draw) or `movecount=N,score=S` (resign).
fn parse_keys(text: &str, allowed: &[&str], what: &str) -> Result<Vec<(String, i64)>, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("{what}: '{part}' is not key=value"))?;
        let k = k.trim();
        if !allowed.contains(&k) {
            return Err(format!(
                "{what}: unknown key '{k}' (allowed: {})",
                allowed.join(", ")
            ));
        }
        let v: i64 = v
            .trim()
            .parse()
            .map_err(|_| format!("{what}: {k} value '{v}' is not an integer"))?;
        if !(0..=100_000).contains(&v) {
            return Err(format!("{what}: {k} must be between 0 and 100000"));
        }
        out.push((k.to_string(), v));
    }
    Ok(out)
}

fn key(pairs: &[(String, i64)], k: &str, what: &str) -> Result<i64, String> {
    pairs
        .iter()
        .find(|(n, _)| n == k)
        .map(|p| p.1)
        .ok_or_else(|| format!("{what} needs {k}=.."))
}

impl DrawRule {
    /// Reads `movenumber=40,movecount=8,score=10`.
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let what = "--draw";
        let p = parse_keys(text, &["movenumber", "movecount", "score"], what)?;
        Ok(DrawRule {
            move_number: key(&p, "movenumber", what)? as u32,
            move_count: (key(&p, "movecount", what)? as u32).max(1),
            score_cp: key(&p, "score", what)? as i32,
        })
    }
}

impl ResignRule {
    /// Reads `movecount=3,score=500`.
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let what = "--resign";
        let p = parse_keys(text, &["movecount", "score"], what)?;
        Ok(ResignRule {
            move_count: (key(&p, "movecount", what)? as u32).max(1),
            score_cp: key(&p, "score", what)? as i32,
        })
    }
}

/// The verdict of an adjudicator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Adjudicated {
    /// Drawn by score.
    Draw(String),
    /// The given colour won by score.
    Win(Color, String),
}

/// Tracks the scores each side's engine reported, newest last.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    draw: Option<DrawRule>,
    resign: Option<ResignRule>,
    scores: [Vec<Option<i32>>; 2],
}

impl Adjudicator {
    /// An adjudicator with the given rules (either may be off).
    pub fn new(draw: Option<DrawRule>, resign: Option<ResignRule>) -> Adjudicator {
        Adjudicator {
            draw,
            resign,
            scores: [Vec::new(), Vec::new()],
        }
    }

    /// Records the score (hundredths of a man, from `side`'s view) of the engine that just
    /// moved for `side`, and says whether the game is now adjudicated. `full_move` is the
    /// number of the move just made.
    pub fn record(
        &mut self,
        side: Color,
        score_cp: Option<i32>,
        full_move: u32,
    ) -> Option<Adjudicated> {
        self.scores[side.index()].push(score_cp);
        if let Some(r) = self.resign {
            for loser in Color::ALL {
                let lost = self.held(loser, r.move_count, |s| s <= -r.score_cp);
                let won = self.held(!loser, r.move_count, |s| s >= r.score_cp);
                if lost && won {
                    return Some(Adjudicated::Win(
                        !loser,
                        format!(
                            "adjudication: both engines scored {} at least {} for {} moves",
                            (!loser).name(),
                            r.score_cp,
                            r.move_count
                        ),
                    ));
                }
            }
        }
        if let Some(d) = self.draw {
            let quiet = |s: i32| s.abs() <= d.score_cp;
            if full_move >= d.move_number
                && self.held(Color::White, d.move_count, quiet)
                && self.held(Color::Black, d.move_count, quiet)
            {
                return Some(Adjudicated::Draw(format!(
                    "adjudication: both scores within {} for {} moves",
                    d.score_cp, d.move_count
                )));
            }
        }
        None
    }

    fn held(&self, side: Color, count: u32, ok: impl Fn(i32) -> bool) -> bool {
        let s = &self.scores[side.index()];
        let n = count as usize;
        s.len() >= n && s[s.len() - n..].iter().all(|v| v.is_some_and(&ok))
    }
}

/// Adjudication by endgame bitbases: a draw when the bitbase says draw (draw rules can only add
/// draws), a win when the bitbase says win and the exact distance to the end is known and fits
/// inside the draw counters running now.
#[derive(Clone)]
pub struct BitbaseJudge(pub Arc<Bitbases>);

impl fmt::Debug for BitbaseJudge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BitbaseJudge({})", self.0.dir().display())
    }
}

impl BitbaseJudge {
    /// The verdict on the game's current position, if the bitbases give one.
    pub fn judge(&self, game: &WideGame) -> Option<Adjudicated> {
        let pos = game.position();
        let probe = self.0.probe(&pos.in_word::<u64>()?)?; // 64-bit bitbases
        let side = pos.side();
        let winner = match probe.wdl {
            Wdl::Draw => return Some(Adjudicated::Draw("adjudication: bitbase draw".into())),
            Wdl::Win => side,
            Wdl::Loss => !side,
        };
        let d = probe.distance?;
        let left = game
            .counters()
            .plies_left(pos.rules(), &DrawSwitches::default());
        if left.is_some_and(|l| d > l) {
            return None;
        }
        Some(Adjudicated::Win(
            winner,
            format!(
                "adjudication: bitbase win for {} in {d} plies",
                winner.name()
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_rules() {
        assert_eq!(
            DrawRule::parse("movenumber=40,movecount=8,score=10").unwrap(),
            DrawRule {
                move_number: 40,
                move_count: 8,
                score_cp: 10
            }
        );
        assert!(DrawRule::parse("movecount=8,score=10").is_err());
        assert!(ResignRule::parse("movecount=3,score=x").is_err());
        assert!(ResignRule::parse("movecount=3,score=500,extra=1").is_err());
    }

    #[test]
    fn resign_needs_both_engines_for_several_moves() {
        let r = ResignRule {
            move_count: 2,
            score_cp: 300,
        };
        let mut a = Adjudicator::new(None, Some(r));
        assert_eq!(a.record(Color::White, Some(400), 1), None);
        assert_eq!(a.record(Color::Black, Some(-400), 1), None);
        assert_eq!(a.record(Color::White, Some(500), 2), None);
        match a.record(Color::Black, Some(-350), 2) {
            Some(Adjudicated::Win(Color::White, _)) => {}
            other => panic!("expected a white win, got {other:?}"),
        }
        let mut b = Adjudicator::new(None, Some(r));
        for (side, s) in [
            (Color::White, 400),
            (Color::Black, -400),
            (Color::White, 400),
        ] {
            assert_eq!(b.record(side, Some(s), 1), None);
        }
        assert_eq!(
            b.record(Color::Black, None, 2),
            None,
            "a missing score breaks the run"
        );
    }

    #[test]
    fn draw_waits_for_the_move_number() {
        let d = DrawRule {
            move_number: 3,
            move_count: 1,
            score_cp: 10,
        };
        let mut a = Adjudicator::new(Some(d), None);
        a.record(Color::White, Some(0), 2);
        assert_eq!(a.record(Color::Black, Some(5), 2), None);
        a.record(Color::White, Some(-3), 3);
        assert!(matches!(
            a.record(Color::Black, Some(0), 3),
            Some(Adjudicated::Draw(_))
        ));
    }
}
