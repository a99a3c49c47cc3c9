//! `dama.ini`: the settings read at start-up from the working directory, or from the file of
//! `--config`, for `hub` and `dxp`.

use std::path::Path;

use anyhow::{anyhow, Result};
use dama::protocol::{config, Settings};

/// The file read when `--config` is not given; its absence is not an error.
pub const DEFAULT_FILE: &str = "dama.ini";

/// `base` with the settings of `--config FILE` (which must exist), else of `dama.ini` in the
/// working directory when there is one. Errors name the file and the line.
pub fn load(file: Option<&Path>, base: Settings) -> Result<Settings> {
    let (path, required) = match file {
        Some(p) => (p, true),
        None => (Path::new(DEFAULT_FILE), false),
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => return Ok(base),
        Err(e) => return Err(anyhow!("{}: {e}", path.display())),
    };
    config::apply(&text, base).map_err(|e| anyhow!("{}: {e}", path.display()))
}
