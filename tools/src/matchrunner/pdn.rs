//! PDN games: the writer used for match output, and a reader that replays the moves with the
//! rules core (to check that what was written parses back).

use super::play::{GameRecord, GameResult};
use dama::notation;
use dama::notation::pdn_lexer;
use dama::rules::Variant;
use dama::types::Color;
use dama::WideMove;
use dama::WidePosition;

/// Tags that are the same for every game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchInfo {
    /// The `Event` tag.
    pub event: String,
    /// The `Site` tag.
    pub site: String,
    /// The `Date` tag, `YYYY.MM.DD`.
    pub date: String,
    /// The `TimeControl` tag.
    pub time_control: String,
}

/// Escapes a tag value (`"` and `\`).
fn tag_value(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The civil date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    (y, m, d)
}

/// The PDN text of one game, ending with a blank line.
pub fn write_game(info: &MatchInfo, g: &GameRecord) -> String {
    let round = (g.index + 1).to_string();
    let plies = g.moves.len().to_string();
    let fen = g.start.to_fen();
    let mut tags = vec![
        ("Event", info.event.as_str()),
        ("Site", &info.site),
        ("Date", &info.date),
        ("Round", &round),
        ("White", &g.white),
        ("Black", &g.black),
        ("Result", g.result.pdn()),
    ];
    tags.extend(variant_tags(g.start.variant()));
    if g.start != WidePosition::start(g.start.variant()) {
        tags.push(("FEN", &fen));
    }
    tags.extend([
        ("PlyCount", plies.as_str()),
        ("TimeControl", &info.time_control),
        ("Termination", g.end.tag()),
    ]);
    let mut out = tag_lines(&tags);
    out.push('\n');
    out.push_str(&move_section(&g.start, &g.moves, &g.reason, g.result.pdn()));
    out.push_str("\n\n");
    out
}

/// PDN tag pairs, one `[Name "value"]` line each (values escaped).
pub fn tag_lines(tags: &[(&str, &str)]) -> String {
    tags.iter()
        .map(|(k, v)| format!("[{k} \"{}\"]\n", tag_value(v)))
        .collect()
}

/// The move section of a game: numbered moves from `start`, the reason (if any) as a final
/// comment, then the result token (`*` for a game in progress), in lines of at most 80
/// characters.
pub fn move_section(
    start: &WidePosition,
    moves: &[WideMove],
    reason: &str,
    result: &str,
) -> String {
    wrap(&movetext(start, moves, reason, result), 80)
}

/// Numbered move text with the reason as a final comment and the result.
fn movetext(start: &WidePosition, moves: &[WideMove], reason: &str, result: &str) -> String {
    let mut toks = Vec::new();
    let mut pos = *start;
    // the number of the first full move: White and Black moves share a number
    let first = pos.rules().first;
    let mut number = 1;
    for (i, mv) in moves.iter().enumerate() {
        let opens_move = pos.side() == first;
        if opens_move {
            toks.push(format!("{number}."));
        } else if i == 0 {
            toks.push(format!("{number}..."));
        }
        toks.push(notation::format_move(&pos, mv));
        pos = pos.play(mv);
        if pos.side() == first {
            number += 1;
        }
    }
    if !reason.is_empty() {
        toks.push(format!("{{{}}}", reason.replace('}', ")")));
    }
    toks.push(result.to_string());
    toks.join(" ")
}

/// Breaks text into lines of at most `width` characters at spaces (a longer word stays whole).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        } else if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

/// A game read back from PDN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// The tags in file order.
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag, or the variant's start).
    pub start: WidePosition,
    /// The moves, each legal.
    pub moves: Vec<WideMove>,
    /// The result token at the end of the move text.
    pub result: Option<GameResult>,
}

impl PdnGame {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The tags that name `variant`: `GameType`, and `Variant` (dama's name) when the GameType alone
/// names another variant (Žravá dáma and giveaway checkers have no GameType of their own and
/// write their base variant's), or its type number does (Malá dáma's `29,B` is Czech's number,
/// Hawaiian's provisional `30,B` Turkish's), so that a reader of the number alone is not misled.
pub fn variant_tags(variant: Variant) -> Vec<(&'static str, &'static str)> {
    let game_type = variant.rules().notation.game_type;
    let mut tags = vec![("GameType", game_type)];
    let number = game_type.split(',').next().unwrap_or(game_type);
    if variant_of_game_type(game_type) != Some(variant)
        || variant_of_game_type(number) != Some(variant)
    {
        tags.push(("Variant", variant.name()));
    }
    tags
}

/// The variant of a game's tags: a `Variant` tag with one of dama's names, else the
/// `GameType` ([`variant_of_game_type`]); `None` when neither is there.
pub fn variant_of_tags(
    game_type: Option<&str>,
    variant: Option<&str>,
) -> Option<Result<Variant, String>> {
    if let Some(v) = variant.and_then(Variant::from_name) {
        return Some(Ok(v));
    }
    let gt = game_type?;
    Some(variant_of_game_type(gt).ok_or_else(|| format!("unknown GameType '{gt}'")))
}

/// The variant named by a `GameType` tag: the exact tag of one of our variants, or else the
/// first variant with the same type number.
pub fn variant_of_game_type(tag: &str) -> Option<Variant> {
    let t = tag.trim();
    Variant::ALL
        .into_iter()
        .find(|v| v.rules().notation.game_type == t)
        .or_else(|| {
            let num = t.split(',').next()?.trim();
            Variant::ALL
                .into_iter()
                .find(|v| v.rules().notation.game_type.split(',').next() == Some(num))
        })
}

/// Reads every game of a PDN text, replaying the moves. `default` is the variant when a game
/// has no `GameType` tag. An error names the game and what was wrong.
pub fn read_games(text: &str, default: Variant) -> Result<Vec<PdnGame>, String> {
    let mut games = Vec::new();
    let mut lines = text.lines().peekable();
    while lines.peek().is_some() {
        let mut tags = Vec::new();
        while let Some(l) = lines.peek() {
            let t = l.trim();
            if t.is_empty() && tags.is_empty() {
                lines.next();
                continue;
            }
            if !t.starts_with('[') {
                break;
            }
            tags.push(parse_tag(t).ok_or_else(|| format!("bad PDN tag line '{t}'"))?);
            lines.next();
        }
        let mut body = String::new();
        while let Some(l) = lines.peek() {
            if l.trim_start().starts_with('[') {
                break;
            }
            body.push_str(l);
            body.push('\n');
            lines.next();
        }
        if tags.is_empty() && body.trim().is_empty() {
            continue;
        }
        let n = games.len() + 1;
        games.push(replay(tags, &body, default).map_err(|e| format!("PDN game {n}: {e}"))?);
    }
    Ok(games)
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut v = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            v.push(chars.next()?);
        } else {
            v.push(c);
        }
    }
    Some((name.to_string(), v))
}

fn replay(tags: Vec<(String, String)>, body: &str, default: Variant) -> Result<PdnGame, String> {
    let get = |k: &str| tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    let variant = variant_of_tags(get("GameType"), get("Variant")).unwrap_or(Ok(default))?;
    let start = match get("FEN") {
        Some(f) => WidePosition::from_fen(variant, f).map_err(|e| format!("FEN tag: {e}"))?,
        None => WidePosition::start(variant),
    };
    let mut pos = start;
    let mut moves = Vec::new();
    let mut result = None;
    for tok in pdn_lexer::tokens(body).map_err(|e| e.to_string())? {
        if let Some(r) = GameResult::from_pdn(&tok) {
            result = Some(r);
            continue;
        }
        if tok == "*" {
            continue;
        }
        let mv_text = pdn_lexer::move_text(&tok);
        if mv_text.is_empty() {
            continue;
        }
        let mv = notation::parse_move(&pos, mv_text)
            .map_err(|e| format!("move {} '{mv_text}': {e}", moves.len() + 1))?;
        pos = pos.play(&mv);
        moves.push(mv);
    }
    Ok(PdnGame {
        tags,
        start,
        moves,
        result,
    })
}

/// The winner of a result, if any.
pub fn winner(r: GameResult) -> Option<Color> {
    match r {
        GameResult::WhiteWins => Some(Color::White),
        GameResult::BlackWins => Some(Color::Black),
        GameResult::Draw => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrunner::play::EndKind;
    use dama::movegen;

    fn record(start: WidePosition, plies: usize) -> GameRecord {
        let mut pos = start;
        let mut moves = Vec::new();
        for _ in 0..plies {
            let mv = movegen::legal_moves(&pos)[0];
            pos = pos.play(&mv);
            moves.push(mv);
        }
        GameRecord {
            index: 4,
            opening: 2,
            white_engine: 0,
            white: "dama \"x\"".into(),
            black: "other".into(),
            start,
            moves,
            opening_plies: 0,
            result: GameResult::Draw,
            end: EndKind::Adjudication,
            reason: "adjudication: both scores within 10 for 8 moves".into(),
        }
    }

    fn info() -> MatchInfo {
        MatchInfo {
            event: "test".into(),
            site: "here".into(),
            date: "2026.11.30".into(),
            time_control: "60+0.5".into(),
        }
    }

    #[test]
    fn writes_and_reads_back() {
        let r = record(WidePosition::start(Variant::Czech), 40);
        let text = write_game(&info(), &r) + &write_game(&info(), &r);
        let games = read_games(&text, Variant::Russian).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, r.moves);
        assert_eq!(games[0].start, r.start);
        assert_eq!(games[0].result, Some(GameResult::Draw));
        assert_eq!(games[0].tag("White"), Some("dama \"x\""));
        assert_eq!(games[0].tag("Round"), Some("5"));
        assert_eq!(games[0].tag("Termination"), Some("adjudication"));
        assert_eq!(games[0].tag("FEN"), None);
        assert!(text.lines().all(|l| l.len() <= 80 || l.starts_with('[')));
    }

    #[test]
    fn black_to_move_start_gets_a_fen_and_ellipsis() {
        let start = WidePosition::from_fen(Variant::Czech, "B:W21-32:B1-12").unwrap();
        let r = record(start, 3);
        let text = write_game(&info(), &r);
        assert!(text.contains("1... "), "{text}");
        let g = &read_games(&text, Variant::Czech).unwrap()[0];
        assert_eq!(g.start, start);
        assert_eq!(g.moves, r.moves);
    }

    #[test]
    fn every_variant_round_trips() {
        for v in Variant::ALL {
            let r = record(WidePosition::start(v), 12);
            let g = &read_games(&write_game(&info(), &r), Variant::Czech).unwrap()[0];
            assert_eq!(g.start.variant(), v, "{v}");
            assert_eq!(g.moves, r.moves, "{v}");
        }
    }

    #[test]
    fn bad_pdn_is_reported() {
        let e = read_games("[GameType \"29\"]\n\n1. c3-d5 *\n", Variant::Czech).unwrap_err();
        assert!(e.starts_with("PDN game 1: move 1"), "{e}");
        assert!(read_games("[Event \"x\"\n", Variant::Czech).is_err());
        let e = read_games("1. c3-d4 {open\n", Variant::Czech).unwrap_err();
        assert_eq!(e, "PDN game 1: unclosed comment '{open'");
        let e = read_games("1. c3-d4 (1. e3-f4\n*\n", Variant::Czech).unwrap_err();
        assert_eq!(e, "PDN game 1: unclosed variation '(1. e3-f4'");
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_787), (2026, 11, 30));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
