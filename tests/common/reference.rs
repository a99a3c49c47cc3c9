//! A deliberately simple move generator written from the rules text, square by square, to check
//! the bitboard generator against. It shares no code with `dama::movegen`: it walks the board
//! with `Geometry::neighbour`, enumerates every capture sequence, and applies the rules as
//! filters.
//!
//! A capture *path* is identified by the order in which the pieces are taken, the direction of
//! each jump and the final square (a king that may land on several squares and goes on straight
//! ahead takes the same path from each of them). Where all lines are diagonal, or all
//! orthogonal, the directions follow from the order; with both (Frisian) two landing squares of
//! one line may reach the next piece along different lines, and those are two paths, as dctl
//! counts them. A *move* is (from, to, captured set).

use dama::rules::{
    Continuation, Criterion, Dir, KingLanding, MidCapturePromotion, Opening, Parachutists, Range,
    Removal, Word,
};
use dama::{Bitboard, Board, Move, Square};

/// One capture path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPath<W: Word> {
    /// The move it makes.
    pub mv: Move<W>,
    /// The captured squares in the order they are taken.
    pub order: Vec<Square>,
    /// The direction of each jump.
    pub dirs: Vec<Dir>,
    /// True when the moving piece was a king at the start.
    pub by_king: bool,
    /// The squares the piece lands on after each capture (the last one is `mv.to`).
    pub landings: Vec<Square>,
}

/// One jump: the direction, the piece jumped and the squares the jumper may land on.
struct Jump {
    dir: Dir,
    victim: Square,
    landings: Vec<Square>,
}

/// The capturing piece on a square of its sequence.
#[derive(Clone, Copy)]
struct Capturer<W: Word> {
    at: Square,
    /// It captures as a king (from the start, or crowned on the way).
    king: bool,
    /// It was a man crowned on the way.
    crowned: bool,
    /// The pieces taken so far.
    captured: Bitboard<W>,
    /// The direction of its last jump.
    came: Option<Dir>,
    /// It is a parachutist that has not jumped yet (Parachute): it jumps toward its own side.
    parachutist: bool,
}

/// What the piece is after landing on a square.
struct Landing {
    king: bool,
    /// It was crowned there.
    crowned: bool,
    /// The move must end there.
    ends_move: bool,
}

struct Search<'a, W: Word> {
    pos: &'a Board<W>,
    from: Square,
    started_as_king: bool,
    /// Empty squares with the mover's start square counted as empty.
    empty: Bitboard<W>,
    enemy: Bitboard<W>,
    order: Vec<Square>,
    dirs: Vec<Dir>,
    landings: Vec<Square>,
    out: Vec<RefPath<W>>,
}

impl<W: Word> Search<'_, W> {
    /// Every jump the piece on `cur` (a king or not) could make now, having come in direction
    /// `came` (`None` at the start). Captured pieces stay on the board and block until the move
    /// ends, unless the rules remove them at once: then their squares are empty, and the piece
    /// may not turn back the way it came.
    fn jumps(&self, piece: &Capturer<W>) -> Vec<Jump> {
        let (cur, king, captured, came) = (piece.at, piece.king, piece.captured, piece.came);
        let g = self.pos.geometry();
        let rules = self.pos.rules();
        let me = self.pos.side();
        let at_once = rules.removal == Removal::AtOnce;
        let empty = if at_once {
            self.empty | captured
        } else {
            self.empty
        };
        let reversed: Vec<Dir>;
        let dirs: &[Dir] = if piece.parachutist {
            reversed = rules.forward_dirs(me).iter().map(|d| d.reverse()).collect();
            &reversed
        } else if king {
            rules.kings.capture_lines.dirs()
        } else if captured.is_empty() {
            rules.man_capture_dirs(me)
        } else {
            // Alkerk: the later jumps of a man in any direction
            rules.man_later_capture_dirs(me)
        };
        let flying = king && rules.kings.captures == Range::Flying;
        let mut out = Vec::new();
        // Konane: after the first jump, only straight on
        let straight = rules.men.continuation == Continuation::OptionalStraight;
        for &d in dirs {
            if at_once && came == Some(d.reverse()) {
                continue;
            }
            if straight && came.is_some_and(|c| c != d) {
                continue;
            }
            let mut sq = g.neighbour(cur, d);
            while flying && sq.is_some_and(|s| empty.has(s)) {
                sq = sq.and_then(|s| g.neighbour(s, d));
            }
            let Some(victim) = sq else { continue };
            if !self.enemy.has(victim) || captured.has(victim) {
                continue;
            }
            if !king && !rules.men.capture_kings && self.pos.all_kings().has(victim) {
                continue;
            }
            let mut landings = Vec::new();
            let mut l = g.neighbour(victim, d);
            while let Some(s) = l.filter(|s| empty.has(*s)) {
                landings.push(s);
                if !flying || rules.kings.landing == KingLanding::DirectlyBehind {
                    break;
                }
                l = g.neighbour(s, d);
            }
            if !landings.is_empty() {
                out.push(Jump {
                    dir: d,
                    victim,
                    landings,
                });
            }
        }
        out
    }

    /// What a piece that was a king (`king`) or a man is after landing on `sq`.
    fn after_landing(&self, sq: Square, king: bool) -> Landing {
        let promo = self.promotion().has(sq);
        let (king, crowned, ends_move) = if king || !promo {
            (king, false, false)
        } else {
            match self.pos.rules().mid_capture_promotion {
                MidCapturePromotion::EndMove => (false, true, true),
                MidCapturePromotion::ContinueAsKing => (true, true, false),
                MidCapturePromotion::PassThrough => (false, false, false),
            }
        };
        Landing {
            king,
            crowned,
            ends_move,
        }
    }

    /// Extends the sequence of `piece`: it must go on while it can, and where several landing
    /// squares exist it must choose one from which it can go on, if there is one.
    fn extend(&mut self, piece: Capturer<W>) {
        let rules = self.pos.rules();
        if rules.men.continuation == Continuation::OptionalStraight {
            return self.extend_optionally(piece);
        }
        for jump in self.jumps(&piece) {
            let captured = piece.captured | Bitboard::from_square(jump.victim);
            self.order.push(jump.victim);
            self.dirs.push(jump.dir);
            let next: Vec<(Capturer<W>, bool)> = jump
                .landings
                .iter()
                .map(|&at| {
                    let landed = self.after_landing(at, piece.king);
                    let next = Capturer {
                        at,
                        king: landed.king,
                        crowned: piece.crowned || landed.crowned,
                        captured,
                        came: Some(jump.dir),
                        parachutist: false,
                    };
                    let stops = landed.ends_move
                        || (piece.parachutist
                            && rules.men.parachutists == Parachutists::StopOnLanding);
                    let can_go_on = !stops && !self.jumps(&next).is_empty();
                    (next, can_go_on)
                })
                .collect();
            let must_go_on = next.iter().any(|n| n.1);
            // Killer: a king's capture that ends by taking a king stops right behind it
            let halt = piece.king
                && self.pos.rules().kings.landing == KingLanding::HaltBehindKing
                && self.pos.all_kings().has(jump.victim);
            for (i, (next, go_on)) in next.into_iter().enumerate() {
                self.landings.push(next.at);
                if must_go_on && go_on {
                    self.extend(next);
                } else if !must_go_on && (!halt || i == 0) {
                    self.emit(captured, next.crowned);
                }
                self.landings.pop();
            }
            self.order.pop();
            self.dirs.pop();
        }
    }

    /// Konane: every jump ends a move of its own, and the piece may also jump on (straight
    /// on: [`Search::jumps`]).
    fn extend_optionally(&mut self, piece: Capturer<W>) {
        for jump in self.jumps(&piece) {
            let captured = piece.captured | Bitboard::from_square(jump.victim);
            let at = jump.landings[0];
            self.order.push(jump.victim);
            self.dirs.push(jump.dir);
            self.landings.push(at);
            let crowned = self.promotion().has(at);
            self.emit(captured, crowned);
            if !crowned {
                self.extend_optionally(Capturer {
                    at,
                    captured,
                    came: Some(jump.dir),
                    ..piece
                });
            }
            self.landings.pop();
            self.order.pop();
            self.dirs.pop();
        }
    }

    /// The squares where the side to move's men are crowned.
    fn promotion(&self) -> Bitboard<W> {
        self.pos.rules().promotion_squares(self.pos.side())
    }

    fn emit(&mut self, captured: Bitboard<W>, crowned: bool) {
        let to = self.landings[self.landings.len() - 1];
        let promo = self.promotion().has(to);
        let promotes = !self.started_as_king && (crowned || promo);
        let mv = Move {
            from: self.from,
            to,
            promotes,
            captured,
        };
        self.out.push(RefPath {
            mv,
            order: self.order.clone(),
            dirs: self.dirs.clone(),
            by_king: self.started_as_king,
            landings: self.landings.clone(),
        });
    }
}

/// Every legal capture path of `pos` (empty when no capture exists), one per capture order, jump
/// directions and final square.
pub fn capture_paths<W: Word>(pos: &Board<W>) -> Vec<RefPath<W>> {
    let mut out: Vec<RefPath<W>> = Vec::new();
    for p in landing_paths(pos) {
        if !out
            .iter()
            .any(|q| q.mv == p.mv && q.order == p.order && q.dirs == p.dirs)
        {
            out.push(p);
        }
    }
    out
}

/// Every legal capture sequence as a list of landing squares: unlike [`capture_paths`], a king
/// that goes on straight ahead from each of several landing squares counts once per square.
pub fn landing_paths<W: Word>(pos: &Board<W>) -> Vec<RefPath<W>> {
    let me = pos.side();
    let mut all = Vec::new();
    for from in pos.pieces(me) {
        let king = pos.kings(me).has(from);
        let mut s = Search {
            pos,
            from,
            started_as_king: king,
            empty: pos.empty() | Bitboard::from_square(from),
            enemy: pos.pieces(!me),
            order: Vec::new(),
            dirs: Vec::new(),
            landings: Vec::new(),
            out: Vec::new(),
        };
        s.extend(Capturer {
            at: from,
            king,
            crowned: false,
            captured: Bitboard::EMPTY,
            came: None,
            parachutist: pos.parachutists(me).has(from),
        });
        all.extend(s.out);
    }
    for criterion in pos.rules().precedence.criteria() {
        let kings = pos.all_kings();
        let score = |p: &RefPath<W>| -> (u32, std::cmp::Reverse<Vec<usize>>) {
            let taken: Vec<usize> = (0..p.order.len())
                .filter(|&i| kings.has(p.order[i]))
                .collect();
            match criterion {
                Criterion::ByKing => (p.by_king as u32, std::cmp::Reverse(Vec::new())),
                Criterion::Count => (p.order.len() as u32, std::cmp::Reverse(Vec::new())),
                Criterion::KingsTaken => (taken.len() as u32, std::cmp::Reverse(Vec::new())),
                // the positions of the kings in capture order, earliest first wins
                Criterion::KingsFirst => (0, std::cmp::Reverse(taken)),
                // a man counts 100, a king 199 (Frisian)
                Criterion::Value => {
                    let men = p.order.len() - taken.len();
                    let value = 100 * men as u32 + 199 * taken.len() as u32;
                    (value, std::cmp::Reverse(Vec::new()))
                }
            }
        };
        if let Some(best) = all.iter().map(score).max() {
            all.retain(|p| score(p) == best);
        }
    }
    all
}

/// The quiet moves: men one step in their move directions, kings any distance (flying) or one
/// step (short) along their lines, except a king at the king-move limit.
pub fn quiet_moves<W: Word>(pos: &Board<W>) -> Vec<Move<W>> {
    let g = pos.geometry();
    let rules = pos.rules();
    let me = pos.side();
    let empty = pos.empty();
    let promotion = rules.promotion_squares::<W>(me);
    // Alkerk: a man on the last row (never crowned) only captures
    let capture_only = rules.capture_only_squares::<W>(me);
    // Frisian: a king that has made the limit of non-capturing moves in a row, while its side
    // has men, may not make another
    let run = pos.king_run(me);
    let limit = rules.king_move_limit;
    let frozen = run
        .square()
        .filter(|_| limit > 0 && run.count() >= limit && pos.men(me).any());
    let mut out = Vec::new();
    for from in pos.pieces(me) {
        let king = pos.kings(me).has(from);
        if Some(from) == frozen || (!king && capture_only.has(from)) {
            continue;
        }
        let dirs: &[Dir] = if king {
            rules.kings.move_lines.dirs()
        } else {
            rules.man_move_dirs(me)
        };
        for &d in dirs {
            let mut cur = from;
            // Dameo's linear movement: a man goes over the own men straight ahead of it (the
            // line it is the rear of) to the empty square in front of them
            let own_man = |s: &Square| pos.men(me).has(*s);
            while let Some(next) = g.neighbour(cur, d).filter(own_man) {
                if king || !rules.men.linear_moves {
                    break;
                }
                cur = next;
            }
            while let Some(to) = g.neighbour(cur, d).filter(|s| empty.has(*s)) {
                let promotes = !king && promotion.has(to);
                out.push(Move {
                    from,
                    to,
                    promotes,
                    captured: Bitboard::EMPTY,
                });
                if !king || rules.kings.moves == Range::Short {
                    break;
                }
                cur = to;
            }
        }
    }
    out
}

/// Konane's opening removals, while the board has at most one empty square: on a full board
/// the side to move's pieces on the rule set's squares, with one hole its pieces orthogonally
/// next to it. `None` past the opening.
pub fn removals<W: Word>(pos: &Board<W>) -> Option<Vec<Move<W>>> {
    let Opening::Removals(first) = pos.rules().opening else {
        return None;
    };
    let g = pos.geometry();
    let mine = pos.pieces(pos.side());
    let holes: Vec<Square> = pos.empty().iter().collect();
    let allowed = |sq: Square| match holes.as_slice() {
        [] => first.has(sq),
        [hole] => Dir::ORTHOGONALS
            .iter()
            .any(|&d| g.neighbour(*hole, d) == Some(sq)),
        _ => false,
    };
    if holes.len() > 1 {
        return None;
    }
    Some(
        mine.iter()
            .filter(|&sq| allowed(sq))
            .map(Move::removal)
            .collect(),
    )
}

/// The legal moves, counting every capture path (compare with `movegen::generate_paths`).
pub fn legal_paths<W: Word>(pos: &Board<W>) -> Vec<Move<W>> {
    if let Some(removals) = removals(pos) {
        return removals;
    }
    let caps = capture_paths(pos);
    if caps.is_empty() {
        quiet_moves(pos)
    } else {
        caps.into_iter().map(|p| p.mv).collect()
    }
}

/// The legal moves, each distinct (from, to, captured set) once.
pub fn legal_moves<W: Word>(pos: &Board<W>) -> Vec<Move<W>> {
    let mut out: Vec<Move<W>> = Vec::new();
    for m in legal_paths(pos) {
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

/// Perft with this generator (slow; for small depths only).
pub fn perft<W: Word>(pos: &Board<W>, depth: u32, paths: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = if paths {
        legal_paths(pos)
    } else {
        legal_moves(pos)
    };
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft(&pos.play(m), depth - 1, paths))
        .sum()
}
