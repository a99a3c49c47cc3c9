//! A panic hook for the protocol commands (`dama hub`, `dama dxp`): a panic the library catches
//! (a search that fails answers `done` without a move, with an error line) is reported on
//! standard error as one line, not as Rust's multi-line message with its backtrace note, so a
//! GUI that logs the engine's standard error line by line sees one entry.

use std::panic::{self, PanicHookInfo};

/// Replaces the panic hook of this process with [`panic_line`] written to standard error.
pub fn report_in_one_line() {
    panic::set_hook(Box::new(|info| eprintln!("{}", panic_line(info))));
}

/// `dama: internal error at FILE:LINE: MESSAGE`, on one line.
fn panic_line(info: &PanicHookInfo<'_>) -> String {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string());
    let place = info
        .location()
        .map(|l| format!(" at {}:{}", l.file(), l.line()))
        .unwrap_or_default();
    one_line(&format!("dama: internal error{place}: {message}"))
}

fn one_line(text: &str) -> String {
    text.split(['\n', '\r'])
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" / ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn a_panic_is_one_line_with_its_place_and_message() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&seen);
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            sink.lock().unwrap().push(panic_line(info))
        }));
        let _ = panic::catch_unwind(|| panic!("the search broke\nat depth {}", 21));
        let _ = panic::catch_unwind(|| std::panic::panic_any(7_u8));
        panic::set_hook(previous);
        // The hook is the process's: keep only this test's two panics.
        let seen: Vec<String> = seen
            .lock()
            .unwrap()
            .iter()
            .filter(|l| l.contains("panics.rs"))
            .cloned()
            .collect();
        assert_eq!(seen.len(), 2, "{seen:?}");
        assert!(
            seen[0].starts_with("dama: internal error at tools/src/cli/panics.rs:"),
            "{}",
            seen[0]
        );
        assert!(
            seen[0].ends_with(": the search broke / at depth 21"),
            "{}",
            seen[0]
        );
        assert!(seen[1].ends_with(": a panic"), "{}", seen[1]);
        assert!(seen.iter().all(|l| !l.contains('\n')));
    }
}
