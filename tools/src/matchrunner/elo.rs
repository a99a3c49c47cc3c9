//! Match statistics: score, Elo difference with a 95% interval, likelihood of superiority, and
//! the sequential probability ratio test.
//!
//! The Elo and its error bar follow cutechess-cli (`EloCalculator`): the per-game score variance
//! of the trinomial win/draw/loss sample gives a normal 95% interval on the mean score, and both
//! ends are mapped to Elo. The SPRT is the generalized SPRT of fishtest
//! (`stat_util.LLR_logistic`): the hypotheses are logistic Elo values `elo0` and `elo1`, and
//! the log-likelihood ratio is computed from the maximum-likelihood trinomial distributions with
//! expected score `s0` and `s1`, with fishtest's small prior of 0.001 added to each count.

/// The 97.5% quantile of the standard normal distribution.
const Z975: f64 = 1.959_963_984_540_054;

/// Wins, losses and draws of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games the first engine lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first engine's mean score per game (win 1, draw ½); 0.5 with no games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / n as f64
    }

    /// The fraction of draws.
    pub fn draw_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        self.draws as f64 / n as f64
    }

    /// The per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        let mu = self.score();
        let (w, l, d) = (
            self.wins as f64 / n,
            self.losses as f64 / n,
            self.draws as f64 / n,
        );
        w * (1.0 - mu).powi(2) + l * mu.powi(2) + d * (0.5 - mu).powi(2)
    }

    /// The Elo difference of the first engine over the second (infinite after a clean sweep).
    pub fn elo(&self) -> f64 {
        elo_of_score(self.score())
    }

    /// Half the width of the 95% interval of [`Tally::elo`] (NaN when the score is 0 or 1, or
    /// there are no games).
    pub fn elo_margin(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return f64::NAN;
        }
        let mu = self.score();
        let sd = (self.variance() / n as f64).sqrt();
        (elo_of_score(mu + Z975 * sd) - elo_of_score(mu - Z975 * sd)) / 2.0
    }

    /// Likelihood of superiority: the probability that the first engine is the stronger, from
    /// wins and losses only (draws carry no information): ½(1 + erf((W − L)/√(2(W + L)))).
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

/// The logistic Elo difference for a mean score `p` (±infinity at 1 and 0; NaN outside [0, 1]).
pub fn elo_of_score(p: f64) -> f64 {
    if !(0.0..=1.0).contains(&p) {
        return f64::NAN;
    }
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The expected score of a player `elo` points stronger.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, to 1.2e-7 (Numerical Recipes' Chebyshev fit of erfc).
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc
    } else {
        erfc - 1.0
    }
}

/// The SPRT hypotheses and error rates (`--sprt elo0=0,elo1=5,alpha=0.05,beta=0.05`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    /// Elo of the null hypothesis H0.
    pub elo0: f64,
    /// Elo of the alternative hypothesis H1.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// The state of the test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// Keep playing.
    Continue,
    /// H0 accepted (the first engine is not `elo1` stronger).
    H0,
    /// H1 accepted (the first engine is at least `elo0` stronger).
    H1,
}

impl SprtConfig {
    /// Reads `elo0=E0,elo1=E1,alpha=A,beta=B` (alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<SprtConfig, String> {
        let mut c = SprtConfig {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("--sprt: '{part}' is not key=value"))?;
            let v: f64 = v
                .trim()
                .parse()
                .map_err(|_| format!("--sprt: {k} value '{v}' is not a number"))?;
            match k.trim() {
                "elo0" => c.elo0 = v,
                "elo1" => c.elo1 = v,
                "alpha" => c.alpha = v,
                "beta" => c.beta = v,
                other => {
                    return Err(format!(
                        "--sprt: unknown key '{other}' (elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        if !c.elo0.is_finite() || !c.elo1.is_finite() {
            return Err("--sprt needs elo0=.. and elo1=..".into());
        }
        if c.elo1 <= c.elo0 {
            return Err(format!(
                "--sprt: elo1 ({}) must be above elo0 ({})",
                c.elo1, c.elo0
            ));
        }
        for (name, v) in [("alpha", c.alpha), ("beta", c.beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("--sprt: {name} must be between 0 and 0.5, got {v}"));
            }
        }
        Ok(c)
    }

    /// The lower bound ln(β/(1−α)): H0 is accepted at or below it.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound ln((1−β)/α): H1 is accepted at or above it.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 for the results so far.
    pub fn llr(&self, t: &Tally) -> f64 {
        if t.games() == 0 {
            return 0.0;
        }
        const PRIOR: f64 = 1e-3;
        let counts = [
            t.losses as f64 + PRIOR,
            t.draws as f64 + PRIOR,
            t.wins as f64 + PRIOR,
        ];
        let n: f64 = counts.iter().sum();
        let pdf: Vec<(f64, f64)> = [0.0, 0.5, 1.0]
            .iter()
            .zip(counts)
            .map(|(&a, c)| (a, c / n))
            .collect();
        let p0 = mle(&pdf, score_of_elo(self.elo0));
        let p1 = mle(&pdf, score_of_elo(self.elo1));
        n * pdf
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(&(_, p), (q0, q1))| p * (q1 / q0).ln())
            .sum::<f64>()
    }

    /// The verdict for the results so far.
    pub fn verdict(&self, t: &Tally) -> SprtVerdict {
        let llr = self.llr(t);
        if llr >= self.upper_bound() {
            SprtVerdict::H1
        } else if llr <= self.lower_bound() {
            SprtVerdict::H0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// The distribution closest (maximum likelihood) to `pdf` with the same support and expected
/// score `s`: p_i / (1 + x(a_i − s)) where x solves Σ p_i (a_i − s)/(1 + x(a_i − s)) = 0
/// (the secular equation of fishtest's `MLE_expected`), solved by bisection.
fn mle(pdf: &[(f64, f64)], s: f64) -> Vec<f64> {
    let amax = pdf.iter().map(|p| p.0).fold(f64::MIN, f64::max);
    let amin = pdf.iter().map(|p| p.0).fold(f64::MAX, f64::min);
    let f = |x: f64| -> f64 {
        pdf.iter()
            .map(|&(a, p)| p * (a - s) / (1.0 + x * (a - s)))
            .sum()
    };
    let mut lo = -1.0 / (amax - s) + 1e-12;
    let mut hi = 1.0 / (s - amin) - 1e-12;
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = (lo + hi) / 2.0;
    pdf.iter().map(|&(a, p)| p / (1.0 + x * (a - s))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_tables() {
        assert!((erf(0.5) - 0.520_499_877_8).abs() < 2e-7);
        assert!((erf(-1.0) + 0.842_700_792_9).abs() < 2e-7);
        assert!(erf(0.0).abs() < 2e-7);
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for e in [-300.0, -10.0, 0.0, 35.0, 400.0] {
            assert!((elo_of_score(score_of_elo(e)) - e).abs() < 1e-9);
        }
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
    }

    #[test]
    fn sprt_config_parses_and_checks() {
        let c = SprtConfig::parse("elo0=0,elo1=5,alpha=0.05,beta=0.1").unwrap();
        assert_eq!((c.elo0, c.elo1, c.alpha, c.beta), (0.0, 5.0, 0.05, 0.1));
        assert!(SprtConfig::parse("elo0=5,elo1=0").is_err());
        assert!(SprtConfig::parse("elo0=0").is_err());
        assert!(SprtConfig::parse("elo0=0,elo1=5,gamma=1").is_err());
        assert!(SprtConfig::parse("elo0=0,elo1=5,alpha=0.7").is_err());
    }
}
