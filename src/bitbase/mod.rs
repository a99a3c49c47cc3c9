//! Endgame bitbases: exact win/draw/loss for every position with few pieces, and for the
//! material under the Czech endgame counters the distance to the end of the game in plies.
//!
//! * [`material`]: slices (material signatures), their order and which store distances.
//! * `index`: the dense index of a table, with the colour symmetry.
//! * `solve`: the parallel retrograde solver of one slice.
//! * [`file`](mod@file): the file format.
//! * [`build`]: generating a set of slices into a directory.
//! * [`Bitbases`]: lazily loaded files and the probe.
//!
//! The values are those of the game without draw counters or repetition: a win is a win
//! however long it takes. For the slices with distances ([`MaterialSignature::stores_distance`]: every
//! slice of at most three pieces and the kings-only slices of four) [`Probe::distance`] tells
//! how many plies the win or loss takes with best play (the winner hurrying, the loser holding
//! out), so that a caller can check whether the win fits inside an endgame counter.

pub mod build;
pub mod file;
mod index;
pub mod material;
mod solve;
mod table;
mod unmove;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

pub use material::MaterialSignature;
pub use table::{Counts, Table, Wdl};

use crate::position::Position;
use crate::rules::Variant;
use crate::types::Color;
use index::{Indexer, Placement};

/// The result of a probe, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Win, draw or loss with best play, ignoring draw counters and repetition.
    pub wdl: Wdl,
    /// Plies until the game ends with best play (0 = no legal move now: a loss, or a win in the
    /// giveaway forms; otherwise wins odd and losses even in the normal goal), for
    /// wins and losses of slices stored with distances (values above 254 read as 255).
    pub distance: Option<u32>,
}

/// Whether bitbases exist for `variant`: the retrograde solver applies to every goal but
/// Breakthrough, where every position with a king is already over, and to rules that are the
/// same for both colours turned 180° (not One-way), without linear moves (not Dameo: the
/// builder cannot take them back). Under a king-move limit (Frisian) the index holds each
/// side's run as well (`index`). Not where every move is a jump (Konane).
///
/// # Errors
///
/// One line saying why the variant has no bitbases.
///
/// # Examples
///
/// ```
/// use dama::{bitbase, Variant};
///
/// assert!(bitbase::applies(Variant::Czech).is_ok());
/// assert!(bitbase::applies(Variant::Breakthrough).is_err());
/// ```
pub fn applies(variant: Variant) -> Result<(), String> {
    if variant.rules().wide() {
        return Err(format!(
            "no bitbases for {variant}: they index boards of at most 64 squares' bits, and \
             {variant}'s needs 128"
        ));
    }
    let goal = variant.rules().goal;
    if !goal.has_bitbases() {
        return Err(format!(
            "no bitbases for {variant}: its goal ({}) ends the game at the first king",
            goal.name()
        ));
    }
    if !variant.rules().has_kings() {
        return Err(format!(
            "no bitbases for {variant}: its men are never crowned, and the solver's retro \
             moves know neither their later jumps in any direction nor the last row where \
             they only capture"
        ));
    }
    if variant.rules().men.linear_moves {
        return Err(format!(
            "no bitbases for {variant}: the table builder cannot take back its men's linear \
             moves"
        ));
    }
    if variant.rules().jumps_only() {
        return Err(format!(
            "no bitbases for {variant}: every move is a jump and takes a piece, so the search \
             reads its endings to the end"
        ));
    }
    if !Indexer::serves_both_sides(variant) {
        return Err(format!(
            "no bitbases for {variant}: its rules differ between the colours turned 180° \
             (a table serves both sides to move)"
        ));
    }
    Ok(())
}

/// Looks `pos` up in the table of its key found by `table`. `None` when either side has no
/// piece, the table is missing, or a parachutist is on the board (the tables index men off
/// their promotion rows, where parachutists stand: Parachute's tables hold the positions
/// after the last parachutist has jumped).
pub fn probe_tables<'a>(
    pos: &Position,
    table: impl FnOnce(MaterialSignature) -> Option<&'a Table>,
) -> Option<Probe> {
    if pos.pieces(pos.side()).is_empty() || pos.pieces(!pos.side()).is_empty() {
        return None;
    }
    if (pos.parachutists(Color::White) | pos.parachutists(Color::Black)).any() {
        return None;
    }
    let p = Placement::of(pos);
    let key = p.key();
    let t = table(key)?;
    let i = Indexer::new(pos.variant(), key).index(&p);
    Some(Probe {
        wdl: t.value(i)?,
        distance: t.distance(i),
    })
}

/// One slice file, loaded on first use.
struct SliceFile {
    path: PathBuf,
    tables: OnceLock<Option<Vec<Table>>>,
}

/// A directory of bitbase files, loaded lazily and shared between threads.
///
/// Problems (unreadable, truncated or corrupt files) are never fatal: the file is left out,
/// and the message, which names the file, is kept for [`Bitbases::errors`].
pub struct Bitbases {
    dir: PathBuf,
    entries: HashMap<(Variant, MaterialSignature), Arc<SliceFile>>,
    max_pieces: HashMap<Variant, u32>,
    errors: Mutex<Vec<String>>,
}

impl Bitbases {
    /// No bitbases at all.
    pub fn empty() -> Bitbases {
        Bitbases {
            dir: PathBuf::new(),
            entries: HashMap::new(),
            max_pieces: HashMap::new(),
            errors: Mutex::new(Vec::new()),
        }
    }

    /// Registers the `*.egtb` files of `dir` after checking their headers and lengths; the
    /// tables are read on first use.
    pub fn open(dir: &Path) -> Bitbases {
        Bitbases::open_up_to(dir, None)
    }

    /// [`Bitbases::open`], leaving out the slices of more than `max_pieces` pieces (`None`:
    /// none left out).
    pub fn open_up_to(dir: &Path, max_pieces: Option<u32>) -> Bitbases {
        let mut bb = Bitbases::empty();
        bb.dir = dir.to_path_buf();
        let listing = match std::fs::read_dir(dir) {
            Ok(l) => l,
            Err(e) => {
                bb.report(format!("{}: {e}", dir.display()));
                return bb;
            }
        };
        let mut paths: Vec<PathBuf> = listing
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "egtb"))
            .collect();
        paths.sort();
        for path in paths {
            match file::read_header(&path) {
                Ok(h) if max_pieces.is_some_and(|m| h.slice.pieces() > m) => {}
                Ok(h) => bb.register(h, path),
                Err(e) => bb.report(e),
            }
        }
        bb
    }

    fn register(&mut self, h: file::Header, path: PathBuf) {
        let entry = Arc::new(SliceFile {
            path,
            tables: OnceLock::new(),
        });
        for key in [h.slice, h.slice.mirror()] {
            self.entries.insert((h.variant, key), entry.clone());
        }
        let m = self.max_pieces.entry(h.variant).or_insert(0);
        *m = (*m).max(h.slice.pieces());
    }

    fn report(&self, e: String) {
        if let Ok(mut errors) = self.errors.lock() {
            errors.push(e);
        }
    }

    /// The directory given to [`Bitbases::open`].
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The problems met so far (one line each, naming the file).
    pub fn errors(&self) -> Vec<String> {
        self.errors.lock().map(|e| e.clone()).unwrap_or_default()
    }

    /// The largest number of pieces of any slice found, over all variants.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces.values().copied().max().unwrap_or(0)
    }

    /// The largest number of pieces of any slice found for `variant`.
    pub fn max_pieces_for(&self, variant: Variant) -> u32 {
        self.max_pieces.get(&variant).copied().unwrap_or(0)
    }

    /// The canonical slices found for `variant`, in plan order.
    pub fn slices(&self, variant: Variant) -> Vec<MaterialSignature> {
        let mut s: Vec<MaterialSignature> = self
            .entries
            .keys()
            .filter(|(v, m)| *v == variant && m.is_canonical())
            .map(|(_, m)| *m)
            .collect();
        s.sort_by_key(|m| (m.pieces(), m.men(), *m));
        s
    }

    /// The variants with at least one slice.
    pub fn variants(&self) -> Vec<Variant> {
        Variant::ALL
            .into_iter()
            .filter(|v| self.max_pieces.contains_key(v))
            .collect()
    }

    /// The tables of the slice holding key `key` (loading the file on first use).
    pub fn tables(&self, variant: Variant, key: MaterialSignature) -> Option<&[Table]> {
        let entry = self.entries.get(&(variant, key))?;
        let tables = entry.tables.get_or_init(|| match file::read(&entry.path) {
            Ok((_, t)) => Some(t),
            Err(e) => {
                self.report(e);
                None
            }
        });
        tables.as_deref()
    }

    /// The table of key `key` (material seen with the side to move as White).
    pub fn table(&self, variant: Variant, key: MaterialSignature) -> Option<&Table> {
        self.tables(variant, key)?.iter().find(|t| t.key == key)
    }

    /// Win/draw/loss (and distance where stored) of `pos`; `None` when its slice is not
    /// available or either side has no piece.
    pub fn probe(&self, pos: &Position) -> Option<Probe> {
        probe_tables(pos, |key| self.table(pos.variant(), key))
    }
}
