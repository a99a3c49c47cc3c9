//! Zobrist keys, made at compile time by a fixed pseudo-random sequence (splitmix64).

use crate::types::{Bitboard, Color, Piece, Square};

/// A position's hash key.
pub type Key = u64;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> ([[Key; 64]; 4], Key) {
    let mut keys = [[0u64; 64]; 4];
    let mut state = 0x00da_3a00_c0ff_ee00u64;
    let mut k = 0;
    while k < 4 {
        let mut i = 0;
        while i < 64 {
            let (s, v) = splitmix(state);
            state = s;
            keys[k][i] = v;
            i += 1;
        }
        k += 1;
    }
    let (_, side) = splitmix(state);
    (keys, side)
}

const KEYS: ([[Key; 64]; 4], Key) = make_keys();

/// The key of one piece of `color` and kind `piece` on `sq`.
#[inline]
pub const fn piece_key(color: Color, piece: Piece, sq: Square) -> Key {
    KEYS.0[color as usize * 2 + piece as usize][sq.0 as usize]
}

/// XORed in when Black is to move.
pub const SIDE_KEY: Key = KEYS.1;

/// The key of all pieces of `color` and kind `piece` in `set`.
pub fn set_key(color: Color, piece: Piece, set: Bitboard) -> Key {
    set.iter().fold(0, |k, sq| k ^ piece_key(color, piece, sq))
}
