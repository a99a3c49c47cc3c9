//! `dama match` against DXP servers that serve one connection, as Scan's `dxp-server = true` and
//! Kingsrow's "Wait for DXP connection" do: a scripted server in this file (it accepts exactly one
//! connection, then closes its port, and plays the first legal move), and `dama dxp` listening.
//! The whole match is played on that one connection; a server that leaves stops the match after
//! three crashes in a row instead of scoring the rest as forfeits.

use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use dama::game::Game;
use dama::movegen;
use dama::protocol::dxp::{
    write_message, AccCode, DxpBoard, EndReason, FrameReader, GameAcc, GameEnd, Message,
};
use dama::{Position, Variant};
use dama_tools::matchrunner::game::{EndKind, GameRecord, PlayConfig};
use dama_tools::matchrunner::openings::random_openings;
use dama_tools::matchrunner::{
    run_match, EngineSpec, MatchConfig, MatchEvent, MatchSummary, TimeControl,
};

/// What the scripted server saw on its one connection.
#[derive(Debug, Default)]
struct ServerLog {
    /// GAMEREQs accepted.
    games: u32,
    /// GAMEENDs received (each confirmed).
    ends: u32,
    /// MOVEs received that named no legal move, and other surprises.
    errors: Vec<String>,
    /// Whether the runner closed the connection (rather than the server leaving).
    closed_by_runner: bool,
}

/// How the scripted server departs from a plain game.
#[derive(Clone, Copy, Default)]
struct Script {
    leave_after: Option<u32>,
    slow_first_move: Option<Duration>,
}

/// A DXP server on a free port of 127.0.0.1 that accepts one connection, closes its listening
/// socket (a second connection is refused) and plays international games on it: GAMEACC to every
/// GAMEREQ, the first legal move when it is to move, a GAMEEND to confirm each GAMEEND. With
/// `leave_after: Some(n)`, it closes the connection at the GAMEREQ after n games; with
/// `slow_first_move`, it waits that long before its first move of the match.
fn scripted_server(script: Script) -> (u16, JoinHandle<ServerLog>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().unwrap().port();
    let handle = thread::spawn(move || {
        let (stream, _) = listener.accept().expect("one connection");
        drop(listener);
        serve(stream, script)
    });
    (port, handle)
}

fn serve(stream: TcpStream, script: Script) -> ServerLog {
    let mut log = ServerLog::default();
    let mut slow = script.slow_first_move;
    let board = DxpBoard::new(Variant::International);
    let mut out = stream.try_clone().unwrap();
    let mut frames = FrameReader::new(BufReader::new(stream));
    let mut game: Option<(Position, dama::Color)> = None;
    let send = |out: &mut TcpStream, m: Message| write_message(out, &m).is_ok();
    while let Ok(Some(frame)) = frames.next_frame() {
        let msg = match frame
            .map_err(|e| e.to_string())
            .and_then(|t| Message::parse(&t).map_err(|e| e.0))
        {
            Ok(m) => m,
            Err(e) => {
                log.errors.push(e);
                continue;
            }
        };
        match msg {
            Message::GameReq(req) => {
                if script.leave_after == Some(log.games) {
                    return log;
                }
                let pos = board.start_position(&req.start).expect("a valid start");
                log.games += 1;
                game = Some((pos, req.follower));
                let acc = GameAcc {
                    name: "scripted one-connection server".into(),
                    code: AccCode::Accept,
                };
                send(&mut out, Message::GameAcc(acc));
            }
            Message::Move(m) => {
                let Some((pos, _)) = &mut game else {
                    log.errors.push("a MOVE outside a game".into());
                    continue;
                };
                match board.move_of(pos, &m) {
                    Ok(mv) => *pos = pos.play(&mv),
                    Err(e) => log.errors.push(format!("the runner's move: {e}")),
                }
            }
            Message::GameEnd(e) => {
                log.ends += 1;
                game = None;
                let confirm = GameEnd {
                    reason: EndReason::Unknown,
                    stop: false,
                };
                send(&mut out, Message::GameEnd(confirm));
                if e.stop {
                    return log;
                }
            }
            other => log.errors.push(format!("unexpected {other:?}")),
        }
        if let Some((pos, colour)) = &mut game {
            if pos.side() == *colour {
                let Some(mv) = movegen::legal_moves(pos).first().copied() else {
                    log.errors.push("asked to move with no legal move".into());
                    continue;
                };
                if let Some(wait) = slow.take() {
                    thread::sleep(wait);
                }
                *pos = pos.play(&mv);
                send(&mut out, Message::Move(board.message_of(&mv, 0)));
            }
        }
    }
    log.closed_by_runner = true;
    log
}

fn dama_hub() -> EngineSpec {
    EngineSpec {
        name: "dama".into(),
        command: format!("\"{}\" hub", env!("CARGO_BIN_EXE_dama")),
        options: vec![("book".into(), "false".into())],
    }
}

fn server_at(port: u16) -> EngineSpec {
    EngineSpec {
        name: "server".into(),
        command: format!("dxp:127.0.0.1:{port}"),
        options: vec![],
    }
}

/// `games` international games of `engines` at 30 ms a move (a loaded CI machine may add to any
/// move time, so the margin is generous), each opening twice.
fn config(engines: [EngineSpec; 2], games: u32) -> MatchConfig {
    MatchConfig {
        engines,
        variant: Variant::International,
        games,
        openings: random_openings(Variant::International, 2, 7),
        play: PlayConfig {
            tc: TimeControl::MoveTime(Duration::from_millis(30)),
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

fn play(cfg: &MatchConfig) -> (MatchSummary, Vec<GameRecord>) {
    let records = std::sync::Mutex::new(Vec::new());
    let summary = run_match(cfg, &|ev| {
        if let MatchEvent::GameFinished { record, .. } = ev {
            records.lock().unwrap().push(record.clone());
        }
    })
    .expect("the match runs");
    let mut r = records.into_inner().unwrap();
    r.sort_by_key(|g| g.index);
    (summary, r)
}

/// Every game was played to its end by the rules (or the ply limit), every move legal.
fn check_played(records: &[GameRecord]) {
    for r in records {
        assert!(
            matches!(r.end, EndKind::Normal | EndKind::PlyLimit),
            "game {}: {} ({})",
            r.index,
            r.end,
            r.reason
        );
        let mut g = Game::new(r.start);
        for mv in &r.moves {
            assert!(movegen::legal_moves(g.position()).contains(mv));
            g.play(mv);
        }
        assert!(r.moves.len() > r.opening_plies + 2, "game {}", r.index);
    }
}

#[test]
fn a_dxp_server_that_accepts_one_connection_plays_the_whole_match() {
    let (port, server) = scripted_server(Script::default());
    let cfg = config([dama_hub(), server_at(port)], 4);
    let (summary, records) = play(&cfg);
    assert_eq!(records.len(), 4);
    check_played(&records);
    assert_eq!(summary.crash_stop, None);
    let log = server.join().expect("the server ran");
    assert_eq!(log.errors, Vec::<String>::new());
    assert_eq!((log.games, log.ends), (4, 4), "{log:?}");
    assert!(log.closed_by_runner, "{log:?}");
}

#[test]
fn a_dxp_server_that_leaves_stops_the_match_after_three_crashes_in_a_row() {
    let (port, server) = scripted_server(Script {
        leave_after: Some(1),
        ..Script::default()
    });
    let cfg = config([dama_hub(), server_at(port)], 10);
    let (summary, records) = play(&cfg);
    check_played(&records[..1]);
    // game 2: the server closes the connection at the GAMEREQ; games 3 and 4: the runner
    // reconnects (the peer closed it) and the port refuses
    assert_eq!(records.len(), 4, "{records:?}");
    for r in &records[1..] {
        assert_eq!(r.end, EndKind::Crash, "{}", r.reason);
        assert_eq!(r.score_of(1), 0.0);
    }
    assert!(
        records[1].reason.contains("closed the connection"),
        "{}",
        records[1].reason
    );
    let refused = format!("cannot connect to 127.0.0.1:{port}");
    assert!(
        records[3].reason.contains(&refused),
        "{}",
        records[3].reason
    );
    let why = summary.crash_stop.clone().expect("stopped for crashes");
    assert!(
        why.starts_with("server crashed in 3 games in a row"),
        "{why}"
    );
    let lines = summary.result_lines().join("\n");
    assert!(!lines.contains("Elo difference"), "{lines}");
    assert!(
        lines.contains("Match stopped after 4 of 10 games"),
        "{lines}"
    );
    assert!(summary.to_json().contains("\"elo\": null"));
    let log = server.join().expect("the server ran");
    assert_eq!((log.games, log.ends), (1, 1), "{log:?}");
}

#[test]
fn a_dxp_server_that_loses_on_time_plays_on_on_the_same_connection() {
    let (port, server) = scripted_server(Script {
        slow_first_move: Some(Duration::from_millis(2500)),
        ..Script::default()
    });
    let mut cfg = config([dama_hub(), server_at(port)], 2);
    cfg.play.time_margin = Duration::from_secs(1);
    let (summary, records) = play(&cfg);
    assert_eq!(records.len(), 2);
    assert_eq!(
        records[0].end,
        EndKind::TimeForfeit,
        "{}",
        records[0].reason
    );
    assert_eq!(records[0].score_of(1), 0.0, "{}", records[0].reason);
    check_played(&records[1..]);
    assert_eq!(summary.crash_stop, None);
    // the late MOVE was dropped, the GAMEEND confirmed, and game 2 asked on the same connection
    let log = server.join().expect("the server ran");
    assert_eq!(log.errors, Vec::<String>::new());
    assert_eq!((log.games, log.ends), (2, 2), "{log:?}");
    assert!(log.closed_by_runner, "{log:?}");
}

/// Starts `dama dxp` listening on a free port, its log (standard error) read by a thread;
/// returns once it listens.
fn dama_dxp_follower() -> (std::process::Child, u16, JoinHandle<Vec<String>>) {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["dxp", "--listen", &port.to_string(), "--move-time", "0.03"])
        .args(["--hash", "8", "--book", "false"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama dxp starts");
    let (tx, rx) = std::sync::mpsc::channel();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let lines = thread::spawn(move || {
        let mut all = Vec::new();
        for line in stderr.lines().map_while(Result::ok) {
            let _ = tx.send(line.clone());
            all.push(line);
        }
        all
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    let listening = loop {
        let wait = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(wait) {
            Ok(line) if line.starts_with("dxp: listening on") => break true,
            Ok(_) => {}
            Err(_) => break false,
        }
    };
    if !listening {
        let _ = child.kill();
        let _ = child.wait();
        panic!("dama dxp did not say it listens: {:?}", lines.join());
    }
    (child, port, lines)
}

#[test]
fn dama_dxp_as_follower_plays_the_whole_match_on_one_connection() {
    let (mut child, port, log) = dama_dxp_follower();
    let mut follower = server_at(port);
    follower.name = "dama-dxp".into();
    let cfg = config([dama_hub(), follower], 4);
    let (summary, records) = play(&cfg);
    let _ = child.kill();
    let _ = child.wait();
    let log = log.join().unwrap();
    assert_eq!(records.len(), 4);
    check_played(&records);
    assert_eq!(summary.crash_stop, None);
    let connections = log.iter().filter(|l| l.contains("connection from")).count();
    assert_eq!(connections, 1, "{log:#?}");
}
