//! The PDN text of a match game, written with the library's PDN writer ([`dama::notation::pdn`]).

use super::game::GameRecord;
use dama::notation::pdn::{move_section, tag_lines, variant_tags};
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrunner::game::EndKind;
    use dama::movegen;
    use dama::notation::pdn::{read_games, GameResult};
    use dama::rules::Variant;

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
}
