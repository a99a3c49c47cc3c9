use super::*;
use crate::eval::tests::mirror;
use crate::movegen;
use crate::position::Position;
use crate::types::SplitMix;

/// A network of random weights over the whole range the file allows.
fn random_net(variant: Variant, h1: usize, h2: usize, seed: u64) -> Network {
    let mut r = SplitMix::new(seed);
    let mut int = |lo: i32, hi: i32| lo + r.below((hi - lo + 1) as u64) as i32;
    let mut net = Network::zero(variant, h1, h2);
    net.w1.iter_mut().for_each(|w| *w = int(-60, 60) as i16);
    net.b1.iter_mut().for_each(|w| *w = int(-100, 200) as i16);
    net.w2.iter_mut().for_each(|w| *w = int(-128, 127) as i8);
    net.b2.iter_mut().for_each(|w| *w = int(-20_000, 20_000));
    net.w3.iter_mut().for_each(|w| *w = int(-128, 127) as i8);
    net.b3 = int(-50_000, 50_000);
    net
}

/// The positions of a pseudo-random game from the start, long enough to crown kings.
fn playout(variant: Variant, seed: u64) -> Vec<Position> {
    let mut r = SplitMix::new(seed);
    let mut pos = Position::start(variant);
    let mut out = vec![pos];
    for _ in 0..200 {
        let moves = movegen::legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos = pos.play(&moves[r.index(moves.len())]);
        out.push(pos);
    }
    out
}

#[test]
fn a_hand_made_network_gives_the_hand_computed_score() {
    // one unit counting own men (10 each, capped at 127), passed on at weight 1.0 twice
    let v = Variant::International;
    let mut net = Network::zero(v, 32, 8);
    for sq in 0..50 {
        net.w1[sq * 32] = 10;
    }
    net.w2[0] = 64;
    net.w3[0] = 64;
    let start = Position::start(v);
    assert_eq!(forward_plain(&net, features(&start).as_slice()), 100);
    let five = Position::from_fen(v, "W:W31,32,33,34,35:B1,2,3,4,5,6").unwrap();
    // 50 → 50 · 64 = 3200 → 50 → 3200 · 100 / 8128 = 39.4
    assert_eq!(evaluate_with(&five, &net), 39);
    assert_eq!(
        evaluate_with(&five.with_side(crate::Color::Black), &net),
        47
    );
}

#[test]
fn features_are_seen_from_the_side_to_move() {
    let v = Variant::International;
    let pos = Position::from_fen(v, "W:W46,K10:B5,K41").unwrap();
    assert_eq!(features(&pos).as_slice(), &[45, 59, 104, 190]);
    let black = pos.with_side(crate::Color::Black);
    // Black's man on 5 is own square 46, its king on 41 own square 10; White's seen turned
    assert_eq!(features(&black).as_slice(), &[45, 59, 104, 190]);
}

#[test]
fn the_vector_and_plain_paths_agree_exactly() {
    let mut checked = 0;
    for (i, v) in [Variant::International, Variant::Czech, Variant::Frisian]
        .into_iter()
        .enumerate()
    {
        for (h1, h2) in [(32, 8), (128, 32), (256, 16)] {
            let net = random_net(v, h1, h2, 7 + i as u64 * 100 + h1 as u64);
            for pos in playout(v, i as u64 + 3) {
                let f = features(&pos);
                let plain = forward_plain(&net, f.as_slice());
                if let Some(vector) = simd::forward_vector(&net, f.as_slice()) {
                    assert_eq!(vector, plain, "{v} {h1}x{h2} {}", pos.to_fen());
                    checked += 1;
                }
                assert_eq!(simd::forward(&net, f.as_slice()), plain);
            }
        }
    }
    assert!(checked > 0 || !simd::has_avx2());
}

#[test]
fn a_position_and_its_colour_flipped_mirror_score_the_same() {
    for v in [Variant::International, Variant::Czech] {
        let net = random_net(v, 64, 16, 11);
        let positions = playout(v, 5);
        assert!(positions.iter().any(|p| p.all_kings().any()));
        let mut distinct = std::collections::HashSet::new();
        for pos in positions {
            let m = mirror(&pos);
            let score = evaluate_with(&pos, &net);
            assert_eq!(score, evaluate_with(&m, &net), "{}", pos.to_fen());
            distinct.insert(score);
        }
        assert!(distinct.len() > 10, "the random network scores vary");
    }
}

#[test]
fn a_file_reads_back() {
    let net = random_net(Variant::International, 128, 32, 1);
    let bytes = to_bytes(&net);
    assert_eq!(
        bytes.len(),
        48 + 2 * (200 * 128 + 128) + 32 * 128 + 4 * 32 + 32 + 4
    );
    assert_eq!(from_bytes(&bytes), Ok(net));
}

#[test]
fn damaged_truncated_or_mismatched_files_are_refused() {
    let bytes = to_bytes(&random_net(Variant::International, 64, 8, 2));
    let e = |b: &[u8]| from_bytes(b).unwrap_err().to_string();
    let mut flipped = bytes.clone();
    flipped[500] ^= 1;
    assert!(
        e(&flipped).contains("(the file is damaged)"),
        "{}",
        e(&flipped)
    );
    assert!(e(&bytes[..bytes.len() - 1]).contains("expected"));
    assert!(e(&bytes[..30]).starts_with("network file: not a network file"));
    let mut version = bytes.clone();
    version[24] = 7;
    assert_eq!(
        e(&version),
        "network file: layout version 7, this build reads 1"
    );
    let mut other = bytes.clone();
    other[8..24].copy_from_slice(b"czech\0\0\0\0\0\0\0\0\0\0\0");
    assert_eq!(
        e(&other),
        "network file: a 10×10 board with 200 inputs, czech needs 8×8 with 128"
    );
    let mut width = bytes.clone();
    width[32] = 33;
    assert!(e(&width).contains("layer 1 of 33"));
    let mut big = random_net(Variant::International, 32, 8, 3);
    big.w1[5] = 300;
    assert!(e(&to_bytes(&big)).contains("beyond ±255"));
}

#[test]
fn a_loaded_file_changes_nothing_when_it_is_refused() {
    let dir = std::env::temp_dir().join(format!("dama-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.nnue");
    let mut bytes = to_bytes(&random_net(Variant::Brazilian, 32, 8, 4));
    bytes.truncate(100);
    std::fs::write(&path, &bytes).unwrap();
    let before = active(Variant::Brazilian).cloned();
    let e = use_file(&path).unwrap_err().to_string();
    assert!(
        e.starts_with("network file: ") && e.contains("bad.nnue: "),
        "{e}"
    );
    assert!(!e.contains('\n'));
    assert_eq!(active(Variant::Brazilian).cloned(), before);
    let missing = use_file(&dir.join("none.nnue")).unwrap_err().to_string();
    assert!(missing.contains("none.nnue"), "{missing}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_compiled_in_networks_load() {
    assert_eq!(check_networks(), Ok(()));
    assert!(has_compiled(Variant::International));
    for &(v, bytes) in COMPILED {
        assert_eq!(from_bytes(bytes).unwrap().variant, v);
        assert_eq!(to_bytes(&from_bytes(bytes).unwrap()), bytes);
        assert!(active(v).is_some());
    }
}

#[test]
fn a_damaged_copy_of_a_compiled_in_network_is_refused() {
    for &(_, bytes) in COMPILED {
        for at in [48, bytes.len() / 2, bytes.len() - 1] {
            let mut copy = bytes.to_vec();
            copy[at] ^= 0x10;
            let e = from_bytes(&copy).unwrap_err().to_string();
            assert!(e.ends_with("(the file is damaged)"), "{e}");
        }
    }
}

#[test]
fn the_compiled_in_networks_are_symmetric_and_their_paths_agree() {
    for &(v, bytes) in COMPILED {
        let net = from_bytes(bytes).unwrap();
        let mut distinct = std::collections::HashSet::new();
        for seed in 0..4 {
            for pos in playout(v, 40 + seed) {
                let score = evaluate_with(&pos, &net);
                assert_eq!(
                    score,
                    evaluate_with(&mirror(&pos), &net),
                    "{}",
                    pos.to_fen()
                );
                let f = features(&pos);
                let plain = forward_plain(&net, f.as_slice());
                if let Some(vector) = simd::forward_vector(&net, f.as_slice()) {
                    assert_eq!(vector, plain, "{}", pos.to_fen());
                }
                distinct.insert(score);
            }
        }
        assert!(
            distinct.len() > 50,
            "{v}: {} distinct scores",
            distinct.len()
        );
    }
}

/// Scores every node of a random tree walked depth-first (three children a node) with the
/// stack and from scratch, switching networks half-way.
fn walk(
    stack: &mut NetStack<u64>,
    nets: [&'static Network; 2],
    pos: &Position,
    ply: usize,
    r: &mut SplitMix,
) -> usize {
    let net = nets[usize::from(ply > 3 && r.below(8) == 0)];
    assert_eq!(
        stack.evaluate(pos, ply, net),
        evaluate_with(pos, net),
        "{}",
        pos.to_fen()
    );
    let moves = movegen::legal_moves(pos);
    if ply == 6 || moves.is_empty() {
        return 1;
    }
    (0..3)
        .map(|_| {
            walk(
                stack,
                nets,
                &pos.play(&moves[r.index(moves.len())]),
                ply + 1,
                r,
            )
        })
        .sum::<usize>()
        + 1
}

#[test]
fn the_kept_sums_give_the_from_scratch_scores() {
    for (i, v) in [Variant::Czech, Variant::Frisian, Variant::Russian]
        .into_iter()
        .enumerate()
    {
        let a: &'static Network = Box::leak(Box::new(random_net(v, 64, 16, 20 + i as u64)));
        let b: &'static Network = Box::leak(Box::new(random_net(v, 64, 16, 30 + i as u64)));
        let mut stack = NetStack::default();
        let mut r = SplitMix::new(i as u64);
        let mut nodes = 0;
        for (n, pos) in playout(v, 60 + i as u64).into_iter().enumerate().step_by(7) {
            nodes += walk(&mut stack, [a, b], &pos, n % 3, &mut r);
        }
        assert!(nodes > 1000, "{v}: {nodes} nodes");
    }
}

#[test]
fn the_kept_sums_give_the_from_scratch_scores_on_10x10() {
    let v = Variant::International;
    let net: &'static Network = match active(v) {
        Some(net) => net,
        None => Box::leak(Box::new(random_net(v, 128, 32, 5))),
    };
    let other: &'static Network = Box::leak(Box::new(random_net(v, 128, 32, 6)));
    let mut stack = NetStack::<u64>::default();
    let mut r = SplitMix::new(77);
    let mut nodes = 0;
    for (n, pos) in playout(v, 61).into_iter().enumerate().step_by(5) {
        nodes += walk(&mut stack, [net, other], &pos, n % 2, &mut r);
    }
    assert!(nodes > 1000, "{nodes} nodes");
}
