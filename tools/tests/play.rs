//! `dama play` driven as a person drives it, with standard input and output redirected: a
//! whole game at level 1, an illegal move and its reason, hints, undo, save and resume, and a
//! draw by the 15-move rule.

use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use dama::game::Game;
use dama::{movegen, notation, Position, Variant};

/// A running `dama play`: send a line, read what it says up to its next prompt.
struct Player {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Player {
    fn start(dir: &Path, args: &[&str]) -> (Player, String) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dama"))
            .arg("play")
            .args([
                "--seed",
                "1",
                "--nodes",
                "20000",
                "--save-file",
                "resume.pdn",
            ])
            .args(args)
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("dama play starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut p = Player {
            child,
            stdin,
            stdout,
        };
        let greeting = p.until_prompt();
        (p, greeting)
    }

    /// Everything written up to the next prompt (`move …> ` or `game over …> `).
    fn until_prompt(&mut self) -> String {
        let mut text = Vec::new();
        let mut byte = [0u8; 1];
        loop {
            let n = self.stdout.read(&mut byte).expect("read");
            assert!(
                n == 1,
                "dama play ended early: {}",
                String::from_utf8_lossy(&text)
            );
            text.push(byte[0]);
            if text.ends_with(b"> ") {
                let s = String::from_utf8_lossy(&text).to_string();
                let last = s.rsplit('\n').next().unwrap_or("");
                if last.starts_with("move ") || last.starts_with("game over") {
                    return s;
                }
            }
        }
    }

    /// Sends `line`; returns the answer without the echo and the prompt.
    fn say(&mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").unwrap();
        let text = self.until_prompt();
        let body = text.split_once('\n').map_or("", |(_, rest)| rest);
        body.rsplit_once('\n').map_or("", |(b, _)| b).to_string()
    }

    fn quit(mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").unwrap();
        drop(self.stdin);
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).unwrap();
        assert!(self.child.wait().unwrap().success());
        rest
    }
}

/// A directory of the test's own under cargo's target directory, removed when dropped.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("dama-play-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// The move of a `hint: play X` answer.
fn hinted(answer: &str) -> String {
    let line = answer
        .lines()
        .find_map(|l| l.strip_prefix("hint: play "))
        .unwrap_or_else(|| panic!("no hinted move in {answer}"));
    line.to_string()
}

#[test]
fn a_whole_game_at_level_1_played_from_the_hints_is_won() {
    let dir = scratch("game");
    let (mut p, greeting) = Player::start(&dir, &["--level", "1"]);
    assert!(greeting.starts_with("dama play: czech draughts, level 1, you play white"));
    let mut last = String::new();
    for _ in 0..150 {
        let first = p.say("hint");
        assert!(first.starts_with("hint: move the "), "{first}");
        let mv = hinted(&p.say("hint"));
        last = p.say(&mv);
        assert!(last.starts_with(&"you play ".to_string()), "{last}");
        if last.contains("game over") {
            break;
        }
    }
    assert!(
        last.contains("game over: 1-0 white wins (black has no pieces left): you win")
            || last
                .contains("game over: 1-0 white wins (black is blocked: no legal move): you win"),
        "{last}"
    );
    assert!(last.contains("[Result \"1-0\"]") && last.contains("[Black \"dama level 1\"]"));
    let rest = p.quit("quit nosave");
    assert!(!dir.join("resume.pdn").exists(), "{rest}");
}

#[test]
fn an_illegal_move_is_refused_with_the_rule_it_breaks() {
    let dir = scratch("illegal");
    std::fs::write(dir.join("capture.pdn"), "[FEN \"W:Wc3,h2:Bd4,a7\"]\n\n*\n").unwrap();
    let (mut p, _) = Player::start(&dir, &["--load", "capture.pdn", "--level", "1"]);
    let answer = p.say("h2-g3");
    assert!(answer.starts_with("illegal move: 'h2-g3'"), "{answer}");
    assert!(answer.contains("capture"), "{answer}");
    assert!(p.say("c3 b4").starts_with("illegal move: "));
    assert!(p.say("moves").contains("legal moves: c3xe5"));
    assert!(p.say("c3 e5").starts_with("you play 1. c3xe5"));
    p.quit("quit nosave");
}

#[test]
fn hints_undo_save_and_resume() {
    let dir = scratch("resume");
    let (mut p, _) = Player::start(&dir, &["--level", "2"]);
    let piece = p.say("hint");
    let square = piece
        .strip_prefix("hint: move the man on ")
        .and_then(|r| r.split(' ').next())
        .unwrap_or_else(|| panic!("{piece}"))
        .to_string();
    let mv = hinted(&p.say("hint"));
    assert!(mv.starts_with(&square), "{piece} / {mv}");
    let answer = p.say(&mv);
    assert!(answer.contains("dama plays 1... "), "{answer}");
    let undone = p.say("undo");
    assert!(
        undone.starts_with(&format!("taken back: 1. {mv} 1... ")),
        "{undone}"
    );
    assert!(
        undone.contains(" 3  w     w     w     w"),
        "the start again: {undone}"
    );
    for mv in ["c3-d4", "g3-f4"] {
        let answer = p.say(mv);
        if answer.contains("illegal") {
            p.say("a1-b2");
        }
    }
    let board = p.say("board");
    let draw = p.say("draw");
    assert!(draw.contains("15-move rule: "), "{draw}");
    assert!(p.say("save game.pdn").starts_with("game saved to game.pdn"));
    let rest = p.quit("quit");
    assert!(
        rest.contains("resume it with: dama play --load resume.pdn"),
        "{rest}"
    );

    for file in ["game.pdn", "resume.pdn"] {
        let (mut q, greeting) = Player::start(&dir, &["--load", file]);
        assert!(greeting.contains("level 2, you play white"), "{greeting}");
        assert_eq!(q.say("board"), board);
        assert_eq!(q.say("draw"), draw);
        q.quit("quit nosave");
    }
}

/// Canadian (12×12, 128-bit positions): the board, a hinted move and the engine's answer, the
/// square numbers 1-72, save and resume.
#[test]
fn canadian_is_played_on_its_12x12_board_and_resumes() {
    let dir = scratch("canadian");
    let (mut p, greeting) = Player::start(&dir, &["--variant", "canadian", "--level", "1"]);
    assert!(greeting.contains("level 1, you play white"), "{greeting}");
    let board = p.say("board");
    assert!(board.contains("12 ") && board.contains("67-72"), "{board}");
    assert_eq!(
        board.matches(" w ").count() + board.matches(" w\n").count(),
        30,
        "{board}"
    );
    assert!(p.say("hint").starts_with("hint: move the man on "));
    let mv = hinted(&p.say("hint"));
    let answer = p.say(&mv);
    assert!(answer.starts_with(&format!("you play 1. {mv}")), "{answer}");
    assert!(answer.contains("dama plays 1... "), "{answer}");
    let illegal = p.say("72-1");
    assert!(illegal.starts_with("illegal move: '72-1'"), "{illegal}");
    assert!(p.say("save game.pdn").starts_with("game saved to game.pdn"));
    let saved = std::fs::read_to_string(dir.join("game.pdn")).unwrap();
    assert!(saved.contains("[GameType \"27"), "{saved}");
    let after = p.say("board");
    p.quit("quit nosave");
    let (mut q, greeting) = Player::start(&dir, &["--load", "game.pdn"]);
    assert!(greeting.contains("canadian"), "{greeting}");
    assert_eq!(q.say("board"), after);
    q.quit("quit nosave");
}

/// 29 quiet king plies from `start` that repeat no position and leave no capture.
fn quiet_king_plies(start: Position, plies: usize) -> Game {
    let mut game = Game::new(start);
    let mut seen = vec![start.key()];
    for _ in 0..plies {
        let pos = *game.position();
        let mv = movegen::legal_moves(&pos)
            .into_iter()
            .filter(|m| !m.is_capture() && pos.all_kings().has(m.from))
            .find(|m| {
                let next = pos.play(m);
                !seen.contains(&next.key()) && !movegen::has_capture(&next)
            })
            .expect("a quiet king move");
        game.play(&mv);
        seen.push(game.position().key());
    }
    game
}

#[test]
fn the_15_move_rule_draws_and_says_so() {
    let dir = scratch("fifteen");
    let start = Position::from_fen(Variant::Czech, "W:WKa1,Kc1,h2:BKh8,Kf8,a7").unwrap();
    let game = quiet_king_plies(start, 29);
    assert_eq!(game.counters().quiet_plies(), 29);
    let mut text = format!("[FEN \"{}\"]\n[DamaHuman \"black\"]\n\n", start.to_fen());
    let mut pos = start;
    for m in game.moves() {
        text.push_str(&notation::format_move(&pos, m));
        text.push(' ');
        pos = pos.play(m);
    }
    text.push_str("*\n");
    std::fs::write(dir.join("quiet.pdn"), text).unwrap();
    let (mut p, _) = Player::start(&dir, &["--load", "quiet.pdn", "--level", "1"]);
    let draw = p.say("draw");
    assert!(
        draw.contains("15-move rule: 29 of 30 plies without a man move or a capture (1 left)"),
        "{draw}"
    );
    let last = quiet_king_plies(start, 30);
    let mv = last.moves()[29];
    let answer = p.say(&notation::format_move(&pos, &mv));
    assert!(
        answer.contains(
            "game over: 1/2-1/2 draw (15-move rule: no capture or man move in 30 plies): a draw"
        ),
        "{answer}"
    );
    assert!(answer.contains("[Result \"1/2-1/2\"]"), "{answer}");
    p.quit("quit nosave");
}
