//! Opening books: the shipped books load cleanly with every move legal, bad lines are reported
//! and skipped, probing is reproducible and bounded, building and PDN import work.

use std::path::Path;

use dama::book::{Book, BookRng, ProbeSettings};
use dama::search::SearchLimits;
use dama::{movegen, notation, Position, Variant};
use dama_tools::bookgen::build::{build, BuildOptions};
use dama_tools::bookgen::import::import_pdn;
use dama_tools::bookgen::openings::balanced_openings;
use dama_tools::matchrunner::openings;

/// Every `book/*.book` file with its text.
fn shipped_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../book");
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("book/ exists") {
        let path = e.unwrap().path();
        if path.extension().is_some_and(|x| x == "book") {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            out.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
    out.sort();
    out
}

#[test]
fn every_shipped_book_loads_cleanly_with_legal_moves() {
    let files = shipped_files();
    assert!(
        files.iter().any(|(n, _)| n == "czech"),
        "book/czech.book is shipped"
    );
    for (name, text) in files {
        let (book, warnings) = Book::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(warnings.is_empty(), "{name}: {warnings:?}");
        assert_eq!(book.variant().name(), name, "file name names the variant");
        let entry_lines = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        assert_eq!(book.len(), entry_lines, "{name}: every line is an entry");
        assert!(
            !book.built().is_empty(),
            "{name}: the header says how it was built"
        );
        for e in book.entries() {
            let legal = movegen::legal_moves(&e.position);
            for m in &e.moves {
                assert!(legal.contains(&m.mv), "{name}: illegal book move");
            }
        }
        let start = Position::start(book.variant());
        assert_eq!(book.entry(&start).map(|e| e.ply), Some(0), "{name}: start");
        let builtin = Book::builtin(book.variant()).expect("shipped books are compiled in");
        assert_eq!(
            builtin.entries(),
            book.entries(),
            "{name}: compiled copy is current"
        );
    }
}

#[test]
fn probing_the_start_is_reproducible_and_stays_within_the_margin() {
    let mut book = Book::builtin(Variant::Czech).unwrap();
    let start = Position::start(Variant::Czech);
    let entry = book.entry(&start).unwrap().clone();
    let best = entry.best_score().unwrap();
    for margin in [0, 5, 15, 50] {
        book.settings.margin = margin;
        let picks: Vec<_> = (0..50)
            .map(|s| book.probe(&start, &mut BookRng::new(s)).unwrap())
            .collect();
        let again: Vec<_> = (0..50)
            .map(|s| book.probe(&start, &mut BookRng::new(s)).unwrap())
            .collect();
        assert_eq!(picks, again, "same seed, same move");
        for mv in picks {
            let bm = entry.moves.iter().find(|m| m.mv == mv).unwrap();
            assert!(bm.score >= best - margin, "margin {margin}");
        }
    }
}

#[test]
fn the_ply_limit_holds() {
    let mut book = Book::builtin(Variant::Czech).unwrap();
    book.settings.max_ply = 2;
    let mut pos = Position::start(Variant::Czech);
    let mut rng = BookRng::new(9);
    let mut plies = 0;
    while let Some(mv) = book.probe(&pos, &mut rng) {
        assert!(movegen::legal_moves(&pos).contains(&mv));
        pos = pos.play(&mv);
        plies += 1;
    }
    assert_eq!(plies, 2, "the book plays exactly up to book-ply");
}

#[test]
fn a_corrupt_line_is_reported_with_its_number_and_skipped() {
    let book = tiny_book();
    let text = book.to_text();
    let lines: Vec<&str> = text.lines().collect();
    let target = lines.iter().position(|l| l.contains("| 1 |")).unwrap();
    let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    // An illegal move for the side to move (White's first-row move in a Black position).
    let fen_end = bad[target].find(" | 1 | ").unwrap() + 7;
    bad[target].insert_str(fen_end, "a1-b2 5 1 | ");
    bad.insert(2, "this is not a book line".into());
    let (loaded, warnings) = Book::parse(&bad.join("\n")).unwrap();
    let numbers: Vec<usize> = warnings.iter().map(|w| w.line).collect();
    assert!(numbers.contains(&3), "{warnings:?}");
    assert!(numbers.contains(&(target + 2)), "{warnings:?}");
    let msg = warnings.iter().find(|w| w.line == target + 2).unwrap();
    assert!(msg.to_string().contains("a1-b2"), "{msg}");
    assert!(warnings.iter().any(|w| w.message.contains("checksum")));
    assert_eq!(loaded.len(), book.len() - 1);
    assert!(
        Book::parse("W:W21-32:B1-12 | 0 | 22-18 0 1\n").is_err(),
        "no variant"
    );
}

/// A book of a few positions at depth 2.
fn tiny_book() -> Book {
    let opts = BuildOptions {
        positions: 6,
        limits: SearchLimits {
            depth: Some(2),
            ..SearchLimits::default()
        },
        hash_mb: 1,
        batch: 3,
        ..BuildOptions::default()
    };
    let mut rounds = 0;
    let book = build(&opts, &mut |_| rounds += 1);
    assert!(rounds >= 2, "progress is reported after each round");
    book
}

#[test]
fn a_tiny_build_gives_a_loadable_reproducible_book() {
    let book = tiny_book();
    assert!((4..=6).contains(&book.len()), "{} positions", book.len());
    let text = book.to_text();
    let (again, warnings) = Book::parse(&text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(again.len(), book.len());
    let start = Position::start(Variant::Czech);
    assert!(again.probe(&start, &mut BookRng::new(0)).is_some());
    let two = build(
        &BuildOptions {
            threads: 2,
            positions: 6,
            limits: SearchLimits {
                depth: Some(2),
                ..SearchLimits::default()
            },
            hash_mb: 1,
            batch: 3,
            ..BuildOptions::default()
        },
        &mut |_| {},
    );
    assert_eq!(
        two.to_text(),
        text,
        "the book does not depend on the thread count"
    );
}

#[test]
fn pdn_import_weights_moves_by_results() {
    let pdn = r#"[Event "a"]
[Result "1-0"]
1. c3-d4 f6-g5 2. g3-h4 1-0

[Event "b"]
[Result "1/2-1/2"]
1. c3-d4 b6-a5 1/2-1/2

[Event "c"]
1. e3-f4 {no result} *

[Event "d"]
[Result "0-1"]
1. c3-d4 f6-g5 2. d4-e9 0-1

[Event "e"]
[Result "0-1"]
1. a3-b4 0-1
"#;
    let mut book = Book::new(Variant::Czech);
    let report = import_pdn(&mut book, pdn, 20);
    assert_eq!((report.games, report.used), (5, 3), "{:?}", report.warnings);
    assert_eq!(report.warnings.len(), 2);
    assert!(report.warnings[0].contains("game 3") && report.warnings[0].contains("no result"));
    assert!(report.warnings[1].contains("game 4") && report.warnings[1].contains("d4-e9"));
    let start = Position::start(Variant::Czech);
    let e = book.entry(&start).unwrap();
    let find = |t: &str| {
        let mv = notation::parse_move(&start, t).unwrap();
        *e.moves.iter().find(|m| m.mv == mv).unwrap()
    };
    // c3-d4: a win and a draw for White = 3 half points; a3-b4: one loss.
    assert_eq!((find("c3-d4").weight, find("c3-d4").score), (3, 50));
    assert_eq!((find("a3-b4").weight, find("a3-b4").score), (0, -100));
    let mut again = Book::parse(&book.to_text()).unwrap().0;
    import_pdn(&mut again, pdn, 1);
    let e2 = again.entry(&start).unwrap();
    let c3d4 = notation::parse_move(&start, "c3-d4").unwrap();
    assert_eq!(e2.moves.iter().find(|m| m.mv == c3d4).unwrap().weight, 6);
    let after = start.play(&c3d4);
    assert_eq!(again.entry(&after).unwrap().ply, 1);
    let mut rng = BookRng::new(5);
    again.settings.margin = 1000;
    for _ in 0..50 {
        let mv = again.probe(&start, &mut rng).unwrap();
        assert_ne!(
            notation::format_move(&start, &mv),
            "a3-b4",
            "lost move chosen"
        );
    }
}

#[test]
fn balanced_openings_are_distinct_and_balanced() {
    let book = Book::builtin(Variant::Czech).unwrap();
    let found = balanced_openings(&book, 3, 20);
    assert!(found.len() >= 10, "only {} openings", found.len());
    let mut keys: Vec<u64> = found.iter().map(|o| o.position.key()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), found.len(), "distinct");
    for o in &found {
        assert!(o.score.abs() <= 20);
        assert_eq!(o.moves.len(), 3);
        let end = o
            .moves
            .iter()
            .fold(Position::start(Variant::Czech), |p, m| p.play(m));
        assert_eq!(end, o.position);
        let parsed = openings::parse_opening(Variant::Czech, &o.position.to_fen()).unwrap();
        assert_eq!(
            parsed.position(),
            o.position.to_wide(),
            "match runners read the FEN lines"
        );
    }
}

#[test]
fn the_shared_book_probes_with_caller_settings() {
    let book = dama::book::builtin::shared(Variant::Czech).expect("shipped");
    for v in Variant::ALL {
        // Every book file of book/ is shipped; the goal variants ship none (their openings are
        // not their base variants'), and a variant without a file plays random openings.
        let normal = v.rules().goal == dama::rules::Goal::Normal;
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../book")
            .join(format!("{}.book", v.name()));
        let shipped = dama::book::builtin::shared(v).is_some();
        assert_eq!(shipped, normal && file.exists(), "{v} book");
    }
    assert!(
        Variant::ALL
            .iter()
            .filter(|v| dama::book::builtin::shared(**v).is_some())
            .count()
            >= 7
    );
    let start = Position::start(Variant::Czech);
    let entry = book.entry(&start).unwrap();
    let strict = ProbeSettings {
        margin: 0,
        max_ply: 1,
    };
    let best = entry.best_score().unwrap();
    for seed in 0..20 {
        let mv = book
            .probe_with(&start, &strict, &mut BookRng::new(seed))
            .unwrap();
        let m = entry.moves.iter().find(|m| m.mv == mv).unwrap();
        assert_eq!(m.score, best, "margin 0 plays a best move");
        let next = start.play(&mv);
        assert_eq!(
            book.probe_with(&next, &strict, &mut BookRng::new(seed)),
            None
        );
    }
}

/// Runs `dama` with `args`; returns (success, stdout, stderr).
fn dama(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        .output()
        .expect("dama runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_book_commands_work_end_to_end() {
    let dir = std::env::temp_dir().join(format!("dama-book-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("tiny.book");
    let b = book.to_str().unwrap();
    let (ok, out, err) = dama(&[
        "book",
        "build",
        "--out",
        b,
        "--positions",
        "4",
        "--depth",
        "2",
        "--threads",
        "2",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("wrote 4 positions"), "{out}");
    // stderr is a pipe here: the progress bar is drawn on terminals only
    assert!(
        !err.contains("positions"),
        "progress shown off a terminal: {err}"
    );
    let (ok, out, _) = dama(&["book", "check", "--book", b]);
    assert!(ok && out.contains("4 positions, 0 bad lines"), "{out}");
    let (ok, out, _) = dama(&["book", "probe", "--book", b, "--seed", "3"]);
    assert!(
        ok && out.contains("(ply 0)") && out.contains("bookmove "),
        "{out}"
    );
    let (ok, out, _) = dama(&["book", "openings", "--plies", "2", "--as-moves"]);
    assert!(ok && out.starts_with("# "), "{out}");
    let line = out.lines().nth(1).expect("an opening");
    assert_eq!(line.split_whitespace().count(), 2, "{line}");
    let pdn = dir.join("games.pdn");
    std::fs::write(&pdn, "[Result \"1-0\"]\n1. c3-d4 f6-g5 1-0\n").unwrap();
    let imported = dir.join("games.book");
    let (ok, out, err) = dama(&[
        "book",
        "import",
        "--pdn",
        pdn.to_str().unwrap(),
        "--into",
        b,
        "--out",
        imported.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("1 games, 1 used, 2 moves"), "{out}");
    let (loaded, warnings) = Book::load(&imported).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(loaded.built().contains("book build") && loaded.built().contains("book import"));
    // A corrupt line: `check` names it and the checksum and fails; `probe` refuses the file,
    // naming it.
    let text = std::fs::read_to_string(&book).unwrap();
    let bad = dir.join("bad.book");
    std::fs::write(&bad, text.replacen(" | 0 | ", " | zero | ", 1)).unwrap();
    let (ok, _, err) = dama(&["book", "check", "--book", bad.to_str().unwrap()]);
    assert!(!ok && err.contains("line 7: bad ply 'zero'"), "{err}");
    assert!(err.contains("checksum mismatch"), "{err}");
    let (ok, out, err) = dama(&["book", "probe", "--book", bad.to_str().unwrap()]);
    assert!(
        !ok && err.contains("bad.book") && err.contains("corrupt or truncated"),
        "{out}{err}"
    );
    let (ok, _, err) = dama(&["book", "probe", "--book", "/nonexistent/x.book"]);
    assert!(
        !ok && err.contains("cannot read book") && !err.contains("panicked"),
        "{err}"
    );
    let (ok, _, err) = dama(&["book", "probe", "--fen", "W:W99:B1"]);
    assert!(!ok && !err.contains("panicked"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn extending_a_book_keeps_its_positions_and_adds_more() {
    let small = tiny_book();
    let opts = BuildOptions {
        positions: small.len() + 3,
        limits: SearchLimits {
            depth: Some(2),
            ..SearchLimits::default()
        },
        hash_mb: 1,
        batch: 2,
        ..BuildOptions::default()
    };
    let grown = dama_tools::bookgen::build::extend(&small, &opts, &mut |_| {}).unwrap();
    assert_eq!(grown.len(), small.len() + 3);
    for e in small.entries() {
        assert!(grown.entry(&e.position).is_some(), "a position was lost");
    }
    assert!(Book::parse(&grown.to_text()).unwrap().1.is_empty());
    let other = BuildOptions {
        variant: Variant::Russian,
        ..opts.clone()
    };
    assert!(dama_tools::bookgen::build::extend(&small, &other, &mut |_| {}).is_err());
    assert!(
        dama_tools::bookgen::build::extend(&Book::new(Variant::Czech), &opts, &mut |_| {}).is_err()
    );
}
