//! Command-line interface (binary only).

use std::time::Instant;

use anyhow::{anyhow, Result};
use clap::{Args, Parser, Subcommand};

use dama::perft::{self, Counting};
use dama::protocol::Settings;
use dama::rules::Word;
use dama::{notation, Board, Variant};

/// `println!` to standard output through [`out::print`]: a closed pipe ends the command quietly.
macro_rules! outln {
    () => {
        $crate::cli::out::print(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::out::print(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` to standard output through [`out::print`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::out::print(format_args!($($arg)*))
    };
}

mod book;
mod config;
mod datagen;
mod dxp;
mod egtb;
mod hub;
mod matchcmd;
mod moves;
mod out;
mod panics;
mod play;
mod progress;
mod search;
mod serve;
mod train_net;
mod tune;
mod tune_pattern;
mod variants;

/// dama: a draughts engine (Czech draughts by default).
#[derive(Parser)]
#[command(name = "dama", version, about)]
struct Cli {
    /// Settings file of `key = value` lines with the Hub parameter names, read by `hub` and
    /// `dxp` (default: `dama.ini` in the working directory, when there is one).
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<std::path::PathBuf>,
    /// A network file (`dama train-net`) to evaluate its variant with, instead of the build's
    /// own evaluation (every command that searches); `none`: no network in any variant (the
    /// pattern or hand-set evaluation, as before the networks).
    #[arg(long, global = true, value_name = "FILE")]
    eval_file: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the move tree to each depth. The tree ends where the game does: in
    /// breakthrough the position right after a crowning is over and counts 0 moves (the giveaway
    /// forms count as their base variants).
    Perft(PerftArgs),
    /// List every legal move: its notation, every square it lands on and the pieces it takes
    /// in order (`--paths`: one line per capture path, as `perft --paths` counts them).
    Moves(moves::MovesArgs),
    /// Search a position and print the analysis, ending with `bestmove`.
    Analyze(search::AnalyzeArgs),
    /// Search the fixed bench positions; the node total is the behaviour signature.
    Bench(search::BenchArgs),
    /// Let the engine play a game against itself, showing the board after each move.
    Selfplay(search::SelfplayArgs),
    /// Opening books: build, import, check, probe, openings.
    Book(book::BookArgs),
    /// Endgame bitbases: generate, probe, stats, plan.
    Egtb(egtb::EgtbArgs),
    /// Play an engine-vs-engine match (Hub or DXP engines); `match merge` combines shards.
    Match(Box<matchcmd::MatchArgs>),
    /// Play a game against the engine in the terminal (levels 1-5, hints, undo, save).
    Play(play::PlayArgs),
    /// Serve the browser game: play the engine or a friend (a room code) at http://127.0.0.1:8080/.
    Serve(serve::ServeArgs),
    /// Speak the Hub protocol on standard input/output (for GUIs, pydraughts, lidraughts-bot).
    Hub,
    /// Speak DamExchange (DXP) over TCP: listen (default 127.0.0.1:27531) or connect, as the
    /// follower or the initiator.
    Dxp(dxp::DxpArgs),
    /// Write training positions (quiet, with the game result and the search score) from fast
    /// self-play games; `selfplay-data merge` combines shards.
    SelfplayData(datagen::DataArgs),
    /// Train a network evaluation on `selfplay-data` files and write its file.
    TrainNet(train_net::TrainNetArgs),
    /// Tune the evaluation weights on the quiet positions of finished PDN games (Texel method).
    Tune(tune::TuneArgs),
    /// List every variant dama plays: board, rules, notation, GameType, start position.
    Variants,
}

/// Arguments of `dama perft`.
#[derive(Args)]
struct PerftArgs {
    /// Variant (`dama variants` lists them all).
    #[arg(long, default_value = "czech")]
    variant: Variant,
    /// Start position as PDN FEN (default: the variant's start position).
    #[arg(long)]
    fen: Option<String>,
    /// Deepest depth.
    #[arg(long)]
    depth: u32,
    /// List every root move with its count at the deepest depth.
    #[arg(long)]
    divide: bool,
    /// Count capture paths instead of distinct moves.
    #[arg(long, conflicts_with = "landings")]
    paths: bool,
    /// Count every landing sequence as its own move, as the kish crate does (a king that may
    /// land on several squares before its next jump gives one move per square).
    #[arg(long)]
    landings: bool,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Parses the arguments and runs the command.
pub fn run() -> Result<()> {
    let cli = Cli::parse();
    // The compiled-in pattern weights are checked before anything evaluates a position (`tune`
    // evaluates with the weights it fits, so it can replace a file of an older layout; `perft`
    // evaluates nothing, and its instruction counts measure the move generator alone).
    if !matches!(
        cli.command,
        Some(Command::Tune(_) | Command::Perft(_) | Command::Moves(_))
    ) {
        dama::eval::pattern::check_weights().map_err(|e| anyhow!("{e}"))?;
        dama::eval::nnue::check_networks().map_err(|e| anyhow!("{e}"))?;
    }
    match &cli.eval_file {
        Some(path) if path.as_os_str() == "none" => {
            dama::Variant::ALL
                .into_iter()
                .for_each(dama::eval::nnue::switch_off);
        }
        Some(path) => {
            dama::eval::nnue::use_file(path).map_err(|e| anyhow!("--eval-file: {e}"))?;
        }
        None => {}
    }
    match cli.command {
        Some(Command::Perft(a)) => run_perft(&a),
        Some(Command::Moves(a)) => moves::run(&a),
        Some(Command::Analyze(a)) => search::analyze(a),
        Some(Command::Bench(a)) => search::bench(a),
        Some(Command::Selfplay(a)) => search::selfplay(a),
        Some(Command::Book(a)) => book::run(a),
        Some(Command::Egtb(a)) => egtb::run(a),
        Some(Command::Match(a)) => matchcmd::run(*a),
        Some(Command::Play(a)) => play::run(a),
        Some(Command::Serve(a)) => serve::run(a),
        Some(Command::Hub) => hub::run(config::load(cli.config.as_deref(), Settings::default())?),
        Some(Command::Dxp(a)) => dxp::run(
            a,
            config::load(cli.config.as_deref(), dxp::base_settings())?,
        ),
        Some(Command::SelfplayData(a)) => datagen::run(a),
        Some(Command::Tune(a)) => tune::run(a),
        Some(Command::TrainNet(a)) => train_net::run(a),
        Some(Command::Variants) => {
            variants::run();
            Ok(())
        }
        None => {
            let settings = config::load(cli.config.as_deref(), Settings::default())?;
            hub::run_if_first_line_is_hub(settings)
        }
    }
}

/// Refuses a variant played in 128-bit positions (12×12) in a command written for the 64-bit
/// ones, with a one-line error naming the commands that do play it.
fn narrow_only(variant: Variant, command: &str) -> Result<()> {
    if variant.rules().wide() {
        return Err(anyhow!(
            "`dama {command}` does not play {variant} yet (its 12×12 board needs 128-bit \
             positions); `dama perft`, `analyze`, `selfplay`, `play`, `hub` and `match` do"
        ));
    }
    Ok(())
}

pub(crate) fn position<W: Word>(variant: Variant, fen: Option<&str>) -> Result<Board<W>> {
    match fen {
        Some(f) => Board::from_fen(variant, f).map_err(|e| anyhow!("{e}")),
        None => Ok(Board::start(variant)),
    }
}

fn run_perft(a: &PerftArgs) -> Result<()> {
    dama::for_word!(a.variant, W => run_perft_in::<W>(a))
}

fn run_perft_in<W: Word>(a: &PerftArgs) -> Result<()> {
    let (depth, threads) = (a.depth, a.threads);
    let pos = position::<W>(a.variant, a.fen.as_deref())?;
    let counting = match (a.paths, a.landings) {
        (true, _) => Counting::Paths,
        (_, true) => Counting::Landings,
        _ => Counting::Moves,
    };
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft::perft_parallel(&pos, d, counting, threads);
        let secs = t.elapsed().as_secs_f64();
        outln!(
            "depth {d} nodes {n} time {secs:.3} s leaves/s {:.0}",
            n as f64 / secs.max(1e-9)
        );
    }
    if a.divide {
        for (m, n) in perft::divide(&pos, depth, counting, threads) {
            outln!("{} {n}", notation::format_move(&pos, &m));
        }
    }
    Ok(())
}
