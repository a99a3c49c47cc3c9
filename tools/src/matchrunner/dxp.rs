//! The client side of DamExchange for the match runner: an engine given as `dxp:HOST:PORT`
//! (already listening) or `dxp:CMD ARGS` (started by the runner, which then connects). The
//! runner is the DXP initiator on one connection for the whole match: one GAMEREQ per game with
//! the position the engine first moves in, MOVE messages both ways, and a GAMEEND when the runner
//! has ended the game. Many DXP servers (Scan, Kingsrow) serve a single connection, so the
//! runner never closes one it can still play on, and reconnects only after the peer closed it.

use std::io::BufReader;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use dama::game::WideGame;
use dama::notation;
use dama::protocol::dxp::{
    write_message, AccCode, DxpBoard, EndReason, FrameReader, GameEnd, GameReq, Message, MoveMsg,
};
use dama::rules::Variant;

use super::clock::TimeControl;
use super::hub::{split_command, HubError, SearchReply, HANDSHAKE_TIMEOUT};

/// The port a started engine is expected on when its command has no `{port}`.
pub const DEFAULT_PORT: u16 = 27531;
/// How long the runner waits for the engine's GAMEEND after its own.
const END_TIMEOUT: Duration = Duration::from_secs(5);
/// How long it waits for that GAMEEND after a fault, when the engine may still be searching.
const RECOVER_TIMEOUT: Duration = Duration::from_secs(30);

/// Where a DXP engine is: `dxp:HOST:PORT`, or `dxp:CMD ARGS` to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DxpTarget {
    /// An engine already listening.
    Address(String),
    /// A command the runner starts; `{port}` in it becomes a free port (else 27531).
    Command(String),
}

impl DxpTarget {
    /// Reads an engine command; `None` when it does not start with `dxp:`.
    pub fn parse(command: &str) -> Option<DxpTarget> {
        let rest = command.trim().strip_prefix("dxp:")?.trim();
        let is_address = !rest.contains(char::is_whitespace)
            && rest
                .rsplit_once(':')
                .is_some_and(|(h, p)| !h.is_empty() && p.parse::<u16>().is_ok());
        Some(if is_address {
            DxpTarget::Address(rest.to_string())
        } else {
            DxpTarget::Command(rest.to_string())
        })
    }
}

/// A DXP engine the runner plays through: one connection, kept from game to game.
pub struct DxpEngine {
    child: Option<Child>,
    /// Where the runner connected, for messages.
    address: String,
    out: TcpStream,
    messages: Receiver<Message>,
    /// Set by the reader when the peer closed the connection (or it broke).
    closed: Arc<AtomicBool>,
    /// The connection cannot carry another game: a write failed, the peer asked for no more
    /// games (stop code 1), or it did not confirm the end of a game.
    unusable: bool,
    board: DxpBoard,
    minutes: u16,
    moves: u16,
    in_game: bool,
    /// How many moves of the game the engine knows.
    synced: usize,
    /// The name from the engine's GAMEACC.
    pub id_name: Option<String>,
}

impl DxpEngine {
    /// Connects to (or starts, then connects to) the engine; no message is sent until the first
    /// game.
    pub fn start(
        target: &DxpTarget,
        variant: Variant,
        tc: &TimeControl,
    ) -> Result<DxpEngine, HubError> {
        let (minutes, moves) = gamereq_time(tc)?;
        let (mut child, address) = match target {
            DxpTarget::Address(a) => (None, a.clone()),
            DxpTarget::Command(cmd) => {
                let (child, port) = spawn(cmd)?;
                (Some(child), format!("127.0.0.1:{port}"))
            }
        };
        let out = connect(&address, &mut child)?;
        let reader = out
            .try_clone()
            .map_err(|e| HubError::Crashed(format!("socket to {address}: {e}")))?;
        let closed = Arc::new(AtomicBool::new(false));
        let (tx, messages) = mpsc::channel();
        spawn_reader(reader, tx, closed.clone());
        Ok(DxpEngine {
            child,
            address,
            out,
            messages,
            closed,
            unusable: false,
            board: DxpBoard::new(variant),
            minutes,
            moves,
            in_game: false,
            synced: 0,
            id_name: None,
        })
    }

    fn send(&mut self, msg: &Message) -> Result<(), HubError> {
        let sent = write_message(&mut self.out, msg);
        self.unusable |= sent.is_err();
        sent.map_err(|e| {
            HubError::Crashed(format!("the connection to {} broke: {e}", self.address))
        })
    }

    fn recv(&mut self, deadline: Instant) -> Result<Message, HubError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.messages.recv_timeout(wait) {
            Ok(m) => Ok(m),
            Err(RecvTimeoutError::Timeout) => Err(HubError::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Err(HubError::Crashed(format!(
                "the engine closed the connection ({})",
                self.address
            ))),
        }
    }

    /// Asks for a game from the current position, the engine to move.
    fn request(&mut self, game: &WideGame) -> Result<(), HubError> {
        let pos = game.position();
        let req = GameReq {
            version: 1,
            name: "dama match".into(),
            follower: pos.side(),
            minutes: self.minutes,
            moves: self.moves,
            start: self.board.start_of(&narrow(pos)?),
        };
        self.send(&Message::GameReq(req))?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let msg = self.recv(deadline).map_err(|e| match e {
                HubError::TimedOut => HubError::Crashed(format!(
                    "no GAMEACC within {} s of the GAMEREQ",
                    HANDSHAKE_TIMEOUT.as_secs()
                )),
                other => other,
            })?;
            if let Message::GameAcc(acc) = msg {
                if acc.code != AccCode::Accept {
                    return Err(HubError::Crashed(format!(
                        "it refused the game: GAMEACC code {}",
                        refusal(acc.code)
                    )));
                }
                self.id_name = Some(acc.name);
                self.in_game = true;
                self.synced = game.moves().len();
                return Ok(());
            }
        }
    }

    /// The engine's move in `game` (its side to move), by `deadline`.
    pub fn search(&mut self, game: &WideGame, deadline: Instant) -> Result<SearchReply, HubError> {
        if !self.in_game {
            self.request(game)?;
        }
        let unsent: Vec<MoveMsg> = game.moves()[self.synced..]
            .iter()
            .map(|m| self.board.message_of(&m.in_word(), 0))
            .collect();
        for m in unsent {
            self.send(&Message::Move(m))?;
        }
        self.synced = game.moves().len();
        loop {
            match self.recv(deadline)? {
                Message::Move(m) => {
                    let pos = game.position();
                    let mv = match self.board.move_of(&narrow(pos)?, &m) {
                        Ok(mv) => notation::format_hub_move(pos, &mv.in_word()),
                        Err(_) => move_text(&m),
                    };
                    self.synced += 1;
                    return Ok(SearchReply {
                        mv,
                        score: None,
                        depth: None,
                    });
                }
                Message::GameEnd(e) => {
                    self.in_game = false;
                    self.unusable |= e.stop;
                    let _ = self.send(&Message::GameEnd(GameEnd {
                        reason: EndReason::Unknown,
                        stop: false,
                    }));
                    return Err(HubError::Garbage(format!(
                        "GAMEEND (reason {:?}) while the game goes on",
                        e.reason
                    )));
                }
                _ => {}
            }
        }
    }

    /// Ends the game in progress (`engine_result`: the result from the engine's side) and
    /// waits briefly for the engine's confirmation; the connection stays open for the next game.
    pub fn end_game(&mut self, engine_result: EndReason) {
        self.end_within(engine_result, END_TIMEOUT);
    }

    /// [`DxpEngine::end_game`], waiting up to `patience` for the confirmation.
    fn end_within(&mut self, engine_result: EndReason, patience: Duration) {
        if !self.in_game {
            return;
        }
        self.in_game = false;
        let reason = dama::protocol::dxp::game::receiver_view(engine_result);
        if self
            .send(&Message::GameEnd(GameEnd {
                reason,
                stop: false,
            }))
            .is_err()
        {
            return;
        }
        let deadline = Instant::now() + patience;
        // MOVEs still on their way (a search the runner gave up on) are read and dropped.
        while let Ok(msg) = self.recv(deadline) {
            if let Message::GameEnd(e) = msg {
                self.unusable |= e.stop;
                return;
            }
        }
        // No confirmation: the engine cannot be trusted with the next game on this connection.
        self.unusable = true;
    }

    /// After a fault in a game (a late or odd answer): ends that game with a GAMEEND and keeps
    /// the connection when the engine confirms it, so that a server that serves one connection
    /// can play on. `false` when the connection is gone or unusable.
    pub fn recover(&mut self) -> bool {
        // An engine still searching answers with its MOVE first, then confirms.
        self.end_within(EndReason::Unknown, RECOVER_TIMEOUT);
        self.is_alive()
    }

    /// Whether the connection can carry another game: the peer has not closed it nor asked to
    /// stop, and a started engine is still running.
    pub fn is_alive(&mut self) -> bool {
        let running = match &mut self.child {
            Some(c) => matches!(c.try_wait(), Ok(None)),
            None => true,
        };
        running && !self.unusable && !self.closed.load(Ordering::SeqCst)
    }

    /// Closes the connection (with stop code 1 when a game is in progress) and stops a started
    /// engine, which is given a moment to exit by itself.
    pub fn quit(mut self) {
        if self.in_game {
            let _ = self.send(&Message::GameEnd(GameEnd {
                reason: EndReason::Unknown,
                stop: true,
            }));
        }
        let _ = self.out.shutdown(Shutdown::Both);
        if let Some(c) = &mut self.child {
            for _ in 0..50 {
                if !matches!(c.try_wait(), Ok(None)) {
                    break;
                }
                thread::sleep(Duration::from_millis(10));
            }
        }
        self.kill();
    }

    /// Closes the connection and kills a started engine at once.
    pub fn kill(&mut self) {
        let _ = self.out.shutdown(Shutdown::Both);
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl Drop for DxpEngine {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Reads the engine's frames into `tx` until the connection ends, then sets `closed`.
fn spawn_reader(stream: TcpStream, tx: mpsc::Sender<Message>, closed: Arc<AtomicBool>) {
    thread::spawn(move || {
        let mut frames = FrameReader::new(BufReader::new(stream));
        while let Ok(Some(frame)) = frames.next_frame() {
            let Ok(msg) = frame
                .map_err(|e| e.to_string())
                .and_then(|t| Message::parse(&t).map_err(|e| e.0))
            else {
                continue;
            };
            if tx.send(msg).is_err() {
                break;
            }
        }
        closed.store(true, Ordering::SeqCst);
    });
}

/// A GAMEACC refusal in words.
fn refusal(code: AccCode) -> &'static str {
    match code {
        AccCode::Accept => "0 (accepted)",
        AccCode::WrongVersion => "1 (protocol version not supported)",
        AccCode::NotThisGame => "2 (not this game: position, colour or time)",
        AccCode::NoGames => "3 (no games at all)",
    }
}

/// The GAMEREQ's minutes and moves for the runner's time control. DXP counts whole minutes and
/// has no increment: a clock asks for its base time rounded up; a fixed move time T asks for
/// T × 75 seconds for 75 moves.
fn gamereq_time(tc: &TimeControl) -> Result<(u16, u16), HubError> {
    let minutes = |secs: f64| (secs / 60.0).ceil().clamp(1.0, 999.0) as u16;
    match tc {
        TimeControl::Clock { base, .. } => Ok((minutes(base.as_secs_f64()), 0)),
        TimeControl::MoveTime(t) => Ok((minutes(t.as_secs_f64() * 75.0), 75)),
        TimeControl::Depth(_) | TimeControl::Nodes(_) => Err(HubError::Crashed(
            "a DXP engine cannot be given a fixed depth or node count; use --tc or --movetime"
                .into(),
        )),
    }
}

/// A MOVE the rules core could not find, as move text (so the runner reports it as illegal).
fn move_text(m: &MoveMsg) -> String {
    let sep = if m.captured.is_empty() { "-" } else { "x" };
    let mut s = format!("{}{sep}{}", m.from, m.to);
    for c in &m.captured {
        s.push_str(&format!("x{c}"));
    }
    s
}

/// Starts `command` with `{port}` replaced by a free port (else [`DEFAULT_PORT`]).
fn spawn(command: &str) -> Result<(Child, u16), HubError> {
    let port = if command.contains("{port}") {
        free_port()?
    } else {
        DEFAULT_PORT
    };
    let words =
        split_command(&command.replace("{port}", &port.to_string())).map_err(HubError::Crashed)?;
    let Some((program, args)) = words.split_first() else {
        return Err(HubError::Crashed(
            "no command after 'dxp:' (give dxp:HOST:PORT or dxp:CMD ARGS)".into(),
        ));
    };
    let child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| HubError::Crashed(format!("cannot start '{program}': {e}")))?;
    Ok((child, port))
}

fn free_port() -> Result<u16, HubError> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| HubError::Crashed(format!("no free port: {e}")))
}

/// Connects to `address`; to a started engine (`child`), retries while it comes up.
fn connect(address: &str, child: &mut Option<Child>) -> Result<TcpStream, HubError> {
    let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
    loop {
        let e = match TcpStream::connect(address) {
            Ok(s) => return Ok(s),
            Err(e) => e,
        };
        let Some(c) = child.as_mut() else {
            return Err(HubError::Crashed(format!(
                "cannot connect to {address}: {e}; is its DXP server running and listening \
                 there?"
            )));
        };
        if let Ok(Some(status)) = c.try_wait() {
            return Err(HubError::Crashed(format!(
                "the started engine exited ({status}) before accepting a connection on {address}"
            )));
        }
        if Instant::now() > deadline {
            return Err(HubError::Crashed(format!(
                "the started engine accepted no connection on {address} within {} s ({e}); \
                 does its command listen on that port ({{port}} in the command gives it one)?",
                HANDSHAKE_TIMEOUT.as_secs()
            )));
        }
        thread::sleep(Duration::from_millis(50));
    }
}

/// The 64-bit form of `pos`, which DXP's boards (10×10 and 8×8) have.
fn narrow(pos: &dama::WidePosition) -> Result<dama::Position, HubError> {
    pos.in_word::<u64>()
        .ok_or_else(|| HubError::Garbage(format!("DXP does not play {}", pos.variant())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets() {
        assert_eq!(
            DxpTarget::parse("dxp:127.0.0.1:27531"),
            Some(DxpTarget::Address("127.0.0.1:27531".into()))
        );
        assert_eq!(
            DxpTarget::parse("dxp:dama dxp --listen {port}"),
            Some(DxpTarget::Command("dama dxp --listen {port}".into()))
        );
        assert_eq!(
            DxpTarget::parse("dxp:./scan"),
            Some(DxpTarget::Command("./scan".into()))
        );
        assert_eq!(DxpTarget::parse("dama hub"), None);
    }

    #[test]
    fn gamereq_times() {
        let clock = TimeControl::parse_clock("0.5+0.1").unwrap();
        assert_eq!(gamereq_time(&clock).unwrap(), (1, 0));
        let clock = TimeControl::parse_clock("3").unwrap();
        assert_eq!(gamereq_time(&clock).unwrap(), (3, 0));
        let mt = TimeControl::MoveTime(Duration::from_secs(2));
        assert_eq!(gamereq_time(&mt).unwrap(), (3, 75));
        assert!(gamereq_time(&TimeControl::Depth(3)).is_err());
    }

    #[test]
    fn unknown_moves_become_move_text() {
        let m = MoveMsg {
            seconds: 0,
            from: 28,
            to: 19,
            captured: vec![23],
        };
        assert_eq!(move_text(&m), "28x19x23");
    }

    #[test]
    fn nothing_listening_is_a_crash() {
        let port = free_port().unwrap();
        let target = DxpTarget::Address(format!("127.0.0.1:{port}"));
        let tc = TimeControl::parse_clock("1").unwrap();
        match DxpEngine::start(&target, Variant::International, &tc) {
            Err(HubError::Crashed(m)) => assert!(m.contains("cannot connect"), "{m}"),
            other => panic!("{:?}", other.err()),
        }
    }
}
