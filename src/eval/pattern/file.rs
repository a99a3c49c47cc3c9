//! The weights file of the pattern evaluation: a 44-byte header, then the weights as
//! little-endian `i16`.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `DAMAPATW` |
//! | 8..24 | the variant's name, ASCII, padded with NUL bytes |
//! | 24..28 | feature layout version ([`LAYOUT_VERSION`]), u32 |
//! | 28, 29 | board width and height |
//! | 30..32 | windows, u16 |
//! | 32..36 | number of `i16` values that follow, u32 |
//! | 36..44 | FNV-1a 64 checksum of the values' bytes, u64 |
//!
//! The values: for each window and each of its 6561 indices the middlegame and the endgame
//! weight, then the middlegame and endgame weight of each scalar term ([`SCALARS`]), then the
//! hand-set table the learned terms are added to, every parameter of
//! [`Weights::param_names`] in its order (version 3; version 2 had no table and used the
//! board's). Reading checks every field against the layout of the variant's board; any
//! difference is an error that says what differs.

use std::fmt;

use super::layout::{layout, WINDOW_INDICES};
use super::weights::{PatternWeights, SCALARS};
use crate::eval::weights::Weights;
use crate::rules::Variant;

/// The version of the feature layout (windows, index order, scalar terms, the hand-set table)
/// that a file must match.
pub const LAYOUT_VERSION: u32 = 3;

const MAGIC: &[u8; 8] = b"DAMAPATW";
const HEADER_LEN: usize = 44;
const NAME_LEN: usize = 16;

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError(pub String);

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pattern weights: {}", self.0)
    }
}

impl std::error::Error for WeightsError {}

fn err<T>(msg: String) -> Result<T, WeightsError> {
    Err(WeightsError(msg))
}

/// FNV-1a, 64 bits.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap_or([0; 4]))
}

/// A hand-set parameter as stored (every table's values lie far inside `i16`).
fn clamp_i16(v: i32) -> i16 {
    v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
}

/// The file's bytes.
pub fn to_bytes(w: &PatternWeights) -> Vec<u8> {
    let hand = w.hand.params().into_iter().map(clamp_i16);
    let values: Vec<u8> = w
        .windows
        .iter()
        .chain(w.scalars.iter())
        .flat_map(|pair| pair.iter().copied())
        .chain(hand)
        .flat_map(i16::to_le_bytes)
        .collect();
    let mut out = Vec::with_capacity(HEADER_LEN + values.len());
    out.extend_from_slice(MAGIC);
    let mut name = [0u8; NAME_LEN];
    let n = w.variant.name().as_bytes();
    name[..n.len().min(NAME_LEN)].copy_from_slice(&n[..n.len().min(NAME_LEN)]);
    out.extend_from_slice(&name);
    out.extend_from_slice(&LAYOUT_VERSION.to_le_bytes());
    let g = w.variant.rules().names();
    out.extend_from_slice(&[g.width, g.height]);
    out.extend_from_slice(&(w.window_count() as u16).to_le_bytes());
    out.extend_from_slice(&((values.len() / 2) as u32).to_le_bytes());
    out.extend_from_slice(&checksum(&values).to_le_bytes());
    out.extend_from_slice(&values);
    out
}

/// Reads a weights file that must be for `variant`.
///
/// # Errors
///
/// A [`WeightsError`] when the bytes lack the magic, are of another variant or layout version,
/// have the wrong length, or fail the checksum.
pub fn from_bytes(bytes: &[u8], variant: Variant) -> Result<PatternWeights, WeightsError> {
    if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
        return err(format!(
            "not a weights file (no DAMAPATW header in {} bytes)",
            bytes.len()
        ));
    }
    let name = String::from_utf8_lossy(&bytes[8..8 + NAME_LEN])
        .trim_end_matches('\0')
        .to_string();
    if name != variant.name() {
        return err(format!("the file is for '{name}', not {}", variant.name()));
    }
    let version = u32_at(bytes, 24);
    if version != LAYOUT_VERSION {
        return err(format!(
            "feature layout version {version}, this build reads {LAYOUT_VERSION}"
        ));
    }
    let board = variant.rules().board;
    let Some(l) = layout(board) else {
        return err(format!(
            "the {} board has no pattern layout",
            variant.name()
        ));
    };
    let (width, height, windows) = (bytes[28], bytes[29], u16_at(bytes, 30) as usize);
    if (width, height, windows) != (l.width, l.height, l.windows.len()) {
        return err(format!(
            "a {width}×{height} board with {windows} windows, expected {}×{} with {}",
            l.width,
            l.height,
            l.windows.len()
        ));
    }
    let count = u32_at(bytes, 32) as usize;
    let hand_len = Weights::param_names().len();
    let expected = 2 * (windows * WINDOW_INDICES + SCALARS) + hand_len;
    let body = &bytes[HEADER_LEN..];
    if count != expected || body.len() != 2 * expected {
        return err(format!(
            "{} bytes of weights ({count} values), expected {expected} values",
            body.len()
        ));
    }
    let stored = u64::from_le_bytes(bytes[36..44].try_into().unwrap_or([0; 8]));
    if checksum(body) != stored {
        return err(format!(
            "checksum {:016x}, the header says {stored:016x} (the file is damaged)",
            checksum(body)
        ));
    }
    let values: Vec<i16> = body
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    let (learned, table) = values.split_at(expected - hand_len);
    let pairs: Vec<[i16; 2]> = learned.chunks_exact(2).map(|c| [c[0], c[1]]).collect();
    let split = windows * WINDOW_INDICES;
    let mut scalars = [[0i16; 2]; SCALARS];
    scalars.copy_from_slice(&pairs[split..]);
    let mut hand = crate::eval::evaluate::weights_for(board).clone();
    hand.set_params(&table.iter().map(|&v| i32::from(v)).collect::<Vec<_>>());
    Ok(PatternWeights {
        variant,
        windows: pairs[..split].to_vec(),
        scalars,
        hand,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> PatternWeights {
        let mut w = PatternWeights::zero(Variant::Czech).unwrap();
        w.windows[17] = [5, -3];
        w.scalars[0] = [800, 800];
        w
    }

    #[test]
    fn a_file_reads_back() {
        let w = sample();
        let bytes = to_bytes(&w);
        let hand = Weights::param_names().len();
        assert_eq!(bytes.len(), 44 + 4 * (15 * 6561 + SCALARS) + 2 * hand);
        assert_eq!(from_bytes(&bytes, Variant::Czech).unwrap(), w);
        let mut refitted = w.clone();
        refitted.hand.back_row.mg = 7;
        refitted.hand.advance8[3].eg = -12;
        let back = from_bytes(&to_bytes(&refitted), Variant::Czech).unwrap();
        assert_eq!(back, refitted);
        assert_ne!(back, w);
    }

    #[test]
    fn damaged_or_mismatched_files_are_refused() {
        let bytes = to_bytes(&sample());
        let e = |b: &[u8], v: Variant| from_bytes(b, v).unwrap_err().to_string();
        let mut flipped = bytes.clone();
        flipped[1000] ^= 4;
        assert!(e(&flipped, Variant::Czech).contains("the file is damaged"));
        assert!(e(&bytes[..bytes.len() - 2], Variant::Czech).contains("expected"));
        assert!(e(&bytes[..20], Variant::Czech).contains("not a weights file"));
        assert_eq!(
            e(&bytes, Variant::Russian),
            "pattern weights: the file is for 'czech', not russian"
        );
        let mut version = bytes.clone();
        version[24] = 9;
        assert!(e(&version, Variant::Czech).contains("layout version 9"));
        let mut windows = bytes;
        windows[30] = 16;
        assert!(e(&windows, Variant::Czech).contains("16 windows, expected 8×8 with 15"));
    }
}
