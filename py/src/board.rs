//! `dama.Board`: a game of any variant (start position, moves played, draw counters) with its
//! legal moves and full capture paths, play and undo, the result and PDN and FEN out.

use dama::game::{DrawSwitches, Game, WideGame};
use dama::notation::listing::{self, Listed};
use dama::notation::{self, pdn};
use dama::perft::{self, Counting};
use dama::rules::Word;
use dama::{Variant, WideMove, WidePosition};
use pyo3::prelude::*;

use crate::errors::{bad, illegal};

/// One legal move: its notation, every square it lands on and the pieces it takes, in order.
#[pyclass(module = "dama", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Move {
    /// The move in the variant's notation (the shortest text that names it alone).
    #[pyo3(get)]
    pub notation: String,
    /// The start square, then every square it lands on; the last is the destination.
    #[pyo3(get)]
    pub path: Vec<String>,
    /// The squares of the pieces taken, in the order they are taken (empty: no capture).
    #[pyo3(get)]
    pub captured: Vec<String>,
    pub mv: WideMove,
}

#[pymethods]
impl Move {
    /// Whether the move takes pieces.
    #[getter]
    fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    fn __str__(&self) -> String {
        self.notation.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Move('{}', path={:?}, captured={:?})",
            self.notation, self.path, self.captured
        )
    }
}

/// A draughts game: the start position, the moves played and the position they lead to.
#[pyclass(module = "dama")]
#[derive(Clone)]
pub struct Board {
    pub game: WideGame,
}

/// `variant` by name (`dama variants` lists the names).
pub fn variant_named(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>().map_err(bad)
}

impl Board {
    /// The legal moves of the current position (one per capture path when `paths`), each with
    /// the engine's move.
    fn listed(&self, paths: bool) -> Vec<Move> {
        listing::legal_moves(self.game.position(), paths)
            .into_iter()
            .map(|(mv, l)| python_move(mv, l))
            .collect()
    }
}

/// The Python form of a listed move.
fn python_move(mv: WideMove, l: Listed) -> Move {
    Move {
        notation: l.notation,
        path: l.path,
        captured: l.captured,
        mv,
    }
}

#[pymethods]
impl Board {
    /// A board at the start of `variant`, or at `fen` (PDN FEN, e.g. `W:W21,22:B9,10`).
    #[new]
    #[pyo3(signature = (variant = "czech", fen = None))]
    fn new(variant: &str, fen: Option<&str>) -> PyResult<Board> {
        let v = variant_named(variant)?;
        let start = match fen {
            Some(text) => WidePosition::from_fen(v, text).map_err(bad)?,
            None => WidePosition::start(v),
        };
        Ok(Board {
            game: Game::new(start),
        })
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.game.position().variant().name()
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.game.position().side().name()
    }

    /// The moves played since the start position, in the variant's notation.
    #[getter]
    fn moves(&self) -> Vec<String> {
        let mut pos = *self.game.start();
        let mut out = Vec::new();
        for mv in self.game.moves() {
            out.push(notation::format_move(&pos, mv));
            pos = pos.play(mv);
        }
        out
    }

    /// The current position as PDN FEN.
    fn fen(&self) -> String {
        self.game.position().to_fen()
    }

    /// The legal moves; with `paths`, one per capture path (as `dama moves --paths` lists them).
    #[pyo3(signature = (paths = false))]
    fn legal_moves(&self, paths: bool) -> Vec<Move> {
        self.listed(paths)
    }

    /// Plays `move` (a `Move` of `legal_moves()` or move text such as `"c3-d4"`, `"c3xe5"`,
    /// a full path `"a1xc3xe5"`); returns the move played. Raises `IllegalMoveError` with the
    /// reason when it is not legal here.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        let legal = self.listed(true);
        let played = match r#move.extract::<PyRef<'_, Move>>() {
            Ok(m) if legal.iter().any(|l| l.mv == m.mv) => m.clone(),
            Ok(m) => return Err(illegal(format!("'{}' is not legal here", m.notation))),
            Err(_) => {
                let text: String = r#move.extract()?;
                let mv = notation::parse_move(self.game.position(), &text).map_err(illegal)?;
                let first = legal.into_iter().find(|l| l.mv == mv);
                first.ok_or_else(|| illegal(format!("'{text}' is not among the legal moves")))?
            }
        };
        self.game.play(&played.mv);
        Ok(played)
    }

    /// Takes back the last move; returns its notation, or None at the start.
    fn undo(&mut self) -> Option<String> {
        let mv = self.game.undo()?;
        Some(notation::format_move(self.game.position(), &mv))
    }

    /// Whether the game is over, by the variant's goal or a draw rule.
    fn is_over(&self) -> bool {
        self.game.outcome(&DrawSwitches::default()).is_some()
    }

    /// The PDN result when the game is over (`"1-0"`, `"0-1"`, `"1/2-1/2"`), else None.
    fn result(&self) -> Option<&'static str> {
        self.game
            .outcome(&DrawSwitches::default())
            .map(|o| o.result())
    }

    /// Why the game is over (`"black has no legal move"`, `"threefold repetition"`), else None.
    fn reason(&self) -> Option<String> {
        self.game
            .outcome(&DrawSwitches::default())
            .map(|o| o.reason().to_string())
    }

    /// Plies left before a draw rule ends the game (no-progress or endgame counter), if one
    /// counts now.
    fn plies_to_draw(&self) -> Option<u32> {
        let rules = self.game.position().rules();
        self.game
            .counters()
            .plies_left(rules, &DrawSwitches::default())
    }

    /// The game as PDN: tags (variant, the FEN of a set-up start, the result), then the moves.
    fn pdn(&self) -> String {
        let outcome = self.game.outcome(&DrawSwitches::default());
        let result = outcome.as_ref().map_or("*", |o| o.result());
        let reason = outcome.as_ref().map_or("", |o| o.reason());
        let start = self.game.start();
        let fen = start.to_fen();
        let mut tags = vec![("Event", "dama"), ("Result", result)];
        tags.extend(pdn::variant_tags(start.variant()));
        if *start != WidePosition::start(start.variant()) {
            tags.push(("FEN", fen.as_str()));
        }
        let mut out = pdn::tag_lines(&tags);
        out.push('\n');
        out.push_str(&pdn::move_section(start, self.game.moves(), reason, result));
        out.push('\n');
        out
    }

    /// The number of move sequences of `depth` plies from here (`paths`: every capture path
    /// counts, as the `paths` lines of the perft tables).
    #[pyo3(signature = (depth, paths = false))]
    fn perft(&self, py: Python<'_>, depth: u32, paths: bool) -> u64 {
        let pos = *self.game.position();
        let counting = if paths {
            Counting::Paths
        } else {
            Counting::Moves
        };
        py.detach(|| dama::for_word!(pos.variant(), W => count::<W>(&pos, depth, counting)))
    }

    /// A copy of the board (the game and its history).
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.fen()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', '{}')", self.variant(), self.fen())
    }
}

/// perft of `pos` on the word of its variant (64-bit positions are faster).
fn count<W: Word>(pos: &WidePosition, depth: u32, counting: Counting) -> u64 {
    match pos.in_word::<W>() {
        Some(p) => perft::perft(&p, depth, counting),
        None => perft::perft(pos, depth, counting),
    }
}
