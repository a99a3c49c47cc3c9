//! The network file: a 48-byte header, then the weights, little-endian.
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `DAMANNUE` |
//! | 8..24 | the variant's name, ASCII, padded with NUL bytes |
//! | 24..28 | layout version ([`LAYOUT_VERSION`]), u32 |
//! | 28, 29 | board width and height |
//! | 30..32 | inputs, u16 |
//! | 32..34 | layer 1's width, u16 |
//! | 34..36 | layer 2's width, u16 |
//! | 36..40 | the length of the weights in bytes, u32 |
//! | 40..48 | FNV-1a 64 checksum of the weights' bytes, u64 |
//!
//! The weights ([`super::Network`]): `w1` as `i16` (inputs × layer 1), `b1` as `i16`, `w2` as
//! `i8` (layer 2 × layer 1), `b2` as `i32`, `w3` as `i8`, `b3` as `i32`. Reading checks every
//! field against the variant's board and the limits of the integer forward pass; any
//! difference is an error that says what differs.

use std::fmt;

use super::features;
use super::network::{Network, HIDDEN1_STEP, HIDDEN2_STEP, MAX_HIDDEN1, MAX_HIDDEN2, W1_MAX};
use crate::eval::pattern::file::checksum;
use crate::rules::Variant;

/// The version of the feature layout and of the network's shape that a file must match.
pub const LAYOUT_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"DAMANNUE";
const HEADER_LEN: usize = 48;
const NAME_LEN: usize = 16;

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError(pub String);

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "network file: {}", self.0)
    }
}

impl std::error::Error for NetError {}

fn err<T>(msg: String) -> Result<T, NetError> {
    Err(NetError(msg))
}

/// The length of the weights of a network of these sizes, in bytes.
fn body_len(inputs: usize, h1: usize, h2: usize) -> usize {
    2 * (inputs * h1 + h1) + h2 * h1 + 4 * h2 + h2 + 4
}

/// The file's bytes.
pub fn to_bytes(net: &Network) -> Vec<u8> {
    let mut body = Vec::with_capacity(body_len(net.inputs, net.hidden1, net.hidden2));
    net.w1
        .iter()
        .chain(&net.b1)
        .for_each(|v| body.extend_from_slice(&v.to_le_bytes()));
    body.extend(net.w2.iter().map(|&v| v as u8));
    net.b2
        .iter()
        .for_each(|v| body.extend_from_slice(&v.to_le_bytes()));
    body.extend(net.w3.iter().map(|&v| v as u8));
    body.extend_from_slice(&net.b3.to_le_bytes());
    let mut out = Vec::with_capacity(HEADER_LEN + body.len());
    out.extend_from_slice(MAGIC);
    let mut name = [0u8; NAME_LEN];
    let n = net.variant.name().as_bytes();
    let len = n.len().min(NAME_LEN);
    name[..len].copy_from_slice(&n[..len]);
    out.extend_from_slice(&name);
    out.extend_from_slice(&LAYOUT_VERSION.to_le_bytes());
    let g = net.variant.rules().names();
    out.extend_from_slice(&[g.width, g.height]);
    for size in [net.inputs, net.hidden1, net.hidden2] {
        out.extend_from_slice(&(size as u16).to_le_bytes());
    }
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(&checksum(&body).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

fn u16_at(b: &[u8], at: usize) -> usize {
    u16::from_le_bytes([b[at], b[at + 1]]) as usize
}

fn u32_at(b: &[u8], at: usize) -> usize {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]) as usize
}

/// Reads a network file of any variant (the one its header names).
pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
    if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
        return err(format!(
            "not a network file (no DAMANNUE header in {} bytes)",
            bytes.len()
        ));
    }
    let name = String::from_utf8_lossy(&bytes[8..8 + NAME_LEN])
        .trim_end_matches('\0')
        .to_string();
    let Some(variant) = Variant::from_name(&name) else {
        return err(format!("unknown variant '{name}'"));
    };
    let version = u32_at(bytes, 24) as u32;
    if version != LAYOUT_VERSION {
        return err(format!(
            "layout version {version}, this build reads {LAYOUT_VERSION}"
        ));
    }
    let g = variant.rules().names();
    let (inputs, h1, h2) = (u16_at(bytes, 30), u16_at(bytes, 32), u16_at(bytes, 34));
    let want_inputs = features::inputs(g.squares as usize);
    if (bytes[28], bytes[29], inputs) != (g.width, g.height, want_inputs) {
        return err(format!(
            "a {}×{} board with {inputs} inputs, {name} needs {}×{} with {want_inputs}",
            bytes[28], bytes[29], g.width, g.height
        ));
    }
    if h1 == 0 || !h1.is_multiple_of(HIDDEN1_STEP) || h1 > MAX_HIDDEN1 {
        return err(format!(
            "layer 1 of {h1}: it must be a multiple of {HIDDEN1_STEP} up to {MAX_HIDDEN1}"
        ));
    }
    if h2 == 0 || !h2.is_multiple_of(HIDDEN2_STEP) || h2 > MAX_HIDDEN2 {
        return err(format!(
            "layer 2 of {h2}: it must be a multiple of {HIDDEN2_STEP} up to {MAX_HIDDEN2}"
        ));
    }
    let body = &bytes[HEADER_LEN..];
    let expected = body_len(inputs, h1, h2);
    if u32_at(bytes, 36) != expected || body.len() != expected {
        return err(format!(
            "{} bytes of weights (the header says {}), expected {expected}",
            body.len(),
            u32_at(bytes, 36)
        ));
    }
    let stored = u64::from_le_bytes(bytes[40..48].try_into().unwrap_or([0; 8]));
    if checksum(body) != stored {
        return err(format!(
            "checksum {:016x}, the header says {stored:016x} (the file is damaged)",
            checksum(body)
        ));
    }
    let net = read_body(variant, inputs, h1, h2, body);
    if net.w1.iter().chain(&net.b1).any(|v| v.abs() > W1_MAX) {
        return err(format!(
            "a layer-1 weight beyond ±{W1_MAX} (the sums could overflow)"
        ));
    }
    Ok(net)
}

/// The weights of a body whose length was checked.
fn read_body(variant: Variant, inputs: usize, h1: usize, h2: usize, body: &[u8]) -> Network {
    let mut at = 0;
    let mut take = |n: usize| {
        let s = &body[at..at + n];
        at += n;
        s
    };
    let i16s = |b: &[u8]| -> Vec<i16> {
        b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect()
    };
    let i32s = |b: &[u8]| -> Vec<i32> {
        b.chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    };
    let w1 = i16s(take(2 * inputs * h1));
    let b1 = i16s(take(2 * h1));
    let w2 = take(h2 * h1).iter().map(|&v| v as i8).collect();
    let b2 = i32s(take(4 * h2));
    let w3 = take(h2).iter().map(|&v| v as i8).collect();
    let b3 = i32s(take(4))[0];
    Network {
        variant,
        inputs,
        hidden1: h1,
        hidden2: h2,
        w1,
        b1,
        w2,
        b2,
        w3,
        b3,
    }
}
