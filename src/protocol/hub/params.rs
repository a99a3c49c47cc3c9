//! The engine parameters announced by `hub` and changed by `set-param`.
//!
//! | name | type | default | effect |
//! |---|---|---|---|
//! | `variant` | enum (every implemented variant) | `czech` | the rules played; resets the position |
//! | `numbering` | enum `pydraughts dama pydraughts-0.5` | `pydraughts` | 8×8 square numbering of positions and moves ([`Numbering`]) |
//! | `threads` | int 1-256 | 1 | search threads |
//! | `hash` | int 1-65536 | 64 | transposition table size in MiB |
//! | `tt-size` | int 16-32 | 22 | Scan's form of `hash`: log2 of the number of 16-byte entries (`hash` = 2^(tt-size - 16) MiB) |
//! | `skill` | int 1-5 | 5 | playing strength (5 = full) |
//! | `multipv` | int 1-256 | 1 | principal variations reported in `info` lines |
//! | `seed` | int 0-4294967295 | 0 | seed of the weaker skill levels' choices |
//! | `draw-repetition` | bool | true | draw by repetition |
//! | `draw-no-progress` | bool | true | draw by the no-progress (move-count) rule |
//! | `draw-endgame` | bool | true | the small-material endgame counters of the variant (Czech čl. 6.3/6.4; FMJD art. 6.3/6.4; FMJD-64 7.2.4-7.2.8) |
//! | `ponder` | bool | false | stored for GUIs that ask whether to ponder; `go ponder` works either way |
//! | `book` | bool | true | play from the shipped book of the variant (`book/<variant>.book`) on `go think` |
//! | `book-ply` | int 0-20 | 12 | book positions reached within this many plies are used |
//! | `book-margin` | int 0-100 | 10 | book moves within this many centi-men of the best are chosen (seeded weighted choice) |
//! | `bitbases` | string | `""` | directory of endgame bitbases (`dama egtb generate`) probed by the search; `""` = none |
//! | `bb-size` | string `auto` or 0-64 | `auto` | the largest bitbases loaded from `bitbases`, in pieces; `auto` = all found |
//! | `eval-file` | string | `""` | a network file ([`crate::eval::nnue`]) to evaluate its variant with, for the whole process; `""` = the build's own evaluation of the current variant, `none` = no network for it (the pattern or hand-set evaluation) |
//!
//! `hash` and `tt-size` set the same table, as do Scan's `bb-size` and dama's `bitbases` the
//! same bitbases, so that GUIs configured for Scan (the Hub GUI's `engine.ini`, lidraughts-bot's
//! `hub_options`) reach them. Unknown names are ignored silently, as the protocol asks (clients
//! send things like `initial-time` to every engine).

use super::line;
use super::numbering::{Convention, Numbering};
use crate::engine::EngineOptions;
use crate::rules::Variant;

/// Every value a client can set (the book's `book`, `book-ply` and `book-margin` are
/// [`EngineOptions::book`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// What the engine itself uses.
    pub engine: EngineOptions,
    /// The client's 8×8 numbering.
    pub numbering: Numbering,
    /// Whether the GUI should ponder (stored only).
    pub ponder: bool,
    /// Endgame bitbase directory as given (also in [`EngineOptions::bitbases`]).
    pub bitbases: String,
    /// The network file last loaded by `set-param name=eval-file`, as given.
    pub eval_file: String,
}

/// What a successful `set-param` changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// An engine option: the engine must get the new [`EngineOptions`].
    Engine,
    /// Something the front end keeps (numbering, stored values) or an ignored name.
    FrontEnd,
}

fn parse_bool(name: &str, value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Ok(true),
        "false" | "0" | "no" | "off" => Ok(false),
        _ => Err(format!("{name} must be true or false, not '{value}'")),
    }
}

fn parse_int(name: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    match value.trim().parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!(
            "{name} must be an integer from {min} to {max}, not '{value}'"
        )),
    }
}

/// Every parameter's name, in the order of the `param` lines.
pub const NAMES: [&str; 18] = [
    "variant",
    "numbering",
    "threads",
    "hash",
    "skill",
    "multipv",
    "seed",
    "tt-size",
    "book-ply",
    "book-margin",
    "draw-repetition",
    "draw-no-progress",
    "draw-endgame",
    "ponder",
    "book",
    "bitbases",
    "bb-size",
    "eval-file",
];

/// The range of `tt-size`: 2^16 entries of 16 bytes (1 MiB) to 2^32 (64 GiB, `hash`'s most).
const TT_SIZE: (u64, u64) = (16, 32);

/// `tt-size` for a table of `hash_mb` MiB (rounded down to a power of two).
fn tt_size(hash_mb: usize) -> u64 {
    16 + u64::from(hash_mb.max(1).ilog2())
}

/// `bb-size`: `auto` (all bitbases found) or the most pieces loaded.
fn parse_bb_size(value: &str) -> Result<Option<u32>, String> {
    if value.trim().eq_ignore_ascii_case("auto") {
        return Ok(None);
    }
    match value.trim().parse::<u32>() {
        Ok(v) if v <= 64 => Ok(Some(v)),
        _ => Err(format!(
            "bb-size must be auto or a number of pieces from 0 to 64, not '{value}'"
        )),
    }
}

/// Ranges of the integer parameters: (name, min, max).
const INTS: [(&str, u64, u64); 7] = [
    ("threads", 1, 256),
    ("hash", 1, 65536),
    ("skill", 1, 5),
    ("multipv", 1, 256),
    ("seed", 0, u32::MAX as u64),
    ("book-ply", 0, 20),
    ("book-margin", 0, 100),
];

fn int_range(name: &str) -> (u64, u64) {
    INTS.iter()
        .find(|(n, _, _)| *n == name)
        .map_or((0, u64::MAX), |&(_, lo, hi)| (lo, hi))
}

impl Settings {
    /// The numbering convention for the current variant.
    pub fn convention(&self) -> Convention {
        Convention::new(self.engine.variant, self.numbering)
    }

    /// Sets parameter `name` to `value`. A bad value changes nothing and gives a message naming
    /// the parameter and the allowed values.
    pub fn set(&mut self, name: &str, value: &str) -> Result<Change, String> {
        let int = |n: &str| {
            let (lo, hi) = int_range(n);
            parse_int(n, value, lo, hi)
        };
        let e = &mut self.engine;
        match name {
            "variant" => {
                e.variant = Variant::from_name(value).ok_or_else(|| {
                    format!("variant must be one of {}, not '{value}'", Variant::names())
                })?
            }
            "threads" => e.threads = int(name)? as usize,
            "hash" => e.hash_mb = int(name)? as usize,
            "tt-size" => e.hash_mb = 1 << (parse_int(name, value, TT_SIZE.0, TT_SIZE.1)? - 16),
            "bb-size" => e.bitbase_pieces = parse_bb_size(value)?,
            "skill" => e.skill = int(name)? as u8,
            "multipv" => e.multipv = int(name)? as usize,
            "seed" => e.seed = int(name)?,
            "draw-repetition" => e.draw.repetition = parse_bool(name, value)?,
            "draw-no-progress" => e.draw.no_progress = parse_bool(name, value)?,
            "draw-endgame" => e.draw.endgame = parse_bool(name, value)?,
            "book" => e.book.enabled = parse_bool(name, value)?,
            "book-ply" => e.book.max_ply = int(name)? as u32,
            "book-margin" => e.book.margin = int(name)? as u32,
            "bitbases" => {
                e.bitbases = (!value.is_empty()).then(|| std::path::PathBuf::from(value));
                self.bitbases = value.to_string();
            }
            _ => return self.set_front_end(name, value),
        }
        Ok(Change::Engine)
    }

    fn set_front_end(&mut self, name: &str, value: &str) -> Result<Change, String> {
        match name {
            "numbering" => {
                self.numbering = Numbering::from_name(value).ok_or_else(|| {
                    let names: Vec<&str> = Numbering::ALL.iter().map(|n| n.name()).collect();
                    format!(
                        "numbering must be one of {}, not '{value}'",
                        names.join(" ")
                    )
                })?
            }
            "ponder" => self.ponder = parse_bool(name, value)?,
            "eval-file" => self.set_eval_file(value)?,
            _ => {}
        }
        Ok(Change::FrontEnd)
    }

    /// Loads the network file `value` (a bad file changes nothing); `""` goes back to the
    /// build's own evaluation of the current variant, `none` plays it without a network.
    fn set_eval_file(&mut self, value: &str) -> Result<(), String> {
        if value.is_empty() {
            crate::eval::nnue::use_default(self.engine.variant);
        } else if value == "none" {
            crate::eval::nnue::switch_off(self.engine.variant);
        } else {
            crate::eval::nnue::use_file(std::path::Path::new(value)).map_err(|e| e.to_string())?;
        }
        self.eval_file = value.to_string();
        Ok(())
    }

    /// The `param` lines announcing every parameter with its current value.
    pub fn param_lines(&self) -> Vec<String> {
        let e = &self.engine;
        let numberings: Vec<&str> = Numbering::ALL.iter().map(|n| n.name()).collect();
        let mut lines = vec![
            enum_line("variant", e.variant.name(), &Variant::names()),
            enum_line("numbering", self.numbering.name(), &numberings.join(" ")),
        ];
        let ints: [(&str, u64); 7] = [
            ("threads", e.threads as u64),
            ("hash", e.hash_mb as u64),
            ("skill", e.skill as u64),
            ("multipv", e.multipv as u64),
            ("seed", e.seed),
            ("book-ply", e.book.max_ply as u64),
            ("book-margin", e.book.margin as u64),
        ];
        for (name, v) in ints {
            let (lo, hi) = int_range(name);
            if name == "book-ply" {
                lines.push(format!(
                    "param {} {} type=int min={} max={}",
                    line::pair("name", "tt-size"),
                    line::pair("value", &tt_size(e.hash_mb).to_string()),
                    TT_SIZE.0,
                    TT_SIZE.1
                ));
            }
            lines.push(format!(
                "param {} {} type=int min={lo} max={hi}",
                line::pair("name", name),
                line::pair("value", &v.to_string())
            ));
        }
        for (name, v) in [
            ("draw-repetition", e.draw.repetition),
            ("draw-no-progress", e.draw.no_progress),
            ("draw-endgame", e.draw.endgame),
            ("ponder", self.ponder),
            ("book", e.book.enabled),
        ] {
            lines.push(format!(
                "param {} {} type=bool",
                line::pair("name", name),
                line::pair("value", if v { "true" } else { "false" })
            ));
        }
        lines.push(format!(
            "param {} {} type=string",
            line::pair("name", "bitbases"),
            line::pair("value", &self.bitbases)
        ));
        let bb_size = e
            .bitbase_pieces
            .map_or("auto".to_string(), |p| p.to_string());
        lines.push(format!(
            "param {} {} type=string",
            line::pair("name", "bb-size"),
            line::pair("value", &bb_size)
        ));
        lines.push(format!(
            "param {} {} type=string",
            line::pair("name", "eval-file"),
            line::pair("value", &self.eval_file)
        ));
        lines
    }
}

fn enum_line(name: &str, value: &str, values: &str) -> String {
    format!(
        "param {} {} type=enum values={}",
        line::pair("name", name),
        line::pair("value", value),
        line::quoted(values)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_announced() {
        let lines = Settings::default().param_lines();
        assert_eq!(
            lines[0],
            format!(
                "param name=variant value=czech type=enum values=\"{}\"",
                Variant::names()
            )
        );
        assert!(lines.contains(&"param name=threads value=1 type=int min=1 max=256".to_string()));
        assert!(lines.contains(&"param name=skill value=5 type=int min=1 max=5".to_string()));
        assert!(lines.contains(&"param name=book value=true type=bool".to_string()));
        assert!(lines.contains(&"param name=bitbases value=\"\" type=string".to_string()));
        assert!(lines.contains(&"param name=tt-size value=22 type=int min=16 max=32".to_string()));
        assert!(lines.contains(&"param name=bb-size value=auto type=string".to_string()));
        assert!(lines.contains(
            &"param name=numbering value=pydraughts type=enum values=\"pydraughts dama pydraughts-0.5\""
                .to_string()
        ));
        // pydraughts reads every item as key=value: no bare flags, no '=' inside values.
        for l in &lines {
            assert!(!l.contains("  "), "{l}");
        }
    }

    #[test]
    fn set_checks_values_and_keeps_the_old_one() {
        let mut s = Settings::default();
        assert_eq!(s.set("variant", "russian"), Ok(Change::Engine));
        assert_eq!(s.engine.variant, Variant::Russian);
        let e = s.set("variant", "shogi").unwrap_err();
        assert!(e.starts_with("variant must be one of czech"), "{e}");
        assert_eq!(s.engine.variant, Variant::Russian);
        assert_eq!(s.set("variant", "standard"), Ok(Change::Engine));
        assert_eq!(s.engine.variant, Variant::International);
        let e = s.set("threads", "0").unwrap_err();
        assert_eq!(e, "threads must be an integer from 1 to 256, not '0'");
        assert_eq!(s.engine.threads, 1);
        assert!(s.set("skill", "6").unwrap_err().contains("from 1 to 5"));
        assert!(s
            .set("book", "maybe")
            .unwrap_err()
            .contains("true or false"));
        assert!(s
            .set("numbering", "scan")
            .unwrap_err()
            .contains("pydraughts dama"));
        assert_eq!(s.set("book-ply", "4"), Ok(Change::Engine));
        assert_eq!(s.engine.book.max_ply, 4);
        assert!(s
            .set("book-margin", "101")
            .unwrap_err()
            .contains("from 0 to 100"));
        assert_eq!(s.numbering, Numbering::Pydraughts);
        assert_eq!(s.set("numbering", "dama"), Ok(Change::FrontEnd));
        assert_eq!(s.numbering, Numbering::Dama);
        assert_eq!(s.set("draw-repetition", "false"), Ok(Change::Engine));
        assert!(!s.engine.draw.repetition);
        assert_eq!(s.set("bitbases", "/data/bb"), Ok(Change::Engine));
        assert_eq!(s.bitbases, "/data/bb");
        assert_eq!(
            s.engine.bitbases,
            Some(std::path::PathBuf::from("/data/bb"))
        );
        assert_eq!(s.set("bitbases", ""), Ok(Change::Engine));
        assert_eq!(s.engine.bitbases, None);
        assert_eq!(s.set("hash", "128"), Ok(Change::Engine));
        assert_eq!(s.engine.hash_mb, 128);
        assert_eq!(s.set("tt-size", "22"), Ok(Change::Engine));
        assert_eq!(s.engine.hash_mb, 64);
        assert!(s
            .set("tt-size", "40")
            .unwrap_err()
            .contains("from 16 to 32"));
        assert_eq!(s.set("tt-size", "24"), Ok(Change::Engine));
        assert_eq!(s.engine.hash_mb, 256);
        assert_eq!(s.set("bb-size", "5"), Ok(Change::Engine));
        assert_eq!(s.engine.bitbase_pieces, Some(5));
        assert!(s.set("bb-size", "many").unwrap_err().contains("auto or"));
        assert_eq!(s.engine.bitbase_pieces, Some(5));
        assert_eq!(s.set("bb-size", "auto"), Ok(Change::Engine));
        assert_eq!(s.engine.bitbase_pieces, None);
    }

    #[test]
    fn names_are_the_announced_parameters() {
        let announced: Vec<String> = Settings::default()
            .param_lines()
            .iter()
            .map(|l| {
                l.split(' ')
                    .nth(1)
                    .unwrap()
                    .trim_start_matches("name=")
                    .to_string()
            })
            .collect();
        assert_eq!(announced, NAMES);
    }

    #[test]
    fn unknown_names_are_ignored() {
        let mut s = Settings::default();
        let before = s.clone();
        assert_eq!(s.set("initial-time", "300"), Ok(Change::FrontEnd));
        assert_eq!(s.set("tablebase-path", "/x"), Ok(Change::FrontEnd));
        assert_eq!(s, before);
    }
}
