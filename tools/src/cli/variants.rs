//! `dama variants`: every variant dama plays, with the facts a user picks one by.

use dama::eval::{nnue, pattern};
use dama::rules::{
    Continuation, Criterion, KingLanding, Lines, ManDirections, Precedence, Range, Removal,
};
use dama::{Variant, WidePosition};

/// Prints one line per variant: name, board, who starts, kings, men, precedence, notation and
/// PDN GameType, then the start position and the evaluation it plays with.
pub fn run() {
    for v in Variant::ALL {
        outln!("{}", describe(v));
        outln!("    start {}", WidePosition::start(v).to_fen());
        outln!("    eval  {}", eval_name(v));
    }
}

/// Which evaluation `v` plays with: the goal's own, its network, the learned patterns (and
/// whose weights), or the hand-set terms.
fn eval_name(v: Variant) -> String {
    if v.rules().goal != dama::rules::Goal::Normal {
        return "the goal's own evaluation".into();
    }
    if nnue::has_compiled(v) {
        return format!("network (eval/{}.nnue)", v.name());
    }
    match pattern::source(v) {
        Some(w) if w == v => format!("learned patterns (eval/{}.weights)", w.name()),
        Some(w) => format!(
            "learned patterns of its relative {w} (eval/{}.weights)",
            w.name()
        ),
        None => "hand-set terms (no trained pattern weights of its own or of a relative)".into(),
    }
}

/// The one-line description of `v`.
fn describe(v: Variant) -> String {
    let r = v.rules();
    let g = r.names();
    let kings = match (r.kings.captures, r.kings.landing) {
        _ if !r.has_kings() => "no kings",
        (Range::Short, _) => "short kings",
        (Range::Flying, KingLanding::DirectlyBehind) => "flying kings landing right behind",
        (Range::Flying, KingLanding::HaltBehindKing) => "flying kings halting behind a king",
        (Range::Flying, KingLanding::AnyBeyond) => "flying kings",
    };
    let mut men = String::from(match r.men.captures {
        ManDirections::AllDiagonals => "men capture backward",
        ManDirections::ForwardDiagonals => "men capture forward",
        ManDirections::ForwardAndSideways => "men step and capture forward and sideways",
        ManDirections::AllEight => "men capture in 8 directions",
        ManDirections::Orthogonal => "men capture along files and ranks, backward too",
        ManDirections::ForwardAndDiagonals => "men capture forward and diagonally forward",
        ManDirections::ForwardFive => {
            "men step and capture forward, diagonally forward and sideways"
        }
        ManDirections::Nowhere => "men never capture",
    });
    if r.men.linear_moves {
        men.push_str(", lines of men move (linear movement)");
    }
    if r.men.moves == ManDirections::Nowhere {
        men.push_str(", every move a jump");
    }
    if r.men.continuation == Continuation::OptionalStraight {
        men.push_str(", stopping after any jump or going on straight ahead");
    }
    if r.opening.first_removals().is_some() {
        men.push_str(", after two opening removals");
    }
    if r.men.forward[0] == r.men.forward[1] {
        men.push_str(" (all of them toward the same side)");
    }
    if r.men.later_captures.is_some() {
        men.push_str(", later jumps of a capture in any direction");
    }
    if !r.men.capture_only.is_empty() {
        men.push_str(", never crowned: on the last row a man only captures");
    }
    if !r.men.capture_kings {
        men.push_str(", men never take kings");
    }
    if r.men.parachutists.present() {
        men.push_str(", parachutists (P) capture toward their own side, then are men");
    }
    let mut lines = String::from(match r.kings.capture_lines {
        _ if !r.has_kings() => "",
        Lines::Diagonal => "",
        Lines::Orthogonal => " orthogonal",
        Lines::Both => " capturing diagonally and orthogonally",
    });
    if r.kings.move_lines != r.kings.capture_lines {
        lines.push_str(match r.kings.move_lines {
            Lines::Diagonal => ", moving diagonally",
            Lines::Orthogonal => ", moving orthogonally",
            Lines::Both => ", moving in 8 directions",
        });
    }
    if r.king_move_limit > 0 {
        lines.push_str(&format!(
            ", at most {} quiet moves in a row with one king while men remain",
            r.king_move_limit
        ));
    }
    let squares = match (g.lines, g.all_squares) {
        (true, _) => " points joined by lines",
        (false, true) => " all squares",
        (false, false) => "",
    };
    let removal = match r.removal {
        Removal::AfterMove => "",
        Removal::AtOnce => ", captured pieces leave at once",
    };
    let notation = if r.notation.algebraic {
        "algebraic"
    } else {
        "numeric"
    };
    format!(
        "{:<14} {}x{}{squares}, {} first, {kings}{lines}, {men}{removal}, {}; {notation}, GameType {}",
        v.name(),
        g.width,
        g.height,
        r.first.name(),
        precedence_name(r.precedence),
        r.notation.game_type
    )
}

/// The capture precedence in words.
fn precedence_name(p: Precedence) -> String {
    if p.is_free() {
        return "free choice of capture".into();
    }
    let names: Vec<String> = p
        .criteria()
        .iter()
        .map(|c| {
            match c {
                Criterion::ByKing => "capture by a king",
                Criterion::Count => "most pieces",
                Criterion::KingsTaken => "most kings",
                Criterion::KingsFirst => "kings taken first",
                Criterion::Value => "highest value (king 1.99 men)",
            }
            .to_string()
        })
        .collect();
    format!("captures ranked by {}", names.join(" > "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_is_described() {
        let turkish = describe(Variant::Turkish);
        assert!(turkish.contains("8x8 all squares"), "{turkish}");
        assert!(turkish.contains("flying kings orthogonal"), "{turkish}");
        assert!(turkish.contains("forward and sideways"), "{turkish}");
        let thai = describe(Variant::from_name("thai").unwrap());
        assert!(thai.contains("landing right behind"), "{thai}");
        assert!(thai.contains("leave at once"), "{thai}");
        let parachute = describe(Variant::Parachute);
        assert!(parachute.contains("parachutists (P)"), "{parachute}");
        let frisian = describe(Variant::Frisian);
        assert!(frisian.contains("men capture in 8 directions"), "{frisian}");
        assert!(frisian.contains("at most 3 quiet moves"), "{frisian}");
        assert!(frisian.contains("highest value"), "{frisian}");
        let alkerk = describe(Variant::Alquerque);
        assert!(alkerk.contains("5x5 points joined by lines"), "{alkerk}");
        assert!(alkerk.contains("no kings"), "{alkerk}");
        assert!(alkerk.contains("later jumps"), "{alkerk}");
        let czech = describe(Variant::Czech);
        assert!(czech.contains("ranked by capture by a king"), "{czech}");
        assert_eq!(Variant::ALL.map(describe).len(), Variant::ALL.len());
    }

    #[test]
    fn the_evaluation_of_each_variant_is_named() {
        let intl = eval_name(Variant::International);
        assert_eq!(intl, "network (eval/international.nnue)");
        assert_eq!(
            eval_name(Variant::Czech),
            "learned patterns (eval/czech.weights)"
        );
        let killer = eval_name(Variant::Killer);
        assert!(killer.contains("relative international"), "{killer}");
    }
}
