//! The file of one slice.
//!
//! All numbers little-endian:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `DAMAEGTB` |
//! | 8 | 4 | format version (1) |
//! | 12 | 16 | variant name, ASCII, zero-padded |
//! | 28 | 4 | material: white men, white kings, black men, black kings (canonical) |
//! | 32 | 4 | flags: bit 0 = distances stored |
//! | 36 | 4 | number of tables: 2, or 1 for a symmetric material |
//! | 40 | 8 | index size of the table with White to move |
//! | 48 | 8 | index size of the table with Black to move (0 when there is one table) |
//! | 56 | 8 | payload length in bytes |
//! | 64 | 8 | checksum: 64-bit FNV-1a of bytes 0..64 and the payload |
//! | 72 | … | payload: per table, the values packed 4 per byte (2 bits: 0 draw, 1 win, 2 loss, 3 no position), then with the distance flag one byte per index (plies to the end for wins and losses, at most 255) |
//!
//! The table with Black to move is stored with the colours swapped and the board turned
//! (see `bitbase::index`), so it is the table of the mirrored material with White to move.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::material::MaterialSignature;
use super::table::Table;
use crate::files::PartFile;
use crate::rules::Variant;

/// The first eight bytes of every file.
pub const MAGIC: &[u8; 8] = b"DAMAEGTB";
/// The format version written and accepted.
pub const VERSION: u32 = 1;
/// Header length in bytes.
pub const HEADER_LEN: usize = 72;

/// The largest index a table of a file may have: far above any slice that can be solved (a
/// 4-piece slice has some 10^7 indices), and small enough that no length computed from it can
/// overflow. Material that cannot stand on the board (more men than their rows hold) has none.
const MAX_INDEX: u64 = 1 << 40;
const FLAG_DISTANCE: u32 = 1;

/// The file name of a slice: `<variant>-<wm>-<wk>-<bm>-<bk>.egtb`.
pub fn file_name(variant: Variant, slice: MaterialSignature) -> String {
    format!(
        "{}-{}-{}-{}-{}.egtb",
        variant.name(),
        slice.wm,
        slice.wk,
        slice.bm,
        slice.bk
    )
}

/// The path of a slice's file in `dir`.
pub fn path(dir: &Path, variant: Variant, slice: MaterialSignature) -> PathBuf {
    dir.join(file_name(variant, slice))
}

/// What the header of a file says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The variant.
    pub variant: Variant,
    /// The canonical material of the slice.
    pub slice: MaterialSignature,
    /// Whether distances are stored.
    pub distances: bool,
    /// Index sizes of the tables (White to move, then Black to move).
    pub sizes: [u64; 2],
    /// Payload length.
    pub payload: u64,
    /// Stored checksum.
    pub checksum: u64,
}

/// 64-bit FNV-1a, continued from `h`.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

fn payload_len(sizes: [u64; 2], distances: bool) -> u64 {
    sizes
        .iter()
        .map(|&s| Table::wdl_bytes(s) as u64 + if distances { s } else { 0 })
        .sum()
}

/// Writes the tables of `slice` (from `bitbase::solve`) to `path`; returns the bytes
/// written. The file is written under a temporary name and renamed, so a crash leaves no
/// half-written file under the real name.
pub fn write(
    path: &Path,
    variant: Variant,
    slice: MaterialSignature,
    tables: &[Table],
) -> Result<u64, String> {
    let distances = tables.iter().all(|t| t.dist.is_some());
    let mut sizes = [0u64; 2];
    for (s, t) in sizes.iter_mut().zip(tables) {
        *s = t.size;
    }
    let mut head = Vec::with_capacity(HEADER_LEN);
    head.extend_from_slice(MAGIC);
    head.extend_from_slice(&VERSION.to_le_bytes());
    let mut name = [0u8; 16];
    name[..variant.name().len()].copy_from_slice(variant.name().as_bytes());
    head.extend_from_slice(&name);
    head.extend_from_slice(&[slice.wm, slice.wk, slice.bm, slice.bk]);
    head.extend_from_slice(&(if distances { FLAG_DISTANCE } else { 0 }).to_le_bytes());
    head.extend_from_slice(&(tables.len() as u32).to_le_bytes());
    head.extend_from_slice(&sizes[0].to_le_bytes());
    head.extend_from_slice(&sizes[1].to_le_bytes());
    head.extend_from_slice(&payload_len(sizes, distances).to_le_bytes());
    let mut sum = fnv(FNV_START, &head);
    for t in tables {
        sum = fnv(sum, &t.wdl);
        if distances {
            sum = fnv(sum, t.dist.as_deref().unwrap_or(&[]));
        }
    }
    head.extend_from_slice(&sum.to_le_bytes());
    let tmp = crate::files::part_name(path);
    let fail = |e: std::io::Error| format!("{}: {e}", tmp.display());
    let mut f = PartFile::create(path).map_err(|e| e.to_string())?;
    f.write_all(&head).map_err(fail)?;
    for t in tables {
        f.write_all(&t.wdl).map_err(fail)?;
        if distances {
            f.write_all(t.dist.as_deref().unwrap_or(&[]))
                .map_err(fail)?;
        }
    }
    f.finish().map_err(|e| e.to_string())?;
    Ok(HEADER_LEN as u64 + payload_len(sizes, distances))
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}
fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

/// Parses and checks a header (everything but the checksum, which needs the payload).
///
/// # Errors
///
/// One line when the bytes are too short, lack the magic, or name a version, variant or
/// material this build cannot read.
pub fn parse_header(b: &[u8]) -> Result<Header, String> {
    if b.len() < HEADER_LEN {
        return Err("truncated header".into());
    }
    if &b[..8] != MAGIC {
        return Err("not a dama bitbase file (bad magic)".into());
    }
    let version = u32_at(b, 8);
    if version != VERSION {
        return Err(format!(
            "format version {version}; this build reads {VERSION}"
        ));
    }
    let name: Vec<u8> = b[12..28].iter().copied().take_while(|&c| c != 0).collect();
    let name = String::from_utf8_lossy(&name).into_owned();
    let variant = Variant::ALL
        .into_iter()
        .find(|v| v.name() == name)
        .ok_or_else(|| format!("unknown variant '{name}'"))?;
    // a header may name a variant whose board the indexer does not take (the 12×12 board
    // needs the 128-bit word)
    if variant.rules().wide() {
        return Err(format!(
            "no bitbases for {variant}: they index boards of at most 64 squares' bits"
        ));
    }
    let slice = MaterialSignature::new(b[28], b[29], b[30], b[31]);
    if !slice.is_canonical() || slice.white() == 0 || slice.black() == 0 {
        return Err(format!("bad material {slice}"));
    }
    let distances = u32_at(b, 32) & FLAG_DISTANCE != 0;
    let tables = u32_at(b, 36);
    let sizes = [u64_at(b, 40), u64_at(b, 48)];
    let want_tables = if slice.is_symmetric() { 1 } else { 2 };
    if tables != want_tables {
        return Err(format!(
            "{tables} tables; material {slice} has {want_tables}"
        ));
    }
    let keys = [slice, slice.mirror()];
    for t in 0..2 {
        let want = if t < want_tables as usize {
            let size = super::index::Indexer::new(variant, keys[t]).size();
            if size == 0 || size > MAX_INDEX {
                return Err(format!(
                    "bad material {slice}: no bitbase of {} pieces on this board",
                    slice.pieces()
                ));
            }
            size
        } else {
            0
        };
        if sizes[t] != want {
            return Err(format!("index size {} where {want} was expected", sizes[t]));
        }
    }
    let payload = u64_at(b, 56);
    if payload != payload_len(sizes, distances) {
        return Err(format!(
            "payload length {payload} does not match the index sizes"
        ));
    }
    Ok(Header {
        variant,
        slice,
        distances,
        sizes,
        payload,
        checksum: u64_at(b, 64),
    })
}

/// Reads only the header of a file and checks the file length against it.
///
/// # Errors
///
/// One line naming the file: it cannot be read, its header is bad ([`parse_header`]), or its
/// length is not the one the header gives.
pub fn read_header(path: &Path) -> Result<Header, String> {
    let fail = |e: String| format!("{}: {e}", path.display());
    let mut f = fs::File::open(path).map_err(|e| fail(e.to_string()))?;
    let mut b = vec![0u8; HEADER_LEN];
    let mut got = 0;
    while got < HEADER_LEN {
        match f.read(&mut b[got..]).map_err(|e| fail(e.to_string()))? {
            0 => return Err(fail("truncated header".into())),
            n => got += n,
        }
    }
    let h = parse_header(&b).map_err(fail)?;
    let len = f.metadata().map_err(|e| fail(e.to_string()))?.len();
    let want = HEADER_LEN as u64 + h.payload;
    if len != want {
        let what = if len < want { "truncated" } else { "too long" };
        return Err(fail(format!("{what}: {len} bytes, header says {want}")));
    }
    Ok(h)
}

/// Reads a whole file, checks it, and returns its header and tables.
///
/// # Errors
///
/// One line naming the file when it cannot be read or fails [`parse`].
pub fn read(path: &Path) -> Result<(Header, Vec<Table>), String> {
    let fail = |e: String| format!("{}: {e}", path.display());
    let b = fs::read(path).map_err(|e| fail(e.to_string()))?;
    parse(&b).map_err(fail)
}

/// Checks the bytes of a whole file (header, length, checksum) and returns its header and
/// tables.
///
/// # Errors
///
/// One line when the header is bad, the length differs from the header's, or the checksum
/// does not match (a damaged file).
pub fn parse(b: &[u8]) -> Result<(Header, Vec<Table>), String> {
    let h = parse_header(b)?;
    let want = HEADER_LEN as u64 + h.payload;
    if b.len() as u64 != want {
        let what = if (b.len() as u64) < want {
            "truncated"
        } else {
            "too long"
        };
        return Err(format!("{what}: {} bytes, header says {want}", b.len()));
    }
    let sum = fnv(fnv(FNV_START, &b[..64]), &b[HEADER_LEN..]);
    if sum != h.checksum {
        return Err("checksum mismatch (corrupt file)".into());
    }
    let keys = [h.slice, h.slice.mirror()];
    let mut at = HEADER_LEN;
    let mut tables = Vec::new();
    for (t, &size) in h.sizes.iter().enumerate().filter(|(_, &s)| s > 0) {
        let n = Table::wdl_bytes(size);
        let wdl = b[at..at + n].to_vec();
        at += n;
        let dist = h.distances.then(|| {
            let d = b[at..at + size as usize].to_vec();
            at += size as usize;
            d
        });
        tables.push(Table {
            key: keys[t],
            size,
            wdl,
            dist,
        });
    }
    Ok((h, tables))
}
