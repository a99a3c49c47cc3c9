//! The properties the fuzz targets check, one function a target. Each takes the fuzzer's bytes,
//! reads what it can, and panics only when a property fails: a parsed FEN prints back to a FEN
//! of the same position, a parsed move is legal and prints back to itself, a Hub session answers
//! in well-formed lines, a book prints back to itself. The library's regression tests include
//! this file (`tests/fuzz_regressions.rs`) and replay every input the fuzzers found.

use dama::book::{Book, BookRng};
use dama::protocol::hub::numbering::{Convention, Numbering};
use dama::{goal, movegen, notation, Move, Position, Variant};

/// The variant named by a byte: one of those played in 64-bit positions (the checks below
/// are written for [`Position`]; Canadian's 128-bit positions are not fuzzed yet).
pub fn variant_of(byte: u8) -> Variant {
    let narrow: Vec<Variant> = Variant::ALL
        .into_iter()
        .filter(|v| !v.rules().wide())
        .collect();
    narrow[byte as usize % narrow.len()]
}

/// A position reached from the start of `variant` by the moves the bytes pick (each byte picks
/// one legal move, until the game ends).
pub fn walk(variant: Variant, picks: &[u8]) -> (Position, Vec<Move>) {
    let mut pos = Position::start(variant);
    let mut moves = Vec::new();
    for &b in picks {
        let legal = movegen::legal_moves(&pos);
        if legal.is_empty() || goal::decided(&pos).is_some() {
            break;
        }
        let mv = legal[b as usize % legal.len()];
        pos = pos.play(&mv);
        moves.push(mv);
    }
    (pos, moves)
}

/// Every position reading: the variant's FEN (both notations) and the Hub position of every
/// numbering. What parses prints back to text that parses to the same position.
pub fn fen(data: &[u8]) {
    let Some((&v, rest)) = data.split_first() else {
        return;
    };
    let variant = variant_of(v);
    let text = String::from_utf8_lossy(rest);
    if let Ok(pos) = Position::from_fen(variant, &text) {
        fen_round_trip(&pos);
    }
    for numbering in Numbering::ALL {
        let conv = Convention::new(variant, numbering);
        if let Ok(pos) = conv.parse_position(&text) {
            fen_round_trip(&pos);
        }
    }
}

/// `pos` prints to FEN and Hub text that read back as `pos`.
pub fn fen_round_trip(pos: &Position) {
    let variant = pos.variant();
    for text in [pos.to_fen(), pos.to_fen_numeric()] {
        let again = Position::from_fen(variant, &text)
            .unwrap_or_else(|e| panic!("{text:?} printed from a parsed FEN does not parse: {e}"));
        assert_eq!(&again, pos, "{text:?} reads back as another position");
    }
    // Hub refuses, by design, a position whose side not to move has no piece (the game is
    // over); a FEN may set one up.
    let over = pos.pieces(!pos.side()).is_empty();
    for numbering in Numbering::ALL {
        let conv = Convention::new(variant, numbering);
        let text = conv.format_position(pos);
        if over {
            assert!(
                conv.parse_position::<u64>(&text).is_err(),
                "Hub read a finished game"
            );
            continue;
        }
        let again = conv
            .parse_position(&text)
            .unwrap_or_else(|e| panic!("Hub {numbering:?} {text:?} does not parse: {e}"));
        assert_eq!(
            &again, pos,
            "Hub {numbering:?} {text:?} reads back as another position"
        );
    }
}

/// Move text in every notation, in a position reached by a walk: what parses is legal, and
/// prints back to text that parses to the same move.
pub fn move_text(data: &[u8]) {
    let [v, n, rest @ ..] = data else {
        return;
    };
    let plies = (*n as usize % 64).min(rest.len());
    let (pos, _) = walk(variant_of(*v), &rest[..plies]);
    let text = String::from_utf8_lossy(&rest[plies..]);
    // a game the goal has ended (Breakthrough after a crowning) has moves on the board but none
    // to play: every move text is refused ("the game is over")
    let legal = match goal::decided(&pos) {
        Some(_) => Vec::new(),
        None => movegen::legal_moves(&pos),
    };
    if let Ok(mv) = notation::parse_move(&pos, &text) {
        assert!(legal.contains(&mv), "{text:?} parsed to an illegal move");
    }
    for numbering in Numbering::ALL {
        let conv = Convention::new(pos.variant(), numbering);
        if let Ok(mv) = conv.parse_move(&pos, &text) {
            assert!(
                legal.contains(&mv),
                "Hub {numbering:?} {text:?}: an illegal move"
            );
        }
    }
    for mv in &legal {
        move_round_trip(&pos, mv);
    }
}

/// A legal move prints, in every notation, to text that reads back as the same move.
pub fn move_round_trip(pos: &Position, mv: &Move) {
    let pdn = notation::format_move(pos, mv);
    assert_eq!(
        notation::parse_move(pos, &pdn).as_ref(),
        Ok(mv),
        "PDN {pdn:?}"
    );
    let hub = notation::format_hub_move(pos, mv);
    assert_eq!(
        notation::parse_move(pos, &hub).as_ref(),
        Ok(mv),
        "Hub {hub:?}"
    );
    for numbering in Numbering::ALL {
        let conv = Convention::new(pos.variant(), numbering);
        let text = conv.format_move(mv);
        assert_eq!(
            conv.parse_move(pos, &text).as_ref(),
            Ok(mv),
            "{numbering:?} {text:?}"
        );
    }
}

/// A book text: whatever parses holds only legal moves, probes to legal moves, and prints back
/// to a text that parses to the same book with no warning.
pub fn book(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok((book, _)) = Book::parse(&text) else {
        return;
    };
    let mut rng = BookRng::new(0);
    for entry in book.entries() {
        let legal = movegen::legal_moves(&entry.position);
        assert!(entry.moves.iter().all(|m| legal.contains(&m.mv)));
        if let Some(mv) = book.probe(&entry.position, &mut rng) {
            assert!(legal.contains(&mv), "the book probe gave an illegal move");
        }
    }
    let printed = book.to_text();
    let (again, warnings) = Book::parse(&printed).expect("a printed book parses");
    assert!(
        warnings.is_empty(),
        "a printed book has warnings: {warnings:?}"
    );
    assert_eq!(
        again.to_text(),
        printed,
        "a printed book reads back as another book"
    );
}

/// Checks that `line` is a well-formed line from the engine: a known keyword, then `name=value`
/// pairs whose values are bare names or quoted without a quote inside, no control character,
/// no bare flag.
pub fn well_formed(line: &str) {
    const KEYWORDS: [&str; 8] = [
        "id", "param", "wait", "ready", "pong", "info", "done", "error",
    ];
    assert!(
        !line.chars().any(char::is_control),
        "control character in {line:?}"
    );
    let (word, mut rest) = line.split_once(' ').unwrap_or((line, ""));
    assert!(KEYWORDS.contains(&word), "unknown reply {line:?}");
    while !rest.is_empty() {
        let (name, after) = rest
            .split_once('=')
            .unwrap_or_else(|| panic!("a bare flag in {line:?}"));
        assert!(is_name(name), "bad argument name {name:?} in {line:?}");
        let (value, after) = match after.strip_prefix('"') {
            Some(q) => {
                let end = q
                    .find('"')
                    .unwrap_or_else(|| panic!("open quote in {line:?}"));
                (&q[..end], &q[end + 1..])
            }
            None => {
                let end = after.find(' ').unwrap_or(after.len());
                let v = &after[..end];
                assert!(is_name(v), "bad bare value {v:?} in {line:?}");
                (v, &after[end..])
            }
        };
        let _ = value;
        rest = match after.strip_prefix(' ') {
            Some(r) => r,
            None if after.is_empty() => after,
            None => panic!("no space after a value in {line:?}"),
        };
    }
}

/// A Hub name: no blank, `=`, `"` or control character, not empty.
fn is_name(s: &str) -> bool {
    !s.is_empty()
        && !s
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '=' || c == '"')
}

/// The set-up every session target starts with: a small hash, no book.
const SET_UP: &str = "set-param name=hash value=1\nset-param name=book value=false\n";

/// Runs a Hub session on `input` and returns its output lines, each checked well-formed.
pub fn session_lines(input: Vec<u8>) -> Vec<String> {
    let mut out = Vec::new();
    dama::protocol::run(std::io::Cursor::new(input), &mut out).expect("output never fails");
    let text = String::from_utf8(out).expect("the engine writes UTF-8");
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.iter().for_each(|l| well_formed(l));
    lines
}

/// Any bytes as Hub input after the set-up (input that would size the hash, the threads or
/// open bitbases is skipped: those are resources, not parsing): every reply is well-formed, and
/// the `ping` sent last is answered unless the input quits first.
pub fn hub_lines(data: &[u8]) {
    const RESOURCES: [&[u8]; 4] = [b"hash", b"tt-size", b"threads", b"bitbases"];
    if RESOURCES
        .iter()
        .any(|r| data.windows(r.len()).any(|w| w == *r))
    {
        return;
    }
    let mut input = SET_UP.as_bytes().to_vec();
    input.extend_from_slice(data);
    input.extend_from_slice(b"\nping\n");
    let lines = session_lines(input);
    let quits = data.windows(4).any(|w| w == b"quit");
    assert!(
        quits || lines.iter().any(|l| l == "pong"),
        "no pong: {lines:?}"
    );
}

/// What the session model expects of one `go`: the position searched and the convention its
/// `done` is written in.
type Expected = (Position, Convention);

/// The session being generated: the lines, and what the engine must answer to them.
struct Script {
    input: Vec<u8>,
    conv: Convention,
    numbering: Numbering,
    pos: Position,
    nodes_set: bool,
    gos: Vec<Expected>,
    pings: usize,
    inits: usize,
    hubs: usize,
    quit: bool,
}

impl Script {
    fn line(&mut self, text: &str) {
        self.input.extend_from_slice(text.as_bytes());
        self.input.push(b'\n');
    }

    /// Appends the command that `op` and the bytes after it pick.
    fn command(&mut self, op: u8, bytes: &mut std::slice::Iter<'_, u8>) {
        let mut next = || bytes.next().copied().unwrap_or(0);
        match op % 20 {
            0 => {
                self.line("hub");
                self.hubs += 1;
            }
            1 => {
                self.line("init");
                self.inits += 1;
            }
            2 => {
                let v = variant_of(next());
                self.line(&format!("set-param name=variant value={}", v.name()));
                if v != self.conv.variant() {
                    self.pos = Position::start(v);
                    self.nodes_set = false;
                }
                self.conv = Convention::new(v, self.numbering);
            }
            3 => {
                let n = Numbering::ALL[next() as usize % Numbering::ALL.len()];
                self.line(&format!("set-param name=numbering value={}", n.name()));
                self.numbering = n;
                self.conv = Convention::new(self.conv.variant(), n);
            }
            4 | 5 => {
                let plies = next() as usize % 40;
                let picks: Vec<u8> = (0..plies).map(|_| next()).collect();
                let (pos, moves) = walk(self.conv.variant(), &picks);
                let texts: Vec<String> = moves.iter().map(|m| self.conv.format_move(m)).collect();
                if op % 20 == 4 {
                    self.line(&format!("pos start moves=\"{}\"", texts.join(" ")));
                } else {
                    self.line(&format!("pos pos={}", self.conv.format_position(&pos)));
                }
                self.pos = pos;
                self.nodes_set = false;
            }
            6 => {
                let n = 1 + next() as u32 * 8;
                self.line(&format!("level nodes={n}"));
                self.nodes_set = true;
            }
            7 => self.line(&format!("level depth={}", 1 + next() % 4)),
            8..=10 => {
                if !self.nodes_set {
                    self.line("level nodes=300");
                    self.nodes_set = true;
                }
                let mode = ["think", "ponder", "analyze"][(op % 20 - 8) as usize];
                self.line(&format!("go {mode}"));
                self.gos.push((self.pos, self.conv));
            }
            11 => self.line("stop"),
            12 => {
                self.line("ping");
                self.pings += 1;
            }
            13 => self.line("ponder-hit"),
            14 => self.line("new-game"),
            15 => self.line(&format!("set-param name=book value={}", next() % 2 == 0)),
            16 => self.garbage(next(), bytes),
            17 => self.line(&format!("level move-time=0.00{}", next() % 10)),
            18 => {
                self.line("quit");
                self.quit = true;
            }
            _ => {
                let name =
                    ["skill", "multipv", "seed", "book-ply", "book-margin"][next() as usize % 5];
                self.line(&format!("set-param name={name} value={}", 1 + next() % 4));
            }
        }
    }

    /// A bad line that must change nothing: raw bytes that are not UTF-8, hold a NUL, or are a
    /// `pos` or `level` whose value cannot be read.
    fn garbage(&mut self, kind: u8, bytes: &mut std::slice::Iter<'_, u8>) {
        let len = bytes.len().min(24);
        let raw: Vec<u8> = bytes
            .take(len)
            .copied()
            .filter(|&b| b != b'\n' && b != b'\r')
            .collect();
        let prefix: &[u8] = match kind % 4 {
            0 => b"\xFF",
            1 => b"ping\0",
            2 => b"pos pos=Q",
            _ => b"level nodes=x",
        };
        self.input.extend_from_slice(prefix);
        self.input.extend_from_slice(&raw);
        self.input.push(b'\n');
    }
}

/// A whole Hub session, generated from the bytes: every reply is well-formed, every `go` gets
/// exactly one `done` with a legal move of the position it searched (or none when that has no
/// move), and `ping`, `init` and `hub` get their `pong`, `ready` and `wait`.
pub fn session(data: &[u8]) {
    let conv = Convention::new(Variant::Czech, Numbering::Pydraughts);
    let mut s = Script {
        input: SET_UP.as_bytes().to_vec(),
        conv,
        numbering: Numbering::Pydraughts,
        pos: Position::start(Variant::Czech),
        nodes_set: false,
        gos: Vec::new(),
        pings: 0,
        inits: 0,
        hubs: 0,
        quit: false,
    };
    let mut bytes = data.iter();
    while let Some(&op) = bytes.next() {
        s.command(op, &mut bytes);
        if s.quit {
            break;
        }
    }
    let lines = session_lines(s.input.clone());
    let count = |w: &str| lines.iter().filter(|l| *l == w).count();
    assert_eq!(count("pong"), s.pings, "{lines:?}");
    assert_eq!(count("ready"), s.inits, "{lines:?}");
    assert_eq!(count("wait"), s.hubs, "{lines:?}");
    let dones: Vec<&String> = lines.iter().filter(|l| l.starts_with("done")).collect();
    assert_eq!(dones.len(), s.gos.len(), "{lines:?}");
    for (done, (pos, conv)) in dones.iter().zip(&s.gos) {
        let legal = movegen::legal_moves(pos);
        match done.strip_prefix("done move=") {
            Some(rest) => {
                let text = rest.split(' ').next().unwrap_or_default();
                let mv = conv
                    .parse_move(pos, text)
                    .unwrap_or_else(|e| panic!("{done:?} is not legal in {}: {e}", pos.to_fen()));
                assert!(legal.contains(&mv));
            }
            None => assert!(
                legal.is_empty(),
                "{done:?} with legal moves in {}",
                pos.to_fen()
            ),
        }
    }
}

/// FNV-1a over `bytes`, from `hash` (the bitbase file checksum).
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// The bitbase header length and where its checksum is.
const BITBASE_HEADER: usize = 72;

/// Bitbase file bytes. With the first byte odd, the checksum is recomputed first, so that the
/// header fields and the body are read past it. What reads holds tables of the sizes the
/// header gives, every index reads, and any one byte changed after the header is refused.
pub fn bitbase(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let mut bytes = rest.to_vec();
    if mode % 2 == 1 && bytes.len() >= BITBASE_HEADER {
        let sum = fnv(
            fnv(0xCBF2_9CE4_8422_2325, &bytes[..64]),
            &bytes[BITBASE_HEADER..],
        );
        bytes[64..72].copy_from_slice(&sum.to_le_bytes());
    }
    let Ok((header, tables)) = dama::bitbase::file::parse(&bytes) else {
        return;
    };
    assert!(!tables.is_empty());
    for t in &tables {
        assert_eq!(t.wdl.len(), dama::bitbase::Table::wdl_bytes(t.size));
        if let Some(d) = &t.dist {
            assert_eq!(d.len() as u64, t.size);
        }
        assert!(header.distances == t.dist.is_some());
        let c = t.counts();
        assert_eq!(c.win + c.draw + c.loss, c.positions);
        for i in (0..t.size).step_by(1 + t.size as usize / 512) {
            let _ = (t.value(i), t.distance(i));
        }
    }
    if bytes.len() > BITBASE_HEADER {
        let at = BITBASE_HEADER + mode as usize % (bytes.len() - BITBASE_HEADER);
        bytes[at] ^= 1 << (mode % 8);
        assert!(
            dama::bitbase::file::parse(&bytes).is_err(),
            "a changed byte {at} was not noticed"
        );
    }
}
