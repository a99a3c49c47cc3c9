//! The Hub line codec, for both sides of the protocol: reading a line into its command word and
//! arguments, and writing values bare or quoted.
//!
//! Tokenizer rules (as in Scan's `hub::Scanner`): a line is `<command> <arg>[=<value>] …`;
//! blanks are whitespace; a name is a run of characters that are neither control characters,
//! blanks, `=` nor `"`; a value is a name or a `"…"` string running to the next `"` (no escapes);
//! an argument without `=value` is a flag.
//!
//! Values are written bare when they are names and quoted otherwise, as Scan does. No value ever
//! contains a `"` (the protocol has no escapes): any is replaced by `'`.
//!
//! ```
//! use dama::protocol::hub::{parse_line, value};
//! let line = parse_line("info depth=3 pv=\"32-28 17-22\"").unwrap().unwrap();
//! assert_eq!((line.command.as_str(), line.get("pv")), ("info", Some("32-28 17-22")));
//! assert_eq!(value("say \"hi\""), "\"say 'hi'\"");
//! ```

use std::fmt;

/// A line that could not be read, with what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError(pub String);

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LineError {}

/// One argument: `name=value`, or a flag `name` (value `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    /// The argument's name.
    pub name: String,
    /// Its value, without the quotes; `None` for a flag.
    pub value: Option<String>,
}

/// One Hub line, read: the command word and its arguments in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubLine {
    /// The command word (`pos`, `info`, `done`, …).
    pub command: String,
    /// The arguments in order.
    pub args: Vec<Arg>,
}

impl HubLine {
    /// The value of the first argument called `name` (a flag reads as `Some("")`).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|a| a.name == name)
            .map(|a| a.value.as_deref().unwrap_or(""))
    }
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

    fn name(&mut self) -> Result<&'a str, LineError> {
        self.skip_blank();
        let end = self
            .rest
            .find(|c: char| !is_name_char(c))
            .unwrap_or(self.rest.len());
        if end == 0 {
            let near: String = self.rest.chars().take(12).collect();
            return Err(LineError(format!("expected a name at '{near}'")));
        }
        let (name, rest) = self.rest.split_at(end);
        self.rest = rest;
        Ok(name)
    }

    fn value(&mut self) -> Result<String, LineError> {
        self.skip_blank();
        if let Some(quoted) = self.rest.strip_prefix('"') {
            let Some(end) = quoted.find('"') else {
                return Err(LineError("a quoted value has no closing quote".into()));
            };
            self.rest = &quoted[end + 1..];
            return Ok(quoted[..end].to_string());
        }
        Ok(self.name()?.to_string())
    }

    fn arg(&mut self) -> Result<Arg, LineError> {
        let name = self.name()?.to_string();
        self.skip_blank();
        let value = match self.rest.strip_prefix('=') {
            Some(rest) => {
                self.rest = rest;
                if self.at_end() {
                    return Err(LineError(format!("'{name}=' has no value")));
                }
                Some(self.value()?)
            }
            None => None,
        };
        Ok(Arg { name, value })
    }
}

/// Reads a line into its command word and arguments (`None` for a blank line).
///
/// # Errors
/// A [`LineError`] saying what was wrong: a name expected where the line has `=` or `"`, a
/// quoted value without its closing quote, or `name=` without a value.
pub fn parse_line(line: &str) -> Result<Option<HubLine>, LineError> {
    let mut s = Scanner { rest: line };
    if s.at_end() {
        return Ok(None);
    }
    let command = s.name()?.to_string();
    let mut args = Vec::new();
    while !s.at_end() {
        args.push(s.arg()?);
    }
    Ok(Some(HubLine { command, args }))
}

/// A value as it is written in a line: bare if it is a name, quoted otherwise.
pub fn value(v: &str) -> String {
    if is_name(v) {
        v.to_string()
    } else {
        quoted(v)
    }
}

/// A value always in quotes (control characters become spaces, `"` becomes `'`).
pub fn quoted(v: &str) -> String {
    let clean: String = v
        .chars()
        .map(|c| match c {
            '"' => '\'',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    format!("\"{clean}\"")
}

/// `name=value`, quoting the value when needed.
pub fn pair(name: &str, v: &str) -> String {
    format!("{name}={}", value(v))
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

    fn args(line: &str) -> Vec<Arg> {
        parse_line(line).unwrap().unwrap().args
    }

    #[test]
    fn tokenizer_follows_scan() {
        let line = parse_line("  pos pos=Wbe moves=\"32-28 17-22\"  flag x = y\t")
            .unwrap()
            .unwrap();
        assert_eq!(line.command, "pos");
        assert_eq!(
            line.args,
            vec![
                arg("pos", Some("Wbe")),
                arg("moves", Some("32-28 17-22")),
                arg("flag", None),
                arg("x", Some("y")),
            ]
        );
        assert_eq!(line.get("flag"), Some(""));
        assert_eq!(line.get("none"), None);
        assert_eq!(parse_line("   ").unwrap(), None);
        assert_eq!(
            args("id author=\"\" a=\"=\""),
            vec![arg("author", Some("")), arg("a", Some("="))]
        );
    }

    #[test]
    fn reads_scan_lines() {
        let l = parse_line(r#"info depth=21 mean-depth=20.8 score=-0.01 pv="32-28 17-22""#)
            .unwrap()
            .unwrap();
        assert_eq!(l.command, "info");
        assert_eq!(l.get("score"), Some("-0.01"));
        assert_eq!(l.get("pv"), Some("32-28 17-22"));
        assert_eq!(
            args("done move=28x19x23 ponder=17-22"),
            vec![arg("move", Some("28x19x23")), arg("ponder", Some("17-22"))]
        );
    }

    #[test]
    fn tokenizer_errors() {
        assert!(parse_line("pos moves=\"32-28")
            .unwrap_err()
            .0
            .contains("closing quote"));
        assert!(parse_line("pos =x")
            .unwrap_err()
            .0
            .contains("expected a name"));
        assert!(parse_line("\"go\"").is_err());
        assert!(parse_line("set-param name=")
            .unwrap_err()
            .0
            .contains("'name=' has no value"));
    }

    #[test]
    fn is_name_matches_the_tokenizer() {
        assert!(is_name("32-28"));
        assert!(!is_name("32-28 17-22"));
        assert!(!is_name(""));
        assert!(!is_name("a=b"));
        assert!(!is_name("a\"b"));
    }

    #[test]
    fn values_are_quoted_only_when_needed() {
        assert_eq!(pair("value", "czech"), "value=czech");
        assert_eq!(pair("value", ""), "value=\"\"");
        assert_eq!(pair("values", "a b"), "values=\"a b\"");
        assert_eq!(pair("x", "a=b"), "x=\"a=b\"");
        assert_eq!(value("a\"b"), "\"a'b\"");
        assert_eq!(quoted("say \"hi\"\n"), "\"say 'hi' \"");
    }

    #[test]
    fn written_values_read_back() {
        for v in ["czech", "a b", "", "x=y", "/my dir/a"] {
            let line = parse_line(&format!("set-param {}", pair("value", v)))
                .unwrap()
                .unwrap();
            assert_eq!(line.get("value"), Some(v), "{v}");
        }
    }
}
