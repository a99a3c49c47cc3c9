//! One game on the server, in the word of its variant, behind an object-safe trait so that a
//! match holds a game of any variant: every move is checked by the rules core, and the page
//! gets the position, the legal moves with their capture paths, and the draw rules' counters.

use dama::game::{DrawSwitches, Game};
use dama::movegen;
use dama::notation;
use dama::rules::{EndgameCounters, Word};
use dama::{Board, Color, Move, Piece, Square, Variant};
use serde_json::{json, Value};

use crate::end::{self, End};
use crate::search::{self, SearchSpec};

/// The most squares a path the client sends may have (start, landings, destination).
pub const MAX_PATH: usize = 40;

/// A game of any variant, as the server uses it.
pub trait Table: Send {
    /// The variant played.
    fn variant(&self) -> Variant;
    /// The side to move.
    fn side(&self) -> Color;
    /// The side that moved at ply `ply` (0-based).
    fn mover(&self, ply: usize) -> Color;
    /// The plies played.
    fn plies(&self) -> usize;
    /// Plays the legal move with this path of square numbers, or says why it is not legal.
    fn play_path(&mut self, path: &[u32]) -> Result<(), String>;
    /// Takes back the last ply; false when there is none.
    fn undo(&mut self) -> bool;
    /// The end of the game by the rules, if it has ended.
    fn end(&self) -> Option<End>;
    /// The position for the page: pieces, side to move, legal moves (when `moves`), the last
    /// move, the draw rules' counters.
    fn view(&self, moves: bool) -> Value;
    /// The board's squares: numbers, coordinates, names.
    fn board(&self) -> Value;
    /// The start position as FEN when it is not the variant's.
    fn start_fen(&self) -> Option<String>;
    /// The paths of the moves played, in order (what the page keeps to resume the game).
    fn history(&self) -> &[Vec<u32>];
    /// A search of the current position that can run on another thread; it returns the path
    /// of the move found.
    fn search(&self, spec: SearchSpec) -> search::Job;
    /// The game as PDN.
    fn pdn(&self, white: &str, black: &str, end: Option<&End>) -> String;
}

/// A new game of `variant` from its start position, or from `fen`.
pub fn new_table(variant: Variant, fen: Option<&str>) -> Result<Box<dyn Table>, String> {
    dama::for_word!(variant, W => GameTable::<W>::new(variant, fen).map(|t| Box::new(t) as Box<dyn Table>))
}

/// A game with the paths of its moves.
struct GameTable<W: Word> {
    game: Game<W>,
    paths: Vec<Vec<u32>>,
}

impl<W: Word> GameTable<W> {
    fn new(variant: Variant, fen: Option<&str>) -> Result<GameTable<W>, String> {
        let start = match fen {
            None => Board::start(variant),
            Some(f) => Board::from_fen(variant, f).map_err(|e| format!("bad position: {e}"))?,
        };
        Ok(GameTable {
            game: Game::new(start),
            paths: Vec::new(),
        })
    }

    fn pos(&self) -> &Board<W> {
        self.game.position()
    }

    fn number(&self, sq: Square) -> u32 {
        self.pos().rules().names().number(sq)
    }

    fn numbers(&self, sqs: impl IntoIterator<Item = Square>) -> Vec<u32> {
        sqs.into_iter().map(|s| self.number(s)).collect()
    }

    /// Every legal move with one path per way of playing it.
    fn paths(&self) -> Vec<(Move<W>, Vec<Square>)> {
        let pos = self.pos();
        let legal = movegen::legal_moves(pos);
        if legal.iter().any(Move::is_capture) {
            return movegen::capture_paths(pos)
                .into_iter()
                .map(|p| (p.mv, p.squares))
                .collect();
        }
        legal.into_iter().map(|m| (m, vec![m.from, m.to])).collect()
    }

    /// The squares of a path of numbers, or the number that names no square.
    fn squares(&self, path: &[u32]) -> Result<Vec<Square>, String> {
        let names = self.pos().rules().names();
        path.iter()
            .map(|&n| names.square(n).ok_or(format!("there is no square {n}")))
            .collect()
    }

    /// Why `path` is no legal move, in the rules core's words.
    fn why_illegal(&self, squares: &[Square]) -> String {
        let pos = self.pos();
        let sep = if squares.len() > 2 { "x" } else { "-" };
        let names: Vec<String> = squares
            .iter()
            .map(|&s| notation::square_name(pos, s))
            .collect();
        let text = names.join(sep);
        let why = notation::explain_illegal(pos, &text);
        let quoted = format!("'{text}'");
        let why = why.strip_prefix(&quoted).unwrap_or(&why);
        let why = why.strip_prefix(" is not a legal move").unwrap_or(why);
        why.strip_prefix(": ").unwrap_or(why).to_string()
    }

    fn move_json(&self, mv: &Move<W>, path: &[Square]) -> Value {
        json!({ "path": self.numbers(path.iter().copied()), "cap": self.numbers(mv.captured.iter()) })
    }

    fn pieces(&self) -> Vec<Value> {
        let pos = self.pos();
        pos.occupied()
            .iter()
            .filter_map(|sq| {
                let (color, piece) = pos.piece_at(sq)?;
                Some(json!([
                    self.number(sq),
                    color_letter(color),
                    piece == Piece::King
                ]))
            })
            .collect()
    }

    fn last_move(&self) -> Value {
        let Some(path) = self.paths.last() else {
            return Value::Null;
        };
        let cap = self
            .game
            .moves()
            .last()
            .map_or(Vec::new(), |m| self.numbers(m.captured.iter()));
        json!({ "path": path, "cap": cap })
    }

    /// The draw rules and how far each has run.
    fn counters(&self) -> Value {
        let rules = self.pos().rules();
        let counters = self.game.counters();
        let endgame = match (rules.draw.endgame, counters.endgame()) {
            (EndgameCounters::Classes(_), Some((class, played))) => class.rule(rules).map_or(
                Value::Null,
                |r| json!({ "label": r.label, "plies": r.plies, "played": played }),
            ),
            _ => Value::Null,
        };
        json!({
            "repetition": [self.game.occurrences(), rules.draw.repetition],
            "quiet": [counters.quiet_plies(), rules.draw.no_progress_plies],
            "man_move_resets": rules.draw.man_move_is_progress,
            "endgame": endgame,
        })
    }
}

impl<W: Word> Table for GameTable<W> {
    fn variant(&self) -> Variant {
        self.game.start().variant()
    }

    fn side(&self) -> Color {
        self.pos().side()
    }

    fn mover(&self, ply: usize) -> Color {
        let first = self.game.start().side();
        if ply.is_multiple_of(2) {
            first
        } else {
            !first
        }
    }

    fn plies(&self) -> usize {
        self.game.moves().len()
    }

    fn play_path(&mut self, path: &[u32]) -> Result<(), String> {
        if path.len() < 2 || path.len() > MAX_PATH {
            return Err(format!(
                "a move has 2 to {MAX_PATH} squares, not {}",
                path.len()
            ));
        }
        if let Some(e) = self.end() {
            return Err(format!("the game is over ({})", e.text));
        }
        let squares = self.squares(path)?;
        let found = self.paths().into_iter().find(|(_, p)| *p == squares);
        let Some((mv, _)) = found else {
            return Err(self.why_illegal(&squares));
        };
        self.game.play(&mv);
        self.paths.push(path.to_vec());
        Ok(())
    }

    fn undo(&mut self) -> bool {
        self.paths.pop();
        self.game.undo().is_some()
    }

    fn end(&self) -> Option<End> {
        end::of_game(&self.game, &DrawSwitches::default())
    }

    fn view(&self, moves: bool) -> Value {
        let legal: Vec<Value> = if moves && self.end().is_none() {
            self.paths()
                .iter()
                .map(|(m, p)| self.move_json(m, p))
                .collect()
        } else {
            Vec::new()
        };
        json!({
            "pieces": self.pieces(),
            "side": self.side().name(),
            "ply": self.plies(),
            "moves": legal,
            "last": self.last_move(),
            "counters": self.counters(),
        })
    }

    fn board(&self) -> Value {
        let rules = self.pos().rules();
        let names = rules.names();
        let squares: Vec<Value> = names
            .all_squares()
            .map(|sq| {
                let (x, y) = names.coords(sq);
                json!([names.number(sq), x, y, rules.square_name(sq)])
            })
            .collect();
        json!({
            "variant": rules.name,
            "width": names.width,
            "height": names.height,
            "squares": squares,
            "first": rules.first.name(),
        })
    }

    fn start_fen(&self) -> Option<String> {
        let start = self.game.start();
        (*start != Board::<W>::start(start.variant())).then(|| start.to_fen())
    }

    fn history(&self) -> &[Vec<u32>] {
        &self.paths
    }

    fn search(&self, spec: SearchSpec) -> search::Job {
        search::job(self.game.clone(), spec)
    }

    fn pdn(&self, white: &str, black: &str, end: Option<&End>) -> String {
        crate::pdn::write(&self.game, white, black, end)
    }
}

/// `w` or `b`.
pub fn color_letter(c: Color) -> &'static str {
    match c {
        Color::White => "w",
        Color::Black => "b",
    }
}
