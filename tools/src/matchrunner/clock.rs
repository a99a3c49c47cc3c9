//! Time controls and the clocks the runner keeps for each side.

use std::fmt;
use std::time::Duration;

/// How long an engine may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// A game clock: base time plus an increment added before every move (Fischer).
    Clock {
        /// Time for the whole game.
        base: Duration,
        /// Added before every move.
        increment: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed search depth (no clock).
    Depth(u32),
    /// A fixed number of nodes a move (no clock): the same search whatever the machine's load.
    Nodes(u64),
}

impl TimeControl {
    /// Whether the engines think without a clock, to a depth or a node count (a late answer is
    /// then a hang, not a time forfeit).
    pub fn is_unclocked(&self) -> bool {
        matches!(self, TimeControl::Depth(_) | TimeControl::Nodes(_))
    }

    /// Reads `MIN+INC` (minutes plus seconds of increment, e.g. `1+0.5`, `0.1+0`), as in
    /// `--tc`.
    pub fn parse_clock(text: &str) -> Result<TimeControl, String> {
        let (m, i) = text.split_once('+').unwrap_or((text, "0"));
        let min = parse_nonneg(m, "minutes")?;
        let inc = parse_nonneg(i, "increment")?;
        if min == 0.0 && inc == 0.0 {
            return Err(format!("time control '{text}' gives no time at all"));
        }
        Ok(TimeControl::Clock {
            base: Duration::from_secs_f64(min * 60.0),
            increment: Duration::from_secs_f64(inc),
        })
    }

    /// The PDN `TimeControl` tag value: seconds plus increment (`60+0.5`), `move-time 1` for a
    /// fixed time per move, `depth 4` for a fixed depth, `nodes 20000` for fixed nodes.
    pub fn pdn_tag(&self) -> String {
        match self {
            TimeControl::Clock { base, increment } => {
                format!("{}+{}", secs(*base), secs(*increment))
            }
            TimeControl::MoveTime(t) => format!("move-time {}", secs(*t)),
            TimeControl::Depth(d) => format!("depth {d}"),
            TimeControl::Nodes(n) => format!("nodes {n}"),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pdn_tag())
    }
}

fn parse_nonneg(text: &str, what: &str) -> Result<f64, String> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{what} '{text}' is not a number"))?;
    if !(0.0..=1e6).contains(&v) {
        return Err(format!("{what} '{text}' must be between 0 and 1000000"));
    }
    Ok(v)
}

/// Seconds written without useless zeros (`60`, `0.5`, `1.25`).
pub fn secs(d: Duration) -> String {
    let s = format!("{:.3}", d.as_secs_f64());
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// One side's game clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideClock {
    /// Time left, not counting the increment of the coming move.
    pub left: Duration,
    /// The increment added before every move.
    pub increment: Duration,
}

impl SideClock {
    /// A full clock.
    pub fn new(base: Duration, increment: Duration) -> SideClock {
        SideClock {
            left: base,
            increment,
        }
    }

    /// Time available for the coming move (time left plus its increment).
    pub fn available(&self) -> Duration {
        self.left + self.increment
    }

    /// Charges a move that took `used`; `false` (a time forfeit) when it took longer than the
    /// available time plus `margin`.
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        let avail = self.available();
        self.left = avail.saturating_sub(used);
        used <= avail + margin
    }

    /// The Hub `level` line for this clock: `level time=<left> inc=<inc>` (the increment is
    /// added before every move, so `time` excludes it, as the Hub spec says).
    pub fn level_line(&self) -> String {
        format!(
            "level time={:.3} inc={:.3}",
            self.left.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_minutes_plus_increment() {
        assert_eq!(
            TimeControl::parse_clock("1+0.5").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(60),
                increment: Duration::from_millis(500)
            }
        );
        assert_eq!(TimeControl::parse_clock("2").unwrap().pdn_tag(), "120+0");
        assert!(TimeControl::parse_clock("x+1").is_err());
        assert!(TimeControl::parse_clock("0+0").is_err());
        assert!(TimeControl::parse_clock("-1+0").is_err());
    }

    #[test]
    fn clock_adds_increment_and_detects_forfeit() {
        let mut c = SideClock::new(Duration::from_secs(1), Duration::from_millis(100));
        assert_eq!(c.level_line(), "level time=1.000 inc=0.100");
        assert!(c.charge(Duration::from_millis(600), Duration::ZERO));
        assert_eq!(c.left, Duration::from_millis(500));
        assert!(!c.charge(Duration::from_millis(700), Duration::from_millis(50)));
        assert_eq!(c.left, Duration::ZERO);
    }
}
