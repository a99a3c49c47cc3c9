//! `dama tune`: Texel tuning of the evaluation weights from PDN games, or with `--data` the
//! pattern evaluation's weights from self-play data (see docs/tuning.md).

use std::path::PathBuf;

use anyhow::{anyhow, Context, Result};
use clap::Args;

use dama::eval::{weights_for, Weights};
use dama::Variant;
use dama_tools::tune::{self, export, Collector, DataSet, ReadOptions, TuneConfig};

/// Arguments of `dama tune`.
#[derive(Args)]
pub struct TuneArgs {
    /// Variant of the games; the tuning starts from this variant's weight table.
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// PDN file of finished games (repeatable).
    #[arg(long, required_unless_present = "data", conflicts_with = "data")]
    pdn: Vec<PathBuf>,
    #[command(flatten)]
    pattern: super::tune_pattern::PatternArgs,
    /// Comma-separated name prefixes of the parameters to tune (default: all that act on the
    /// variant's board, except the material anchor man.mg/man.eg and drawish_divisor).
    #[arg(long)]
    params: Option<String>,
    /// The most passes over the parameters.
    #[arg(long, default_value_t = 30)]
    iterations: usize,
    /// Step sizes, largest first.
    #[arg(long, default_value = "4,2,1")]
    steps: String,
    /// L2 penalty weight on moving away from the start table (see docs/tuning.md).
    #[arg(long, default_value_t = 0.0)]
    reg: f64,
    /// Hold out every Nth game for validation (0: none).
    #[arg(long, default_value_t = 10)]
    holdout: usize,
    /// Plies at the start of each game that are not used.
    #[arg(long, default_value_t = 10)]
    skip_plies: usize,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Write the tuned table as a Rust `Weights { ... }` literal to this file (with --data: the
    /// pattern weights file, e.g. eval/czech.weights).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs `dama tune`.
pub fn run(a: TuneArgs) -> Result<()> {
    super::narrow_only(a.variant, "tune")?;
    if let Some(n) = a.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .map_err(|e| anyhow!("--threads: {e}"))?;
    }
    if !a.pattern.data.is_empty() {
        return super::tune_pattern::run(&a.pattern, a.holdout, a.out.as_ref());
    }
    let steps = parse_steps(&a.steps)?;
    if !(a.reg.is_finite() && a.reg >= 0.0) {
        return Err(anyhow!("--reg: expected a number >= 0, got {}", a.reg));
    }
    let data = read_data(&a)?;
    let base = weights_for(a.variant.rules().board).clone();
    let names = Weights::param_names();
    let params =
        tune::select_params(&names, a.params.as_deref(), a.variant).map_err(|e| anyhow!(e))?;
    outln!("tuning {} of {} parameters", params.len(), names.len());
    let (k, train0) = tune::fit_k(&data.train, &base, 0.05, 10.0);
    let valid0 = tune::loss(&data.valid, &base, k);
    outln!("K {k:.4}");
    outln!("initial loss: train {train0:.6} validation {valid0:.6}");
    let cfg = TuneConfig {
        k,
        steps,
        max_passes: a.iterations,
        params,
        reg: a.reg,
    };
    let result = tune::tune(&data.train, &base, &cfg, |p| {
        let v = tune::loss(&data.valid, p.weights, k);
        outln!(
            "pass {} step {}: train {:.6} (objective {:.6}) validation {v:.6} ({} changes)",
            p.pass,
            p.step,
            p.loss,
            p.objective,
            p.changes
        );
    });
    let valid1 = tune::loss(&data.valid, &result.weights, k);
    outln!(
        "final loss: train {train0:.6} -> {:.6}, validation {valid0:.6} -> {valid1:.6} ({} passes)",
        result.loss,
        result.passes
    );
    print_changes(&names, &base, &result.weights);
    if let Some(path) = &a.out {
        dama::files::write_whole(path, export::rust_literal(&result.weights).as_bytes())
            .context("cannot write the weights")?;
        outln!("wrote {}", path.display());
    }
    Ok(())
}

/// `4,2,1` → `[4, 2, 1]`; each step must be positive.
fn parse_steps(text: &str) -> Result<Vec<i32>> {
    let steps: Vec<i32> = text
        .split(',')
        .map(|s| s.trim().parse::<i32>().ok().filter(|&n| n > 0))
        .collect::<Option<_>>()
        .ok_or_else(|| anyhow!("--steps: expected positive integers like 4,2,1, got '{text}'"))?;
    Ok(steps)
}

/// Reads every PDN file and reports what was kept and skipped.
fn read_data(a: &TuneArgs) -> Result<DataSet> {
    let mut c = Collector::new(ReadOptions {
        variant: a.variant,
        skip_plies: a.skip_plies,
        holdout_every: a.holdout,
    });
    for path in &a.pdn {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        c.add_text(&path.display().to_string(), &text);
    }
    let s = c.stats().clone();
    for e in &s.errors {
        outln!("skipped: {e}");
    }
    outln!(
        "games {}: used {}, skipped {} ended by a fault, {} unfinished, {} other variant, {} unreadable",
        s.games, s.used, s.faults, s.unfinished, s.other_variant, s.bad
    );
    let data = c.finish();
    outln!(
        "positions {} (quiet, after ply {}): {} training and {} validation after merging duplicates",
        s.positions,
        a.skip_plies,
        data.train.len(),
        data.valid.len()
    );
    if data.train.is_empty() {
        return Err(anyhow!("no training positions in the PDN files"));
    }
    Ok(data)
}

/// Prints `name: old -> new` for every changed parameter.
fn print_changes(names: &[String], before: &Weights, after: &Weights) {
    let changed: Vec<String> = names
        .iter()
        .zip(before.params().into_iter().zip(after.params()))
        .filter(|(_, (o, n))| o != n)
        .map(|(name, (o, n))| format!("{name}: {o} -> {n}"))
        .collect();
    outln!("changed {} parameters", changed.len());
    for line in changed {
        outln!("  {line}");
    }
}
