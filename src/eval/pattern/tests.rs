use super::*;
use crate::eval::tests::{mirror, sample_positions};
use crate::position::Position;
use crate::rules::BoardSize;
use crate::types::SplitMix;

/// Random weights for `variant` that keep the colour symmetry: the weight of a window's index
/// is minus that of its mirror (and 0 where the two are the same).
fn symmetric_random(variant: Variant, seed: u64) -> PatternWeights {
    let l = layout::layout(variant.rules().board).unwrap();
    let mut w = PatternWeights::zero(variant).unwrap();
    let mut rng = SplitMix::new(seed);
    for win in 0..l.windows.len() {
        for idx in 0..WINDOW_INDICES {
            let (mw, mi) = l.mirror(win, idx);
            if (win, idx) < (mw, mi) {
                let v = [rng.below(400) as i16 - 200, rng.below(400) as i16 - 200];
                w.windows[win * WINDOW_INDICES + idx] = v;
                w.windows[mw * WINDOW_INDICES + mi] = [-v[0], -v[1]];
            }
        }
    }
    w.scalars = [[800, 760], [2400, 2000], [16, 40], [300, 500]];
    w
}

#[test]
fn colour_flipped_mirrors_score_the_same_for_the_side_to_move_on_every_board() {
    let samples = sample_positions();
    let mut boards = Vec::new();
    for pos in samples {
        let v = pos.variant();
        let Some(_) = layout::layout(v.rules().board) else {
            continue;
        };
        if !boards.contains(&v.rules().board) {
            boards.push(v.rules().board);
        }
        let w = symmetric_random(v, 7);
        let m = mirror(&pos);
        assert_eq!(
            evaluate_with(&pos, &w),
            evaluate_with(&m, &w),
            "{v}: {}",
            pos.to_fen()
        );
        assert_eq!(w.white_score(&pos), -w.white_score(&m), "{}", pos.to_fen());
    }
    assert_eq!(boards.len(), 3, "{boards:?}");
    // 12×12, in 128 bits
    let mut pos = crate::WidePosition::start(Variant::Canadian);
    let w = symmetric_random(Variant::Canadian, 7);
    for ply in 0..60 {
        let m = mirror(&pos);
        assert_eq!(
            evaluate_with(&pos, &w),
            evaluate_with(&m, &w),
            "{}",
            pos.to_fen()
        );
        assert_eq!(w.white_score(&pos), -w.white_score(&m), "{}", pos.to_fen());
        let moves = crate::movegen::legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos = pos.play(&moves[(ply * 7 + 3) % moves.len()]);
    }
}

#[test]
fn features_of_the_start_and_of_a_man_up() {
    let start = Position::start(Variant::Czech);
    let f = features(&start).unwrap();
    assert_eq!((f.phase, f.count, f.scalars), (256, 15, [0, 0, 0, 0]));
    let pos = Position::from_fen(Variant::Czech, "W:WKa1,c3,e5:Bh8").unwrap();
    let f = features(&pos).unwrap();
    // men 2 - 1, kings 1 - 0, tempo (c3: 2 rows, e5: 4 rows) - (h8: 0 rows), lone king
    assert_eq!(f.scalars, [1, 1, 6, 1]);
    let mut w = PatternWeights::zero(Variant::Czech).unwrap();
    w.scalars = [[800, 800], [2400, 2400], [0, 0], [0, 0]];
    assert_eq!(w.white_score(&pos), 100 + 300);
    // added to the hand-set evaluation
    let black = pos.with_side(Color::Black);
    let hand = crate::eval::evaluate_with(&black, crate::eval::weights_for(BoardSize::Eight));
    assert_eq!(evaluate_with(&black, &w), hand - 400);
}

#[test]
fn compiled_files_load_and_round_trip() {
    assert_eq!(check_weights(), Ok(()));
    for (v, bytes) in compiled() {
        let w = from_bytes(bytes, v).unwrap();
        assert_eq!(to_bytes(&w), bytes);
        assert_eq!(for_variant(v), Some(&w));
        // a damaged copy of the shipped file is refused
        let mut damaged = bytes.to_vec();
        damaged[bytes.len() / 2] ^= 0x10;
        let e = from_bytes(&damaged, v).unwrap_err().to_string();
        assert!(e.contains("the file is damaged"), "{e}");
        assert!(from_bytes(&bytes[..bytes.len() - 1], v).is_err());
    }
    assert_eq!(source(Variant::Czech), Some(Variant::Czech));
}

#[test]
fn every_file_in_eval_is_compiled_in_and_checked() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("eval");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("weights") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let v = Variant::from_name(&stem).unwrap();
        let (_, bytes) = compiled().find(|(c, _)| *c == v).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), *bytes, "{stem}");
        names.push(stem);
    }
    assert_eq!(names.len(), compiled().count(), "{names:?}");
}

#[test]
fn a_variant_without_a_file_borrows_a_relatives_on_the_same_board() {
    for v in Variant::ALL {
        let Some(from) = source(v) else { continue };
        assert_eq!(v.rules().board, from.rules().board, "{v} from {from}");
        assert_eq!(v.rules().goal, from.rules().goal, "{v} from {from}");
        let (r, f) = (v.rules(), from.rules());
        assert_eq!(r.men.captures, f.men.captures, "{v} from {from}");
        assert_eq!(r.men.forward, f.men.forward, "{v} from {from}");
        assert_eq!(r.kings.captures, f.kings.captures, "{v} from {from}");
        assert!(for_variant(v).is_some_and(|w| w.variant == from), "{v}");
    }
    for v in Variant::ALL {
        assert!(!has_file(v) || source(v) == Some(v));
        if let Patterns::Borrowed(relatives) = v.patterns() {
            assert!(relatives.iter().all(|&r| r != v), "{v}");
        }
    }
    assert_eq!(source(Variant::Mala), Some(Variant::Czech));
    assert_eq!(source(Variant::Killer), Some(Variant::International));
    // men that capture backward (Russian) or short kings (English) do not borrow Czech's;
    // English has weights of its own
    assert_eq!(source(Variant::English), Some(Variant::English));
    assert_eq!(source(Variant::Russian), None);
    assert_eq!(source(Variant::Oneway), None);
    assert_eq!(source(Variant::Italian), None);
}
