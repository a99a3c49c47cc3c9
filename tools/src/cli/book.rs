//! `dama book …`: build, import, check, probe and list openings of opening books.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use clap::{Args, Subcommand};

use dama::book::{Book, BookRng, BookWarning};
use dama::search::{Score, SearchLimits};
use dama::{notation, Position, Variant};
use dama_tools::bookgen::build::{build, BuildOptions, BuildProgress};
use dama_tools::bookgen::import::import_pdn;
use dama_tools::bookgen::openings::balanced_openings;

/// Arguments of `dama book`.
#[derive(Args)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

/// Which book to read: a file, or the shipped book of a variant.
#[derive(Args)]
struct Source {
    /// Variant (its shipped book is used unless --book is given).
    #[arg(long)]
    variant: Option<Variant>,
    /// Book file (default: the shipped book of the variant).
    #[arg(long)]
    book: Option<PathBuf>,
}

#[derive(Subcommand)]
enum BookCommand {
    /// Grow a book by drop-out expansion from the start position with the engine's search.
    Build {
        /// Variant.
        #[arg(long, default_value = "czech")]
        variant: Variant,
        /// Output file.
        #[arg(long)]
        out: PathBuf,
        /// Positions in the book.
        #[arg(long, default_value_t = 1000)]
        positions: usize,
        /// Search depth per position.
        #[arg(long, conflicts_with = "movetime")]
        depth: Option<u32>,
        /// Search time per position in seconds (instead of a depth; not reproducible).
        #[arg(long)]
        movetime: Option<f64>,
        /// Searches run at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Transposition table per search thread, in MiB.
        #[arg(long, default_value_t = 16)]
        hash: usize,
        /// Positions expanded per round.
        #[arg(long, default_value_t = 8)]
        batch: usize,
        /// Cost of a ply in the drop-out priority (centi-men); lower grows a deeper book.
        #[arg(long, default_value_t = 10)]
        ply_cost: i32,
        /// Leave out moves scoring more than this below the best (centi-men).
        #[arg(long, default_value_t = 50)]
        keep: i32,
        /// Grow this book instead of starting from nothing (it may be the --out file).
        #[arg(long)]
        extend: Option<PathBuf>,
    },
    /// Build or extend a book from PDN game collections, moves weighted by the results.
    Import {
        /// PDN files (one or more).
        #[arg(long, required = true, num_args = 1..)]
        pdn: Vec<PathBuf>,
        /// Variant of a new book.
        #[arg(long, default_value = "czech")]
        variant: Variant,
        /// Extend this book (its variant is used) instead of starting an empty one.
        #[arg(long)]
        into: Option<PathBuf>,
        /// Output file.
        #[arg(long)]
        out: PathBuf,
        /// Moves read from each game.
        #[arg(long, default_value_t = 20)]
        plies: u32,
    },
    /// Load a book and report every bad line.
    Check {
        #[command(flatten)]
        source: Source,
    },
    /// List the book moves of a position.
    Probe {
        #[command(flatten)]
        source: Source,
        /// The position, as PDN FEN (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from the position, in PDN move text.
        #[arg(long)]
        moves: Option<String>,
        /// Candidate margin below the best score (centi-men).
        #[arg(long, default_value_t = 15)]
        margin: i32,
        /// Seed of the random choice shown.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Write the distinct balanced positions the book reaches after K plies, as FEN lines.
    Openings {
        #[command(flatten)]
        source: Source,
        /// Plies from the start position.
        #[arg(long)]
        plies: u32,
        /// Largest |score| kept (centi-men).
        #[arg(long, default_value_t = 20)]
        margin: i32,
        /// Write move sequences from the start instead of FENs.
        #[arg(long)]
        as_moves: bool,
        /// Output file (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Runs `dama book …`.
pub fn run(args: BookArgs) -> Result<()> {
    match &args.command {
        BookCommand::Build { variant, .. } | BookCommand::Import { variant, .. } => {
            super::narrow_only(*variant, "book")?
        }
        _ => {}
    }
    match args.command {
        BookCommand::Build {
            variant,
            out,
            positions,
            depth,
            movetime,
            threads,
            hash,
            batch,
            ply_cost,
            keep,
            extend,
        } => {
            let limits = match (depth, movetime) {
                (_, Some(s)) if !(s > 0.0 && s < 1e6) => bail!("--movetime must be positive"),
                (_, Some(s)) => SearchLimits {
                    movetime: Some(Duration::from_secs_f64(s)),
                    ..SearchLimits::default()
                },
                (d, None) => SearchLimits {
                    depth: Some(d.unwrap_or(8).max(1)),
                    ..SearchLimits::default()
                },
            };
            let opts = BuildOptions {
                variant,
                positions: positions.max(1),
                limits,
                threads: threads.max(1),
                hash_mb: hash.max(1),
                batch: batch.max(1),
                ply_cost: ply_cost.max(1),
                keep: keep.max(0),
            };
            run_build(&opts, extend.as_deref(), &out)
        }
        BookCommand::Import {
            pdn,
            variant,
            into,
            out,
            plies,
        } => run_import(&pdn, variant, into.as_deref(), &out, plies),
        BookCommand::Check { source } => {
            let (book, warnings) = load_to_check(&source)?;
            report(&warnings);
            outln!(
                "{} book: {} positions, {} bad lines; built: {}",
                book.variant(),
                book.len(),
                warnings.len(),
                book.built()
            );
            if warnings.is_empty() {
                Ok(())
            } else {
                Err(anyhow!("the book has {} bad lines", warnings.len()))
            }
        }
        BookCommand::Probe {
            source,
            fen,
            moves,
            margin,
            seed,
        } => probe(&source, fen.as_deref(), moves.as_deref(), margin, seed),
        BookCommand::Openings {
            source,
            plies,
            margin,
            as_moves,
            out,
        } => openings(&source, plies, margin, as_moves, out.as_deref()),
    }
}

/// The book named by `source`, with its warnings.
fn load(source: &Source) -> Result<(Book, Vec<BookWarning>)> {
    match (&source.book, source.variant) {
        (Some(path), Some(v)) => Book::load_for(path, v).map_err(|e| anyhow!("{e}")),
        (Some(path), None) => Book::load(path).map_err(|e| anyhow!("{e}")),
        (None, v) => {
            let v = v.unwrap_or(Variant::Czech);
            Book::builtin_with_warnings(v)
                .ok_or_else(|| anyhow!("no book is shipped for {v}; give one with --book FILE"))
        }
    }
}

/// The book named by `source` with every warning, a checksum mismatch included (`check` lists
/// what is wrong with a file that [`load`] refuses).
fn load_to_check(source: &Source) -> Result<(Book, Vec<BookWarning>)> {
    let Some(path) = &source.book else {
        return load(source);
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow!("cannot read book {}: {e}", path.display()))?;
    let (book, warnings) =
        Book::parse(&text).map_err(|e| anyhow!("book {}: {e}", path.display()))?;
    if let Some(v) = source.variant.filter(|&v| v != book.variant()) {
        bail!(
            "book {}: the book of {}, not of {v}",
            path.display(),
            book.variant()
        );
    }
    Ok((book, warnings))
}

/// Prints load warnings to standard error.
fn report(warnings: &[BookWarning]) {
    for w in warnings {
        eprintln!("warning: book {w}");
    }
}

/// The build bar: positions so far of those asked for, the depth reached, the time to go.
pub(super) const BAR: &str =
    "[{bar:30}] {pos}/{len} positions, deepest ply {msg}, elapsed {elapsed}, eta {eta}";

fn run_build(opts: &BuildOptions, extend: Option<&Path>, out: &Path) -> Result<()> {
    let base = match extend {
        Some(p) => {
            let (b, w) = Book::load(p).map_err(|e| anyhow!("{e}"))?;
            report(&w);
            Some(b)
        }
        None => None,
    };
    let bar = super::progress::bar(opts.positions as u64, BAR);
    let mut on_progress = |p: &BuildProgress| {
        bar.set_length(p.target as u64);
        bar.set_position(p.positions as u64);
        bar.set_message(p.deepest_ply.to_string());
    };
    let started = std::time::Instant::now();
    let mut book = match &base {
        Some(b) => dama_tools::bookgen::build::extend(b, opts, &mut on_progress)
            .map_err(|e| anyhow!("{e}"))?,
        None => build(opts, &mut on_progress),
    };
    bar.finish_and_clear();
    let search = match (opts.limits.depth, opts.limits.movetime) {
        (_, Some(t)) => format!("--movetime {}", t.as_secs_f64()),
        (d, None) => format!("--depth {}", d.unwrap_or(0)),
    };
    let before = match &base {
        Some(b) if !b.built().is_empty() => format!("{}; then ", b.built()),
        _ => String::new(),
    };
    book.set_built(&format!(
        "{before}dama book build --variant {} --positions {} {search} --threads {} --hash {} --batch {} \
         --ply-cost {} --keep {} (dama {}, {:.0} s)",
        opts.variant,
        opts.positions,
        opts.threads,
        opts.hash_mb,
        opts.batch,
        opts.ply_cost,
        opts.keep,
        env!("CARGO_PKG_VERSION"),
        started.elapsed().as_secs_f64()
    ));
    book.save(out).map_err(|e| anyhow!("{e}"))?;
    outln!("wrote {} positions to {}", book.len(), out.display());
    Ok(())
}

fn run_import(
    files: &[PathBuf],
    variant: Variant,
    into: Option<&Path>,
    out: &Path,
    plies: u32,
) -> Result<()> {
    let mut book = match into {
        Some(p) => {
            let (b, w) = Book::load(p).map_err(|e| anyhow!("{e}"))?;
            report(&w);
            b
        }
        None => Book::new(variant),
    };
    let mut names = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f)
            .map_err(|e| anyhow!("cannot read PDN file {}: {e}", f.display()))?;
        let r = import_pdn(&mut book, &text, plies);
        for w in &r.warnings {
            eprintln!("warning: {}: {w}", f.display());
        }
        outln!(
            "{}: {} games, {} used, {} moves",
            f.display(),
            r.games,
            r.used,
            r.moves
        );
        names.push(f.display().to_string());
    }
    let before = book.built().to_string();
    let sep = if before.is_empty() { "" } else { "; then " };
    book.set_built(&format!(
        "{before}{sep}dama book import --plies {plies} --pdn {}",
        names.join(" ")
    ));
    book.save(out).map_err(|e| anyhow!("{e}"))?;
    outln!("wrote {} positions to {}", book.len(), out.display());
    Ok(())
}

fn probe(
    source: &Source,
    fen: Option<&str>,
    moves: Option<&str>,
    margin: i32,
    seed: u64,
) -> Result<()> {
    let (mut book, warnings) = load(source)?;
    report(&warnings);
    book.settings.margin = margin;
    let mut pos = match fen {
        Some(f) => Position::from_fen(book.variant(), f).map_err(|e| anyhow!("{e}"))?,
        None => Position::start(book.variant()),
    };
    for tok in moves.unwrap_or_default().split_whitespace() {
        let mv = notation::parse_move(&pos, tok).map_err(|e| anyhow!("move '{tok}': {e}"))?;
        pos = pos.play(&mv);
    }
    let Some(entry) = book.entry(&pos) else {
        outln!("{}: not in the book", pos.to_fen());
        return Ok(());
    };
    let cands = book.candidates(&pos);
    outln!("{} (ply {})", pos.to_fen(), entry.ply);
    for m in &entry.moves {
        let mark = if cands.contains(m) { "*" } else { " " };
        outln!(
            "{mark} {:<12} score {:>7} weight {}",
            notation::format_move(&pos, &m.mv),
            Score::from_value(m.score).to_string(),
            m.weight
        );
    }
    match book.probe(&pos, &mut BookRng::new(seed)) {
        Some(mv) => outln!("bookmove {}", notation::format_move(&pos, &mv)),
        None => outln!("bookmove none (beyond book-ply or no weighted candidate)"),
    }
    Ok(())
}

fn openings(
    source: &Source,
    plies: u32,
    margin: i32,
    as_moves: bool,
    out: Option<&Path>,
) -> Result<()> {
    let (book, warnings) = load(source)?;
    report(&warnings);
    let found = balanced_openings(&book, plies, margin);
    let mut text = format!(
        "# {} balanced {} openings (|score| <= {margin}) after {plies} plies of the book\n",
        found.len(),
        book.variant()
    );
    for o in &found {
        if as_moves {
            let mut pos = Position::start(book.variant());
            let mut words = Vec::new();
            for mv in &o.moves {
                words.push(notation::format_move(&pos, mv));
                pos = pos.play(mv);
            }
            text.push_str(&words.join(" "));
        } else {
            text.push_str(&o.position.to_fen());
        }
        text.push('\n');
    }
    match out {
        Some(p) => {
            dama::files::write_whole(p, text.as_bytes())
                .map_err(|e| anyhow!("cannot write the openings: {e}"))?;
            eprintln!("wrote {} openings to {}", found.len(), p.display());
        }
        None => out!("{text}"),
    }
    Ok(())
}
