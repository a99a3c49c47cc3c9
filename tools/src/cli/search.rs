//! The search subcommands: `analyze`, `bench` and `selfplay`.

use dama::rules::Word;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use clap::Args;

use dama::bench;
use dama::engine::{Engine, EngineOptions};
use dama::game::Game;
use dama::search::{SearchInfo, SearchLimits, SearchResult};
use dama::selfplay::play_out;
use dama::{notation, Board, Color, Move, Piece, Variant};

/// Depth searched by `analyze` when no limit is given.
const DEFAULT_DEPTH: u32 = 12;

/// Arguments of `dama analyze`.
#[derive(Args)]
pub struct AnalyzeArgs {
    /// Variant (`dama variants` lists them all).
    #[arg(long, default_value = "czech")]
    variant: Variant,
    /// Start position as PDN FEN (default: the variant's start position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from the start position, in PDN move text, e.g. "c3-d4 f6-g5".
    #[arg(long)]
    moves: Option<String>,
    /// Search to this depth (default 12 when no limit is given).
    #[arg(long, conflicts_with_all = ["movetime", "nodes"])]
    depth: Option<u32>,
    /// Search for this many seconds.
    #[arg(long, conflicts_with = "nodes")]
    movetime: Option<f64>,
    /// Search this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Number of best lines to show.
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Playing strength 1-5 (5 = full).
    #[arg(long, default_value_t = 5)]
    skill: u8,
    /// Seed for the weaker skill levels.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Directory of endgame bitbases (`dama egtb generate`) to probe in the search.
    #[arg(long, value_name = "DIR")]
    bitbases: Option<std::path::PathBuf>,
}

/// Arguments of `dama bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Nominal search depth per position.
    #[arg(long, default_value_t = bench::DEFAULT_DEPTH)]
    depth: u32,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
}

/// Arguments of `dama selfplay`.
#[derive(Args)]
pub struct SelfplayArgs {
    /// Variant (`dama variants` lists them all).
    #[arg(long, default_value = "czech")]
    variant: Variant,
    /// Start position as PDN FEN (default: the variant's start position).
    #[arg(long)]
    fen: Option<String>,
    /// Seconds per move (default 0.2 when no depth is given).
    #[arg(long, conflicts_with = "depth")]
    movetime: Option<f64>,
    /// Search depth per move.
    #[arg(long)]
    depth: Option<u32>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Stop after this many plies without a result.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
}

fn start_position<W: Word>(variant: Variant, fen: Option<&str>) -> Result<Board<W>> {
    match fen {
        Some(f) => Board::from_fen(variant, f).map_err(|e| anyhow!("{e}")),
        None => Ok(Board::start(variant)),
    }
}

fn seconds(s: f64, what: &str) -> Result<Duration> {
    Duration::try_from_secs_f64(s)
        .map_err(|_| anyhow!("{what} must be a non-negative number of seconds, got {s}"))
}

/// Plays `text` (moves separated by spaces, move numbers like `1.` skipped) from `start`.
fn parse_moves<W: Word>(start: &Board<W>, text: &str) -> Result<Vec<Move<W>>> {
    let mut pos = *start;
    let mut moves = Vec::new();
    let tokens = text
        .split_whitespace()
        .filter(|t| !t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()));
    for (i, tok) in tokens.enumerate() {
        let mv =
            notation::parse_move(&pos, tok).map_err(|e| anyhow!("move {} '{tok}': {e}", i + 1))?;
        pos = pos.play(&mv);
        moves.push(mv);
    }
    Ok(moves)
}

/// The moves of `pv` in PDN move text, each in the position where it is played.
fn pv_text<W: Word>(root: &Board<W>, pv: &[Move<W>]) -> String {
    let mut pos = *root;
    let mut parts = Vec::new();
    for mv in pv {
        parts.push(notation::format_move(&pos, mv));
        pos = pos.play(mv);
    }
    parts.join(" ")
}

fn info_line<W: Word>(root: &Board<W>, info: &SearchInfo<W>, multipv: bool) -> String {
    let mut s = format!(
        "info depth={} mean-depth={:.1} seldepth={} score={} nodes={} time={:.3} nps={:.0}",
        info.depth,
        info.mean_depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.time.as_secs_f64(),
        info.nps
    );
    if multipv {
        s.push_str(&format!(" multipv={}", info.multipv));
    }
    s.push_str(&format!(" pv=\"{}\"", pv_text(root, &info.pv)));
    s
}

/// `dama analyze`.
pub fn analyze(a: AnalyzeArgs) -> Result<()> {
    dama::for_word!(a.variant, W => analyze_in::<W>(a))
}

fn analyze_in<W: Word>(a: AnalyzeArgs) -> Result<()> {
    let start = start_position(a.variant, a.fen.as_deref())?;
    let moves = match &a.moves {
        Some(text) => parse_moves(&start, text)?,
        None => Vec::new(),
    };
    let mut engine = Engine::<W>::new(EngineOptions {
        variant: a.variant,
        threads: a.threads,
        hash_mb: a.hash,
        skill: a.skill,
        multipv: a.multipv,
        seed: a.seed,
        bitbases: a.bitbases.clone(),
        ..EngineOptions::default()
    });
    for e in engine.bitbase_errors() {
        eprintln!("warning: bitbases: {e}");
    }
    engine.set_position(start, &moves);
    let mut limits = SearchLimits {
        depth: a.depth,
        nodes: a.nodes,
        ..SearchLimits::default()
    };
    if let Some(s) = a.movetime {
        limits.movetime = Some(seconds(s, "--movetime")?);
    }
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.depth = Some(DEFAULT_DEPTH);
    }
    let root = *engine.game().position();
    let multi = a.multipv > 1;
    let result = engine.go(&limits, &mut |info| {
        outln!("{}", info_line(&root, info, multi))
    });
    match result.best {
        Some(mv) => outln!("bestmove {}", notation::format_move(&root, &mv)),
        None => outln!("bestmove none (the side to move has no legal move)"),
    }
    Ok(())
}

/// `dama bench`.
pub fn bench(a: BenchArgs) -> Result<()> {
    let report = bench::run(a.depth, a.threads, a.hash, &mut |i, entry, nodes| {
        outln!(
            "{:>2} {:<13} {:>10} nodes  {}",
            i + 1,
            entry.variant.name(),
            nodes,
            entry.fen
        );
    })
    .map_err(|e| anyhow!("{e}"))
    .context("bench position list")?;
    outln!("{} nodes {:.0} nps", report.nodes, report.nps);
    Ok(())
}

/// The board as text, White at the bottom: `w`/`b` men, `W`/`B` kings, `.` empty dark squares.
pub fn board_text<W: Word>(pos: &Board<W>) -> String {
    let g = pos.geometry();
    let mut s = String::new();
    for row in (0..g.width).rev() {
        s.push_str(&format!("{:>2} ", row + 1));
        for col in 0..g.width {
            let c = match g.from_coords(col, row) {
                None => ' ',
                Some(sq) => match pos.piece_at(sq) {
                    None => '.',
                    Some((Color::White, Piece::Man)) => 'w',
                    Some((Color::White, Piece::King)) => 'W',
                    Some((Color::Black, Piece::Man)) => 'b',
                    Some((Color::Black, Piece::King)) => 'B',
                },
            };
            s.push(c);
            s.push(' ');
        }
        s.push('\n');
    }
    s.push_str("   ");
    for col in 0..g.width {
        s.push((b'a' + col) as char);
        s.push(' ');
    }
    s
}

/// `dama selfplay`.
pub fn selfplay(a: SelfplayArgs) -> Result<()> {
    dama::for_word!(a.variant, W => selfplay_in::<W>(a))
}

fn selfplay_in<W: Word>(a: SelfplayArgs) -> Result<()> {
    let start = start_position(a.variant, a.fen.as_deref())?;
    let engine = Engine::<W>::new(EngineOptions {
        variant: a.variant,
        threads: a.threads,
        hash_mb: a.hash,
        ..EngineOptions::default()
    });
    let limits = match (a.depth, a.movetime) {
        (Some(d), _) => SearchLimits {
            depth: Some(d),
            ..SearchLimits::default()
        },
        (None, t) => SearchLimits {
            movetime: Some(seconds(t.unwrap_or(0.2), "--movetime")?),
            ..SearchLimits::default()
        },
    };
    let mut game = Game::new(start);
    outln!("{}\n", board_text(&start));
    let mut ply = 0;
    let outcome = play_out(
        &mut game,
        &mut [engine],
        &limits,
        a.max_plies,
        &mut |pos, result| {
            print_selfplay_move(&start, ply, pos, result);
            ply += 1;
        },
    );
    match outcome {
        Some(outcome) => outln!("result {} {outcome}", outcome.result()),
        None => outln!("result * (stopped after {} plies)", game.moves().len()),
    }
    Ok(())
}

/// Ply `ply` of `dama selfplay`: the move with its score, depth and nodes, then the board after.
fn print_selfplay_move<W: Word>(
    start: &Board<W>,
    ply: usize,
    pos: &Board<W>,
    result: &SearchResult<W>,
) {
    let Some(mv) = result.best else { return };
    let number = ply / 2 + 1;
    let dots = if pos.side() == start.side() {
        "."
    } else {
        "..."
    };
    outln!(
        "{number}{dots} {}  (score {} depth {} nodes {})",
        notation::format_move(pos, &mv),
        result.score,
        result.depth,
        result.nodes
    );
    outln!("{}\n", board_text(&pos.play(&mv)));
}
