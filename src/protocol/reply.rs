//! Writing Hub lines from the engine: `id`, `param`, `info`, `done`, `error` and friends.
//!
//! Values are written bare when they are names (see [`super::command::is_name`]) and quoted
//! otherwise, as Scan does; a few fields are always quoted because clients expect it (`pv`,
//! `error message`). No value ever contains a `"` (the protocol has no escapes): any is
//! replaced by `'`. The engine never writes a bare flag, because pydraughts cannot read one.

use super::command::is_name;

/// A value as it is written in a line: bare if it is a name, quoted otherwise.
pub fn value(v: &str) -> String {
    if is_name(v) {
        v.to_string()
    } else {
        quoted(v)
    }
}

/// A value always in quotes (control characters become spaces, `"` becomes `'`).
pub fn quoted(v: &str) -> String {
    let clean: String = v
        .chars()
        .map(|c| match c {
            '"' => '\'',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    format!("\"{clean}\"")
}

/// `name=value`, quoting the value when needed.
pub fn pair(name: &str, v: &str) -> String {
    format!("{name}={}", value(v))
}

/// `error message="…"`.
pub fn error(message: &str) -> String {
    format!("error message={}", quoted(message))
}

/// The `id` line: name, version and author.
pub fn id() -> String {
    format!(
        "id {} {} {}",
        pair("name", "dama"),
        pair("version", env!("CARGO_PKG_VERSION")),
        pair("author", "the dama authors")
    )
}

/// `done move=<move> [ponder=<move>]`, `move=` first; a bare `done` when there is no move.
pub fn done(best: Option<&str>, ponder: Option<&str>) -> String {
    let mut s = String::from("done");
    if let Some(b) = best {
        s.push(' ');
        s.push_str(&pair("move", b));
        if let Some(p) = ponder {
            s.push(' ');
            s.push_str(&pair("ponder", p));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_quoted_only_when_needed() {
        assert_eq!(pair("value", "czech"), "value=czech");
        assert_eq!(pair("value", ""), "value=\"\"");
        assert_eq!(pair("values", "a b"), "values=\"a b\"");
        assert_eq!(pair("x", "a=b"), "x=\"a=b\"");
        assert_eq!(quoted("say \"hi\"\n"), "\"say 'hi' \"");
    }

    #[test]
    fn error_lines_are_always_quoted() {
        assert_eq!(error("bad"), "error message=\"bad\"");
        assert_eq!(
            error("pos: 'x' is \"odd\""),
            "error message=\"pos: 'x' is 'odd'\""
        );
    }

    #[test]
    fn done_lines_put_move_first() {
        assert_eq!(
            done(Some("32-28"), Some("17-22")),
            "done move=32-28 ponder=17-22"
        );
        assert_eq!(done(Some("28x19x23"), None), "done move=28x19x23");
        assert_eq!(done(None, Some("1-2")), "done");
    }

    #[test]
    fn id_line_splits_like_pydraughts() {
        // pydraughts splits on spaces outside quotes and then on '=': every item needs one '='.
        let id = id();
        let rest = id.strip_prefix("id ").unwrap();
        let mut items = Vec::new();
        let mut cur = String::new();
        let mut inside = false;
        for c in rest.chars() {
            match c {
                '"' => {
                    inside = !inside;
                    cur.push(c)
                }
                ' ' if !inside => items.push(std::mem::take(&mut cur)),
                c => cur.push(c),
            }
        }
        items.push(cur);
        assert!(items.iter().all(|i| i.matches('=').count() == 1), "{id}");
        assert!(id.contains("name=dama"));
    }
}
