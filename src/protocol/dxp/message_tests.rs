use super::*;

fn round_trip(text: &str) -> Message {
    let msg = Message::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(msg.format(), text);
    msg
}

/// The message `text` reads as, which prints to text that reads back as it.
fn reads_stably(text: &str) -> Message {
    let msg = Message::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    assert_eq!(Message::parse(&msg.format()), Ok(msg.clone()));
    msg
}

fn parse_err(text: &str) -> String {
    Message::parse(text).unwrap_err().0
}

#[test]
fn chat_any_text_up_to_126() {
    let msg = round_trip("CWhat do you think about move 35?");
    assert_eq!(
        msg,
        Message::Chat("What do you think about move 35?".into())
    );
    round_trip(&format!("C{}", "x".repeat(126)));
    assert!(parse_err(&format!("C{}", "x".repeat(127))).contains("at most 126"));
    assert_eq!(Message::Chat("a\tb".into()).format(), "Ca?b");
}

#[test]
fn gamereq_with_the_start_position_is_43_characters() {
    let text = "R01Tornado voor Windows 4.0        W060065A";
    assert_eq!(text.len(), 43);
    let msg = round_trip(text);
    let Message::GameReq(r) = msg else {
        panic!("{msg:?}")
    };
    assert_eq!(r.version, 1);
    assert_eq!(r.name, "Tornado voor Windows 4.0");
    assert_eq!(r.follower, Color::White);
    assert_eq!((r.minutes, r.moves), (60, 65));
    assert_eq!(r.start, Start::Initial);
}

#[test]
fn gamereq_with_a_position_is_94_characters() {
    let board = format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20));
    let text = format!("R01DXP Client                      Z005075BW{board}");
    assert_eq!(text.len(), 94);
    let Message::GameReq(r) = round_trip(&text) else {
        panic!()
    };
    assert_eq!(r.follower, Color::Black);
    let Start::Setup(s) = r.start else { panic!() };
    assert_eq!(s.to_move, Color::White);
    assert_eq!(s.cells.len(), 50);
    assert_eq!(s.cells[0], Some((Color::Black, Piece::Man)));
    assert_eq!(s.cells[25], None);
    assert_eq!(s.cells[49], Some((Color::White, Piece::Man)));
}

#[test]
fn gamereq_accepts_pydraughts_32_square_boards() {
    let text = "R01DXP Client                      W005075BWzzzzzzzzzzzzeeeeeeeewwwwwwwwwwww";
    assert_eq!(text.len(), 76);
    let Message::GameReq(r) = round_trip(text) else {
        panic!()
    };
    let Start::Setup(s) = r.start else { panic!() };
    assert_eq!(s.cells.len(), 32);
}

#[test]
fn gamereq_errors_name_the_field() {
    let ok = "R01Tornado voor Windows 4.0        W060065A";
    assert!(parse_err(&ok[..40]).contains("number of moves"));
    assert!(parse_err(&ok.replace("W060", "X060")).contains("follower colour must be W or Z"));
    assert!(parse_err(&ok.replace("060", "6a0")).contains("thinking time"));
    assert!(parse_err(&format!("{ok}x")).contains("1 characters too many"));
    assert!(parse_err(&ok.replace("065A", "065C")).contains("A or B"));
    let short = "R01DXP Client                      W005075BWzzzz";
    assert!(parse_err(short).contains("4 squares"));
    let bad = format!(
        "R01DXP Client                      W005075BW{}",
        "q".repeat(50)
    );
    assert!(parse_err(&bad).contains("square 1 of the position is 'q'"));
}

#[test]
fn gameacc_codes() {
    for (digit, code) in [
        ('0', AccCode::Accept),
        ('1', AccCode::WrongVersion),
        ('2', AccCode::NotThisGame),
        ('3', AccCode::NoGames),
    ] {
        let text = format!("ATornado voor Windows 4.0        {digit}");
        assert_eq!(text.len(), 34);
        let msg = round_trip(&text);
        assert_eq!(
            msg,
            Message::GameAcc(GameAcc {
                name: "Tornado voor Windows 4.0".into(),
                code
            })
        );
    }
    assert!(parse_err("ATornado voor Windows 4.0        4").contains("0-3"));
    assert!(parse_err("Adama").contains("name field needs 32"));
}

#[test]
fn names_are_padded_and_cut_to_32() {
    let acc = GameAcc {
        name: " a name that is much longer than thirty-two characters".into(),
        code: AccCode::Accept,
    };
    let text = Message::GameAcc(acc).format();
    assert_eq!(text.len(), 34);
    assert_eq!(&text[..9], "Aa name t");
}

#[test]
fn names_and_chats_read_as_one_printable_line_that_prints_back_to_itself() {
    // Found by the dxp fuzz target: a name with spaces before it, or a control character in a
    // name or a chat, read as a message that printed as another one.
    let padded = format!("A{:>32}0", "dama");
    let Message::GameAcc(acc) = reads_stably(&padded) else {
        panic!()
    };
    assert_eq!(acc.name, "dama");
    let Message::GameAcc(acc) = reads_stably(&format!("A{:<32}0", "a\tb\nc")) else {
        panic!()
    };
    assert_eq!(acc.name, "a?b?c");
    assert_eq!(
        reads_stably("Cone\ntwo\r\u{1}"),
        Message::Chat("one?two??".into())
    );
    // A blank name stays blank.
    let Message::GameAcc(acc) = reads_stably(&format!("A{:32}0", "")) else {
        panic!()
    };
    assert_eq!(acc.name, "");
}

#[test]
fn move_quiet_and_capture() {
    let quiet = round_trip("M0012061100");
    assert_eq!(
        quiet,
        Message::Move(MoveMsg {
            seconds: 12,
            from: 6,
            to: 11,
            captured: vec![]
        })
    );
    let capture = round_trip("M001205250422122320");
    let Message::Move(m) = capture else { panic!() };
    assert_eq!((m.from, m.to), (5, 25));
    assert_eq!(m.captured, vec![22, 12, 23, 20]);
}

#[test]
fn move_errors() {
    assert!(parse_err("M001206110").contains("number of captured pieces"));
    assert!(parse_err("M00120611012").contains("captured field needs 2"));
    assert!(parse_err("M0012061100x").contains("too many"));
    assert!(parse_err("M0012511100").contains("square 51"));
    assert!(parse_err("M0012001100").contains("square 0"));
    assert!(parse_err("M0012061121").contains("21 captured pieces; at most 20"));
    assert!(parse_err("M00a2061100").contains("time field"));
}

#[test]
fn move_time_is_capped_at_9999() {
    let m = MoveMsg {
        seconds: 12345,
        from: 32,
        to: 28,
        captured: vec![],
    };
    assert_eq!(Message::Move(m).format(), "M9999322800");
}

#[test]
fn gameend_reasons_and_stop_codes() {
    assert_eq!(
        round_trip("E00"),
        Message::GameEnd(GameEnd {
            reason: EndReason::Unknown,
            stop: false
        })
    );
    assert_eq!(
        round_trip("E11"),
        Message::GameEnd(GameEnd {
            reason: EndReason::SenderLoses,
            stop: true
        })
    );
    round_trip("E20");
    round_trip("E30");
    assert!(parse_err("E40").contains("reason"));
    assert!(parse_err("E02").contains("stop code"));
    assert!(parse_err("E0").contains("stop code field needs 1"));
}

#[test]
fn backreq_and_backacc() {
    assert_eq!(
        round_trip("B005Z"),
        Message::BackReq(BackReq {
            move_number: 5,
            to_move: Color::Black
        })
    );
    assert!(parse_err("B000W").contains("001-999"));
    assert!(parse_err("B005B").contains("W or Z"));
    assert_eq!(round_trip("K0"), Message::BackAcc(BackAcc::Accepted));
    assert_eq!(round_trip("K1"), Message::BackAcc(BackAcc::NotSupported));
    assert_eq!(round_trip("K2"), Message::BackAcc(BackAcc::Continue));
    assert!(parse_err("K3").contains("0-2"));
}

#[test]
fn unknown_empty_and_non_ascii() {
    assert!(parse_err("X123").contains("unknown message type 'X'"));
    assert!(parse_err("").contains("empty"));
    assert!(parse_err("Cé").contains("ASCII"));
}
