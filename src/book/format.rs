//! The book file: plain text, one position per line, diffable.
//!
//! ```text
//! # dama opening book
//! # variant: czech
//! # built: dama book build --variant czech --positions 3000 --depth 10
//! # positions: 3000
//! # checksum: fnv1a64 0f3c5e1d2a9b8c47
//! W:Wa1,a3,...:Bb6,... | 0 | c3-d4 2 1 | g3-f4 0 1 | c3-b4 0 1
//! ```
//!
//! Header lines start with `#` and hold `key: value` pairs; `variant` is required, the others
//! are informative, and other `#` lines are comments. Each entry line is the position as PDN FEN,
//! the fewest plies from the start at which the book reaches it, and then one field per book
//! move: the move in PDN move text, its score (centi-men from the side to move) and its weight.
//! Fields are separated by `|`. The checksum is FNV-1a (64 bits) over the entry lines, each
//! followed by a newline. [`Book::parse`] reads any text and reports a mismatch as a warning (a
//! book edited by hand); [`Book::load`] and [`Book::load_for`], which read files, refuse a file
//! whose checksum does not match (corrupt or truncated) or that holds another variant's book,
//! naming the file, so that the caller goes on without it.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use super::table::{Book, BookMove, Entry};
use crate::notation;
use crate::position::Position;
use crate::rules::Variant;

/// A problem that makes a book unreadable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The file could not be read or written.
    Io(String),
    /// The header names no variant.
    MissingVariant,
    /// The header names a variant we do not know.
    UnknownVariant(String),
    /// A book file that cannot be used: its name and why (bad header, checksum mismatch,
    /// another variant).
    BadFile(String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io(m) => f.write_str(m),
            BookError::MissingVariant => {
                f.write_str("the book has no '# variant: NAME' header line")
            }
            BookError::UnknownVariant(v) => write!(
                f,
                "the book header names an unknown variant '{v}' (known: {})",
                Variant::names()
            ),
            BookError::BadFile(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for BookError {}

/// A line of the book that was skipped or looks wrong, with its line number (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookWarning {
    /// The line number in the file (1-based).
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for BookWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// FNV-1a, 64 bits.
fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

const FNV_OFFSET: u64 = 0xCBF2_9CE4_8422_2325;

/// The checksum of the entry lines (each hashed with a trailing newline).
pub fn checksum<'a>(lines: impl IntoIterator<Item = &'a str>) -> u64 {
    lines
        .into_iter()
        .fold(FNV_OFFSET, |h, l| fnv1a(fnv1a(h, l.as_bytes()), b"\n"))
}

/// The header fields, from `# key: value` lines.
fn header(text: &str) -> HashMap<String, (usize, String)> {
    let mut h = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.trim().strip_prefix('#') else {
            continue;
        };
        if let Some((k, v)) = rest.split_once(':') {
            let k = k.trim().to_ascii_lowercase();
            if !k.is_empty() && !k.contains(' ') {
                h.entry(k).or_insert((i + 1, v.trim().to_string()));
            }
        }
    }
    h
}

impl Book {
    /// Reads a book from its text. Bad entry lines are skipped and reported as warnings.
    ///
    /// # Errors
    ///
    /// A [`BookError`] when the header names no variant or an unknown one.
    pub fn parse(text: &str) -> Result<(Book, Vec<BookWarning>), BookError> {
        let h = header(text);
        let (_, name) = h.get("variant").ok_or(BookError::MissingVariant)?;
        let variant =
            Variant::from_name(name).ok_or_else(|| BookError::UnknownVariant(name.clone()))?;
        let mut book = Book::new(variant);
        if let Some((_, built)) = h.get("built") {
            book.set_built(built);
        }
        let mut warnings = Vec::new();
        let mut first_line = HashMap::new();
        let mut entry_lines = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            entry_lines.push(line);
            let n = i + 1;
            match parse_entry(variant, line) {
                Ok(e) => match first_line.get(&e.position.key()) {
                    Some(&first) => warnings.push(BookWarning {
                        line: n,
                        message: format!("position already given on line {first}; skipped"),
                    }),
                    None => {
                        first_line.insert(e.position.key(), n);
                        book.insert(e);
                    }
                },
                Err(message) => warnings.push(BookWarning {
                    line: n,
                    message: format!("{message}; line skipped"),
                }),
            }
        }
        check_sum(&h, &entry_lines, &mut warnings);
        warnings.sort_by_key(|w| w.line);
        Ok((book, warnings))
    }

    /// Reads a book file (see [`Book::parse`]); the warnings are those of bad entry lines.
    ///
    /// # Errors
    ///
    /// A [`BookError`] naming the file when it cannot be read, is not text, has a bad header,
    /// or its checksum does not match its entries (a corrupt or truncated file).
    pub fn load(path: &Path) -> Result<(Book, Vec<BookWarning>), BookError> {
        let name = path.display();
        let bytes = std::fs::read(path)
            .map_err(|e| BookError::Io(format!("cannot read book {name}: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            BookError::BadFile(format!(
                "book {name}: not text (invalid UTF-8 at byte {at}); not used"
            ))
        })?;
        let (book, warnings) =
            Book::parse(&text).map_err(|e| BookError::BadFile(format!("book {name}: {e}")))?;
        if let Some(w) = warnings
            .iter()
            .find(|w| w.message.starts_with(CHECKSUM_MISMATCH))
        {
            return Err(BookError::BadFile(format!(
                "book {name}: {w} (corrupt or truncated file); not used"
            )));
        }
        Ok((book, warnings))
    }

    /// Reads the book file of `variant` (see [`Book::load`]).
    ///
    /// # Errors
    ///
    /// As [`Book::load`], and a book of another variant is an error naming the file.
    pub fn load_for(path: &Path, variant: Variant) -> Result<(Book, Vec<BookWarning>), BookError> {
        let (book, warnings) = Book::load(path)?;
        if book.variant() != variant {
            return Err(BookError::BadFile(format!(
                "book {}: the book of {}, not of {variant}; not used",
                path.display(),
                book.variant()
            )));
        }
        Ok((book, warnings))
    }

    /// The book as text: header, then one line per position ordered by ply and FEN.
    pub fn to_text(&self) -> String {
        let lines: Vec<String> = self.entries().into_iter().map(entry_line).collect();
        let sum = checksum(lines.iter().map(String::as_str));
        let mut out = String::from("# dama opening book\n");
        out.push_str(&format!("# variant: {}\n", self.variant().name()));
        if !self.built().is_empty() {
            out.push_str(&format!("# built: {}\n", self.built()));
        }
        out.push_str(&format!("# positions: {}\n", lines.len()));
        out.push_str(&format!("# checksum: fnv1a64 {sum:016x}\n"));
        out.push_str(
            "# format: FEN | ply | move score weight | ... (score in centi-men from the side to move)\n",
        );
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
        out
    }

    /// Writes the book to a file, under a temporary name until it is whole
    /// ([`crate::files::PartFile`]).
    ///
    /// # Errors
    ///
    /// A [`BookError`] when the file cannot be written or renamed into place.
    pub fn save(&self, path: &Path) -> Result<(), BookError> {
        crate::files::write_whole(path, self.to_text().as_bytes())
            .map_err(|e| BookError::Io(format!("cannot write book {}: {e}", path.display())))
    }
}

/// How the warning of a checksum that does not match begins.
const CHECKSUM_MISMATCH: &str = "checksum mismatch";

/// Compares the stated checksum with the entry lines.
fn check_sum(h: &HashMap<String, (usize, String)>, lines: &[&str], out: &mut Vec<BookWarning>) {
    let Some((line, stated)) = h.get("checksum") else {
        out.push(BookWarning {
            line: 1,
            message: "no '# checksum:' header line".into(),
        });
        return;
    };
    let actual = format!("fnv1a64 {:016x}", checksum(lines.iter().copied()));
    if stated.to_ascii_lowercase() != actual {
        out.push(BookWarning {
            line: *line,
            message: format!(
                "{CHECKSUM_MISMATCH}: the header says '{stated}', the entries give '{actual}'"
            ),
        });
    }
}

/// One entry line.
fn entry_line(e: &Entry) -> String {
    let mut s = format!("{} | {}", e.position.to_fen(), e.ply);
    for m in &e.moves {
        let text = notation::format_move(&e.position, &m.mv);
        s.push_str(&format!(" | {text} {} {}", m.score, m.weight));
    }
    s
}

/// Reads one entry line; every move must be legal and given once.
fn parse_entry(variant: Variant, line: &str) -> Result<Entry, String> {
    let mut fields = line.split('|').map(str::trim);
    let fen = fields.next().unwrap_or_default();
    let position = Position::from_fen(variant, fen).map_err(|e| format!("bad FEN: {e}"))?;
    let ply_text = fields
        .next()
        .ok_or("no ply field after the FEN (expected 'FEN | ply | moves')")?;
    let ply = ply_text
        .parse::<u32>()
        .map_err(|_| format!("bad ply '{ply_text}' (expected a whole number)"))?;
    let mut moves: Vec<BookMove> = Vec::new();
    for (k, field) in fields.enumerate() {
        let m = parse_book_move(&position, field).map_err(|e| format!("move {}: {e}", k + 1))?;
        if moves.iter().any(|o| o.mv == m.mv) {
            return Err(format!("move {}: '{field}' is given twice", k + 1));
        }
        moves.push(m);
    }
    if moves.is_empty() {
        return Err("no book move".into());
    }
    Ok(Entry {
        position,
        ply,
        moves,
    })
}

/// Reads `move score weight`.
fn parse_book_move(pos: &Position, field: &str) -> Result<BookMove, String> {
    let parts: Vec<&str> = field.split_whitespace().collect();
    let [text, score, weight] = parts[..] else {
        return Err(format!(
            "'{field}' is not 'move score weight' (three words)"
        ));
    };
    let mv = notation::parse_move(pos, text).map_err(|e| format!("'{text}': {e}"))?;
    let score = score
        .parse::<i32>()
        .map_err(|_| format!("bad score '{score}' (expected an integer)"))?;
    let weight = weight
        .parse::<u32>()
        .map_err(|_| format!("bad weight '{weight}' (expected a whole number)"))?;
    Ok(BookMove { mv, score, weight })
}
