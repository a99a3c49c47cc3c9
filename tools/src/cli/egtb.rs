//! `dama egtb …`: generate, probe and inspect endgame bitbases.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, Result};
use clap::{Args, Subcommand};

use dama::bitbase::{build, material, Bitbases, MaterialSignature, Wdl};
use dama::{Color, Position, Variant};

/// Arguments of `dama egtb`.
#[derive(Args)]
pub struct EgtbArgs {
    #[command(subcommand)]
    command: EgtbCommand,
}

#[derive(Subcommand)]
enum EgtbCommand {
    /// Solve every slice with at most N pieces (or one slice) into DIR.
    Generate {
        /// Variant.
        #[arg(long, default_value = "czech")]
        variant: Variant,
        /// Solve all slices with at most this many pieces.
        #[arg(long)]
        pieces: Option<u32>,
        /// Directory of the files.
        #[arg(long)]
        dir: PathBuf,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Solve only this slice, `wm,wk,bm,bk`; the slices it depends on must be in DIR.
        #[arg(long)]
        slice: Option<String>,
    },
    /// Look a position up.
    Probe {
        /// Directory of the files.
        #[arg(long)]
        dir: PathBuf,
        /// Variant.
        #[arg(long, default_value = "czech")]
        variant: Variant,
        /// The position, as PDN FEN.
        #[arg(long)]
        fen: String,
    },
    /// Count wins, draws and losses of every slice in DIR.
    Stats {
        /// Directory of the files.
        #[arg(long)]
        dir: PathBuf,
    },
    /// Print the slices of at most N pieces in dependency order: `wm,wk,bm,bk stage`.
    Plan {
        /// Largest number of pieces.
        #[arg(long)]
        pieces: u32,
    },
}

/// Runs `dama egtb …`.
pub fn run(args: EgtbArgs) -> Result<()> {
    match args.command {
        EgtbCommand::Generate {
            variant,
            pieces,
            dir,
            threads,
            slice,
        } => generate(variant, pieces, dir, threads, slice),
        EgtbCommand::Probe { dir, variant, fen } => probe(dir, variant, &fen),
        EgtbCommand::Stats { dir } => stats(dir),
        EgtbCommand::Plan { pieces } => {
            for m in material::plan(pieces) {
                outln!("{m} {}", material::stage(m));
            }
            Ok(())
        }
    }
}

/// The generation bar: work done and the time to go.
pub(super) const BAR: &str =
    "[{bar:30}] {percent:>3}%  elapsed {elapsed_precise}  eta {eta_precise}";

fn generate(
    variant: Variant,
    pieces: Option<u32>,
    dir: PathBuf,
    threads: Option<usize>,
    slice: Option<String>,
) -> Result<()> {
    dama::bitbase::applies(variant).map_err(|e| anyhow!(e))?;
    let only = slice
        .map(|s| MaterialSignature::parse(&s).map_err(|e| anyhow!(e)))
        .transpose()?;
    let pieces = match (pieces, only) {
        (Some(p), _) => p,
        (None, Some(m)) => m.pieces(),
        (None, None) => return Err(anyhow!("give --pieces N or --slice wm,wk,bm,bk")),
    };
    if let Some(m) = only {
        if m.pieces() > pieces {
            return Err(anyhow!("slice {m} has more than {pieces} pieces"));
        }
    }
    let slices = build::slices(pieces, only);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| anyhow!("thread pool: {e}"))?;
    let bar = super::progress::bar(build::total_work(variant, &slices), BAR);
    let start = Instant::now();
    let (mut total_bytes, mut total_positions) = (0u64, 0u64);
    let mut report = |r: &build::SliceReport| {
        total_bytes += r.bytes;
        total_positions += r.size;
        bar.suspend(|| {
            outln!(
                "slice {} size={} bytes={} time={:.2}s{}",
                r.slice,
                r.size,
                r.bytes,
                r.seconds,
                if r.kept { " (kept)" } else { "" }
            )
        });
    };
    pool.install(|| build::generate(variant, &dir, &slices, &|n| bar.inc(n), &mut report))
        .map_err(|e| anyhow!(e))?;
    bar.finish_and_clear();
    outln!(
        "done slices={} indices={} bytes={} time={:.1}s",
        slices.len(),
        total_positions,
        total_bytes,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn probe(dir: PathBuf, variant: Variant, fen: &str) -> Result<()> {
    dama::bitbase::applies(variant).map_err(|e| anyhow!(e))?;
    let pos = Position::from_fen(variant, fen).map_err(|e| anyhow!("{e}"))?;
    let bb = Bitbases::open(&dir);
    let result = bb.probe(&pos);
    for e in bb.errors() {
        eprintln!("warning: {e}");
    }
    let p = result.ok_or_else(|| {
        anyhow!(
            "no bitbase for slice {} of {variant} in {}",
            MaterialSignature::of(&pos).canonical(),
            dir.display()
        )
    })?;
    let wdl = match p.wdl {
        Wdl::Win => "win",
        Wdl::Draw => "draw",
        Wdl::Loss => "loss",
    };
    match p.distance {
        Some(d) => outln!("{wdl} plies={d}"),
        None => outln!("{wdl}"),
    }
    Ok(())
}

fn stats(dir: PathBuf) -> Result<()> {
    let bb = Bitbases::open(&dir);
    for variant in bb.variants() {
        for slice in bb.slices(variant) {
            for (side, key) in [(Color::White, slice), (Color::Black, slice.mirror())] {
                let Some(t) = bb.table(variant, key) else {
                    continue;
                };
                let c = t.counts();
                outln!(
                    "slice wm={} wk={} bm={} bk={} stm={} positions={} win={} draw={} loss={}",
                    slice.wm,
                    slice.wk,
                    slice.bm,
                    slice.bk,
                    side.name(),
                    c.positions,
                    c.win,
                    c.draw,
                    c.loss
                );
            }
        }
    }
    for e in bb.errors() {
        eprintln!("warning: {e}");
    }
    Ok(())
}
