//! Engine-vs-engine matches over the Hub protocol or DXP (`dama match`).
//!
//! The runner starts two engines per worker before the first game, plays each opening twice with
//! colours swapped, keeps the clocks, checks every move with the rules core, ends games by the
//! variant's rules ([`dama::game::Game::outcome`]) or by optional score adjudication, and reports
//! results through a callback: nothing here prints. [`elo`] holds the statistics, [`pdn`] writes
//! the games, [`summary`] the JSON summary and the merge of shard results.

pub mod adjudication;
pub mod clock;
pub mod dxp;
pub mod elo;
mod engines;
pub mod game;
pub mod hub;
pub mod hub_v1;
mod json;
pub mod openings;
pub mod pdn;
pub mod player;
pub mod runner;
pub mod summary;

pub use clock::TimeControl;
pub use game::GameRecord;
pub use hub::{EngineSpec, HubEngine};
pub use openings::Opening;
pub use runner::{run_match, MatchConfig, MatchEvent};
pub use summary::MatchSummary;
