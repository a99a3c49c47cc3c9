//! An engine of a match, whatever its protocol: Hub (version 2, or version 1 as Scan 1.x and
//! 2.x speak it) on standard input/output, or DXP over TCP
//! (an engine command that starts with `dxp:`).

use std::time::Instant;

use dama::game::WideGame;
use dama::protocol::dxp::EndReason;
use dama::rules::Variant;

use super::clock::TimeControl;
use super::dxp::{DxpEngine, DxpTarget};
use super::hub::{EngineSpec, HubEngine, HubError, SearchReply};

/// A started engine.
pub enum Player {
    /// A Hub engine.
    Hub(HubEngine),
    /// A DXP engine.
    Dxp(DxpEngine),
}

/// What the runner tells an engine for one move: the game, and the Hub lines describing it.
pub struct Turn<'a> {
    /// The game, the engine to move.
    pub game: &'a WideGame,
    /// The Hub `pos` line.
    pub pos_line: &'a str,
    /// The Hub `level` line.
    pub level_line: &'a str,
    /// When the answer must be in.
    pub deadline: Instant,
}

impl Player {
    /// Starts (or connects to) `spec`'s engine for `variant` games at `tc`.
    pub fn start(
        spec: &EngineSpec,
        variant: Variant,
        tc: &TimeControl,
    ) -> Result<Player, HubError> {
        match DxpTarget::parse(&spec.command) {
            Some(target) => DxpEngine::start(&target, variant, tc).map(Player::Dxp),
            None => HubEngine::start(spec, variant).map(Player::Hub),
        }
    }

    /// After a search that missed its deadline: when the answer came, if it came before
    /// `until` (a Hub engine; a DXP engine is not waited for).
    pub fn late_answer(&mut self, until: Instant) -> Option<Instant> {
        match self {
            Player::Hub(e) => e.late_answer(until),
            Player::Dxp(_) => None,
        }
    }

    /// Before a game: the next search is unrelated to the previous ones.
    pub fn new_game(&mut self) -> Result<(), HubError> {
        match self {
            Player::Hub(e) => e.new_game(),
            Player::Dxp(e) => {
                e.end_game(EndReason::Unknown);
                Ok(())
            }
        }
    }

    /// The engine's move.
    pub fn think(&mut self, turn: &Turn) -> Result<SearchReply, HubError> {
        match self {
            Player::Hub(e) if e.version == 1 => {
                e.search_v1(turn.game, turn.level_line, turn.deadline)
            }
            Player::Hub(e) => e.search(turn.pos_line, turn.level_line, turn.deadline),
            Player::Dxp(e) => e.search(turn.game, turn.deadline),
        }
    }

    /// After a game, with the result from the engine's side (DXP engines get a GAMEEND).
    pub fn end_game(&mut self, result: EndReason) {
        if let Player::Dxp(e) = self {
            e.end_game(result);
        }
    }

    /// Whether the engine is still running.
    pub fn is_alive(&mut self) -> bool {
        match self {
            Player::Hub(e) => e.is_alive(),
            Player::Dxp(e) => e.is_alive(),
        }
    }

    /// After a fault in a game: whether the engine can play the next game as it is. A DXP
    /// engine whose connection still works ends the game with a GAMEEND and stays (a server may
    /// serve only one connection); a Hub engine is always replaced.
    pub fn recover(&mut self) -> bool {
        match self {
            Player::Hub(_) => false,
            Player::Dxp(e) => e.recover(),
        }
    }

    /// Quits politely.
    pub fn quit(self) {
        match self {
            Player::Hub(e) => e.quit(),
            Player::Dxp(e) => e.quit(),
        }
    }

    /// Kills at once.
    pub fn kill(&mut self) {
        match self {
            Player::Hub(e) => e.kill(),
            Player::Dxp(e) => e.kill(),
        }
    }
}
