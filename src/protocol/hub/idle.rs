//! What the Hub commands do when no search runs: each parses its arguments, calls the engine
//! and writes its answer.

use std::io::{self, Write};
use std::time::Duration;

use super::command::{Command, GoMode, Level, PosSpec};
use super::params::Change;
use super::reply;
use super::session::{Flow, Session};
use crate::position::Board;
use crate::rules::Word;
use crate::search::{Clock, SearchLimits};

impl<O: Write, W: Word> Session<O, W> {
    /// Runs one command while no search is running.
    pub(super) fn execute(&mut self, cmd: Command) -> io::Result<Flow> {
        match cmd {
            Command::Hub => {
                self.write(&reply::id())?;
                for line in self.settings.param_lines() {
                    self.write(&line)?;
                }
                self.write("wait")?;
            }
            Command::Init => {
                // What would otherwise slow down the first `go` (the book of the variant).
                self.engine.prepare();
                self.write("ready")?
            }
            Command::SetParam { name, value } => {
                self.set_param(&name, &value)?;
                if self.settings.engine.variant.rules().wide() != (W::BITS > 64) {
                    // the new variant is played in the other word: a session of that word
                    // goes on (the level was reset with the variant)
                    return Ok(Flow::SwitchWord);
                }
            }
            Command::Pos { pos, moves } => {
                let result = self.set_position(&pos, &moves);
                self.pos_refused = result.is_err();
                if let Err(e) = result {
                    self.error(&format!("pos: {e}"))?;
                }
            }
            Command::Level(level) => self.level.merge(&level),
            Command::Go(mode) => self.go(mode)?,
            Command::Ping => self.write("pong")?,
            Command::NewGame => self.engine.new_game(),
            Command::Quit => return Ok(Flow::Quit),
            Command::PonderHit | Command::Stop | Command::Blank | Command::Unknown(_) => {}
        }
        Ok(Flow::Continue)
    }

    fn set_param(&mut self, name: &str, value: &str) -> io::Result<()> {
        let old_variant = self.settings.engine.variant;
        match self.settings.set(name, value) {
            Ok(Change::Engine) => {
                if self.settings.engine.variant != old_variant {
                    // the position is the new variant's start
                    self.level = Level::default();
                    self.pos_refused = false;
                }
                if self.settings.engine.variant.rules().wide() != (W::BITS > 64) {
                    return Ok(()); // the engine of the other word takes the settings
                }
                self.engine.set_options(self.settings.engine.clone());
                let (asked, got) = (self.settings.engine.hash_mb, self.engine.hash_mb_in_use());
                if got < asked && (name == "hash" || name == "tt-size") {
                    return self.error(&format!(
                        "set-param: {name}: only {got} MiB of the {asked} MiB asked could be allocated; using {got} MiB"
                    ));
                }
                if name == "bitbases" {
                    for e in self.engine.bitbase_errors() {
                        self.error(&format!("set-param: bitbases: {e}"))?;
                    }
                }
                Ok(())
            }
            Ok(Change::FrontEnd) => {
                if name == "eval-file" {
                    self.engine.new_game(); // the table's scores came from the other evaluation
                }
                Ok(())
            }
            Err(e) => self.error(&format!("set-param: {e}")),
        }
    }

    /// Reads `pos` and gives the engine the start position and the moves played since.
    fn set_position(&mut self, spec: &PosSpec, moves: &[String]) -> Result<(), String> {
        let conv = self.settings.convention();
        let start = match spec {
            PosSpec::Start => Board::start(conv.variant()),
            PosSpec::Text(text) => conv.parse_position(text)?,
            PosSpec::Unreadable(reason) => return Err(reason.clone()),
        };
        let mut pos = start;
        let mut played = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let mv = conv
                .parse_move(&pos, text)
                .map_err(|e| format!("move {} of moves: {e}", i + 1))?;
            pos = pos.play(&mv);
            played.push(mv);
        }
        self.engine.set_position(start, &played);
        self.level = Level::default();
        Ok(())
    }

    /// The search limits of the collected `level` lines; the book is for `go think` only.
    pub(super) fn limits(&self, mode: GoMode) -> SearchLimits {
        let l = &self.level;
        let clock = l.time.map(|time| {
            let inc = l.inc.unwrap_or_default();
            // Hub's `time` leaves out the increment added before this move.
            let left = (time + inc.as_secs_f64()).max(0.0);
            Clock {
                time_left: Duration::from_secs_f64(left),
                increment: inc,
                moves_to_go: l.moves,
            }
        });
        SearchLimits {
            depth: l.depth,
            nodes: l.nodes,
            movetime: l.move_time,
            clock,
            infinite: l.infinite,
            ponder: mode == GoMode::Ponder,
            book: matches!(mode, GoMode::Think | GoMode::Hint),
        }
    }
}
