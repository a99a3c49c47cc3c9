//! `dama.ini` as a user meets it: read by `dama hub` from the working directory or from
//! `--config FILE`, every key applied, and a bad key, a bad value or a missing `--config` file a
//! one-line error naming the file and the line.

mod common;

use common::run_fed;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("config-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `dama ARGS` run in `dir`, fed `hub`: the output.
fn hub(dir: &Path, args: &[&str]) -> Output {
    let mut dama = Command::new(env!("CARGO_BIN_EXE_dama"));
    dama.args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    run_fed(&mut dama, b"hub\nquit\n")
}

fn params(out: &Output) -> String {
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn error(out: &Output) -> String {
    assert!(!out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(text.trim_end().lines().count(), 1, "{text}");
    text
}

#[test]
fn every_key_of_dama_ini_reaches_the_hub() {
    let dir = scratch("every-key");
    std::fs::write(
        dir.join("dama.ini"),
        "# every key\n; both comment forms\n\nvariant = russian\nnumbering = dama\n\
         threads = 2\nhash = 8\nskill = 3\nmultipv = 2\nseed = 9\nbook = false\nbook-ply = 4\n\
         book-margin = 30\nbitbases = \"/no such dir\"\nbb-size = 4\ndraw-repetition = false\n\
         draw-no-progress = off\ndraw-endgame = no\nponder = true\ntt-size = 18\n",
    )
    .unwrap();
    let text = params(&hub(&dir, &["hub"]));
    for line in [
        "param name=variant value=russian ",
        "param name=numbering value=dama ",
        "param name=threads value=2 ",
        "param name=hash value=4 ",
        "param name=tt-size value=18 ",
        "param name=skill value=3 ",
        "param name=multipv value=2 ",
        "param name=seed value=9 ",
        "param name=book value=false ",
        "param name=book-ply value=4 ",
        "param name=book-margin value=30 ",
        "param name=bitbases value=\"/no such dir\" ",
        "param name=bb-size value=4 ",
        "param name=draw-repetition value=false ",
        "param name=draw-no-progress value=false ",
        "param name=draw-endgame value=false ",
        "param name=ponder value=true ",
    ] {
        assert!(text.contains(line), "{line} missing from {text}");
    }
    // The repository's sample is a valid file of defaults, through --config.
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/dama.ini");
    let sample = sample.to_str().unwrap();
    let text = params(&hub(&dir, &["--config", sample, "hub"]));
    assert!(text.contains("param name=variant value=czech "), "{text}");
    assert!(text.contains("param name=hash value=64 "), "{text}");
}

#[test]
fn bad_keys_values_and_files_are_one_line_errors() {
    let dir = scratch("bad");
    std::fs::write(dir.join("dama.ini"), "threads = 2\nthreds = 4\n").unwrap();
    let e = error(&hub(&dir, &["hub"]));
    assert!(e.contains("dama.ini: line 2: unknown key 'threds'"), "{e}");
    std::fs::write(dir.join("bad-value.ini"), "\nhash = lots\n").unwrap();
    let e = error(&hub(&dir, &["--config", "bad-value.ini", "hub"]));
    assert!(
        e.contains("bad-value.ini: line 2: hash must be an integer from 1 to 65536, not 'lots'"),
        "{e}"
    );
    let e = error(&hub(&dir, &["hub", "--config", "missing.ini"]));
    assert!(e.contains("missing.ini: "), "{e}");
    // Without a dama.ini in the working directory the defaults hold.
    let empty = scratch("none");
    let text = params(&hub(&empty, &["hub"]));
    assert!(text.contains("param name=variant value=czech "), "{text}");
}
