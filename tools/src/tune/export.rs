//! A tuned table as Rust source: the body of a `Weights { ... }` literal, one field a line,
//! built from the flat parameter names (`x.mg`/`x.eg` → `x: p(mg, eg)`, `x[i].mg` → an array
//! of `p(..)`, a plain name → an integer), ready to paste into `src/eval/weights.rs`.

use dama::eval::Weights;

/// One field of the literal being built.
enum Field {
    Int(i32),
    Phased(i32, i32),
    Array(Vec<(i32, i32)>),
}

/// The `Weights { ... }` literal of `w` (the constructor `p(mg, eg)` is the one in
/// `weights.rs`).
pub fn rust_literal(w: &Weights) -> String {
    let mut fields: Vec<(String, Field)> = Vec::new();
    for (name, value) in Weights::param_names().into_iter().zip(w.params()) {
        add(&mut fields, &name, value);
    }
    let mut out = String::from("Weights {\n");
    for (name, f) in fields {
        match f {
            Field::Int(v) => out.push_str(&format!("    {name}: {v},\n")),
            Field::Phased(mg, eg) => out.push_str(&format!("    {name}: p({mg}, {eg}),\n")),
            Field::Array(items) => {
                out.push_str(&format!("    {name}: [\n"));
                for (mg, eg) in items {
                    out.push_str(&format!("        p({mg}, {eg}),\n"));
                }
                out.push_str("    ],\n");
            }
        }
    }
    out.push_str("}\n");
    out
}

/// Adds one parameter to the field list (parameters arrive in table order).
fn add(fields: &mut Vec<(String, Field)>, name: &str, v: i32) {
    let Some((base, part)) = name.rsplit_once('.') else {
        fields.push((name.to_string(), Field::Int(v)));
        return;
    };
    let (field, indexed) = match base.split_once('[') {
        Some((f, _)) => (f, true),
        None => (base, false),
    };
    let last = fields.last_mut().filter(|(n, _)| n == field);
    match (last, indexed, part) {
        (Some((_, Field::Phased(_, eg))), false, "eg") => *eg = v,
        (Some((_, Field::Array(items))), true, "mg") => items.push((v, 0)),
        (Some((_, Field::Array(items))), true, "eg") => {
            if let Some(item) = items.last_mut() {
                item.1 = v;
            }
        }
        (_, true, _) => fields.push((field.to_string(), Field::Array(vec![(v, 0)]))),
        _ => fields.push((field.to_string(), Field::Phased(v, 0))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::eval::WEIGHTS_10;

    #[test]
    fn literal_lists_every_value() {
        let text = rust_literal(&WEIGHTS_10);
        assert!(
            text.starts_with("Weights {\n    man: p(100, 100),\n"),
            "{text}"
        );
        let w = &WEIGHTS_10;
        assert!(text.contains(&format!(
            "    advance10: [\n        p({}, {}),\n",
            w.advance10[0].mg, w.advance10[0].eg
        )));
        assert!(text.contains(&format!("    trade_down: {},\n", w.trade_down)));
        // every parameter value appears once: count the numbers
        let numbers = text
            .split(|c: char| !(c.is_ascii_digit() || c == '-'))
            .filter(|t| !t.is_empty() && *t != "-" && !t.ends_with('-'))
            .count();
        // advance8/advance10 names hold digits too: ignore them by counting '8' and '10'
        let in_names = 2;
        assert_eq!(numbers - in_names, Weights::param_names().len(), "{text}");
    }
}
