//! The page-message fuzz target's property (`fuzz/src/web_checks.rs`, included here) over its
//! committed corpus and every input a fuzzer found failing (`fuzz/regressions/web_message/`).

#[path = "../../fuzz/src/web_checks.rs"]
mod web_checks;

use std::path::Path;

#[test]
fn web_message_inputs() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut n = 0;
    for dir in ["corpus/web_message", "regressions/web_message"] {
        let Ok(files) = std::fs::read_dir(fuzz.join(dir)) else {
            continue;
        };
        for f in files {
            web_checks::web_message(&std::fs::read(f.unwrap().path()).unwrap());
            n += 1;
        }
    }
    assert!(n >= 9, "{n} inputs");
}
