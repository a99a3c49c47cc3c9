//! Hub protocol transcripts through the public API (`dama::protocol::run`) over in-memory
//! streams, and the `dama hub` / plain `dama` binary entry points.

use std::io::{self, BufReader, Write};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use dama::protocol::hub::numbering::{Convention, Numbering};
use dama::{movegen, Move, Position, Variant};

/// Output shared between the protocol thread and the test.
#[derive(Clone, Default)]
struct SharedOut(Arc<Mutex<Vec<u8>>>);

impl Write for SharedOut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A running protocol session fed through a pipe.
struct Hub {
    input: Option<io::PipeWriter>,
    out: SharedOut,
    thread: Option<JoinHandle<io::Result<()>>>,
    read: usize,
}

const WAIT: Duration = Duration::from_secs(60);

impl Hub {
    fn start() -> Hub {
        let (reader, writer) = io::pipe().unwrap();
        let out = SharedOut::default();
        let o = out.clone();
        let thread = thread::spawn(move || dama::protocol::run(BufReader::new(reader), o));
        let mut hub = Hub {
            input: Some(writer),
            out,
            thread: Some(thread),
            read: 0,
        };
        hub.send("set-param name=hash value=1");
        // Searches are what most transcripts test: the book gets its own test.
        hub.send("set-param name=book value=false");
        hub
    }

    fn send(&mut self, line: &str) {
        let w = self.input.as_mut().unwrap();
        writeln!(w, "{line}").unwrap();
        w.flush().unwrap();
    }

    fn lines(&self) -> Vec<String> {
        let bytes = self.out.0.lock().unwrap().clone();
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// The next output line (waits for it).
    fn next(&mut self) -> String {
        let t = Instant::now();
        loop {
            let lines = self.lines();
            if lines.len() > self.read {
                self.read += 1;
                return lines[self.read - 1].clone();
            }
            assert!(t.elapsed() < WAIT, "no output line; so far: {lines:?}");
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let l = self.next();
            let last = l.starts_with(prefix);
            got.push(l);
            if last {
                return got;
            }
        }
    }

    /// Checks that nothing more was written, using `ping` as a fence.
    fn expect_silence(&mut self) {
        self.send("ping");
        assert_eq!(self.next(), "pong");
    }

    /// Closes the input and returns the remaining output once the session has ended.
    fn close(mut self) -> Vec<String> {
        self.input = None;
        self.thread.take().unwrap().join().unwrap().unwrap();
        self.lines()[self.read..].to_vec()
    }

    /// Waits until the session ends by itself (after `quit`).
    fn join(mut self) -> Vec<String> {
        self.thread.take().unwrap().join().unwrap().unwrap();
        self.lines()[self.read..].to_vec()
    }
}

/// The value of `key=` in a line (quotes removed).
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let start = line.find(&format!(" {key}="))? + key.len() + 2;
    let rest = &line[start..];
    if let Some(q) = rest.strip_prefix('"') {
        return q.find('"').map(|e| &q[..e]);
    }
    Some(rest.split(' ').next().unwrap())
}

/// The move of a `done` line, checked legal in `pos` under `conv`.
fn done_move(done: &str, pos: &Position, conv: &Convention) -> Move {
    assert!(done.starts_with("done move="), "{done}");
    let text = field(done, "move").unwrap();
    conv.parse_move(pos, text)
        .unwrap_or_else(|e| panic!("done move {text} is not legal: {e}"))
}

fn czech() -> Convention {
    Convention::new(Variant::Czech, Numbering::Pydraughts)
}

fn error_message(line: &str) -> String {
    assert!(line.starts_with("error message=\""), "not an error: {line}");
    field(line, "message").unwrap().to_string()
}

#[test]
fn handshake_lists_every_parameter_and_variant() {
    let mut hub = Hub::start();
    hub.send("hub");
    let lines = hub.until("wait");
    assert!(
        lines[0].starts_with("id name=dama version="),
        "{}",
        lines[0]
    );
    let variant = lines
        .iter()
        .find(|l| l.starts_with("param name=variant "))
        .unwrap();
    assert_eq!(field(variant, "value"), Some("czech"));
    assert_eq!(field(variant, "type"), Some("enum"));
    let values: Vec<&str> = field(variant, "values").unwrap().split(' ').collect();
    for v in Variant::ALL {
        assert!(values.contains(&v.name()), "{v} missing from {variant}");
    }
    for name in [
        "threads",
        "hash",
        "skill",
        "multipv",
        "ponder",
        "book",
        "book-ply",
        "book-margin",
        "bitbases",
        "tt-size",
        "bb-size",
        "draw-repetition",
        "draw-no-progress",
        "draw-endgame",
        "numbering",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("param name={name} "))),
            "param {name} missing"
        );
    }
    // Every token after the command is key=value with exactly one '=' outside quotes.
    for l in &lines {
        let mut inside = false;
        for tok in l.split(|c| {
            if c == '"' {
                inside = !inside;
            }
            c == ' ' && !inside
        }) {
            if tok != "id" && tok != "param" && tok != "wait" {
                assert_eq!(tok.matches('=').count(), 1, "bad token {tok} in {l}");
            }
        }
    }
    hub.send("init");
    assert_eq!(hub.next(), "ready");
    hub.send("init");
    assert_eq!(hub.next(), "ready");
    hub.send("quit");
    assert!(hub.join().is_empty());
}

#[test]
fn set_param_checks_values_and_ignores_unknown_names() {
    let mut hub = Hub::start();
    hub.send("set-param name=initial-time value=300");
    hub.send("set-param name=bb-size value=auto");
    hub.expect_silence();
    hub.send("set-param name=variant value=shogi");
    let e = error_message(&hub.next());
    assert!(e.contains("variant") && e.contains("czech russian"), "{e}");
    hub.send("set-param name=threads value=0");
    let e = error_message(&hub.next());
    assert!(e.contains("threads") && e.contains("from 1 to 256"), "{e}");
    hub.send("set-param name=skill value=9");
    assert!(error_message(&hub.next()).contains("skill must be an integer from 1 to 5"));
    hub.send("set-param name=ponder value=perhaps");
    assert!(error_message(&hub.next()).contains("ponder must be true or false"));
    hub.send("set-param value=3");
    assert_eq!(error_message(&hub.next()), "set-param: missing name");
    hub.send("set-param name=book value=true");
    hub.send("set-param name=bitbases value=\"/tmp/some dir\"");
    hub.send("set-param name=multipv value=3");
    hub.send("hub");
    let lines = hub.until("wait");
    let has = |s: &str| lines.iter().any(|l| l.starts_with(s));
    assert!(has("param name=variant value=czech "), "old variant kept");
    assert!(has("param name=threads value=1 "));
    assert!(has("param name=skill value=5 "));
    assert!(has("param name=book value=true "));
    assert!(has("param name=multipv value=3 "));
    assert!(has("param name=bitbases value=\"/tmp/some dir\" "));
    hub.close();
}

#[test]
fn think_writes_info_lines_then_a_legal_move() {
    let mut hub = Hub::start();
    hub.send("pos start");
    hub.send("level depth=3");
    hub.send("go think");
    let lines = hub.until("done");
    let infos = &lines[..lines.len() - 1];
    assert!(!infos.is_empty());
    for (i, l) in infos.iter().enumerate() {
        let keys: Vec<&str> = l
            .split(' ')
            .filter_map(|t| t.split_once('=').map(|(k, _)| k))
            .collect();
        assert_eq!(
            keys,
            ["depth", "mean-depth", "score", "nodes", "time", "nps", "pv"],
            "{l}"
        );
        assert_eq!(field(l, "depth"), Some((i + 1).to_string().as_str()));
        assert!(l.contains(" pv=\""), "pv is quoted: {l}");
        field(l, "score").unwrap().parse::<f64>().unwrap();
        field(l, "time").unwrap().parse::<f64>().unwrap();
        field(l, "nps").unwrap().parse::<f64>().unwrap();
        field(l, "nodes").unwrap().parse::<u64>().unwrap();
    }
    assert_eq!(field(infos.last().unwrap(), "depth"), Some("3"));
    let start = Position::start(Variant::Czech);
    let mv = done_move(lines.last().unwrap(), &start, &czech());
    // The pv of the last iteration starts with the move played and is legal throughout.
    let pv = field(infos.last().unwrap(), "pv").unwrap();
    let mut pos = start;
    for (k, text) in pv.split(' ').enumerate() {
        let m = czech().parse_move(&pos, text).unwrap();
        if k == 0 {
            assert_eq!(m, mv);
        }
        pos = pos.play(&m);
    }
    if let Some(p) = field(lines.last().unwrap(), "ponder") {
        czech().parse_move(&start.play(&mv), p).unwrap();
    }
    hub.close();
}

#[test]
fn go_hint_names_the_move_and_its_piece_at_full_strength() {
    let mut hub = Hub::start();
    hub.send("set-param name=skill value=1");
    hub.send("set-param name=book value=false");
    hub.send("pos start");
    hub.send("level depth=6");
    hub.send("go hint");
    let lines = hub.until("done");
    let done = lines.last().unwrap();
    let infos = &lines[..lines.len() - 1];
    assert_eq!(
        field(infos.last().unwrap(), "depth"),
        Some("6"),
        "full strength: {lines:?}"
    );
    let start = Position::start(Variant::Czech);
    done_move(done, &start, &czech());
    let piece = field(done, "piece").expect("piece=");
    assert!(field(done, "move").unwrap().starts_with(piece), "{done}");
    // The game and the skill are as before: go think searches at level 1 from the start.
    hub.send("go think");
    let lines = hub.until("done");
    done_move(lines.last().unwrap(), &start, &czech());
    assert!(field(lines.last().unwrap(), "piece").is_none());
    hub.close();
}

/// A long game of legal moves (random but fixed), with captures and man moves.
fn long_game(variant: Variant, plies: usize) -> (Position, Vec<Move>) {
    let start = Position::start(variant);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut pos = start;
    let mut moves = Vec::new();
    while moves.len() < plies {
        let legal = movegen::legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = legal[(seed % legal.len() as u64) as usize];
        pos = pos.play(&mv);
        moves.push(mv);
    }
    (pos, moves)
}

#[test]
fn pos_accepts_long_move_lists_in_every_form() {
    for variant in [Variant::Czech, Variant::Russian, Variant::International] {
        let conv = Convention::new(variant, Numbering::Pydraughts);
        let (end, moves) = long_game(variant, 300);
        assert!(moves.len() > 40, "{variant}: {} plies", moves.len());
        assert!(moves.iter().any(|m| m.is_capture()));
        if movegen::legal_moves(&end).is_empty() {
            continue;
        }
        let mut pos = Position::start(variant);
        let mut texts = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            // Mix the accepted forms: Hub numbers, zero-padded, and PDN.
            let t = match i % 3 {
                0 => conv.format_move(m),
                1 if !m.is_capture() => {
                    let (a, b) = conv
                        .format_move(m)
                        .split_once('-')
                        .map(|(a, b)| (a.to_string(), b.to_string()))
                        .unwrap();
                    format!("{a:0>2}-{b:0>2}")
                }
                _ => dama::notation::format_move(&pos, m),
            };
            texts.push(t);
            pos = pos.play(m);
        }
        let mut hub = Hub::start();
        hub.send(&format!("set-param name=variant value={variant}"));
        let start = conv.format_position(&Position::start(variant));
        hub.send(&format!("pos pos={start} moves=\"{}\"", texts.join(" ")));
        hub.send("level depth=2");
        hub.send("go think");
        let lines = hub.until("done");
        done_move(lines.last().unwrap(), &end, &conv);
        // The same position given directly also works.
        hub.send(&format!("pos pos={}", conv.format_position(&end)));
        hub.send("level depth=1");
        hub.send("go think");
        let lines = hub.until("done");
        done_move(lines.last().unwrap(), &end, &conv);
        hub.close();
    }
}

#[test]
fn bad_positions_and_moves_are_errors_and_the_session_goes_on() {
    let mut hub = Hub::start();
    let conv = czech();
    let start = Position::start(Variant::Czech);
    hub.send("pos start moves=\"c3-d4\"");
    hub.send("pos pos=Wbbb");
    let e = error_message(&hub.next());
    assert!(e.starts_with("pos: ") && e.contains("33"), "{e}");
    hub.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx");
    assert!(error_message(&hub.next()).contains("'x'"));
    hub.send("pos pos=Wwbbbbbbbbbbbeeeeeeeewwwwwwwwwwwe");
    assert!(error_message(&hub.next()).contains("promotion row"));
    hub.send("pos start moves=\"c3-d4 f6-e5 d4-c5\"");
    let e = error_message(&hub.next());
    assert!(
        e.contains("move 3") && e.contains("'d4-c5'") && e.contains("d4xf6"),
        "{e}"
    );
    hub.send("pos start moves=\"c3-d4 c3-d4\"");
    let e = error_message(&hub.next());
    assert!(e.contains("move 2") && e.contains("no piece on c3"), "{e}");
    hub.send("pos start moves=\"c3-b5\"");
    assert!(error_message(&hub.next()).contains("move 1"));
    hub.send("pos start moves=\"a3-b4 99-1\"");
    assert!(error_message(&hub.next()).contains("'99'"));
    hub.send("pos start moves=\"c3-d4");
    let e = error_message(&hub.next());
    assert!(e.starts_with("pos: ") && e.contains("closing quote"), "{e}");
    // The session goes on: the next good `pos` is played from.
    hub.send("pos start moves=\"c3-d4\"");
    hub.send("level depth=1");
    hub.send("go think");
    let after = start.play(&conv.parse_move(&start, "c3-d4").unwrap());
    done_move(hub.until("done").last().unwrap(), &after, &conv);
    hub.close();
}

#[test]
fn go_after_a_refused_pos_answers_with_no_move() {
    // The Hub GUI without a `variant` line: an international position while dama is on Czech.
    let mut hub = Hub::start();
    let conv = czech();
    let start = Position::start(Variant::Czech);
    hub.send("pos start moves=\"c3-d4\"");
    hub.send(&format!(
        "pos pos=W{}",
        "b".repeat(20) + &"e".repeat(10) + &"w".repeat(20)
    ));
    assert!(error_message(&hub.next()).starts_with("pos: "));
    for mode in ["think", "ponder", "analyze", "hint"] {
        hub.send("level depth=1");
        hub.send(&format!("go {mode}"));
        let e = error_message(&hub.next());
        assert!(e.starts_with("go: the last pos was refused"), "{e}");
        assert_eq!(hub.next(), "done");
    }
    // An unreadable `pos` line is refused the same way.
    hub.send("pos start");
    hub.send("pos moves=\"c3-d4");
    assert!(error_message(&hub.next()).contains("closing quote"));
    hub.send("go think");
    assert!(error_message(&hub.next()).starts_with("go: the last pos was refused"));
    assert_eq!(hub.next(), "done");
    // An accepted `pos` plays again, as does a new variant (its start position).
    hub.send("pos start moves=\"c3-d4\"");
    hub.send("level depth=1");
    hub.send("go think");
    let after = start.play(&conv.parse_move(&start, "c3-d4").unwrap());
    done_move(hub.until("done").last().unwrap(), &after, &conv);
    hub.send("pos pos=Wx");
    assert!(error_message(&hub.next()).starts_with("pos: "));
    hub.send("set-param name=variant value=russian");
    hub.send("level depth=1");
    hub.send("go think");
    let russian = Convention::new(Variant::Russian, Numbering::Pydraughts);
    done_move(
        hub.until("done").last().unwrap(),
        &Position::start(Variant::Russian),
        &russian,
    );
    hub.close();
}

/// The Czech bitbases of up to three pieces, generated once into the test's target folder.
fn czech3() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egtb-protocol3");
        let _ = std::fs::remove_dir_all(&dir);
        let slices = dama::bitbase::build::slices(3, None);
        dama::bitbase::build::generate(Variant::Czech, &dir, &slices, &|_| {}, &mut |_| {})
            .unwrap();
        dir
    })
}

#[test]
fn tt_size_and_bb_size_are_declared_and_applied() {
    let mut hub = Hub::start();
    hub.send("hub");
    let lines = hub.until("wait");
    let has = |lines: &[String], s: &str| lines.iter().any(|l| l == s);
    assert!(has(
        &lines,
        "param name=tt-size value=16 type=int min=16 max=32"
    ));
    assert!(has(&lines, "param name=bb-size value=auto type=string"));
    // Scan's tt-size is log2 of the entries: 2^18 entries of 16 bytes are 4 MiB.
    hub.send("set-param name=tt-size value=18");
    hub.send("set-param name=tt-size value=33");
    assert!(error_message(&hub.next()).contains("tt-size must be an integer from 16 to 32"));
    hub.send("set-param name=bb-size value=lots");
    assert!(error_message(&hub.next()).contains("bb-size must be auto or"));
    hub.send("hub");
    let lines = hub.until("wait");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("param name=hash value=4 ")));
    assert!(has(
        &lines,
        "param name=tt-size value=18 type=int min=16 max=32"
    ));
    // bb-size bounds the bitbases the search probes: king and man against king is a win
    // in Scan's bitbase band (80-90 men) at depth 1 only when the three-piece slices load.
    let won = Position::from_fen(Variant::Czech, "W:WKa1,e5:BKg7").unwrap();
    let won = czech().format_position(&won);
    hub.send(&format!(
        "set-param name=bitbases value=\"{}\"",
        czech3().display()
    ));
    let score_with = |hub: &mut Hub, bb_size: &str| {
        hub.send(&format!("set-param name=bb-size value={bb_size}"));
        hub.send(&format!("pos pos={won}"));
        hub.send("level depth=1");
        hub.send("go analyze");
        last_score(&hub.until("done"))
    };
    let band = 80.0..90.0;
    assert!(band.contains(&score_with(&mut hub, "auto")));
    assert!(band.contains(&score_with(&mut hub, "3")));
    assert!(!band.contains(&score_with(&mut hub, "0")));
    hub.send("hub");
    let lines = hub.until("wait");
    assert!(has(&lines, "param name=bb-size value=0 type=string"));
    hub.close();
}

#[test]
fn bad_level_values_are_errors_and_levels_add_up_until_pos() {
    let mut hub = Hub::start();
    hub.send("pos start");
    hub.send("level depth=2");
    hub.send("level depth=zero");
    let e = error_message(&hub.next());
    assert!(e.contains("depth must be an integer from 1 to"), "{e}");
    hub.send("level move-time=-3");
    assert!(error_message(&hub.next()).contains("move-time"));
    hub.send("level time=abc inc=1");
    assert!(error_message(&hub.next()).contains("time"));
    hub.send("level nodes=100000000");
    hub.send("go think");
    let lines = hub.until("done");
    assert_eq!(field(&lines[lines.len() - 2], "depth"), Some("2"));
    // `go` does not reset the levels: a second go searches to the same depth.
    hub.send("go think");
    let lines = hub.until("done");
    assert_eq!(field(&lines[lines.len() - 2], "depth"), Some("2"));
    // `pos` resets them: now only the node budget bounds the search.
    hub.send("pos start");
    hub.send("level nodes=20000");
    hub.send("go think");
    let lines = hub.until("done");
    let depth: u32 = field(&lines[lines.len() - 2], "depth")
        .unwrap()
        .parse()
        .unwrap();
    assert!(depth > 2, "depth {depth}");
    hub.close();
}

#[test]
fn every_level_form_ends_a_search() {
    let mut hub = Hub::start();
    for level in [
        "level move-time=0.05",
        "level time=0.5 inc=0.05",
        "level moves=20 time=0.5",
        "level moves=20 time=0.5 inc=0.1",
        "level time=0.3",
        "level time=-0.05 inc=0.1",
        "level nodes=3000",
        "level depth=2 ponder",
    ] {
        hub.send("pos start");
        hub.send(level);
        hub.send("go think");
        let lines = hub.until("done");
        done_move(
            lines.last().unwrap(),
            &Position::start(Variant::Czech),
            &czech(),
        );
    }
    hub.close();
}

#[test]
fn ping_and_stop_during_a_search() {
    let mut hub = Hub::start();
    hub.send("pos start");
    hub.send("level infinite");
    hub.send("go analyze");
    let first = hub.next();
    assert!(first.starts_with("info depth=1 "), "{first}");
    hub.send("ping");
    let mut seen = Vec::new();
    loop {
        let l = hub.next();
        if l == "pong" {
            break;
        }
        assert!(l.starts_with("info "), "{l}");
        seen.push(l);
    }
    hub.send("stop");
    let lines = hub.until("done");
    done_move(
        lines.last().unwrap(),
        &Position::start(Variant::Czech),
        &czech(),
    );
    // stop and ponder-hit when idle write nothing.
    hub.send("stop");
    hub.send("ponder-hit");
    hub.expect_silence();
    hub.close();
}

#[test]
fn ponder_waits_for_ponder_hit() {
    let mut hub = Hub::start();
    hub.send("pos start moves=\"c3-d4\"");
    hub.send("level move-time=0.05");
    hub.send("go ponder");
    thread::sleep(Duration::from_millis(400));
    assert!(
        !hub.lines().iter().any(|l| l.starts_with("done")),
        "done before ponder-hit"
    );
    hub.send("ping");
    loop {
        if hub.next() == "pong" {
            break;
        }
    }
    hub.send("ponder-hit");
    let lines = hub.until("done");
    let start = Position::start(Variant::Czech);
    let after = start.play(&czech().parse_move(&start, "c3-d4").unwrap());
    done_move(lines.last().unwrap(), &after, &czech());
    // A ponder search ended by stop (ponder miss) also answers done.
    hub.send("go ponder");
    hub.send("stop");
    hub.until("done");
    hub.close();
}

#[test]
fn other_commands_during_a_search_end_it_first() {
    let mut hub = Hub::start();
    hub.send("pos start");
    hub.send("level infinite");
    hub.send("go think");
    hub.next();
    // An error-producing line during the search: done comes first, then the error.
    hub.send("pos pos=bad");
    let lines = hub.until("done");
    assert!(lines.iter().all(|l| !l.starts_with("error")), "{lines:?}");
    assert!(error_message(&hub.next()).starts_with("pos: "));
    // set-param during a search is applied after done.
    hub.send("pos start");
    hub.send("level infinite");
    hub.send("go think");
    hub.next();
    hub.send("set-param name=threads value=2");
    hub.until("done");
    hub.send("hub");
    assert!(hub
        .until("wait")
        .iter()
        .any(|l| l.starts_with("param name=threads value=2 ")));
    // quit during a search: done, then the session ends.
    hub.send("go think");
    hub.next();
    hub.send("quit");
    let rest = hub.join();
    assert!(rest.last().unwrap().starts_with("done move="), "{rest:?}");
}

#[test]
fn end_of_input_ends_the_session() {
    let mut hub = Hub::start();
    hub.send("hub");
    hub.until("wait");
    assert!(hub.close().is_empty());
    // During a search: the search stops, done is written, the session ends.
    let mut hub = Hub::start();
    hub.send("pos start");
    hub.send("level infinite");
    hub.send("go think");
    hub.next();
    let rest = hub.close();
    assert!(rest.last().unwrap().starts_with("done move="), "{rest:?}");
}

#[test]
fn terminal_positions_blank_lines_and_unknown_commands() {
    let mut hub = Hub::start();
    hub.send("");
    hub.send("   ");
    hub.send("fly-to the=moon");
    hub.send("new-game");
    hub.expect_silence();
    // White (to move) has a man on a3 (21) blocked by b4 (17) and c5 (14): no move.
    let mut text = vec!['e'; 33];
    text[0] = 'W';
    text[14] = 'b';
    text[17] = 'b';
    text[21] = 'w';
    let text: String = text.into_iter().collect();
    let pos = czech().parse_position::<u64>(&text).unwrap();
    assert!(movegen::legal_moves(&pos).is_empty());
    hub.send(&format!("pos pos={text}"));
    hub.send("go think");
    assert!(error_message(&hub.next()).contains("white has no legal move"));
    assert_eq!(hub.next(), "done");
    hub.close();
}

#[test]
fn numbering_conventions_for_pydraughts_and_dama() {
    let mut hub = Hub::start();
    // Russian, pydraughts numbering (the default): c3-d4 is 10-14.
    hub.send("set-param name=variant value=russian");
    hub.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"10-14\"");
    hub.send("level depth=2");
    hub.send("go think");
    let v = Variant::Russian;
    let py = Convention::new(v, Numbering::Pydraughts);
    let start = Position::start(v);
    let after = start.play(&py.parse_move(&start, "c3-d4").unwrap());
    done_move(hub.until("done").last().unwrap(), &after, &py);
    // dama numbering: the same text is not a legal move.
    hub.send("set-param name=numbering value=dama");
    hub.send("pos start moves=\"10-14\"");
    assert!(error_message(&hub.next()).contains("'10-14'"));
    hub.send("pos start moves=\"22-18\"");
    hub.send("level depth=2");
    hub.send("go think");
    let own = Convention::new(v, Numbering::Dama);
    done_move(hub.until("done").last().unwrap(), &after, &own);
    // English, pydraughts: W in the position string is Black (the first mover).
    hub.send("set-param name=numbering value=pydraughts");
    hub.send("set-param name=variant value=english");
    hub.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
    hub.send("level depth=2");
    hub.send("go think");
    let done = hub.until("done").pop().unwrap();
    let text = field(&done, "move").unwrap();
    let from: u32 = text.split('-').next().unwrap().parse().unwrap();
    assert!(
        (9..=12).contains(&from),
        "English Black opens from 9-12: {done}"
    );
    done_move(
        &done,
        &Position::start(Variant::English),
        &Convention::new(Variant::English, Numbering::Pydraughts),
    );
    hub.close();
}

#[test]
fn multipv_reports_several_lines() {
    let mut hub = Hub::start();
    hub.send("set-param name=multipv value=2");
    hub.send("pos start");
    hub.send("level depth=2");
    hub.send("go think");
    let lines = hub.until("done");
    assert!(lines.iter().any(|l| l.ends_with(" multipv=2")), "{lines:?}");
    assert!(lines.iter().any(|l| l.ends_with(" multipv=1")), "{lines:?}");
    hub.close();
}

/// A walk of quiet king moves that never repeats a position and never allows a capture.
fn king_walk(start: Position, plies: usize) -> Vec<Move> {
    let mut seen = vec![start.key()];
    let mut pos = start;
    let mut moves = Vec::new();
    while moves.len() < plies {
        let next = movegen::legal_moves(&pos).into_iter().find(|m| {
            let after = pos.play(m);
            !m.is_capture() && !seen.contains(&after.key()) && !movegen::has_capture(&after)
        });
        let Some(mv) = next else { break };
        pos = pos.play(&mv);
        seen.push(pos.key());
        moves.push(mv);
    }
    moves
}

fn last_score(lines: &[String]) -> f64 {
    let info = lines.iter().rev().find(|l| l.starts_with("info ")).unwrap();
    field(info, "score").unwrap().parse().unwrap()
}

#[test]
fn the_move_list_feeds_the_draw_counters() {
    // Czech class A: three kings against a lone king off a1-h8 draw 30 plies after the class
    // arose (and 30 plies without progress draw as well). After 28 plies of history only 2 are
    // left, too few to win: the score must be about a draw; without the history it is not.
    let conv = czech();
    let start = Position::from_fen(Variant::Czech, "W:WKc1,Ke1,Kg1:BKb8").unwrap();
    let walk = king_walk(start, 28);
    assert_eq!(walk.len(), 28);
    let end = walk.iter().fold(start, |p, m| p.play(m));
    let texts: Vec<String> = walk.iter().map(|m| conv.format_move(m)).collect();
    let with_history = format!(
        "pos pos={} moves=\"{}\"",
        conv.format_position(&start),
        texts.join(" ")
    );
    let mut hub = Hub::start();
    hub.send(&format!("pos pos={}", conv.format_position(&end)));
    hub.send("level depth=4");
    hub.send("go think");
    let fresh = last_score(&hub.until("done"));
    assert!(fresh > 0.5, "3 kings v 1 without history: {fresh}");
    hub.send(&with_history);
    hub.send("level depth=4");
    hub.send("go think");
    let drawn = last_score(&hub.until("done"));
    assert!(
        drawn.abs() < 0.5,
        "2 plies before the class A draw: {drawn}"
    );
    // With those draw rules switched off, the history no longer draws.
    hub.send("set-param name=draw-endgame value=false");
    hub.send("set-param name=draw-no-progress value=false");
    hub.send(&with_history);
    hub.send("level depth=4");
    hub.send("go think");
    assert!(last_score(&hub.until("done")) > 0.5);
    hub.close();
}

#[test]
fn think_plays_a_book_move_at_once_when_the_book_is_on() {
    let mut hub = Hub::start();
    hub.send("set-param name=book value=true");
    hub.send("pos start");
    hub.send("level depth=30");
    hub.send("go think");
    let lines = hub.until("done");
    assert_eq!(
        lines.len(),
        1,
        "a book move comes without a search: {lines:?}"
    );
    let pos = Position::start(Variant::Czech);
    let mv = done_move(&lines[0], &pos, &czech());
    let book = dama::book::builtin::shared(Variant::Czech).expect("the Czech book is compiled in");
    let hub_defaults = dama::book::ProbeSettings {
        margin: 10,
        max_ply: 12,
    };
    let candidates = book.candidates_with(&pos, &hub_defaults);
    assert!(
        candidates.iter().any(|c| c.mv == mv),
        "{mv:?} is a book move"
    );
    hub.send("go analyze");
    hub.send("stop");
    let lines = hub.until("done");
    assert!(
        lines.iter().any(|l| l.starts_with("info ")),
        "analyze searches: {lines:?}"
    );
    hub.close();
}

/// Canadian (12×12) is played in 128-bit positions: the session goes on with an engine of that
/// word when the variant crosses to it and back, keeping the lines it had not handled yet.
#[test]
fn canadian_is_played_in_its_own_word_and_the_session_crosses_back() {
    let mut hub = Hub::start();
    let conv = Convention::new(Variant::Canadian, Numbering::Pydraughts);
    let start = dama::WidePosition::start(Variant::Canadian);
    let text = conv.format_position(&start);
    assert_eq!(text.len(), 73);
    // three lines sent at once: the two after the switch wait for the 128-bit session
    hub.send("set-param name=variant value=canadian");
    hub.send(&format!("pos pos={text}"));
    hub.send("level depth=4");
    hub.send("go think");
    let done = hub.until("done").pop().unwrap();
    let text = field(&done, "move").unwrap();
    let mv = conv
        .parse_move(&start, text)
        .unwrap_or_else(|e| panic!("{done}: {e}"));
    assert!(movegen::legal_moves(&start).contains(&mv));
    // the Hub string of a 12×12 position is refused in Czech, after crossing back
    hub.send("set-param name=variant value=czech");
    hub.send(&format!("pos pos={}", conv.format_position(&start)));
    let error = hub.next();
    assert!(
        error.starts_with("error message=\"pos: the position string has 73 characters"),
        "{error}"
    );
    hub.send("pos start");
    hub.send("level depth=3");
    hub.send("go think");
    let czech = Convention::new(Variant::Czech, Numbering::Pydraughts);
    let done = hub.until("done").pop().unwrap();
    done_move(&done, &Position::start(Variant::Czech), &czech);
    hub.send("quit");
    assert!(hub.join().is_empty());
}

/// Frisian through the Hub: pydraughts' `frysk!` and lidraughts-bot's `frisian` with a
/// 5-against-5 position both play, and a move list that takes a king to its limit of three
/// quiet moves in a row leaves it without a quiet move in the engine's answer.
#[test]
fn frisian_plays_through_the_hub_with_the_king_move_limit_from_the_move_list() {
    for (name, variant) in [("frysk!", Variant::Frysk), ("frisian", Variant::Frisian)] {
        let conv = Convention::new(variant, Numbering::Pydraughts);
        let mut hub = Hub::start();
        hub.send(&format!("set-param name=variant value={name}"));
        let start = Position::start(Variant::Frysk);
        hub.send(&format!("pos pos={}", conv.format_position(&start)));
        hub.send("level depth=3");
        hub.send("go think");
        let lines = hub.until("done");
        done_move(lines.last().unwrap(), &start, &conv);
        hub.close();
    }
    let variant = Variant::Frisian;
    let conv = Convention::new(variant, Numbering::Pydraughts);
    let start = Position::from_fen(variant, "W:WK46,50:BK1,K4,15").unwrap();
    let mut pos = start;
    let mut texts = Vec::new();
    for text in ["46-41", "1-6", "41-37", "4-9", "37-32", "6-1"] {
        let mv = dama::notation::parse_move(&pos, text).unwrap();
        texts.push(conv.format_move(&mv));
        pos = pos.play(&mv);
    }
    let frozen = pos.frozen_king();
    assert!(frozen.any(), "the king on 32 is at its limit");
    let mut hub = Hub::start();
    hub.send("set-param name=variant value=frisian");
    hub.send(&format!(
        "pos pos={} moves=\"{}\"",
        conv.format_position(&start),
        texts.join(" ")
    ));
    hub.send("level depth=4");
    hub.send("go think");
    let lines = hub.until("done");
    let mv = done_move(lines.last().unwrap(), &pos, &conv);
    assert!(
        !frozen.has(mv.from),
        "the engine moved the king at its limit"
    );
    hub.close();
}

/// Dameo through the Hub: the 65-character position string, a linear move in the move list
/// (d2 over d3 to d4: `52-36` in dama's numbering, 1 = a8 … 64 = h1) and a legal answer.
#[test]
fn dameo_plays_through_the_hub_with_a_linear_move() {
    let variant = Variant::Dameo;
    let conv = Convention::new(variant, Numbering::Pydraughts);
    let start = Position::start(variant);
    let text = conv.format_position(&start);
    assert_eq!(text.len(), 65);
    let mut pos = start;
    let mut texts = Vec::new();
    for move_text in ["d2-d4", "e7-e5"] {
        let mv = dama::notation::parse_move(&pos, move_text).unwrap();
        texts.push(conv.format_move(&mv));
        pos = pos.play(&mv);
    }
    assert_eq!(texts, ["52-36", "13-29"]);
    let mut hub = Hub::start();
    hub.send("set-param name=variant value=dameo");
    hub.send(&format!("pos pos={text} moves=\"{}\"", texts.join(" ")));
    hub.send("level depth=4");
    hub.send("go think");
    let lines = hub.until("done");
    let mv = done_move(lines.last().unwrap(), &pos, &conv);
    assert!(movegen::legal_moves(&pos).contains(&mv));
    hub.close();
}
/// A variant through the Hub: the variant by name, a position string of `len`
/// characters, a move list, and a legal answer from the engine.
fn plays_through_the_hub(name: &str, variant: Variant, len: usize) {
    let conv = Convention::new(variant, Numbering::Dama);
    let start = Position::start(variant);
    let text = conv.format_position(&start);
    assert_eq!(text.len(), len, "{name}: {text}");
    let first = movegen::legal_moves(&start)[0];
    let mut hub = Hub::start();
    hub.send(&format!("set-param name=variant value={name}"));
    hub.send(&format!(
        "pos pos={text} moves=\"{}\"",
        conv.format_move(&first)
    ));
    hub.send("level depth=3");
    hub.send("go think");
    let lines = hub.until("done");
    done_move(lines.last().unwrap(), &start.play(&first), &conv);
    hub.close();
}

#[test]
fn gothic_plays_through_the_hub() {
    plays_through_the_hub("gothic", Variant::Gothic, 65);
}
/// Hawaiian (Konane) through the Hub: the full-board position string, the removals as
/// `fromxtoxcaptured` on one square, then jumps; a removal of the wrong square is an error that
/// names the legal ones.
#[test]
fn hawaiian_plays_its_removals_and_jumps_through_the_hub() {
    let variant = Variant::Hawaiian;
    let conv = Convention::new(variant, Numbering::Pydraughts);
    let start = Position::start(variant);
    let full = format!("B{}", "bwbwbwbwwbwbwbwb".repeat(4));
    assert_eq!(conv.format_position(&start), full);
    let mut hub = Hub::start();
    hub.send("set-param name=variant value=konane");
    hub.send(&format!("pos pos={full}"));
    hub.send("level depth=3");
    hub.send("go think");
    let mv = done_move(hub.until("done").last().unwrap(), &start, &conv);
    assert!(mv.is_removal(), "{mv:?}");
    // Black removed d5 (28), White e5 (29): Black jumps
    hub.send(&format!("pos pos={full} moves=\"28x28x28 29x29x29\""));
    hub.send("level depth=3"); // a position ends the levels before it
    hub.send("go think");
    let mut pos = start;
    for text in ["xd5", "xe5"] {
        pos = pos.play(&dama::notation::parse_move(&pos, text).unwrap());
    }
    let mv = done_move(hub.until("done").last().unwrap(), &pos, &conv);
    assert!(mv.is_capture() && !mv.is_removal(), "{mv:?}");
    hub.send(&format!("pos pos={full} moves=\"27x27x27\""));
    let err = error_message(&hub.next());
    assert!(err.contains("xa8 or xd5 or xe4 or xh1"), "{err}");
    hub.close();
}

/// Alkerk by both names: 5×5 points, a 26-character position string.
#[test]
fn alkerk_plays_through_the_hub() {
    plays_through_the_hub("alquerque", Variant::Alquerque, 26);
    plays_through_the_hub("alkerk", Variant::Alquerque, 26);
}
