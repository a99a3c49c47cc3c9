//! The input side of the Hub loop: a thread that reads lines and sends them to the loop.

use std::io::BufRead;
use std::sync::mpsc::Sender;
use std::thread;

use super::event::Event;
use crate::protocol::input::LineReader;

/// Reads lines on a thread of its own (it may block on input after the loop has ended) and
/// sends each, without its line ending, as [`Event::Line`] (a line that is not text as its
/// error, see [`LineReader`]); then [`Event::Eof`] at the end of the input or on a read error.
pub(super) fn spawn_reader<R: BufRead + Send + 'static>(input: R, tx: Sender<Event>) {
    thread::spawn(move || {
        for line in LineReader::new(input) {
            if tx.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = tx.send(Event::Eof);
    });
}
