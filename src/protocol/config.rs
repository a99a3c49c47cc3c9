//! The settings file `dama.ini`: `key = value` lines with the Hub parameter names, read before
//! a session starts, so that DXP (which cannot set parameters) and GUIs that start `dama hub`
//! without options get the user's settings.
//!
//! ```text
//! # comments start with '#' or ';', blank lines are skipped
//! variant = international
//! threads = 2
//! tt-size = 24
//! ```
//!
//! A key that is not a parameter, a line without `=` or a wrong value is an error naming the
//! line: a setting is never dropped silently. Pure: the caller reads the file.

use super::hub::{Settings, NAMES};

/// `base` with the settings of `text` applied in order. The error is
/// `line N: <what was wrong>` (the caller adds the file's name).
pub fn apply(text: &str, base: Settings) -> Result<Settings, String> {
    let mut settings = base;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", i + 1);
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| at(format!("expected 'key = value', not '{line}'")))?;
        let (key, value) = (key.trim(), unquote(value.trim()));
        if !NAMES.contains(&key) {
            return Err(at(format!(
                "unknown key '{key}'; the keys are {}",
                NAMES.join(" ")
            )));
        }
        settings.set(key, value).map_err(at)?;
    }
    Ok(settings)
}

/// A value without its surrounding double quotes (for paths with blanks).
fn unquote(value: &str) -> &str {
    value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn every_key_is_applied() {
        let text = "# all of them\n; also a comment\n\nvariant = russian\nnumbering = dama\n\
                    threads = 3\nhash = 8\nskill = 4\nmultipv = 2\nseed = 7\n\
                    draw-repetition = false\ndraw-no-progress = off\ndraw-endgame = no\n\
                    ponder = true\nbook = false\nbook-ply = 6\nbook-margin = 20\n\
                    bitbases = \"/my bb\"\nbb-size = 5\n";
        let s = apply(text, Settings::default()).unwrap();
        let e = &s.engine;
        assert_eq!(e.variant, Variant::Russian);
        assert_eq!(s.numbering.name(), "dama");
        assert_eq!(
            (e.threads, e.hash_mb, e.skill, e.multipv, e.seed),
            (3, 8, 4, 2, 7)
        );
        assert!(!e.draw.repetition && !e.draw.no_progress && !e.draw.endgame);
        assert!(s.ponder && !e.book.enabled);
        assert_eq!((e.book.max_ply, e.book.margin), (6, 20));
        assert_eq!(s.bitbases, "/my bb");
        assert_eq!(e.bitbase_pieces, Some(5));
        let s = apply("tt-size = 24", Settings::default()).unwrap();
        assert_eq!(s.engine.hash_mb, 256);
    }

    #[test]
    fn bad_lines_name_the_line() {
        let base = Settings::default;
        let e = apply("threads = 2\nthreds = 4\n", base()).unwrap_err();
        assert!(
            e.starts_with("line 2: unknown key 'threds'; the keys are variant "),
            "{e}"
        );
        let e = apply("\n\nhash = lots", base()).unwrap_err();
        assert_eq!(
            e,
            "line 3: hash must be an integer from 1 to 65536, not 'lots'"
        );
        let e = apply("skill 3", base()).unwrap_err();
        assert_eq!(e, "line 1: expected 'key = value', not 'skill 3'");
        assert!(apply("variant = chess", base())
            .unwrap_err()
            .starts_with("line 1: variant"));
        assert_eq!(apply("", base()).unwrap(), base());
    }
}
