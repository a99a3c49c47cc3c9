//! `dama selfplay-data`: training positions from fast self-play (see docs/tuning.md), and
//! `dama selfplay-data merge` to put the shard files together.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context, Result};
use clap::{Args, Subcommand};

use dama::Variant;
use dama_tools::datagen::{self, file, GameConfig};
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
    /// The data file to write.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
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
    let mut w = std::io::BufWriter::new(
        std::fs::File::create(out).with_context(|| format!("cannot create {}", out.display()))?,
    );
    w.write_all(file::header(a.variant).as_bytes())?;
    let games = datagen::schedule(a.games, shard);
    let (mut positions, mut score) = (0usize, 0.0);
    for (done, &g) in games.iter().enumerate() {
        let game = datagen::play_game(&cfg, g);
        positions += game.positions.len();
        score += game.white_score;
        w.write_all(file::game_lines(&game).as_bytes())?;
        if (done + 1) % 100 == 0 {
            w.flush()?;
            eprintln!("{} games, {positions} positions", done + 1);
        }
    }
    w.flush().context("cannot write the data file")?;
    outln!(
        "{} games, {positions} positions, White scored {score} ({})",
        games.len(),
        out.display()
    );
    Ok(())
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
