//! The training pipeline as a user runs it: `dama selfplay-data` in two shards, `merge`, and
//! `dama tune --data` writing a weights file that the library reads back.

use std::path::Path;
use std::process::Command;

use dama::eval::pattern;
use dama::Variant;

fn dama(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_string()
}

#[test]
fn shards_merge_into_the_whole_run_and_the_fit_writes_a_loadable_file() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("training-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let run = ["selfplay-data", "--games", "6", "--nodes", "150"];
    let (a, b, all, merged) = (
        path(&dir, "a.txt"),
        path(&dir, "b.txt"),
        path(&dir, "all.txt"),
        path(&dir, "merged.txt"),
    );
    dama(&[&run[..], &["--shard", "1/2", "--out", &a]].concat());
    dama(&[&run[..], &["--shard", "2/2", "--out", &b]].concat());
    dama(&[&run[..], &["--out", &all]].concat());
    dama(&["selfplay-data", "merge", &a, &b, "--out", &merged]);
    let whole = std::fs::read_to_string(&all).unwrap();
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), whole);
    assert!(whole.lines().count() > 100, "{whole}");
    // an interrupted run, cut inside a line, resumes to the same file
    std::fs::write(&a, &whole[..whole.len() * 2 / 3]).unwrap();
    let text = dama(&[&run[..], &["--out", &a, "--resume"]].concat());
    assert!(text.starts_with("resumed at game "), "{text}");
    assert_eq!(std::fs::read_to_string(&a).unwrap(), whole);
    let bad = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args([&run[..], &["--seed", "2", "--out", &a, "--resume"]].concat())
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&bad.stderr);
    assert!(e.contains("written by another run"), "{e}");
    assert_eq!(std::fs::read_to_string(&a).unwrap(), whole);
    // games from book openings
    let book = dama(
        &[
            "selfplay-data",
            "--variant",
            "international",
            "--games",
            "2",
        ]
        .iter()
        .chain(&[
            "--nodes",
            "100",
            "--book-openings",
            "20",
            "--opening",
            "0-2",
            "--out",
            &b,
        ])
        .copied()
        .collect::<Vec<_>>(),
    );
    assert!(book.starts_with("2 games, "), "{book}");
    let text = std::fs::read_to_string(&b).unwrap();
    assert!(
        text.lines().next().unwrap().ends_with("book-openings=20"),
        "{text}"
    );

    let weights = path(&dir, "czech.weights");
    let text = dama(&[
        "tune",
        "--data",
        &merged,
        "--epochs",
        "3",
        "--batch",
        "64",
        "--holdout",
        "3",
        "--out",
        &weights,
    ]);
    assert!(text.contains("epoch 3: train"), "{text}");
    let bytes = std::fs::read(&weights).unwrap();
    assert!(pattern::from_bytes(&bytes, Variant::Czech).is_ok());
    let e = pattern::from_bytes(&bytes, Variant::Russian).unwrap_err();
    assert!(e.to_string().contains("for 'czech'"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();

    let bad = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args([
            "selfplay-data",
            "--games",
            "1",
            "--shard",
            "3/2",
            "--out",
            &a,
        ])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--shard '3/2'"));
}
