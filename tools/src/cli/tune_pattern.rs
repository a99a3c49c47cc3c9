//! `dama tune --data`: fitting the pattern evaluation's weights on `selfplay-data` files (see
//! docs/tuning.md).

use std::path::PathBuf;

use anyhow::{anyhow, Context, Result};
use clap::Args;
use rayon::prelude::*;

use dama::eval::{evaluate_with, pattern, weights_for};
use dama::{Color, Position};
use dama_tools::datagen::file::{self, DataFile, DataLine};
use dama_tools::tune::adam::{self, FitConfig};
use dama_tools::tune::sparse::{Example, Model};
use dama_tools::tune::{fit_k, sigmoid, Sample};

/// The options of the pattern fit.
#[derive(Args)]
pub struct PatternArgs {
    /// `selfplay-data` files (repeatable; shard files may be given directly): fit the pattern
    /// evaluation's weights instead of the hand-set table.
    #[arg(long, value_name = "FILE")]
    pub data: Vec<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 20)]
    pub epochs: usize,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 4096)]
    pub batch: usize,
    /// Adam's step size in centi-men.
    #[arg(long, default_value_t = 1.0)]
    pub lr: f64,
    /// L2 penalty on the window weights.
    #[arg(long, default_value_t = 1e-6)]
    pub l2: f64,
    /// Share of the game result in the target; the rest is the search score's expected result.
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// The logistic scale K (default: fitted to the hand-set evaluation on the training set).
    #[arg(long)]
    pub k: Option<f64>,
}

/// Fits the weights on `a.data`; holds out every `holdout`-th game; writes the file to `out`.
pub fn run(a: &PatternArgs, holdout: usize, out: Option<&PathBuf>) -> Result<()> {
    if !(0.0..=1.0).contains(&a.lambda) {
        return Err(anyhow!("--lambda: expected 0..1, got {}", a.lambda));
    }
    let data = read(&a.data)?;
    let variant = data.variant;
    let every = holdout as u64;
    let (valid, train): (Vec<DataLine>, Vec<DataLine>) = data
        .lines
        .iter()
        .partition(|l| every > 0 && l.game % every == every - 1);
    outln!(
        "{variant}: {} training and {} validation positions",
        train.len(),
        valid.len()
    );
    if train.is_empty() {
        return Err(anyhow!("no training positions in the data files"));
    }
    let k = match a.k {
        Some(k) => k,
        None => fit_scale(&train),
    };
    let hand = hand_set_losses(&valid, k, a.lambda);
    outln!(
        "K {k:.4}; hand-set evaluation on the validation set: cross-entropy {:.6} mse {:.6}",
        hand.0,
        hand.1
    );
    let mut model =
        Model::new(variant).ok_or_else(|| anyhow!("the {variant} board has no pattern layout"))?;
    let examples = |lines: &[DataLine]| -> Vec<Example> {
        lines
            .par_iter()
            .filter_map(|l| Example::new(&l.pos, target(l, k, a.lambda), &model.hand))
            .collect()
    };
    let (train, valid) = (examples(&train), examples(&valid));
    let cfg = FitConfig {
        k,
        epochs: a.epochs,
        batch: a.batch,
        learning_rate: a.lr,
        l2: a.l2,
    };
    let (t0, _) = adam::losses(&model, &train, k);
    let (v0, m0) = adam::losses(&model, &valid, k);
    outln!("start: train {t0:.6} validation {v0:.6} (mse {m0:.6})");
    adam::fit(&mut model, &train, &valid, &cfg, |e| {
        outln!(
            "epoch {}: train {:.6} validation {:.6} (mse {:.6})",
            e.number,
            e.train,
            e.valid,
            e.valid_mse
        )
    });
    let (v1, m1) = adam::losses(&model, &valid, k);
    outln!("kept: validation {v1:.6} (mse {m1:.6})");
    let w = model.weights();
    for (name, s) in pattern::SCALAR_NAMES.iter().zip(w.scalars) {
        outln!(
            "  {name}: mg {} eg {} (1/{} centi-men)",
            s[0],
            s[1],
            pattern::SCALE
        );
    }
    let names = dama::eval::Weights::param_names();
    let (before, after) = (model.hand.start.params(), w.hand.params());
    for (i, name) in names.iter().enumerate() {
        if before[i] != after[i] {
            outln!("  {name}: {} -> {}", before[i], after[i]);
        }
    }
    if let Some(path) = out {
        dama::files::write_whole(path, &pattern::to_bytes(&w))
            .with_context(|| format!("cannot write {}", path.display()))?;
        outln!("wrote {}", path.display());
    }
    Ok(())
}

fn read(paths: &[PathBuf]) -> Result<DataFile> {
    let mut files = Vec::new();
    for p in paths {
        let text =
            std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?;
        files.push(file::parse(&text).map_err(|e| anyhow!("{}: {e}", p.display()))?);
    }
    file::merge(&files).map_err(|e| anyhow!(e))
}

/// White's view of a side-to-move value.
fn white(pos: &Position, v: f64) -> f64 {
    if pos.side() == Color::White {
        v
    } else {
        -v
    }
}

/// White's target: `lambda` of the result, the rest the search score's expected result.
fn target(l: &DataLine, k: f64, lambda: f64) -> f64 {
    let score = white(&l.pos, f64::from(l.score.clamp(-3000, 3000)));
    lambda * l.white_score + (1.0 - lambda) * sigmoid(score, k)
}

/// K fitted to the hand-set evaluation and the game results (the Texel scale).
fn fit_scale(lines: &[DataLine]) -> f64 {
    let samples: Vec<Sample> = lines
        .iter()
        .map(|l| Sample {
            pos: l.pos,
            label: white(&l.pos, l.white_score - 0.5) + 0.5,
        })
        .collect();
    let w = weights_for(lines[0].pos.rules().board);
    fit_k(&samples, w, 0.05, 10.0).0
}

/// The cross-entropy and mean squared error of the hand-set evaluation on `lines`.
fn hand_set_losses(lines: &[DataLine], k: f64, lambda: f64) -> (f64, f64) {
    if lines.is_empty() {
        return (0.0, 0.0);
    }
    let w = weights_for(lines[0].pos.rules().board);
    let (ce, mse) = lines
        .par_iter()
        .map(|l| {
            let v = white(&l.pos, f64::from(evaluate_with(&l.pos, w)));
            let p = sigmoid(v, k).clamp(1e-12, 1.0 - 1e-12);
            let t = target(l, k, lambda);
            (-(t * p.ln() + (1.0 - t) * (1.0 - p).ln()), (p - t).powi(2))
        })
        .reduce(|| (0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
    let n = lines.len() as f64;
    (ce / n, mse / n)
}
