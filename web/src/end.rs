//! The end of a game as the page shows it: the result, the winner, and the rule that ended it
//! as a code the page translates (with the rules core's words beside it).

use dama::game::{DrawSwitches, Game, Outcome};
use dama::goal::{self, Cause};
use dama::rules::Word;
use dama::Color;
use serde_json::{json, Value};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// The winner (none for a draw).
    pub winner: Option<Color>,
    /// The rule: `no_pieces`, `blocked`, `crowned`, `repetition`, `no_progress`, `endgame`,
    /// `resigned`, or `other`.
    pub cause: &'static str,
    /// The reason in English words.
    pub text: String,
}

impl End {
    /// A resignation by `loser`.
    pub fn resigned(loser: Color) -> End {
        End {
            result: Outcome::Win {
                winner: !loser,
                reason: String::new(),
            }
            .result(),
            winner: Some(!loser),
            cause: "resigned",
            text: format!("{} resigned", loser.name()),
        }
    }

    /// The end for the page.
    pub fn json(&self) -> Value {
        json!({
            "result": self.result,
            "winner": self.winner.map(Color::name),
            "cause": self.cause,
            "text": self.text,
        })
    }
}

/// The end of `game` by its rules, if it has ended.
pub fn of_game<W: Word>(game: &Game<W>, sw: &DrawSwitches) -> Option<End> {
    let outcome = game.outcome(sw)?;
    let result = outcome.result();
    Some(match outcome {
        Outcome::Win { winner, reason } => {
            let cause = match goal::end(game.position()).map(|e| e.cause) {
                Some(Cause::NoMove {
                    no_pieces: true, ..
                }) => "no_pieces",
                Some(Cause::NoMove { .. }) => "blocked",
                Some(Cause::Crowned { .. }) => "crowned",
                None => "other",
            };
            End {
                result,
                winner: Some(winner),
                cause,
                text: reason,
            }
        }
        Outcome::Draw { reason } => End {
            result,
            winner: None,
            cause: draw_cause(&reason),
            text: reason,
        },
    })
}

/// The draw rule named by the rules core's reason.
fn draw_cause(reason: &str) -> &'static str {
    if reason.contains("repetition") {
        "repetition"
    } else if reason.starts_with("endgame") {
        "endgame"
    } else if reason.starts_with("no ") {
        "no_progress"
    } else {
        "other"
    }
}
