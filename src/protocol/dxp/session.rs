//! One DXP connection from dama's side. A reader thread turns the socket into messages and a
//! worker thread runs each search; this loop handles both in order through one channel, so the
//! socket is read (CHAT, GAMEEND, BACKREQ, a disconnect) while the engine thinks. Nothing here
//! prints: the session writes to the socket and reports [`DxpEvent`]s to its caller.

use std::io::{self, BufReader};
use std::net::{Shutdown, TcpStream};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use super::config::{DxpConfig, DxpEvent, Role, Summary};
use super::frame::{write_message, FrameReader};
use super::message::{AccCode, BackAcc, EndReason, GameAcc, GameEnd, GameReq, Message, VERSION};
use super::play::{receiver_view, DxpGame, TimeControl};
use crate::engine::{Engine, StopHandle};
use crate::moves::Move;
use crate::position::Position;
use crate::search::SearchResult;

/// What the loop waits for.
enum Event {
    /// A message, or why a frame could not be read as one.
    Frame(Result<Message, String>),
    /// The peer closed the connection.
    Closed,
    /// A search ended: the engine comes back with its result (`None` if it panicked).
    Done(u64, Box<Engine>, Option<SearchResult>),
}

/// Where the connection stands.
enum State {
    Idle,
    /// dama sent a GAMEREQ and waits for GAMEACC.
    Requested(Instant, Position),
    Playing(Box<DxpGame>),
    /// dama sent GAMEEND and waits for the peer's.
    Ending(Instant),
}

/// The search in progress.
struct Running {
    id: u64,
    handle: StopHandle,
    started: Instant,
    /// The game moved on (GAMEEND, BACKREQ, disconnect): the result is thrown away.
    stale: bool,
}

/// A dama player that serves connections one after another, keeping its engine between them.
pub struct DxpPlayer {
    config: DxpConfig,
    engine: Option<Box<Engine>>,
    book_rng: crate::book::BookRng,
}

impl DxpPlayer {
    /// A player with `config`.
    pub fn new(config: DxpConfig) -> DxpPlayer {
        let engine = Engine::new(config.settings.engine.clone());
        DxpPlayer {
            book_rng: crate::book::BookRng::new(config.settings.engine.seed),
            engine: Some(Box::new(engine)),
            config,
        }
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
            on_event,
        };
        conn.run(&rx);
        conn.close(&rx);
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

fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}

struct Connection<'a> {
    player: &'a mut DxpPlayer,
    out: TcpStream,
    tx: Sender<Event>,
    state: State,
    search: Option<Running>,
    next_id: u64,
    /// A game began since the engine last searched: clear its tables first.
    fresh_game: bool,
    summary: Summary,
    finished: bool,
    on_event: &'a mut dyn FnMut(&DxpEvent),
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

    /// Ends the connection: the reader thread sees the shutdown, a running search is stopped
    /// and the engine taken back.
    fn close(&mut self, rx: &Receiver<Event>) {
        let _ = self.out.shutdown(Shutdown::Both);
        self.drop_search();
        while self.search.is_some() {
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(Event::Done(_, engine, _)) => {
                    self.player.engine = Some(engine);
                    self.search = None;
                }
                Ok(_) => {}
                Err(_) => self.search = None,
            }
        }
    }

    fn emit(&mut self, event: DxpEvent) {
        (self.on_event)(&event);
    }

    fn send(&mut self, msg: &Message) {
        if self.finished {
            return;
        }
        if write_message(&mut self.out, msg).is_err() {
            self.disconnected();
        }
    }

    fn chat(&mut self, text: &str) {
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
    fn last_game(&self) -> bool {
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
        let board = super::board::DxpBoard::new(start.variant());
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
    fn end_game(&mut self, result: EndReason, detail: String) {
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

    fn drop_search(&mut self) {
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
            Event::Done(id, engine, result) => self.finish_search(id, engine, result),
        }
    }

    fn on_message(&mut self, msg: Message) {
        match msg {
            Message::Chat(text) => self.emit(DxpEvent::Chat(text)),
            Message::GameReq(req) => self.on_gamereq(req),
            Message::GameAcc(acc) => self.on_gameacc(acc),
            Message::Move(m) => self.on_move(m),
            Message::GameEnd(end) => self.on_gameend(end),
            Message::BackReq(req) => self.on_backreq(req),
            Message::BackAcc(_) => {}
        }
    }

    fn on_gamereq(&mut self, req: GameReq) {
        if matches!(self.player.config.role, Role::Initiator(_)) {
            self.chat("dama is the initiator on this connection; it does not take GAMEREQ");
            self.emit(DxpEvent::BadInput("a GAMEREQ to the initiator".into()));
            return;
        }
        if let State::Playing(_) = self.state {
            self.end_game(EndReason::Unknown, "a new GAMEREQ came".into());
        }
        let variant = self.player.config.settings.engine.variant;
        let board = super::board::DxpBoard::new(variant);
        let refusal = if req.version != VERSION {
            Some((
                AccCode::WrongVersion,
                format!("version {:02} is not 01", req.version),
            ))
        } else {
            board
                .start_position(&req.start)
                .err()
                .map(|e| (AccCode::NotThisGame, format!("{variant}: {e}")))
        };
        if let Some((code, reason)) = refusal {
            self.chat(&reason);
            self.send_acc(code);
            self.emit(DxpEvent::Declined(reason));
            return;
        }
        let Ok(start) = board.start_position(&req.start) else {
            return;
        };
        self.send_acc(AccCode::Accept);
        let time = TimeControl::from_request(req.minutes, req.moves, self.player.config.move_cap);
        self.start_game(start, req.follower, time, req.name);
    }

    fn send_acc(&mut self, code: AccCode) {
        let name = self.player.config.name.clone();
        self.send(&Message::GameAcc(GameAcc { name, code }));
    }

    fn start_game(
        &mut self,
        start: Position,
        dama: crate::types::Color,
        time: TimeControl,
        opponent: String,
    ) {
        self.fresh_game = true;
        self.player.book_rng = crate::book::BookRng::new(self.player.config.settings.engine.seed);
        self.state = State::Playing(Box::new(DxpGame::new(start, dama, time)));
        self.emit(DxpEvent::GameStarted { opponent, dama });
    }

    fn on_gameacc(&mut self, acc: GameAcc) {
        let State::Requested(_, start) = self.state else {
            self.chat("a GAMEACC without a GAMEREQ is ignored");
            return;
        };
        if acc.code != AccCode::Accept {
            self.state = State::Idle;
            self.summary.stopped = true;
            self.emit(DxpEvent::Refused(acc.code));
            return;
        }
        let Role::Initiator(plan) = &self.player.config.role else {
            return;
        };
        let time = TimeControl::from_request(plan.minutes, plan.moves, self.player.config.move_cap);
        let dama = plan.colour_in(self.summary.games);
        self.start_game(start, dama, time, acc.name);
    }

    fn on_move(&mut self, m: super::message::MoveMsg) {
        let State::Playing(game) = &mut self.state else {
            self.chat("a MOVE outside a game is ignored");
            return;
        };
        if game.dama_to_move() {
            self.chat("a MOVE came while dama is to move; it is ignored");
            self.emit(DxpEvent::BadInput("a MOVE out of turn".into()));
            return;
        }
        if let Err(reason) = game.play_peer(&m) {
            self.chat(&reason);
            self.emit(DxpEvent::BadInput(reason.clone()));
            let stop = self.last_game();
            self.send(&Message::GameEnd(GameEnd {
                reason: EndReason::Unknown,
                stop,
            }));
            self.end_game(EndReason::Unknown, format!("an illegal move: {reason}"));
            self.state = State::Ending(Instant::now());
        }
    }

    fn on_gameend(&mut self, end: GameEnd) {
        if end.stop {
            self.summary.stopped = true;
        }
        if let State::Playing(_) = self.state {
            let result = receiver_view(end.reason);
            let stop = self.last_game();
            self.send(&Message::GameEnd(GameEnd {
                reason: result,
                stop,
            }));
            self.end_game(result, "the peer ended the game".into());
        }
        // Otherwise this confirms dama's GAMEEND (or ends nothing).
        if let State::Ending(_) = self.state {
            self.state = State::Idle;
        }
    }

    fn on_backreq(&mut self, req: super::message::BackReq) {
        let State::Playing(game) = &mut self.state else {
            self.send(&Message::BackAcc(BackAcc::Continue));
            return;
        };
        match game.take_back(&req) {
            Ok(()) => {
                self.drop_search();
                self.send(&Message::BackAcc(BackAcc::Accepted));
            }
            Err(reason) => {
                self.chat(&reason);
                self.send(&Message::BackAcc(BackAcc::Continue));
            }
        }
    }

    /// Plays a book move at once, or starts a search on the worker thread.
    fn think(&mut self) {
        let State::Playing(game) = &self.state else {
            return;
        };
        let (start, moves) = (*game.game().start(), game.game().moves().to_vec());
        let root = *game.game().position();
        let limits = game.limits();
        if let Some(mv) = self.book_move(&root) {
            return self.play_own(mv, Duration::ZERO);
        }
        let Some(mut engine) = self.player.engine.take() else {
            return;
        };
        if std::mem::take(&mut self.fresh_game) {
            engine.new_game();
        }
        engine.set_position(start, &moves);
        self.next_id += 1;
        let id = self.next_id;
        self.search = Some(Running {
            id,
            handle: engine.stop_handle(),
            started: Instant::now(),
            stale: false,
        });
        let tx = self.tx.clone();
        thread::spawn(move || {
            let result = panic::catch_unwind(AssertUnwindSafe(|| engine.go(&limits, &mut |_| {})));
            let _ = tx.send(Event::Done(id, engine, result.ok()));
        });
    }

    fn book_move(&mut self, pos: &Position) -> Option<Move> {
        let s = &self.player.config.settings;
        if !s.book {
            return None;
        }
        let book = crate::book::builtin::shared(pos.variant())?;
        let probe = crate::book::ProbeSettings {
            margin: s.book_margin as i32,
            max_ply: s.book_ply,
        };
        book.probe_with(pos, &probe, &mut self.player.book_rng)
    }

    fn finish_search(&mut self, id: u64, engine: Box<Engine>, result: Option<SearchResult>) {
        let run = match self.search.take() {
            Some(run) if run.id == id => run,
            other => {
                self.search = other;
                self.player.engine = Some(engine);
                return;
            }
        };
        self.player.engine = Some(match result {
            Some(_) => engine,
            None => Box::new(Engine::new(self.player.config.settings.engine.clone())),
        });
        if run.stale {
            return;
        }
        match result.and_then(|r| r.best) {
            Some(mv) => self.play_own(mv, run.started.elapsed()),
            None => {
                // The search failed: give the game up rather than hang.
                let stop = self.last_game();
                self.send(&Message::GameEnd(GameEnd {
                    reason: EndReason::SenderLoses,
                    stop,
                }));
                self.end_game(EndReason::SenderLoses, "the search found no move".into());
                self.state = State::Ending(Instant::now());
            }
        }
    }

    fn play_own(&mut self, mv: Move, used: Duration) {
        let State::Playing(game) = &mut self.state else {
            return;
        };
        let msg = game.play_own(&mv, used);
        self.send(&Message::Move(msg));
    }
}
