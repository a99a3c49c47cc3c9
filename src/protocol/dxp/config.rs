//! What a DXP session is told before it starts, and what it reports while it runs.

use std::time::Duration;

use super::message::{AccCode, EndReason};
use crate::protocol::Settings;
use crate::types::Color;

/// How long the session waits for a GAMEACC after its GAMEREQ, or for the confirming GAMEEND.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// The protocol role (independent of who listens and who connects).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Answers GAMEREQs: plays as many games per connection as the initiator asks for.
    Follower,
    /// Asks for games.
    Initiator(InitiatorPlan),
}

/// The games an initiator asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitiatorPlan {
    /// Games to play; the GAMEEND of the last one carries stop code 1.
    pub games: u32,
    /// Thinking time per game, in minutes.
    pub minutes: u16,
    /// Moves the thinking time is for (0 = the whole game).
    pub moves: u16,
    /// dama's colour in the first game; the colours alternate from game to game.
    pub colour: Color,
}

impl InitiatorPlan {
    /// dama's colour in game `index` (0 = the first).
    pub fn colour_in(&self, index: u32) -> Color {
        if index.is_multiple_of(2) {
            self.colour
        } else {
            !self.colour
        }
    }
}

/// Everything a session needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxpConfig {
    /// The name sent in GAMEREQ and GAMEACC (cut to 32 characters).
    pub name: String,
    /// The engine, book and variant settings (as for the Hub).
    pub settings: Settings,
    /// Initiator or follower.
    pub role: Role,
    /// At most this long for any one move, whatever the clock allows (not part of DXP).
    pub move_cap: Option<Duration>,
    /// See [`ANSWER_TIMEOUT`].
    pub answer_timeout: Duration,
}

impl DxpConfig {
    /// A follower with `settings` and the default timeouts.
    pub fn follower(settings: Settings) -> DxpConfig {
        DxpConfig {
            name: format!("dama {}", env!("CARGO_PKG_VERSION")),
            settings,
            role: Role::Follower,
            move_cap: None,
            answer_timeout: ANSWER_TIMEOUT,
        }
    }
}

/// What happened on a connection, for a front end to log. The session itself never prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DxpEvent {
    /// A game began.
    GameStarted {
        /// The peer's name from its GAMEREQ or GAMEACC.
        opponent: String,
        /// The colour dama plays.
        dama: Color,
    },
    /// The peer refused dama's GAMEREQ.
    Refused(AccCode),
    /// dama refused the peer's GAMEREQ, for this reason.
    Declined(String),
    /// The peer chatted.
    Chat(String),
    /// The peer sent something dama could not use; dama answered with a CHAT (or a GAMEEND).
    BadInput(String),
    /// A game ended.
    GameEnded {
        /// The result from dama's side.
        result: EndReason,
        /// How it ended.
        detail: String,
    },
    /// The peer closed the connection (or it broke).
    Disconnected,
}

/// How a connection went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games that ended (by GAMEEND or otherwise).
    pub games: u32,
    /// Whether the connection ended by a stop code, a refusal or dama's plan rather than by the
    /// peer going away.
    pub stopped: bool,
}
