//! PDN tag pairs, `[Name "value"]`: `\` quotes the next character of a value (`\"`, `\\`).

/// Reads a tag line into its name and unescaped value; `None` when the line is not a tag pair.
pub fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(rest.len());
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_string(), value))
}

/// The value of tag `name` among `tags` (case-insensitive).
pub(super) fn find_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// A tag value with `\` and `"` escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// PDN tag pairs, one `[Name "value"]` line each (values escaped).
pub fn tag_lines(tags: &[(&str, &str)]) -> String {
    tags.iter()
        .map(|(k, v)| format!("[{k} \"{}\"]\n", escape(v)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_through_escapes() {
        for v in ["plain", "say \"hi\"", "back\\slash", "", "a\\\"b"] {
            let line = tag_lines(&[("White", v)]);
            assert_eq!(parse_tag(line.trim_end()), Some(("White".into(), v.into())));
        }
    }

    #[test]
    fn bad_tag_lines_are_refused() {
        for line in ["[Event \"x\"", "[Event]", "[Event x]", "[Event \"x\\\"]"] {
            assert_eq!(parse_tag(line), None, "{line}");
        }
        assert_eq!(
            parse_tag("  [Event   \"a b\" ]  "),
            Some(("Event".into(), "a b".into()))
        );
    }
}
