//! Frisian and Frysk! capture paths, where a flying king jumps along diagonals, files and ranks,
//! checked against a brute-force enumeration written here from the rules text alone.
//!
//! Four ways to count the captures of one position, from fewest to most:
//! - moves: one per origin, destination and set of captured pieces (`perft`);
//! - orders: one per origin, destination and order of the captured pieces;
//! - paths: one per origin, destination, order of the captured pieces and direction of each
//!   jump (`perft --paths`, dctl's count without removing duplicates): a king that may land on
//!   several squares of one line and goes on straight ahead takes the same path from each, but
//!   two landing squares of one line that reach the next piece along different lines (one
//!   diagonal, one file or rank) make two paths;
//! - landings: one per sequence of landing squares (`perft --landings`).
//!
//! With only diagonal (or only orthogonal) lines, orders and paths are the same count; with
//! both they may differ, and these positions are chosen so that they do.

use std::collections::HashSet;

use dama::perft::{perft, Counting};
use dama::{movegen, Position, Variant};

/// A cell of the 10×10 board: (file, rank), both 0-9, a1 = (0, 0) (dark).
type Cell = (i8, i8);

/// The cell of square `n` (1-50) of the numeric notation: 1-5 on rank 10 from b10, 46-50 on
/// rank 1 from a1.
fn cell(n: u8) -> Cell {
    let row = (n - 1) / 5; // 0 = rank 10
    let i = ((n - 1) % 5) as i8;
    let file = if row.is_multiple_of(2) {
        2 * i + 1
    } else {
        2 * i
    };
    (file, 9 - row as i8)
}

/// The square number of a dark cell on the board.
fn number((file, rank): Cell) -> Option<u8> {
    let on_board = (0..10).contains(&file) && (0..10).contains(&rank);
    if !on_board || (file + rank).rem_euclid(2) != 0 {
        return None;
    }
    let row = 9 - rank;
    Some((row * 5 + file / 2 + 1) as u8)
}

/// The eight ways to go from a dark cell to the next dark cell of a line: the four diagonal
/// steps (indices 0-3), then two ranks up or down a file and two files along a rank (4-7).
const STEPS: [Cell; 8] = [
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
    (0, 2),
    (0, -2),
    (2, 0),
    (-2, 0),
];

/// A position as read from a numeric FEN: the side to move's men and kings, the enemy's men.
struct Setup {
    men: Vec<u8>,
    kings: Vec<u8>,
    enemy: Vec<u8>,
}

/// Reads `W:W…:B…` / `B:W…:B…` with single squares (`K` marks a king); the enemy has no kings
/// (then the value precedence is the number of pieces taken).
fn setup(fen: &str) -> Setup {
    let mut parts = fen.split(':');
    let side = parts.next().unwrap();
    let mut s = Setup {
        men: Vec::new(),
        kings: Vec::new(),
        enemy: Vec::new(),
    };
    for part in parts {
        let (colour, list) = part.split_at(1);
        let mine = colour == side;
        for item in list.split(',') {
            let (king, num) = match item.strip_prefix('K') {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let n: u8 = num.parse().unwrap();
            match (mine, king) {
                (true, true) => s.kings.push(n),
                (true, false) => s.men.push(n),
                (false, false) => s.enemy.push(n),
                (false, true) => panic!("the brute force takes enemy men only"),
            }
        }
    }
    s
}

/// One capture sequence: where it starts, each jump's direction, piece and landing square.
#[derive(Clone, Debug)]
struct Sequence {
    from: u8,
    by_king: bool,
    dirs: Vec<usize>,
    taken: Vec<u8>,
    landings: Vec<u8>,
}

/// Every complete capture sequence of the side to move: a piece jumps while it can (the
/// captured pieces stay on the board until the move ends, so they block and are not taken
/// twice; the start square counts as empty); a king flies along the line to the first piece
/// and may land on any empty square right behind it, a man takes the piece next to it and
/// lands on the square right behind.
fn sequences(s: &Setup) -> Vec<Sequence> {
    let mut out = Vec::new();
    let pieces = s.men.iter().map(|&m| (m, false));
    for (from, king) in pieces.chain(s.kings.iter().map(|&k| (k, true))) {
        let mut occupied: HashSet<u8> = s.men.iter().chain(&s.kings).copied().collect();
        occupied.extend(&s.enemy);
        occupied.remove(&from);
        let seq = Sequence {
            from,
            by_king: king,
            dirs: Vec::new(),
            taken: Vec::new(),
            landings: Vec::new(),
        };
        extend(s, &occupied, from, seq, &mut out);
    }
    out
}

fn extend(s: &Setup, occupied: &HashSet<u8>, at: u8, seq: Sequence, out: &mut Vec<Sequence>) {
    let mut went_on = false;
    for (d, &(df, dr)) in STEPS.iter().enumerate() {
        let (mut f, mut r) = cell(at);
        // the first occupied cell along the line (a man looks at the next cell only)
        let victim = loop {
            f += df;
            r += dr;
            match number((f, r)) {
                None => break None,
                Some(n) if occupied.contains(&n) => break Some(n),
                Some(_) if !seq.by_king => break None,
                Some(_) => {}
            }
        };
        let Some(victim) = victim else { continue };
        if !s.enemy.contains(&victim) || seq.taken.contains(&victim) {
            continue;
        }
        loop {
            f += df;
            r += dr;
            let Some(land) = number((f, r)) else { break };
            if occupied.contains(&land) {
                break;
            }
            went_on = true;
            let mut next = seq.clone();
            next.dirs.push(d);
            next.taken.push(victim);
            next.landings.push(land);
            extend(s, occupied, land, next, out);
            if !seq.by_king {
                break;
            }
        }
    }
    if !went_on && !seq.taken.is_empty() {
        out.push(seq);
    }
}

/// The legal sequences: the most pieces taken (all men, so the most value), then those of a
/// king if a king has one (Frisian's precedence).
fn legal(s: &Setup) -> Vec<Sequence> {
    let all = sequences(s);
    let most = all.iter().map(|q| q.taken.len()).max().unwrap_or(0);
    let best: Vec<Sequence> = all.into_iter().filter(|q| q.taken.len() == most).collect();
    let king = best.iter().any(|q| q.by_king);
    best.into_iter().filter(|q| q.by_king == king).collect()
}

/// The brute force's four counts: moves, orders, paths, landings.
fn counts(s: &Setup) -> [usize; 4] {
    let seqs = legal(s);
    let to = |q: &Sequence| *q.landings.last().unwrap();
    let moves: HashSet<_> = seqs
        .iter()
        .map(|q| {
            let mut set = q.taken.clone();
            set.sort();
            (q.from, to(q), set)
        })
        .collect();
    let orders: HashSet<_> = seqs.iter().map(|q| (q.from, to(q), &q.taken)).collect();
    let paths: HashSet<_> = seqs
        .iter()
        .map(|q| (q.from, to(q), &q.taken, &q.dirs))
        .collect();
    [moves.len(), orders.len(), paths.len(), seqs.len()]
}

/// The sequence jumps along a diagonal and along a file or rank.
fn mixes(q: &Sequence) -> bool {
    q.dirs.iter().any(|&d| d < 4) && q.dirs.iter().any(|&d| d >= 4)
}

/// dama's moves, paths and landings at depth 1.
fn dama_counts(variant: Variant, fen: &str) -> [u64; 3] {
    let pos = Position::from_fen(variant, fen).unwrap();
    [Counting::Moves, Counting::Paths, Counting::Landings].map(|c| perft(&pos, 1, c))
}

/// dama's capture paths of the position, each as its landing squares by number.
fn dama_paths(variant: Variant, fen: &str) -> Vec<Vec<u8>> {
    let pos = Position::from_fen(variant, fen).unwrap();
    let name = |sq| dama::notation::square_name(&pos, sq).parse::<u8>().unwrap();
    movegen::capture_paths(&pos)
        .iter()
        .map(|p| p.squares.iter().map(|&sq| name(sq)).collect())
        .collect()
}

/// Checks dama against the brute force at `fen` and returns the brute force's counts.
fn agree(variant: Variant, fen: &str) -> [usize; 4] {
    let s = setup(fen);
    let [moves, orders, paths, landings] = counts(&s);
    let got = dama_counts(variant, fen);
    assert_eq!(
        got,
        [moves as u64, paths as u64, landings as u64],
        "{variant} {fen}: dama's moves, paths, landings against the brute force's"
    );
    // every path dama lists is one of the brute force's landing sequences, and no two of them
    // share their end, order and directions
    let seqs = legal(&s);
    let listed = dama_paths(variant, fen);
    assert_eq!(listed.len(), paths, "{fen}: capture_paths");
    let mut keys = HashSet::new();
    for squares in &listed {
        let q = seqs
            .iter()
            .find(|q| q.from == squares[0] && q.landings == squares[1..])
            .unwrap_or_else(|| panic!("{fen}: {squares:?} is no capture sequence"));
        let key = (q.from, squares[squares.len() - 1], &q.taken, &q.dirs);
        assert!(keys.insert(key), "{fen}: {squares:?} twice");
    }
    [moves, orders, paths, landings]
}

/// The black king on 50 takes six white men; of the landing sequences three end on 35, and two
/// of those take the men in the same order (48, 42, 30, 44, 43, 34) but the 30 once along a
/// diagonal (h6 to j4) and once along the i-file (i7 to i3): two paths, one order.
#[test]
fn a_frisian_king_capture_has_16_landing_sequences_16_paths_and_15_orders() {
    let fen = "B:W30,34,42,43,44,45,48:B3,9,10,11,K50";
    assert_eq!(agree(Variant::Frisian, fen), [13, 15, 16, 16]);
    let listed = dama_paths(Variant::Frisian, fen);
    let diagonal = [50, 47, 24, 35, 49, 32, 35];
    let file = [50, 47, 20, 40, 49, 32, 35];
    assert!(listed.iter().any(|p| p[..] == diagonal));
    assert!(listed.iter().any(|p| p[..] == file));
    let seqs = legal(&setup(fen));
    let order = |landings: &[u8]| {
        let q = seqs.iter().find(|q| q.landings == landings[1..]).unwrap();
        q.taken.clone()
    };
    assert_eq!(order(&diagonal), [48, 42, 30, 44, 43, 34]);
    assert_eq!(order(&file), order(&diagonal));
}

/// A white king on 20 takes men along diagonals and files or ranks: 3 moves, 6 orders,
/// 7 paths, 9 landing sequences.
#[test]
fn a_frisian_king_capture_along_both_kinds_of_lines_agrees_with_the_brute_force() {
    let fen = "W:W16,18,K20:B15,22,25,27,30,38,43,44";
    assert_eq!(agree(Variant::Frisian, fen), [3, 6, 7, 9]);
    assert!(legal(&setup(fen)).iter().all(mixes));
}

/// Two white kings that can both capture, in Frysk!: 7 moves, 18 orders, 22 paths,
/// 32 landing sequences.
#[test]
fn two_frysk_kings_capturing_along_both_kinds_of_lines_agree_with_the_brute_force() {
    let fen = "W:W7,K8,K31:B10,18,23,25,27,30,38,44";
    assert_eq!(agree(Variant::Frysk, fen), [7, 18, 22, 32]);
    let seqs = legal(&setup(fen));
    assert!(seqs.iter().all(mixes));
    let kings: HashSet<u8> = seqs.iter().map(|q| q.from).collect();
    assert_eq!(kings, HashSet::from([8, 31]));
}
