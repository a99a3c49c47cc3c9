//! Material signatures: which slices exist, which are stored with distances, and the order in
//! which they must be solved.

use std::fmt;

use crate::position::Position;
use crate::types::Color;

/// The number of pieces on the board by kind and colour (`wm,wk,bm,bk`): what names one
/// bitbase slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MaterialSignature {
    /// White men.
    pub wm: u8,
    /// White kings.
    pub wk: u8,
    /// Black men.
    pub bm: u8,
    /// Black kings.
    pub bk: u8,
}

impl MaterialSignature {
    /// A material signature.
    pub const fn new(wm: u8, wk: u8, bm: u8, bk: u8) -> MaterialSignature {
        MaterialSignature { wm, wk, bm, bk }
    }

    /// The material of `pos`.
    pub fn of(pos: &Position) -> MaterialSignature {
        let n = |b: crate::types::Bitboard| b.count().min(255) as u8;
        MaterialSignature::new(
            n(pos.men(Color::White)),
            n(pos.kings(Color::White)),
            n(pos.men(Color::Black)),
            n(pos.kings(Color::Black)),
        )
    }

    /// All pieces.
    pub const fn pieces(self) -> u32 {
        self.wm as u32 + self.wk as u32 + self.bm as u32 + self.bk as u32
    }

    /// White's pieces.
    pub const fn white(self) -> u32 {
        self.wm as u32 + self.wk as u32
    }

    /// Black's pieces.
    pub const fn black(self) -> u32 {
        self.bm as u32 + self.bk as u32
    }

    /// All men.
    pub const fn men(self) -> u32 {
        self.wm as u32 + self.bm as u32
    }

    /// The same material with the colours swapped.
    pub const fn mirror(self) -> MaterialSignature {
        MaterialSignature::new(self.bm, self.bk, self.wm, self.wk)
    }

    /// True when both colours have the same pieces.
    pub fn is_symmetric(self) -> bool {
        self == self.mirror()
    }

    /// True for the representative of `{self, self.mirror()}` that names the slice: White has more
    /// pieces, or as many and at least as many kings.
    pub fn is_canonical(self) -> bool {
        let w = (self.white(), self.wk);
        let b = (self.black(), self.bk);
        w >= b
    }

    /// The canonical one of `self` and its mirror.
    pub fn canonical(self) -> MaterialSignature {
        if self.is_canonical() {
            self
        } else {
            self.mirror()
        }
    }

    /// The slice is solved with distances to win or loss (all slices of at most three pieces and
    /// the kings-only slices of four: the material under the Czech endgame counters, plus what
    /// it converts into).
    pub fn stores_distance(self) -> bool {
        self.pieces() <= 3 || (self.pieces() == 4 && self.men() == 0)
    }

    /// Reads `wm,wk,bm,bk`.
    ///
    /// # Errors
    ///
    /// One line when the text is not four comma-separated counts that make a slice.
    ///
    /// # Examples
    ///
    /// ```
    /// use dama::bitbase::MaterialSignature;
    ///
    /// let m = MaterialSignature::parse("0,3,0,1").unwrap(); // three kings against one
    /// assert_eq!((m.wk, m.bk), (3, 1));
    /// assert!(MaterialSignature::parse("3,1").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<MaterialSignature, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let bad = || format!("bad slice '{text}': expected wm,wk,bm,bk (four numbers)");
        if parts.len() != 4 {
            return Err(bad());
        }
        let mut n = [0u8; 4];
        for (slot, p) in n.iter_mut().zip(&parts) {
            *slot = p.parse().map_err(|_| bad())?;
        }
        let m = MaterialSignature::new(n[0], n[1], n[2], n[3]);
        if m.white() == 0 || m.black() == 0 {
            return Err(format!("bad slice '{text}': each side needs a piece"));
        }
        Ok(m)
    }
}

impl fmt::Display for MaterialSignature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{},{}", self.wm, self.wk, self.bm, self.bk)
    }
}

/// Every canonical slice with 2..=`pieces` pieces (each side at least one piece) in an order
/// in which each slice comes after everything it depends on: by pieces, then by men (captures
/// lose pieces, promotions lose a man), then by the signature.
pub fn plan(pieces: u32) -> Vec<MaterialSignature> {
    let mut out = Vec::new();
    for total in 2..=pieces.min(64) {
        for white in 1..total {
            let black = total - white;
            for wm in 0..=white {
                for bm in 0..=black {
                    let m = MaterialSignature::new(
                        wm as u8,
                        (white - wm) as u8,
                        bm as u8,
                        (black - bm) as u8,
                    );
                    if m.is_canonical() {
                        out.push(m);
                    }
                }
            }
        }
    }
    out.sort_by_key(|m| (m.pieces(), m.men(), *m));
    out
}

/// The stage of a slice in [`plan`]: slices of the same stage do not depend on each other.
pub fn stage(m: MaterialSignature) -> u32 {
    // stages: (pieces, men) in order; pieces from 2, men 0..=pieces
    let p = m.pieces();
    (2..p).map(|q| q + 1).sum::<u32>() + m.men()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_is_topological() {
        let p = plan(4);
        for (i, m) in p.iter().enumerate() {
            assert!(m.is_canonical());
            for later in &p[i + 1..] {
                assert!(stage(*later) >= stage(*m));
            }
        }
        assert_eq!(p[0], MaterialSignature::new(0, 1, 0, 1));
        assert!(p.contains(&MaterialSignature::new(1, 1, 0, 1)));
        assert!(!p.contains(&MaterialSignature::new(0, 1, 1, 1)));
        assert_eq!(p.iter().filter(|m| m.pieces() == 2).count(), 3);
    }

    #[test]
    fn parse_and_mirror() {
        let m = MaterialSignature::parse("1,1,0,1").unwrap();
        assert_eq!(m.to_string(), "1,1,0,1");
        assert_eq!(m.mirror(), MaterialSignature::new(0, 1, 1, 1));
        assert!(MaterialSignature::parse("1,1,0").is_err());
        assert!(MaterialSignature::parse("1,1,0,0").is_err());
        assert!(MaterialSignature::parse("x,1,0,1").is_err());
        // counts that overflow a byte when added (a panic with overflow checks on)
        let big = MaterialSignature::parse("255,255,0,1").unwrap();
        assert_eq!((big.white(), big.black(), big.pieces()), (510, 1, 511));
        assert!(big.is_canonical() && !big.mirror().is_canonical());
        assert!(m.stores_distance());
        assert!(MaterialSignature::new(0, 3, 0, 1).stores_distance());
        assert!(!MaterialSignature::new(1, 2, 0, 1).stores_distance());
    }
}
