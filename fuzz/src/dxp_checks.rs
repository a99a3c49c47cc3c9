//! The properties of the `dxp` fuzz target: the frame reader cuts any bytes, delivered in any
//! pieces and with failed reads between them, exactly as the DXP framing says (a NUL ends a frame
//! of 1-127 ASCII bytes; an empty, overlong or non-ASCII frame is one error; a frame cut off by
//! the end is dropped); a message that parses formats to a valid frame that parses to the same
//! message; a GAMEREQ position that a board takes prints back to itself, and each of its legal
//! moves prints to a MOVE that reads back as the same move. The library's regression tests
//! include this file (`tests/fuzz_regressions.rs`).

use std::io::{self, BufReader, ErrorKind, Read};

use dama::protocol::dxp::{
    encode, DxpBoard, FrameError, FrameReader, Message, MoveMsg, Start, MAX_FRAME,
};
use dama::{movegen, Variant};

/// The first byte sets how the stream arrives (piece size, failed reads); the rest is the
/// stream.
pub fn dxp(data: &[u8]) {
    let Some((&mode, bytes)) = data.split_first() else {
        return;
    };
    let frames = read_frames(bytes, mode);
    assert_eq!(
        frames,
        model_frames(bytes),
        "the frame reader cut {bytes:?}"
    );
    for text in frames.iter().flatten() {
        message_round_trip(text);
    }
    // The parser on its own, with whatever text a frame could not carry.
    for chunk in bytes.split(|&b| b == 0) {
        message_round_trip(&String::from_utf8_lossy(chunk));
    }
}

/// A stream that returns `piece` bytes a read and, when `fail`, an error before each piece
/// (like a socket read timeout).
struct Pieces<'a> {
    bytes: &'a [u8],
    piece: usize,
    fail: bool,
    failed: bool,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.fail && !self.failed && !self.bytes.is_empty() {
            self.failed = true;
            let kind = if self.bytes.len().is_multiple_of(2) {
                ErrorKind::WouldBlock
            } else {
                ErrorKind::Interrupted
            };
            return Err(io::Error::new(kind, "a failed read"));
        }
        self.failed = false;
        let n = buf.len().min(self.piece).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// What [`FrameReader`] reads from `bytes` arriving as `mode` says.
pub fn read_frames(bytes: &[u8], mode: u8) -> Vec<Result<String, FrameError>> {
    let stream = Pieces {
        bytes,
        piece: 1 + usize::from(mode & 0x3f),
        fail: mode & 0x40 != 0,
        failed: false,
    };
    let capacity = if mode & 0x80 != 0 { 3 } else { 8192 };
    let mut reader = FrameReader::new(BufReader::with_capacity(capacity, stream));
    let mut frames = Vec::new();
    // Each call reads at least one byte or fails once; a reader that stalls fails the bound.
    for _ in 0..=2 * bytes.len() + 2 {
        match reader.next_frame() {
            Ok(Some(frame)) => frames.push(frame),
            Ok(None) => return frames,
            Err(e) => assert_eq!(e.kind(), ErrorKind::WouldBlock, "{e}"),
        }
    }
    panic!(
        "the frame reader does not reach the end of {} bytes",
        bytes.len()
    );
}

/// The frames of `bytes` by the DXP framing rules.
pub fn model_frames(bytes: &[u8]) -> Vec<Result<String, FrameError>> {
    let mut parts: Vec<&[u8]> = bytes.split(|&b| b == 0).collect();
    parts.pop(); // after the last NUL: cut off by the end (or nothing)
    parts
        .into_iter()
        .map(|part| {
            if part.is_empty() {
                Err(FrameError::Empty)
            } else if part.len() > MAX_FRAME {
                Err(FrameError::Overlong(part.len()))
            } else if let Some(&b) = part.iter().find(|b| !b.is_ascii()) {
                Err(FrameError::NotAscii(b))
            } else {
                Ok(String::from_utf8(part.to_vec()).unwrap())
            }
        })
        .collect()
}

/// Whether DXP can write every square of `variant` (its numbers are 01-50: not the 64
/// squares of the all-squares boards, nor the 128-bit 12×12 board).
fn dxp_numbers(v: Variant) -> bool {
    !v.rules().wide() && v.rules().names().squares <= 50
}

/// A message read from `text` formats to a valid frame that reads back as the same message.
pub fn message_round_trip(text: &str) {
    let Ok(msg) = Message::parse(text) else {
        return;
    };
    let printed = msg.format();
    assert_eq!(
        model_frames(&encode(&msg)),
        vec![Ok(printed.clone())],
        "{msg:?} is not one valid frame"
    );
    let again = Message::parse(&printed)
        .unwrap_or_else(|e| panic!("{printed:?}, printed from {text:?}, does not parse: {e}"));
    assert_eq!(again, msg, "{printed:?} reads back as another message");
    if let Message::GameReq(req) = &msg {
        for variant in Variant::ALL.into_iter().filter(|&v| dxp_numbers(v)) {
            board_round_trip(DxpBoard::new(variant), &req.start);
        }
    }
    if let Message::Move(m) = &msg {
        for variant in Variant::ALL.into_iter().filter(|&v| dxp_numbers(v)) {
            start_move(DxpBoard::new(variant), m);
        }
    }
}

/// A start position the board takes prints back to itself, and its legal moves round-trip.
fn board_round_trip(board: DxpBoard, start: &Start) {
    let Ok(pos) = board.start_position(start) else {
        return;
    };
    let printed = board.start_of(&pos);
    assert_eq!(
        board.start_position(&printed).as_ref(),
        Ok(&pos),
        "{:?}: {start:?} prints as {printed:?}",
        board.variant()
    );
    for mv in movegen::legal_moves(&pos) {
        let msg = board.message_of(&mv, 0);
        let text = Message::Move(msg.clone()).format();
        let Ok(Message::Move(read)) = Message::parse(&text) else {
            panic!("{text:?} for a legal move does not parse");
        };
        let back = board
            .move_of(&pos, &read)
            .unwrap_or_else(|e| panic!("{:?}: {text:?}: {e}", board.variant()));
        assert_eq!(
            board.message_of(&back, 0),
            msg,
            "{text:?} reads as another move"
        );
    }
}

/// A MOVE that names a legal move of the start position names it again when printed.
fn start_move(board: DxpBoard, m: &MoveMsg) {
    let pos = dama::Position::start(board.variant());
    let Ok(mv) = board.move_of(&pos, m) else {
        return;
    };
    assert!(movegen::legal_moves(&pos).contains(&mv));
    let printed = board.message_of(&mv, m.seconds);
    let mut wanted = m.captured.clone();
    wanted.sort_unstable();
    assert_eq!((printed.from, printed.to), (m.from, m.to));
    assert_eq!(printed.captured, wanted);
}
