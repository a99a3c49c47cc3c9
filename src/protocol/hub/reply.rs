//! Writing Hub lines from the engine: `id`, `param`, `info`, `done`, `error` and friends.
//!
//! Values are written by [`super::line`]: bare when they are names, quoted otherwise; a few
//! fields are always quoted because clients expect it (`pv`, `error message`). The engine never
//! writes a bare flag, because pydraughts cannot read one.

use super::line::{pair, quoted};
use super::numbering::Convention;
use crate::rules::Word;
use crate::search::{Score, SearchInfo};

/// Evaluations are shown below Scan's win band (above 90 men), so that no client reads an
/// evaluation as a win: at most this many hundredths of a man. Bitbase wins
/// ([`crate::search::BITBASE_WIN`]) are centi-men scores in Scan's bitbase band, 80-90 men;
/// ordinary evaluations stay below 50.
const MAX_EVAL_SHOWN: i64 = 8999;
/// Longest win or loss distance shown, so that the score stays above 90 men.
const MAX_WIN_PLIES: i64 = 999;

/// `error message="…"`.
pub fn error(message: &str) -> String {
    format!("error message={}", quoted(message))
}

/// The `id` line: name, version and author.
pub fn id() -> String {
    format!(
        "id {} {} {}",
        pair("name", "dama"),
        pair("version", env!("CARGO_PKG_VERSION")),
        pair("author", "the dama authors")
    )
}

/// Hundredths as a decimal with two places (`-0.05`, `1.20`), exactly.
fn hundredths(v: i64) -> String {
    let sign = if v < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", v.abs() / 100, v.abs() % 100)
}

/// A score in men from the side to move, in Scan's encoding: an evaluation as `0.35`, a win
/// in `n` plies as `100 - n/100` (`99.97`), a loss as its negative.
pub fn score(s: Score) -> String {
    match s {
        Score::Cp(v) => hundredths((v as i64).clamp(-MAX_EVAL_SHOWN, MAX_EVAL_SHOWN)),
        Score::Win(n) => hundredths(10000 - (n as i64).min(MAX_WIN_PLIES)),
        Score::Loss(n) => hundredths(-(10000 - (n as i64).min(MAX_WIN_PLIES))),
    }
}

/// `info depth=… mean-depth=… score=… nodes=… time=… nps=… pv="…"` in Scan's order, pv always
/// quoted, time in seconds, nps in millions; `multipv=<k>` is appended when several lines are
/// reported.
pub fn info<W: Word>(info: &SearchInfo<W>, conv: &Convention, show_multipv: bool) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| conv.format_move(m)).collect();
    let mut s = format!(
        "info depth={} mean-depth={:.1} score={} nodes={} time={:.3} nps={:.2} pv={}",
        info.depth,
        info.mean_depth,
        score(info.score),
        info.nodes,
        info.time.as_secs_f64(),
        info.nps / 1e6,
        quoted(&pv.join(" "))
    );
    if show_multipv {
        s.push_str(&format!(" multipv={}", info.multipv));
    }
    s
}

/// `done move=<move> [ponder=<move>]`, `move=` first; a bare `done` when there is no move.
pub fn done(best: Option<&str>, ponder: Option<&str>) -> String {
    let mut s = String::from("done");
    if let Some(b) = best {
        s.push(' ');
        s.push_str(&pair("move", b));
        if let Some(p) = ponder {
            s.push(' ');
            s.push_str(&pair("ponder", p));
        }
    }
    s
}

/// The `done` line of `go hint`: the move and the square of the piece that makes it.
pub fn done_hint(best: Option<&str>) -> String {
    let mut s = done(best, None);
    if let Some(piece) = best.and_then(|b| b.split(['-', 'x']).next()) {
        s.push(' ');
        s.push_str(&pair("piece", piece));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_lines_are_always_quoted() {
        assert_eq!(error("bad"), "error message=\"bad\"");
        assert_eq!(
            error("pos: 'x' is \"odd\""),
            "error message=\"pos: 'x' is 'odd'\""
        );
    }

    #[test]
    fn scores_use_scan_encoding() {
        assert_eq!(score(Score::Cp(12)), "0.12");
        assert_eq!(score(Score::Cp(-5)), "-0.05");
        assert_eq!(score(Score::Cp(0)), "0.00");
        assert_eq!(score(Score::Cp(-250)), "-2.50");
        assert_eq!(score(Score::Win(3)), "99.97");
        assert_eq!(score(Score::Loss(12)), "-99.88");
        assert_eq!(score(Score::Win(5000)), "90.01");
        // Bitbase wins are centi-men scores in Scan's bitbase band, 80-90 men.
        assert_eq!(score(Score::Cp(8997)), "89.97");
        assert_eq!(score(Score::Cp(-8990)), "-89.90");
        assert_eq!(score(Score::Cp(9500)), "89.99");
    }

    #[test]
    fn info_lines_follow_scan_order() {
        use crate::rules::Variant;
        use crate::{movegen, Position};
        use std::time::Duration;
        let v = Variant::Russian;
        let conv = Convention::new(v, super::super::numbering::Numbering::Pydraughts);
        let start = Position::start(v);
        let m1 = movegen::legal_moves(&start)[0];
        let m2 = movegen::legal_moves(&start.play(&m1))[0];
        let i = SearchInfo {
            depth: 7,
            mean_depth: 6.84,
            seldepth: 12,
            score: Score::Cp(-31),
            nodes: 123456,
            time: Duration::from_millis(1500),
            nps: 82304.0,
            pv: vec![m1, m2],
            multipv: 2,
        };
        let pv = format!("{} {}", conv.format_move(&m1), conv.format_move(&m2));
        assert_eq!(
            info(&i, &conv, false),
            format!(
                "info depth=7 mean-depth=6.8 score=-0.31 nodes=123456 time=1.500 nps=0.08 pv=\"{pv}\""
            )
        );
        assert!(info(&i, &conv, true).ends_with(&format!("pv=\"{pv}\" multipv=2")));
        let one = SearchInfo { pv: vec![m1], ..i };
        assert!(info(&one, &conv, false).ends_with(&format!("pv=\"{}\"", conv.format_move(&m1))));
    }

    #[test]
    fn done_lines_put_move_first() {
        assert_eq!(
            done(Some("32-28"), Some("17-22")),
            "done move=32-28 ponder=17-22"
        );
        assert_eq!(done(Some("28x19x23"), None), "done move=28x19x23");
        assert_eq!(done(None, Some("1-2")), "done");
    }

    #[test]
    fn id_line_splits_like_pydraughts() {
        // pydraughts splits on spaces outside quotes and then on '=': every item needs one '='.
        let id = id();
        let rest = id.strip_prefix("id ").unwrap();
        let mut items = Vec::new();
        let mut cur = String::new();
        let mut inside = false;
        for c in rest.chars() {
            match c {
                '"' => {
                    inside = !inside;
                    cur.push(c)
                }
                ' ' if !inside => items.push(std::mem::take(&mut cur)),
                c => cur.push(c),
            }
        }
        items.push(cur);
        assert!(items.iter().all(|i| i.matches('=').count() == 1), "{id}");
        assert!(id.contains("name=dama"));
    }
}
