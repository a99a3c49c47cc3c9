//! dama's turn: a book move, or a search on a worker thread whose result comes back through the
//! connection's channel; the MOVE carries the time the move took.

use std::panic::{self, AssertUnwindSafe};
use std::thread;
use std::time::{Duration, Instant};

use super::connection::{Connection, Event, Running, State};
use crate::engine::Engine;
use crate::moves::Move;
use crate::position::Position;
use crate::protocol::dxp::message::{EndReason, GameEnd, Message};
use crate::search::SearchResult;

impl Connection<'_> {
    /// Plays a book move at once, or starts a search on the worker thread.
    pub(super) fn think(&mut self) {
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

    pub(super) fn finish_search(
        &mut self,
        id: u64,
        engine: Box<Engine>,
        result: Option<SearchResult>,
    ) {
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
