//! The perft tables in `perft/*.perft`, checked against the move generator.
//!
//! Every file is read by one generic runner. The variant comes from the file name
//! (`czech.perft`, `czech-positions.perft` → czech). Lines:
//! `id NAME` starts a case, `position start` or `position FEN` sets its position (numeric FEN),
//! `perft D N` gives N leaves at depth D counting distinct moves, `paths D N` counting every
//! capture path, `landings D N` counting every landing sequence (kish's convention, Turkish),
//! and `#` starts a comment.
//!
//! The normal test checks every line with at most [`CI_NODE_LIMIT`] leaves (seconds in release).
//! `cargo test --release -- --ignored` checks every line up to [`FULL_NODE_LIMIT`] leaves on all
//! cores (`DAMA_PERFT_LIMIT=<leaves>` changes that limit, `DAMA_PERFT_THREADS=<n>` the threads).

use std::path::{Path, PathBuf};

use dama::perft::{self, Counting};
use dama::{Variant, WidePosition};

/// Lines with more leaves than this are left to the ignored test.
const CI_NODE_LIMIT: u64 = 5_000_000;
/// The ignored test's limit: about 10^9 leaves per line.
const FULL_NODE_LIMIT: u64 = 1_000_000_000;

/// One `perft`/`paths` line with its position.
struct Case {
    file: String,
    line: usize,
    id: String,
    /// The position in 128 bits (every board has that form; the run uses its variant's word).
    pos: WidePosition,
    counting: Counting,
    depth: u32,
    nodes: u64,
}

impl Case {
    fn describe(&self) -> String {
        let word = match self.counting {
            Counting::Moves => "perft",
            Counting::Paths => "paths",
            Counting::Landings => "landings",
        };
        format!(
            "{}:{} {} ({}, {}) {word} {}",
            self.file,
            self.line,
            self.id,
            self.pos.variant(),
            self.pos.to_fen_numeric(),
            self.depth
        )
    }
}

/// `perft/` of the crate, or of the current directory when the test binary runs elsewhere.
fn perft_dir() -> PathBuf {
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("perft");
    if built.is_dir() {
        built
    } else {
        PathBuf::from("perft")
    }
}

/// The variant named by a table's file name: the part before the first `-` of the stem.
fn variant_of(file: &Path) -> Result<Variant, String> {
    let stem = file
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| format!("{}: odd file name", file.display()))?;
    let name = stem.split('-').next().unwrap_or(stem);
    Variant::from_name(name)
        .ok_or_else(|| format!("{}: no variant is called '{name}'", file.display()))
}

/// Parses one table.
fn parse_table(file: &str, variant: Variant, text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut id = String::from("(no id)");
    let mut pos: Option<WidePosition> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |msg: String| format!("{file}:{}: {msg}", i + 1);
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "id" => {
                id = rest.to_string();
                pos = None;
            }
            "position" if rest == "start" => pos = Some(WidePosition::start(variant)),
            "position" => {
                let p = WidePosition::from_fen(variant, rest).map_err(|e| at(e.to_string()))?;
                pos = Some(p);
            }
            "perft" | "paths" | "landings" => {
                let p = pos.ok_or_else(|| at(format!("'{word}' before any 'position'")))?;
                let (d, n) = rest
                    .split_once(char::is_whitespace)
                    .ok_or_else(|| at(format!("'{line}' needs a depth and a count")))?;
                let depth: u32 = d
                    .trim()
                    .parse()
                    .map_err(|_| at(format!("bad depth '{d}'")))?;
                let nodes: u64 = n
                    .trim()
                    .parse()
                    .map_err(|_| at(format!("bad count '{n}'")))?;
                let counting = match word {
                    "perft" => Counting::Moves,
                    "paths" => Counting::Paths,
                    _ => Counting::Landings,
                };
                cases.push(Case {
                    file: file.to_string(),
                    line: i + 1,
                    id: id.clone(),
                    pos: p,
                    counting,
                    depth,
                    nodes,
                });
            }
            _ => return Err(at(format!("unknown keyword '{word}'"))),
        }
    }
    Ok(cases)
}

/// Every table of `perft/`, by file name.
fn load_tables() -> Vec<(String, Vec<Case>)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(perft_dir())
        .expect("the perft/ directory is readable")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let variant = variant_of(path).unwrap_or_else(|e| panic!("{e}"));
            let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
            let cases = parse_table(&name, variant, &text).unwrap_or_else(|e| panic!("{e}"));
            (name, cases)
        })
        .collect()
}

/// The count of `case`, in its variant's own word (the 64-bit generator for every board that
/// fits 64 bits).
fn count(case: &Case, threads: usize) -> u64 {
    let (depth, counting) = (case.depth, case.counting);
    dama::for_word!(case.pos.variant(), W => {
        let pos = case.pos.in_word::<W>().expect("the variant's own word holds its board");
        perft::perft_parallel(&pos, depth, counting, threads)
    })
}

/// Runs every case with at most `limit` leaves; returns (cases run, failures).
fn run_tables(limit: u64, threads: usize) -> (usize, Vec<String>) {
    let mut run = 0;
    let mut failures = Vec::new();
    for (name, cases) in load_tables() {
        let mut in_file = 0;
        for case in cases.iter().filter(|c| c.nodes <= limit) {
            let got = count(case, threads);
            if got != case.nodes {
                failures.push(format!(
                    "{}: expected {}, got {got}",
                    case.describe(),
                    case.nodes
                ));
            }
            in_file += 1;
        }
        if in_file == 0 {
            failures.push(format!("{name}: no line has at most {limit} leaves"));
        }
        run += in_file;
    }
    (run, failures)
}

#[test]
fn every_table_parses_and_covers_the_variants() {
    let tables = load_tables();
    let names: Vec<&str> = tables.iter().map(|(n, _)| n.as_str()).collect();
    for want in [
        "czech.perft",
        "russian.perft",
        "brazilian.perft",
        "pool.perft",
        "english.perft",
        "international.perft",
        "italian.perft",
        "spanish.perft",
        "thai.perft",
        "killer.perft",
        "turkish.perft",
        "canadian.perft",
        "frisian.perft",
    ] {
        assert!(names.contains(&want), "perft/{want} is missing");
    }
    for (name, cases) in &tables {
        assert!(!cases.is_empty(), "{name} has no perft line");
        let has = |c: Counting| cases.iter().any(|k| k.counting == c);
        assert!(has(Counting::Moves), "{name} has no 'perft' line");
    }
    assert!(tables
        .iter()
        .any(|(_, c)| c.iter().any(|k| k.counting == Counting::Paths)));
}

#[test]
fn the_runner_rejects_malformed_tables() {
    let bad = [
        "perft 1 7",
        "position start\nperft one 7",
        "position start\nperft 1",
        "position W:W33:B1\nperft 1 1",
        "position start\nleaves 1 7",
    ];
    for text in bad {
        assert!(
            parse_table("t", Variant::Czech, text).is_err(),
            "accepted {text:?}"
        );
    }
    let ok = parse_table(
        "t",
        Variant::Czech,
        "id x # note\nposition start\nperft 2 49\n",
    )
    .expect("a valid table");
    assert_eq!(ok.len(), 1);
    assert_eq!((ok[0].depth, ok[0].nodes, ok[0].line), (2, 49, 3));
    assert_eq!(
        variant_of(Path::new("czech-positions.perft")),
        Ok(Variant::Czech)
    );
    assert!(variant_of(Path::new("shogi.perft")).is_err());
}

#[test]
fn perft_tables_up_to_the_ci_limit() {
    let (run, failures) = run_tables(CI_NODE_LIMIT, 1);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(run >= 100, "only {run} lines were checked");
}

#[test]
#[ignore = "minutes of CPU: run with cargo test --release -- --ignored"]
fn perft_tables_to_a_billion_leaves() {
    let limit = std::env::var("DAMA_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(FULL_NODE_LIMIT);
    let threads = std::env::var("DAMA_PERFT_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let (run, failures) = run_tables(limit, threads);
    eprintln!("{run} perft lines checked up to {limit} leaves on {threads} threads");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
