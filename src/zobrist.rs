//! Zobrist keys, made at compile time by a fixed pseudo-random sequence (splitmix64).

use crate::types::{BitWord, Bitboard, Color, Piece, Square};

/// Squares with a key: every bit of the widest word.
const SQUARES: usize = 128;

/// A position's hash key.
pub type Key = u64;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// The keys of bits 0-63 of each kind, then the side key, then the keys of bits 64-127 (so
/// the keys of the 64-bit boards stay what they were before the wide board).
const fn make_keys() -> ([[Key; SQUARES]; 4], Key) {
    let mut keys = [[0u64; SQUARES]; 4];
    let mut state = 0x00da_3a00_c0ff_ee00u64;
    let mut side = 0;
    let mut half = 0;
    while half < 2 {
        let mut k = 0;
        while k < 4 {
            let mut i = 0;
            while i < 64 {
                let (s, v) = splitmix(state);
                state = s;
                keys[k][half * 64 + i] = v;
                i += 1;
            }
            k += 1;
        }
        if half == 0 {
            let (s, v) = splitmix(state);
            state = s;
            side = v;
        }
        half += 1;
    }
    (keys, side)
}

const KEYS: ([[Key; SQUARES]; 4], Key) = make_keys();

/// The key of one piece of `color` and kind `piece` on `sq`.
#[inline]
pub const fn piece_key(color: Color, piece: Piece, sq: Square) -> Key {
    KEYS.0[color as usize * 2 + piece as usize][sq.0 as usize]
}

/// XORed in when Black is to move.
pub const SIDE_KEY: Key = KEYS.1;

/// The key of all pieces of `color` and kind `piece` in `set`.
pub fn set_key<W: BitWord>(color: Color, piece: Piece, set: Bitboard<W>) -> Key {
    set.iter().fold(0, |k, sq| k ^ piece_key(color, piece, sq))
}

/// The keys of a king's run of non-capturing moves ([`crate::KingRun`]): one per colour, count
/// (1 to 3) and square, from their own splitmix sequence.
const RUN_KEYS: [[Key; 64]; 6] = {
    let mut keys = [[0u64; 64]; 6];
    let mut state = 0x0f21_5ea0_c0de_0003u64;
    let mut k = 0;
    while k < 6 {
        let mut i = 0;
        while i < 64 {
            let (s, v) = splitmix(state);
            state = s;
            keys[k][i] = v;
            i += 1;
        }
        k += 1;
    }
    keys
};

/// The key of `color`'s king on `sq` having made `count` (1 to 3) non-capturing moves in a row.
#[inline]
pub const fn run_key(color: Color, count: u8, sq: Square) -> Key {
    RUN_KEYS[color as usize * 3 + (count as usize - 1) % 3][sq.0 as usize]
}
