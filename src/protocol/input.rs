//! Protocol lines from a byte stream that may hold anything: a byte-safe, bounded line reader.
//!
//! A line ends at LF, CR LF or a lone CR (also when the CR and the LF arrive in separate reads),
//! or at the end of the input. A line that is not valid UTF-8, holds a NUL byte or is longer than
//! [`MAX_LINE`] bytes comes back as an [`InputError`] naming the line and what was wrong with it;
//! the reader stays in step and the next line is read as usual. An overlong line is never held in
//! memory whole: its bytes are counted and dropped until its end. A UTF-8 byte-order mark at the
//! start of the input is dropped. A read error other than an interruption ends the input.

use std::fmt;
use std::io::{BufRead, ErrorKind};

/// The longest line read, in bytes, without its line end (1 MiB).
pub const MAX_LINE: usize = 1 << 20;

/// A line that could not be read as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Reads lines from `input` (an [`Iterator`] of lines; `None` at the end of the input).
pub struct LineReader<R> {
    input: R,
    line: PartLine,
    /// The last line ended at a CR: an LF that follows belongs to it.
    after_cr: bool,
    /// Lines read so far.
    number: u64,
    ended: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of the lines of `input`.
    pub fn new(input: R) -> Self {
        LineReader {
            input,
            line: PartLine::default(),
            after_cr: false,
            number: 0,
            ended: false,
        }
    }

    /// Reads on until the current line ends; `false` when the input ended first.
    fn read_to_line_end(&mut self) -> bool {
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => return false,
            };
            if buf.is_empty() {
                return false;
            }
            if std::mem::take(&mut self.after_cr) && buf[0] == b'\n' {
                self.input.consume(1);
                continue;
            }
            match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(end) => {
                    self.after_cr = buf[end] == b'\r';
                    self.line.take(&buf[..end]);
                    self.input.consume(end + 1);
                    return true;
                }
                None => {
                    let len = buf.len();
                    self.line.take(buf);
                    self.input.consume(len);
                }
            }
        }
    }

    /// The current line as text, or what is wrong with it; starts the next line.
    fn finish_line(&mut self) -> Result<String, InputError> {
        self.number += 1;
        let n = self.number;
        if let Some(len) = self.line.overlong.take() {
            return Err(InputError(format!(
                "line {n} is {len} bytes long, over the limit of {MAX_LINE}; ignored"
            )));
        }
        let mut bytes = std::mem::take(&mut self.line.bytes);
        if n == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes.drain(..3);
        }
        if let Some(i) = bytes.iter().position(|&b| b == 0) {
            return Err(InputError(format!(
                "line {n} holds a NUL byte at byte {}; ignored",
                i + 1
            )));
        }
        String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let byte = e.as_bytes()[at];
            InputError(format!(
                "line {n} is not valid UTF-8 (byte 0x{byte:02X} at byte {}); ignored",
                at + 1
            ))
        })
    }
}

/// The line being read.
#[derive(Default)]
struct PartLine {
    /// Its bytes so far (at most [`MAX_LINE`]).
    bytes: Vec<u8>,
    /// Its length once it is over [`MAX_LINE`] (its bytes are then dropped).
    overlong: Option<usize>,
}

impl PartLine {
    /// Takes `more` into the line, or only counts it once the line is overlong.
    fn take(&mut self, more: &[u8]) {
        if let Some(len) = &mut self.overlong {
            *len += more.len();
        } else if self.bytes.len() + more.len() > MAX_LINE {
            self.overlong = Some(self.bytes.len() + more.len());
            self.bytes = Vec::new();
        } else {
            self.bytes.extend_from_slice(more);
        }
    }
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = Result<String, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ended {
            return None;
        }
        if !self.read_to_line_end() {
            self.ended = true;
            if self.line.bytes.is_empty() && self.line.overlong.is_none() {
                return None;
            }
        }
        Some(self.finish_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor, Read};

    fn lines(bytes: &[u8]) -> Vec<Result<String, InputError>> {
        LineReader::new(Cursor::new(bytes.to_vec())).collect()
    }

    fn ok(s: &str) -> Result<String, InputError> {
        Ok(s.to_string())
    }

    /// A reader that hands out at most `step` bytes a read, and is interrupted before each.
    struct Pieces {
        bytes: Vec<u8>,
        at: usize,
        step: usize,
        interrupt: bool,
    }

    impl Read for Pieces {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(ErrorKind::Interrupted.into());
            }
            let n = self.step.min(out.len()).min(self.bytes.len() - self.at);
            out[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    #[test]
    fn every_line_end_ends_a_line_once() {
        let got = lines(b"hub\ninit\r\nping\rquit\r\r\n\nlast");
        let want = ["hub", "init", "ping", "quit", "", "", "last"];
        assert_eq!(got, want.map(ok).to_vec());
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"\n"), vec![ok("")]);
    }

    #[test]
    fn lines_in_pieces_read_as_whole_lines() {
        let text = b"hub\r\nset-param name=variant value=czech\r\ninit\rping\n".to_vec();
        let want: Vec<_> = lines(&text);
        for step in 1..6 {
            let pieces = Pieces {
                bytes: text.clone(),
                at: 0,
                step,
                interrupt: false,
            };
            let got: Vec<_> = LineReader::new(BufReader::with_capacity(3, pieces)).collect();
            assert_eq!(got, want, "step {step}");
        }
    }

    #[test]
    fn bad_lines_are_errors_and_the_next_line_reads() {
        let got = lines(b"ping\n\xFF\xFE\nis\0nul\ncaf\xC3\xA9\n\xEF\xBB\xBFlate bom\nend");
        assert_eq!(got[0], ok("ping"));
        let e = got[1].as_ref().unwrap_err().0.clone();
        assert!(
            e.contains("line 2 is not valid UTF-8 (byte 0xFF at byte 1)"),
            "{e}"
        );
        let e = got[2].as_ref().unwrap_err().0.clone();
        assert!(e.contains("line 3 holds a NUL byte at byte 3"), "{e}");
        assert_eq!(got[3], ok("café"));
        // A byte-order mark is dropped only at the very start of the input.
        assert_eq!(got[4], ok("\u{FEFF}late bom"));
        assert_eq!(got[5], ok("end"));
        assert_eq!(lines(b"\xEF\xBB\xBFhub\n"), vec![ok("hub")]);
        // A truncated character at the end of the input.
        assert!(lines(b"ping\xE2\x82").last().unwrap().is_err());
    }

    #[test]
    fn an_overlong_line_is_one_error_and_not_kept() {
        let mut text = b"ping\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        text.extend(b"\r\npong\n");
        text.extend(std::iter::repeat_n(b'y', MAX_LINE));
        text.extend(b"\n");
        text.extend(std::iter::repeat_n(b'z', 3 * MAX_LINE));
        let mut reader = LineReader::new(BufReader::new(Cursor::new(text)));
        assert_eq!(reader.next(), Some(ok("ping")));
        let e = reader.next().unwrap().unwrap_err().0;
        assert!(
            e.contains(&format!("line 2 is {} bytes long", MAX_LINE + 10)),
            "{e}"
        );
        assert!(reader.line.bytes.capacity() <= MAX_LINE);
        assert_eq!(reader.next(), Some(ok("pong")));
        assert_eq!(reader.next().unwrap().unwrap().len(), MAX_LINE);
        let e = reader.next().unwrap().unwrap_err().0;
        assert!(
            e.contains(&format!("line 5 is {} bytes long", 3 * MAX_LINE)),
            "{e}"
        );
        assert_eq!(reader.next(), None);
        assert_eq!(reader.next(), None);
    }
}
