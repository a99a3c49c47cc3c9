//! DXP transcripts over loopback sockets: dama as follower and as initiator, against a scripted
//! peer that checks every move with the rules core.

#[path = "dxp/peer.rs"]
mod peer;

use std::net::TcpListener;

use dama::protocol::dxp::{
    AccCode, BackAcc, BackReq, DxpEvent, DxpPlayer, EndReason, GameAcc, GameEnd, GameReq,
    InitiatorPlan, Message, Role, Start,
};
use dama::{Color, Position, Variant};
use peer::{config, serve, Peer, Referee};

fn gamereq(follower: Color, start: Start) -> Message {
    Message::GameReq(GameReq {
        version: 1,
        name: "test peer".into(),
        follower,
        minutes: 1,
        moves: 0,
        start,
    })
}

fn end(reason: EndReason, stop: bool) -> Message {
    Message::GameEnd(GameEnd { reason, stop })
}

/// Sends a GAMEREQ for dama playing `dama` and expects the acceptance.
fn start_game(peer: &mut Peer, dama: Color) {
    peer.send(&gamereq(dama, Start::Initial));
    let (text, msg, _) = peer.recv_skipping_chat();
    assert_eq!(text.len(), 34, "{text}");
    assert!(text.starts_with("Adama"), "{text}");
    assert!(matches!(
        msg,
        Message::GameAcc(GameAcc {
            code: AccCode::Accept,
            ..
        })
    ));
}

/// Plays until one side has no move, or `max_plies` are played and the peer is to move;
/// returns dama's GAMEEND if it sent one.
fn play_out(
    peer: &mut Peer,
    referee: &mut Referee,
    dama: Color,
    max_plies: usize,
) -> Option<GameEnd> {
    while referee.plies < max_plies || referee.pos.side() == dama {
        if referee.pos.side() == dama {
            match peer.recv_skipping_chat().1 {
                Message::Move(m) => referee.dama_moved(&m),
                Message::GameEnd(e) => return Some(e),
                other => panic!("{other:?}"),
            }
        } else {
            let m = referee.peer_move()?;
            peer.send(&Message::Move(m));
        }
    }
    None
}

#[test]
fn follower_plays_a_whole_game_to_gameend() {
    let dama = serve(config(Role::Follower), 1);
    let mut peer = Peer::connect(dama.port);
    start_game(&mut peer, Color::White);
    let mut referee = Referee::new();
    let dama_end = play_out(&mut peer, &mut referee, Color::White, 600);
    let legal = dama::movegen::legal_moves(&referee.pos);
    match dama_end {
        // dama is to move and the game is over by the rules (a draw, or dama has no move).
        Some(e) => {
            assert_eq!(referee.pos.side(), Color::White);
            assert!(
                legal.is_empty() == (e.reason == EndReason::SenderLoses),
                "{e:?}"
            );
            peer.send(&end(EndReason::Unknown, true));
        }
        // The peer has no move: it gives up and dama confirms that it wins.
        None => {
            assert!(legal.is_empty(), "the game ran past 600 plies");
            peer.send(&end(EndReason::SenderLoses, true));
            let (text, _, _) = peer.recv_skipping_chat();
            assert_eq!(text, "E31");
        }
    }
    assert!(peer.recv().is_none(), "dama closes after stop code 1");
    let summaries = dama.thread.join().unwrap();
    assert_eq!(summaries[0].games, 1);
    assert!(summaries[0].stopped);
}

#[test]
fn refused_requests_name_the_reason_and_a_good_one_follows() {
    let dama = serve(config(Role::Follower), 1);
    let mut peer = Peer::connect(dama.port);
    let mut wrong = gamereq(Color::White, Start::Initial);
    if let Message::GameReq(r) = &mut wrong {
        r.version = 2;
    }
    peer.send(&wrong);
    let (text, _, chats) = peer.recv_skipping_chat();
    assert!(text.starts_with('A') && text.ends_with('1'), "{text}");
    assert!(chats.iter().any(|c| c.contains("version 02")), "{chats:?}");
    // pydraughts' 8×8 form does not fit the international board.
    peer.send_raw("R01DXP Client                      W005075BWzzzzzzzzzzzzeeeeeeeewwwwwwwwwwww");
    let (text, _, chats) = peer.recv_skipping_chat();
    assert!(text.ends_with('2'), "{text}");
    assert!(chats.iter().any(|c| c.contains("32 squares")), "{chats:?}");
    // An explicit position with Black to move: dama plays Black and moves first.
    let start = Position::start(Variant::International).with_side(Color::Black);
    let setup = dama::protocol::dxp::DxpBoard::new(Variant::International).start_of(&start);
    peer.send(&gamereq(Color::Black, setup));
    let (text, _, _) = peer.recv_skipping_chat();
    assert!(text.ends_with('0'), "{text}");
    let mut referee = Referee::new();
    referee.pos = start;
    match peer.recv_skipping_chat().1 {
        Message::Move(m) => referee.dama_moved(&m),
        other => panic!("{other:?}"),
    }
    peer.send(&end(EndReason::Draw, true));
    assert_eq!(peer.recv_skipping_chat().0, "E21");
    let events: Vec<DxpEvent> = dama.events.try_iter().collect();
    assert!(
        events
            .iter()
            .filter(|e| matches!(e, DxpEvent::Declined(_)))
            .count()
            == 2
    );
}

#[test]
fn chat_malformed_and_overlong_input_mid_game_leave_the_game_intact() {
    let dama = serve(config(Role::Follower), 1);
    let mut peer = Peer::connect(dama.port);
    start_game(&mut peer, Color::Black);
    let mut referee = Referee::new();
    peer.send(&Message::Chat("good luck".into()));
    let first = referee.peer_move().unwrap();
    peer.send(&Message::Move(first));
    peer.send_raw("X123");
    peer.send_raw(&"C".repeat(300));
    peer.send_raw("M00123228");
    let mut chats = Vec::new();
    loop {
        let (_, msg, mut c) = peer.recv_skipping_chat();
        chats.append(&mut c);
        if let Message::Move(m) = msg {
            referee.dama_moved(&m);
            break;
        }
    }
    // The replies may come before or after dama's move; collect them all.
    while chats.len() < 3 {
        let (_, msg) = peer.recv().unwrap();
        let Message::Chat(c) = msg else {
            panic!("{msg:?}")
        };
        chats.push(c);
    }
    let all = chats.join(" | ");
    assert!(all.contains("unknown message type 'X'"), "{all}");
    assert!(all.contains("300 bytes") && all.contains("127"), "{all}");
    assert!(all.contains("number of captured pieces"), "{all}");
    assert!(dama
        .events
        .try_iter()
        .any(|e| e == DxpEvent::Chat("good luck".into())));
    // The game goes on from the same position.
    let next = referee.peer_move().unwrap();
    peer.send(&Message::Move(next));
    match peer.recv_skipping_chat().1 {
        Message::Move(m) => referee.dama_moved(&m),
        other => panic!("{other:?}"),
    }
    peer.send(&end(EndReason::Unknown, true));
    assert_eq!(peer.recv_skipping_chat().0, "E01");
}

#[test]
fn backreq_goes_back_and_dama_moves_again() {
    let dama = serve(config(Role::Follower), 1);
    let mut peer = Peer::connect(dama.port);
    start_game(&mut peer, Color::White);
    let mut referee = Referee::new();
    play_out(&mut peer, &mut referee, Color::White, 4);
    assert_eq!(referee.plies, 5);
    assert_eq!(referee.pos.side(), Color::Black);
    // Out of the game: dama continues.
    peer.send(&Message::BackReq(BackReq {
        move_number: 9,
        to_move: Color::White,
    }));
    assert_eq!(
        peer.recv_skipping_chat().1,
        Message::BackAcc(BackAcc::Continue)
    );
    peer.send(&Message::BackReq(BackReq {
        move_number: 1,
        to_move: Color::White,
    }));
    assert_eq!(
        peer.recv_skipping_chat().1,
        Message::BackAcc(BackAcc::Accepted)
    );
    let mut referee = Referee::new();
    match peer.recv_skipping_chat().1 {
        Message::Move(m) => referee.dama_moved(&m),
        other => panic!("{other:?}"),
    }
    peer.send(&end(EndReason::Unknown, true));
    assert_eq!(peer.recv_skipping_chat().0, "E01");
}

#[test]
fn a_disconnect_mid_game_ends_it_and_the_next_connection_is_served() {
    let dama = serve(config(Role::Follower), 2);
    let mut peer = Peer::connect(dama.port);
    start_game(&mut peer, Color::Black);
    let mut referee = Referee::new();
    peer.send(&Message::Move(referee.peer_move().unwrap()));
    peer.close();
    let mut peer = Peer::connect(dama.port);
    start_game(&mut peer, Color::White);
    assert!(matches!(peer.recv_skipping_chat().1, Message::Move(_)));
    peer.send(&end(EndReason::Unknown, true));
    assert_eq!(peer.recv_skipping_chat().0, "E01");
    let summaries = dama.thread.join().unwrap();
    assert_eq!(summaries[0].games, 1);
    assert!(!summaries[0].stopped);
    let events: Vec<DxpEvent> = dama.events.try_iter().collect();
    assert!(events.contains(&DxpEvent::Disconnected), "{events:?}");
}

#[test]
fn the_follower_plays_several_games_on_one_connection() {
    let dama = serve(config(Role::Follower), 1);
    let mut peer = Peer::connect(dama.port);
    for (i, colour) in [Color::White, Color::Black].into_iter().enumerate() {
        start_game(&mut peer, colour);
        let mut referee = Referee::new();
        play_out(&mut peer, &mut referee, colour, 6);
        let last = i == 1;
        peer.send(&end(EndReason::Unknown, last));
        let want = if last { "E01" } else { "E00" };
        assert_eq!(peer.recv_skipping_chat().0, want);
    }
    assert_eq!(dama.thread.join().unwrap()[0].games, 2);
}

/// dama connects and asks for the games (the TCP and protocol roles are independent).
fn initiator(
    games: u32,
) -> (
    Peer,
    std::thread::JoinHandle<(dama::protocol::dxp::Summary, Vec<DxpEvent>)>,
) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let plan = InitiatorPlan {
        games,
        minutes: 2,
        moves: 40,
        colour: Color::White,
    };
    let thread = std::thread::spawn(move || {
        let stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        let mut events = Vec::new();
        let mut player = DxpPlayer::new(config(Role::Initiator(plan)));
        let summary = player
            .play_connection(stream, &mut |e| events.push(e.clone()))
            .unwrap();
        (summary, events)
    });
    let (stream, _) = listener.accept().unwrap();
    (Peer::over(stream), thread)
}

#[test]
fn the_initiator_plays_its_games_and_stops_with_code_1() {
    let (mut peer, dama) = initiator(2);
    for (game, follower) in [(0, 'Z'), (1, 'W')] {
        let (text, msg, _) = peer.recv_skipping_chat();
        assert_eq!(text.len(), 43, "{text}");
        assert!(text.starts_with("R01dama"), "{text}");
        assert_eq!(&text[35..], format!("{follower}002040A"), "{text}");
        assert!(matches!(msg, Message::GameReq(_)));
        peer.send(&Message::GameAcc(GameAcc {
            name: "test peer".into(),
            code: AccCode::Accept,
        }));
        let mut referee = Referee::new();
        let dama_colour = if game == 0 {
            Color::White
        } else {
            Color::Black
        };
        play_out(&mut peer, &mut referee, dama_colour, 3);
        peer.send(&end(EndReason::SenderLoses, false));
        let want = if game == 0 { "E30" } else { "E31" };
        assert_eq!(peer.recv_skipping_chat().0, want);
    }
    assert!(peer.recv().is_none(), "dama closes after its last game");
    let (summary, events) = dama.join().unwrap();
    assert_eq!(summary.games, 2);
    let wins = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                DxpEvent::GameEnded {
                    result: EndReason::SenderWins,
                    ..
                }
            )
        })
        .count();
    assert_eq!(wins, 2);
}

#[test]
fn a_refused_request_ends_the_initiator() {
    let (mut peer, dama) = initiator(3);
    assert!(matches!(peer.recv_skipping_chat().1, Message::GameReq(_)));
    peer.send(&Message::GameAcc(GameAcc {
        name: "test peer".into(),
        code: AccCode::NoGames,
    }));
    assert!(peer.recv().is_none());
    let (summary, events) = dama.join().unwrap();
    assert_eq!(summary.games, 0);
    assert!(events.contains(&DxpEvent::Refused(AccCode::NoGames)));
}

#[test]
fn a_peer_that_never_answers_a_gamereq_times_out() {
    let (mut peer, dama) = initiator(1);
    assert!(matches!(peer.recv_skipping_chat().1, Message::GameReq(_)));
    // config() waits 5 s for the answer; the peer's read timeout is longer.
    assert!(peer.recv().is_none());
    let (summary, events) = dama.join().unwrap();
    assert!(summary.stopped);
    assert!(events
        .iter()
        .any(|e| matches!(e, DxpEvent::BadInput(t) if t.contains("GAMEACC"))));
}
