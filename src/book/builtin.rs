//! The books shipped in `book/`, compiled into the program.

use once_cell::sync::OnceCell;

use super::format::BookWarning;
use super::table::Book;
use crate::rules::Variant;

/// The text of the shipped book of `variant`, if one is shipped.
pub fn text(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Czech => Some(include_str!("../../book/czech.book")),
        Variant::Russian => Some(include_str!("../../book/russian.book")),
        Variant::Brazilian => Some(include_str!("../../book/brazilian.book")),
        Variant::Pool => Some(include_str!("../../book/pool.book")),
        Variant::English => Some(include_str!("../../book/english.book")),
        Variant::International => Some(include_str!("../../book/international.book")),
        Variant::Mala => Some(include_str!("../../book/mala.book")),
        // No book for the goal variants: their openings are not their base variants'.
        Variant::Zrava | Variant::Giveaway | Variant::Antidraughts | Variant::Breakthrough => None,
        Variant::Italian => Some(include_str!("../../book/italian.book")),
        Variant::Spanish => Some(include_str!("../../book/spanish.book")),
        Variant::Portuguese => Some(include_str!("../../book/portuguese.book")),
        // no book shipped yet: matches use random openings
        Variant::Thai
        | Variant::Killer
        | Variant::Corner
        | Variant::Oneway
        | Variant::Parachute
        | Variant::Turkish
        | Variant::Canadian
        | Variant::Frisian
        | Variant::Frysk
        | Variant::Dameo
        | Variant::Gothic
        | Variant::Alquerque => None,
        // no book: the opening is the two removals (few enough for the search)
        Variant::Hawaiian => None,
    }
}

/// The shipped books, each parsed on the first use of its variant (parsing all of them would
/// cost a first search of any variant about 0.1 s).
static SHARED: [OnceCell<Option<Book>>; Variant::ALL.len()] =
    [const { OnceCell::new() }; Variant::ALL.len()];

/// The shipped book of `variant`, parsed once and shared (probe it with
/// [`Book::probe_with`] and your own settings).
pub fn shared(variant: Variant) -> Option<&'static Book> {
    let i = Variant::ALL.iter().position(|&v| v == variant)?;
    SHARED
        .get(i)?
        .get_or_init(|| Book::builtin(variant))
        .as_ref()
}

impl Book {
    /// The shipped book of `variant`, if one is shipped (its load warnings are dropped; the
    /// tests check that the shipped books load without any).
    pub fn builtin(variant: Variant) -> Option<Book> {
        Book::builtin_with_warnings(variant).map(|(b, _)| b)
    }

    /// The shipped book of `variant` with its load warnings.
    pub fn builtin_with_warnings(variant: Variant) -> Option<(Book, Vec<BookWarning>)> {
        Book::parse(text(variant)?).ok()
    }
}
