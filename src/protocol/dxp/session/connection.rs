//! One DXP connection from dama's side. A reader thread turns the socket into messages and a
//! worker thread runs each search; this loop handles both in order through one channel, so the
//! socket is read (CHAT, GAMEEND, BACKREQ, a disconnect) while the engine thinks. Nothing here
//! prints: the session writes to the socket and reports [`DxpEvent`]s to its caller.

use std::io::{self, BufReader};
use std::net::{Shutdown, TcpStream};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::protocol::dxp::config::{DxpConfig, DxpEvent, Role, Summary};
use crate::protocol::dxp::frame::{write_message, FrameReader};
use crate::protocol::dxp::game::DxpGame;
use crate::protocol::dxp::message::{EndReason, GameEnd, GameReq, Message, VERSION};

use crate::engine::{Engine, SearchHandle};
use crate::position::Position;

/// What the loop waits for.
pub(super) enum Event {
    /// A message, or why a frame could not be read as one.
    Frame(Result<Message, String>),
    /// The peer closed the connection.
    Closed,
    /// Search `id` ended (its handle's `wait` returns at once).
    Done(u64),
}

/// Where the connection stands.
pub(super) enum State {
    Idle,
    /// dama sent a GAMEREQ and waits for GAMEACC.
    Requested(Instant, Position),
    Playing(Box<DxpGame>),
    /// dama sent GAMEEND and waits for the peer's.
    Ending(Instant),
}

/// The search in progress.
pub(super) struct Running {
    pub(super) id: u64,
    pub(super) handle: SearchHandle,
    pub(super) started: Instant,
    /// The game moved on (GAMEEND, BACKREQ, disconnect): the result is thrown away.
    pub(super) stale: bool,
}

/// A dama player that serves connections one after another, keeping its engine between them.
pub struct DxpPlayer {
    pub(super) config: DxpConfig,
    pub(super) engine: Engine,
}

impl DxpPlayer {
    /// A player with `config`.
    pub fn new(config: DxpConfig) -> DxpPlayer {
        let engine = Engine::<u64>::new(config.settings.engine.clone());
        engine.prepare();
        DxpPlayer { engine, config }
    }

    /// Plays on one connection until the games are done, a stop code, or the peer leaves.
    /// Fails only when the socket cannot be set up; a broken connection is a normal end.
    pub fn play_connection(
        &mut self,
        stream: TcpStream,
        on_event: &mut dyn FnMut(&DxpEvent),
    ) -> io::Result<Summary> {
        let (tx, rx) = mpsc::channel();
        spawn_reader(stream.try_clone()?, tx.clone());
        let mut conn = Connection {
            player: self,
            out: stream,
            tx,
            state: State::Idle,
            search: None,
            next_id: 0,
            fresh_game: false,
            summary: Summary::default(),
            finished: false,
            last_sent: None,
            on_event,
        };
        conn.run(&rx);
        conn.close();
        Ok(conn.summary)
    }
}

fn spawn_reader(stream: TcpStream, tx: Sender<Event>) {
    thread::spawn(move || {
        let mut frames = FrameReader::new(BufReader::new(stream));
        loop {
            let event = match frames.next_frame() {
                Ok(Some(Ok(text))) => Event::Frame(
                    Message::parse(&text).map_err(|e| format!("{e} (in '{}')", clip(&text))),
                ),
                Ok(Some(Err(e))) => Event::Frame(Err(e.to_string())),
                Ok(None) | Err(_) => {
                    let _ = tx.send(Event::Closed);
                    return;
                }
            };
            if tx.send(event).is_err() {
                return;
            }
        }
    });
}

/// The least time between two frames dama writes, so that a client that reads one frame per
/// read (pydraughts) never finds two in its buffer.
const MIN_GAP: Duration = Duration::from_millis(50);

fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}

pub(super) struct Connection<'a> {
    pub(super) player: &'a mut DxpPlayer,
    pub(super) out: TcpStream,
    pub(super) tx: Sender<Event>,
    pub(super) state: State,
    pub(super) search: Option<Running>,
    pub(super) next_id: u64,
    /// A game began since the engine last searched: clear its tables first.
    pub(super) fresh_game: bool,
    pub(super) summary: Summary,
    pub(super) finished: bool,
    /// When the last frame was written (see [`MIN_GAP`]).
    pub(super) last_sent: Option<Instant>,
    pub(super) on_event: &'a mut dyn FnMut(&DxpEvent),
}

impl Connection<'_> {
    fn run(&mut self, rx: &Receiver<Event>) {
        while !self.finished {
            self.act();
            if self.finished {
                break;
            }
            let event = match self.deadline() {
                Some(at) => match rx.recv_timeout(at.saturating_duration_since(Instant::now())) {
                    Ok(e) => e,
                    Err(RecvTimeoutError::Timeout) => {
                        self.on_timeout();
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => return,
                },
                None => match rx.recv() {
                    Ok(e) => e,
                    Err(_) => return,
                },
            };
            self.handle(event);
        }
    }

    /// Ends the connection: the reader thread sees the shutdown, and a running search is
    /// stopped and waited for.
    fn close(&mut self) {
        let _ = self.out.shutdown(Shutdown::Both);
        if let Some(run) = self.search.take() {
            run.handle.stop();
            let _ = run.handle.wait();
        }
    }

    pub(super) fn emit(&mut self, event: DxpEvent) {
        (self.on_event)(&event);
    }

    pub(super) fn send(&mut self, msg: &Message) {
        if self.finished {
            return;
        }
        // pydraughts' DXP client (and so lidraughts-bot) keeps only the first message of what
        // one read returns: two frames written back to back (GAMEACC and an instant book move,
        // or the last MOVE and GAMEEND) arrive together and the second is lost. A short gap
        // after the previous frame lets such a client read each one alone.
        if let Some(wait) = self
            .last_sent
            .and_then(|t| MIN_GAP.checked_sub(t.elapsed()))
        {
            thread::sleep(wait);
        }
        if write_message(&mut self.out, msg).is_err() {
            self.disconnected();
        }
        self.last_sent = Some(Instant::now());
    }

    pub(super) fn chat(&mut self, text: &str) {
        self.send(&Message::Chat(format!("dama: {text}")));
    }

    fn deadline(&self) -> Option<Instant> {
        let timeout = self.player.config.answer_timeout;
        match self.state {
            State::Requested(since, _) | State::Ending(since) => Some(since + timeout),
            _ => None,
        }
    }

    fn on_timeout(&mut self) {
        match self.state {
            State::Requested(..) => {
                self.emit(DxpEvent::BadInput("no GAMEACC came in time".into()));
                self.summary.stopped = true;
                self.finished = true;
            }
            State::Ending(_) => self.state = State::Idle,
            _ => {}
        }
    }

    /// Whether the game in progress (or the one that just ended) is the last on this connection.
    pub(super) fn last_game(&self) -> bool {
        match &self.player.config.role {
            Role::Follower => self.summary.stopped,
            Role::Initiator(plan) => self.summary.stopped || self.summary.games + 1 >= plan.games,
        }
    }

    /// Does what the state asks of dama: ask for a game, end one, or move.
    fn act(&mut self) {
        match &self.state {
            State::Idle => self.act_idle(),
            State::Playing(game) if game.dama_to_move() && self.search.is_none() => {
                let draw = self.player.config.settings.engine.draw;
                match game.outcome(&draw) {
                    Some(outcome) => {
                        let reason = game.reason_of(&outcome);
                        let stop = self.last_game();
                        self.send(&Message::GameEnd(GameEnd { reason, stop }));
                        self.end_game(reason, outcome.to_string());
                        self.state = State::Ending(Instant::now());
                    }
                    None => self.think(),
                }
            }
            _ => {}
        }
    }

    fn act_idle(&mut self) {
        let Role::Initiator(plan) = &self.player.config.role else {
            if self.summary.stopped {
                self.finished = true;
            }
            return;
        };
        if self.summary.stopped || self.summary.games >= plan.games {
            self.summary.stopped = true;
            self.finished = true;
            return;
        }
        let dama = plan.colour_in(self.summary.games);
        let start = Position::start(self.player.config.settings.engine.variant);
        let board = crate::protocol::dxp::board::DxpBoard::new(start.variant());
        let req = GameReq {
            version: VERSION,
            name: self.player.config.name.clone(),
            follower: !dama,
            minutes: plan.minutes,
            moves: plan.moves,
            start: board.start_of(&start),
        };
        self.send(&Message::GameReq(req));
        self.state = State::Requested(Instant::now(), start);
    }

    /// Leaves the game: counts it and reports the result.
    pub(super) fn end_game(&mut self, result: EndReason, detail: String) {
        self.drop_search();
        self.summary.games += 1;
        self.state = State::Idle;
        self.emit(DxpEvent::GameEnded { result, detail });
    }

    fn disconnected(&mut self) {
        if self.finished {
            return;
        }
        self.finished = true;
        if matches!(self.state, State::Playing(_)) {
            self.end_game(EndReason::Unknown, "the connection closed".into());
        }
        self.emit(DxpEvent::Disconnected);
    }

    pub(super) fn drop_search(&mut self) {
        if let Some(run) = &mut self.search {
            if !run.stale {
                run.handle.stop();
                run.stale = true;
            }
        }
    }

    fn handle(&mut self, event: Event) {
        match event {
            Event::Frame(Ok(msg)) => self.on_message(msg),
            Event::Frame(Err(reason)) => {
                self.chat(&format!("cannot read the message: {reason}"));
                self.emit(DxpEvent::BadInput(reason));
            }
            Event::Closed => self.disconnected(),
            Event::Done(id) => self.finish_search(id),
        }
    }
}
