//! DXP input that is not a message: bytes that are not ASCII, empty frames, control characters,
//! a frame that never ends, a frame cut off by a disconnect. Each bad frame is answered with one
//! CHAT naming what was wrong and the game goes on; a cut-off frame ends the connection cleanly.

#[allow(dead_code)]
#[path = "dxp/peer.rs"]
mod peer;

use dama::protocol::dxp::{
    AccCode, DxpEvent, EndReason, GameAcc, GameEnd, GameReq, Message, Role, Start,
};
use dama::Color;
use peer::{config, serve, Peer, Referee};

fn accept_a_game(peer: &mut Peer, dama: Color) {
    peer.send(&Message::GameReq(GameReq {
        version: 1,
        name: "test peer".into(),
        follower: dama,
        minutes: 1,
        moves: 0,
        start: Start::Initial,
    }));
    let msg = peer.recv_skipping_chat().1;
    assert!(
        matches!(
            msg,
            Message::GameAcc(GameAcc {
                code: AccCode::Accept,
                ..
            })
        ),
        "{msg:?}"
    );
}

/// Reads until dama's MOVE, keeping the chats; then reads the chats still due.
fn dama_move_and_chats(peer: &mut Peer, referee: &mut Referee, chats_due: usize) -> Vec<String> {
    let mut chats = Vec::new();
    loop {
        let (_, msg, mut c) = peer.recv_skipping_chat();
        chats.append(&mut c);
        if let Message::Move(m) = msg {
            referee.dama_moved(&m);
            break;
        }
    }
    while chats.len() < chats_due {
        match peer.recv().unwrap().1 {
            Message::Chat(c) => chats.push(c),
            other => panic!("{other:?}"),
        }
    }
    chats
}

#[test]
fn bytes_that_are_not_messages_get_a_chat_each_and_the_game_goes_on() {
    let dama = serve(config(Role::Follower), 1);
    let mut peer = Peer::connect(dama.port);
    accept_a_game(&mut peer, Color::Black);
    let mut referee = Referee::new();
    // Not ASCII (0xFF 0xFE, the UTF-8 of 'é'), an empty frame, a chat with a newline.
    peer.send_bytes(b"\xff\xfe\0C\xc3\xa9t\xc3\xa9\0\0Cline one\nline two\0");
    // 10 kB without a NUL, then its NUL: one overlong frame, bounded.
    peer.send_bytes(&vec![b'M'; 10_000]);
    peer.send_bytes(b"\0");
    peer.send(&Message::Move(referee.peer_move().unwrap()));
    let chats = dama_move_and_chats(&mut peer, &mut referee, 4).join(" | ");
    assert!(chats.contains("byte 255 is not ASCII"), "{chats}");
    assert!(chats.contains("byte 195 is not ASCII"), "{chats}");
    assert!(chats.contains("an empty message"), "{chats}");
    assert!(chats.contains("10000 bytes"), "{chats}");
    // The game goes on from the same position.
    peer.send(&Message::Move(referee.peer_move().unwrap()));
    let _ = dama_move_and_chats(&mut peer, &mut referee, 0);
    peer.send(&Message::GameEnd(GameEnd {
        reason: EndReason::Unknown,
        stop: true,
    }));
    assert_eq!(peer.recv_skipping_chat().0, "E01");
    let events: Vec<DxpEvent> = dama.events.try_iter().collect();
    assert!(
        events.contains(&DxpEvent::Chat("line one?line two".into())),
        "a chat is one line: {events:?}"
    );
    assert_eq!(dama.thread.join().unwrap()[0].games, 1);
}

#[test]
fn a_frame_cut_off_by_a_disconnect_ends_the_connection_cleanly() {
    let dama = serve(config(Role::Follower), 2);
    let mut peer = Peer::connect(dama.port);
    accept_a_game(&mut peer, Color::Black);
    peer.send_bytes(b"M00123");
    peer.close();
    // The player serves the next connection with its state intact.
    let mut peer = Peer::connect(dama.port);
    accept_a_game(&mut peer, Color::White);
    assert!(matches!(peer.recv_skipping_chat().1, Message::Move(_)));
    peer.send(&Message::GameEnd(GameEnd {
        reason: EndReason::Unknown,
        stop: true,
    }));
    assert_eq!(peer.recv_skipping_chat().0, "E01");
    let summaries = dama.thread.join().unwrap();
    assert_eq!(summaries.len(), 2);
    let events: Vec<DxpEvent> = dama.events.try_iter().collect();
    assert!(events.contains(&DxpEvent::Disconnected), "{events:?}");
}
