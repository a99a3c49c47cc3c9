//! `dama train-net`: training the network evaluation on `selfplay-data` files (see
//! docs/tuning.md, "The network evaluation").

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, Context, Result};
use clap::Args;

use dama::eval::nnue::{self, Network};
use dama::eval::weights_for;
use dama_tools::nnue::model::{engine_score, Model, MAX_TRAIN_HIDDEN1};
use dama_tools::nnue::train::{loss_of_scores, targets};
use dama_tools::nnue::{fit_scale, train, DataSets, Samples, TrainConfig};

/// Arguments of `dama train-net`.
#[derive(Args)]
pub struct TrainNetArgs {
    /// `selfplay-data` files (repeatable), of one variant.
    #[arg(long, value_name = "FILE", required = true)]
    data: Vec<PathBuf>,
    /// The network file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Layer 1's width (a multiple of 32, at most 512).
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    /// Layer 2's width (a multiple of 8, at most 64).
    #[arg(long, default_value_t = 32)]
    hidden2: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 1024)]
    batch: usize,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// The step size is multiplied by this after each epoch.
    #[arg(long, default_value_t = 0.85)]
    lr_decay: f32,
    /// Share of the game result in the target; the rest is the search score's expected result.
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// The logistic scale in centi-men (default: fitted to the search scores and results).
    #[arg(long)]
    scale: Option<f32>,
    /// Every this-many-th game is held out for validation.
    #[arg(long, default_value_t = 10)]
    holdout: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Seed of the initial weights and of the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn check(a: &TrainNetArgs) -> Result<()> {
    if a.hidden == 0 || !a.hidden.is_multiple_of(32) || a.hidden > MAX_TRAIN_HIDDEN1 {
        return Err(anyhow!(
            "--hidden: a multiple of 32 up to {MAX_TRAIN_HIDDEN1}, not {}",
            a.hidden
        ));
    }
    if a.hidden2 == 0 || !a.hidden2.is_multiple_of(8) || a.hidden2 > 64 {
        return Err(anyhow!(
            "--hidden2: a multiple of 8 up to 64, not {}",
            a.hidden2
        ));
    }
    if !(0.0..=1.0).contains(&a.lambda) {
        return Err(anyhow!("--lambda: expected 0..1, got {}", a.lambda));
    }
    if a.holdout < 2 {
        return Err(anyhow!(
            "--holdout: at least 2 (a validation set is needed), not {}",
            a.holdout
        ));
    }
    Ok(())
}

/// Reads the data, trains, prints the losses and writes the file.
pub fn run(a: TrainNetArgs) -> Result<()> {
    check(&a)?;
    if let Some(t) = a.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build_global()
            .map_err(|e| anyhow!("--threads: {e}"))?;
    }
    let clock = Instant::now();
    let mut data = DataSets::default();
    for path in &a.data {
        data.add_file(path, a.holdout).map_err(|e| anyhow!("{e}"))?;
    }
    let variant = data.variant.ok_or_else(|| anyhow!("no data files"))?;
    if data.train.is_empty() || data.valid.is_empty() {
        return Err(anyhow!(
            "{} training and {} validation positions: too few to train",
            data.train.len(),
            data.valid.len()
        ));
    }
    outln!(
        "{variant}: {} games, {} training and {} validation positions (read in {:.1} s)",
        data.games,
        data.train.len(),
        data.valid.len(),
        clock.elapsed().as_secs_f64()
    );
    let scale = a.scale.unwrap_or_else(|| fit_scale(&data.train));
    let cfg = TrainConfig {
        h1: a.hidden,
        h2: a.hidden2,
        epochs: a.epochs,
        batch: a.batch,
        lr: a.lr,
        lr_decay: a.lr_decay,
        lambda: a.lambda,
        scale,
        divisor: weights_for(variant.rules().board).drawish_divisor,
        seed: a.seed,
    };
    print_references(&data.valid, &cfg);
    let model = Model::new(variant, a.hidden, a.hidden2, a.seed);
    outln!(
        "network {}x{}x{}x1, {} weights; lambda {}, batch {}, lr {} (x{} an epoch)",
        model.shape.inputs,
        a.hidden,
        a.hidden2,
        model.shape.len(),
        a.lambda,
        a.batch,
        a.lr,
        a.lr_decay
    );
    let started = Instant::now();
    let trained = train(model, &data.train, &data.valid, &cfg, |e| {
        outln!(
            "epoch {}: train {:.6} validation {:.6} ({:.0} s)",
            e.number,
            e.train,
            e.valid,
            started.elapsed().as_secs_f64()
        )
    });
    outln!(
        "start: validation {:.6}; kept epoch {} (validation {:.6})",
        trained.start_valid,
        trained.best_epoch,
        trained
            .epochs
            .iter()
            .find(|e| e.number == trained.best_epoch)
            .map_or(trained.start_valid, |e| e.valid)
    );
    let net = trained.model.network();
    let bytes = nnue::to_bytes(&net);
    let loaded = nnue::from_bytes(&bytes).map_err(|e| anyhow!("{e}"))?;
    report_agreement(&trained.model, &loaded, &data.valid, &cfg);
    dama::files::write_whole(&a.out, &bytes)
        .with_context(|| format!("cannot write {}", a.out.display()))?;
    outln!(
        "wrote {} ({} bytes) in {:.0} s in all",
        a.out.display(),
        bytes.len(),
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The validation loss of the engine's evaluation and of the search scores, for comparison.
fn print_references(valid: &Samples, cfg: &TrainConfig) {
    let t = targets(valid, cfg.lambda, cfg.scale);
    outln!(
        "scale {:.1} centi-men; validation loss of the engine's evaluation {:.6}, of the search scores {:.6}",
        cfg.scale,
        loss_of_scores(&valid.engine, &t, cfg.scale),
        loss_of_scores(&valid.score, &t, cfg.scale)
    );
}

/// How the engine's scores of the file agree with the trainer's quantised forward pass.
fn report_agreement(model: &Model, net: &Network, valid: &Samples, cfg: &TrainConfig) {
    let q = model.quantise();
    let mut t = dama_tools::nnue::model::Trace::default();
    let mut differ = 0;
    for (i, pos) in valid.first.iter().enumerate() {
        q.forward(valid.features_of(i), &mut t);
        let mine = engine_score(t.o, valid.drawish[i], cfg.divisor);
        if mine != nnue::evaluate_with(pos, net) {
            differ += 1;
        }
    }
    outln!(
        "the engine's scores of the file agree with the trainer's on {} of {} positions",
        valid.first.len() - differ,
        valid.first.len()
    );
}
