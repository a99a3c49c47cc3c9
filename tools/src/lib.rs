//! # dama-tools: the tools around the dama engine
//!
//! Everything here is built on the public API of the [`dama`] library only: the match runner
//! ([`matchrunner`], `dama match`), the Texel tuner of the evaluation weights ([`tune`],
//! `dama tune`), the opening-book builder and PDN importer ([`bookgen`], `dama book`) and a
//! game against the engine for a person ([`play`], `dama play`). The
//! `dama` binary (`src/main.rs`, the command line in `src/cli/`) sits on top of this crate and
//! of the library.
#![deny(missing_docs)]

pub mod bookgen;
pub mod datagen;
pub mod matchrunner;
pub mod movelist;
pub mod nnue;
pub mod play;
pub mod tune;
