//! The properties of the fuzz targets that read with the tools crate: PDN games (the library's
//! reader and the book importer). `tools/tests/fuzz_regressions.rs` includes this file.

use dama::book::Book;
use dama::notation::pdn::{read_games, PdnGame};
use dama::{movegen, notation, WidePosition};
use dama_tools::bookgen::import::import_pdn;

/// A PDN text: the games read replay only legal moves, and printed back (FEN tag and move
/// text) read back as the same games; the book importer takes the same text without panicking
/// and gives a book that prints back to itself.
pub fn pdn(data: &[u8]) {
    let Some((&v, rest)) = data.split_first() else {
        return;
    };
    let variant = crate::checks::variant_of(v);
    let text = String::from_utf8_lossy(rest);
    if let Ok(games) = read_games(&text, variant) {
        for g in &games {
            let again = read_games(&print(g), g.start.variant()).expect("a printed game reads");
            assert_eq!(again.len(), 1);
            assert_eq!(again[0].start, g.start);
            assert_eq!(again[0].moves, g.moves);
            assert_eq!(again[0].result, g.result);
        }
    }
    let mut book = Book::new(variant);
    let report = import_pdn(&mut book, &text, 1 + v as u32 % 30);
    assert!(report.used <= report.games);
    let printed = book.to_text();
    let (again, warnings) = Book::parse(&printed).expect("an imported book prints and reads");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(again.to_text(), printed);
}

/// A game as PDN: its start as a tag, then its moves, each checked legal.
fn print(g: &PdnGame) -> String {
    let mut out = String::new();
    out.push_str(&format!("[FEN \"{}\"]\n\n", g.start.to_fen()));
    let mut pos: WidePosition = g.start;
    for mv in &g.moves {
        assert!(
            movegen::legal_moves(&pos).contains(mv),
            "an illegal move was read"
        );
        out.push_str(&notation::format_move(&pos, mv));
        out.push(' ');
        pos = pos.play(mv);
    }
    out.push_str(g.result.map_or("*", |r| r.pdn()));
    out.push('\n');
    out
}
