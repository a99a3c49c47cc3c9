//! The input side of the Hub loop: a thread that reads lines and sends them to the loop.

use std::io::BufRead;
use std::sync::mpsc::Sender;
use std::thread;

use super::event::Event;

/// Reads lines on a thread of its own (it may block on input after the loop has ended) and
/// sends each, without its line ending, as [`Event::Line`]; then [`Event::Eof`] at the end of
/// the input or on a read error.
pub(super) fn spawn_reader<R: BufRead + Send + 'static>(mut input: R, tx: Sender<Event>) {
    thread::spawn(move || loop {
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                let _ = tx.send(Event::Eof);
                return;
            }
            Ok(_) => {
                let line = line.trim_end_matches(['\n', '\r']).to_string();
                if tx.send(Event::Line(line)).is_err() {
                    return;
                }
            }
        }
    });
}
