//! The match runner end to end: dama against itself over the Hub protocol, scripted misbehaving
//! engines, the statistics against known values, PDN round trips and shard merging.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use dama::game::{DrawSwitches, Game, Outcome};
use dama::goal::{self, Cause};
use dama::notation::pdn::{read_games, today, GameResult};
use dama::Variant;
use dama_tools::matchrunner::elo::{SprtConfig, SprtVerdict, Tally};
use dama_tools::matchrunner::game::{EndKind, GameRecord, PlayConfig};
use dama_tools::matchrunner::openings::{random_openings, Opening};
use dama_tools::matchrunner::pdn::{write_game, MatchInfo};
use dama_tools::matchrunner::{run_match, EngineSpec, MatchConfig, MatchSummary, TimeControl};

fn dama() -> String {
    format!("\"{}\" hub", env!("CARGO_BIN_EXE_dama"))
}

fn script(mode: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/match_engines/scripted.py");
    format!("python3 \"{}\" {mode}", path.display())
}

fn spec(name: &str, command: String) -> EngineSpec {
    EngineSpec {
        name: name.into(),
        command,
        options: vec![],
    }
}

fn config(a: EngineSpec, b: EngineSpec, games: u32, tc: TimeControl) -> MatchConfig {
    MatchConfig {
        engines: [a, b],
        variant: Variant::Czech,
        games,
        openings: vec![Opening::standard(Variant::Czech)],
        play: PlayConfig {
            tc,
            time_margin: Duration::from_millis(100),
            hang_timeout: Duration::from_secs(60),
            draw: None,
            resign: None,
            bitbases: None,
            max_plies: 1000,
        },
        concurrency: 1,
        sprt: None,
        shard: None,
        seed: 1,
        crash_limit: 3,
    }
}

fn play(cfg: &MatchConfig) -> (MatchSummary, Vec<GameRecord>) {
    let records = std::sync::Mutex::new(Vec::new());
    let summary = run_match(cfg, &|ev| {
        if let dama_tools::matchrunner::MatchEvent::GameFinished { record, .. } = ev {
            records.lock().unwrap().push(record.clone());
        }
    })
    .expect("the match runs");
    let mut r = records.into_inner().unwrap();
    r.sort_by_key(|g| g.index);
    (summary, r)
}

/// Replays a record with the rules core: every move legal, and a game ended by the rules ends
/// in a position whose outcome is the recorded result.
fn check_legal(r: &GameRecord) {
    let mut g = Game::new(r.start);
    for mv in &r.moves {
        assert!(
            dama::movegen::legal_moves(g.position()).contains(mv),
            "game {}: illegal move recorded",
            r.index
        );
        g.play(mv);
    }
    if r.end == EndKind::Normal {
        let want = match g
            .outcome(&DrawSwitches::default())
            .expect("the game is over")
        {
            Outcome::Win { winner, .. } => GameResult::win_for(winner),
            Outcome::Draw { .. } => GameResult::Draw,
        };
        assert_eq!(want, r.result, "game {}", r.index);
    }
}

/// The goal variants through the match runner: every game ends by its goal, won by the side
/// the goal favours (in Žravá dáma the side that lost its pieces or is blocked; in
/// Breakthrough the side that crowned first, or whose opponent cannot move).
#[test]
fn goal_variant_games_end_by_their_goal() {
    let cases = [
        (Variant::Zrava, "W:Wd4,e3:Bd6,e7"),
        (Variant::Breakthrough, "W:W31,32,33,34,35:B16,17,18,19,20"),
        // White crowns on its first move, whatever the search finds in the position above.
        (Variant::Breakthrough, "W:W7,31:B20,45"),
    ];
    let mut crowned = 0;
    for (variant, fen) in cases {
        let mut cfg = config(
            spec("A", dama()),
            spec("B", dama()),
            2,
            TimeControl::Depth(4),
        );
        cfg.variant = variant;
        cfg.openings = vec![Opening {
            start: dama::WidePosition::from_fen(variant, fen).unwrap(),
            moves: vec![],
        }];
        let (_, records) = play(&cfg);
        assert_eq!(records.len(), 2);
        for r in &records {
            assert_eq!(r.end, EndKind::Normal, "{variant}: {}", r.reason);
            check_legal(r);
            let last = r.moves.iter().fold(r.start, |p, m| p.play(m));
            let end = goal::end(&last).unwrap_or_else(|| panic!("{variant}: {}", r.reason));
            assert_eq!(r.result, GameResult::win_for(end.winner), "{variant}");
            match end.cause {
                Cause::NoMove { side, .. } if variant == Variant::Zrava => {
                    assert_eq!(side, end.winner)
                }
                Cause::Crowned { side } if variant == Variant::Breakthrough => {
                    assert_eq!(side, end.winner);
                    crowned += 1;
                }
                // Breakthrough: a side without moves (or pieces) loses
                Cause::NoMove { side, .. } if variant == Variant::Breakthrough => {
                    assert_ne!(side, end.winner)
                }
                c => panic!("{variant}: {c:?}"),
            }
        }
    }
    assert!(crowned > 0, "some Breakthrough game ends at the first king");
}

#[test]
fn dama_against_itself_at_a_fixed_depth() {
    let mut cfg = config(
        spec("A", dama()),
        spec("B", dama()),
        6,
        TimeControl::Depth(2),
    );
    cfg.openings = random_openings(Variant::Czech, 3, 11);
    cfg.concurrency = 2;
    let (summary, records) = play(&cfg);
    assert_eq!(records.len(), 6);
    assert_eq!(summary.games.len(), 6);
    let t = summary.tally();
    assert_eq!(t.games(), 6);
    let mut expect = Tally::default();
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.index, i as u32);
        assert_eq!(r.opening, i as u32 / 2, "each opening twice");
        assert_eq!(r.white_engine, i % 2, "colours swapped");
        assert_eq!(r.end, EndKind::Normal, "{}", r.reason);
        assert_eq!(r.opening_plies, cfg.openings[i / 2].moves.len());
        assert_eq!(&r.moves[..r.opening_plies], &cfg.openings[i / 2].moves[..]);
        check_legal(r);
        let s = r.score_of(0);
        if s == 1.0 {
            expect.wins += 1;
        } else if s == 0.0 {
            expect.losses += 1;
        } else {
            expect.draws += 1;
        }
    }
    assert_eq!(t, expect);
    let lines = summary.result_lines();
    assert_eq!(
        lines[0],
        format!(
            "Score of A vs B: {} - {} - {} [{:.3}] 6",
            t.wins,
            t.losses,
            t.draws,
            t.score()
        )
    );
    assert!(lines[1].starts_with("Elo difference: "), "{}", lines[1]);
}

#[test]
fn games_at_fixed_nodes_repeat_move_for_move() {
    let run = || {
        let mut cfg = config(
            spec("A", dama()),
            spec("B", dama()),
            2,
            TimeControl::Nodes(400),
        );
        cfg.openings = random_openings(Variant::Czech, 1, 5);
        let (_, records) = play(&cfg);
        for r in &records {
            assert_eq!(r.end, EndKind::Normal, "{}", r.reason);
            check_legal(r);
        }
        records.into_iter().map(|r| r.moves).collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

/// Plays two games against the failing engine `mode`, checks that it lost both by `kind`, and
/// returns the reasons.
fn both_lost_by(
    mode: &str,
    tc: TimeControl,
    kind: EndKind,
    hang_timeout: Option<u64>,
) -> Vec<String> {
    let mut cfg = config(spec("dama", dama()), spec(mode, script(mode)), 2, tc);
    if let Some(s) = hang_timeout {
        cfg.play.hang_timeout = Duration::from_secs(s);
    }
    let (summary, records) = play(&cfg);
    assert_eq!(records.len(), 2);
    for r in &records {
        assert_eq!(r.end, kind, "{mode}: {}", r.reason);
        assert_eq!(r.score_of(1), 0.0, "{mode} loses: {}", r.reason);
        assert!(
            r.reason.contains(mode),
            "the reason names the engine: {}",
            r.reason
        );
        check_legal(r);
    }
    assert_eq!(
        summary.tally(),
        Tally {
            wins: 2,
            losses: 0,
            draws: 0
        }
    );
    records.into_iter().map(|r| r.reason).collect()
}

#[test]
fn an_illegal_move_loses() {
    both_lost_by("illegal", TimeControl::Depth(1), EndKind::IllegalMove, None);
}

#[test]
fn a_crash_loses() {
    both_lost_by("crash", TimeControl::Depth(1), EndKind::Crash, None);
}

#[test]
fn garbage_output_loses() {
    both_lost_by("garbage", TimeControl::Depth(1), EndKind::Garbage, None);
    both_lost_by("silent-done", TimeControl::Depth(1), EndKind::Garbage, None);
}

#[test]
fn a_hang_loses_on_time_or_by_the_hang_timeout() {
    let tc = TimeControl::Clock {
        base: Duration::from_millis(600),
        increment: Duration::ZERO,
    };
    let reasons = both_lost_by("hang", tc, EndKind::TimeForfeit, None);
    for r in reasons {
        // the ply and the time the engine had (its clock, 0.6 s, plus the default margin)
        assert!(
            r.contains("lost on time at ply ") && r.contains("no answer within 0.7 s, nor 1 s"),
            "{r}"
        );
    }
    both_lost_by("hang", TimeControl::Depth(1), EndKind::Hang, Some(1));
    // an answer that comes late is waited for and timed: 0.4 s against 0.05 s + 0.1 s
    let late = TimeControl::MoveTime(Duration::from_millis(50));
    for r in both_lost_by("late", late, EndKind::TimeForfeit, None) {
        let after: f64 = r
            .split("answered after ")
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("{r}"));
        assert!(after >= 0.4 && r.ends_with("of 0.15 s"), "{r}");
    }
    both_lost_by("hang", TimeControl::Nodes(100), EndKind::Hang, Some(1));
}

#[test]
fn a_crashed_engine_is_restarted_for_the_next_game() {
    let log = std::env::temp_dir().join(format!("dama-restart-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let cmd = format!("{} --log \"{}\"", script("crash"), log.display());
    let mut cfg = config(
        spec("dama", dama()),
        spec("crash", cmd),
        4,
        TimeControl::Depth(1),
    );
    cfg.crash_limit = 0;
    let (summary, records) = play(&cfg);
    assert_eq!(records.len(), 4);
    assert!(records.iter().all(|r| r.end == EndKind::Crash));
    assert_eq!(summary.crash_stop, None, "a crash limit of 0 never stops");
    let starts = std::fs::read_to_string(&log).unwrap().lines().count();
    let _ = std::fs::remove_file(&log);
    // a fresh process for each of the 4 games, the first started before the match
    assert_eq!(starts, 4);
}

#[test]
fn sprt_stops_the_match_early() {
    let mut cfg = config(
        spec("dama", dama()),
        spec("illegal", script("illegal")),
        200,
        TimeControl::Depth(1),
    );
    cfg.sprt = Some(SprtConfig::parse("elo0=0,elo1=100,alpha=0.05,beta=0.05").unwrap());
    let (summary, _) = play(&cfg);
    let n = summary.games.len();
    assert!(n < 40, "stopped after {n} games");
    assert_eq!(summary.stopped_early.as_deref(), Some("SPRT accepted H1"));
    let t = summary.tally();
    assert_eq!(t.losses + t.draws, 0);
    assert_eq!(cfg.sprt.unwrap().verdict(&t), SprtVerdict::H1);
    let before = Tally {
        wins: t.wins - 1,
        ..t
    };
    assert_eq!(cfg.sprt.unwrap().verdict(&before), SprtVerdict::Continue);
}

/// Reference values computed with cutechess-cli's formulas and fishtest's GSPRT (see
/// `src/matchrunner/elo.rs`) in Python:
///   mu = (W + D/2)/N; var = w(1-mu)^2 + l mu^2 + d(1/2-mu)^2 (per-game fractions w, l, d)
///   elo(p) = -400 log10(1/p - 1); margin = (elo(mu + 1.96 sqrt(var/N)) - elo(mu - ...))/2
///   LOS = 1/2 (1 + erf((W - L)/sqrt(2(W + L))))
///   LLR = N sum p_i ln(p1_i/p0_i), p_k the MLE trinomial with mean score s_k = 1/(1+10^(-elo_k/400)),
///   counts + 0.001 each.
#[test]
fn statistics_match_known_values() {
    let cases = [
        // W, L, D, elo, margin, LOS, LLR(elo0=0, elo1=10)
        (60, 40, 100, 34.86007, 34.15927, 0.977250, 0.988075),
        (120, 100, 280, 13.90484, 20.21903, 0.911235, 0.838519),
        (10, 20, 30, -58.45121, 62.87209, 0.033945, -0.622146),
        (5, 0, 5, 190.84850, 162.30238, 0.987326, 0.283648),
    ];
    let sprt = SprtConfig {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (w, l, d, elo, margin, los, llr) in cases {
        let t = Tally {
            wins: w,
            losses: l,
            draws: d,
        };
        assert!((t.elo() - elo).abs() < 1e-4, "elo {w}-{l}-{d}: {}", t.elo());
        assert!(
            (t.elo_margin() - margin).abs() < 1e-4,
            "margin {w}-{l}-{d}: {}",
            t.elo_margin()
        );
        assert!((t.los() - los).abs() < 1e-6, "los {w}-{l}-{d}: {}", t.los());
        assert!(
            (sprt.llr(&t) - llr).abs() < 1e-5,
            "llr {w}-{l}-{d}: {}",
            sprt.llr(&t)
        );
    }
    // ln(0.05/0.95) and ln(0.95/0.05)
    assert!((sprt.lower_bound() + 2.944439).abs() < 1e-6);
    assert!((sprt.upper_bound() - 2.944439).abs() < 1e-6);
    let t = Tally {
        wins: 3,
        losses: 1,
        draws: 2,
    };
    let s = MatchSummary {
        engines: ["A".into(), "B".into()],
        variant: Variant::Czech,
        time_control: "depth 2".into(),
        games_planned: 6,
        openings: 3,
        seed: 1,
        shards: dama_tools::matchrunner::summary::Shards {
            parts: vec![1],
            of: 1,
        },
        sprt: None,
        stopped_early: None,
        crash_stop: None,
        games: vec![],
    };
    assert_eq!(
        dama_tools::matchrunner::summary::score_line(&s.engines, &t),
        "Score of A vs B: 3 - 1 - 2 [0.667] 6"
    );
}

/// The PDN of `records`, played under `cfg`.
fn pdn_of(cfg: &MatchConfig, records: &[GameRecord]) -> String {
    let info = MatchInfo {
        event: "test".into(),
        site: "ci".into(),
        date: today(),
        time_control: cfg.play.tc.pdn_tag(),
    };
    records.iter().map(|r| write_game(&info, r)).collect()
}

#[test]
fn pdn_of_a_match_parses_back() {
    let mut cfg = config(
        spec("A", dama()),
        spec("B", dama()),
        2,
        TimeControl::Depth(1),
    );
    cfg.openings = vec![Opening {
        start: dama::WidePosition::from_fen(Variant::Czech, "B:W21-32:B1-12").unwrap(),
        moves: vec![],
    }];
    let (_, records) = play(&cfg);
    let text = pdn_of(&cfg, &records);
    let games = read_games(&text, Variant::Russian).unwrap();
    assert_eq!(games.len(), 2);
    for (g, r) in games.iter().zip(&records) {
        assert_eq!(g.start, r.start);
        assert_eq!(g.moves, r.moves);
        assert_eq!(g.result, Some(r.result));
        for tag in [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "GameType",
            "FEN",
            "TimeControl",
            "Termination",
        ] {
            assert!(g.tag(tag).is_some(), "missing tag {tag}");
        }
        assert_eq!(g.tag("TimeControl"), Some("depth 1"));
    }
}

#[test]
fn two_shards_merge_to_the_unsharded_result() {
    let mut cfg = config(
        spec("A", dama()),
        spec("B", dama()),
        8,
        TimeControl::Depth(2),
    );
    cfg.openings = random_openings(Variant::Czech, 4, 5);
    let (whole, _) = play(&cfg);
    let mut parts = Vec::new();
    for i in 1..=2 {
        let mut c = cfg.clone();
        c.shard = Some((i, 2));
        let (s, _) = play(&c);
        assert_eq!(s.games.len(), 4);
        // what is merged is what a shard writes to disk
        parts.push(MatchSummary::from_json(&s.to_json()).unwrap());
    }
    parts.reverse();
    let merged = MatchSummary::merge(&parts).unwrap();
    assert_eq!(merged, whole);
    assert_eq!(merged.to_json(), whole.to_json());
}

#[test]
fn the_cli_plays_writes_and_merges() {
    let dir = std::env::temp_dir().join(format!("dama-match-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = env!("CARGO_BIN_EXE_dama");
    let run = |extra: &[&str]| {
        let mut args: Vec<String> = ["match", "--engine", &dama(), "--engine", &dama()]
            .iter()
            .chain(&["--games", "4", "--depth", "1", "--book-openings", "2"])
            .map(|s| s.to_string())
            .collect();
        args.extend(extra.iter().map(|s| s.to_string()));
        Command::new(exe).args(&args).output().unwrap()
    };
    let p = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (whole, s1, s2, pdn_out) = (p("whole.json"), p("s1.json"), p("s2.json"), p("m.pdn"));
    let out = run(&["--json", &whole, "--pdn", &pdn_out]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("balanced positions"),
        "book openings: {stdout}"
    );
    assert!(stdout.contains("Score of dama-1 vs dama-2: "), "{stdout}");
    assert!(stdout.contains("Elo difference: "), "{stdout}");
    let games = read_games(&std::fs::read_to_string(&pdn_out).unwrap(), Variant::Czech);
    assert_eq!(games.unwrap().len(), 4);
    assert!(run(&["--json", &s1, "--shard", "1/2"]).status.success());
    assert!(run(&["--json", &s2, "--shard", "2/2"]).status.success());
    let merged = p("merged.json");
    let m = Command::new(exe)
        .args(["match", "merge", &s1, &s2, "--json", &merged])
        .output()
        .unwrap();
    assert!(m.status.success(), "{}", String::from_utf8_lossy(&m.stderr));
    // the merged result lines are the final lines of the unsharded run
    let merged_out = String::from_utf8_lossy(&m.stdout).into_owned();
    assert!(
        stdout.trim_end().ends_with(merged_out.trim_end()),
        "{merged_out} vs {stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(&merged).unwrap(),
        std::fs::read_to_string(&whole).unwrap()
    );
    // bad input: one clear line, no panic
    for (args, want) in [
        (
            vec!["match", "--engine", "x", "--games", "2", "--depth", "1"],
            "exactly two",
        ),
        (vec!["match", "merge", "/nonexistent.json"], "cannot read"),
    ] {
        let o = Command::new(exe).args(&args).output().unwrap();
        assert!(!o.status.success());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let o = run(&["--tc", "1+0"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("only one of"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bitbases_adjudicate_wins_and_draws() {
    let dir = std::env::temp_dir().join(format!("dama-match-bb-{}", std::process::id()));
    let gen = Command::new(env!("CARGO_BIN_EXE_dama"))
        .args([
            "egtb",
            "generate",
            "--pieces",
            "3",
            "--threads",
            "1",
            "--dir",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        gen.status.success(),
        "{}",
        String::from_utf8_lossy(&gen.stderr)
    );
    let judge = dama_tools::matchrunner::adjudication::BitbaseJudge(std::sync::Arc::new(
        dama::bitbase::Bitbases::open(&dir),
    ));
    let mut cfg = config(
        spec("A", dama()),
        spec("B", dama()),
        4,
        TimeControl::Depth(1),
    );
    cfg.play.bitbases = Some(judge);
    cfg.openings = ["W:WK1,K32:B28", "W:WK32:BK1"]
        .iter()
        .map(|f| Opening {
            start: dama::WidePosition::from_fen(Variant::Czech, f).unwrap(),
            moves: vec![],
        })
        .collect();
    let (summary, records) = play(&cfg);
    let _ = std::fs::remove_dir_all(&dir);
    for r in &records {
        assert_eq!(r.end, EndKind::Adjudication, "{}", r.reason);
        assert!(r.reason.contains("bitbase"), "{}", r.reason);
        assert!(r.moves.is_empty(), "adjudicated before the first move");
    }
    assert_eq!(records[0].result, GameResult::WhiteWins);
    assert_eq!(records[1].result, GameResult::WhiteWins);
    assert_eq!(records[2].result, GameResult::Draw);
    assert_eq!(records[3].result, GameResult::Draw);
    assert_eq!(
        summary.tally(),
        Tally {
            wins: 1,
            losses: 1,
            draws: 2
        }
    );
}

/// `games` games of `variant` between two dama engines at depth 2 from random openings, each
/// checked to end by the rules with every move legal.
fn complete_games(variant: Variant, games: u32) -> (MatchConfig, Vec<GameRecord>) {
    let mut cfg = config(
        spec("A", dama()),
        spec("B", dama()),
        games,
        TimeControl::Depth(2),
    );
    cfg.variant = variant;
    cfg.openings = random_openings(variant, 1, 7);
    let (_, records) = play(&cfg);
    assert_eq!(records.len(), games as usize);
    for r in &records {
        assert_eq!(r.start.variant(), variant);
        assert_eq!(r.end, EndKind::Normal, "{variant}: {}", r.reason);
        check_legal(r);
    }
    (cfg, records)
}

/// Canadian (12×12, 128-bit positions) through the runner: complete games from random
/// openings, every move legal, each ended by the rules.
#[test]
fn canadian_games_are_played_to_their_end() {
    complete_games(Variant::Canadian, 2);
}

/// Frisian and Frysk! games through the match runner end by the rules, every move legal with
/// the king-move limit applied along the game.
#[test]
fn frisian_and_frysk_games_end_by_the_rules() {
    for variant in [Variant::Frysk, Variant::Frisian] {
        complete_games(variant, 2);
    }
}

/// Dameo games through the match runner: complete games from random openings, every move
/// legal (linear moves among them), each ended by the rules; the PDN names the variant with a
/// `Variant` tag beside Turkish's GameType and reads back.
#[test]
fn dameo_games_end_by_the_rules_and_their_pdn_reads_back() {
    let (cfg, records) = complete_games(Variant::Dameo, 2);
    let text = pdn_of(&cfg, &records);
    assert!(text.contains("[GameType \"30,W,8,8,A0,0\"]"), "{text}");
    assert!(text.contains("[Variant \"dameo\"]"), "{text}");
    let games = read_games(&text, Variant::Czech).unwrap();
    for (g, r) in games.iter().zip(&records) {
        assert_eq!(g.start, r.start);
        assert_eq!(g.moves, r.moves);
    }
}

/// Two games of `variant` through the match runner from random openings: complete, every
/// move legal, each ended by the rules.
fn two_games_end_by_the_rules(variant: Variant) {
    let mut cfg = config(
        spec("A", dama()),
        spec("B", dama()),
        2,
        TimeControl::Depth(2),
    );
    cfg.variant = variant;
    cfg.openings = random_openings(variant, 1, 7);
    let (_, records) = play(&cfg);
    assert_eq!(records.len(), 2);
    for r in &records {
        assert_eq!(r.end, EndKind::Normal, "{variant}: {}", r.reason);
        check_legal(r);
    }
}

/// Gothic (all squares, short kings in 8 directions).
#[test]
fn gothic_games_end_by_the_rules() {
    two_games_end_by_the_rules(Variant::Gothic);
}

/// Hawaiian (Konane) games through the runner, from the start (the engines choose the
/// removals) and from a random opening: every move legal, each game ended by the rules (the
/// side without a jump loses), and the PDN, with its `Variant` tag, replays the same game.
#[test]
fn hawaiian_games_end_by_the_rules_and_their_pdn_replays() {
    let variant = Variant::Hawaiian;
    let mut cfg = config(
        spec("A", dama()),
        spec("B", dama()),
        2,
        TimeControl::Depth(2),
    );
    cfg.variant = variant;
    cfg.openings = vec![Opening::standard(variant)];
    cfg.openings.extend(random_openings(variant, 1, 7));
    let (_, records) = play(&cfg);
    assert_eq!(records.len(), 2);
    let info = MatchInfo {
        event: "test".into(),
        site: "ci".into(),
        date: today(),
        time_control: cfg.play.tc.pdn_tag(),
    };
    for r in &records {
        assert_eq!(r.end, EndKind::Normal, "{}", r.reason);
        assert!(
            r.moves.len() >= 4 && r.moves.len() <= 62,
            "{}",
            r.moves.len()
        );
        assert!(r.moves[0].is_removal() && r.moves[1].is_removal());
        check_legal(r);
        let text = write_game(&info, r);
        assert!(text.contains("[Variant \"hawaiian\"]"), "{text}");
        let games = read_games(&text, Variant::Czech).unwrap();
        assert_eq!(games[0].moves, r.moves, "{text}");
        assert_eq!(games[0].start.variant(), variant);
    }
}

/// Alkerk (5×5 points joined by lines, men only).
#[test]
fn alquerque_games_end_by_the_rules() {
    two_games_end_by_the_rules(Variant::Alquerque);
}
