//! Writing a PDN game's move section, and the `Date` tag of today.

use crate::notation::format_move;
use crate::{WideMove, WidePosition};

/// The move section of a game: numbered moves from `start`, the reason (if any) as a final
/// comment, then the result token (`*` for a game in progress), in lines of at most 80
/// characters.
pub fn move_section(
    start: &WidePosition,
    moves: &[WideMove],
    reason: &str,
    result: &str,
) -> String {
    wrap(&movetext(start, moves, reason, result), 80)
}

/// Numbered move text with the reason as a final comment and the result.
fn movetext(start: &WidePosition, moves: &[WideMove], reason: &str, result: &str) -> String {
    let mut toks = Vec::new();
    let mut pos = *start;
    // the number of the first full move: White and Black moves share a number
    let first = pos.rules().first;
    let mut number = 1;
    for (i, mv) in moves.iter().enumerate() {
        let opens_move = pos.side() == first;
        if opens_move {
            toks.push(format!("{number}."));
        } else if i == 0 {
            toks.push(format!("{number}..."));
        }
        toks.push(format_move(&pos, mv));
        pos = pos.play(mv);
        if pos.side() == first {
            number += 1;
        }
    }
    if !reason.is_empty() {
        toks.push(format!("{{{}}}", reason.replace('}', ")")));
    }
    toks.push(result.to_string());
    toks.join(" ")
}

/// Breaks text into lines of at most `width` characters at spaces (a longer word stays whole).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        } else if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

/// Today's date as `YYYY.MM.DD` (UTC), for the `Date` tag.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The civil date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_787), (2026, 11, 30));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn long_games_wrap_at_80_and_read_back() {
        let start = WidePosition::start(Variant::Czech);
        let mut pos = start;
        let mut moves = Vec::new();
        for _ in 0..40 {
            let mv = crate::movegen::legal_moves(&pos)[0];
            pos = pos.play(&mv);
            moves.push(mv);
        }
        let text = move_section(&start, &moves, "a {reason}", "*");
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        assert!(text.ends_with("{reason)} *"), "{text}");
        let games = super::super::read_games(&text, Variant::Czech).unwrap();
        assert_eq!(games[0].moves, moves);
    }
}
