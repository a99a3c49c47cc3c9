//! Static evaluation for every variant, in centi-men from the side to move.
//!
//! The score is the difference of the two sides' terms: material by game phase, advancement
//! (tempo), back-row guard, centre, mobility, runaway men, kings on the main diagonal, trapped
//! kings, wing balance, hanging men, outposts and the only king on the board (the last four off
//! on 8×8); the side ahead in material gains a little per piece exchanged. Drawish
//! material ([`drawish`]) scales the result towards 0. The weights are in [`WEIGHTS`] for 8×8
//! boards and [`WEIGHTS_10`] for 10×10 boards ([`weights_for`]). The goal variants (giveaway
//! forms, Breakthrough) have their own small evaluations (`goal_variants.rs`): fewer own pieces is
//! better in giveaway, the advancement of the men is everything in Breakthrough. A variant with
//! learned pattern weights ([`pattern`]: Czech, International, English and the variants that
//! borrow theirs; `dama variants` lists them) adds the learned terms to these.
//!
//! ```
//! use dama::{eval, Position, Variant};
//! let start = Position::start(Variant::Czech);
//! assert!(eval::evaluate(&start).abs() < 20);
//! ```

mod acc;
mod drawish;
mod entry;
mod evaluate;
mod explain;
mod goal_variants;
mod jumps_only;
mod material;
pub mod nnue;
mod params;
pub mod pattern;
mod structure;
mod tables;
mod weights;

pub use acc::{Value, EVAL_MAX};
pub use drawish::drawish;
pub use entry::{evaluate, network_for};
pub use evaluate::{evaluate_with, exchange_bonus, weights_for};
pub use explain::{explain, Term};
pub use weights::{Phased, Weights, WEIGHTS, WEIGHTS_10};

#[cfg(test)]
mod tests;
