//! The variant registry: one row per variant gives its [`Variant`] value (the rows' order is
//! [`Variant::ALL`]'s, the list order of `dama variants`), its rules, the other names it is
//! known by, its shipped opening book and the learned pattern weights it evaluates with. A new
//! variant is one row here plus its `RuleSet` in `variants.rs`.
//!
//! The book and weights files are held here as their bytes; `book` and `eval` read them. Goal
//! variants evaluate by their goal whatever the weights column says (`eval::goal_variants`).

use super::ruleset::RuleSet;
use super::variants::*;

/// The learned pattern weights a variant evaluates with, on top of the hand-set terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Patterns {
    /// Its own weights: the bytes of its `eval/<variant>.weights` file.
    Own(&'static [u8]),
    /// The weights of the first of these relatives that has its own: the same board and goal,
    /// men that capture the same ways and kings of the same range, nearest first (borrowing
    /// across those lines was measured to cost strength: docs/journal/tuning.md, "Russian
    /// pattern weights").
    Borrowed(&'static [Variant]),
    /// None: the hand-set terms alone.
    HandSet,
}

/// The registry's rows, as `Variant { rules, aliases, book, weights }`, each column expanded by
/// the helper macros below: `book: "czech"` is `book/czech.book`, `weights: own("czech")` is
/// `eval/czech.weights`, `borrowed(A, B)` names the relatives, `hand_set` none.
macro_rules! registry {
    ($(
        $(#[$attr:meta])*
        $variant:ident {
            rules: $rules:ident,
            aliases: [$($alias:literal),*],
            book: $book:tt,
            weights: $kind:ident $(($($arg:tt)*))? $(,)?
        }
    )*) => {
        /// The variants dama plays.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        pub enum Variant {
            $($(#[$attr])* $variant,)*
        }

        impl Variant {
            /// Every implemented variant, the default first.
            pub const ALL: [Variant; [$(Variant::$variant),*].len()] = [$(Variant::$variant),*];

            /// The rules of this variant.
            #[inline]
            pub const fn rules(self) -> &'static RuleSet {
                match self {
                    $(Variant::$variant => &$rules,)*
                }
            }

            /// The other names this variant is known by (its own is `rules().name`): other
            /// programs' names for it and its Czech and Slovak names without diacritics.
            pub fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(Variant::$variant => &[$($alias),*],)*
                }
            }

            /// The text of the opening book shipped for this variant, if one is.
            pub fn book(self) -> Option<&'static str> {
                match self {
                    $(Variant::$variant => book_text!($book),)*
                }
            }

            /// The learned pattern weights this variant evaluates with.
            pub fn patterns(self) -> Patterns {
                match self {
                    $(Variant::$variant => patterns!($kind $(($($arg)*))?),)*
                }
            }
        }
    };
}

/// The `book` column: `none`, or the stem of a file in `book/`.
macro_rules! book_text {
    (none) => {
        None
    };
    ($stem:literal) => {
        Some(include_str!(concat!("../../book/", $stem, ".book")))
    };
}

/// The `weights` column: `own("stem")` (a file in `eval/`), `borrowed(Variant, …)` or
/// `hand_set`.
macro_rules! patterns {
    (own($stem:literal)) => {
        Patterns::Own(include_bytes!(concat!("../../eval/", $stem, ".weights")))
    };
    (borrowed($($relative:ident),+)) => {
        Patterns::Borrowed(&[$(Variant::$relative),+])
    };
    (hand_set) => {
        Patterns::HandSet
    };
}

registry! {
    /// Czech draughts (Česká dáma), ČFD rules: the default.
    #[default]
    Czech { rules: CZECH, aliases: ["ceska", "česká"], book: "czech", weights: own("czech") }
    /// Russian draughts (shashki).
    Russian {
        rules: RUSSIAN, aliases: [], book: "russian", weights: borrowed(Brazilian, Pool)
    }
    /// Brazilian draughts: international rules on 8×8.
    Brazilian {
        rules: BRAZILIAN, aliases: [], book: "brazilian", weights: borrowed(Russian, Pool)
    }
    /// Pool checkers (American pool).
    Pool { rules: POOL, aliases: [], book: "pool", weights: borrowed(Russian, Brazilian) }
    /// English draughts / American checkers.
    English {
        rules: ENGLISH, aliases: ["checkers", "american"], book: "english",
        weights: own("english")
    }
    /// International draughts, 10×10.
    International {
        rules: INTERNATIONAL, aliases: ["normal", "standard", "10x10"], book: "international",
        weights: own("international")
    }
    /// Malá dáma (Zapletal 1991): Czech capture rules with 8 men each on the two edge rows.
    Mala { rules: MALA, aliases: ["malá", "mala-dama"], book: "mala", weights: borrowed(Czech) }
    // No book for the goal variants: their openings are not their base variants'.
    /// Žravá dáma: Czech moves; the side with no piece left or no legal move wins.
    Zrava { rules: ZRAVA, aliases: ["žravá", "zrava-dama"], book: none, weights: hand_set }
    /// Giveaway checkers (Žravá americká dáma): English moves; no piece or no move wins.
    Giveaway {
        rules: GIVEAWAY, aliases: ["giveaway-checkers"], book: none, weights: hand_set
    }
    /// Antidraughts (lidraughts; Scan's `losing`): International moves; no piece or no move wins.
    Antidraughts { rules: ANTIDRAUGHTS, aliases: ["losing"], book: none, weights: hand_set }
    /// Breakthrough (lidraughts; Scan's `bt`): International moves; the first king wins.
    Breakthrough { rules: BREAKTHROUGH, aliases: ["bt"], book: none, weights: hand_set }
    /// Italian draughts (Dama italiana), on the a1-light board.
    Italian {
        rules: ITALIAN, aliases: ["dama-italiana", "italiana"], book: "italian",
        weights: hand_set
    }
    /// Spanish draughts (Damas españolas), on the a1-light board.
    Spanish { rules: SPANISH, aliases: [], book: "spanish", weights: hand_set }
    /// Portuguese draughts (Damas clássicas): the Spanish rules, Portuguese numbering.
    Portuguese { rules: PORTUGUESE, aliases: [], book: "portuguese", weights: hand_set }
    // No book shipped yet for the variants below: matches use random openings.
    /// Thai draughts (Mak-hot): kings land right behind, captured pieces leave at once.
    Thai { rules: THAI, aliases: ["mak-hot", "makhot"], book: none, weights: borrowed(Czech) }
    /// Killer draughts: International, a king's capture ending on a king halts behind it.
    Killer { rules: KILLER, aliases: [], book: none, weights: borrowed(International) }
    /// Corner checkers (Rohová dáma): Czech, crowned only on two corner squares.
    Corner {
        rules: CORNER, aliases: ["rohova", "rohová", "corner-checkers"], book: none,
        weights: borrowed(Czech)
    }
    /// One-way checkers (Jednosměrná dáma): Czech, every man goes toward rank 8.
    Oneway {
        rules: ONEWAY, aliases: ["one-way", "jednosmerna", "jednosměrná"], book: none,
        weights: hand_set
    }
    /// Parachute checkers (Parašutistická dáma): Czech, with four parachutists each on the
    /// opponent's first row.
    Parachute {
        rules: PARACHUTE, aliases: ["parasutisticka", "parašutistická", "parachute-checkers"],
        book: none, weights: borrowed(Czech)
    }
    /// Turkish draughts (Dama): all 64 squares, orthogonal men and flying orthogonal kings.
    Turkish {
        rules: TURKISH, aliases: ["dama", "turkish-draughts"], book: none, weights: hand_set
    }
    /// Canadian draughts: International rules on 12×12 (played in 128-bit words).
    Canadian { rules: CANADIAN, aliases: [], book: none, weights: hand_set }
    /// Frisian draughts (Fries dammen): 10×10, captures along diagonals, files and ranks,
    /// value precedence, at most three moves in a row with one king.
    Frisian {
        rules: FRISIAN, aliases: ["fries", "fries-dammen", "frisian-draughts"], book: none,
        weights: hand_set
    }
    /// Frysk! (5-men Frisian): the Frisian rules from one back row each.
    Frysk { rules: FRYSK, aliases: ["frysk!"], book: none, weights: hand_set }
    /// Dameo: all 64 squares, men moving straight or diagonally forward and in lines,
    /// queen-like kings, orthogonal captures only.
    Dameo { rules: DAMEO, aliases: [], book: none, weights: hand_set }
    /// Gothic checkers (Gotická dáma): all 64 squares, men in five directions forward and
    /// sideways, short kings in eight.
    Gothic {
        rules: GOTHIC, aliases: ["goticka", "gotická", "gothic-checkers"], book: none,
        weights: hand_set
    }
    /// Hawaiian checkers (Konane): the full board, two opening removals, then straight
    /// orthogonal jumps only; the side that cannot move loses. No book: the opening is the two
    /// removals, few enough for the search.
    Hawaiian {
        rules: HAWAIIAN, aliases: ["konane", "hawaiian-checkers"], book: none, weights: hand_set
    }
    /// Alkerk (Alquerque): 5×5 points joined by lines, men only, no promotion.
    Alquerque { rules: ALQUERQUE, aliases: ["alkerk"], book: none, weights: hand_set }
}

impl Variant {
    /// The lower-case name.
    pub fn name(self) -> &'static str {
        self.rules().name
    }

    /// Finds a variant by its name or one of its [`aliases`](Variant::aliases)
    /// (case-insensitive): `normal`, `checkers`, `american`, Scan's `losing` and `bt` and other
    /// engines' names are accepted where they mean one of ours.
    pub fn from_name(name: &str) -> Option<Variant> {
        let n = name.trim().to_ascii_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == n || v.aliases().contains(&n.as_str()))
    }

    /// The names of all variants, space separated.
    pub fn names() -> String {
        Variant::ALL.map(|v| v.name()).join(" ")
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Variant, String> {
        Variant::from_name(s)
            .ok_or_else(|| format!("unknown variant '{s}' (known: {})", Variant::names()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_and_alias_finds_its_variant_alone() {
        let mut seen = std::collections::HashMap::new();
        for v in Variant::ALL {
            for name in std::iter::once(v.name()).chain(v.aliases().iter().copied()) {
                assert_eq!(seen.insert(name, v), None, "{name} names two variants");
                assert_eq!(
                    Variant::from_name(&name.to_ascii_uppercase()),
                    Some(v),
                    "{name}"
                );
            }
        }
        assert_eq!(Variant::from_name(" normal "), Some(Variant::International));
        assert_eq!(Variant::from_name("dama"), Some(Variant::Turkish));
        assert_eq!(Variant::from_name("shogi"), None);
    }

    #[test]
    fn the_rows_are_in_the_enum_order() {
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            assert_eq!(v as usize, i, "{v}");
        }
        assert_eq!(Variant::ALL[0], Variant::default());
    }
}
