//! A whole `selfplay-data` run written to its file, one game at a time, and resumed after an
//! interruption.
//!
//! Each game's lines are written with one write, so an interrupted run leaves whole games and
//! at most a cut-off last one. The header line names the run's settings; a resumed run must have
//! the same ones. Resuming drops the last game found in the file (it may be cut off) and plays on
//! from it: games are deterministic, so the resumed file is the one an uninterrupted run writes.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use dama::Move;

use super::{file, play_game_from, schedule, GameConfig};

/// What a run plays and where its games go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunSpec {
    /// How each game is played.
    pub cfg: GameConfig,
    /// Games of the whole run (over all shards).
    pub games: u64,
    /// Shard `(I, N)` of the run (1-based), or all of it.
    pub shard: Option<(u32, u32)>,
    /// Book openings the games start from (each game draws one, then its random plies).
    pub book: Vec<Vec<Move>>,
}

impl RunSpec {
    /// The header line: the variant, then the settings that decide the games.
    pub fn header(&self) -> String {
        let c = &self.cfg;
        let shard = self
            .shard
            .map_or("1/1".to_string(), |(i, n)| format!("{i}/{n}"));
        format!(
            "{}{} nodes={} opening={}-{} max-plies={} seed={} games={} shard={shard} book-openings={}\n",
            file::HEADER,
            c.variant.name(),
            c.nodes,
            c.opening_min,
            c.opening_max,
            c.max_plies,
            c.seed,
            self.games,
            self.book.len()
        )
    }
}

/// What a run wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RunTotals {
    /// Games played by this invocation.
    pub games: usize,
    /// Positions written by this invocation.
    pub positions: usize,
    /// White's score over those games.
    pub white_score: f64,
    /// The game a resumed run started again from (`None`: from the first of its shard).
    pub resumed_at: Option<u64>,
}

/// Where an interrupted file goes on: the bytes to keep and the first game to play again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResumePoint {
    /// Bytes of the file kept (the header and every game before `from`).
    pub keep: u64,
    /// The last game found, played again; `None` when no game was written.
    pub from: Option<u64>,
}

/// Reads an interrupted file's bytes: it must start with `header`; a cut-off last line and the
/// last game found are dropped.
pub fn resume_point(bytes: &[u8], header: &str) -> Result<ResumePoint, String> {
    let whole = bytes
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(&bytes[..0], |i| &bytes[..=i]);
    let text = std::str::from_utf8(whole).map_err(|e| format!("not UTF-8 text: {e}"))?;
    let first = text.lines().next().unwrap_or("");
    if first != header.trim_end() {
        return Err(format!(
            "it was written by another run: its header is '{first}', this run's is '{}'",
            header.trim_end()
        ));
    }
    let variant = file::header_variant(first)?;
    let mut at = 0u64;
    let mut last: Option<(u64, u64)> = None; // (game, offset of its first line)
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let start = at;
        at += line.len() as u64;
        if n == 0 || line.trim().is_empty() {
            continue;
        }
        let l = file::parse_line(variant, line.trim_end())
            .map_err(|e| format!("line {}: {e}", n + 1))?;
        if last.is_none_or(|(g, _)| g != l.game) {
            last = Some((l.game, start));
        }
    }
    Ok(match last {
        Some((game, offset)) => ResumePoint {
            keep: offset,
            from: Some(game),
        },
        None => ResumePoint {
            keep: header.len() as u64,
            from: None,
        },
    })
}

/// Plays the run into `out` (a new file, or with `resume` the rest of an interrupted one);
/// `progress(games, positions)` is called after each game.
pub fn write_run(
    spec: &RunSpec,
    out: &Path,
    resume: bool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<RunTotals, String> {
    let name = |e: std::io::Error| format!("{}: {e}", out.display());
    let header = spec.header();
    let (mut f, from) = if resume && out.exists() {
        open_to_resume(out, &header)?
    } else {
        let mut f = File::create(out).map_err(name)?;
        f.write_all(header.as_bytes()).map_err(name)?;
        (f, None)
    };
    let mut totals = RunTotals {
        resumed_at: from,
        ..RunTotals::default()
    };
    let games = schedule(spec.games, spec.shard);
    for &g in games.iter().filter(|&&g| from.is_none_or(|f| g >= f)) {
        let game = play_game_from(&spec.cfg, g, &spec.book);
        f.write_all(file::game_lines(&game).as_bytes())
            .map_err(name)?;
        totals.games += 1;
        totals.positions += game.positions.len();
        totals.white_score += game.white_score;
        progress(totals.games, totals.positions);
    }
    f.sync_all().map_err(name)?;
    Ok(totals)
}

/// The interrupted file, cut back to its resume point and open at its end.
fn open_to_resume(out: &Path, header: &str) -> Result<(File, Option<u64>), String> {
    let name = |e: std::io::Error| format!("{}: {e}", out.display());
    let mut f = OpenOptions::new()
        .read(true)
        .write(true)
        .open(out)
        .map_err(name)?;
    let mut bytes = Vec::new();
    f.read_to_end(&mut bytes).map_err(name)?;
    let point = resume_point(&bytes, header).map_err(|e| format!("{}: {e}", out.display()))?;
    if point.from.is_none() {
        f.set_len(0).map_err(name)?;
        f.seek(SeekFrom::Start(0)).map_err(name)?;
        f.write_all(header.as_bytes()).map_err(name)?;
    } else {
        f.set_len(point.keep).map_err(name)?;
        f.seek(SeekFrom::Start(point.keep)).map_err(name)?;
    }
    Ok((f, point.from))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::Variant;

    fn spec() -> RunSpec {
        RunSpec {
            cfg: GameConfig {
                nodes: 60,
                max_plies: 60,
                ..GameConfig::new(Variant::Czech)
            },
            games: 5,
            shard: Some((1, 1)),
            book: Vec::new(),
        }
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dama-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn a_resumed_run_writes_the_uninterrupted_file() {
        let s = spec();
        let whole = scratch("whole.txt");
        write_run(&s, &whole, false, &mut |_, _| {}).unwrap();
        let full = std::fs::read(&whole).unwrap();
        let text = String::from_utf8(full.clone()).unwrap();
        let games: std::collections::BTreeSet<&str> = text
            .lines()
            .skip(1)
            .map(|l| l.split(';').next().unwrap())
            .collect();
        assert!(games.len() >= 3, "{games:?}");
        // cut in the middle of the last line of the third game
        let third = games.iter().nth(2).unwrap();
        let cut = text.rfind(&format!("\n{third};")).unwrap() + 5;
        let part = scratch("part.txt");
        std::fs::write(&part, &full[..cut]).unwrap();
        let t = write_run(&s, &part, true, &mut |_, _| {}).unwrap();
        assert_eq!(t.resumed_at, Some(third.parse().unwrap()));
        assert_eq!(std::fs::read(&part).unwrap(), full);
        // a header alone, or no file: the whole run
        std::fs::write(&part, s.header()).unwrap();
        assert_eq!(
            write_run(&s, &part, true, &mut |_, _| {})
                .unwrap()
                .resumed_at,
            None
        );
        assert_eq!(std::fs::read(&part).unwrap(), full);
    }

    #[test]
    fn a_run_with_other_settings_is_not_resumed() {
        let s = spec();
        let other = RunSpec {
            cfg: GameConfig { seed: 9, ..s.cfg },
            ..s.clone()
        };
        let e = resume_point(other.header().as_bytes(), &s.header()).unwrap_err();
        assert!(
            e.starts_with("it was written by another run: its header is"),
            "{e}"
        );
        assert!(e.contains("seed=9") && e.contains("seed=1"), "{e}");
        let e = resume_point(
            format!("{}1;W:W99:B1;1;0\n", s.header()).as_bytes(),
            &s.header(),
        );
        assert!(e.unwrap_err().starts_with("line 2: FEN:"));
        let e = resume_point(b"\xff\xfe\n", &s.header()).unwrap_err();
        assert!(e.starts_with("not UTF-8 text"), "{e}");
    }
}
