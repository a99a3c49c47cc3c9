//! Reading Hub command lines into typed [`Command`] values (pure: no engine, no I/O).
//!
//! Lines are tokenised by [`super::line`]; unknown commands and unknown arguments are ignored.

use std::fmt;
use std::time::Duration;

use super::line::{parse_line, Arg, HubLine, LineError};
/// The kind of search asked for by `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoMode {
    /// A normal search for a move (also when `go` has no argument).
    Think,
    /// A search on the opponent's time: clocks start at `ponder-hit`.
    Ponder,
    /// Analysis: no book, and a search even with one legal move.
    Analyze,
    /// A hint for the side to move (a dama extension): a full-strength search, whatever the
    /// `skill`, whose `done` also names the square of the piece to move (`piece=`).
    Hint,
}

/// Search limits collected from `level` lines; each line sets only the fields it names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Level {
    /// `depth=`: maximum depth in plies.
    pub depth: Option<u32>,
    /// `nodes=`: maximum number of nodes.
    pub nodes: Option<u64>,
    /// `move-time=`: time for this move.
    pub move_time: Option<Duration>,
    /// `moves=`: moves left until the next time control.
    pub moves: Option<u32>,
    /// `time=`: time left, not counting the increment for this move (may be negative: some
    /// clients subtract the increment from a clock below it; the usable time is `time + inc`).
    pub time: Option<f64>,
    /// `inc=`: increment added before every move.
    pub inc: Option<Duration>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

impl Level {
    /// Adds the fields set in `other` (the later `level` line wins per field).
    pub fn merge(&mut self, other: &Level) {
        self.depth = other.depth.or(self.depth);
        self.nodes = other.nodes.or(self.nodes);
        self.move_time = other.move_time.or(self.move_time);
        self.moves = other.moves.or(self.moves);
        self.time = other.time.or(self.time);
        self.inc = other.inc.or(self.inc);
        self.infinite |= other.infinite;
    }
}

/// The position part of `pos`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PosSpec {
    /// The variant's start position (`pos start`, or `pos` without `pos=`).
    Start,
    /// A Hub position string.
    Text(String),
    /// A `pos` line whose arguments could not be read, with the reason: the position is
    /// refused like a wrong one.
    Unreadable(String),
}

/// A Hub command line, read.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `hub`: identify and list the parameters.
    Hub,
    /// `set-param name=… value=…` (a missing value reads as empty).
    SetParam {
        /// The parameter name.
        name: String,
        /// The value as sent.
        value: String,
    },
    /// `init`: get ready.
    Init,
    /// `pos [pos=<position>|start] [moves="<move> …"]`.
    Pos {
        /// The start of the game.
        pos: PosSpec,
        /// The moves played since, as sent.
        moves: Vec<String>,
    },
    /// `level …`: search limits (they add up until the next `pos`).
    Level(Level),
    /// `go think|ponder|analyze`.
    Go(GoMode),
    /// `ping`: answer `pong`.
    Ping,
    /// `ponder-hit`: the predicted move was played.
    PonderHit,
    /// `stop`: end the search now.
    Stop,
    /// `new-game`: forget what was learned.
    NewGame,
    /// `quit`.
    Quit,
    /// An empty line.
    Blank,
    /// A command dama does not know (ignored).
    Unknown(String),
}

/// Reads one command line. Errors name the command and what was wrong.
pub fn parse(line: &str) -> Result<Command, LineError> {
    let read = match parse_line(line) {
        // a `pos` line that cannot be read is still a `pos`, refused with the reason
        Err(e) if line.split_whitespace().next() == Some("pos") => {
            return Ok(Command::Pos {
                pos: PosSpec::Unreadable(e.0),
                moves: Vec::new(),
            })
        }
        read => read?,
    };
    let Some(line) = read else {
        return Ok(Command::Blank);
    };
    let cmd = match line.command.as_str() {
        "hub" => Command::Hub,
        "init" => Command::Init,
        "set-param" => parse_set_param(&line)?,
        "pos" => parse_pos(&line),
        "level" => Command::Level(parse_level(&line.args)?),
        "go" => Command::Go(parse_go(&line.args)),
        "ping" => Command::Ping,
        "ponder-hit" => Command::PonderHit,
        "stop" => Command::Stop,
        "new-game" => Command::NewGame,
        "quit" => Command::Quit,
        _ => Command::Unknown(line.command),
    };
    Ok(cmd)
}

fn parse_set_param(line: &HubLine) -> Result<Command, LineError> {
    let name = line
        .get("name")
        .filter(|n| !n.is_empty())
        .ok_or_else(|| LineError("set-param: missing name".into()))?;
    Ok(Command::SetParam {
        name: name.to_string(),
        value: line.get("value").unwrap_or("").to_string(),
    })
}

fn parse_pos(line: &HubLine) -> Command {
    let pos = match line.get("pos") {
        Some(text) if !text.is_empty() && text != "start" => PosSpec::Text(text.to_string()),
        _ => PosSpec::Start,
    };
    let moves = line
        .get("moves")
        .map(|m| m.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    Command::Pos { pos, moves }
}

fn parse_go(args: &[Arg]) -> GoMode {
    args.iter()
        .find_map(|a| match a.name.as_str() {
            "think" => Some(GoMode::Think),
            "ponder" => Some(GoMode::Ponder),
            "analyze" | "analyse" => Some(GoMode::Analyze),
            "hint" => Some(GoMode::Hint),
            _ => None,
        })
        .unwrap_or(GoMode::Think)
}

/// Longest time accepted in `level` (about 31 years), so that every value fits a `Duration`.
const MAX_SECONDS: f64 = 1e9;
/// Deepest `level depth=` accepted.
pub const MAX_DEPTH: u32 = 1000;

fn level_int<T: std::str::FromStr + PartialOrd + fmt::Display>(
    name: &str,
    value: &str,
    min: T,
    max: T,
) -> Result<T, LineError> {
    match value.trim().parse::<T>() {
        Ok(v) if v >= min && v <= max => Ok(v),
        _ => Err(LineError(format!(
            "level: {name} must be an integer from {min} to {max}, not '{value}'"
        ))),
    }
}

fn level_seconds(name: &str, value: &str, min: f64) -> Result<f64, LineError> {
    match value.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (min..=MAX_SECONDS).contains(&v) => Ok(v),
        _ => Err(LineError(format!(
            "level: {name} must be a number of seconds from {min} to {MAX_SECONDS}, not '{value}'"
        ))),
    }
}

fn parse_level(args: &[Arg]) -> Result<Level, LineError> {
    let mut level = Level::default();
    for a in args {
        let v = a.value.as_deref().unwrap_or("");
        match a.name.as_str() {
            "depth" => level.depth = Some(level_int("depth", v, 1, MAX_DEPTH)?),
            "nodes" => level.nodes = Some(level_int("nodes", v, 1, u64::MAX)?),
            "moves" => level.moves = Some(level_int("moves", v, 1, 10_000)?),
            "move-time" => {
                let s = level_seconds("move-time", v, 0.0)?;
                level.move_time = Some(Duration::from_secs_f64(s));
            }
            "time" => level.time = Some(level_seconds("time", v, -MAX_SECONDS)?),
            "inc" => level.inc = Some(Duration::from_secs_f64(level_seconds("inc", v, 0.0)?)),
            "infinite" => level.infinite = true,
            _ => {}
        }
    }
    Ok(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_commands() {
        for (line, cmd) in [
            ("hub", Command::Hub),
            ("init", Command::Init),
            ("ping", Command::Ping),
            ("ponder-hit", Command::PonderHit),
            ("stop", Command::Stop),
            ("new-game", Command::NewGame),
            ("quit", Command::Quit),
            ("", Command::Blank),
            ("go", Command::Go(GoMode::Think)),
            ("go think", Command::Go(GoMode::Think)),
            ("go ponder", Command::Go(GoMode::Ponder)),
            ("go analyze", Command::Go(GoMode::Analyze)),
            ("go hint", Command::Go(GoMode::Hint)),
            ("go foo=1 ponder", Command::Go(GoMode::Ponder)),
            ("fly away", Command::Unknown("fly".into())),
        ] {
            assert_eq!(parse(line), Ok(cmd), "{line}");
        }
    }

    #[test]
    fn set_param() {
        assert_eq!(
            parse("set-param name=variant value=russian"),
            Ok(Command::SetParam {
                name: "variant".into(),
                value: "russian".into()
            })
        );
        assert_eq!(
            parse("set-param name=bitbases value=\"/my dir\" extra=1"),
            Ok(Command::SetParam {
                name: "bitbases".into(),
                value: "/my dir".into()
            })
        );
        assert_eq!(
            parse("set-param value=3"),
            Err(LineError("set-param: missing name".into()))
        );
    }

    #[test]
    fn pos_forms() {
        assert_eq!(
            parse("pos"),
            Ok(Command::Pos {
                pos: PosSpec::Start,
                moves: vec![]
            })
        );
        assert_eq!(
            parse("pos start moves=\"c3-d4  f6-g5\""),
            Ok(Command::Pos {
                pos: PosSpec::Start,
                moves: vec!["c3-d4".into(), "f6-g5".into()]
            })
        );
        assert_eq!(
            parse("pos pos=Wbbe moves=22-18"),
            Ok(Command::Pos {
                pos: PosSpec::Text("Wbbe".into()),
                moves: vec!["22-18".into()]
            })
        );
        // An unreadable `pos` is a refused position, not a line without a command.
        assert_eq!(
            parse("pos moves=\"32-28"),
            Ok(Command::Pos {
                pos: PosSpec::Unreadable("a quoted value has no closing quote".into()),
                moves: Vec::new()
            })
        );
        assert!(parse("level moves=\"32").is_err());
    }

    #[test]
    fn level_forms_and_merging() {
        let Ok(Command::Level(a)) = parse("level moves=40 time=59.5 inc=1") else {
            panic!()
        };
        assert_eq!(a.moves, Some(40));
        assert_eq!(a.time, Some(59.5));
        assert_eq!(a.inc, Some(Duration::from_secs(1)));
        let Ok(Command::Level(b)) = parse("level move-time=90 ponder") else {
            panic!()
        };
        let Ok(Command::Level(c)) = parse("level depth=12 nodes=1000 infinite") else {
            panic!()
        };
        let mut all = a.clone();
        all.merge(&b);
        all.merge(&c);
        assert_eq!(all.move_time, Some(Duration::from_secs(90)));
        assert_eq!(
            (all.depth, all.nodes, all.infinite),
            (Some(12), Some(1000), true)
        );
        assert_eq!(all.time, Some(59.5));
        assert_ne!(all, Level::default());
        let Ok(Command::Level(neg)) = parse("level time=-0.25 inc=0.5") else {
            panic!()
        };
        assert_eq!(neg.time, Some(-0.25));
    }

    #[test]
    fn bad_level_values_name_the_field_and_range() {
        for (line, field) in [
            ("level depth=0", "depth"),
            ("level depth=abc", "depth"),
            ("level depth=1001", "depth"),
            ("level nodes=-5", "nodes"),
            ("level moves=0", "moves"),
            ("level move-time=-1", "move-time"),
            ("level move-time=NaN", "move-time"),
            ("level time=inf", "time"),
            ("level inc=\"\"", "inc"),
            ("level time=1e300", "time"),
        ] {
            let e = parse(line).unwrap_err().0;
            assert!(
                e.starts_with(&format!("level: {field} must be")),
                "{line}: {e}"
            );
            assert!(e.contains(" from ") && e.contains(" to "), "{e}");
        }
    }
}
