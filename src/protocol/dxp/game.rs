//! One DXP game from dama's side: the game record, whose move it is, the clock the GAMEREQ set,
//! the moves that arrive, the result as a GAMEEND reason, and taking moves back (BACKREQ).

use std::time::Duration;

use super::board::DxpBoard;
use super::message::{BackReq, EndReason, MoveMsg};
use crate::game::{DrawSwitches, Game, Outcome};
use crate::moves::Move;
use crate::position::Position;
use crate::search::{Clock, SearchLimits};
use crate::types::Color;

/// The least time a move is given once the clock has run out (DXP has no flag fall).
const FLOOR: Duration = Duration::from_millis(50);

/// The time control of a GAMEREQ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Thinking time for `moves` moves (or the whole game).
    pub total: Duration,
    /// The number of moves the time is for; 0 = the whole game.
    pub moves: u16,
    /// At most this much for any one move (a local setting, not part of DXP).
    pub move_cap: Option<Duration>,
}

impl TimeControl {
    /// The time control of a GAMEREQ's minutes and moves (`000` minutes is played as one).
    pub fn from_request(minutes: u16, moves: u16, move_cap: Option<Duration>) -> TimeControl {
        TimeControl {
            total: Duration::from_secs(60 * u64::from(minutes.max(1))),
            moves,
            move_cap,
        }
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct DxpGame {
    game: Game,
    dama: Color,
    board: DxpBoard,
    time: TimeControl,
    used: Duration,
    own_moves: u32,
}

impl DxpGame {
    /// A game from `start` in which dama plays `dama`.
    pub fn new(start: Position, dama: Color, time: TimeControl) -> DxpGame {
        DxpGame {
            game: Game::new(start),
            dama,
            board: DxpBoard::new(start.variant()),
            time,
            used: Duration::ZERO,
            own_moves: 0,
        }
    }

    /// The game record.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The colour dama plays.
    pub fn dama(&self) -> Color {
        self.dama
    }

    /// The board numbering.
    pub fn board(&self) -> &DxpBoard {
        &self.board
    }

    /// Whether dama is to move.
    pub fn dama_to_move(&self) -> bool {
        self.game.position().side() == self.dama
    }

    /// The search limits of dama's next move.
    pub fn limits(&self) -> SearchLimits {
        let left = self.time.total.saturating_sub(self.used);
        let moves_to_go = (self.time.moves > 0).then(|| {
            (u32::from(self.time.moves))
                .saturating_sub(self.own_moves)
                .max(1)
        });
        let mut limits = SearchLimits::default();
        if left <= FLOOR {
            limits.movetime = Some(self.time.move_cap.unwrap_or(FLOOR).min(FLOOR));
            return limits;
        }
        limits.clock = Some(Clock {
            time_left: left,
            increment: Duration::ZERO,
            moves_to_go,
        });
        if let Some(cap) = self.time.move_cap {
            limits.movetime = Some(cap.min(left / 2).max(Duration::from_millis(1)));
        }
        limits
    }

    /// Plays dama's move, which took `used`; returns the MOVE message (time rounded to seconds).
    pub fn play_own(&mut self, mv: &Move, used: Duration) -> MoveMsg {
        self.used += used;
        self.own_moves += 1;
        self.game.play(mv);
        let seconds = used.as_secs_f64().round().min(9999.0) as u16;
        self.board.message_of(mv, seconds)
    }

    /// Plays the opponent's MOVE if it is legal here.
    pub fn play_peer(&mut self, msg: &MoveMsg) -> Result<Move, String> {
        if self.dama_to_move() {
            return Err("a MOVE arrived while dama is to move".to_string());
        }
        let mv = self.board.move_of(self.game.position(), msg)?;
        self.game.play(&mv);
        Ok(mv)
    }

    /// The result if the game is over by the rules.
    pub fn outcome(&self, draw: &DrawSwitches) -> Option<Outcome> {
        self.game.outcome(draw)
    }

    /// An outcome as the GAMEEND reason dama sends.
    pub fn reason_of(&self, outcome: &Outcome) -> EndReason {
        match outcome {
            Outcome::Win { winner, .. } if *winner == self.dama => EndReason::SenderWins,
            Outcome::Win { .. } => EndReason::SenderLoses,
            Outcome::Draw { .. } => EndReason::Draw,
        }
    }

    /// Goes back to move `req.move_number` with `req.to_move` to move (numbered from the start
    /// position, whose side plays move 1). Refuses a point outside the game.
    pub fn take_back(&mut self, req: &BackReq) -> Result<(), String> {
        let first = self.game.start().side();
        let ply = 2 * i64::from(req.move_number) - 2 + i64::from(req.to_move == Color::Black)
            - i64::from(first == Color::Black);
        let played = self.game.moves().len() as i64;
        if ply < 0 || ply > played {
            return Err(format!(
                "move {} with {} to move is not in this game ({} plies played)",
                req.move_number,
                req.to_move.name(),
                played
            ));
        }
        let keep = self.game.moves()[..ply as usize].to_vec();
        let mut game = Game::new(*self.game.start());
        keep.iter().for_each(|m| game.play(m));
        self.game = game;
        Ok(())
    }
}

/// The sender's view of a GAMEEND turned into the receiver's.
pub fn receiver_view(reason: EndReason) -> EndReason {
    match reason {
        EndReason::SenderLoses => EndReason::SenderWins,
        EndReason::SenderWins => EndReason::SenderLoses,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen;
    use crate::rules::Variant;

    fn game(dama: Color) -> DxpGame {
        let time = TimeControl::from_request(2, 50, None);
        DxpGame::new(Position::start(Variant::International), dama, time)
    }

    #[test]
    fn the_clock_counts_dama_moves_only() {
        let mut g = game(Color::White);
        let clock = g.limits().clock.unwrap();
        assert_eq!(clock.time_left, Duration::from_secs(120));
        assert_eq!(clock.moves_to_go, Some(50));
        let mv = movegen::legal_moves(g.game().position())[0];
        let msg = g.play_own(&mv, Duration::from_millis(2600));
        assert_eq!(msg.seconds, 3);
        let clock = g.limits().clock.unwrap();
        assert_eq!(clock.time_left, Duration::from_millis(117_400));
        assert_eq!(clock.moves_to_go, Some(49));
    }

    #[test]
    fn an_empty_clock_still_gives_a_move_time() {
        let mut g = game(Color::White);
        let mv = movegen::legal_moves(g.game().position())[0];
        g.play_own(&mv, Duration::from_secs(500));
        let limits = g.limits();
        assert!(limits.clock.is_none());
        assert_eq!(limits.movetime, Some(FLOOR));
    }

    #[test]
    fn a_move_cap_bounds_each_move() {
        let time = TimeControl::from_request(0, 0, Some(Duration::from_millis(40)));
        assert_eq!(time.total, Duration::from_secs(60));
        let g = DxpGame::new(Position::start(Variant::International), Color::White, time);
        assert_eq!(g.limits().movetime, Some(Duration::from_millis(40)));
        assert_eq!(g.limits().clock.unwrap().moves_to_go, None);
    }

    #[test]
    fn peer_moves_only_on_the_peer_turn() {
        let mut g = game(Color::Black);
        assert!(!g.dama_to_move());
        let msg = g
            .board()
            .message_of(&movegen::legal_moves(g.game().position())[0], 0);
        assert!(g.play_peer(&msg).is_ok());
        assert!(g.dama_to_move());
        assert!(g.play_peer(&msg).unwrap_err().contains("dama is to move"));
    }

    #[test]
    fn take_back_counts_moves_from_the_start_side() {
        let mut g = game(Color::White);
        for _ in 0..5 {
            let mv = movegen::legal_moves(g.game().position())[0];
            g.game.play(&mv);
        }
        let back = |n, c| BackReq {
            move_number: n,
            to_move: c,
        };
        assert!(g.take_back(&back(4, Color::White)).is_err());
        g.take_back(&back(2, Color::Black)).unwrap();
        assert_eq!(g.game().moves().len(), 3);
        g.take_back(&back(1, Color::White)).unwrap();
        assert_eq!(g.game().moves().len(), 0);
        assert!(g.dama_to_move());
    }

    #[test]
    fn results_from_dama_side() {
        let g = game(Color::Black);
        let win = Outcome::Win {
            winner: Color::Black,
            reason: String::new(),
        };
        assert_eq!(g.reason_of(&win), EndReason::SenderWins);
        assert_eq!(receiver_view(EndReason::SenderLoses), EndReason::SenderWins);
        assert_eq!(receiver_view(EndReason::Draw), EndReason::Draw);
    }
}
