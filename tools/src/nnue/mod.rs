//! The trainer of the network evaluation (`dama train-net`): positions of `selfplay-data` files
//! as the network's features ([`data`]), the network with real master weights and the
//! quantised forward pass the engine computes ([`model`]), and the fit ([`train`](mod@train)). Nothing
//! here prints: progress goes to a callback.

pub mod data;
pub mod model;
pub mod train;

pub use data::{DataSets, Samples};
pub use model::{Model, Quantised, Shape, Trace};
pub use train::{fit_scale, train, Epoch, TrainConfig, Trained};

#[cfg(test)]
mod tests;
