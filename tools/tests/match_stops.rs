//! Matches that cannot give a score: an engine that cannot be started or connected to before
//! the first game stops the match with an error naming it (whichever protocol it speaks), and
//! an engine that crashes in three games in a row stops it with that reason and no Elo.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::Duration;

use dama::Variant;
use dama_tools::matchrunner::game::{EndKind, PlayConfig};
use dama_tools::matchrunner::openings::Opening;
use dama_tools::matchrunner::{run_match, EngineSpec, MatchConfig, MatchEvent, TimeControl};

const DAMA: &str = env!("CARGO_BIN_EXE_dama");

fn dama_hub() -> String {
    format!("\"{DAMA}\" hub")
}

fn crashing_engine() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/match_engines/scripted.py");
    format!("python3 \"{}\" crash", path.display())
}

/// A port of 127.0.0.1 on which nothing listens.
fn closed_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

fn config(second: EngineSpec, games: u32, tc: TimeControl) -> MatchConfig {
    MatchConfig {
        engines: [
            EngineSpec {
                name: "dama".into(),
                command: dama_hub(),
                options: vec![],
            },
            second,
        ],
        variant: Variant::International,
        games,
        openings: vec![Opening::standard(Variant::International)],
        play: PlayConfig {
            tc,
            time_margin: Duration::from_secs(5),
            hang_timeout: Duration::from_secs(60),
            draw: None,
            resign: None,
            bitbases: None,
            max_plies: 200,
        },
        concurrency: 1,
        sprt: None,
        shard: None,
        seed: 1,
        crash_limit: 3,
    }
}

fn named(name: &str, command: String) -> EngineSpec {
    EngineSpec {
        name: name.into(),
        command,
        options: vec![],
    }
}

fn cli(args: &[&str]) -> Output {
    Command::new(DAMA).args(args).output().expect("dama runs")
}

/// The error of a match that must not start, after checking that no game was reported.
fn refused(cfg: &MatchConfig) -> String {
    let games = std::sync::atomic::AtomicU32::new(0);
    let result = run_match(cfg, &|ev| {
        if matches!(ev, MatchEvent::GameStarted { .. }) {
            games.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
    });
    assert_eq!(games.into_inner(), 0, "no game starts");
    result.expect_err("the match does not start")
}

#[test]
fn a_refused_dxp_port_stops_the_match_before_its_first_game() {
    let port = closed_port();
    let address = format!("127.0.0.1:{port}");
    let tc = TimeControl::MoveTime(Duration::from_millis(50));
    let cfg = config(named("scan", format!("dxp:{address}")), 4, tc);
    let e = refused(&cfg);
    assert!(e.contains(&format!("engine 'scan' (dxp:{address})")), "{e}");
    assert!(e.contains(&format!("cannot connect to {address}")), "{e}");
    // the command line: the error on standard error, no score, a failed exit
    let hub = dama_hub();
    let engine = format!("dxp:{address}");
    let out = cli(&[
        "match",
        "--engine",
        &hub,
        "--engine",
        &engine,
        "--name",
        "dama",
        "--name",
        "scan",
        "--variant",
        "international",
        "--games",
        "4",
        "--movetime",
        "0.05",
    ]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stderr.contains(&format!(
            "engine 'scan' (dxp:{address}) cannot play, so the match stops before its first \
             game: cannot connect to {address}"
        )),
        "{stderr}"
    );
    assert!(
        !stdout.contains("Score of") && !stdout.contains("Elo"),
        "{stdout}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn engines_that_cannot_start_stop_the_match_whichever_protocol() {
    let tc = TimeControl::MoveTime(Duration::from_millis(50));
    let missing = "/nonexistent/engine";
    // a Hub command that cannot start
    let e = refused(&config(named("ghost", missing.into()), 2, tc));
    assert!(e.contains(&format!("engine 'ghost' ({missing})")), "{e}");
    // a DXP command that cannot start, and one that exits before it listens
    let e = refused(&config(
        named("ghost", format!("dxp:{missing} {{port}}")),
        2,
        tc,
    ));
    assert!(
        e.contains("engine 'ghost' (dxp:") && e.contains(missing),
        "{e}"
    );
    let e = refused(&config(named("quitter", "dxp:false {port}".into()), 2, tc));
    assert!(e.contains("engine 'quitter' (dxp:false {port})"), "{e}");
    assert!(
        e.contains("exited") && e.contains("before accepting a connection on 127.0.0.1:"),
        "{e}"
    );
}

#[test]
fn three_crashes_in_a_row_stop_the_match() {
    let cfg = config(
        named("crasher", crashing_engine()),
        10,
        TimeControl::Depth(1),
    );
    let mut cfg = cfg;
    cfg.variant = Variant::Czech;
    cfg.openings = vec![Opening::standard(Variant::Czech)];
    let stops = std::sync::Mutex::new(Vec::new());
    let summary = run_match(&cfg, &|ev| {
        if let MatchEvent::CrashStop { reason } = ev {
            stops.lock().unwrap().push(reason.to_string());
        }
    })
    .expect("the match runs until it stops");
    assert_eq!(summary.games.len(), 3);
    assert!(summary.games.iter().all(|g| g.end == EndKind::Crash));
    let why = summary.crash_stop.clone().expect("stopped for crashes");
    assert!(
        why.starts_with("crasher crashed in 3 games in a row; the last time: "),
        "{why}"
    );
    assert_eq!(stops.into_inner().unwrap(), vec![why.clone()]);
    let lines = summary.result_lines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("Score of dama vs crasher: 3 - 0 - 0"),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("Match stopped after 3 of 10 games"),
        "{lines:?}"
    );
    assert!(lines[1].ends_with(&why), "{lines:?}");
    // the command line: the same lines, no Elo, the JSON with null statistics, a failed exit
    let json = std::env::temp_dir().join(format!("dama-crash-stop-{}.json", std::process::id()));
    let (hub, crasher) = (dama_hub(), crashing_engine());
    let out = cli(&[
        "match",
        "--engine",
        &hub,
        "--engine",
        &crasher,
        "--games",
        "10",
        "--depth",
        "1",
        "--json",
        json.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.contains("Match stopped after 3 of 10 games"),
        "{stdout}"
    );
    assert!(stdout.contains("crashed in 3 games in a row"), "{stdout}");
    assert!(!stdout.contains("Elo difference"), "{stdout}");
    let text = std::fs::read_to_string(&json).expect("the summary is written");
    let _ = std::fs::remove_file(&json);
    assert!(
        text.contains("\"elo\": null") && text.contains("\"crash_stop\": "),
        "{text}"
    );
}
