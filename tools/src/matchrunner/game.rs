//! One game between two Hub engines: the clocks, the move checks and the end of the game.

use std::fmt;
use std::time::{Duration, Instant};

use super::adjudication::{Adjudicated, Adjudicator, BitbaseJudge, DrawRule, ResignRule};
use super::clock::{secs, SideClock, TimeControl};
use super::hub::{EngineSpec, HubError};
use super::openings::Opening;
use super::player::{Player, Turn};
use dama::game::{DrawSwitches, Outcome, WideGame};
use dama::notation;
use dama::notation::pdn::GameResult;
use dama::protocol::dxp::EndReason;
use dama::protocol::hub::numbering::position_string;
use dama::protocol::hub::value;
use dama::rules::Variant;
use dama::types::Color;
use dama::KingRun;
use dama::WideMove;
use dama::WidePosition;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndKind {
    /// By the rules: no legal move, or a draw rule of the variant.
    Normal,
    /// Adjudicated by scores.
    Adjudication,
    /// The ply limit of the runner was reached (a draw).
    PlyLimit,
    /// An engine ran out of time.
    TimeForfeit,
    /// An engine played an illegal move.
    IllegalMove,
    /// An engine crashed or could not be started.
    Crash,
    /// An engine did not answer (without a clock).
    Hang,
    /// An engine wrote something the protocol does not allow.
    Garbage,
}

impl EndKind {
    /// The PDN `Termination` tag value.
    pub fn tag(self) -> &'static str {
        match self {
            EndKind::Normal => "normal",
            EndKind::Adjudication | EndKind::PlyLimit => "adjudication",
            EndKind::TimeForfeit => "time forfeit",
            EndKind::IllegalMove => "illegal move",
            EndKind::Crash => "crash",
            EndKind::Hang => "hang",
            EndKind::Garbage => "garbage output",
        }
    }

    /// Reads a [`EndKind::tag`] value (`ply limit` stands for [`EndKind::PlyLimit`]).
    pub fn from_tag(text: &str) -> Option<EndKind> {
        Some(match text {
            "normal" => EndKind::Normal,
            "adjudication" => EndKind::Adjudication,
            "ply limit" => EndKind::PlyLimit,
            "time forfeit" => EndKind::TimeForfeit,
            "illegal move" => EndKind::IllegalMove,
            "crash" => EndKind::Crash,
            "hang" => EndKind::Hang,
            "garbage output" => EndKind::Garbage,
            _ => return None,
        })
    }
}

impl fmt::Display for EndKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number in the whole match (0-based).
    pub index: u32,
    /// The opening's number (0-based).
    pub opening: u32,
    /// Which engine (0 = the first `--engine`) had White.
    pub white_engine: usize,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The start position.
    pub start: WidePosition,
    /// Every move from `start`, the opening's first.
    pub moves: Vec<WideMove>,
    /// How many of `moves` came from the opening.
    pub opening_plies: usize,
    /// The result.
    pub result: GameResult,
    /// How the game ended.
    pub end: EndKind,
    /// The detail, e.g. `black has no legal move`, `illegal move '1-2' by A: ...`.
    pub reason: String,
}

impl GameRecord {
    /// The score of engine `e` (0 or 1) in this game: 1, ½ or 0.
    pub fn score_of(&self, e: usize) -> f64 {
        let white = self.white_engine == e;
        match self.result {
            GameResult::Draw => 0.5,
            GameResult::WhiteWins if white => 1.0,
            GameResult::BlackWins if !white => 1.0,
            _ => 0.0,
        }
    }
}

/// An engine of one worker: started on demand and restarted after a failure.
pub struct EngineSlot {
    spec: EngineSpec,
    variant: Variant,
    tc: TimeControl,
    process: Option<Player>,
}

impl EngineSlot {
    /// A slot for `spec` (nothing started yet).
    pub fn new(spec: EngineSpec, variant: Variant, tc: TimeControl) -> EngineSlot {
        EngineSlot {
            spec,
            variant,
            tc,
            process: None,
        }
    }

    /// The engine's name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The running engine, started (and handshaken) if needed.
    pub fn engine(&mut self) -> Result<&mut Player, HubError> {
        if !self.process.as_mut().is_some_and(|p| p.is_alive()) {
            self.process = Some(Player::start(&self.spec, self.variant, &self.tc)?);
        }
        Ok(self.process.as_mut().expect("just started"))
    }

    /// After a missed deadline: when the running engine answered, if it did before `until`.
    pub fn late_answer(&mut self, until: Instant) -> Option<Instant> {
        self.process.as_mut()?.late_answer(until)
    }

    /// After a fault: keeps an engine that can play on ([`Player::recover`]), else kills it and
    /// the next [`EngineSlot::engine`] starts a fresh one.
    pub fn discard(&mut self) {
        if let Some(mut p) = self.process.take() {
            if p.recover() {
                self.process = Some(p);
            } else {
                p.kill();
            }
        }
    }

    /// Tells a running engine the game is over (`result` from its side).
    pub fn end_game(&mut self, result: EndReason) {
        if let Some(p) = &mut self.process {
            p.end_game(result);
        }
    }

    /// Quits the engine politely.
    pub fn shutdown(&mut self) {
        if let Some(p) = self.process.take() {
            p.quit();
        }
    }
}

/// The rules of play shared by every game of a match.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// The time control.
    pub tc: TimeControl,
    /// Extra time an engine may use beyond its clock or move time before it forfeits.
    pub time_margin: Duration,
    /// How long to wait for a move at a fixed depth before calling it a hang.
    pub hang_timeout: Duration,
    /// Score adjudication of draws.
    pub draw: Option<DrawRule>,
    /// Score adjudication of losses.
    pub resign: Option<ResignRule>,
    /// Adjudication by endgame bitbases.
    pub bitbases: Option<BitbaseJudge>,
    /// Plies after which the game is drawn by the runner (the variant's rules usually end it
    /// long before).
    pub max_plies: u32,
}

/// What one game is: its number, opening and who has White.
#[derive(Clone, Debug)]
pub struct GameSetup<'a> {
    /// The game's number in the match.
    pub index: u32,
    /// The opening's number.
    pub opening_index: u32,
    /// The opening.
    pub opening: &'a Opening,
    /// Which engine (0 or 1) has White.
    pub white_engine: usize,
}

/// Whether `text` is shaped like a move at all (`22-18`, `c3xe5`, `28x19x23`, `c3:e5`), as
/// opposed to garbage.
fn looks_like_move(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty()
        && t.contains(['-', 'x', 'X', ':'])
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | 'x' | 'X' | ':'))
        && t.split(['-', 'x', 'X', ':'])
            .all(|s| !s.is_empty() && s.len() <= 3)
}

struct Ending {
    result: GameResult,
    end: EndKind,
    reason: String,
}

/// Plays one game and returns its record. Engines that crashed, hung, forfeited on time or
/// wrote garbage are discarded (restarted for the next game).
pub fn play_game(setup: &GameSetup, slots: [&mut EngineSlot; 2], cfg: &PlayConfig) -> GameRecord {
    let [a, b] = slots;
    let (white, black) = if setup.white_engine == 0 {
        (a, b)
    } else {
        (b, a)
    };
    let names = [white.name().to_string(), black.name().to_string()];
    let mut game = WideGame::new(setup.opening.start);
    let mut history = HubHistory::new(&game);
    for mv in &setup.opening.moves {
        history.play(&mut game, mv);
    }
    let ending = run_game(
        &mut game,
        &mut history,
        [&mut *white, &mut *black],
        &names,
        cfg,
    );
    for (slot, colour) in [(white, Color::White), (black, Color::Black)] {
        slot.end_game(result_for(ending.result, colour));
    }
    GameRecord {
        index: setup.index,
        opening: setup.opening_index,
        white_engine: setup.white_engine,
        white: names[0].clone(),
        black: names[1].clone(),
        start: *game.start(),
        moves: game.moves().to_vec(),
        opening_plies: setup.opening.moves.len(),
        result: ending.result,
        end: ending.end,
        reason: ending.reason,
    }
}

fn run_game(
    game: &mut WideGame,
    history: &mut HubHistory,
    mut slots: [&mut EngineSlot; 2],
    names: &[String; 2],
    cfg: &PlayConfig,
) -> Ending {
    let mut clocks = match cfg.tc {
        TimeControl::Clock { base, increment } => Some([SideClock::new(base, increment); 2]),
        _ => None,
    };
    for (i, slot) in slots.iter_mut().enumerate() {
        let color = if i == 0 { Color::White } else { Color::Black };
        let started = slot.engine().and_then(|e| e.new_game());
        if let Err(e) = started {
            slot.discard();
            return fault(color, names, &e, cfg);
        }
    }
    let mut adj = Adjudicator::new(cfg.draw, cfg.resign);
    let switches = DrawSwitches::default();
    loop {
        if let Some(o) = game.outcome(&switches) {
            return by_rules(o);
        }
        if let Some(v) = cfg.bitbases.as_ref().and_then(|b| b.judge(game)) {
            return adjudicated(v);
        }
        if game.moves().len() as u32 >= cfg.max_plies {
            return Ending {
                result: GameResult::Draw,
                end: EndKind::PlyLimit,
                reason: format!("ply limit {} reached", cfg.max_plies),
            };
        }
        let side = game.position().side();
        let si = side.index();
        let pos_line = history.pos_line();
        let (level, wait) = match (&cfg.tc, &clocks) {
            (_, Some(c)) => (c[si].level_line(), c[si].available() + cfg.time_margin),
            (TimeControl::MoveTime(t), None) => (
                format!("level move-time={}", value(&secs(*t))),
                *t + cfg.time_margin,
            ),
            (TimeControl::Depth(d), None) => (format!("level depth={d}"), cfg.hang_timeout),
            (TimeControl::Nodes(n), None) => (format!("level nodes={n}"), cfg.hang_timeout),
            (TimeControl::Clock { .. }, None) => unreachable!("clock games have clocks"),
        };
        let t0 = Instant::now();
        let turn = Turn {
            game,
            pos_line: &pos_line,
            level_line: &level,
            deadline: t0 + wait,
        };
        let reply = slots[si].engine().and_then(|e| e.think(&turn));
        let used = t0.elapsed();
        let reply = match reply {
            Ok(r) => r,
            Err(e) => {
                let clocked = matches!(e, HubError::TimedOut) && !cfg.tc.is_unclocked();
                let answered = clocked
                    .then(|| slots[si].late_answer(Instant::now() + LATE_GRACE))
                    .flatten()
                    .map(|t| t - t0);
                slots[si].discard();
                return late_detail(fault(side, names, &e, cfg), game, wait, answered);
            }
        };
        let late = match (&mut clocks, &cfg.tc) {
            (Some(c), _) => !c[si].charge(used, cfg.time_margin),
            (None, TimeControl::MoveTime(t)) => used > *t + cfg.time_margin,
            _ => false,
        };
        if late {
            slots[si].discard();
            let ending = fault(side, names, &HubError::TimedOut, cfg);
            return late_detail(ending, game, wait, Some(used));
        }
        if !looks_like_move(&reply.mv) {
            slots[si].discard();
            let what = if reply.mv.is_empty() {
                "done without a move".to_string()
            } else {
                format!("move '{}'", reply.mv)
            };
            return fault(side, names, &HubError::Garbage(what), cfg);
        }
        let mv = match notation::parse_move(game.position(), &reply.mv) {
            Ok(m) => m,
            Err(e) => {
                return Ending {
                    result: GameResult::win_for(!side),
                    end: EndKind::IllegalMove,
                    reason: format!("illegal move '{}' by {}: {e}", reply.mv, names[si]),
                }
            }
        };
        history.play(game, &mv);
        let full_move = (game.moves().len() as u32).div_ceil(2);
        let cp = reply
            .score
            .filter(|s| s.is_finite())
            .map(|s| (s * 100.0).round().clamp(-100_000.0, 100_000.0) as i32);
        if let Some(v) = adj.record(side, cp, full_move) {
            return adjudicated(v);
        }
    }
}

/// What the engines are told about the game, as the Hub GUI does it: the position after the last
/// irreversible ply (a capture or a man move) and the moves played since, which is all that
/// repetition and the draw counters need, and keeps `pos` lines short in long games.
struct HubHistory {
    base: String,
    since: Vec<String>,
}

impl HubHistory {
    fn new(game: &WideGame) -> HubHistory {
        HubHistory {
            base: position_string(game.position()),
            since: Vec::new(),
        }
    }

    /// Plays `mv` (legal) in `game` and records it.
    fn play(&mut self, game: &mut WideGame, mv: &WideMove) {
        let text = notation::format_hub_move(game.position(), mv);
        game.play(mv);
        if game.counters().is_irreversible_reset() && no_king_runs(game.position()) {
            self.base = position_string(game.position());
            self.since.clear();
        } else {
            self.since.push(text);
        }
    }

    /// `pos pos=<base> [moves="<since>"]`.
    fn pos_line(&self) -> String {
        if self.since.is_empty() {
            format!("pos pos={}", self.base)
        } else {
            format!("pos pos={} moves=\"{}\"", self.base, self.since.join(" "))
        }
    }
}

/// Whether neither side of `pos` is in a king-move run (Frisian): a Hub position does not carry
/// the runs, so the moves since a restart must show every run in progress.
fn no_king_runs(pos: &WidePosition) -> bool {
    [Color::White, Color::Black]
        .iter()
        .all(|&c| pos.king_run(c) == KingRun::NONE)
}

/// A game's result from `colour`'s side, as DXP says it.
fn result_for(result: GameResult, colour: Color) -> EndReason {
    match result {
        GameResult::Draw => EndReason::Draw,
        r if r == GameResult::win_for(colour) => EndReason::SenderWins,
        _ => EndReason::SenderLoses,
    }
}

fn adjudicated(v: Adjudicated) -> Ending {
    let (result, reason) = match v {
        Adjudicated::Draw(reason) => (GameResult::Draw, reason),
        Adjudicated::Win(c, reason) => (GameResult::win_for(c), reason),
    };
    Ending {
        result,
        end: EndKind::Adjudication,
        reason,
    }
}

fn by_rules(o: Outcome) -> Ending {
    match o {
        Outcome::Win { winner, reason } => Ending {
            result: GameResult::win_for(winner),
            end: EndKind::Normal,
            reason,
        },
        Outcome::Draw { reason } => Ending {
            result: GameResult::Draw,
            end: EndKind::Normal,
            reason,
        },
    }
}

/// How long the runner waits, after a missed deadline, to see whether the engine answers late.
const LATE_GRACE: Duration = Duration::from_secs(1);

/// `ending` with, for a time forfeit, the ply, the time the engine had and when it answered
/// (if it did within [`LATE_GRACE`]), so that a slow answer can be told from a hang.
fn late_detail(
    mut ending: Ending,
    game: &WideGame,
    allowed: Duration,
    used: Option<Duration>,
) -> Ending {
    if ending.end == EndKind::TimeForfeit {
        let ply = game.moves().len() + 1;
        ending.reason += &match used {
            Some(u) => format!(
                " at ply {ply}: answered after {} s of {} s",
                secs(u),
                secs(allowed)
            ),
            None => format!(
                " at ply {ply}: no answer within {} s, nor {} s later",
                secs(allowed),
                secs(LATE_GRACE)
            ),
        };
    }
    ending
}

/// The loss of `side` for an engine failure.
fn fault(side: Color, names: &[String; 2], e: &HubError, cfg: &PlayConfig) -> Ending {
    let name = &names[side.index()];
    let (end, reason) = match e {
        HubError::Crashed(m) => (EndKind::Crash, format!("{name} crashed: {m}")),
        HubError::Garbage(m) => (EndKind::Garbage, format!("garbage output from {name}: {m}")),
        HubError::TimedOut if cfg.tc.is_unclocked() => (
            EndKind::Hang,
            format!("{name} did not answer within {} s", secs(cfg.hang_timeout)),
        ),
        HubError::TimedOut => (EndKind::TimeForfeit, format!("{name} lost on time")),
    };
    Ending {
        result: GameResult::win_for(!side),
        end,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hub_position_of_the_czech_start() {
        let p = WidePosition::start(Variant::Czech);
        assert_eq!(position_string(&p), "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
    }

    #[test]
    fn hub_history_restarts_at_irreversible_plies() {
        let start = WidePosition::start(Variant::Czech);
        let mut game = WideGame::new(start);
        let mut h = HubHistory::new(&game);
        assert_eq!(h.pos_line(), format!("pos pos={}", position_string(&start)));
        let man_move = dama::movegen::legal_moves(&start)[0];
        h.play(&mut game, &man_move);
        assert_eq!(
            h.pos_line(),
            format!("pos pos={}", position_string(game.position()))
        );
        let kings = WidePosition::from_fen(Variant::Czech, "W:WK32:BK1").unwrap();
        let mut game = WideGame::new(kings);
        let mut h = HubHistory::new(&game);
        for _ in 0..2 {
            let quiet = |m: &WideMove| {
                !m.is_capture() && !dama::movegen::has_capture(&game.position().play(m))
            };
            let mv = dama::movegen::legal_moves(game.position())
                .into_iter()
                .find(quiet)
                .expect("a quiet move that gives no capture");
            h.play(&mut game, &mv);
        }
        let line = h.pos_line();
        assert!(
            line.starts_with(&format!("pos pos={} moves=\"", position_string(&kings))),
            "{line}"
        );
        assert_eq!(line.matches('-').count(), 2, "{line}");
    }

    /// The moves of the soak's Frysk! game where the runner restarted the history after
    /// Black's man move 26... 12-18 while White's king was one move into a run (46-41): the
    /// engine, seeing only 41-14 and 14-10, took 10-4 for the third move of the run. The
    /// history now restarts only where no run is in progress, so the `pos` line holds 46-41.
    #[test]
    fn hub_history_keeps_a_frisian_king_run_in_progress() {
        let text = "48-43 3-9 47-41 1-6 41-36 9-13 36-31 13-18 31-27 18-23 43-39 5-10 \
                    49-43 2-7 39-34 7-12 43-38 10-14 50-44 12-17 27x7 6x8 38-32 14-19 \
                    46-41 19-24 34x14 4x24 44-40 23-29 41-36 24-30 40x20 29-34 20-14 \
                    34-39 14-10 39-43 32-28 43-49 10-5 49-43 28-22 43-16 5-46 16-11 \
                    36-31 11x39 31-27 8-12 46-41 12-18 41-14 39-48 14-10 48-26";
        let mut game = WideGame::new(WidePosition::start(Variant::Frysk));
        let mut h = HubHistory::new(&game);
        for t in text.split_whitespace() {
            let mv = notation::parse_move(game.position(), t).unwrap();
            h.play(&mut game, &mv);
        }
        let four = notation::parse_move(game.position(), "10-4");
        assert!(
            four.is_err(),
            "a fourth move of the king in a row is not legal"
        );
        let line = h.pos_line();
        assert!(
            line.contains("\"46-41 12-18 41-14 39-48 14-10 48-26\""),
            "{line}"
        );
    }

    #[test]
    fn move_shapes() {
        for ok in ["22-18", "c3xe5", "28x19x23", "c3:e5", "07-11"] {
            assert!(looks_like_move(ok), "{ok}");
        }
        for bad in ["", "hello", "22", "22--18", "@@-1", "1234-5", "e2e4"] {
            assert!(!looks_like_move(bad), "{bad}");
        }
    }

    #[test]
    fn scores_per_engine() {
        let r = GameRecord {
            index: 0,
            opening: 0,
            white_engine: 1,
            white: "B".into(),
            black: "A".into(),
            start: WidePosition::start(Variant::Czech),
            moves: vec![],
            opening_plies: 0,
            result: GameResult::WhiteWins,
            end: EndKind::Normal,
            reason: String::new(),
        };
        assert_eq!((r.score_of(0), r.score_of(1)), (0.0, 1.0));
    }
}
