//! Hub transcripts with input that is not clean text: invalid UTF-8, NUL bytes, an overlong line,
//! CR and CR LF line ends, input that arrives a few bytes at a time. Each bad line is one `error`
//! line and the session goes on with its state intact.

use std::io::{self, BufReader, Cursor, Read};

use dama::protocol::hub::numbering::{Convention, Numbering};
use dama::protocol::input::MAX_LINE;
use dama::{Position, Variant};

/// Runs a whole session on `input` and returns its output lines.
fn transcript<R: Read + Send + 'static>(input: R) -> Vec<String> {
    let mut out = Vec::new();
    dama::protocol::run(BufReader::with_capacity(7, input), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// A reader that hands out `step` bytes a read (so lines and CR LF pairs are split).
struct Pieces {
    bytes: Vec<u8>,
    at: usize,
    step: usize,
}

impl Read for Pieces {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(out.len()).min(self.bytes.len() - self.at);
        out[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The session start every transcript here shares: no book, a small hash, Czech after c3-d4.
const SET_UP: &[u8] = b"set-param name=book value=false\nset-param name=hash value=1\n\
pos start moves=\"c3-d4\"\nlevel depth=2\n";

/// Checks that `lines` hold exactly the `errors` (in order, each containing its text) and end in
/// a `done` with a legal Black move after c3-d4 (the state set up before the bad lines).
fn check(lines: &[String], errors: &[&str]) {
    let got: Vec<&String> = lines.iter().filter(|l| l.starts_with("error")).collect();
    assert_eq!(got.len(), errors.len(), "{lines:?}");
    for (line, want) in got.iter().zip(errors) {
        assert!(line.starts_with("error message=\""), "{line}");
        assert!(line.contains(want), "{line} lacks {want:?}");
    }
    assert_eq!(
        lines.iter().filter(|l| *l == "pong").count(),
        2,
        "{lines:?}"
    );
    let done = lines.last().unwrap();
    let text = done.strip_prefix("done move=").expect("ends in done");
    let text = text.split(' ').next().unwrap();
    let conv = Convention::new(Variant::Czech, Numbering::Pydraughts);
    let start = Position::start(Variant::Czech);
    let after = start.play(&conv.parse_move(&start, "c3-d4").unwrap());
    conv.parse_move(&after, text)
        .unwrap_or_else(|e| panic!("done move {text} is not legal after c3-d4: {e}"));
}

#[test]
fn invalid_utf8_and_nul_bytes_are_one_error_each() {
    let mut input = SET_UP.to_vec();
    input.extend(b"ping\n\xFF\xFE\n");
    input.extend(b"pos start\0 moves=\"c3-b4\"\n");
    input.extend(b"set-param name=variant value=\xC3\x28\n");
    input.extend(b"ping\ngo think\n");
    let lines = transcript(Cursor::new(input));
    check(
        &lines,
        &[
            "line 6 is not valid UTF-8 (byte 0xFF at byte 1)",
            "line 7 holds a NUL byte",
            "line 8 is not valid UTF-8 (byte 0xC3 at byte 30)",
        ],
    );
}

#[test]
fn an_overlong_line_is_one_error_and_the_next_line_is_read() {
    let mut input = SET_UP.to_vec();
    input.extend(b"ping\npos start moves=\"");
    input.extend(std::iter::repeat_n(b'x', MAX_LINE));
    input.extend(b"\"\r\nping\r\ngo think\n");
    let lines = transcript(Cursor::new(input));
    check(
        &lines,
        &[&format!("line 6 is {} bytes long", MAX_LINE + 18)],
    );
}

#[test]
fn cr_and_cr_lf_line_ends_in_pieces_read_as_lines() {
    let text = String::from_utf8(SET_UP.to_vec()).unwrap();
    let crlf = text.replace('\n', "\r\n") + "ping\r\r\nping\rgo think\r";
    for step in [1, 2, 3, 5] {
        let lines = transcript(Pieces {
            bytes: crlf.clone().into_bytes(),
            at: 0,
            step,
        });
        check(&lines, &[]);
    }
}
