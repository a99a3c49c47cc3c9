//! The lines a player types into `dama play`.

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move: the variant's notation, two squares, or a capture path (normalised move text).
    Move(String),
    /// The piece to move, then (asked again) the whole move.
    Hint,
    /// Take back the human's last move and the engine's answer.
    Undo,
    /// List the legal moves.
    Moves,
    /// Give up the game.
    Resign,
    /// Which draw rules are counting, and how far.
    Draw,
    /// Write the game to a file (the resumable file when none is named).
    Save(Option<String>),
    /// The commands.
    Help,
    /// Leave, saving the game unless `save` is false.
    Quit {
        /// Write the resumable file first.
        save: bool,
    },
    /// Turn the board round.
    Flip,
    /// Show the board again.
    Board,
    /// The game so far as PDN.
    Pdn,
    /// Start a new game with the same settings.
    New,
    /// An empty line.
    Nothing,
}

/// Reads one line. Anything that is not a command is taken as a move; squares separated by
/// spaces (`c3 d4`, `c3 e5 g7`) become move text (`c3-d4`, `c3xe5xg7`).
pub fn parse(line: &str) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Command::Nothing;
    };
    let rest = &words[1..];
    match first.to_ascii_lowercase().as_str() {
        "hint" | "?" => Command::Hint,
        "undo" | "back" | "takeback" => Command::Undo,
        "moves" | "legal" => Command::Moves,
        "resign" => Command::Resign,
        "draw" => Command::Draw,
        "save" => Command::Save(rest.first().map(|f| f.to_string())),
        "help" => Command::Help,
        "quit" | "exit" => Command::Quit {
            save: !rest.iter().any(|w| w.eq_ignore_ascii_case("nosave")),
        },
        "quit!" | "exit!" => Command::Quit { save: false },
        "flip" => Command::Flip,
        "board" => Command::Board,
        "pdn" => Command::Pdn,
        "new" => Command::New,
        _ => Command::Move(move_text(&words)),
    }
}

/// Squares separated by spaces as move text: two squares a plain move (which also names a
/// capture from the first to the second), more a capture path.
fn move_text(words: &[&str]) -> String {
    match words.len() {
        1 => words[0].to_string(),
        2 => words.join("-"),
        _ => words.join("x"),
    }
}

/// The help text.
pub const HELP: &str = "\
moves: type a move in the variant's notation (c3-d4, c3xe5, 22-18, 22x13), or just the two
       squares (c3 d4); for a capture that can go two ways, the path (c3 e5 c7 or c3xe5xc7)
hint           the piece to move; ask again for the whole move
undo           take back your last move and the engine's answer (also: back)
moves          the legal moves
draw           which draw rules are counting, and how far each has run
resign         give up the game
save [FILE]    write the game as PDN (resume it with dama play --load FILE)
flip           turn the board round; board: show it again
pdn            the game so far as PDN; new: start again
quit           leave, saving the game to the resumable file (quit nosave: without saving)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_moves() {
        assert_eq!(parse("  HINT "), Command::Hint);
        assert_eq!(parse(""), Command::Nothing);
        assert_eq!(parse("save a.pdn"), Command::Save(Some("a.pdn".into())));
        assert_eq!(parse("quit nosave"), Command::Quit { save: false });
        assert_eq!(parse("quit"), Command::Quit { save: true });
        assert_eq!(parse("c3-d4"), Command::Move("c3-d4".into()));
        assert_eq!(parse("c3 d4"), Command::Move("c3-d4".into()));
        assert_eq!(parse("c3 e5 c7"), Command::Move("c3xe5xc7".into()));
    }
}
