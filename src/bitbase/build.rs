//! Generating slices into a directory: a whole set in dependency order, or one slice whose
//! dependencies are already there (for running large sets as independent jobs).

use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

use super::material::{plan, MaterialSignature};
use super::solve::{slice_size, solve, Lookup};
use super::table::{Table, Wdl};
use super::{file, probe_tables, Bitbases};
use crate::position::Position;
use crate::rules::Variant;

/// What happened to one slice.
#[derive(Clone, Debug)]
pub struct SliceReport {
    /// The slice.
    pub slice: MaterialSignature,
    /// Indices of its tables (holes included).
    pub size: u64,
    /// True when a valid file was already there and was kept.
    pub kept: bool,
    /// Seconds spent solving and writing.
    pub seconds: f64,
    /// File size in bytes.
    pub bytes: u64,
}

/// Solved tables: the ones generated in this run, then the files of the directory.
struct Solved<'a> {
    variant: Variant,
    files: &'a Bitbases,
    fresh: HashMap<MaterialSignature, Table>,
}

impl Lookup for Solved<'_> {
    fn lookup(&self, pos: &Position) -> Option<(Wdl, Option<u32>)> {
        let p = probe_tables(pos, |key| {
            self.fresh
                .get(&key)
                .or_else(|| self.files.table(self.variant, key))
        })?;
        Some((p.wdl, p.distance))
    }
}

/// The units of work [`generate`] reports for `slices` (twice their index sizes).
pub fn total_work(variant: Variant, slices: &[MaterialSignature]) -> u64 {
    slices
        .iter()
        .map(|&s| slice_size(variant, s).saturating_mul(2))
        .fold(0, u64::saturating_add)
}

/// The slices [`generate`] works on: every slice of at most `pieces` pieces, or just `only`.
pub fn slices(pieces: u32, only: Option<MaterialSignature>) -> Vec<MaterialSignature> {
    match only {
        Some(m) => vec![m.canonical()],
        None => plan(pieces),
    }
}

/// Generates `slices` (in plan order) into `dir`, keeping slices whose files are already there
/// and valid. Lookups into smaller slices use this run's results and the files in `dir`.
/// `work` is called with units of progress (see [`total_work`]), `done` after each slice.
pub fn generate(
    variant: Variant,
    dir: &Path,
    slices: &[MaterialSignature],
    work: &(dyn Fn(u64) + Sync),
    done: &mut dyn FnMut(&SliceReport),
) -> Result<(), String> {
    super::applies(variant)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let files = Bitbases::open(dir);
    let mut solved = Solved {
        variant,
        files: &files,
        fresh: HashMap::new(),
    };
    for &slice in slices {
        let size = slice_size(variant, slice);
        let path = file::path(dir, variant, slice);
        if files.tables(variant, slice).is_some() {
            work(2 * size);
            let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            done(&SliceReport {
                slice,
                size,
                kept: true,
                seconds: 0.0,
                bytes,
            });
            continue;
        }
        let start = Instant::now();
        let used = std::sync::atomic::AtomicU64::new(0);
        let count = |n: u64| {
            used.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
            work(n);
        };
        let tables = solve(variant, slice, &solved, &count)
            .map_err(|e| format!("solving {slice} in {}: {e}", dir.display()))?;
        work((2 * size).saturating_sub(used.load(std::sync::atomic::Ordering::Relaxed)));
        let bytes = file::write(&path, variant, slice, &tables)?;
        for t in tables {
            solved.fresh.insert(t.key, t);
        }
        done(&SliceReport {
            slice,
            size,
            kept: false,
            seconds: start.elapsed().as_secs_f64(),
            bytes,
        });
    }
    Ok(())
}
