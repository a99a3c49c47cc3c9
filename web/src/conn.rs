//! One WebSocket connection: its messages read, checked and acted on, one at a time; the
//! answers and the states of its match sent back.

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use dama::Color;
use serde_json::{json, Value};

use crate::codes;
use crate::duel::{lock, Duel, Shared, Tx};
use crate::protocol::{self, ClientMsg, Colour};
use crate::server::{engine_turn, guard, watch_departure, Server};

/// A connection's player.
pub struct Client {
    server: Arc<Server>,
    id: u64,
    tx: Tx,
    ip: IpAddr,
    /// `http://host:port` as the page reached the server, for a room's link.
    origin: String,
    /// The match played and the seat's colour.
    seat: Option<(Shared, Color)>,
    bucket: Bucket,
}

impl Client {
    /// A client for a new connection.
    pub fn new(server: Arc<Server>, tx: Tx, ip: IpAddr, origin: String) -> Client {
        let rate = server.cfg.messages_per_second;
        Client {
            id: server.connection_id(),
            server,
            tx,
            ip,
            origin,
            seat: None,
            bucket: Bucket::new(rate),
        }
    }

    fn send(&self, msg: Value) {
        let _ = self.tx.try_send(msg.to_string());
    }

    /// Sends an error: a code the page reacts to and a line for the player.
    pub fn error(&self, code: &str, text: &str) {
        self.send(json!({"t": "error", "code": code, "text": text}));
    }

    /// The greeting: the variants and the default one.
    pub fn hello(&self) {
        let variants: Vec<Value> = dama::Variant::ALL
            .into_iter()
            .filter(|v| protocol::playable(v.name()).is_ok())
            .map(|v| json!(v.name()))
            .collect();
        self.send(
            json!({"t": "hello", "variant": self.server.cfg.variant.name(), "variants": variants}),
        );
    }

    /// One text message from the page.
    pub fn on_text(&mut self, text: &str) {
        if !self.bucket.take() {
            return self.error("rate", "too many messages: slow down");
        }
        let max = self.server.cfg.max_message_bytes;
        if text.len() > max {
            return self.error(
                "too_big",
                &format!("message too long: {} bytes, at most {max}", text.len()),
            );
        }
        match protocol::parse(text) {
            Ok(msg) => self.handle(msg),
            Err(why) => self.error("bad_message", &why),
        }
    }

    fn handle(&mut self, msg: ClientMsg) {
        match msg {
            ClientMsg::New {
                variant,
                level,
                colour,
                fen,
            } => self.new_game(&variant, fen.as_deref(), level, colour, &[]),
            ClientMsg::Resume {
                variant,
                level,
                colour,
                moves,
                fen,
            } => self.new_game(&variant, fen.as_deref(), level, colour, &moves),
            ClientMsg::Move { path } => self.play(&path),
            ClientMsg::Hint {} => self.hint(),
            ClientMsg::Undo {} => self.undo(),
            ClientMsg::Resign {} => self.resign(),
            ClientMsg::CreateRoom { variant, level } => self.create_room(&variant, level),
            ClientMsg::JoinRoom { code, token } => self.join_room(&code, token.as_deref()),
            ClientMsg::Leave {} => self.leave(),
            ClientMsg::Ping {} => self.send(json!({"t": "pong"})),
        }
    }

    /// A game against the engine, with `moves` replayed (a game the page kept).
    fn new_game(
        &mut self,
        variant: &str,
        fen: Option<&str>,
        level: u8,
        colour: Colour,
        moves: &[Vec<u32>],
    ) {
        let Ok(variant) = protocol::playable(variant) else {
            return self.error("bad_message", "unknown variant");
        };
        let human = match colour {
            Colour::White => Color::White,
            Colour::Black => Color::Black,
            Colour::Random if codes::coin() => Color::White,
            Colour::Random => Color::Black,
        };
        let mut duel = match Duel::solo(variant, fen, level, human) {
            Ok(d) => d,
            Err(why) => return self.error("bad_message", &why),
        };
        for (i, path) in moves.iter().enumerate() {
            if let Err(why) = duel.table.play_path(path) {
                let text = format!("the saved game cannot be resumed: move {}: {why}", i + 1);
                return self.error("resume", &text);
            }
        }
        self.leave();
        self.sit(Arc::new(Mutex::new(duel)), human);
    }

    /// Takes the seat `c` of `duel`, sends the state and lets the engine move if it is to.
    fn sit(&mut self, duel: Shared, c: Color) {
        {
            let mut d = lock(&duel);
            let seat = &mut d.seats[c.index()];
            seat.conn = Some((self.id, self.tx.clone()));
            seat.away_since = None;
            seat.taken = true;
            d.broadcast(self.server.cfg.dropout);
        }
        engine_turn(&self.server, &duel);
        self.seat = Some((duel, c));
    }

    /// The match and colour, or an error to the page when there is no game.
    fn current(&self) -> Option<(Shared, Color)> {
        let seat = self.seat.as_ref().map(|(d, c)| (Arc::clone(d), *c));
        if seat.is_none() {
            self.error("no_game", "there is no game: start one first");
        }
        seat
    }

    /// Checks that it is `c`'s turn in a game that goes on; says why not.
    fn my_turn(&self, d: &Duel, c: Color) -> bool {
        let why = if let Some(e) = d.end() {
            format!("the game is over ({})", e.text)
        } else if !d.started() {
            "the game starts when your friend joins".into()
        } else if d.table.side() != c || d.engine_plays(c, self.server.cfg.dropout) {
            "it is not your turn".into()
        } else {
            return true;
        };
        self.error("not_now", &why);
        false
    }

    fn play(&mut self, path: &[u32]) {
        let Some((duel, c)) = self.current() else {
            return;
        };
        {
            let mut d = lock(&duel);
            if !self.my_turn(&d, c) {
                return;
            }
            if let Err(why) = d.table.play_path(path) {
                return self.send(json!({"t": "illegal", "from": path.first(), "text": why}));
            }
            d.changed();
            d.broadcast(self.server.cfg.dropout);
        }
        engine_turn(&self.server, &duel);
    }

    fn hint(&mut self) {
        let Some((duel, c)) = self.current() else {
            return;
        };
        let job = {
            let mut d = lock(&duel);
            if d.room.is_some() {
                return self.error("not_now", "no hints in a game between two people");
            }
            if !self.my_turn(&d, c) {
                return;
            }
            if d.hinting {
                return self.error("not_now", "the hint is on its way");
            }
            d.hinting = true;
            let spec = crate::search::SearchSpec {
                skill: 5,
                time: self.server.cfg.hint_time,
                seed: d.seed,
                book: true,
            };
            (d.table.search(spec), d.generation)
        };
        let (job, generation) = job;
        let Ok(rx) = self.server.pool.submit(job) else {
            lock(&duel).hinting = false;
            return self.error("busy", "the server is busy: try the hint again in a moment");
        };
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let path = rx.await.ok().flatten();
            let mut d = lock(&duel);
            d.hinting = false;
            if d.generation == generation {
                let msg = json!({"t": "hint", "path": path, "ply": d.table.plies()});
                let _ = tx.try_send(msg.to_string());
            }
        });
    }

    fn undo(&mut self) {
        let Some((duel, c)) = self.current() else {
            return;
        };
        let mut d = lock(&duel);
        if d.room.is_some() {
            return self.error("not_now", "no undo in a game between two people");
        }
        let plies = d.table.plies();
        let Some(mine) = (0..plies).rev().find(|&p| d.table.mover(p) == c) else {
            return self.error("not_now", "nothing to take back: you have not moved yet");
        };
        while d.table.plies() > mine {
            d.table.undo();
        }
        d.resigned = None;
        d.thinking = false;
        d.changed();
        d.broadcast(self.server.cfg.dropout);
    }

    fn resign(&mut self) {
        let Some((duel, c)) = self.current() else {
            return;
        };
        let mut d = lock(&duel);
        if !self.my_turn(&d, c) {
            return;
        }
        d.resigned = Some(crate::end::End::resigned(c));
        d.changed();
        d.broadcast(self.server.cfg.dropout);
    }

    fn create_room(&mut self, variant: &str, level: u8) {
        let Ok(variant) = protocol::playable(variant) else {
            return self.error("bad_message", "unknown variant");
        };
        let (code, duel) = {
            let mut rooms = guard(&self.server.rooms);
            if rooms.len() >= self.server.cfg.max_rooms {
                let text = format!(
                    "all {} rooms are taken: try again later",
                    self.server.cfg.max_rooms
                );
                return self.error("limit", &text);
            }
            let code = loop {
                let c = codes::room_code();
                if !rooms.contains_key(&c) {
                    break c;
                }
            };
            let duel = Arc::new(Mutex::new(Duel::room(variant, level, code.clone())));
            rooms.insert(code.clone(), Arc::clone(&duel));
            (code, duel)
        };
        let link = format!("{}/?room={code}", self.origin);
        let qr = codes::qr_svg(&link).unwrap_or_default();
        self.send(json!({"t": "room", "code": code, "link": link, "qr": qr}));
        self.enter_room(duel, None);
    }

    fn join_room(&mut self, typed: &str, token: Option<&str>) {
        if !self.server.may_try_code(self.ip) {
            return self.error("rate", "too many wrong room codes: wait a minute");
        }
        let room =
            codes::normalize(typed).and_then(|code| guard(&self.server.rooms).get(&code).cloned());
        let Some(duel) = room else {
            self.server.wrong_code(self.ip);
            return self.error("no_room", "no room has that code");
        };
        self.enter_room(duel, token);
    }

    /// Takes the seat of `token` in the room, or a free one (by lot when both are free).
    fn enter_room(&mut self, duel: Shared, token: Option<&str>) {
        let seat = {
            let d = lock(&duel);
            let by_token = Color::ALL
                .into_iter()
                .find(|&c| token.is_some_and(|t| d.seat(c).token == t));
            let free: Vec<Color> = Color::ALL
                .into_iter()
                .filter(|&c| !d.seat(c).taken)
                .collect();
            // colours by lot: the first player gets either free seat
            by_token.or_else(|| match free.as_slice() {
                [a, b] => Some(if codes::coin() { *a } else { *b }),
                [a] => Some(*a),
                _ => None,
            })
        };
        let Some(c) = seat else {
            return self.error("full", "the room is full: two players are in it");
        };
        if self
            .seat
            .as_ref()
            .is_some_and(|(d, _)| Arc::ptr_eq(d, &duel))
        {
            return;
        }
        self.leave();
        self.sit(duel, c);
    }

    /// Leaves the match: a room's seat waits for its player (the dropout rule).
    pub fn leave(&mut self) {
        let Some((duel, c)) = self.seat.take() else {
            return;
        };
        let mut d = lock(&duel);
        let seat = &mut d.seats[c.index()];
        // a room's seat may have been taken back by a newer connection of its player
        if seat.conn.as_ref().is_some_and(|(id, _)| *id == self.id) {
            seat.conn = None;
            seat.away_since = Some(Instant::now());
        }
        if d.room.is_some() {
            d.broadcast(self.server.cfg.dropout);
            drop(d);
            watch_departure(&self.server, &duel);
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.leave();
        self.server.connections.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A token bucket: `rate` messages a second, bursts of twice as many.
struct Bucket {
    rate: f64,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn new(rate: u32) -> Bucket {
        let rate = f64::from(rate.max(1));
        Bucket {
            rate,
            tokens: 2.0 * rate,
            at: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * self.rate)
            .min(2.0 * self.rate);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
