//! `dama dxp`: DamExchange over TCP. dama listens (default 127.0.0.1:27531) or connects, and
//! plays as the follower (answers GAMEREQs) or the initiator (`--initiator`, asks for `--games`
//! games). The session logs to standard error; the socket carries only DXP.

use std::net::{TcpListener, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;

use dama::protocol::dxp::{DxpConfig, DxpEvent, DxpPlayer, EndReason, InitiatorPlan, Role};
use dama::protocol::Settings;
use dama::{Color, Variant};

/// The DXP port.
const DEFAULT_PORT: u16 = 27531;
/// How long `--connect` keeps trying while the peer starts up.
const CONNECT_PATIENCE: Duration = Duration::from_secs(10);

/// Arguments of `dama dxp`.
#[derive(Args)]
pub struct DxpArgs {
    /// Listen on [ADDR:]PORT (the default: 127.0.0.1:27531; all interfaces only if asked).
    #[arg(long, value_name = "[ADDR:]PORT", conflicts_with = "connect")]
    listen: Option<String>,
    /// Connect to HOST:PORT instead of listening.
    #[arg(long, value_name = "HOST:PORT")]
    connect: Option<String>,
    /// Be the protocol's initiator: send the GAMEREQs (default: the follower answers them).
    #[arg(long)]
    initiator: bool,
    /// Variant (international is the DXP standard; 8×8 variants use pydraughts' extension).
    /// (default: `variant` of `dama.ini`, else international).
    #[arg(long)]
    variant: Option<Variant>,
    /// Initiator: thinking time per game in minutes.
    #[arg(long, value_name = "MIN", default_value_t = 3)]
    time: u16,
    /// Initiator: the moves the thinking time is for (0 = the whole game).
    #[arg(long, value_name = "N", default_value_t = 75)]
    moves: u16,
    /// Initiator: games to play; the last GAMEEND carries stop code 1.
    #[arg(long, value_name = "K", default_value_t = 1)]
    games: u32,
    /// Initiator: dama's colour in the first game (the colours alternate).
    #[arg(long, value_name = "white|black", default_value = "white")]
    colour: String,
    /// Think at most this many seconds a move, whatever the clock allows (not part of DXP).
    #[arg(long, value_name = "S")]
    move_time: Option<f64>,
    /// Search threads.
    #[arg(long)]
    threads: Option<u32>,
    /// Transposition table size in MiB.
    #[arg(long)]
    hash: Option<u32>,
    /// Use the shipped opening book (true/false).
    #[arg(long, value_name = "BOOL")]
    book: Option<String>,
    /// Directory of endgame bitbases.
    #[arg(long, value_name = "DIR")]
    bitbases: Option<String>,
    /// Playing strength 1-5.
    #[arg(long)]
    skill: Option<u32>,
}

/// The settings `dama.ini` starts from for DXP: the defaults, in international.
pub fn base_settings() -> Settings {
    let mut settings = Settings::default();
    settings.engine.variant = Variant::International;
    settings
}

/// Runs `dama dxp`.
pub fn run(args: DxpArgs, settings: Settings) -> Result<()> {
    super::panics::report_in_one_line();
    let config = config(&args, settings)?;
    let initiator = matches!(config.role, Role::Initiator(_));
    let mut player = DxpPlayer::new(config);
    if let Some(target) = &args.connect {
        let stream = connect(target)?;
        eprintln!("dxp: connected to {target}");
        return serve(&mut player, stream);
    }
    let addr = listen_addr(args.listen.as_deref())?;
    let listener = TcpListener::bind(&addr).with_context(|| format!("cannot listen on {addr}"))?;
    eprintln!("dxp: listening on {addr}");
    loop {
        let (stream, peer) = listener.accept().context("accept failed")?;
        eprintln!("dxp: connection from {peer}");
        serve(&mut player, stream)?;
        if initiator {
            return Ok(());
        }
        eprintln!("dxp: waiting for the next connection on {addr}");
    }
}

fn config(args: &DxpArgs, mut settings: Settings) -> Result<DxpConfig> {
    let variant = args.variant.unwrap_or(settings.engine.variant);
    super::narrow_only(variant, "dxp")?;
    let squares = variant.rules().names().squares;
    if squares > 50 {
        return Err(anyhow!(
            "`dama dxp` does not play {}: DXP numbers squares 01-50 and its board has {squares}",
            variant
        ));
    }
    let mut set = |name: &str, value: String| {
        settings
            .set(name, &value)
            .map(|_| ())
            .map_err(|e| anyhow!("--{name}: {e}"))
    };
    set("variant", variant.name().to_string())?;
    let options = [
        ("threads", args.threads.map(|v| v.to_string())),
        ("hash", args.hash.map(|v| v.to_string())),
        ("book", args.book.clone()),
        ("bitbases", args.bitbases.clone()),
        ("skill", args.skill.map(|v| v.to_string())),
    ];
    for (name, value) in options {
        if let Some(v) = value {
            set(name, v)?;
        }
    }
    let mut config = DxpConfig::follower(settings);
    if args.initiator {
        if args.games == 0 {
            bail!("--games must be at least 1");
        }
        config.role = Role::Initiator(InitiatorPlan {
            games: args.games,
            minutes: args.time,
            moves: args.moves,
            colour: colour(&args.colour)?,
        });
    }
    if let Some(s) = args.move_time {
        if !(s > 0.0 && s < 1e6) {
            bail!("--move-time must be a positive number of seconds, not {s}");
        }
        config.move_cap = Some(Duration::from_secs_f64(s));
    }
    Ok(config)
}

fn colour(text: &str) -> Result<Color> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" | "z" => Ok(Color::Black),
        _ => bail!("--colour must be white or black, not '{text}'"),
    }
}

/// `PORT` or `ADDR:PORT`; the default address is the loopback one.
fn listen_addr(text: Option<&str>) -> Result<String> {
    let Some(text) = text else {
        return Ok(format!("127.0.0.1:{DEFAULT_PORT}"));
    };
    let (host, port) = match text.rsplit_once(':') {
        Some((h, p)) => (h, p),
        None => ("127.0.0.1", text),
    };
    let port: u16 = port
        .parse()
        .map_err(|_| anyhow!("--listen: '{port}' is not a port number"))?;
    Ok(format!("{host}:{port}"))
}

fn connect(target: &str) -> Result<TcpStream> {
    let start = Instant::now();
    loop {
        match TcpStream::connect(target) {
            Ok(s) => return Ok(s),
            Err(e) if start.elapsed() > CONNECT_PATIENCE => {
                bail!("cannot connect to {target}: {e}")
            }
            Err(_) => thread::sleep(Duration::from_millis(200)),
        }
    }
}

fn serve(player: &mut DxpPlayer, stream: TcpStream) -> Result<()> {
    let summary = player.play_connection(stream, &mut log)?;
    eprintln!("dxp: connection closed after {} game(s)", summary.games);
    Ok(())
}

fn log(event: &DxpEvent) {
    match event {
        DxpEvent::GameStarted { opponent, dama } => {
            eprintln!("dxp: game against '{opponent}', dama plays {}", dama.name())
        }
        DxpEvent::Refused(code) => eprintln!("dxp: the peer refused the game ({code:?})"),
        DxpEvent::Declined(reason) => eprintln!("dxp: refused a game request: {reason}"),
        DxpEvent::Chat(text) => eprintln!("dxp: chat: {text}"),
        DxpEvent::BadInput(what) => eprintln!("dxp: bad input from the peer: {what}"),
        DxpEvent::GameEnded { result, detail } => {
            let result = match result {
                EndReason::SenderWins => "dama wins",
                EndReason::SenderLoses => "dama loses",
                EndReason::Draw => "draw",
                EndReason::Unknown => "no result",
            };
            eprintln!("dxp: game over: {result} ({detail})")
        }
        DxpEvent::Disconnected => eprintln!("dxp: the peer disconnected"),
    }
}
