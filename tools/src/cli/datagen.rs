//! `dama selfplay-data`: training positions from fast self-play (see docs/tuning.md), and
//! `dama selfplay-data merge` to put the shard files together.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context, Result};
use clap::{Args, Subcommand};

use dama::Variant;
use dama_tools::datagen::run::{write_run, RunSpec};
use dama_tools::datagen::{file, GameConfig};
use dama_tools::matchrunner::openings::book_openings;
use dama_tools::matchrunner::runner::parse_shard;

/// Arguments of `dama selfplay-data`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct DataArgs {
    #[command(subcommand)]
    action: Option<DataAction>,
    /// Variant.
    #[arg(long, default_value = "czech")]
    variant: Variant,
    /// Games of the whole run (over all shards).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Nodes searched for each move.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    /// Random plies of each opening, MIN-MAX.
    #[arg(long, default_value = "6-9")]
    opening: String,
    /// Plies after which a game is scored a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Seed of the run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play shard I of N (the games whose number is I-1 modulo N); merge with
    /// `selfplay-data merge`.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Start each game from one of N balanced openings of the built-in book (then the random
    /// plies of --opening).
    #[arg(long, value_name = "N", default_value_t = 0)]
    book_openings: usize,
    /// The data file to write.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Go on with an interrupted run's file (same settings) instead of starting it again.
    #[arg(long)]
    resume: bool,
}

#[derive(Subcommand)]
enum DataAction {
    /// Put the shard files of one run together, in game order.
    Merge {
        /// The shard files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The merged file.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
}

/// Runs `dama selfplay-data`.
pub fn run(a: DataArgs) -> Result<()> {
    super::narrow_only(a.variant, "selfplay-data")?;
    if let Some(DataAction::Merge { files, out }) = &a.action {
        return merge(files, out);
    }
    let out = a
        .out
        .as_ref()
        .ok_or_else(|| anyhow!("--out FILE is required"))?;
    let shard = a
        .shard
        .as_deref()
        .map(parse_shard)
        .transpose()
        .map_err(|e| anyhow!(e))?;
    let (opening_min, opening_max) = parse_range(&a.opening)?;
    let cfg = GameConfig {
        variant: a.variant,
        nodes: a.nodes,
        opening_min,
        opening_max,
        max_plies: a.max_plies,
        seed: a.seed,
    };
    let spec = RunSpec {
        cfg,
        games: a.games,
        shard,
        book: book_lines(a.variant, a.book_openings, a.seed)?,
    };
    let t = write_run(&spec, out, a.resume, &mut |games, positions| {
        if games % 100 == 0 {
            eprintln!("{games} games, {positions} positions");
        }
    })
    .map_err(|e| anyhow!(e))?;
    if let Some(g) = t.resumed_at {
        outln!("resumed at game {g}");
    }
    outln!(
        "{} games, {} positions, White scored {} ({})",
        t.games,
        t.positions,
        t.white_score,
        out.display()
    );
    Ok(())
}

/// `count` balanced openings of the variant's book, as move lists (none for 0).
fn book_lines(variant: Variant, count: usize, seed: u64) -> Result<Vec<Vec<dama::Move>>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    let (openings, _) = book_openings(variant, count, seed)
        .ok_or_else(|| anyhow!("--book-openings: {} has no built-in book", variant.name()))?;
    Ok(openings
        .iter()
        .map(|o| o.moves.iter().map(|m| m.in_word()).collect())
        .collect())
}

/// `6-9` → (6, 9).
fn parse_range(text: &str) -> Result<(usize, usize)> {
    let bad = || anyhow!("--opening '{text}': expected MIN-MAX plies, e.g. 6-9");
    let (lo, hi) = text.split_once('-').ok_or_else(bad)?;
    let lo: usize = lo.trim().parse().map_err(|_| bad())?;
    let hi: usize = hi.trim().parse().map_err(|_| bad())?;
    if lo > hi {
        return Err(bad());
    }
    Ok((lo, hi))
}

fn merge(files: &[PathBuf], out: &Path) -> Result<()> {
    let mut parsed = Vec::new();
    for f in files {
        let text =
            std::fs::read_to_string(f).with_context(|| format!("cannot read {}", f.display()))?;
        parsed.push(file::parse(&text).map_err(|e| anyhow!("{}: {e}", f.display()))?);
    }
    let merged = file::merge(&parsed).map_err(|e| anyhow!(e))?;
    dama::files::write_whole(out, file::to_text(&merged).as_bytes())
        .with_context(|| format!("cannot write {}", out.display()))?;
    outln!("{} positions ({})", merged.lines.len(), out.display());
    Ok(())
}
