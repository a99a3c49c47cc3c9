//! Endgame bitbases against an independent brute-force solver, endgame theory, and damaged
//! files. Uses only the public API.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use dama::bitbase::{build, Bitbases, MaterialSignature, Probe, Wdl};
use dama::rules::Goal;
use dama::{movegen, Bitboard, Color, Position, Variant};

/// Czech slices of at most four pieces, generated once per test run.
fn czech4() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egtb-czech4");
        let _ = std::fs::remove_dir_all(&dir);
        let slices = build::slices(4, None);
        build::generate(Variant::Czech, &dir, &slices, &|_| {}, &mut |_| {}).unwrap();
        dir
    })
}

fn bitbases() -> &'static Bitbases {
    static BB: OnceLock<Bitbases> = OnceLock::new();
    BB.get_or_init(|| Bitbases::open(czech4()))
}

/// Every position of `m` with `side` to move (men off their promotion rows), built square by
/// square from PDN numbers.
fn positions(variant: Variant, m: MaterialSignature, side: Color) -> Vec<Position> {
    let g = variant.rules().geometry::<u64>();
    let squares: Vec<_> = g.all_squares().collect();
    let kinds: Vec<(Color, bool)> = std::iter::empty()
        .chain(std::iter::repeat_n((Color::White, false), m.wm as usize))
        .chain(std::iter::repeat_n((Color::White, true), m.wk as usize))
        .chain(std::iter::repeat_n((Color::Black, false), m.bm as usize))
        .chain(std::iter::repeat_n((Color::Black, true), m.bk as usize))
        .collect();
    let mut out = Vec::new();
    let mut chosen = Vec::new();
    place(&squares, &kinds, &mut chosen, &mut |sqs| {
        let mut bb = [Bitboard::EMPTY; 2];
        let mut kings = Bitboard::EMPTY;
        for (&sq, &(c, king)) in sqs.iter().zip(&kinds) {
            let one = Bitboard::from_square(sq);
            if !king && (variant.rules().promotion_squares::<u64>(c) & one).any() {
                return;
            }
            bb[c.index()] |= one;
            if king {
                kings |= one;
            }
        }
        out.push(Position::from_parts(variant, bb[0], bb[1], kings, side));
    });
    out
}

/// Calls `f` with every assignment of distinct squares to `kinds`, identical kinds in
/// increasing square order.
fn place(
    squares: &[dama::Square],
    kinds: &[(Color, bool)],
    chosen: &mut Vec<dama::Square>,
    f: &mut dyn FnMut(&[dama::Square]),
) {
    let k = chosen.len();
    if k == kinds.len() {
        f(chosen);
        return;
    }
    for &sq in squares {
        if chosen.contains(&sq) {
            continue;
        }
        if k > 0 && kinds[k - 1] == kinds[k] && sq <= chosen[k - 1] {
            continue;
        }
        chosen.push(sq);
        place(squares, kinds, chosen, f);
        chosen.pop();
    }
}

/// A plain solver over the game graph: collects every position reachable from `roots`, then
/// finds values round by round (round r decides the positions that end in r plies). A side to
/// move without a legal move loses, or wins in the giveaway forms (written out here, not asked
/// of the library).
struct Brute {
    ids: HashMap<Position, u32>,
    value: Vec<Option<(Wdl, u32)>>,
}

impl Brute {
    fn solve(roots: impl IntoIterator<Item = Position>) -> Brute {
        let mut ids: HashMap<Position, u32> = HashMap::new();
        let mut nodes = Vec::new();
        let mut succ: Vec<Vec<u32>> = Vec::new();
        let mut wins_at_once = Vec::new();
        let mut terminal = Wdl::Loss;
        for r in roots {
            if r.rules().goal == Goal::Giveaway {
                terminal = Wdl::Win;
            }
            ids.entry(r).or_insert_with(|| {
                nodes.push(r);
                nodes.len() as u32 - 1
            });
        }
        let mut next = 0;
        while next < nodes.len() {
            let pos = nodes[next];
            next += 1;
            let mut s = Vec::new();
            let mut takes_last = false;
            for m in movegen::legal_moves(&pos) {
                let child = pos.play(&m);
                if child.pieces(child.side()).is_empty() && terminal == Wdl::Loss {
                    takes_last = true;
                    continue;
                }
                let id = *ids.entry(child).or_insert_with(|| {
                    nodes.push(child);
                    nodes.len() as u32 - 1
                });
                s.push(id);
            }
            succ.push(s);
            wins_at_once.push(takes_last);
        }
        let n = nodes.len();
        // round r decides exactly the positions that end in r plies; taking the last piece
        // leads to a position lost in 0
        let mut value: Vec<Option<(Wdl, u32)>> = (0..n)
            .map(|i| (succ[i].is_empty() && !wins_at_once[i]).then_some((terminal, 0)))
            .collect();
        let mut round = 0;
        loop {
            round += 1;
            let mut decided = Vec::new();
            for i in 0..n {
                if value[i].is_some() {
                    continue;
                }
                let vals = succ[i].iter().map(|&j| value[j as usize]);
                if wins_at_once[i] || vals.clone().any(|v| matches!(v, Some((Wdl::Loss, _)))) {
                    decided.push((i, (Wdl::Win, round)));
                } else if vals.clone().all(|v| matches!(v, Some((Wdl::Win, _)))) {
                    decided.push((i, (Wdl::Loss, round)));
                }
            }
            if decided.is_empty() {
                break;
            }
            for (i, v) in decided {
                value[i] = Some(v);
            }
        }
        Brute { ids, value }
    }

    fn get(&self, pos: &Position) -> (Wdl, Option<u32>) {
        match self.value[self.ids[pos] as usize] {
            Some((w, d)) => (w, Some(d)),
            None => (Wdl::Draw, None),
        }
    }
}

fn all_slices(pieces: u32) -> Vec<(MaterialSignature, Color)> {
    build::slices(pieces, None)
        .into_iter()
        .flat_map(|m| [(m, Color::White), (m, Color::Black)])
        .collect()
}

fn check_against(brute: &Brute, m: MaterialSignature, side: Color) -> usize {
    check_variant(bitbases(), Variant::Czech, brute, m, side)
}

fn check_variant(
    bb: &Bitbases,
    variant: Variant,
    brute: &Brute,
    m: MaterialSignature,
    side: Color,
) -> usize {
    let mut n = 0;
    for pos in positions(variant, m, side) {
        let Probe { wdl, distance } = bb.probe(&pos).expect("slice present");
        let (want, want_distance) = brute.get(&pos);
        assert_eq!(wdl, want, "{}", pos.to_fen());
        // distances are stored for some slices only
        let want_distance = want_distance.filter(|_| m.stores_distance());
        assert_eq!(distance, want_distance, "{}", pos.to_fen());
        n += 1;
    }
    n
}

#[test]
fn two_and_three_pieces_agree_with_brute_force() {
    let roots: Vec<Position> = all_slices(3)
        .into_iter()
        .flat_map(|(m, s)| positions(Variant::Czech, m, s))
        .collect();
    let brute = Brute::solve(roots);
    let mut n = 0;
    for (m, side) in all_slices(3) {
        n += check_against(&brute, m, side);
    }
    assert!(n > 200_000, "{n} positions checked");
}

#[test]
fn four_kings_agree_with_brute_force() {
    let slices = [
        (MaterialSignature::new(0, 3, 0, 1), Color::White),
        (MaterialSignature::new(0, 3, 0, 1), Color::Black),
        (MaterialSignature::new(0, 2, 0, 2), Color::White),
    ];
    let roots: Vec<Position> = slices
        .iter()
        .flat_map(|&(m, s)| positions(Variant::Czech, m, s))
        .collect();
    let brute = Brute::solve(roots);
    for (m, side) in slices {
        check_against(&brute, m, side);
    }
}

/// Every 4-piece slice with men against the solver, over all positions reachable from the
/// slice (heavy: run with `--ignored`).
#[test]
#[ignore]
fn all_four_pieces_agree_with_brute_force() {
    let slices: Vec<_> = all_slices(4)
        .into_iter()
        .filter(|(m, _)| m.pieces() == 4)
        .collect();
    let roots: Vec<Position> = slices
        .iter()
        .flat_map(|&(m, s)| positions(Variant::Czech, m, s))
        .collect();
    let brute = Brute::solve(roots);
    for (m, side) in slices {
        check_against(&brute, m, side);
    }
}

/// One-ply consistency of a sample of every 4-piece slice: the value of a position follows from
/// the values of its successors (and the distances too, where stored).
#[test]
fn four_piece_sample_is_consistent() {
    let checked = check_four_piece_sample(bitbases(), Variant::Czech, 41);
    assert!(checked > 100_000 / 41, "{checked}");
}

/// The same for Turkish (the all-squares board, orthogonal men and flying kings, pieces removed
/// at once), every slice of at most four pieces generated first (heavy, about 7 minutes on 2
/// loaded cores: run with `--ignored`).
#[test]
#[ignore]
fn turkish_four_piece_sample_is_consistent() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egtb-turkish4");
    let _ = std::fs::remove_dir_all(&dir);
    let slices = build::slices(4, None);
    build::generate(Variant::Turkish, &dir, &slices, &|_| {}, &mut |_| {}).unwrap();
    let bb = Bitbases::open(&dir);
    let checked = check_four_piece_sample(&bb, Variant::Turkish, 97);
    assert!(checked > 500_000 / 97, "{checked}");
    assert!(bb.errors().is_empty(), "{:?}", bb.errors());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Checks every `step`-th position of every 4-piece slice of `variant` against its successors'
/// values in `bb`; the number of positions checked.
fn check_four_piece_sample(bb: &Bitbases, variant: Variant, step: usize) -> usize {
    let mut checked = 0;
    for (m, side) in all_slices(4).into_iter().filter(|(m, _)| m.pieces() == 4) {
        for pos in positions(variant, m, side).into_iter().step_by(step) {
            let got = bb.probe(&pos).unwrap();
            let mut children = Vec::new();
            for mv in movegen::legal_moves(&pos) {
                let child = pos.play(&mv);
                let v = if child.pieces(child.side()).is_empty() {
                    (Wdl::Loss, Some(0))
                } else {
                    let p = bb.probe(&child).unwrap();
                    (p.wdl, p.distance)
                };
                children.push(v);
            }
            let wins: Vec<_> = children.iter().filter(|c| c.0 == Wdl::Loss).collect();
            let want = if !wins.is_empty() {
                let d = wins.iter().map(|c| c.1.map(|d| d + 1)).min().flatten();
                (Wdl::Win, d)
            } else if children.iter().all(|c| c.0 == Wdl::Win) {
                let d = children.iter().map(|c| c.1.map(|d| d + 1)).max().flatten();
                (Wdl::Loss, if children.is_empty() { Some(0) } else { d })
            } else {
                (Wdl::Draw, None)
            };
            assert_eq!(got.wdl, want.0, "{variant} {}", pos.to_fen());
            if got.distance.is_some() {
                assert_eq!(got.distance, want.1, "{variant} {}", pos.to_fen());
            }
            checked += 1;
        }
    }
    checked
}

/// Petrov's triangle (docs/rules/czech.md, endgame facts): three kings against a lone king off
/// a1-h8, the kings to move, win in at most 13 moves (25 plies) unless the lone king already
/// attacks one of them (an immediate shot); with the lone king on a1-h8 they win only by short
/// tactics (at most 5 moves).
#[test]
fn three_kings_against_one_king() {
    let bb = bitbases();
    let g = Variant::Czech.rules().geometry::<u64>();
    let (mut wins, mut shots) = (0, 0);
    for pos in positions(
        Variant::Czech,
        MaterialSignature::new(0, 3, 0, 1),
        Color::White,
    ) {
        let p = bb.probe(&pos).unwrap();
        let on_diagonal = (pos.kings(Color::Black) & g.long_diagonal).any();
        if on_diagonal {
            if p.wdl == Wdl::Win {
                assert!(p.distance.unwrap() <= 9, "{}", pos.to_fen());
            }
            continue;
        }
        if p.wdl == Wdl::Win {
            assert!(p.distance.unwrap() <= 25, "{} {:?}", pos.to_fen(), p);
            wins += 1;
        } else {
            assert_eq!(p.wdl, Wdl::Draw, "{}", pos.to_fen());
            // the lone king attacks a king right now
            assert!(
                movegen::has_capture(&pos.with_side(Color::Black)),
                "{}",
                pos.to_fen()
            );
            shots += 1;
        }
    }
    assert!(wins > 100 * shots, "{wins} wins, {shots} shots");
    // the longest win with the lone king to move and a strong king on a1-h8 (docs/rules/czech.md)
    let pos = Position::from_fen(Variant::Czech, "B:WKa1,Ke1,Kh4:BKb2").unwrap();
    let p = bb.probe(&pos).unwrap();
    assert_eq!((p.wdl, p.distance), (Wdl::Loss, Some(24)));
}

/// Two kings against one king, and king against king, are drawn apart from immediate
/// tactics: every decided position ends within four moves of each side (8 plies).
#[test]
fn two_kings_against_one_king_is_a_draw() {
    let bb = bitbases();
    for m in [
        MaterialSignature::new(0, 2, 0, 1),
        MaterialSignature::new(0, 1, 0, 1),
    ] {
        let mut draws = 0;
        let mut total = 0;
        for side in Color::ALL {
            for pos in positions(Variant::Czech, m, side) {
                let p = bb.probe(&pos).unwrap();
                total += 1;
                match p.wdl {
                    Wdl::Draw => draws += 1,
                    _ => assert!(p.distance.unwrap() <= 8, "{} {:?}", pos.to_fen(), p),
                }
            }
        }
        assert!(draws * 2 > total, "{m}: {draws} draws of {total}");
    }
}

/// A truncated file, a file with a flipped byte and a file that is not a bitbase are each
/// reported by name and left out; the other slices still answer.
#[test]
fn damaged_files_are_reported_and_ignored() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egtb-damaged");
    let _ = std::fs::remove_dir_all(&dir);
    let slices = build::slices(3, None);
    build::generate(Variant::Czech, &dir, &slices, &|_| {}, &mut |_| {}).unwrap();
    let name = |m: MaterialSignature| dama::bitbase::file::path(&dir, Variant::Czech, m);
    let truncated = name(MaterialSignature::new(0, 2, 0, 1));
    let bytes = std::fs::read(&truncated).unwrap();
    std::fs::write(&truncated, &bytes[..bytes.len() - 10]).unwrap();
    let flipped = name(MaterialSignature::new(1, 1, 0, 1));
    let mut bytes = std::fs::read(&flipped).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0x10;
    std::fs::write(&flipped, &bytes).unwrap();
    std::fs::write(dir.join("junk.egtb"), b"hello").unwrap();

    let bb = Bitbases::open(&dir);
    let fen = |f: &str| Position::from_fen(Variant::Czech, f).unwrap();
    assert_eq!(bb.probe(&fen("W:WKa1,Kc1:BKh8")), None);
    assert_eq!(bb.probe(&fen("W:WKa1,e3:BKh8")), None);
    // White must move along a1-h8 into the black king's capture
    let kk = bb.probe(&fen("W:WKa1:BKh8")).unwrap();
    assert_eq!((kk.wdl, kk.distance), (Wdl::Loss, Some(2)));
    let errors = bb.errors().join("\n");
    for (path, what) in [
        (truncated, "truncated"),
        (flipped, "checksum"),
        (dir.join("junk.egtb"), "header"),
    ] {
        let line = bb
            .errors()
            .into_iter()
            .find(|e| e.contains(&path.display().to_string()))
            .unwrap_or_else(|| panic!("no error for {}: {errors}", path.display()));
        assert!(line.contains(what), "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The bitbases of `variant` up to 3 pieces, generated into a fresh directory (returned, to
/// remove), and the independent solver's values of the same positions.
fn solve_three_pieces(variant: Variant) -> (PathBuf, Bitbases, Brute) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("egtb-{variant}"));
    let _ = std::fs::remove_dir_all(&dir);
    let slices = build::slices(3, None);
    build::generate(variant, &dir, &slices, &|_| {}, &mut |_| {}).unwrap();
    let bb = Bitbases::open(&dir);
    let roots: Vec<Position> = all_slices(3)
        .into_iter()
        .flat_map(|(m, s)| positions(variant, m, s))
        .collect();
    (dir, bb, Brute::solve(roots))
}

/// The giveaway forms on 8×8 (Žravá dáma on Czech moves, giveaway checkers on English moves):
/// the solver's inverted terminal values against the same independent solver, 2 and 3 pieces,
/// and a position whose value is plain: White must take Black's last man, and Black wins.
#[test]
fn giveaway_forms_agree_with_brute_force() {
    for variant in [Variant::Zrava, Variant::Giveaway] {
        let (dir, bb, brute) = solve_three_pieces(variant);
        let mut wins = 0;
        for (m, side) in all_slices(3) {
            check_variant(&bb, variant, &brute, m, side);
            wins += positions(variant, m, side)
                .iter()
                .filter(|p| bb.probe(p).unwrap().wdl == Wdl::Win)
                .count();
        }
        assert!(wins > 0, "{variant}: some positions are won");
        let fen = if variant == Variant::Zrava {
            "W:Wc3:Bd4"
        } else {
            "B:W14:B10"
        };
        let pos = Position::from_fen(variant, fen).unwrap();
        let p = bb.probe(&pos).unwrap();
        assert_eq!((p.wdl, p.distance), (Wdl::Loss, Some(1)), "{variant} {fen}");
        assert!(bb.errors().is_empty(), "{:?}", bb.errors());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// One-way has no bitbases: its men all go up, so a table cannot serve both sides to move.
#[test]
fn one_way_has_no_bitbases() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egtb-oneway");
    let slices = build::slices(2, None);
    let e = build::generate(Variant::Oneway, &dir, &slices, &|_| {}, &mut |_| {}).unwrap_err();
    assert!(
        e.starts_with("no bitbases for oneway: its rules differ"),
        "{e}"
    );
    assert!(!dir.exists());
}

/// Breakthrough has no bitbases: every position with a king is already over.
#[test]
fn breakthrough_has_no_bitbases() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egtb-breakthrough");
    let slices = build::slices(2, None);
    let e =
        build::generate(Variant::Breakthrough, &dir, &slices, &|_| {}, &mut |_| {}).unwrap_err();
    assert_eq!(
        e,
        "no bitbases for breakthrough: its goal (breakthrough) ends the game at the first king"
    );
    assert!(!dir.exists());
}

/// The generator only uses the variant's rules: short kings and men that capture backward
/// (English, Russian), the a1-light board with men that cannot take kings (Italian), kings
/// landing right behind with pieces removed at once (Thai), two promotion squares (Corner),
/// Killer's halt on 10×10, Turkish's all-squares board with orthogonal men and kings, Gothic's
/// men in five directions and short kings in eight, and Parachute (its tables hold the
/// positions after the parachutists have jumped) against the same independent solver, 2 and 3
/// pieces.
#[test]
fn other_variants_agree_with_brute_force() {
    for variant in [
        Variant::English,
        Variant::Russian,
        Variant::Italian,
        Variant::Thai,
        Variant::Corner,
        Variant::Killer,
        Variant::Parachute,
        Variant::Turkish,
        Variant::Gothic,
    ] {
        let (dir, bb, brute) = solve_three_pieces(variant);
        for (m, side) in all_slices(3) {
            check_variant(&bb, variant, &brute, m, side);
        }
        assert!(bb.errors().is_empty(), "{:?}", bb.errors());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Frisian (Frysk! has the same rules and so the same tables), whose king-move limit puts each
/// side's run in the position and in the index: 2 and 3 pieces against the same independent solver (which plays the moves, runs and
/// all), both at the roots (no runs) and at every position with a run that play reached.
#[test]
fn frisian_with_the_king_move_limit_agrees_with_brute_force() {
    let variant = Variant::Frisian;
    let (dir, bb, brute) = solve_three_pieces(variant);
    for (m, side) in all_slices(3) {
        check_variant(&bb, variant, &brute, m, side);
    }
    let mut with_runs = 0;
    for pos in brute.ids.keys() {
        let runs = [pos.king_run(Color::White), pos.king_run(Color::Black)];
        if runs.iter().all(|r| r.square().is_none()) {
            continue;
        }
        let Probe { wdl, distance } = bb.probe(pos).expect("slice present");
        assert_eq!((wdl, distance), brute.get(pos), "{} {runs:?}", pos.to_fen());
        with_runs += 1;
    }
    assert!(with_runs > 10_000, "{with_runs} positions with runs");
    assert!(bb.errors().is_empty(), "{:?}", bb.errors());
    let _ = std::fs::remove_dir_all(&dir);
}
