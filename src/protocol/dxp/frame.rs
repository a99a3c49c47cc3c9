//! The DXP socket layer: each message is 1 to 127 bytes of ASCII (codes 1-127), followed by a NUL.
//!
//! [`FrameReader`] cuts a byte stream into frames without ever holding more than one frame's
//! worth of bytes: an overlong frame is reported once and skipped up to its NUL, so a peer that
//! never sends NUL cannot make the reader grow or hang on a full buffer. A read that fails (a
//! socket timeout, say) keeps the partial frame for the next call.

use std::fmt;
use std::io::{self, BufRead, ErrorKind, Write};

use super::message::Message;

/// The longest message, in bytes, without its NUL.
pub const MAX_FRAME: usize = 127;

/// Why a frame cannot be a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrameError {
    /// A NUL with nothing before it.
    Empty,
    /// More than [`MAX_FRAME`] bytes before the NUL (the count, up to the NUL).
    Overlong(usize),
    /// A byte outside ASCII 1-127 (the first one).
    NotAscii(u8),
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrameError::Empty => f.write_str("an empty message (a NUL with nothing before it)"),
            FrameError::Overlong(n) => {
                write!(f, "a message of {n} bytes; DXP allows at most {MAX_FRAME}")
            }
            FrameError::NotAscii(b) => write!(f, "byte {b} is not ASCII 1-127"),
        }
    }
}

impl std::error::Error for FrameError {}

/// Reads NUL-terminated frames from a buffered stream.
pub struct FrameReader<R> {
    inner: R,
    /// The start of the frame being read (at most one byte past [`MAX_FRAME`]).
    partial: Vec<u8>,
    /// The bytes of the frame being read so far, kept or not.
    len: usize,
}

impl<R: BufRead> FrameReader<R> {
    /// Reads from `inner`.
    pub fn new(inner: R) -> FrameReader<R> {
        FrameReader {
            inner,
            partial: Vec::with_capacity(MAX_FRAME + 1),
            len: 0,
        }
    }

    /// The next frame: `Ok(None)` at the end of the stream (a frame cut off by the end is
    /// dropped), `Ok(Some(Err(..)))` for a frame that is not valid, `Err` when reading fails.
    pub fn next_frame(&mut self) -> io::Result<Option<Result<String, FrameError>>> {
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                self.partial.clear();
                self.len = 0;
                return Ok(None);
            }
            let nul = buf.iter().position(|&b| b == 0);
            let chunk = &buf[..nul.unwrap_or(buf.len())];
            let room = (MAX_FRAME + 1).saturating_sub(self.partial.len());
            self.partial
                .extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.len += chunk.len();
            let used = chunk.len() + usize::from(nul.is_some());
            self.inner.consume(used);
            if nul.is_some() {
                let frame = check(&self.partial, self.len);
                self.partial.clear();
                self.len = 0;
                return Ok(Some(frame));
            }
        }
    }
}

fn check(bytes: &[u8], len: usize) -> Result<String, FrameError> {
    if len == 0 {
        return Err(FrameError::Empty);
    }
    if len > MAX_FRAME {
        return Err(FrameError::Overlong(len));
    }
    if let Some(&b) = bytes.iter().find(|b| !b.is_ascii()) {
        return Err(FrameError::NotAscii(b));
    }
    Ok(bytes.iter().map(|&b| b as char).collect())
}

/// The bytes of `msg` on the wire: its text and a NUL.
pub fn encode(msg: &Message) -> Vec<u8> {
    let mut bytes = msg.format().into_bytes();
    bytes.truncate(MAX_FRAME);
    bytes.push(0);
    bytes
}

/// Writes `msg` as one frame and flushes.
pub fn write_message<W: Write>(out: &mut W, msg: &Message) -> io::Result<()> {
    out.write_all(&encode(msg))?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor, Read};

    fn frames(bytes: &[u8]) -> Vec<Result<String, FrameError>> {
        let mut r = FrameReader::new(BufReader::with_capacity(7, Cursor::new(bytes.to_vec())));
        let mut out = Vec::new();
        while let Some(f) = r.next_frame().unwrap() {
            out.push(f);
            assert!(out.len() < 100, "the reader does not advance");
        }
        out
    }

    #[test]
    fn splits_at_nul_across_buffer_refills() {
        let got = frames(b"E00\0M0012061100\0CHello there, a longer chat\0");
        assert_eq!(
            got,
            vec![
                Ok("E00".to_string()),
                Ok("M0012061100".to_string()),
                Ok("CHello there, a longer chat".to_string())
            ]
        );
    }

    #[test]
    fn an_overlong_frame_is_reported_once_and_skipped() {
        let mut bytes = vec![b'C'; 500];
        bytes.push(0);
        bytes.extend_from_slice(b"K1\0");
        assert_eq!(
            frames(&bytes),
            vec![Err(FrameError::Overlong(500)), Ok("K1".to_string())]
        );
        let mut exact = vec![b'C'; MAX_FRAME];
        exact.push(0);
        assert_eq!(frames(&exact).len(), 1);
        assert!(frames(&exact)[0].is_ok());
    }

    #[test]
    fn empty_and_non_ascii_frames() {
        assert_eq!(
            frames(b"\0C\xc3\xa9\0E00\0"),
            vec![
                Err(FrameError::Empty),
                Err(FrameError::NotAscii(0xc3)),
                Ok("E00".to_string())
            ]
        );
    }

    #[test]
    fn a_frame_cut_off_by_the_end_is_dropped() {
        assert_eq!(frames(b"E00\0M00"), vec![Ok("E00".to_string())]);
        assert!(frames(b"").is_empty());
    }

    /// A stream that fails once in the middle of a frame, like a socket read timeout.
    struct Hiccup(Vec<u8>, bool);

    impl Read for Hiccup {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if !self.1 && self.0.len() < 3 {
                self.1 = true;
                return Err(io::Error::new(ErrorKind::WouldBlock, "timeout"));
            }
            let n = buf.len().min(self.0.len()).min(2);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0.drain(..n);
            Ok(n)
        }
    }

    #[test]
    fn a_failed_read_keeps_the_partial_frame() {
        let mut r = FrameReader::new(BufReader::with_capacity(
            2,
            Hiccup(b"K0\0E00\0".to_vec(), false),
        ));
        assert_eq!(r.next_frame().unwrap(), Some(Ok("K0".to_string())));
        assert!(r.next_frame().is_err());
        assert_eq!(r.next_frame().unwrap(), Some(Ok("E00".to_string())));
        assert_eq!(r.next_frame().unwrap(), None);
    }

    #[test]
    fn encode_adds_the_nul() {
        assert_eq!(
            encode(&Message::BackAcc(
                super::super::message::BackAcc::NotSupported
            )),
            b"K1\0"
        );
    }
}
