//! The PDN fuzz target's properties (`fuzz/src/tool_checks.rs`, included here) over its
//! committed corpus and every input a fuzzer found failing (`fuzz/regressions/pdn/`).

#[allow(dead_code)]
#[path = "../../fuzz/src/checks.rs"]
mod checks;
#[path = "../../fuzz/src/tool_checks.rs"]
mod tool_checks;

use std::path::Path;

#[test]
fn pdn_inputs() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut n = 0;
    for dir in [fuzz.join("corpus/pdn"), fuzz.join("regressions/pdn")] {
        let Ok(files) = std::fs::read_dir(&dir) else {
            continue;
        };
        for f in files {
            tool_checks::pdn(&std::fs::read(f.unwrap().path()).unwrap());
            n += 1;
        }
    }
    assert!(n > 0);
}
