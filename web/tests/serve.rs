//! `dama serve` through its public interface: HTTP for the page, the WebSocket for the games.

use std::net::SocketAddr;
use std::time::Duration;

use dama_web::Settings;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

fn settings() -> Settings {
    Settings {
        listen: SocketAddr::from(([127, 0, 0, 1], 0)),
        search_threads: 2,
        level5_time: Duration::from_millis(50),
        hint_time: Duration::from_millis(50),
        dropout: Duration::from_millis(300),
        room_linger: Duration::from_millis(600),
        ..Settings::default()
    }
}

async fn start(s: Settings) -> SocketAddr {
    let (addr, serve) = dama_web::bind(s).await.expect("bind");
    tokio::spawn(serve);
    addr
}

/// A page's connection.
struct Page {
    ws: Socket,
}

impl Page {
    async fn open(addr: SocketAddr) -> Page {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("connect");
        let mut page = Page { ws };
        let hello = page.next().await;
        assert_eq!(hello["t"], "hello", "{hello}");
        page
    }

    async fn send(&mut self, msg: Value) {
        self.send_text(msg.to_string()).await;
    }

    async fn send_text(&mut self, text: String) {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("send");
    }

    async fn next(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(20), self.ws.next())
                .await
                .expect("an answer within 20 s")
                .expect("the connection is open")
                .expect("a message");
            if let Message::Text(t) = msg {
                return serde_json::from_str(t.as_str()).expect("JSON");
            }
        }
    }

    /// The next message for which `want` holds (others are skipped).
    async fn until(&mut self, want: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.next().await;
            if want(&m) {
                return m;
            }
        }
    }

    /// The next state in which this page may move, or the game is over.
    async fn my_turn(&mut self) -> Value {
        self.until(|m| {
            m["t"] == "state"
                && (m["moves"].as_array().is_some_and(|a| !a.is_empty()) || !m["over"].is_null())
        })
        .await
    }

    async fn error(&mut self) -> Value {
        self.until(|m| m["t"] == "error").await
    }
}

/// The number of the square named `name` in a state's board.
fn square(state: &Value, name: &str) -> u64 {
    state["board"]["squares"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s[3] == name)
        .unwrap_or_else(|| panic!("no square {name}"))[0]
        .as_u64()
        .unwrap()
}

async fn get(addr: SocketAddr, path: &str) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

#[tokio::test]
async fn the_page_and_its_assets_come_from_the_binary() {
    let addr = start(settings()).await;
    let page = get(addr, "/").await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<svg id=\"board\""));
    assert!(page.to_lowercase().contains("content-security-policy"));
    let js = get(addr, "/app.js").await;
    assert!(js.contains("text/javascript") && js.contains("function tapSquare"));
    assert!(get(addr, "/../Cargo.toml")
        .await
        .starts_with("HTTP/1.1 404"));
}

#[tokio::test]
async fn a_game_against_the_engine_is_played_to_its_end() {
    let addr = start(settings()).await;
    let mut page = Page::open(addr).await;
    page.send(json!({"t": "new", "variant": "czech", "level": 1, "colour": "white"}))
        .await;
    let mut plies = 0;
    let over = loop {
        let state = page.my_turn().await;
        if !state["over"].is_null() {
            break state;
        }
        assert_eq!(state["you"], "white");
        assert_eq!(state["side"], "white");
        // the human plays the last legal move in the list, the engine answers at level 1
        let moves = state["moves"].as_array().unwrap();
        page.send(json!({"t": "move", "path": moves[moves.len() - 1]["path"]}))
            .await;
        plies += 2;
        assert!(plies < 600, "the game did not end");
    };
    let end = &over["over"];
    assert!(
        ["1-0", "0-1", "1/2-1/2"].contains(&end["result"].as_str().unwrap()),
        "{end}"
    );
    assert!(
        [
            "no_pieces",
            "blocked",
            "repetition",
            "no_progress",
            "endgame"
        ]
        .contains(&end["cause"].as_str().unwrap()),
        "{end}"
    );
    let pdn = over["pdn"].as_str().unwrap();
    assert!(
        pdn.contains("[GameType \"29,W,8,8,A0,0\"]")
            && pdn.trim_end().ends_with(end["result"].as_str().unwrap()),
        "{pdn}"
    );
    assert_eq!(over["moves"].as_array().unwrap().len(), 0);
    // no move after the end
    page.send(json!({"t": "move", "path": [22, 18]})).await;
    assert!(page.error().await["text"]
        .as_str()
        .unwrap()
        .contains("over"));
}

#[tokio::test]
async fn an_illegal_move_gets_the_reason_from_the_rules() {
    let addr = start(settings()).await;
    let mut page = Page::open(addr).await;
    page.send(json!({"t": "new", "variant": "czech", "level": 1, "colour": "white"}))
        .await;
    let state = page.my_turn().await;
    let [c3, d4, f6, e5, a3, b4] = ["c3", "d4", "f6", "e5", "a3", "b4"].map(|n| square(&state, n));
    // after c3-d4 f6-e5 White must capture d4xf6
    let moves = json!([[c3, d4], [f6, e5]]);
    page.send(
        json!({"t": "resume", "variant": "czech", "level": 1, "colour": "white", "moves": moves}),
    )
    .await;
    let state = page.my_turn().await;
    assert_eq!(state["ply"], 2);
    assert_eq!(state["moves"].as_array().unwrap().len(), 1);
    assert_eq!(state["moves"][0]["cap"], json!([e5]));
    page.send(json!({"t": "move", "path": [a3, b4]})).await;
    let illegal = page.until(|m| m["t"] == "illegal").await;
    assert_eq!(illegal["from"], a3);
    let why = illegal["text"].as_str().unwrap();
    assert!(why.contains("capture"), "{why}");
    // the game goes on: the capture is played
    page.send(json!({"t": "move", "path": state["moves"][0]["path"]}))
        .await;
    let next = page.until(|m| m["t"] == "state" && m["ply"] == 3).await;
    assert!(next["last"]["cap"] == json!([e5]));
}

#[tokio::test]
async fn a_hint_names_a_legal_move_and_undo_takes_back_a_move_and_its_answer() {
    let addr = start(settings()).await;
    let mut page = Page::open(addr).await;
    page.send(json!({"t": "new", "variant": "czech", "level": 2, "colour": "white"}))
        .await;
    let state = page.my_turn().await;
    page.send(json!({"t": "undo"})).await;
    assert!(page.error().await["text"]
        .as_str()
        .unwrap()
        .contains("nothing to take back"));
    page.send(json!({"t": "hint"})).await;
    let hint = page.until(|m| m["t"] == "hint").await;
    let legal: Vec<&Value> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["path"])
        .collect();
    assert!(legal.contains(&&hint["path"]), "{hint}");
    page.send(json!({"t": "move", "path": hint["path"]})).await;
    let answered = page.my_turn().await;
    assert_eq!(answered["ply"], 2);
    page.send(json!({"t": "undo"})).await;
    let back = page.until(|m| m["t"] == "state" && m["ply"] == 0).await;
    assert_eq!(back["moves"].as_array().unwrap().len(), 7);
    assert_eq!(back["history"], json!([]));
}

#[tokio::test]
async fn the_engine_moves_first_for_black_and_resigning_ends_the_game() {
    let addr = start(settings()).await;
    let mut page = Page::open(addr).await;
    page.send(json!({"t": "new", "variant": "international", "level": 1, "colour": "black"}))
        .await;
    let state = page.my_turn().await;
    assert_eq!(
        (state["you"].as_str(), state["ply"].as_u64()),
        (Some("black"), Some(1))
    );
    page.send(json!({"t": "resign"})).await;
    let over = page
        .until(|m| m["t"] == "state" && !m["over"].is_null())
        .await;
    assert_eq!(over["over"]["cause"], "resigned");
    assert_eq!(over["over"]["result"], "1-0");
}

/// Two pages in one room: A creates it, B joins by the code.
async fn room(addr: SocketAddr) -> (Page, Page, String, Value, Value) {
    let mut a = Page::open(addr).await;
    a.send(json!({"t": "create_room", "variant": "czech", "level": 1}))
        .await;
    let room = a.until(|m| m["t"] == "room").await;
    let code = room["code"].as_str().unwrap().to_string();
    assert!(room["qr"].as_str().unwrap().contains("<svg"));
    assert!(room["link"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/?room={code}")));
    let waiting = a.until(|m| m["t"] == "state").await;
    assert_eq!(waiting["room"]["opponent"], "waiting");
    let mut b = Page::open(addr).await;
    let typed = format!("{}-{}", &code[..5], &code[5..]).to_lowercase();
    b.send(json!({"t": "join_room", "code": typed})).await;
    let sa = a.until(|m| m["t"] == "state" && m["started"] == true).await;
    let sb = b.until(|m| m["t"] == "state" && m["started"] == true).await;
    (a, b, code, sa, sb)
}

#[tokio::test]
async fn two_players_play_each_other_in_a_room() {
    let addr = start(settings()).await;
    let (a, b, _, sa, sb) = room(addr).await;
    assert_ne!(sa["you"], sb["you"], "colours by lot, one each");
    assert_eq!(sa["room"]["opponent"], "here");
    let (mut white, mut black, w) = if sa["you"] == "white" {
        (a, b, sa)
    } else {
        (b, a, sb)
    };
    assert!(!w["moves"].as_array().unwrap().is_empty());
    black
        .send(json!({"t": "move", "path": w["moves"][0]["path"]}))
        .await;
    assert!(black.error().await["text"]
        .as_str()
        .unwrap()
        .contains("not your turn"));
    white
        .send(json!({"t": "move", "path": w["moves"][0]["path"]}))
        .await;
    let bs = black.my_turn().await;
    assert_eq!(bs["ply"], 1);
    black.send(json!({"t": "hint"})).await;
    assert!(black.error().await["text"]
        .as_str()
        .unwrap()
        .contains("no hints"));
    black.send(json!({"t": "resign"})).await;
    let over = white
        .until(|m| m["t"] == "state" && !m["over"].is_null())
        .await;
    assert_eq!(over["over"]["winner"], "white");
}

#[tokio::test]
async fn a_dropped_player_is_waited_for_then_the_engine_plays_for_him_until_he_returns() {
    let addr = start(settings()).await;
    let (a, b, code, sa, sb) = room(addr).await;
    let (white, mut black, white_state) = if sa["you"] == "white" {
        (a, b, sa)
    } else {
        (b, a, sb)
    };
    let token = white_state["room"]["token"].as_str().unwrap().to_string();
    drop(white);
    let away = black
        .until(|m| m["t"] == "state" && m["room"]["opponent"] == "away")
        .await;
    assert_eq!(away["ply"], 0, "nobody moves for him during the wait");
    let played = black.until(|m| m["t"] == "state" && m["ply"] == 1).await;
    assert_eq!(played["room"]["opponent"], "engine");
    // Black answers; the engine answers for White again
    black
        .send(json!({"t": "move", "path": played["moves"][0]["path"]}))
        .await;
    black.until(|m| m["t"] == "state" && m["ply"] == 3).await;
    // White comes back with his token and takes over
    let mut back = Page::open(addr).await;
    back.send(json!({"t": "join_room", "code": code, "token": token}))
        .await;
    let s = back.until(|m| m["t"] == "state").await;
    assert_eq!(s["you"], "white");
    black
        .until(|m| m["t"] == "state" && m["room"]["opponent"] == "here")
        .await;
}

#[tokio::test]
async fn a_wrong_code_is_an_unknown_room_and_wrong_codes_are_rate_limited() {
    let addr = start(Settings {
        wrong_codes_per_minute: 3,
        ..settings()
    })
    .await;
    let mut a = Page::open(addr).await;
    a.send(json!({"t": "create_room", "variant": "czech", "level": 1}))
        .await;
    let code = a.until(|m| m["t"] == "room").await["code"]
        .as_str()
        .unwrap()
        .to_string();
    let mut b = Page::open(addr).await;
    let wrong = if code.starts_with('2') { "3" } else { "2" }.to_string() + &code[1..];
    b.send(json!({"t": "join_room", "code": wrong})).await;
    let e1 = b.error().await;
    b.send(json!({"t": "join_room", "code": "no such thing"}))
        .await;
    let e2 = b.error().await;
    assert_eq!(
        e1, e2,
        "a wrong code and an unknown one get the same answer"
    );
    assert_eq!(e1["code"], "no_room");
    b.send(json!({"t": "join_room", "code": "ZZZZZZZZZZ"}))
        .await;
    b.error().await;
    b.send(json!({"t": "join_room", "code": code})).await;
    let limited = b.error().await;
    assert_eq!(limited["code"], "rate", "{limited}");
    // making a room of one's own is not a guess
    b.send(json!({"t": "create_room", "variant": "czech", "level": 1}))
        .await;
    assert!(b.until(|m| m["t"] == "room" || m["t"] == "error").await["t"] == "room");
}

#[tokio::test]
async fn limits_are_refused_clearly_and_hostile_messages_get_an_error() {
    let addr = start(Settings {
        max_connections: 2,
        max_rooms: 1,
        max_message_bytes: 1000,
        ..settings()
    })
    .await;
    let mut a = Page::open(addr).await;
    a.send(json!({"t": "create_room", "variant": "czech", "level": 1}))
        .await;
    a.until(|m| m["t"] == "room").await;
    let mut b = Page::open(addr).await;
    b.send(json!({"t": "create_room", "variant": "czech", "level": 1}))
        .await;
    let e = b.error().await;
    assert_eq!(e["code"], "limit");
    assert!(e["text"].as_str().unwrap().contains("rooms"));
    // a third connection is refused with a reason
    let (mut c, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let refusal = match c.next().await {
        Some(Ok(Message::Text(t))) => serde_json::from_str::<Value>(t.as_str()).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(refusal["code"], "limit");
    assert!(refusal["text"].as_str().unwrap().contains("connections"));
    // hostile messages: each gets an error, and the connection goes on
    let hostile = [
        "x".repeat(5000),
        "{".into(),
        "null".into(),
        r#"{"t":"move","path":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41]}"#.into(),
        r#"{"t":"move","path":[99999999999]}"#.into(),
        r#"{"t":"new","variant":"../../etc/passwd","level":1,"colour":"white"}"#.into(),
        r#"{"t":"resume","variant":"czech","level":1,"colour":"white","moves":[[1,1000]]}"#.into(),
        r#"{"t":"move","path":[22,18]}"#.into(),
    ];
    for text in hostile {
        b.send_text(text.clone()).await;
        let e = b.error().await;
        assert!(!e["text"].as_str().unwrap().is_empty(), "{text}: {e}");
    }
    b.ws.send(Message::Binary(vec![0u8; 10].into()))
        .await
        .unwrap();
    assert_eq!(b.error().await["code"], "bad_message");
    b.send(json!({"t": "ping"})).await;
    assert_eq!(b.until(|m| m["t"] != "error").await["t"], "pong");
}

#[tokio::test]
async fn every_rectangular_variant_starts_and_its_moves_are_checked() {
    let addr = start(settings()).await;
    let mut page = Page::open(addr).await;
    let hello_variants: Vec<String> = dama::Variant::ALL
        .into_iter()
        .filter(|v| dama_web::protocol::playable(v.name()).is_ok())
        .map(|v| v.name().to_string())
        .collect();
    assert!(hello_variants.len() >= 20 && !hello_variants.contains(&"alquerque".to_string()));
    for v in hello_variants {
        page.send(json!({"t": "new", "variant": v, "level": 1, "colour": "white"}))
            .await;
        let s = page
            .until(|m| {
                m["t"] == "state"
                    && m["board"]["variant"] == v.as_str()
                    && m["moves"].as_array().is_some_and(|a| !a.is_empty())
            })
            .await;
        let mv = &s["moves"][0]["path"];
        page.send(json!({"t": "move", "path": mv})).await;
        page.until(|m| {
            m["t"] == "state" && m["ply"].as_u64().unwrap() > s["ply"].as_u64().unwrap()
        })
        .await;
    }
}

#[tokio::test]
async fn two_capture_paths_to_one_square_are_two_moves_with_their_paths() {
    let addr = start(settings()).await;
    let mut page = Page::open(addr).await;
    let fen = "W:Wc3:Bb4,d4,b6,d6,h8";
    page.send(json!({"t": "new", "variant": "czech", "level": 1, "colour": "white", "fen": fen}))
        .await;
    let s = page.my_turn().await;
    let [c3, a5, e5, c7] = ["c3", "a5", "e5", "c7"].map(|n| square(&s, n));
    let paths: Vec<&Value> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["path"])
        .collect();
    assert_eq!(paths.len(), 2, "{paths:?}");
    assert!(paths.contains(&&json!([c3, a5, c7])) && paths.contains(&&json!([c3, e5, c7])));
    assert_eq!(s["fen"], fen);
    page.send(json!({"t": "move", "path": [c3, c7]})).await;
    let illegal = page.until(|m| m["t"] == "illegal").await;
    assert!(
        illegal["text"].as_str().unwrap().contains("ambiguous"),
        "{illegal}"
    );
    page.send(json!({"t": "move", "path": [c3, e5, c7]})).await;
    let played = page.until(|m| m["t"] == "state" && m["ply"] == 1).await;
    let [d4, d6] = ["d4", "d6"].map(|n| square(&s, n));
    let mut cap: Vec<u64> = played["last"]["cap"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    cap.sort();
    let mut want = vec![d4, d6];
    want.sort();
    assert_eq!(cap, want);
    assert!(played["pdn"]
        .as_str()
        .unwrap()
        .contains(&format!("[FEN \"{fen}\"]")));
}
