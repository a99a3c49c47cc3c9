//! `dama play`: a game against the engine in the terminal. The game itself is a
//! [`Session`] of the tools library (lines in, text out); this module only reads standard
//! input, prints what the session says, and shows the engine's progress on a terminal.

use std::io::{self, BufRead, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;

use dama::rules::Word;
use dama::{Color, Variant};

use dama_tools::play::board::Style;
use dama_tools::play::record;
use dama_tools::play::session::{Config, Output, Session};

/// Arguments of `dama play`.
#[derive(Args)]
pub struct PlayArgs {
    /// Variant (`dama variants` lists them all).
    #[arg(long, default_value = "czech")]
    variant: Variant,
    /// The engine's strength: 1 (many mistakes, for children) to 5 (full strength) [default: 3].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    level: Option<u8>,
    /// Your colour: white, black or random [default: white].
    #[arg(long)]
    colour: Option<String>,
    /// Resume the game saved in FILE (its level and colour unless --level/--colour are given).
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// Plain ASCII board without colours (also when NO_COLOR is set or output is not a terminal).
    #[arg(long)]
    ascii: bool,
    /// Seconds level 5 thinks for a move.
    #[arg(long, value_name = "S", default_value_t = 2.0)]
    time: f64,
    /// Cap every search at N nodes (reproducible games).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Seed of the lower levels' choices and of --colour random (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Where quit saves the game.
    #[arg(long, value_name = "FILE", default_value = "dama-play.pdn")]
    save_file: PathBuf,
}

/// Prints the session's lines; on a terminal, the depth while the engine thinks.
struct Terminal {
    tty: bool,
}

impl Output for Terminal {
    fn line(&mut self, text: &str) {
        let clear = if self.tty { "\r\x1b[K" } else { "" };
        outln!("{clear}{text}");
    }

    fn thinking(&mut self, depth: u32) {
        if self.tty {
            out!("\r\x1b[Kthinking… depth {depth}");
        }
    }
}

/// `dama play`.
pub fn run(a: PlayArgs) -> Result<()> {
    let tty = io::stdout().is_terminal();
    let seed = a.seed.unwrap_or_else(clock_seed);
    let human = match a.colour.as_deref() {
        None => None,
        Some("random") => Some(if seed.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }),
        Some(c) => Some(
            record::colour(c)
                .ok_or_else(|| anyhow!("--colour '{c}' is not white, black or random"))?,
        ),
    };
    if !(a.time.is_finite() && a.time > 0.0) {
        bail!("--time must be a positive number of seconds");
    }
    let plain = a.ascii || !tty || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let cfg = Config {
        variant: a.variant,
        level: a.level.unwrap_or(3),
        human: human.unwrap_or(Color::White),
        style: if plain { Style::Ascii } else { Style::Colour },
        think_time: Duration::from_secs_f64(a.time),
        nodes: a.nodes,
        seed,
        resume_file: a.save_file.clone(),
    };
    // a saved game is played in its own variant, and so in that variant's word
    let loaded = match &a.load {
        None => None,
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            let variant = record::variant_of(&text, a.variant)
                .map_err(|e| anyhow!("{}: {e}", file.display()))?;
            Some((file.as_path(), text, variant))
        }
    };
    let variant = loaded.as_ref().map_or(a.variant, |(_, _, v)| *v);
    dama::for_word!(variant, W => play::<W>(&a, cfg, human, tty, loaded.as_ref()))
}

/// A game file given with `--load`: its name, its text and the variant of its game.
type Loaded<'a> = (&'a std::path::Path, String, Variant);

/// The game loop of `dama play` in the variant's word.
fn play<W: Word>(
    a: &PlayArgs,
    cfg: Config,
    human: Option<Color>,
    tty: bool,
    loaded: Option<&Loaded>,
) -> Result<()> {
    let mut session = match loaded {
        None => Session::<W>::new(cfg),
        Some((file, text, _)) => {
            let saved =
                record::read(text, a.variant).map_err(|e| anyhow!("{}: {e}", file.display()))?;
            let mut cfg = cfg;
            cfg.level = a.level.or(saved.level).unwrap_or(3);
            cfg.human = human.or(saved.human).unwrap_or(Color::White);
            Session::resume(cfg, saved)
        }
    };
    let mut out = Terminal { tty };
    session.start(&mut out);
    let stdin = io::stdin();
    // Typed lines are echoed by the terminal; piped ones are echoed here, so that a transcript
    // reads like a session.
    let echo = !stdin.is_terminal();
    let mut lines = stdin.lock().lines();
    while !session.has_quit() {
        print_prompt(&session.prompt());
        match lines.next() {
            None => {
                out.line("");
                session.leave(true, &mut out);
            }
            Some(Ok(line)) => {
                if echo {
                    out.line(&line);
                }
                session.handle(&line, &mut out);
            }
            Some(Err(e)) => out.line(&format!("cannot read that line: {e}")),
        }
    }
    Ok(())
}

fn print_prompt(prompt: &str) {
    out!("{prompt}");
}

/// A seed from the clock, so that the lower levels vary from game to game.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
