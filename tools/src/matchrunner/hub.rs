//! The client side of the Hub protocol: start an engine process, handshake, search, quit.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use dama::protocol::hub::{parse_line, value};
use dama::rules::Variant;

/// How long an engine may take to answer `hub` with `wait` and `init` with `ready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);

/// One engine of a match: a display name, the command line and `set-param` options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name used in results and PDN.
    pub name: String,
    /// The command line, split like a shell would (double or single quotes group words).
    pub command: String,
    /// Extra `set-param name=.. value=..` pairs sent before `init`.
    pub options: Vec<(String, String)>,
}

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HubError {
    /// The process could not start, exited, or closed its output.
    Crashed(String),
    /// No answer before the deadline.
    TimedOut,
    /// An answer that is not what the protocol allows.
    Garbage(String),
}

impl fmt::Display for HubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HubError::Crashed(m) => write!(f, "crash ({m})"),
            HubError::TimedOut => f.write_str("no answer in time"),
            HubError::Garbage(m) => write!(f, "garbage output ({m})"),
        }
    }
}

impl std::error::Error for HubError {}

/// Splits a command line into words: blanks separate, single or double quotes group.
pub fn split_command(cmd: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in cmd.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unterminated quote in engine command '{cmd}'"));
    }
    if in_word {
        words.push(cur);
    }
    if words.is_empty() {
        return Err("empty engine command".into());
    }
    Ok(words)
}

/// A `param` line the engine declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The parameter name.
    pub name: String,
    /// The allowed values of an enum parameter (empty otherwise).
    pub values: Vec<String>,
}

/// What an engine answered to one search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReply {
    /// The text of `done move=...` (may be empty when the engine sent a bare `done`).
    pub mv: String,
    /// The last `info score=` in men from the engine's side, if any.
    pub score: Option<f64>,
    /// The last `info depth=`, if any.
    pub depth: Option<u32>,
}

/// A running Hub engine process.
pub struct HubEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The name from the engine's `id name=` line.
    pub id_name: Option<String>,
    /// The declared parameters.
    pub params: Vec<Param>,
    /// The protocol version: 2 (Scan 3.x), or 1 (Scan 1.x and 2.x) when the engine answered
    /// `hub` with `name …` instead of `id name=…`.
    pub version: u8,
}

impl HubEngine {
    /// Starts `spec`'s command, handshakes (`hub` … `wait`), sets the variant (when the engine
    /// declares a `variant` parameter) and the options, and sends `init` … `ready`.
    pub fn start(spec: &EngineSpec, variant: Variant) -> Result<HubEngine, HubError> {
        let mut e = HubEngine::spawn(&spec.command)?;
        e.handshake(spec, variant)?;
        Ok(e)
    }

    fn spawn(command: &str) -> Result<HubEngine, HubError> {
        let words = split_command(command).map_err(HubError::Crashed)?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| HubError::Crashed(format!("cannot start '{}': {e}", words[0])))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(HubEngine {
            child,
            stdin,
            lines: rx,
            id_name: None,
            params: Vec::new(),
            version: 2,
        })
    }

    fn handshake(&mut self, spec: &EngineSpec, variant: Variant) -> Result<(), HubError> {
        self.send("hub")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let Ok(Some(line)) = parse_line(&self.recv(deadline)?) else {
                continue;
            };
            match line.command.as_str() {
                "id" => self.id_name = line.get("name").map(str::to_string),
                // Version 1: `name Scan 2.0`, `author …`, `country …`.
                "name" if self.id_name.is_none() => {
                    self.version = 1;
                    self.id_name = line.args.first().map(|a| a.name.clone());
                }
                "param" => self.params.push(Param {
                    name: line.get("name").unwrap_or_default().to_string(),
                    values: line
                        .get("values")
                        .map(|v| v.split_whitespace().map(str::to_string).collect())
                        .unwrap_or_default(),
                }),
                "wait" => break,
                _ => {}
            }
        }
        if self.version == 1 {
            for (name, v) in &spec.options {
                self.send(&format!("set {name} {v}"))?;
            }
        } else {
            self.set_variant(variant)?;
            self.set_numbering()?;
            for (name, v) in &spec.options {
                self.send(&format!(
                    "set-param name={} value={}",
                    value(name),
                    value(v)
                ))?;
            }
        }
        self.send("init")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        while self.recv(deadline)?.split_whitespace().next() != Some("ready") {}
        Ok(())
    }

    fn set_variant(&mut self, variant: Variant) -> Result<(), HubError> {
        let Some(p) = self.params.iter().find(|p| p.name == "variant") else {
            return Ok(());
        };
        let names = variant_names(variant);
        let offered = names.iter().find(|n| p.values.iter().any(|v| v == *n));
        let name = match offered {
            Some(name) => *name,
            None if p.values.is_empty() => variant.name(),
            None => {
                return Err(HubError::Garbage(format!(
                    "the engine does not offer variant {} (it offers: {})",
                    names.join(" or "),
                    p.values.join(" ")
                )))
            }
        };
        self.send(&format!("set-param name=variant value={name}"))
    }

    /// The runner writes positions and moves in the PDN numbering of the rules core; an engine
    /// that offers a `numbering` parameter with a `dama` value (dama itself) is asked for it.
    fn set_numbering(&mut self) -> Result<(), HubError> {
        let offers = self
            .params
            .iter()
            .any(|p| p.name == "numbering" && p.values.iter().any(|v| v == "dama"));
        if offers {
            self.send("set-param name=numbering value=dama")?;
        }
        Ok(())
    }

    /// Sends one line (flushed).
    pub fn send(&mut self, line: &str) -> Result<(), HubError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| self.crash_error())
    }

    /// Receives one line, waiting at most until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, HubError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(HubError::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Err(self.crash_error()),
        }
    }

    fn crash_error(&mut self) -> HubError {
        // give the process a moment to be reaped so the exit status can be reported
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return HubError::Crashed(format!("engine exited with {status}"));
            }
            thread::sleep(Duration::from_millis(5));
        }
        HubError::Crashed("engine closed its output".into())
    }

    /// Sends `new-game` (`new` in version 1): the next search is unrelated to the previous ones.
    pub fn new_game(&mut self) -> Result<(), HubError> {
        self.send(if self.version == 1 { "new" } else { "new-game" })
    }

    /// Runs one search: `pos`, `level`, `go think`, then reads `info` lines until `done`.
    /// `pos_line` and `level_line` are complete lines. Fails with [`HubError::TimedOut`] when
    /// `done` has not arrived by `deadline`.
    pub fn search(
        &mut self,
        pos_line: &str,
        level_line: &str,
        deadline: Instant,
    ) -> Result<SearchReply, HubError> {
        self.send(pos_line)?;
        self.send(level_line)?;
        self.send("go think")?;
        let mut score = None;
        let mut depth = None;
        loop {
            let raw = self.recv(deadline)?;
            let line = match parse_line(&raw) {
                Ok(Some(line)) => line,
                Ok(None) => continue,
                Err(e) => return Err(HubError::Garbage(format!("unreadable line '{raw}': {e}"))),
            };
            match line.command.as_str() {
                "info" => {
                    if let Some(s) = line.get("score").and_then(|s| s.parse::<f64>().ok()) {
                        score = Some(s);
                    }
                    if let Some(d) = line.get("depth").and_then(|d| d.parse().ok()) {
                        depth = Some(d);
                    }
                }
                "done" => {
                    let mv = line.get("move").unwrap_or_default().to_string();
                    return Ok(SearchReply { mv, score, depth });
                }
                _ => {} // the protocol says: ignore what you do not understand
            }
        }
    }

    /// After a search that missed its deadline: reads on until the answer (`done`, or `move`
    /// in version 1) or `until`, and says when the answer came.
    pub fn late_answer(&mut self, until: Instant) -> Option<Instant> {
        let answer = if self.version == 1 { "move" } else { "done" };
        while let Ok(raw) = self.recv(until) {
            if raw.split_whitespace().next() == Some(answer) {
                return Some(Instant::now());
            }
        }
        None
    }

    /// Whether the process is still running.
    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends `quit`, waits a short while, then kills the process if it is still running.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        for _ in 0..50 {
            if !self.is_alive() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// Kills the process at once.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for HubEngine {
    fn drop(&mut self) {
        if self.is_alive() {
            self.kill();
        }
    }
}

/// The names an engine may give `variant` in its `variant` parameter: dama's own first, then
/// the registry's aliases (Scan 3.x calls international `normal`, pydraughts and lidraughts
/// `standard`).
pub fn variant_names(variant: Variant) -> Vec<&'static str> {
    std::iter::once(variant.name())
        .chain(variant.aliases().iter().copied())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_commands_like_a_shell() {
        assert_eq!(
            split_command(r#"python3 "my engine.py" --mode 'a b'"#).unwrap(),
            vec!["python3", "my engine.py", "--mode", "a b"]
        );
        assert!(split_command("  ").is_err());
        assert!(split_command("a \"b").is_err());
    }

    #[test]
    fn international_has_the_names_scan_and_pydraughts_use() {
        assert_eq!(
            variant_names(Variant::International),
            ["international", "normal", "standard", "10x10"]
        );
        assert_eq!(variant_names(Variant::Russian), ["russian"]);
    }

    #[test]
    fn missing_program_is_a_crash() {
        let spec = EngineSpec {
            name: "x".into(),
            command: "/nonexistent/engine-binary hub".into(),
            options: vec![],
        };
        match HubEngine::start(&spec, Variant::Czech) {
            Err(HubError::Crashed(m)) => assert!(m.contains("cannot start"), "{m}"),
            other => panic!("expected a crash, got {:?}", other.err()),
        }
    }
}
