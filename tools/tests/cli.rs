//! The `dama` binary's entry points, run as a user runs them: Hub mode by argument or by a first
//! `hub` line, and the `egtb` subcommands' output formats.

mod common;

use common::{run_fed, run_fed_to};
use std::path::PathBuf;
use std::process::Command;

use dama::bitbase::{build, Bitbases, MaterialSignature};
use dama::Variant;

#[test]
fn the_binary_speaks_hub_with_the_argument_or_a_first_hub_line() {
    let exe = env!("CARGO_BIN_EXE_dama");
    for args in [&["hub"][..], &[][..]] {
        let out = run_fed(
            Command::new(exe).args(args),
            b"hub\ninit\n\xFF\xFE\npos start\nlevel depth=1\ngo think\nping\n",
        );
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
        let out = run_fed(&mut Command::new(exe), first);
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

/// How a giveaway game is won: by the side that has nothing left, or nothing to move.
const GIVEAWAY: &[&str] = &["has no piece left", "has no legal move"];

/// `dama selfplay` in the goal variants: each game ends by its goal, and the result line names
/// the winner as the side the goal favours.
#[test]
fn selfplay_ends_goal_variants_by_their_goal() {
    let exe = env!("CARGO_BIN_EXE_dama");
    let cases = [
        // (variant, start, the reasons the winner may have)
        ("zrava", Some("W:Wb4,d4:Bc7,e7"), GIVEAWAY),
        ("giveaway", Some("B:W18,19,26:B10,11,15"), GIVEAWAY),
        ("antidraughts", Some("W:W33,34,38:B18,19,23"), GIVEAWAY),
        ("breakthrough", None, &["crowned a king"][..]),
    ];
    for (variant, fen, reasons) in cases {
        let mut args = vec!["selfplay", "--variant", variant, "--depth", "4"];
        if let Some(f) = fen {
            args.extend(["--fen", f]);
        }
        let out = Command::new(exe).args(&args).output().unwrap();
        assert!(out.status.success(), "{variant}: {out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let last = text.lines().last().unwrap_or_default();
        // e.g. "result 0-1 black wins (black has no piece left)"
        let words: Vec<&str> = last.splitn(5, ' ').collect();
        assert_eq!(words[0], "result", "{variant}: {last}");
        let winner = words[2];
        assert!(["white", "black"].contains(&winner), "{variant}: {last}");
        assert_eq!(words[3], "wins", "{variant}: {last}");
        let why = words[4].trim_start_matches('(').trim_end_matches(')');
        let loser = if winner == "white" { "black" } else { "white" };
        // In Breakthrough a side without a legal move loses too (which ending comes first
        // depends on what the search plays).
        let blocked = variant == "breakthrough" && why == format!("{loser} has no legal move");
        assert!(
            blocked || reasons.iter().any(|r| why == format!("{winner} {r}")),
            "{variant}: {last}"
        );
    }
}

/// The one-line error of a `dama` command that must fail.
fn refusal(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .unwrap();
    assert!(!out.status.success(), "{args:?} succeeded");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// No bitbases where the solver does not apply: a one-line error (Breakthrough's goal,
/// Dameo's linear moves).
#[test]
fn egtb_refuses_breakthrough_and_dameo() {
    for (variant, name) in [("bt", "breakthrough"), ("dameo", "dameo")] {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-egtb-{name}"));
        let dir = dir.to_str().unwrap();
        let args = [
            "egtb",
            "generate",
            "--variant",
            variant,
            "--pieces",
            "2",
            "--dir",
            dir,
        ];
        let err = refusal(&args);
        assert!(err.contains(&format!("no bitbases for {name}")), "{err}");
    }
}

/// `dama dxp` refuses the 64-square boards (DXP numbers squares 01-50) in one line.
#[test]
fn dxp_refuses_dameo() {
    let err = refusal(&["dxp", "--variant", "dameo"]);
    assert!(err.contains("DXP numbers squares 01-50"), "{err}");
}

/// `dama selfplay` plays a Dameo game to its end by the rules.
#[test]
fn selfplay_plays_a_dameo_game_to_its_end() {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(["selfplay", "--variant", "dameo", "--depth", "2"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("result "), "{last}");
    assert!(text.lines().count() > 10, "{text}");
}

/// Hub mode in a process that may use at most 1 GiB of address space (`ulimit -v`): a hash
/// of 64 GiB is reduced to what can be allocated, with one error line that says so, and the
/// session goes on.
#[test]
fn a_hash_larger_than_the_memory_is_reduced_with_a_message() {
    let exe = env!("CARGO_BIN_EXE_dama");
    let out = run_fed(
        Command::new("sh").args(["-c", "ulimit -v 1048576 && exec \"$0\" hub", exe]),
        b"hub\nset-param name=hash value=65536\ninit\npos start\nlevel depth=2\ngo think\nping\n",
    );
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "{text}");
    let got: usize = errors[0]
        .split("only ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        errors[0].contains("of the 65536 MiB asked could be allocated"),
        "{text}"
    );
    assert!((1..1024).contains(&got), "{text}");
    assert!(text.lines().any(|l| l.starts_with("done move=")), "{text}");
    assert!(text.lines().any(|l| l == "pong"), "{text}");
}

/// A reader that has gone before the first line (`dama variants | head -0`) ends each command
/// quietly with status 0: no panic, nothing on standard error (the Hub session answers its
/// first line, `hub`, into the closed pipe).
#[test]
fn a_closed_standard_output_ends_the_command_quietly() {
    let commands: [(&[&str], &[u8]); 6] = [
        (&["variants"], b""),
        (&["perft", "--depth", "2", "--divide"], b""),
        (&["moves"], b""),
        (&["egtb", "plan", "--pieces", "3"], b""),
        (&["bench", "--depth", "1"], b""),
        (&["hub"], b"hub\n"),
    ];
    for (args, input) in commands {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut dama = Command::new(env!("CARGO_BIN_EXE_dama"));
        let out = run_fed_to(dama.args(args), writer.into(), input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {:?} {stderr}", out.status);
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}
