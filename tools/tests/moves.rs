//! `dama moves`: as many lines as perft counts at depth 1 (distinct moves, or capture paths with
//! `--paths`), over the positions of the perft tables and every position one move after them;
//! every printed move and path reads back as the move listed; bad input is one error line.

use std::path::PathBuf;
use std::process::Command;

use dama::notation::{format_hub_move, parse_move};
use dama::perft::{perft, Counting};
use dama::{movegen, Variant, WidePosition};
use dama_tools::movelist::{self, separator};

/// The positions of `perft/*.perft` (the variant from the file name), each with its variant.
fn table_positions() -> Vec<WidePosition> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../perft");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap();
        let variant = Variant::from_name(stem.split('-').next().unwrap()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            match line.strip_prefix("position ").map(str::trim) {
                Some("start") => out.push(WidePosition::start(variant)),
                Some(fen) => out.push(WidePosition::from_fen(variant, fen).unwrap()),
                None => {}
            }
        }
    }
    out
}

/// Checks the listing of `pos` against perft and the move parser.
fn check(pos: &WidePosition) {
    let fen = pos.to_fen();
    for (paths, counting) in [(false, Counting::Moves), (true, Counting::Paths)] {
        let listed = movelist::legal(pos, paths);
        assert_eq!(
            listed.len() as u64,
            perft(pos, 1, counting),
            "{fen} {counting:?}"
        );
        for l in &listed {
            let mv = parse_move(pos, &l.notation).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
            let long = l.path_text(separator(pos, l));
            assert_eq!(
                parse_move(pos, &long),
                Ok(mv),
                "{fen}: {long} and {}",
                l.notation
            );
            assert_eq!(parse_move(pos, &format_hub_move(pos, &mv)), Ok(mv), "{fen}");
            assert_eq!(l.captured.len(), mv.captured.count() as usize, "{fen}");
        }
    }
}

#[test]
fn the_lines_are_perfts_moves_and_paths_and_read_back_over_the_perft_positions() {
    let mut captures = 0;
    for pos in table_positions() {
        check(&pos);
        for mv in movegen::legal_moves(&pos) {
            let child = pos.play(&mv);
            captures += usize::from(movegen::has_capture(&child));
            check(&child);
        }
    }
    assert!(captures > 100, "only {captures} positions with a capture");
}

/// The Frisian position of tests/frisian_paths.rs: the king on 50 reaches 35 in three ways and
/// 49 in two.
const FRISIAN: &str = "B:W30,34,42,43,44,45,48:B3,9,10,11,K50";

#[test]
fn a_frisian_capture_lists_every_path_with_the_pieces_in_the_order_taken() {
    let pos = WidePosition::from_fen(Variant::Frisian, FRISIAN).unwrap();
    assert_eq!(movelist::legal(&pos, false).len(), 13);
    let paths = movelist::legal(&pos, true);
    assert_eq!(paths.len(), 16);
    let line = |l: &movelist::Listed| l.line(separator(&pos, l));
    let lines: Vec<String> = paths.iter().map(line).collect();
    assert!(lines.contains(&"50x35 path 50x47x20x40x49x32x35 captures 48,42,30,44,43,34".into()));
    let shared: Vec<String> = movelist::shared_destinations(&pos)
        .iter()
        .map(line)
        .collect();
    assert_eq!(shared.len(), 5, "{shared:?}");
    assert!(shared
        .iter()
        .all(|l| l.starts_with("50x35 ") || l.starts_with("50x49 ")));
}

/// Runs the binary with `args`; (success, stdout, stderr).
fn dama(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.success(), text(out.stdout), text(out.stderr))
}

#[test]
fn the_command_prints_text_or_json_and_one_error_line_on_bad_input() {
    let (ok, out, _) = dama(&["moves", "--variant", "frisian", "--fen", FRISIAN, "--paths"]);
    assert!(ok);
    assert_eq!(out.lines().count(), 16);
    let (ok, out, _) = dama(&["moves", "--moves", "c3-d4 f6-g5", "--json"]);
    assert!(ok);
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert!(first["move"].is_string() && first["path"].is_array());
    assert!(first["captured"].as_array().unwrap().is_empty());
    assert_eq!(out.lines().count(), 8, "{out}");
    for (args, says) in [
        (&["moves", "--fen", "W:Wz9:B1"][..], "FEN"),
        (&["moves", "--moves", "c3-d4 c3-d4"][..], "move 2"),
        (&["moves", "--moves", "c3-e5"][..], "move 1"),
    ] {
        let (ok, out, err) = dama(args);
        assert!(!ok && out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
