//! `--eval-file` and Hub `set-param name=eval-file`: a network file is loaded as the user
//! gives it, and a bad one is a one-line error that leaves the evaluation as it was.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use dama::eval::nnue::{to_bytes, Network};
use dama::Variant;

/// A network that scores every international position 321 centi-men for the side to move,
/// and a truncated copy of it.
fn files() -> (PathBuf, PathBuf) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("eval-file");
    std::fs::create_dir_all(&dir).unwrap();
    let mut net = Network::zero(Variant::International, 32, 8);
    net.b3 = 26_091; // 26091 · 100 / 8128 = 321.0
    let bytes = to_bytes(&net);
    let (good, bad) = (dir.join("constant.nnue"), dir.join("truncated.nnue"));
    std::fs::write(&good, &bytes).unwrap();
    std::fs::write(&bad, &bytes[..bytes.len() - 3]).unwrap();
    (good, bad)
}

#[test]
fn set_param_loads_a_network_and_refuses_a_damaged_one() {
    let (good, bad) = files();
    let script = format!(
        "hub\nset-param name=variant value=international\nset-param name=book value=false\n\
         set-param name=eval-file value=\"{}\"\ninit\npos start\nlevel depth=1\ngo think\n\
         set-param name=eval-file value=\"{}\"\npos start\nlevel depth=1\ngo think\nping\n",
        bad.display(),
        good.display()
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "{text}");
    assert!(
        errors[0].contains("set-param: network file: ") && errors[0].contains("truncated.nnue"),
        "{text}"
    );
    // the first search used the build's evaluation, the second the constant network
    let scores: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info depth=1 "))
        .filter_map(|l| l.split(' ').find(|f| f.starts_with("score=")))
        .collect();
    assert_eq!(scores.len(), 2, "{text}");
    assert_ne!(scores[0], "score=-3.21", "{text}");
    assert_eq!(scores[1], "score=-3.21", "{text}");
    assert!(text
        .lines()
        .any(|l| l == "param name=eval-file value=\"\" type=string"));
}

#[test]
fn the_eval_file_option_loads_a_network_or_stops_with_one_line() {
    let (good, bad) = files();
    let run = |file: &PathBuf| {
        Command::new(env!("CARGO_BIN_EXE_dama"))
            .args([
                "analyze",
                "--variant",
                "international",
                "--depth",
                "1",
                "--eval-file",
            ])
            .arg(file)
            .env("RUST_BACKTRACE", "0")
            .env("RUST_LIB_BACKTRACE", "0")
            .output()
            .unwrap()
    };
    let out = run(&bad);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("--eval-file: network file: ") && err.contains("expected"),
        "{err}"
    );
    let out = run(&good);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("-321") || text.contains("-3.21"), "{text}");
}
