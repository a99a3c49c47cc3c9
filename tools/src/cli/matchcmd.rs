//! `dama match …`: engine-vs-engine matches over the Hub protocol, and `dama match merge`.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};

use dama::bitbase::Bitbases;
use dama::files::{write_whole, PartFile};
use dama::Variant;
use dama_tools::matchrunner::adjudication::{BitbaseJudge, DrawRule, ResignRule};
use dama_tools::matchrunner::dxp::DxpTarget;
use dama_tools::matchrunner::elo::Tally;
use dama_tools::matchrunner::elo::{SprtConfig, SprtVerdict};
use dama_tools::matchrunner::game::PlayConfig;
use dama_tools::matchrunner::openings::{self, Opening};
use dama_tools::matchrunner::pdn::{self, MatchInfo};
use dama_tools::matchrunner::runner::{self, parse_shard};
use dama_tools::matchrunner::summary::{result_lines, score_line};
use dama_tools::matchrunner::{
    run_match, EngineSpec, HubEngine, MatchConfig, MatchEvent, MatchSummary, TimeControl,
};

/// Prints a line; a match goes on when its standard output has gone (its games go to the PDN
/// file and the summary), so write errors are ignored.
macro_rules! report {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// Arguments of `dama match`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct MatchArgs {
    #[command(subcommand)]
    action: Option<MatchAction>,
    /// An engine: a Hub command line ("dama hub"), or a DXP engine as "dxp:HOST:PORT" (already
    /// listening) or "dxp:CMD ARGS" (started by the runner, which connects to the port that
    /// replaces {port} in CMD, else 27531). Give exactly two.
    #[arg(long = "engine", value_name = "CMD")]
    engines: Vec<String>,
    /// The engines' names, in the order of --engine (default: the names they announce).
    #[arg(long = "name", value_name = "NAME")]
    names: Vec<String>,
    /// An engine parameter E:NAME=VALUE sent as `set-param` before `init` to engine E (1 or 2),
    /// e.g. 1:hash=128 (repeatable).
    #[arg(long = "option", value_name = "E:NAME=VALUE")]
    options: Vec<String>,
    /// Variant (`dama variants` lists them all).
    #[arg(long, default_value = "czech")]
    variant: Variant,
    /// Games to play (each opening twice, colours swapped).
    #[arg(long)]
    games: Option<u32>,
    /// Game clock MIN+INC: minutes plus seconds added before every move, e.g. 1+0.5.
    #[arg(long, value_name = "MIN+INC")]
    tc: Option<String>,
    /// Fixed time per move, in seconds.
    #[arg(long, value_name = "S")]
    movetime: Option<f64>,
    /// Fixed search depth.
    #[arg(long, value_name = "D")]
    depth: Option<u32>,
    /// Fixed nodes a move (the engine's `level nodes=N`): games that do not depend on the load.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Openings file: one FEN or one move sequence per line.
    #[arg(long, value_name = "FILE", conflicts_with = "book_openings")]
    openings: Option<PathBuf>,
    /// Use K balanced openings from the variant's shipped book (seeded choice), or K distinct
    /// random short openings when there is no book.
    #[arg(long, value_name = "K")]
    book_openings: Option<usize>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Write every game to this PDN file.
    #[arg(long, value_name = "OUT")]
    pdn: Option<PathBuf>,
    /// Write the JSON summary to this file.
    #[arg(long, value_name = "OUT")]
    json: Option<PathBuf>,
    /// Sequential test: elo0=E0,elo1=E1,alpha=A,beta=B; stops when H0 or H1 is accepted.
    #[arg(long, value_name = "SPEC")]
    sprt: Option<String>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play shard I of N (game pairs whose number is I-1 modulo N); merge with `match merge`.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Draw adjudication: movenumber=M,movecount=N,score=CP (both |score| <= CP for N moves).
    #[arg(long, value_name = "SPEC")]
    draw: Option<String>,
    /// Resign adjudication: movecount=N,score=CP (loser <= -CP and winner >= CP for N moves).
    #[arg(long, value_name = "SPEC")]
    resign: Option<String>,
    /// Adjudicate with the endgame bitbases in this directory (see `dama egtb`).
    #[arg(long, value_name = "DIR")]
    bitbases: Option<PathBuf>,
    /// Milliseconds an engine may exceed its clock or move time before it forfeits.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    time_margin: u64,
    /// Seconds to wait for a move at a fixed depth before the engine is said to hang.
    #[arg(long, value_name = "S", default_value_t = 60.0)]
    hang_timeout: f64,
    /// Plies after which the runner draws a game.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// Stop the match, with no Elo, once an engine has lost this many games in a row by
    /// crashing (exiting, closing its connection, or failing to restart or reconnect); 0: never.
    #[arg(long, value_name = "N", default_value_t = runner::CRASH_LIMIT)]
    crash_limit: u32,
}

#[derive(Subcommand)]
enum MatchAction {
    /// Combine the JSON summaries of the shards of one match.
    Merge {
        /// The shard summaries (written with --json).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write the merged JSON summary to this file.
        #[arg(long, value_name = "OUT")]
        json: Option<PathBuf>,
    },
}

/// Runs `dama match`.
pub fn run(a: MatchArgs) -> Result<()> {
    if let Some(MatchAction::Merge { files, json }) = a.action {
        return merge(&files, json.as_ref());
    }
    let cfg = config(&a)?;
    let summary = play(&cfg, a.pdn.as_ref())?;
    for line in summary.result_lines() {
        report!("{line}");
    }
    if let Some(path) = &a.json {
        write_whole(path, summary.to_json().as_bytes()).context("cannot write the summary")?;
    }
    if summary.crash_stop.is_some() {
        bail!("the match was stopped because an engine kept crashing (see above)");
    }
    Ok(())
}

fn merge(files: &[PathBuf], json: Option<&PathBuf>) -> Result<()> {
    let mut parts = Vec::new();
    for f in files {
        let text =
            std::fs::read_to_string(f).with_context(|| format!("cannot read {}", f.display()))?;
        parts.push(MatchSummary::from_json(&text).map_err(|e| anyhow!("{}: {e}", f.display()))?);
    }
    let merged = MatchSummary::merge(&parts).map_err(|e| anyhow!(e))?;
    for line in merged.result_lines() {
        report!("{line}");
    }
    if let Some(path) = json {
        write_whole(path, merged.to_json().as_bytes()).context("cannot write the summary")?;
    }
    Ok(())
}

fn time_control(a: &MatchArgs) -> Result<TimeControl> {
    let given = [
        a.tc.is_some(),
        a.movetime.is_some(),
        a.depth.is_some(),
        a.nodes.is_some(),
    ];
    match given.iter().filter(|&&g| g).count() {
        0 => bail!("give a time limit: --tc MIN+INC, --movetime S, --depth D or --nodes N"),
        1 => {}
        _ => bail!("give only one of --tc, --movetime, --depth and --nodes"),
    }
    if let Some(n) = a.nodes {
        if n == 0 {
            bail!("--nodes must be at least 1");
        }
        return Ok(TimeControl::Nodes(n));
    }
    match (&a.tc, a.movetime, a.depth) {
        (Some(tc), None, None) => TimeControl::parse_clock(tc).map_err(|e| anyhow!("--tc: {e}")),
        (None, Some(s), None) => {
            if !(s > 0.0 && s <= 86_400.0) {
                bail!("--movetime must be between 0 and 86400 seconds, got {s}");
            }
            Ok(TimeControl::MoveTime(Duration::from_secs_f64(s)))
        }
        (None, None, Some(d)) => {
            if d == 0 || d > 200 {
                bail!("--depth must be between 1 and 200, got {d}");
            }
            Ok(TimeControl::Depth(d))
        }
        _ => unreachable!("exactly one limit was given"),
    }
}

fn config(a: &MatchArgs) -> Result<MatchConfig> {
    if a.engines.len() != 2 {
        bail!(
            "give exactly two --engine commands, got {}",
            a.engines.len()
        );
    }
    if !a.names.is_empty() && a.names.len() != 2 {
        bail!("give either no --name or two, got {}", a.names.len());
    }
    let games = a.games.ok_or_else(|| anyhow!("--games N is required"))?;
    if games == 0 {
        bail!("--games must be at least 1");
    }
    if a.concurrency == 0 || a.concurrency > 256 {
        bail!(
            "--concurrency must be between 1 and 256, got {}",
            a.concurrency
        );
    }
    if !(a.hang_timeout > 0.0 && a.hang_timeout <= 86_400.0) {
        bail!("--hang-timeout must be between 0 and 86400 seconds");
    }
    let tc = time_control(a)?;
    let specs = engine_specs(a)?;
    let play = PlayConfig {
        tc,
        time_margin: Duration::from_millis(a.time_margin),
        hang_timeout: Duration::from_secs_f64(a.hang_timeout),
        draw: a
            .draw
            .as_deref()
            .map(DrawRule::parse)
            .transpose()
            .map_err(|e| anyhow!(e))?,
        resign: a
            .resign
            .as_deref()
            .map(ResignRule::parse)
            .transpose()
            .map_err(|e| anyhow!(e))?,
        bitbases: a
            .bitbases
            .as_ref()
            .map(|d| bitbases(d, a.variant))
            .transpose()?,
        max_plies: a.max_plies.max(1),
    };
    Ok(MatchConfig {
        engines: specs,
        variant: a.variant,
        games,
        openings: openings(a)?,
        play,
        concurrency: a.concurrency,
        sprt: a
            .sprt
            .as_deref()
            .map(SprtConfig::parse)
            .transpose()
            .map_err(|e| anyhow!(e))?,
        shard: a
            .shard
            .as_deref()
            .map(parse_shard)
            .transpose()
            .map_err(|e| anyhow!(e))?,
        seed: a.seed,
        crash_limit: a.crash_limit,
    })
}

fn bitbases(dir: &std::path::Path, variant: Variant) -> Result<BitbaseJudge> {
    dama::bitbase::applies(variant).map_err(|e| anyhow!("--bitbases: {e}"))?;
    let bb = Bitbases::open(dir);
    if let Some(e) = bb.errors().first() {
        bail!("--bitbases: {e}");
    }
    if bb.max_pieces_for(variant) == 0 {
        bail!("--bitbases: no {variant} bitbases in {}", dir.display());
    }
    report!(
        "Bitbases: {} up to {} pieces from {}",
        variant,
        bb.max_pieces_for(variant),
        dir.display()
    );
    Ok(BitbaseJudge(std::sync::Arc::new(bb)))
}

/// The engine specs, named by --name or by what each engine announces (made distinct).
fn engine_specs(a: &MatchArgs) -> Result<[EngineSpec; 2]> {
    let mut names = Vec::new();
    for (i, cmd) in a.engines.iter().enumerate() {
        let mut spec = EngineSpec {
            name: format!("engine{}", i + 1),
            command: cmd.clone(),
            options: engine_options(&a.options, i + 1)?,
        };
        // A DXP engine says its name only in a GAMEACC: it is named by --name or its number.
        let announced = if DxpTarget::parse(cmd).is_some() {
            None
        } else {
            let e = HubEngine::start(&spec, a.variant)
                .map_err(|e| anyhow!("engine {} ('{cmd}'): {e}", i + 1))?;
            let announced = e.id_name.clone();
            e.quit();
            announced
        };
        spec.name = match a.names.get(i) {
            Some(n) => n.clone(),
            None => announced.unwrap_or(spec.name),
        };
        names.push(spec);
    }
    if names[0].name == names[1].name {
        if !a.names.is_empty() {
            bail!("the two --name values must differ");
        }
        names[0].name.push_str("-1");
        names[1].name.push_str("-2");
    }
    let [x, y]: [EngineSpec; 2] = names.try_into().expect("two engines");
    Ok([x, y])
}

/// The `--option` values for engine `e` (1-based).
fn engine_options(opts: &[String], e: usize) -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    for o in opts {
        let bad =
            || anyhow!("--option '{o}' must be E:NAME=VALUE with E = 1 or 2, e.g. 1:hash=128");
        let (which, rest) = o.split_once(':').ok_or_else(bad)?;
        let (name, value) = rest.split_once('=').ok_or_else(bad)?;
        let which: usize = which.trim().parse().map_err(|_| bad())?;
        if !(1..=2).contains(&which) || name.trim().is_empty() {
            return Err(bad());
        }
        if which == e {
            out.push((name.trim().to_string(), value.trim().to_string()));
        }
    }
    Ok(out)
}

fn openings(a: &MatchArgs) -> Result<Vec<Opening>> {
    if let Some(path) = &a.openings {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read openings file {}", path.display()))?;
        let o = openings::parse_openings(a.variant, &text)
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        report!("Openings: {} from {}", o.len(), path.display());
        return Ok(o);
    }
    if let Some(k) = a.book_openings {
        if k == 0 {
            bail!("--book-openings must be at least 1");
        }
        if let Some((o, note)) = openings::book_openings(a.variant, k, a.seed) {
            report!("Openings: {note}");
            return Ok(o);
        }
        let o = openings::random_openings(a.variant, k, a.seed);
        report!(
            "Openings: no opening book (or no balanced book position) for {}, so {} distinct \
             random openings of 4 or more plies were generated from the start position (seed {})",
            a.variant,
            o.len(),
            a.seed
        );
        if o.is_empty() {
            bail!("no random opening could be generated");
        }
        return Ok(o);
    }
    Ok(vec![Opening::standard(a.variant)])
}

fn play(cfg: &MatchConfig, pdn_path: Option<&PathBuf>) -> Result<MatchSummary> {
    let pdn_file = match pdn_path {
        // Written under `<name>.part` (each game flushed), renamed when the match ends.
        Some(p) => Some(PartFile::create(p).context("cannot create the PDN file")?),
        None => None,
    };
    let pdn_out = Mutex::new(pdn_file);
    let pdn_error: Mutex<Option<String>> = Mutex::new(None);
    let info = MatchInfo {
        event: format!("{} vs {}", cfg.engines[0].name, cfg.engines[1].name),
        site: "dama match".into(),
        date: dama::notation::pdn::today(),
        time_control: cfg.play.tc.pdn_tag(),
    };
    let planned = runner::schedule(cfg.games, cfg.shard).len();
    report!(
        "Match {} vs {}: {} games ({} in this run), {}, {}, {} opening(s)",
        cfg.engines[0].name,
        cfg.engines[1].name,
        cfg.games,
        planned,
        cfg.variant,
        cfg.play.tc,
        cfg.openings.len()
    );
    let names = [cfg.engines[0].name.clone(), cfg.engines[1].name.clone()];
    let current = std::sync::Arc::new(Mutex::new(Tally::default()));
    if std::io::stdin().is_terminal() {
        report!("Press Enter for the current results.");
        on_demand(names.clone(), cfg.sprt, current.clone());
    }
    let on_event = |ev: MatchEvent| match ev {
        MatchEvent::GameStarted { .. } => {}
        MatchEvent::GameFinished {
            record,
            tally,
            done,
            planned,
        } => {
            report!(
                "Finished game {} ({} vs {}): {} {{{}}}",
                record.index + 1,
                record.white,
                record.black,
                record.result.pdn(),
                record.reason
            );
            report!("{} ({done}/{planned})", score_line(&names, &tally));
            *current.lock().unwrap_or_else(|e| e.into_inner()) = tally;
            let mut out = pdn_out.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(f) = out.as_mut() {
                let game = pdn::write_game(&info, record);
                if let Err(e) = f.write_all(game.as_bytes()).and_then(|()| f.flush()) {
                    *pdn_error.lock().unwrap_or_else(|e| e.into_inner()) =
                        Some(format!("cannot write the PDN file: {e}"));
                }
            }
        }
        MatchEvent::SprtStop(v) => {
            let h = if v == SprtVerdict::H1 { "H1" } else { "H0" };
            report!("SPRT: {h} accepted; finishing the games in progress");
        }
        MatchEvent::CrashStop { reason } => {
            report!("Stopping the match: {reason}; finishing the games in progress");
        }
    };
    let summary = run_match(cfg, &on_event).map_err(|e| anyhow!(e))?;
    if let Some(e) = pdn_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        bail!(e);
    }
    if let Some(f) = pdn_out.into_inner().unwrap_or_else(|e| e.into_inner()) {
        f.finish().context("cannot write the PDN file")?;
    }
    Ok(summary)
}

/// Prints the current result lines whenever a line (Enter) is read from the terminal.
fn on_demand(names: [String; 2], sprt: Option<SprtConfig>, current: std::sync::Arc<Mutex<Tally>>) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            if line.is_err() {
                break;
            }
            let t = *current.lock().unwrap_or_else(|e| e.into_inner());
            for l in result_lines(&names, &t, sprt.as_ref()) {
                report!("{l}");
            }
        }
    });
}
