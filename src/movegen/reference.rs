//! The first, plain move generator (square by square, one neighbour at a time), kept for tests:
//! the fast generator must give the same moves in the same order in every position.

use super::capture::{Arrival, CapturingKing, KingCapturer};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{Dir, KingLanding, MidCapturePromotion, Precedence};
use crate::types::{Bitboard, Color, Square};

/// Legal moves as the first generator made them (`dedup`: each distinct move once).
pub(crate) fn generate(pos: &Position, dedup: bool) -> Vec<Move> {
    let mut list = MoveList::new();
    let mut r = Ref {
        pos,
        from: Square(0),
        empty: pos.empty(),
        list: &mut list,
        dedup,
        best: 0,
        stack: Vec::new(),
        paths: Vec::new(),
    };
    r.search();
    if list.is_empty() {
        quiet(pos, &mut list);
    }
    list.to_vec()
}

/// Every capture path (start, landings, destination) as the first generator found them.
pub(crate) fn paths(pos: &Position) -> Vec<(Move, Vec<Square>)> {
    let mut list = MoveList::new();
    let mut r = Ref {
        pos,
        from: Square(0),
        empty: pos.empty(),
        list: &mut list,
        dedup: false,
        best: 0,
        stack: Vec::new(),
        paths: Vec::new(),
    };
    r.search();
    let mut out = std::mem::take(&mut r.paths);
    if pos.rules().precedence == Precedence::Majority {
        let best = out.iter().map(|p| p.0.captured.count()).max();
        out.retain(|p| Some(p.0.captured.count()) == best);
    }
    out
}

struct Ref<'a> {
    pos: &'a Position,
    from: Square,
    empty: Bitboard,
    list: &'a mut MoveList,
    dedup: bool,
    best: u32,
    stack: Vec<Square>,
    paths: Vec<(Move, Vec<Square>)>,
}

impl Ref<'_> {
    fn search(&mut self) {
        let me = self.pos.side();
        let base = self.pos.empty();
        for k in self.pos.kings(me) {
            self.from = k;
            self.empty = base | Bitboard::from_square(k);
            self.king(CapturingKing {
                at: k,
                captured: Bitboard::EMPTY,
                arrival: Arrival::Start,
                piece: KingCapturer::King,
            });
        }
        let rules = self.pos.rules();
        if rules.precedence == Precedence::KingPriority && !self.paths.is_empty() {
            return;
        }
        for m in self.pos.men(me) {
            self.from = m;
            self.empty = base | Bitboard::from_square(m);
            self.man(m, Bitboard::EMPTY);
        }
    }

    fn emit(&mut self, to: Square, captured: Bitboard, promotes: bool) {
        let mv = Move {
            from: self.from,
            to,
            promotes,
            captured,
        };
        let mut squares = vec![self.from];
        squares.extend_from_slice(&self.stack);
        squares.push(to);
        self.paths.push((mv, squares));
        let n = captured.count();
        if self.pos.rules().precedence == Precedence::Majority {
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.list.clear();
            }
        }
        if self.dedup && self.list.iter().any(|m| *m == mv) {
            return;
        }
        self.list.push(mv);
    }

    fn next(&self, sq: Square, dir: Dir) -> Option<Square> {
        self.pos.geometry().neighbour(sq, dir)
    }

    fn king(&mut self, king: CapturingKing) -> bool {
        let rules = self.pos.rules();
        let enemy = self.pos.pieces(!self.pos.side()) - king.captured;
        let crowned = king.piece == KingCapturer::CrownedMan;
        let mut found = false;
        for dir in Dir::ALL {
            if !king.arrival.allows(dir) {
                continue;
            }
            let mut victim = self.next(king.at, dir);
            while rules.flying_kings && victim.is_some_and(|v| self.empty.has(v)) {
                victim = victim.and_then(|v| self.next(v, dir));
            }
            let Some(victim) = victim.filter(|v| enemy.has(*v)) else {
                continue;
            };
            let Some(first) = self.next(victim, dir).filter(|l| self.empty.has(*l)) else {
                continue;
            };
            let mut lands = vec![first];
            if rules.flying_kings && rules.king_landing == KingLanding::AnyBeyond {
                while let Some(l) = self.next(lands[lands.len() - 1], dir) {
                    if !self.empty.has(l) {
                        break;
                    }
                    lands.push(l);
                }
            }
            found = true;
            let cap = king.captured | Bitboard::from_square(victim);
            let mut continued = false;
            for &l in &lands {
                self.stack.push(l);
                let arrival = if l == first {
                    Arrival::FirstLanding(dir)
                } else {
                    Arrival::FartherLanding(dir)
                };
                continued |= self.king(CapturingKing {
                    at: l,
                    captured: cap,
                    arrival,
                    piece: king.piece,
                });
                self.stack.pop();
            }
            if !continued {
                for &l in &lands {
                    self.emit(l, cap, crowned);
                }
            }
        }
        found
    }

    fn man(&mut self, cur: Square, captured: Bitboard) -> bool {
        let rules = self.pos.rules();
        let me = self.pos.side();
        let dirs: &[Dir] = if rules.men_capture_backward {
            &Dir::ALL
        } else {
            match me {
                Color::White => &[Dir::UpLeft, Dir::UpRight],
                Color::Black => &[Dir::DownLeft, Dir::DownRight],
            }
        };
        let enemy = self.pos.pieces(!me) - captured;
        let promotion = self.pos.geometry().promotion[me.index()];
        let mut found = false;
        for &dir in dirs {
            let Some(victim) = self.next(cur, dir).filter(|v| enemy.has(*v)) else {
                continue;
            };
            let Some(land) = self.next(victim, dir).filter(|l| self.empty.has(*l)) else {
                continue;
            };
            found = true;
            let cap = captured | Bitboard::from_square(victim);
            let crowned = promotion.has(land);
            self.stack.push(land);
            let continued = match (crowned, rules.mid_capture_promotion) {
                (true, MidCapturePromotion::EndMove) => false,
                (true, MidCapturePromotion::ContinueAsKing) => self.king(CapturingKing {
                    at: land,
                    captured: cap,
                    arrival: Arrival::FirstLanding(dir),
                    piece: KingCapturer::CrownedMan,
                }),
                _ => self.man(land, cap),
            };
            self.stack.pop();
            if !continued {
                self.emit(land, cap, crowned);
            }
        }
        found
    }
}

fn quiet(pos: &Position, list: &mut MoveList) {
    let g = pos.geometry();
    let me = pos.side();
    let empty = pos.empty();
    let promotion = g.promotion[me.index()];
    for dir in Dir::forward(me) {
        for to in g.step(pos.men(me), dir) & empty {
            let from = g.neighbour(to, dir.reverse()).expect("a man stands there");
            list.push(Move {
                from,
                to,
                promotes: promotion.has(to),
                captured: Bitboard::EMPTY,
            });
        }
    }
    for from in pos.kings(me) {
        for dir in Dir::ALL {
            let mut cur = from;
            while let Some(to) = g.neighbour(cur, dir).filter(|s| empty.has(*s)) {
                list.push(Move {
                    from,
                    to,
                    promotes: false,
                    captured: Bitboard::EMPTY,
                });
                if !pos.rules().flying_kings {
                    break;
                }
                cur = to;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen;
    use crate::rules::Variant;

    /// A small deterministic generator (xorshift64*).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// A random position of `variant`: each square empty or holding a random piece, men never
    /// on their own promotion row.
    fn random_position(variant: Variant, rng: &mut Rng) -> Position {
        let g = variant.rules().geometry();
        let fill = 20 + rng.below(60);
        let king_share = rng.below(100);
        let mut sets = [Bitboard::EMPTY; 2];
        let mut kings = Bitboard::EMPTY;
        for sq in g.all_squares() {
            if rng.below(100) >= fill {
                continue;
            }
            let c = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let bit = Bitboard::from_square(sq);
            if rng.below(100) < king_share || g.promotion[c.index()].has(sq) {
                kings |= bit;
            }
            sets[c.index()] |= bit;
        }
        let side = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        Position::from_parts(variant, sets[0], sets[1], kings, side)
    }

    /// The fast generator agrees with this one, order included, in `pos`.
    fn check(pos: &Position) {
        let mut list = MoveList::new();
        movegen::generate(pos, &mut list);
        assert_eq!(
            list.to_vec(),
            generate(pos, true),
            "moves of {}",
            pos.to_fen()
        );
        list.clear();
        movegen::tables::fill_by_tables(&movegen::snapshot::Snapshot::new(pos), &mut list, true);
        assert_eq!(list.to_vec(), generate(pos, true), "{}", pos.to_fen());
        movegen::generate_paths(pos, &mut list);
        assert_eq!(
            list.to_vec(),
            generate(pos, false),
            "paths of {}",
            pos.to_fen()
        );
        let paths: Vec<(Move, Vec<Square>)> = movegen::capture_paths(pos)
            .into_iter()
            .map(|p| (p.mv, p.squares))
            .collect();
        assert_eq!(
            paths,
            super::paths(pos),
            "capture paths of {}",
            pos.to_fen()
        );
        let distinct = generate(pos, true);
        assert_eq!(movegen::count_moves(pos, false), distinct.len() as u64);
        for paths in [false, true] {
            let snap = movegen::snapshot::Snapshot::new(pos);
            let dynamic = movegen::tables::count_moves_by_tables(&snap, paths);
            assert_eq!(
                dynamic,
                movegen::count_moves(pos, paths),
                "{}",
                pos.to_fen()
            );
        }
        assert_eq!(
            movegen::count_moves(pos, true),
            generate(pos, false).len() as u64
        );
        for m in &distinct {
            let child = pos.play(m);
            for paths in [false, true] {
                let want = movegen::count_moves(&child, paths);
                assert_eq!(movegen::count_replies(pos, m, paths), want);
            }
        }
        for paths in [false, true] {
            let each: u64 = distinct
                .iter()
                .map(|m| movegen::count_moves(&pos.play(m), paths))
                .sum();
            assert_eq!(movegen::count_all_replies(pos, &distinct, paths), each);
        }
        let captures = distinct.first().is_some_and(|m| m.is_capture());
        assert_eq!(movegen::has_capture(pos), captures, "{}", pos.to_fen());
    }

    #[test]
    fn fast_generator_matches_the_plain_one_on_random_positions() {
        let mut rng = Rng(0x5eed_da3a_0000_0001);
        for variant in Variant::ALL {
            for _ in 0..3000 {
                check(&random_position(variant, &mut rng));
            }
        }
    }

    #[test]
    fn fast_generator_matches_the_plain_one_in_playouts() {
        let mut rng = Rng(0x0bad_cafe_1234_5678);
        for variant in Variant::ALL {
            for _ in 0..40 {
                let mut pos = Position::start(variant);
                for _ in 0..200 {
                    check(&pos);
                    let moves = generate(&pos, true);
                    if moves.is_empty() {
                        break;
                    }
                    pos = pos.play(&moves[rng.below(moves.len() as u64) as usize]);
                }
            }
        }
    }
}
