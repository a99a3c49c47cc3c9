//! Reading Hub command lines into typed [`Command`] values (pure: no engine, no I/O).
//!
//! Tokenizer rules (as in Scan's `hub::Scanner`): a line is `<command> <arg>[=<value>] …`;
//! blanks are whitespace; a name is a run of characters that are neither control characters,
//! blanks, `=` nor `"`; a value is a name or a `"…"` string running to the next `"` (no escapes);
//! an argument without `=value` is a flag. Unknown commands and unknown arguments are ignored.

use std::fmt;
use std::time::Duration;

/// A line that could not be read, with what was wrong (sent back as `error message="…"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CommandError {}

/// One argument: `name=value`, or a flag `name` (value `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    /// The argument's name.
    pub name: String,
    /// Its value, without the quotes; `None` for a flag.
    pub value: Option<String>,
}

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

fn is_blank(c: char) -> bool {
    c.is_whitespace()
}

fn is_name_char(c: char) -> bool {
    !c.is_control() && !is_blank(c) && c != '=' && c != '"'
}

/// True when `s` can be written without quotes.
pub fn is_name(s: &str) -> bool {
    !s.is_empty() && s.chars().all(is_name_char)
}

/// A cursor over one line.
struct Scanner<'a> {
    rest: &'a str,
}

impl<'a> Scanner<'a> {
    fn skip_blank(&mut self) {
        self.rest = self.rest.trim_start_matches(is_blank);
    }

    fn at_end(&mut self) -> bool {
        self.skip_blank();
        self.rest.is_empty()
    }

    fn name(&mut self) -> Result<&'a str, CommandError> {
        self.skip_blank();
        let end = self
            .rest
            .find(|c: char| !is_name_char(c))
            .unwrap_or(self.rest.len());
        if end == 0 {
            let near: String = self.rest.chars().take(12).collect();
            return Err(CommandError(format!("expected a name at '{near}'")));
        }
        let (name, rest) = self.rest.split_at(end);
        self.rest = rest;
        Ok(name)
    }

    fn value(&mut self) -> Result<String, CommandError> {
        self.skip_blank();
        if let Some(quoted) = self.rest.strip_prefix('"') {
            let Some(end) = quoted.find('"') else {
                return Err(CommandError("a quoted value has no closing quote".into()));
            };
            self.rest = &quoted[end + 1..];
            return Ok(quoted[..end].to_string());
        }
        Ok(self.name()?.to_string())
    }

    fn arg(&mut self) -> Result<Arg, CommandError> {
        let name = self.name()?.to_string();
        self.skip_blank();
        let value = match self.rest.strip_prefix('=') {
            Some(rest) => {
                self.rest = rest;
                if self.at_end() {
                    return Err(CommandError(format!("'{name}=' has no value")));
                }
                Some(self.value()?)
            }
            None => None,
        };
        Ok(Arg { name, value })
    }
}

/// Splits a line into its command word and arguments (`None` for a blank line).
pub fn tokenize(line: &str) -> Result<Option<(String, Vec<Arg>)>, CommandError> {
    let mut s = Scanner { rest: line };
    if s.at_end() {
        return Ok(None);
    }
    let command = s.name()?.to_string();
    let mut args = Vec::new();
    while !s.at_end() {
        args.push(s.arg()?);
    }
    Ok(Some((command, args)))
}

/// The value of the first argument called `name` (a flag reads as `Some("")`).
fn find<'a>(args: &'a [Arg], name: &str) -> Option<&'a str> {
    args.iter()
        .find(|a| a.name == name)
        .map(|a| a.value.as_deref().unwrap_or(""))
}

/// Reads one command line. Errors name the command and what was wrong.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let tokens = match tokenize(line) {
        // a `pos` line that cannot be read is still a `pos`, refused with the reason
        Err(e) if line.split_whitespace().next() == Some("pos") => {
            return Ok(Command::Pos {
                pos: PosSpec::Unreadable(e.0),
                moves: Vec::new(),
            })
        }
        t => t?,
    };
    let Some((word, args)) = tokens else {
        return Ok(Command::Blank);
    };
    let cmd = match word.as_str() {
        "hub" => Command::Hub,
        "init" => Command::Init,
        "set-param" => parse_set_param(&args)?,
        "pos" => parse_pos(&args),
        "level" => Command::Level(parse_level(&args)?),
        "go" => Command::Go(parse_go(&args)),
        "ping" => Command::Ping,
        "ponder-hit" => Command::PonderHit,
        "stop" => Command::Stop,
        "new-game" => Command::NewGame,
        "quit" => Command::Quit,
        _ => Command::Unknown(word),
    };
    Ok(cmd)
}

fn parse_set_param(args: &[Arg]) -> Result<Command, CommandError> {
    let name = find(args, "name")
        .filter(|n| !n.is_empty())
        .ok_or_else(|| CommandError("set-param: missing name".into()))?;
    Ok(Command::SetParam {
        name: name.to_string(),
        value: find(args, "value").unwrap_or("").to_string(),
    })
}

fn parse_pos(args: &[Arg]) -> Command {
    let pos = match find(args, "pos") {
        Some(text) if !text.is_empty() && text != "start" => PosSpec::Text(text.to_string()),
        _ => PosSpec::Start,
    };
    let moves = find(args, "moves")
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
) -> Result<T, CommandError> {
    match value.trim().parse::<T>() {
        Ok(v) if v >= min && v <= max => Ok(v),
        _ => Err(CommandError(format!(
            "level: {name} must be an integer from {min} to {max}, not '{value}'"
        ))),
    }
}

fn level_seconds(name: &str, value: &str, min: f64) -> Result<f64, CommandError> {
    match value.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (min..=MAX_SECONDS).contains(&v) => Ok(v),
        _ => Err(CommandError(format!(
            "level: {name} must be a number of seconds from {min} to {MAX_SECONDS}, not '{value}'"
        ))),
    }
}

fn parse_level(args: &[Arg]) -> Result<Level, CommandError> {
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

    fn arg(name: &str, value: Option<&str>) -> Arg {
        Arg {
            name: name.into(),
            value: value.map(str::to_string),
        }
    }

    #[test]
    fn tokenizer_follows_scan() {
        let (cmd, args) = tokenize("  pos pos=Wbe moves=\"32-28 17-22\"  flag x = y\t")
            .unwrap()
            .unwrap();
        assert_eq!(cmd, "pos");
        assert_eq!(
            args,
            vec![
                arg("pos", Some("Wbe")),
                arg("moves", Some("32-28 17-22")),
                arg("flag", None),
                arg("x", Some("y")),
            ]
        );
        assert_eq!(tokenize("   ").unwrap(), None);
        let (_, args) = tokenize("id author=\"\" a=\"=\"").unwrap().unwrap();
        assert_eq!(args, vec![arg("author", Some("")), arg("a", Some("="))]);
    }

    #[test]
    fn tokenizer_errors() {
        assert!(tokenize("pos moves=\"32-28")
            .unwrap_err()
            .0
            .contains("closing quote"));
        assert!(tokenize("pos =x")
            .unwrap_err()
            .0
            .contains("expected a name"));
        assert!(tokenize("\"go\"").is_err());
        assert!(tokenize("set-param name=")
            .unwrap_err()
            .0
            .contains("'name=' has no value"));
    }

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
            Err(CommandError("set-param: missing name".into()))
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

    #[test]
    fn is_name_matches_the_tokenizer() {
        assert!(is_name("32-28"));
        assert!(!is_name("32-28 17-22"));
        assert!(!is_name(""));
        assert!(!is_name("a=b"));
    }
}
