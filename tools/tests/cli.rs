//! The `dama` binary's entry points, run as a user runs them: Hub mode by argument or by a first
//! `hub` line, and the `egtb` subcommands' output formats.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use dama::bitbase::{build, Bitbases, MaterialSignature};
use dama::Variant;

#[test]
fn the_binary_speaks_hub_with_the_argument_or_a_first_hub_line() {
    let exe = env!("CARGO_BIN_EXE_dama");
    for args in [&["hub"][..], &[][..]] {
        let mut child = Command::new(exe)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"hub\ninit\n\xFF\xFE\npos start\nlevel depth=1\ngo think\nping\n")
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("id name=dama"), "{args:?}: {text}");
        assert!(lines.contains(&"wait") && lines.contains(&"ready"));
        assert!(lines.iter().any(|l| l.starts_with("done move=")), "{text}");
        assert!(lines.contains(&"pong"));
        // The line that is not UTF-8 (once, a silent exit) is one error line.
        let errors: Vec<_> = lines.iter().filter(|l| l.starts_with("error")).collect();
        assert_eq!(errors.len(), 1, "{text}");
        assert!(errors[0].contains("line 3 is not valid UTF-8"), "{text}");
    }
    for first in [&b"uci\n"[..], b"\xFF\xFE\n"] {
        let out = Command::new(exe)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                c.stdin.take().unwrap().write_all(first)?;
                c.wait_with_output()
            })
            .unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("not 'hub'"));
    }
}

/// The Czech bitbases up to four pieces, generated once into the test's scratch directory.
fn czech4() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-egtb-czech4");
    let _ = std::fs::remove_dir_all(&dir);
    let slices = build::slices(4, None);
    build::generate(Variant::Czech, &dir, &slices, &|_| {}, &mut |_| {}).unwrap();
    dir
}

/// `dama egtb stats` prints one line per slice and side to move in the agreed format, and
/// `dama egtb plan` the slices in dependency order.
#[test]
fn cli_stats_and_plan() {
    let exe = env!("CARGO_BIN_EXE_dama");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(exe).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let path = czech4();
    let dir = path.to_str().unwrap().to_string();
    let text = run(&["egtb", "stats", "--dir", &dir]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 * build::slices(4, None).len());
    let c = Bitbases::open(&path)
        .table(Variant::Czech, MaterialSignature::new(0, 1, 0, 3))
        .unwrap()
        .counts();
    let want = format!(
        "slice wm=0 wk=3 bm=0 bk=1 stm=black positions={} win={} draw={} loss={}",
        c.positions, c.win, c.draw, c.loss
    );
    assert!(lines.contains(&want.as_str()), "{want}\n{text}");
    for line in &lines {
        let keys: Vec<&str> = line
            .split(' ')
            .map(|f| f.split('=').next().unwrap())
            .collect();
        let expected = [
            "slice",
            "wm",
            "wk",
            "bm",
            "bk",
            "stm",
            "positions",
            "win",
            "draw",
            "loss",
        ];
        assert_eq!(keys, expected, "{line}");
    }
    let plan = run(&["egtb", "plan", "--pieces", "3"]);
    assert_eq!(plan.lines().next(), Some("0,1,0,1 0"));
    assert_eq!(plan.lines().count(), build::slices(3, None).len());
    let probe = run(&[
        "egtb",
        "probe",
        "--dir",
        &dir,
        "--fen",
        "B:WKa1,Ke1,Kh4:BKb2",
    ]);
    assert_eq!(probe.trim(), "loss plies=24");
}
