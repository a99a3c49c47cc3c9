//! The library's module graph, read from its sources: the top-level modules import only
//! modules of their own layer or the layers below (types → rules → position, move
//! generation and goal → eval, notation, book, bitbase, game, perft → search → engine → protocol,
//! bench, selfplay), and no module imports one that imports it back, at any depth (a child that uses its
//! parent's items while the parent uses the child's is a cycle too).
//!
//! An import is a path that starts with `crate::` or `super::` (with `{...}` groups expanded
//! one level), or a path through a child module (`child::item`); each is resolved to the
//! deepest module that exists. Comments and `#[cfg(test)] mod tests { ... }` bodies are skipped
//! (test modules may reach anywhere).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layer of each top-level module (lower layers may not import higher ones).
const LAYERS: &[(&str, u32)] = &[
    ("types", 0),
    ("files", 0),
    ("rules", 1),
    ("zobrist", 1),
    ("moves", 2),
    ("position", 2),
    ("movegen", 2),
    ("goal", 2),
    ("perft", 3),
    ("eval", 3),
    ("notation", 3),
    ("game", 3),
    ("book", 3),
    ("bitbase", 3),
    ("search", 4),
    ("engine", 5),
    ("protocol", 6),
    ("bench", 6),
    ("selfplay", 6),
];

/// Module path (`a::b`, the crate root is ``) → source with comments and test bodies removed.
fn modules() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = module_name(&root, &path);
                if !name.ends_with("tests") {
                    out.insert(name, strip(&std::fs::read_to_string(&path).unwrap()));
                }
            }
        }
    }
    out
}

fn module_name(root: &Path, file: &Path) -> String {
    let rel: PathBuf = file.strip_prefix(root).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// The source without line comments and without an inline `#[cfg(test)] mod tests { .. }`.
fn strip(src: &str) -> String {
    let mut text: String = src
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    if let Some(i) = text.find("#[cfg(test)]\nmod tests {") {
        text.truncate(i);
    }
    text
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every path in `src` as a list of segments, `{a, b::c}` groups expanded one level.
fn paths(src: &str) -> Vec<Vec<String>> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts =
            is_ident(chars[i]) && (i == 0 || !(is_ident(chars[i - 1]) || chars[i - 1] == ':'));
        if !starts {
            i += 1;
            continue;
        }
        let mut segs = Vec::new();
        let mut j = i;
        loop {
            let s = j;
            while j < chars.len() && is_ident(chars[j]) {
                j += 1;
            }
            segs.push(chars[s..j].iter().collect::<String>());
            if j + 2 < chars.len() && chars[j] == ':' && chars[j + 1] == ':' {
                j += 2;
                if chars[j] == '{' {
                    let end = chars[j..]
                        .iter()
                        .position(|&c| c == '}')
                        .map_or(chars.len(), |e| j + e);
                    let group: String = chars[j + 1..end].iter().collect();
                    for item in group.split(',') {
                        let head = item.trim().split("::").next().unwrap_or("").trim();
                        if !head.is_empty() && head != "self" {
                            let mut p = segs.clone();
                            p.push(head.to_string());
                            out.push(p);
                        }
                    }
                    j = end;
                    break;
                }
                if j < chars.len() && is_ident(chars[j]) {
                    continue;
                }
            }
            break;
        }
        if segs.len() > 1 {
            out.push(segs);
        }
        i = j.max(i + 1);
    }
    out
}

/// The module a path in module `from` refers to, if it is a module of the crate.
fn resolve(from: &str, path: &[String], names: &BTreeSet<String>) -> Option<String> {
    let here: Vec<String> = from
        .split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let mut base: Vec<String> = match path[0].as_str() {
        "crate" => Vec::new(),
        "super" => here[..here.len().saturating_sub(1)].to_vec(),
        _ => here.clone(),
    };
    let mut rest = if matches!(path[0].as_str(), "crate" | "super") {
        &path[1..]
    } else {
        path
    };
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    if !matches!(path[0].as_str(), "crate" | "super") {
        // A relative path counts only when it goes through a child module.
        let child = base
            .iter()
            .chain(rest.first())
            .cloned()
            .collect::<Vec<_>>()
            .join("::");
        if !names.contains(&child) {
            return None;
        }
    }
    let full: Vec<String> = base.into_iter().chain(rest.iter().cloned()).collect();
    (1..=full.len())
        .rev()
        .map(|n| full[..n].join("::"))
        .find(|c| names.contains(c))
}

/// The import edges between modules (`a` uses `b`), self-references left out.
fn edges() -> BTreeSet<(String, String)> {
    let mods = modules();
    let names: BTreeSet<String> = mods.keys().cloned().collect();
    let mut out = BTreeSet::new();
    for (m, src) in &mods {
        for p in paths(src) {
            if let Some(t) = resolve(m, &p, &names) {
                if &t != m && !t.is_empty() {
                    out.insert((m.clone(), t));
                }
            }
        }
    }
    out
}

fn top(m: &str) -> &str {
    m.split("::").next().unwrap_or("")
}

#[test]
fn top_level_modules_import_only_their_layer_or_below() {
    let layer: BTreeMap<&str, u32> = LAYERS.iter().copied().collect();
    let mut wrong = Vec::new();
    for (a, b) in edges() {
        let (ta, tb) = (top(&a), top(&b));
        if ta.is_empty() || ta == tb {
            continue;
        }
        let la = *layer
            .get(ta)
            .unwrap_or_else(|| panic!("module {ta} has no layer in LAYERS"));
        let lb = *layer
            .get(tb)
            .unwrap_or_else(|| panic!("module {tb} has no layer in LAYERS"));
        if lb > la {
            wrong.push(format!("{a} (layer {la}) imports {b} (layer {lb})"));
        }
    }
    assert!(wrong.is_empty(), "imports going up:\n{}", wrong.join("\n"));
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let edges = edges();
    let mut graph: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (a, b) in &edges {
        graph.entry(a).or_default().push(b);
    }
    let mut cycles = Vec::new();
    for start in graph.keys() {
        // A path back to `start` from any module it imports.
        let mut seen = BTreeSet::new();
        let mut stack: Vec<Vec<&str>> = vec![vec![start]];
        while let Some(path) = stack.pop() {
            let last = *path.last().unwrap();
            for &next in graph.get(last).into_iter().flatten() {
                if next == *start {
                    let mut c = path.clone();
                    c.push(next);
                    cycles.push(c.join(" -> "));
                } else if seen.insert(next) {
                    let mut p = path.clone();
                    p.push(next);
                    stack.push(p);
                }
            }
        }
    }
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_reader_sees_the_imports() {
    // The parser must see what the tests rely on, or they pass vacuously.
    let e = edges();
    let has = |a: &str, b: &str| e.contains(&(a.to_string(), b.to_string()));
    assert!(has("engine", "search"), "engine uses the search");
    assert!(has("position", "types"), "position uses types");
    assert!(
        e.iter().any(|(a, _)| a.starts_with("search::")),
        "search's files use others"
    );
    let p = paths("use crate::{a::b, c}; x::y::z(); d::{e, self};");
    assert!(p.contains(&vec!["crate".into(), "a".into()]), "{p:?}");
    assert!(p.contains(&vec!["crate".into(), "c".into()]), "{p:?}");
    assert!(
        p.contains(&vec!["x".into(), "y".into(), "z".into()]),
        "{p:?}"
    );
    assert!(p.contains(&vec!["d".into(), "e".into()]), "{p:?}");
}
