//! The Hub loop: one thread reads lines, a worker thread runs each search, and this loop
//! handles both in order through one channel, so `ping`, `stop` and `ponder-hit` are answered
//! while a search runs.
//!
//! During a search, `ping` is answered at once, `stop` and `ponder-hit` go to the search, blank
//! lines and unknown commands are ignored, and any other line stops the search and waits until
//! `done` is written (as in Scan); so an error never comes between `go` and its `done`. `stop`
//! and `ponder-hit` when idle are ignored. End of input stops a running search and ends the loop
//! once the lines read before it are handled.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use super::command::{self, Command, CommandError, GoMode, Level, PosSpec};
use super::params::{Change, Settings};
use super::reply;
use crate::engine::{Engine, StopHandle};
use crate::movegen;
use crate::position::Position;
use crate::search::{Clock, SearchLimits, SearchResult};

/// What the loop waits for.
enum Event {
    /// A line of input.
    Line(String),
    /// The input ended (or could not be read).
    Eof,
    /// A formatted `info` line from the running search.
    Info(String),
    /// The search ended: the engine comes back with the result (`None` if the search panicked).
    Done(Box<Engine>, Option<SearchResult>),
}

/// The search in progress.
struct Running {
    handle: StopHandle,
    thread: JoinHandle<()>,
    root: Position,
    stop_sent: bool,
}

/// What the loop does after a command.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The state of one Hub session.
struct Session<W: Write> {
    out: W,
    settings: Settings,
    /// The engine while idle; `None` while a search holds it.
    engine: Option<Box<Engine>>,
    level: Level,
    search: Option<Running>,
    /// Lines read but not handled yet, with their parse.
    pending: VecDeque<Result<Command, CommandError>>,
    eof: bool,
    tx: Sender<Event>,
    /// Draws the book moves (reseeded from `seed` by `new-game`; advances with every book move).
    book_rng: crate::book::BookRng,
}

/// Runs the protocol until `quit` or the end of `input`, writing to `output` (flushed after
/// every line). Returns an error only when `output` cannot be written.
pub fn run<R: BufRead + Send + 'static, W: Write + Send>(input: R, output: W) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    spawn_reader(input, tx.clone());
    let settings = Settings::default();
    let mut session = Session {
        out: output,
        engine: Some(Box::new(Engine::new(settings.engine.clone()))),
        settings,
        level: Level::default(),
        search: None,
        pending: VecDeque::new(),
        eof: false,
        tx,
        book_rng: crate::book::BookRng::new(0),
    };
    let result = session.main_loop(&rx);
    session.shut_down(&rx);
    result
}

/// Reads lines on a thread of its own (it may block on input after the loop has ended).
fn spawn_reader<R: BufRead + Send + 'static>(mut input: R, tx: Sender<Event>) {
    thread::spawn(move || loop {
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                let _ = tx.send(Event::Eof);
                return;
            }
            Ok(_) => {
                let line = line.trim_end_matches(['\n', '\r']).to_string();
                if tx.send(Event::Line(line)).is_err() {
                    return;
                }
            }
        }
    });
}

impl<W: Write> Session<W> {
    fn main_loop(&mut self, rx: &Receiver<Event>) -> io::Result<()> {
        loop {
            let Ok(event) = rx.recv() else {
                return Ok(());
            };
            match event {
                Event::Line(line) => self.pending.push_back(command::parse(&line)),
                Event::Eof => {
                    self.eof = true;
                    self.stop_search();
                }
                Event::Info(line) => self.write(&line)?,
                Event::Done(engine, result) => self.finish_search(engine, result)?,
            }
            if self.pump()? == Flow::Quit {
                return Ok(());
            }
            if self.eof && self.search.is_none() && self.pending.is_empty() {
                return Ok(());
            }
        }
    }

    /// Stops a running search and waits for it, without writing anything more.
    fn shut_down(&mut self, rx: &Receiver<Event>) {
        self.stop_search();
        while self.search.is_some() {
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(Event::Done(..)) | Err(_) => {
                    if let Some(run) = self.search.take() {
                        let _ = run.thread.join();
                    }
                }
                Ok(_) => {}
            }
        }
    }

    fn write(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    fn error(&mut self, message: &str) -> io::Result<()> {
        self.write(&reply::error(message))
    }

    fn stop_search(&mut self) {
        if let Some(run) = &mut self.search {
            if !run.stop_sent {
                run.handle.stop();
                run.stop_sent = true;
            }
        }
    }

    /// Handles the pending lines that can be handled now.
    fn pump(&mut self) -> io::Result<Flow> {
        while let Some(front) = self.pending.front() {
            if let Some(run) = &self.search {
                match front {
                    Ok(Command::Ping) => self.write("pong")?,
                    Ok(Command::Stop) => self.stop_search(),
                    Ok(Command::PonderHit) => run.handle.ponder_hit(),
                    Ok(Command::Blank | Command::Unknown(_)) => {}
                    _ => {
                        // Any other line ends the search; it is handled after `done`.
                        self.stop_search();
                        return Ok(Flow::Continue);
                    }
                }
                self.pending.pop_front();
                continue;
            }
            let Some(cmd) = self.pending.pop_front() else {
                break;
            };
            let flow = match cmd {
                Ok(cmd) => self.execute(cmd)?,
                Err(e) => {
                    self.error(&e.0)?;
                    Flow::Continue
                }
            };
            if flow == Flow::Quit {
                return Ok(Flow::Quit);
            }
        }
        Ok(Flow::Continue)
    }

    /// Runs one command while no search is running.
    fn execute(&mut self, cmd: Command) -> io::Result<Flow> {
        match cmd {
            Command::Hub => {
                self.write(&reply::id())?;
                for line in self.settings.param_lines() {
                    self.write(&line)?;
                }
                self.write("wait")?;
            }
            Command::Init => {
                self.prepare();
                self.write("ready")?
            }
            Command::SetParam { name, value } => self.set_param(&name, &value)?,
            Command::Pos { pos, moves } => {
                if let Err(e) = self.set_position(&pos, &moves) {
                    self.error(&format!("pos: {e}"))?;
                }
            }
            Command::Level(level) => self.level.merge(&level),
            Command::Go(mode) => self.go(mode)?,
            Command::Ping => self.write("pong")?,
            Command::NewGame => {
                // Each game draws its book moves from the seed afresh, so a game does not
                // depend on the games played before it in this process.
                let seed = self.engine_mut().options().seed;
                self.book_rng = crate::book::BookRng::new(seed);
                self.engine_mut().new_game();
            }
            Command::Quit => return Ok(Flow::Quit),
            Command::PonderHit | Command::Stop | Command::Blank | Command::Unknown(_) => {}
        }
        Ok(Flow::Continue)
    }

    /// Does at `init` what would otherwise slow down the first `go`: parsing the variant's
    /// shipped book (when the book is on). A GUI or match runner times the first move like any
    /// other, so the first search must not pay for loading.
    fn prepare(&mut self) {
        if self.settings.book {
            let _ = crate::book::builtin::shared(self.settings.engine.variant);
        }
    }

    fn engine_mut(&mut self) -> &mut Engine {
        self.engine
            .as_mut()
            .expect("the engine is home whenever no search runs")
    }

    fn set_param(&mut self, name: &str, value: &str) -> io::Result<()> {
        let old_variant = self.settings.engine.variant;
        match self.settings.set(name, value) {
            Ok(Change::Engine) => {
                let opts = self.settings.engine.clone();
                self.engine_mut().set_options(opts);
                if self.settings.engine.variant != old_variant {
                    self.level = Level::default();
                }
                let (asked, got) = (
                    self.settings.engine.hash_mb,
                    self.engine_mut().hash_mb_in_use(),
                );
                if got < asked && (name == "hash" || name == "tt-size") {
                    return self.error(&format!(
                        "set-param: {name}: only {got} MiB of the {asked} MiB asked could be allocated; using {got} MiB"
                    ));
                }
                if name == "bitbases" {
                    for e in self.engine_mut().bitbase_errors() {
                        self.error(&format!("set-param: bitbases: {e}"))?;
                    }
                }
                Ok(())
            }
            Ok(Change::FrontEnd) => Ok(()),
            Err(e) => self.error(&format!("set-param: {e}")),
        }
    }

    /// Reads `pos` and gives the engine the start position and the moves played since.
    fn set_position(&mut self, spec: &PosSpec, moves: &[String]) -> Result<(), String> {
        let conv = self.settings.convention();
        let start = match spec {
            PosSpec::Start => Position::start(conv.variant()),
            PosSpec::Text(text) => conv.parse_position(text)?,
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
        self.engine_mut().set_position(start, &played);
        self.level = Level::default();
        Ok(())
    }

    /// The search limits of the collected `level` lines.
    fn limits(&self, mode: GoMode) -> SearchLimits {
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
        }
    }

    /// Starts a search on a worker thread (or answers at once when the game is over).
    fn go(&mut self, mode: GoMode) -> io::Result<()> {
        let limits = self.limits(mode);
        let conv = self.settings.convention();
        let show_multipv = self.settings.engine.multipv > 1;
        let mut engine = self
            .engine
            .take()
            .expect("the engine is home whenever no search runs");
        let root = *engine.game().position();
        if movegen::legal_moves(&root).is_empty() {
            self.engine = Some(engine);
            self.error(&format!(
                "go: {} has no legal move; the game is over",
                root.side().name()
            ))?;
            return self.write(&reply::done(None, None));
        }
        if mode == GoMode::Think && self.settings.book {
            if let Some(mv) = self.book_move(&root) {
                self.engine = Some(engine);
                return self.write(&reply::done(Some(&conv.format_move(&mv)), None));
            }
        }
        // Setting the same game again clears a stop or ponder-hit left over from a race with the
        // end of the previous search.
        let (start, moves) = (*engine.game().start(), engine.game().moves().to_vec());
        engine.set_position(start, &moves);
        let handle = engine.stop_handle();
        let tx = self.tx.clone();
        let thread = thread::spawn(move || {
            let result = panic::catch_unwind(AssertUnwindSafe(|| {
                let mut on_info = |info: &crate::search::SearchInfo| {
                    let _ = tx.send(Event::Info(reply::info(info, &conv, show_multipv)));
                };
                engine.go(&limits, &mut on_info)
            }));
            let _ = tx.send(Event::Done(engine, result.ok()));
        });
        self.search = Some(Running {
            handle,
            thread,
            root,
            stop_sent: false,
        });
        if self.eof {
            self.stop_search();
        }
        Ok(())
    }

    /// A move of the shipped book of the variant for `pos`, within `book-margin` of the best
    /// book score and while the book reaches `pos` in fewer than `book-ply` plies.
    fn book_move(&mut self, pos: &Position) -> Option<crate::moves::Move> {
        let book = crate::book::builtin::shared(pos.variant())?;
        let settings = crate::book::ProbeSettings {
            margin: self.settings.book_margin as i32,
            max_ply: self.settings.book_ply,
        };
        book.probe_with(pos, &settings, &mut self.book_rng)
    }

    /// Writes `done` for a finished search and takes the engine back.
    fn finish_search(
        &mut self,
        engine: Box<Engine>,
        result: Option<SearchResult>,
    ) -> io::Result<()> {
        let Some(run) = self.search.take() else {
            self.engine = Some(engine);
            return Ok(());
        };
        let _ = run.thread.join();
        let conv = self.settings.convention();
        match result {
            Some(r) => {
                self.engine = Some(engine);
                let best = r.best.map(|m| conv.format_move(&m));
                let ponder = r.ponder.map(|m| conv.format_move(&m));
                self.write(&reply::done(best.as_deref(), ponder.as_deref()))
            }
            None => {
                // The search panicked: start a fresh engine on the same game.
                let (start, moves) = (*engine.game().start(), engine.game().moves().to_vec());
                let mut fresh = Engine::new(self.settings.engine.clone());
                fresh.set_position(start, &moves);
                self.engine = Some(Box::new(fresh));
                let side = run.root.side().name();
                self.error(&format!("go: the search failed ({side} to move); no move"))?;
                self.write(&reply::done(None, None))
            }
        }
    }
}
