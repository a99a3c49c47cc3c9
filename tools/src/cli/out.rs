//! Standard output of the commands. A reader that has gone (`dama variants | head`) ends the
//! command quietly with status 0, as a Unix tool in a pipeline is expected to; any other write
//! error ends it with a one-line message. No command panics on its output.

use std::fmt;
use std::io::{self, Write};
use std::process;

/// Writes `args` to standard output and flushes it, or ends the process by [`end`].
pub fn print(args: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        end(&e);
    }
}

/// Ends the process after a failed write to standard output: quietly with status 0 when the
/// reader has closed the pipe, else with a one-line message and status 1.
pub fn end(e: &io::Error) -> ! {
    if e.kind() != io::ErrorKind::BrokenPipe {
        eprintln!("dama: cannot write to standard output: {e}");
        process::exit(1);
    }
    process::exit(0)
}

/// `result` of a command that writes to standard output itself (the Hub session), with a closed
/// standard output ended as [`end`] ends it.
pub fn checked(result: io::Result<()>) -> io::Result<()> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => end(&e),
        other => other,
    }
}
