//! A match: one game with its two seats (a person at each in a room; a person and the engine
//! in a game against the engine), what each seat's page is sent, and who moves next.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use dama::{Color, Variant};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::end::End;
use crate::table::{self, Table};

/// Where a connection's messages go.
pub type Tx = mpsc::Sender<String>;

/// A match shared by the connections that play in it and by the engine's turns.
pub type Shared = Arc<Mutex<Duel>>;

/// Locks a match (a panic while it was held leaves it as it was: the data is still good).
pub fn lock(d: &Shared) -> MutexGuard<'_, Duel> {
    d.lock().unwrap_or_else(|e| e.into_inner())
}

/// One side of the board.
pub struct Seat {
    /// A person plays it (else the engine).
    pub human: bool,
    /// The secret that takes the seat back after a dropped connection.
    pub token: String,
    /// The connection playing it now (its id and where its messages go).
    pub conn: Option<(u64, Tx)>,
    /// Since when its player has been away (a dropped connection).
    pub away_since: Option<Instant>,
    /// Whether a person ever took it (a room starts when both are taken).
    pub taken: bool,
}

impl Seat {
    fn new(human: bool) -> Seat {
        Seat {
            human,
            token: crate::codes::token(),
            conn: None,
            away_since: None,
            taken: !human,
        }
    }
}

/// A game and its seats.
pub struct Duel {
    /// The game.
    pub table: Box<dyn Table>,
    /// White's seat, then Black's.
    pub seats: [Seat; 2],
    /// The engine's level (in a room: for a dropped player).
    pub level: u8,
    /// A resignation, which ends the game before the rules do.
    pub resigned: Option<End>,
    /// Counts changes of the game, so that an answer to an older position is dropped.
    pub generation: u64,
    /// The engine is searching a move.
    pub thinking: bool,
    /// A hint is being searched.
    pub hinting: bool,
    /// The room's code (`None`: a game against the engine).
    pub room: Option<String>,
    /// Seed of the engine's choices in this match.
    pub seed: u64,
}

impl Duel {
    /// A game against the engine, the person playing `human`.
    pub fn solo(
        variant: Variant,
        fen: Option<&str>,
        level: u8,
        human: Color,
    ) -> Result<Duel, String> {
        let mut seats = [Seat::new(true), Seat::new(true)];
        seats[(!human).index()] = Seat::new(false);
        Ok(Duel::new(
            table::new_table(variant, fen)?,
            level,
            seats,
            None,
        ))
    }

    /// A room for two people.
    pub fn room(variant: Variant, level: u8, code: String) -> Duel {
        let table = table::new_table(variant, None).expect("a variant's start position");
        Duel::new(table, level, [Seat::new(true), Seat::new(true)], Some(code))
    }

    fn new(table: Box<dyn Table>, level: u8, seats: [Seat; 2], room: Option<String>) -> Duel {
        Duel {
            table,
            seats,
            level,
            resigned: None,
            generation: 0,
            thinking: false,
            hinting: false,
            room,
            seed: crate::codes::seed(),
        }
    }

    /// The end, by resignation or by the rules.
    pub fn end(&self) -> Option<End> {
        self.resigned.clone().or_else(|| self.table.end())
    }

    /// Both seats have been taken (a game against the engine at once).
    pub fn started(&self) -> bool {
        self.seats.iter().all(|s| s.taken)
    }

    /// The seat of `c`.
    pub fn seat(&self, c: Color) -> &Seat {
        &self.seats[c.index()]
    }

    /// Whether the engine moves for `side` now: its seat is the engine's, or its player has
    /// been away for `dropout` while the other one is here.
    pub fn engine_plays(&self, side: Color, dropout: Duration) -> bool {
        let seat = self.seat(side);
        if !seat.human {
            return true;
        }
        let away_long =
            seat.conn.is_none() && seat.away_since.is_some_and(|t| t.elapsed() >= dropout);
        away_long && self.started() && self.seat(!side).conn.is_some()
    }

    /// The game changed: answers to the position before are dropped.
    pub fn changed(&mut self) {
        self.generation += 1;
    }

    /// The state `c`'s page is sent.
    pub fn state_for(&self, c: Color, dropout: Duration) -> Value {
        let end = self.end();
        let my_turn = self.started()
            && end.is_none()
            && self.table.side() == c
            && !self.engine_plays(c, dropout);
        let mut state = self.table.view(my_turn);
        let names = self.player_names();
        let extra = json!({
            "t": "state",
            "board": self.table.board(),
            "you": c.name(),
            "level": self.level,
            "thinking": self.thinking,
            "started": self.started(),
            "over": end.as_ref().map(End::json),
            "history": self.table.history(),
            "fen": self.table.start_fen(),
            "pdn": self.table.pdn(&names[0], &names[1], end.as_ref()),
            "room": self.room_state(c, dropout),
        });
        if let (Value::Object(s), Value::Object(e)) = (&mut state, extra) {
            s.extend(e);
        }
        state
    }

    fn player_names(&self) -> [String; 2] {
        Color::ALL.map(|c| {
            if self.seat(c).human {
                format!("{} player", c.name())
            } else {
                format!("dama level {}", self.level)
            }
        })
    }

    /// The room as `c` sees it: its code and where the other player is.
    fn room_state(&self, c: Color, dropout: Duration) -> Value {
        let Some(code) = &self.room else {
            return Value::Null;
        };
        let other = self.seat(!c);
        let (status, left) = match (other.taken, &other.conn, other.away_since) {
            (false, _, _) => ("waiting", 0),
            (true, Some(_), _) => ("here", 0),
            (true, None, Some(t)) if t.elapsed() < dropout => {
                ("away", (dropout - t.elapsed()).as_secs() + 1)
            }
            _ => ("engine", 0),
        };
        json!({ "code": code, "opponent": status, "seconds_left": left, "token": self.seat(c).token })
    }

    /// Sends every connected seat its state.
    pub fn broadcast(&self, dropout: Duration) {
        for c in Color::ALL {
            if let Some((_, tx)) = &self.seat(c).conn {
                let _ = tx.try_send(self.state_for(c, dropout).to_string());
            }
        }
    }

    /// Sends `msg` to every connected seat.
    pub fn tell_all(&self, msg: &Value) {
        for s in &self.seats {
            if let Some((_, tx)) = &s.conn {
                let _ = tx.try_send(msg.to_string());
            }
        }
    }

    /// The colour of the seat held by connection `id`.
    pub fn colour_of(&self, id: u64) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.seat(c).conn.as_ref().is_some_and(|(i, _)| *i == id))
    }
}
