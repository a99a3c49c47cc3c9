//! `dama hub`, and plain `dama` when the first line it reads is `hub`.

use std::io::{self, BufRead, BufReader, Cursor, IsTerminal, Read};

use anyhow::{anyhow, Result};
use dama::protocol::Settings;

/// Speaks the Hub protocol on standard input and output until `quit` or end of input, from
/// `settings` (those of `dama.ini`).
pub fn run(settings: Settings) -> Result<()> {
    super::panics::report_in_one_line();
    let session = dama::protocol::run_with(BufReader::new(io::stdin()), io::stdout(), settings);
    super::out::checked(session)?;
    Ok(())
}

/// No subcommand: enters the Hub protocol if the first line read is `hub` (that line is then
/// answered as the protocol's first command).
pub fn run_if_first_line_is_hub(settings: Settings) -> Result<()> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        eprintln!("dama: type 'hub' for the Hub protocol, or run 'dama --help'");
    }
    // Bytes, not text, and bounded: whatever the first line holds, the answer is a message.
    let mut first = Vec::new();
    let limit = dama::protocol::input::MAX_LINE as u64;
    stdin.lock().take(limit).read_until(b'\n', &mut first)?;
    let first_word = first
        .split(|b| b.is_ascii_whitespace())
        .find(|word| !word.is_empty());
    if first_word != Some(b"hub".as_slice()) {
        return Err(anyhow!(
            "no command given and the first line read is not 'hub'; try 'dama --help'"
        ));
    }
    super::panics::report_in_one_line();
    let input = BufReader::new(Cursor::new(first).chain(io::stdin()));
    super::out::checked(dama::protocol::run_with(input, io::stdout(), settings))?;
    Ok(())
}
