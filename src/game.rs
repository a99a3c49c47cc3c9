//! The draw rules of a variant and a game record: repetition, the no-progress counter, the
//! small-material endgame counters (one mechanism reading the variant's
//! [`EndgameCounters::Classes`] table: Czech čl. 6.3/6.4, FMJD art. 6.3/6.4 for International and
//! Brazilian, FMJD-64 7.2.4-7.2.8 for Russian) and the end of the game.
//!
//! [`Counters`] is small and `Copy` and is updated in O(1) per ply, so the search can carry one
//! per node. [`Game`] keeps the start position, the moves, the counters and the keys of the
//! positions since the last irreversible ply (for repetition).

use crate::rules::Word;
use std::fmt;

use crate::goal;
use crate::moves::Move;
use crate::notation::{self, MoveError};
use crate::position::Board;
use crate::rules::{EndgameCounters, EndgameRule, LoneKingDiagonal, MaterialPattern, RuleSet};
use crate::types::{Bitboard, Color};

/// Whether `mv` is a man's quiet step along its row (Turkish, Gothic): it can be undone, so
/// it is no progress and does not start the repetition chain anew, as a king's move.
#[inline(always)]
fn sideways_step<W: Word>(before: &Board<W>, mv: &Move<W>) -> bool {
    let rules = before.rules();
    if !rules.men.moves.sideways() || mv.is_capture() {
        return false;
    }
    let g = before.geometry();
    g.coords(mv.from).1 == g.coords(mv.to).1
}

/// Which draw rules are in force (each is an engine option). Default: all on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawSwitches {
    /// Repetition of the same position (RuleSet.draw.repetition occurrences).
    pub repetition: bool,
    /// The no-progress counter (RuleSet.draw.no_progress_plies).
    pub no_progress: bool,
    /// The small-material endgame counters (RuleSet.draw.endgame).
    pub endgame: bool,
}

impl Default for DrawSwitches {
    fn default() -> Self {
        DrawSwitches {
            repetition: true,
            no_progress: true,
            endgame: true,
        }
    }
}

impl DrawSwitches {
    /// Every draw rule switched off (only wins end the game).
    pub const OFF: DrawSwitches = DrawSwitches {
        repetition: false,
        no_progress: false,
        endgame: false,
    };
}

/// A small-material class of the current variant: an index into its
/// [`EndgameCounters::Classes`] table (Czech: 0 = class A, 1 = class B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EndgameClass(u8);

impl EndgameClass {
    /// The index in the variant's class table.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The rule of this class under `rules` (`None` if `rules` has no such class).
    pub fn rule(self, rules: &RuleSet) -> Option<&'static EndgameRule> {
        match rules.draw.endgame {
            EndgameCounters::Classes(table) => table.get(self.index()),
            EndgameCounters::None => None,
        }
    }
}

/// The small-material class of `pos` under its variant's rules, judged now (the long-diagonal
/// tests use the lone king's square in `pos`). `None` when the material belongs to no class.
pub fn endgame_class<W: Word>(pos: &Board<W>) -> Option<EndgameClass> {
    let EndgameCounters::Classes(table) = pos.rules().draw.endgame else {
        return None;
    };
    table
        .iter()
        .position(|rule| rule.material.iter().any(|m| material_matches(pos, m)))
        .map(|i| EndgameClass(i as u8))
}

/// Whether `pos` has the material `m` describes (either colour strong).
fn material_matches<W: Word>(pos: &Board<W>, m: &MaterialPattern) -> bool {
    match *m {
        MaterialPattern::VsLoneKing {
            min_pieces,
            max_pieces,
            min_kings,
            max_men,
            lone_king,
        } => Color::ALL.into_iter().any(|strong| {
            let weak = !strong;
            let lone = pos.kings(weak);
            if lone.count() != 1 || pos.men(weak).any() {
                return false;
            }
            let (kings, men) = (pos.kings(strong).count(), pos.men(strong).count());
            let pieces = kings + men;
            pieces >= min_pieces as u32
                && pieces <= max_pieces as u32
                && kings >= min_kings as u32
                && men <= max_men as u32
                && lone_king_fits(pos, lone, lone_king)
        }),
        MaterialPattern::KingsBothSides {
            min_pieces,
            max_pieces,
        } => {
            let pieces = pos.occupied().count();
            Color::ALL.into_iter().all(|c| pos.kings(c).any())
                && pieces >= min_pieces as u32
                && pieces <= max_pieces as u32
        }
    }
}

/// Whether the lone king (the one-square board `lone`) stands where `want` asks.
fn lone_king_fits<W: Word>(pos: &Board<W>, lone: Bitboard<W>, want: LoneKingDiagonal) -> bool {
    let diagonal = pos.geometry().long_diagonal;
    let on = (lone & diagonal).any();
    match want {
        LoneKingDiagonal::Any => true,
        LoneKingDiagonal::On => on,
        LoneKingDiagonal::Holds => on && (pos.occupied() & diagonal).count() == 1,
        LoneKingDiagonal::Off => !on,
    }
}

/// The draw counters of the current position: plies without progress, the endgame class with
/// the plies played in it, and whether the last ply was irreversible.
///
/// Small and `Copy`; [`Counters::after`] is O(1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counters {
    /// Plies since the last progress (capture, or man move where that counts as progress).
    quiet: u16,
    /// Plies played since the current endgame class arose.
    in_class: u16,
    /// The current endgame class, if the variant has endgame counters.
    class: Option<EndgameClass>,
    /// Whether the last ply was a capture or a man move (the repetition chain starts anew).
    reset: bool,
}

impl Counters {
    /// Counters for a position with no history: nothing counted yet, the class judged now.
    pub fn new<W: Word>(pos: &Board<W>) -> Counters {
        Counters {
            quiet: 0,
            in_class: 0,
            class: endgame_class(pos),
            reset: true,
        }
    }

    /// The counters after `mv` was played from `before`, giving `after`. O(1).
    #[inline]
    pub fn after<W: Word>(&self, before: &Board<W>, mv: &Move<W>, after: &Board<W>) -> Counters {
        let capture = mv.is_capture();
        let man_move = !before.all_kings().has(mv.from) && !sideways_step(before, mv);
        let progress = capture || (man_move && before.rules().draw.man_move_is_progress);
        let mut next = Counters {
            quiet: if progress {
                0
            } else {
                self.quiet.saturating_add(1)
            },
            in_class: self.in_class.saturating_add(1),
            class: self.class,
            reset: capture || man_move,
        };
        // MaterialPattern changes only by captures and promotions: only then can the class change.
        if capture || mv.promotes {
            let class = endgame_class(after);
            let restart = class
                .and_then(|c| c.rule(after.rules()))
                .is_some_and(|r| r.restart_on_material_change);
            if class != self.class || restart {
                next.class = class;
                next.in_class = 0;
            }
        }
        next
    }

    /// Plies since the last capture or (where it counts) man move.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet as u32
    }

    /// The endgame class and the plies played in it, if a class is running.
    pub fn endgame(&self) -> Option<(EndgameClass, u32)> {
        self.class.map(|c| (c, self.in_class as u32))
    }

    /// True when the no-progress counter or an endgame counter has run out (a side to move
    /// without a legal move still loses: check that first).
    #[inline]
    pub fn is_draw(&self, rules: &RuleSet, sw: &DrawSwitches) -> bool {
        self.plies_left(rules, sw) == Some(0)
    }

    /// Plies until a running counter draws the game (0: drawn now), if any counter runs.
    #[inline]
    pub fn plies_left(&self, rules: &RuleSet, sw: &DrawSwitches) -> Option<u32> {
        let limit = rules.draw.no_progress_plies;
        let progress = (sw.no_progress && limit > 0).then(|| limit.saturating_sub(self.quiet));
        let endgame = self
            .running_rule(rules, sw)
            .map(|r| r.plies.saturating_sub(self.in_class));
        match (progress, endgame) {
            (Some(a), Some(b)) => Some(a.min(b) as u32),
            (a, b) => a.or(b).map(u32::from),
        }
    }

    /// The rule that has drawn the game, if a counter has run out.
    pub fn draw_reason(&self, rules: &RuleSet, sw: &DrawSwitches) -> Option<String> {
        let limit = rules.draw.no_progress_plies;
        if let Some(rule) = self.running_rule(rules, sw) {
            if self.in_class >= rule.plies {
                return Some(format!(
                    "endgame counter ({}, {} plies)",
                    rule.label, rule.plies
                ));
            }
        }
        if sw.no_progress && limit > 0 && self.quiet >= limit {
            let what = if rules.draw.man_move_is_progress {
                "capture or man move"
            } else {
                "capture"
            };
            return Some(format!("no {what} in {limit} plies"));
        }
        None
    }

    /// The rule of the running endgame class, when the endgame counters are switched on.
    #[inline]
    fn running_rule(&self, rules: &RuleSet, sw: &DrawSwitches) -> Option<&'static EndgameRule> {
        self.class
            .filter(|_| sw.endgame)
            .and_then(|c| c.rule(rules))
    }

    /// True if the last ply was a capture or a man move, so no earlier position can repeat
    /// (also true for fresh counters, which have no history).
    #[inline]
    pub fn is_irreversible_reset(&self) -> bool {
        self.reset
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why, e.g. `black has no legal move`.
        reason: String,
    },
    /// A draw.
    Draw {
        /// The rule that drew it, e.g. `threefold repetition`.
        reason: String,
    },
}

impl Outcome {
    /// The PDN result text: `1-0` (White won), `0-1`, `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win { .. } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    /// The reason text.
    pub fn reason(&self) -> &str {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{} wins ({reason})", winner.name()),
            Outcome::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}

/// A game of 128-bit positions: every variant has that form ([`crate::WidePosition`]), so a
/// front end that keeps games of all variants in one type (the match runner) uses this one.
pub type WideGame = Game<u128>;

/// A game: a start position and the moves played, with the draw counters and repetition keys.
#[derive(Clone, Debug)]
pub struct Game<W: Word = u64> {
    start: Board<W>,
    current: Board<W>,
    moves: Vec<Move<W>>,
    counters: Counters,
    keys: Vec<u64>,
}

impl<W: Word> Game<W> {
    /// A game from `start` with no moves.
    pub fn new(start: Board<W>) -> Game<W> {
        Game {
            start,
            current: start,
            moves: Vec::new(),
            counters: Counters::new(&start),
            keys: vec![start.key()],
        }
    }

    /// Plays `mv`, which must be legal in the current position.
    pub fn play(&mut self, mv: &Move<W>) {
        let before = self.current;
        let after = before.play(mv);
        self.counters = self.counters.after(&before, mv, &after);
        if self.counters.is_irreversible_reset() {
            self.keys.clear();
        }
        self.keys.push(after.key());
        self.moves.push(*mv);
        self.current = after;
    }

    /// Takes back the last move (replaying the game from the start); `None` if no move was played.
    pub fn undo(&mut self) -> Option<Move<W>> {
        let last = self.moves.pop()?;
        let moves = std::mem::take(&mut self.moves);
        *self = Game::new(self.start);
        moves.iter().for_each(|m| self.play(m));
        Some(last)
    }

    /// Reads move text (PDN or Hub form) in the current position and plays it.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] when the text names no legal move here, as
    /// [`notation::parse_move`] says; the game is left as it was.
    ///
    /// # Examples
    ///
    /// ```
    /// use dama::game::Game;
    /// use dama::{Position, Variant};
    ///
    /// let mut game = Game::new(Position::start(Variant::Czech));
    /// game.play_text("c3-d4").unwrap();
    /// assert!(game.play_text("c3-d4").is_err()); // no White man on c3 any more
    /// assert_eq!(game.moves().len(), 1);
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<Move<W>, MoveError> {
        let mv = notation::parse_move(&self.current, text)?;
        self.play(&mv);
        Ok(mv)
    }

    /// The current position.
    pub fn position(&self) -> &Board<W> {
        &self.current
    }

    /// The start position.
    pub fn start(&self) -> &Board<W> {
        &self.start
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move<W>] {
        &self.moves
    }

    /// The draw counters of the current position.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Keys of the positions since the last irreversible ply, oldest first, the current last.
    pub fn repetition_keys(&self) -> &[u64] {
        &self.keys
    }

    /// How many times the current position has occurred (1 = first time).
    pub fn occurrences(&self) -> usize {
        let key = self.current.key();
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// The result if the game is over: by the variant's goal first ([`goal::end`]: the side
    /// to move without a legal move loses, or wins in giveaway; Breakthrough ends at the first
    /// king); otherwise a draw by a switched-on rule (repetition, no progress, endgame counter).
    pub fn outcome(&self, sw: &DrawSwitches) -> Option<Outcome> {
        let pos = &self.current;
        if let Some(end) = goal::end(pos) {
            return Some(Outcome::Win {
                winner: end.winner,
                reason: end.to_string(),
            });
        }
        let rules = pos.rules();
        let needed = rules.draw.repetition as usize;
        if sw.repetition && needed > 0 && self.occurrences() >= needed {
            let reason = match needed {
                2 => "twofold repetition".to_string(),
                3 => "threefold repetition".to_string(),
                n => format!("{n}-fold repetition"),
            };
            return Some(Outcome::Draw { reason });
        }
        self.counters
            .draw_reason(rules, sw)
            .map(|reason| Outcome::Draw { reason })
    }
}

#[cfg(test)]
mod tests;
