//! A check that the files of the search import each other in one direction only: no cycle
//! between them, and none imports `mod.rs` itself (which only declares and re-exports).
//! It reads the sources as text: every path that starts with `super::` or `crate::search::`
//! outside comments and unit tests names the file it comes from.

/// Every file of the search with its source; `mod.rs` must declare exactly these.
const FILES: [(&str, &str); 14] = [
    ("alphabeta", include_str!("alphabeta.rs")),
    ("iterative", include_str!("iterative.rs")),
    ("limits", include_str!("limits.rs")),
    ("ordering", include_str!("ordering.rs")),
    ("pruning", include_str!("pruning.rs")),
    ("report", include_str!("report.rs")),
    ("score", include_str!("score.rs")),
    ("shared", include_str!("shared.rs")),
    ("skill", include_str!("skill.rs")),
    ("smp", include_str!("smp.rs")),
    ("terminal", include_str!("terminal.rs")),
    ("time", include_str!("time.rs")),
    ("tt", include_str!("tt.rs")),
    ("worker", include_str!("worker.rs")),
];

const MOD_RS: &str = include_str!("mod.rs");

/// The code of `source` before its unit tests, without comment lines.
fn code(source: &str) -> String {
    let body = source.split("#[cfg(test)]").next().unwrap_or("");
    body.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What each path into the search in `source` names right after its prefix: one of `files`,
/// or (anything else: an item, `*`, `{`) the parent, `"mod"`.
fn imports(source: &str, files: &[(&str, &str)]) -> Vec<String> {
    let code = code(source);
    let mut names = Vec::new();
    for prefix in ["super::", "crate::search::"] {
        for (at, _) in code.match_indices(prefix) {
            let rest = &code[at + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let name = &rest[..end];
            let is_file = files.iter().any(|(f, _)| *f == name) && rest[end..].starts_with("::");
            names.push(if is_file { name } else { "mod" }.to_string());
        }
    }
    names
}

/// A cycle in the import graph of `files` (as the path around it), if there is one.
fn find_cycle(files: &[(&str, &str)]) -> Option<Vec<String>> {
    fn walk(from: &str, files: &[(&str, &str)], path: &mut Vec<String>) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == from) {
            let mut cycle = path[i..].to_vec();
            cycle.push(from.to_string());
            return Some(cycle);
        }
        let (_, source) = files.iter().find(|(f, _)| *f == from)?;
        path.push(from.to_string());
        for next in imports(source, files) {
            if let Some(c) = walk(&next, files, path) {
                return Some(c);
            }
        }
        path.pop();
        None
    }
    files
        .iter()
        .find_map(|(f, _)| walk(f, files, &mut Vec::new()))
}

#[test]
fn mod_rs_declares_every_file_and_defines_nothing() {
    let mod_code = code(MOD_RS);
    let declared: Vec<&str> = mod_code
        .lines()
        .filter_map(|l| {
            ["pub mod ", "pub(crate) mod ", "mod "]
                .iter()
                .find_map(|p| l.strip_prefix(p))
        })
        .map(|l| l.trim_end_matches(';'))
        .filter(|m| *m != "layering")
        .collect();
    let listed: Vec<&str> = FILES.iter().map(|(f, _)| *f).collect();
    assert_eq!(declared, listed, "search/mod.rs and FILES disagree");
    for line in code(MOD_RS).lines().filter(|l| !l.trim().is_empty()) {
        let ok = [
            "pub mod ",
            "pub(crate) mod ",
            "mod ",
            "pub use ",
            "#[cfg(test)]",
        ]
        .iter()
        .any(|p| line.starts_with(p));
        assert!(
            ok,
            "search/mod.rs should only declare and re-export: {line:?}"
        );
    }
}

#[test]
fn no_file_imports_the_parent() {
    for (file, source) in FILES {
        assert!(
            !imports(source, &FILES).iter().any(|m| m == "mod"),
            "search/{file}.rs imports from search/mod.rs; import the file that defines the item"
        );
    }
}

#[test]
fn the_files_import_each_other_without_a_cycle() {
    let cycle = find_cycle(&FILES);
    assert!(cycle.is_none(), "import cycle in search/: {cycle:?}");
}

#[test]
fn the_checker_finds_cycles_and_imports_of_the_parent() {
    let files = [
        ("a", "use super::b::B;\n"),
        ("b", "use std::fmt;\nfn f() { crate::search::c::g() }\n"),
        ("c", "// use super::a::A;\nuse super::{a::A, WIN};\n"),
    ];
    assert_eq!(imports(files[2].1, &files), ["mod"]);
    assert_eq!(find_cycle(&files[..2]), None);
    let with_a = [files[0], files[1], ("c", "use super::a::A;\n")];
    let cycle = find_cycle(&with_a).expect("a -> b -> c -> a");
    assert_eq!(cycle, ["a", "b", "c", "a"]);
}
