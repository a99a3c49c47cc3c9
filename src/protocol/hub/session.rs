//! The Hub loop: one thread reads lines, the engine runs each search on a thread of its own, and
//! this loop handles both in order through one channel, so `ping`, `stop` and `ponder-hit` are
//! answered while a search runs. The loop only parses, calls the engine and formats.
//!
//! During a search, `ping` is answered at once, `stop` and `ponder-hit` go to the search, blank
//! lines and unknown commands are ignored, and any other line stops the search and waits until
//! `done` is written (as in Scan); so an error never comes between `go` and its `done`. A line
//! read after the search has ended (a book move ends it at once) comes after its `done`. `stop`
//! and `ponder-hit` when idle are ignored. End of input stops a running search and ends the
//! loop once the lines read before it are handled.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, Sender};

use super::command::{self, Command, GoMode};
use super::event::Event;
use super::line::LineError;
use super::params::Settings;
use super::reader::spawn_reader;
use super::reply;
use crate::engine::{Engine, SearchCallbacks, SearchHandle};
use crate::goal;
use crate::rules::Word;

/// What the loop does after a command.
#[derive(PartialEq, Eq)]
pub(super) enum Flow {
    Continue,
    Quit,
    /// The variant changed to one played in the other word: the session goes on in a
    /// session of that word ([`run`]).
    SwitchWord,
}

/// What a session carries over when it goes on in the other word: everything but the engine
/// and its search.
struct Carried<O: Write> {
    out: O,
    settings: Settings,
    level: command::Level,
    pending: VecDeque<Result<Command, LineError>>,
    eof: bool,
    tx: Sender<Event>,
    rx: Receiver<Event>,
}

/// The state of one Hub session, whose engine plays the variants of the word `W`.
pub(super) struct Session<O: Write, W: Word> {
    out: O,
    pub(super) settings: Settings,
    pub(super) engine: Engine<W>,
    pub(super) level: command::Level,
    search: Option<SearchHandle<W>>,
    /// During `go hint`: the skill to restore when the search ends.
    hint_skill: Option<u8>,
    /// Whether the last `pos` was refused: `go` then answers with no move, not with one of
    /// the position before it.
    pub(super) pos_refused: bool,
    /// Lines read but not handled yet, with their parse.
    pending: VecDeque<Result<Command, LineError>>,
    eof: bool,
    tx: Sender<Event>,
    rx: Receiver<Event>,
}

/// Runs the protocol until `quit` or the end of `input`, writing to `output` (flushed after
/// every line). Returns an error only when `output` cannot be written.
///
/// A variant is played in the word of its board ([`crate::rules::RuleSet::wide`]): when
/// `set-param name=variant` picks one of the other word, the session goes on with an engine
/// of that word, the parameters, the level and the lines not handled yet carried over.
pub fn run<R: BufRead + Send + 'static, O: Write + Send>(input: R, output: O) -> io::Result<()> {
    run_with(input, output, Settings::default())
}

/// [`run`], starting from `settings` instead of the defaults (those of `dama.ini`).
pub fn run_with<R: BufRead + Send + 'static, O: Write + Send>(
    input: R,
    output: O,
    settings: Settings,
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    spawn_reader(input, tx.clone());
    let mut carried = Carried {
        out: output,
        settings,
        level: command::Level::default(),
        pending: VecDeque::new(),
        eof: false,
        tx,
        rx,
    };
    loop {
        let variant = carried.settings.engine.variant;
        let next = crate::for_word!(variant, W => Session::<O, W>::resume(carried).run()?);
        match next {
            Some(c) => carried = c,
            None => return Ok(()),
        }
    }
}

impl<O: Write, W: Word> Session<O, W> {
    /// The session of `carried` with a new engine of the word `W`.
    fn resume(carried: Carried<O>) -> Session<O, W> {
        Session {
            out: carried.out,
            engine: Engine::new(carried.settings.engine.clone()),
            settings: carried.settings,
            level: carried.level,
            search: None,
            hint_skill: None,
            pos_refused: false,
            pending: carried.pending,
            eof: carried.eof,
            tx: carried.tx,
            rx: carried.rx,
        }
    }

    /// Runs until the end of the session (`None`) or until it must go on in the other word
    /// (what it carries over).
    fn run(mut self) -> io::Result<Option<Carried<O>>> {
        let result = self.main_loop();
        self.shut_down();
        match result? {
            Flow::SwitchWord => Ok(Some(Carried {
                out: self.out,
                settings: self.settings,
                level: self.level,
                pending: self.pending,
                eof: self.eof,
                tx: self.tx,
                rx: self.rx,
            })),
            Flow::Continue | Flow::Quit => Ok(None),
        }
    }

    fn main_loop(&mut self) -> io::Result<Flow> {
        loop {
            // first the lines a session of the other word left
            match self.pump()? {
                Flow::Continue => {}
                flow => return Ok(flow),
            }
            if self.eof && self.search.is_none() && self.pending.is_empty() {
                return Ok(Flow::Quit);
            }
            let Ok(event) = self.rx.recv() else {
                return Ok(Flow::Quit);
            };
            self.handle(event)?;
        }
    }

    fn handle(&mut self, event: Event) -> io::Result<()> {
        match event {
            Event::Line(line) => self.pending.push_back(
                line.map_err(|e| LineError(e.0))
                    .and_then(|line| command::parse(&line)),
            ),
            Event::Eof => {
                self.eof = true;
                self.stop_search();
            }
            Event::Info(line) => self.write(&line)?,
            Event::Done => self.finish_search()?,
        }
        Ok(())
    }

    /// Stops a running search and waits for it, without writing anything more.
    fn shut_down(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop();
            let _ = search.wait();
        }
    }

    pub(super) fn write(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    pub(super) fn error(&mut self, message: &str) -> io::Result<()> {
        self.write(&reply::error(message))
    }

    fn stop_search(&mut self) {
        if let Some(search) = &self.search {
            search.stop();
        }
    }

    /// Handles the events that come before the `done` of the search that has ended.
    fn await_done(&mut self) -> io::Result<()> {
        while self.search.is_some() {
            match self.rx.recv() {
                Ok(event) => self.handle(event)?,
                Err(_) => self.finish_search()?,
            }
        }
        Ok(())
    }

    /// Handles the pending lines that can be handled now.
    fn pump(&mut self) -> io::Result<Flow> {
        while let Some(front) = self.pending.front() {
            if let Some(search) = &self.search {
                if search.is_finished() {
                    self.await_done()?;
                    continue;
                }
                match front {
                    Ok(Command::Ping) => self.write("pong")?,
                    Ok(Command::Stop) => search.stop(),
                    Ok(Command::PonderHit) => search.ponder_hit(),
                    Ok(Command::Blank | Command::Unknown(_)) => {}
                    _ => {
                        // Any other line ends the search; it is handled after `done`.
                        search.stop();
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
            if flow != Flow::Continue {
                return Ok(flow);
            }
        }
        Ok(Flow::Continue)
    }

    /// Starts a search (or answers at once when the game is over). The engine plays from its
    /// book on `go think` only.
    pub(super) fn go(&mut self, mode: GoMode) -> io::Result<()> {
        if self.pos_refused {
            self.error("go: the last pos was refused; no move until a pos is accepted")?;
            return self.write(&reply::done(None, None));
        }
        let root = *self.engine.game().position();
        if let Some(end) = goal::end(&root) {
            self.error(&format!("go: {end}; the game is over"))?;
            return self.write(&reply::done(None, None));
        }
        let limits = self.limits(mode);
        if mode == GoMode::Hint {
            self.hint_skill = Some(self.engine.options().skill);
            self.set_skill(5);
        }
        let search = self.engine.start(&limits, self.callbacks());
        self.search = Some(search);
        if self.eof {
            self.stop_search();
        }
        Ok(())
    }

    /// Callbacks that send the search's `info` lines and its end to this loop.
    fn callbacks(&self) -> SearchCallbacks<W> {
        let conv = self.settings.convention();
        let show_multipv = self.settings.engine.multipv > 1;
        let (info_tx, done_tx) = (self.tx.clone(), self.tx.clone());
        SearchCallbacks::default()
            .on_info(move |info| {
                let _ = info_tx.send(Event::Info(reply::info(info, &conv, show_multipv)));
            })
            .on_done(move || {
                let _ = done_tx.send(Event::Done);
            })
    }

    /// Writes `done` for the search that has ended.
    fn finish_search(&mut self) -> io::Result<()> {
        let Some(search) = self.search.take() else {
            return Ok(());
        };
        let result = search.wait();
        let hint = self.hint_skill.take();
        if let Some(skill) = hint {
            self.set_skill(skill);
        }
        if result.error.is_some() {
            let side = self.engine.game().position().side().name();
            self.error(&format!("go: the search failed ({side} to move); no move"))?;
            return self.write(&reply::done(None, None));
        }
        let conv = self.settings.convention();
        let best = result.best.map(|m| conv.format_move(&m));
        let ponder = result.ponder.map(|m| conv.format_move(&m));
        if hint.is_some() {
            return self.write(&reply::done_hint(best.as_deref()));
        }
        self.write(&reply::done(best.as_deref(), ponder.as_deref()))
    }

    /// Sets the engine's skill, keeping its other options.
    fn set_skill(&mut self, skill: u8) {
        let mut opts = self.engine.options().clone();
        opts.skill = skill;
        self.engine.set_options(opts);
    }
}
