//! `dama moves`: every legal move of a position with its full path.

use anyhow::{anyhow, Result};
use clap::Args;
use serde::Serialize;

use dama::rules::Word;
use dama::Variant;
use dama_tools::movelist::{self, Listed};

/// Arguments of `dama moves`.
#[derive(Args)]
pub struct MovesArgs {
    /// Variant (`dama variants` lists them all).
    #[arg(long, default_value = "czech")]
    variant: Variant,
    /// The position as PDN FEN (default: the variant's start position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from that position first, separated by spaces ("32-28 19-23").
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
    /// One line per capture path (as `perft --paths` counts), not per distinct move.
    #[arg(long)]
    paths: bool,
    /// One JSON object per line: {"move": …, "path": […], "captured": […]}.
    #[arg(long)]
    json: bool,
}

/// Prints the legal moves, one a line.
pub fn run(a: &MovesArgs) -> Result<()> {
    dama::for_word!(a.variant, W => run_in::<W>(a))
}

fn run_in<W: Word>(a: &MovesArgs) -> Result<()> {
    let start = super::position::<W>(a.variant, a.fen.as_deref())?;
    let pos =
        movelist::play_moves(&start, a.moves.as_deref().unwrap_or("")).map_err(|e| anyhow!(e))?;
    for listed in movelist::legal(&pos, a.paths) {
        outln!("{}", line(&pos, &listed, a.json)?);
    }
    Ok(())
}

/// The JSON object of one move: `{"move": …, "path": […], "captured": […]}`.
#[derive(Serialize)]
struct JsonMove<'a> {
    #[serde(rename = "move")]
    notation: &'a str,
    path: &'a [String],
    captured: &'a [String],
}

/// One output line: text, or a JSON object.
fn line<W: Word>(pos: &dama::Board<W>, listed: &Listed, json: bool) -> Result<String> {
    if json {
        let (notation, path, captured) = (&listed.notation, &listed.path, &listed.captured);
        return Ok(serde_json::to_string(&JsonMove {
            notation,
            path,
            captured,
        })?);
    }
    Ok(listed.line(movelist::separator(pos, listed)))
}
