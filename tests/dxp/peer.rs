//! A scripted DXP peer for the session tests: it speaks the protocol through the library's codec
//! over a loopback socket, with a read timeout so that no test can hang.

use std::io::BufReader;
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc::{self, Receiver};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use dama::protocol::dxp::{
    write_message, DxpBoard, DxpConfig, DxpEvent, DxpPlayer, FrameReader, Message, MoveMsg, Role,
    Summary,
};
use dama::protocol::Settings;
use dama::{movegen, Move, Position, Variant};

/// How long the peer waits for any one message.
pub const READ_TIMEOUT: Duration = Duration::from_secs(20);

/// A follower or initiator config for fast games: international, no book, small table.
pub fn config(role: Role) -> DxpConfig {
    let mut settings = Settings::default();
    settings.set("variant", "international").unwrap();
    settings.set("book", "false").unwrap();
    settings.set("hash", "4").unwrap();
    let mut config = DxpConfig::follower(settings);
    config.role = role;
    config.move_cap = Some(Duration::from_millis(15));
    config.answer_timeout = Duration::from_secs(5);
    config
}

/// dama on a thread of its own, serving `connections` connections on a loopback listener.
pub struct Dama {
    pub port: u16,
    pub thread: JoinHandle<Vec<Summary>>,
    pub events: Receiver<DxpEvent>,
}

pub fn serve(config: DxpConfig, connections: usize) -> Dama {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, events) = mpsc::channel();
    let thread = thread::spawn(move || {
        let mut player = DxpPlayer::new(config);
        let mut summaries = Vec::new();
        for _ in 0..connections {
            let (stream, _) = listener.accept().unwrap();
            let mut on_event = |e: &DxpEvent| {
                let _ = tx.send(e.clone());
            };
            summaries.push(player.play_connection(stream, &mut on_event).unwrap());
        }
        summaries
    });
    Dama {
        port,
        thread,
        events,
    }
}

/// The test's side of a connection.
pub struct Peer {
    out: TcpStream,
    frames: FrameReader<BufReader<TcpStream>>,
}

impl Peer {
    pub fn connect(port: u16) -> Peer {
        Peer::over(TcpStream::connect(("127.0.0.1", port)).unwrap())
    }

    pub fn over(stream: TcpStream) -> Peer {
        stream.set_read_timeout(Some(READ_TIMEOUT)).unwrap();
        let frames = FrameReader::new(BufReader::new(stream.try_clone().unwrap()));
        Peer {
            out: stream,
            frames,
        }
    }

    pub fn send(&mut self, msg: &Message) {
        write_message(&mut self.out, msg).unwrap();
    }

    pub fn send_raw(&mut self, text: &str) {
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(0);
        self.send_bytes(&bytes);
    }

    /// Writes `bytes` as they are (no NUL added).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        std::io::Write::write_all(&mut self.out, bytes).unwrap();
    }

    /// The next message (the frame text and its parse); `None` when dama closed the connection.
    pub fn recv(&mut self) -> Option<(String, Message)> {
        let text = self.frames.next_frame().expect("dama answers in time")?;
        let text = text.expect("dama sends valid frames");
        let msg = Message::parse(&text).unwrap_or_else(|e| panic!("'{text}': {e}"));
        Some((text, msg))
    }

    /// The next message that is not a CHAT, with the chats skipped.
    pub fn recv_skipping_chat(&mut self) -> (String, Message, Vec<String>) {
        let mut chats = Vec::new();
        loop {
            let (text, msg) = self
                .recv()
                .expect("a message, not the end of the connection");
            match msg {
                Message::Chat(c) => chats.push(c),
                msg => return (text, msg, chats),
            }
        }
    }

    pub fn close(self) {
        let _ = self.out.shutdown(std::net::Shutdown::Both);
    }
}

/// The game as the peer sees it: every move dama sends is checked against the rules core.
pub struct Referee {
    pub pos: Position,
    pub board: DxpBoard,
    pub plies: usize,
}

impl Default for Referee {
    fn default() -> Referee {
        Referee::new()
    }
}

impl Referee {
    pub fn new() -> Referee {
        let pos = Position::start(Variant::International);
        Referee {
            pos,
            board: DxpBoard::new(Variant::International),
            plies: 0,
        }
    }

    /// Checks and plays a MOVE of dama's.
    pub fn dama_moved(&mut self, msg: &MoveMsg) {
        let mv = self
            .board
            .move_of(&self.pos, msg)
            .unwrap_or_else(|e| panic!("dama's move: {e}"));
        self.play(&mv);
    }

    /// The peer's move: the first legal one (a weak, deterministic opponent).
    pub fn peer_move(&mut self) -> Option<MoveMsg> {
        let mv = *movegen::legal_moves(&self.pos).first()?;
        self.play(&mv);
        Some(self.board.message_of(&mv, 0))
    }

    fn play(&mut self, mv: &Move) {
        self.pos = self.pos.play(mv);
        self.plies += 1;
    }
}
