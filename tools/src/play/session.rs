//! A game of `dama play` driven by lines of input, answering with lines of text: the terminal
//! layer (`dama play` in the binary) only reads standard input and prints what the session says, so the
//! whole game can be driven and checked from a test.

use std::path::PathBuf;
use std::time::Duration;

use dama::engine::{Engine, EngineOptions};
use dama::game::{Game, Outcome};
use dama::notation::{self, format_move};
use dama::rules::Word;
use dama::search::SearchLimits;
use dama::Move;
use dama::{movegen, Bitboard, Board, Color, Variant};

use super::board::{self, Marks, Style};
use super::command::{self, Command};
use super::record::{self, Players, Saved};
use super::status;

/// What a game is played with.
#[derive(Clone, Debug)]
pub struct Config {
    /// The variant.
    pub variant: Variant,
    /// The engine's level, 1-5.
    pub level: u8,
    /// The human's colour.
    pub human: Color,
    /// How the board is drawn.
    pub style: Style,
    /// Level 5's time for a move (the lower levels stop at their node budgets).
    pub think_time: Duration,
    /// A node cap on every search, the hints' included (for reproducible tests).
    pub nodes: Option<u64>,
    /// Seed of the lower levels' choices.
    pub seed: u64,
    /// Where `quit` saves the game.
    pub resume_file: PathBuf,
}

/// Where the session's text goes.
pub trait Output {
    /// One line (or several, joined by newlines) to show.
    fn line(&mut self, text: &str);
    /// The engine has finished searching to `depth` (shown while it thinks).
    fn thinking(&mut self, _depth: u32) {}
}

impl Output for Vec<String> {
    fn line(&mut self, text: &str) {
        self.push(text.to_string());
    }
}

/// The engine's level from which "thinking…" and the depth are shown.
const SHOW_THINKING_FROM: u8 = 3;

/// The hint for one position: the move, and whether the whole move was shown yet.
struct Hint<W: Word> {
    plies: usize,
    mv: Move<W>,
    whole_shown: bool,
}

/// One game against the engine.
pub struct Session<W: Word = u64> {
    cfg: Config,
    game: Game<W>,
    engine: Engine<W>,
    adviser: Engine<W>,
    hint: Option<Hint<W>>,
    flipped: bool,
    ended: Option<Outcome>,
    quit: bool,
}

impl<W: Word> Session<W> {
    /// A new game from the variant's start position.
    pub fn new(cfg: Config) -> Session<W> {
        let engine = Engine::<W>::new(EngineOptions {
            variant: cfg.variant,
            hash_mb: 16,
            skill: cfg.level.clamp(1, 5),
            seed: cfg.seed,
            ..EngineOptions::default()
        });
        let adviser = Engine::<W>::new(EngineOptions {
            variant: cfg.variant,
            hash_mb: 16,
            ..EngineOptions::default()
        });
        Session {
            game: Game::new(Board::start(cfg.variant)),
            cfg,
            engine,
            adviser,
            hint: None,
            flipped: false,
            ended: None,
            quit: false,
        }
    }

    /// A saved game, resumed where it stopped (in the saved game's variant; the level and
    /// colour are `cfg`'s).
    pub fn resume(mut cfg: Config, saved: Saved<W>) -> Session<W> {
        cfg.variant = saved.start.variant();
        let mut session = Session::new(cfg);
        let mut game = Game::new(saved.start);
        saved.moves.iter().for_each(|m| game.play(m));
        session.game = game;
        session.ended = status::outcome(&session.game).or_else(|| match saved.result {
            Some("1-0") => Some(recorded_win(Color::White)),
            Some("0-1") => Some(recorded_win(Color::Black)),
            Some(_) => Some(Outcome::Draw {
                reason: "as recorded in the file".into(),
            }),
            None => None,
        });
        session
    }

    /// The game so far.
    pub fn game(&self) -> &Game<W> {
        &self.game
    }

    /// True once the player has quit.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The greeting and the board; the engine moves first when it has the move.
    pub fn start(&mut self, out: &mut dyn Output) {
        out.line(&format!(
            "dama play: {} draughts, level {}, you play {} (type help for the commands)",
            self.cfg.variant.name(),
            self.cfg.level,
            self.cfg.human.name()
        ));
        self.show_board(out);
        if let Some(o) = self.ended.clone() {
            out.line(&format!("this game is over: {} {o}", o.result()));
            return;
        }
        self.engine_turn(out);
    }

    /// What to ask for next.
    pub fn prompt(&self) -> String {
        if self.ended.is_some() {
            return "game over (undo, new, save, pdn, quit)> ".into();
        }
        let pos = self.game.position();
        let number = self.move_number(self.game.moves().len());
        format!("move {number}, {} to play> ", pos.side().name())
    }

    /// Handles one line of input.
    pub fn handle(&mut self, line: &str, out: &mut dyn Output) {
        match command::parse(line) {
            Command::Nothing => {}
            Command::Move(text) => self.human_move(&text, out),
            Command::Hint => self.hint(out),
            Command::Undo => self.undo(out),
            Command::Moves => self.list_moves(out),
            Command::Resign => self.resign(out),
            Command::Draw => status::draw_rules(&self.game)
                .iter()
                .for_each(|l| out.line(l)),
            Command::Save(file) => {
                let path = file.map_or_else(|| self.cfg.resume_file.clone(), PathBuf::from);
                self.save(&path, out);
            }
            Command::Help => {
                out.line(command::HELP);
                out.line(board::legend(self.cfg.style));
            }
            Command::Quit { save } => self.leave(save, out),
            Command::Flip => {
                self.flipped = !self.flipped;
                self.show_board(out);
            }
            Command::Board => self.show_board(out),
            Command::Pdn => out.line(&self.pdn()),
            Command::New => {
                self.game = Game::new(Board::start(self.cfg.variant));
                self.ended = None;
                self.hint = None;
                self.engine.new_game();
                self.start(out);
            }
        }
    }

    /// Saves the game to the resumable file (unless `save` is false) and ends the session.
    pub fn leave(&mut self, save: bool, out: &mut dyn Output) {
        if save {
            let path = self.cfg.resume_file.clone();
            if self.save(&path, out) && self.ended.is_none() {
                out.line(&format!(
                    "resume it with: dama play --load {}",
                    path.display()
                ));
            }
        }
        self.quit = true;
    }

    fn human_move(&mut self, text: &str, out: &mut dyn Output) {
        if let Some(o) = &self.ended {
            out.line(&format!(
                "the game is over ({} {o}); undo takes back your last move, new starts again",
                o.result()
            ));
            return;
        }
        if self.game.position().side() != self.cfg.human {
            out.line("it is dama's turn");
            self.engine_turn(out);
            return;
        }
        let pos = *self.game.position();
        match notation::parse_move(&pos, text) {
            Err(e) => out.line(&format!("illegal move: {e}")),
            Ok(mv) => {
                let label = self.move_label(&pos, &mv);
                self.game.play(&mv);
                out.line(&format!("you play {label}"));
                if !self.check_end(out) {
                    self.engine_turn(out);
                }
            }
        }
    }

    /// The engine plays when it has the move and the game goes on.
    fn engine_turn(&mut self, out: &mut dyn Output) {
        if self.ended.is_some() || self.game.position().side() == self.cfg.human {
            return;
        }
        let level = self.cfg.level;
        let time = if level >= 5 {
            self.cfg.think_time
        } else {
            Duration::from_secs(2)
        };
        // Level 5 is the full engine, with its opening book; the lower levels always search.
        let limits = SearchLimits {
            book: level >= 5,
            ..self.limits(time)
        };
        if level >= SHOW_THINKING_FROM {
            out.line("dama is thinking…");
        }
        self.engine
            .set_position(*self.game.start(), self.game.moves());
        let result = self
            .engine
            .go(&limits, &mut |info| out.thinking(info.depth));
        let pos = *self.game.position();
        let Some(mv) = result
            .best
            .filter(|m| movegen::legal_moves(&pos).contains(m))
        else {
            out.line("dama found no move (the search failed); type a command or quit");
            return;
        };
        let label = self.move_label(&pos, &mv);
        self.game.play(&mv);
        if result.from_book {
            out.line(&format!("dama plays {label} (from its opening book)"));
        } else if level >= SHOW_THINKING_FROM {
            out.line(&format!("dama plays {label} (depth {})", result.depth));
        } else {
            out.line(&format!("dama plays {label}"));
        }
        self.show_board(out);
        if !self.check_end(out) {
            self.announce_captures(out);
        }
    }

    /// Limits for a search of `time` (and the configured node cap).
    fn limits(&self, time: Duration) -> SearchLimits {
        SearchLimits {
            movetime: Some(time),
            nodes: self.cfg.nodes,
            ..SearchLimits::default()
        }
    }

    /// When the human must capture, which pieces can.
    fn announce_captures(&self, out: &mut dyn Output) {
        let pos = self.game.position();
        let capturers = status::must_capture(pos);
        if capturers.any() {
            let names: Vec<String> = capturers.iter().map(|s| status::piece_on(pos, s)).collect();
            out.line(&format!("you must capture: {}", names.join(", ")));
        }
    }

    /// Ends the game if the rules end it now; true when it is over.
    fn check_end(&mut self, out: &mut dyn Output) -> bool {
        match status::outcome(&self.game) {
            Some(o) => {
                self.finish(o, out);
                true
            }
            None => false,
        }
    }

    fn finish(&mut self, outcome: Outcome, out: &mut dyn Output) {
        let verdict = if let Outcome::Win { winner, .. } = &outcome {
            if *winner == self.cfg.human {
                "you win"
            } else {
                "dama wins"
            }
        } else {
            "a draw"
        };
        out.line(&format!(
            "game over: {} {outcome}: {verdict}",
            outcome.result()
        ));
        self.ended = Some(outcome);
        out.line(&self.pdn());
    }

    fn hint(&mut self, out: &mut dyn Output) {
        if self.ended.is_some() || self.game.position().side() != self.cfg.human {
            out.line("no hint: it is not your move");
            return;
        }
        let pos = *self.game.position();
        let plies = self.game.moves().len();
        if self.hint.as_ref().is_none_or(|h| h.plies != plies) {
            self.adviser
                .set_position(*self.game.start(), self.game.moves());
            let limits = self.limits(Duration::from_secs(1));
            let Some(mv) = self.adviser.go(&limits, &mut |_| {}).best else {
                out.line("no hint: the search found no move");
                return;
            };
            self.hint = Some(Hint {
                plies,
                mv,
                whole_shown: false,
            });
        }
        let Some(hint) = self.hint.as_mut() else {
            return;
        };
        if hint.whole_shown {
            out.line(&format!("hint: play {}", format_move(&pos, &hint.mv)));
        } else {
            hint.whole_shown = true;
            out.line(&format!(
                "hint: move {} (hint again for the whole move)",
                status::piece_on(&pos, hint.mv.from)
            ));
        }
    }

    fn undo(&mut self, out: &mut dyn Output) {
        let n = self.game.moves().len();
        let human_has_moved = (0..n).any(|ply| self.mover(ply) == self.cfg.human);
        if !human_has_moved {
            out.line("nothing to take back: you have not moved yet");
            return;
        }
        let mut taken = Vec::new();
        while let Some(ply) = self.game.moves().len().checked_sub(1) {
            let mover = self.mover(ply);
            if let Some(mv) = self.game.undo() {
                let before = *self.game.position();
                taken.push(self.move_label(&before, &mv));
            }
            if mover == self.cfg.human {
                break;
            }
        }
        taken.reverse();
        out.line(&format!("taken back: {}", taken.join(" ")));
        self.ended = None;
        self.hint = None;
        self.show_board(out);
    }

    fn list_moves(&self, out: &mut dyn Output) {
        if self.ended.is_some() {
            out.line("the game is over");
            return;
        }
        let pos = self.game.position();
        let moves: Vec<String> = movegen::legal_moves(pos)
            .iter()
            .map(|m| format_move(pos, m))
            .collect();
        out.line(&format!("legal moves: {}", moves.join(" ")));
        // where one destination is reached in two ways, every way with what it takes in order
        for listed in crate::movelist::shared_destinations(pos) {
            out.line(&format!(
                "  {}",
                listed.line(pos.rules().notation.capture_sep)
            ));
        }
    }

    fn resign(&mut self, out: &mut dyn Output) {
        if self.ended.is_some() {
            out.line("the game is already over");
            return;
        }
        let reason = format!("{} resigned", self.cfg.human.name());
        self.finish(
            Outcome::Win {
                winner: !self.cfg.human,
                reason,
            },
            out,
        );
    }

    /// Writes the game to `path`; false (with the reason shown) when it cannot.
    fn save(&self, path: &std::path::Path, out: &mut dyn Output) -> bool {
        match std::fs::write(path, self.pdn()) {
            Ok(()) => {
                out.line(&format!("game saved to {}", path.display()));
                true
            }
            Err(e) => {
                out.line(&format!("could not save to {}: {e}", path.display()));
                false
            }
        }
    }

    /// The game as PDN (result `*` while it goes on).
    pub fn pdn(&self) -> String {
        let players = Players {
            level: self.cfg.level,
            human: self.cfg.human,
        };
        let (result, reason) = match &self.ended {
            Some(o) => (o.result(), o.reason()),
            None => ("*", ""),
        };
        record::write(&self.game, &players, result, reason)
    }

    fn show_board(&self, out: &mut dyn Output) {
        let pos = self.game.position();
        let last_move = self
            .game
            .moves()
            .last()
            .map_or(Bitboard::<W>::default(), |m| {
                Bitboard::from_square(m.from) | Bitboard::from_square(m.to)
            });
        let marks = Marks {
            last_move,
            must_capture: status::must_capture(pos),
        };
        let bottom = if self.flipped {
            !self.cfg.human
        } else {
            self.cfg.human
        };
        out.line(&board::render(pos, bottom, &marks, self.cfg.style));
    }

    /// The side that played ply `ply` (0-based) of the game.
    fn mover(&self, ply: usize) -> Color {
        let first = self.game.start().side();
        if ply.is_multiple_of(2) {
            first
        } else {
            !first
        }
    }

    /// The number of the move that ply `ply` belongs to, counted as PDN counts them.
    fn move_number(&self, ply: usize) -> usize {
        let start = self.game.start();
        let offset = usize::from(start.side() != start.rules().first);
        (ply + offset) / 2 + 1
    }

    /// `5. c3-d4` or `5... f6-e5` for `mv` played now from `pos`.
    fn move_label(&self, pos: &Board<W>, mv: &Move<W>) -> String {
        let ply = self.game.moves().len();
        let dots = if pos.side() == pos.rules().first {
            "."
        } else {
            "..."
        };
        format!("{}{dots} {}", self.move_number(ply), format_move(pos, mv))
    }
}

/// A win the file records without a rule that ends the game (a resignation).
fn recorded_win(winner: Color) -> Outcome {
    Outcome::Win {
        winner,
        reason: format!("{} resigned", (!winner).name()),
    }
}

#[cfg(test)]
mod tests;
