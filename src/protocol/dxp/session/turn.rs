//! dama's turn: the engine searches in the background ([`Engine::start`]) or answers from its
//! book; the end of the search comes back through the connection's channel, and the MOVE
//! carries the time the move took.

use std::time::Instant;

use super::connection::{Connection, Event, Running, State};
use crate::engine::SearchCallbacks;
use crate::moves::Move;
use crate::protocol::dxp::message::{EndReason, GameEnd, Message};

#[cfg(doc)]
use crate::engine::Engine;

impl Connection<'_> {
    /// Starts dama's search for the position of the game (a book move comes back at once).
    pub(super) fn think(&mut self) {
        let State::Playing(game) = &self.state else {
            return;
        };
        let (start, moves) = (*game.game().start(), game.game().moves().to_vec());
        let mut limits = game.limits();
        limits.book = true;
        let engine = &mut self.player.engine;
        if std::mem::take(&mut self.fresh_game) {
            engine.new_game();
        }
        engine.set_position(start, &moves);
        self.next_id += 1;
        let id = self.next_id;
        let tx = self.tx.clone();
        let callbacks = SearchCallbacks::default().on_done(move || {
            let _ = tx.send(Event::Done(id));
        });
        let started = Instant::now();
        let handle = engine.start(&limits, callbacks);
        self.search = Some(Running {
            id,
            handle,
            started,
            stale: false,
        });
    }

    /// Plays the result of search `id`, unless the game moved on while it ran.
    pub(super) fn finish_search(&mut self, id: u64) {
        let run = match self.search.take() {
            Some(run) if run.id == id => run,
            other => {
                self.search = other;
                return;
            }
        };
        let used = run.started.elapsed();
        let stale = run.stale;
        let result = run.handle.wait();
        if stale {
            return;
        }
        match result.best {
            Some(mv) => self.play_own(mv, used),
            None => {
                // The search failed: give the game up rather than hang.
                let stop = self.last_game();
                self.send(&Message::GameEnd(GameEnd {
                    reason: EndReason::SenderLoses,
                    stop,
                }));
                let why = result.error.unwrap_or_else(|| "no move".into());
                self.end_game(EndReason::SenderLoses, format!("the search failed: {why}"));
                self.state = State::Ending(Instant::now());
            }
        }
    }

    fn play_own(&mut self, mv: Move, used: std::time::Duration) {
        let State::Playing(game) = &mut self.state else {
            return;
        };
        let msg = game.play_own(&mv, used);
        self.send(&Message::Move(msg));
    }
}
