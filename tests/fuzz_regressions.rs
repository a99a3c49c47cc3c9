//! The fuzz targets' properties (`fuzz/src/checks.rs`, included here) over the committed corpora
//! (`fuzz/corpus/TARGET/`) and every input a fuzzer found failing (`fuzz/regressions/TARGET/`),
//! so that what was fixed stays fixed without the nightly toolchain.

#[allow(dead_code)]
#[path = "../fuzz/src/checks.rs"]
mod checks;

#[path = "../fuzz/src/dxp_checks.rs"]
mod dxp_checks;

use std::path::Path;

/// Runs `check` on every file of the corpus and the regressions of `target`; returns how many.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut n = 0;
    for dir in [
        fuzz.join("corpus").join(target),
        fuzz.join("regressions").join(target),
    ] {
        let Ok(files) = std::fs::read_dir(&dir) else {
            continue;
        };
        for f in files {
            let path = f.unwrap().path();
            check(&std::fs::read(&path).unwrap());
            n += 1;
        }
    }
    n
}

#[test]
fn fen_inputs() {
    assert!(replay("fen", checks::fen) > 0);
}

#[test]
fn move_text_inputs() {
    assert!(replay("move_text", checks::move_text) > 0);
}

#[test]
fn hub_line_inputs() {
    assert!(replay("hub_line", checks::hub_lines) > 0);
}

#[test]
fn session_inputs() {
    assert!(replay("session", checks::session) > 0);
}

#[test]
fn book_inputs() {
    assert!(replay("book", checks::book) > 0);
}

#[test]
fn bitbase_inputs() {
    assert!(replay("bitbase", checks::bitbase) > 0);
}

#[test]
fn dxp_inputs() {
    assert!(replay("dxp", dxp_checks::dxp) > 0);
}
