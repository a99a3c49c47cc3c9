//! One solved table: the value of every index of one material key, packed four to a byte, with
//! an optional distance byte per index.

use super::material::MaterialSignature;

/// Win, draw or loss for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

/// Two-bit codes in the packed tables.
pub(crate) const CODE_DRAW: u8 = 0;
pub(crate) const CODE_WIN: u8 = 1;
pub(crate) const CODE_LOSS: u8 = 2;
pub(crate) const CODE_INVALID: u8 = 3;

/// Counts of one table's values over all valid placements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Valid placements.
    pub positions: u64,
    /// Wins for the side to move.
    pub win: u64,
    /// Draws.
    pub draw: u64,
    /// Losses for the side to move.
    pub loss: u64,
}

/// The values of one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The material key (side to move as White).
    pub key: MaterialSignature,
    /// Number of indices.
    pub size: u64,
    /// Two bits per index, index `i` in bits `2(i % 4)` of byte `i / 4`.
    pub wdl: Vec<u8>,
    /// Plies to the end of the game for wins and losses (saturated at 255), one byte per index.
    pub dist: Option<Vec<u8>>,
}

impl Table {
    /// Bytes of the packed values for `size` indices.
    pub fn wdl_bytes(size: u64) -> usize {
        size.div_ceil(4) as usize
    }

    /// The 2-bit code of index `i`.
    #[inline]
    pub(crate) fn code(&self, i: u64) -> u8 {
        (self.wdl[(i / 4) as usize] >> (2 * (i % 4))) & 3
    }

    /// The value of index `i` (`None` for a hole).
    #[inline]
    pub fn value(&self, i: u64) -> Option<Wdl> {
        match self.code(i) {
            CODE_WIN => Some(Wdl::Win),
            CODE_LOSS => Some(Wdl::Loss),
            CODE_DRAW => Some(Wdl::Draw),
            _ => None,
        }
    }

    /// The stored distance of index `i` in plies (wins and losses of tables with distances).
    #[inline]
    pub fn distance(&self, i: u64) -> Option<u32> {
        let d = self.dist.as_ref()?;
        match self.code(i) {
            CODE_WIN | CODE_LOSS => Some(d[i as usize] as u32),
            _ => None,
        }
    }

    /// Counts of wins, draws and losses over the valid indices.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for i in 0..self.size {
            match self.code(i) {
                CODE_WIN => c.win += 1,
                CODE_LOSS => c.loss += 1,
                CODE_DRAW => c.draw += 1,
                _ => continue,
            }
            c.positions += 1;
        }
        c
    }
}
