//! The messages the peer sends, each handled in the state the connection is in.

use std::time::Instant;

use super::connection::{Connection, State};
use crate::position::Position;
use crate::protocol::dxp::board::DxpBoard;
use crate::protocol::dxp::config::{DxpEvent, Role};
use crate::protocol::dxp::game::{receiver_view, DxpGame, TimeControl};
use crate::protocol::dxp::message::{
    AccCode, BackAcc, BackReq, EndReason, GameAcc, GameEnd, GameReq, Message, MoveMsg, VERSION,
};
use crate::types::Color;

impl Connection<'_> {
    pub(super) fn on_message(&mut self, msg: Message) {
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
        let board = DxpBoard::new(variant);
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

    fn start_game(&mut self, start: Position, dama: Color, time: TimeControl, opponent: String) {
        self.fresh_game = true;
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

    fn on_move(&mut self, m: MoveMsg) {
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

    fn on_backreq(&mut self, req: BackReq) {
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
}
