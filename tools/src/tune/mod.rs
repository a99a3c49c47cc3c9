//! Texel tuning of the evaluation weights from finished games.
//!
//! Quiet positions of finished games ([`data`]) are labelled with the game result; the loss
//! ([`loss`](mod@loss)) is the mean squared error between the labels and a logistic curve of the static
//! evaluation; coordinate descent ([`optimize`]) changes the selected weights while the loss
//! falls. Nothing here prints: progress goes to a callback.
//!
//! The pattern evaluation's weights are fitted apart: [`sparse`] is the evaluation as a sparse
//! linear model (with the hand-set table as linear features, [`hand`]), [`adam`] fits it by
//! logistic regression on self-play data ([`crate::datagen`]).
//!
//! ```
//! use dama_tools::tune::{data::Sample, loss};
//! use dama::{eval::WEIGHTS, Position, Variant};
//! let pos = Position::start(Variant::International);
//! let draw = [Sample { pos, label: 0.5 }];
//! assert!(loss::loss(&draw, &WEIGHTS, 1.0) < 0.01);
//! ```

pub mod adam;
pub mod data;
pub mod export;
pub mod hand;
pub mod loss;
pub mod optimize;
pub mod sparse;

pub use data::{Collector, DataSet, ReadOptions, ReadStats, Sample};
pub use loss::{fit_k, loss, sigmoid};
pub use optimize::{select_params, tune, Pass, TuneConfig, TuneResult};
