//! What `dama play` says about the draw rules and about the end of a game.

use dama::game::{DrawSwitches, Game, Outcome};
use dama::goal::{self, Cause};
use dama::movegen;
use dama::notation::square_name;
use dama::rules::EndgameCounters;
use dama::rules::Word;
use dama::{Bitboard, Board, Square};

/// The draw rules of the variant and how far each has run, one line each.
pub fn draw_rules<W: Word>(game: &Game<W>) -> Vec<String> {
    let pos = game.position();
    let rules = pos.rules();
    let counters = game.counters();
    let mut lines = Vec::new();
    let needed = rules.draw.repetition as usize;
    if needed > 0 {
        let seen = game.occurrences();
        lines.push(format!(
            "repetition: this position has occurred {seen} time{} (the {} occurrence draws)",
            if seen == 1 { "" } else { "s" },
            ordinal(needed)
        ));
    }
    let limit = rules.draw.no_progress_plies as u32;
    if limit > 0 {
        let quiet = counters.quiet_plies();
        let what = if rules.draw.man_move_is_progress {
            "a man move or a capture"
        } else {
            "a capture"
        };
        lines.push(format!(
            "{}-move rule: {quiet} of {limit} plies without {what} ({} left)",
            limit / 2,
            limit.saturating_sub(quiet)
        ));
    }
    if let EndgameCounters::Classes(_) = rules.draw.endgame {
        lines.push(match counters.endgame() {
            Some((class, played)) => match class.rule(rules) {
                Some(rule) => format!(
                    "endgame counter: {} draws after {} plies; {played} played ({} left)",
                    rule.label,
                    rule.plies,
                    (rule.plies as u32).saturating_sub(played)
                ),
                None => "endgame counter: not running".to_string(),
            },
            None => "endgame counter: not running (the material is in no endgame class)".into(),
        });
    }
    if lines.is_empty() {
        lines.push("this variant has no draw rules beyond agreement".into());
    }
    lines
}

fn ordinal(n: usize) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

/// The game's end by the rules, if it has ended, with the reason in words: no pieces left,
/// blocked, a crowning (Breakthrough), or the draw rule (the 15-move rule named as such). The
/// winner is the rules' ([`dama::goal`]: in the giveaway forms the side without pieces wins).
pub fn outcome<W: Word>(game: &Game<W>) -> Option<Outcome> {
    let outcome = game.outcome(&DrawSwitches::default())?;
    let pos = game.position();
    Some(match (outcome, goal::end(pos)) {
        (Outcome::Win { winner, reason }, end) => {
            let reason = match end.map(|e| e.cause) {
                Some(Cause::NoMove { side, no_pieces }) if no_pieces => {
                    format!("{} has no pieces left", side.name())
                }
                Some(Cause::NoMove { side, .. }) => {
                    format!("{} is blocked: no legal move", side.name())
                }
                Some(Cause::Crowned { side }) => format!("{} crowned a king", side.name()),
                None => reason,
            };
            Outcome::Win { winner, reason }
        }
        (Outcome::Draw { reason }, _) => Outcome::Draw {
            reason: draw_reason(pos, reason),
        },
    })
}

/// The rules core's draw reason, with the no-progress rule given its usual name.
fn draw_reason<W: Word>(pos: &Board<W>, reason: String) -> String {
    let limit = pos.rules().draw.no_progress_plies;
    if reason.starts_with("no ") && reason.ends_with(&format!("in {limit} plies")) {
        format!("{}-move rule: {reason}", limit / 2)
    } else {
        reason
    }
}

/// The pieces of the side to move that must capture (empty when there is no capture).
pub fn must_capture<W: Word>(pos: &Board<W>) -> Bitboard<W> {
    movegen::legal_moves(pos)
        .iter()
        .filter(|m| m.is_capture())
        .map(|m| m.from)
        .collect()
}

/// "the man on c3", "the king on 22".
pub fn piece_on<W: Word>(pos: &Board<W>, sq: Square) -> String {
    let kind = match pos.piece_at(sq) {
        Some((_, dama::Piece::King)) => "king",
        _ => "man",
    };
    format!("the {kind} on {}", square_name(pos, sq))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::Position;
    use dama::Variant;

    #[test]
    fn the_counters_are_explained() {
        let start = Position::from_fen(Variant::Czech, "W:WKa1,Kc1,e3:BKh8,Kf8,b8").unwrap();
        let mut game = Game::new(start);
        let king_move = movegen::legal_moves(&start)
            .into_iter()
            .find(|m| start.all_kings().has(m.from))
            .unwrap();
        game.play(&king_move);
        let lines = draw_rules(&game);
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[0].contains("occurred 1 time (the 3rd"), "{lines:?}");
        assert_eq!(
            lines[1],
            "15-move rule: 1 of 30 plies without a man move or a capture (29 left)"
        );
        assert!(lines[2].contains("not running"), "{lines:?}");
    }

    #[test]
    fn a_win_says_why() {
        let game = Game::new(Position::from_fen(Variant::Czech, "B:Wa1:B").unwrap());
        let o = outcome(&game).unwrap();
        assert_eq!(o.reason(), "black has no pieces left");
        let blocked = Position::from_fen(Variant::Czech, "W:Wa1:Bb2,c3").unwrap();
        let o = outcome(&Game::new(blocked)).unwrap();
        assert_eq!(o.reason(), "white is blocked: no legal move");
    }

    #[test]
    fn a_giveaway_win_goes_to_the_side_without_pieces() {
        let game = Game::new(Position::from_fen(Variant::Zrava, "B:Wa1:B").unwrap());
        let o = outcome(&game).unwrap();
        assert_eq!(o.result(), "0-1");
        assert_eq!(o.reason(), "black has no pieces left");
        let crowned = Position::from_fen(Variant::Breakthrough, "B:WK3,30:B20").unwrap();
        let o = outcome(&Game::new(crowned)).unwrap();
        assert_eq!(o.to_string(), "white wins (white crowned a king)");
    }
}
