//! The dense index of a table: every placement of a material with the side to move as White.
//!
//! A table is keyed by the material *as seen by the side to move*: a position with Black to move
//! is first turned 180° with the colours swapped (square `n` ↔ `squares + 1 - n`), so one table
//! serves both colours. In these relative coordinates (`r = n - 1` for White to move,
//! `r = squares - n` for Black to move) the side to move's men never stand on its promotion
//! squares (the first row, `r < width / 2`, in most variants; two corner squares in Corner) and
//! the opponent's men never on theirs. That needs rules that are the same for both colours
//! turned 180° ([`Indexer::serves_both_sides`]; not One-way, whose men all go up).
//!
//! The index is `((mm · S_tm + tm) · S_mk + mk) · S_tk + tk` where each part is the colex rank of
//! a set of squares: the side to move's men among its allowed squares (28 on 8×8), the
//! opponent's men among theirs, then the side to move's kings among the squares the men leave
//! free, then the opponent's kings among those still free. Only placements in which both sets
//! of men share a square are holes; they are marked invalid in the tables.
//!
//! Under a king-move limit (Frisian) a position also holds each side's run ([`KingRun`]): the
//! king that made the side's last non-capturing moves in a row and how many. A side with men
//! and `k` kings has `1 + limit · k` run states (none, or the j-th of its kings in relative
//! square order with a count of 1 to the limit), every other side one; the index is then
//! `(placement · R_tm + run_tm) · R_op + run_op`. Without the limit both are 1 and the index
//! is the placement's alone.

use once_cell::sync::Lazy;

use super::material::MaterialSignature;
use crate::position::{KingRun, Position};
use crate::rules::{Geometry, Variant};
use crate::types::{Bitboard, Color};

/// Binomial coefficients `C(n, k)` for `n, k < 65` (saturating; real table sizes are far lower).
static BINOMIAL: Lazy<Vec<[u64; 65]>> = Lazy::new(|| {
    let mut c = vec![[0u64; 65]; 65];
    for n in 0..65 {
        c[n][0] = 1;
        for k in 1..=n {
            c[n][k] = c[n - 1][k - 1].saturating_add(if k < n { c[n - 1][k] } else { 0 });
        }
    }
    c
});

/// `C(n, k)` (0 when `k > n`).
#[inline]
pub fn binomial(n: u32, k: u32) -> u64 {
    if k > n || n > 64 {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// Colex rank of the set bits of `set` (positions `p_1 < p_2 < …`): `Σ C(p_i, i)`.
#[inline]
fn rank(set: u64) -> u64 {
    let mut r = 0;
    for (i, p) in Bits(set).enumerate() {
        r += binomial(p, i as u32 + 1);
    }
    r
}

/// The set of `k` positions whose colex rank is `r`.
fn unrank(mut r: u64, k: u32) -> u64 {
    let mut set = 0u64;
    let mut p = 64u32;
    for i in (1..=k).rev() {
        p -= 1;
        while binomial(p, i) > r {
            p -= 1;
        }
        r -= binomial(p, i);
        set |= 1 << p;
    }
    set
}

struct Bits(u64);
impl Iterator for Bits {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let p = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(p)
    }
}

/// Removes from `set` the positions of `taken` below each member (squeezes out taken squares).
#[inline]
fn squeeze(set: u64, taken: u64) -> u64 {
    let mut out = 0;
    for p in Bits(set) {
        out |= 1 << (p - (taken & ((1u64 << p) - 1)).count_ones());
    }
    out
}

/// Inverse of [`squeeze`]: the `p`-th free square (not in `taken`) for each member.
#[inline]
fn expand(set: u64, taken: u64) -> u64 {
    let mut out = 0;
    let mut free = !taken;
    let mut next = 0u32; // index of the next free square to hand out
    for p in Bits(set) {
        while next < p {
            free &= free - 1;
            next += 1;
        }
        out |= 1 << free.trailing_zeros();
    }
    out
}

/// The pieces of a position in relative squares: side to move's men and kings, then the
/// opponent's, each as a mask over `0..squares`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Side to move's men.
    pub my_men: u64,
    /// Side to move's kings.
    pub my_kings: u64,
    /// Opponent's men.
    pub their_men: u64,
    /// Opponent's kings.
    pub their_kings: u64,
    /// The side to move's run state (0: none; `1 + limit · j + count - 1` for the j-th of its
    /// kings in relative square order), always 0 without a king-move limit.
    pub my_run: u8,
    /// The opponent's run state, as `my_run`.
    pub their_run: u8,
}

/// The run state of `run` among `kings` (relative squares of the run's side) for side to move
/// `side`: 0 for none.
fn run_state(g: &Geometry, side: Color, kings: u64, run: KingRun, limit: u8) -> u8 {
    let Some(sq) = run.square() else {
        return 0;
    };
    let rel = relative(g, side, Bitboard::from_square(sq));
    let j = (kings & (rel - 1)).count_ones() as u8;
    1 + limit * j + run.count() - 1
}

/// The run of run state `state` among `kings` (relative squares) for side to move `side`.
fn run_of(g: &Geometry, side: Color, kings: u64, state: u8, limit: u8) -> KingRun {
    if state == 0 || limit == 0 {
        return KingRun::NONE;
    }
    let (j, count) = ((state - 1) / limit, (state - 1) % limit + 1);
    let mut rest = kings;
    for _ in 0..j {
        rest &= rest - 1;
    }
    match absolute(g, side, rest & rest.wrapping_neg()).first() {
        Some(sq) => KingRun::new(sq, count),
        None => KingRun::NONE,
    }
}

/// Relative square of `sq` for side to move `side`.
#[inline]
fn relative(g: &Geometry, side: Color, bb: Bitboard) -> u64 {
    let n = g.squares as u32;
    let mut out = 0;
    for sq in bb {
        let num = g.number(sq);
        let r = if side == Color::White {
            num - 1
        } else {
            n - num
        };
        out |= 1 << r;
    }
    out
}

/// Board squares of a relative mask for side to move `side`.
#[inline]
fn absolute(g: &Geometry, side: Color, rel: u64) -> Bitboard {
    let n = g.squares as u32;
    Bits(rel)
        .filter_map(|r| g.square(if side == Color::White { r + 1 } else { n - r }))
        .collect()
}

impl Placement {
    /// The placement of `pos` seen from its side to move.
    pub fn of(pos: &Position) -> Placement {
        let g = pos.geometry();
        let me = pos.side();
        let limit = pos.rules().king_move_limit;
        let (my_kings, their_kings) = (
            relative(g, me, pos.kings(me)),
            relative(g, me, pos.kings(!me)),
        );
        Placement {
            my_men: relative(g, me, pos.men(me)),
            my_kings,
            their_men: relative(g, me, pos.men(!me)),
            their_kings,
            my_run: run_state(g, me, my_kings, pos.king_run(me), limit),
            their_run: run_state(g, me, their_kings, pos.king_run(!me), limit),
        }
    }

    /// The material key of the table holding this placement.
    pub fn key(&self) -> MaterialSignature {
        let n = |m: u64| m.count_ones() as u8;
        MaterialSignature::new(
            n(self.my_men),
            n(self.my_kings),
            n(self.their_men),
            n(self.their_kings),
        )
    }

    /// The position with this placement and `side` to move.
    pub fn position(&self, variant: Variant, side: Color) -> Position {
        let g = variant.rules().geometry();
        let mine = absolute(g, side, self.my_men | self.my_kings);
        let theirs = absolute(g, side, self.their_men | self.their_kings);
        let kings = absolute(g, side, self.my_kings | self.their_kings);
        let (white, black) = if side == Color::White {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        let limit = variant.rules().king_move_limit;
        Position::from_parts(variant, white, black, kings, side)
            .with_king_run(side, run_of(g, side, self.my_kings, self.my_run, limit))
            .with_king_run(
                !side,
                run_of(g, side, self.their_kings, self.their_run, limit),
            )
    }
}

/// The index of the table of one material key on one board.
#[derive(Clone, Copy, Debug)]
pub struct Indexer {
    key: MaterialSignature,
    /// The relative squares where the side to move's men, and the opponent's, cannot stand:
    /// their promotion squares.
    no_men: [u64; 2],
    squares: u32,
    sizes: [u64; 4],
    /// The number of run states of the side to move and of the opponent (1 without a limit).
    runs: [u64; 2],
    size: u64,
}

impl Indexer {
    /// The index for table `key` (material with the side to move as White) of `variant`.
    pub fn new(variant: Variant, key: MaterialSignature) -> Indexer {
        let r = variant.rules();
        let g = r.geometry();
        let squares = g.squares as u32;
        // seen with White to move; the same with Black to move where the rules are the same
        // for both colours turned 180° (super::applies)
        let no_men = [
            relative(g, Color::White, r.promotion_squares(Color::White)),
            relative(g, Color::White, r.promotion_squares(Color::Black)),
        ];
        let room = |c: usize| squares - no_men[c].count_ones();
        let men = key.wm as u32 + key.bm as u32;
        let sizes = [
            binomial(room(0), key.wm as u32),
            binomial(room(1), key.bm as u32),
            binomial(squares.saturating_sub(men), key.wk as u32),
            binomial(squares.saturating_sub(men + key.wk as u32), key.bk as u32),
        ];
        let limit = r.king_move_limit;
        let run_states = |men: u8, kings: u8| match (limit, men) {
            (0, _) | (_, 0) => 1,
            _ => 1 + limit as u64 * kings as u64,
        };
        let runs = [run_states(key.wm, key.wk), run_states(key.bm, key.bk)];
        let size = sizes
            .iter()
            .chain(&runs)
            .fold(1u64, |a, &s| a.saturating_mul(s));
        Indexer {
            key,
            no_men,
            squares,
            sizes,
            runs,
            size,
        }
    }

    /// Whether the rules of `variant` are the same for both colours with the board turned
    /// 180°, so that one table serves both sides to move: each side's men go toward the other
    /// and the promotion squares are each other's turned.
    pub fn serves_both_sides(variant: Variant) -> bool {
        let r = variant.rules();
        let g = r.geometry();
        r.forward(Color::White) != r.forward(Color::Black)
            && relative(g, Color::White, r.promotion_squares(Color::White))
                == relative(g, Color::Black, r.promotion_squares(Color::Black))
    }

    /// The material key.
    pub fn key(&self) -> MaterialSignature {
        self.key
    }

    /// Number of indices (holes included).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The index of a placement of this table's material (men off their promotion rows).
    #[inline]
    pub fn index(&self, p: &Placement) -> u64 {
        let men = p.my_men | p.their_men;
        let mm = rank(squeeze(p.my_men, self.no_men[0]));
        let tm = rank(squeeze(p.their_men, self.no_men[1]));
        let mk = rank(squeeze(p.my_kings, men));
        let tk = rank(squeeze(p.their_kings, men | p.my_kings));
        let placed = ((mm * self.sizes[1] + tm) * self.sizes[2] + mk) * self.sizes[3] + tk;
        (placed * self.runs[0] + p.my_run as u64) * self.runs[1] + p.their_run as u64
    }

    /// The placement at index `i`, or `None` for a hole (both sides' men on one square).
    pub fn placement(&self, i: u64) -> Option<Placement> {
        let their_run = (i % self.runs[1]) as u8;
        let i = i / self.runs[1];
        let my_run = (i % self.runs[0]) as u8;
        let i = i / self.runs[0];
        let tk = i % self.sizes[3];
        let i = i / self.sizes[3];
        let mk = i % self.sizes[2];
        let i = i / self.sizes[2];
        let tm = i % self.sizes[1];
        let mm = i / self.sizes[1];
        let my_men = expand(unrank(mm, self.key.wm as u32), self.no_men[0]);
        let their_men = expand(unrank(tm, self.key.bm as u32), self.no_men[1]);
        if my_men & their_men != 0 {
            return None;
        }
        let men = my_men | their_men;
        let my_kings = expand(unrank(mk, self.key.wk as u32), men);
        let their_kings = expand(unrank(tk, self.key.bk as u32), men | my_kings);
        debug_assert!(
            (my_kings | their_kings)
                .checked_shr(self.squares)
                .unwrap_or(0)
                == 0
        );
        Some(Placement {
            my_men,
            my_kings,
            their_men,
            their_kings,
            my_run,
            their_run,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_agree() {
        for k in 0..4 {
            for r in 0..binomial(12, k) {
                assert_eq!(rank(unrank(r, k)), r);
            }
        }
    }

    #[test]
    fn index_round_trip() {
        for (variant, key) in [
            (Variant::Czech, MaterialSignature::new(1, 1, 0, 1)),
            (Variant::Czech, MaterialSignature::new(0, 2, 1, 1)),
            (Variant::Czech, MaterialSignature::new(2, 0, 1, 0)),
            // the runs of a side with men and kings (Frisian's limit), to move or not
            (Variant::Frisian, MaterialSignature::new(1, 1, 0, 1)),
            (Variant::Frisian, MaterialSignature::new(0, 1, 1, 1)),
        ] {
            let ix = Indexer::new(variant, key);
            let mut valid = 0;
            for i in 0..ix.size() {
                if let Some(p) = ix.placement(i) {
                    valid += 1;
                    assert_eq!(p.key(), key);
                    assert_eq!(ix.index(&p), i);
                    for side in Color::ALL {
                        let pos = p.position(variant, side);
                        pos.validate().unwrap();
                        assert_eq!(Placement::of(&pos), p);
                    }
                }
            }
            assert!(valid > ix.size() / 2);
        }
        let runs = |key| {
            let plain = Indexer::new(Variant::International, key).size();
            Indexer::new(Variant::Frisian, key).size() / plain
        };
        assert_eq!(runs(MaterialSignature::new(1, 1, 1, 2)), 4 * 7);
        assert_eq!(runs(MaterialSignature::new(0, 2, 1, 0)), 1);
    }
}
